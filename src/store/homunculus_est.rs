//! Homunculus Est! files: its unit table, army tables and conformance cases
//! (`conformance/homunculus-est/README.md`). Every file starts with the
//! top-level key `system = "homunculus_est"`; every problem is reported
//! with its file, line, column and field path, as for the other systems.

pub mod army;
pub mod case;
pub mod save;
pub mod unit_table;

use super::toml_walk::{Fields, Walk};
use crate::rules::System;
use crate::rules::named::Named;

/// Reads the top-level `system` key, which must name `system`; records the
/// problem (at the value, or at the top of the file when missing) and
/// returns whether it does. `what` names the file's kind ("case file").
pub(crate) fn read_system<'s>(
    walk: &mut Walk<'_, 's>,
    top: &mut Fields<'_, 's>,
    system: System,
    what: &str,
) -> bool {
    let word = system.name();
    let Some(v) = top.get("system") else {
        walk.error(
            0..0,
            "system",
            format!("this {what} has no top-level system = \"{word}\"; a {} file says so before its first table", system.title()),
        );
        return false;
    };
    match v.get_ref().as_str() {
        Some(w) if w == word => true,
        Some(other) => {
            walk.error(
                v.span(),
                "system",
                format!(
                    "'{other}' is not the {} system; this reader takes system = \"{word}\"",
                    system.title()
                ),
            );
            false
        }
        None => {
            walk.error(
                v.span(),
                "system",
                format!(
                    "expected the text \"{word}\", found {}",
                    super::toml_walk::shown(v.get_ref())
                ),
            );
            false
        }
    }
}
