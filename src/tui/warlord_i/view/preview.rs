//! Before the dice: what the battle's plan for the event says (the dice,
//! every modifier with its rule, what costs what) and the exact odds of
//! every outcome from `odds::warlord_i`. Nothing here is computed by the
//! console: it asks the battle for the plan and the odds for the numbers.

use crate::battle::warlord_i::{Battle, Event};
use crate::odds::Distribution;
use crate::odds::warlord_i as odds;
use crate::rules::Side;
use crate::rules::explain::{Explanation, Modifier};
use crate::rules::named::Named;
use crate::rules::warlord_i::{OrderOfPlay, OrderWinner};
use crate::tui::text;
use crate::tui::theme::Theme;
use ratatui::text::{Line, Span};

/// The lines of the plan and odds of `event` as the battle stands.
pub fn lines(t: &Theme, b: &Battle, event: &Event) -> Vec<Line<'static>> {
    match build(t, b, event) {
        Ok(lines) => lines,
        Err(e) => vec![Line::from(Span::styled(format!("Refused: {e}"), t.bad()))],
    }
}

/// An odds bar; a probability that rounds to nothing shows as 0.
fn bar(t: &Theme, label: &str, p: f64) -> Line<'static> {
    text::odds_line(t, label, if p > 0.0 { p } else { 0.0 }, 12)
}

fn heading(t: &Theme, text: &str) -> Line<'static> {
    Line::from(Span::styled(text.to_string(), t.title()))
}

fn modifiers(t: &Theme, out: &mut Vec<Line<'static>>, mods: &[Modifier]) {
    for m in mods {
        out.push(Line::from(vec![
            Span::raw(format!("  {:+} {}", m.value, m.reason)),
            Span::styled(format!("  [{}]", m.cite), t.dim()),
        ]));
    }
}

fn notes(t: &Theme, out: &mut Vec<Line<'static>>, e: &Explanation) {
    for l in &e.lines {
        out.push(Line::from(vec![
            Span::styled(format!("  note: {}", l.text), t.dim()),
            Span::styled(format!("  [{}]", l.cite), t.dim()),
        ]));
    }
}

/// A distribution on one wrapped line: `value pct · value pct …`.
fn spread<T: Copy + PartialEq>(
    label: &str,
    d: &Distribution<T>,
    name: impl Fn(T) -> String,
) -> Line<'static> {
    let parts: Vec<String> = d
        .iter()
        .filter(|(_, p)| *p > 0.0)
        .map(|(v, p)| format!("{} {:.1}%", name(v), p * 100.0))
        .collect();
    Line::from(format!("  {label}: {}", parts.join(" · ")))
}

