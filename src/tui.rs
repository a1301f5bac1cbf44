//! The referee's console (ratatui): the unit tables, the turn walker, the
//! resolve panel with its dice and odds, corrections, undo and the log.
//!
//! `app` holds the state and `update(action) -> effects` (no I/O); `action`
//! is the vocabulary; `keymap` the one table of keys; `dialog` the dialog
//! stack; `view` the widgets; `theme` the colours; `start` the start
//! screen; `console` an open battle and its save (saving after every step,
//! and what a failed save asks); `run` the terminal loop.

pub mod console;
pub mod course_view;
pub mod facts;
pub mod homunculus_est;
pub mod keys;
pub mod log_browser;
pub mod parkers_warlord;
pub mod popup;
pub mod roberts_rules;
pub mod run;
pub mod screen;
pub mod shell_keymap;
pub mod start;
pub mod table;
pub mod text;
pub mod theme;
pub mod walker;
pub mod warlord_i;
pub mod warlords;

use std::path::PathBuf;

/// Opens the console on a save, or on the start screen when `save` is `None`.
pub fn run(save: Option<PathBuf>) -> Result<run::Outcome, String> {
    run::run(save)
}
