//! Every army file, save and case file mutated and read as the binary
//! reads it (issue 36 item 2; `support/mutate.rs` says how): never a
//! panic, never a hang, every refusal located by line and column, every
//! file accepted read whole (summary, report, charts, cases resolved, a
//! save written and read back the same).
//!
//! CI runs a fixed budget with a fixed seed; `HERALD_MUTATIONS=N` runs N
//! files (millions, in release mode), `HERALD_MUTATION_SEED=S` another
//! sequence. A fault's input is kept in `target/mutation-faults/`; once
//! fixed, it goes into `tests/mutation_corpus/` (read by the suite for
//! ever) with a regression test of its own.

#[path = "support/mutate.rs"]
mod mutate;

use mutate::{Kind, Seed, check, quiet_panics, run, seeds};
use std::path::{Path, PathBuf};

/// Files mutated in CI: a few seconds of work.
const CI_BUDGET: usize = 6000;

fn env_number(key: &str) -> Option<u64> {
    std::env::var(key)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
}

fn keep() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mutation-faults")
}

#[test]
fn mutated_files_are_refused_where_they_are_wrong_or_read_whole() {
    quiet_panics();
    let seeds = seeds();
    for kind in [Kind::Army, Kind::Save, Kind::Case] {
        let n = seeds.iter().filter(|s| s.kind == kind).count();
        assert!(n >= 5, "{n} seeds of {kind:?}");
    }
    // The files as they are pass first.
    for s in &seeds {
        if let Err(why) = check(s.kind, &s.path, &s.bytes) {
            panic!("{} as it is: {why}", s.path);
        }
    }
    let count = env_number("HERALD_MUTATIONS").map_or(CI_BUDGET, |n| n as usize);
    let first = env_number("HERALD_MUTATION_SEED").unwrap_or(36);
    let started = std::time::Instant::now();
    // Runs of 10,000 files, each from its own seed, so a long run reports as it goes.
    let mut faults = Vec::new();
    let mut done = 0;
    let mut r = first;
    while done < count {
        let n = (count - done).min(10_000);
        faults.extend(run(&seeds, r, n, &keep()));
        done += n;
        r += 1;
        if count > 10_000 {
            eprintln!(
                "mutations: {done} files in {:.0?}, {} fault(s)",
                started.elapsed(),
                faults.len()
            );
        }
    }
    println!(
        "mutations: {done} files from {} seeds in {:.1?}",
        seeds.len(),
        started.elapsed()
    );
    if !faults.is_empty() {
        let list: Vec<String> = faults
            .iter()
            .map(|f| {
                format!(
                    "- seed {} run {} file {} ({}): {}\n  kept in {}",
                    f.seed,
                    f.run,
                    f.number,
                    f.ops.join("; "),
                    f.why,
                    f.kept.display()
                )
            })
            .collect();
        panic!("{} fault(s):\n{}", faults.len(), list.join("\n"));
    }
}

/// The inputs that once found a fault, by kind (`tests/mutation_corpus/KIND/`).
fn corpus() -> Vec<Seed> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mutation_corpus");
    let mut out = Vec::new();
    for kind in [Kind::Army, Kind::Save, Kind::Case] {
        let Ok(dir) = std::fs::read_dir(root.join(kind.word())) else {
            continue;
        };
        let mut files: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            out.push(Seed {
                kind,
                path: f.display().to_string(),
                bytes: std::fs::read(&f).unwrap(),
            });
        }
    }
    out
}

#[test]
fn every_input_that_once_found_a_fault_is_read_without_one() {
    quiet_panics();
    for s in corpus() {
        if let Err(why) = check(s.kind, &s.path, &s.bytes) {
            panic!("{}: {why}", s.path);
        }
    }
}

/// The real binary on mutated files: `herald check`, `herald log`,
/// `herald resolve --json` and `herald odds --json` exit with 0, 1 or 2,
/// never a panic (101), and say nothing of a panic.
#[test]
fn the_binary_reads_mutated_files_without_a_panic() {
    use rand::{RngExt, SeedableRng};
    let seeds = seeds();
    let mut rng =
        rand_chacha::ChaCha8Rng::seed_from_u64(env_number("HERALD_MUTATION_SEED").unwrap_or(36));
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_herald");
    for i in 0..30 {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let (bytes, ops) = mutate::mutate(&mut rng, seed, seed);
        let file = dir.path().join(format!("m{i}.toml"));
        std::fs::write(&file, &bytes).unwrap();
        let commands: Vec<Vec<&str>> = match seed.kind {
            Kind::Army => vec![vec!["check"]],
            Kind::Save => vec![vec!["log"]],
            Kind::Case => vec![vec!["resolve", "--json"], vec!["odds", "--json"]],
        };
        for args in commands {
            let out = std::process::Command::new(bin)
                .args(&args)
                .arg(&file)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0..=2)) && !err.contains("panicked"),
                "herald {args:?} on {} mutated ({}): {code:?}\n{err}",
                seed.path,
                ops.join("; ")
            );
        }
    }
}

/// A tool, not a check: reads the files named by `HERALD_CHECK_FILES`
/// (separated by spaces; their kind from their name, as kept:
/// `army-…`, `save-…`, `case-…`) and prints what is wrong with each.
#[test]
#[ignore = "a tool for reading kept faults"]
fn check_kept_files() {
    quiet_panics();
    let files = std::env::var("HERALD_CHECK_FILES").unwrap_or_default();
    for f in files.split_whitespace() {
        let name = Path::new(f)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        let kind = match &name[..4] {
            "army" => Kind::Army,
            "save" => Kind::Save,
            _ => Kind::Case,
        };
        let bytes = std::fs::read(f).unwrap();
        let t = std::time::Instant::now();
        let r = check(kind, &name, &bytes);
        println!("{f}: {r:?} in {:?}", t.elapsed());
    }
}
