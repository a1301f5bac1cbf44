//! Robert's Rules army files (`docs/army-format-roberts-rules.md`): the
//! top-level `system = "roberts_rules"`, the army's name, side, points and
//! scale, then `[[units]]` in the unit table's fields with their army-list
//! figures (`base_cost`, `percent`, `stand_size`, `limits`), and
//! `[[leaders]]`. Each unit's point cost and size are checked against the
//! text (RR-23 to RR-25); what the text does not give is asked for by name.

use super::unit_table::read_unit;
use super::{named_values, number, read_system_word};
use crate::rules::System;
use crate::rules::roberts_rules::{
    Army, ArmyUnit, Leader, LeaderKind, army_building::shown, unit_cost, unit_size,
};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// An army read from a file, with its warnings.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyFile {
    /// The army, checked.
    pub army: Army,
    /// Warnings: shown, but the army loads.
    pub warnings: Vec<Problem>,
}

/// Reads and checks a Robert's Rules army file.
pub fn load_army(path: &std::path::Path) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_army(&path.display().to_string(), &text)
}

/// Reads and checks a Robert's Rules army file's text.
pub fn read_army(path: &str, text: &str) -> Result<ArmyFile, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let system_ok = read_system_word(
        &mut walk,
        &mut top,
        super::SYSTEM,
        System::RobertsRules.title(),
        "army file",
    );
    let army = read_body(&mut walk, &mut top);
    walk.finish(top);
    let has_errors = walk.has_errors() || !system_ok;
    let problems = toml_walk::cap(path, walk.problems);
    match army {
        Some(army) if !has_errors => Ok(ArmyFile {
            army,
            warnings: problems,
        }),
        _ => Err(problems),
    }
}

