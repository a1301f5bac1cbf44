//! The break-off panel (2.4.8): before the roll, the opponent, "only a
//! supporting unit", why the rules allow it (or refuse it), the activation's
//! dice and modifiers and the odds; after it, the dice, whether it broke
//! off, and the move straight back.

use super::dice;
use super::outcome::changes_and_musts;
use crate::battle::UnitId;
use crate::odds::warlords as odds;
use crate::rules::warlords::movement::{BreakOff, BreakOffCase, BreakOffMove};
use crate::tui::text::odds_line;
use crate::tui::theme::Theme;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::Rolled;
use ratatui::text::{Line, Span};

fn k(t: &Theme, key: &str) -> Span<'static> {
    Span::styled(key.to_string(), t.key())
}

/// Why the unit may try, in the rules' words.
fn case_words(c: BreakOffCase) -> &'static str {
    match c {
        BreakOffCase::FasterFromSlower => "Skirmishers or Cavalry breaking off from slower troops",
        BreakOffCase::ReadyFromShaken => {
            "a Ready unit breaking off from a Worn or Broken opponent as fast or faster"
        }
        BreakOffCase::Supporting => "only a supporting unit: any unit may break off",
    }
}

/// How it moves back if it breaks off.
fn move_words(m: BreakOffMove) -> String {
    match m {
        BreakOffMove::Choice { min, max } => format!(
            "straight back {min} to {max} span(s), as the player chooses (Skirmishers: up to a full move; Drilled or Veteran: up to half)"
        ),
        BreakOffMove::Random { dice } => format!(
            "a random move of {dice} dice (half its move) straight back, ending Unformed (2.4.9)"
        ),
    }
}

/// Before the roll.
pub fn before(
    app: &App,
    id: UnitId,
    opponents: &[UnitId],
    opponent: usize,
    (supporting, tactician): (bool, bool),
) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    let (Some(u), Some(oid)) = (app.battle.unit(id), opponents.get(opponent)) else {
        return out;
    };
    let Some(o) = app.battle.unit(*oid) else {
        return out;
    };
    let (u, o) = (&u.unit, &o.unit);
    out.push(Line::from(
        "Breaking off is its activation: a failure costs what any failed activation costs, and it stays in the Melee (2.4.8, 2.2.1).",
    ));
    let mut from = vec![
        Span::styled("From ", t.title()),
        Span::raw(format!("{} ({oid})", o.name)),
    ];
    if opponents.len() > 1 {
        from.push(Span::raw(format!(
            "  ({} of {} opponents; ",
            opponent + 1,
            opponents.len()
        )));
        from.push(k(t, "o"));
        from.push(Span::raw(" the next)"));
    }
    out.push(Line::from(from));
    out.push(Line::from(vec![
        Span::styled(
            if supporting { "[x] " } else { "[ ] " },
            if supporting { t.on() } else { t.dim() },
        ),
        k(t, "s"),
        Span::raw(" it is only a supporting unit in this Melee (2.4.8)"),
    ]));
    // 3.1.2, W-4, W-31: the activation's Expert tactician fact, carried over.
    out.push(Line::from(vec![
        Span::styled(
            if tactician { "[x] " } else { "[ ] " },
            if tactician { t.on() } else { t.dim() },
        ),
        k(t, "x"),
        Span::raw(" Expert tactician in sight (+1, 3.1.2, W-4)"),
    ]));
    out.push(Line::from(""));
    let plan = match BreakOff::plan(u, o, supporting, tactician) {
        Ok(p) => p,
        Err(e) => {
            out.push(Line::from(vec![
                Span::styled("REFUSED ", t.bad()),
                Span::raw(e.to_string()),
            ]));
            return out;
        }
    };
    out.push(Line::from(vec![
        Span::styled("May try: ", t.title()),
        Span::raw(format!("{} (2.4.8)", case_words(plan.case))),
    ]));
    let need = plan.activation.needs();
    out.push(Line::from(vec![
        Span::styled("Roll ", t.title()),
        Span::raw(format!(
            "{} white dice (2 + {} champion(s)); the two highest count; it breaks off if the score beats width {} (2.2)",
            need.white, u.champions, plan.activation.width
        )),
    ]));
    for m in &plan.activation.modifiers {
        out.push(Line::from(format!(
            "  {:+} {}  [{}]",
            m.value, m.reason, m.cite
        )));
    }
    out.push(Line::from(vec![
        Span::styled("Then ", t.title()),
        Span::raw(move_words(plan.movement)),
    ]));
    let odds = odds::break_off(&plan);
    out.push(Line::from(Span::styled("Odds", t.title())));
    out.push(odds_line(t, "breaks off", odds.activation.success, 20));
    out.push(odds_line(
        t,
        "loses a morale step",
        odds.activation.lost_morale_step,
        20,
    ));
    if let Some(d) = odds.distance {
        out.push(Line::from(Span::styled(
            format!("  if it breaks off: mean {:.1} span(s) back", d.mean()),
            t.dim(),
        )));
        for (spans, p) in d.iter() {
            out.push(odds_line(t, &format!("{spans} span(s) back"), p, 20));
        }
    }
    out
}

