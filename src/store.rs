//! Files: army lists, conformance cases and saves. Raw text is parsed and
//! checked once here into the core's types; every problem is reported with
//! its file, line, column and field.

pub mod army;
pub mod case;
pub mod dice;
pub mod homunculus_est;
pub mod house;
pub mod library;
pub mod new_battle;
pub mod parkers_warlord;
pub mod roberts_rules;
pub mod save;
pub mod system;
pub mod toml_walk;
pub mod warlord_i;
pub mod warlords;
