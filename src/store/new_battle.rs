//! A new battle from army files, for `herald new` and the start screen
//! alike: the battle's name checked, the armies' one rule system found
//! before any is read in full, each side's armies (allies: several files)
//! read by that system's reader, and the save written without overwriting
//! a file that is there.

use crate::battle::{warlord_i, warlords};
use crate::dice::SeededDice;
use crate::rules::System;
use crate::rules::house::House;
use crate::store::army::{AnyArmyFile, load_any, one_system};
use crate::store::save::{SaveData, SaveFile};
use crate::store::toml_walk::Problem;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a new battle was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewBattleError {
    /// The name, or the army files: each problem placed in its file.
    Armies(String),
    /// The battle or its save was refused (a side without units, a save
    /// already there, a folder that cannot be written).
    Battle(String),
}

impl fmt::Display for NewBattleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewBattleError::Armies(s) | NewBattleError::Battle(s) => f.write_str(s),
        }
    }
}

/// Problems as text, the warnings left out (`herald check` shows them; they
/// do not stop a battle).
fn problems_text(problems: &[Problem]) -> String {
    problems
        .iter()
        .filter(|p| !p.warning)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads and checks a Warlords army file, its problems as text; an army of
/// another system is refused by its name.
pub fn load_warlords_army(path: &Path) -> Result<crate::rules::warlords::army::Army, String> {
    match load_any(path).map_err(|ps| problems_text(&ps))? {
        AnyArmyFile::Warlords(file) => Ok(file.army),
        other => Err(problems_text(&[Problem::file_error(
            path.display().to_string(),
            format!(
                "this is a {} army, not a Warlords one; a {} battle is made of {} armies alone",
                other.system().title(),
                other.system().title(),
                other.system().title()
            ),
        )])),
    }
}

/// Reads and checks a Warlord I army file, its errors as text.
pub fn load_warlord_i_army(path: &Path) -> Result<crate::rules::warlord_i::Army, String> {
    crate::store::warlord_i::army::load_army(path)
        .map(|f| f.army)
        .map_err(|ps| problems_text(&ps))
}

/// Reads a Homunculus Est! army file for a new battle.
pub fn load_homunculus_est_army(path: &Path) -> Result<crate::rules::homunculus_est::Army, String> {
    crate::store::homunculus_est::army::load_army(path)
        .map(|f| f.army)
        .map_err(|ps| problems_text(&ps))
}

/// Reads a Robert's Rules army file for a new battle.
pub fn load_roberts_rules_army(path: &Path) -> Result<crate::rules::roberts_rules::Army, String> {
    crate::store::roberts_rules::army::load_army(path)
        .map(|f| f.army)
        .map_err(|ps| problems_text(&ps))
}

/// Whether a battle's name makes a plain file name (`saves/NAME.toml`).
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.trim().is_empty()
        && name.trim() == name
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':'])
        && !name.chars().any(char::is_control)
        && name.chars().count() <= 100;
    if ok {
        Ok(())
    } else {
        Err(format!(
            "'{}' cannot name a battle: use letters, digits, '-' or '_' (it becomes saves/NAME.toml)",
            name.chars().take(100).collect::<String>()
        ))
    }
}

/// The save a battle named `name` gets in the folder `saves`.
pub fn save_path(saves: &Path, name: &str) -> PathBuf {
    saves.join(format!("{name}.toml"))
}

