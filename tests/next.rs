//! What each result does next, in the battle (issue 11): every fix seen at
//! the table and every procedure between the rolls, through recorded events.
//! Section numbers are the Warlords text's, W-numbers the project's rulings.

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Due, Duty, Event, Phase, Setup, Step};
use herald::cli::battle::load_army;
use herald::dice::{Dice, faces};
use herald::rules::Side;
use herald::rules::warlords::activation::ActivationSituation;
use herald::rules::warlords::falling_back::FellInto;
use herald::rules::warlords::field_defences::Defence;
use herald::rules::warlords::melee::{MeleeDice, MeleeFacts};
use herald::rules::warlords::next::Choice;
use herald::rules::warlords::personality::PersonalityStatus;
use herald::rules::warlords::shooting::ShootingSituation;
use herald::rules::warlords::unit::{Formation, Morale, ShootingStyle};
use std::path::Path;

fn setup() -> Setup {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/battle_data");
    let a = load_army(&dir.join("next-a.toml")).expect("next-a.toml loads");
    let b = load_army(&dir.join("next-b.toml")).expect("next-b.toml loads");
    Setup::new(vec![a], vec![b]).expect("both sides have units")
}

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

fn white(v: &[u8]) -> Dice {
    Dice::white(v).unwrap()
}

/// A battle at turn 1 in `phase`.
fn at(phase: Phase) -> Battle {
    let mut battle = Battle::new(setup());
    battle.record(Event::GoTo { turn: 1, phase }).unwrap();
    battle
}

fn activate(battle: &mut Battle, unit: UnitId, s: ActivationSituation, dice: &[u8]) {
    battle
        .record(Event::Activation {
            unit,
            situation: s,
            dice: white(dice),
            add_champion: false,
        })
        .unwrap();
}

fn choose(choice: Choice, unit: UnitId, target: Option<UnitId>) -> Event {
    Event::Choose {
        unit,
        choice,
        target,
        formation: None,
        files: None,
        pavises: None,
    }
}

fn correct(battle: &mut Battle, unit: UnitId, c: Correction) {
    battle
        .record(Event::Correct {
            unit,
            correction: c,
        })
        .unwrap();
}

fn unit(battle: &Battle, id: UnitId) -> herald::rules::warlords::unit::Unit {
    battle.unit(id).unwrap().unit.clone()
}

fn duty(unit: UnitId, due: Due) -> Duty {
    Duty { unit, due }
}

fn charging() -> ActivationSituation {
    ActivationSituation {
        charging: true,
        enemy_in_charge_distance: true,
        ..Default::default()
    }
}

#[test]
fn a_failed_evade_flees_at_once_before_the_charge_move() {
    // 2.2.1, W-29: the light horse (b2) fail to evade the Thegns' charge.
    let mut battle = at(Phase::Activation(Side::A));
    activate(&mut battle, a(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, a(1), Some(b(2))))
        .unwrap();
    battle
        .record(Event::Reaction {
            unit: b(2),
            cause: a(1),
            situation: ActivationSituation {
                evading_spans: 1,
                enemy_in_charge_distance: true,
                ..Default::default()
            },
            dice: white(&[1, 1]),
        })
        .unwrap();
    let horse = unit(&battle, b(2));
    assert_eq!(horse.formation, Formation::Unformed, "W-29: Unformed");
    assert!(horse.moving);
    // 2.4.4.1: the charge is owed too, after the flight (W-29).
    let charge = Due::Charge {
        target: b(2),
        moved: false,
    };
    assert_eq!(
        battle.duties(),
        &[duty(a(1), charge.clone()), duty(b(2), Due::Flee)]
    );
    assert_eq!(
        battle.next_step(),
        Step::Duty(1),
        "the walker offers the flight"
    );
    battle
        .record(Event::Flee {
            unit: b(2),
            obstacle_stands: 0,
            dice: white(&[3, 3, 3, 3, 3, 3, 3]),
        })
        .unwrap();
    assert_eq!(battle.duties(), &[duty(a(1), charge)], "then the charge");
}

