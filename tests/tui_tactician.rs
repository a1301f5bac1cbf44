//! An Expert tactician helps only units of his contingent (issue 26 item 7;
//! 3.1.2, W-0, W-4): at Agincourt Henry V (the King's battle) gives his +1
//! to the men-at-arms of the centre, never to York's men-at-arms of the
//! vaward: for them the fact is not offered, and `x` is refused in words.

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Event, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;

fn agincourt() -> App {
    let army = |file: &str| {
        let path = format!("{}/armies/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        herald::store::warlords::army::read_army(&path, &text)
            .unwrap()
            .army
    };
    let setup = Setup::new(
        vec![army("agincourt-1415-english.toml")],
        vec![army("agincourt-1415-french.toml")],
    )
    .unwrap();
    let mut battle = Battle::new(setup);
    battle
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Activation(Side::A),
        })
        .unwrap();
    App::new(battle, SeededDice::new(5), Theme::plain(), "agincourt")
}

/// Opens the activation panel of side a's unit `index` (from 0).
fn open_activation(app: &mut App, index: usize) {
    press(app, &["Home"]);
    for _ in 0..index {
        press(app, &["Down"]);
    }
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, index)));
    press(app, &["a"]);
    assert_eq!(app.resolving_unit(), Some(UnitId::new(Side::A, index)));
}

#[test]
fn the_tactician_helps_his_own_contingent_only() {
    // The men-at-arms of the centre (a2) are of the King's battle: offered
    // on (Henry V is on the table), and x turns it off and on.
    let mut app = agincourt();
    open_activation(&mut app, 1);
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("[x] x Expert tactician in sight")
            || text.contains("Expert tactician in sight"),
        "{text}"
    );
    assert!(app.tactician_of_contingent(UnitId::new(Side::A, 1)));

    // York's men-at-arms (a5) are of the vaward: nothing to offer.
    let mut app = agincourt();
    open_activation(&mut app, 4);
    assert!(!app.tactician_of_contingent(UnitId::new(Side::A, 4)));
    let text = screen(&app, 120, 40);
    assert!(!text.contains("Expert tactician"), "{text}");
    press(&mut app, &["x"]);
    let text = screen(&app, 120, 40);
    assert!(text.contains("helps only his own contingent"), "{text}");
    assert!(!text.contains("Expert tactician in sight"), "{text}");
    // Rolled, the activation has no +1 for a tactician.
    press(&mut app, &["t", "3 3", "Enter"]);
    let text = screen(&app, 120, 40);
    assert!(!text.contains("+1 Expert tactician"), "{text}");
}
