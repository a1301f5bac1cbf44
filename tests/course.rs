//! The course of the battle (issue 27): each system's measure against a hand
//! count over a scripted battle, the course derived from the events alone,
//! and the console's course view at 80×24 and 120×40, with and without colour.

#[path = "support/course.rs"]
mod support;

use herald::battle::UnitId;
use herald::battle::course::{Course, Figure, Mark};
use herald::rules::Side;
use std::path::Path;
use support::{a, b, hastings, three_turns};

fn figures(list: &[(&'static str, u32)]) -> Vec<Figure> {
    list.iter().map(|&(n, v)| Figure::new(n, v)).collect()
}

fn morale(berserk: u32, ready: u32, worn: u32, broken: u32, dispersed: u32) -> Vec<Figure> {
    figures(&[
        ("Berserk", berserk),
        ("Ready", ready),
        ("Worn", worn),
        ("Broken", broken),
        ("Dispersed", dispersed),
    ])
}

#[test]
fn warlords_measure_matches_a_hand_count_over_three_turns() {
    let course = three_turns().course();
    assert_eq!(course.turn_word, "Turn");
    assert_eq!(course.sides, ["Norman".to_string(), "English".to_string()]);
    let turns: Vec<(u32, bool)> = course
        .points
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(turns, [(0, false), (1, false), (2, false), (3, true)]);
    // Stands on the table, by hand: a 76, 76, 76-3, 73-6; b 92, 92-2, 90-10, 80.
    assert_eq!(course.strength(Side::A), [76, 76, 73, 67]);
    assert_eq!(course.strength(Side::B), [92, 90, 80, 80]);
    let cf = |side: Side| -> Vec<u32> {
        course
            .points
            .iter()
            .map(|p| p.measure.side(side).strength[1].value)
            .collect()
    };
    assert_eq!(
        course.points[0].measure.side(Side::A).strength[1].name,
        "casualty figures"
    );
    assert_eq!(cf(Side::A), [0, 0, 0, 0]);
    assert_eq!(cf(Side::B), [0, 3, 3, 5]);
    let states = |side: Side| -> Vec<Vec<Figure>> {
        course
            .points
            .iter()
            .map(|p| p.measure.side(side).states.clone())
            .collect()
    };
    // A unit taken off the table keeps the morale it left with.
    assert_eq!(states(Side::A), vec![morale(0, 13, 0, 0, 0); 4]);
    assert_eq!(
        states(Side::B),
        [
            morale(0, 12, 0, 0, 0),
            morale(0, 11, 0, 1, 0),
            morale(0, 11, 0, 0, 1),
            morale(0, 10, 1, 0, 1),
        ]
    );
    assert_eq!(
        course.marks,
        [
            Mark {
                turn: 1,
                side: Side::B,
                what: "Select fyrd of Wessex (b4) broke".into()
            },
            Mark {
                turn: 2,
                side: Side::A,
                what: "Duke William wounded".into()
            },
        ]
    );
}

#[test]
fn the_course_is_the_events_replayed_and_undo_takes_a_turn_back() {
    let mut battle = three_turns();
    let whole: Course = battle.course();
    // Undo the last four events (turn 3's initiative and corrections).
    for _ in 0..4 {
        battle.undo();
    }
    // Turn 3 has begun (the go-to) but nothing happened in it yet.
    let shorter = battle.course();
    assert_eq!(shorter.points.len(), 4);
    assert_eq!(shorter.points[..3], whole.points[..3]);
    assert!(shorter.points[3].in_progress);
    assert_eq!(shorter.points[3].measure, whole.points[2].measure);
    // Without the go-to, turn 2 is the one in progress.
    battle.undo();
    let turns: Vec<(u32, bool)> = battle
        .course()
        .points
        .iter()
        .map(|p| (p.turn, p.in_progress))
        .collect();
    assert_eq!(turns, [(0, false), (1, false), (2, true)]);
    // A fresh battle has only its start.
    let fresh = hastings().course();
    assert_eq!(fresh.points.len(), 1);
    assert_eq!(fresh.strength(Side::B), [92]);
    assert!(fresh.marks.is_empty());
}

mod warlord_i {
    use super::*;
    use herald::battle::warlord_i::{Battle, CoCorrection, CoId, Correction, Event, Phase, Setup};
    use herald::rules::warlord_i::{CoStatus, Morale};
    use herald::store::warlord_i::army::load_army;

    /// The bundled Carrhae: the Romans (11 units, 62 bases) are side a, the
    /// Parthians (10 units, 60 bases) side b.
    fn carrhae() -> Battle {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/warlord-i");
        let army = |f: &str| {
            load_army(&dir.join(f))
                .expect("the bundled army loads")
                .army
        };
        let setup = Setup::new(
            vec![army("carrhae-53bc-roman.toml")],
            vec![army("carrhae-53bc-parthian.toml")],
        )
        .expect("both sides have units");
        Battle::new(setup)
    }

    fn correct(battle: &mut Battle, unit: UnitId, correction: Correction) {
        battle
            .record(Event::Correct { unit, correction })
            .expect("the correction is recorded");
    }

    fn figures_of(course: &Course, side: Side, at: usize) -> Vec<(&'static str, u32)> {
        course.points[at]
            .measure
            .side(side)
            .states
            .iter()
            .map(|f| (f.name, f.value))
            .collect()
    }

    fn states(steady: u32, shaken: u32, routed: u32, lost: u32) -> Vec<(&'static str, u32)> {
        vec![
            ("Reckless", 0),
            ("Steady", steady),
            ("Shaken", shaken),
            ("Dispersed", 0),
            ("Wavering", 0),
            ("Routed", routed),
            ("Lost", lost),
        ]
    }

    /// Two Moves of Carrhae, the second in progress: bases lost, APs, a
    /// rout, a unit destroyed, Crassus killed, a unit shaken.
    #[test]
    fn warlord_i_measure_matches_a_hand_count_over_two_moves() {
        let mut battle = carrhae();
        // Move 1: the First legion (a1) loses 2 of 8 bases; the Suren horse
        // archers of the right (b3) take 2 APs; the light-armed auxiliaries
        // (a4) rout.
        correct(&mut battle, a(0), Correction::Bases(6));
        correct(&mut battle, b(2), Correction::Aps(2));
        correct(&mut battle, a(3), Correction::Morale(Morale::Routed));
        battle
            .record(Event::GoTo {
                turn: 2,
                phase: Phase::OrderOfPlay,
            })
            .expect("the referee goes to Move 2");
        // Move 2: Crassus is killed; the baggage train (a5, 2 bases) is
        // destroyed; the arrow camels (b5) are shaken.
        battle
            .record(Event::CorrectCo {
                co: CoId {
                    side: Side::A,
                    index: 0,
                },
                correction: CoCorrection::Status(CoStatus::Killed),
            })
            .expect("Crassus is killed");
        correct(&mut battle, a(4), Correction::Bases(0));
        correct(&mut battle, b(4), Correction::Morale(Morale::Shaken));
        let course = battle.course();
        assert_eq!(course.turn_word, "Move");
        assert_eq!(course.strength_name(), "bases");
        let moves: Vec<(u32, bool)> = course
            .points
            .iter()
            .map(|p| (p.turn, p.in_progress))
            .collect();
        assert_eq!(moves, [(0, false), (1, false), (2, true)]);
        // By hand: a 62, 62-2, 60-2; b 60 throughout.
        assert_eq!(course.strength(Side::A), [62, 60, 58]);
        assert_eq!(course.strength(Side::B), [60, 60, 60]);
        let aps: Vec<u32> = course
            .points
            .iter()
            .map(|p| p.measure.side(Side::B).strength[1].value)
            .collect();
        assert_eq!(aps, [0, 2, 2]);
        assert_eq!(figures_of(&course, Side::A, 0), states(11, 0, 0, 0));
        assert_eq!(figures_of(&course, Side::A, 1), states(10, 0, 1, 0));
        assert_eq!(figures_of(&course, Side::A, 2), states(9, 0, 1, 1));
        assert_eq!(figures_of(&course, Side::B, 2), states(9, 1, 0, 0));
        let marks: Vec<(u32, Side, &str)> = course
            .marks
            .iter()
            .map(|m| (m.turn, m.side, m.what.as_str()))
            .collect();
        assert_eq!(
            marks,
            [
                (1, Side::A, "Light-armed auxiliaries (a4) routed"),
                (2, Side::A, "Baggage train (a5) destroyed"),
                (2, Side::A, "Marcus Licinius Crassus killed"),
            ]
        );
    }
}
