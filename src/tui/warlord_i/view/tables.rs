//! The unit tables with Warlord I's columns: type, bases, APs and DPs,
//! morale, activity, CO stars and the waver test of this Move; each side's
//! COs with their stars and CCPs left above its table.

use crate::battle::UnitId;
use crate::battle::warlord_i::UnitState;
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::Morale;
use crate::tui::table::{Column, Columns, offset, split};
use crate::tui::theme::{Theme, Tone};
use crate::tui::warlord_i::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Span;

/// The columns: title and width (0 shares what is left). The first
/// holds the selection's mark, `›`, which shows without colour.
pub const COLUMNS: [Column; 11] = [
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
        width: 8,
    },
    Column {
        title: "bases",
        width: 5,
    },
    Column {
        title: "APs",
        width: 3,
    },
    Column {
        title: "DPs",
        width: 3,
    },
    Column {
        title: "morale",
        width: 9,
    },
    Column {
        title: "activity",
        width: 0,
    },
    Column {
        title: "CO",
        width: 3,
    },
    Column {
        title: "tested",
        width: 6,
    },
];

/// A morale state's tone (Rules 58-62): reckless wild, steady, shaken or
/// dispersed hurt, wavering or routed failing.
fn tone(u: &UnitState) -> Tone {
    if u.off_table() {
        return Tone::Gone;
    }
    match u.unit.morale {
        Morale::Reckless => Tone::Wild,
        Morale::Steady => Tone::Steady,
        Morale::Shaken | Morale::Dispersed => Tone::Shaken,
        Morale::Wavering | Morale::Routed => Tone::Failing,
    }
}

/// What a unit is doing this Move, in words: its activity, its commands,
/// its shot, then the general with it, named as `names` asks
/// (docs/console.md: the general last, wi5 F4).
fn activity(app: &App, id: UnitId, u: &UnitState, names: Names) -> String {
    // A unit that left the table does nothing and holds no general (issue 25).
    if u.off_table() {
        return String::new();
    }
    let mut words: Vec<String> = u
        .unit
        .activity
        .iter()
        .map(|a| a.name().replace('_', " "))
        .collect();
    for c in &u.commands {
        words.push(format!("commanded: {}", c.name()));
    }
    match u.initiative {
        Some(true) => words.push("acts on initiative".to_string()),
        Some(false) => words.push("initiative failed".to_string()),
        None => {}
    }
    if u.shot {
        words.push("shot".to_string());
    }
    if let Some(co) = app.battle.general_with(id).and_then(|c| app.battle.co(c)) {
        let all: Vec<&str> = app
            .battle
            .cos(id.side)
            .map(|(_, c)| c.co.name.as_str())
            .collect();
        words.push(format!("with {}", short_name(&co.co.name, &all, names)));
    }
    words.join(", ")
}

/// The activity in `width` cells: the unit's own activity first and
/// whole where it can be, the general's name shortened first, and what
/// still does not fit cut at a word's end from the end (wi5 F4).
fn activity_in(app: &App, id: UnitId, u: &UnitState, width: usize) -> String {
    let text = STYLES
        .into_iter()
        .map(|names| activity(app, id, u, names))
        .find(|t| t.chars().count() <= width)
        .unwrap_or_else(|| activity(app, id, u, Names::Least));
    crate::tui::text::cut_words(&text, width)
}

/// A unit's cells.
fn cells(app: &App, id: UnitId, u: &UnitState) -> Vec<Span<'static>> {
    let t = &app.theme;
    let morale = if u.surrendered {
        "prisoner".to_string()
    } else if u.destroyed() {
        "destroyed".to_string()
    } else if u.removed {
        "off table".to_string()
    } else {
        u.unit.morale.name().to_string()
    };
    let tested = if u.unit.waver_tested {
        "yes"
    } else if u.to_test() {
        "DUE"
    } else {
        ""
    };
    let stars = if u.unit.co_stars == 0 {
        "-".to_string()
    } else {
        "*".repeat(usize::from(u.unit.co_stars))
    };
    vec![
        Span::raw(""),
        Span::raw(id.to_string()),
        Span::raw(u.unit.name.clone()),
        Span::raw(u.unit.troop_type.name().replace('_', " ")),
        Span::raw(u.unit.bases.to_string()),
        Span::raw(if u.off_table() {
            "-".to_string()
        } else {
            u.unit.aps.to_string()
        }),
        Span::raw(if u.off_table() {
            "-".to_string()
        } else {
            u.unit.dps.to_string()
        }),
        Span::styled(morale, t.tone(tone(u))),
        Span::raw(activity(app, id, u, Names::Whole)),
        Span::raw(stars),
        Span::styled(tested, if tested == "DUE" { t.warn() } else { t.dim() }),
    ]
}

