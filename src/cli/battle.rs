//! `herald new` and `herald log`: creating a battle and printing its report,
//! each by the armies' or the save's rule system; and the hidden `herald
//! autoplay` the crash test drives.

use crate::battle::BattleError;
use crate::battle::warlord_i::WarlordI;
use crate::battle::warlords::{Battle, Setup, Warlords};
use crate::dice::SeededDice;
use crate::rules::System;
use crate::rules::warlords::army::Army;
use crate::store::army::{AnyArmyFile, load_any, one_system};
use crate::store::save::{self, SaveCodec, SaveData, SaveFile};
use crate::store::toml_walk::Problem;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Reads and checks a Warlords army file (`store::warlords::army`), its
/// problems as text; an army of another system is refused by its name.
pub fn load_army(path: &Path) -> Result<Army, String> {
    let text = |problems: Vec<Problem>| {
        problems
            .iter()
            .filter(|p| !p.warning)
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    match load_any(path).map_err(text)? {
        AnyArmyFile::Warlords(file) => Ok(file.army),
        other => Err(text(vec![Problem::file_error(
            path.display().to_string(),
            format!(
                "this is a {} army, not a Warlords one; `herald new` makes a {} battle of {} armies alone",
                other.system().title(),
                other.system().title(),
                other.system().title()
            ),
        )])),
    }
}

/// Whether a battle's name makes a plain file name.
fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.trim().is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':'])
        && !name.chars().any(char::is_control);
    if ok {
        Ok(())
    } else {
        Err(format!(
            "herald: '{name}' cannot name a battle: use letters, digits, '-' or '_' (it becomes saves/NAME.toml)"
        ))
    }
}

/// Creates `saves/NAME.toml` from the sides' army files. Each `--side` is
/// one army file, or several joined by commas (allies on one side).
pub fn new(name: &str, sides: &[PathBuf], seed: Option<u64>, saves: &Path) -> ExitCode {
    match create(name, sides, seed, saves) {
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
) -> Result<PathBuf, String> {
    check_name(name)?;
    if sides.len() != 2 {
        return Err(format!(
            "herald: a battle has two sides: give --side twice (side a, then side b), not {} time(s); join allies' files with commas",
            sides.len()
        ));
    }
    let parts: Vec<Vec<PathBuf>> = sides
        .iter()
        .map(|side| {
            side.to_string_lossy()
                .split(',')
                .filter(|p| !p.is_empty())
                .map(PathBuf::from)
                .collect()
        })
        .collect();
    // One battle, one rule system: told before any army is read.
    let systems: Vec<(String, crate::rules::System)> = parts
        .iter()
        .flatten()
        .filter_map(|p| {
            let text = crate::store::toml_walk::read_file(p).ok()?;
            let system = crate::store::system::of_text(&p.display().to_string(), &text).ok()?;
            Some((p.display().to_string(), system))
        })
        .collect();
    let system = one_system(&systems).map_err(|p| p.to_string())?;
    let seed = seed.unwrap_or_else(rand::random);
    let path = saves.join(format!("{name}.toml"));
    if system == System::WarlordI {
        super::warlord_i::battle::create(&parts, name, seed, &path)?;
        return Ok(path);
    }
    let mut armies: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
    let mut problems = Vec::new();
    for (i, side) in parts.iter().enumerate() {
        for part in side {
            match load_army(part) {
                Ok(a) => armies[i].push(a),
                Err(e) => problems.push(e),
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let [a, b] = armies;
    let setup = Setup::new(a, b).map_err(|e| format!("herald: {e}"))?;
    let mut data = SaveData {
        name: name.to_string(),
        dice: SeededDice::new(seed).position(),
        battle: Battle::new(setup),
    };
    SaveFile::create(&path, &mut data).map_err(|e| format!("herald: {e}"))?;
    Ok(path)
}

/// Prints a save's battle report in Markdown, by the save's rule system.
pub fn log(save: &Path) -> ExitCode {
    match save::system_of(save) {
        // Warlords' report is long (a table of every unit each turn): it is
        // written in pieces, never held whole.
        Ok(System::Warlords) => {
            report::<Warlords>(save, crate::battle::warlords::report::write_markdown)
        }
        Ok(System::WarlordI) => report::<WarlordI>(save, |battle, name, out| {
            out.write_all(crate::battle::warlord_i::report::markdown(battle, name).as_bytes())
        }),
        Err(e) => {
            eprintln!(
                "herald: {} cannot be read; it is left as it is:\n{e}",
                save.display()
            );
            ExitCode::from(2)
        }
    }
}

/// Prints the report `write` makes of a save of system `S`.
fn report<S: SaveCodec>(
    save: &Path,
    write: fn(&crate::battle::Battle<S>, &str, &mut dyn Write) -> std::io::Result<()>,
) -> ExitCode {
    match save::load::<S>(save) {
        Ok(loaded) => {
            if let Some(t) = loaded.torn {
                eprintln!(
                    "herald: note: {} ends with a write cut short at line {} ({} bytes, never acknowledged); the report leaves it out",
                    save.display(),
                    t.line,
                    t.bytes
                );
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
