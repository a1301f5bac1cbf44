//! `herald check FILE...`: army files of any system checked and summarised
//! by their system. The files given together are one battle: one system,
//! and (Warlords) their nemesis and vendetta names looked up across all.

use crate::store::army::{AnyArmyFile, load_any, one_system};
use crate::store::toml_walk::Problem;
use crate::store::warlords::army::battle_warnings;
use std::path::PathBuf;
use std::process::ExitCode;

/// Checks each army file and prints its summary or its problems; exits 1
/// when any file has errors (warnings alone pass).
pub fn run(files: &[PathBuf]) -> ExitCode {
    let mut loaded = Vec::new();
    let mut errors = 0;
    let mut warnings = 0;
    let mut failed = 0;
    for path in files {
        let name = path.display().to_string();
        match load_any(path) {
            Ok(file) => {
                let text = match &file {
                    AnyArmyFile::Warlords(f) => super::warlords::check::summary(&name, &f.army),
                    AnyArmyFile::WarlordI(f) => super::warlord_i::check::summary(&name, &f.army),
                    AnyArmyFile::RobertsRules(f) => {
                        super::roberts_rules::check::summary(&name, &f.army)
                    }
                    AnyArmyFile::ParkersWarlord(f) => {
                        super::parkers_warlord::check::summary(&name, &f.army)
                    }
                    AnyArmyFile::HomunculusEst(f) => {
                        super::homunculus_est::check::summary(&name, &f.army)
                    }
                };
                super::out(&text);
                warnings += file.warnings().len();
                report(file.warnings());
                loaded.push((name, file));
            }
            Err(problems) => {
                failed += 1;
                errors += problems.iter().filter(|p| !p.warning).count();
                warnings += problems.iter().filter(|p| p.warning).count();
                report(&problems);
            }
        }
    }
    let systems: Vec<(String, crate::rules::System)> = loaded
        .iter()
        .map(|(n, f)| (n.clone(), f.system()))
        .collect();
    if let Err(p) = one_system(&systems) {
        failed += 1;
        errors += 1;
        report(&[p]);
    }
    let warlords: Vec<_> = loaded
        .into_iter()
        .filter_map(|(_, f)| match f {
            AnyArmyFile::Warlords(f) => Some(f),
            AnyArmyFile::WarlordI(_)
            | AnyArmyFile::HomunculusEst(_)
            | AnyArmyFile::RobertsRules(_)
            | AnyArmyFile::ParkersWarlord(_) => None,
        })
        .collect();
    let across = battle_warnings(&warlords);
    warnings += across.len();
    report(&across);
    super::out(&format!(
        "{}\n",
        tally(files.len(), failed, errors, warnings)
    ));
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints problems, one per line, to standard error.
fn report(problems: &[Problem]) {
    for p in problems {
        eprintln!("{p}");
    }
}

/// The last line: how many files passed, with how many errors and warnings.
fn tally(files: usize, failed: usize, errors: usize, warnings: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let w = plural(warnings, "warning", "warnings");
    if failed == 0 {
        format!(
            "{}: no errors, {w}",
            plural(files, "army checked", "armies checked")
        )
    } else {
        format!(
            "{} of {} with errors: {}, {w}",
            failed,
            plural(files, "army file", "army files"),
            plural(errors, "error", "errors")
        )
    }
}
