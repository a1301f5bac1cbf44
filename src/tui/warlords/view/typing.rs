//! The typed-dice field: the players' own dice, typed in.

use super::popup;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::TypeDice;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Draws the typed-dice field over the panel: what it asks for now (a
/// colour at a time), the dice typed so far, and how to type them.
pub fn typing(app: &App, d: &TypeDice, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let r = popup::centred(area, 76, 11);
    let inner = popup::frame(app, "Type the players' dice", r, buf);
    let ask = &d.ask;
    let colour = ask.colour.name();
    // "1 red die", "2 red dice".
    let dice = if ask.count == 1 { "die" } else { "dice" };
    let below = app.dialogs.iter().rev().find_map(|x| match x {
        crate::tui::warlords::dialog::Dialog::Resolve(r) => Some(&r.procedure),
        _ => None,
    });
    let in_melee = matches!(
        below,
        Some(crate::tui::warlords::dialog::Procedure::Melee { .. })
    );
    // The ruling the check applies: W-18 in a Melee, W-19 for a lost
    // stand, W-15 under fire.
    let stand_lost = matches!(
        below,
        Some(crate::tui::warlords::dialog::Procedure::StandLoss { .. })
    );
    let ruling = if in_melee {
        "W-18"
    } else if stand_lost {
        "W-19"
    } else {
        "W-15"
    };
    // The white dice each group rolls before any Slippery man's (W-21).
    let base: Vec<usize> = below
        .and_then(|p| app.needs(p).ok())
        .map(|g| g.iter().map(|(_, c)| c.white).collect())
        .unwrap_or_default();
    // Whose personality group `g`'s dice hurt: the target of a shot, the
    // enemy in a Melee.
    let victim = |g: usize| match below {
        Some(crate::tui::warlords::dialog::Procedure::Shooting { target, .. }) => Some(*target),
        Some(crate::tui::warlords::dialog::Procedure::Melee { a, b, .. }) => {
            Some(if g == 0 { *b } else { *a })
        }
        _ => None,
    };
    let asked = match ask.group {
        None => {
            let groups: Vec<String> = d
                .groups
                .iter()
                .filter(|(_, c)| c.white > 0)
                .map(|(who, c)| format!("{who}: {}", c.white))
                .collect();
            // What follows the white dice, said before (W-15, W-18): the
            // field moves on to it by itself.
            let then: Vec<String> = d
                .groups
                .iter()
                .filter(|(_, c)| c.red > 0)
                .map(|(who, c)| {
                    let who = match below {
                        Some(crate::tui::warlords::dialog::Procedure::Shooting {
                            target, ..
                        }) => format!("{}'s personalities", app.name(*target)),
                        _ => who.clone(),
                    };
                    format!(
                        "{} red {} for {who}",
                        c.red,
                        if c.red == 1 { "die" } else { "dice" }
                    )
                })
                .collect();
            let then = if then.is_empty() {
                String::new()
            } else {
                format!(
                    "; then {} ({ruling}), and a yellow die if they call for one",
                    then.join(", ")
                )
            };
            format!(
                "{} {colour} {dice}, in the order rolled ({}){then}",
                ask.count,
                groups.join("; ")
            )
        }
        Some(g) => {
            let mut who = d.groups.get(g).map_or("", |(w, _)| w.as_str()).to_string();
            // A shot's red and yellow dice check the target's personalities
            // (W-15): the prompt names the target, not the shooter.
            if let Some(crate::tui::warlords::dialog::Procedure::Shooting { target, .. }) = below
                && ask.colour != crate::dice::Colour::White
            {
                who = format!("{}'s personalities", app.name(*target));
            }
            let slippery = ask.colour == crate::dice::Colour::White
                && d.typed
                    .get(g)
                    .is_some_and(|x| x.white.len() >= base.get(g).copied().unwrap_or(0));
            let slippery_names = |id| {
                app.battle.unit(id).map_or(String::new(), |u| {
                    u.unit
                        .active_personalities()
                        .filter(|p| {
                            p.has(crate::rules::warlords::personality::PersonalityTrait::Slippery)
                        })
                        .map(|p| p.name.clone())
                        .collect::<Vec<_>>()
                        .join(" or ")
                })
            };
            // W-21: a Slippery man's 2 white dice are his unit's, named so.
            if slippery && let Some(id) = victim(g) {
                who = app.name(id).to_string();
            }
            // 3.3.3.3: after a charger's test, the stakes' own dice.
            let stakes = ask.colour == crate::dice::Colour::White
                && d.typed.get(g).is_some_and(|x| !x.white.is_empty())
                && matches!(
                    below,
                    Some(crate::tui::warlords::dialog::Procedure::Defence { .. })
                );
            let why = match (ask.colour, slippery) {
                (crate::dice::Colour::White, _) if stakes => {
                    " more: the stakes attack as a single rank of Pike (3.3.3.3)".to_string()
                }
                (crate::dice::Colour::White, true) => match victim(g) {
                    Some(id) => format!(
                        ": {} is Slippery (W-21): he escapes unless they are doubles over the stands left",
                        slippery_names(id)
                    ),
                    None => " (a Slippery personality, W-21)".to_string(),
                },
                (crate::dice::Colour::Red, _) if stand_lost => {
                    format!(" (his stand was lost: against his Prowess, {ruling})")
                }
                (crate::dice::Colour::Red, _) => format!(" (personality check, {ruling})"),
                (crate::dice::Colour::Yellow, _) => format!(" (which personality, {ruling})"),
                (crate::dice::Colour::White, false) if in_melee => {
                    " (then red and yellow dice if the other side has personalities, W-18)"
                        .to_string()
                }
                _ => String::new(),
            };
            format!("{} {colour} {dice} for {who}{why}", ask.count)
        }
    };
    let mut lines = vec![Line::from(Span::styled(asked, t.title()))];
    let so_far: Vec<String> = d
        .groups
        .iter()
        .zip(&d.typed)
        .filter(|(_, x)| x.count() != crate::dice::DiceCount::default())
        .map(|((who, _), x)| format!("{who}: {}", crate::battle::warlords::state::dice_text(x)))
        .collect();
    if !so_far.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("typed: ", t.dim()),
            Span::raw(so_far.join("; ")),
        ]));
    }
    lines.push(Line::from(if d.quick.is_some() {
        "faces 1-6 one after another: the field moves on to the next colour by itself, and uses the dice at the last face"
    } else {
        "faces 1-6: 436 or 4 3 6; by colour: W: 6 6 4  R: 3  Y: 1; sides apart: |"
    }));
    lines.push(Line::from(vec![
        Span::styled("> ", t.key()),
        Span::raw(d.text.clone()),
        Span::styled("_", t.key()),
    ]));
    if let Some(e) = &d.error {
        lines.push(Line::from(vec![
            Span::styled("! ", t.bad()),
            Span::styled(e.clone(), t.warn()),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(" use these dice   "),
        Span::styled("Esc", t.key()),
        Span::raw(" back"),
    ]));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
