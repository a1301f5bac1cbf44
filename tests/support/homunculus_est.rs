//! The helpers the Homunculus Est! console tests share: the bundled
//! Magnesia battle, keys through the real update loop, the screen drawn.
#![allow(dead_code)]

use herald::battle::UnitId;
use herald::battle::homunculus_est::{Battle, Event, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::homunculus_est::army::load_army;
use herald::tui::homunculus_est::App;
use herald::tui::screen::Screen;
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

pub fn setup() -> Setup {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml"))
        .unwrap()
        .army;
    let r = load_army(&dir.join("magnesia-190bc-roman.toml"))
        .unwrap()
        .army;
    Setup::new(vec![r], vec![s]).unwrap()
}

pub fn console(setup: Setup) -> App {
    App::new(
        Battle::new(setup),
        SeededDice::new(3),
        Theme::plain(),
        "magnesia",
    )
}

pub fn press(app: &mut App, code: KeyCode) {
    Screen::key(app, KeyEvent::new(code, KeyModifiers::NONE));
}

pub fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

pub fn enter(app: &mut App) {
    press(app, KeyCode::Enter);
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

pub fn u(side: Side, n: usize) -> UnitId {
    UnitId::new(side, n - 1)
}

pub fn last(app: &App) -> Event {
    app.battle().events().last().unwrap().clone()
}

pub fn summary(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

pub fn record(app: &mut App, e: Event) {
    app.battle_mut().record(e).unwrap_or_else(|e| panic!("{e}"));
}

/// The panel's event.
pub fn panel_event(app: &App) -> Event {
    app.panel
        .as_ref()
        .unwrap_or_else(|| panic!("no panel; status: {}", screen(app, 120, 40)))
        .event
        .clone()
}

/// Does every step the last activation forces (HE-5.3, HE-6, HE-7) by the
/// walker, with faces that add no card: a card's value typed as 1, a push
/// back's die 1, a follow up's 1, a test's 6 5 (passed, no natural 12),
/// Enter where the step has no die to type.
pub fn finish_owed(app: &mut App) {
    for _ in 0..40 {
        if app.battle().state().due.is_empty() {
            if app.panel.is_some() {
                press(app, KeyCode::Esc);
            }
            return;
        }
        match app.panel.as_ref().map(|p| p.event.clone()) {
            Some(Event::DrawCard { .. }) => {
                keys(app, "1");
                enter(app);
            }
            Some(e) => {
                let events = app.battle().events().len();
                match e {
                    Event::PushBack { .. } | Event::FollowUp { .. } => keys(app, "1"),
                    Event::Discipline { .. } => keys(app, "65"),
                    _ => {}
                }
                // a step with no die to type (a shot's fixed push back) is recorded by Enter
                if app.battle().events().len() == events {
                    enter(app);
                }
            }
            None => enter(app),
        }
    }
    panic!("the owed steps never ended: {}", screen(app, 120, 40));
}
