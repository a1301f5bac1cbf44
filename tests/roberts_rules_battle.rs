//! A Robert's Rules half-turn through the engine, with the text's own
//! forces (the bundled armies): an Action Roll failing and ending the
//! spearmen's Actions (RR-9), the crossbowmen's automatic Missile Fire
//! disrupting the cavalry (the worked example's five attacks, RR-11,
//! RR-16), a simultaneous melee with Push Back and Pursuit (RR-19 to
//! RR-21), a second melee costing the cavalry a stand, its Break Check
//! failing and the nearby spearmen checking (RR-13, RR-14); undo and redo
//! by replay; the save read back; the report and the course.

use herald::battle::UnitId;
use herald::battle::roberts_rules::{Battle, Event, Phase, RobertsRules, Setup, Step};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::roberts_rules::{Action, BreakCause, MoraleCause, Named};
use herald::store::roberts_rules::army::load_army;
use herald::store::save::{SaveData, from_text, to_text};
use std::path::Path;

fn battle() -> Battle {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/roberts-rules");
    let a = load_army(&dir.join("spearmen-and-cavalry.toml"))
        .unwrap()
        .army;
    let b = load_army(&dir.join("crossbowmen.toml")).unwrap().army;
    Battle::new(Setup::new(vec![a], vec![b]).unwrap())
}

const SPEARMEN: UnitId = UnitId {
    side: Side::A,
    index: 0,
};
const CAVALRY_A: UnitId = UnitId {
    side: Side::A,
    index: 1,
};
const CAVALRY_B: UnitId = UnitId {
    side: Side::A,
    index: 2,
};
const CROSSBOWS: UnitId = UnitId {
    side: Side::B,
    index: 0,
};

fn m(name: &str, value: i32) -> Named {
    Named {
        name: name.into(),
        value,
    }
}

fn action(unit: UnitId, action: Action, dice: &[u8]) -> Event {
    Event::Action {
        unit,
        action,
        general_free_action: false,
        breakthrough: false,
        modifiers: vec![],
        dice: dice.to_vec(),
    }
}

fn step(b: &Battle) -> Step {
    b.state().phase.step().unwrap()
}

