//! Popups for every console: a cleared, bordered box over the screen.

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

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
pub fn frame(theme: &Theme, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    clear(area, buf);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}
