//! A scripted battle for the course of the battle (issue 27): three turns
//! of the bundled Hastings, hand-counted in `tests/course.rs`.

#![allow(dead_code)]

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Event, Phase, Setup};
use herald::cli::battle::load_army;
use herald::dice::Dice;
use herald::rules::Side;
use herald::rules::warlords::personality::PersonalityStatus;
use herald::rules::warlords::unit::Morale;
use std::path::Path;

pub fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i)
}

pub fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i)
}

/// The bundled Hastings: the Normans (13 units, 76 stands) are side a, the
/// English (12 units, 92 stands) side b.
pub fn hastings() -> Battle {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies");
    let army = |f: &str| load_army(&dir.join(f)).expect("the bundled army loads");
    let setup = Setup::new(
        vec![army("hastings-1066-norman.toml")],
        vec![army("hastings-1066-anglo-saxon.toml")],
    )
    .expect("both sides have units");
    Battle::new(setup)
}

fn correct(battle: &mut Battle, unit: UnitId, correction: Correction) {
    battle
        .record(Event::Correct { unit, correction })
        .expect("the correction is recorded");
}

fn initiative(battle: &mut Battle) {
    battle
        .record(Event::Initiative {
            a: Dice::white(&[6]).unwrap(),
            b: Dice::white(&[2]).unwrap(),
        })
        .expect("initiative is rolled");
}

fn next_turn(battle: &mut Battle, turn: u32) {
    battle
        .record(Event::GoTo {
            turn,
            phase: Phase::Initiative,
        })
        .expect("the referee goes to the next turn");
}

/// Three turns of Hastings, the third in progress: stands lost, casualty
/// figures, a unit broken then Dispersed, a personality wounded, a unit
/// taken off the table, a unit Worn.
pub fn three_turns() -> Battle {
    let mut battle = hastings();
    // Turn 1: Harold's housecarls (b1) lose 2 of 8 stands and gain 3
    // casualty figures; the Select fyrd of Wessex (b4) breaks.
    initiative(&mut battle);
    correct(&mut battle, b(0), Correction::Stands(6));
    correct(&mut battle, b(0), Correction::Casualties(3));
    correct(&mut battle, b(3), Correction::Morale(Morale::Broken));
    next_turn(&mut battle, 2);
    // Turn 2: Duke William is wounded; the Norman foot (a4) lose 3 of 8
    // stands; the fyrd is Dispersed (its 10 stands leave the table).
    initiative(&mut battle);
    correct(
        &mut battle,
        a(0),
        Correction::Personality {
            name: "Duke William".into(),
            status: PersonalityStatus::Wounded,
        },
    );
    correct(&mut battle, a(3), Correction::Stands(5));
    correct(&mut battle, b(3), Correction::Morale(Morale::Dispersed));
    next_turn(&mut battle, 3);
    // Turn 3, in progress: the Breton horse (a7, 6 stands) are taken off;
    // the Housecarls of the Dragon (b2) are Worn with 2 casualty figures.
    initiative(&mut battle);
    correct(&mut battle, a(6), Correction::Removed(true));
    correct(&mut battle, b(1), Correction::Morale(Morale::Worn));
    correct(&mut battle, b(1), Correction::Casualties(2));
    battle
}
