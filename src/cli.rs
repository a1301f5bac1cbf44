//! The command line: subcommands that print to the terminal. Each turns
//! rules outcomes into text or JSON; no rules arithmetic happens here.

pub mod battle;
pub mod check;
pub mod odds;
pub mod plan;
pub mod resolve;
