//! A Parker's Warlord roster's summary for `herald check`: each personality
//! with his type, SR and hand limit, and his battle line.

use crate::rules::parkers_warlord::{Roster, shown};
use std::fmt::Write as _;

/// A roster's summary.
pub fn summary(path: &str, roster: &Roster) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{path}: {} (side: {}), Parker's Warlord",
        roster.name, roster.side
    );
    let units: usize = roster.personalities.iter().map(|p| p.units.len()).sum();
    let _ = writeln!(
        out,
        "  {} personalities, {units} units",
        roster.personalities.len()
    );
    for p in &roster.personalities {
        let x = &p.personality;
        let _ = writeln!(
            out,
            "\n  {} ({}), SR {}, initiative {}, hand limit {}{}",
            x.name,
            x.kind.title(),
            x.sr.map_or("?".into(), |s| s.to_string()),
            x.sr.map_or("?".into(), |s| (s + 10).to_string()),
            x.kind.cards(),
            if p.commands.is_empty() {
                String::new()
            } else {
                format!(", commands {}", p.commands.join(", "))
            },
        );
        for u in &p.units {
            let costs: Vec<String> = u
                .basic_costs
                .iter()
                .map(|c| c.map_or("?".into(), |n| n.to_string()))
                .collect();
            let _ = writeln!(
                out,
                "    {}{}  {} {}move {}\", basic cost maneuver/shoot/rally {}",
                u.unit.name,
                if u.banner { " (banner)" } else { "" },
                u.unit.code.as_deref().unwrap_or("-"),
                if u.unit.trained { "trained, " } else { "" },
                u.unit.move_inches.map_or("?".into(), shown),
                costs.join("/"),
            );
        }
    }
    out.push('\n');
    out
}
