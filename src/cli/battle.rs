//! `herald new` and `herald log`: creating a battle and printing its report,
//! each by the armies' or the save's rule system; and the hidden `herald
//! autoplay` the crash test drives.

use super::charts;
use crate::battle::BattleError;
use crate::battle::warlord_i::WarlordI;
use crate::battle::warlords::Warlords;
use crate::dice::SeededDice;
use crate::rules::System;
use crate::store::new_battle::{self, NewBattleError};
use crate::store::save::{self, SaveCodec, SaveFile};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Reads and checks a Warlords army file (`store::new_battle`).
pub use crate::store::new_battle::load_warlords_army as load_army;

/// Creates `saves/NAME.toml` from the sides' army files. Each `--side` is
/// one army file, or several joined by commas (allies on one side).
pub fn new(
    name: &str,
    sides: &[PathBuf],
    seed: Option<u64>,
    saves: &Path,
    house: &[String],
) -> ExitCode {
    match create(name, sides, seed, saves, house) {
        Ok(path) => {
            println!(
                "herald: created {}; open it with `herald play {}`",
                path.display(),
                path.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn create(
    name: &str,
    sides: &[PathBuf],
    seed: Option<u64>,
    saves: &Path,
    house: &[String],
) -> Result<PathBuf, String> {
    new_battle::check_name(name).map_err(|e| format!("herald: {e}"))?;
    if sides.len() != 2 {
        return Err(format!(
            "herald: a battle has two sides: give --side twice (side a, then side b), not {} time(s); join allies' files with commas",
            sides.len()
        ));
    }
    let part = |side: &PathBuf| -> Vec<PathBuf> {
        side.to_string_lossy()
            .split(',')
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .collect()
    };
    let parts = [part(&sides[0]), part(&sides[1])];
    let seed = seed.unwrap_or_else(rand::random);
    new_battle::create(name, &parts, seed, saves, house).map_err(|e| match e {
        NewBattleError::Armies(s) => s,
        NewBattleError::Battle(s) => format!("herald: {s}"),
    })
}

/// Prints a save's battle report in Markdown, by the save's rule system;
/// or writes it with its charts (`--charts DIR`) or as HTML (`--html FILE`).
pub fn log(save: &Path, charts: Option<&Path>, html: Option<&Path>) -> ExitCode {
    let outputs = Outputs { charts, html };
    match save::system_of(save) {
        // Warlords' report is long (a table of every unit each turn): it is
        // written in pieces, never held whole.
        Ok(System::Warlords) => report::<Warlords>(
            save,
            crate::battle::warlords::report::write_markdown,
            &outputs,
        ),
        Ok(System::WarlordI) => report::<WarlordI>(
            save,
            |battle, name, out| {
                out.write_all(crate::battle::warlord_i::report::markdown(battle, name).as_bytes())
            },
            &outputs,
        ),
        Ok(System::HomunculusEst) => report::<crate::battle::homunculus_est::HomunculusEst>(
            save,
            |battle, name, out| {
                out.write_all(
                    crate::battle::homunculus_est::report::markdown(battle, name).as_bytes(),
                )
            },
            &outputs,
        ),
        Ok(System::RobertsRules) => report::<crate::battle::roberts_rules::RobertsRules>(
            save,
            |battle, name, out| {
                out.write_all(
                    crate::battle::roberts_rules::report::markdown(battle, name).as_bytes(),
                )
            },
            &outputs,
        ),
        Ok(System::ParkersWarlord) => report::<crate::battle::parkers_warlord::ParkersWarlord>(
            save,
            |battle, name, out| {
                out.write_all(
                    crate::battle::parkers_warlord::report::markdown(battle, name).as_bytes(),
                )
            },
            &outputs,
        ),
        Err(e) => {
            eprintln!(
                "herald: {} cannot be read; it is left as it is:\n{e}",
                save.display()
            );
            ExitCode::from(2)
        }
    }
}

/// Where `herald log` writes instead of printing.
struct Outputs<'a> {
    charts: Option<&'a Path>,
    html: Option<&'a Path>,
}

/// Writes the report with its course of the battle: into a folder as
/// Markdown and two SVG charts, or as one HTML file.
/// The files are named after the save (`saves/NAME.toml` gives `NAME.md`,
/// `NAME-strength.svg`, `NAME-morale.svg`), so two saves of one battle
/// never write over each other; a file already there is replaced, and
/// the line naming it says so.
fn write_files<S: SaveCodec>(
    battle: &crate::battle::Battle<S>,
    name: &str,
    save: &Path,
    report: &str,
    outputs: &Outputs,
) -> Result<Vec<String>, String> {
    let course = battle.course();
    let mut written = Vec::new();
    let write = |path: &Path, text: &str| -> Result<String, String> {
        let there = std::fs::symlink_metadata(path).is_ok();
        std::fs::write(path, text)
            .map(|()| {
                if there {
                    format!("{} (in place of the file that was there)", path.display())
                } else {
                    path.display().to_string()
                }
            })
            .map_err(|e| format!("herald: {} could not be written: {e}", path.display()))
    };
    let stem = save
        .file_stem()
        .map_or_else(|| name.to_string(), |s| s.to_string_lossy().into_owned());
    let name = stem.as_str();
    if let Some(dir) = outputs.charts {
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "herald: --charts takes a folder (made if missing) for the report and its two charts; {} is a file, left as it is",
                dir.display()
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "herald: the folder {} could not be made: {e}",
                dir.display()
            )
        })?;
        let strength = format!("{name}-strength.svg");
        let morale = format!("{name}-morale.svg");
        written.push(write(
            &dir.join(&strength),
            &charts::strength_svg(&course)?,
        )?);
        written.push(write(&dir.join(&morale), &charts::morale_svg(&course)?)?);
        // The course goes after the report's first table (the sides).
        let section = charts::markdown(&course, Some((&strength, &morale)));
        let md = insert_course(report, &section);
        written.push(write(&dir.join(format!("{name}.md")), &md)?);
    }
    if let Some(file) = outputs.html.filter(|f| f.is_dir()) {
        return Err(format!(
            "herald: --html takes the HTML file to write (hastings.html); {} is a folder",
            file.display()
        ));
    }
    if let Some(file) = outputs.html {
        let title = report
            .lines()
            .next()
            .map_or(name, |l| l.trim_start_matches("# "));
        let body = report.split_once('\n').map_or("", |(_, rest)| rest);
        written.push(write(file, &charts::html(title, &course, body)?)?);
    }
    Ok(written)
}

