//! No input makes the army loader panic: arbitrary bytes, arbitrary TOML
//! built from the format's own field names and words, and real army files
//! with random damage. Every problem it reports is placed inside the file.

use herald::store::toml_walk::{MAX_PROBLEMS, Problem};
use herald::store::warlords::army::{battle_warnings, read_army, read_army_bytes};
use proptest::prelude::*;

/// Every problem points at a real line and column of `text` (or at the
/// file as a whole, line 0), and the report is bounded.
fn placed(text: &str, problems: &[Problem]) -> Result<(), TestCaseError> {
    prop_assert!(problems.len() <= MAX_PROBLEMS + 1);
    let lines: Vec<&str> = text.split('\n').collect();
    for p in problems {
        prop_assert!(!p.message.is_empty());
        if p.line == 0 {
            continue;
        }
        prop_assert!(p.line <= lines.len(), "{p}");
        let width = lines[p.line - 1].chars().count();
        prop_assert!(p.column >= 1 && p.column <= width + 1, "{p}");
    }
    Ok(())
}

/// Keys: the format's own, a misspelling, and anything.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            [
                "side",
                "contingents",
                "units",
                "general",
                "c_in_c",
                "charisma",
                "prowess",
                "nemesis",
                "vendetta",
                "bounty",
                "commander",
                "status",
                "stand",
            ]
            .into_iter()
            .chain(
                herald::store::warlords::unit_table::UNIT_FIELDS
                    .iter()
                    .copied()
            )
            .collect::<Vec<_>>(),
        )
        .prop_map(str::to_string),
        "[a-z_]{1,8}",
    ]
}

/// Leaf values: the format's words, numbers of any size, texts, booleans.
fn leaf() -> impl Strategy<Value = toml::Value> {
    prop_oneof![
        prop::sample::select(vec![
            "close_foot",
            "pike",
            "cavalry",
            "foot_skirmishers",
            "drilled",
            "heavy",
            "longbows",
            "heavy_missiles",
            "massed",
            "shieldwall",
            "wedge",
            "hedgehog",
            "worn",
            "rash",
            "Harold",
            "clos_foot",
            "",
        ])
        .prop_map(|s| toml::Value::String(s.to_string())),
        any::<i64>().prop_map(toml::Value::Integer),
        (-3i64..14).prop_map(toml::Value::Integer),
        any::<f64>().prop_map(toml::Value::Float),
        any::<bool>().prop_map(toml::Value::Boolean),
        ".{0,12}".prop_map(toml::Value::String),
    ]
}

/// Nested tables and lists of the above.
fn value() -> impl Strategy<Value = toml::Value> {
    leaf().prop_recursive(4, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(toml::Value::Array),
            prop::collection::btree_map(key(), inner, 0..6)
                .prop_map(|m| toml::Value::Table(m.into_iter().collect())),
        ]
    })
}

/// A whole document shaped like an army file, often with contingents and units.
fn army_like() -> impl Strategy<Value = toml::Table> {
    let unit = prop::collection::btree_map(key(), value(), 0..8)
        .prop_map(|m| toml::Value::Table(m.into_iter().collect()));
    let contingent = (
        prop::collection::btree_map(key(), value(), 0..4),
        prop::collection::vec(unit, 0..4),
    )
        .prop_map(|(m, units)| {
            let mut t: toml::Table = m.into_iter().collect();
            t.insert("units".into(), toml::Value::Array(units));
            toml::Value::Table(t)
        });
    (
        prop::collection::btree_map(key(), value(), 0..4),
        prop::collection::vec(contingent, 0..3),
    )
        .prop_map(|(m, cs)| {
            let mut t: toml::Table = m.into_iter().collect();
            t.insert("contingents".into(), toml::Value::Array(cs));
            t
        })
}

fn library_file() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/hastings-1066-norman.toml"),
    )
    .unwrap()
}

/// A unit of a generated army: type, stands, files and maybe a personality
/// (Charisma, Prowess, a trait, and whom he hates).
type UnitSpec = (usize, u32, Option<u32>, Option<(i8, i8, usize, usize)>);

/// What may be done to a generated army, most of it in a later contingent:
/// nothing, or something the reader must notice.
#[derive(Clone, Copy, Debug)]
enum Twist {
    None,
    /// A `[[contingents]]` line inside a multi-line note.
    HeaderInNote,
    /// A unit named like one in another contingent.
    DuplicateUnit,
    /// A table after the contingents that is not an army field.
    ExtraTable,
    /// A misspelt field in a later contingent.
    UnknownField,
    /// A broken line in a later contingent.
    SyntaxError,
    /// The contingents written inline at the top as well.
    InlineContingents,
    /// A second C-in-C in a later contingent.
    SecondCInC,
    /// Windows line ends and comments after the headers.
    CrlfAndComments,
}

/// A generated army file that follows the format, with a twist.
fn generated_army() -> impl Strategy<Value = (String, Twist)> {
    let unit = (
        0usize..6,
        2u32..12,
        prop::option::of(1u32..3),
        prop::option::of((-2i8..4, 0i8..4, 0usize..14, 0usize..40)),
    );
    let contingent = prop::collection::vec(unit, 1..5);
    let twist = prop::sample::select(vec![
        Twist::None,
        Twist::None,
        Twist::None,
        Twist::HeaderInNote,
        Twist::DuplicateUnit,
        Twist::ExtraTable,
        Twist::UnknownField,
        Twist::SyntaxError,
        Twist::InlineContingents,
        Twist::SecondCInC,
        Twist::CrlfAndComments,
    ]);
    (
        prop::collection::vec(contingent, 2..7),
        twist,
        any::<prop::sample::Index>(),
    )
        .prop_map(|(cs, twist, at)| (army_text(&cs, twist, at), twist))
}

