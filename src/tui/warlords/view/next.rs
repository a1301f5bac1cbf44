//! The small dialogs of what a result does next: the follow-up (2.6.3,
//! W-26), what a unit falling back ran into (2.6.2.1), and the
//! personalities in the stands the enemy hit, in their order (3.1.3.1).

use super::popup;
use crate::battle::UnitId;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::{FallBack, HitStands, LostStand};
use crate::tui::warlords::keymap::{Context, bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The keys of a context, one line each, as the help words them.
pub(super) fn keys(app: &App, context: Context) -> Vec<Line<'static>> {
    keys_but(app, context, None)
}

/// As [`keys`], without the key of one action.
fn keys_but(app: &App, context: Context, but: Option<Action>) -> Vec<Line<'static>> {
    let t = &app.theme;
    bindings()
        .filter(|b| b.context == context && !b.hint.is_empty() && Some(b.action) != but)
        .map(|b| {
            Line::from(vec![
                Span::styled(format!("  {} ", b.key.label()), t.key()),
                Span::raw(b.help),
            ])
        })
        .collect()
}

/// Draws the follow-up question.
pub fn follow_up(app: &App, unit: UnitId, loser: UnitId, area: Rect, buf: &mut Buffer) {
    let r = popup::centred(area, 72, 7);
    let title = format!("Does {} follow up? (2.6.3)", app.name(unit));
    let inner = popup::frame(app, &title, r, buf);
    let mut lines = vec![Line::from(format!(
        "{} fell back. {} is Ready: it may follow up into contact, or stay (W-26).",
        app.name(loser),
        app.name(unit)
    ))];
    lines.extend(keys(app, Context::FollowUp));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Draws the question of a supporting unit's edge (2.6).
pub fn support_edge(
    app: &App,
    unit: UnitId,
    opponent: UnitId,
    enemy: UnitId,
    joining: bool,
    area: Rect,
    buf: &mut Buffer,
) {
    let r = popup::centred(area, 76, if joining { 14 } else { 11 });
    let title = format!("{} supports {} (2.6)", app.name(unit), app.name(opponent));
    let inner = popup::frame(app, &title, r, buf);
    let mut lines = Vec::new();
    if joining {
        lines.push(Line::from(format!(
            "{} ({enemy}) is already in Melee with {} ({opponent}): {} ({unit}) joins that Melee, as a supporting unit unless it is at the front and {} came on a flank or rear (2.6).",
            app.name(enemy),
            app.name(opponent),
            app.name(unit),
            app.name(opponent)
        )));
    }
    lines.push(Line::from(format!(
        "Which edge of {} ({enemy}) does {} ({unit}) contact?",
        app.name(enemy),
        app.name(unit)
    )));
    // The last key (o, the opponent) is only for a unit joining a Melee.
    lines.extend(
        keys(app, Context::SupportEdge)
            .into_iter()
            .take(if joining { 4 } else { 3 }),
    );
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Draws the form of a unit that fell back into something.
pub fn fall_back(app: &App, f: &FallBack, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let r = popup::centred(area, 76, 16);
    let title = format!("{} falls back into… (2.6.2.1)", app.name(f.unit));
    let inner = popup::frame(app, &title, r, buf);
    let mut lines = Vec::new();
    if let Some(e) = &f.error {
        lines.push(Line::from(vec![
            Span::styled("! ", t.bad()),
            Span::styled(e.clone(), t.warn()),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled("it ran into: ", t.title()),
        Span::raw(match f.into {
            crate::rules::warlords::falling_back::FellInto::Friend => "a friendly unit",
            crate::rules::warlords::falling_back::FellInto::EnemyFront => "an enemy's front edge",
            crate::rules::warlords::falling_back::FellInto::EnemyRearOrSide => {
                "an enemy's rear or side"
            }
            _ => "terrain or an obstacle",
        }),
    ]));
    if f.into.needs_other() {
        let other = f
            .others
            .get(f.other)
            .map_or("nobody".to_string(), |o| format!("{} ({o})", app.name(*o)));
        lines.push(Line::from(vec![
            Span::styled("the unit: ", t.title()),
            Span::raw(other),
            Span::raw(if f.other_front {
                ", its front edge"
            } else {
                ", its rear or side"
            }),
        ]));
        if f.into == crate::rules::warlords::falling_back::FellInto::EnemyFront {
            // 2.6.2.1: which rear stands touch is the table's; none is assumed.
            let rank = app
                .battle
                .unit(f.unit)
                .and_then(|u| u.unit.ranks().last().copied())
                .unwrap_or(0);
            let count = f.rear_stands.map_or("?".to_string(), |n| n.to_string());
            lines.push(Line::from(vec![
                Span::styled("rear stands contacting the enemy, lost: ", t.title()),
                Span::styled(count, if f.asking_rear { t.warn() } else { t.text() }),
                Span::raw(format!(" (0 to {rank}, its rear rank; 2.6.2.1)")),
            ]));
            if f.asking_rear {
                lines.push(Line::from(Span::styled(
                    format!(
                        "How many of {} rear stands touch the enemy's front? type 0 to {rank}, then Enter",
                        crate::rules::explain::possessive(&app.name(f.unit))
                    ),
                    t.warn(),
                )));
            }
        }
        lines.push(Line::from(Span::styled(
            if f.asking_rear {
                String::new()
            } else if f.typed.is_empty() {
                // The example is of the side the kind chosen is on.
                let side = if f.into == crate::rules::warlords::falling_back::FellInto::Friend {
                    f.unit.side
                } else {
                    f.unit.side.other()
                };
                format!(
                    "or type its id ({}3, 3), as in the other pickers",
                    side.name()
                )
            } else {
                format!("id typed: {}", f.typed)
            },
            t.dim(),
        )));
    }
    lines.extend(keys(app, Context::FallBack));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Draws the list of personalities in the stands the enemy hit.
pub fn hit_stands(app: &App, h: &HitStands, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let r = popup::centred(area, 72, h.names.len() as u16 + 9);
    let order = h.order_of.is_some();
    let inner = popup::frame(
        app,
        if order {
            "Personalities from the right (3.1.3.1, W-32)"
        } else {
            "Personalities in the stands the enemy hits (3.1.3.1)"
        },
        r,
        buf,
    );
    let mut lines = vec![Line::from(if order {
        "Rightmost first: the yellow die counts from the right (W-15, W-32)."
    } else {
        "Rightmost first: the yellow die counts from the right, among those in hit stands."
    })];
    for (i, (name, on)) in h.names.iter().enumerate() {
        let style = if i == h.line { t.selected() } else { t.text() };
        let mark = match (order, on) {
            (true, _) => "",
            (false, true) => "[x] ",
            (false, false) => "[ ] ",
        };
        lines.push(Line::from(Span::styled(
            format!(
                "{}{mark}{}. {name}{}",
                if i == h.line { "› " } else { "  " },
                i + 1,
                if i == 0 { " (rightmost)" } else { "" }
            ),
            style,
        )));
    }
    // Ordering a shot's target: no stands to mark.
    lines.extend(keys_but(
        app,
        Context::HitStands,
        order.then_some(Action::ToggleLine),
    ));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Draws the question of whose stand was lost (3.1.3.2, W-19).
pub fn lost_stand(app: &App, l: &LostStand, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let r = popup::centred(area, 76, l.names.len() as u16 + 9);
    let title = format!(
        "{} ({}) lost {} (3.1.3.2)",
        app.name(l.unit),
        l.unit,
        if l.lost == 1 {
            "a stand".to_string()
        } else {
            format!("{} stands", l.lost)
        }
    );
    let inner = popup::frame(app, &title, r, buf);
    let mut lines = vec![Line::from(if l.lost == 1 {
        "Was a personality in the lost stand? Only he rolls a red die against his Prowess (W-19)."
            .to_string()
    } else if l.named.is_empty() {
        format!(
            "Which personalities were in the {} lost stands? Each named rolls a red die against his Prowess (W-19).",
            l.lost
        )
    } else {
        format!(
            "Was another personality in the {} lost stands? Said already: {}. Each named rolls a red die against his Prowess (W-19).",
            l.lost,
            l.named.join(", ")
        )
    })];
    for (i, name) in l.names.iter().enumerate() {
        let style = if i == l.line { t.selected() } else { t.text() };
        lines.push(Line::from(Span::styled(
            format!("{}{name}", if i == l.line { "› " } else { "  " }),
            style,
        )));
    }
    lines.extend(keys(app, Context::LostStand));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
