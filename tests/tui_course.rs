//! The course of the battle in the console (issue 27): `V` from the tables
//! and from the log browser opens it over the battle; it draws each side's
//! stands by turn and its units by morale, the marked turns listed; Esc
//! closes it where it was opened; nothing is recorded while it is open.
//! Snapshots at 80×24 and 120×40; the sides differ by marker without colour.

#[path = "support/course.rs"]
mod course;

use herald::dice::SeededDice;
use herald::store::save::SaveFile;
use herald::tui::console::Console;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use std::path::Path;

/// A console on the three scripted turns of Hastings, saved in `dir`.
fn console(dir: &Path, theme: Theme) -> Console<App> {
    let mut app = App::new(course::three_turns(), SeededDice::new(7), theme, "hastings");
    let path = dir.join("hastings.toml");
    let dice = app.dice.position();
    let file = SaveFile::create_from(&path, "hastings", &mut app.battle, dice).unwrap();
    Console::new(app, file)
}

fn press(c: &mut Console<App>, keys: &str) {
    for ch in keys.chars() {
        let code = match ch {
            '\u{1b}' => KeyCode::Esc,
            '\n' => KeyCode::Enter,
            ch => KeyCode::Char(ch),
        };
        c.key(KeyEvent::new(code, KeyModifiers::NONE));
    }
}

fn draw(c: &Console<App>, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| c.draw(f.area(), f.buffer_mut())).unwrap();
    terminal.backend().buffer().clone()
}

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

#[test]
fn v_opens_the_course_from_the_tables_and_esc_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Theme::plain());
    let events = c.app.battle.events().len();
    let tables = text(&draw(&c, 120, 40));
    assert!(!tables.contains("COURSE OF THE BATTLE"));
    press(&mut c, "V");
    let shown = text(&draw(&c, 120, 40));
    assert!(shown.contains("COURSE OF THE BATTLE · hastings"), "{shown}");
    assert!(
        shown.contains("a Norman: 76 → 76 → 73 → 67 stands by Turn"),
        "{shown}"
    );
    assert!(
        shown.contains("b English: 92 → 90 → 80 → 80 stands by Turn"),
        "{shown}"
    );
    assert!(
        shown.contains("Turn 1, English: Select fyrd of Wessex (b4) broke"),
        "{shown}"
    );
    assert!(
        shown.contains("Turn 2, Norman: Duke William wounded"),
        "{shown}"
    );
    // Keys the battle would take do nothing here: Enter records nothing.
    press(&mut c, "\nc");
    assert_eq!(c.app.battle.events().len(), events);
    press(&mut c, "\u{1b}");
    assert_eq!(text(&draw(&c, 120, 40)), tables);
}

#[test]
fn v_opens_the_course_from_the_log_and_closing_it_goes_back_to_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Theme::plain());
    press(&mut c, "l");
    let log = text(&draw(&c, 80, 24));
    assert!(log.contains("course"), "the log's footer offers V:\n{log}");
    press(&mut c, "V");
    assert!(text(&draw(&c, 80, 24)).contains("COURSE OF THE BATTLE"));
    press(&mut c, "q");
    assert_eq!(text(&draw(&c, 80, 24)), log);
}

#[test]
fn the_course_at_80x24_and_120x40() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Theme::plain());
    press(&mut c, "V");
    insta::assert_snapshot!("course_80x24", text(&draw(&c, 80, 24)));
    insta::assert_snapshot!("course_120x40", text(&draw(&c, 120, 40)));
    // At 80×24 the lower part scrolls to the marked turns.
    press(&mut c, "jjjjjjjjjjjj");
    let scrolled = text(&draw(&c, 80, 24));
    assert!(scrolled.contains("Duke William wounded"), "{scrolled}");
}

#[test]
fn the_course_in_colour_at_80x24_and_120x40() {
    // The styles are part of these snapshots: each side's line its colour,
    // each morale state its tone.
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Theme::coloured());
    press(&mut c, "V");
    insta::assert_snapshot!("course_colour_80x24", format!("{:?}", draw(&c, 80, 24)));
    insta::assert_snapshot!("course_colour_120x40", format!("{:?}", draw(&c, 120, 40)));
}

/// The cells of the chart drawn with a glyph, and the colours they have.
fn glyph_colours(buf: &Buffer, glyph: &str) -> Vec<Color> {
    let mut colours = Vec::new();
    for y in 0..buf.area.height / 2 {
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            if cell.symbol() == glyph {
                colours.push(cell.fg);
            }
        }
    }
    colours
}

#[test]
fn the_sides_differ_by_marker_without_colour_and_by_colour_too_with_it() {
    for (theme, coloured) in [(Theme::plain(), false), (Theme::coloured(), true)] {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console(dir.path(), theme);
        press(&mut c, "V");
        let buf = draw(&c, 120, 40);
        let a = glyph_colours(&buf, "•");
        let b = glyph_colours(&buf, "▄");
        assert!(
            a.len() > 20 && b.len() > 20,
            "both lines are drawn: {} {}",
            a.len(),
            b.len()
        );
        if coloured {
            assert!(a.iter().all(|&c| c == Color::Cyan), "{a:?}");
            assert!(b.iter().all(|&c| c == Color::Yellow), "{b:?}");
        } else {
            assert!(a.iter().chain(&b).all(|&c| c == Color::Reset));
        }
    }
}

/// Every mark of the course's legend is explained at 80x24 too: a Warlord
/// I battle's seven morale states, `Lost` the last (issue 36 item 4); and
/// Warlords' casualty figures are given beside its stands.
#[test]
fn the_legend_names_every_state_at_80x24() {
    let carrhae =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/earlier_saves/carrhae-moves-1-8.toml");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("carrhae.toml");
    std::fs::copy(carrhae, &path).unwrap();
    let Ok(herald::tui::run::Opened::WarlordI(mut c)) = herald::tui::run::open(&path) else {
        panic!("Carrhae opens");
    };
    c.key(KeyEvent::new(KeyCode::Char('V'), KeyModifiers::NONE));
    let names = c.course.as_ref().unwrap().course().state_names();
    for (w, h) in [(80, 24), (120, 40)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| c.draw(f.area(), f.buffer_mut())).unwrap();
        let screen = text(terminal.backend().buffer());
        for n in &names {
            assert!(
                screen.contains(&format!(" {n}")),
                "{w}x{h}: no {n}:\n{screen}"
            );
        }
    }
    // Warlords' casualty figures beside its stands, at the end of the view.
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Theme::plain());
    press(&mut c, "V");
    c.key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
    let screen = text(&draw(&c, 80, 24));
    assert!(screen.contains("Casualty figures by Turn"), "{screen}");
    assert!(screen.contains("b English: 0 → 3 → 3 → 5"), "{screen}");
}
