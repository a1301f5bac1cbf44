//! Homunculus Est! army files (`docs/army-format-homunculus-est.md`): the
//! top-level `system = "homunculus_est"`, the army's name, side, notes, its
//! Army Break Point and Command Points deployed into the Attack, Movement,
//! Defence and Strategy pools, then its `[[units]]` in the unit table's
//! fields, a general with his Generalship Points inside his unit. Every
//! problem in the file is reported at once, with its place.

use super::unit_table::{MAX, count, read_unit};
use crate::rules::System;
use crate::rules::homunculus_est::{Army, Attachment, Characteristic, Points, Pool};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};
use std::path::Path;

/// The most units one army may have (a sanity limit, not a rule).
pub const MAX_UNITS: usize = 1000;

/// An army read from a file, with the warnings shown beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyFile {
    /// The army, checked.
    pub army: Army,
    /// Warnings: shown, but the army loads.
    pub warnings: Vec<Problem>,
}

/// Reads an army file from disk, reading no more than the size limit.
pub fn load_army(path: &Path) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_army(&path.display().to_string(), &text)
}

/// Reads and checks an army file's text. `Err` holds every problem.
pub fn read_army(path: &str, text: &str) -> Result<ArmyFile, Vec<Problem>> {
    if text.trim().is_empty() {
        return Err(vec![Problem::file_error(
            path,
            "the file is empty; a Homunculus Est! army file gives system = \"homunculus_est\", name, side, break_point, [command_points] and [[units]] (docs/army-format-homunculus-est.md)",
        )]);
    }
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let system_ok = super::read_system(&mut walk, &mut top, System::HomunculusEst, "army file");
    let army = read_body(&mut walk, &mut top);
    walk.finish(top);
    let has_errors = walk.has_errors();
    let problems = toml_walk::cap(path, walk.problems);
    match army {
        Some(army) if system_ok && !has_errors => Ok(ArmyFile {
            army,
            warnings: problems,
        }),
        _ => Err(problems),
    }
}

/// Reads an army table copied into a save (no `system` key of its own),
/// with every check of an army file. `None` if any error was found in it.
pub fn read_army_table<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Army> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let army = read_body(walk, &mut f);
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    army.filter(|_| after == before)
}

/// An army's fields after `system`.
fn read_body<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Army> {
    let name = walk.required_string(top, "name");
    let side = walk.required_string(top, "side");
    let notes = walk.string(top, "notes");
    let here = top.span.start..top.span.start;
    let break_point = if top.has("break_point") {
        walk.int_because(
            top,
            "break_point",
            1..=MAX,
            Some("the Army Break Point, HOMUNCULUS EST!"),
        )
        .map(|n| n as u32)
    } else {
        walk.error(here.clone(), "break_point", "'break_point' is missing: the Army Break Point the cards are counted against (HOMUNCULUS EST!)");
        None
    };
    let mut command_points = Points::default();
    if let Some(mut t) = walk.table(top, "command_points") {
        for pool in [Pool::Attack, Pool::Movement, Pool::Defence, Pool::Strategy] {
            let key: &'static str = crate::rules::named::Named::name(pool);
            let span = t.span_of(key);
            let at = t.at(key);
            let n = count(walk, &mut t, key);
            if n > 4 {
                // HE-5: no pool more than 4 (the cap the Strategy re-allocation states)
                walk.error(
                    span,
                    at,
                    format!("{n} {pool} Points: no pool holds more than 4 (COMMAND POINTS, HE-5)"),
                );
            }
            *command_points.get_mut(pool) = n;
        }
        if t.has("generalship") {
            let span = t.span_of("generalship");
            walk.error(span, t.at("generalship"), "the Generalship pool is the generals' points: give each general his generalship in his unit (HE-5)");
            t.allow(&["generalship"]);
        }
        walk.finish(t);
    } else {
        walk.error(here.clone(), "command_points", "'command_points' is missing: the Attack, Movement, Defence and Strategy pools as deployed (HE-5), e.g. { attack = 2, movement = 2, defence = 2, strategy = 1 }");
    }
    let tables = walk.tables(top, "units");
    if tables.is_empty() {
        walk.error(
            here.clone(),
            "units",
            "no [[units]]: an army has at least one unit",
        );
    }
    if tables.len() > MAX_UNITS {
        walk.error(
            here,
            "units",
            format!("{} units: at most {MAX_UNITS}", tables.len()),
        );
        return None;
    }
    let mut units = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for t in tables {
        let span = t.span.clone();
        let path = t.path.to_string();
        let Some(u) = read_unit(walk, t) else {
            continue;
        };
        if names.contains(&u.name) {
            walk.error(
                span.clone(),
                format!("{path}.name"),
                format!("'{}' names two units: each unit's name is its own", u.name),
            );
        }
        names.push(u.name.clone());
        // ATTACHMENT CHARACTERISTICS: Praetorian Cohort and Devotio go to a Legionary Unit
        for a in [Attachment::PraetorianCohort, Attachment::Devotio] {
            if u.attached(a) && !u.has(Characteristic::Legion) {
                walk.error(span.clone(), format!("{path}.attachments"), format!("a {a} is attached to a Legionary Unit, and {} has no 'legion' (ATTACHMENT CHARACTERISTICS)", u.name));
            }
        }
        // ATTACHMENT CHARACTERISTICS: a Small Cavalry Reserve goes to a Formed Unit of Infantry or Cavalry
        if u.attached(Attachment::SmallCavalryReserve) && !u.is_formed() {
            walk.error(span.clone(), format!("{path}.attachments"), format!("a Small Cavalry Reserve is attached to a Formed unit, and {} is a Skirmisher (ATTACHMENT CHARACTERISTICS)", u.name));
        }
        if u.has(Characteristic::RangedAttack) && u.ranged_combat_rating == 0 {
            walk.warn(
                span.clone(),
                format!("{path}.ranged_combat_rating"),
                format!(
                    "{} has Ranged Attack but a Ranged Combat Rating of 0",
                    u.name
                ),
            );
        }
        if u.ranged_combat_rating > 0 && !u.has(Characteristic::RangedAttack) {
            walk.warn(
                span.clone(),
                format!("{path}.characteristics"),
                format!(
                    "{} has a Ranged Combat Rating but no 'ranged_attack': it cannot shoot (HE-22)",
                    u.name
                ),
            );
        }
        units.push(u);
    }
    Some(Army {
        name: name?,
        side: side?,
        notes,
        break_point: break_point?,
        command_points,
        units,
    })
}
