//! The log browser (issue 13): `l` from the tables opens the battle's whole
//! log full-screen; every entry is there whole, wrapped, never cut; it
//! scrolls by line, page and to the ends; `/` searches, n and N go from
//! match to match, and the matches are highlighted; Esc closes it, and
//! nothing is recorded while it is open. Keys go through the real console.

#[path = "support/tui.rs"]
mod support;

use herald::store::save::SaveFile;
use herald::tui::console::Console;
use herald::tui::warlords::app::App;
use herald::tui::warlords::keymap::Context;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;
use std::path::Path;

/// A console on a new battle of Hastings saved in `dir`, `steps` suggested
/// steps played (Enter each: open, roll, close).
fn console(dir: &Path, steps: usize) -> Console<App> {
    let mut app = support::hastings(7);
    let path = dir.join("hastings.toml");
    let dice = app.dice.position();
    let file = SaveFile::create_from(&path, "hastings", &mut app.battle, dice).unwrap();
    let mut c = Console::new(app, file);
    for _ in 0..steps {
        press(&mut c, &["Enter"]);
    }
    // Back to the tables, where l opens the log.
    while c.app.context() != Context::Tables {
        press(&mut c, &["Esc"]);
    }
    c
}

/// Presses keys: `Enter`, `Esc`, `Up`, `Down`, `PgUp`, `PgDn`, `Home`,
/// `End`, `Backspace`, or text as its characters.
fn press(c: &mut Console<App>, keys: &[&str]) {
    for k in keys {
        let codes: Vec<KeyCode> = match *k {
            "Enter" => vec![KeyCode::Enter],
            "Esc" => vec![KeyCode::Esc],
            "Up" => vec![KeyCode::Up],
            "Down" => vec![KeyCode::Down],
            "PgUp" => vec![KeyCode::PageUp],
            "PgDn" => vec![KeyCode::PageDown],
            "Home" => vec![KeyCode::Home],
            "End" => vec![KeyCode::End],
            "Backspace" => vec![KeyCode::Backspace],
            text => text.chars().map(KeyCode::Char).collect(),
        };
        for code in codes {
            c.key(KeyEvent::new(code, KeyModifiers::NONE));
        }
    }
}

/// The screen drawn by the console.
fn draw(c: &Console<App>, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| c.draw(f.area(), f.buffer_mut())).unwrap();
    terminal.backend().buffer().clone()
}

/// A buffer as text, trailing spaces trimmed.
fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        for x in 0..buf.area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Words of a text, for comparing what wrapping keeps.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn l_opens_the_whole_log_over_the_battle_records_nothing_and_esc_closes_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), 12);
    let events = c.app.battle.events().len();
    assert!(events >= 3, "{events}");
    // The tables' footer lists the key, from the keymap.
    // (with its words, or by its key alone after "also" when they do not fit)
    let screen = text(&draw(&c, 120, 40));
    let foot = screen
        .lines()
        .rev()
        .find(|l| l.contains("? help"))
        .unwrap_or("");
    let also = foot.split("also").nth(1).unwrap_or("");
    assert!(
        foot.contains("l log") || also.split_whitespace().any(|k| k == "l"),
        "{foot}"
    );
    press(&mut c, &["l"]);
    assert!(c.log.is_some(), "l opens the log browser");
    insta::assert_snapshot!("log_opened_120x40", text(&draw(&c, 120, 40)));
    insta::assert_snapshot!("log_opened_80x24", text(&draw(&c, 80, 24)));
    // Keys in the log record nothing.
    press(&mut c, &["Enter", "u", "a", "Enter", "Up", "PgDn"]);
    assert_eq!(c.app.battle.events().len(), events);
    press(&mut c, &["Esc"]);
    assert!(c.log.is_none(), "Esc closes it");
    press(&mut c, &["Enter", "Enter", "Enter"]);
    assert!(
        c.app.battle.events().len() > events,
        "the battle takes keys again"
    );
    // Too small: the log says what it needs.
    press(&mut c, &["l"]);
    let small = text(&draw(&c, 60, 20));
    assert!(small.contains("at least 80×24"), "{small}");
}