/// Creates `saves/NAME.toml` from each side's army files (allies on one
/// side: several files), with Herald's dice seeded by `seed` and the house
/// options `house` (`NAME` or `NAME=VALUE`, dashes or underscores alike:
/// `rules::house`); an existing file is never overwritten.
pub fn create(
    name: &str,
    sides: &[Vec<PathBuf>; 2],
    seed: u64,
    saves: &Path,
    house: &[String],
) -> Result<PathBuf, NewBattleError> {
    check_name(name).map_err(NewBattleError::Armies)?;
    // One battle, one rule system: told before any army is read.
    let systems: Vec<(String, System)> = sides
        .iter()
        .flatten()
        .filter_map(|p| {
            let text = crate::store::toml_walk::read_file(p).ok()?;
            let system = crate::store::system::of_text(&p.display().to_string(), &text).ok()?;
            Some((p.display().to_string(), system))
        })
        .collect();
    let system = one_system(&systems).map_err(|p| NewBattleError::Armies(p.to_string()))?;
    let house = house_of(system, house)?;
    let path = save_path(saves, name);
    match system {
        System::Warlords => {
            let [a, b] = read_sides(sides, load_warlords_army)?;
            let mut setup =
                warlords::Setup::new(a, b).map_err(|e| NewBattleError::Battle(e.to_string()))?;
            setup.house = house;
            write(&path, name, seed, warlords::Battle::new(setup))?;
        }
        System::WarlordI => {
            let [a, b] = read_sides(sides, load_warlord_i_army)?;
            let mut setup =
                warlord_i::Setup::new(a, b).map_err(|e| NewBattleError::Battle(e.to_string()))?;
            setup.house = house;
            write(&path, name, seed, warlord_i::Battle::new(setup))?;
        }
        System::HomunculusEst => {
            let [a, b] = read_sides(sides, load_homunculus_est_army)?;
            let mut setup = crate::battle::homunculus_est::Setup::new(a, b)
                .map_err(|e| NewBattleError::Battle(e.to_string()))?;
            setup.house = house;
            write(
                &path,
                name,
                seed,
                crate::battle::homunculus_est::Battle::new(setup),
            )?;
        }
        System::RobertsRules => {
            let [a, b] = read_sides(sides, load_roberts_rules_army)?;
            let mut setup = crate::battle::roberts_rules::Setup::new(a, b)
                .map_err(|e| NewBattleError::Battle(e.to_string()))?;
            setup.house = house;
            write(
                &path,
                name,
                seed,
                crate::battle::roberts_rules::Battle::new(setup),
            )?;
        }
        System::ParkersWarlord => {
            let [a, b] = read_sides(sides, |p| {
                crate::store::parkers_warlord::roster::load_roster(p)
                    .map(|f| f.army)
                    .map_err(|ps| problems_text(&ps))
            })?;
            let mut setup = crate::battle::parkers_warlord::Setup::new(a, b)
                .map_err(|e| NewBattleError::Battle(e.to_string()))?;
            setup.house = house;
            let battle = crate::battle::parkers_warlord::Battle::new(setup);
            write(&path, name, seed, battle)?;
        }
    }
    Ok(path)
}

/// The house options of a new battle of `system`, each setting `NAME` or
/// `NAME=VALUE`; an unknown option or value is refused with what is accepted.
pub fn house_of(system: System, settings: &[String]) -> Result<House, NewBattleError> {
    let mut house = system.house_defaults();
    for setting in settings {
        house
            .set_text(setting, system.title())
            .map_err(|e| NewBattleError::Battle(format!("--house {setting}: {e}")))?;
    }
    Ok(house)
}

/// Each side's armies read by `load`; every file's problems together.
fn read_sides<A>(
    sides: &[Vec<PathBuf>; 2],
    load: fn(&Path) -> Result<A, String>,
) -> Result<[Vec<A>; 2], NewBattleError> {
    let mut armies: [Vec<A>; 2] = [Vec::new(), Vec::new()];
    let mut problems = Vec::new();
    for (i, side) in sides.iter().enumerate() {
        for part in side {
            match load(part) {
                Ok(a) => armies[i].push(a),
                Err(e) => problems.push(e),
            }
        }
    }
    if problems.is_empty() {
        Ok(armies)
    } else {
        Err(NewBattleError::Armies(problems.join("\n")))
    }
}

/// Writes a new battle's save (never over a file that is there).
fn write<S: crate::store::save::SaveCodec>(
    path: &Path,
    name: &str,
    seed: u64,
    battle: crate::battle::Battle<S>,
) -> Result<(), NewBattleError> {
    let mut data = SaveData {
        name: name.to_string(),
        dice: SeededDice::new(seed).position(),
        battle,
    };
    SaveFile::create(path, &mut data)
        .map(drop)
        .map_err(|e| NewBattleError::Battle(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_must_make_a_plain_file_name() {
        assert!(check_name("hastings-2").is_ok());
        for bad in ["", " ", ".hidden", "a/b", "a:b", " lead", "tab\t"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }
}
