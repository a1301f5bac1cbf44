//! The Warlord I battle report in Markdown: Move by Move and step by step,
//! every roll with its dice and result and every change it made, then the
//! commanding officers' fates and a closing table of each side's strength.

use super::Battle;
use super::event::Phase;
use super::state::dice_text;
use crate::rules::Side;
use crate::rules::warlord_i::CoStatus;
use std::fmt::Write;

/// Escapes the characters that would break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// A step's heading.
fn title(battle: &Battle, phase: Phase) -> String {
    match phase {
        Phase::OrderOfPlay => "1. The order of play".to_string(),
        Phase::Command(s) => format!(
            "2-3. Side {}'s command, recuperation and movement ({})",
            s.name(),
            battle.setup().label(s)
        ),
        Phase::Shooting => "4. Shooting".to_string(),
        Phase::WaverTests => "5. Waver tests".to_string(),
        Phase::Charges => "6. Charges".to_string(),
        Phase::Melees => "7. Melees".to_string(),
        Phase::Conclude => "8. Conclude the Move".to_string(),
    }
}

/// The whole report of battle `name`.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let mut o = String::new();
    let setup = battle.setup();
    let state = battle.state();
    let _ = writeln!(o, "# Battle report: {name}\n");
    o.push_str("Warlord I (the playsheet's Move sequence, Rule 25).\n\n");
    o.push_str(&setup.house.report());
    o.push_str("| side | armies | divisions | units |\n|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let armies: Vec<String> = setup.armies(side).iter().map(|a| cell(&a.name)).collect();
        let _ = writeln!(
            o,
            "| {} ({}) | {} | {} | {} |",
            side.name(),
            cell(&setup.label(side)),
            armies.join("; "),
            setup.divisions(side).count(),
            setup.units(side).count()
        );
    }
    let mut turn = 0;
    let mut phase = None;
    for (i, entry) in battle.replay_entries().enumerate() {
        if entry.turn != turn {
            turn = entry.turn;
            phase = None;
            let _ = writeln!(o, "\n## Move {turn}");
        }
        if phase != Some(entry.phase) {
            phase = Some(entry.phase);
            let _ = writeln!(o, "\n### {}\n", title(battle, entry.phase));
        }
        let _ = writeln!(o, "{}. {}", i + 1, entry.summary);
        if let Some(why) = battle.earlier_reading(i) {
            let _ = writeln!(o, "   - {}", crate::battle::earlier_words(why));
        }
        for roll in &entry.rolls {
            let _ = writeln!(o, "   - dice, {}: {}", roll.who, dice_text(&roll.dice));
        }
        for effect in &entry.effects {
            let _ = writeln!(o, "   - {effect}");
        }
    }
    if battle.events().is_empty() {
        o.push_str("\nNo events yet: the battle is at Move 1, before the order of play.\n");
    }
    o.push_str("\n## Commanding officers\n\n");
    o.push_str("| CO | side | stars | division | fate |\n|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let divisions: Vec<&str> = setup
            .divisions(side)
            .map(|(_, d)| d.name.as_str())
            .collect();
        for (id, c) in battle.cos(side) {
            let mut fate = match c.co.status {
                CoStatus::Well => "well".to_string(),
                s => s.title().to_string(),
            };
            if c.co.c_in_c {
                fate.push_str(" (C-in-C)");
            }
            if c.co.dispersed {
                fate.push_str(", command base dispersed");
            }
            let _ = writeln!(
                o,
                "| {} (CO {id}) | {} | {} | {} | {fate} |",
                cell(&c.co.name),
                side.name(),
                c.co.stars,
                cell(divisions.get(id.index).copied().unwrap_or(""))
            );
        }
    }
    let _ = writeln!(
        o,
        "\n## Strength after Move {}, {}\n",
        state.turn, state.phase
    );
    o.push_str("| side | units on the table | units lost | units off the table | bases (start → now) | casualty bases | APs held |\n|---|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let units: Vec<_> = battle.units(side).map(|(_, u)| u).collect();
        let on = units.iter().filter(|u| !u.off_table()).count();
        let lost = units.iter().filter(|u| u.lost()).count();
        let start: u32 = setup.units(side).map(|u| u.bases).sum();
        let now: u32 = units
            .iter()
            .filter(|u| !u.off_table())
            .map(|u| u.unit.bases)
            .sum();
        let casualties: u32 = units.iter().map(|u| u.unit.bases_lost).sum();
        let aps: u32 = units
            .iter()
            .filter(|u| !u.off_table())
            .map(|u| u.unit.aps)
            .sum();
        let _ = writeln!(
            o,
            "| {} ({}) | {on} | {lost} | {} | {start} → {now} | {casualties} | {aps} |",
            side.name(),
            cell(&setup.label(side)),
            units.len() - on - lost
        );
    }
    o
}
