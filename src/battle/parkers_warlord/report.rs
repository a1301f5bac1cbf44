//! A Parker's Warlord battle's report (`herald log`): the rosters, the
//! house options, every event with its dice and explanation, and each
//! personality's hand where the battle stands.

use super::Battle;
use crate::rules::Side;

/// The report in Markdown.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let setup = battle.setup();
    let mut out = format!("# {name}: Parker's Warlord\n\n");
    for side in [Side::A, Side::B] {
        let r = &setup.sides[side as usize];
        out.push_str(&format!(
            "- side {}: {} ({} personalities)\n",
            side.name(),
            r.name,
            r.personalities.len()
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
        for o in &s.officers[side as usize] {
            let p = &o.personality;
            out.push_str(&format!(
                "- {} ({}): {} of {} cards{}{}\n",
                p.name,
                p.kind.title(),
                p.hand,
                p.kind.cards(),
                if p.wounded { ", wounded" } else { "" },
                if p.uncontrolled_actions > 0 {
                    format!(", {} uncontrolled", p.uncontrolled_actions)
                } else {
                    String::new()
                }
            ));
        }
    }
    out
}
