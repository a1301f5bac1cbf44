//! A Parker's Warlord battle's report (`herald log`): the rosters, the
//! house options, every event with its dice and explanation, and each
//! personality's hand where the battle stands.

use super::Battle;
use crate::rules::Side;
use crate::rules::named::Named as _;

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
    // The house options the battle was made with (rules::house); nothing when none.
    out.push('\n');
    out.push_str(&setup.house.report());
    out.push_str("## Events\n\n");
    for i in 0..battle.events().len() {
        let Some(e) = battle.entry(i) else { continue };
        out.push_str(&format!(
            "{}. turn {}, {}: {}\n",
            i + 1,
            e.turn,
            e.phase,
            e.summary
        ));
        if let Some(why) = battle.earlier_reading(i) {
            out.push_str(&format!("   - {}\n", crate::battle::earlier_words(why)));
        }
        for roll in &e.rolls {
            let faces: Vec<String> = roll
                .dice
                .d20
                .iter()
                .map(|d| d.value().to_string())
                .collect();
            if !faces.is_empty() {
                out.push_str(&format!(
                    "   - dice, {}: d20 {}\n",
                    roll.who,
                    faces.join(" ")
                ));
            }
        }
        for l in &e.explanation.lines {
            out.push_str(&format!("   - {} ({})\n", l.text, l.cite));
        }
    }
    let s = battle.state();
    out.push_str(&format!("\n## Now\n\nTurn {}, {}.\n\n", s.turn, s.phase));
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
    // Every unit: its order, a lost Maneuver (PW-9), the commands done in
    // its side's latest turn (cleared when that side's next turn begins).
    out.push_str(
        "\n| unit | side | battle line | order | commands in its side's latest turn |\n|---|---|---|---|---|\n",
    );
    for side in [Side::A, Side::B] {
        for u in &s.units[side as usize] {
            let done: Vec<&str> = u.unit.done.iter().map(|c| c.words()).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {}{} | {} |\n",
                u.unit.name,
                side.name(),
                s.officers[side as usize][u.personality].personality.name,
                u.unit.order.name(),
                if u.unit.lost_maneuver {
                    ", considered to have maneuvered (PW-9)"
                } else {
                    ""
                },
                if done.is_empty() {
                    "none".to_string()
                } else {
                    done.join(", ")
                }
            ));
        }
    }
    out
}
