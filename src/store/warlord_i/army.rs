//! Warlord I army files (`docs/army-format-warlord-i.md`): the top-level
//! `system = "warlord_i"`, the army's name, side and notes, then divisions,
//! each with its commanding officer (name, stars 1-3, c_in_c) and its units
//! in the unit table's fields. Exactly one CO is the C-in-C. Every problem
//! in the file is reported at once, with its place.

use super::unit_table::{read_co, read_unit};
use crate::rules::warlord_i::{Army, Division};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};
use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

/// The most units one army may have (a sanity limit, not a rule).
pub const MAX_UNITS: usize = 1000;

/// The fields of an army file's top level.
pub const ARMY_FIELDS: &[&str] = &["system", "name", "side", "notes", "divisions"];

/// The fields of a division.
pub const DIVISION_FIELDS: &[&str] = &["name", "co", "notes", "units"];

/// An army read from a file, with the warnings shown beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyFile {
    /// The army, checked.
    pub army: Army,
    /// Warnings: shown, but the army loads.
    pub warnings: Vec<Problem>,
}

/// Reads a Warlord I army file from disk, reading no more than the size limit.
pub fn load_army(path: &Path) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_army(&path.display().to_string(), &text)
}

/// Reads an army file's raw bytes: size and UTF-8 first, then the text.
pub fn read_army_bytes(path: &str, bytes: &[u8]) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::decode(path, bytes).map_err(|p| vec![p])?;
    read_army(path, text)
}

/// A name written in the file, with its place.
#[derive(Clone, Debug)]
struct Written {
    name: String,
    span: Range<usize>,
    field: String,
}

fn written(f: &Fields<'_, '_>, key: &'static str) -> Option<Written> {
    let v = f.peek(key)?;
    Some(Written {
        name: v.get_ref().as_str()?.to_string(),
        span: v.span(),
        field: f.at(key),
    })
}

/// Reads and checks a Warlord I army file's text. `Err` holds every problem,
/// errors and warnings, in the file's order.
pub fn read_army(path: &str, text: &str) -> Result<ArmyFile, Vec<Problem>> {
    if text.trim().is_empty() {
        return Err(vec![Problem::file_error(
            path,
            "the file is empty; a Warlord I army file gives system = \"warlord_i\", name, side and [[divisions]], each with its [divisions.co] and [[divisions.units]] (docs/army-format-warlord-i.md)",
        )]);
    }
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let army = read_top(&mut walk, &mut top);
    walk.finish(top);
    let has_errors = walk.has_errors();
    let problems = toml_walk::cap(path, walk.problems);
    match army {
        Some(army) if !has_errors => Ok(ArmyFile {
            army,
            warnings: problems,
        }),
        _ => Err(problems),
    }
}

/// Everything a division's names and C-in-C mark say, for the army-wide checks.
#[derive(Debug, Default)]
struct Names {
    divisions: Vec<Written>,
    cos: Vec<Written>,
    units: Vec<Written>,
    c_in_c: Vec<Written>,
    first_co: Option<(Range<usize>, String)>,
}

fn read_top<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Army> {
    let system_ok = super::read_system(walk, top, "army file");
    let army = read_body(walk, top);
    army.filter(|_| system_ok)
}

/// Reads an army table copied into a save (no `system` key of its own),
/// with every check of an army file: a save's armies are read exactly as
/// army files are. `None` if any error was found in it.
pub fn read_army_table<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Army> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let army = read_body(walk, &mut f);
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    army.filter(|_| after == before)
}