/// The half-turn, player a Acting.
fn half_turn(b: &mut Battle) {
    b.record(Event::Begin { acting: Side::A }).unwrap();
    assert_eq!(
        b.state().phase,
        Phase::Half {
            half: 1,
            acting: Side::A,
            step: Step::Action
        }
    );
    // RR-7: Militia -1, Swift +1, Captain +1: 3+3+1 = 7, under 8: failed.
    let e = b
        .record(action(SPEARMEN, Action::Movement, &[3, 3]))
        .unwrap();
    assert!(e.summary.contains("7, failed"), "{}", e.summary);
    assert!(b.state().units[0][0].failed);
    // RR-9: no further Actions this phase.
    let err = b
        .record(action(SPEARMEN, Action::ChangeFace, &[6, 6]))
        .unwrap_err();
    assert!(err.to_string().contains("RR-9"), "{err}");
    // Elite +1: 4+4+1 = 9.
    b.record(action(CAVALRY_A, Action::Movement, &[4, 4]))
        .unwrap();
    b.record(Event::EndPhase).unwrap();
    assert_eq!(step(b), Step::Reaction);
    // The worked example: +3 MAV -4 DV +1 +1 +1 = +2; 6, 11, 8, 12, 6 give
    // 8, 13, 10, 14, 8: Disrupted, two hits (RR-16). Automatic: Formed
    // troops firing in the Reaction Phase (RR-11).
    let e = b
        .record(Event::Missile {
            shooter: CROSSBOWS,
            target: CAVALRY_A,
            modifiers: vec![
                m("armor_piercing", 1),
                m("target_size", 1),
                m("mounted_target", 1),
            ],
            attacks: vec![vec![3, 3], vec![5, 6], vec![4, 4], vec![6, 6], vec![2, 4]],
        })
        .unwrap();
    assert!(e.summary.contains("Disrupted, 2 hits"), "{}", e.summary);
    let cav = &b.state().units[0][1].unit;
    assert!(cav.disrupted);
    assert_eq!((cav.hits_lost, cav.stands), (2, 3));
    // Not the Acting player's fire in the Reaction Phase.
    let err = b
        .record(Event::Missile {
            shooter: UnitId::new(Side::A, 3),
            target: CROSSBOWS,
            modifiers: vec![],
            attacks: vec![vec![6, 6]],
        })
        .unwrap_err();
    assert!(err.to_string().contains("player b fires"), "{err}");
    b.record(Event::EndPhase).unwrap();
    b.record(Event::EndPhase).unwrap();
    b.record(Event::EndPhase).unwrap();
    assert_eq!(step(b), Step::Combat);
    // Cavalry B against the crossbowmen, simultaneous: 8 +3 +1 (charge) = 12
    // against 3 +1 = 4: only the 12 counts, one hit and a Push Back (RR-18, RR-19).
    let e = b
        .record(Event::Melee {
            a: CAVALRY_B,
            b: CROSSBOWS,
            simultaneous: true,
            can_retreat: [true, true],
            modifiers: [vec![m("charge", 1)], vec![]],
            dice: [vec![4, 4], vec![1, 2]],
        })
        .unwrap();
    assert!(
        e.summary.contains("Crossbowmen Pushed Back, 1 hit"),
        "{}",
        e.summary
    );
    assert!(b.state().units[1][0].pushed_back);
    // A Pursuit attack waits for the Pursuit Action Roll (RR-20).
    let pursue = Event::PursuitAttack {
        unit: CAVALRY_B,
        target: CROSSBOWS,
        modifiers: vec![m("lance_point_lost", -1)],
        chart_hits: None,
        dice: vec![5, 6],
    };
    assert!(b.record(pursue.clone()).is_err());
    // Elite +1, Captain (the General) +1, mounted pursuing +1: 4+3+3 = 10.
    let e = b
        .record(action(CAVALRY_B, Action::Pursuit, &[4, 3]))
        .unwrap();
    assert!(e.summary.contains("10, success"), "{}", e.summary);
    // 11 +3 -1 = 13: three hits (RR-21).
    let e = b.record(pursue).unwrap();
    assert!(e.summary.contains("13, 3 hits"), "{}", e.summary);
    assert_eq!(b.state().units[1][0].unit.hits_lost, 4);
    // The disrupted cavalry A against the crossbowmen: 6+6 -1 +1 (Disrupted
    // enemy) +1 = 13 against 1+1 +3 = 5: two hits, 4 of 6: one stand lost.
    let e = b
        .record(Event::Melee {
            a: CROSSBOWS,
            b: CAVALRY_A,
            simultaneous: true,
            can_retreat: [true, true],
            modifiers: [vec![m("rear_rank", 1)], vec![]],
            dice: [vec![6, 6], vec![1, 1]],
        })
        .unwrap();
    assert!(e.summary.contains("Pushed Back, 2 hits"), "{}", e.summary);
    let cav = &b.state().units[0][1];
    assert_eq!(
        (cav.unit.hits_lost, cav.unit.stands, cav.stands_lost),
        (4, 2, 1)
    );
    assert!(cav.unit.demoralized());
    // RR-14: the Combat Phase waits for its Break Checks.
    assert_eq!(
        b.state().checks_due(),
        vec![(CAVALRY_A, BreakCause::StandsLost)]
    );
    let err = b.record(Event::EndPhase).unwrap_err();
    assert!(err.to_string().contains("must make a Break Check"), "{err}");
    // -1 stand lost, -1 Demoralized: 3+2-2 = 3: routs (RR-13).
    let e = b
        .record(Event::BreakCheck {
            unit: CAVALRY_A,
            cause: BreakCause::StandsLost,
            routed_unit_formed: true,
            modifiers: vec![],
            dice: vec![3, 2],
        })
        .unwrap();
    assert!(e.summary.contains("3, routs"), "{}", e.summary);
    assert!(e.effects.iter().any(|f| f.leaves_table));
    assert!(b.state().units[0][1].routed);
    // RR-14: "nearby" is the referee's: the phase waits for him to name
    // the units nearby; Herald does not guess them.
    assert_eq!(b.state().nearby_due, vec![CAVALRY_A]);
    let err = b.record(Event::EndPhase).unwrap_err();
    assert!(
        err.to_string().contains("name the friendly units nearby"),
        "{err}"
    );
    // A unit of the other side is no friend of the routed unit.
    let err = b
        .record(Event::Nearby {
            source: Some(CAVALRY_A),
            cause: BreakCause::NearbyRout,
            units: vec![CROSSBOWS],
        })
        .unwrap_err();
    assert!(err.to_string().contains("not a friend"), "{err}");
    let e = b
        .record(Event::Nearby {
            source: Some(CAVALRY_A),
            cause: BreakCause::NearbyRout,
            units: vec![SPEARMEN],
        })
        .unwrap();
    assert!(
        e.summary.contains("Militia spearmen (a1) owe"),
        "{}",
        e.summary
    );
    assert!(b.state().nearby_due.is_empty());
    // Each named unit's check is a step the phase waits for.
    assert_eq!(
        b.state().checks_due(),
        vec![(SPEARMEN, BreakCause::NearbyRout)]
    );
    assert!(b.record(Event::EndPhase).is_err());
    // The spearmen nearby check: Captain +1: 4+3+1 = 8 holds.
    let e = b
        .record(Event::BreakCheck {
            unit: SPEARMEN,
            cause: BreakCause::NearbyRout,
            routed_unit_formed: true,
            modifiers: vec![],
            dice: vec![4, 3],
        })
        .unwrap();
    assert!(e.summary.contains("8, holds"), "{}", e.summary);
    assert!(b.state().checks_due().is_empty());
    b.record(Event::EndPhase).unwrap();
    assert_eq!(
        b.state().phase,
        Phase::Half {
            half: 2,
            acting: Side::B,
            step: Step::Action
        }
    );
    assert!(!b.state().units[1][0].unit.disrupted);
}

