//! `herald odds FILE [--json]` on the conformance cases: one line per case in
//! file order, the fields the README names for every kind, probabilities that
//! sum to 1, and the file's dice ignored.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn herald(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .output()
        .expect("herald runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn cases_file() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/conformance/warlords.toml")
        .display()
        .to_string()
}

/// The sum of a {value: probability} table.
fn total(v: &Value) -> f64 {
    v.as_object()
        .unwrap_or_else(|| panic!("{v} is not a table"))
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum()
}

fn chance(line: &Value, key: &str) -> f64 {
    let p = line[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {line}"));
    assert!((0.0..=1.0 + 1e-12).contains(&p), "{key} = {p}");
    p
}

fn sums_to_1(line: &Value, v: &Value) {
    assert!((total(v) - 1.0).abs() < 1e-12, "{v} in {line}");
}

#[test]
fn json_answers_every_case_in_file_order_with_the_fields_of_its_kind() {
    let file = cases_file();
    let (ok, out, err) = herald(&["odds", &file, "--json"]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let cases = herald::store::warlords::case::read_cases(&file, &text).unwrap();
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), cases.len());
    let mut kinds_seen = std::collections::BTreeSet::new();
    for (case, line) in cases.iter().zip(&lines) {
        assert_eq!(line["id"], case.id.as_str());
        if line.get("error").is_some() {
            continue;
        }
        kinds_seen.insert(case.kind.clone());
        match case.kind.as_str() {
            "activation" => {
                for k in ["success", "berserk", "lost_morale_step", "may_add_champion"] {
                    chance(line, k);
                }
            }
            "shooting" => {
                chance(line, "halted");
                sums_to_1(line, &line["hits"]);
                sums_to_1(line, &line["casualties"]);
            }
            "melee" => {
                sums_to_1(line, &line["loser"]);
                for k in ["loser_falls_back", "loser_unformed", "loser_broken"] {
                    chance(line, k);
                }
                for side in ["a", "b"] {
                    sums_to_1(line, &line[side]["casualties_inflicted"]);
                }
                let falls = chance(line, "loser_falls_back");
                let none = line["loser"]["none"].as_f64().unwrap();
                assert!((falls + none - 1.0).abs() < 1e-12, "every loser falls back");
            }
            "random_move" => sums_to_1(line, &line["distance"]),
            "flee" => {
                sums_to_1(line, &line["distance"]);
                sums_to_1(line, &line["stands_lost"]);
            }
            "initiative" => sums_to_1(line, &line["winner"]),
            _ => {}
        }
    }
    for kind in [
        "activation",
        "shooting",
        "melee",
        "random_move",
        "flee",
        "initiative",
    ] {
        assert!(kinds_seen.contains(kind), "no {kind} case answered");
    }
    // 2d6 against a unit 6 wide: 21 of the 36 rolls make 7 or more.
    let plain = lines
        .iter()
        .find(|l| l["id"] == "act-plain-success")
        .unwrap();
    assert!((chance(plain, "success") - 21.0 / 36.0).abs() < 1e-12);
    // A tie goes to last turn's holder: b wins 15 + 6 of 36.
    let tie = lines
        .iter()
        .find(|l| l["id"] == "initiative-tie-to-holder")
        .unwrap();
    assert!((tie["winner"]["b"].as_f64().unwrap() - 21.0 / 36.0).abs() < 1e-12);
    let out_of_range = lines
        .iter()
        .find(|l| l["id"] == "shoot-out-of-range")
        .unwrap();
    assert!(
        out_of_range["error"]
            .as_str()
            .unwrap()
            .contains("out of range")
    );
}

#[test]
fn dice_in_the_file_are_ignored_and_may_be_missing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cases.toml");
    let with = |dice: &str| {
        format!(
            "[[case]]\nid = \"x\"\nkind = \"random_move\"\nspans = 2\n{dice}\n\
             [[case]]\nid = \"y\"\nkind = \"initiative\"\n"
        )
    };
    std::fs::write(&path, with("")).unwrap();
    let (ok, without, err) = herald(&["odds", path.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    std::fs::write(&path, with("[case.dice]\nwhite = [6, 6, 6, 6, 6]")).unwrap();
    let (_, wrong_count, _) = herald(&["odds", path.to_str().unwrap(), "--json"]);
    assert_eq!(without, wrong_count);
    let first: Value = serde_json::from_str(without.lines().next().unwrap()).unwrap();
    // 2 dice: one six and no one (8 of 36) or two sixes (1) move 3.
    assert!((first["distance"]["3"].as_f64().unwrap() - 9.0 / 36.0).abs() < 1e-12);
}

#[test]
fn the_table_shows_percentages_and_bars() {
    let (ok, out, err) = herald(&["odds", &cases_file()]);
    assert!(ok, "{err}");
    let block = out
        .split("\n\n")
        .find(|b| b.starts_with("act-plain-success"))
        .unwrap();
    let success = block
        .lines()
        .find(|l| l.trim_start().starts_with("success"))
        .unwrap();
    assert!(
        success.contains("58.33%") && success.contains('█'),
        "{success}"
    );
    assert!(out.contains("shoot-out-of-range (shooting): refused"));
}

#[test]
fn an_unreadable_file_is_said_plainly() {
    let (ok, _, err) = herald(&["odds", "/nonexistent/cases.toml", "--json"]);
    assert!(!ok);
    assert!(
        err.starts_with("herald: /nonexistent/cases.toml") && err.contains("cannot read the file"),
        "{err}"
    );
}
