//! The resolve panel: before a roll, the facts to toggle, the dice and
//! modifiers, and the odds; after it, the dice, the result, what changed,
//! what the unit must and may do, and the explanation line by line. Also
//! the small dialogs that sit on it: typed dice, corrections, formations.

use super::outcome::changes_and_musts;
use super::{dice, popup, words};
use crate::battle::UnitId;
use crate::battle::warlords::Entry;
use crate::odds::warlords as odds;
use crate::rules::warlords::activation::{Action as RulesAction, Activation, ActivationSituation};
use crate::rules::warlords::charge::evade_move;
use crate::rules::warlords::initiative::{Initiative, InitiativeWinner};
use crate::rules::warlords::movement::Flee;
use crate::rules::warlords::unit::Unit;
use crate::tui::text::{explanation, odds_line, wrap};
use crate::tui::theme::Theme;
use crate::tui::warlords::action::{Action, Choice};
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::{Procedure, Resolve, Rolled};
use crate::tui::warlords::keymap::{Context, bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The panel's box: nearly the whole screen.
fn panel_area(area: Rect) -> Rect {
    popup::centred(area, 104, area.height.saturating_sub(2))
}

/// The key bound to an action in a context, as written.
fn key_of(context: Context, action: Action) -> String {
    bindings()
        .find(|b| b.context == context && b.action == action)
        .map_or_else(String::new, |b| b.key.label())
}

/// A panel's lines, before they wrap to its `width`: its refusal first,
/// then what comes before or after the roll.
pub fn lines(app: &App, r: &Resolve, width: u16) -> Vec<Line<'static>> {
    let mut lines = match &r.rolled {
        None => match super::fight::before(app, r, width) {
            Some(mut l) => {
                l.push(Line::from(""));
                l.push(roll_keys(&app.theme));
                l
            }
            None => before(app, r, width),
        },
        Some(x) => super::fight::after(app, r, x).unwrap_or_else(|| after(app, r, x)),
    };
    if let Some(e) = &r.error {
        lines.insert(
            0,
            Line::from(vec![
                Span::styled("! ", app.theme.bad()),
                Span::styled(e.clone(), app.theme.warn()),
            ]),
        );
    }
    lines
}

/// Draws a resolve panel; returns the box it drew.
pub fn render(app: &App, r: &Resolve, area: Rect, buf: &mut Buffer) -> Rect {
    let title = match &r.procedure {
        Procedure::Initiative => format!("Turn {}: initiative (2.1.1)", app.battle.turn()),
        Procedure::Activation { unit, .. } => {
            format!("Activation of {} ({unit}) (2.2)", app.name(*unit))
        }
        Procedure::Flee { unit, .. } => format!("{} ({unit}) flees (2.4.11)", app.name(*unit)),
        p => super::fight::title(app, p).unwrap_or_default(),
    };
    let outer = panel_area(area);
    let width = outer.width.saturating_sub(2);
    let lines = lines(app, r, width);
    // As tall as its lines need (wrapped), so the tables show around it;
    // longer than the screen, it scrolls with a hint at the bottom.
    let rows = wrap(lines, width as usize);
    let height = (rows.len() as u16 + 2).min(outer.height);
    let boxed = Rect {
        y: outer.y,
        height,
        ..outer
    };
    let inner = popup::frame(app, &title, boxed, buf);
    let shown = inner.height as usize;
    if rows.len() <= shown {
        app.panel_scroll_max.set(0);
        Paragraph::new(rows).render(inner, buf);
        return boxed;
    }
    // One row for the hint; the body scrolls above it.
    let body = shown.saturating_sub(1);
    let max = rows.len().saturating_sub(body);
    app.panel_scroll_max.set(max as u16);
    let first = (r.scroll as usize).min(max);
    let below = rows.len() - first - body;
    let visible: Vec<Line> = rows.into_iter().skip(first).take(body).collect();
    Paragraph::new(visible).render(inner, buf);
    let t = &app.theme;
    let hint = if below > 0 {
        Line::from(vec![
            Span::styled(format!("▼ {below} more line(s) below: "), t.warn()),
            Span::styled("↓", t.key()),
            Span::raw("/"),
            Span::styled("PgDn", t.key()),
            Span::raw(" scroll"),
        ])
    } else {
        Line::from(vec![
            Span::styled(format!("▲ {first} line(s) above: "), t.dim()),
            Span::styled("↑", t.key()),
            Span::raw("/"),
            Span::styled("PgUp", t.key()),
        ])
    };
    let last = Rect {
        y: inner.bottom().saturating_sub(1),
        height: 1,
        ..inner
    };
    Paragraph::new(hint).render(last, buf);
    boxed
}

