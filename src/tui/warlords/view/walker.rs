//! The Warlords walker: the four steps of 2.1, and what Enter does next.

use super::{next, popup};
use crate::battle::warlords::{Phase, Step};
use crate::rules::Side;
use crate::tui::walker::Walker;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::GoTo;
use crate::tui::warlords::keymap::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Draws the two header lines.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let first = b.initiative().unwrap_or(Side::A);
    // The sides named so that they differ, even in a mirror battle.
    let label = |s: Side| b.setup().distinct_label(s);
    // 2.1: initiative, each side's activations (the initiative's first), Melee.
    let steps: Vec<(String, bool)> = [
        (Phase::Initiative, "1 Initiative".to_string()),
        (Phase::Activation(first), format!("2 {}", label(first))),
        (
            Phase::Activation(first.other()),
            format!("3 {}", label(first.other())),
        ),
        (Phase::Melee, "4 Melee".to_string()),
    ]
    .into_iter()
    .map(|(phase, text)| (text, phase == b.phase()))
    .collect();
    Walker {
        title: &app.title,
        turn: format!("Turn {}", b.turn()),
        house: b.setup().house.summary(),
        steps,
        // The line is `Enter › ` and these words, cut at a word's end (80×24).
        next: crate::tui::text::cut_words(
            &next_words(app),
            usize::from(area.width).saturating_sub(8),
        ),
    }
    .render(t, area, buf);
}

/// The walker's second line beside a popup whose top edge lies on it
/// (`left` and `right` its corners): the words left of it, cut at a
/// word's end, and nothing to its right, never a stub of a word.
pub fn beside_popup(app: &App, row: Rect, left: u16, right: u16, buf: &mut Buffer) {
    for x in row.x..row.right() {
        if x < left || x > right {
            buf[(x, row.y)].reset();
        }
    }
    let room = usize::from(left.saturating_sub(row.x));
    if room < 16 {
        return;
    }
    let line = Line::from(vec![
        Span::styled("Enter", app.theme.key()),
        Span::raw(" › "),
        Span::raw(crate::tui::text::cut_words(
            &next_words(app),
            room.saturating_sub(9),
        )),
    ]);
    Paragraph::new(line).render(
        Rect {
            width: left - row.x,
            height: 1,
            ..row
        },
        buf,
    );
}

/// What Enter does next, in the rules' words (2.1).
fn next_words(app: &App) -> String {
    let b = &app.battle;
    match b.next_step() {
        Step::RollInitiative => "roll for initiative: each C-in-C rolls 1 die (2.1.1)".to_string(),
        Step::Activate(next) => {
            // The unit Enter acts on: the cursor's, when it may activate.
            let id = app.enter_activates(next);
            let left = b.to_activate(id.side).len();
            format!(
                "activate {} ({id}); {left} unit(s) of side {} still to activate (2.2)",
                app.name(id),
                id.side.name()
            )
        }
        Step::EndActivations(s) if Some(s) == b.initiative() => format!(
            "side {} has activated every unit: move on to the other side's activations (2.1)",
            s.name()
        ),
        Step::EndActivations(s) => {
            // The Melees to fight, listed before the phase (2.6).
            // A supporting unit's contact is no Melee of its own (2.6).
            let pairs = b.melee_pairs_to_fight();
            let list = if pairs.is_empty() {
                "no Melee".to_string()
            } else {
                let each: Vec<String> = pairs.iter().map(|(x, y)| format!("{x}×{y}")).collect();
                format!("{} Melee(s): {}", pairs.len(), each.join(", "))
            };
            format!(
                "side {} has activated every unit: move on to Melee (2.1); {list}",
                s.name()
            )
        }
        Step::FightMelee(x, y) => {
            let left = b.melee_pairs_to_fight().len();
            format!(
                "Melee: {} ({x}) against {} ({y}) (2.6); {left} Melee(s) still to fight",
                app.name(x),
                app.name(y),
            )
        }
        Step::EndTurn => "every Melee is fought: end the turn (2.1)".to_string(),
        Step::Duty(i) => {
            let d = &b.duties()[i];
            let name = b
                .unit(d.unit)
                .map_or(String::new(), |u| u.unit.name.clone());
            let verb = if d.due.required() { "must" } else { "may" };
            format!("{name} ({}) {verb} {}", d.unit, d.due)
        }
    }
}

/// Draws the steps the referee may go to (2.1), and what going drops.
pub fn go_to(app: &App, g: &GoTo, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let duties = b.duties();
    let r = popup::centred(
        area,
        72,
        g.choices.len() as u16 + 6 + duties.len().min(4) as u16 + 2 * g.skipped.len() as u16,
    );
    let inner = popup::frame(app, "Go to another step of the turn (2.1)", r, buf);
    let mut lines = vec![Line::from(
        "The table went its own way: the sequence goes where you say. Every event is kept.",
    )];
    for (i, &(turn, phase)) in g.choices.iter().enumerate() {
        let now = (turn, phase) == (b.turn(), b.phase());
        let style = if i == g.line { t.selected() } else { t.text() };
        // The armies' names, as the walker shows the steps.
        let step = match phase {
            Phase::Activation(s) => {
                format!("{}'s activations (side {})", b.setup().label(s), s.name())
            }
            other => other.to_string(),
        };
        lines.push(Line::from(Span::styled(
            format!(
                "{}turn {turn}, {step}{}",
                if i == g.line { "› " } else { "  " },
                if now { " (now)" } else { "" }
            ),
            style,
        )));
    }
    // What a result left to do is set aside by the move (the battle clears it).
    for d in duties.iter().take(4) {
        lines.push(Line::from(Span::styled(
            format!(
                "  set aside: {} ({}) {} {}",
                b.unit(d.unit).map_or("", |u| u.unit.name.as_str()),
                d.unit,
                if d.due.required() { "must" } else { "may" },
                d.due
            ),
            t.warn(),
        )));
    }
    // What the warned line passes over (2.2, 2.6), whole, wrapped.
    let skipped = if g.warned == Some(g.line) {
        &g.skipped[..]
    } else {
        &[]
    };
    for s in skipped {
        lines.push(Line::from(Span::styled(
            format!("  passed over: {s}"),
            t.warn(),
        )));
    }
    lines.extend(next::keys(app, Context::GoTo));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
