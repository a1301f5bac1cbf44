//! `herald check FILE...`: army files checked and summarised. (Being built: issue 3.)

use std::path::PathBuf;
use std::process::ExitCode;

/// Checks each army file and prints its summary or its problems.
pub fn run(files: &[PathBuf]) -> ExitCode {
    let _ = files;
    eprintln!("herald check is not built yet");
    ExitCode::from(2)
}
