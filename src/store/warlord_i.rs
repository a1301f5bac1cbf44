//! Warlord I files: the unit and CO tables, conformance cases and army
//! files of the second rule system. Every file starts with the top-level
//! key `system = "warlord_i"`; every problem is reported with its file,
//! line, column and field path, as for Warlords files.

pub mod army;
pub mod case;
pub mod save;
pub mod unit_table;

use super::toml_walk::{Fields, Walk};
use crate::rules::named::closest;

/// The word a Warlord I file gives as its `system`.
pub const SYSTEM: &str = "warlord_i";

/// The systems Herald knows, for a did-you-mean.
const SYSTEMS: &[&str] = &["warlord_i", "warlords"];

/// Reads the top-level `system` key, which must say `warlord_i`; records
/// the problem (at the value, or at the top of the file when missing) and
/// returns whether it does. `what` names the file's kind ("case file").
pub(crate) fn read_system<'s>(
    walk: &mut Walk<'_, 's>,
    top: &mut Fields<'_, 's>,
    what: &str,
) -> bool {
    let Some(v) = top.get("system") else {
        walk.error(
            0..0,
            "system",
            format!(
                "this {what} has no top-level system = \"{SYSTEM}\"; a file without 'system' is a Warlords file, and a Warlord I file says system = \"{SYSTEM}\" before its first table"
            ),
        );
        return false;
    };
    match v.get_ref().as_str() {
        Some(SYSTEM) => true,
        Some(other) => {
            let hint = if other == "warlords" {
                " (that is the Warlords rules: read it as a Warlords file)".to_string()
            } else {
                closest(other, SYSTEMS.iter().copied())
                    .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"))
            };
            walk.error(
                v.span(),
                "system",
                format!(
                    "'{other}' is not the Warlord I system{hint}; this reader takes system = \"{SYSTEM}\""
                ),
            );
            false
        }
        None => {
            walk.error(
                v.span(),
                "system",
                format!(
                    "expected the text \"{SYSTEM}\", found {}",
                    super::toml_walk::shown(v.get_ref())
                ),
            );
            false
        }
    }
}