/// A toggle line: `[x] k  what (rule)`; the box carries the signal, not the colour.
fn toggle(t: &Theme, on: bool, key: &str, what: &str) -> Vec<Span<'static>> {
    vec![
        Span::styled(
            if on { "[x] " } else { "[ ] " },
            if on { t.on() } else { t.dim() },
        ),
        Span::styled(format!("{key} "), t.key()),
        Span::raw(what.to_string()),
    ]
}

/// Before the roll: facts, dice, modifiers, odds, keys.
fn before(app: &App, r: &Resolve, width: u16) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    match &r.procedure {
        Procedure::Initiative => {
            out.push(Line::from(
                "Each side's C-in-C rolls 1 white die; the higher wins. A tie goes to last turn's holder; on the first turn it is rolled again (2.1.1, W-22).",
            ));
            out.push(Line::from(""));
            let plan = Initiative {
                last_holder: app.battle.state().last_holder,
            };
            out.push(Line::from(Span::styled("Odds", t.title())));
            for (w, p) in odds::initiative(&plan).winner.iter() {
                let label = match w {
                    InitiativeWinner::Side(s) => {
                        format!("side {} ({})", s.name(), app.battle.setup().label(s))
                    }
                    InitiativeWinner::Reroll => "a tie: roll again".to_string(),
                };
                out.push(odds_line(t, &label, p, 20));
            }
        }
        Procedure::Activation { unit, situation }
        | Procedure::Reaction {
            unit, situation, ..
        } => {
            let Some(u) = app.battle.unit(*unit) else {
                return out;
            };
            // 3.1.2, W-4: a tactician with the unit itself counts as in sight.
            let own_tactician = u.unit.active_personalities().any(|p| {
                p.has(crate::rules::warlords::personality::PersonalityTrait::ExpertTactician)
            });
            // 3.1.2, W-0, W-4: offered only where a tactician of its contingent could help.
            let offered = own_tactician || app.tactician_of_contingent(*unit);
            out.extend(facts(
                t,
                situation,
                (own_tactician, offered),
                app.reaction_facts().map(|(keys, _)| keys),
                width,
            ));
            if matches!(r.procedure, Procedure::Activation { .. }) {
                out.extend(break_off_offer(app));
            }
            out.push(Line::from(""));
            match Activation::plan(&u.unit, *situation) {
                Ok(plan) => out.extend(activation_plan(t, &u.unit, &plan)),
                Err(e) => out.push(Line::from(Span::styled(
                    format!("cannot activate like this: {e}"),
                    t.bad(),
                ))),
            }
        }
        Procedure::Flee {
            unit,
            obstacle_stands,
        } => {
            let Some(u) = app.battle.unit(*unit) else {
                return out;
            };
            let flee = Flee {
                unit: &u.unit,
                obstacle_stands: *obstacle_stands,
            };
            out.push(Line::from(format!(
                "A random move at its charge distance: {} white dice (2.4.11, W-11). It loses a stand for each span beyond {} spans, and is Unformed; it leaves any Melee.",
                flee.needs().white,
                u.unit.charge_distance()
            )));
            out.push(Line::from(vec![
                Span::styled("+/-", t.key()),
                Span::raw(format!(
                    " stands that cannot avoid an obstacle on the way: {obstacle_stands} (lost, 2.4.11)"
                )),
            ]));
            if u.unit.morale == crate::rules::warlords::unit::Morale::Broken {
                out.push(Line::from(vec![
                    Span::styled("n", t.key()),
                    Span::raw(" it has no direction to flee: it loses a stand to each enemy in contact (1.7.3)"),
                ]));
            }
            out.push(Line::from(""));
            let o = odds::flee(&flee);
            out.push(Line::from(Span::styled(
                format!("Odds (mean {:.1} spans)", o.distance.mean()),
                t.title(),
            )));
            let lost = o.stands_lost.probability_that(|n| n > 0);
            out.push(odds_line(t, "loses a stand or more", lost, 20));
            out.push(odds_line(t, "Dispersed", o.dispersed, 20));
        }
        _ => {}
    }
    out.push(Line::from(""));
    out.push(roll_keys(t));
    out
}

