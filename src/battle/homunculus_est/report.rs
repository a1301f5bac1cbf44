//! A Homunculus Est! battle's report (`herald log`): the armies, the house
//! options, every event with its dice and explanation, and where the battle
//! stands.

use super::Battle;
use super::state::{army_line, revealed_line};
use crate::rules::Side;

/// The report in Markdown.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let setup = battle.setup();
    let mut out = format!("# {name}: Homunculus Est!\n\n");
    for side in [Side::A, Side::B] {
        let a = &setup.sides[side as usize];
        out.push_str(&format!(
            "- side {}: {} ({} units, Army Break Point {})\n",
            side.name(),
            a.name,
            a.units.len(),
            a.break_point
        ));
    }
    // the house options the battle was made with (rules::house); nothing when none
    out.push_str(&format!("\n{}## Events\n\n", setup.house.report()));
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
        out.push_str(&format!(
            "- player {}: {}{}\n",
            side.name(),
            army_line(&s.armies[side as usize].points, &s.cards[side as usize]),
            revealed_line(&s.cards[side as usize])
        ));
    }
    if let Some(b) = s.broken {
        out.push_str(&format!(
            "\nPlayer {}'s army is broken: the battle is lost.\n",
            b.name()
        ));
    }
    out
}