pub(crate) fn read_body<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Army> {
    let name = walk.required_string(top, "name");
    let side = walk.required_string(top, "side");
    let notes = walk.string(top, "notes");
    let points = number(walk, top, "points", 0.0);
    let scale_15mm = match walk.string(top, "scale").as_deref() {
        None | Some("25mm") => false,
        Some("15mm") => true,
        Some(other) => {
            walk.error(
                top.span_of("scale"),
                top.at("scale"),
                format!("'{other}' is not a scale; accepted: 25mm, 15mm"),
            );
            false
        }
    };
    if !top.has("units") {
        walk.error(top.span.clone(), "units", "the army has no [[units]]");
    }
    let house = System::RobertsRules.house_defaults();
    let mut units = Vec::new();
    let mut total = 0.0;
    for mut t in walk.tables(top, "units") {
        let span = t.span.clone();
        let at = t.at("stands");
        let base_cost = number(walk, &mut t, "base_cost", 0.0);
        let percent = named_values(walk, &mut t, "percent");
        let stand_size = walk
            .int_because(
                &mut t,
                "stand_size",
                1..=1000,
                Some("the stand's Size Cost, RR-25"),
            )
            .map(|n| n as u32);
        let mut limits = None;
        if let Some(mut l) = walk.table(&mut t, "limits") {
            let min = walk.int(&mut l, "min", 0..=100_000).unwrap_or(0) as u32;
            let max = walk.int(&mut l, "max", 1..=100_000);
            if !l.has("max") {
                walk.error(
                    l.span.clone(),
                    l.at("max"),
                    "'max' is missing: limits = { min, max } in size points",
                );
            }
            walk.finish(l);
            limits = max.map(|m| (min, m as u32));
        }
        let no_minimum = walk.bool(&mut t, "no_minimum").unwrap_or(false);
        let Some(unit) = read_unit(walk, t) else {
            continue;
        };
        let c = |s: &str| format!("{}: {s}", unit.name);
        if !unit.formed && unit.stands_original != 1 {
            walk.error(
                span.clone(),
                at.clone(),
                c(&format!(
                    "{} stands: Unformed units are always composed of a single stand",
                    unit.stands_original
                )),
            );
        }
        match base_cost {
            Some(base) => {
                let cost = unit_cost(base, &percent, unit.stands_original, unit.formed, &house);
                total += cost.unit_cost;
            }
            None => walk.warn(
                span.clone(),
                at.clone(),
                c("not costed: give base_cost (the Base Point Value by Troop Type, RR-23)"),
            ),
        }
        if unit.formed {
            match stand_size {
                Some(size) => match unit_size(size, unit.training, scale_15mm, limits, no_minimum) {
                    Ok(s) if (s.min_stands..=s.max_stands).contains(&unit.stands_original) => {}
                    Ok(s) => walk.error(
                        span.clone(),
                        at.clone(),
                        c(&format!(
                            "{} stands of Size {size}: a {} unit has {} to {} stands (RR-25)",
                            unit.stands_original, unit.training, s.min_stands, s.max_stands
                        )),
                    ),
                    Err(e) => walk.error(span.clone(), at.clone(), c(&e.to_string())),
                },
                None => walk.warn(span.clone(), at.clone(), c("its size is not checked: give stand_size (the Size Cost by Troop Type, RR-25)")),
            }
        }
        units.push(ArmyUnit {
            unit,
            base_cost,
            percent,
            stand_size,
            limits,
            no_minimum,
        });
    }
    let mut leaders = Vec::new();
    for mut t in walk.tables(top, "leaders") {
        let span = t.span.clone();
        let lname = walk.required_string(&mut t, "name");
        let kind = walk.named::<LeaderKind>(&mut t, "kind").unwrap_or_default();
        let cost = walk.int(&mut t, "cost", 0..=100_000).map(|n| n as u32);
        let attached_to = walk.string(&mut t, "attached_to");
        let at = t.at("attached_to");
        walk.finish(t);
        let Some(lname) = lname else { continue };
        match &attached_to {
            None if kind == LeaderKind::General => walk.error(
                span.clone(),
                at.clone(),
                format!("{lname}: each General must be attached to a unit; give attached_to"),
            ),
            Some(u) => match units.iter_mut().find(|x| &x.unit.name == u) {
                None => walk.error(
                    span.clone(),
                    at.clone(),
                    format!("{lname} is attached to '{u}', which is not a unit of this army"),
                ),
                Some(x) if kind == LeaderKind::Captain && !x.unit.formed => walk.error(
                    span.clone(),
                    at.clone(),
                    format!("{lname}: a Captain is attached to a Formed unit; {u} is Unformed"),
                ),
                Some(x) => {
                    x.unit.captain_attached = true;
                    // RR-7: "A General also has the same effect as a Captain".
                    if kind == LeaderKind::General {
                        x.unit.general_attached = true;
                        x.unit.leader_name = Some(lname.clone());
                    } else if x.unit.leader_name.is_none() {
                        x.unit.leader_name = Some(lname.clone());
                    }
                }
            },
            None => {}
        }
        match cost {
            Some(c) => total += f64::from(c),
            None => walk.warn(
                span.clone(),
                "cost",
                format!("{lname}: not costed: give cost, his points from the army list"),
            ),
        }
        leaders.push(Leader {
            name: lname,
            kind,
            cost,
            attached_to,
        });
    }
    if let Some(p) = points
        && total > p
    {
        walk.error(
            top.span_of("points"),
            "points",
            format!(
                "the army costs {} points, more than the {} allotted",
                shown(total),
                shown(p)
            ),
        );
    }
    Some(Army {
        name: name?,
        side: side?,
        points,
        scale_15mm,
        units,
        leaders,
        notes,
    })
}

/// An army's total cost: its costed units and leaders (RR-23, RR-24).
pub fn army_cost(army: &Army) -> f64 {
    let house = System::RobertsRules.house_defaults();
    let units: f64 = army
        .units
        .iter()
        .filter_map(|u| {
            u.base_cost.map(|b| {
                unit_cost(b, &u.percent, u.unit.stands_original, u.unit.formed, &house).unit_cost
            })
        })
        .sum();
    units
        + army
            .leaders
            .iter()
            .filter_map(|l| l.cost)
            .map(f64::from)
            .sum::<f64>()
}