/// A unit in Melee may try to break off instead, as its activation (2.4.8).
fn break_off_offer(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let Some((unit, allowed)) = app.break_off_offered() else {
        return Vec::new();
    };
    let names = |ids: &[UnitId]| {
        ids.iter()
            .map(|o| format!("{} ({o})", app.name(*o)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let line = if allowed.is_empty() {
        vec![
            Span::styled("b ", t.key()),
            Span::raw(format!(
                "break off (2.4.8): only as a supporting unit; {} may not break off from {}",
                app.name(unit),
                names(&app.battle.in_melee_with(unit))
            )),
        ]
    } else {
        vec![
            Span::styled("b ", t.key()),
            Span::raw(format!(
                "break off from {} instead: its activation (2.4.8)",
                names(&allowed)
            )),
        ]
    };
    vec![Line::from(""), Line::from(line)]
}

/// The keys under every panel before its roll.
fn roll_keys(t: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(" Herald rolls   "),
        Span::styled("t", t.key()),
        Span::raw(" type the players' dice   "),
        Span::styled("Esc", t.key()),
        Span::raw(" back"),
    ])
}

/// The activation's toggles, two to a line when there is room.
fn facts(
    t: &Theme,
    s: &ActivationSituation,
    (own_tactician, tactician_offered): (bool, bool),
    only: Option<&[char]>,
    width: u16,
) -> Vec<Line<'static>> {
    let mut items: Vec<Vec<Span<'static>>> = vec![
        toggle(
            t,
            s.enemy_in_charge_distance,
            "k",
            "enemy in charge distance (Berserk, W-6)",
        ),
        toggle(
            t,
            s.enemy_visible_ahead,
            "v",
            "enemy visible ahead (champion, W-7)",
        ),
        // Shown on whenever its +1 is applied (3.1.2, W-4).
        toggle(
            t,
            s.tactician_in_sight || own_tactician,
            "x",
            if own_tactician {
                "Expert tactician with the unit (+1, 3.1.2)"
            } else {
                "Expert tactician in sight (+1, 3.1.2)"
            },
        ),
        toggle(t, s.charging, "c", "charging / counter-charging (3.1.2)"),
        toggle(t, s.fleeing, "f", "fleeing (2.2.1)"),
        toggle(
            t,
            s.changing_formation,
            "o",
            "finishing a formation change (2.3.3)",
        ),
        vec![
            Span::styled(
                format!("{:>2} ", s.evading_spans),
                if s.evading_spans > 0 { t.on() } else { t.dim() },
            ),
            Span::styled("e/- ", t.key()),
            Span::raw(if s.evading_spans > 0 {
                "spans from the evaded unit (+1 each, 2.2)"
            } else {
                "evading: not evading (2.4.7)"
            }),
        ],
    ];
    if let Some(keys) = only {
        // 2.4.4, 2.4.7, 2.4.4.2: a unit answering a charge is asked only
        // the facts of its answer (a shot: no charge, flight, formation,
        // evade or champion; an evade: its spans, no champion, W-27).
        const KEYS: [char; 7] = ['k', 'v', 'x', 'c', 'f', 'o', 'e'];
        items = items
            .into_iter()
            .zip(KEYS)
            .filter(|(_, key)| keys.contains(key))
            .map(|(x, _)| x)
            .collect();
    }
    if !tactician_offered {
        // 3.1.2, W-4: no Expert tactician of its contingent: no x to offer.
        items.retain(|spans| {
            !spans
                .iter()
                .any(|sp| sp.content.contains("Expert tactician"))
        });
    }
    let mut out = vec![Line::from(Span::styled(
        "What the table shows (Herald cannot see it):",
        t.title(),
    ))];
    if width >= 96 {
        let col = (width as usize / 2).saturating_sub(1);
        for pair in items.chunks(2) {
            let mut spans = pair[0].clone();
            let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
            if let Some(second) = pair.get(1) {
                spans.push(Span::raw(" ".repeat(col.saturating_sub(used).max(1))));
                spans.extend(second.clone());
            }
            out.push(Line::from(spans));
        }
    } else {
        out.extend(items.into_iter().map(Line::from));
    }
    out
}

