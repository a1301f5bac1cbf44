//! Warlords files: army lists (`docs/army-format.md`), the unit table they
//! share with the conformance cases, and the cases themselves. A Warlords
//! file says `system = "warlords"` at its top, or nothing: Warlords is the
//! system of a file that names none.

pub mod army;
pub mod case;
pub mod save;
pub mod unit_table;

use super::toml_walk::{Fields, Walk};
use crate::rules::System;
use crate::rules::named::Named;

/// Reads a Warlords file's optional top-level `system` key: absent, or
/// `warlords` (a file of another system never reaches this reader, see
/// [`crate::store::system`]).
pub(crate) fn read_system<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) {
    let Some(v) = top.peek("system") else { return };
    match v.get_ref().as_str() {
        Some(word) if System::parse(word) == Some(System::Warlords) => top.allow(&["system"]),
        _ => {
            let span = top.span_of("system");
            walk.error(
                span,
                "system",
                format!(
                    "a Warlords file says system = \"{}\", or leaves it out",
                    System::Warlords.name()
                ),
            );
            top.allow(&["system"]);
        }
    }
}