fn build(t: &Theme, b: &Battle, event: &Event) -> Result<Vec<Line<'static>>, String> {
    let e = |x: crate::battle::BattleError| x.to_string();
    let mut out = Vec::new();
    match event {
        Event::OrderOfPlay { winner_moves, .. } => {
            out.push(heading(
                t,
                "One die each side; the higher wins (Rule 26, WI-3)",
            ));
            let o = odds::order_of_play(&OrderOfPlay::plan(*winner_moves));
            out.push(heading(t, "Odds"));
            for (label, v) in [
                ("side a wins", OrderWinner::Side(Side::A)),
                ("side b wins", OrderWinner::Side(Side::B)),
                ("equal: roll again", OrderWinner::Reroll),
            ] {
                out.push(bar(t, label, o.winner.probability(v)));
            }
            out.push(Line::from(
                "  the winner then chooses to move first or second (WI-3)",
            ));
        }
        Event::CommandTest { co, transfer, .. } => {
            let plan = b.command_test_plan(*co, *transfer).map_err(e)?;
            out.push(heading(
                t,
                &format!(
                    "{} dice, one per star; each die's CCPs (Rule 29, WI-4)",
                    plan.co.stars
                ),
            ));
            modifiers(t, &mut out, &plan.per_die);
            if plan.received() > 0 {
                out.push(Line::from(format!(
                    "  + {} CCP(s) received from the C-in-C (WI-5)",
                    plan.received()
                )));
            }
            let o = odds::command_test(&plan);
            out.push(heading(t, "Odds"));
            out.push(Line::from(format!(
                "  CCPs to spend: {:.1} on average",
                o.total.mean()
            )));
            for k in [2, 4, 6, 9, 12] {
                out.push(bar(t, &format!("{k} or more"), o.total.at_least(k)));
            }
        }
        Event::Command {
            unit,
            co,
            application,
            target,
            facts,
        } => {
            let cost = b
                .command_cost(*unit, *co, *application, *target, *facts)
                .map_err(e)?;
            out.push(heading(t, "Its cost in CCPs (Rule 29, E54, WI-6)"));
            out.push(Line::from(format!(
                "  {} troops: {} CCP(s)",
                cost.code, cost.base
            )));
            modifiers(t, &mut out, &cost.extras);
            notes(t, &mut out, &cost.notes);
            let left = b.co(*co).map_or(0, |c| c.ccps);
            let total = cost.cost();
            let (text, style) = if total <= left {
                (
                    format!(
                        "  costs {total}; the CO has {left}: {} left after",
                        left - total
                    ),
                    t.good(),
                )
            } else {
                (
                    format!("  costs {total}, but the CO has only {left}: refused (WI-6)"),
                    t.bad(),
                )
            };
            out.push(Line::from(Span::styled(text, style)));
        }
        Event::Initiative {
            unit,
            co_activity,
            facts,
            ..
        } => {
            let plan = b.initiative_plan(*unit, co_activity, *facts).map_err(e)?;
            out.push(heading(
                t,
                &format!(
                    "Its own CO's {} dice against its cost of {} (Rules 29, 37; WI-7)",
                    plan.unit.co_stars,
                    plan.cost.cost()
                ),
            ));
            modifiers(t, &mut out, &plan.per_die);
            let o = odds::initiative(&plan);
            out.push(heading(t, "Odds"));
            out.push(bar(t, "it acts", o.success));
            out.push(bar(t, "withdraws in disorder", 1.0 - o.success));
        }
        Event::EnterField { unit, facts, .. } => {
            let plan = b.enter_plan(*unit, *facts).map_err(e)?;
            out.push(heading(t, "Two dice (Rule 47, WI-22)"));
            modifiers(t, &mut out, &plan.modifiers);
            let o = odds::enter_field(&plan);
            out.push(heading(t, "Odds"));
            for (v, p) in o.outcome.iter() {
                out.push(bar(t, &v.name().replace('_', " "), p));
            }
        }
        Event::Recuperation { side } => {
            out.push(heading(
                t,
                "Each unit recuperates or loses bases (Rules 15-16; WI-9, WI-10)",
            ));
            for (id, u) in b.units(*side).filter(|(_, u)| !u.off_table()) {
                if u.unit.aps == 0 {
                    continue;
                }
                let plan = b.recuperation_plan(id).map_err(e)?;
                let r = plan.resolve();
                out.push(Line::from(format!(
                    "  {} ({id}): {} AP(s); {}; recovers {}, loses {} base(s)",
                    u.unit.name,
                    u.unit.aps,
                    if r.may_recuperate {
                        "may recuperate"
                    } else {
                        "may not recuperate"
                    },
                    r.aps_recovered,
                    r.bases_removed
                )));
            }
            if out.len() == 1 {
                out.push(Line::from(
                    "  no unit of the side holds APs: nothing changes",
                ));
            }
        }
        Event::Shooting {
            shooter,
            target,
            situation,
            ..
        } => {
            let plan = b.shooting_plan(*shooter, *target, situation).map_err(e)?;
            out.push(heading(
                t,
                &format!(
                    "{}: {} dice; {} range; target's DV {} (Rules 55-56)",
                    plan.weapon.name().replace('_', " "),
                    plan.dice,
                    if plan.short_range { "short" } else { "long" },
                    plan.defence_value
                ),
            ));
            modifiers(t, &mut out, &plan.modifiers);
            notes(t, &mut out, &plan.notes);
            let o = odds::shooting(&plan);
            out.push(heading(t, "Odds"));
            out.push(spread("hits", &o.hits, |v| v.to_string()));
            out.push(spread("bases removed", &o.bases_removed, |v| v.to_string()));
            out.push(bar(t, "a waver test", o.waver_test));
        }
        Event::Flag { unit, cause } => {
            out.push(heading(t, "A cause of a waver test (Rule 58, WI-13)"));
            let u = b.unit(*unit).ok_or("no such unit")?;
            out.push(Line::from(format!(
                "  {}: {}; it tests in the waver step, at most once a Move",
                u.unit.name,
                cause.title()
            )));
        }
        Event::Rout { unit, cause, .. } if cause.wavers() => {
            // Rule 62: "waver or rout too", as the friends passing through.
            out.push(heading(t, "It wavers too (Rule 62)"));
            let name = b.unit(*unit).map_or(String::new(), |u| u.unit.name.clone());
            out.push(Line::from(format!("  {name}: {}", cause.title())));
            out.push(Line::from(if cause.while_shaken() {
                "  wavering; it retreats in front of them (IRMD), +1 DP (an AP too) (Rule 18, WI-8)"
            } else {
                "  wavering (no disaster: WI-12 names a rout)"
            }));
        }
        Event::Rout {
            unit,
            cause,
            bases_in_contact,
        } => {
            out.push(heading(t, "It routs (Rule 62)"));
            let name = b.unit(*unit).map_or(String::new(), |u| u.unit.name.clone());
            out.push(Line::from(format!("  {name}: {}", cause.title())));
            if *cause == crate::battle::warlord_i::RoutCause::EvadersTrapped {
                // Rules 62, 70, 89: its bases in direct contact are destroyed.
                out.push(Line::from(format!(
                    "  its {bases_in_contact} base(s) in direct contact destroyed (Rules 62, 70, 89)"
                )));
            }
            out.push(Line::from("  routed, +1 DP (an AP too) (Rule 18, WI-8)"));
            out.push(Line::from(
                "  a disaster for the rest of the Move (WI-12): next, the friendly units within 10 cm are named; each gains 1 AP (Rule 12) and takes a waver test (Rule 58)",
            ));
        }
        Event::FriendsWithin10cm { disaster, units } => {
            out.push(heading(
                t,
                "Its friends within 10 cm: the table's (Herald has no map)",
            ));
            let s = disaster.side().name();
            out.push(Line::from(format!(
                "  type each one's number (2 for {s}2, 10 for {s}10; again to take it back); none is an answer: Enter",
            )));
            out.push(Line::from(
                "  each named gains 1 AP (Rule 12) and owes a waver test, -1 for the disaster (Rules 58-59)",
            ));
            for id in b.friends_of(*disaster) {
                let Some(u) = b.unit(id) else { continue };
                let named = units.contains(&id);
                out.push(Line::from(Span::styled(
                    format!(
                        "  {} {id} {}{}",
                        if named { "›" } else { " " },
                        u.unit.name,
                        if named { ": within 10 cm" } else { "" }
                    ),
                    if named { t.warn() } else { t.dim() },
                )));
            }
        }
        Event::WaverTest {
            unit, situation, ..
        } => {
            let plan = b.waver_plan(*unit, situation).map_err(e)?;
            out.push(heading(t, "Two dice and every modifier (Rule 59, WI-14)"));
            modifiers(t, &mut out, &plan.modifiers);
            notes(t, &mut out, &plan.notes);
            let o = odds::waver_test(&plan);
            out.push(heading(t, "Odds (Rule 60, WI-15)"));
            // Rule 60: each outcome once; "3 or less" is not inside wavering.
            for (v, p) in o.outcome.iter() {
                let label = match v {
                    odds::WaverOutcome::Becomes(m) => m.name().to_string(),
                    odds::WaverOutcome::WaversAndRetreats => "wavers and retreats".to_string(),
                };
                out.push(bar(t, &label, p));
            }
        }
        Event::Attrition { unit, gains } => {
            let plan = b.attrition_plan(*unit, gains).map_err(e)?;
            out.push(heading(
                t,
                "APs and DPs from what the table saw (Rules 12, 18; WI-8)",
            ));
            modifiers(t, &mut out, &plan.causes);
            notes(t, &mut out, &plan.notes);
            let r = plan.resolve();
            out.push(Line::from(format!(
                "  {} AP(s), {} of them DPs; {} base(s) removed{}",
                r.aps_gained,
                r.dps_gained,
                r.bases_removed,
                if r.destroyed { ": destroyed" } else { "" }
            )));
        }
        Event::FugitiveAttrition {
            unit, situation, ..
        } => {
            let plan = b.fugitive_plan(*unit, situation).map_err(e)?;
            out.push(heading(t, "One die: its score in APs (Rule 13, WI-11)"));
            modifiers(t, &mut out, &plan.modifiers);
            notes(t, &mut out, &plan.notes);
            let o = odds::fugitive_attrition(&plan);
            out.push(heading(t, "Odds"));
            out.push(spread("APs", &o.aps, |v| v.to_string()));
            out.push(spread("bases removed", &o.bases_removed, |v| v.to_string()));
            out.push(bar(t, "destroyed", o.destroyed));
        }
        Event::Engage { a, b: other } => {
            out.push(heading(
                t,
                "Contact on the table: a melee (Rules 63-76, WI-23)",
            ));
            out.push(Line::from(format!(
                "  {} and {} will fight a round in the melee step",
                unit_name(b, *a),
                unit_name(b, *other)
            )));
        }
        Event::Melee {
            a,
            b: other,
            facts_a,
            facts_b,
            simultaneous,
            ..
        } => {
            let plan = b
                .melee_plan(*a, *other, facts_a, facts_b, *simultaneous)
                .map_err(e)?;
            out.push(heading(
                t,
                &format!(
                    "Round {}: one die each (Rules 76-84, WI-18 to WI-20)",
                    plan.round
                ),
            ));
            // Rule 76, WI-H2: the other fight of a unit that two enemies contact.
            for (id, foe) in [(*a, *other), (*other, *a)] {
                for e in &b.state().engagements {
                    let Some(third) = e.opponent_of(id).filter(|x| *x != foe) else {
                        continue;
                    };
                    out.push(Line::from(Span::styled(
                        format!(
                            "  {id} is also in melee with {}: {}; {} (WI-H2)",
                            unit_name(b, third),
                            if e.fought_this_move {
                                format!("round {} fought this Move", e.rounds)
                            } else {
                                format!("round {} still to fight", e.rounds + 1)
                            },
                            if *simultaneous {
                                "fought at once (house option): its losses there do not count here"
                            } else if e.fought_this_move {
                                "fought in turn: what it has now counts here"
                            } else {
                                "fought in turn: m on the tables fights that pair first"
                            }
                        ),
                        t.warn(),
                    )));
                }
            }
            for (side, id, foe, facts) in [
                (Side::A, *a, *other, facts_a),
                (Side::B, *other, *a, facts_b),
            ] {
                out.push(Line::from(Span::styled(
                    format!(" {}", unit_name(b, id)),
                    t.warn(),
                )));
                modifiers(t, &mut out, &plan.side(side).modifiers);
                notes(t, &mut out, &plan.side(side).notes);
                // Rule 79: the line that gives an advantage the record holds.
                let (charge, contact) = b.advantages(id, foe);
                for (what, line, on) in [
                    ("charge", charge, facts.charge_advantage),
                    ("contact", contact, facts.contact_advantage),
                ] {
                    if let (Some(line), true) = (line, on) {
                        out.push(Line::from(vec![
                            Span::styled(format!("  note: {what} advantage: {line}"), t.dim()),
                            Span::styled("  [Rule 79, WI-19]", t.dim()),
                        ]));
                    }
                }
            }
            let o = odds::melee(&plan);
            out.push(heading(t, "Odds"));
            for (label, v) in [
                (format!("{} loses", a), Some(Side::A)),
                (format!("{} loses", other), Some(Side::B)),
                ("equal scores".to_string(), None),
            ] {
                out.push(bar(t, &label, o.loser.probability(v)));
            }
            out.push(spread("difference", &o.difference, |v| v.to_string()));
            out.push(Line::from(
                "  A loser by 4 or more (2-3 if already shaken) chooses: retreat, waver or surrender (WI-20)",
            ));
        }
        Event::GeneralRisk { co, .. } => {
            let plan = b.general_risk_plan(*co).map_err(e)?;
            out.push(heading(
                t,
                "One die + 1 per AP his unit incurred (Rule 99, WI-21)",
            ));
            let n = plan.situation.aps_this_move;
            let unit = b.state().risk_unit(*co);
            let lost = b
                .co(*co)
                .is_some_and(|c| c.with.is_none() && c.left_with.is_some());
            out.push(Line::from(format!(
                "  {}: {}{} incurred {n} AP{} this Move{}",
                plan.co.name,
                unit.map_or_else(|| "his unit".to_string(), |u| unit_name(b, u)),
                if lost {
                    ", which he was with when it left the table,"
                } else {
                    ""
                },
                if n == 1 { "" } else { "s" },
                if plan.situation.in_melee {
                    ", in melee"
                } else {
                    ""
                }
            )));
            // Q2: WI-21 counts the unit's APs of the whole Move.
            out.push(Line::from(
                "  every AP of the Move counts, those before he joined it too (WI-21)",
            ));
            let o = odds::general_risk(&plan);
            out.push(heading(t, "Odds"));
            for (f, p) in o.fate.iter() {
                out.push(bar(t, f.title(), p));
            }
        }
        Event::Correct { unit, correction } => {
            out.push(heading(
                t,
                "A referee's correction: no dice, no rule re-run",
            ));
            let u = b.unit(*unit).ok_or("no such unit")?;
            out.push(Line::from(format!(
                "  {} now: {} bases, {} AP(s), {} DP(s), {}; Enter sets {}",
                u.unit.name,
                u.unit.bases,
                u.unit.aps,
                u.unit.dps,
                u.unit.morale,
                correction_words(correction)
            )));
        }
        Event::GoTo { turn, phase } => {
            out.push(heading(
                t,
                "The referee moves the sequence (Rule 25): no dice, every event kept",
            ));
            out.push(Line::from(format!(
                "  now Move {}, step {} {}; Enter goes to Move {turn}, step {} {phase}",
                b.turn(),
                b.phase().step(),
                b.phase(),
                phase.step()
            )));
            if *turn != b.turn() {
                out.push(Line::from(format!(
                    "  Move {} is concluded first (Rules 100-101): unspent CCPs lapse (WI-4), waver tests, commands and shots are counted afresh",
                    b.turn()
                )));
            }
            out.push(Line::from("  u takes it back"));
        }
        Event::CorrectCo { co, correction } => {
            out.push(heading(
                t,
                "A referee's correction: no dice, no rule re-run",
            ));
            let c = b.co(*co).ok_or("no such CO")?;
            out.push(Line::from(format!(
                "  {} now: {}, {} CCP(s), base {}, doing: {}; Enter sets {}",
                c.co.name,
                c.co.status.title(),
                c.ccps,
                if c.co.dispersed {
                    "dispersed"
                } else {
                    "not dispersed"
                },
                names(&c.co.activity),
                co_correction_words(correction)
            )));
        }
        _ => {}
    }
    Ok(out)
}

