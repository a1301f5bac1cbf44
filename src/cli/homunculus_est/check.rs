//! A Homunculus Est! army's summary for `herald check`: its Army Break
//! Point, Command Points and units with their ratings, characteristics,
//! lines, attachments and generals.

use crate::rules::homunculus_est::Army;
use crate::rules::named::Named;
use std::fmt::Write as _;

/// An army's summary.
pub fn summary(path: &str, army: &Army) -> String {
    let mut out = String::new();
    let start = army.start();
    let _ = writeln!(
        out,
        "{path}: {} (side: {}), Homunculus Est!",
        army.name, army.side
    );
    let _ = writeln!(
        out,
        "  {} units, Army Break Point {}, Command Points: {}",
        army.units.len(),
        army.break_point,
        start.points.words()
    );
    let width = army
        .units
        .iter()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(0);
    for u in &army.units {
        let mut extras: Vec<String> = u
            .characteristics
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        extras.extend(u.lines.iter().map(|l| format!("{l} line")));
        extras.extend(u.attachments.iter().map(|a| a.name().to_string()));
        if let Some(g) = &u.general {
            extras.push(format!(
                "general {} ({} Generalship)",
                g.name, g.generalship
            ));
        }
        let _ = writeln!(
            out,
            "    {:<width$}  {}, CR {}{} MR {} DR {}{}",
            u.name,
            u.class_words(),
            u.combat_rating,
            if u.ranged_combat_rating > 0 {
                format!(" RCR {}", u.ranged_combat_rating)
            } else {
                String::new()
            },
            u.manoeuvre_rating,
            u.discipline_rating,
            if extras.is_empty() {
                String::new()
            } else {
                format!("; {}", extras.join(", "))
            }
        );
    }
    out.push('\n');
    out
}
