//! Shared by the Warlord I battle tests: the bundled Carrhae armies, a
//! scripted player, and a driver that plays a random but legal-looking
//! battle (suggested steps, commands, shots, flags, engagements,
//! corrections, go-tos), with dice from a seeded generator.

#![allow(dead_code)]

use herald::battle::UnitId;
use herald::battle::warlord_i::{
    Application, Battle, CoCorrection, CoId, CommandFacts, Correction, Event, Phase, Setup,
    TransferFacts, WaverCause,
};
use herald::dice::{ScriptedDice, SeededDice};
use herald::rules::Side;
use herald::rules::warlord_i::{
    Activity, AttritionGains, CoStatus, Morale, Response, ShootingSituation,
};
use herald::store::warlord_i::army::load_army;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

/// An army file of the library.
pub fn army_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies/warlord-i")
        .join(name)
}

/// The bundled Carrhae armies: Romans (side a) and Parthians (side b).
pub fn setup() -> Setup {
    let a = load_army(&army_path("carrhae-53bc-roman.toml")).expect("the Roman army loads");
    let b = load_army(&army_path("carrhae-53bc-parthian.toml")).expect("the Parthian army loads");
    Setup::new(vec![a.army], vec![b.army]).expect("both sides have units")
}

/// A new battle of Carrhae.
pub fn carrhae() -> Battle {
    Battle::new(setup())
}

/// Records `event` with its dice filled from `faces`, in order; panics
/// with the refusal if it is refused.
pub fn play(b: &mut Battle, event: Event, faces: &[u8]) {
    let mut dice = ScriptedDice::white(faces).expect("faces 1 to 6");
    let event = b.complete(event, &mut dice).expect("the dice fit");
    if let Err(e) = b.record(event.clone()) {
        panic!("{event:?} was refused: {e}");
    }
}

/// Records the suggested event with its dice from `faces`.
pub fn step(b: &mut Battle, faces: &[u8]) {
    let e = b.suggest();
    play(b, e, faces);
}

fn random_unit(b: &Battle, rng: &mut ChaCha8Rng, side: Side) -> UnitId {
    let n = b.units(side).count();
    UnitId::new(side, rng.random_range(0..n))
}

fn random_co(b: &Battle, rng: &mut ChaCha8Rng, side: Side) -> CoId {
    let n = b.cos(side).count();
    CoId::new(side, rng.random_range(0..n))
}

fn random_side(rng: &mut ChaCha8Rng) -> Side {
    if rng.random_bool(0.5) {
        Side::A
    } else {
        Side::B
    }
}

/// One random event idea (without dice), legal or not.
pub fn idea(b: &Battle, rng: &mut ChaCha8Rng) -> Event {
    let side = random_side(rng);
    let unit = random_unit(b, rng, side);
    let engaged = b.in_melee_with(unit);
    let enemy = match engaged.first() {
        Some(&e) if rng.random_bool(0.5) => e,
        _ => random_unit(b, rng, side.other()),
    };
    let co = match b.division_of(unit) {
        Some(c) if rng.random_bool(0.7) => c,
        _ => random_co(b, rng, side),
    };
    match rng.random_range(0..100) {
        0..50 => {
            let mut e = b.suggest();
            match &mut e {
                Event::Melee {
                    facts_a, facts_b, ..
                } => {
                    facts_a.charge_advantage = rng.random_bool(0.3);
                    facts_b.supporting_ranks = rng.random_range(0..3);
                    facts_b.response = match rng.random_range(0..6) {
                        0 => Response::Surrender,
                        1 | 2 => Response::Waver,
                        _ => Response::Retreat,
                    };
                }
                Event::CommandTest { co, transfer, .. }
                    if rng.random_bool(0.3) && b.c_in_c_of(*co) != Some(*co) =>
                {
                    *transfer = Some(TransferFacts {
                        ccps: rng.random_range(0..4),
                        distance_cm: rng.random_range(0..40),
                    });
                }
                _ => {}
            }
            e
        }
        50..62 => Event::Command {
            unit,
            co,
            application: match rng.random_range(0..6) {
                0 => Application::Rally,
                1 => Application::Attack,
                2 => Application::Response,
                3 => Application::Special,
                4 => Application::Prompt,
                _ => Application::Normal,
            },
            target: rng.random_bool(0.5).then_some(enemy),
            facts: CommandFacts {
                restrain_and_prompt: rng.random_bool(0.2),
                distance_cm: rng.random_range(0..25),
                charge_target: None,
            },
        },
        62..70 => Event::Shooting {
            shooter: unit,
            target: enemy,
            situation: ShootingSituation {
                range_cm: rng.random_range(0..30),
                ..ShootingSituation::default()
            },
            dice: Default::default(),
        },
        70..74 => Event::Flag {
            unit,
            cause: if rng.random_bool(0.5) {
                WaverCause::PressHome
            } else {
                WaverCause::Disaster
            },
        },
        74..78 => Event::Engage { a: unit, b: enemy },
        78..80 => Event::Disengage { a: unit, b: enemy },
        80..83 => Event::Attrition {
            unit,
            gains: AttritionGains {
                disorder: rng.random_range(0..3),
                shooting_hits: rng.random_range(0..2),
                melee_excess: rng.random_range(0..3),
                ..AttritionGains::default()
            },
        },
        83..86 => Event::Correct {
            unit,
            correction: match rng.random_range(0..6) {
                0 => Correction::Morale(if rng.random_bool(0.5) {
                    Morale::Routed
                } else {
                    Morale::Wavering
                }),
                1 => Correction::Activity(vec![Activity::Evading]),
                2 => Correction::Bases(rng.random_range(0..4)),
                3 => Correction::Aps(rng.random_range(0..8)),
                4 => Correction::Removed(rng.random_bool(0.5)),
                _ => Correction::Activity(vec![Activity::Pursuing]),
            },
        },
        86..89 => Event::Attach {
            co,
            unit: rng.random_bool(0.8).then_some(random_unit(b, rng, co.side)),
        },
        89..91 => Event::CorrectCo {
            co,
            correction: if rng.random_bool(0.5) {
                CoCorrection::Status(CoStatus::Wounded)
            } else {
                CoCorrection::Ccps(rng.random_range(0..5))
            },
        },
        91..93 => Event::Initiative {
            unit,
            co_activity: Vec::new(),
            facts: CommandFacts::default(),
            dice: Default::default(),
        },
        93..95 => Event::EnterField {
            unit,
            facts: Default::default(),
            dice: Default::default(),
        },
        95..97 => Event::Dismiss { unit },
        97 => Event::GoTo {
            turn: b.turn() + u32::from(rng.random_bool(0.5)),
            phase: [
                Phase::OrderOfPlay,
                Phase::Command(Side::A),
                Phase::Shooting,
                Phase::Melees,
                Phase::Conclude,
            ][rng.random_range(0..5)],
        },
        _ => Event::NextPhase,
    }
}

/// A random battle: `tries` ideas, each recorded if the rules accept it,
/// with dice from a seeded generator.
pub fn random_battle(seed: u64, tries: usize) -> (Battle, SeededDice) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = SeededDice::new(seed);
    let mut b = carrhae();
    for _ in 0..tries {
        let e = idea(&b, &mut rng);
        if let Ok(e) = b.complete(e, &mut dice) {
            let _ = b.record(e);
        }
    }
    (b, dice)
}