#[test]
fn a_shieldwall_is_left_on_charging_and_its_distance_is_the_one_it_started_in() {
    // 2.3.1.2, W-28, W-10: Thegns (Close Foot, Shieldwall) charge: Line, same
    // 6 files, and a charge of 2 + 1 spans; no Shieldwall rank dice after.
    let mut battle = at(Phase::Activation(Side::A));
    activate(&mut battle, a(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, a(1), Some(b(3))))
        .unwrap();
    let thegns = unit(&battle, a(1));
    assert_eq!(thegns.formation, Formation::Line);
    assert_eq!(thegns.files, 6);
    assert!(thegns.moving);
    let made = battle.unit(a(1)).unwrap().charge.unwrap();
    assert_eq!((made.target, made.spans), (b(3), 3));
    let move_of = |spans| Event::RandomMove {
        unit: a(1),
        spans,
        toward: Some(b(3)),
        dice: Dice::white(&vec![3; spans as usize]).unwrap(),
    };
    let err = battle.record(move_of(4)).unwrap_err();
    assert!(err.to_string().contains("W-28"), "{err}");
    battle.record(move_of(3)).unwrap();
    battle
        .record(Event::Contact {
            charger: a(1),
            target: b(3),
        })
        .unwrap();
    assert!(!unit(&battle, a(1)).moving, "W-25: contact ends the move");
    assert_eq!(battle.in_melee_with(a(1)), vec![b(3)]);
}

#[test]
fn a_berserk_unit_may_make_its_compulsory_charge() {
    // 2.2.2, 2.4.10, W-30: the Galwegians go Berserk; their charge is allowed.
    let mut battle = at(Phase::Activation(Side::A));
    activate(
        &mut battle,
        a(4),
        ActivationSituation {
            enemy_in_charge_distance: true,
            ..Default::default()
        },
        &[4, 4],
    );
    assert_eq!(unit(&battle, a(4)).morale, Morale::Berserk);
    assert_eq!(battle.duties(), &[duty(a(4), Due::BerserkMove)]);
    battle
        .record(choose(Choice::Charge, a(4), Some(b(3))))
        .unwrap();
    // The charge is the Berserk Move; it owes its charge move (2.4.4.1).
    assert_eq!(
        battle.duties(),
        &[duty(
            a(4),
            Due::Charge {
                target: b(3),
                moved: false
            }
        )],
        "the charge is the Berserk Move"
    );
}

#[test]
fn a_berserk_unit_with_no_enemy_ahead_calms_down() {
    // 1.7.1, 2.4.10: no enemy in reach or in sight ahead: back to Ready.
    let mut battle = at(Phase::Activation(Side::A));
    activate(
        &mut battle,
        a(4),
        ActivationSituation {
            enemy_in_charge_distance: true,
            ..Default::default()
        },
        &[4, 4],
    );
    battle.record(Event::Calm { unit: a(4) }).unwrap();
    assert_eq!(unit(&battle, a(4)).morale, Morale::Ready);
    assert!(battle.duties().is_empty());
    assert!(
        battle.record(Event::Calm { unit: a(4) }).is_err(),
        "not Berserk now"
    );
}

#[test]
fn charges_the_rules_refuse_are_refused() {
    // 2.4.4: skirmishers charge only skirmishers.
    let mut battle = at(Phase::Activation(Side::A));
    activate(&mut battle, a(3), ActivationSituation::default(), &[6, 5]);
    let err = battle
        .record(choose(Choice::Charge, a(3), Some(b(3))))
        .unwrap_err();
    assert!(err.to_string().contains("skirmishers"), "{err}");
    // 1.7.2, W-30: a Worn unit declares no charge.
    correct(&mut battle, a(1), Correction::Morale(Morale::Worn));
    let err = battle
        .record(Event::Activation {
            unit: a(1),
            situation: charging(),
            dice: white(&[6, 5]),
            add_champion: false,
        })
        .unwrap_err();
    assert!(err.to_string().contains("Worn"), "{err}");
    // 2.3.2, W-30: nor an Unformed one.
    correct(
        &mut battle,
        a(4),
        Correction::Formation(Formation::Unformed),
    );
    activate(&mut battle, a(4), ActivationSituation::default(), &[6, 5]);
    let err = battle
        .record(choose(Choice::Charge, a(4), Some(b(3))))
        .unwrap_err();
    assert!(err.to_string().contains("Unformed"), "{err}");
}

