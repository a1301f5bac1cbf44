//! A Homunculus Est! battle through the engine: the Magnesia armies, a
//! whole turn (who starts, a charge and its combat with push back and
//! follow up, a failed Discipline Test into its outcome, the cards typed
//! as drawn, a Reversal of Fortune ending the phase, a "Homunculus Est!"
//! call in the second phase), undo and redo by replay.

use herald::battle::UnitId;
use herald::battle::homunculus_est::event::{CardKind, SideFacts};
use herald::battle::homunculus_est::{Battle, Event, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::homunculus_est::combat::{Activation, CombatDice, CombatSituation};
use herald::rules::homunculus_est::discipline::{DisciplineSituation, Purpose};
use herald::rules::homunculus_est::failed::{Cause, FailedDice, FailedSituation};
use herald::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use herald::rules::homunculus_est::movement::MovementSituation;
use herald::rules::homunculus_est::push_back::PushBackSituation;
use herald::store::homunculus_est::army::load_army;
use herald::store::save::{SaveData, from_text, to_text};
use std::path::Path;

fn battle() -> Battle {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml"))
        .unwrap()
        .army;
    let r = load_army(&dir.join("magnesia-190bc-roman.toml"))
        .unwrap()
        .army;
    Battle::new(Setup::new(vec![r], vec![s]).unwrap())
}

fn id(side: Side, n: usize) -> UnitId {
    UnitId::new(side, n)
}

/// The Romans (a) start; Legio III (a2) charges the Galatians (b8) and its
/// Crunch gives them a Setback Card, its value not yet typed (HE-10).
fn legio_charges_the_galatians(b: &mut Battle) {
    b.record(Event::WhoStarts {
        a: 5,
        b: 2,
        first: Side::A,
    })
    .unwrap();
    b.record(Event::Movement {
        unit: id(Side::A, 1),
        target: None,
        situation: MovementSituation {
            charge: true,
            ..Default::default()
        },
        dice: vec![4],
    })
    .unwrap();
    b.record(Event::Combat {
        attacker: id(Side::A, 1),
        defender: id(Side::B, 7),
        facts: [SideFacts::default(); 2],
        situation: CombatSituation {
            activation: Activation::Charge,
            chosen: Some(6),
            ..Default::default()
        },
        dice: CombatDice {
            combat: vec![6, 3],
            defence: vec![2],
            ..Default::default()
        },
    })
    .unwrap();
}

/// The turn: the Romans (a) start; Legio III (a2) charges the Galatians (b8).
fn whole_turn(b: &mut Battle) {
    b.record(Event::WhoStarts {
        a: 5,
        b: 2,
        first: Side::A,
    })
    .unwrap();
    assert_eq!(b.state().phase, Phase::Player(Side::A));
    let legio = id(Side::A, 1);
    let galatians = id(Side::B, 7);
    b.record(Event::Movement {
        unit: legio,
        target: None,
        situation: MovementSituation {
            charge: true,
            ..Default::default()
        },
        dice: vec![4],
    })
    .unwrap();
    // 4 v 3: two dice, the Legion chooses the 6 (Crunch); the Defence die 2 does not match
    let e = b
        .record(Event::Combat {
            attacker: legio,
            defender: galatians,
            facts: [SideFacts::default(); 2],
            situation: CombatSituation {
                activation: Activation::Charge,
                chosen: Some(6),
                ..Default::default()
            },
            dice: CombatDice {
                combat: vec![6, 3],
                defence: vec![2],
                ..Default::default()
            },
        })
        .unwrap();
    assert!(e.summary.contains("crunch"), "{}", e.summary);
    assert_eq!(b.state().cards[1].len(), 1, "the Galatians' Setback");
    b.record(Event::PushBack {
        unit: galatians,
        situation: PushBackSituation::default(),
        dice: vec![3],
    })
    .unwrap();
    b.record(Event::FollowUp {
        unit: legio,
        loser: galatians,
        situation: FollowUpSituation::default(),
        dice: FollowUpDice {
            follow_up: vec![2],
            ..Default::default()
        },
    })
    .unwrap();
    // the Galatians test, DR 8: 2 + 3 = 5, failed by 3
    b.record(Event::Discipline {
        unit: galatians,
        situation: DisciplineSituation {
            purpose: Purpose::Combat,
            ..Default::default()
        },
        dice: vec![2, 3],
    })
    .unwrap();
    // FAILED DISCIPLINE: 4 + 4 = 8: Disordered, a Setback
    b.record(Event::FailedDiscipline {
        unit: galatians,
        situation: FailedSituation {
            failed_by: 3,
            cause: Cause::Combat,
            ..Default::default()
        },
        dice: FailedDice {
            outcome: vec![4, 4],
            rout: vec![],
        },
    })
    .unwrap();
    assert!(b.state().units[1][7].disordered);
    for v in [2, 1] {
        b.record(Event::DrawCard {
            side: Side::B,
            kind: CardKind::Setback,
            value: v,
        })
        .unwrap();
    }
    // Legio II (a1) attacks the phalanx's left block (b2): 4 v 4 + 1 (elephant line, infantry +2) = 6: defender chooses the 1
    b.record(Event::Combat {
        attacker: id(Side::A, 0),
        defender: id(Side::B, 1),
        facts: [SideFacts::default(); 2],
        situation: CombatSituation {
            chosen: Some(1),
            ..Default::default()
        },
        dice: CombatDice {
            combat: vec![1, 5],
            defence: vec![4],
            ..Default::default()
        },
    })
    .unwrap();
    assert!(
        b.state().reversal.is_some(),
        "Repulsed: Reversal of Fortune"
    );
    // a new activation waits for the phase's end
    assert!(
        b.record(Event::Movement {
            unit: id(Side::A, 2),
            target: None,
            situation: MovementSituation::default(),
            dice: vec![3]
        })
        .is_err()
    );
    b.record(Event::DrawCard {
        side: Side::A,
        kind: CardKind::Setback,
        value: 1,
    })
    .unwrap();
    b.record(Event::EndPhase).unwrap();
    assert_eq!(b.state().phase, Phase::Player(Side::B));
    // the Seleucids call: the Romans' cards are worth 1 of 12: not broken, below half
    let e = b.record(Event::Call { cancel: None }).unwrap();
    assert!(e.summary.contains("not broken"), "{}", e.summary);
    assert!(
        b.state().reversal.is_some(),
        "a failed call reverses the caller's fortune"
    );
    b.record(Event::EndPhase).unwrap();
    assert_eq!(
        (b.state().turn, b.state().phase),
        (2, Phase::Player(Side::A))
    );
}

#[test]
fn a_whole_turn_of_magnesia() {
    let mut b = battle();
    whole_turn(&mut b);
    assert!(
        !b.state().units[0][1].activated,
        "a new turn: no unit activated yet"
    );
}

#[test]
fn undo_then_redo_is_the_same_battle() {
    let mut b = battle();
    whole_turn(&mut b);
    let end = b.state().clone();
    let n = b.events().len();
    for _ in 0..n {
        b.undo();
    }
    assert_eq!(b.state().phase, Phase::Deployment);
    for _ in 0..n {
        b.redo().unwrap();
    }
    assert_eq!(b.state(), &end);
}

#[test]
fn out_of_turn_and_short_points_are_refused() {
    let mut b = battle();
    assert!(b.record(Event::EndPhase).is_err(), "no phase yet");
    b.record(Event::WhoStarts {
        a: 2,
        b: 6,
        first: Side::B,
    })
    .unwrap();
    let e = b.record(Event::Movement {
        unit: id(Side::A, 0),
        target: None,
        situation: MovementSituation::default(),
        dice: vec![3],
    });
    assert!(e.unwrap_err().to_string().contains("player b's phase"));
    let e = b.record(Event::Movement {
        unit: id(Side::B, 7),
        target: None,
        situation: MovementSituation {
            charge: true,
            attack_points: 3,
            ..Default::default()
        },
        dice: vec![3],
    });
    assert!(e.unwrap_err().to_string().contains("Attack Points"));
}

#[test]
fn a_save_reads_back_as_the_same_battle_and_goes_on() {
    let mut b = battle();
    whole_turn(&mut b);
    b.record(Event::Points {
        side: Side::A,
        change: herald::rules::homunculus_est::command_points::PointsChange::Convert(
            herald::rules::homunculus_est::Pool::Attack,
        ),
    })
    .unwrap();
    b.undo();
    let data = SaveData {
        name: "magnesia".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("system = \"homunculus_est\""), "{text}");
    let back = from_text::<herald::battle::homunculus_est::HomunculusEst>("magnesia.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    let got = &back.data.battle;
    assert_eq!(got.setup(), data.battle.setup());
    assert_eq!(got.events(), data.battle.events());
    assert_eq!(got.undone(), data.battle.undone());
    assert_eq!(got.state(), data.battle.state());
    assert_eq!(to_text(&back.data), text, "written again, the same text");
    let mut resumed = back.data.battle;
    resumed.redo().unwrap();
    assert_eq!(
        resumed.state().armies[0].points.attack,
        3,
        "2 deployed + 1 converted from Generalship"
    );
}

#[test]
fn the_report_tells_the_turn() {
    let mut b = battle();
    whole_turn(&mut b);
    let md = herald::battle::homunculus_est::report::markdown(&b, "magnesia");
    assert!(
        md.contains("Reversal of Fortune")
            && md.contains("Homunculus Est!")
            && md.contains("Turn 2"),
        "{md}"
    );
}

/// The course of the battle (issue 27), counted by hand over the scripted
/// turn: the Romans (a) have 9 units and break at 12, the Seleucids (b) 11
/// and 14; the Galatians end the turn Disordered, the Seleucids holding two
/// Setbacks (the crunch, the failed test) and the Romans one (the Repulse).
#[test]
fn the_course_of_the_turn_matches_a_hand_count() {
    let mut b = battle();
    whole_turn(&mut b);
    let course = b.course();
    let at: Vec<(u32, bool)> = course
        .points
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(at, [(0, false), (1, false), (2, true)]);
    let figures = |p: usize, s: Side| -> (Vec<u32>, Vec<u32>) {
        let m = course.points[p].measure.side(s);
        (
            m.strength.iter().map(|f| f.value).collect(),
            m.states.iter().map(|f| f.value).collect(),
        )
    };
    assert_eq!(course.strength_name(), "units in play");
    assert_eq!(
        course.state_names(),
        ["In good order", "Disordered", "Off table", "Out of play"]
    );
    assert_eq!(figures(0, Side::A), (vec![9, 0, 12], vec![9, 0, 0, 0]));
    assert_eq!(figures(0, Side::B), (vec![11, 0, 14], vec![11, 0, 0, 0]));
    assert_eq!(figures(1, Side::A), (vec![9, 1, 12], vec![9, 0, 0, 0]));
    assert_eq!(figures(1, Side::B), (vec![11, 2, 14], vec![10, 1, 0, 0]));
    assert!(
        course.marks.is_empty(),
        "no unit left play, no general fell"
    );
}

#[test]
fn the_other_procedures_fold_and_save() {
    use herald::rules::homunculus_est::general::RiskDice;
    use herald::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
    use herald::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
    use herald::rules::homunculus_est::tables::{EagleEvent, Manoeuvre, RiskEvent};
    let mut b = battle();
    whole_turn(&mut b);
    // turn 2, the Romans' phase: the right ala moves (a 6: its Movement
    // Points pay for a manoeuvre, HE-15), then turns (MR 4): 5 passes
    b.record(Event::Movement {
        unit: id(Side::A, 2),
        target: None,
        situation: MovementSituation::default(),
        dice: vec![6],
    })
    .unwrap();
    b.record(Event::Manoeuvre {
        unit: id(Side::A, 2),
        situation: ManoeuvreSituation::of(Manoeuvre::ForwardTurn),
        dice: vec![5],
    })
    .unwrap();
    // the archers (RCR 3) shoot the phalanx's right block (CR 4): one die, -1: 6 - 1 = 5, Telling Shots
    let e = b
        .record(Event::Shooting {
            shooter: id(Side::A, 7),
            target: id(Side::B, 0),
            situation: ShootingSituation::default(),
            dice: ShootingDice {
                shooting: vec![6],
                defence: vec![2],
                ..Default::default()
            },
        })
        .unwrap();
    assert!(e.summary.contains("telling shots"), "{}", e.summary);
    // the phalanx's Elephant lines roll: 1 removes one (1-2), 5 keeps the other
    b.record(Event::Lines {
        unit: id(Side::B, 0),
        dice: vec![1, 5],
    })
    .unwrap();
    assert_eq!(b.state().units[1][0].lines.len(), 1);
    // Domitius with Legio II, pushed back: 3 + 4 = 7, unhurt
    b.record(Event::GeneralRisk {
        unit: id(Side::A, 0),
        event: RiskEvent::PushedBack,
        dice: RiskDice {
            risk: vec![3, 4],
            ..Default::default()
        },
    })
    .unwrap();
    b.record(Event::Eagles {
        unit: id(Side::A, 0),
        event: EagleEvent::RetiringCombat,
        dice: vec![6, 6],
    })
    .unwrap();
    // the Disordered Galatians' failed reform: 3 + 3 = 6, Retiring (a Setback)
    let before = b.state().cards[1].len();
    b.record(Event::FailedReform {
        unit: id(Side::B, 7),
        situation: Default::default(),
        dice: herald::rules::homunculus_est::failed::FailedDice {
            outcome: vec![3, 3],
            rout: vec![],
        },
    })
    .unwrap();
    assert_eq!(b.state().cards[1].len(), before + 1);
    let data = SaveData {
        name: "magnesia".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    let back = from_text::<herald::battle::homunculus_est::HomunculusEst>("magnesia.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}"));
    assert_eq!(back.data.battle.events(), data.battle.events());
    assert_eq!(back.data.battle.state(), data.battle.state());
}

/// HE-5.3 and house option *repeat activations*: a unit moves once a
/// phase, or again with the option, the explanation naming it.
#[test]
fn a_unit_is_activated_once_a_phase_unless_the_house_says_again() {
    use herald::rules::homunculus_est::REPEAT_ACTIVATIONS;
    use herald::rules::house::HouseValue;
    let moves = |b: &mut Battle| {
        b.record(Event::WhoStarts {
            a: 5,
            b: 2,
            first: Side::A,
        })
        .unwrap();
        let m = || Event::Movement {
            unit: id(Side::A, 2),
            target: None,
            situation: MovementSituation::default(),
            dice: vec![4],
        };
        b.record(m()).unwrap();
        b.record(m()).map(|e| e.explanation.clone())
    };
    let mut plain = battle();
    let err = moves(&mut plain).unwrap_err().to_string();
    assert!(err.contains("once a phase"), "{err}");
    let mut setup = battle().setup().clone();
    setup
        .house
        .set(&REPEAT_ACTIVATIONS, HouseValue::YesNo(true))
        .unwrap();
    let mut again = Battle::new(setup);
    let ex = moves(&mut again).unwrap();
    assert!(
        ex.lines
            .iter()
            .any(|l| l.text.contains("repeat activations")),
        "{ex:?}"
    );
}

/// Devotio: the first Charge of the game by its Legion (HE-20).
#[test]
fn a_devotio_is_for_the_legions_first_charge() {
    use herald::rules::homunculus_est::combat::DevotioOption;
    let mut b = battle();
    b.record(Event::WhoStarts {
        a: 5,
        b: 2,
        first: Side::A,
    })
    .unwrap();
    let legio = id(Side::A, 1);
    let charge = |b: &mut Battle| {
        b.record(Event::Movement {
            unit: legio,
            target: None,
            situation: MovementSituation {
                charge: true,
                ..Default::default()
            },
            dice: vec![4],
        })
        .unwrap();
    };
    let combat = |devotio| Event::Combat {
        attacker: legio,
        defender: id(Side::B, 7),
        facts: [SideFacts::default(); 2],
        situation: CombatSituation {
            activation: Activation::Charge,
            chosen: Some(3),
            devotio,
            ..Default::default()
        },
        dice: CombatDice {
            combat: vec![3, 3],
            defence: vec![1],
            ..Default::default()
        },
    };
    charge(&mut b);
    b.record(combat(None)).unwrap();
    b.record(Event::EndPhase).unwrap();
    b.record(Event::EndPhase).unwrap();
    charge(&mut b);
    let err = b
        .record(combat(Some(DevotioOption::CombatRating)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("first Charge of the game"), "{err}");
}

/// House option *stacking* (HE-22): Cataphracts in Cover roll three
/// Defence dice against a shot instead of two.
#[test]
fn stacking_gives_cataphracts_in_cover_a_third_defence_die() {
    use herald::rules::homunculus_est::STACKING;
    use herald::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
    use herald::rules::house::HouseValue;
    let shot = |defence: Vec<u8>| Event::Shooting {
        shooter: id(Side::A, 7),
        target: id(Side::B, 3),
        situation: ShootingSituation {
            target_in_cover: true,
            ..Default::default()
        },
        dice: ShootingDice {
            shooting: vec![3],
            defence,
            ..Default::default()
        },
    };
    let start = |b: &mut Battle| {
        b.record(Event::WhoStarts {
            a: 5,
            b: 2,
            first: Side::A,
        })
        .unwrap();
    };
    let mut plain = battle();
    start(&mut plain);
    plain.record(shot(vec![5, 5])).unwrap();
    let mut setup = battle().setup().clone();
    setup.house.set(&STACKING, HouseValue::YesNo(true)).unwrap();
    let mut stacked = Battle::new(setup);
    start(&mut stacked);
    let err = stacked.record(shot(vec![5, 5])).unwrap_err().to_string();
    assert!(err.contains("1 more defence dice"), "{err}");
    let e = stacked.record(shot(vec![5, 5, 5])).unwrap();
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("stacking")),
        "{:?}",
        e.explanation
    );
}

/// HE-12 house option *opponent cancels*: the called player cancels before
/// revealing, with his own point; his cards stay face down.
#[test]
fn opponent_cancels_lets_the_called_player_cancel_before_revealing() {
    use herald::rules::homunculus_est::OPPONENT_CANCELS;
    use herald::rules::homunculus_est::Pool;
    use herald::rules::house::HouseValue;
    // the Romans' charge gives the Galatians a Setback, its value not yet typed
    let charge = |b: &mut Battle| {
        legio_charges_the_galatians(b);
        assert_eq!(b.state().cards[1][0].value, None);
    };
    let cancel = Event::Call {
        cancel: Some(Pool::Strategy),
    };
    // HE-12: the caller cancels after the reveal, and the values must be typed first
    let mut plain = battle();
    charge(&mut plain);
    let err = plain.record(cancel.clone()).unwrap_err().to_string();
    assert!(err.contains("typed first"), "{err}");
    let mut setup = battle().setup().clone();
    setup
        .house
        .set(&OPPONENT_CANCELS, HouseValue::YesNo(true))
        .unwrap();
    let mut house = Battle::new(setup);
    charge(&mut house);
    let (a, b) = (
        house.state().armies[0].points.strategy,
        house.state().armies[1].points.strategy,
    );
    let e = house.record(cancel).unwrap().clone();
    let s = house.state();
    assert_eq!(
        (s.armies[0].points.strategy, s.armies[1].points.strategy),
        (a, b - 1),
        "the called player's point"
    );
    assert!(s.armies[1].cancel_used && !s.cards[1][0].revealed);
    assert!(s.reversal.is_none(), "a cancelled call: no Reversal");
    assert!(e.summary.contains("cancelled"), "{}", e.summary);
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("opponent cancels")),
        "{:?}",
        e.explanation
    );
}

