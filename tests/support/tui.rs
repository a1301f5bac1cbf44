//! Driving the console in tests: the frozen Hastings battle, key presses
//! through the real update loop, and the screen as text.

#![allow(dead_code)]

use herald::battle::warlords::{Battle, Setup};
use herald::dice::SeededDice;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::{App, Effect};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A new battle of Hastings (the frozen copy of the armies in
/// `tests/snapshots/armies/`) with Herald's dice from `seed`.
pub fn hastings(seed: u64) -> App {
    let side = |file: &str| {
        let path = format!(
            "{}/tests/snapshots/armies/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("the frozen army file is there");
        herald::store::warlords::army::read_army(&path, &text)
            .expect("the frozen army file loads")
            .army
    };
    let setup = Setup::new(
        vec![side("hastings-1066-anglo-saxon.toml")],
        vec![side("hastings-1066-norman.toml")],
    )
    .expect("both sides have units");
    App::new(
        Battle::new(setup),
        SeededDice::new(seed),
        Theme::plain(),
        "hastings",
    )
}

/// Presses keys: `Enter`, `Esc`, `Tab`, `Up`, `Down`, `Left`, `Right`,
/// `Backspace`, `Home`, `End`, `PgUp`, `PgDn`, `C-c`, or any other text as its characters one by one.
pub fn press(app: &mut App, keys: &[&str]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for k in keys {
        let codes: Vec<(KeyCode, KeyModifiers)> = match *k {
            "Enter" => vec![(KeyCode::Enter, KeyModifiers::NONE)],
            "Esc" => vec![(KeyCode::Esc, KeyModifiers::NONE)],
            "Tab" => vec![(KeyCode::Tab, KeyModifiers::NONE)],
            "Up" => vec![(KeyCode::Up, KeyModifiers::NONE)],
            "Down" => vec![(KeyCode::Down, KeyModifiers::NONE)],
            "Left" => vec![(KeyCode::Left, KeyModifiers::NONE)],
            "Right" => vec![(KeyCode::Right, KeyModifiers::NONE)],
            "Backspace" => vec![(KeyCode::Backspace, KeyModifiers::NONE)],
            "Home" => vec![(KeyCode::Home, KeyModifiers::NONE)],
            "End" => vec![(KeyCode::End, KeyModifiers::NONE)],
            "PgUp" => vec![(KeyCode::PageUp, KeyModifiers::NONE)],
            "PgDn" => vec![(KeyCode::PageDown, KeyModifiers::NONE)],
            "C-c" => vec![(KeyCode::Char('c'), KeyModifiers::CONTROL)],
            text => text
                .chars()
                .map(|c| (KeyCode::Char(c), KeyModifiers::NONE))
                .collect(),
        };
        for (code, mods) in codes {
            effects.extend(app.key(KeyEvent::new(code, mods)));
        }
    }
    effects
}

/// The screen as text, one line per row, trailing spaces trimmed.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("it draws");
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