#[test]
fn a_unit_halted_this_turn_does_not_counter_charge() {
    // 2.4.4.2, W-30: the Pavisiers halt the knights; their counter-charge is refused.
    let mut battle = at(Phase::Activation(Side::A));
    activate(&mut battle, a(2), ActivationSituation::default(), &[6, 5]);
    // Eight sixes; the red and yellow dice of Baldwin's check rolled by Herald (W-15).
    let shot = Event::Shooting {
        shooter: a(2),
        target: b(1),
        situation: ShootingSituation {
            style: ShootingStyle::Massed,
            range_spans: 6,
            weapon: None,
            stands_shot_at: None,
            contact: false,
        },
        dice: white(&[6, 6, 6, 6, 6, 6, 6, 6]),
    };
    let shot = battle
        .complete(shot, &mut herald::dice::SeededDice::new(9))
        .unwrap();
    battle.record(shot).unwrap();
    assert!(battle.unit(b(1)).unwrap().halted_this_turn);
    activate(&mut battle, a(4), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, a(4), Some(b(1))))
        .unwrap();
    let err = battle
        .record(Event::Reaction {
            unit: b(1),
            cause: a(4),
            situation: charging(),
            dice: white(&[6, 5]),
        })
        .unwrap_err();
    assert!(err.to_string().contains("2.4.4.2"), "{err}");
}

#[test]
fn a_shower_only_after_contact_and_massed_only_when_stopped() {
    let mut battle = at(Phase::Activation(Side::A));
    let shot = |shooter, target, style, contact| Event::Shooting {
        shooter,
        target,
        situation: ShootingSituation {
            style,
            range_spans: if style == ShootingStyle::Shower { 0 } else { 6 },
            weapon: None,
            stands_shot_at: None,
            contact,
        },
        dice: Dice::default(),
    };
    // W-23: never a choice of an ordinary activation.
    activate(&mut battle, a(1), ActivationSituation::default(), &[6, 5]);
    let err = battle
        .record(shot(a(1), b(3), ShootingStyle::Shower, false))
        .unwrap_err();
    assert!(err.to_string().contains("W-23"), "{err}");
    // W-12: a moving unit only skirmishes.
    correct(&mut battle, a(2), Correction::Moving(true));
    let mut source = herald::dice::SeededDice::new(5);
    let massed = battle
        .complete(shot(a(2), b(3), ShootingStyle::Massed, false), &mut source)
        .unwrap_err();
    assert!(massed.to_string().contains("W-12"), "{massed}");
    // After contact in the Galwegians' charge, the Thegns may shower them... the
    // knights charge the Thegns instead: contact offers the Thegns a shower.
    let mut battle = at(Phase::Activation(Side::B));
    activate(&mut battle, b(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, b(1), Some(a(1))))
        .unwrap();
    battle
        .record(Event::Contact {
            charger: b(1),
            target: a(1),
        })
        .unwrap();
    assert_eq!(
        battle.duties(),
        &[duty(a(1), Due::Shower { at: b(1) })],
        "W-23: offered after contact"
    );
    let shower = battle
        .complete(shot(a(1), b(1), ShootingStyle::Shower, true), &mut source)
        .unwrap();
    battle.record(shower).unwrap();
    assert!(battle.duties().is_empty(), "the shower was shot");
}

