//! The log pane: the latest events, newest last.

use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

/// Draws the last events that fit.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let count = app.battle.events().len();
    let block = Block::new().borders(Borders::TOP).title(Span::styled(
        format!(" log: {count} event(s) · u undo · U redo "),
        t.dim(),
    ));
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = inner.height as usize;
    let lines: Vec<Line> = (count.saturating_sub(rows)..count)
        .filter_map(|i| {
            let e = app.battle.entry(i)?;
            // One row each, cut at a word's end (l opens the whole log).
            Some(crate::tui::text::cut_line(
                Line::from(vec![
                    Span::styled(format!("{:>4} T{} ", i + 1, e.turn), t.dim()),
                    Span::raw(e.summary.clone()),
                ]),
                inner.width as usize,
            ))
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}
