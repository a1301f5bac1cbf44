//! The referee's console (ratatui): the unit tables, the turn walker, the
//! resolve panel with its dice and odds, corrections, undo and the log.
//!
//! `app` holds the state and `update(action) -> effects` (no I/O); `action`
//! is the vocabulary; `keymap` the one table of keys; `dialog` the dialog
//! stack; `view` the widgets; `theme` the colours; `start` the start
//! screen; `run` the terminal loop that performs the effects (saving).

pub mod action;
pub mod app;
pub mod dialog;
pub mod keymap;
pub mod run;
pub mod start;
pub mod theme;
pub mod view;

use std::path::PathBuf;

/// Opens the console on a save, or on the start screen when `save` is `None`.
pub fn run(save: Option<PathBuf>) -> Result<(), String> {
    run::run(save)
}
