//! The battle report in Markdown: turn by turn, every roll with its dice and
//! result, casualties and stands lost, personalities' fates, and a closing
//! table of each side's strength.

use super::Battle;
use super::event::Phase;
use super::state::dice_text;
use crate::rules::Side;
use crate::rules::warlords::personality::PersonalityStatus;
use std::fmt::Write;

/// Escapes the characters that would break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The whole report of battle `name`.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let mut o = String::new();
    let setup = battle.setup();
    let state = battle.state();
    let _ = writeln!(o, "# Battle report: {name}\n");
    o.push_str("| side | armies | units |\n|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let armies: Vec<String> = setup.armies(side).iter().map(|a| cell(&a.name)).collect();
        let _ = writeln!(
            o,
            "| {} ({}) | {} | {} |",
            side.name(),
            cell(&setup.label(side)),
            armies.join("; "),
            setup.units(side).count()
        );
    }
    let mut turn = 0;
    let mut phase = None;
    for (i, entry) in battle.replay_entries().enumerate() {
        if entry.turn != turn {
            turn = entry.turn;
            phase = None;
            let _ = writeln!(o, "\n## Turn {turn}");
        }
        if phase != Some(entry.phase) {
            phase = Some(entry.phase);
            let title = match entry.phase {
                Phase::Initiative => "Initiative".to_string(),
                Phase::Activation(s) => {
                    format!("Side {}'s activations ({})", s.name(), setup.label(s))
                }
                Phase::Melee => "Melee".to_string(),
            };
            let _ = writeln!(o, "\n### {title}\n");
        }
        let _ = writeln!(o, "{}. {}", i + 1, entry.summary);
        for roll in &entry.rolls {
            let _ = writeln!(o, "   - dice, {}: {}", roll.who, dice_text(&roll.dice));
        }
        for effect in &entry.effects {
            let _ = writeln!(o, "   - {effect}");
        }
    }
    if battle.events().is_empty() {
        o.push_str("\nNo events yet: the battle is at turn 1, before initiative.\n");
    }
    o.push_str("\n## Personalities\n\n");
    let mut any = false;
    for side in [Side::A, Side::B] {
        for (id, u) in battle.units(side) {
            for p in &u.unit.personalities {
                if !any {
                    o.push_str("| personality | side | unit | fate |\n|---|---|---|---|\n");
                    any = true;
                }
                let fate = match p.status {
                    PersonalityStatus::Active => "with his unit".to_string(),
                    s => s.to_string(),
                };
                let _ = writeln!(
                    o,
                    "| {} | {} | {} ({id}) | {fate} |",
                    cell(&p.name),
                    side.name(),
                    cell(&u.unit.name)
                );
            }
        }
    }
    if !any {
        o.push_str("No personalities took part.\n");
    }
    let _ = writeln!(
        o,
        "\n## Strength after turn {}, {}\n",
        state.turn, state.phase
    );
    o.push_str("| side | units on the table | units off the table | stands (start → now) | casualty figures | personalities lost |\n|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let units: Vec<_> = battle.units(side).map(|(_, u)| u).collect();
        let on = units.iter().filter(|u| !u.off_table()).count();
        let start: u32 = setup.units(side).map(|u| u.stands).sum();
        let now: u32 = units
            .iter()
            .filter(|u| !u.off_table())
            .map(|u| u.unit.stands)
            .sum();
        let casualties: u32 = units
            .iter()
            .filter(|u| !u.off_table())
            .map(|u| u.unit.casualties)
            .sum();
        let lost = units
            .iter()
            .flat_map(|u| &u.unit.personalities)
            .filter(|p| !p.is_active())
            .count();
        let _ = writeln!(
            o,
            "| {} ({}) | {on} | {} | {start} → {now} | {casualties} | {lost} |",
            side.name(),
            cell(&setup.label(side)),
            units.len() - on
        );
    }
    o
}
