//! A Robert's Rules army's summary for `herald check`: its units with
//! AV-DV (MAV), stands, Training and Attributes, cost and size, its leaders
//! and its total against the points allotted.

use crate::rules::named::Named;
use crate::rules::roberts_rules::{Army, army_building::shown, unit_cost, unit_size};
use crate::store::roberts_rules::army::army_cost;
use std::fmt::Write as _;

/// An army's summary.
pub fn summary(path: &str, army: &Army) -> String {
    let house = crate::rules::System::RobertsRules.house_defaults();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{path}: {} (side: {}), Robert's Rules of Warfare",
        army.name, army.side
    );
    let total = army_cost(army);
    let _ = writeln!(
        out,
        "  {} units, {} leaders, {} points{}, {}",
        army.units.len(),
        army.leaders.len(),
        shown(total),
        army.points
            .map_or(String::new(), |p| format!(" of {}", shown(p))),
        if army.scale_15mm { "15mm" } else { "25mm" }
    );
    let width = army
        .units
        .iter()
        .map(|u| u.unit.name.chars().count())
        .max()
        .unwrap_or(0);
    for u in &army.units {
        let x = &u.unit;
        let attrs: Vec<&str> = x.attributes.iter().map(|a| a.name()).collect();
        let cost = u.base_cost.map_or("not costed".to_string(), |b| {
            let c = unit_cost(b, &u.percent, x.stands_original, x.formed, &house);
            format!(
                "{} pts ({} a stand)",
                shown(c.unit_cost),
                shown(c.stand_cost)
            )
        });
        let size = match (x.formed, u.stand_size) {
            (false, _) => "Unformed".to_string(),
            (true, Some(s)) => unit_size(s, x.training, army.scale_15mm, u.limits, u.no_minimum)
                .map_or("size unchecked".into(), |r| {
                    format!("size {}-{} stands", r.min_stands, r.max_stands)
                }),
            (true, None) => "size unchecked".into(),
        };
        let _ = writeln!(
            out,
            "    {:<width$}  {:<9} {:>2} stand{}  {}{}{}, {cost}, {size}",
            x.name,
            x.values(),
            x.stands,
            if x.stands == 1 { " " } else { "s" },
            x.training,
            if attrs.is_empty() {
                String::new()
            } else {
                format!(" {}", attrs.join(" "))
            },
            if x.captain_attached {
                ", leader attached"
            } else {
                ""
            },
        );
    }
    for l in &army.leaders {
        let _ = writeln!(
            out,
            "    {} ({}){}{}",
            l.name,
            l.kind,
            l.attached_to
                .as_ref()
                .map_or(", roaming".to_string(), |u| format!(", with {u}")),
            l.cost.map_or(String::new(), |c| format!(", {c} pts")),
        );
    }
    out.push('\n');
    out
}