/// An army's fields after `system`: name, side, notes and divisions.
fn read_body<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Army> {
    let name = walk.required_string(top, "name");
    let side = walk.required_string(top, "side");
    let notes = walk.string(top, "notes");
    let here = top.span.start..top.span.start;
    if !top.has("divisions") {
        walk.error(
            here.clone(),
            top.at("divisions"),
            "no [[divisions]]: an army is one or more divisions, each under its CO with its units (Rules 27-37)",
        );
    }
    let unit_count: usize = top
        .peek("divisions")
        .and_then(|v| v.get_ref().as_array())
        .map_or(0, |ds| {
            ds.iter()
                .filter_map(|d| d.get_ref().as_table())
                .filter_map(|t| t.get("units"))
                .filter_map(|u| u.get_ref().as_array())
                .map(|u| u.len())
                .sum()
        });
    if unit_count > MAX_UNITS {
        walk.error(
            here,
            top.at("divisions"),
            format!("this army has {unit_count} units; Herald takes at most {MAX_UNITS} units in one army"),
        );
        top.allow(&["divisions"]);
        return None;
    }
    let tables = walk.tables(top, "divisions");
    if top.has("divisions") && tables.is_empty() && !walk.has_errors() {
        walk.error(
            top.span_of("divisions"),
            top.at("divisions"),
            "the list of divisions is empty; an army has at least one",
        );
    }
    let mut names = Names::default();
    let mut divisions = Vec::new();
    let mut complete = true;
    for t in tables {
        match division(walk, t, &mut names) {
            Some(d) => divisions.push(d),
            None => complete = false,
        }
    }
    check_names(walk, &names);
    let army = Army {
        name: name?,
        side: side?,
        notes,
        divisions,
    };
    complete.then_some(army)
}

fn division<'s>(
    walk: &mut Walk<'_, 's>,
    mut f: Fields<'_, 's>,
    names: &mut Names,
) -> Option<Division> {
    names.divisions.extend(written(&f, "name"));
    let name = walk.required_string(&mut f, "name");
    let notes = walk.string(&mut f, "notes");
    let co = match walk.required_table(&mut f, "co") {
        Some(t) => {
            names.cos.extend(written(&t, "name"));
            if names.first_co.is_none() {
                names.first_co = Some((t.span.clone(), t.at("c_in_c")));
            }
            if t.has_true("c_in_c") {
                names.c_in_c.push(Written {
                    name: String::new(),
                    span: t.span_of("c_in_c"),
                    field: t.at("c_in_c"),
                });
            }
            read_co(walk, t)
        }
        None => None,
    };
    let tables = walk.tables(&mut f, "units");
    if tables.is_empty() && f.peek("units").is_none_or(|v| v.get_ref().is_array()) {
        walk.error(
            f.span_of("units"),
            f.at("units"),
            "a division needs at least one unit: add [[divisions.units]] tables under it",
        );
    }
    let mut units = Vec::new();
    let mut complete = true;
    for t in tables {
        names.units.extend(written(&t, "name"));
        match read_unit(walk, t) {
            Some(u) => units.push(u),
            None => complete = false,
        }
    }
    walk.finish(f);
    let (name, co) = (name?, co?);
    complete.then_some(Division {
        name,
        co,
        units,
        notes,
    })
}

/// The army-wide checks: names unique, exactly one C-in-C (Rule 29, WI-5).
fn check_names(walk: &mut Walk<'_, '_>, names: &Names) {
    duplicates(walk, &names.divisions, "division");
    duplicates(walk, &names.cos, "CO");
    duplicates(walk, &names.units, "unit");
    match names.c_in_c.as_slice() {
        [] => {
            if let Some((span, field)) = &names.first_co {
                walk.error(
                    span.clone(),
                    field.clone(),
                    "no CO is the C-in-C: mark exactly one division's CO with c_in_c = true (he passes CCPs to the others, Rule 29, WI-5)",
                );
            }
        }
        [first, more @ ..] => {
            let (line, _) = walk.src.locate(first.span.start);
            for w in more {
                walk.error(
                    w.span.clone(),
                    w.field.clone(),
                    format!(
                        "only one CO is the C-in-C; {} already is (line {line})",
                        first.field.trim_end_matches(".c_in_c")
                    ),
                );
            }
        }
    }
}

/// Reports every name written a second time.
fn duplicates(walk: &mut Walk<'_, '_>, names: &[Written], what: &str) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for w in names {
        if let Some(&first) = seen.get(w.name.as_str()) {
            let (line, _) = walk.src.locate(first);
            walk.error(
                w.span.clone(),
                w.field.clone(),
                format!(
                    "the {what} name '{}' is already used (line {line}); {what} names are unique in an army",
                    w.name
                ),
            );
        } else {
            seen.insert(&w.name, w.span.start);
        }
    }
}
