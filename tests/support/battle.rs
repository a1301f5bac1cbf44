//! Shared by the battle and save tests: the two test armies, and a driver
//! that plays a random but legal-looking battle (suggested steps, shots,
//! engagements, corrections, flights, go-tos, stand losses, break-offs).

#![allow(dead_code)]

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Event, Phase, Setup};
use herald::cli::battle::load_army;
use herald::dice::{Dice, SeededDice};
use herald::rules::Side;
use herald::rules::warlords::activation::ActivationSituation;
use herald::rules::warlords::falling_back::FellInto;
use herald::rules::warlords::field_defences::Defence;
use herald::rules::warlords::next::Choice;
use herald::rules::warlords::personality::PersonalityStatus;
use herald::rules::warlords::shooting::ShootingSituation;
use herald::rules::warlords::supporting::Edge;
use herald::rules::warlords::unit::{Formation, Morale, ShootingStyle};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

/// The two test armies: Normans (side a) and English (side b).
pub fn setup() -> Setup {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/battle_data");
    let a = load_army(&dir.join("normans.toml")).expect("normans.toml loads");
    let b = load_army(&dir.join("saxons.toml")).expect("saxons.toml loads");
    Setup::new(vec![a], vec![b]).expect("both sides have units")
}

fn random_unit(battle: &Battle, rng: &mut ChaCha8Rng, side: Side) -> UnitId {
    let n = battle.units(side).count();
    UnitId::new(side, rng.random_range(0..n))
}

fn random_side(rng: &mut ChaCha8Rng) -> Side {
    if rng.random_bool(0.5) {
        Side::A
    } else {
        Side::B
    }
}

/// One random event idea (without dice), legal or not.
pub fn idea(battle: &Battle, rng: &mut ChaCha8Rng) -> Event {
    let side = random_side(rng);
    let u = random_unit(battle, rng, side);
    // Half the time, the enemy is one it is in Melee with (for break-offs).
    let engaged = battle.in_melee_with(u);
    let enemy = match engaged.first() {
        Some(&e) if rng.random_bool(0.5) => e,
        _ => random_unit(battle, rng, side.other()),
    };
    match rng.random_range(0..100) {
        0..55 => {
            let mut e = battle.suggest();
            if let Event::Activation {
                situation,
                add_champion,
                ..
            } = &mut e
            {
                *situation = ActivationSituation {
                    charging: rng.random_bool(0.2),
                    enemy_in_charge_distance: rng.random_bool(0.4),
                    enemy_visible_ahead: rng.random_bool(0.5),
                    ..Default::default()
                };
                *add_champion = rng.random_bool(0.3);
            }
            e
        }
        55..67 => {
            let style = battle
                .unit(u)
                .and_then(|s| s.unit.shooting.first().copied())
                .unwrap_or(ShootingStyle::Massed);
            Event::Shooting {
                shooter: u,
                target: enemy,
                situation: ShootingSituation {
                    style,
                    range_spans: rng.random_range(0..5),
                    weapon: None,
                    stands_shot_at: None,
                    contact: false,
                },
                dice: Dice::default(),
            }
        }
        67..73 => Event::Engage { a: u, b: enemy },
        73..75 => {
            // A supporting unit of a friend in Melee with the enemy (2.6).
            let opponent = battle
                .in_melee_with(enemy)
                .into_iter()
                .find(|f| f.side == side && *f != u)
                .unwrap_or_else(|| random_unit(battle, rng, side));
            Event::Support {
                unit: u,
                opponent,
                enemy,
                edge: [Edge::Front, Edge::Flank, Edge::Rear][rng.random_range(0..3)],
            }
        }
        75..83 => {
            let correction = match rng.random_range(0..8) {
                0 => Correction::Morale(
                    [Morale::Ready, Morale::Worn, Morale::Broken, Morale::Berserk]
                        [rng.random_range(0..4)],
                ),
                1 => Correction::Casualties(rng.random_range(0..4)),
                2 => Correction::Stands(rng.random_range(2..7)),
                3 => Correction::Formation(
                    [Formation::Line, Formation::Unformed][rng.random_range(0..2)],
                ),
                4 => Correction::Moving(rng.random_bool(0.5)),
                5 => {
                    let name = battle
                        .unit(u)
                        .and_then(|s| s.unit.personalities.first())
                        .map_or("nobody".to_string(), |p| p.name.clone());
                    Correction::Personality {
                        name,
                        status: PersonalityStatus::Wounded,
                    }
                }
                6 => Correction::Removed(rng.random_bool(0.3)),
                _ => Correction::Activated(rng.random_bool(0.5)),
            };
            Event::Correct {
                unit: u,
                correction,
            }
        }
        83..86 => Event::Flee {
            unit: u,
            obstacle_stands: 0,
            dice: Dice::default(),
        },
        86..89 => Event::GoTo {
            turn: battle.turn(),
            phase: [
                Phase::Initiative,
                Phase::Activation(Side::A),
                Phase::Activation(Side::B),
                Phase::Melee,
            ][rng.random_range(0..4)],
        },
        91..95 => {
            let name = battle
                .unit(u)
                .and_then(|s| s.unit.personalities.first())
                .map_or("nobody".to_string(), |p| p.name.clone());
            Event::StandLoss {
                unit: u,
                personality: name,
                enemy: None,
                dice: Dice::default(),
            }
        }
        89..91 | 95..98 => Event::BreakOff {
            unit: u,
            opponent: enemy,
            supporting: rng.random_bool(0.5),
            tactician_in_sight: rng.random_bool(0.5),
            dice: Dice::default(),
        },
        _ => Event::Disengage { a: u, b: enemy },
    }
}

