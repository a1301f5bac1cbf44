//! The conformance contract (`conformance/README.md`): every case of every
//! `*.toml` in `tests/conformance/` (the project's copy), `../shared/conformance/`
//! (when it exists) and `tests/cases/` (Herald's own cases) must give the
//! fields its `expect` table names, through the library and through
//! `herald resolve FILE --json`. Each file's `system` key picks its rules;
//! a file of a system Herald does not know fails the suite. Cases listed in
//! `tests/conformance/disputed.toml` (a case that contradicts the text and
//! its rulings, with the reason) are skipped and printed.

use herald::cli::resolve::case_json;
use herald::store::case::read_cases;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The contract's folders this Herald reads: the top level and each
/// subfolder whose issue is done (`next/`: what a result does next;
/// `warlord-i/`: the second rule system; `homunculus-est/`: the third;
/// `roberts-rules/` and `parkers-warlord/`: the two texts refereed as far
/// as they go).
const CONTRACT: &[&str] = &[
    "",
    "/next",
    "/warlord-i",
    "/homunculus-est",
    "/roberts-rules",
    "/parkers-warlord",
];

fn case_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs: Vec<String> = Vec::new();
    for base in ["tests/conformance", "../shared/conformance"] {
        dirs.extend(CONTRACT.iter().map(|sub| format!("{base}{sub}")));
    }
    dirs.push("tests/cases".to_string());
    dirs.push("tests/cases/warlord-i".to_string());
    dirs.push("tests/cases/roberts-rules".to_string());
    dirs.push("tests/cases/parkers-warlord".to_string());
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

/// The ids of disputed cases, printed with their reasons.
fn disputed() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/disputed.toml");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    let table: toml::Table = toml::from_str(&text).expect("disputed.toml is TOML");
    let list = table
        .get("disputed")
        .and_then(|d| d.as_array())
        .cloned()
        .unwrap_or_default();
    list.iter()
        .map(|d| {
            let field = |k: &str| d.get(k).and_then(|v| v.as_str()).unwrap_or("").to_string();
            println!(
                "disputed, skipped: {} ({}): {}",
                field("id"),
                field("rule"),
                field("reason")
            );
            field("id")
        })
        .collect()
}

/// Checks the fields `expect` names against `got`, nested tables field by
/// field; arrays of tables element by element. Returns the mismatches.
fn compare(path: &str, expect: &Value, got: &Value, out: &mut Vec<String>) {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (k, ev) in e {
                let p = format!("{path}.{k}");
                match g.get(k) {
                    // A charge's refusal: its words are the app's, only its presence counts.
                    Some(Value::String(why)) if k == "refusal" && !why.is_empty() => {}
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
fn every_conformance_case_passes() {
    let files = case_files();
    assert!(!files.is_empty(), "no case files found");
    let skip = disputed();
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let cases = read_cases(&file.display().to_string(), &text)
            .unwrap_or_else(|p| panic!("{}: {:?}", file.display(), p));
        for i in 0..cases.len() {
            let Some(expect) = cases.expect(i) else {
                continue;
            };
            if skip.iter().any(|d| d == cases.id(i)) {
                continue;
            }
            checked += 1;
            for bad in check(expect, &case_json(&cases, i)) {
                failures.push(format!("{} / {}: {bad}", file.display(), cases.id(i)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Without ../shared: the project's copy (32 + 20 next + 30 Warlord I +
    // 18 Robert's Rules + 21 Parker's Warlord) and its own cases.
    assert!(checked >= 229, "only {checked} cases were checked");
}

#[test]
fn resolve_json_prints_one_line_per_case_in_file_order() {
    for file in case_files() {
        let out = Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["resolve", file.to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let cases = read_cases("", &std::fs::read_to_string(&file).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), cases.len(), "{}", file.display());
        let skip = disputed();
        for (i, line) in lines.iter().enumerate() {
            let got: Value = serde_json::from_str(line).unwrap();
            assert_eq!(got["id"], Value::String(cases.id(i).to_string()));
            if let Some(expect) = cases.expect(i)
                && !skip.iter().any(|d| d == cases.id(i))
            {
                let bad = check(expect, &got);
                assert!(
                    bad.is_empty(),
                    "{} / {}: {bad:?}",
                    file.display(),
                    cases.id(i)
                );
            }
        }
    }
}

#[test]
fn resolve_without_json_explains_each_case() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/warlords.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["resolve", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("act-plain-success (activation)"));
    assert!(
        text.contains("[2.2, W-1]"),
        "explanations cite rules:\n{text}"
    );
    assert!(text.contains("act-wrong-dice-count (activation): refused"));
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["resolve", "no/such/file.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no/such/file.toml") && err.contains("cannot read the file"),
        "{err}"
    );
}

#[test]
fn the_checker_catches_a_wrong_field_and_a_missing_refusal() {
    let got: Value = serde_json::json!({"id": "x", "score": 7, "a": {"score": 3}});
    assert!(check(&serde_json::json!({"score": 7, "a": {"score": 3}}), &got).is_empty());
    assert_eq!(check(&serde_json::json!({"score": 8}), &got).len(), 1);
    assert_eq!(
        check(&serde_json::json!({"a": {"score": 4}}), &got).len(),
        1
    );
    assert_eq!(check(&serde_json::json!({"error": true}), &got).len(), 1);
    let refused: Value = serde_json::json!({"id": "x", "error": "why"});
    assert_eq!(check(&serde_json::json!({"score": 7}), &refused).len(), 1);
}

#[test]
fn a_case_file_of_an_unknown_system_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonesuch.toml");
    std::fs::write(
        &path,
        "system = \"nonesuch\"\n\n[[case]]\nid = \"x\"\nkind = \"activation\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["resolve", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("nonesuch.toml:1:1")
            && err.contains("'nonesuch'")
            && err.contains("does not know"),
        "{err}"
    );
    assert!(read_cases("n.toml", "system = \"nonesuch\"\n").is_err());
}
