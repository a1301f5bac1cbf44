//! No input makes the army loader panic: arbitrary bytes, arbitrary TOML
//! built from the format's own field names and words, and real army files
//! with random damage. Every problem it reports is placed inside the file.

use herald::store::army::{battle_warnings, read_army, read_army_bytes};
use herald::store::toml_walk::{MAX_PROBLEMS, Problem};
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
            .chain(herald::store::unit_table::UNIT_FIELDS.iter().copied())
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
                prop_assert!(file.army.units().count() <= herald::store::army::MAX_UNITS);
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
