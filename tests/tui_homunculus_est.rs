//! The Homunculus Est! console's first cut, through its real update loop
//! (`Screen::key`) and drawn on a test terminal at 80x24 and 120x40: who
//! starts with Herald's dice, a Reversal of Fortune due and ended with e,
//! undo and redo, the tables with this system's columns and each player's
//! pools and cards against his Army Break Point.

use herald::battle::UnitId;
use herald::battle::homunculus_est::event::SideFacts;
use herald::battle::homunculus_est::{Battle, Event, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::homunculus_est::combat::{CombatDice, CombatSituation};
use herald::store::homunculus_est::army::load_army;
use herald::tui::homunculus_est::App;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

#[path = "support/homunculus_est.rs"]
mod he;

fn magnesia(seed: u64) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml"))
        .unwrap()
        .army;
    let r = load_army(&dir.join("magnesia-190bc-roman.toml"))
        .unwrap()
        .army;
    App::new(
        Battle::new(Setup::new(vec![r], vec![s]).unwrap()),
        SeededDice::new(seed),
        Theme::plain(),
        "magnesia",
    )
}

fn key(app: &mut App, c: char) -> Vec<Effect> {
    Screen::key(app, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

fn screen(app: &App, width: u16, height: u16) -> String {
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

/// Who starts by w (rolling again on a tie), then the first player's Legio II attacks the phalanx and is Repulsed.
fn started() -> App {
    let mut app = magnesia(3);
    // w opens who starts; Enter rolls (again on a tie); the higher roller takes the first phase
    assert!(key(&mut app, 'w').is_empty());
    while Screen::battle(&app).state().phase == Phase::Deployment {
        Screen::key(&mut app, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }
    Screen::key(&mut app, KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    let first = Screen::battle(&app).state().first_player.unwrap();
    if first == Side::B {
        key(&mut app, 'e');
    }
    Screen::battle_mut(&mut app)
        .record(Event::Combat {
            attacker: UnitId::new(Side::A, 0),
            defender: UnitId::new(Side::B, 1),
            facts: [SideFacts::default(); 2],
            situation: CombatSituation {
                chosen: Some(1),
                ..Default::default()
            },
            dice: CombatDice {
                combat: vec![1, 5],
                defence: vec![4],
                ..Default::default()
            },
        })
        .unwrap();
    app
}

#[test]
fn who_starts_and_the_reversal_ends_the_phase_by_key() {
    let mut app = started();
    let b = Screen::battle(&app);
    assert!(b.state().reversal.is_some());
    assert_eq!(b.state().active(), Some(Side::A));
    // the Repulsed activation is first completed (HE-6, HE-7): e is refused till then
    assert!(key(&mut app, 'e').is_empty());
    assert!(Screen::battle(&app).state().reversal.is_some());
    he::finish_owed(&mut app);
    assert_eq!(key(&mut app, 'e'), vec![Effect::Save]);
    assert_eq!(Screen::battle(&app).state().active(), Some(Side::B));
    assert!(Screen::battle(&app).state().reversal.is_none());
    assert_eq!(key(&mut app, 'u'), vec![Effect::Save]);
    assert!(
        Screen::battle(&app).state().reversal.is_some(),
        "undone: the Reversal is due again"
    );
    assert_eq!(key(&mut app, 'U'), vec![Effect::Save]);
    assert_eq!(Screen::battle(&app).state().active(), Some(Side::B));
    assert_eq!(key(&mut app, 'q'), vec![Effect::Quit]);
}

#[test]
fn the_screens_at_80x24_and_120x40() {
    let app = started();
    insta::assert_snapshot!("he_reversal_due_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("he_reversal_due_120x40", screen(&app, 120, 40));
}

#[test]
fn too_small_a_terminal_records_nothing() {
    let mut app = started();
    let _ = screen(&app, 60, 20);
    assert!(key(&mut app, 'e').is_empty());
    assert!(Screen::battle(&app).state().reversal.is_some());
}

#[test]
fn v_asks_for_the_course_of_the_battle() {
    let mut app = started();
    let events = app.battle().events().len();
    assert_eq!(key(&mut app, 'V'), [Effect::OpenCourse]);
    assert_eq!(app.battle().events().len(), events, "nothing recorded");
}