#[test]
fn every_entry_is_there_whole_wrapped_and_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), 40);
    press(&mut c, &["l"]);
    let log = c.log.as_ref().unwrap();
    draw(&c, 80, 24);
    let rows = log.rows();
    assert!(
        rows.iter().all(|r| r.chars().count() <= 78),
        "a row wider than the screen"
    );
    let all = words(&rows.join(" "));
    let n = c.app.battle.events().len();
    assert!(n >= 10, "{n}");
    for i in 0..n {
        let e = c.app.battle.entry(i).unwrap();
        assert!(
            all.contains(&words(&e.summary)),
            "event {} is cut: {}",
            i + 1,
            e.summary
        );
        for effect in &e.effects {
            assert!(all.contains(&words(&effect.text)), "{}", effect.text);
        }
    }
    // Wider, fewer rows; the same words.
    draw(&c, 120, 40);
    let wide = c.log.as_ref().unwrap().rows();
    assert!(wide.len() < rows.len());
    assert_eq!(words(&wide.join(" ")), all);
}

#[test]
fn the_log_scrolls_by_line_by_page_and_to_either_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), 40);
    press(&mut c, &["l"]);
    draw(&c, 80, 24);
    let log = |c: &Console<App>| c.log.as_ref().unwrap().top();
    let last = log(&c);
    assert!(last > 0, "it opens at the newest event");
    press(&mut c, &["Home"]);
    assert_eq!(log(&c), 0);
    press(&mut c, &["Down", "Down"]);
    assert_eq!(log(&c), 2);
    press(&mut c, &["Up"]);
    assert_eq!(log(&c), 1);
    press(&mut c, &["PgDn"]);
    assert_eq!(log(&c), 1 + 20, "a page is the body's 20 rows at 80×24");
    press(&mut c, &["PgUp", "PgUp"]);
    assert_eq!(log(&c), 0);
    press(&mut c, &["End"]);
    assert_eq!(log(&c), last);
    press(&mut c, &["Down"]);
    assert_eq!(log(&c), last, "never past the end");
    let screen = text(&draw(&c, 80, 24));
    let shown: Vec<&str> = screen.lines().collect();
    let rows = c.log.as_ref().unwrap().rows();
    assert!(shown[20].contains(rows[rows.len() - 1].trim()), "{screen}");
}

#[test]
fn a_search_finds_highlights_and_goes_from_match_to_match() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), 40);
    press(&mut c, &["l"]);
    draw(&c, 80, 24);
    press(
        &mut c,
        &["Home", "/", "activatz", "Backspace", "es", "Enter"],
    );
    let log = c.log.as_ref().unwrap();
    let rows = log.rows();
    let hits: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.to_lowercase().contains("activates"))
        .map(|(i, _)| i)
        .collect();
    assert!(hits.len() >= 3, "{hits:?}");
    assert_eq!(log.current_match(), Some(hits[0]));
    let buf = draw(&c, 80, 24);
    let screen = text(&buf);
    assert!(
        screen.contains(&format!("match 1 of {}", hits.len())),
        "{screen}"
    );
    insta::assert_snapshot!("log_search_80x24", screen);
    // The current match stands out (bold and reversed), the others reversed.
    let styled = |m: Modifier| {
        (0..buf.area.height).any(|y| {
            (0..buf.area.width).any(|x| {
                let cell = &buf[(x, y)];
                cell.modifier.contains(m) && cell.symbol() == "a"
            })
        })
    };
    assert!(styled(Modifier::REVERSED | Modifier::BOLD));
    press(&mut c, &["n"]);
    assert_eq!(c.log.as_ref().unwrap().current_match(), Some(hits[1]));
    press(&mut c, &["n", "N", "N"]);
    assert_eq!(c.log.as_ref().unwrap().current_match(), Some(hits[0]));
    press(&mut c, &["N"]);
    assert_eq!(
        c.log.as_ref().unwrap().current_match(),
        Some(hits[hits.len() - 1]),
        "round the end"
    );
    // The match is in view.
    let top = c.log.as_ref().unwrap().top();
    assert!((top..top + 20).contains(&hits[hits.len() - 1]));
    // Nothing found: said, and the view stays.
    press(&mut c, &["/", "zzz", "Enter"]);
    assert_eq!(c.log.as_ref().unwrap().current_match(), None);
    assert!(text(&draw(&c, 80, 24)).contains("no match for 'zzz'"));
    assert_eq!(c.log.as_ref().unwrap().top(), top);
    // Esc while typing stops the search, not the log.
    press(&mut c, &["/", "x", "Esc"]);
    assert!(c.log.is_some());
}