/// Writes a generated army as a referee would.
fn army_text(cs: &[Vec<UnitSpec>], twist: Twist, at: prop::sample::Index) -> String {
    const TYPES: [&str; 6] = [
        "close_foot",
        "loose_foot",
        "cavalry",
        "pike",
        "foot_skirmishers",
        "horse_skirmishers",
    ];
    const TRAITS: [&str; 14] = [
        "expert_tactician",
        "cunning",
        "fanatical_bodyguard",
        "hated",
        "rash",
        "indecisive",
        "coward",
        "aggressive",
        "slippery",
        "impetuous",
        "pious",
        "drunkard",
        "brave",
        "cunnning",
    ];
    let later = 1 + at.index(cs.len() - 1);
    let header = if matches!(twist, Twist::CrlfAndComments) {
        "[[contingents]] # a contingent"
    } else {
        "[[contingents]]"
    };
    let mut t = String::from("# A generated army.\nname = \"The Host\"\nside = \"Host\"\n");
    match twist {
        Twist::HeaderInNote => {
            t.push_str("notes = \"\"\"\nThe order of march:\n[[contingents]]\nfirst.\n\"\"\"\n")
        }
        Twist::InlineContingents => t.push_str("contingents = []\n"),
        _ => {}
    }
    for (c, units) in cs.iter().enumerate() {
        let general = units
            .iter()
            .position(|u| u.3.is_some())
            .map(|u| format!("general = \"Lord {c}-{u}\"\n"))
            .unwrap_or_default();
        let c_in_c = c == 0 || (c == later && matches!(twist, Twist::SecondCInC));
        t.push_str(&format!(
            "\n{header}\nname = \"Contingent {c}\"\n{general}c_in_c = {c_in_c}\n"
        ));
        if c == later && matches!(twist, Twist::UnknownField) {
            t.push_str("genral = \"Nobody\"\n");
        }
        if c == later && matches!(twist, Twist::SyntaxError) {
            t.push_str("notes = \"unfinished\n");
        }
        for (u, (ty, stands, files, person)) in units.iter().enumerate() {
            let name = if c == later && u == 0 && matches!(twist, Twist::DuplicateUnit) {
                "Band 0-0".to_string()
            } else {
                format!("Band {c}-{u}")
            };
            t.push_str(&format!(
                "\n[[contingents.units]]\nname = \"{name}\" # the {c}-{u}\ntype = \"{}\"\nstands = {stands}\n",
                TYPES[*ty]
            ));
            if let Some(files) = files {
                t.push_str(&format!("files = {}\n", files.min(stands)));
            }
            if let Some((charisma, prowess, tr, hates)) = person {
                t.push_str(&format!(
                    "\n[[contingents.units.personalities]]\nname = \"Lord {c}-{u}\"\ncharisma = {charisma}\nprowess = {prowess}\ntraits = [\"{}\"]\nnemesis = [\"Lord {}-{}\"]\n",
                    TRAITS[*tr],
                    hates % 7,
                    hates % 3
                ));
            }
        }
    }
    if matches!(twist, Twist::ExtraTable) {
        t.push_str("\n[extra]\nnote = \"not an army field\"\n");
    }
    if matches!(twist, Twist::CrlfAndComments) {
        t = t.replace('\n', "\r\n");
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Generated armies in the format are read, with every unit; each
    /// twist that breaks the format is refused, placed inside the file.
    #[test]
    fn generated_armies_read_or_are_refused_in_place((text, twist) in generated_army()) {
        let read = read_army("p.toml", &text);
        match twist {
            Twist::None | Twist::CrlfAndComments | Twist::HeaderInNote => {
                let file = read.map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
                let units = text.matches("[[contingents.units]]").count();
                prop_assert_eq!(file.army.units().count(), units);
            }
            _ => match read {
                Ok(_) => prop_assert!(false, "{:?} is an error:\n{}", twist, text),
                Err(problems) => placed(&text, &problems)?,
            },
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..4096)) {
        match read_army_bytes("fuzz.toml", &bytes) {
            Ok(file) => {
                let _ = battle_warnings(&[file]);
            }
            Err(problems) => {
                prop_assert!(!problems.is_empty());
                let text = String::from_utf8_lossy(&bytes);
                placed(&text, &problems)?;
            }
        }
    }

    #[test]
    fn arbitrary_toml_never_panics(doc in army_like()) {
        let text = toml::to_string(&doc).unwrap_or_default();
        match read_army("fuzz.toml", &text) {
            Ok(file) => {
                prop_assert!(file.army.units().count() <= herald::store::warlords::army::MAX_UNITS);
                placed(&text, &file.warnings)?;
                let _ = battle_warnings(&[file]);
            }
            Err(problems) => {
                prop_assert!(problems.iter().any(|p| !p.warning));
                placed(&text, &problems)?;
            }
        }
    }

    #[test]
    fn damaged_army_files_never_panic(
        cut in 0usize..8000,
        len in 0usize..200,
        insert in ".{0,20}",
    ) {
        let full = library_file();
        let mut at = cut.min(full.len());
        while !full.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + len).min(full.len());
        while !full.is_char_boundary(end) {
            end -= 1;
        }
        let text = format!("{}{insert}{}", &full[..at], &full[end..]);
        match read_army("damaged.toml", &text) {
            Ok(file) => placed(&text, &file.warnings)?,
            Err(problems) => placed(&text, &problems)?,
        }
    }
}
