//! Long battles for the benchmarks and the memory example: built here, not
//! read from a file, so every figure can be reproduced from a checkout.
//! Several units leave the table in the first events (the fled and
//! destroyed list is then shown on every frame of the battle), and the rest
//! of the battle is the random but legal-looking play of
//! `tests/support/battle.rs`.

#![allow(dead_code)]

use super::support;
use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Event, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlords::army::{Army, Contingent};
use herald::rules::warlords::personality::Personality;
use herald::rules::warlords::unit::{Morale, TroopType, Unit};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A battle of exactly `events` events from `setup`: first `fled` units
/// taken off the table (every other one Dispersed, the rest removed by the
/// referee), then random play.
pub fn long_battle(setup: Setup, events: usize, fled: usize, seed: u64) -> (Battle, SeededDice) {
    let mut battle = Battle::new(setup);
    let mut dice = SeededDice::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sizes = [battle.units(Side::A).count(), battle.units(Side::B).count()];
    for i in 0..fled.min(events) {
        let side = if i % 2 == 0 { Side::A } else { Side::B };
        // Spread over the side's list, from its end (the walker starts at its top).
        let index = sizes[side as usize] - 1 - (i / 2 * 3) % sizes[side as usize];
        let correction = if i % 4 < 2 {
            Correction::Morale(Morale::Dispersed)
        } else {
            Correction::Removed(true)
        };
        let _ = battle.record(Event::Correct {
            unit: UnitId::new(side, index),
            correction,
        });
    }
    while battle.events().len() < events {
        support::drive(&mut battle, &mut dice, &mut rng, 1);
    }
    (battle, dice)
}

/// Records one more event: the suggested one, or else random ideas until
/// one applies.
pub fn one_more(battle: &mut Battle, dice: &mut SeededDice, rng: &mut ChaCha8Rng) {
    if battle.play_suggested(dice).is_ok() {
        return;
    }
    let n = battle.events().len();
    while battle.events().len() == n {
        support::drive(battle, dice, rng, 1);
    }
}

/// The two test armies of `tests/battle_data` (about 25 units).
pub fn small_setup() -> Setup {
    support::setup()
}

/// Two armies of `per_side` units each, a quarter with a commander.
pub fn big_setup(per_side: usize) -> Setup {
    let army = |side: &str| {
        let units = (0..per_side)
            .map(|i| {
                let t = [
                    TroopType::CloseFoot,
                    TroopType::Cavalry,
                    TroopType::LooseFoot,
                ][i % 3];
                let mut u = Unit::new(&format!("{side} unit number {i}"), t, 4 + (i % 6) as u32);
                if i % 4 == 0 {
                    let mut p = Personality::new(&format!("Lord {i} of {side}"));
                    p.commander = true;
                    u.personalities.push(p);
                }
                u
            })
            .collect();
        Army {
            name: format!("{side} army"),
            side: side.to_string(),
            contingents: vec![Contingent {
                name: format!("{side} host"),
                general: None,
                c_in_c: true,
                units,
                notes: None,
            }],
            notes: None,
        }
    };
    Setup::new(vec![army("English")], vec![army("Norman")]).expect("two sides")
}