/// The report with the course section before its first turn.
fn insert_course(report: &str, section: &str) -> String {
    match report.find("\n## ") {
        Some(at) => format!("{}{section}{}", &report[..at + 1], &report[at + 1..]),
        None => format!("{report}\n{section}"),
    }
}

/// Prints the report `write` makes of a save of system `S`.
fn report<S: SaveCodec>(
    save: &Path,
    write: fn(&crate::battle::Battle<S>, &str, &mut dyn Write) -> std::io::Result<()>,
    outputs: &Outputs,
) -> ExitCode {
    match save::load::<S>(save) {
        Ok(loaded) => {
            if let Some(t) = loaded.torn {
                eprintln!(
                    "herald: note: {} ends with {}; the report leaves it out",
                    save.display(),
                    t.what()
                );
            }
            if outputs.charts.is_some() || outputs.html.is_some() {
                let mut text = Vec::new();
                let _ = write(&loaded.data.battle, &loaded.data.name, &mut text);
                let text = String::from_utf8_lossy(&text);
                let battle = &loaded.data.battle;
                return match write_files(battle, &loaded.data.name, save, &text, outputs) {
                    Ok(paths) => {
                        for p in paths {
                            println!("herald: wrote {p}");
                        }
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("{e}");
                        ExitCode::from(1)
                    }
                };
            }
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`herald log … | head`) ends the report quietly.
            let _ = write(&loaded.data.battle, &loaded.data.name, &mut stdout)
                .and_then(|()| stdout.flush());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "herald: {} cannot be read; it is left as it is:\n{e}",
                save.display()
            );
            ExitCode::from(2)
        }
    }
}

/// Test support for the crash test: opens a save, records `events` suggested
/// events rolled with the save's own dice, saving after each, and prints
/// `ack N` (N events in the file) once each save is durable.
pub fn autoplay(path: &Path, events: usize) -> ExitCode {
    let played = match save::system_of(path) {
        Ok(System::Warlords) => {
            autoplay_with::<Warlords>(path, events, |b, d| b.play_suggested(d).map(drop))
        }
        Ok(System::WarlordI) => {
            autoplay_with::<WarlordI>(path, events, |b, d| b.play_suggested(d).map(drop))
        }
        Ok(System::RobertsRules) => {
            autoplay_with::<crate::battle::roberts_rules::RobertsRules>(path, events, |b, d| {
                b.play_suggested(d).map(drop)
            })
        }
        Ok(System::ParkersWarlord) => {
            autoplay_with::<crate::battle::parkers_warlord::ParkersWarlord>(path, events, |b, d| {
                b.play_suggested(d).map(drop)
            })
        }
        Ok(System::HomunculusEst) => {
            autoplay_with::<crate::battle::homunculus_est::HomunculusEst>(path, events, |b, d| {
                b.play_suggested(d).map(drop)
            })
        }
        Err(e) => Err(e.to_string()),
    };
    match played {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("herald: {e}");
            ExitCode::from(2)
        }
    }
}

/// Plays `events` suggested events of a save of system `S` with `play`.
fn autoplay_with<S: SaveCodec>(
    path: &Path,
    events: usize,
    play: fn(&mut crate::battle::Battle<S>, &mut SeededDice) -> Result<(), BattleError>,
) -> Result<(), String> {
    let (mut file, mut data) = SaveFile::open::<S>(path).map_err(|e| e.to_string())?;
    let mut dice = SeededDice::restore(data.dice);
    let mut out = std::io::stdout().lock();
    for _ in 0..events {
        play(&mut data.battle, &mut dice).map_err(|e| e.to_string())?;
        data.dice = dice.position();
        file.save(&mut data.battle, data.dice)
            .map_err(|e| e.to_string())?;
        let _ = writeln!(out, "ack {}", data.battle.events().len());
        let _ = out.flush();
    }
    Ok(())
}
