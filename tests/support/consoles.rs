//! Every system's console as the binary opens it: a battle made from the
//! bundled armies by the code behind `herald new`, opened by the code
//! behind `herald play` (`tui::run::open`), driven through the shell
//! (`Console::key`) and drawn by it (`Console::draw`) on a test terminal.

#![allow(dead_code)]

use herald::rules::System;
use herald::store::new_battle;
use herald::tui::console::{Console, Flow};
use herald::tui::run::{self, Opened};
use herald::tui::screen::Screen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};

/// Every system Herald referees, in the README's order.
pub const SYSTEMS: [System; 5] = [
    System::Warlords,
    System::WarlordI,
    System::HomunculusEst,
    System::RobertsRules,
    System::ParkersWarlord,
];

/// The bundled battle of a system: its two sides' army files.
pub fn armies(system: System) -> [&'static str; 2] {
    match system {
        System::Warlords => [
            "armies/hastings-1066-anglo-saxon.toml",
            "armies/hastings-1066-norman.toml",
        ],
        System::WarlordI => [
            "armies/warlord-i/carrhae-53bc-roman.toml",
            "armies/warlord-i/carrhae-53bc-parthian.toml",
        ],
        System::HomunculusEst => [
            "armies/homunculus-est/magnesia-190bc-roman.toml",
            "armies/homunculus-est/magnesia-190bc-seleucid.toml",
        ],
        System::RobertsRules => [
            "armies/roberts-rules/spearmen-and-cavalry.toml",
            "armies/roberts-rules/crossbowmen.toml",
        ],
        System::ParkersWarlord => [
            "armies/parkers-warlord/lewes-1264-baronial.toml",
            "armies/parkers-warlord/lewes-1264-royal.toml",
        ],
    }
}

/// A short name for a system, for save names and messages.
pub fn short(system: System) -> &'static str {
    match system {
        System::Warlords => "wl",
        System::WarlordI => "wi",
        System::HomunculusEst => "he",
        System::RobertsRules => "rr",
        System::ParkersWarlord => "pw",
    }
}

/// Makes `saves/NAME.toml` in `dir` for the system's bundled battle, with
/// Herald's dice from `seed`, as `herald new` does.
pub fn new_battle(dir: &Path, system: System, seed: u64, name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let [a, b] = armies(system);
    new_battle::create(
        name,
        &[vec![root.join(a)], vec![root.join(b)]],
        seed,
        &dir.join("saves"),
        &[],
    )
    .unwrap_or_else(|e| panic!("a new {} battle: {e}", system.title()))
}

/// Opens a save as `herald play` does.
pub fn open(path: &Path) -> Opened {
    match run::open(path) {
        Ok(o) => o,
        Err(e) => panic!("{} opens: {e}", path.display()),
    }
}

/// Runs a generic expression on whichever console was opened:
/// `each!(opened, c => body)`, `c` a `Console<S>` of the save's system.
macro_rules! each {
    ($opened:expr, $c:ident => $body:expr) => {
        match $opened {
            herald::tui::run::Opened::Warlords($c) => $body,
            herald::tui::run::Opened::WarlordI($c) => $body,
            herald::tui::run::Opened::HomunculusEst($c) => $body,
            herald::tui::run::Opened::RobertsRules($c) => $body,
            herald::tui::run::Opened::ParkersWarlord($c) => $body,
        }
    };
}
pub(crate) use each;

/// A key by its name: `Enter`, `Esc`, `Tab`, `BackTab`, `Up`, `Down`,
/// `Left`, `Right`, `Backspace`, `Home`, `End`, `PgUp`, `PgDn`, `C-X` (Ctrl
/// with a letter), or one character.
pub fn key_event(name: &str) -> KeyEvent {
    let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
    match name {
        "Enter" => plain(KeyCode::Enter),
        "Esc" => plain(KeyCode::Esc),
        "Tab" => plain(KeyCode::Tab),
        "BackTab" => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
        "Up" => plain(KeyCode::Up),
        "Down" => plain(KeyCode::Down),
        "Left" => plain(KeyCode::Left),
        "Right" => plain(KeyCode::Right),
        "Backspace" => plain(KeyCode::Backspace),
        "Home" => plain(KeyCode::Home),
        "End" => plain(KeyCode::End),
        "PgUp" => plain(KeyCode::PageUp),
        "PgDn" => plain(KeyCode::PageDown),
        ctrl if ctrl.starts_with("C-") && ctrl.chars().count() == 3 => KeyEvent::new(
            KeyCode::Char(ctrl.chars().nth(2).unwrap_or('c')),
            KeyModifiers::CONTROL,
        ),
        one => {
            let mut cs = one.chars();
            let c = cs.next().expect("a key name");
            assert!(cs.next().is_none(), "unknown key name {one}");
            plain(KeyCode::Char(c))
        }
    }
}

/// Presses keys through the shell, as the run loop does (the terminal's
/// size told first); the last key's flow.
pub fn press<S: Screen>(c: &mut Console<S>, size: (u16, u16), keys: &[&str]) -> Flow {
    let mut flow = Flow::Stay;
    for k in keys {
        c.app.resized(size.0, size.1);
        flow = c.key(key_event(k));
    }
    flow
}

/// The whole screen as the shell draws it, one line per row, trailing
/// spaces trimmed.
pub fn screen<S: Screen>(c: &Console<S>, width: u16, height: u16) -> String {
    c.app.resized(width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| c.draw(f.area(), f.buffer_mut()))
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

/// Presses keys from `tries`, one at a time, until the battle holds one
/// change more than it did (an event recorded), or a save question is
/// asked; whether one was recorded.
pub fn record_one<S: Screen>(c: &mut Console<S>, tries: &[&str]) -> bool {
    let before = c.app.battle().events().len();
    for k in tries {
        press(c, (120, 40), &[k]);
        if c.app.battle().events().len() > before {
            return true;
        }
    }
    false
}

/// Keys that record a first event in every system's console, tried in
/// turn by [`record_one`] (the start of each battle: the initiative, who
/// starts, who acts first, a command step; equal rolls roll again).
pub const FIRST_STEPS: [&str; 24] = [
    "Enter", "Enter", "Esc", "w", "w", "w", "Esc", "a", "Enter", "Esc", "i", "Enter", "Esc",
    "Enter", "Enter", "Enter", "Esc", "e", "Enter", "Esc", "w", "w", "Enter", "Enter",
];