/// A melee's plan for a narrow screen (the facts side by side above it):
/// each side's modifiers on one line, then the odds; the other fight of
/// a unit two enemies contact (WI-H2) after.
pub fn melee_narrow(t: &Theme, b: &Battle, event: &Event) -> Vec<Line<'static>> {
    let Event::Melee {
        a,
        b: other,
        facts_a,
        facts_b,
        simultaneous,
        ..
    } = event
    else {
        return lines(t, b, event);
    };
    let plan = match b.melee_plan(*a, *other, facts_a, facts_b, *simultaneous) {
        Ok(p) => p,
        Err(e) => return vec![Line::from(Span::styled(format!("Refused: {e}"), t.bad()))],
    };
    let mut out = vec![heading(
        t,
        &format!(
            "Round {}: one die each; * the record's (Rules 76-84, WI-18 to WI-20)",
            plan.round
        ),
    )];
    for (side, id) in [(Side::A, *a), (Side::B, *other)] {
        let mods: Vec<String> = plan
            .side(side)
            .modifiers
            .iter()
            .map(|m| format!("{:+} {}", m.value, m.reason))
            .collect();
        let sum: i32 = plan.side(side).modifiers.iter().map(|m| m.value).sum();
        out.push(Line::from(format!(
            "  {id}: die {sum:+}{}",
            if mods.is_empty() {
                String::new()
            } else {
                format!(" ({})", mods.join(", "))
            }
        )));
    }
    let o = odds::melee(&plan);
    for (label, v) in [
        (format!("{a} loses"), Some(Side::A)),
        (format!("{other} loses"), Some(Side::B)),
        ("equal scores".to_string(), None),
    ] {
        out.push(bar(t, &label, o.loser.probability(v)));
    }
    // The rest as the wide screen has it: the other fight, the notes.
    let full = lines(t, b, event);
    out.extend(full.into_iter().skip(1).filter(|l| {
        l.spans
            .first()
            .is_some_and(|s| s.content.contains("is also in melee"))
    }));
    out
}