#[test]
fn the_winner_follows_up_as_w26_says() {
    // The Thegns (a1) beat the Fyrd (b3). Ready: the referee chooses.
    let fight = |battle: &mut Battle| {
        battle.record(Event::Engage { a: a(1), b: b(3) }).unwrap();
        // The white dice as given; the red and yellow against Eadric by Herald (3.1.3.1).
        let melee = Event::Melee {
            a: a(1),
            b: b(3),
            facts_a: MeleeFacts::default(),
            facts_b: MeleeFacts::default(),
            rough_ground: false,
            before_w24: false,
            dice: MeleeDice {
                a: white(&[6, 6, 6, 6, 6]),
                b: white(&[5, 4, 1]),
            },
        };
        let melee = battle
            .complete(melee, &mut herald::dice::SeededDice::new(3))
            .unwrap();
        battle.record(melee).unwrap();
    };
    let mut battle = at(Phase::Melee);
    fight(&mut battle);
    assert_eq!(
        battle.duties(),
        &[duty(a(1), Due::FollowUp { loser: b(3) })]
    );
    assert_eq!(battle.in_melee_with(a(1)), vec![b(3)], "until the choice");
    let err = battle.record(Event::NextPhase).unwrap_err();
    assert!(err.to_string().contains("follow up"), "{err}");
    battle
        .record(Event::FollowUp {
            unit: a(1),
            loser: b(3),
            follows: false,
        })
        .unwrap();
    assert!(battle.in_melee_with(a(1)).is_empty(), "W-26: it stayed");
    // Worn: it cannot follow up, and the two part at once.
    let mut battle = at(Phase::Melee);
    correct(&mut battle, a(1), Correction::Morale(Morale::Worn));
    fight(&mut battle);
    assert!(battle.duties().is_empty());
    assert!(battle.in_melee_with(a(1)).is_empty());
    // Berserk: it must, and stays in Melee.
    let mut battle = at(Phase::Melee);
    correct(&mut battle, a(1), Correction::Morale(Morale::Berserk));
    fight(&mut battle);
    assert!(battle.duties().is_empty());
    assert_eq!(battle.in_melee_with(a(1)), vec![b(3)]);
}

#[test]
fn a_broken_unit_that_keeps_fleeing_is_moved() {
    // 2.2.2: a Broken unit succeeds and chooses to flee on: its flight is due.
    let mut battle = at(Phase::Activation(Side::B));
    correct(&mut battle, b(3), Correction::Morale(Morale::Broken));
    correct(&mut battle, b(3), Correction::Moving(true));
    activate(
        &mut battle,
        b(3),
        ActivationSituation {
            fleeing: true,
            ..Default::default()
        },
        &[6, 5],
    );
    battle.record(choose(Choice::Flee, b(3), None)).unwrap();
    assert_eq!(battle.duties(), &[duty(b(3), Due::Flee)]);
    assert_eq!(battle.next_step(), Step::Duty(0));
}

#[test]
fn an_activation_gives_one_choice() {
    // W-27: a champion added is the one choice; no charge or move besides.
    let mut battle = at(Phase::Activation(Side::B));
    activate(
        &mut battle,
        b(3),
        ActivationSituation {
            enemy_visible_ahead: true,
            ..Default::default()
        },
        &[6, 5],
    );
    battle
        .record(choose(Choice::AddChampion, b(3), None))
        .unwrap();
    assert_eq!(unit(&battle, b(3)).champions, 1);
    let err = battle.record(choose(Choice::Move, b(3), None)).unwrap_err();
    assert!(err.to_string().contains("W-27"), "{err}");
    assert!(
        battle
            .record(choose(Choice::Charge, b(3), Some(a(1))))
            .is_err()
    );
    // A move may be joined by a shot (2.5.1): the light horse skirmish on the move.
    activate(&mut battle, b(2), ActivationSituation::default(), &[6, 5]);
    battle.record(choose(Choice::Move, b(2), None)).unwrap();
    battle.record(choose(Choice::Shoot, b(2), None)).unwrap();
}

