//! Army files with mistakes: every error class is reported with its file,
//! line, column, field path, the bad value and what is allowed.

use herald::store::toml_walk::{MAX_FILE_BYTES, MAX_PROBLEMS, Problem};
use herald::store::warlords::army::{
    MAX_UNITS, battle_warnings, load_army, read_army, read_army_bytes,
};
use std::io::Write;
use std::time::Instant;

/// The lines before a unit's body: the unit's fields start on line 9.
const HEAD: &str = "name = \"Test army\"
side = \"Test\"

[[contingents]]
name = \"Main\"

[[contingents.units]]
name = \"Fyrd\"
";

/// An army whose one unit has `body` (line 9 on).
fn with_unit(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// The problems of a file that must not load.
fn problems(text: &str) -> Vec<Problem> {
    match read_army("test.toml", text) {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(p) => p,
    }
}

/// The one error whose field is `field`.
fn at_field<'p>(ps: &'p [Problem], field: &str) -> &'p Problem {
    let found: Vec<&Problem> = ps.iter().filter(|p| p.field == field).collect();
    assert_eq!(found.len(), 1, "one problem at {field} in {ps:#?}");
    found[0]
}

/// Asserts a problem's place and that its message says each of `says`.
fn check(p: &Problem, line: usize, column: usize, says: &[&str]) {
    assert_eq!(p.file, "test.toml");
    assert_eq!((p.line, p.column), (line, column), "{p}");
    for s in says {
        assert!(p.message.contains(s), "{p}\nshould say {s:?}");
    }
    assert!(
        p.to_string()
            .starts_with(&format!("test.toml:{line}:{column}: "))
    );
}

#[test]
fn a_good_unit_loads() {
    let a = read_army("test.toml", &with_unit("type = \"close_foot\"\nstands = 4")).unwrap();
    assert_eq!(a.army.units().count(), 1);
    assert!(a.warnings.is_empty());
}

#[test]
fn misspelt_word_gets_did_you_mean() {
    let ps = problems(&with_unit("type = \"clos_foot\"\nstands = 4"));
    let p = at_field(&ps, "contingents.0.units.0.type");
    check(
        p,
        9,
        8,
        &["'clos_foot'", "did you mean 'close_foot'?", "loose_foot"],
    );
}

#[test]
fn misspelt_list_words_are_located_one_by_one() {
    let ps = problems(&with_unit(
        "type = \"close_foot\"\nstands = 4\ntraits = [\"veteran\", \"sheildwall\"]",
    ));
    let p = at_field(&ps, "contingents.0.units.0.traits.1");
    check(p, 11, 22, &["'sheildwall'", "did you mean 'shieldwall'?"]);
}

#[test]
fn unknown_fields_are_errors_at_every_level() {
    let text = "name = \"Test army\"
sid = \"Test\"

[[contingents]]
name = \"Main\"
genral = \"Harold\"

[[contingents.units]]
name = \"Fyrd\"
type = \"close_foot\"
stand = 4

[[contingents.units.personalities]]
name = \"Harold\"
charsima = 1
";
    let ps = problems(text);
    check(at_field(&ps, "sid"), 2, 1, &["did you mean 'side'?"]);
    check(
        at_field(&ps, "contingents.0.genral"),
        6,
        1,
        &["did you mean 'general'?"],
    );
    check(
        at_field(&ps, "contingents.0.units.0.stand"),
        11,
        1,
        &["unknown field 'stand'", "did you mean 'stands'?"],
    );
    check(
        at_field(&ps, "contingents.0.units.0.personalities.0.charsima"),
        15,
        1,
        &["did you mean 'charisma'?"],
    );
}

