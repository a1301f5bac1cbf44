//! Clarity at the table (issue 13): real ranks, personalities' statuses
//! never cut, who is in Melee with whom in the tables, the pickers and the
//! walker, and the footer keeping u, q and ? at 80×24. Driven through the
//! real update loop; the screens kept as insta snapshots at 80×24 and 120×40.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::battle::UnitId;
use herald::rules::Side;
use herald::rules::warlords::personality::PersonalityStatus;
use herald::tui::warlords::keymap::Context;
use herald::tui::warlords::view::words;

fn both(app: &herald::tui::warlords::app::App, name: &str) {
    insta::assert_snapshot!(format!("{name}_80x24"), screen(app, 80, 24));
    insta::assert_snapshot!(format!("{name}_120x40"), screen(app, 120, 40));
}

#[test]
fn ranks_are_the_real_ones() {
    assert_eq!(words::ranks(&[4, 4]), "4×2");
    assert_eq!(
        words::ranks(&[4, 4, 2]),
        "4-4-2",
        "a 4-4-2 schiltron is not 4×3"
    );
    assert_eq!(words::ranks(&[4, 2]), "4-2", "6 stands 4 wide are not 4×2");
    assert_eq!(words::ranks(&[5, 5, 5, 1]), "5×3+1");
    assert_eq!(words::ranks(&[]), "—");
}

#[test]
fn uneven_ranks_show_in_the_table() {
    // The Thegns (a3, 8 stands, 4 files) lose 2 stands: ranks 4-2.
    let mut app = hastings(18);
    press(&mut app, &["3", "c", "s", "-", "-", "Enter"]);
    assert_eq!(
        app.battle
            .unit(UnitId::new(Side::A, 2))
            .unwrap()
            .unit
            .stands,
        6
    );
    let s = screen(&app, 80, 24);
    assert!(
        s.lines().any(|l| l.contains("a3") && l.contains(" 4-2 ")),
        "{s}"
    );
}

#[test]
fn a_captured_personality_stays_captured_in_the_tables() {
    // The Abbot (Harold's housecarls' second personality) is captured: at
    // 80 columns the names are cut, never his status.
    let mut app = hastings(18);
    press(&mut app, &["1", "c", "2", "2", "2", "Enter"]);
    let u = &app.battle.unit(UnitId::new(Side::A, 0)).unwrap().unit;
    assert_eq!(u.personalities[1].status, PersonalityStatus::Captured);
    for (w, h) in [(80, 24), (120, 40)] {
        let s = screen(&app, w, h);
        let row = s.lines().find(|l| l.contains(" a1 ")).unwrap_or_default();
        assert!(row.contains("(c)") || row.contains("(capt)"), "{s}");
    }
}

#[test]
fn who_is_in_melee_with_whom_is_marked() {
    // Harold's housecarls charge Duke William's knights and make contact.
    let mut app = hastings(18);
    press(&mut app, &["Enter", "Enter", "Enter", "Enter", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    press(&mut app, &["c", "Enter", "s", "Enter", "Enter", "Enter"]);
    assert!(
        app.battle
            .in_melee_with(UnitId::new(Side::A, 0))
            .contains(&UnitId::new(Side::B, 0))
    );
    let s = screen(&app, 80, 24);
    assert!(
        s.lines().any(|l| l.contains(" a1 ") && l.contains("×b1")),
        "{s}"
    );
    assert!(
        s.lines().any(|l| l.contains(" b1 ") && l.contains("×a1")),
        "{s}"
    );
    both(&app, "melee_marks");
    // The footer keeps undo, quit and help at 80 columns.
    let footer = s.lines().last().unwrap_or_default().to_string();
    for k in ["u undo", "q quit", "? help"] {
        assert!(footer.contains(k), "{footer}");
    }
    // A picker marks the pair too: the Housecarls of the Dragon (a2) engage.
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, 1)));
    press(&mut app, &["e"]);
    assert_eq!(app.context(), Context::Pick);
    let s = screen(&app, 120, 40);
    assert!(
        s.lines().any(|l| l.contains("b1 ") && l.contains("×a1")),
        "{s}"
    );
    assert!(s.contains("opposite a2"), "{s}");
    both(&app, "pick_melee_marks");
}

#[test]
fn the_turn_ends_with_its_summary() {
    // A turn in which Harold's housecarls lose 2 stands by correction.
    let mut app = hastings(18);
    press(&mut app, &["1", "c", "s", "-", "-", "Enter"]);
    // Mid-turn, S shows the turn so far, and Enter goes on with the turn.
    press(&mut app, &["S"]);
    let s = screen(&app, 80, 24);
    assert!(
        s.contains("Turn 1 so far") && s.contains("Enter go on"),
        "{s}"
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.turn(), 1, "still turn 1");
    assert_eq!(app.context(), Context::BeforeRoll, "the initiative's roll");
    press(&mut app, &["Esc"]);
    for _ in 0..200 {
        if app.context() == Context::Summary {
            break;
        }
        press(&mut app, &["Enter"]);
    }
    assert_eq!(app.context(), Context::Summary);
    assert_eq!(app.battle.turn(), 2);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Turn 1: what it did"), "{s}");
    assert!(s.contains("stands"), "{s}");
    both(&app, "turn_summary");
    // Enter: the next turn's initiative.
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::BeforeRoll);
}

#[test]
fn a_note_on_a_unit_and_on_the_turn() {
    use herald::battle::warlords::Event;
    let mut app = hastings(18);
    press(&mut app, &["3", "n"]);
    assert_eq!(app.context(), Context::Note);
    press(&mut app, &["behind the hedge"]);
    both(&app, "note_on_a_unit");
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.battle.events().last(),
        Some(&Event::Note {
            unit: Some(UnitId::new(Side::A, 2)),
            text: "behind the hedge".to_string()
        })
    );
    // An empty note is refused in words, and nothing is recorded.
    press(&mut app, &["N", "Enter"]);
    assert_eq!(app.context(), Context::Note);
    assert_eq!(app.battle.events().len(), 1);
    press(&mut app, &["rain: the bows are wet", "Enter"]);
    assert_eq!(
        app.battle.events().last(),
        Some(&Event::Note {
            unit: None,
            text: "rain: the bows are wet".to_string()
        })
    );
}

#[test]
fn the_expert_tactician_toggle_is_on_when_its_plus_one_is_applied() {
    // Duke William (an Expert tactician) rides with his household knights
    // (b1): their activation counts his +1 (3.1.2, W-4), so the toggle says so.
    use herald::battle::warlords::{Event, Phase};
    let mut app = hastings(18);
    app.battle
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Activation(Side::B),
        })
        .unwrap();
    press(&mut app, &["Tab", "1", "a"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    let s = screen(&app, 120, 40);
    assert!(s.contains("[x] x Expert tactician with the unit"), "{s}");
    assert!(s.contains("+1 Expert tactician"), "{s}");
}
