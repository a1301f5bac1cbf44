//! Robert's Rules case files (`conformance/roberts-rules/README.md`): a
//! top-level `system = "roberts_rules"`, then `[[case]]` tables of nine
//! kinds. Each case is read on its own, so one broken case is refused while
//! the others resolve.

use super::unit_table::read_unit;
use super::{d6, d6_lists, named_values, number, read_system_word};
use crate::dice::Die;
use crate::rules::System;
use crate::rules::house::House;
use crate::rules::named::closest;
use crate::rules::roberts_rules::{
    Action, ActionSituation, BreakCause, BreakSituation, Named, Phase, Training, Unit,
};
use crate::store::case::to_json;
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// The case kinds, as written in `kind`.
pub const KINDS: &[&str] = &[
    "action_roll",
    "morale_check",
    "break_check",
    "missile_attack",
    "melee_attack",
    "pursuit_attack",
    "casualties",
    "unit_cost",
    "unit_size",
];

/// One case of a file.
#[derive(Debug)]
pub struct Case {
    /// Its id (or `case N` when it has none).
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// The inputs, or every problem found in them.
    pub input: Result<CaseInput, Vec<Problem>>,
    /// Its house options.
    pub house: House,
    /// The `expect` table as JSON, if any (never read by the resolver).
    pub expect: Option<serde_json::Value>,
}

/// One side of a melee case.
#[derive(Debug, Clone)]
pub struct MeleeSide {
    /// The stand's unit.
    pub unit: Unit,
    /// The referee's modifiers for its attack.
    pub modifiers: Vec<Named>,
}

/// A case's inputs, checked.
#[derive(Debug, Clone)]
pub enum CaseInput {
    /// An Action Roll (RR-5 to RR-11).
    ActionRoll {
        unit: Unit,
        action: Action,
        phase: Phase,
        situation: ActionSituation,
        modifiers: Vec<Named>,
        dice: Vec<Die>,
    },
    /// A Morale Check (RR-12).
    MoraleCheck {
        unit: Unit,
        modifiers: Vec<Named>,
        dice: Vec<Die>,
    },
    /// A Break Check (RR-13 to RR-15).
    BreakCheck {
        unit: Unit,
        cause: BreakCause,
        situation: BreakSituation,
        modifiers: Vec<Named>,
        dice: Vec<Die>,
    },
    /// Missile attacks (RR-16, RR-17).
    MissileAttack {
        attacker: Unit,
        target: Unit,
        modifiers: Vec<Named>,
        attacks: Vec<Vec<Die>>,
    },
    /// A melee (RR-18 to RR-20).
    MeleeAttack {
        a: MeleeSide,
        b: MeleeSide,
        simultaneous: bool,
        can_retreat: [bool; 2],
        dice_a: Vec<Die>,
        dice_b: Vec<Die>,
    },
    /// A Pursuit attack (RR-21).
    PursuitAttack {
        attacker: Unit,
        defender: Unit,
        modifiers: Vec<Named>,
        chart_hits: Option<u32>,
        dice: Vec<Die>,
    },
    /// New hits on a unit (RR-22).
    Casualties { unit: Unit, hits: u32 },
    /// A unit's cost (RR-23, RR-24).
    UnitCost {
        base: f64,
        percent: Vec<Named>,
        stands: u32,
        formed: bool,
    },
    /// A unit's size (RR-25).
    UnitSize {
        stand_size: u32,
        training: Training,
        scale_15mm: bool,
        limits: Option<(u32, u32)>,
        no_minimum: bool,
    },
}

/// Reads a whole Robert's Rules case file. File-level problems come back
/// as `Err`; problems inside one case stay with that case.
pub fn read_cases(path: &str, text: &str) -> Result<Vec<Case>, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    read_system_word(
        &mut walk,
        &mut top,
        super::SYSTEM,
        System::RobertsRules.title(),
        "case file",
    );
    let tables = walk.tables(&mut top, "case");
    walk.finish(top);
    if walk.has_errors() {
        return Err(toml_walk::cap(path, walk.problems));
    }
    if tables.is_empty() {
        walk.error(0..0, "case", "no [[case]] tables in this file");
        return Err(walk.problems);
    }
    Ok(tables
        .into_iter()
        .enumerate()
        .map(|(i, f)| read_case(&src, i, f))
        .collect())
}

