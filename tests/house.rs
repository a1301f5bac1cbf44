//! House options (DESIGN.md, "Conventions: House options"), the same for
//! every rule system: chosen with `herald new --house`, recorded in the
//! save's `[house]` table, read back, said in the report; read from a
//! case's `house` table; an unknown option or value refused with the list
//! of those accepted, and nothing written.

use herald::battle::warlords::Warlords;
use herald::rules::System;
use herald::rules::warlords::COLUMN_PIKE;
use herald::store::case::{AnyCases, read_cases};
use herald::store::save;
use std::path::Path;
use std::process::{Command, Output};

fn herald(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herald"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn armies(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in [
        "hastings-1066-anglo-saxon.toml",
        "hastings-1066-norman.toml",
    ] {
        std::fs::copy(root.join("armies").join(f), dir.join(f)).unwrap();
    }
}

#[test]
fn a_house_option_given_to_herald_new_is_saved_read_back_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    armies(dir.path());
    let out = herald(
        dir.path(),
        &[
            "new",
            "pikes",
            "--house",
            "column-pike",
            "--side",
            "hastings-1066-anglo-saxon.toml",
            "--side",
            "hastings-1066-norman.toml",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = dir.path().join("saves/pikes.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[house]\ncolumn_pike = true # W-33"),
        "{text}"
    );
    let loaded = save::load::<Warlords>(&path).unwrap();
    assert!(loaded.data.battle.setup().house.is_on(&COLUMN_PIKE));
    // Written back whole, the table stays.
    assert!(save::to_text(&loaded.data).contains("column_pike = true"));
    let report = herald(dir.path(), &["log", "saves/pikes.toml"]);
    let report = String::from_utf8_lossy(&report.stdout);
    assert!(
        report.contains("House options")
            && report.contains("pike in a column: yes (the ruling W-33 reads no)"),
        "{report}"
    );
    // A battle of rulings as written has no table and says nothing of it.
    let out = herald(
        dir.path(),
        &[
            "new",
            "plain",
            "--side",
            "hastings-1066-anglo-saxon.toml",
            "--side",
            "hastings-1066-norman.toml",
        ],
    );
    assert!(out.status.success());
    let text = std::fs::read_to_string(dir.path().join("saves/plain.toml")).unwrap();
    assert!(!text.contains("[house]"), "{text}");
    let report = herald(dir.path(), &["log", "saves/plain.toml"]);
    assert!(!String::from_utf8_lossy(&report.stdout).contains("House options"));
}

#[test]
fn an_unknown_option_or_value_is_refused_with_the_list_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    armies(dir.path());
    for (setting, words) in [
        (
            "column-pikes",
            "its options: column_pike (pike in a column, W-33)",
        ),
        ("column_pike=maybe", "accepted: true, false"),
    ] {
        let out = herald(
            dir.path(),
            &[
                "new",
                "x",
                "--house",
                setting,
                "--side",
                "hastings-1066-anglo-saxon.toml",
                "--side",
                "hastings-1066-norman.toml",
            ],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(words), "{err}");
        assert!(!dir.path().join("saves/x.toml").exists());
    }
}

#[test]
fn a_save_with_an_unknown_house_option_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    armies(dir.path());
    let out = herald(
        dir.path(),
        &[
            "new",
            "h",
            "--side",
            "hastings-1066-anglo-saxon.toml",
            "--side",
            "hastings-1066-norman.toml",
        ],
    );
    assert!(out.status.success());
    let path = dir.path().join("saves/h.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replacen(
        "\n[[armies]]",
        "\n[house]\nfixed_card_values = true\n\n[[armies]]",
        1,
    );
    std::fs::write(&path, &broken).unwrap();
    let e = save::load::<Warlords>(&path).unwrap_err().to_string();
    let line = broken
        .lines()
        .position(|l| l.starts_with("fixed_card_values"))
        .unwrap()
        + 1;
    assert!(
        e.contains(&format!("h.toml:{line}:1"))
            && e.contains("unknown field 'fixed_card_values'")
            && e.contains("column_pike"),
        "{e}"
    );
}

#[test]
fn a_case_carries_its_house_table() {
    let text = r#"
[[case]]
id = "pikes"
kind = "movement"
[case.house]
column_pike = true
[case.unit]
name = "Pikes"
type = "pike"
stands = 8

[[case]]
id = "plain"
kind = "movement"
[case.unit]
name = "Pikes"
type = "pike"
stands = 8

[[case]]
id = "bad"
kind = "movement"
house = { column_pike = 1 }
[case.unit]
name = "Pikes"
type = "pike"
stands = 8
"#;
    let AnyCases::Warlords(cases) = read_cases("c.toml", text).unwrap() else {
        panic!("a Warlords file");
    };
    assert!(cases[0].house.is_on(&COLUMN_PIKE));
    assert!(cases[1].house.is_default());
    let problems = cases[2].input.as_ref().unwrap_err();
    assert!(
        problems[0].to_string().contains("house.column_pike")
            && problems[0].to_string().contains("expected true or false"),
        "{problems:?}"
    );
    assert_eq!(
        System::Warlords.house_options(),
        &[COLUMN_PIKE, herald::rules::warlords::HEAVY_STOP_CASUALTY]
    );
}
