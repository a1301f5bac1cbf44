//! The console at 80×24 with a panel open (issue 24 item 12): the panel
//! takes the lower part and the units it concerns keep their rows above it,
//! marked; every key the panel takes is in its footer or in `?`.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::tui::warlords::app::App;
use herald::tui::warlords::keymap::{self, Context};
use herald::tui::warlords::view::help;

/// The marked row of a unit above the panel: `› a9  Leofwine's…`.
fn marked_row<'a>(text: &'a str, id: &str) -> Option<&'a str> {
    text.lines()
        .find(|l| l.starts_with(&format!("› {id} ")) && !l.contains('│'))
}

/// Every key the open panel takes with a hint is in its footer, by its
/// words or after `also`; the others are in `?`, which the footer names.
fn keys_in_sight(app: &App, text: &str) {
    let foot = text.lines().last().unwrap_or("");
    assert!(foot.ends_with("? help"), "{foot}");
    let context = app.context();
    let help: String = help::lines(app)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    for b in keymap::bindings().filter(|b| b.context == context) {
        assert!(
            help.contains(&b.key.label()),
            "{} in ? for {context:?}",
            b.key.label()
        );
    }
}

#[test]
fn at_80x24_a_panel_keeps_the_units_it_concerns_in_sight() {
    let mut app = hastings(1);
    // Initiative: the English roll 6, the Normans 1.
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    // Leofwine's housecarls (a9), low on the English table, activate.
    press(&mut app, &["9", "a"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    let text = screen(&app, 80, 24);
    let row = marked_row(&text, "a9").unwrap_or_else(|| panic!("a9's row in sight:\n{text}"));
    assert!(row.contains("Leofwine"), "{row}");
    assert!(text.contains("Activation of Leofwine"), "{text}");
    keys_in_sight(&app, &text);
    insta::assert_snapshot!("activation_keeps_its_unit_80x24", text);

    // Its success, and a charge at the Norman foot (b4): both in sight.
    press(&mut app, &["66"]);
    assert_eq!(app.context(), Context::AfterRoll);
    let text = screen(&app, 80, 24);
    assert!(marked_row(&text, "a9").is_some(), "{text}");
    keys_in_sight(&app, &text);
    press(&mut app, &["c", "b4", "Enter"]);
    assert_eq!(app.context(), Context::Charge);
    let text = screen(&app, 80, 24);
    for id in ["a9", "b4"] {
        assert!(
            marked_row(&text, id).is_some(),
            "{id}'s row in sight:\n{text}"
        );
    }
    keys_in_sight(&app, &text);
    insta::assert_snapshot!("charge_keeps_both_units_80x24", text);

    // At 120×40 nothing moves: the panel stands where it did.
    let wide = screen(&app, 120, 40);
    assert!(marked_row(&wide, "a9").is_none(), "{wide}");
}

#[test]
fn a_long_table_title_never_runs_into_its_row_count() {
    // Played in tmux at 80×24 (turn 4 of Hastings, a unit gone): the title
    // "─ b Norman 12 units (1 fled or destroyed), 12 to activate ◆ activating
    // initiative" ran under " 1-10 of 12 " and left its last letter after it.
    use herald::battle::warlords::{Battle, Warlords};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/earlier_saves/hastings-turns-1-4.toml");
    let loaded = herald::store::save::load::<Warlords>(&path).unwrap();
    let mut battle: Battle = loaded.data.battle;
    let mut seen = 0;
    loop {
        let app = App::new(
            battle.clone(),
            herald::dice::SeededDice::new(1),
            herald::tui::theme::Theme::plain(),
            "hastings",
        );
        let text = screen(&app, 80, 24);
        for l in text
            .lines()
            .filter(|l| (l.starts_with("─ a ") || l.starts_with("─ b ")) && l.contains(" of "))
        {
            seen += 1;
            assert!(
                l.ends_with(" ─"),
                "the title runs into its count:\n{l}\n{text}"
            );
        }
        if battle.events().is_empty() {
            break;
        }
        battle.undo();
    }
    assert!(seen > 0);
}