/// HE-34: a failed Cause Fear entry test stops the unit and rolls on FAILED
/// DISCIPLINE at -2; house option *fear stops only*: the stop alone.
#[test]
fn fear_stops_only_leaves_no_failed_discipline_after_a_cause_fear_test() {
    use herald::rules::homunculus_est::FEAR_STOPS_ONLY;
    use herald::rules::homunculus_est::Next;
    use herald::rules::homunculus_est::failed::FearSource;
    use herald::rules::house::HouseValue;
    // the Pergamene cavalry, about to move beside the Elephants of the left, fail 1 + 2
    let fear = |b: &mut Battle| {
        b.record(Event::WhoStarts {
            a: 5,
            b: 2,
            first: Side::A,
        })
        .unwrap();
        b.record(Event::Discipline {
            unit: id(Side::A, 4),
            situation: DisciplineSituation {
                purpose: Purpose::CauseFear,
                ..Default::default()
            },
            dice: vec![1, 2],
        })
        .unwrap()
        .clone()
    };
    let mut plain = battle();
    let e = fear(&mut plain);
    let due = &plain.state().due;
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(
        (due[0].step, due[0].fear),
        (Next::FailedDiscipline, Some(FearSource::Unit))
    );
    assert!(plain.state().reversal.is_none());
    assert!(e.explanation.lines.iter().any(|l| l.text.contains("-2")));
    let mut setup = battle().setup().clone();
    setup
        .house
        .set(&FEAR_STOPS_ONLY, HouseValue::YesNo(true))
        .unwrap();
    let mut house = Battle::new(setup);
    let e = fear(&mut house);
    assert!(house.state().due.is_empty(), "{:?}", house.state().due);
    assert!(house.state().reversal.is_none());
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("fear stops only")),
        "{:?}",
        e.explanation
    );
}

