//! Army files (`docs/army-format.md`): an army's name and side, its
//! contingents (1.6), their units (the unit table of `conformance/README.md`)
//! and personalities (3.1.2). Everything is checked once, here, and every
//! problem in the file is reported at once with its place.

use super::unit_table::read_unit;
use crate::rules::named::closest;
use crate::rules::warlords::army::{Army, Contingent};
use crate::store::toml_walk::{self, Fields, Problem, Source, TablePath, Walk};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The most units one army may have (a sanity limit, not a rule: a big
/// battle on a big table has a few dozen).
pub const MAX_UNITS: usize = 1000;

/// The fields of an army file's top level.
pub const ARMY_FIELDS: &[&str] = &["system", "name", "side", "notes", "contingents"];

/// The fields of a contingent.
pub const CONTINGENT_FIELDS: &[&str] = &["name", "general", "c_in_c", "notes", "units"];

/// An army read from a file, with what the file says beyond the [`Army`]:
/// its warnings, and the names its personalities give for others.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyFile {
    /// The army, checked.
    pub army: Army,
    /// Warnings: shown, but the army loads.
    pub warnings: Vec<Problem>,
    /// Every nemesis and vendetta named, with its place, for the battle's
    /// check ([`battle_warnings`]).
    pub mentions: Vec<Mention>,
}

/// Which trait names another personality (3.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MentionKind {
    /// `nemesis`: +1 in Melee against a unit holding him (3.1.2, W-21).
    Nemesis,
    /// `vendetta`: captured fighting this unit means killed (3.1.2, W-21).
    Vendetta,
}

/// A personality named by another's nemesis or vendetta, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    /// Who names him.
    pub by: String,
    /// Nemesis or vendetta.
    pub kind: MentionKind,
    /// The name given.
    pub name: String,
    /// Where it is written (a warning about it, ready to fill in).
    pub place: Problem,
}

/// Reads an army file from disk, reading no more than the size limit.
pub fn load_army(path: &Path) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_army(&path.display().to_string(), &text)
}

/// Reads an army file's raw bytes: the size limit and UTF-8 are checked
/// first (the first bad byte located), then the text as [`read_army`].
pub fn read_army_bytes(path: &str, bytes: &[u8]) -> Result<ArmyFile, Vec<Problem>> {
    let text = toml_walk::decode(path, bytes).map_err(|p| vec![p])?;
    read_army(path, text)
}

/// Reads and checks an army file's text. `Err` holds every problem of the
/// file, errors and warnings, in the file's order.
pub fn read_army(path: &str, text: &str) -> Result<ArmyFile, Vec<Problem>> {
    let src = Source::new(path, text);
    if text.trim().is_empty() {
        return Err(vec![Problem::file_error(
            path,
            "the file is empty; an army file gives name, side and [[contingents]] with their [[contingents.units]] (docs/army-format.md)",
        )]);
    }
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let mut reader = ArmyReader::default();
    let army = reader.read(&mut walk, &mut top);
    walk.finish(top);
    reader.check_names(&mut walk);
    let has_errors = walk.has_errors();
    let problems = toml_walk::cap(path, walk.problems);
    match army {
        Some(army) if !has_errors => Ok(ArmyFile {
            army,
            warnings: problems,
            mentions: reader.mentions,
        }),
        _ => Err(problems),
    }
}

/// Reads an army table inside a larger file (a save's copy of an army) with
/// every check of an army file; `None` if it has errors (all in `walk`).
pub fn read_army_table<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Army> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let mut reader = ArmyReader::default();
    let army = reader.read(walk, &mut f);
    walk.finish(f);
    reader.check_names(walk);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    army.filter(|_| after == before)
}

/// A name written in the file, with where it is written.
#[derive(Clone, Debug)]
struct Written {
    name: String,
    /// Where, in the whole file.
    span: Range<usize>,
    /// The table it is written in (`contingents.1.units.4`).
    table: TablePath,
    /// Its field in that table, made into a path only for a problem.
    key: WrittenKey,
}

