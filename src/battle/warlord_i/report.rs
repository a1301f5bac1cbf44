//! The Warlord I battle report in Markdown: Move by Move and step by step,
//! every event with its dice, the modifiers behind every score (command
//! tests, waver tests, melees, wounding rolls) and every change it made,
//! then each unit's state at the end of the Move; last the commanding
//! officers' fates and a closing table of each side's strength.

use super::event::Phase;
use super::state::{State, dice_text};
use super::{Battle, Entry, Setup};
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
    // WI-H2: a battle saved under the old default goes on as recorded.
    if battle.melees_at_once()
        && setup.house.word(&crate::rules::warlord_i::JOINED_MELEE) != "at_once"
    {
        o.push_str("A unit fighting two enemies: its pairs are fought at once (as recorded: the battle was saved when that was the default; WI-H2).\n\n");
    }
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
    // The fold again, so each Move's end can show every unit as it stood.
    let mut fold = State::start(setup);
    for (i, event) in battle.events().iter().enumerate() {
        let Ok(entry) = fold.apply(setup, event) else {
            continue;
        };
        if entry.turn != turn {
            turn = entry.turn;
            phase = None;
            let _ = writeln!(o, "\n## Move {turn}");
        }
        if phase != Some(entry.phase) {
            phase = Some(entry.phase);
            let _ = writeln!(o, "\n### {}\n", title(battle, entry.phase));
        }
        write_entry(&mut o, i + 1, &entry, battle.earlier_reading(i));
        if fold.turn != entry.turn {
            let _ = writeln!(o, "\n### End of Move {}: every unit\n", entry.turn);
            write_units(&mut o, setup, &fold);
        }
    }
    if !battle.events().is_empty() && fold.phase != Phase::OrderOfPlay {
        let _ = writeln!(
            o,
            "\n### Move {} so far ({}): every unit\n",
            fold.turn, fold.phase
        );
        write_units(&mut o, setup, &fold);
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
                // WI-4: his successor commands the division.
                s if s.base_lost() => format!("{}: his successor commands", s.title()),
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
    o.push_str("| side | units on the table | units lost (destroyed or prisoners) | units off the table, not lost | bases (start → now) | casualty bases | APs held |\n|---|---|---|---|---|---|---|\n");
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

/// One event: its number and summary, then its dice and the explanation's
/// lines (the dice counted, each modifier, the score against what it
/// needed, the losing player's choice), each with its rule; then what
/// changed in the units and COs. Sub-items are indented under the number,
/// so Markdown keeps them in it.
fn write_entry(o: &mut String, number: usize, entry: &Entry, earlier: Option<&str>) {
    let _ = writeln!(o, "{number}. {}", entry.summary);
    let pad = " ".repeat(number.to_string().len() + 2);
    if let Some(why) = earlier {
        let _ = writeln!(o, "{pad}- {}", crate::battle::earlier_words(why));
    }
    for roll in &entry.rolls {
        let _ = writeln!(o, "{pad}- dice, {}: {}", roll.who, dice_text(&roll.dice));
    }
    if !entry.explanation.lines.is_empty() {
        let _ = writeln!(o, "{pad}- why:");
        for line in &entry.explanation.lines {
            // A line indented in the explanation (a melee side's modifiers
            // under its heading) is a list under the line before.
            let text = line.text.trim_start();
            let deeper = "  ".repeat((line.text.len() - text.len()) / 2);
            if line.cite.0.is_empty() {
                let _ = writeln!(o, "{pad}  {deeper}- {}", cell(text));
            } else {
                let _ = writeln!(o, "{pad}  {deeper}- {} [{}]", cell(text), line.cite);
            }
        }
    }
    // A change the summary says in the same words is not said twice.
    for effect in entry.effects.iter().filter(|e| e.text != entry.summary) {
        let _ = writeln!(o, "{pad}- {effect}");
    }
}

/// Every unit as it stands: bases of its starting bases, casualty bases,
/// APs (of which DPs), morale, files × ranks, what it is doing, and where
/// it is when it left the table.
fn write_units(o: &mut String, setup: &Setup, state: &State) {
    o.push_str("| unit | side | bases | casualty bases | APs (DPs) | morale | files × ranks | doing |\n|---|---|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        for (i, (u, first)) in state.units[side as usize]
            .iter()
            .zip(setup.units(side))
            .enumerate()
        {
            let id = crate::battle::UnitId::new(side, i);
            let unit = &u.unit;
            let morale = if u.surrendered {
                "surrendered: a prisoner".to_string()
            } else if unit.bases == 0 {
                "destroyed".to_string()
            } else if u.removed {
                format!("{} (off the table)", unit.morale)
            } else {
                unit.morale.to_string()
            };
            let doing: Vec<String> = unit
                .activity
                .iter()
                .map(|a| a.to_string().replace('_', " "))
                .collect();
            // A unit off the table holds no APs, files or formation (as the console shows it).
            let (points, formation) = if u.off_table() {
                ("-".to_string(), "-".to_string())
            } else {
                (
                    format!("{} ({})", unit.aps, unit.dps),
                    format!("{} × {}", unit.files, unit.ranks),
                )
            };
            let _ = writeln!(
                o,
                "| {} ({id}) | {} | {} of {} | {} | {points} | {morale} | {formation} | {} |",
                cell(&unit.name),
                side.name(),
                unit.bases,
                first.bases,
                unit.bases_lost,
                if doing.is_empty() || u.off_table() {
                    "-".to_string()
                } else {
                    doing.join(", ")
                }
            );
        }
    }
}
