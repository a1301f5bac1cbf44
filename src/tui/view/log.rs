//! The log pane: the latest events, newest last.

use crate::tui::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

/// Draws the last events that fit.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let entries = app.battle.entries();
    let block = Block::new().borders(Borders::TOP).title(Span::styled(
        format!(" log: {} event(s) · u undo · U redo ", entries.len()),
        t.dim(),
    ));
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = inner.height as usize;
    let lines: Vec<Line> = entries[entries.len().saturating_sub(rows)..]
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let n = entries.len().saturating_sub(rows) + i + 1;
            Line::from(vec![
                Span::styled(format!("{n:>4} T{} ", e.turn), t.dim()),
                Span::raw(e.summary.clone()),
            ])
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}
