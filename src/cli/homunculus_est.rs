//! The Homunculus Est! subcommands' own parts: resolving its conformance
//! cases and their odds.

pub mod check;
pub mod odds;
pub mod resolve;
