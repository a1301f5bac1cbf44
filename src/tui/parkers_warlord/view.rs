//! Drawing the Parker's Warlord console: the title and the command phase
//! walker, each side's personalities, the active side's battle lines, an
//! open panel (its facts and the rules' plan), the last entry and the
//! status line.

use super::App;
use crate::battle::parkers_warlord::state::{Check, Officer, State};
use crate::rules::Side;
use crate::rules::named::Named as _;
use crate::rules::parkers_warlord::shown;
use crate::tui::facts::view as facts_view;
use crate::tui::screen::{MIN_HEIGHT, MIN_WIDTH};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

/// What a personality's check this turn gave, in a few words.
fn check_words(c: &Option<Check>, active: bool) -> String {
    match c {
        None if active => "to check".into(),
        None => "-".into(),
        Some(c) if c.success && c.bonus => format!("{}: +{} +bonus", c.roll, c.drawn),
        Some(c) if c.success => format!("{}: +{}", c.roll, c.drawn),
        Some(c) => format!(
            "{}: over, -{}{}",
            c.roll,
            c.lost,
            if c.bonus { " +bonus" } else { "" }
        ),
    }
}

/// A name cut to `width` cells at a word's end, marked `…` (never inside
/// a word unless its first word is longer than the column).
fn cut(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    let mut out = String::new();
    for w in name.split_whitespace() {
        let n = out.chars().count() + usize::from(!out.is_empty()) + w.chars().count();
        if n + 1 > width {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    if out.is_empty() {
        out = name.chars().take(width.saturating_sub(1)).collect();
    }
    out.push('…');
    out
}

fn officer_row(side: Side, i: usize, o: &Officer, state: &State, wide: bool) -> String {
    let p = &o.personality;
    let init = p.sr.map_or("-".to_string(), |sr| {
        (sr + 10 - if p.wounded { 5 } else { 0 } - p.uncontrolled_actions as i32).to_string()
    });
    let name = cut(&p.name, if wide { 24 } else { 19 });
    // Units and personalities both count from a1: the unit is said as one.
    let attached = o.attached.map_or(String::new(), |u| {
        if wide {
            format!("@ {}", state.units[side as usize][u].unit.name)
        } else {
            format!("@ unit {}{}", side.name(), u + 1)
        }
    });
    format!(
        "{:<4}{:<w$} {:<8}{:>3}{:>5} {:<4}{:>4} {:>5}  {:<t$} {}",
        format!("{}{}", side.name(), i + 1),
        name,
        p.kind.title(),
        p.sr.map_or("-".into(), |s| s.to_string()),
        init,
        if p.wounded { "wnd" } else { "-" },
        p.uncontrolled_actions,
        format!("{}/{}", p.hand, p.kind.cards()),
        check_words(&o.check, side == state.active()),
        attached,
        w = if wide { 25 } else { 19 },
        t = if wide { 15 } else { 13 }
    )
}

fn officer_header(wide: bool) -> String {
    format!(
        "{:<4}{:<w$} {:<8}{:>3}{:>5} {:<4}{:>4} {:>5}  {}",
        "id",
        "personality",
        "type",
        "SR",
        "init",
        "wnd",
        "unc",
        "hand",
        "this turn",
        w = if wide { 25 } else { 19 }
    )
}

/// The battle lines' column heads.
fn unit_header(wide: bool) -> String {
    format!(
        "{:<4}{:<w$} {:<4} {:<l$} {:<10} {:<14} {:>4} {:>4}",
        "id",
        "unit",
        "type",
        "battle line",
        "order",
        "done",
        "CP",
        "move",
        w = if wide { 26 } else { 20 },
        l = if wide { 20 } else { 11 }
    )
}

/// A unit of a battle line: id, name (* the banner unit), type, its
/// battle line's personality, order (mv: its Maneuver lost, PW-9),
/// commands done this turn, points left from cards played on it, move.
fn unit_line(
    s: &State,
    side: Side,
    i: usize,
    u: &crate::battle::parkers_warlord::state::LineUnit,
    wide: bool,
) -> String {
    let line = cut(
        &s.officers[side as usize][u.personality].personality.name,
        if wide { 20 } else { 11 },
    );
    let done: Vec<&str> = u.unit.done.iter().map(|c| c.name()).collect();
    format!(
        "{:<4}{:<w$} {:<4} {:<l$} {:<10} {:<14} {:>4} {:>4}",
        format!("{}{}", side.name(), i + 1),
        format!(
            "{}{}",
            cut(&u.unit.name, if wide { 24 } else { 18 }),
            if u.banner { " *" } else { "" }
        ),
        u.unit.code.clone().unwrap_or_default(),
        line,
        format!(
            "{}{}",
            u.unit.order.name(),
            if u.unit.lost_maneuver { " (mv)" } else { "" }
        ),
        done.join(","),
        u.points_left,
        u.unit
            .move_inches
            .map_or("-".into(), |m| format!("{}\"", shown(m))),
        w = if wide { 26 } else { 20 },
        l = if wide { 20 } else { 11 }
    )
}

/// Draws the console.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        buf.set_string(
            area.x,
            area.y,
            format!("Herald needs {MIN_WIDTH}x{MIN_HEIGHT}"),
            Style::default(),
        );
        return;
    }
    let battle = &app.battle;
    let s = battle.state();
    let setup = battle.setup();
    let w = area.width as usize;
    let wide = area.width >= 110;
    let tall = area.height >= 40;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let dim = Style::default().add_modifier(Modifier::DIM);
    let mut lines: Vec<(String, Style)> = Vec::new();
    lines.push((
        format!(
            "{} - Parker's Warlord - turn {}, {} ({}){}",
            app.name,
            s.turn,
            s.phase,
            setup.label(s.active()),
            if setup.house.is_default() {
                String::new()
            } else {
                format!(" - {}", setup.house.summary())
            }
        ),
        bold,
    ));
    // The command phase walker (PW-3).
    let active = s.active();
    let n = s.officers[active as usize].len();
    let due = s.unchecked();
    let step = if let Some(next) = due.first() {
        format!(
            "i: {}'s check",
            s.officers[active as usize][next.index].personality.name
        )
    } else if !s.commanded {
        "x transfers, then c/b commands".to_string()
    } else {
        "c/b commands, d discards, e ends the turn".to_string()
    };
    // PW-3: checks, transfers, commands, discards.
    lines.push((
        format!(
            "checks {}/{n} > transfers{} > commands > discards | {step}",
            n - due.len(),
            if s.commanded { " (over)" } else { "" }
        ),
        Style::default(),
    ));
    let panel_open = app.panel.is_some();
    for side in [active, active.other()] {
        if panel_open && !tall && side != active {
            continue;
        }
        if !panel_open || tall {
            lines.push((String::new(), Style::default()));
        }
        lines.push((
            format!(
                "{} {}{}",
                side.name().to_uppercase(),
                setup.label(side),
                if side == active { " - active" } else { "" }
            ),
            bold,
        ));
        lines.push((officer_header(wide), dim));
        for (i, o) in s.officers[side as usize].iter().enumerate() {
            lines.push((officer_row(side, i, o, s, wide), Style::default()));
        }
    }
    // The units an open panel concerns stay in sight (issue 35 item 7).
    if let Some(p) = &app.panel {
        let concerns = p.draft.concerns();
        if !concerns.is_empty() {
            lines.push((unit_header(wide), dim));
            for id in concerns {
                if let Some(u) = s.units[id.side as usize].get(id.index) {
                    lines.push((unit_line(s, id.side, id.index, u, wide), Style::default()));
                }
            }
        }
    }
    lines.push((String::new(), Style::default()));
    let top = lines.len();
    let footer = area.height as usize - 2;
    for (i, (text, style)) in lines.iter().take(footer).enumerate() {
        let t: String = text.chars().take(w).collect();
        buf.set_string(area.x, area.y + i as u16, t, *style);
    }
    let rest = Rect {
        x: area.x,
        y: area.y + top as u16 + 1,
        width: area.width,
        height: (footer.saturating_sub(top + 1)) as u16,
    };
    match &app.panel {
        Some(p) => {
            if rest.height > 2 {
                buf.set_string(rest.x, rest.y - 1, p.draft.kind.title(), bold);
                let mut d = p.draft.clone();
                let facts = p.form.list(|f| d.walk(f, s));
                let t = app.theme;
                let plan = p.draft.plan(battle);
                let selected = Some(p.form.field);
                // PW-H: only the initiative check rolls a die.
                let options = facts_view::BodyOptions {
                    rolls: p.draft.kind == super::panel::Kind::Initiative,
                    mark_scroll: true,
                };
                facts_view::body_with(options, &t, &facts, selected, rest, buf, || {
                    plan.into_iter().map(Line::from).collect()
                });
            }
        }
        None => {
            let mut rows: Vec<(String, Style)> = vec![(unit_header(wide), dim)];
            for (i, u) in s.units[active as usize].iter().enumerate() {
                rows.push((unit_line(s, active, i, u, wide), Style::default()));
            }
            if rest.height > 0 {
                buf.set_string(
                    rest.x,
                    rest.y - 1,
                    format!("battle lines of {} (* banner unit)", setup.label(active)),
                    bold,
                );
            }
            for (i, (text, style)) in rows.iter().take(rest.height as usize).enumerate() {
                let t: String = text.chars().take(w).collect();
                buf.set_string(rest.x, rest.y + i as u16, t, *style);
            }
        }
    }
    if let Some(e) = battle
        .events()
        .len()
        .checked_sub(1)
        .and_then(|i| battle.entry(i))
    {
        // Cut at a word's end, marked: the log (l) has it whole.
        let t = cut(&format!("last: {}", e.summary), w);
        buf.set_string(area.x, area.y + area.height - 2, t, Style::default());
    }
    let status = match &app.status {
        Some(st) => st.text.clone(),
        None => app.unsaved.clone().map_or(
            if app.panel_refused() {
                super::REFUSED.to_string()
            } else if app.panel.is_some() {
                "Enter records  Esc closes  keys beside each fact, digits, ←→".to_string()
            } else {
                super::KEYS.to_string()
            },
            |u| format!("NOT SAVED: {u}"),
        ),
    };
    // A long status takes the row above too (the last event's summary).
    let rows: Vec<String> = crate::tui::text::wrap(vec![Line::from(status)], w)
        .into_iter()
        .map(|l| l.to_string())
        .collect();
    let rows: Vec<String> = if rows.len() > 2 {
        vec![rows[0].clone(), rows[1..].join(" ")]
    } else {
        rows
    };
    let first = area.y + area.height - rows.len() as u16;
    for (i, r) in rows.iter().enumerate() {
        let t: String = format!("{r:<w$}").chars().take(w).collect();
        buf.set_string(
            area.x,
            first + i as u16,
            t,
            Style::default().add_modifier(Modifier::REVERSED),
        );
    }
}
