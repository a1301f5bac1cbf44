//! Which personality the yellow die picks (issue 26 item 8; W-32, W-15,
//! W-18, 3.1.3.1): the first listed is the rightmost. The panels show that
//! numbering before the roll, the referee reorders it with a key (recorded
//! as an event, so replay and the report agree), the table numbers the
//! personalities the same way, and the result says "1st from the right".
//! At Agincourt, the King's household (a1) holds Henry V and Humphrey.

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Event, Phase, Setup, Warlords};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::save::{SaveData, from_text, to_text};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::Dialog;
use herald::tui::warlords::keymap::Context;

fn agincourt(phase: Phase) -> App {
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
    battle.record(Event::GoTo { turn: 1, phase }).unwrap();
    App::new(battle, SeededDice::new(5), Theme::plain(), "agincourt")
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

/// The number of white dice the open typed-dice field asks for.
fn white(app: &App) -> usize {
    match app.dialogs.last() {
        Some(Dialog::TypeDice(t)) => t.white(),
        other => panic!("no dice field: {other:?}"),
    }
}

/// The French crossbowmen (b5) activate and open their shot at the King's household (a1).
fn crossbows_at_the_king() -> App {
    let mut app = agincourt(Phase::Activation(Side::B));
    select(&mut app, b(5));
    press(&mut app, &["a", "t", "66", "Enter"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{:?}",
        app.dialogs.last()
    );
    press(&mut app, &["x"]);
    pick(&mut app, a(1));
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    app
}

#[test]
fn the_shot_numbers_the_personalities_from_the_right_and_the_referee_reorders_them() {
    // The table numbers them as the yellow die counts them, from the right.
    let s = screen(&agincourt(Phase::Activation(Side::B)), 120, 40);
    assert!(s.contains("1*Henry,2Humph"), "{s}");
    let s = screen(&agincourt(Phase::Activation(Side::B)), 80, 24);
    assert!(!s.contains("*Henr,Hump"), "{s}");
    assert!(s.contains("1*He"), "{s}");
    let mut app = crossbows_at_the_king();
    // Before the roll: the numbering the yellow die will count (W-32).
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("1 Henry V (rightmost), 2 Humphrey of Gloucester"),
        "{s}"
    );

    // p: the order; ] moves Henry V one place to the left; Enter records it.
    press(&mut app, &["p"]);
    assert_eq!(
        app.context(),
        Context::HitStands,
        "{:?}",
        app.dialogs.last()
    );
    // Only the order: no stands to mark here.
    let s = screen(&app, 120, 40);
    assert!(s.contains("1. Henry V (rightmost)"), "{s}");
    assert!(!s.contains("Space"), "{s}");
    press(&mut app, &["]", "Enter"]);
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("correct")
    );
    let order: Vec<String> = app
        .battle
        .unit(a(1))
        .unwrap()
        .unit
        .personalities
        .iter()
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(order, ["Humphrey of Gloucester", "Henry V"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("1 Humphrey of Gloucester (rightmost), 2 Henry V"),
        "{s}"
    );

    // The roll: every white die a six, red 1+1, then red 2 and yellow 1.
    press(&mut app, &["t"]);
    let n = white(&app);
    press(&mut app, &[&"6".repeat(n), "11", "2", "1", "Enter"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("yellow 1 picks Humphrey of Gloucester (1st from the right)"),
        "{s}"
    );
    assert!(!s.contains("counting from the right"), "{s}");
    press(&mut app, &["Enter"]);
    let humphrey = |app: &App| {
        app.battle
            .unit(a(1))
            .unwrap()
            .unit
            .personalities
            .iter()
            .find(|p| p.name == "Humphrey of Gloucester")
            .map(|p| p.status)
    };
    let live = humphrey(&app);
    assert_ne!(
        live,
        Some(herald::rules::warlords::personality::PersonalityStatus::Active)
    );

    // Saved and read back (the events replayed), the battle agrees: the
    // order is an event.
    let data = SaveData {
        name: "x".to_string(),
        dice: SeededDice::new(1).position(),
        battle: app.battle.clone(),
    };
    let back = from_text::<Warlords>("x.toml", &to_text(&data))
        .unwrap()
        .data;
    let again = App::new(back.battle, SeededDice::new(1), Theme::plain(), "again");
    assert_eq!(humphrey(&again), live);
    assert_eq!(
        again.battle.unit(a(1)).unwrap().unit.personalities[0].name,
        "Humphrey of Gloucester"
    );
}

#[test]
fn the_melee_panel_numbers_both_sides_from_the_right() {
    // The Constable's men-at-arms (b1) in Melee with the King's household (a1).
    let mut app = agincourt(Phase::Melee);
    app.battle
        .record(Event::Engage { a: a(1), b: b(1) })
        .unwrap();
    press(&mut app, &["Enter"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("1 Henry V (rightmost), 2 Humphrey of Gloucester"),
        "{s}"
    );
    assert!(s.contains("1 Charles d'Albret (rightmost)"), "{s}");
}
