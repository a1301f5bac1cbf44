//! `herald check FILE...`: army files checked and summarised. The files
//! given together are one battle: their nemesis and vendetta names are
//! looked up across all of them.

use crate::rules::named::Named;
use crate::rules::warlords::army::{Army, Contingent};
use crate::rules::warlords::personality::Personality;
use crate::rules::warlords::unit::{Formation, Unit};
use crate::store::army::{battle_warnings, load_army};
use crate::store::toml_walk::Problem;
use std::fmt::Write as _;
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
        match load_army(path) {
            Ok(file) => {
                super::out(&summary(&path.display().to_string(), &file.army));
                warnings += file.warnings.len();
                report(&file.warnings);
                loaded.push(file);
            }
            Err(problems) => {
                failed += 1;
                errors += problems.iter().filter(|p| !p.warning).count();
                warnings += problems.iter().filter(|p| p.warning).count();
                report(&problems);
            }
        }
    }
    let across = battle_warnings(&loaded);
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

/// An army's summary: its contingents, units with their stands, move and
/// charge distances, and personalities.
pub fn summary(path: &str, army: &Army) -> String {
    let units = army.units().count();
    let stands: u32 = army.units().map(|u| u.stands).sum();
    let personalities = army.units().map(|u| u.personalities.len()).sum::<usize>();
    let mut out = String::new();
    let _ = writeln!(out, "{path}: {} (side: {})", army.name, army.side);
    let _ = writeln!(
        out,
        "  {} contingents, {units} units, {stands} stands, {personalities} personalities",
        army.contingents.len()
    );
    let width = army
        .units()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(0);
    let c_in_c = army.c_in_c().map(|c| c.name.as_str());
    for c in &army.contingents {
        out.push('\n');
        contingent(&mut out, c, c_in_c == Some(c.name.as_str()), width);
    }
    out.push('\n');
    out
}

/// One contingent's lines.
fn contingent(out: &mut String, c: &Contingent, c_in_c: bool, width: usize) {
    let stands: u32 = c.units.iter().map(|u| u.stands).sum();
    let mut head = c.name.clone();
    let mut roles = Vec::new();
    if c_in_c {
        roles.push("C-in-C".to_string());
    }
    if let Some(g) = &c.general {
        roles.push(format!("general {g}"));
    }
    if !roles.is_empty() {
        let _ = write!(head, " ({})", roles.join(", "));
    }
    let _ = writeln!(out, "  {head}: {} units, {stands} stands", c.units.len());
    for u in &c.units {
        unit(out, u, width);
    }
}

/// One unit's line and its personalities' lines.
fn unit(out: &mut String, u: &Unit, width: usize) {
    let mut kind = format!("{}, {}", u.troop_type.title(), u.training);
    if u.formation != Formation::Line {
        let _ = write!(kind, ", in {}", u.formation.name());
    }
    let pad = width.saturating_sub(u.name.chars().count());
    let _ = writeln!(
        out,
        "    {}{}  {kind:<34} {:>3} stands  move {}  charge {}",
        u.name,
        " ".repeat(pad),
        u.stands,
        u.move_distance(),
        u.charge_distance(),
    );
    for p in &u.personalities {
        let _ = writeln!(out, "        {}", personality(p));
    }
}

/// A personality's ratings and traits on one line.
pub fn personality(p: &Personality) -> String {
    let mut parts = vec![
        format!("Charisma {}", signed(p.charisma)),
        format!("Prowess {}", signed(p.prowess)),
    ];
    if p.commander {
        parts.push("commander".into());
    }
    parts.extend(p.traits.iter().map(|t| t.name().replace('_', " ")));
    parts.extend(p.other_traits.iter().cloned());
    if !p.nemesis.is_empty() {
        parts.push(format!("nemesis {}", p.nemesis.join(", ")));
    }
    if let Some(v) = &p.vendetta {
        parts.push(format!("vendetta against {v}"));
    }
    if let Some(b) = &p.bounty {
        parts.push(format!("bounty: {b}"));
    }
    if !p.is_active() {
        parts.push(p.status.name().to_string());
    }
    format!("{}: {}", p.name, parts.join(", "))
}

/// A rating as the rules write it: +1, 0, -1.
fn signed(n: i8) -> String {
    if n == 0 {
        "0".to_string()
    } else {
        format!("{n:+}")
    }
}
