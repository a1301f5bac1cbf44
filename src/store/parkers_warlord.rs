//! Parker's Warlord files: its personality and unit tables and conformance
//! cases (`conformance/parkers-warlord/README.md`). Every file starts with
//! the top-level key `system = "parkers_warlord"`.

pub mod case;
pub mod roster;
pub mod save;
pub mod tables;

/// The word a Parker's Warlord file gives as its `system`.
pub const SYSTEM: &str = "parkers_warlord";