/// How much of a CO's name the title line has room for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Names {
    /// `Marcus Licinius Crassus`.
    Whole,
    /// `Crassus`: the last word, or the first and the last where two COs
    /// of the side share the last (`Marcus Crassus`, `Publius Crassus`).
    Short,
    /// `Crassus`, or the first word where two share the last (`Marcus`,
    /// `Publius`).
    Least,
}

/// How a side's COs are named in the title, longest first: each keeps
/// his mark (C-in-C or CO), stars, CCPs and state however narrow the
/// screen; what one row cannot hold goes on the next (wi3 F4, wi5 F2).
const STYLES: [Names; 3] = [Names::Whole, Names::Short, Names::Least];

/// A CO's name as short as `names` asks, told apart from the side's others.
fn short_name(name: &str, others: &[&str], names: Names) -> String {
    // `Abgar of Osroene` is Abgar: the name before its place.
    let own = |n: &'_ str| -> String { n.split(" of ").next().unwrap_or(n).to_string() };
    let base = own(name);
    let words: Vec<&str> = base.split_whitespace().collect();
    let last = words.last().copied().unwrap_or("");
    let twin = others
        .iter()
        .any(|o| *o != name && own(o).split_whitespace().last() == Some(last));
    match (names, twin, words.first()) {
        (Names::Whole, _, _) => name.to_string(),
        (Names::Short, true, Some(first)) if words.len() > 1 => format!("{first} {last}"),
        (Names::Least, true, Some(first)) => first.to_string(),
        _ => last.to_string(),
    }
}

/// A side's COs: name as room allows (a lost CO's successor acting for
/// him, WI-4), the C-in-C marked, stars, CCPs left this Move (WI-4), and
/// his wounds or a dispersed base (Rule 99), one entry each.
fn cos_entries(app: &App, side: Side, names: Names) -> Vec<String> {
    let all: Vec<&str> = app
        .battle
        .cos(side)
        .map(|(_, c)| c.co.name.as_str())
        .collect();
    app.battle
        .cos(side)
        .map(|(id, c)| {
            let name = short_name(&c.co.name, &all, names);
            let name = if c.co.status.base_lost() {
                crate::rules::warlord_i::co::successor_of(&name)
            } else {
                name
            };
            let stars = "*".repeat(usize::from(c.co.stars));
            let mut s = format!(
                "{name} ({}{id}) {stars} {} CCP",
                if c.co.c_in_c { "C-in-C " } else { "CO " },
                c.ccps
            );
            if c.co.status != crate::rules::warlord_i::CoStatus::Well {
                s.push_str(&format!(" {}", c.co.status.title()));
            }
            if c.co.dispersed {
                s.push_str(" base dispersed");
            }
            s
        })
        .collect()
}

/// The table's title, `head` then the COs, in rows of `width` broken
/// between two COs (never in one's words): as many rows as they need, so
/// no CO's CCPs or status is ever cut (README; wi5 F2). Only an entry
/// wider than the screen by itself is drawn cut at a word's end.
fn title_rows(head: &str, cos: &[String], width: usize) -> Vec<String> {
    let mut rows = vec![head.to_string()];
    for (i, c) in cos.iter().enumerate() {
        let n = rows.len();
        let row = &mut rows[n - 1];
        let sep = if i == 0 { "" } else { " · " };
        let fits = row.chars().count() + sep.chars().count() + c.chars().count() <= width;
        if i == 0 || fits {
            row.push_str(sep);
            row.push_str(c);
        } else {
            row.push_str(" ·");
            rows.push(format!("  {c}"));
        }
    }
    rows
}

