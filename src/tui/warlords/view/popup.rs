//! Popups: a cleared, bordered box over the screen, and the quit question.

use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

/// A box of at most `width`×`height`, centred in `area` and at least 2 cells from its edges where it can be.
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width
        .min(area.width.saturating_sub(4))
        .max(area.width.min(20));
    let h = height
        .min(area.height.saturating_sub(2))
        .max(area.height.min(5));
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Clears an area so the popup does not show what is under it.
pub fn clear(area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
}

/// Clears `area`, draws a titled border, and returns the inside.
pub fn frame(app: &App, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    clear(area, buf);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), app.theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
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
