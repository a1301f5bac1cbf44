//! A Robert's Rules battle's report (`herald log`): the armies, the house
//! options, every event with its dice and explanation, and where the
//! battle stands.

use super::Battle;
use crate::rules::Side;

/// The report in Markdown.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let setup = battle.setup();
    let mut out = format!("# {name}: Robert's Rules of Warfare\n\n");
    for side in [Side::A, Side::B] {
        let a = &setup.sides[side as usize];
        out.push_str(&format!(
            "- side {}: {} ({} units)\n",
            side.name(),
            a.name,
            a.units.len()
        ));
    }
    out.push_str(&format!("- {}\n\n## Events\n\n", setup.house.report()));
    for i in 0..battle.events().len() {
        let Some(e) = battle.entry(i) else { continue };
        out.push_str(&format!(
            "{}. turn {}, {}: {}\n",
            i + 1,
            e.turn,
            e.phase,
            e.summary
        ));
        for l in &e.explanation.lines {
            out.push_str(&format!("   - {} ({})\n", l.text, l.cite));
        }
    }
    let s = battle.state();
    out.push_str(&format!("\n## Now\n\nTurn {}, {}.\n", s.turn, s.phase));
    for side in [Side::A, Side::B] {
        out.push_str(&format!("\n### side {}\n\n", side.name()));
        for t in &s.units[side as usize] {
            let u = &t.unit;
            out.push_str(&format!(
                "- {} {}: {} of {} stands, {} of {} Hits lost{}{}{}\n",
                u.name,
                u.values(),
                if t.gone() { 0 } else { u.stands },
                u.stands_original,
                u.hits_lost,
                u.total_hits(),
                if u.demoralized() { ", Demoralized" } else { "" },
                if t.broken { ", broken" } else { "" },
                if t.routed {
                    ", routed"
                } else if t.destroyed {
                    ", destroyed"
                } else {
                    ""
                }
            ));
        }
    }
    out
}
