//! Parker's Warlord rosters (`docs/army-format-parkers-warlord.md`): the
//! top-level `system = "parkers_warlord"`, the army's name and side, then
//! `[[personalities]]` (name, type, SR from the army list, the personalities
//! he commands) each with `[[personalities.units]]`, his battle line. The
//! text gives no SR: a personality without one is refused naming `sr`.

use super::tables::{read_personality, read_unit};
use crate::rules::System;
use crate::rules::parkers_warlord::{LineUnit, Roster, RosterPersonality};
use crate::store::roberts_rules::read_system_word;
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// A roster read from a file, with its warnings.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterFile {
    /// The roster, checked.
    pub army: Roster,
    /// Warnings: shown, but the roster loads.
    pub warnings: Vec<Problem>,
}

/// Reads and checks a Parker's Warlord roster file.
pub fn load_roster(path: &std::path::Path) -> Result<RosterFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_roster(&path.display().to_string(), &text)
}

/// Reads and checks a Parker's Warlord roster's text.
pub fn read_roster(path: &str, text: &str) -> Result<RosterFile, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let system_ok = read_system_word(
        &mut walk,
        &mut top,
        super::SYSTEM,
        System::ParkersWarlord.title(),
        "roster",
    );
    let roster = read_body(&mut walk, &mut top);
    walk.finish(top);
    let has_errors = walk.has_errors() || !system_ok;
    let problems = toml_walk::cap(path, walk.problems);
    match roster {
        Some(army) if !has_errors => Ok(RosterFile {
            army,
            warnings: problems,
        }),
        _ => Err(problems),
    }
}

const COMMANDS: [&str; 3] = ["maneuver", "shoot", "rally"];

pub(crate) fn read_body<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Roster> {
    let name = walk.required_string(top, "name");
    let side = walk.required_string(top, "side");
    let notes = walk.string(top, "notes");
    // Herald's reading P-1: a card shows 1 to 10 unless the roster says.
    let mut card_values = None;
    if let Some(mut t) = walk.table(top, "card_values") {
        let span = t.span.clone();
        let min = walk.int(&mut t, "min", 0..=100).map(|n| n as u32);
        let max = walk.int(&mut t, "max", 1..=100).map(|n| n as u32);
        walk.finish(t);
        match (min, max) {
            (Some(a), Some(b)) if a <= b => card_values = Some((a, b)),
            (Some(_), Some(_)) => walk.error(
                span,
                "card_values",
                "card_values: min is above max; give { min = 1, max = 10 } or the army list's",
            ),
            _ => walk.error(
                span,
                "card_values",
                "card_values gives both min and max, as { min = 1, max = 10 }",
            ),
        }
    }
    if !top.has("personalities") {
        walk.error(
            top.span.clone(),
            "personalities",
            "the roster has no [[personalities]]",
        );
    }
    let mut personalities = Vec::new();
    for mut t in walk.tables(top, "personalities") {
        let span = t.span.clone();
        let commands = walk.string_list(&mut t, "commands");
        let mut units = Vec::new();
        for mut u in walk.tables(&mut t, "units") {
            let uspan = u.span.clone();
            let banner = walk.bool(&mut u, "banner").unwrap_or(false);
            let mut basic_costs = [None; 3];
            if let Some(mut b) = walk.table(&mut u, "basic_cost") {
                for (i, k) in COMMANDS.iter().enumerate() {
                    basic_costs[i] = walk.int(&mut b, k, 0..=100).map(|n| n as i32);
                }
                walk.finish(b);
            }
            let Some(unit) = read_unit(walk, u) else {
                continue;
            };
            if basic_costs.iter().any(Option::is_none) {
                walk.warn(
                    uspan.clone(),
                    "basic_cost",
                    format!(
                        "{}: the text gives no command costs; give basic_cost = {{ maneuver, shoot, rally }} from the army list, or Herald asks for each command's cost (PW-10)",
                        unit.name
                    ),
                );
            }
            if unit.move_inches.is_none() {
                walk.warn(
                    uspan.clone(),
                    "move",
                    format!(
                        "{}: no move: give its domain move in inches (PW-14)",
                        unit.name
                    ),
                );
            }
            units.push(LineUnit {
                unit,
                banner,
                basic_costs,
            });
        }
        let Some(p) = read_personality(walk, t) else {
            continue;
        };
        if p.sr.is_none() {
            walk.error(
                span.clone(),
                "sr",
                format!("{}: 'sr' is missing: the text gives no SR values; give his SR from the army list (PW-4)", p.name),
            );
        }
        if units.iter().filter(|u| u.banner).count() > 1 {
            walk.error(
                span.clone(),
                "units",
                format!("{}'s battle line has more than one banner unit", p.name),
            );
        }
        personalities.push(RosterPersonality {
            personality: p,
            commands,
            units,
        });
    }
    let names: Vec<String> = personalities
        .iter()
        .map(|p| p.personality.name.clone())
        .collect();
    for p in &personalities {
        for c in &p.commands {
            if !names.contains(c) {
                walk.error(
                    top.span.clone(),
                    "commands",
                    format!(
                        "{} commands '{c}', who is not a personality of this roster",
                        p.personality.name
                    ),
                );
            }
        }
    }
    Some(Roster {
        name: name?,
        side: side?,
        personalities,
        card_values,
        notes,
    })
}
