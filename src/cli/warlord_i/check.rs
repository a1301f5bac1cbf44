//! A Warlord I army's summary for `herald check`: its divisions with their
//! commanding officers and stars, and their units.

use crate::rules::named::Named;
use crate::rules::warlord_i::Army;
use std::fmt::Write as _;

/// An army's summary: its divisions, their COs (stars, C-in-C) and units.
pub fn summary(path: &str, army: &Army) -> String {
    let units = army.units().count();
    let bases: u32 = army.units().map(|u| u.bases).sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{path}: {} (side: {}), Warlord I",
        army.name, army.side
    );
    let _ = writeln!(
        out,
        "  {} divisions, {units} units, {bases} bases",
        army.divisions.len()
    );
    let width = army
        .units()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(0);
    for d in &army.divisions {
        let co = &d.co;
        let stars = "*".repeat(usize::from(co.stars));
        let _ = writeln!(
            out,
            "\n  {}: {} {stars}{}",
            d.name,
            co.name,
            if co.c_in_c { " (C-in-C)" } else { "" }
        );
        for u in &d.units {
            let _ = writeln!(
                out,
                "    {:<width$}  {} {}, {} bases, morale class {}",
                u.name,
                u.troop_type.name(),
                u.armour.name(),
                u.bases,
                u.morale_class.name()
            );
        }
    }
    out.push('\n');
    out
}