#[test]
fn wrong_types_name_the_bad_value() {
    let ps = problems(&with_unit(
        "type = \"close_foot\"\nstands = \"eight\"\nshield = 1\nweapons = \"heavy\"",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.stands"),
        10,
        10,
        &["whole number", "the text \"eight\""],
    );
    check(
        at_field(&ps, "contingents.0.units.0.shield"),
        11,
        10,
        &["true or false", "the number 1"],
    );
    check(
        at_field(&ps, "contingents.0.units.0.weapons"),
        12,
        11,
        &["a list", "the text \"heavy\""],
    );
}

#[test]
fn huge_numbers_are_refused_with_their_digits() {
    let ps = problems(&with_unit(
        "type = \"close_foot\"\nstands = 99999999999999999999999",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.stands"),
        10,
        10,
        &["99999999999999999999999 is far too large", "0 to 1000"],
    );
    let ps = problems(&with_unit("type = \"close_foot\"\nstands = 4\narmour = -7"));
    check(
        at_field(&ps, "contingents.0.units.0.armour"),
        11,
        10,
        &["-7 is out of range", "-2 full harness", "1.5"],
    );
}

#[test]
fn missing_required_fields_point_at_their_table() {
    let ps = problems(&format!("{HEAD}armour = 0\n"));
    check(
        at_field(&ps, "contingents.0.units.0.type"),
        7,
        1,
        &["'type' is missing", "close_foot"],
    );
    check(
        at_field(&ps, "contingents.0.units.0.stands"),
        7,
        1,
        &["'stands' is missing"],
    );
    let ps = problems("side = \"x\"\n[[contingents]]\nname = \"c\"\n");
    check(at_field(&ps, "name"), 1, 1, &["'name' is missing"]);
    check(
        at_field(&ps, "contingents.0.units"),
        2,
        1,
        &["at least one unit"],
    );
}

#[test]
fn a_unit_with_a_command_stand_has_two_stands() {
    // 1.6: all but Skirmishers.
    let ps = problems(&with_unit("type = \"cavalry\"\nstands = 1"));
    check(
        at_field(&ps, "contingents.0.units.0.stands"),
        10,
        10,
        &["at least 2 stands", "1.6"],
    );
    read_army(
        "test.toml",
        &with_unit("type = \"foot_skirmishers\"\nstands = 1"),
    )
    .expect("Skirmishers have no command stand");
}

#[test]
fn files_are_at_most_the_stands() {
    let ps = problems(&with_unit("type = \"close_foot\"\nstands = 4\nfiles = 6"));
    check(
        at_field(&ps, "contingents.0.units.0.files"),
        11,
        9,
        &["1 to 4", "not 6"],
    );
}

#[test]
fn shieldwall_and_wedge_are_for_close_foot() {
    // 2.3.1.2, 2.3.1.3
    let ps = problems(&with_unit(
        "type = \"loose_foot\"\nstands = 4\ntraits = [\"shieldwall\"]",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.traits"),
        11,
        10,
        &["only Close Foot may form a Shieldwall", "Loose Foot"],
    );
    let ps = problems(&with_unit(
        "type = \"cavalry\"\nstands = 4\ntraits = [\"wedge\"]",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.traits"),
        11,
        10,
        &["only Close Foot may form a Wedge"],
    );
}

#[test]
fn a_wedge_needs_three_stands() {
    // 2.3.1.3
    let ps = problems(&with_unit(
        "type = \"close_foot\"\nstands = 2\ntraits = [\"wedge\"]",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.stands"),
        10,
        10,
        &["at least 3 stands", "2.3.1.3"],
    );
}

#[test]
fn hedgehog_is_for_drilled_pike() {
    // 2.3.1.4
    let ps = problems(&with_unit(
        "type = \"pike\"\nstands = 8\ntraits = [\"hedgehog\"]",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.traits"),
        11,
        10,
        &["drilled Pike", "2.3.1.4"],
    );
}

#[test]
fn longbows_and_arbalests_need_heavy_missiles() {
    // 3.3.1, 3.3.2
    for w in ["longbows", "arbalests"] {
        let ps = problems(&with_unit(&format!(
            "type = \"loose_foot\"\nstands = 6\nweapons = [\"light\", \"{w}\"]"
        )));
        check(
            at_field(&ps, "contingents.0.units.0.weapons"),
            11,
            11,
            &["add heavy_missiles"],
        );
    }
}

#[test]
fn a_shooting_style_needs_a_missile_weapon() {
    let ps = problems(&with_unit(
        "type = \"loose_foot\"\nstands = 6\nweapons = [\"light\"]\nshooting = [\"massed\"]",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.shooting"),
        12,
        12,
        &["needs a missile weapon"],
    );
}

#[test]
fn charisma_and_prowess_ranges() {
    // 3.1.2
    let ps = problems(&with_unit(
        "type = \"close_foot\"\nstands = 4\n\n[[contingents.units.personalities]]\nname = \"Harold\"\ncharisma = 4\nprowess = -1",
    ));
    check(
        at_field(&ps, "contingents.0.units.0.personalities.0.charisma"),
        14,
        12,
        &["4 is out of range", "-2 to 3", "3.1.2"],
    );
    check(
        at_field(&ps, "contingents.0.units.0.personalities.0.prowess"),
        15,
        11,
        &["-1 is out of range", "0 to 3", "3.1.2"],
    );
}

/// Two contingents, two units each with a personality.
fn two_units(second_unit: &str, second_personality: &str) -> String {
    format!(
        "name = \"Test army\"
side = \"Test\"

[[contingents]]
name = \"Main\"
general = \"Harold\"
c_in_c = true

[[contingents.units]]
name = \"Housecarls\"
type = \"close_foot\"
stands = 6

[[contingents.units.personalities]]
name = \"Harold\"

[[contingents]]
name = \"Wing\"
general = \"{second_personality}\"
c_in_c = true

[[contingents.units]]
name = \"{second_unit}\"
type = \"close_foot\"
stands = 6

[[contingents.units.personalities]]
name = \"{second_personality}\"
"
    )
}

#[test]
fn names_are_unique_in_an_army() {
    let ps = problems(&two_units("Housecarls", "Harold"));
    check(
        at_field(&ps, "contingents.1.units.0.name"),
        23,
        8,
        &["'Housecarls' is already used (line 10)"],
    );
    check(
        at_field(&ps, "contingents.1.units.0.personalities.0.name"),
        28,
        8,
        &["'Harold' is already in the army (line 15)"],
    );
}

#[test]
fn one_contingent_holds_the_c_in_c() {
    let ps = problems(&two_units("Fyrd", "Gyrth"));
    assert_eq!(ps.len(), 1, "{ps:#?}");
    check(&ps[0], 20, 10, &["only one contingent holds the C-in-C"]);
    assert_eq!(ps[0].field, "contingents.1.c_in_c");
}

#[test]
fn a_general_is_one_of_his_contingents_personalities() {
    let text = two_units("Fyrd", "Gyrth")
        .replace("general = \"Gyrth\"\nc_in_c = true", "general = \"Gyrht\"")
        .replace("general = \"Harold\"", "general = \"Gyrth\"");
    let ps = problems(&text);
    check(
        at_field(&ps, "contingents.0.general"),
        6,
        11,
        &["'Gyrth' is a personality of the contingent 'Wing'"],
    );
    check(
        at_field(&ps, "contingents.1.general"),
        19,
        11,
        &["did you mean 'Gyrth'?"],
    );
}

#[test]
fn nemesis_and_vendetta_found_in_no_army_are_warnings() {
    let body = "type = \"close_foot\"\nstands = 4\n\n[[contingents.units.personalities]]\nname = \"Harold\"\nnemesis = [\"Duke William\", \"Odo\"]\nvendetta = \"Tostig\"";
    let ours = read_army("test.toml", &with_unit(body)).expect("warnings only");
    let theirs = read_army(
        "them.toml",
        &with_unit("type = \"cavalry\"\nstands = 4\n\n[[contingents.units.personalities]]\nname = \"Duke Wiliam\"")
            .replace("Fyrd", "Knights"),
    )
    .unwrap();
    let ws = battle_warnings(&[ours, theirs]);
    assert_eq!(ws.len(), 3, "{ws:#?}");
    assert!(ws.iter().all(|w| w.warning));
    check(
        &ws[0],
        14,
        12,
        &[
            "'Duke William' is in no army",
            "did you mean 'Duke Wiliam'?",
        ],
    );
    assert_eq!(
        ws[0].field,
        "contingents.0.units.0.personalities.0.nemesis.0"
    );
    check(&ws[1], 14, 28, &["'Odo' is in no army"]);
    check(&ws[2], 15, 12, &["vendetta 'Tostig' is in no army"]);
}

#[test]
fn a_nemesis_in_his_own_army_is_a_warning() {
    let text = two_units("Fyrd", "Gyrth")
        .replace("general = \"Gyrth\"\nc_in_c = true", "general = \"Gyrth\"")
        .replace(
            "name = \"Harold\"\n",
            "name = \"Harold\"\nnemesis = [\"Gyrth\"]\n",
        );
    let a = read_army("test.toml", &text).unwrap();
    let ws = battle_warnings(&[a]);
    assert_eq!(ws.len(), 1);
    check(&ws[0], 16, 12, &["in his own army"]);
}

#[test]
fn every_problem_is_reported_at_once_in_file_order() {
    let text = "name = \"Test army\"
side = 3

[[contingents]]
name = \"Main\"

[[contingents.units]]
name = \"Fyrd\"
type = \"clos_foot\"
stands = 4

[[contingents.units]]
name = \"Archers\"
type = \"loose_foot\"
files = 40000
weapons = [\"longbows\"]
stands = 6

[[contingents.units]]
name = \"Fyrd\"
type = \"pike\"
stands = 6
traits = [\"hedgehog\"]
";
    let ps = problems(text);
    let places: Vec<(usize, usize)> = ps.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(
        places,
        vec![(2, 8), (9, 8), (15, 9), (16, 11), (20, 8), (23, 10)],
        "{ps:#?}"
    );
    assert!(ps.iter().all(|p| !p.warning));
}

#[test]
fn truncated_file_is_a_located_syntax_error() {
    let full = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/hastings-1066-norman.toml"),
    )
    .unwrap();
    let cut = &full[..full.find("Odo of Bayeux\"").unwrap() + 5];
    let ps = problems(cut);
    let line = cut.lines().count();
    assert_eq!(ps[0].line, line, "{ps:#?}");
    assert!(ps[0].message.contains("not valid TOML"), "{}", ps[0]);
}

#[test]
fn empty_and_blank_files_say_what_is_expected() {
    for text in ["", "\n\n   \n", "# only a comment\n"] {
        let ps = problems(text);
        assert!(!ps.is_empty());
        assert!(
            ps.iter()
                .any(|p| p.message.contains("contingents") || p.message.contains("name")),
            "{ps:#?}"
        );
    }
    assert!(problems("")[0].to_string().contains("the file is empty"));
}

#[test]
fn invalid_utf8_is_located() {
    let mut bytes = with_unit("type = \"close_foot\"\nstands = 4").into_bytes();
    let at = bytes.windows(4).position(|w| w == b"Fyrd").unwrap() + 2;
    bytes[at] = 0xC3; // a lead byte followed by an ASCII letter
    let ps = read_army_bytes("test.toml", &bytes).unwrap_err();
    assert_eq!(ps.len(), 1);
    check(&ps[0], 8, 11, &["not UTF-8", "0xC3"]);
}

#[test]
fn binary_garbage_is_refused_with_a_bounded_report() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    let ps = read_army_bytes("garbage.bin", &bytes).unwrap_err();
    assert!(!ps.is_empty() && ps.len() <= MAX_PROBLEMS + 1);
    // The same garbage as text (every byte as a character) is a TOML error.
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    let ps = read_army("garbage.toml", &text).unwrap_err();
    assert!(
        !ps.is_empty() && ps.len() <= MAX_PROBLEMS + 1,
        "{}",
        ps.len()
    );
}

#[test]
fn ten_megabytes_is_over_the_stated_limit() {
    let big = "# padding\n".repeat(1024 * 1024);
    assert!(big.len() > MAX_FILE_BYTES);
    let ps = read_army_bytes("big.toml", big.as_bytes()).unwrap_err();
    assert_eq!(ps.len(), 1);
    assert!(ps[0].message.contains("4 MiB"), "{}", ps[0]);
    let ps = read_army("big.toml", &big).unwrap_err();
    assert!(ps[0].message.contains("4 MiB"), "{}", ps[0]);
    // From disk, only the limit's worth is read.
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(big.as_bytes()).unwrap();
    let ps = load_army(file.path()).unwrap_err();
    assert!(ps[0].message.contains(&big.len().to_string()), "{}", ps[0]);
    assert_eq!(ps[0].line, 0, "a file-level problem has no line");
}

#[test]
fn ten_thousand_units_are_over_the_stated_limit() {
    let mut text =
        String::from("name = \"Horde\"\nside = \"Horde\"\n\n[[contingents]]\nname = \"All\"\n");
    for i in 0..10_000 {
        text.push_str(&format!(
            "\n[[contingents.units]]\nname = \"Band {i}\"\ntype = \"loose_foot\"\nstands = 4\n"
        ));
    }
    assert!(text.len() < MAX_FILE_BYTES);
    let start = Instant::now();
    let ps = problems(&text);
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert!(
        ps[0].message.contains("10000 units") && ps[0].message.contains(&MAX_UNITS.to_string()),
        "{}",
        ps[0]
    );
    // Not a timing test: a guard that the limit is checked before the units are read.
    assert!(start.elapsed().as_secs() < 10);
}

/// A big army of `contingents` x `per` units.
fn big_army(contingents: usize, per: usize) -> String {
    let mut text = String::from("name = \"Host\"\nside = \"Host\"\n");
    for c in 0..contingents {
        text.push_str(&format!("\n[[contingents]]\nname = \"Contingent {c}\"\n"));
        for u in 0..per {
            text.push_str(&format!(
                "\n[[contingents.units]]\nname = \"Band {c}-{u}\"\ntype = \"close_foot\"\nshield = true\nweapons = [\"heavy\"]\nstands = 8\nfiles = 4\n"
            ));
        }
    }
    text
}

#[test]
fn the_unit_limit_holds_across_contingents() {
    let ps = problems(&big_army(11, 91));
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert!(ps[0].message.contains("1001 units"), "{}", ps[0]);
}

#[test]
fn a_mistake_at_the_end_of_a_big_army_is_located() {
    let good = big_army(10, 100);
    assert_eq!(
        read_army("test.toml", &good).unwrap().army.units().count(),
        1000
    );
    // The last unit's type, misspelt, and a unit name used twice.
    let cut = good.rfind("type = \"close_foot\"").unwrap();
    let mut text = good.clone();
    text.replace_range(cut..cut + 19, "type = \"clos_foot\" ");
    let text = text.replace("name = \"Band 9-50\"", "name = \"Band 0-7\"");
    let ps = problems(&text);
    assert_eq!(ps.len(), 2, "{ps:#?}");
    let line_of = |needle: &str| text[..text.find(needle).unwrap()].matches('\n').count() + 1;
    check(
        at_field(&ps, "contingents.9.units.99.type"),
        line_of("clos_foot"),
        8,
        &["'clos_foot' is not known", "did you mean 'close_foot'?"],
    );
    let twice = text.match_indices("name = \"Band 0-7\"").nth(1).unwrap().0;
    check(
        at_field(&ps, "contingents.9.units.50.name"),
        text[..twice].matches('\n').count() + 1,
        8,
        &[
            "'Band 0-7' is already used",
            &format!("line {}", line_of("Band 0-7")),
        ],
    );
}

#[test]
fn deep_nesting_is_refused_without_overflow() {
    let text = format!("name = {}", "[".repeat(100_000));
    let ps = problems(&text);
    assert!(ps[0].message.contains("not valid TOML"));
}

#[test]
fn unreadable_file_is_a_file_problem() {
    let ps = load_army(std::path::Path::new("no/such/army.toml")).unwrap_err();
    assert_eq!(ps.len(), 1);
    assert!(
        ps[0]
            .to_string()
            .starts_with("no/such/army.toml: error: cannot read")
    );
}