fn read_case<'s>(src: &Source<'s>, index: usize, mut f: Fields<'_, 's>) -> Case {
    let mut walk = Walk::new(src);
    let id = walk
        .string(&mut f, "id")
        .unwrap_or_else(|| format!("case {}", index + 1));
    let kind = walk.string(&mut f, "kind").unwrap_or_default();
    walk.string(&mut f, "note");
    walk.string_list(&mut f, "rulings");
    let house = crate::store::house::read_house(&mut walk, &mut f, System::RobertsRules);
    let expect = f.get("expect").map(|v| to_json(v.get_ref()));
    let w = &mut walk;
    let input = match kind.as_str() {
        "action_roll" => action_roll(w, &mut f),
        "morale_check" => morale_check(w, &mut f),
        "break_check" => break_check(w, &mut f),
        "missile_attack" => missile_attack(w, &mut f),
        "melee_attack" => melee_attack(w, &mut f),
        "pursuit_attack" => pursuit_attack(w, &mut f),
        "casualties" => casualties(w, &mut f),
        "unit_cost" => unit_cost(w, &mut f),
        "unit_size" => unit_size(w, &mut f),
        other => {
            let hint = closest(other, KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            let message = if f.has("kind") {
                format!(
                    "'{other}' is not a Robert's Rules case kind{hint}; accepted: {}",
                    KINDS.join(", ")
                )
            } else {
                format!("'kind' is missing; one of: {}", KINDS.join(", "))
            };
            w.error(f.span_of("kind"), f.at("kind"), message);
            None
        }
    };
    walk.finish(f);
    let input = match input {
        Some(i) if !walk.has_errors() => Ok(i),
        _ => Err(walk.problems.into_iter().filter(|p| !p.warning).collect()),
    };
    Case {
        id,
        kind,
        input,
        house,
        expect,
    }
}

fn flag<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
    key: &'static str,
    default: bool,
) -> bool {
    walk.bool(t, key).unwrap_or(default)
}

fn unit<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<Unit> {
    let t = walk.required_table(f, key)?;
    read_unit(walk, t)
}

/// `dice.KEY`: a list of d6 faces.
fn dice<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    keys: &[&'static str],
) -> Vec<Vec<Die>> {
    let mut out = vec![Vec::new(); keys.len()];
    if let Some(mut t) = walk.table(f, "dice") {
        for (i, k) in keys.iter().enumerate() {
            out[i] = d6(walk, &mut t, k);
        }
        walk.finish(t);
    }
    out
}

fn roll<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Vec<Die> {
    dice(walk, f, &["roll"]).remove(0)
}

fn action_roll<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let action = walk.named::<Action>(f, "action");
    if !f.has("action") {
        walk.error(
            f.span.clone(),
            f.at("action"),
            format!(
                "'action' is missing; one of: {}",
                <Action as crate::rules::named::Named>::accepted()
            ),
        );
    }
    let phase = walk.named::<Phase>(f, "phase");
    if !f.has("phase") {
        walk.error(
            f.span.clone(),
            f.at("phase"),
            format!(
                "'phase' is missing; one of: {}",
                <Phase as crate::rules::named::Named>::accepted()
            ),
        );
    }
    let mut situation = ActionSituation::default();
    if let Some(mut t) = walk.table(f, "situation") {
        let d = situation;
        situation = ActionSituation {
            general_free_action: flag(walk, &mut t, "general_free_action", d.general_free_action),
            first_action_this_phase: flag(
                walk,
                &mut t,
                "first_action_this_phase",
                d.first_action_this_phase,
            ),
            failed_this_phase: flag(walk, &mut t, "failed_this_phase", d.failed_this_phase),
            breakthrough: flag(walk, &mut t, "breakthrough", d.breakthrough),
            enemy_could_not_retreat: flag(
                walk,
                &mut t,
                "enemy_could_not_retreat",
                d.enemy_could_not_retreat,
            ),
        };
        walk.finish(t);
    }
    let modifiers = named_values(walk, f, "modifiers");
    let dice = roll(walk, f);
    Some(CaseInput::ActionRoll {
        unit: unit?,
        action: action?,
        phase: phase?,
        situation,
        modifiers,
        dice,
    })
}

fn morale_check<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let modifiers = named_values(walk, f, "modifiers");
    let dice = roll(walk, f);
    Some(CaseInput::MoraleCheck {
        unit: unit?,
        modifiers,
        dice,
    })
}

fn break_check<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let cause = walk.named::<BreakCause>(f, "cause");
    if !f.has("cause") {
        walk.error(
            f.span.clone(),
            f.at("cause"),
            format!(
                "'cause' is missing; one of: {}",
                <BreakCause as crate::rules::named::Named>::accepted()
            ),
        );
    }
    let mut situation = BreakSituation::default();
    if let Some(mut t) = walk.table(f, "situation") {
        let d = situation;
        situation = BreakSituation {
            stands_lost_this_phase: walk
                .int(&mut t, "stands_lost_this_phase", 0..=1000)
                .map_or(d.stands_lost_this_phase, |n| n as u32),
            checked_this_phase: flag(walk, &mut t, "checked_this_phase", d.checked_this_phase),
            routed_unit_formed: flag(walk, &mut t, "routed_unit_formed", d.routed_unit_formed),
        };
        walk.finish(t);
    }
    let modifiers = named_values(walk, f, "modifiers");
    let dice = roll(walk, f);
    Some(CaseInput::BreakCheck {
        unit: unit?,
        cause: cause?,
        situation,
        modifiers,
        dice,
    })
}

