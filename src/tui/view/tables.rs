//! The unit tables, one per side: only the visible rows are built.

use super::words;
use crate::battle::{Phase, UnitState};
use crate::rules::Side;
use crate::tui::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Span;

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
    // The title rule, drawn by hand: the tables are the hot path of a frame.
    let rule_style = if focused { t.title() } else { t.dim() };
    buf.set_string(area.x, area.y, "─".repeat(area.width as usize), rule_style);
    let mut x = area.x + 1;
    for span in &title {
        let room = area.right().saturating_sub(x);
        let (nx, _) = buf.set_stringn(x, area.y, &span.content, room as usize, span.style);
        x = nx;
    }
    let inner = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    let rows = inner.height.saturating_sub(1) as usize;
    if focused {
        app.page.set(rows.max(1));
    }
    let selected = app.selected[side as usize].min(units.len().saturating_sub(1));
    let first = offset(selected, rows);
    let wide = inner.width >= 100;
    let columns = Columns::new(inner.width);
    if inner.height == 0 {
        return;
    }
    columns.draw(
        buf,
        inner.x,
        inner.y,
        &HEADER.map(|h| Span::styled(h, t.dim())),
    );
    for (row_y, (i, u)) in (inner.y + 1..).zip(units.iter().enumerate().skip(first).take(rows)) {
        let is_selected = focused && i == selected;
        let cells = row(app, side, i, u, wide);
        if is_selected {
            buf.set_style(Rect::new(inner.x, row_y, inner.width, 1), t.selected());
        }
        let style = if is_selected {
            t.selected()
        } else if u.off_table() {
            t.dim()
        } else {
            Style::new()
        };
        columns.draw(buf, inner.x, row_y, &cells.map(|c| c.patch_style(style)));
    }
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

/// The column titles.
const HEADER: [&str; 12] = [
    "", "id", "unit", "type", "FxR", "form", "mov", "morale", "Ch", "Cas", "pers.", "act",
];

/// Fixed widths of the columns; 0 marks the two that share what is left (unit 3, personalities 2).
const WIDTHS: [u16; 12] = [1, 3, 0, 5, 4, 6, 4, 9, 2, 3, 0, 3];

/// Where each column starts and how wide it is, for a table width.
struct Columns {
    at: [(u16, u16); 12],
}

impl Columns {
    fn new(width: u16) -> Columns {
        let fixed: u16 = WIDTHS.iter().sum::<u16>() + WIDTHS.len() as u16 - 1;
        let rest = width.saturating_sub(fixed);
        let name = rest * 3 / 5;
        let people = rest - name;
        let mut at = [(0, 0); 12];
        let mut x = 0;
        for (i, w) in WIDTHS.iter().enumerate() {
            let w = match i {
                2 => name,
                10 => people,
                _ => *w,
            };
            at[i] = (x, w);
            x += w + 1;
        }
        Columns { at }
    }

    /// Writes a row's cells, each cut to its column.
    fn draw(&self, buf: &mut Buffer, x: u16, y: u16, cells: &[Span<'_>; 12]) {
        let right = buf.area.right();
        for ((dx, w), c) in self.at.iter().zip(cells) {
            let cx = x + dx;
            if *w == 0 || cx >= right {
                continue;
            }
            let w = (*w).min(right - cx);
            buf.set_stringn(cx, y, &c.content, w as usize, c.style);
        }
    }
}

/// One unit's cells.
fn row<'a>(app: &App, side: Side, i: usize, u: &'a UnitState, wide: bool) -> [Span<'a>; 12] {
    let t = &app.theme;
    let x = &u.unit;
    let ranks = x.ranks();
    let files = ranks.first().copied().unwrap_or(0);
    let mut people = String::new();
    for p in &x.personalities {
        if !people.is_empty() {
            people.push_str(", ");
        }
        if p.commander {
            people.push('*');
        }
        if wide {
            people.push_str(&p.name);
        } else {
            people.push_str(p.name.split_whitespace().next().unwrap_or(""));
        }
        people.push_str(words::status_mark(p.status));
    }
    let morale_word = if u.removed {
        "removed"
    } else {
        words::morale(x.morale)
    };
    [
        Span::raw(if app.focus == side && app.selected[side as usize] == i {
            "›"
        } else {
            " "
        }),
        Span::raw(format!("{}{}", side.name(), i + 1)),
        Span::raw(x.name.as_str()),
        Span::raw(words::troop_short(x.troop_type)),
        Span::raw(format!("{files}×{}", ranks.len())),
        Span::raw(words::formation_short(x.formation)),
        Span::raw(if x.moving { "mov" } else { "stop" }),
        Span::styled(morale_word, t.morale(x.morale)),
        Span::raw(num(x.champions)),
        Span::raw(num(x.casualties)),
        Span::raw(people),
        Span::raw(if u.activated { "✓" } else { "·" }),
    ]
}

/// A count, blank when zero so the eye finds the non-zero ones.
fn num(n: u32) -> String {
    if n == 0 {
        "·".to_string()
    } else {
        n.to_string()
    }
}