#[test]
fn a_unit_in_melee_is_not_offered_a_charge_or_a_move() {
    let mut battle = at(Phase::Activation(Side::B));
    battle.record(Event::Engage { a: b(3), b: a(1) }).unwrap();
    activate(&mut battle, b(3), ActivationSituation::default(), &[6, 5]);
    let v = battle.unit(b(3)).unwrap().verdict.clone().unwrap();
    assert!(v.situation.in_melee, "the battle knows it is in Melee");
    assert!(v.allowed.is_empty(), "{:?}", v.allowed);
    assert!(battle.record(choose(Choice::Move, b(3), None)).is_err());
}

#[test]
fn contact_stops_the_charger_and_no_keep_moving_in_melee() {
    // W-25, 2.4.1: the knights contact the Fyrd; next turn they are not told to keep moving.
    let mut battle = at(Phase::Activation(Side::B));
    activate(&mut battle, b(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, b(1), Some(a(1))))
        .unwrap();
    battle
        .record(Event::Contact {
            charger: b(1),
            target: a(1),
        })
        .unwrap();
    let knights = unit(&battle, b(1));
    assert!(!knights.moving);
    battle
        .record(Event::GoTo {
            turn: 2,
            phase: Phase::Activation(Side::B),
        })
        .unwrap();
    activate(&mut battle, b(1), ActivationSituation::default(), &[1, 1]);
    let v = battle.unit(b(1)).unwrap().verdict.clone().unwrap();
    assert!(v.forced.is_empty(), "{:?}", v.forced);
}

#[test]
fn a_broken_target_of_a_charge_flees_again() {
    // 1.7.3: a Broken unit charged flees again as the enemy comes within 1 span.
    let mut battle = at(Phase::Activation(Side::B));
    correct(&mut battle, a(4), Correction::Morale(Morale::Broken));
    activate(&mut battle, b(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, b(1), Some(a(4))))
        .unwrap();
    assert!(battle.duties().contains(&duty(a(4), Due::Flee)));
}

#[test]
fn a_flight_through_obstacles_loses_the_stands_that_cannot_avoid_them() {
    // 2.4.11: the Fyrd (charge 4) flee 4 spans, but 2 stands hit an obstacle.
    let mut battle = at(Phase::Activation(Side::B));
    correct(&mut battle, b(3), Correction::Morale(Morale::Broken));
    battle
        .record(Event::Flee {
            unit: b(3),
            obstacle_stands: 2,
            dice: white(&[3, 3, 3, 3]),
        })
        .unwrap();
    assert_eq!(unit(&battle, b(3)).stands, 6);
}

#[test]
fn a_broken_unit_with_nowhere_to_flee_loses_a_stand_to_each_enemy() {
    // 1.7.3: once a turn, a stand to each enemy unit in contact.
    let mut battle = at(Phase::Activation(Side::B));
    battle.record(Event::Engage { a: b(3), b: a(1) }).unwrap();
    battle.record(Event::Engage { a: b(3), b: a(4) }).unwrap();
    correct(&mut battle, b(3), Correction::Morale(Morale::Broken));
    battle.record(Event::Trapped { unit: b(3) }).unwrap();
    assert_eq!(unit(&battle, b(3)).stands, 6);
    assert!(
        battle.record(Event::Trapped { unit: b(3) }).is_err(),
        "once a turn"
    );
}

#[test]
fn falling_back_into_things_as_2_6_2_1_lists_them() {
    let mut battle = at(Phase::Melee);
    // Into an obstacle: an extra casualty and Unformed.
    battle
        .record(Event::FallBack {
            unit: b(3),
            into: FellInto::Obstacle,
            other: None,
            other_front: false,
            rear_stands: None,
            before_w35: false,
        })
        .unwrap();
    let fyrd = unit(&battle, b(3));
    assert_eq!((fyrd.casualties, fyrd.formation), (1, Formation::Unformed));
    // Heavy into the rear of an enemy heavy unit: both halted, a casualty each.
    battle
        .record(Event::FallBack {
            unit: b(1),
            into: FellInto::EnemyRearOrSide,
            other: Some(a(1)),
            other_front: false,
            rear_stands: None,
            before_w35: false,
        })
        .unwrap();
    assert_eq!(unit(&battle, b(1)).casualties, 1);
    assert_eq!(unit(&battle, a(1)).casualties, 1);
    assert_eq!(unit(&battle, a(1)).formation, Formation::Unformed);
    // A friend named as an enemy is refused.
    assert!(
        battle
            .record(Event::FallBack {
                unit: b(1),
                into: FellInto::EnemyFront,
                other: Some(b(2)),
                other_front: true,
                rear_stands: None,
                before_w35: false,
            })
            .is_err()
    );
}

