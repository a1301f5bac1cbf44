//! The referee's console (ratatui). (Being built: issues 5 and 6.)

use std::path::PathBuf;

/// Opens the console on a save, or on the start screen when `save` is `None`.
pub fn run(save: Option<PathBuf>) -> Result<(), String> {
    let _ = save;
    Err("the console is not built yet; try `herald resolve FILE.toml`".to_string())
}