/// The field of a [`Written`] name in its table.
#[derive(Clone, Copy, Debug)]
enum WrittenKey {
    /// A field of the table itself.
    Own(&'static str),
    /// A field of the table's n-th personality.
    Personality(usize, &'static str),
}

impl Written {
    /// Its field path, for a problem.
    fn field(&self) -> String {
        match self.key {
            WrittenKey::Own(key) => toml_walk::join(&self.table.to_string(), key),
            WrittenKey::Personality(i, key) => format!("{}.personalities.{i}.{key}", self.table),
        }
    }
}

/// A unit's names as written (read before the unit itself, so that names
/// are checked even in a unit with other problems).
#[derive(Debug)]
struct UnitNames {
    unit: Option<Written>,
    personalities: Vec<Written>,
}

/// A contingent's names as written.
#[derive(Debug)]
struct ContingentNames {
    name: Option<Written>,
    general: Option<Written>,
    c_in_c: Option<Written>,
    units: Vec<UnitNames>,
}

/// Reads one army, keeping the names it meets for the army-wide checks.
#[derive(Debug, Default)]
struct ArmyReader {
    contingents: Vec<ContingentNames>,
    mentions: Vec<Mention>,
}

/// The text written for `key` in `f`, with its place in the file.
fn written(src: &Source<'_>, f: &Fields<'_, '_>, key: &'static str) -> Option<Written> {
    let v = f.peek(key)?;
    let name = v.get_ref().as_str()?;
    Some(Written {
        name: name.to_string(),
        span: src.in_file(v.span()),
        table: f.path.clone(),
        key: WrittenKey::Own(key),
    })
}

impl ArmyReader {
    /// Reads the top level: name, side, notes and the contingents.
    fn read<'s>(&mut self, walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Army> {
        super::read_system(walk, top);
        let (name, side, notes) = Self::own_fields(walk, top);
        if !top.has("contingents") {
            walk.error(
                0..0,
                "contingents",
                "no [[contingents]]: an army is one or more contingents, each with its units (1.6)",
            );
        }
        let unit_count: usize = top
            .peek("contingents")
            .and_then(|v| v.get_ref().as_array())
            .map_or(0, |cs| {
                cs.iter()
                    .filter_map(|c| c.get_ref().as_table())
                    .filter_map(|t| t.get("units"))
                    .filter_map(|u| u.get_ref().as_array())
                    .map(|u| u.len())
                    .sum()
            });
        if unit_count > MAX_UNITS {
            // A stated limit, checked before reading any unit.
            walk.error(
                0..0,
                "contingents",
                format!(
                    "this army has {unit_count} units; Herald takes at most {MAX_UNITS} units in one army"
                ),
            );
            top.allow(&["contingents"]);
            return None;
        }
        let tables = walk.tables(top, "contingents");
        if top.has("contingents") && tables.is_empty() && !walk.has_errors() {
            walk.error(
                top.span_of("contingents"),
                "contingents",
                "the list of contingents is empty; an army has at least one (1.6)",
            );
        }
        let contingents = self.contingents(walk, tables);
        Some(Army {
            name: name?,
            side: side?,
            contingents: contingents?,
            notes,
        })
    }

    /// The army's name, side and notes.
    fn own_fields<'s>(
        walk: &mut Walk<'_, 's>,
        top: &mut Fields<'_, 's>,
    ) -> (Option<String>, Option<String>, Option<String>) {
        let name = walk.required_string(top, "name");
        let side = walk.required_string(top, "side");
        let notes = walk.string(top, "notes");
        (name, side, notes)
    }

