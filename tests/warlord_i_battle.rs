//! A Warlord I battle through `Battle<WarlordI>`: a whole Move of the
//! bundled Carrhae battle walked by `next_step()` with scripted dice, the
//! refusals of the sequence (CCPs short, a second waver test, acting out of
//! step), and the Move's bookkeeping (CCPs lapsing, dispersed bases).

#[path = "support/warlord_i_battle.rs"]
mod support;

use herald::battle::BattleError;
use herald::battle::UnitId;
use herald::battle::warlord_i::{
    Application, Battle, CoId, CommandFacts, Correction, Event, Phase, Step, TransferFacts,
    WaverCause,
};
use herald::dice::Dice;
use herald::rules::Side;
use herald::rules::warlord_i::{
    Activity, CoStatus, MeleeFacts, Morale, ShootingSituation, SidesDice, WaverSituation,
    WinnerMoves,
};
use support::{carrhae, play, step};

const A: Side = Side::A;
const B: Side = Side::B;

fn u(side: Side, n: usize) -> UnitId {
    UnitId::new(side, n - 1)
}

fn co(side: Side, n: usize) -> CoId {
    CoId::new(side, n - 1)
}

fn ccps(b: &Battle, c: CoId) -> u32 {
    b.co(c).unwrap().ccps
}

