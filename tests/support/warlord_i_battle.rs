//! Shared by the Warlord I battle tests: the bundled Carrhae armies, a
//! scripted player, and a driver that plays a random but legal-looking
//! battle (suggested steps, commands, shots, flags, engagements,
//! corrections, go-tos), with dice from a seeded generator.

#![allow(dead_code)]

use herald::battle::UnitId;
use herald::battle::warlord_i::{
    Application, Battle, CoCorrection, CoId, CommandFacts, Correction, Event, Phase, RallyOutcome,
    Setup, TransferFacts, WaverCause,
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

/// Carrhae with every skirmishing (OO) unit under a 1-star CO of its own,
/// so that it may act on his initiative (WI-7).
pub fn carrhae_with_initiative() -> Battle {
    let mut s = setup();
    for army in s.sides.iter_mut().flatten() {
        for d in &mut army.divisions {
            for u in &mut d.units {
                if u.is_oo() {
                    u.co_stars = 1;
                }
            }
        }
    }
    Battle::new(s)
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
    if b.phase() == Phase::Shooting && rng.random_bool(0.6) {
        let shooters = b.shooters();
        if !shooters.is_empty() {
            let shooter = shooters[rng.random_range(0..shooters.len())];
            return Event::Shooting {
                shooter,
                target: random_unit(b, rng, shooter.side.other()),
                situation: ShootingSituation {
                    range_cm: rng.random_range(0..25),
                    ..ShootingSituation::default()
                },
                dice: Default::default(),
            };
        }
    }
    if let Phase::Command(s) = b.phase()
        && rng.random_bool(0.15)
    {
        let ready: Vec<UnitId> = b
            .to_command(s)
            .into_iter()
            .filter(|u| b.unit(*u).is_some_and(|x| x.unit.co_stars > 0))
            .collect();
        if !ready.is_empty() {
            return Event::Initiative {
                unit: ready[rng.random_range(0..ready.len())],
                co_activity: Vec::new(),
                facts: CommandFacts::default(),
                dice: Default::default(),
            };
        }
        let away: Vec<UnitId> = b
            .units(s)
            .filter(|(_, u)| u.removed && !u.lost())
            .map(|(id, _)| id)
            .collect();
        if !away.is_empty() {
            return Event::EnterField {
                unit: away[rng.random_range(0..away.len())],
                facts: Default::default(),
                dice: Default::default(),
            };
        }
    }
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
                // WI-12: some friends named within 10 cm of a disaster.
                Event::FriendsWithin10cm { disaster, units } => {
                    for f in b.friends_of(*disaster) {
                        if rng.random_bool(0.3) {
                            units.push(f);
                        }
                    }
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
                rallied: match rng.random_range(0..4) {
                    0 => None,
                    1 => Some(RallyOutcome::NotRallied),
                    2 => Some(RallyOutcome::Wavering),
                    _ => Some(RallyOutcome::Shaken),
                },
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
        73 => Event::Rout {
            unit,
            cause: herald::battle::warlord_i::RoutCause::Interpenetrated,
            bases_in_contact: 0,
        },
        70..73 => Event::Flag {
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
    let mut b = carrhae_with_initiative();
    for _ in 0..tries {
        let e = idea(&b, &mut rng);
        if let Ok(e) = b.complete(e, &mut dice) {
            let _ = b.record(e);
        }
    }
    (b, dice)
}

/// The first Move of Carrhae as `a_whole_move_of_carrhae` plays it: every
/// step of Rule 25, with a transfer, commands, a declared charge, two
/// shots, a waver test, a melee and a general's wounding roll.
pub fn first_move(b: &mut Battle) {
    use herald::dice::Dice;
    use herald::rules::warlord_i::{MeleeFacts, SidesDice};
    let u = |s, n: usize| UnitId::new(s, n - 1);
    let c = |s, n: usize| CoId::new(s, n - 1);
    let (a, bb) = (Side::A, Side::B);
    step(b, &[2, 5]);
    step(b, &[4, 5, 6]);
    play(
        b,
        Event::CommandTest {
            co: c(bb, 2),
            transfer: Some(TransferFacts {
                ccps: 3,
                distance_cm: 25,
            }),
            dice: Dice::default(),
        },
        &[3, 2],
    );
    step(b, &[2]);
    play(
        b,
        Event::Attach {
            co: c(bb, 1),
            unit: Some(u(bb, 1)),
        },
        &[],
    );
    play(
        b,
        Event::Command {
            unit: u(bb, 2),
            co: c(bb, 1),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    play(
        b,
        Event::Command {
            unit: u(bb, 1),
            co: c(bb, 1),
            application: Application::Attack,
            target: Some(u(a, 6)),
            facts: CommandFacts {
                distance_cm: 12,
                ..CommandFacts::default()
            },
        },
        &[],
    );
    step(b, &[]);
    step(b, &[]);
    step(b, &[3, 3]);
    step(b, &[5, 1]);
    step(b, &[2, 2]);
    play(
        b,
        Event::Command {
            unit: u(a, 9),
            co: c(a, 2),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    step(b, &[]);
    step(b, &[]);
    play(
        b,
        Event::Shooting {
            shooter: u(bb, 2),
            target: u(a, 1),
            situation: ShootingSituation {
                range_cm: 10,
                ..ShootingSituation::default()
            },
            dice: Dice::default(),
        },
        &[6],
    );
    play(
        b,
        Event::Shooting {
            shooter: u(a, 9),
            target: u(bb, 3),
            situation: ShootingSituation {
                range_cm: 15,
                ..ShootingSituation::default()
            },
            dice: Dice::default(),
        },
        &[5],
    );
    step(b, &[]);
    step(b, &[3, 4]);
    step(b, &[]);
    play(
        b,
        Event::Engage {
            a: u(bb, 1),
            b: u(a, 6),
        },
        &[],
    );
    step(b, &[]);
    let facts_a = b.melee_facts(u(bb, 1), u(a, 6));
    play(
        b,
        Event::Melee {
            a: u(bb, 1),
            b: u(a, 6),
            facts_a: MeleeFacts {
                charge_advantage: true,
                ..facts_a
            },
            facts_b: MeleeFacts::default(),
            simultaneous: false,
            dice: SidesDice::default(),
        },
        &[4, 3],
    );
    step(b, &[]);
    step(b, &[6]);
    step(b, &[]);
}
