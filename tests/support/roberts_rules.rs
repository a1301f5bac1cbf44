//! The helpers the Robert's Rules console tests share: the example battle
//! (spearmen and cavalry against crossbowmen), keys through the real update
//! loop, the screen drawn.
#![allow(dead_code)]

use herald::battle::roberts_rules::{Battle, Setup, Step};
use herald::dice::SeededDice;
use herald::store::roberts_rules::army::load_army;
use herald::tui::roberts_rules::App;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

pub fn app() -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/roberts-rules");
    let a = load_army(&dir.join("spearmen-and-cavalry.toml"))
        .unwrap()
        .army;
    let b = load_army(&dir.join("crossbowmen.toml")).unwrap().army;
    App::new(
        Battle::new(Setup::new(vec![a], vec![b]).unwrap()),
        SeededDice::new(7),
        Theme::plain(),
        "example",
    )
}

pub fn code(app: &mut App, code: KeyCode) -> Vec<Effect> {
    Screen::key(app, KeyEvent::new(code, KeyModifiers::NONE))
}

/// Keys typed one by one; `\n` is Enter, `^` is Esc.
pub fn keys(app: &mut App, text: &str) -> Vec<Effect> {
    let mut out = Vec::new();
    for c in text.chars() {
        out = match c {
            '\n' => code(app, KeyCode::Enter),
            '^' => code(app, KeyCode::Esc),
            c => code(app, KeyCode::Char(c)),
        };
    }
    out
}

pub fn screen(app: &App, width: u16, height: u16) -> String {
    app.resized(width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| app.draw(f.area(), f.buffer_mut()))
        .unwrap();
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

/// The screen's words as one line, wrapped rows joined.
pub fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn step(app: &App) -> Step {
    app.battle().state().phase.step().unwrap()
}
