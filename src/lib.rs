//! Herald: a referee's console for medieval miniatures battles.
//!
//! Layers point downwards only (see `DESIGN.md`): `rules` (pure) and `dice`
//! at the bottom, then `odds` and `battle`, then `store` (files), and the
//! console (`tui`) and command line (`cli`) on top.

pub mod battle;
pub mod cli;
pub mod dice;
pub mod odds;
pub mod rules;
pub mod store;
pub mod tui;
