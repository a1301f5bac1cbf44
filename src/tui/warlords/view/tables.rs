//! The unit tables, one per side: only the visible rows are built.

use super::{popup, words};
use crate::battle::UnitId;
use crate::battle::warlords::{Event, Phase, UnitState};
use crate::rules::Side;
use crate::rules::warlords::unit::Unit;
use crate::tui::table::{Column, Columns, offset, split};
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Draws both sides' tables, one above the other, and under them the
/// fled and destroyed list when a unit has left the table.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let gone = app.battle.off_table();
    let list_rows = if gone.is_empty() {
        0
    } else {
        let most = match area.height {
            30.. => 6,
            20..=29 => 3,
            _ => 2, // 80×24: one line, o lists them all
        };
        (gone.len() as u16 + 1).min(most)
    };
    let rows = |s: Side| app.on_table(s).len().max(1) as u16 + 2;
    let height = area.height.saturating_sub(list_rows);
    let mut a_rows = split(height, rows(Side::A), rows(Side::B));
    // The side to act (else the one in focus) shows at least 10 units when
    // it has them, the other what is left (at 80×24).
    let acting = match app.battle.phase() {
        crate::battle::warlords::Phase::Activation(s) => s,
        _ => app.focus,
    };
    let want = rows(acting).min(12);
    let has = if acting == Side::A {
        a_rows
    } else {
        height.saturating_sub(a_rows)
    };
    if has < want {
        let give = want.min(height.saturating_sub(rows(acting.other()).min(4)));
        a_rows = if acting == Side::A {
            give
        } else {
            height.saturating_sub(give)
        };
    }
    let [a, b, list] = area.layout(&Layout::vertical([
        Constraint::Length(a_rows),
        Constraint::Fill(1),
        Constraint::Length(list_rows),
    ]));
    let (columns, people_width) = columns(app, area.width);
    side(app, Side::A, a, &columns, people_width, buf);
    side(app, Side::B, b, &columns, people_width, buf);
    if list_rows > 0 {
        fled(app, &gone, list, buf);
    }
}

/// Both tables' columns, sized for the longest name and list of
/// personalities on the table; and the personalities' cell's width.
fn columns(app: &App, width: u16) -> (Columns, usize) {
    let wide = width >= 100;
    let (mut name, mut people) = (0, 0);
    for s in [Side::A, Side::B] {
        let units = &app.battle.state().units[s as usize];
        for &i in &app.on_table(s) {
            name = name.max(units[i].unit.name.chars().count());
            people = people.max(personalities(&units[i].unit, wide).chars().count());
        }
    }
    // The unit's name before its personalities (issue 21: names whole at
    // 120 columns); the personalities' cell shortens names, then cuts.
    let people = people.min(10);
    let columns = Columns::new(&COLUMNS, width, &[name as u16, people as u16]);
    // The personalities' cell as wide as the columns left it: names are
    // shortened before a status is cut.
    let people_width = columns.at.get(10).map_or(0, |c| c.1) as usize;
    (columns, people_width)
}