#[test]
fn a_whole_move_of_carrhae() {
    let mut b = carrhae();
    // 1. The order of play (Rule 26, WI-3): b rolls higher and moves first.
    assert_eq!(b.next_step(), Step::RollOrderOfPlay);
    step(&mut b, &[2, 5]);
    assert_eq!(b.player_1(), Some(B));
    assert_eq!(b.phase(), Phase::Command(B));

    // 2. Player 1 (the Parthians): command tests, C-in-C first (WI-5).
    assert_eq!(b.next_step(), Step::CommandTest(co(B, 1)));
    step(&mut b, &[4, 5, 6]);
    assert_eq!(ccps(&b, co(B, 1)), 15, "Surena: three dice, 4 + 5 + 6");
    assert_eq!(b.next_step(), Step::CommandTest(co(B, 2)));
    // Silaces receives 3 CCPs from 25 cm: 2 whole 10 cm lost (WI-5).
    play(
        &mut b,
        Event::CommandTest {
            co: co(B, 2),
            transfer: Some(TransferFacts {
                ccps: 3,
                distance_cm: 25,
            }),
            dice: Dice::default(),
        },
        &[3, 2],
    );
    assert_eq!(ccps(&b, co(B, 2)), 6, "5 of his own and 1 received");
    assert_eq!(
        ccps(&b, co(B, 1)),
        12,
        "the C-in-C's pool loses what he gives"
    );
    step(&mut b, &[2]);
    assert_eq!(ccps(&b, co(B, 3)), 2, "Abgar, one star");

    // Surena leads his cataphracts; he commands the horse archers and
    // declares the cataphracts' charge on the Gallic horse.
    play(
        &mut b,
        Event::Attach {
            co: co(B, 1),
            unit: Some(u(B, 1)),
        },
        &[],
    );
    play(
        &mut b,
        Event::Command {
            unit: u(B, 2),
            co: co(B, 1),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    assert_eq!(ccps(&b, co(B, 1)), 11, "veteran disciplined: Vd costs 1");
    play(
        &mut b,
        Event::Command {
            unit: u(B, 1),
            co: co(B, 1),
            application: Application::Attack,
            target: Some(u(A, 6)),
            facts: CommandFacts {
                distance_cm: 12,
                ..CommandFacts::default()
            },
        },
        &[],
    );
    assert_eq!(
        ccps(&b, co(B, 1)),
        9,
        "Vd 1 + 1 for a whole 10 cm from his base"
    );
    assert!(b.unit(u(B, 1)).unwrap().unit.is(Activity::Charging));
    assert!(b.unit(u(A, 6)).unwrap().unit.is(Activity::BeingCharged));
    // Abgar has 2 CCPs; the Osroenian horse (St) cost 3: refused (WI-6).
    let preview = b
        .command_cost(
            u(B, 9),
            co(B, 3),
            Application::Normal,
            None,
            CommandFacts::default(),
        )
        .unwrap();
    assert_eq!((preview.code, preview.cost()), ("St", 3));
    let short = b
        .record(Event::Command {
            unit: u(B, 9),
            co: co(B, 3),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        })
        .unwrap_err();
    assert!(
        short.to_string().contains("costs 3 CCPs")
            && short.to_string().contains("has 2 left")
            && short.to_string().contains("WI-6"),
        "{short}"
    );
    assert_eq!(ccps(&b, co(B, 3)), 2, "a refusal spends nothing");
    assert!(b.to_command(B).contains(&u(B, 9)));
    assert!(!b.to_command(B).contains(&u(B, 1)));
    // The side cannot move on before its recuperation step.
    assert_eq!(b.next_step(), Step::Recuperation(B));
    assert!(matches!(
        b.record(Event::NextPhase),
        Err(BattleError::OutOfTurn(_))
    ));
    step(&mut b, &[]);
    assert_eq!(b.next_step(), Step::EndCommand(B));
    step(&mut b, &[]);

    // 3. Player 2 (the Romans).
    assert_eq!(b.phase(), Phase::Command(A));
    assert_eq!(b.next_step(), Step::CommandTest(co(A, 1)));
    step(&mut b, &[3, 3]);
    step(&mut b, &[5, 1]);
    step(&mut b, &[2, 2]);
    assert_eq!(
        [ccps(&b, co(A, 1)), ccps(&b, co(A, 2)), ccps(&b, co(A, 3))],
        [6, 6, 4]
    );
    play(
        &mut b,
        Event::Command {
            unit: u(A, 9),
            co: co(A, 2),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    assert_eq!(ccps(&b, co(A, 2)), 4, "Publius' archers are Sd: 2");
    step(&mut b, &[]); // recuperation: nobody holds APs yet
    step(&mut b, &[]);

    // 4. Shooting: the household horse archers shoot at the first legion.
    assert_eq!(b.phase(), Phase::Shooting);
    assert_eq!(b.next_step(), Step::EndShooting);
    assert!(b.shooters().contains(&u(B, 2)) && b.shooters().contains(&u(A, 9)));
    play(
        &mut b,
        Event::Shooting {
            shooter: u(B, 2),
            target: u(A, 1),
            situation: ShootingSituation {
                range_cm: 10,
                ..ShootingSituation::default()
            },
            dice: Dice::default(),
        },
        &[6],
    );
    // 8 bases against 4 facing: +2; 1 extra NO rank: -1; bows at short
    // range: +2; HA against bows: DV 5. 6 + 3 - 5 = 4 hits (Rule 56, WI-17).
    let legion = &b.unit(u(A, 1)).unwrap().unit;
    assert_eq!((legion.aps, legion.bases), (4, 8));
    assert_eq!(
        b.flagged(),
        vec![u(A, 1)],
        "APs from shooting: a waver test (WI-13)"
    );
    // Publius' archers at the right-hand horse archers, long range: no hits.
    play(
        &mut b,
        Event::Shooting {
            shooter: u(A, 9),
            target: u(B, 3),
            situation: ShootingSituation {
                range_cm: 15,
                ..ShootingSituation::default()
            },
            dice: Dice::default(),
        },
        &[5],
    );
    assert_eq!(b.unit(u(B, 3)).unwrap().unit.aps, 0);
    let twice = b
        .record(Event::Shooting {
            shooter: u(A, 9),
            target: u(B, 3),
            situation: ShootingSituation {
                range_cm: 15,
                ..ShootingSituation::default()
            },
            dice: Dice::white(&[6]).unwrap(),
        })
        .unwrap_err();
    assert!(twice.to_string().contains("once"), "{twice}");
    step(&mut b, &[]);

    // 5. Waver tests: the flagged legion must test before the charges.
    assert_eq!(b.next_step(), Step::WaverTest(u(A, 1)));
    assert!(b.record(Event::NextPhase).is_err());
    step(&mut b, &[3, 4]);
    // 7 + 3 (class C) - 4 APs = 6: shaken (Rule 60); +1 AP for shaken
    // without a retreat (WI-8); shaken cannot recuperate: a base at 4 APs (WI-10).
    let legion = &b.unit(u(A, 1)).unwrap().unit;
    assert_eq!(legion.morale, Morale::Shaken);
    assert_eq!((legion.aps, legion.bases, legion.bases_lost), (3, 7, 1));
    assert!(legion.waver_tested);
    // A second test this Move is refused (Rule 58, WI-13).
    let again = b
        .record(Event::WaverTest {
            unit: u(A, 1),
            situation: WaverSituation::default(),
            dice: Dice::white(&[6, 6]).unwrap(),
        })
        .unwrap_err();
    assert!(again.to_string().contains("at most one a Move"), "{again}");
    let flag = b
        .record(Event::Flag {
            unit: u(A, 1),
            cause: WaverCause::Disaster,
        })
        .unwrap_err();
    assert!(flag.to_string().contains("WI-13"), "{flag}");
    assert_eq!(b.next_step(), Step::EndWaverTests);
    step(&mut b, &[]);

    // 6. Charges: the cataphracts reach the Gallic horse.
    assert_eq!(b.phase(), Phase::Charges);
    assert_eq!(
        b.charges(),
        vec![u(B, 1)],
        "the charge declared in b's step"
    );
    play(
        &mut b,
        Event::Engage {
            a: u(B, 1),
            b: u(A, 6),
        },
        &[],
    );
    assert_eq!(b.in_melee_with(u(A, 6)), vec![u(B, 1)]);
    assert!(b.charges().is_empty(), "contact completes it");
    assert_eq!(b.next_step(), Step::EndCharges);
    step(&mut b, &[]);

    // 7. Melees.
    assert_eq!(b.next_step(), Step::FightMelee(u(B, 1), u(A, 6)));
    let Event::Melee { facts_a, .. } = b.suggest() else {
        panic!("a melee is suggested")
    };
    assert!(facts_a.advancing && facts_a.general_leading);
    // Rule 79 from the record (issue 33 item 5): cavalry charging mounted
    // troops that do not charge them, advancing to contact.
    assert!(facts_a.charge_advantage && facts_a.contact_advantage);
    // The referee says the contact was not in the open: no contact advantage.
    let charging = MeleeFacts {
        contact_advantage: false,
        ..facts_a
    };
    let plan = b
        .melee_plan(u(B, 1), u(A, 6), &charging, &MeleeFacts::default(), false)
        .unwrap();
    assert_eq!((plan.round, plan.edge()), (1, 7));
    let odds = herald::odds::warlord_i::melee(&plan);
    // The melee's side b, the Gallic horse, loses whatever the dice.
    assert!(
        (odds.loser.probability(Some(B)) - 1.0).abs() < 1e-9,
        "{odds:?}"
    );
    play(
        &mut b,
        Event::Melee {
            a: u(B, 1),
            b: u(A, 6),
            facts_a: charging,
            facts_b: MeleeFacts::default(),
            simultaneous: false,
            dice: SidesDice::default(),
        },
        &[4, 3],
    );
    // Cataphracts: lance v spear equal (3), FA v LA +3, charge advantage
    // +2, lance superior to spear +1, general leading +1: 4 + 7 = 11 against 3.
    // 8 or more: the Gallic horse retreat, shaken, 4 extra APs and a DP;
    // bases go at 4 in melee (WI-10, WI-20); the cataphracts follow up (1 DP).
    let gauls = &b.unit(u(A, 6)).unwrap().unit;
    assert_eq!(gauls.morale, Morale::Shaken);
    assert_eq!((gauls.bases, gauls.bases_lost, gauls.aps), (5, 1, 3));
    let cataphracts = b.unit(u(B, 1)).unwrap();
    assert_eq!((cataphracts.unit.aps, cataphracts.unit.dps), (1, 1));
    assert_eq!(cataphracts.aps_this_move, 1);
    assert!(
        b.engagement(u(B, 1), u(A, 6)).is_some(),
        "followed up: still in melee"
    );
    assert_eq!(b.engagement(u(B, 1), u(A, 6)).unwrap().rounds, 1);
    assert_eq!(b.next_step(), Step::EndMelees);
    step(&mut b, &[]);

    // 8. Conclude: Surena's cataphracts incurred an AP: his wounding roll.
    assert_eq!(b.next_step(), Step::GeneralRisk(co(B, 1)));
    assert_eq!(
        b.general_risk_plan(co(B, 1))
            .unwrap()
            .situation
            .aps_this_move,
        1
    );
    assert!(b.record(Event::NextPhase).is_err());
    step(&mut b, &[6]);
    let surena = b.co(co(B, 1)).unwrap();
    assert!(
        surena.co.dispersed,
        "6 + 1 AP = 7: his base is dispersed (Rule 99)"
    );
    assert_eq!(surena.co.status, CoStatus::Well);
    assert_eq!(b.next_step(), Step::EndMove);
    step(&mut b, &[]);

    // Move 2: CCPs lapsed, tests counted afresh, the dispersal lasts.
    assert_eq!((b.turn(), b.phase()), (2, Phase::OrderOfPlay));
    assert_eq!(ccps(&b, co(B, 1)), 0);
    assert!(!b.unit(u(A, 1)).unwrap().unit.waver_tested);
    assert!(!b.unit(u(B, 1)).unwrap().unit.is(Activity::Charging));
    assert!(b.unit(u(A, 6)).unwrap().unit.is(Activity::InMelee));
    assert!(
        b.co(co(B, 1)).unwrap().co.dispersed,
        "this Move and the next"
    );
    // The whole Move, in the report.
    let report = herald::battle::warlord_i::report::markdown(&b, "carrhae");
    assert!(
        report.contains("## Move 1") && report.contains("### 7. Melees"),
        "{report}"
    );
    assert!(report.contains("dispersed"), "{report}");
}

#[test]
fn acting_out_of_step_is_refused_in_the_referees_words() {
    let mut b = carrhae();
    let shot = Event::Shooting {
        shooter: u(B, 2),
        target: u(A, 1),
        situation: ShootingSituation {
            range_cm: 10,
            ..ShootingSituation::default()
        },
        dice: Dice::white(&[6]).unwrap(),
    };
    let e = b.record(shot).unwrap_err();
    assert!(
        e.to_string().contains("shooting (Rule 25 step 4)") && e.to_string().contains("Move 1"),
        "{e}"
    );
    // Nothing but the order of play moves the first step on.
    assert!(b.record(Event::NextPhase).is_err());
    play(
        &mut b,
        Event::OrderOfPlay {
            winner_moves: WinnerMoves::Second,
            dice: SidesDice::default(),
        },
        &[4, 4],
    );
    assert_eq!(
        b.phase(),
        Phase::OrderOfPlay,
        "equal dice roll again (WI-3)"
    );
    play(
        &mut b,
        Event::OrderOfPlay {
            winner_moves: WinnerMoves::Second,
            dice: SidesDice::default(),
        },
        &[6, 1],
    );
    assert_eq!(b.player_1(), Some(B), "side a won and chose to move second");
    // Side a's CO may not test in side b's step.
    let e = b
        .record(Event::CommandTest {
            co: co(A, 1),
            transfer: None,
            dice: Dice::white(&[3, 3]).unwrap(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("side a's command"), "{e}");
    // A CO spends nothing before his test.
    let e = b
        .record(Event::Command {
            unit: u(B, 2),
            co: co(B, 1),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("no CCPs yet"), "{e}");
    // A divisional CO does not command another division's unit.
    step(&mut b, &[1, 1, 1]);
    step(&mut b, &[6, 6]);
    let e = b
        .record(Event::Command {
            unit: u(B, 2),
            co: co(B, 2),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("division's CO"), "{e}");
    // The C-in-C cannot give more than he has (WI-5).
    let e = b
        .record(Event::CommandTest {
            co: co(B, 3),
            transfer: Some(TransferFacts {
                ccps: 4,
                distance_cm: 0,
            }),
            dice: Dice::white(&[1]).unwrap(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("has 3 CCPs left"), "{e}");
    // A melee needs an engagement, and the melees step.
    let e = b
        .record(Event::Melee {
            a: u(B, 1),
            b: u(A, 6),
            facts_a: MeleeFacts::default(),
            facts_b: MeleeFacts::default(),
            simultaneous: false,
            dice: SidesDice {
                a: Dice::white(&[3]).unwrap(),
                b: Dice::white(&[3]).unwrap(),
            },
        })
        .unwrap_err();
    assert!(e.to_string().contains("melees (Rule 25 step 7)"), "{e}");
    // The state is as it was after every refusal.
    assert_eq!(ccps(&b, co(B, 1)), 3);
    assert_eq!(ccps(&b, co(B, 2)), 12);
}

#[test]
fn a_routed_unit_rolls_first_and_a_destroyed_one_is_a_disaster() {
    let mut b = carrhae();
    step(&mut b, &[1, 6]);
    play(
        &mut b,
        Event::Correct {
            unit: u(B, 8),
            correction: Correction::Morale(Morale::Routed),
        },
        &[],
    );
    assert_eq!(
        b.disasters().len(),
        1,
        "a rout starting is a disaster (WI-12)"
    );
    // A disaster: first its friends within 10 cm (WI-12, issue 33 item 1).
    assert_eq!(
        b.next_step(),
        Step::FriendsWithin10cm(herald::battle::warlord_i::Disaster::Routed(u(B, 8)))
    );
    step(&mut b, &[]);
    // Routs first: the routed levy rolls before any command test (WI-11).
    assert_eq!(b.next_step(), Step::Fugitives(u(B, 8)));
    step(&mut b, &[6]);
    // 6 + 3 (6 routing bases: 1 per 2) - 2 (routed) = 7 APs: a base per 4,
    // 2 APs off each (WI-10): 7 -> 5 -> 3, two bases gone.
    let levy = &b.unit(u(B, 8)).unwrap().unit;
    assert_eq!((levy.aps, levy.bases, levy.bases_lost), (3, 4, 2));
    // A second roll this Move is refused.
    let e = b
        .record(Event::FugitiveAttrition {
            unit: u(B, 8),
            situation: Default::default(),
            dice: Dice::white(&[1]).unwrap(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("once a Move"), "{e}");
    // The referee reports the last bases lost: destroyed, off the table.
    play(
        &mut b,
        Event::Correct {
            unit: u(B, 8),
            correction: Correction::Bases(0),
        },
        &[],
    );
    assert!(b.off_table().contains(&u(B, 8)));
    assert_eq!(b.disasters().len(), 2);
    step(&mut b, &[]); // its friends within 10 cm: none
    let d = b.departure(u(B, 8)).unwrap();
    assert!(
        d.dispersed,
        "taken off by the rules, not by the referee's hand"
    );
    // Silaces' division lost a unit: his command test costs 1 a die (WI-4).
    step(&mut b, &[6, 6, 6]);
    step(&mut b, &[4, 4]);
    assert_eq!(ccps(&b, co(B, 2)), 6, "4 - 1 and 4 - 1");
}

#[test]
fn rally_initiative_entry_surrender_and_a_general_killed() {
    let mut b = support::carrhae_with_initiative();
    step(&mut b, &[6, 1]);
    assert_eq!(b.phase(), Phase::Command(A));
    for (unit, c) in [
        (u(A, 1), Correction::Aps(3)),
        (u(A, 2), Correction::Aps(5)),
        (u(A, 2), Correction::Morale(Morale::Shaken)),
    ] {
        play(
            &mut b,
            Event::Correct {
                unit,
                correction: c,
            },
            &[],
        );
    }
    step(&mut b, &[6, 6]);
    step(&mut b, &[1, 1]);
    step(&mut b, &[3, 3]);
    // Crassus rallies the first legion: Sd 2 (rallying costs more only
    // for a routed unit, WI-6).
    play(
        &mut b,
        Event::Command {
            unit: u(A, 1),
            co: co(A, 1),
            application: Application::Rally,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    assert_eq!(ccps(&b, co(A, 1)), 10);
    // The light-armed on their own CO's initiative: Rd costs 3; one die,
    // 2 - 1 for the initiative = 1 CCP: it withdraws in disorder, +1 DP (WI-7).
    play(
        &mut b,
        Event::Initiative {
            unit: u(A, 4),
            co_activity: Vec::new(),
            facts: CommandFacts::default(),
            dice: Dice::default(),
        },
        &[2],
    );
    let light = b.unit(u(A, 4)).unwrap();
    assert_eq!(
        (light.unit.aps, light.unit.dps, light.initiative),
        (1, 1, Some(false))
    );
    assert!(
        b.record(Event::Initiative {
            unit: u(A, 4),
            co_activity: Vec::new(),
            facts: CommandFacts::default(),
            dice: Dice::white(&[6]).unwrap(),
        })
        .is_err(),
        "once a Move"
    );
    // Cassius' horse, off the table, enters led by Cassius (2 stars): 8 + 2 = 10 (Rule 47).
    play(
        &mut b,
        Event::Correct {
            unit: u(A, 11),
            correction: Correction::Removed(true),
        },
        &[],
    );
    assert!(
        !b.departure(u(A, 11)).unwrap().dispersed,
        "the referee's hand"
    );
    play(
        &mut b,
        Event::EnterField {
            unit: u(A, 11),
            facts: herald::battle::warlord_i::EnterFacts {
                led_by: Some(co(A, 3)),
                ..Default::default()
            },
            dice: Dice::default(),
        },
        &[4, 4],
    );
    assert!(!b.unit(u(A, 11)).unwrap().off_table());
    // Recuperation (WI-9, WI-10): the rallied legion loses 2 APs; the
    // shaken second legion cannot recuperate and loses a base at 4 APs;
    // the light-armed lose their DP.
    assert_eq!(b.next_step(), Step::Recuperation(A));
    step(&mut b, &[]);
    assert_eq!(b.unit(u(A, 1)).unwrap().unit.aps, 1);
    let second = &b.unit(u(A, 2)).unwrap().unit;
    assert_eq!((second.aps, second.bases, second.bases_lost), (3, 7, 1));
    let light = &b.unit(u(A, 4)).unwrap().unit;
    assert_eq!((light.aps, light.dps), (0, 0));
    step(&mut b, &[]);
    step(&mut b, &[1, 1, 1]);
    step(&mut b, &[1, 1]);
    step(&mut b, &[1]);
    step(&mut b, &[]);
    step(&mut b, &[]);
    assert_eq!(b.phase(), Phase::Shooting);
    step(&mut b, &[]);
    step(&mut b, &[]);
    assert_eq!(b.phase(), Phase::Charges);
    play(
        &mut b,
        Event::Engage {
            a: u(B, 1),
            b: u(A, 4),
        },
        &[],
    );
    step(&mut b, &[]);
    // The cataphracts against the light-armed: FA v LA +3, close order
    // against OO +2: 6 + 5 = 11 against 1. The light-armed's player
    // chooses to surrender (WI-20): they leave the table, prisoners.
    let Event::Melee { facts_a, .. } = b.suggest() else {
        panic!("a melee is suggested")
    };
    play(
        &mut b,
        Event::Melee {
            a: u(B, 1),
            b: u(A, 4),
            facts_a,
            facts_b: MeleeFacts {
                response: herald::rules::warlord_i::Response::Surrender,
                ..MeleeFacts::default()
            },
            simultaneous: false,
            dice: SidesDice::default(),
        },
        &[6, 1],
    );
    let light = b.unit(u(A, 4)).unwrap();
    assert!(light.surrendered && light.off_table());
    assert!(
        b.departure(u(A, 4)).unwrap().dispersed,
        "taken off by the rules"
    );
    assert!(b.in_melee_with(u(B, 1)).is_empty());
    assert_eq!(
        b.disasters(),
        &[herald::battle::warlord_i::Disaster::Surrendered(u(A, 4))]
    );
    step(&mut b, &[]); // its friends within 10 cm: none (WI-12)
    step(&mut b, &[]);
    // Conclude: Crassus is with the first legion, which took 4 DPs this
    // Move: 6 + 4 = 10, killed (Rule 99, WI-21), a disaster (WI-12).
    play(
        &mut b,
        Event::Attach {
            co: co(A, 1),
            unit: Some(u(A, 1)),
        },
        &[],
    );
    play(
        &mut b,
        Event::Attrition {
            unit: u(A, 1),
            gains: herald::rules::warlord_i::AttritionGains {
                disorder: 4,
                ..Default::default()
            },
        },
        &[],
    );
    assert_eq!(b.unit(u(A, 1)).unwrap().aps_this_move, 4);
    assert_eq!(b.next_step(), Step::GeneralRisk(co(A, 1)));
    step(&mut b, &[6]);
    assert_eq!(b.co(co(A, 1)).unwrap().co.status, CoStatus::Killed);
    assert_eq!(b.disasters().len(), 2);
    step(&mut b, &[]); // his friends within 10 cm: none (WI-12)
    step(&mut b, &[]);
    assert!(
        b.disasters().is_empty(),
        "a disaster counts for its Move (WI-12)"
    );
    // Move 2: his successor tests with his stars at -2 a die, and -1 for
    // the unit his division lost (WI-4); his units cost 1 more (WI-6).
    step(&mut b, &[6, 1]);
    step(&mut b, &[6, 5]);
    assert_eq!(ccps(&b, co(A, 1)), 3 + 2);
    play(
        &mut b,
        Event::Command {
            unit: u(A, 1),
            co: co(A, 1),
            application: Application::Normal,
            target: None,
            facts: CommandFacts::default(),
        },
        &[],
    );
    assert_eq!(ccps(&b, co(A, 1)), 2, "Sd 2 + 1 for the lost CO base");
}
