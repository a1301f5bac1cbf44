//! The Warlords console's popups: the shell's box in its theme, and the
//! quit question.

use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub use crate::tui::popup::{centred, clear};

/// Clears `area`, draws a titled border in the console's theme, and
/// returns the inside.
pub fn frame(app: &App, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    let room = usize::from(area.width.saturating_sub(3));
    if title.chars().count() <= room {
        return crate::tui::popup::frame(&app.theme, title, area, buf);
    }
    crate::tui::popup::frame(&app.theme, &short_title(app, title, room), area, buf)
}

/// A title too long for its box (80 columns), never cut: units named by
/// their ids (`a1` for `Harold's housecarls (a1)`), then the turn dropped.
fn short_title(app: &App, title: &str, room: usize) -> String {
    let mut short = title.to_string();
    // The longest names first, only as many as it takes.
    let mut named: Vec<(String, String)> = [crate::rules::Side::A, crate::rules::Side::B]
        .into_iter()
        .flat_map(|side| app.battle.units(side))
        .map(|(id, u)| (format!("{} ({id})", u.unit.name), id.to_string()))
        .filter(|(long, _)| title.contains(long.as_str()))
        .collect();
    named.sort_by_key(|(long, _)| std::cmp::Reverse(long.len()));
    for (long, id) in named {
        if short.chars().count() <= room {
            break;
        }
        short = short.replace(&long, &id);
    }
    if short.chars().count() > room
        && let Some((_, rest)) = short.split_once(": ")
        && short.starts_with("Turn ")
    {
        short = rest.to_string();
    }
    short
}

/// Asks whether to quit with a resolution half done.
pub fn confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let r = centred(area, 60, 6);
    let inner = frame(app, "Quit?", r, buf);
    let t = &app.theme;
    Paragraph::new(vec![
        Line::from("A resolution is half done; it is not recorded yet."),
        Line::from(if app.unsaved.is_some() {
            "Some recorded events are NOT saved: Herald will offer to write them elsewhere."
        } else {
            "Every recorded event is saved."
        }),
        Line::from(vec![
            Span::styled("y", t.key()),
            Span::raw(" quit   "),
            Span::styled("n", t.key()),
            Span::raw("/"),
            Span::styled("Esc", t.key()),
            Span::raw(" stay"),
        ]),
    ])
    .render(inner, buf);
}

/// The summary of a turn: each line of the battle's summary.
pub fn summary(
    app: &App,
    turn: u32,
    lines: &[String],
    finished: bool,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = &app.theme;
    let width = area.width.min(76);
    let inside = usize::from(width.saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.chars().count().div_ceil(inside).max(1))
        .sum();
    let r = centred(area, width, (rows as u16 + 3).min(area.height));
    // Mid-turn (S) it is the turn so far, and Enter takes the walker's next step.
    let (title, enter) = if finished {
        (format!("Turn {turn}: what it did"), " next turn   ")
    } else {
        (format!("Turn {turn} so far"), " go on   ")
    };
    let inner = frame(app, &title, r, buf);
    let mut text: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
    text.push(Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(enter),
        Span::styled("Esc", t.key()),
        Span::raw(" close"),
    ]));
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The note field: on a unit or on the turn.
pub fn note(
    app: &App,
    unit: Option<crate::battle::UnitId>,
    text: &str,
    error: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = &app.theme;
    let r = centred(area, area.width.min(72), 7);
    let title = match unit {
        Some(id) => format!("Note on {} ({id})", app.name(id)),
        None => format!("Note on turn {}", app.battle.turn()),
    };
    let inner = frame(app, &title, r, buf);
    let mut lines = vec![Line::from(vec![
        Span::raw(text.to_string()),
        Span::styled("▏", t.key()),
    ])];
    if let Some(e) = error {
        lines.push(Line::from(vec![
            Span::styled("! ", t.bad()),
            Span::styled(e.to_string(), t.warn()),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(" record (saved, and printed in the report)   "),
        Span::styled("Esc", t.key()),
        Span::raw(" drop"),
    ]));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
