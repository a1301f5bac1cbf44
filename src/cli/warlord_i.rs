//! The Warlord I subcommands' own parts: resolving its conformance cases
//! and their odds, and its armies' summaries (battles are made in `store::new_battle`).

pub mod check;
pub mod odds;
pub mod resolve;