fn missile_attack<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let attacker = unit(walk, f, "attacker");
    let target = unit(walk, f, "target");
    let modifiers = named_values(walk, f, "modifiers");
    let mut attacks = Vec::new();
    if let Some(mut t) = walk.table(f, "dice") {
        attacks = d6_lists(walk, &mut t, "attacks");
        walk.finish(t);
    }
    Some(CaseInput::MissileAttack {
        attacker: attacker?,
        target: target?,
        modifiers,
        attacks,
    })
}

fn side<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<MeleeSide> {
    let mut t = walk.required_table(f, key)?;
    let unit = unit(walk, &mut t, "unit");
    let modifiers = named_values(walk, &mut t, "modifiers");
    walk.finish(t);
    Some(MeleeSide {
        unit: unit?,
        modifiers,
    })
}

fn melee_attack<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let a = side(walk, f, "a");
    let b = side(walk, f, "b");
    let simultaneous = flag(walk, f, "simultaneous", true);
    let b_can_retreat = flag(walk, f, "b_can_retreat", true);
    let a_can_retreat = flag(walk, f, "a_can_retreat", true);
    let mut d = dice(walk, f, &["a", "b"]);
    let dice_b = d.remove(1);
    let dice_a = d.remove(0);
    Some(CaseInput::MeleeAttack {
        a: a?,
        b: b?,
        simultaneous,
        can_retreat: [a_can_retreat, b_can_retreat],
        dice_a,
        dice_b,
    })
}

fn pursuit_attack<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let attacker = unit(walk, f, "attacker");
    let defender = unit(walk, f, "defender");
    let modifiers = named_values(walk, f, "modifiers");
    let chart_hits = walk
        .int_because(
            f,
            "chart_hits",
            1..=3,
            Some("the Pursuit chart gives 1-3 hits, RR-21"),
        )
        .map(|n| n as u32);
    let dice = roll(walk, f);
    Some(CaseInput::PursuitAttack {
        attacker: attacker?,
        defender: defender?,
        modifiers,
        chart_hits,
        dice,
    })
}

fn casualties<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let hits = walk.int(f, "hits", 0..=2000);
    if hits.is_none() && !f.has("hits") {
        walk.error(
            f.span.clone(),
            f.at("hits"),
            "'hits' is missing: the new hits the unit takes",
        );
    }
    Some(CaseInput::Casualties {
        unit: unit?,
        hits: hits? as u32,
    })
}

fn unit_cost<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let base = number(walk, f, "base", 0.0);
    if base.is_none() && !f.has("base") {
        walk.error(
            f.span.clone(),
            f.at("base"),
            "'base' is missing: the stand's Base Point Value by Troop Type (RR-23)",
        );
    }
    let percent = named_values(walk, f, "percent");
    let stands = walk.int(f, "stands", 1..=1000);
    if stands.is_none() && !f.has("stands") {
        walk.error(f.span.clone(), f.at("stands"), "'stands' is missing");
    }
    let formed = flag(walk, f, "formed", true);
    Some(CaseInput::UnitCost {
        base: base?,
        percent,
        stands: stands? as u32,
        formed,
    })
}

fn unit_size<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let stand_size = walk.int(f, "stand_size", 1..=1000);
    if stand_size.is_none() && !f.has("stand_size") {
        walk.error(
            f.span.clone(),
            f.at("stand_size"),
            "'stand_size' is missing: the stand's Size Cost by Troop Type (RR-25)",
        );
    }
    let training = walk.named::<Training>(f, "training").unwrap_or_default();
    let scale_15mm = match walk.string(f, "scale").as_deref() {
        None | Some("25mm") => false,
        Some("15mm") => true,
        Some(other) => {
            walk.error(
                f.span_of("scale"),
                f.at("scale"),
                format!("'{other}' is not a scale; accepted: 25mm, 15mm"),
            );
            false
        }
    };
    let mut limits = None;
    if let Some(mut t) = walk.table(f, "limits") {
        let min = walk.int(&mut t, "min", 0..=100_000);
        let max = walk.int(&mut t, "max", 1..=100_000);
        if !t.has("max") {
            walk.error(
                t.span.clone(),
                t.at("max"),
                "'max' is missing: limits = { min, max } in size points",
            );
        }
        walk.finish(t);
        if let Some(max) = max {
            limits = Some((min.unwrap_or(0) as u32, max as u32));
        }
    }
    let no_minimum = flag(walk, f, "no_minimum", false);
    Some(CaseInput::UnitSize {
        stand_size: stand_size? as u32,
        training,
        scale_15mm,
        limits,
        no_minimum,
    })
}
