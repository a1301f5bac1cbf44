//! The Warlords subcommands' own parts: resolving and the odds of its
//! conformance cases, and its armies' summaries.

pub mod check;
pub mod odds;
pub mod plan;
pub mod resolve;
