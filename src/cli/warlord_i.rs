//! The Warlord I subcommands' own parts: resolving its conformance cases
//! and its armies' summaries.

pub mod check;
pub mod resolve;