/// The dice an activation rolls, its modifiers and its odds.
fn activation_plan(t: &Theme, unit: &Unit, plan: &Activation<'_>) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let need = plan.needs();
    if need.white == 0 {
        out.push(Line::from(
            "Drilled or Veteran Skirmishers evade without a roll (2.4.7).",
        ));
        return out;
    }
    out.push(Line::from(vec![
        Span::styled("Roll ", t.title()),
        Span::raw(format!(
            "{} white dice (2 + {} champion(s)); the two highest count; success if the score beats width {} (2.2)",
            need.white, unit.champions, plan.width
        )),
    ]));
    for m in &plan.modifiers {
        out.push(Line::from(format!(
            "  {:+} {}  [{}]",
            m.value, m.reason, m.cite
        )));
    }
    if plan.modifiers.is_empty() {
        out.push(Line::from(Span::styled("  no modifiers", t.dim())));
    }
    let o = odds::activation(plan);
    out.push(Line::from(Span::styled("Odds", t.title())));
    out.push(odds_line(t, "success", o.success, 20));
    if unit.is_impetuous() {
        out.push(odds_line(t, "goes Berserk", o.berserk, 20));
    }
    // 2.2.1, W-5, W-8: a Broken unit has no step to lose: it disintegrates.
    let lost = if unit.morale == crate::rules::warlords::unit::Morale::Broken {
        "disintegrates"
    } else {
        "loses a morale step"
    };
    out.push(odds_line(t, lost, o.lost_morale_step, 20));
    // W-27: a unit charging or evading has made its one choice: no champion.
    let s = &plan.situation;
    if s.enemy_visible_ahead && !s.charging && !s.evading() {
        out.push(odds_line(t, "may add a champion", o.may_add_champion, 20));
    }
    out
}

/// Every choice with its key, in the order the footer shows them.
const CHOICES: &[Choice] = &[
    Choice::Charge,
    Choice::Evade,
    Choice::Move,
    Choice::Stop,
    Choice::Wheel,
    Choice::ChangeFormation,
    Choice::AddChampion,
    Choice::Shoot,
    Choice::Flee,
];

