//! A procedure's panel: its title, the facts the referee tells (toggles and
//! counts), the plan and exact odds before the dice, the players' dice
//! line, the losing player's question, and after the roll the dice, the
//! result, what it changed and what the Move requires now.

use super::preview;
use crate::battle::warlord_i::Event;
use crate::rules::Side;
use crate::tui::facts::view as facts_view;
use crate::tui::text::{explanation, wrap};
use crate::tui::warlord_i::app::{App, Panel, dice_needed};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The panel's title: the procedure and who it is for.
pub fn title(app: &App, event: &Event) -> String {
    let b = &app.battle;
    let co = |c| {
        b.co(c)
            .map_or_else(|| format!("CO {c}"), |x| format!("{} (CO {c})", x.co.name))
    };
    match event {
        Event::OrderOfPlay { .. } => "The order of play (Rule 26)".to_string(),
        Event::CommandTest { co: c, .. } => format!("Command test: {}", co(*c)),
        Event::Command { unit, co: c, .. } => {
            format!("Commanding {} by {}", app.name(*unit), co(*c))
        }
        Event::Initiative { unit, .. } => format!("Initiative: {}", app.name(*unit)),
        Event::Recuperation { side } => format!("Recuperation: side {}", side.name()),
        Event::EnterField { unit, .. } => format!("Entering the field: {}", app.name(*unit)),
        Event::Shooting {
            shooter, target, ..
        } => format!("{} shoots at {}", app.name(*shooter), app.name(*target)),
        Event::Flag { unit, .. } => format!("A cause of a waver test: {}", app.name(*unit)),
        Event::Rout { unit, .. } => format!("A rout (Rule 62): {}", app.name(*unit)),
        Event::WaverTest { unit, .. } => format!("Waver test: {}", app.name(*unit)),
        Event::Attrition { unit, .. } => format!("Attrition: {}", app.name(*unit)),
        Event::FugitiveAttrition { unit, .. } => format!("Fugitives: {}", app.name(*unit)),
        Event::Engage { a, b: other } => {
            format!("Melee begins: {} and {}", app.name(*a), app.name(*other))
        }
        Event::Melee { a, b: other, .. } => {
            format!("Melee: {} against {}", app.name(*a), app.name(*other))
        }
        Event::GeneralRisk { co: c, .. } => format!("General's risk: {}", co(*c)),
        Event::Correct { unit, .. } => {
            format!("Correcting {} (the table is the truth)", app.name(*unit))
        }
        Event::CorrectCo { co: c, .. } => {
            format!("Correcting {} (the table is the truth)", co(*c))
        }
        Event::GoTo { .. } => {
            "Go to another step (Rule 25; the table went its own way)".to_string()
        }
        other => other.kind().replace('_', " "),
    }
}

/// Draws the panel in `area`.
pub fn render(app: &App, p: &Panel, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let w = area.width as usize;
    let mut top = vec![Line::from(Span::styled(title(app, &p.event), t.title()))];
    if let Some(lines) = result_lines(app, p, w) {
        let most = (lines.len() as u16).saturating_sub(area.height);
        Paragraph::new(lines)
            .scroll((p.scroll.min(most), 0))
            .render(area, buf);
        return;
    }
    if let Some((event, loser)) = &p.pending
        && let Event::Melee { a, b, dice, .. } = event
    {
        let (lost, won) = match loser {
            Side::A => (*a, *b),
            Side::B => (*b, *a),
        };
        let face = |d: &crate::dice::Dice| d.white.first().map_or(0, |x| x.value());
        top.push(Line::from(format!(
            "Dice: {} {}, {} {}",
            a,
            face(&dice.a),
            b,
            face(&dice.b)
        )));
        top.push(Line::from(Span::styled(
            format!(
                "{} loses to {}. Its player chooses (Rule 76, WI-20); Herald does not:",
                app.name(lost),
                app.name(won)
            ),
            t.warn(),
        )));
        top.push(Line::from(vec![
            Span::styled("  r", t.key()),
            Span::raw(" retreat (IRMD)   "),
            Span::styled("w", t.key()),
            Span::raw(" waver and stay   "),
            Span::styled("s", t.key()),
            Span::raw(" surrender (the winner takes it prisoner)"),
        ]));
    }
    if let Some(text) = &p.typing {
        let need = dice_needed(&app.battle, &p.event).unwrap_or(0);
        // Whose die is whose, in the order they are read (issue 25 item 7).
        let order = match &p.event {
            Event::OrderOfPlay { .. } => " (side a's, then side b's)".to_string(),
            Event::Melee { a, b, .. } => format!(" ({a}'s, then {b}'s)"),
            _ => String::new(),
        };
        top.push(Line::from(vec![
            Span::styled(
                format!("The players' {need} dice, in order{order}: "),
                t.key(),
            ),
            Span::styled(format!("{text}▏"), t.title()),
        ]));
    }
    if let Some(e) = &p.error {
        top.push(Line::from(Span::styled(e.clone(), t.bad())));
    }
    let top = wrap(top, w);
    let top_h = top.len() as u16;
    Paragraph::new(top).render(area, buf);
    let rest = Rect {
        y: area.y + top_h.min(area.height),
        height: area.height.saturating_sub(top_h),
        ..area
    };
    let facts = p.facts(&app.battle);
    let selected = p.pending.is_none().then_some(p.form.field);
    facts_view::body(t, &facts, selected, rest, buf, || {
        preview::lines(t, &app.battle, &p.event)
    });
}

/// A result's lines wrapped to `w` columns, if the panel shows a result:
/// the dice, the summary, what changed, why and what is required now.
pub fn result_lines(app: &App, p: &Panel, w: usize) -> Option<Vec<Line<'static>>> {
    let t = &app.theme;
    let entry = p.result.as_ref()?;
    let mut lines = vec![Line::from(Span::styled(title(app, &p.event), t.title()))];
    for r in &entry.rolls {
        let faces: Vec<String> = r.dice.white.iter().map(|d| d.to_string()).collect();
        lines.push(Line::from(format!(
            "Dice of {}: {}",
            r.who,
            faces.join(" ")
        )));
    }
    lines.push(Line::from(Span::styled(entry.summary.clone(), t.warn())));
    if !entry.effects.is_empty() {
        lines.push(Line::from(Span::styled("What changed", t.title())));
        for fx in &entry.effects {
            let style = if fx.leaves_table { t.bad() } else { t.text() };
            lines.push(Line::from(Span::styled(format!("  {}", fx.text), style)));
        }
    }
    if !entry.explanation.lines.is_empty() {
        lines.extend(explanation(t, &entry.explanation));
    }
    lines.push(Line::from(vec![
        Span::styled("Now: ", t.title()),
        Span::raw(app.next_words()),
    ]));
    Some(wrap(lines, w))
}
