//! A Parker's Warlord battle through the engine: the Lewes rosters, a
//! command phase (three initiative checks, one rolling a 1, one over; a
//! transfer; commands priced and paid in cards, one short; a move against
//! its allowance), undo and redo by replay, the save and its resume, the
//! report and the course of the battle.

use herald::battle::UnitId;
use herald::battle::parkers_warlord::{Battle, Event, ParkersWarlord, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::parkers_warlord::{Command, Order, Segment, Terrain};
use herald::store::parkers_warlord::roster::load_roster;
use herald::store::save::{SaveData, from_text, to_text};
use std::path::Path;

fn battle() -> Battle {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/parkers-warlord");
    let barons = load_roster(&dir.join("lewes-1264-baronial.toml"))
        .unwrap()
        .army;
    let royal = load_roster(&dir.join("lewes-1264-royal.toml"))
        .unwrap()
        .army;
    Battle::new(Setup::new(vec![barons], vec![royal]).unwrap())
}

fn a(n: usize) -> UnitId {
    UnitId::new(Side::A, n - 1)
}

fn command(unit: UnitId, command: Command, close: bool, cards: &[u32]) -> Event {
    Event::Command {
        unit,
        command,
        charge: false,
        close_proximity: close,
        modifiers: Vec::new(),
        cards: cards.to_vec(),
    }
}

fn hands(b: &Battle, side: Side) -> Vec<u32> {
    b.state().officers[side as usize]
        .iter()
        .map(|o| o.personality.hand)
        .collect()
}

/// The barons' (a) command phase.
/// Every personality of the side whose command phase it is makes his
/// initiative check, a 9 each: the turn does not end before (PW-3, PW-4).
fn check_all(b: &mut Battle) {
    for p in b.state().unchecked() {
        b.record(Event::Initiative {
            personality: p,
            dice: vec![9],
        })
        .unwrap();
    }
}

fn command_phase(b: &mut Battle) {
    // PW-4, PW-5: Simon de Montfort, SR 4: initiative 14; a 1 draws 5 and a bonus card.
    let e = b
        .record(Event::Initiative {
            personality: a(1),
            dice: vec![1],
        })
        .unwrap();
    assert!(e.summary.contains("bonus card, 6 held"), "{}", e.summary);
    // Transfers wait for every check (PW-3).
    let e = b.record(Event::Transfer {
        warlord: a(1),
        to: a(2),
    });
    assert!(e.unwrap_err().to_string().contains("still to check"));
    // PW-6: Henry de Montfort, SR 2: initiative 12; 19 is 7 over: 1 + 2 lost, from none held.
    let e = b
        .record(Event::Initiative {
            personality: a(2),
            dice: vec![19],
        })
        .unwrap();
    assert!(
        e.summary.contains("7 over, 3 lost, 0 held"),
        "{}",
        e.summary
    );
    // Gilbert de Clare, SR 3: 8 under 13, draws 3.
    b.record(Event::Initiative {
        personality: a(3),
        dice: vec![8],
    })
    .unwrap();
    assert_eq!(hands(b, Side::A), [6, 0, 3]);
    // PW-8: the Warlord gives Henry one card.
    b.record(Event::Transfer {
        warlord: a(1),
        to: a(2),
    })
    .unwrap();
    assert_eq!(hands(b, Side::A), [5, 1, 3]);
    let again = b.record(Event::Transfer {
        warlord: a(1),
        to: a(2),
    });
    assert!(again.unwrap_err().to_string().contains("EACH"));
    // PW-10: the London militia's maneuver, basic 2, +1 close proximity = 3; a 2 is short.
    let short = b.record(command(a(5), Command::Maneuver, true, &[2]));
    assert!(
        short.unwrap_err().to_string().contains("costs 3 CP"),
        "priced with its modifier"
    );
    let e = b
        .record(command(a(5), Command::Maneuver, true, &[2, 1]))
        .unwrap();
    assert!(e.summary.contains("for 3 CP, cards 2+1"), "{}", e.summary);
    // The baronial men-at-arms shoot for 1 with a 3: 2 points left this turn (PW-11).
    b.record(command(a(2), Command::Shoot, false, &[3]))
        .unwrap();
    assert_eq!(b.state().units[0][1].points_left, 2);
    // The Warlord is attached to his household (the banner unit): -1, a maneuver for 0.
    let e = b
        .record(command(a(1), Command::Maneuver, false, &[]))
        .unwrap();
    assert!(e.summary.contains("for 0 CP"), "{}", e.summary);
    assert!(b.state().officers[0][0].discount_used);
    // PW-13, PW-14: 6" move, closest enemy 20": 12"; 10" forward and 1" sideways cost 12".
    b.record(Event::Move {
        unit: a(1),
        charging: false,
        closest_enemy: Some(20.0),
        band_multiplier: None,
        segments: vec![
            Segment {
                inches: 10.0,
                forward: true,
                terrain: Terrain::Open,
            },
            Segment {
                inches: 1.0,
                forward: false,
                terrain: Terrain::Open,
            },
        ],
    })
    .unwrap();
    assert_eq!(hands(b, Side::A), [4, 1, 1]);
    b.record(Event::EndTurn).unwrap();
}

#[test]
fn a_command_phase_of_lewes() {
    let mut b = battle();
    command_phase(&mut b);
    let s = b.state();
    assert_eq!((s.turn, s.phase), (1, Phase::Command(Side::B)));
    assert_eq!(s.units[0][1].points_left, 0, "partial CPs lapse (PW-11)");
    // A repeat on the men-at-arms is refused while it is still a's turn only; b's turn now.
    let e = b.record(command(a(2), Command::Shoot, false, &[3]));
    assert!(
        e.unwrap_err()
            .to_string()
            .contains("side b's command phase")
    );
}

#[test]
fn a_unit_performs_each_command_once_a_turn() {
    let mut b = battle();
    for (p, d) in [(1, 5), (2, 5), (3, 5)] {
        b.record(Event::Initiative {
            personality: a(p),
            dice: vec![d],
        })
        .unwrap();
    }
    b.record(command(a(2), Command::Shoot, false, &[3]))
        .unwrap();
    let e = b.record(command(a(2), Command::Shoot, false, &[]));
    assert!(e.unwrap_err().to_string().contains("once each turn"));
    let e = b.record(Event::Initiative {
        personality: a(1),
        dice: vec![21],
    });
    assert!(e.is_err(), "a d20 has no 21, and the check is made");
    // Broken: rally needs a personality attached (PW-9); with Simon there, +1 and it rallies.
    // A unit that broke has its next turn's Maneuver lost (PW-9).
    b.record(Event::UnitState {
        unit: a(2),
        order: Order::Broken,
        lost_maneuver: true,
    })
    .unwrap();
    let e = b.record(command(a(2), Command::Rally, false, &[5]));
    assert!(e.unwrap_err().to_string().contains("attached"));
    b.record(Event::Attach {
        personality: a(1),
        unit: Some(a(2)),
    })
    .unwrap();
    let e = b
        .record(command(a(2), Command::Rally, false, &[2]))
        .unwrap();
    assert!(
        e.summary.contains("for 2 CP"),
        "2 +1 broken -1 Warlord: {}",
        e.summary
    );
    assert_eq!(b.state().units[0][1].unit.order, Order::Good);
}

#[test]
fn undo_then_redo_is_the_same_battle() {
    let mut b = battle();
    command_phase(&mut b);
    let end = b.state().clone();
    let n = b.events().len();
    for _ in 0..n {
        b.undo();
    }
    assert_eq!(hands(&b, Side::A), [0, 0, 0]);
    for _ in 0..n {
        b.redo().unwrap();
    }
    assert_eq!(b.state(), &end);
}

#[test]
fn a_save_reads_back_as_the_same_battle_and_goes_on() {
    let mut b = battle();
    command_phase(&mut b);
    b.record(Event::Personality {
        personality: UnitId::new(Side::B, 1),
        wounded: true,
        uncontrolled_actions: 2,
    })
    .unwrap();
    b.record(Event::BattleLine {
        personality: UnitId::new(Side::B, 0),
        command: Command::Maneuver,
        cost: 0,
        cards: vec![],
    })
    .unwrap_err();
    b.undo();
    let data = SaveData {
        name: "lewes".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("system = \"parkers_warlord\""), "{text}");
    let back = from_text::<ParkersWarlord>("lewes.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    let got = &back.data.battle;
    assert_eq!(got.setup(), data.battle.setup());
    assert_eq!(got.events(), data.battle.events());
    assert_eq!(got.undone(), data.battle.undone());
    assert_eq!(got.state(), data.battle.state());
    assert_eq!(to_text(&back.data), text, "written again, the same text");
    let mut resumed = back.data.battle;
    resumed.redo().unwrap();
    let edward = &resumed.state().officers[1][1].personality;
    assert!(edward.wounded && edward.uncontrolled_actions == 2);
    // PW-4: Lord Edward, SR 4, wounded, 2 uncontrolled: 14 - 5 - 2 = 7; a 7 succeeds.
    for (p, d) in [(0, 10), (1, 7), (2, 11)] {
        resumed
            .record(Event::Initiative {
                personality: UnitId::new(Side::B, p),
                dice: vec![d],
            })
            .unwrap();
    }
    assert_eq!(hands(&resumed, Side::B), [5, 3, 3]);
    // The king attached to his banner unit: a battle line maneuver of his household.
    let e = resumed
        .record(Event::BattleLine {
            personality: UnitId::new(Side::B, 0),
            command: Command::Maneuver,
            cost: 2,
            cards: vec![2],
        })
        .unwrap();
    assert!(e.summary.contains("1 unit"), "{}", e.summary);
}

#[test]
fn the_report_tells_the_phase() {
    let mut b = battle();
    command_phase(&mut b);
    let md = herald::battle::parkers_warlord::report::markdown(&b, "lewes");
    assert!(
        md.contains("bonus card") && md.contains("7 over") && md.contains("transfers a card"),
        "{md}"
    );
}

/// The course (issue 27): cards held against hand limits, counted by hand.
/// The barons hold 0 at the start (limits 5+3+3 = 11) and 4+1+1 = 6 after
/// their command phase; every unit stays in good order.
#[test]
fn the_course_counts_cards_held_against_hand_limits() {
    let mut b = battle();
    command_phase(&mut b);
    b.record(Event::UnitState {
        unit: UnitId::new(Side::B, 4),
        order: Order::Broken,
        lost_maneuver: true,
    })
    .unwrap();
    b.record(Event::Personality {
        personality: UnitId::new(Side::B, 1),
        wounded: true,
        uncontrolled_actions: 1,
    })
    .unwrap();
    check_all(&mut b);
    b.record(Event::EndTurn).unwrap();
    let course = b.course();
    let at: Vec<(u32, bool)> = course
        .points
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(at, [(0, false), (1, false), (2, true)]);
    assert_eq!(course.strength_name(), "cards held");
    assert_eq!(course.state_names(), ["Good order", "Disordered", "Broken"]);
    // PW-10's orders, not morale: the extract has none.
    assert_eq!(course.states_word, "Units by order");
    let figures = |p: usize, s: Side| -> (Vec<u32>, Vec<u32>) {
        let m = course.points[p].measure.side(s);
        (
            m.strength.iter().map(|f| f.value).collect(),
            m.states.iter().map(|f| f.value).collect(),
        )
    };
    assert_eq!(figures(0, Side::A), (vec![0, 11, 0, 0], vec![5, 0, 0]));
    assert_eq!(figures(1, Side::A), (vec![6, 11, 0, 0], vec![5, 0, 0]));
    // Side b's personalities made their checks (a 9 each) before its turn
    // ended (PW-3): 8 cards held, Edward's wound and uncontrolled action
    // (-6) putting his 9 over his initiative.
    assert_eq!(figures(1, Side::B), (vec![8, 11, 1, 1], vec![4, 0, 1]));
    assert!(
        !course.marks.is_empty(),
        "the crossbowmen broke, Edward was wounded"
    );
}

fn herald(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `herald new` makes the bundled Lewes battle with a house option, and
/// `herald log` reports it, with its charts.
#[test]
fn herald_new_makes_the_bundled_battle_and_log_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    let (code, _, err) = herald(&[
        "new",
        "lewes",
        "--side",
        "armies/parkers-warlord/lewes-1264-baronial.toml",
        "--side",
        "armies/parkers-warlord/lewes-1264-royal.toml",
        "--house",
        "over-loss=first_card_counts",
        "--saves",
        saves,
    ]);
    assert_eq!(code, 0, "{err}");
    let save = dir.path().join("lewes.toml");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("over_loss = \"first_card_counts\""), "{text}");
    let (code, out, err) = herald(&["log", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Simon de Montfort (Warlord): 0 of 5 cards")
            && out.contains("cards lost rolling over: first card counts"),
        "{out}"
    );
    let charts = dir.path().join("charts");
    let (code, _, err) = herald(&[
        "log",
        save.to_str().unwrap(),
        "--charts",
        charts.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(charts.join("lewes-strength.svg").exists());
}

/// PW-15: passing through a friend that maneuvered this command phase
/// disorders the passing unit; through one that did not, neither is.
#[test]
fn passing_through_friends() {
    let mut b = battle();
    for p in 1..=3 {
        b.record(Event::Initiative {
            personality: a(p),
            dice: vec![5],
        })
        .unwrap();
    }
    b.record(command(a(1), Command::Maneuver, false, &[]))
        .unwrap();
    let e = b
        .record(Event::PassThrough {
            passing: a(2),
            stationary: a(1),
            began_within_3: true,
        })
        .unwrap();
    assert!(e.summary.contains("disordered"), "{}", e.summary);
    assert_eq!(b.state().units[0][1].unit.order, Order::Disordered);
    let e = b
        .record(Event::PassThrough {
            passing: a(3),
            stationary: a(4),
            began_within_3: true,
        })
        .unwrap();
    assert!(e.summary.contains("neither"), "{}", e.summary);
    assert!(
        b.record(Event::PassThrough {
            passing: a(3),
            stationary: UnitId::new(Side::B, 0),
            began_within_3: true,
        })
        .is_err(),
        "an enemy is no friend"
    );
    let data = SaveData {
        name: "lewes".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("kind = \"pass_through\""), "{text}");
    let back = from_text::<ParkersWarlord>("lewes.toml", &text).unwrap();
    assert_eq!(back.data.battle.state(), data.battle.state());
}

/// PW-9: "Unit that impetuously charged, retired or broke are considered
/// to have already maneuver in their next turn": Herald gives the Maneuver
/// back when that next turn of its side ends, whichever side's turn it was
/// lost in.
#[test]
fn a_lost_maneuver_ends_with_the_units_next_turn() {
    let mut b = battle();
    let ours = UnitId::new(Side::A, 1);
    let theirs = UnitId::new(Side::B, 1);
    let lost = |b: &Battle, u: UnitId| b.state().units[u.side as usize][u.index].unit.lost_maneuver;
    // In side a's turn 1 one of its units charges impetuously, and one of
    // side b's breaks.
    for u in [ours, theirs] {
        let e = b
            .record(Event::UnitState {
                unit: u,
                order: Order::Good,
                lost_maneuver: true,
            })
            .unwrap();
        assert!(
            e.summary.contains("considered to have already maneuvered"),
            "{}",
            e.summary
        );
    }
    // Side a's turn 1 ends: both still lost (their next turns are to come).
    check_all(&mut b);
    b.record(Event::EndTurn).unwrap();
    assert!(lost(&b, ours) && lost(&b, theirs));
    // Side b's turn (its next) ends: its unit may maneuver again.
    check_all(&mut b);
    let e = b.record(Event::EndTurn).unwrap().clone();
    assert!(!lost(&b, theirs));
    assert!(lost(&b, ours), "side a's next turn is only beginning");
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("may maneuver again")),
        "{:?}",
        e.explanation
    );
    assert!(e.effects.iter().any(|f| f.field == "lost Maneuver"));
    // Side a's turn 2 (its next) ends: its unit too.
    check_all(&mut b);
    b.record(Event::EndTurn).unwrap();
    assert!(!lost(&b, ours));
    // Undo gives it back as it was.
    b.undo();
    assert!(lost(&b, ours));
}