/// The rows of the units a panel concerns, under the tables' column
/// titles, each marked `›`: above a panel that would hide them (80×24,
/// issue 24 item 12). Draws as many as `area` holds.
pub fn concerned(app: &App, units: &[UnitId], area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    popup::clear(area, buf);
    if area.height == 0 {
        return;
    }
    let (columns, people_width) = columns(app, area.width);
    columns.draw(
        buf,
        area.x,
        area.y,
        &COLUMNS.map(|c| Span::styled(c.title, t.dim())),
    );
    let wide = area.width >= 100;
    let name_width = columns.at.get(2).map_or(0, |c| c.1) as usize;
    for (y, id) in (area.y + 1..area.bottom()).zip(units) {
        let Some(u) = app.battle.unit(*id) else {
            continue;
        };
        // Cut as its table cuts it (twins keep both ends).
        let rows = app.on_table(id.side);
        let names: Vec<String> = rows
            .iter()
            .map(|&i| {
                app.battle.state().units[id.side as usize][i]
                    .unit
                    .name
                    .clone()
            })
            .collect();
        let cut = crate::tui::text::cut_names(&names, name_width);
        let name = rows
            .iter()
            .position(|&i| i == id.index)
            .and_then(|at| cut.get(at).cloned())
            .unwrap_or_else(|| {
                crate::tui::text::cut_names(std::slice::from_ref(&u.unit.name), name_width)
                    .remove(0)
            });
        let mut cells = row(
            app,
            id.side,
            (id.index, u, &name),
            wide,
            people_width,
            false,
        );
        cells[0] = Span::styled("›", t.key());
        buf.set_style(Rect::new(area.x, y, area.width, 1), t.selected());
        columns.draw(buf, area.x, y, &cells.map(|c| c.patch_style(t.selected())));
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
        // 1.7.4: the stands it has, the command stand of a Dispersed unit.
        let mut text = format!(
            "  {:<4}{} — {}, {} stand(s)",
            id.to_string(),
            u.unit.name,
            why_gone(app, *id),
            u.unit.stands
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

/// Draws one side's table.
fn side(
    app: &App,
    side: Side,
    area: Rect,
    columns: &Columns,
    people_width: usize,
    buf: &mut Buffer,
) {
    let t = &app.theme;
    let b = &app.battle;
    let all = &b.state().units[side as usize];
    let rows_of = app.on_table(side);
    let units: Vec<(usize, &UnitState)> = rows_of.iter().map(|&i| (i, &all[i])).collect();
    let gone = all.len() - units.len();
    let focused = app.focus == side;
    let to_activate = b.to_activate(side).len();
    let phasing = b.phase() == Phase::Activation(side);
    let title_of = |gone_words: &str| {
        let mut title = vec![
            Span::styled(
                format!(" {} {} ", side.name(), b.setup().label(side)),
                if focused { t.title() } else { t.text() },
            ),
            Span::raw(if gone > 0 {
                format!(
                    "{} units ({gone} {gone_words}), {to_activate} to activate ",
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
        title
    };
    // The title rule, drawn by hand: the tables are the hot path of a frame.
    let rule_style = if focused { t.title() } else { t.dim() };
    buf.set_string(area.x, area.y, "─".repeat(area.width as usize), rule_style);
    // The title stops short of the row count drawn at its right (80×24).
    let shown = area.height.saturating_sub(2) as usize;
    let count_width = if units.len() > shown && shown > 0 {
        // as wide as the widest count, "12-13 of 13"
        format!(" {0}-{0} of {0} ", units.len()).chars().count() as u16 + 1
    } else {
        0
    };
    let end = area.right().saturating_sub(count_width);
    let mut x = area.x + 1;
    // The title in the room it has: shorter words first, then cut at a
    // word's end, never in a word (80×24).
    let room = end.saturating_sub(x) as usize;
    let width = |spans: &[Span]| {
        spans
            .iter()
            .map(|s| s.content.chars().count())
            .sum::<usize>()
    };
    let mut title = title_of("fled or destroyed");
    if width(&title) > room {
        title = title_of("gone");
    }
    let title = crate::tui::text::cut_line(Line::from(title), room).spans;
    for span in &title {
        let room = end.saturating_sub(x);
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
        &COLUMNS.map(|c| Span::styled(c.title, t.dim())),
    );
    let name_width = columns.at.get(2).map_or(0, |c| c.1) as usize;
    // Cut names never read alike: twins keep both ends (issue 21 item 12).
    let all: Vec<String> = units.iter().map(|(_, u)| u.unit.name.clone()).collect();
    let cut = crate::tui::text::cut_names(&all, name_width);
    for (row_y, (&(i, u), name)) in
        (inner.y + 1..).zip(units.iter().zip(&cut).skip(first).take(rows))
    {
        let is_selected = focused && Some(i) == selected;
        let cells = row(app, side, (i, u, name), wide, people_width, is_selected);
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

/// Warlords' columns: the unit's name and its personalities share what is
/// left of the width.
const COLUMNS: [Column; 12] = [
    Column {
        title: "",
        width: 1,
    },
    Column {
        title: "id",
        width: 3,
    },
    Column {
        title: "unit",
        width: 0,
    },
    Column {
        title: "type",
        width: 5,
    },
    Column {
        title: "ranks",
        width: 5,
    },
    Column {
        title: "form",
        width: 6,
    },
    Column {
        title: "mov",
        width: 4,
    },
    Column {
        title: "morale",
        width: 7,
    },
    Column {
        title: "Ch",
        width: 2,
    },
    Column {
        title: "Cas",
        width: 3,
    },
    Column {
        title: "pers.",
        width: 0,
    },
    Column {
        title: "act",
        width: 3,
    },
];

/// One unit's cells, its name already cut to its column.
fn row<'a>(
    app: &App,
    side: Side,
    (i, u, name): (usize, &'a UnitState, &'a str),
    wide: bool,
    people_width: usize,
    selected: bool,
) -> [Span<'a>; 12] {
    let t = &app.theme;
    let x = &u.unit;
    let people = fit_personalities(x, wide, people_width);
    // In Melee: the opponent's id where moving or stopped would be (a unit
    // in contact has stopped, W-25).
    let melee = app.battle.in_melee_with(UnitId::new(side, i));
    let moving = match melee.as_slice() {
        [] if x.moving => "mov".to_string(),
        [] => "stop".to_string(),
        [one] => format!("×{one}"),
        [one, ..] => format!("×{one}+"),
    };
    let morale_word = if u.removed {
        "removed"
    } else {
        words::morale(x.morale)
    };
    [
        // The mark only on the bare tables: beside a dialog it is stray.
        Span::raw(if selected && app.dialogs.is_empty() {
            "›"
        } else {
            " "
        }),
        Span::raw(format!("{}{}", side.name(), i + 1)),
        Span::raw(name),
        Span::raw(words::troop_short(x.troop_type)),
        Span::raw(words::ranks(&x.ranks())),
        Span::raw(words::formation_short(x.formation)),
        Span::raw(moving),
        Span::styled(morale_word, t.tone(words::tone(x.morale))),
        Span::raw(num(x.champions)),
        Span::raw(num(x.casualties)),
        Span::raw(people),
        Span::raw(if u.activated { "✓" } else { "·" }),
    ]
}

/// Each personality's number from the right, as the yellow die counts
/// them (W-32), when two or more are with the unit: the active ones only.
fn numbers(x: &Unit) -> Vec<Option<usize>> {
    let mut n = 0;
    let active = x.active_personalities().count();
    x.personalities
        .iter()
        .map(|p| {
            (active >= 2 && p.is_active()).then(|| {
                n += 1;
                n
            })
        })
        .collect()
}

/// A unit's personalities for its row: numbered from the right when there
/// are two or more (W-32), the commander starred, full names when the table
/// is `wide` (first names otherwise), each with its status.
fn personalities(x: &Unit, wide: bool) -> String {
    let mut people = String::new();
    for (p, n) in x.personalities.iter().zip(numbers(x)) {
        if !people.is_empty() {
            people.push_str(", ");
        }
        if let Some(n) = n {
            people.push_str(&format!("{n} "));
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

/// A unit's personalities in at most `width` cells: full or first names,
/// then initials; a status is never cut (a captured Abbot stays captured).
fn fit_personalities(x: &Unit, wide: bool, width: usize) -> String {
    let fits = |s: &String| s.chars().count() <= width;
    let full = personalities(x, wide);
    if fits(&full) {
        return full;
    }
    let first = personalities(x, false);
    if fits(&first) {
        return first;
    }
    // First names cut to as many letters as fit, with short marks and
    // numbers from the right: 1*Haro,2Abbo or *Haro,Abbo(c).
    let cut_to = |n: usize| -> String {
        x.personalities
            .iter()
            .zip(numbers(x))
            .map(|(p, number)| {
                let first = p.name.split_whitespace().next().unwrap_or("");
                format!(
                    "{}{}{}{}",
                    number.map_or(String::new(), |n| n.to_string()),
                    if p.commander { "*" } else { "" },
                    first.chars().take(n).collect::<String>(),
                    words::status_short(p.status)
                )
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    if let Some(short) = (1..=12).rev().map(cut_to).find(|s| fits(s)) {
        return short;
    }
    // Only a count, and the ones gone.
    let gone = x
        .personalities
        .iter()
        .filter(|p| !words::status_short(p.status).is_empty())
        .count();
    if gone > 0 {
        format!("{}({gone}✗)", x.personalities.len())
    } else {
        format!("{}", x.personalities.len())
    }
}

/// A count, blank when zero so the eye finds the non-zero ones.
fn num(n: u32) -> String {
    if n == 0 {
        "·".to_string()
    } else {
        n.to_string()
    }
}
