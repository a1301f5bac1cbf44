//! The detail pane: the selected unit's full profile, personalities and
//! traits, and its move and charge distances.

use super::words;
use crate::rules::named::Named;
use crate::tui::warlords::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// Words joined by commas, or a dash for none.
fn list<T: Named + PartialEq>(xs: &[T]) -> String {
    if xs.is_empty() {
        "—".to_string()
    } else {
        xs.iter()
            .map(|x| spoken(x.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A file-format word as the referee says it: `heavy_missiles` is "heavy missiles".
fn spoken(word: &str) -> String {
    word.replace('_', " ")
}

/// Draws the pane.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let block = Block::new()
        .borders(Borders::LEFT | Borders::TOP)
        .title(Span::styled(" detail (d) ", t.dim()));
    let inner = block.inner(area);
    block.render(area, buf);
    let Some(id) = app.selected_id() else {
        return;
    };
    let Some(u) = app.battle.unit(id) else {
        return;
    };
    let x = &u.unit;
    let armour = match x.armour {
        1 => "unarmoured (+1)",
        0 => "light armour (0)",
        -1 => "metal armour (-1)",
        _ => "full harness (-2)",
    };
    let ranks: Vec<String> = x.ranks().iter().map(|r| r.to_string()).collect();
    let mut lines = vec![
        Line::from(Span::styled(format!("{} ({id})", x.name), t.title())),
        Line::from(format!(
            "{}, {}, {armour}{}",
            x.troop_type.title(),
            x.training,
            if x.shield { ", large shield (-1)" } else { "" }
        )),
        Line::from(format!("weapons: {}", list(&x.weapons))),
        Line::from(format!("shooting: {}", list(&x.shooting))),
        Line::from(format!("traits: {}", list(&x.traits))),
        Line::from(format!(
            "{} stands: ranks {} (width {})",
            x.stands,
            if ranks.is_empty() {
                "—".to_string()
            } else {
                ranks.join("-")
            },
            x.width()
        )),
        Line::from(vec![
            Span::raw(format!(
                "{}, {}, ",
                words::formation(x.formation),
                if x.moving { "moving" } else { "stopped" }
            )),
            Span::styled(
                words::morale(x.morale),
                t.tone(super::words::tone(x.morale)),
            ),
            Span::raw(if u.removed { " (off the table)" } else { "" }),
        ]),
        Line::from(format!(
            "champions {}, casualty figures {}{}",
            x.champions,
            x.casualties,
            if x.pavises_deployed {
                ", pavises deployed"
            } else {
                ""
            }
        )),
        Line::from(format!(
            "move {} spans, charge {} spans (2.4.2, 2.4.4.1)",
            x.move_distance(),
            x.charge_distance()
        )),
        Line::from(if u.activated {
            "activated this turn ✓"
        } else {
            "not yet activated this turn"
        }),
    ];
    let enemies = app.battle.in_melee_with(id);
    if !enemies.is_empty() {
        let names: Vec<String> = enemies
            .iter()
            .map(|e| format!("{} ({e})", app.name(*e)))
            .collect();
        lines.push(Line::from(Span::styled(
            format!("in Melee with {}", names.join(", ")),
            t.warn(),
        )));
    }
    if x.personalities.is_empty() {
        lines.push(Line::from(Span::styled("no personalities", t.dim())));
    }
    for p in &x.personalities {
        let mut traits: Vec<String> = p.traits.iter().map(|t| spoken(t.name())).collect();
        traits.extend(p.other_traits.iter().cloned());
        if !p.nemesis.is_empty() {
            traits.push(format!("nemesis {}", p.nemesis.join(", ")));
        }
        if let Some(v) = &p.vendetta {
            traits.push(format!("vendetta {v}"));
        }
        lines.push(Line::from(vec![
            Span::styled(
                format!("{}{}", if p.commander { "* " } else { "  " }, p.name),
                if p.is_active() { t.text() } else { t.dim() },
            ),
            Span::raw(format!(
                " Cha {:+} Pro {} — {}",
                p.charisma,
                p.prowess,
                words::status(p.status)
            )),
        ]));
        if !traits.is_empty() {
            lines.push(Line::from(Span::styled(
                format!("    {}", traits.join("; ")),
                t.dim(),
            )));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
