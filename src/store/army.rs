//! Army files of any rule system: the file's `system` key (Warlords when it
//! names none) picks the system's own reader, after the size limit and UTF-8
//! are checked; a system this Herald does not know is refused in one line.

use super::system;
use super::toml_walk::{self, Problem};
use super::{homunculus_est, parkers_warlord, roberts_rules, warlord_i, warlords};
use crate::rules::System;
use std::path::Path;

/// An army file read by its system's reader.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyArmyFile {
    /// A Warlords army (`docs/army-format.md`).
    Warlords(warlords::army::ArmyFile),
    /// A Warlord I army (`docs/army-format-warlord-i.md`).
    WarlordI(warlord_i::army::ArmyFile),
    /// A Robert's Rules army (`docs/army-format-roberts-rules.md`).
    RobertsRules(roberts_rules::army::ArmyFile),
    /// A Parker's Warlord roster (`docs/army-format-parkers-warlord.md`).
    ParkersWarlord(parkers_warlord::roster::RosterFile),
    /// A Homunculus Est! army (`docs/army-format-homunculus-est.md`).
    HomunculusEst(homunculus_est::army::ArmyFile),
}

impl AnyArmyFile {
    /// The rule system it is written for.
    pub fn system(&self) -> System {
        match self {
            AnyArmyFile::Warlords(_) => System::Warlords,
            AnyArmyFile::WarlordI(_) => System::WarlordI,
            AnyArmyFile::RobertsRules(_) => System::RobertsRules,
            AnyArmyFile::ParkersWarlord(_) => System::ParkersWarlord,
            AnyArmyFile::HomunculusEst(_) => System::HomunculusEst,
        }
    }

    /// Its warnings: shown, but the army loads.
    pub fn warnings(&self) -> &[Problem] {
        match self {
            AnyArmyFile::Warlords(f) => &f.warnings,
            AnyArmyFile::WarlordI(f) => &f.warnings,
            AnyArmyFile::RobertsRules(f) => &f.warnings,
            AnyArmyFile::ParkersWarlord(f) => &f.warnings,
            AnyArmyFile::HomunculusEst(f) => &f.warnings,
        }
    }
}

/// Reads an army file's text with its system's reader.
pub fn read_any(path: &str, text: &str) -> Result<AnyArmyFile, Vec<Problem>> {
    match system::of_text(path, text).map_err(|p| vec![p])? {
        System::Warlords => warlords::army::read_army(path, text).map(AnyArmyFile::Warlords),
        System::WarlordI => warlord_i::army::read_army(path, text).map(AnyArmyFile::WarlordI),
        System::RobertsRules => {
            roberts_rules::army::read_army(path, text).map(AnyArmyFile::RobertsRules)
        }
        System::ParkersWarlord => {
            parkers_warlord::roster::read_roster(path, text).map(AnyArmyFile::ParkersWarlord)
        }
        System::HomunculusEst => {
            homunculus_est::army::read_army(path, text).map(AnyArmyFile::HomunculusEst)
        }
    }
}

/// Reads an army file from disk (a regular file, within the size limit, UTF-8).
pub fn load_any(path: &Path) -> Result<AnyArmyFile, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_any(&path.display().to_string(), &text)
}

/// The one system of the armies given for a battle, or a problem naming the
/// file that is of another (a battle never mixes systems).
pub fn one_system(files: &[(String, System)]) -> Result<System, Problem> {
    let Some((first, system)) = files.first() else {
        return Ok(System::Warlords);
    };
    match files.iter().find(|(_, s)| s != system) {
        None => Ok(*system),
        Some((other, s)) => Err(Problem::file_error(
            other,
            format!(
                "this army is for {} but {first} is for {}: one battle is played under one rule system",
                s.title(),
                system.title()
            ),
        )),
    }
}
