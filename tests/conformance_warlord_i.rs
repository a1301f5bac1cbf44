//! The Warlord I conformance contract (`conformance/warlord-i/README.md`):
//! every case of every `*.toml` in `tests/conformance/warlord-i/` (the
//! project's copy), `../shared/conformance/warlord-i/` (when it exists) and
//! `tests/cases/warlord-i/` (Herald's own) must give the fields its
//! `expect` table names, through the library.
//! Cases listed in `tests/conformance/warlord-i/disputed.toml` (a case that
//! contradicts the playsheet and its rulings) are skipped and printed.

use herald::cli::resolve_warlord_i::{case_json, case_text};
use herald::store::warlord_i::case::{CaseInput, read_cases};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const DISPUTED: &str = "disputed.toml";

fn case_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "tests/conformance/warlord-i",
        "../shared/conformance/warlord-i",
    ] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .filter(|p| p.file_name().is_some_and(|n| n != DISPUTED))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

/// The disputed cases: id, rule and reason.
fn disputed() -> Vec<(String, String, String)> {
    let path = root().join("tests/conformance/warlord-i").join(DISPUTED);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    let table: toml::Table = toml::from_str(&text).expect("disputed.toml is TOML");
    let Some(list) = table.get("disputed").and_then(|v| v.as_array()) else {
        return Vec::new();
    };
    list.iter()
        .map(|d| {
            let field = |k: &str| {
                d.get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or_else(|| panic!("a disputed case needs '{k}'"))
                    .to_string()
            };
            (field("id"), field("rule"), field("reason"))
        })
        .collect()
}

/// Checks the fields `expect` names against `got`, nested tables field by
/// field; arrays element by element (as `tests/conformance.rs` does).
fn compare(path: &str, expect: &Value, got: &Value, out: &mut Vec<String>) {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (k, ev) in e {
                let p = format!("{path}.{k}");
                match g.get(k) {
                    Some(gv) => compare(&p, ev, gv, out),
                    None => out.push(format!("{p}: expected {ev}, missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(g)) if e.len() == g.len() => {
            for (i, (ev, gv)) in e.iter().zip(g).enumerate() {
                compare(&format!("{path}[{i}]"), ev, gv, out);
            }
        }
        (e, g) if e == g => {}
        (e, g) => out.push(format!("{path}: expected {e}, got {g}")),
    }
}

/// The mismatches of one case's JSON against its `expect`.
fn check(expect: &Value, got: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let wants_error = expect.get("error") == Some(&Value::Bool(true));
    match (wants_error, got.get("error")) {
        (true, Some(Value::String(why))) => assert!(!why.is_empty()),
        (true, _) => bad.push(format!("expected a refusal, got {got}")),
        (false, Some(why)) => bad.push(format!("refused: {why}")),
        (false, None) => compare("expect", expect, got, &mut bad),
    }
    bad
}

#[test]
fn every_warlord_i_case_passes() {
    let files = case_files();
    assert!(!files.is_empty(), "no Warlord I case files found");
    let disputed = disputed();
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut skipped = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let cases = read_cases(&file.display().to_string(), &text)
            .unwrap_or_else(|p| panic!("{}: {:?}", file.display(), p));
        for case in &cases {
            let Some(expect) = &case.expect else { continue };
            if let Some((_, rule, reason)) = disputed.iter().find(|(id, _, _)| *id == case.id) {
                println!("disputed, skipped: {} ({rule}): {reason}", case.id);
                skipped += 1;
                continue;
            }
            checked += 1;
            for bad in check(expect, &case_json(case)) {
                failures.push(format!("{} / {}: {bad}", file.display(), case.id));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked + skipped >= 48,
        "only {checked} cases were checked ({skipped} disputed)"
    );
}

#[test]
fn the_bundled_copy_is_the_shared_file() {
    let shared = root().join("../shared/conformance/warlord-i/warlord-i.toml");
    let Ok(shared) = std::fs::read_to_string(shared) else {
        return; // no shared folder beside this checkout
    };
    let ours =
        std::fs::read_to_string(root().join("tests/conformance/warlord-i/warlord-i.toml")).unwrap();
    let ids = |t: &str| -> Vec<String> {
        read_cases("", t)
            .unwrap()
            .into_iter()
            .map(|c| c.id)
            .collect()
    };
    for id in ids(&shared) {
        assert!(
            ids(&ours).contains(&id),
            "{id} is missing from the project's copy"
        );
    }
}

#[test]
fn every_kind_is_covered_by_a_case() {
    let text =
        std::fs::read_to_string(root().join("tests/conformance/warlord-i/warlord-i.toml")).unwrap();
    let cases = read_cases("", &text).unwrap();
    let mut kinds: Vec<&str> = cases
        .iter()
        .filter_map(|c| c.input.as_ref().ok().map(CaseInput::kind))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), 12, "{kinds:?}");
}

#[test]
fn explanations_cite_rules_and_rulings() {
    let text =
        std::fs::read_to_string(root().join("tests/conformance/warlord-i/warlord-i.toml")).unwrap();
    for case in read_cases("", &text).unwrap() {
        let t = case_text(&case);
        assert!(
            t.starts_with(&format!("{} ({})", case.id, case.kind)),
            "{t}"
        );
        assert!(t.contains("[Rule"), "{}: no rule cited:\n{t}", case.id);
        assert!(t.contains("WI-"), "{}: no ruling cited:\n{t}", case.id);
        assert!(t.contains("  => "), "{}: no result line:\n{t}", case.id);
    }
}

#[test]
fn the_checker_catches_a_wrong_field_and_a_missing_refusal() {
    let got: Value = serde_json::json!({"id": "x", "score": 7, "after": {"unit": {"aps": 3}}});
    assert!(
        check(
            &serde_json::json!({"score": 7, "after": {"unit": {"aps": 3}}}),
            &got
        )
        .is_empty()
    );
    assert_eq!(
        check(&serde_json::json!({"after": {"unit": {"aps": 4}}}), &got).len(),
        1
    );
    assert_eq!(check(&serde_json::json!({"error": true}), &got).len(), 1);
    let refused: Value = serde_json::json!({"id": "x", "error": "why"});
    assert_eq!(check(&serde_json::json!({"score": 7}), &refused).len(), 1);
}
