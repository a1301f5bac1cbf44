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
        b.co(c).map_or_else(
            || format!("CO {c}"),
            |x| format!("{} (CO {c})", x.co.acting_name()),
        )
    };
    match event {
        Event::FriendsWithin10cm { disaster, .. } => format!(
            "Within 10 cm of {} (Rules 12, 58; WI-12)",
            b.disaster_words(*disaster)
        ),
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
        Event::Rout { unit, .. } => {
            format!("It routs or wavers too (Rule 62): {}", app.name(*unit))
        }
        Event::WaverTest { unit, .. } => format!("Waver test: {}", app.name(*unit)),
        Event::Attrition { unit, .. } => format!("Attrition: {}", app.name(*unit)),
        Event::FugitiveAttrition { unit, .. } => format!("Fugitives: {}", app.name(*unit)),
        Event::Engage { a, b: other } => {
            format!("Melee begins: {} and {}", app.name(*a), app.name(*other))
        }
        Event::Melee { a, b: other, .. } => {
            format!("Melee: {} against {}", app.name(*a), app.name(*other))
        }
        Event::GeneralRisk { co: c, .. } => format!(
            "General's risk: {}",
            b.co(*c)
                .map_or_else(|| format!("CO {c}"), |x| format!("{} (CO {c})", x.co.name))
        ),
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
    if let Some((Event::OrderOfPlay { dice, .. }, winner)) = &p.pending {
        let face = |d: &crate::dice::Dice| d.white.first().map_or(0, |x| x.value());
        top.push(Line::from(format!(
            "Dice: side a {}, side b {}",
            face(&dice.a),
            face(&dice.b)
        )));
        top.push(Line::from(Span::styled(
            format!(
                "Side {} ({}) wins. Its player chooses (Rule 26, WI-3); Herald does not:",
                winner.name(),
                app.battle.setup().label(*winner)
            ),
            t.warn(),
        )));
        top.push(Line::from(vec![
            Span::styled("  f", t.key()),
            Span::raw(" moves first (Player 1)   "),
            Span::styled("s", t.key()),
            Span::raw(" moves second (Player 2)"),
        ]));
    }
    if let Some((event, loser)) = &p.pending
        && let Event::Melee {
            a,
            b,
            facts_a,
            facts_b,
            simultaneous,
            dice,
        } = event
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
        // Rule 76, WI-20: by how much, and why the loser must choose.
        let why = app
            .battle
            .melee_choice_why(*a, *b, facts_a, facts_b, *simultaneous, dice)
            .map(|w| format!(" {w}."))
            .unwrap_or_else(|| ".".to_string());
        top.push(Line::from(Span::styled(
            format!(
                "{} loses to {}{why} Its player chooses (Rule 76, WI-20); Herald does not:",
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
    // No fact selected (a command test opens so): say what digits do,
    // unless the battle refuses the step (then they roll nothing).
    let facts = p.facts(&app.battle);
    if p.typing.is_none()
        && p.pending.is_none()
        && crate::tui::warlord_i::app::refusal(&app.battle, &p.event).is_none()
        && p.form.field >= facts.len()
        && matches!(dice_needed(&app.battle, &p.event), Ok(n) if n > 0)
    {
        top.push(Line::from(Span::styled(
            format!(
                "Digits typed now are the players' dice (the roll goes at the last face){}",
                if facts.is_empty() {
                    ""
                } else {
                    "; a fact's key selects that fact"
                }
            ),
            t.dim(),
        )));
    }
    let top = wrap(top, w);
    let top_h = top.len() as u16;
    Paragraph::new(top).render(area, buf);
    let rest = Rect {
        y: area.y + top_h.min(area.height),
        height: area.height.saturating_sub(top_h),
        ..area
    };
    // None selected (a command test opens so): digits are the players' dice.
    let selected = (p.pending.is_none() && p.form.field < facts.len()).then_some(p.form.field);
    // A melee on a narrow screen: both sides' facts side by side, the odds
    // first, so nothing needs scrolling at 80×24 (issue 33 item 6).
    if matches!(p.event, Event::Melee { .. }) && rest.width < 110 {
        return narrow_melee(app, p, &facts, selected, rest, buf);
    }
    // A step the battle refuses now (out of turn, Rule 25) shows no odds.
    let refused = crate::tui::warlord_i::app::refusal(&app.battle, &p.event).is_some();
    facts_view::body(t, &facts, selected, rest, buf, || {
        if refused {
            vec![Line::from(Span::styled(
                "No odds: the battle refuses this step now (above)",
                t.bad(),
            ))]
        } else {
            preview::lines(t, &app.battle, &p.event)
        }
    });
}

/// A melee fact's words in a narrow column, the unit named above it.
fn short_label(key: char) -> &'static str {
    match key.to_ascii_lowercase() {
        'a' => "advancing into it",
        'c' => "charge advantage",
        'n' => "contact advantage",
        's' => "supporting ranks",
        'o' => "flanks overlapped",
        'g' => "ground in its favour",
        'l' => "a general leads it",
        'w' => "its general wounded",
        _ => "superior troops",
    }
}

/// The melee panel below 110 columns: side a's facts (small keys) and
/// side b's (capitals) in two columns, each value first and marked `*`
/// when it is the record's; then the plan with the odds first.
fn narrow_melee(
    app: &App,
    p: &Panel,
    facts: &[crate::tui::facts::Fact],
    selected: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
) {
    use crate::tui::facts::Source;
    let t = &app.theme;
    let Event::Melee { a, b, .. } = &p.event else {
        return;
    };
    let half = area.width / 2;
    let mut rows = 0u16;
    for (i, (id, lower)) in [(*a, true), (*b, false)].into_iter().enumerate() {
        // the heading within its column and a space, its id whole: a long
        // name is cut at a word (`Suren horse archers of the… (b3)`), never
        // run into the other side's (wi3 F3)
        let width = if i == 0 { half } else { area.width - half } as usize;
        let keys = if lower { "a-z" } else { "A-Z" };
        let tag = format!(" ({id})");
        let name = app
            .battle
            .unit(id)
            .map_or_else(|| id.to_string(), |u| u.unit.name.clone());
        let room = width.saturating_sub(keys.len() + 1 + tag.len() + 1);
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "{keys} {}{tag}",
                crate::tui::text::cut_words(&name, room.max(1))
            ),
            t.title(),
        ))];
        for (n, f) in facts.iter().enumerate() {
            if f.key.is_ascii_lowercase() != lower {
                continue;
            }
            let chosen = selected == Some(n);
            let value = match &f.source {
                Source::Record(_) => format!("{}*", f.value),
                Source::Assumed => format!("{}?", f.value),
                Source::Unsaid => "??".to_string(),
                Source::Plain => f.value.clone(),
            };
            let line = Line::from(vec![
                Span::raw(if chosen { "›" } else { " " }),
                Span::styled(format!("{} ", f.key), t.key()),
                Span::styled(format!("{value:<6}"), if f.on { t.on() } else { t.dim() }),
                Span::raw(short_label(f.key)),
            ]);
            lines.push(if chosen {
                line.style(t.selected())
            } else {
                line
            });
        }
        rows = rows.max(lines.len() as u16);
        let col = Rect {
            x: area.x + i as u16 * half,
            width: if i == 0 { half } else { area.width - half },
            ..area
        };
        Paragraph::new(lines).render(col, buf);
    }
    let used = rows.min(area.height);
    let plan_area = Rect {
        y: area.y + used,
        height: area.height - used,
        ..area
    };
    let plan = preview::melee_narrow(t, &app.battle, &p.event);
    Paragraph::new(wrap(plan, plan_area.width as usize)).render(plan_area, buf);
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
    let mut lines = wrap(lines, w);
    // the next step on one row, ending at a word: a wrapped tail fell below the panel at 80x24
    lines.push(crate::tui::text::cut_line(
        Line::from(vec![
            Span::styled("Now: ", t.title()),
            Span::raw(app.next_words()),
        ]),
        w,
    ));
    Some(lines)
}