    /// Reads contingents; `None` if any has errors (all in `walk`).
    fn contingents<'s>(
        &mut self,
        walk: &mut Walk<'_, 's>,
        tables: Vec<Fields<'_, 's>>,
    ) -> Option<Vec<Contingent>> {
        let mut contingents = Vec::new();
        let mut complete = true;
        for t in tables {
            match self.contingent(walk, t) {
                Some(c) => contingents.push(c),
                None => complete = false,
            }
        }
        complete.then_some(contingents)
    }

    /// Reads one contingent and its units.
    fn contingent<'s>(
        &mut self,
        walk: &mut Walk<'_, 's>,
        mut f: Fields<'_, 's>,
    ) -> Option<Contingent> {
        let mut names = ContingentNames {
            name: written(walk.src, &f, "name"),
            general: written(walk.src, &f, "general"),
            c_in_c: f.has_true("c_in_c").then(|| Written {
                name: String::new(),
                span: walk.src.in_file(f.span_of("c_in_c")),
                table: f.path.clone(),
                key: WrittenKey::Own("c_in_c"),
            }),
            units: Vec::new(),
        };
        let name = walk.required_string(&mut f, "name");
        let general = walk.string(&mut f, "general");
        let c_in_c = walk.bool(&mut f, "c_in_c").unwrap_or(false);
        let notes = walk.string(&mut f, "notes");
        let tables = walk.tables(&mut f, "units");
        if tables.is_empty() && f.peek("units").is_none_or(|v| v.get_ref().is_array()) {
            walk.error(
                f.span_of("units"),
                f.at("units"),
                "a contingent needs at least one unit: add [[contingents.units]] tables under it (1.6)",
            );
        }
        let mut units = Vec::new();
        let mut complete = true;
        for t in tables {
            names.units.push(self.unit_names(walk, &t));
            match read_unit(walk, t) {
                Some(u) => units.push(u),
                None => complete = false,
            }
        }
        walk.finish(f);
        self.contingents.push(names);
        let name = name?;
        complete.then_some(Contingent {
            name,
            general,
            c_in_c,
            units,
            notes,
        })
    }

    /// Notes a unit's names and its personalities' nemeses and vendettas.
    fn unit_names<'s>(&mut self, walk: &Walk<'_, 's>, f: &Fields<'_, 's>) -> UnitNames {
        let mut names = UnitNames {
            unit: written(walk.src, f, "name"),
            personalities: Vec::new(),
        };
        let Some(list) = f.peek("personalities").and_then(|v| v.get_ref().as_array()) else {
            return names;
        };
        for (i, item) in list.iter().enumerate() {
            let Some(t) = item.get_ref().as_table() else {
                continue;
            };
            let text = |key| {
                let v = t.get(key)?;
                Some((v.get_ref().as_str()?, v.span()))
            };
            let Some((who, span)) = text("name") else {
                continue;
            };
            let mut mention = |kind, name: &str, span: Range<usize>, field: String| {
                let (line, column) = walk.src.locate(span.start);
                self.mentions.push(Mention {
                    by: who.to_string(),
                    kind,
                    name: name.to_string(),
                    place: Problem {
                        file: walk.src.path.clone(),
                        line,
                        column,
                        field,
                        message: String::new(),
                        warning: true,
                    },
                });
            };
            if let Some(list) = t.get("nemesis").and_then(|v| v.get_ref().as_array()) {
                for (j, n) in list.iter().enumerate() {
                    if let Some(s) = n.get_ref().as_str() {
                        let field = format!("{}.personalities.{i}.nemesis.{j}", f.path);
                        mention(MentionKind::Nemesis, s, n.span(), field);
                    }
                }
            }
            if let Some((s, span)) = text("vendetta") {
                let field = format!("{}.personalities.{i}.vendetta", f.path);
                mention(MentionKind::Vendetta, s, span, field);
            }
            names.personalities.push(Written {
                name: who.to_string(),
                span: walk.src.in_file(span),
                table: f.path.clone(),
                key: WrittenKey::Personality(i, "name"),
            });
        }
        names
    }

    /// The army-wide checks: names unique, each general among his
    /// contingent's personalities, one C-in-C.
    fn check_names(&self, walk: &mut Walk<'_, '_>) {
        duplicates(
            walk,
            self.contingents.iter().filter_map(|c| c.name.as_ref()),
            "contingent",
        );
        duplicates(
            walk,
            self.contingents
                .iter()
                .flat_map(|c| &c.units)
                .filter_map(|u| u.unit.as_ref()),
            "unit",
        );
        // Two personalities of one name in one unit are the unit's own problem.
        let count = self.contingents.iter().flat_map(|c| &c.units).count();
        let mut seen: HashMap<&str, (usize, &Written)> = HashMap::with_capacity(count);
        let units = self.contingents.iter().flat_map(|c| &c.units).enumerate();
        for (u, unit) in units {
            for p in &unit.personalities {
                match seen.get(p.name.as_str()) {
                    Some((first_unit, first)) if *first_unit != u => {
                        let (line, _) = walk.src.locate(first.span.start);
                        walk.error(
                            p.span.clone(),
                            p.field(),
                            format!(
                                "the personality '{}' is already in the army (line {line}); personality names are unique in an army",
                                toml_walk::cut(&p.name)
                            ),
                        );
                    }
                    Some(_) => {}
                    None => {
                        seen.insert(&p.name, (u, p));
                    }
                }
            }
        }
        for c in &self.contingents {
            let Some(general) = &c.general else { continue };
            let own = c
                .units
                .iter()
                .flat_map(|u| &u.personalities)
                .any(|p| p.name == general.name);
            if own {
                continue;
            }
            let elsewhere = self.contingents.iter().find(|other| {
                other
                    .units
                    .iter()
                    .flat_map(|u| &u.personalities)
                    .any(|p| p.name == general.name)
            });
            let message = match elsewhere.and_then(|o| o.name.as_ref()) {
                Some(o) => format!(
                    "'{}' is a personality of the contingent '{}'; a contingent's general is one of its own personalities (1.6)",
                    toml_walk::cut(&general.name),
                    toml_walk::cut(&o.name)
                ),
                None => {
                    let everyone = self.contingents.iter().flat_map(|c| &c.units);
                    let everyone = everyone.flat_map(|u| &u.personalities);
                    let hint = closest(&general.name, everyone.map(|p| p.name.as_str()))
                        .map_or(String::new(), |c| format!("did you mean '{c}'? "));
                    format!(
                        "'{}' is not a personality of this contingent; {hint}the general is named among the personalities of its units (1.6)",
                        toml_walk::cut(&general.name)
                    )
                }
            };
            walk.error(general.span.clone(), general.field(), message);
        }
        let marked = self.contingents.iter().filter_map(|c| c.c_in_c.as_ref());
        for w in marked.skip(1) {
            walk.error(
                w.span.clone(),
                w.field(),
                "only one contingent holds the C-in-C, who rolls for initiative (2.1.1); another is already marked c_in_c = true",
            );
        }
    }
}

