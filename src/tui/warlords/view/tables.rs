//! The unit tables, one per side: only the visible rows are built.

use super::words;
use crate::battle::UnitId;
use crate::battle::warlords::{Event, Phase, UnitState};
use crate::rules::Side;
use crate::rules::warlords::unit::Unit;
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Span;

/// Draws both sides' tables, one above the other, and under them the
/// fled and destroyed list when a unit has left the table.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let gone = app.battle.off_table();
    let list_rows = if gone.is_empty() {
        0
    } else {
        (gone.len() as u16 + 1).min(if area.height >= 30 { 6 } else { 3 })
    };
    let rows = |s: Side| app.on_table(s).len().max(1) as u16 + 2;
    let a_rows = split(
        area.height.saturating_sub(list_rows),
        rows(Side::A),
        rows(Side::B),
    );
    let [a, b, list] = area.layout(&Layout::vertical([
        Constraint::Length(a_rows),
        Constraint::Fill(1),
        Constraint::Length(list_rows),
    ]));
    // Both tables share their columns, sized for the longest name and
    // list of personalities on the table.
    let wide = area.width >= 100;
    let (mut name, mut people) = (0, 0);
    for s in [Side::A, Side::B] {
        let units = &app.battle.state().units[s as usize];
        for &i in &app.on_table(s) {
            name = name.max(units[i].unit.name.chars().count());
            people = people.max(personalities(&units[i].unit, wide).chars().count());
        }
    }
    let columns = Columns::new(area.width, name as u16, people as u16);
    side(app, Side::A, a, &columns, buf);
    side(app, Side::B, b, &columns, buf);
    if list_rows > 0 {
        fled(app, &gone, list, buf);
    }
}

/// The first table's rows out of `height` when the tables need `a` and `b`
/// rows (units, title and column header): halves when both fit in them,
/// else each side whole when it can be (a side of 13 units is not cut to
/// 12 beside one of 12), else halves.
fn split(height: u16, a: u16, b: u16) -> u16 {
    let half = height / 2;
    if a <= half && b <= height - half {
        half
    } else if a <= half || u32::from(a) + u32::from(b) <= u32::from(height) {
        a
    } else if b <= height - half {
        height - b
    } else {
        half
    }
}

/// What took a unit off the table: the latest event that did, from the
/// battle's index of departures (not a walk through the log).
pub fn why_gone(app: &App, id: UnitId) -> String {
    let b = &app.battle;
    let Some(d) = b.departure(id) else {
        return "off the table".to_string();
    };
    let when = format!("T{}", d.turn);
    if !d.dispersed {
        return format!("removed by the referee ({when})");
    }
    match b.events().get(d.event) {
        Some(Event::Flee { .. }) => format!("dispersed by flight ({when}, 2.4.11)"),
        Some(Event::Melee { .. }) => format!("dispersed by Melee ({when}, 2.6.2)"),
        Some(Event::Activation { .. } | Event::Reaction { .. }) => {
            format!("dispersed by a failed activation ({when}, 1.7.4)")
        }
        Some(Event::Shooting { .. }) => format!("dispersed by shooting ({when}, 1.7.4)"),
        Some(Event::Correct { .. }) => format!("dispersed by the referee ({when})"),
        _ => format!("dispersed ({when}, 1.7.4)"),
    }
}