/// After the roll: dice, result, changes, what the unit must and may do, why.
fn after(app: &App, r: &Resolve, x: &Rolled) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    let entry = app.battle.entry(x.entry);
    let entry: Option<&Entry> = entry.as_deref();
    // The dice.
    let read = x.activation.as_ref().and_then(|o| o.read);
    match &r.procedure {
        Procedure::Initiative => {
            for (i, d) in x.dice.iter().enumerate() {
                let who = entry
                    .and_then(|e| e.rolls.get(i))
                    .map_or(String::new(), |r| r.who.clone());
                let mut spans = vec![Span::raw(format!("{who}: "))];
                spans.extend(dice::row(t, d, None));
                out.push(Line::from(spans));
            }
        }
        _ => {
            let mut spans = vec![Span::styled("Dice ", t.title())];
            for d in &x.dice {
                spans.extend(dice::row(t, d, read.as_ref()));
            }
            if x.dice.iter().all(|d| *d == crate::dice::Dice::default()) {
                spans.push(Span::raw("none: nothing to roll"));
            }
            out.push(Line::from(spans));
        }
    }
    // The result.
    if let Some(o) = &x.activation {
        let mut spans = vec![if o.success {
            Span::styled("SUCCESS", t.good())
        } else {
            Span::styled("FAILURE", t.bad())
        }];
        if let Some(s) = o.score {
            spans.push(Span::raw(format!(": score {s}")));
        }
        if o.berserk {
            spans.push(Span::styled(
                " · goes BERSERK",
                t.tone(words::tone(o.morale)),
            ));
        }
        if o.lost_morale_step && o.morale == crate::rules::warlords::unit::Morale::Dispersed {
            // 2.2.1, W-5, W-8: a Broken unit has no step to lose.
            spans.push(Span::styled(" · disintegrates: now Dispersed", t.bad()));
        } else if o.lost_morale_step {
            spans.push(Span::styled(
                format!(" · loses a morale step: now {}", words::morale(o.morale)),
                t.bad(),
            ));
        }
        out.push(Line::from(spans));
    } else if let Some(e) = entry {
        out.push(Line::from(Span::styled(e.summary.clone(), t.title())));
    }
    // What changed, and what the unit must and may do.
    changes_and_musts(t, entry, x.activation.as_ref(), &mut out);
    let owed: Vec<String> = app
        .battle
        .duties()
        .iter()
        .filter(|d| Some(d.unit) == procedure_unit(&r.procedure))
        .map(|d| d.due.to_string())
        .collect();
    if !owed.is_empty() {
        out.push(Line::from(vec![
            Span::styled("  next: ", t.warn()),
            Span::raw(owed.join("; ")),
            Span::styled("  Enter", t.key()),
            Span::raw(" does it"),
        ]));
    }
    if app.berserk_unsaid() {
        // W-6: a fact that would change the result, asked when it matters.
        out.push(Line::from(vec![
            Span::styled("  doubles: ", t.warn()),
            Span::raw("it goes Berserk if an enemy is in charge distance (W-6): "),
            Span::styled("k", t.key()),
            Span::raw(" says so (the same dice)"),
        ]));
    }
    if app.champion_unsaid() {
        // W-7: the fact that would allow a champion, asked when it matters.
        out.push(Line::from(vec![
            Span::styled("  champion: ", t.warn()),
            Span::raw("one may be added if an enemy is visible ahead (W-7): "),
            Span::styled("v", t.key()),
            Span::raw(" says so (the same dice)"),
        ]));
    }
    if app.aggressive_unsaid() {
        // 3.1.2: "If charging, the +1 to activate may be added after the roll is made."
        out.push(Line::from(vec![
            Span::styled("  charge: ", t.warn()),
            Span::raw(
                "its Aggressive commander's +1 may be added after the roll if it charges (3.1.2): ",
            ),
            Span::styled("c", t.key()),
            Span::raw(" charges (the same dice)"),
        ]));
    }
    if let Some(o) = &x.activation {
        let mut may = vec![Span::styled("  may: ", t.dim())];
        let mut any = false;
        // W-27: once a choice is made, only a shot may go with a move, a stop, a wheel or an evade.
        let with_shot = |c: &Choice| {
            matches!(
                c,
                Choice::Move | Choice::Stop | Choice::Wheel | Choice::Evade
            )
        };
        let open = |c: &Choice| {
            x.chosen.is_empty()
                || x.chosen.contains(c)
                || (*c == Choice::Shoot && x.chosen.iter().all(with_shot))
        };
        // 2.4.4: a unit answering a charge is offered only its answer.
        let answers = |c: &Choice| App::answers(&r.procedure, *c);
        for c in CHOICES.iter().filter(|c| open(c) && answers(c)) {
            if let Some(a) = App::choice_action(o, *c) {
                any = true;
                let done = x.chosen.contains(c);
                let key = key_of(Context::AfterRoll, Action::Choose(*c));
                may.push(Span::styled(key, t.key()));
                let what = short(a);
                may.push(Span::raw(if done {
                    format!(" {what} ✓  ")
                } else {
                    format!(" {what}  ")
                }));
            }
        }
        if any {
            out.push(Line::from(may));
        } else if o.forced.is_empty() {
            out.push(Line::from(Span::styled("  nothing more to do", t.dim())));
        }
        for n in &x.notes {
            out.push(Line::from(vec![
                Span::styled("  ✓ ", t.good()),
                Span::raw(n.clone()),
            ]));
        }
    }
    // Why.
    if let Some(e) = entry {
        out.extend(explanation(t, &e.explanation));
    }
    let answer = app.enter_answers();
    let done = match (&r.procedure, owed.is_empty()) {
        // 2.2.1, 2.2.2: Enter records the flight; m or s stops it instead.
        _ if app.enter_keeps_fleeing() => {
            "keeps fleeing: its flight is next (2.2.1, 2.2.2)".to_string()
        }
        // 2.4.7, 2.4.4, 2.4.4.2: the answer the roll allows is what Enter does.
        (Procedure::Reaction { unit, cause, .. }, _) if answer.is_some() => match answer {
            Some(Choice::Evade) => format!(
                "evades: {}; back to the charge",
                app.battle
                    .unit(*unit)
                    .map_or(String::new(), |u| evade_move(&u.unit))
            ),
            Some(Choice::Shoot) => format!(
                "shoots at {} ({cause}): its shot is next (2.4.4)",
                app.name(*cause)
            ),
            _ => format!(
                "counter-charges {} ({cause}): back to the charge (2.4.4.2)",
                app.name(*cause)
            ),
        },
        (_, false) => "do what it must next".to_string(),
        (Procedure::Activation { .. }, true) => "done, next unit".to_string(),
        (Procedure::Reaction { .. }, true) => "done, back to the charge or Melee".to_string(),
        _ => "done".to_string(),
    };
    out.push(Line::from(vec![
        Span::styled("Enter", t.key()),
        Span::raw(format!(" {done}   ")),
        Span::styled("u", t.key()),
        Span::raw(" undo the roll"),
    ]));
    out
}

/// The unit a panel resolves something for.
fn procedure_unit(p: &Procedure) -> Option<UnitId> {
    match p {
        Procedure::Activation { unit, .. }
        | Procedure::Reaction { unit, .. }
        | Procedure::Flee { unit, .. }
        | Procedure::Halt { unit }
        | Procedure::Pursue { unit, .. }
        | Procedure::Defence { unit, .. }
        | Procedure::BreakOff { unit, .. } => Some(*unit),
        _ => None,
    }
}

/// A choice in a word or two.
fn short(a: RulesAction) -> &'static str {
    match a {
        RulesAction::Charge => "charge",
        RulesAction::Evade => "evade",
        RulesAction::ChangeFormation => "formation",
        RulesAction::Wheel => "wheel",
        RulesAction::Move => "move",
        RulesAction::Stop => "stop",
        RulesAction::AddChampion => "champion",
        RulesAction::Shoot => "shoot",
        RulesAction::Flee => "flee",
        RulesAction::StopFleeingAndMove => "stop fleeing, move",
        RulesAction::StopFleeingAndHalt => "stop fleeing, halt",
        _ => "",
    }
}
