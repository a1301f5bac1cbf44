//! Robert's Rules' part of a save (`docs/save-format.md`): its armies,
//! copied in with the army file's field names and read back by the army
//! file's own reader (cost and size checked again), and its events, each
//! with the fields its conformance case kind uses: `modifiers` as
//! `{ name, value }` lists and two dice a roll.

use super::army::read_body;
use super::{d6, d6_lists, named_values};
use crate::battle::UnitId;
use crate::battle::roberts_rules::{Event, RobertsRules, Setup};
use crate::dice::Die;
use crate::rules::Side;
use crate::rules::named::Named as _;
use crate::rules::roberts_rules::{
    Action, Army, ArmyUnit, BreakCause, MoraleCause, Named, Training,
};
use crate::store::save::SaveCodec;
use crate::store::save::write::{inline, named, quote};
use crate::store::toml_walk::{self, Fields, Walk};
use std::fmt::Write;

/// The event kinds a Robert's Rules log may hold.
pub const EVENT_KINDS: &[&str] = &[
    "begin",
    "action_roll",
    "declare_charge",
    "charge",
    "missile_attack",
    "melee_attack",
    "pursuit_attack",
    "break_check",
    "morale_check",
    "correction",
    "nearby",
    "decline_pursuit",
    "end_phase",
];

