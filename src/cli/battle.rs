//! `herald new` and `herald log`: creating a battle and printing its report. (Being built: issue 4.)

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Creates `saves/NAME.toml` from the sides' army files.
pub fn new(name: &str, sides: &[PathBuf], seed: Option<u64>, saves: &Path) -> ExitCode {
    let _ = (name, sides, seed, saves);
    eprintln!("herald new is not built yet");
    ExitCode::from(2)
}

/// Prints a save's battle report in Markdown.
pub fn log(save: &Path) -> ExitCode {
    let _ = save;
    eprintln!("herald log is not built yet");
    ExitCode::from(2)
}
