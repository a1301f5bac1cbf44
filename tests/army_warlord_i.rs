//! Warlord I army files: the bundled armies read clean, and broken files
//! are reported with their exact line, column, field path and message.

use herald::rules::warlord_i::{Armour, Morale, Order, TroopType};
use herald::store::toml_walk::Problem;
use herald::store::warlord_i::army::{
    ARMY_FIELDS, DIVISION_FIELDS, load_army, read_army, read_army_bytes,
};
use herald::store::warlord_i::unit_table::UNIT_FIELDS;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn army_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("armies/warlord-i"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// The lines before a unit's body: the unit's own fields start on line 15.
const HEAD: &str = "system = \"warlord_i\"
name = \"Test army\"
side = \"Test\"

[[divisions]]
name = \"Main\"

[divisions.co]
name = \"Crassus\"
stars = 2
c_in_c = true

[[divisions.units]]
name = \"Legio\"
";

/// An army whose one unit has `body` (line 15 on).
fn with_unit(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

fn problems(text: &str) -> Vec<Problem> {
    match read_army("test.toml", text) {
        Ok(a) => panic!("expected problems, got {:?} in:\n{text}", a.army.name),
        Err(p) => p,
    }
}

/// The one problem whose field is `field`.
fn at_field<'p>(ps: &'p [Problem], field: &str) -> &'p Problem {
    let found: Vec<&Problem> = ps.iter().filter(|p| p.field == field).collect();
    assert_eq!(found.len(), 1, "one problem at {field} in {ps:#?}");
    found[0]
}

/// Asserts a problem's place and its whole message.
fn check(p: &Problem, line: usize, column: usize, message: &str) {
    assert_eq!(p.file, "test.toml");
    assert_eq!((p.line, p.column), (line, column), "{p}");
    assert_eq!(p.message, message, "{p}");
    assert!(
        p.to_string()
            .starts_with(&format!("test.toml:{line}:{column}: ")),
        "{p}"
    );
}

