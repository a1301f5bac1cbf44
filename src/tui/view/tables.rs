//! The unit tables, one per side: only the visible rows are built.

use super::words;
use crate::battle::{Phase, UnitState};
use crate::rules::Side;
use crate::tui::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Cell, Row, Table, Widget};

/// Draws both sides' tables, one above the other.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let [a, b] = area.layout(&Layout::vertical([
        Constraint::Fill(1),
        Constraint::Fill(1),
    ]));
    side(app, Side::A, a, buf);
    side(app, Side::B, b, buf);
}

/// The first visible row for a selection in a window of `rows`.
pub fn offset(selected: usize, rows: usize) -> usize {
    if rows == 0 {
        0
    } else {
        selected.saturating_sub(rows - 1)
    }
}

/// Draws one side's table.
fn side(app: &App, side: Side, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let units = &b.state().units[side as usize];
    let focused = app.focus == side;
    let to_activate = b.to_activate(side).len();
    let phasing = b.phase() == Phase::Activation(side);
    let mut title = vec![
        Span::styled(
            format!(" {} {} ", side.name(), b.setup().label(side)),
            if focused { t.title() } else { t.text() },
        ),
        Span::raw(format!("{} units, {to_activate} to activate ", units.len())),
    ];
    if phasing {
        title.push(Span::styled("◆ activating ", t.warn()));
    }
    if b.initiative() == Some(side) {
        title.push(Span::styled("initiative ", t.good()));
    }
    let block = Block::new()
        .borders(Borders::TOP)
        .title(Line::from(title))
        .border_style(if focused { t.title() } else { t.dim() });
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = inner.height.saturating_sub(1) as usize;
    if focused {
        app.page.set(rows.max(1));
    }
    let selected = app.selected[side as usize].min(units.len().saturating_sub(1));
    let first = offset(selected, rows);
    let wide = inner.width >= 100;
    let visible = units.iter().enumerate().skip(first).take(rows);
    let body: Vec<Row> = visible
        .map(|(i, u)| row(app, side, i, u, focused && i == selected, wide))
        .collect();
    let widths = [
        Constraint::Length(1),
        Constraint::Length(3),
        Constraint::Fill(3),
        Constraint::Length(5),
        Constraint::Length(4),
        Constraint::Length(6),
        Constraint::Length(4),
        Constraint::Length(9),
        Constraint::Length(2),
        Constraint::Length(3),
        Constraint::Fill(2),
        Constraint::Length(3),
    ];
    let header = Row::new([
        "", "id", "unit", "type", "FxR", "form", "mov", "morale", "Ch", "Cas", "pers.", "act",
    ])
    .style(t.dim());
    Table::new(body, widths)
        .header(header)
        .column_spacing(1)
        .render(inner, buf);
    if units.len() > rows && rows > 0 {
        let more = format!(
            " {}-{} of {} ",
            first + 1,
            (first + rows).min(units.len()),
            units.len()
        );
        let x = area.right().saturating_sub(more.len() as u16 + 1);
        buf.set_string(x, area.y, more, t.dim());
    }
}

/// One unit's row.
fn row<'a>(
    app: &App,
    side: Side,
    i: usize,
    u: &'a UnitState,
    selected: bool,
    wide: bool,
) -> Row<'a> {
    let t = &app.theme;
    let x = &u.unit;
    let gone = u.off_table();
    let ranks = x.ranks();
    let files = ranks.first().copied().unwrap_or(0);
    let people: Vec<String> = x
        .personalities
        .iter()
        .map(|p| {
            let star = if p.commander { "*" } else { "" };
            let name = if wide {
                p.name.clone()
            } else {
                p.name.split_whitespace().next().unwrap_or("").to_string()
            };
            format!("{star}{name}{}", words::status_mark(p.status))
        })
        .collect();
    let morale_word = if u.removed {
        "removed"
    } else {
        words::morale(x.morale)
    };
    let cells = vec![
        Cell::from(if selected { "›" } else { " " }),
        Cell::from(format!("{}{}", side.name(), i + 1)),
        Cell::from(x.name.as_str()),
        Cell::from(words::troop_short(x.troop_type)),
        Cell::from(format!("{files}×{}", ranks.len())),
        Cell::from(words::formation_short(x.formation)),
        Cell::from(if x.moving { "mov" } else { "stop" }),
        Cell::from(Span::styled(morale_word, t.morale(x.morale))),
        Cell::from(num(x.champions)),
        Cell::from(num(x.casualties)),
        Cell::from(people.join(", ")),
        Cell::from(if u.activated { "✓" } else { "·" }),
    ];
    let style = if selected {
        t.selected()
    } else if gone {
        t.dim()
    } else {
        Style::new()
    };
    Row::new(cells).style(style)
}

/// A count, blank when zero so the eye finds the non-zero ones.
fn num(n: u32) -> String {
    if n == 0 {
        "·".to_string()
    } else {
        n.to_string()
    }
}
