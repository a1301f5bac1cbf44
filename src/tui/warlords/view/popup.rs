//! The Warlords console's popups: the shell's box in its theme, and the
//! quit question.

use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub use crate::tui::popup::{centred, clear};

/// Clears `area`, draws a titled border in the console's theme, and
/// returns the inside.
pub fn frame(app: &App, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    crate::tui::popup::frame(&app.theme, title, area, buf)
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