#[test]
fn the_bundled_armies_read_clean() {
    let files = army_files();
    assert_eq!(files.len(), 2, "Carrhae, one file a side: {files:?}");
    let mut sides = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let parts: Vec<&str> = name.trim_end_matches(".toml").split('-').collect();
        assert_eq!(parts.len(), 3, "{name}: BATTLE-YEAR-SIDE.toml");
        let file = load_army(path).unwrap_or_else(|ps| {
            panic!(
                "{name}:\n{}",
                ps.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        assert!(file.warnings.is_empty(), "{name}: {:#?}", file.warnings);
        let units = file.army.units().count();
        assert!((8..=14).contains(&units), "{name}: {units} units");
        let c_in_c: Vec<_> = file.army.divisions.iter().filter(|d| d.co.c_in_c).collect();
        assert_eq!(c_in_c.len(), 1, "{name}: one C-in-C");
        assert_eq!(
            file.army.c_in_c().map(|d| &d.co.name),
            Some(&c_in_c[0].co.name)
        );
        sides.push(file.army.side.clone());
        // Every unit says where its ratings come from: a comment above it.
        let text = std::fs::read_to_string(path).unwrap();
        let blocks = text.split("[[divisions.units]]").skip(1);
        for block in blocks {
            assert!(
                block.trim_start().starts_with('#'),
                "{name}: a unit without its comment:\n{block}"
            );
        }
    }
    assert_ne!(sides[0], sides[1]);
}

#[test]
fn the_armies_rate_their_troops_as_the_sources_describe() {
    let parthians = load_army(&root().join("armies/warlord-i/carrhae-53bc-parthian.toml"))
        .unwrap()
        .army;
    let cataphracts = parthians
        .units()
        .find(|u| u.name == "Surena's cataphracts")
        .unwrap();
    assert_eq!(
        (
            cataphracts.troop_type,
            cataphracts.armour,
            cataphracts.order
        ),
        (TroopType::Cavalry, Armour::Fa, Order::Nc)
    );
    assert!(
        parthians
            .units()
            .filter(|u| u.is_oo() && u.is_missile_armed())
            .count()
            >= 5
    );
    assert_eq!(parthians.c_in_c().unwrap().co.stars, 3, "Surena");
    let romans = load_army(&root().join("armies/warlord-i/carrhae-53bc-roman.toml"))
        .unwrap()
        .army;
    assert!(
        romans
            .units()
            .filter(|u| u.is_foot() && u.armour == Armour::Ha)
            .count()
            >= 4,
        "the legions"
    );
    assert!(
        romans
            .units()
            .all(|u| u.morale == Morale::Steady && u.aps == 0),
        "a new army has no battle state"
    );
}

#[test]
fn a_good_unit_loads() {
    let a = read_army(
        "test.toml",
        &with_unit("type = \"foot\"\nbases = 6\nfiles = 3"),
    )
    .unwrap();
    let u = a.army.units().next().unwrap();
    assert_eq!((u.bases, u.files, u.ranks), (6, 3, 2));
    assert!(a.warnings.is_empty());
}

#[test]
fn a_file_without_system_is_not_warlord_i() {
    let text = HEAD.replacen("system = \"warlord_i\"\n", "", 1) + "type = \"foot\"\nbases = 4\n";
    let ps = problems(&text);
    check(
        at_field(&ps, "system"),
        1,
        1,
        "this army file has no top-level system = \"warlord_i\"; a file without 'system' is a Warlords file, and a Warlord I file says system = \"warlord_i\" before its first table",
    );
}

#[test]
fn another_system_is_named() {
    let text =
        with_unit("type = \"foot\"\nbases = 4").replacen("\"warlord_i\"", "\"warlord-i\"", 1);
    let ps = problems(&text);
    check(
        at_field(&ps, "system"),
        1,
        10,
        "'warlord-i' is not the Warlord I system (did you mean 'warlord_i'?); this reader takes system = \"warlord_i\"",
    );
}

#[test]
fn a_misspelt_type_gets_a_did_you_mean() {
    let ps = problems(&with_unit("type = \"cavalery\"\nbases = 4"));
    check(
        at_field(&ps, "divisions.0.units.0.type"),
        15,
        8,
        "'cavalery' is not known; did you mean 'cavalry'? accepted: foot, cavalry, camelry, light_chariots, heavy_chariots, scythed_chariots, elephants, light_catapult, carroballista, heavy_catapult, rocket_battery, baggage_wagons, pack_animals",
    );
}

#[test]
fn a_misspelt_weapon_is_located_in_its_list() {
    let ps = problems(&with_unit(
        "type = \"foot\"\nbases = 4\nweapons = [\"sword\", \"pilim\"]",
    ));
    let p = at_field(&ps, "divisions.0.units.0.weapons.1");
    assert_eq!((p.line, p.column), (17, 21));
    assert!(
        p.message
            .starts_with("'pilim' is not known; did you mean 'pilum'? accepted: pike, long_spear"),
        "{p}"
    );
}

#[test]
fn unknown_fields_are_errors_at_every_level() {
    let text = "system = \"warlord_i\"
name = \"Test army\"
sid = \"Test\"

[[divisions]]
name = \"Main\"
note = \"x\"

[divisions.co]
name = \"Crassus\"
star = 2
c_in_c = true

[[divisions.units]]
name = \"Legio\"
type = \"foot\"
base = 4
";
    let ps = problems(text);
    let p = at_field(&ps, "sid");
    assert_eq!((p.line, p.column), (3, 1));
    assert!(
        p.message
            .starts_with("unknown field 'sid' (did you mean 'side'?)"),
        "{p}"
    );
    let p = at_field(&ps, "divisions.0.note");
    assert_eq!((p.line, p.column), (7, 1));
    assert!(p.message.contains("did you mean 'notes'?"), "{p}");
    let p = at_field(&ps, "divisions.0.co.star");
    assert_eq!((p.line, p.column), (11, 1));
    assert!(p.message.contains("did you mean 'stars'?"), "{p}");
    let p = at_field(&ps, "divisions.0.units.0.base");
    assert_eq!((p.line, p.column), (17, 1));
    assert!(p.message.contains("did you mean 'bases'?"), "{p}");
    // The missing fields are reported too, at their tables.
    check(
        at_field(&ps, "side"),
        1,
        1,
        "'side' is missing; it is required here",
    );
}

#[test]
fn stars_run_from_one_to_three() {
    let text = with_unit("type = \"foot\"\nbases = 4").replace("stars = 2", "stars = 4");
    let ps = problems(&text);
    check(
        at_field(&ps, "divisions.0.co.stars"),
        10,
        9,
        "4 is out of range; 1 to 3 accepted (a CO has 1 to 3 stars, one die each in a command test (Rule 29))",
    );
}

#[test]
fn exactly_one_c_in_c() {
    let two = format!(
        "{}\n[[divisions]]\nname = \"Wing\"\n\n[divisions.co]\nname = \"Cassius\"\nstars = 2\nc_in_c = true\n\n[[divisions.units]]\nname = \"Cohorts\"\ntype = \"foot\"\nbases = 4\n",
        with_unit("type = \"foot\"\nbases = 4")
    );
    let ps = problems(&two);
    check(
        at_field(&ps, "divisions.1.co.c_in_c"),
        24,
        10,
        "only one CO is the C-in-C; divisions.0.co already is (line 11)",
    );
    let none = with_unit("type = \"foot\"\nbases = 4").replace("c_in_c = true\n", "");
    let ps = problems(&none);
    check(
        at_field(&ps, "divisions.0.co.c_in_c"),
        8,
        1,
        "no CO is the C-in-C: mark exactly one division's CO with c_in_c = true (he passes CCPs to the others, Rule 29, WI-5)",
    );
}

#[test]
fn names_are_unique() {
    let text = format!(
        "{}\n[[divisions.units]]\nname = \"Legio\"\ntype = \"foot\"\nbases = 4\n",
        with_unit("type = \"foot\"\nbases = 4")
    );
    let ps = problems(&text);
    check(
        at_field(&ps, "divisions.0.units.1.name"),
        19,
        8,
        "the unit name 'Legio' is already used (line 14); unit names are unique in an army",
    );
}

#[test]
fn disorder_points_are_among_the_attrition_points() {
    let ps = problems(&with_unit("type = \"foot\"\nbases = 4\naps = 1\ndps = 2"));
    check(
        at_field(&ps, "divisions.0.units.0.dps"),
        18,
        7,
        "dps counts the disorder points among the aps (WI-8): at most aps = 1, not 2",
    );
}

#[test]
fn nr_is_a_foot_order() {
    let ps = problems(&with_unit("type = \"cavalry\"\norder = \"nr\"\nbases = 4"));
    check(
        at_field(&ps, "divisions.0.units.0.order"),
        16,
        9,
        "NR is a foot order only (WI-2: the movement table has no NR mounted); cavalry may be oo, nl or nc",
    );
}

#[test]
fn a_unit_needs_its_bases() {
    let ps = problems(&with_unit("type = \"foot\""));
    check(
        at_field(&ps, "divisions.0.units.0.bases"),
        13,
        1,
        "'bases' is missing: the bases now in the unit",
    );
}

#[test]
fn files_fit_the_bases() {
    let ps = problems(&with_unit("type = \"foot\"\nbases = 4\nfiles = 5"));
    check(
        at_field(&ps, "divisions.0.units.0.files"),
        17,
        9,
        "5 files is more than the unit's 4 bases; files are the bases in its front rank",
    );
}

#[test]
fn a_division_needs_a_co_and_units() {
    let text = "system = \"warlord_i\"
name = \"Test army\"
side = \"Test\"

[[divisions]]
name = \"Main\"
";
    let ps = problems(text);
    check(
        at_field(&ps, "divisions.0.co"),
        5,
        1,
        "the table 'co' is missing; it is required here",
    );
    check(
        at_field(&ps, "divisions.0.units"),
        5,
        1,
        "a division needs at least one unit: add [[divisions.units]] tables under it",
    );
}

#[test]
fn syntax_errors_and_bad_bytes_are_located() {
    let ps = problems("system = \"warlord_i\"\nname = \"x\nside = \"y\"\n");
    assert_eq!(ps[0].line, 2, "{:?}", ps[0]);
    assert!(
        ps[0].message.starts_with("this is not valid TOML"),
        "{:?}",
        ps[0]
    );
    let e = read_army_bytes("test.toml", b"system = \"warlord_i\"\nname = \"\xff\"").unwrap_err();
    assert_eq!((e[0].line, e[0].column), (2, 9));
    let e = read_army("test.toml", "  \n").unwrap_err();
    assert_eq!(e[0].line, 0, "the empty file is a file-level problem");
}

#[test]
fn fields_a_type_does_not_use_are_warned_about() {
    let a = read_army(
        "test.toml",
        &with_unit("type = \"elephants\"\narmour = \"la\"\norder = \"oo\"\nbases = 2"),
    )
    .unwrap();
    let w: Vec<(&str, usize, usize)> = a
        .warnings
        .iter()
        .map(|p| (p.field.as_str(), p.line, p.column))
        .collect();
    assert_eq!(
        w,
        [
            ("divisions.0.units.0.armour", 16, 10),
            ("divisions.0.units.0.order", 17, 9)
        ]
    );
    assert!(a.warnings.iter().all(|p| p.warning));
    assert!(
        a.warnings[0].message.contains("FA from their type"),
        "{}",
        a.warnings[0]
    );
    let u = a.army.units().next().unwrap();
    assert_eq!(u.armour_class(), Some(Armour::Fa));
}

#[test]
fn the_documented_fields_are_the_read_fields() {
    let doc = std::fs::read_to_string(root().join("docs/army-format-warlord-i.md")).unwrap();
    for f in ARMY_FIELDS.iter().chain(DIVISION_FIELDS).chain(UNIT_FIELDS) {
        assert!(
            doc.contains(&format!("`{f}`")),
            "docs/army-format-warlord-i.md does not mention `{f}`"
        );
    }
    // The document's example is a good army.
    let start = doc.find("```toml\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let a = read_army("example", &doc[start..end]).unwrap_or_else(|p| panic!("{p:#?}"));
    assert!(a.warnings.is_empty());
}
