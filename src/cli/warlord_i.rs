//! The Warlord I subcommands' own parts: resolving its conformance cases
//! and their odds, its armies' summaries, and making its battles.

pub mod battle;
pub mod check;
pub mod odds;
pub mod resolve;
