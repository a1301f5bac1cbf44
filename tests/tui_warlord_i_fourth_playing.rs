//! The Warlord I console, driven through the real update loop by key
//! presses, on the faults of the fourth (independent) playing of Carrhae:
//! a wounded general wounded again (F3).

#[path = "support/warlord_i_battle.rs"]
mod battle_support;

use herald::battle::UnitId;
use herald::battle::warlord_i::{Battle, CoCorrection, CoId, Event, Phase};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlord_i::CoStatus;
use herald::tui::theme::Theme;
use herald::tui::warlord_i::app::{App, Effect};
use herald::tui::warlord_i::keymap::Context;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const A: Side = Side::A;

fn u(side: Side, n: usize) -> UnitId {
    UnitId::new(side, n - 1)
}

fn co(side: Side, n: usize) -> CoId {
    CoId::new(side, n - 1)
}

/// A new battle of Carrhae in the console, Herald's dice from `seed`.
fn carrhae(seed: u64) -> App {
    App::new(
        Battle::new(battle_support::setup()),
        SeededDice::new(seed),
        Theme::plain(),
        "carrhae",
    )
}

/// The key events of one written key: `Enter`, `Esc` or text.
fn events(k: &str) -> Vec<KeyEvent> {
    let code = match k {
        "Enter" => KeyCode::Enter,
        "Esc" => KeyCode::Esc,
        "Space" => KeyCode::Char(' '),
        text => {
            return text
                .chars()
                .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
                .collect();
        }
    };
    vec![KeyEvent::new(code, KeyModifiers::NONE)]
}

/// Presses keys in the app.
fn press(app: &mut App, keys: &[&str]) -> Vec<Effect> {
    let mut out = Vec::new();
    for k in keys {
        for ev in events(k) {
            out.extend(app.key(ev));
        }
    }
    out
}

/// The screen as text, trailing spaces trimmed.
fn screen(app: &App, width: u16, height: u16) -> String {
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

/// Carrhae at Conclude the Move, Move 1: Crassus (a1), already wounded,
/// with the second legion (a2), which took `dps` DPs this Move: his
/// wounding roll is due.
fn wounded_crassus_at_risk(dps: u32) -> Battle {
    let mut b = battle_support::carrhae();
    battle_support::step(&mut b, &[6, 1]); // side a is Player 1
    battle_support::play(
        &mut b,
        Event::CorrectCo {
            co: co(A, 1),
            correction: CoCorrection::Status(CoStatus::Wounded),
        },
        &[],
    );
    battle_support::play(
        &mut b,
        Event::Attach {
            co: co(A, 1),
            unit: Some(u(A, 2)),
        },
        &[],
    );
    battle_support::play(
        &mut b,
        Event::Attrition {
            unit: u(A, 2),
            gains: herald::rules::warlord_i::AttritionGains {
                disorder: dps,
                ..Default::default()
            },
        },
        &[],
    );
    battle_support::play(
        &mut b,
        Event::GoTo {
            turn: 1,
            phase: Phase::Conclude,
        },
        &[],
    );
    b
}

#[test]
fn a_wounded_general_wounded_again_is_said_badly_wounded() {
    // F3 (Rule 99, WI-21): Crassus already wounded; 6 + 2 APs = 8. The odds
    // never offer "wounded" (he cannot be made merely wounded), and the
    // headline says what the record holds: badly wounded.
    let mut app = carrhae(1);
    app.battle = wounded_crassus_at_risk(2);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Panel);
    let s = screen(&app, 120, 40);
    assert!(s.contains("badly wounded"), "{s}");
    assert!(
        !s.lines()
            .any(|l| l.contains("wounded") && !l.contains("badly wounded")),
        "no outcome 'wounded' for a wounded general: {s}"
    );
    press(&mut app, &["6"]);
    assert_eq!(app.context(), Context::Result);
    assert_eq!(
        app.battle.co(co(A, 1)).unwrap().co.status,
        CoStatus::BadlyWounded
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("score 8: badly wounded"), "{s}");
    assert!(!s.contains("score 8: wounded"), "{s}");
}

/// Carrhae at `phase` of Move 1, side a Player 1.
fn carrhae_at(phase: Phase) -> Battle {
    let mut b = battle_support::carrhae();
    battle_support::step(&mut b, &[6, 1]); // side a is Player 1
    battle_support::play(&mut b, Event::GoTo { turn: 1, phase }, &[]);
    b
}

#[test]
fn contact_in_the_waver_tests_is_refused_as_it_is_set() {
    // F1 (Rule 25): charges are completed in step 6, after the waver tests
    // of step 5; `A 6 e` in step 5 is refused as the panel opens, and Enter
    // records nothing.
    let mut app = carrhae(1);
    app.battle = carrhae_at(Phase::WaverTests);
    let before = app.battle.events().len();
    press(&mut app, &["A", "6", "e"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("refused: out of turn"), "{s}");
    assert!(s.contains("Rule 25 step 6"), "{s}");
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.events().len(), before, "nothing is recorded");
    assert!(app.battle.in_melee_with(u(A, 6)).is_empty());
    // In step 6 the same keys make contact.
    let mut app = carrhae(1);
    app.battle = carrhae_at(Phase::Charges);
    press(&mut app, &["A", "6", "e", "Enter"]);
    assert_eq!(app.battle.in_melee_with(u(A, 6)).len(), 1);
}

#[test]
fn a_contact_saved_in_the_waver_tests_stands_as_recorded() {
    // F1: Carrhae saved by Herald 1a0bdf5 made contact in step 5 (event 23):
    // it opens, and that contact stands under an earlier reading.
    let path = std::path::Path::new("tests/earlier_saves/1a0bdf5/carrhae-moves-1-5.toml");
    let loaded = herald::store::save::load::<herald::battle::warlord_i::WarlordI>(path)
        .expect("the earlier battle opens");
    let battle = &loaded.data.battle;
    let contact = battle
        .earlier_readings()
        .iter()
        .find(|e| e.event + 1 == 23)
        .expect("event 23 is recorded under an earlier reading");
    assert!(contact.why.contains("Rule 25 step 6"), "{}", contact.why);
    assert!(contact.why.contains("waver tests"), "{}", contact.why);
    assert!(matches!(battle.events()[22], Event::Engage { .. }));
}