fn unit_name(b: &Battle, id: crate::battle::UnitId) -> String {
    b.unit(id)
        .map_or_else(|| id.to_string(), |u| format!("{} ({id})", u.unit.name))
}

/// A correction in words: `morale to shaken`, `APs to 3`.
fn correction_words(c: &crate::battle::warlord_i::Correction) -> String {
    use crate::battle::warlord_i::Correction as C;
    match c {
        C::Morale(m) => format!("morale to {m}"),
        C::Aps(n) => format!("APs to {n}"),
        C::Dps(n) => format!("DPs to {n}"),
        C::Bases(n) => format!("bases to {n}"),
        C::BasesLost(n) => format!("bases lost to {n}"),
        C::Files(n) => format!("files to {n}"),
        C::Ranks(n) => format!("ranks to {n}"),
        C::WaverTested(v) => format!("waver-tested to {}", if *v { "yes" } else { "no" }),
        C::Removed(v) => format!("off the table to {}", if *v { "yes" } else { "no" }),
        C::Activity(a) => format!("what it is doing to {}", names(a)),
    }
}

/// A CO's correction in words: `CCPs to 3`, `wounds to wounded`.
fn co_correction_words(c: &crate::battle::warlord_i::CoCorrection) -> String {
    use crate::battle::warlord_i::CoCorrection as C;
    match c {
        C::Status(s) => format!("wounds to {}", s.title()),
        C::Dispersed(v) => format!("dispersed to {}", if *v { "yes" } else { "no" }),
        C::Ccps(n) => format!("CCPs to {n}"),
        C::Activity(a) => format!("what he is doing to {}", names(a)),
    }
}

/// Activities in words, `none` for none.
fn names<T: crate::rules::named::Named + PartialEq>(items: &[T]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items
            .iter()
            .map(|a| a.name().replace('_', " "))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