impl SaveCodec for RobertsRules {
    const EVENT_KINDS: &'static [&'static str] = EVENT_KINDS;

    fn write_setup(o: &mut String, setup: &Setup) {
        for side in [Side::A, Side::B] {
            write_army(o, side, &setup.sides[side as usize]);
        }
    }

    fn read_setup<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Setup> {
        let mut sides: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
        if !top.has("armies") {
            walk.error(0..0, "armies", "no [[armies]]: a save holds a copy of each side's army, each with plays = \"a\" or \"b\"");
        }
        for mut t in walk.tables(top, "armies") {
            let side = side(walk, &mut t, "plays");
            let army = read_body(walk, &mut t);
            walk.finish(t);
            if let (Some(army), Some(side)) = (army, side) {
                sides[side as usize].push(army);
            }
        }
        if walk.has_errors() {
            return None;
        }
        let [a, b] = sides;
        match Setup::new(a, b) {
            Ok(s) => Some(s),
            Err(e) => {
                walk.error(0..0, "armies", e.to_string());
                None
            }
        }
    }

    fn write_event(o: &mut String, event: &Event) {
        write_event(o, event);
    }

    fn read_event<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Event> {
        let kind = walk.string(&mut f, "kind").unwrap_or_default();
        let e = read_fields(walk, &mut f, &kind);
        walk.finish(f);
        e
    }
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn modifiers(m: &[Named]) -> String {
    format!(
        "[{}]",
        m.iter()
            .map(|n| inline(&[
                format!("name = {}", quote(&n.name)),
                format!("value = {}", n.value)
            ]))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn write_army(o: &mut String, side: Side, a: &Army) {
    let _ = writeln!(o, "\n[[armies]]\nplays = \"{}\"", side.name());
    let _ = writeln!(o, "name = {}", quote(&a.name));
    let _ = writeln!(o, "side = {}", quote(&a.side));
    if let Some(n) = &a.notes {
        let _ = writeln!(o, "notes = {}", quote(n));
    }
    if let Some(p) = a.points {
        let _ = writeln!(o, "points = {}", number(p));
    }
    let _ = writeln!(
        o,
        "scale = \"{}\"",
        if a.scale_15mm { "15mm" } else { "25mm" }
    );
    for u in &a.units {
        write_unit(o, u);
    }
    for l in &a.leaders {
        o.push_str("\n[[armies.leaders]]\n");
        let _ = writeln!(o, "name = {}", quote(&l.name));
        let _ = writeln!(o, "kind = \"{}\"", l.kind.name());
        if let Some(c) = l.cost {
            let _ = writeln!(o, "cost = {c}");
        }
        if let Some(t) = &l.attached_to {
            let _ = writeln!(o, "attached_to = {}", quote(t));
        }
    }
}

fn write_unit(o: &mut String, a: &ArmyUnit) {
    let u = &a.unit;
    o.push_str("\n[[armies.units]]\n");
    let _ = writeln!(o, "name = {}", quote(&u.name));
    let _ = writeln!(o, "av = {}\ndv = {}\nmav = {}", u.av, u.dv, u.mav);
    if let Some(t) = &u.troop_type {
        let _ = writeln!(o, "troop_type = {}", quote(t));
    }
    let _ = writeln!(o, "mounted = {}\nformed = {}", u.mounted, u.formed);
    if u.training != Training::Regular {
        let _ = writeln!(o, "training = \"{}\"", u.training.name());
    }
    let _ = writeln!(o, "attributes = {}", named(&u.attributes));
    let _ = writeln!(o, "captain_attached = {}", u.captain_attached);
    let _ = writeln!(o, "stands = {}", u.stands_original);
    if let Some(b) = a.base_cost {
        let _ = writeln!(o, "base_cost = {}", number(b));
    }
    if !a.percent.is_empty() {
        let _ = writeln!(o, "percent = {}", modifiers(&a.percent));
    }
    if let Some(s) = a.stand_size {
        let _ = writeln!(o, "stand_size = {s}");
    }
    if let Some((min, max)) = a.limits {
        let _ = writeln!(o, "limits = {{ min = {min}, max = {max} }}");
    }
    if a.no_minimum {
        let _ = writeln!(o, "no_minimum = true");
    }
}

fn faces(d: &[u8]) -> String {
    format!(
        "[{}]",
        d.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// An event's fields under its `[[events]]` line, `kind` first.
pub fn write_event(o: &mut String, e: &Event) {
    let _ = writeln!(o, "kind = \"{}\"", e.kind());
    let mut line = |k: &str, v: String| {
        let _ = writeln!(o, "{k} = {v}");
    };
    let id = |u: &UnitId| quote(&u.to_string());
    match e {
        Event::Begin { acting } => line("acting", quote(acting.name())),
        Event::Action {
            unit,
            action,
            general_free_action,
            breakthrough,
            modifiers: m,
            dice,
        } => {
            line("unit", id(unit));
            line("action", quote(action.name()));
            if *general_free_action {
                line("general_free_action", "true".into());
            }
            if *breakthrough {
                line("breakthrough", "true".into());
            }
            line("modifiers", modifiers(m));
            line("dice", inline(&[format!("roll = {}", faces(dice))]));
        }
        Event::DeclareCharge { unit, target } => {
            line("unit", id(unit));
            line("target", id(target));
        }
        Event::Charge { unit } => line("unit", id(unit)),
        Event::Missile {
            shooter,
            target,
            modifiers: m,
            attacks,
        } => {
            line("shooter", id(shooter));
            line("target", id(target));
            line("modifiers", modifiers(m));
            line(
                "dice",
                inline(&[format!(
                    "attacks = [{}]",
                    attacks
                        .iter()
                        .map(|d| faces(d))
                        .collect::<Vec<_>>()
                        .join(", ")
                )]),
            );
        }
        Event::Melee {
            a,
            b,
            simultaneous,
            can_retreat,
            modifiers: m,
            dice,
        } => {
            line("a", id(a));
            line("b", id(b));
            line("simultaneous", simultaneous.to_string());
            line("a_can_retreat", can_retreat[0].to_string());
            line("b_can_retreat", can_retreat[1].to_string());
            line("a_modifiers", modifiers(&m[0]));
            line("b_modifiers", modifiers(&m[1]));
            line(
                "dice",
                inline(&[
                    format!("a = {}", faces(&dice[0])),
                    format!("b = {}", faces(&dice[1])),
                ]),
            );
        }
        Event::PursuitAttack {
            unit,
            target,
            modifiers: m,
            chart_hits,
            dice,
        } => {
            line("unit", id(unit));
            line("target", id(target));
            line("modifiers", modifiers(m));
            if let Some(h) = chart_hits {
                line("chart_hits", h.to_string());
            }
            line("dice", inline(&[format!("roll = {}", faces(dice))]));
        }
        Event::BreakCheck {
            unit,
            cause,
            routed_unit_formed,
            modifiers: m,
            dice,
        } => {
            line("unit", id(unit));
            line("cause", quote(cause.name()));
            if !routed_unit_formed {
                line("routed_unit_formed", "false".into());
            }
            line("modifiers", modifiers(m));
            line("dice", inline(&[format!("roll = {}", faces(dice))]));
        }
        Event::MoraleCheck {
            unit,
            cause,
            reason,
            modifiers: m,
            dice,
        } => {
            line("unit", id(unit));
            line("cause", quote(cause.name()));
            if !reason.is_empty() {
                line("reason", quote(reason));
            }
            line("modifiers", modifiers(m));
            line("dice", inline(&[format!("roll = {}", faces(dice))]));
        }
        Event::Correction {
            unit,
            hits_lost,
            stands,
            reason,
        } => {
            line("unit", id(unit));
            line("hits_lost", hits_lost.to_string());
            line("stands", stands.to_string());
            line("reason", quote(reason));
        }
        Event::Nearby {
            source,
            cause,
            units,
        } => {
            if let Some(s) = source {
                line("source", id(s));
            }
            line("cause", quote(cause.name()));
            line(
                "units",
                format!("[{}]", units.iter().map(id).collect::<Vec<_>>().join(", ")),
            );
        }
        Event::DeclinePursuit { unit } => line("unit", id(unit)),
        Event::EndPhase => {}
    }
}

fn unit_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<UnitId> {
    let span = f.span_of(key);
    let at = f.at(key);
    let text = walk.required_string(f, key)?;
    let id = UnitId::parse(&text);
    if id.is_none() {
        walk.error(
            span,
            at,
            format!(
                "'{}' is not a unit: a side letter and a number, a1 or b12",
                toml_walk::cut(&text)
            ),
        );
    }
    id
}

fn side<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<Side> {
    let span = f.span_of(key);
    let at = f.at(key);
    match walk.required_string(f, key).as_deref() {
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        Some(_) => {
            walk.error(span, at, "a player is \"a\" or \"b\"");
            None
        }
        None => None,
    }
}

fn values(d: Vec<Die>) -> Vec<u8> {
    d.iter().map(|d| d.value()).collect()
}

/// The `dice` table's lists under `keys`.
fn dice<'s, const N: usize>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    keys: [&'static str; N],
) -> [Vec<u8>; N] {
    let mut out: [Vec<u8>; N] = std::array::from_fn(|_| Vec::new());
    if let Some(mut t) = walk.table(f, "dice") {
        for (i, k) in keys.iter().enumerate() {
            out[i] = values(d6(walk, &mut t, k));
        }
        walk.finish(t);
    }
    out
}

/// A required count (a correction's hits lost or stands).
fn count<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<u32> {
    if !f.has(key) {
        walk.error(
            f.span_of(key),
            f.at(key),
            format!("'{key}' is missing; a correction gives the hits lost and the stands as they should be"),
        );
        return None;
    }
    walk.int(f, key, 0..=10_000).map(|n| n as u32)
}

fn read_fields<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, kind: &str) -> Option<Event> {
    Some(match kind {
        "begin" => Event::Begin {
            acting: side(walk, f, "acting")?,
        },
        "action_roll" => {
            let unit = unit_id(walk, f, "unit");
            let action = walk.named::<Action>(f, "action");
            let general_free_action = walk.bool(f, "general_free_action").unwrap_or(false);
            let breakthrough = walk.bool(f, "breakthrough").unwrap_or(false);
            let modifiers = named_values(walk, f, "modifiers");
            let [d] = dice(walk, f, ["roll"]);
            Event::Action {
                unit: unit?,
                action: action?,
                general_free_action,
                breakthrough,
                modifiers,
                dice: d,
            }
        }
        "declare_charge" => {
            let unit = unit_id(walk, f, "unit");
            let target = unit_id(walk, f, "target");
            Event::DeclareCharge {
                unit: unit?,
                target: target?,
            }
        }
        "charge" => Event::Charge {
            unit: unit_id(walk, f, "unit")?,
        },
        "missile_attack" => {
            let shooter = unit_id(walk, f, "shooter");
            let target = unit_id(walk, f, "target");
            let modifiers = named_values(walk, f, "modifiers");
            let mut attacks = Vec::new();
            if let Some(mut t) = walk.table(f, "dice") {
                attacks = d6_lists(walk, &mut t, "attacks")
                    .into_iter()
                    .map(values)
                    .collect();
                walk.finish(t);
            }
            Event::Missile {
                shooter: shooter?,
                target: target?,
                modifiers,
                attacks,
            }
        }
        "melee_attack" => {
            let a = unit_id(walk, f, "a");
            let b = unit_id(walk, f, "b");
            let simultaneous = walk.bool(f, "simultaneous").unwrap_or(true);
            let can_retreat = [
                walk.bool(f, "a_can_retreat").unwrap_or(true),
                walk.bool(f, "b_can_retreat").unwrap_or(true),
            ];
            let modifiers = [
                named_values(walk, f, "a_modifiers"),
                named_values(walk, f, "b_modifiers"),
            ];
            let [da, db] = dice(walk, f, ["a", "b"]);
            Event::Melee {
                a: a?,
                b: b?,
                simultaneous,
                can_retreat,
                modifiers,
                dice: [da, db],
            }
        }
        "pursuit_attack" => {
            let unit = unit_id(walk, f, "unit");
            let target = unit_id(walk, f, "target");
            let modifiers = named_values(walk, f, "modifiers");
            let chart_hits = walk.int(f, "chart_hits", 1..=3).map(|n| n as u32);
            let [d] = dice(walk, f, ["roll"]);
            Event::PursuitAttack {
                unit: unit?,
                target: target?,
                modifiers,
                chart_hits,
                dice: d,
            }
        }
        "break_check" => {
            let unit = unit_id(walk, f, "unit");
            let cause = walk.named::<BreakCause>(f, "cause");
            let routed_unit_formed = walk.bool(f, "routed_unit_formed").unwrap_or(true);
            let modifiers = named_values(walk, f, "modifiers");
            let [d] = dice(walk, f, ["roll"]);
            Event::BreakCheck {
                unit: unit?,
                cause: cause?,
                routed_unit_formed,
                modifiers,
                dice: d,
            }
        }
        "morale_check" => {
            let unit = unit_id(walk, f, "unit");
            let cause = walk.named::<MoraleCause>(f, "cause");
            let reason = walk.string(f, "reason").unwrap_or_default();
            let modifiers = named_values(walk, f, "modifiers");
            let [d] = dice(walk, f, ["roll"]);
            Event::MoraleCheck {
                unit: unit?,
                cause: cause?,
                reason,
                modifiers,
                dice: d,
            }
        }
        "correction" => {
            let unit = unit_id(walk, f, "unit");
            let hits_lost = count(walk, f, "hits_lost");
            let stands = count(walk, f, "stands");
            let reason = walk.string(f, "reason").unwrap_or_default();
            Event::Correction {
                unit: unit?,
                hits_lost: hits_lost?,
                stands: stands?,
                reason,
            }
        }
        "nearby" => {
            let source = if f.has("source") {
                Some(unit_id(walk, f, "source")?)
            } else {
                None
            };
            let cause = walk.named::<BreakCause>(f, "cause");
            let span = f.span_of("units");
            let at = f.at("units");
            let mut units = Vec::new();
            for text in walk.string_list(f, "units") {
                match UnitId::parse(&text) {
                    Some(u) => units.push(u),
                    None => walk.error(
                        span.clone(),
                        at.clone(),
                        format!(
                            "'{}' is not a unit: a side letter and a number, a1 or b12",
                            toml_walk::cut(&text)
                        ),
                    ),
                }
            }
            Event::Nearby {
                source,
                cause: cause?,
                units,
            }
        }
        "decline_pursuit" => Event::DeclinePursuit {
            unit: unit_id(walk, f, "unit")?,
        },
        "end_phase" => Event::EndPhase,
        other => {
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not a Robert's Rules event; accepted: {}",
                    toml_walk::cut(other),
                    EVENT_KINDS.join(", ")
                ),
            );
            return None;
        }
    })
}
