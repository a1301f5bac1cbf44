//! The battles and armies a referee can pick on the start screen: every save
//! in `saves/` with its system, armies, turn and when it was last played
//! (newest first), and every army file in `armies/` with its system. A file
//! that cannot be read is listed with a one-line reason, never skipped in
//! silence and never a panic.

use crate::battle::warlord_i::WarlordI;
use crate::battle::warlords::Warlords;
use crate::rules::System;
use crate::store::army::{AnyArmyFile, load_any};
use crate::store::save::{self, SaveError, is_original};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The longest reason shown for a file that cannot be read.
const REASON_CHARS: usize = 160;

/// A save as the start screen lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveListing {
    /// The file.
    pub path: PathBuf,
    /// The battle's name (the file's name without `.toml`).
    pub name: String,
    /// When it was last written.
    pub modified: Option<SystemTime>,
    /// What it holds, or why it cannot be read (one line).
    pub battle: Result<SaveSummary, String>,
}

/// What a readable save holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSummary {
    /// Its rule system.
    pub system: System,
    /// The names of each side's armies.
    pub sides: [Vec<String>; 2],
    /// The turn it stands in.
    pub turn: u32,
    /// How many events it holds.
    pub events: usize,
}

/// An army file as the start screen lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyListing {
    /// The file.
    pub path: PathBuf,
    /// Its path inside the armies folder (`warlord-i/carrhae.toml`).
    pub file: String,
    /// Its army's name and rule system, or why it cannot be read (one line).
    pub army: Result<(String, System), String>,
    /// The personalities its units hold, by name (a Warlords army; empty
    /// for the others), so one on both sides is said before a battle.
    pub personalities: Vec<String>,
}

/// The first line of a reason, cut to [`REASON_CHARS`].
pub fn one_line(text: &str) -> String {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let more = text.lines().filter(|l| !l.trim().is_empty()).count() > 1;
    let mut line: String = first.chars().take(REASON_CHARS).collect();
    if first.chars().count() > REASON_CHARS || more {
        line.push('…');
    }
    line
}

/// Why a file cannot be read, in one line, without its path (the list
/// names the file): `2:9: error: this is not valid TOML…`.
fn reason(path: &Path, text: &str) -> String {
    let line = one_line(text);
    let shown = path.display().to_string();
    match line.strip_prefix(&shown) {
        Some(rest) => rest.trim_start_matches([':', ' ']).to_string(),
        None => line,
    }
}

/// The `.toml` files of a folder, hidden files and the kept originals of
/// migrated saves left out; none when the folder is not there.
fn toml_files(dir: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.ends_with(".toml") && !n.starts_with('.') && !is_original(&n)
        })
        .map(|e| {
            let modified = std::fs::metadata(e.path())
                .ok()
                .and_then(|m| m.modified().ok());
            (e.path(), modified)
        })
        .collect()
}

/// Every save in `dir`, the most recently played first.
pub fn saves(dir: &Path) -> Vec<SaveListing> {
    let mut out: Vec<SaveListing> = toml_files(dir)
        .into_iter()
        .map(|(path, modified)| SaveListing {
            name: path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            modified,
            battle: summary(&path).map_err(|e| reason(&path, &e.to_string())),
            path,
        })
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    out
}

/// What a save holds, read without locking it (it may be open elsewhere).
pub fn summary(path: &Path) -> Result<SaveSummary, SaveError> {
    match save::system_of(path)? {
        System::Warlords => {
            let b = save::load::<Warlords>(path)?.data.battle;
            let names = |i: usize| b.setup().sides[i].iter().map(|a| a.name.clone()).collect();
            Ok(SaveSummary {
                system: System::Warlords,
                sides: [names(0), names(1)],
                turn: b.turn(),
                events: b.events().len(),
            })
        }
        System::WarlordI => {
            let b = save::load::<WarlordI>(path)?.data.battle;
            let names = |i: usize| b.setup().sides[i].iter().map(|a| a.name.clone()).collect();
            Ok(SaveSummary {
                system: System::WarlordI,
                sides: [names(0), names(1)],
                turn: b.turn(),
                events: b.events().len(),
            })
        }
        System::HomunculusEst => {
            let b = save::load::<crate::battle::homunculus_est::HomunculusEst>(path)?
                .data
                .battle;
            let names = |i: usize| vec![b.setup().sides[i].name.clone()];
            Ok(SaveSummary {
                system: System::HomunculusEst,
                sides: [names(0), names(1)],
                turn: b.turn(),
                events: b.events().len(),
            })
        }
        System::RobertsRules => {
            let b = save::load::<crate::battle::roberts_rules::RobertsRules>(path)?
                .data
                .battle;
            let names = |i: usize| vec![b.setup().sides[i].name.clone()];
            Ok(SaveSummary {
                system: System::RobertsRules,
                sides: [names(0), names(1)],
                turn: b.turn(),
                events: b.events().len(),
            })
        }
        System::ParkersWarlord => {
            let b = save::load::<crate::battle::parkers_warlord::ParkersWarlord>(path)?
                .data
                .battle;
            let names = |i: usize| vec![b.setup().sides[i].name.clone()];
            Ok(SaveSummary {
                system: System::ParkersWarlord,
                sides: [names(0), names(1)],
                turn: b.turn(),
                events: b.events().len(),
            })
        }
    }
}

/// Every army file in `dir` and its folders (`armies/warlord-i/`), by path.
pub fn armies(dir: &Path) -> Vec<ArmyListing> {
    let mut files = toml_files(dir);
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let hidden = e.file_name().to_string_lossy().starts_with('.');
            if !hidden && e.file_type().is_ok_and(|t| t.is_dir()) {
                files.extend(toml_files(&e.path()));
            }
        }
    }
    let mut out: Vec<ArmyListing> = files
        .into_iter()
        .map(|(path, _)| {
            let mut personalities = Vec::new();
            let army = match load_any(&path) {
                Ok(AnyArmyFile::Warlords(f)) => {
                    personalities = f
                        .army
                        .units()
                        .flat_map(|u| u.personalities.iter().map(|p| p.name.clone()))
                        .collect();
                    Ok((f.army.name, System::Warlords))
                }
                Ok(AnyArmyFile::WarlordI(f)) => Ok((f.army.name, System::WarlordI)),
                Ok(AnyArmyFile::RobertsRules(f)) => Ok((f.army.name, System::RobertsRules)),
                Ok(AnyArmyFile::ParkersWarlord(f)) => Ok((f.army.name, System::ParkersWarlord)),
                Ok(AnyArmyFile::HomunculusEst(f)) => Ok((f.army.name, System::HomunculusEst)),
                Err(ps) => Err(reason(
                    &path,
                    &ps.iter()
                        .filter(|p| !p.warning)
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                )),
            };
            ArmyListing {
                file: path
                    .strip_prefix(dir)
                    .unwrap_or(&path)
                    .display()
                    .to_string(),
                army,
                personalities,
                path,
            }
        })
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_one_line_and_short() {
        assert_eq!(one_line("a\nb"), "a…");
        assert_eq!(one_line("\n  \nonly"), "only");
        assert_eq!(one_line(&"x".repeat(500)).chars().count(), REASON_CHARS + 1);
    }

    #[test]
    fn a_missing_folder_lists_nothing() {
        assert!(saves(Path::new("/nonexistent/herald/saves")).is_empty());
        assert!(armies(Path::new("/nonexistent/herald/armies")).is_empty());
    }
}