/// One random idea of what follows a result: the duty due first (or setting
/// it aside), a choice after an activation, contact in a charge made, falling
/// back into something, a field defence, a Broken unit with nowhere to flee,
/// a Berserk unit calming down (2.2.2, 2.4.4, 2.6.2.1, 2.6.3, 3.3.3, 1.7.3).
pub fn idea_of_what_follows(battle: &Battle, rng: &mut ChaCha8Rng) -> Event {
    let side = random_side(rng);
    let u = random_unit(battle, rng, side);
    let enemy = random_unit(battle, rng, side.other());
    if let Some(d) = battle.duties().first().filter(|_| rng.random_bool(0.7)) {
        return if rng.random_bool(0.85) {
            battle.duty_event(d)
        } else {
            Event::Dismiss {
                unit: d.unit,
                due: d.due.code().to_string(),
            }
        };
    }
    // A charge made this turn that has not made contact yet.
    let charging = [Side::A, Side::B].into_iter().find_map(|s| {
        battle
            .units(s)
            .find_map(|(id, x)| x.charge.filter(|c| !c.contact).map(|c| (id, c.target)))
    });
    if let Some((charger, target)) = charging.filter(|_| rng.random_bool(0.5)) {
        return Event::Contact { charger, target };
    }
    let choices = [
        Choice::Charge,
        Choice::Move,
        Choice::Stop,
        Choice::Wheel,
        Choice::ChangeFormation,
        Choice::AddChampion,
        Choice::Shoot,
        Choice::Flee,
        Choice::StopFleeingAndMove,
        Choice::StopFleeingAndHalt,
    ];
    match rng.random_range(0..100) {
        0..55 => Event::Choose {
            unit: u,
            choice: choices[rng.random_range(0..choices.len())],
            target: Some(enemy),
            formation: Some([Formation::Line, Formation::MarchColumn][rng.random_range(0..2)]),
            files: None,
            pavises: None,
        },
        55..70 => Event::FallBack {
            unit: u,
            into: [
                FellInto::Obstacle,
                FellInto::Friend,
                FellInto::EnemyFront,
                FellInto::EnemyRearOrSide,
            ][rng.random_range(0..4)],
            other: Some(if rng.random_bool(0.5) {
                enemy
            } else {
                random_unit(battle, rng, side)
            }),
            other_front: rng.random_bool(0.5),
            rear_stands: None,
            before_w35: false,
        },
        70..80 => Event::Defence {
            unit: u,
            defence: [Defence::Stakes, Defence::Tabor, Defence::Berm][rng.random_range(0..3)],
            charging: rng.random_bool(0.5),
            dice: Dice::default(),
        },
        80..90 => Event::Trapped { unit: u },
        // A Berserk unit if there is one (Berserk units are few).
        _ => Event::Calm {
            unit: [Side::A, Side::B]
                .into_iter()
                .flat_map(|s| battle.units(s))
                .find(|(_, x)| x.unit.morale == Morale::Berserk && !x.off_table())
                .map_or(u, |(id, _)| id),
        },
    }
}

/// One random event idea, sometimes a charge's events: the charge move as a
/// random move, or a reaction to the charge (2.4.4, 2.4.9, 2.6.3), and what
/// results lead to.
pub fn idea_with_charges(battle: &Battle, rng: &mut ChaCha8Rng) -> Event {
    let side = random_side(rng);
    let u = random_unit(battle, rng, side);
    let enemy = random_unit(battle, rng, side.other());
    match rng.random_range(0..100) {
        25..45 => idea_of_what_follows(battle, rng),
        0..10 => Event::RandomMove {
            unit: u,
            spans: rng.random_range(1..8),
            toward: rng.random_bool(0.7).then_some(enemy),
            dice: Dice::default(),
        },
        10..25 => Event::Reaction {
            unit: u,
            cause: enemy,
            situation: ActivationSituation {
                charging: rng.random_bool(0.4),
                enemy_in_charge_distance: rng.random_bool(0.5),
                ..Default::default()
            },
            dice: Dice::default(),
        },
        _ => idea(battle, rng),
    }
}

/// A random battle from `seed` with charges among its events, and now and
/// then a referee's note (on a unit or on the turn). Notes draw nothing
/// from the generators, so the battle is the one it was without them.
pub fn random_battle_with_charges(seed: u64, tries: usize) -> (Battle, SeededDice) {
    let mut battle = Battle::new(setup());
    let mut dice = SeededDice::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc4a6);
    for i in 0..tries {
        let idea = idea_with_charges(&battle, &mut rng);
        if let Ok(e) = battle.complete(idea, &mut dice) {
            let _ = battle.record(e);
        }
        if i % 37 == 36 {
            let unit = (i % 2 == 0).then(|| UnitId::new(Side::B, i % 3));
            if let Ok(note) = Event::note(unit, &format!("note after try {i}")) {
                let _ = battle.record(note);
            }
        }
    }
    (battle, dice)
}

/// Plays `tries` random event ideas, recording those the battle accepts.
pub fn drive(battle: &mut Battle, dice: &mut SeededDice, rng: &mut ChaCha8Rng, tries: usize) {
    for _ in 0..tries {
        let idea = idea(battle, rng);
        if let Ok(e) = battle.complete(idea, dice) {
            let _ = battle.record(e);
        }
    }
}

/// A random battle from `seed`, `tries` ideas long.
pub fn random_battle(seed: u64, tries: usize) -> (Battle, SeededDice) {
    let mut battle = Battle::new(setup());
    let mut dice = SeededDice::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    drive(&mut battle, &mut dice, &mut rng, tries);
    (battle, dice)
}