/// After the roll: the dice, the result and the move.
pub fn after(app: &App, x: &Rolled, opponent: Option<UnitId>) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    let (Some(b), Some(d)) = (&x.break_off, x.dice.first()) else {
        return out;
    };
    let read = x.activation.as_ref().and_then(|o| o.read);
    let moved = if b.distance.is_some() {
        moved_dice(b.movement)
    } else {
        0
    };
    let n = d.white.len().saturating_sub(moved);
    let act = crate::dice::Dice {
        white: d.white[..n].to_vec(),
        ..Default::default()
    };
    let mut spans = vec![Span::styled("Activation ", t.title())];
    spans.extend(dice::row(t, &act, read.as_ref()));
    out.push(Line::from(spans));
    let who = opponent.map_or(String::new(), |o| format!(" from {} ({o})", app.name(o)));
    let mut result = vec![if b.success {
        Span::styled(format!("BREAKS OFF{who}"), t.good())
    } else {
        Span::styled("FAILURE: it stays in the Melee", t.bad())
    }];
    if let Some(s) = b.score {
        result.push(Span::raw(format!(": score {s}")));
    }
    if let Some(o) = &x.activation
        && o.lost_morale_step
    {
        result.push(Span::styled(
            format!(
                " · loses a morale step: now {}",
                super::words::morale(o.morale)
            ),
            t.bad(),
        ));
    }
    out.push(Line::from(result));
    if b.success {
        if let Some(o) = opponent {
            out.push(Line::from(format!(
                "  the pair part: no longer in Melee with {} (2.4.8)",
                app.name(o)
            )));
        }
        match (b.movement, b.distance) {
            (Some(BreakOffMove::Random { dice: k }), Some(dist)) => {
                let moved = crate::dice::Dice {
                    white: d.white[n..].to_vec(),
                    ..Default::default()
                };
                let mut spans = vec![Span::styled("Move back ", t.title())];
                spans.extend(dice::row(t, &moved, None));
                spans.push(Span::raw(format!(
                    " ({k} dice): {dist} span(s) straight back, Unformed (2.4.8, 2.4.9)"
                )));
                out.push(Line::from(spans));
            }
            (Some(BreakOffMove::Choice { min, max }), _) => {
                out.push(Line::from(vec![
                    Span::styled("Move back ", t.title()),
                    Span::raw(format!(
                        "the player chooses {min} to {max} span(s) straight back; move it on the table (2.4.8)"
                    )),
                ]));
            }
            _ => {}
        }
    }
    changes_and_musts(
        t,
        app.battle.entry(x.entry).as_deref(),
        x.activation.as_ref(),
        &mut out,
    );
    out
}

/// The white dice of a random break-off move.
fn moved_dice(m: Option<BreakOffMove>) -> usize {
    match m {
        Some(BreakOffMove::Random { dice }) => dice as usize,
        _ => 0,
    }
}