/// Reports every name written a second time.
fn duplicates<'w>(walk: &mut Walk<'_, '_>, names: impl Iterator<Item = &'w Written>, what: &str) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for w in names {
        if let Some(&first) = seen.get(w.name.as_str()) {
            let (line, _) = walk.src.locate(first);
            walk.error(
                w.span.clone(),
                w.field(),
                format!(
                    "the {what} name '{}' is already used (line {line}); {what} names are unique in an army",
                    toml_walk::cut(&w.name)
                ),
            );
        } else {
            seen.insert(&w.name, w.span.start);
        }
    }
}

/// The battle's check of names between armies (3.1.2): every nemesis and
/// vendetta should name a personality of some army of the battle, and one
/// of the enemy, since both act only in Melee against his unit (W-21).
pub fn battle_warnings(armies: &[ArmyFile]) -> Vec<Problem> {
    let sides: Vec<Vec<&str>> = armies
        .iter()
        .map(|a| {
            a.army
                .units()
                .flat_map(|u| &u.personalities)
                .map(|p| p.name.as_str())
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for (i, a) in armies.iter().enumerate() {
        for m in &a.mentions {
            let trait_name = match m.kind {
                MentionKind::Nemesis => "nemesis",
                MentionKind::Vendetta => "vendetta",
            };
            let enemy = sides
                .iter()
                .enumerate()
                .any(|(j, names)| j != i && names.contains(&m.name.as_str()));
            if enemy {
                continue;
            }
            let message = if sides[i].contains(&m.name.as_str()) {
                format!(
                    "{}'s {trait_name} '{}' is in his own army; a {trait_name} counts only in Melee against the enemy (3.1.2)",
                    toml_walk::cut(&m.by),
                    toml_walk::cut(&m.name)
                )
            } else {
                let hint = closest(&m.name, sides.iter().flatten().copied())
                    .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
                format!(
                    "{}'s {trait_name} '{}' is in no army of this battle{hint}; it will have no effect (3.1.2)",
                    toml_walk::cut(&m.by),
                    toml_walk::cut(&m.name)
                )
            };
            out.push(Problem {
                message,
                ..m.place.clone()
            });
        }
    }
    out
}

/// The armies of a battle loaded together from their files
/// (`herald new`, the console's start screen): every file's problems, or the armies and
/// all warnings, the battle's included.
pub fn load_battle(files: &[PathBuf]) -> Result<(Vec<ArmyFile>, Vec<Problem>), Vec<Problem>> {
    let mut loaded = Vec::new();
    let mut problems = Vec::new();
    for path in files {
        match load_army(path) {
            Ok(file) => loaded.push(file),
            Err(p) => problems.extend(p),
        }
    }
    if problems.iter().any(|p| !p.warning) {
        return Err(problems);
    }
    let mut warnings: Vec<Problem> = loaded.iter().flat_map(|f| f.warnings.clone()).collect();
    warnings.extend(battle_warnings(&loaded));
    Ok((loaded, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"
name = "Test army"
side = "Test"

[[contingents]]
name = "Main"
general = "Ælfric"

[[contingents.units]]
name = "Fyrd"
type = "close_foot"
stands = 4

[[contingents.units.personalities]]
name = "Ælfric"
nemesis = ["Nobody"]
"#;

    #[test]
    fn a_small_army_loads() {
        let a = read_army("t.toml", SMALL).unwrap();
        assert_eq!(a.army.contingents.len(), 1);
        assert_eq!(a.army.contingents[0].units[0].stands, 4);
        assert_eq!(a.mentions.len(), 1);
        let w = battle_warnings(&[a]);
        assert_eq!(w.len(), 1);
        assert_eq!((w[0].line, w[0].column), (16, 12));
        assert!(w[0].warning);
    }

    #[test]
    fn bytes_are_checked_first() {
        let e = read_army_bytes("t.toml", b"name = \"a\"\nside = \"\xff\"").unwrap_err();
        assert_eq!((e[0].line, e[0].column), (2, 9));
    }
}
