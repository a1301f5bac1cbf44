//! Screens true to the record (issue 26 items 9 and 10), through the real
//! update loop: a March Column changing to Line is offered a proper line
//! (2.3.1, 2.3.3); the typed-dice prompts ask only for the dice the
//! procedure needs, W-21's white dice named as the target's; a pavised
//! target's line says heavy cover (3.3.3.4); a moving shooter is offered
//! only skirmishing (W-12).

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Event, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlords::unit::Formation;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::Dialog;
use herald::tui::warlords::keymap::Context;

fn battle(a: &str, b: &str, phase: Phase) -> App {
    let army = |file: &str| {
        let path = format!("{}/armies/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        herald::store::warlords::army::read_army(&path, &text)
            .unwrap()
            .army
    };
    let setup = Setup::new(vec![army(a)], vec![army(b)]).unwrap();
    let mut battle = Battle::new(setup);
    battle.record(Event::GoTo { turn: 1, phase }).unwrap();
    App::new(battle, SeededDice::new(5), Theme::plain(), "test")
}

/// Bannockburn, the English as side a and the Scots as side b.
fn bannockburn(phase: Phase) -> App {
    battle(
        "bannockburn-1314-english.toml",
        "bannockburn-1314-scots.toml",
        phase,
    )
}

/// Agincourt, the English as side a and the French as side b.
fn agincourt(phase: Phase) -> App {
    battle(
        "agincourt-1415-english.toml",
        "agincourt-1415-french.toml",
        phase,
    )
}

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

/// Selects a unit in its table with the keyboard.
fn select(app: &mut App, id: UnitId) {
    if app.focus != id.side {
        press(app, &["Tab"]);
    }
    press(app, &["Home"]);
    for _ in 0..id.index {
        press(app, &["Down"]);
    }
    assert_eq!(app.selected_id(), Some(id));
}

/// Activates a unit with two sixes, to its choices.
fn activate(app: &mut App, id: UnitId) {
    select(app, id);
    press(app, &["a", "t", "66", "Enter"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{}",
        screen(app, 120, 40)
    );
}

/// Picks a unit in an open picker.
fn pick(app: &mut App, id: UnitId) {
    press(app, &["Home"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker: {:?}", app.dialogs.last());
    };
    let at = p.choices.iter().position(|c| *c == id).expect("offered");
    for _ in 0..at {
        press(app, &["Down"]);
    }
    press(app, &["Enter"]);
}

/// The front rank the open formation picker offers.
fn offered_files(app: &App) -> u32 {
    match app.dialogs.last() {
        Some(Dialog::Formation(p)) => p.files,
        other => panic!("no formation picker: {other:?}"),
    }
}

fn ranks(app: &App, id: UnitId) -> Vec<u32> {
    app.battle.unit(id).unwrap().unit.ranks()
}

#[test]
fn a_march_column_changing_to_line_is_offered_its_line_again() {
    // Moray's schiltron (b5, drilled Pike, 10 stands in 4 files) forms a
    // March Column in turn 1 and changes back to Line in turn 2: the picker
    // offers the 4 files it had, never 1 x 10 (2.3.1).
    let mut app = bannockburn(Phase::Activation(Side::B));
    activate(&mut app, b(5));
    press(&mut app, &["o", "m", "Esc"]);
    assert_eq!(app.context(), Context::Tables, "{:?}", app.dialogs.last());
    let u = &app.battle.unit(b(5)).unwrap().unit;
    assert_eq!(u.formation, Formation::MarchColumn);
    assert_eq!(ranks(&app, b(5)), vec![1; 10]);
    app.battle
        .record(Event::GoTo {
            turn: 2,
            phase: Phase::Activation(Side::B),
        })
        .unwrap();
    activate(&mut app, b(5));
    press(&mut app, &["o"]);
    assert_eq!(offered_files(&app), 4);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("out of the column: its last line or a proper one (2.3.1)"),
        "{s}"
    );
    press(&mut app, &["l"]);
    assert_eq!(
        app.battle.unit(b(5)).unwrap().unit.formation,
        Formation::Line
    );
    assert_eq!(ranks(&app, b(5)), vec![4, 3, 3]);
}

#[test]
fn an_irregular_column_is_offered_the_one_file_it_may_add() {
    // Men of the Isles (b2, irregular Close Foot, 8 stands) put in a March
    // Column by the referee: an irregular unit may create one file (2.3.3),
    // so the picker offers 2 files, ranks as equal as possible (2.3.1).
    let mut app = bannockburn(Phase::Activation(Side::B));
    app.battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Formation(Formation::MarchColumn),
        })
        .unwrap();
    activate(&mut app, b(2));
    press(&mut app, &["o"]);
    assert_eq!(offered_files(&app), 2);
    press(&mut app, &["l"]);
    assert_eq!(
        app.battle.unit(b(2)).unwrap().unit.formation,
        Formation::Line,
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(ranks(&app, b(2)), vec![2, 2, 2, 2]);
}

/// The French crossbowmen (b5) activate and open their shot at `target`.
fn crossbows_at(app: &mut App, target: UnitId) {
    activate(app, b(5));
    press(app, &["x"]);
    pick(app, target);
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
}

/// The text of the open typed-dice field's prompt.
fn prompt(app: &App) -> String {
    assert_eq!(
        app.context(),
        Context::TypeDice,
        "{:?}\n{}",
        app.dialogs.last(),
        screen(app, 120, 40)
    );
    screen(app, 120, 40)
}

#[test]
fn the_shot_asks_no_slippery_die_when_nobody_is_slippery() {
    // The King's household (a1): Henry V and Humphrey, neither Slippery.
    // 3 of the 12 white dice typed by colour with the 2 red and Enter: the
    // 9 white dice still asked are the shot's, no Slippery man's (W-21).
    let mut app = agincourt(Phase::Activation(Side::B));
    crossbows_at(&mut app, a(1));
    press(&mut app, &["t", "W: 6 6 6 R: 1 1", "Enter"]);
    let s = prompt(&app);
    assert!(!s.contains("Slippery"), "{s}");
    assert!(
        s.contains("9 white dice for Crossbowmen of the vanguard"),
        "{s}"
    );
}

#[test]
fn a_slippery_mans_white_dice_are_the_targets() {
    // English archers (a6) shoot at the Cavalry of the left wing (b9),
    // with Clignet de Brabant, Slippery (W-21): yellow 1 picks him, red 2
    // wounds him, and the 2 white dice of W-21 are asked for the target.
    let mut app = agincourt(Phase::Activation(Side::A));
    activate(&mut app, a(6));
    press(&mut app, &["x"]);
    pick(&mut app, b(9));
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    press(&mut app, &["t"]);
    let n = match app.dialogs.last() {
        Some(Dialog::TypeDice(t)) => t.white(),
        other => panic!("no dice field: {other:?}"),
    };
    press(&mut app, &[&"6".repeat(n), "11", "2", "1"]);
    let s = prompt(&app);
    assert!(
        s.contains("2 white dice for Cavalry of the left wing"),
        "{s}"
    );
    assert!(s.contains("Clignet de Brabant is Slippery"), "{s}");
    assert!(!s.contains("for Archers of the right wing"), "{s}");
}

#[test]
fn a_pavised_target_is_shot_at_in_heavy_cover_as_its_line_says() {
    // The French crossbowmen (b5) with their pavises deployed (3.3.3.4):
    // the panel's line says heavy cover, as the roll does.
    let mut app = agincourt(Phase::Activation(Side::A));
    app.battle
        .record(Event::Correct {
            unit: b(5),
            correction: Correction::Pavises(true),
        })
        .unwrap();
    activate(&mut app, a(6));
    press(&mut app, &["x"]);
    pick(&mut app, b(5));
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    let s = screen(&app, 120, 40);
    assert!(s.contains("6 in heavy cover behind its pavises"), "{s}");
    assert!(!s.contains("its width (6) by default"), "{s}");
}

#[test]
fn a_moving_shooter_may_only_skirmish() {
    // W-12: a moving unit shoots only skirmishing; the style line lists that alone.
    let mut app = agincourt(Phase::Activation(Side::B));
    app.battle
        .record(Event::Correct {
            unit: b(5),
            correction: Correction::Moving(true),
        })
        .unwrap();
    crossbows_at(&mut app, a(1));
    let s = screen(&app, 120, 40);
    assert!(s.contains("style: skirmishing (may: skirmishing)"), "{s}");
    assert!(!s.contains("may: massed"), "{s}");
}
