//! The Robert's Rules subcommands' own parts: resolving its conformance cases.

pub mod check;
pub mod odds;
pub mod resolve;