#[test]
fn stakes_test_a_charger_and_attack_it() {
    // 3.3.3.3: the charging knights pass the test; the stakes attack as a rank of Pike.
    let mut battle = at(Phase::Activation(Side::B));
    activate(&mut battle, b(1), charging(), &[6, 5]);
    battle
        .record(choose(Choice::Charge, b(1), Some(a(1))))
        .unwrap();
    let mut source = herald::dice::ScriptedDice::white(&[6, 5, 6, 5, 1]).unwrap();
    let e = battle
        .complete(
            Event::Defence {
                unit: b(1),
                defence: Defence::Stakes,
                charging: true,
                dice: Dice::default(),
            },
            &mut source,
        )
        .unwrap();
    battle.record(e).unwrap();
    // 6 + 5 = 11, -2 (armour and shield), +2 Pike: 11; 11 / 4 = 2 casualty figures.
    assert_eq!(unit(&battle, b(1)).casualties, 2);
    // A berm stops the charge.
    battle
        .record(Event::Defence {
            unit: b(1),
            defence: Defence::Berm,
            charging: true,
            dice: Dice::default(),
        })
        .unwrap();
    assert!(!unit(&battle, b(1)).moving);
}

#[test]
fn pavises_go_with_a_move_and_do_not_come_back() {
    // 3.3.3.4: deployed by a formation change; lost when the unit moves.
    let mut battle = at(Phase::Activation(Side::A));
    activate(&mut battle, a(2), ActivationSituation::default(), &[6, 5]);
    battle
        .record(Event::Choose {
            unit: a(2),
            choice: Choice::ChangeFormation,
            target: None,
            formation: Some(Formation::Line),
            files: None,
            pavises: Some(true),
        })
        .unwrap();
    assert!(unit(&battle, a(2)).pavises_deployed);
    battle
        .record(Event::GoTo {
            turn: 2,
            phase: Phase::Activation(Side::A),
        })
        .unwrap();
    activate(&mut battle, a(2), ActivationSituation::default(), &[6, 5]);
    battle.record(choose(Choice::Move, a(2), None)).unwrap();
    let p = unit(&battle, a(2));
    assert!(!p.pavises_deployed && p.pavises_lost, "lost when it moves");
    let err = battle
        .record(Event::Correct {
            unit: a(2),
            correction: Correction::Pavises(true),
        })
        .unwrap_err();
    assert!(err.to_string().contains("3.3.3.4"), "{err}");
}

#[test]
fn irregulars_change_formation_by_one_rank_or_one_file() {
    // 2.3.3: the Fyrd (8 in 4 files) may go to 3 files (3 ranks), not to 1.
    let mut battle = at(Phase::Activation(Side::B));
    activate(&mut battle, b(3), ActivationSituation::default(), &[6, 5]);
    let reform = |files| Event::Choose {
        unit: b(3),
        choice: Choice::ChangeFormation,
        target: None,
        formation: Some(Formation::Line),
        files: Some(files),
        pavises: None,
    };
    let err = battle.record(reform(1)).unwrap_err();
    assert!(err.to_string().contains("2.3.3"), "{err}");
    battle.record(reform(3)).unwrap();
    assert_eq!(unit(&battle, b(3)).files, 3);
}

