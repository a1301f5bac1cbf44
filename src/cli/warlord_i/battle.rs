//! `herald new` for Warlord I armies: the sides' army files read by the
//! Warlord I reader, copied into a new save.

use crate::battle::warlord_i::{Battle, Setup};
use crate::dice::SeededDice;
use crate::rules::warlord_i::Army;
use crate::store::save::{SaveData, SaveFile};
use crate::store::toml_walk::Problem;
use std::path::{Path, PathBuf};

/// Reads and checks a Warlord I army file, its errors as text (its warnings
/// are shown by `herald check`, and do not stop a battle).
pub fn load_army(path: &Path) -> Result<Army, String> {
    crate::store::warlord_i::army::load_army(path)
        .map(|f| f.army)
        .map_err(|problems: Vec<Problem>| {
            problems
                .iter()
                .filter(|p| !p.warning)
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
}

/// Creates the save at `path` from each side's army files (allies on one
/// side: several files), with Herald's dice seeded by `seed`.
pub fn create(sides: &[Vec<PathBuf>], name: &str, seed: u64, path: &Path) -> Result<(), String> {
    let mut armies: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
    let mut problems = Vec::new();
    for (i, side) in sides.iter().enumerate().take(2) {
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
    SaveFile::create(path, &mut data).map_err(|e| format!("herald: {e}"))?;
    Ok(())
}