#[test]
fn a_half_turn_of_the_texts_forces() {
    let mut b = battle();
    half_turn(&mut b);
}

#[test]
fn undo_then_redo_is_the_same_battle() {
    let mut b = battle();
    half_turn(&mut b);
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
fn a_save_reads_back_as_the_same_battle_and_goes_on() {
    let mut b = battle();
    half_turn(&mut b);
    b.record(action(CROSSBOWS, Action::Movement, &[6, 2]))
        .unwrap();
    b.undo();
    let data = SaveData {
        name: "example".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("system = \"roberts_rules\""), "{text}");
    let back = from_text::<RobertsRules>("example.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    let got = &back.data.battle;
    assert_eq!(got.setup(), data.battle.setup());
    assert_eq!(got.events(), data.battle.events());
    assert_eq!(got.undone(), data.battle.undone());
    assert_eq!(got.state(), data.battle.state());
    assert_eq!(to_text(&back.data), text, "written again, the same text");
    let mut resumed = back.data.battle;
    resumed.redo().unwrap();
    assert_eq!(resumed.state().units[1][0].actions, 1);
}

#[test]
fn the_report_tells_the_half_turn() {
    let mut b = battle();
    half_turn(&mut b);
    let md = herald::battle::roberts_rules::report::markdown(&b, "example");
    assert!(
        md.contains("Break Check") && md.contains("routed") && md.contains("half-turn 2"),
        "{md}"
    );
}

/// RR-14: a unit failing a nearby-rout check takes a hit per stand; when
/// that costs it stands it is broken and must check again, past the
/// once-a-phase limit; its second failure routs it.
#[test]
fn a_broken_unit_that_lost_stands_checks_again() {
    let mut b = battle();
    b.record(Event::Begin { acting: Side::A }).unwrap();
    for _ in 0..4 {
        b.record(Event::EndPhase).unwrap();
    }
    // The crossbowmen take 1 hit pushed back by cavalry B (12 against 4).
    b.record(Event::Melee {
        a: CAVALRY_B,
        b: CROSSBOWS,
        simultaneous: true,
        can_retreat: [true, true],
        modifiers: [vec![m("charge", 1)], vec![]],
        dice: [vec![4, 4], vec![1, 2]],
    })
    .unwrap();
    // The referee says a unit of theirs routed nearby (here: the check is
    // called on the crossbowmen): 1+1 = 2 fails, 10 hits: 11 of 20, one
    // beyond half: one stand lost, broken, a new check owed.
    let e = b
        .record(Event::BreakCheck {
            unit: CROSSBOWS,
            cause: BreakCause::NearbyRout,
            routed_unit_formed: true,
            modifiers: vec![],
            dice: vec![1, 1],
        })
        .unwrap();
    assert!(e.summary.contains("broken"), "{}", e.summary);
    let t = &b.state().units[1][0];
    assert_eq!((t.unit.hits_lost, t.unit.stands), (11, 9));
    assert!(t.broken && t.check_again);
    assert_eq!(
        b.state().checks_due(),
        vec![(CROSSBOWS, BreakCause::BrokenStandsLost)]
    );
    assert!(b.record(Event::EndPhase).is_err());
    // -1 stand lost, -1 Demoralized: 5+1-2 = 4: routs.
    let e = b
        .record(Event::BreakCheck {
            unit: CROSSBOWS,
            cause: BreakCause::BrokenStandsLost,
            routed_unit_formed: true,
            modifiers: vec![],
            dice: vec![5, 1],
        })
        .unwrap();
    assert!(e.summary.contains("routs"), "{}", e.summary);
    assert!(b.state().checks_due().is_empty());
    // The referee names no unit nearby the crossbowmen's rout (RR-14).
    let e = b
        .record(Event::Nearby {
            source: Some(CROSSBOWS),
            cause: BreakCause::NearbyRout,
            units: vec![],
        })
        .unwrap();
    assert!(
        e.summary.contains("the rout of Crossbowmen (b1): none"),
        "{}",
        e.summary
    );
    b.record(Event::EndPhase).unwrap();
}

/// The course of the battle (issue 27), counted by hand over the half-turn:
/// side a's Hits are 2 x (9 + 3 + 3 + 1 + 18) = 68, side b's 2 x 10 = 20.
/// Cavalry A lost 2 hits to the crossbows and 2 in melee, then routed (its
/// 6 Hits count for nothing left); the crossbowmen lost 1 + 3.
#[test]
fn the_course_of_the_half_turn_matches_a_hand_count() {
    let mut b = battle();
    half_turn(&mut b);
    let course = b.course();
    assert_eq!(course.turn_word, "Turn");
    assert_eq!(course.strength_name(), "Hits left");
    let at: Vec<(u32, bool)> = course
        .points
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(at, [(0, false), (1, true)]);
    assert_eq!(course.strength(Side::A), [68, 62]);
    assert_eq!(course.strength(Side::B), [20, 16]);
    let last = &course.points[1].measure;
    let values = |s: Side| -> (Vec<u32>, Vec<u32>) {
        let m = last.side(s);
        (
            m.strength.iter().map(|f| f.value).collect(),
            m.states.iter().map(|f| f.value).collect(),
        )
    };
    // a: 4 hits lost of 68; 34 stands less cavalry A's 3 (gone) = 31 left;
    // 21 units in good order, Cavalry A routed.
    assert_eq!(values(Side::A), (vec![62, 4, 68, 31], vec![21, 0, 0, 1]));
    assert_eq!(values(Side::B), (vec![16, 4, 20, 10], vec![1, 0, 0, 0]));
    assert_eq!(
        course.state_names(),
        ["In good order", "Demoralized", "Broken", "Routed"]
    );
    assert_eq!(
        last.side(Side::A).fallen,
        ["Elite heavy cavalry A (a2) routed"]
    );
}

/// `herald log --charts` writes this system's charts from its measure.
#[test]
fn herald_log_charts_a_saved_half_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut b = battle();
    half_turn(&mut b);
    let data = SaveData {
        name: "example".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let save = dir.path().join("example.toml");
    std::fs::write(&save, to_text(&data)).unwrap();
    let out = dir.path().join("report");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .args([
            "log",
            save.to_str().unwrap(),
            "--charts",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let md = std::fs::read_to_string(out.join("example.md")).unwrap();
    assert!(
        md.contains("![Hits left by Turn](example-strength.svg)"),
        "{md}"
    );
    assert!(md.contains("Elite heavy cavalry A (a2) routed"), "{md}");
    assert!(out.join("example-morale.svg").is_file());
}

/// Up to the Charge Phase, player a Acting, with cavalry A Disrupted by
/// the crossbowmen's volley (the worked example, RR-16, RR-17).
fn to_the_charge(b: &mut Battle) {
    b.record(Event::Begin { acting: Side::A }).unwrap();
    // Charging: the cavalry stopped within its base depth and is declared.
    b.record(Event::DeclareCharge {
        unit: CAVALRY_A,
        target: CROSSBOWS,
    })
    .unwrap();
    b.record(Event::EndPhase).unwrap();
    b.record(Event::Missile {
        shooter: CROSSBOWS,
        target: CAVALRY_A,
        modifiers: vec![
            m("armor_piercing", 1),
            m("target_size", 1),
            m("mounted_target", 1),
        ],
        attacks: vec![vec![3, 3], vec![5, 6], vec![4, 4], vec![6, 6], vec![2, 4]],
    })
    .unwrap();
    b.record(Event::EndPhase).unwrap();
    b.record(Event::EndPhase).unwrap();
    assert_eq!(step(b), Step::Charge);
}

fn morale(unit: UnitId, cause: MoraleCause, reason: &str, dice: &[u8]) -> Event {
    Event::MoraleCheck {
        unit,
        cause,
        reason: reason.to_string(),
        modifiers: vec![],
        dice: dice.to_vec(),
    }
}

/// RR-12, the worked example: the Disrupted cavalry are Reluctant and must
/// pass a Morale Check to charge; no modifiers apply; "He rolls an "8,"
/// and the cavalry moves into contact". Only a Reluctant or Disrupted unit
/// checks, once a phase, in the Charge Phase; a check the referee calls
/// needs his reason.
#[test]
fn a_disrupted_unit_checks_its_morale_to_lead_a_charge() {
    let mut b = battle();
    b.record(Event::Begin { acting: Side::A }).unwrap();
    // Not in the Action Phase.
    let err = b
        .record(morale(CAVALRY_A, MoraleCause::LeadCharge, "", &[4, 4]))
        .unwrap_err();
    assert!(err.to_string().contains("Charge Phase"), "{err}");
    let mut b = battle();
    to_the_charge(&mut b);
    // Cavalry B is neither Reluctant nor Disrupted: no check.
    let err = b
        .record(morale(CAVALRY_B, MoraleCause::LeadCharge, "", &[4, 4]))
        .unwrap_err();
    assert!(
        err.to_string().contains("neither Reluctant nor Disrupted"),
        "{err}"
    );
    let e = b
        .record(morale(CAVALRY_A, MoraleCause::LeadCharge, "", &[5, 3]))
        .unwrap();
    assert!(
        e.summary.contains("to lead a charge), 8, passed"),
        "{}",
        e.summary
    );
    assert_eq!(e.rolls.len(), 1);
    assert_eq!(b.state().units[0][1].lead_charge, Some(true));
    // Once a phase.
    let err = b
        .record(morale(CAVALRY_A, MoraleCause::LeadCharge, "", &[6, 6]))
        .unwrap_err();
    assert!(
        err.to_string().contains("has made its Morale Check"),
        "{err}"
    );
    // A check the referee calls: refused without his reason; the Captain
    // attached to the spearmen counts (+1, RR-12): 3+2+1 = 6 fails.
    let err = b
        .record(morale(SPEARMEN, MoraleCause::Referee, " ", &[3, 2]))
        .unwrap_err();
    assert!(err.to_string().contains("say why"), "{err}");
    let e = b
        .record(morale(
            SPEARMEN,
            MoraleCause::Referee,
            "the rulebook's rout of the baggage",
            &[3, 2],
        ))
        .unwrap();
    assert!(
        e.summary
            .contains("Morale Check (the rulebook's rout of the baggage), 6, failed"),
        "{}",
        e.summary
    );
    // A failed check to lead a charge: the stands stay behind; the
    // result ends with the phase.
    b.undo();
    b.undo();
    let e = b
        .record(morale(CAVALRY_A, MoraleCause::LeadCharge, "", &[3, 3]))
        .unwrap();
    assert!(e.summary.contains("6, failed"), "{}", e.summary);
    assert!(
        e.explanation
            .lines
            .iter()
            .any(|l| l.text.contains("does not lead the charge")),
        "{:?}",
        e.explanation
    );
    b.record(Event::EndPhase).unwrap();
    assert_eq!(b.state().units[0][1].lead_charge, None);
    // Saved and read back.
    let data = SaveData {
        name: "charge".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(text.contains("kind = \"morale_check\""), "{text}");
    let back =
        from_text::<RobertsRules>("charge.toml", &text).unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    assert_eq!(back.data.battle.events(), data.battle.events());
    assert_eq!(back.data.battle.state(), data.battle.state());
}

/// The referee corrects hits and stands by hand, with his reason: checked
/// against the unit's Hits and stands, kept in the save and the report as
/// a correction, owing no Break Check.
#[test]
fn a_correction_by_hand_is_kept_with_its_reason() {
    let mut b = battle();
    to_the_charge(&mut b);
    let fix = |hits_lost: u32, stands: u32, reason: &str| Event::Correction {
        unit: CAVALRY_A,
        hits_lost,
        stands,
        reason: reason.to_string(),
    };
    let err = b.record(fix(3, 3, "")).unwrap_err();
    assert!(err.to_string().contains("say why"), "{err}");
    let err = b.record(fix(7, 3, "x")).unwrap_err();
    assert!(err.to_string().contains("hits lost are 0 to 6"), "{err}");
    let err = b.record(fix(3, 4, "x")).unwrap_err();
    assert!(err.to_string().contains("1 to 3"), "{err}");
    let err = b.record(fix(2, 3, "x")).unwrap_err();
    assert!(err.to_string().contains("nothing to correct"), "{err}");
    // One more hit than the volley scored, and a stand gone: Demoralized.
    let e = b
        .record(fix(4, 2, "the third hit was missed at the table"))
        .unwrap();
    assert!(
        e.summary
            .contains("correction by the referee: Elite heavy cavalry A hits lost 2 → 4, stands 3 → 2 (the third hit was missed at the table)"),
        "{}",
        e.summary
    );
    let t = &b.state().units[0][1];
    assert_eq!((t.unit.hits_lost, t.unit.stands), (4, 2));
    assert!(t.unit.demoralized());
    assert_eq!(t.stands_lost, 0, "a correction owes no Break Check");
    let md = herald::battle::roberts_rules::report::markdown(&b, "charge");
    assert!(md.contains("correction by the referee"), "{md}");
    let data = SaveData {
        name: "charge".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    assert!(
        text.contains("reason = \"the third hit was missed at the table\""),
        "{text}"
    );
    let back =
        from_text::<RobertsRules>("charge.toml", &text).unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    assert_eq!(back.data.battle.state(), data.battle.state());
    assert_eq!(to_text(&back.data), text);
}

/// RR-15: an unattached Captain eliminated: the referee names the units
/// that must check; a Fanatic or already-checked unit is exempt by the
/// rules, not by Herald's guess; the nearby naming is saved.
#[test]
fn units_nearby_an_eliminated_captain_are_the_referees() {
    let mut b = battle();
    b.record(Event::Begin { acting: Side::A }).unwrap();
    for _ in 0..4 {
        b.record(Event::EndPhase).unwrap();
    }
    let e = b
        .record(Event::Nearby {
            source: None,
            cause: BreakCause::CaptainEliminated,
            units: vec![SPEARMEN, CAVALRY_B],
        })
        .unwrap();
    assert!(
        e.summary.contains("eliminated unattached Captain"),
        "{}",
        e.summary
    );
    assert_eq!(
        b.state().checks_due(),
        vec![
            (SPEARMEN, BreakCause::CaptainEliminated),
            (CAVALRY_B, BreakCause::CaptainEliminated)
        ]
    );
    // Units of both sides are not one Captain's friends.
    b.undo();
    assert!(
        b.record(Event::Nearby {
            source: None,
            cause: BreakCause::CaptainEliminated,
            units: vec![SPEARMEN, CROSSBOWS],
        })
        .is_err()
    );
    let data = SaveData {
        name: "captain".to_string(),
        dice: SeededDice::new(7).position(),
        battle: b,
    };
    let text = to_text(&data);
    let back = from_text::<RobertsRules>("captain.toml", &text)
        .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    assert_eq!(back.data.battle.events(), data.battle.events());
}