#[test]
fn a_vendetta_kills_a_personality_captured_by_a_stand_loss() {
    // 3.1.3.2, W-21: Eadric has a vendetta against Baldwin; Baldwin's stand is
    // lost fighting Eadric's unit and the red die captures him: killed instead.
    let mut battle = at(Phase::Melee);
    battle
        .record(Event::StandLoss {
            unit: b(1),
            personality: "Baldwin".to_string(),
            enemy: Some(a(1)),
            dice: Dice {
                red: faces(&[5]).unwrap(),
                ..Dice::default()
            },
        })
        .unwrap();
    let baldwin = &unit(&battle, b(1)).personalities[0];
    assert_eq!(baldwin.status, PersonalityStatus::Killed);
}

#[test]
fn a_failed_moving_unit_stopped_by_the_player_makes_a_random_move_and_halts() {
    // 2.2.1: it keeps moving unless stopped; stopped, a Random Move then Halt.
    let mut battle = at(Phase::Activation(Side::B));
    correct(&mut battle, b(3), Correction::Moving(true));
    activate(&mut battle, b(3), ActivationSituation::default(), &[1, 2]);
    battle.record(choose(Choice::Stop, b(3), None)).unwrap();
    assert_eq!(battle.duties(), &[duty(b(3), Due::RandomMoveThenHalt)]);
    let fyrd = unit(&battle, b(3));
    assert_eq!((fyrd.moving, fyrd.formation), (false, Formation::Unformed));
    battle
        .record(Event::RandomMove {
            unit: b(3),
            spans: 2,
            toward: None,
            dice: white(&[3, 4]),
        })
        .unwrap();
    assert!(battle.duties().is_empty());
}

#[test]
fn a_duty_set_aside_is_logged_and_undone_with_u() {
    let mut battle = at(Phase::Activation(Side::B));
    correct(&mut battle, b(3), Correction::Moving(true));
    activate(&mut battle, b(3), ActivationSituation::default(), &[1, 2]);
    battle.record(choose(Choice::Stop, b(3), None)).unwrap();
    let entry = battle
        .record(Event::Dismiss {
            unit: b(3),
            due: "random_move_then_halt".to_string(),
        })
        .unwrap();
    assert!(entry.summary.contains("sets aside"), "{}", entry.summary);
    assert!(battle.duties().is_empty());
    battle.undo();
    assert_eq!(battle.duties().len(), 1);
}

#[test]
fn a_loser_that_flees_out_of_the_melee_is_not_followed_up() {
    // The Thegns (a1) score at least 3x the Fyrd (b3): Broken, it falls back
    // and flees (2.6.1 D, results cumulative). Its flight takes it out of
    // the Melee (2.4.11), so no follow-up into contact is left to choose (2.6.3, W-26).
    let mut battle = at(Phase::Melee);
    battle.record(Event::Engage { a: a(1), b: b(3) }).unwrap();
    let melee = Event::Melee {
        a: a(1),
        b: b(3),
        facts_a: MeleeFacts::default(),
        facts_b: MeleeFacts::default(),
        rough_ground: false,
        before_w24: false,
        dice: MeleeDice {
            a: white(&[6, 6, 6, 6, 6]),
            b: white(&[1, 1, 1]),
        },
    };
    let melee = battle
        .complete(melee, &mut herald::dice::SeededDice::new(3))
        .unwrap();
    battle.record(melee).unwrap();
    assert_eq!(unit(&battle, b(3)).morale, Morale::Broken);
    assert_eq!(
        battle.duties(),
        &[
            duty(b(3), Due::Flee),
            duty(a(1), Due::FollowUp { loser: b(3) })
        ]
    );
    battle
        .record(Event::Flee {
            unit: b(3),
            obstacle_stands: 0,
            dice: white(&[3, 3, 3, 3]),
        })
        .unwrap();
    assert!(battle.in_melee_with(a(1)).is_empty(), "2.4.11: it fled");
    assert!(
        battle.duties().is_empty(),
        "no follow-up of a unit that fled: {:?}",
        battle.duties()
    );
    let last = battle.last_entry().unwrap();
    assert!(
        last.explanation.to_string().contains("2.6.3"),
        "the flight says why the follow-up is gone: {}",
        last.explanation
    );
}
