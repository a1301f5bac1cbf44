//! The quick reference (r): the selected unit's distances, shooting ranges
//! and dice, and the turn sequence, as the rules give them
//! (`rules::warlords::reference`), so the referee need not reach for the sheet.

use super::popup;
use crate::battle::UnitId;
use crate::rules::warlords::reference::{Row, turn_rows, unit_rows};
use crate::tui::text::wrap_hanging;
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The narrowest topic column.
const TOPIC: usize = 20;

/// Draws the reference popup, scrolled.
pub fn render(app: &App, unit: UnitId, scroll: u16, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(u) = app.battle.unit(unit) else {
        return;
    };
    let r = popup::centred(area, 100, area.height);
    let title = format!(
        "Quick reference: {} ({unit}) (↑↓ scroll, Esc or r closes)",
        u.unit.name
    );
    let inner = popup::frame(app, &title, r, buf);
    let rows = unit_rows(&u.unit);
    // The topic column as wide as its widest topic, and a space after it.
    let topic_width = rows
        .iter()
        .map(|r| r.topic.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(TOPIC);
    let line = |row: Row| {
        Line::from(vec![
            Span::raw("  "),
            Span::styled(format!("{:<topic_width$}", row.topic), t.key()),
            Span::raw(row.text),
            Span::styled(format!("  [{}]", row.cite), t.dim()),
        ])
    };
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{}: {} stands, width {}, {}",
            u.unit.name,
            u.unit.stands,
            u.unit.width(),
            super::words::morale(u.unit.morale)
        ),
        t.title(),
    ))];
    lines.extend(rows.into_iter().map(line));
    lines.push(Line::from(Span::styled("The turn (2.1)", t.title())));
    lines.extend(turn_rows().into_iter().map(line));
    // A long line continues under its text, not under its topic.
    let topic = |l: &Line<'static>| match l.spans.as_slice() {
        [indent, topic, _, _] => indent.width() + topic.width(),
        _ => 0,
    };
    let all = wrap_hanging(lines, inner.width.into(), topic);
    let max = (all.len() as u16).saturating_sub(inner.height);
    Paragraph::new(all)
        .scroll((scroll.min(max), 0))
        .render(inner, buf);
}