/// HE-10: a card's value stays face down in the log, the console's log
/// view and the report until a call reveals it; then it is said.
#[test]
fn a_drawn_cards_value_stays_hidden_until_revealed() {
    use herald::battle::homunculus_est::report::markdown;
    use herald::tui::log_browser::LogBrowser;
    use herald::tui::theme::Theme;
    // the Romans' charge gives the Galatians a Setback, typed `value`
    let drawn = |value: u32| {
        let mut b = battle();
        legio_charges_the_galatians(&mut b);
        b.record(Event::DrawCard {
            side: Side::B,
            kind: CardKind::Setback,
            value,
        })
        .unwrap();
        b
    };
    let said = |b: &Battle| {
        let entries: Vec<String> = (0..b.events().len())
            .filter_map(|i| b.entry(i))
            .flat_map(|e| {
                std::iter::once(e.summary.clone())
                    .chain(e.explanation.lines.iter().map(|l| l.text.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
        (
            entries.join("\n"),
            LogBrowser::new(b, "m", Theme::plain()).rows().join("\n"),
            markdown(b, "m"),
        )
    };
    // face down: the log, the log view and the report are the same whatever was typed
    let (mut three, mut four) = (drawn(3), drawn(4));
    assert_eq!(said(&three), said(&four));
    assert!(said(&three).2.contains("face down"), "{}", said(&three).2);
    // revealed by the Romans' call: now said, and the two differ
    for b in [&mut three, &mut four] {
        b.record(Event::Call { cancel: None }).unwrap();
    }
    let (log, view, report) = said(&three);
    assert!(log.contains("1 Setback Card (3)"), "{log}");
    assert!(view.contains("1 Setback Card (3)"), "{view}");
    assert!(report.contains("revealed: Setback 3"), "{report}");
    assert_ne!(said(&three), said(&four));
}

/// HE-28: a rout's move names the friends whose ZOC it entered; each tests;
/// only a routed unit, only its friends on the table; the save keeps it.
#[test]
fn a_rout_names_the_friends_that_test_and_saves() {
    use herald::rules::homunculus_est::Next;
    let mut b = battle();
    b.record(Event::WhoStarts {
        a: 5,
        b: 2,
        first: Side::A,
    })
    .unwrap();
    let galatians = id(Side::B, 7);
    let rout = |tests: Vec<UnitId>| Event::Rout {
        unit: galatians,
        tests,
        dice: None,
    };
    let err = b.record(rout(vec![])).unwrap_err().to_string();
    assert!(err.contains("has not routed"), "{err}");
    b.record(Event::FailedDiscipline {
        unit: galatians,
        situation: FailedSituation {
            failed_by: 3,
            ..Default::default()
        },
        dice: FailedDice {
            outcome: vec![1, 1],
            rout: vec![3],
        },
    })
    .unwrap();
    // the roll lines show the outcome's dice and the rout's die, each named
    let rolls = &b.entry(b.events().len() - 1).unwrap().rolls;
    let said: Vec<(String, Vec<String>)> = rolls
        .iter()
        .map(|r| {
            (
                r.who.clone(),
                r.dice.white.iter().map(|d| d.to_string()).collect(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            (
                "Galatian foot, outcome".to_string(),
                vec!["1".to_string(), "1".to_string()]
            ),
            ("Galatian foot, rout".to_string(), vec!["3".to_string()])
        ]
    );
    assert_eq!(b.state().due[0].step, Next::RoutMove);
    assert_eq!(b.state().due[0].squares, Some(1), "the FOLLOW UP table's 3");
    let err = b
        .record(rout(vec![id(Side::A, 0)]))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a friend"), "{err}");
    let e = b.record(rout(vec![id(Side::B, 0)])).unwrap().clone();
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("ZOC of Phalanx, right block")),
        "{:?}",
        e.explanation
    );
    assert_eq!(
        b.state()
            .due
            .iter()
            .map(|d| (d.step, d.unit))
            .collect::<Vec<_>>(),
        vec![(Next::ZocTest, id(Side::B, 0))]
    );
    let data = SaveData {
        name: "rout".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("kind = \"rout_move\""), "{text}");
    let back = from_text::<herald::battle::homunculus_est::HomunculusEst>("rout.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    assert_eq!(back.data.battle.events(), data.battle.events());
    assert_eq!(back.data.battle.state(), data.battle.state());
}
