//! The turn walker's header: where the battle is in 2.1, and what Enter does next.

use crate::battle::warlords::{Phase, Step};
use crate::rules::Side;
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws the two header lines.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let b = &app.battle;
    let first = b.initiative().unwrap_or(Side::A);
    let label = |s: Side| b.setup().label(s);
    let steps: [(Phase, String); 4] = [
        (Phase::Initiative, "1 Initiative".to_string()),
        (Phase::Activation(first), format!("2 {}", label(first))),
        (
            Phase::Activation(first.other()),
            format!("3 {}", label(first.other())),
        ),
        (Phase::Melee, "4 Melee".to_string()),
    ];
    let mut seq = vec![
        Span::styled(format!("{} ", app.title), t.title()),
        Span::styled(format!("Turn {} ", b.turn()), t.title()),
    ];
    for (i, (phase, text)) in steps.iter().enumerate() {
        if i > 0 {
            seq.push(Span::styled(" › ", t.dim()));
        }
        if *phase == b.phase() {
            seq.push(Span::styled(
                format!("[{text}]"),
                t.warn().add_modifier(Modifier::REVERSED),
            ));
        } else {
            seq.push(Span::styled(text.clone(), t.dim()));
        }
    }
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
        Step::EndActivations(s) => format!(
            "side {} has activated every unit: move on to {} (2.1)",
            s.name(),
            if Some(s) == b.initiative() {
                "the other side's activations"
            } else {
                "Melee"
            }
        ),
        Step::FightMelee(x, y) => format!(
            "Melee: {} ({x}) against {} ({y}) (2.6)",
            app.name(x),
            app.name(y)
        ),
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
    let next_line = Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(" › "),
        Span::raw(next),
    ]);
    Paragraph::new(vec![Line::from(seq), next_line]).render(area, buf);
}
