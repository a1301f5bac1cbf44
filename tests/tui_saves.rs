//! The console and its save (issue 12): a failed save is said until a save
//! succeeds, stops further events until the referee says, is tried again,
//! and quitting with events not on disk asks and says so; the battle can be
//! written elsewhere; keys record nothing on a too-small screen.

#[path = "support/tui.rs"]
mod support;

use herald::store::save::{self, SaveFile};
use herald::tui::console::{Console, Flow, Prompt};
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// A console on a new battle of Hastings saved in `dir`.
fn console(dir: &Path) -> Console<App> {
    let mut app = support::hastings(7);
    let path = dir.join("hastings.toml");
    let dice = app.dice.position();
    let file = SaveFile::create_from(&path, "hastings", &mut app.battle, dice).unwrap();
    Console::new(app, file)
}

/// Presses keys on the console: `Enter`, `Esc`, or characters.
fn press(c: &mut Console<App>, keys: &[&str]) -> Flow {
    let mut flow = Flow::Stay;
    for k in keys {
        let codes: Vec<KeyCode> = match *k {
            "Enter" => vec![KeyCode::Enter],
            "Esc" => vec![KeyCode::Esc],
            text => text.chars().map(KeyCode::Char).collect(),
        };
        for code in codes {
            flow = c.key(KeyEvent::new(code, KeyModifiers::NONE));
        }
    }
    flow
}

/// The screen with the question over it, as text.
fn screen(c: &Console<App>) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal
        .draw(|f| {
            f.render_widget(&c.app, f.area());
            c.render_prompt(f.area(), f.buffer_mut());
        })
        .unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..40 {
        for x in 0..120 {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Events in the save on disk.
fn on_disk(path: &Path) -> usize {
    save::load::<herald::battle::warlords::Warlords>(path)
        .unwrap()
        .data
        .battle
        .events()
        .len()
}

#[test]
fn a_failed_save_stops_the_console_until_the_referee_says_and_is_said_until_one_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    let path = c.file.path().to_path_buf();
    let size = std::fs::metadata(&path).unwrap().len();
    c.file.fail_next_writes(1);
    press(&mut c, &["Enter", "Enter"]); // open and roll the initiative
    assert_eq!(c.app.battle.events().len(), 1);
    assert_eq!(
        c.prompt,
        Some(Prompt::Choose),
        "the question is asked at once"
    );
    assert!(c.unsaved().is_some_and(|w| w.contains("No space left")));
    let text = screen(&c);
    assert!(text.contains("NOT SAVED"), "{text}");
    assert!(
        text.contains("Nothing more is recorded until you choose"),
        "{text}"
    );
    // The file ends where it did: the half-written commit was cut off.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    assert_eq!(on_disk(&path), 0);
    // Nothing is recorded on top of the unsaved event without the referee's say.
    press(&mut c, &["Enter", "Enter", "Enter", "a", "u"]);
    assert_eq!(c.app.battle.events().len(), 1);
    assert_eq!(c.prompt, Some(Prompt::Choose));
    // Carry on: the warning stays while the save is not done.
    press(&mut c, &["c"]);
    assert_eq!(c.prompt, None);
    assert!(screen(&c).contains("! NOT SAVED"));
    c.app.status = None;
    assert!(
        screen(&c).contains("! NOT SAVED"),
        "the warning is not a passing message"
    );
    // The next save succeeds: everything recorded is on disk, and it is said.
    while c.app.battle.events().len() < 3 {
        press(&mut c, &["Enter"]);
    }
    assert_eq!(c.unsaved(), None);
    assert!(!screen(&c).contains("NOT SAVED"));
    assert_eq!(on_disk(&path), c.app.battle.events().len());
}

#[test]
fn a_failed_save_is_tried_again_on_r_and_by_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    let path = c.file.path().to_path_buf();
    c.file.fail_next_writes(2);
    press(&mut c, &["Enter", "Enter"]);
    press(&mut c, &["r"]);
    assert!(c.unsaved().is_some(), "the second write fails too");
    assert_eq!(c.prompt, Some(Prompt::Choose));
    press(&mut c, &["r"]);
    assert_eq!(c.unsaved(), None);
    assert_eq!(c.prompt, None);
    assert!(
        c.app
            .status
            .as_ref()
            .unwrap()
            .text
            .contains("every change is on disk")
    );
    assert_eq!(on_disk(&path), 1);
    // Carrying on, the clock tries again.
    c.file.fail_next_writes(1);
    press(&mut c, &["Enter", "Enter"]);
    let n = c.app.battle.events().len();
    press(&mut c, &["c"]);
    std::thread::sleep(herald::tui::console::RETRY_EVERY);
    assert_eq!(c.tick(), Flow::Stay);
    assert_eq!(c.unsaved(), None);
    assert_eq!(on_disk(&path), n);
}

#[test]
fn quitting_with_events_not_saved_asks_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.file.fail_next_writes(100);
    press(&mut c, &["Enter", "Enter", "c"]);
    assert_eq!(press(&mut c, &["q"]), Flow::Stay, "quitting asks first");
    assert_eq!(c.prompt, Some(Prompt::Choose));
    assert_eq!(press(&mut c, &["Q"]), Flow::Quit);
    assert!(c.unsaved().is_some(), "the run loop reports it and exits 1");
}

#[test]
fn the_battle_can_be_written_elsewhere_and_goes_on_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.file.fail_next_writes(100);
    press(&mut c, &["Enter", "Enter"]);
    press(&mut c, &["w"]);
    assert!(
        matches!(&c.prompt, Some(Prompt::Path(p, None)) if p.ends_with("hastings-rescued.toml")),
        "{:?}",
        c.prompt
    );
    let rescued = dir.path().join("usb").join("rescued.toml");
    c.prompt = Some(Prompt::Path(rescued.display().to_string(), None));
    press(&mut c, &["Enter"]);
    assert_eq!(c.prompt, None);
    assert_eq!(c.unsaved(), None);
    assert_eq!(c.file.path(), rescued);
    assert_eq!(on_disk(&rescued), 1);
    press(&mut c, &["Enter", "Enter"]);
    assert_eq!(on_disk(&rescued), c.app.battle.events().len());
}

#[test]
fn keys_record_nothing_while_the_screen_is_too_small() {
    let mut app = support::hastings(7);
    support::screen(&app, 40, 10);
    support::press(&mut app, &["Enter"; 9]);
    assert!(app.battle.events().is_empty(), "nobody saw those dice");
    assert!(app.dialogs.is_empty());
    support::screen(&app, 80, 24);
    support::press(&mut app, &["Enter", "Enter"]);
    assert_eq!(app.battle.events().len(), 1);
}

#[test]
fn without_a_terminal_the_console_says_so_plainly_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["play", "typo.toml"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the console needs a terminal"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
    assert!(
        out.stdout.is_empty(),
        "no escape sequence: {:?}",
        out.stdout
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file made"
    );
}