/// Draws both sides' tables in `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = |s: Side| app.battle.units(s).count() as u16 + 2;
    let first = split(area.height, rows(Side::A), rows(Side::B));
    let a = Rect {
        height: first,
        ..area
    };
    let b = Rect {
        y: area.y + first,
        height: area.height - first,
        ..area
    };
    side_table(app, Side::A, a, buf);
    side_table(app, Side::B, b, buf);
}

fn side_table(app: &App, side: Side, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let t: &Theme = &app.theme;
    let head = format!(
        "Side {}: {}  COs: ",
        side.name(),
        app.battle.setup().label(side)
    );
    let width = area.width as usize;
    let title = STYLES
        .into_iter()
        .map(|names| title_rows(&head, &cos_entries(app, side, names), width))
        .find(|rows| rows.len() == 1 && rows[0].chars().count() <= width)
        .unwrap_or_else(|| title_rows(&head, &cos_entries(app, side, Names::Least), width));
    for (i, row) in title.iter().enumerate().take(area.height as usize) {
        let row = crate::tui::text::cut_words(row, width);
        buf.set_stringn(area.x, area.y + i as u16, &row, width, t.title());
    }
    // a second title row: the table below it starts a row lower
    let extra = (title.len() as u16).saturating_sub(1).min(area.height);
    let area = Rect {
        y: area.y + extra,
        height: area.height - extra,
        ..area
    };
    if area.height < 2 {
        return;
    }
    let units: Vec<(UnitId, &UnitState)> = app.battle.units(side).collect();
    let mut all: Vec<Vec<Span<'static>>> = units.iter().map(|(id, u)| cells(app, *id, u)).collect();
    let want = |col: usize| {
        all.iter()
            .map(|c| c[col].content.chars().count() as u16)
            .max()
            .unwrap_or(0)
            .max(COLUMNS[col].title.len() as u16)
    };
    // The type whole (`pack animals`) where the screen is wide; cut at 80.
    let mut spec = COLUMNS;
    if area.width >= 110 {
        spec[3].width = want(3).clamp(spec[3].width, 16);
    }
    let cols = Columns::new(&spec, area.width, &[want(2), want(8)]);
    // Names cut where they must be, never two alike (issue 21 item 9).
    let names: Vec<String> = all.iter().map(|c| c[2].content.to_string()).collect();
    for (c, n) in all
        .iter_mut()
        .zip(crate::tui::text::cut_names(&names, cols.at[2].1 as usize))
    {
        c[2] = Span::raw(n);
    }
    // The type and what each unit is doing cut at a word's end, with `…`
    // (docs/console.md), never mid-word.
    for (c, (id, u)) in all.iter_mut().zip(&units) {
        let w = cols.at[3].1 as usize;
        if c[3].content.chars().count() > w {
            let cut = crate::tui::text::cut_words(&c[3].content, w);
            c[3] = Span::styled(cut, c[3].style);
        }
        let w = cols.at[8].1 as usize;
        if c[8].content.chars().count() > w {
            c[8] = Span::styled(activity_in(app, *id, u, w), c[8].style);
        }
    }
    let header: Vec<Span> = spec
        .iter()
        .map(|c| Span::styled(c.title, t.dim()))
        .collect();
    cols.draw(buf, area.x, area.y + 1, &header);
    let visible = area.height.saturating_sub(2) as usize;
    let selected = app.selected[side as usize];
    let from = if app.focus == side {
        offset(selected, visible)
    } else {
        0
    };
    for (row, (i, c)) in all.iter().enumerate().skip(from).take(visible).enumerate() {
        let y = area.y + 2 + row as u16;
        let chosen = app.focus == side && i == selected && app.panel.is_none();
        if chosen {
            // The selection: a mark that reads without colour (NO_COLOR),
            // and the row reversed and bold (issue 21 item 10).
            let mut c = c.clone();
            c[0] = Span::raw("›");
            cols.draw(buf, area.x, y, &c);
            let r = Rect {
                x: area.x,
                y,
                width: area.width,
                height: 1,
            };
            buf.set_style(r, t.selected().add_modifier(Modifier::BOLD));
        } else {
            cols.draw(buf, area.x, y, c);
        }
    }
}
