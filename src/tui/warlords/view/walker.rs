//! The Warlords walker: the four steps of 2.1, and what Enter does next.

use crate::battle::warlords::{Phase, Step};
use crate::rules::Side;
use crate::tui::walker::Walker;
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Draws the two header lines.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let first = b.initiative().unwrap_or(Side::A);
    let label = |s: Side| b.setup().label(s);
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
    let next = match b.next_step() {
        Step::RollInitiative => "roll for initiative: each C-in-C rolls 1 die (2.1.1)".to_string(),
        Step::Activate(id) => {
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
            let pairs = &b.state().engagements;
            let list = if pairs.is_empty() {
                "no Melee".to_string()
            } else {
                let each: Vec<String> = pairs.iter().map(|e| format!("{}×{}", e.a, e.b)).collect();
                format!("{} Melee(s): {}", pairs.len(), each.join(", "))
            };
            format!(
                "side {} has activated every unit: move on to Melee (2.1); {list}",
                s.name()
            )
        }
        Step::FightMelee(x, y) => {
            let pairs = &b.state().engagements;
            let left = pairs.iter().filter(|e| !e.fought_this_turn).count();
            format!(
                "Melee: {} ({x}) against {} ({y}) (2.6); {left} of {} still to fight",
                app.name(x),
                app.name(y),
                pairs.len()
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
    };
    Walker {
        title: &app.title,
        turn: format!("Turn {}", b.turn()),
        steps,
        next,
    }
    .render(t, area, buf);
}
