//! `herald odds FILE [--json]`: exact odds for every case of a file. (Being built: issue 7.)

use std::path::Path;
use std::process::ExitCode;

/// Prints the odds of every case in `file`.
pub fn run(file: &Path, json: bool) -> ExitCode {
    let _ = (file, json);
    eprintln!("herald odds is not built yet");
    ExitCode::from(2)
}