/// The fled and destroyed list: each unit, what happened to it, and its personalities' fates.
fn fled(app: &App, gone: &[UnitId], area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let title = format!(" Fled and destroyed ({}) ", gone.len());
    buf.set_string(area.x, area.y, "─".repeat(area.width as usize), t.dim());
    buf.set_string(area.x + 1, area.y, &title, t.title());
    let hint = " o correct one ";
    let x = area.right().saturating_sub(hint.len() as u16 + 1);
    buf.set_string(x, area.y, hint, t.dim());
    let rows = area.height.saturating_sub(1) as usize;
    let shown = if gone.len() > rows {
        rows.saturating_sub(1)
    } else {
        rows
    };
    for (y, id) in (area.y + 1..).zip(gone.iter().rev().take(shown)) {
        let Some(u) = app.battle.unit(*id) else {
            continue;
        };
        let people: Vec<String> = u
            .unit
            .personalities
            .iter()
            .map(|p| format!("{} {}", p.name, words::status(p.status)))
            .collect();
        let mut text = format!(
            "  {:<4}{} — {}",
            id.to_string(),
            u.unit.name,
            why_gone(app, *id)
        );
        if !people.is_empty() {
            text.push_str(&format!("; {}", people.join(", ")));
        }
        buf.set_stringn(area.x, y, text, area.width as usize, t.dim());
    }
    if gone.len() > shown && rows > 0 {
        let y = area.y + rows as u16;
        let more = format!("  … and {} more (o lists them all)", gone.len() - shown);
        buf.set_stringn(area.x, y, more, area.width as usize, t.dim());
    }
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
fn side(app: &App, side: Side, area: Rect, columns: &Columns, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let all = &b.state().units[side as usize];
    let rows_of = app.on_table(side);
    let units: Vec<(usize, &UnitState)> = rows_of.iter().map(|&i| (i, &all[i])).collect();
    let gone = all.len() - units.len();
    let focused = app.focus == side;
    let to_activate = b.to_activate(side).len();
    let phasing = b.phase() == Phase::Activation(side);
    let mut title = vec![
        Span::styled(
            format!(" {} {} ", side.name(), b.setup().label(side)),
            if focused { t.title() } else { t.text() },
        ),
        Span::raw(if gone > 0 {
            format!(
                "{} units ({gone} fled or destroyed), {to_activate} to activate ",
                units.len()
            )
        } else {
            format!("{} units, {to_activate} to activate ", units.len())
        }),
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
    let selected = app.selected_index(side);
    let at = units
        .iter()
        .position(|(i, _)| Some(*i) == selected)
        .unwrap_or(0);
    let first = offset(at, rows);
    let wide = inner.width >= 100;
    if inner.height == 0 {
        return;
    }
    columns.draw(
        buf,
        inner.x,
        inner.y,
        &HEADER.map(|h| Span::styled(h, t.dim())),
    );
    for (row_y, &(i, u)) in (inner.y + 1..).zip(units.iter().skip(first).take(rows)) {
        let is_selected = focused && Some(i) == selected;
        let cells = row(app, side, i, u, wide, is_selected);
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

/// Fixed widths of the columns; 0 marks the two that share what is left
/// (the unit's name and its personalities).
const WIDTHS: [u16; 12] = [1, 3, 0, 5, 4, 6, 4, 9, 2, 3, 0, 3];

/// Where each column starts and how wide it is, for a table width.
struct Columns {
    at: [(u16, u16); 12],
}

impl Columns {
    /// The columns for a table `width` wide whose longest unit name and
    /// list of personalities are `name` and `people` cells: the name gets
    /// what it needs, or at least 2/3 of what is left when both cannot fit.
    fn new(width: u16, name: u16, people: u16) -> Columns {
        let fixed: u16 = WIDTHS.iter().sum::<u16>() + WIDTHS.len() as u16 - 1;
        let rest = width.saturating_sub(fixed);
        let name = name.min(rest.saturating_sub(people).max(rest * 2 / 3));
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
fn row<'a>(
    app: &App,
    side: Side,
    i: usize,
    u: &'a UnitState,
    wide: bool,
    selected: bool,
) -> [Span<'a>; 12] {
    let t = &app.theme;
    let x = &u.unit;
    let ranks = x.ranks();
    let files = ranks.first().copied().unwrap_or(0);
    let people = personalities(x, wide);
    let morale_word = if u.removed {
        "removed"
    } else {
        words::morale(x.morale)
    };
    [
        Span::raw(if selected { "›" } else { " " }),
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

/// A unit's personalities for its row: the commander starred, full names
/// when the table is `wide` (first names otherwise), each with its status.
fn personalities(x: &Unit, wide: bool) -> String {
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
    people
}

/// A count, blank when zero so the eye finds the non-zero ones.
fn num(n: u32) -> String {
    if n == 0 {
        "·".to_string()
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{Columns, split};

    #[test]
    fn each_side_gets_rows_for_its_units() {
        // 12 and 13 units (14 and 15 rows) in 29: both whole.
        assert_eq!(split(29, 14, 15), 14);
        // In 16 rows neither fits: halves.
        assert_eq!(split(16, 14, 15), 8);
        // 200 units against 3: the small side keeps its 5 rows.
        assert_eq!(split(29, 202, 5), 24);
        assert_eq!(split(29, 5, 202), 5);
        assert_eq!(split(0, 5, 5), 0);
        // Small armies: halves, as before.
        assert_eq!(split(16, 4, 4), 8);
    }

    #[test]
    fn the_name_column_takes_what_it_needs() {
        // 51 cells are fixed; at 120 there are 69 for names and personalities.
        let c = Columns::new(120, 32, 31);
        assert_eq!(
            (c.at[2].1, c.at[10].1),
            (32, 37),
            "both fit: the rest to personalities"
        );
        // At 80 only 29: the name gets 2/3 unless the personalities are short.
        let c = Columns::new(80, 32, 15);
        assert_eq!((c.at[2].1, c.at[10].1), (19, 10));
        let c = Columns::new(80, 32, 4);
        assert_eq!((c.at[2].1, c.at[10].1), (25, 4));
        // Short names leave the room to the personalities.
        let c = Columns::new(80, 10, 40);
        assert_eq!((c.at[2].1, c.at[10].1), (10, 19));
    }
}
