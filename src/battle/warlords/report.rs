//! The battle report in Markdown: turn by turn, every roll with its dice,
//! its result and the lines behind it (each modifier with its rule), the
//! referee's notes where they were made, and after each turn its summary
//! and a table of every unit's state; then the personalities' fates and
//! each side's strength.

use super::event::Phase;
use super::state::dice_text;
use super::summary::{Moment, TurnSummary, chronicle};
use super::{Battle, Entry, Setup, State};
use crate::rules::Side;
use crate::rules::warlords::personality::PersonalityStatus;
use std::fmt::Write;

/// Escapes the characters that would break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The report is handed on in pieces of about this many bytes.
const CHUNK: usize = 64 * 1024;

/// The whole report of battle `name`.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let mut all = String::new();
    report(battle, name, &mut |piece| {
        all.push_str(piece);
        true
    });
    all
}

/// Writes the report of battle `name` to `out` piece by piece, so a long
/// battle's report (10 MB at 20,000 events) is never held whole; stops at
/// the first failed write (a closed pipe) and returns its error.
pub fn write_markdown(
    battle: &Battle,
    name: &str,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut failed = None;
    report(
        battle,
        name,
        &mut |piece| match out.write_all(piece.as_bytes()) {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        },
    );
    match failed {
        Some(e) => Err(e),
        None => out.flush(),
    }
}

/// Hands the report to `sink` in pieces of about [`CHUNK`] bytes, until
/// `sink` says to stop (`false`).
fn report(battle: &Battle, name: &str, sink: &mut dyn FnMut(&str) -> bool) {
    let mut taking = true;
    let mut hand_on = |o: &mut String, at_least: usize| {
        if o.len() >= at_least {
            taking = taking && sink(o);
            o.clear();
        }
    };
    let mut o = String::with_capacity(CHUNK + 4096);
    let setup = battle.setup();
    let state = battle.state();
    let _ = writeln!(o, "# Battle report: {name}\n");
    o.push_str(&setup.house.report());
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
    let mut phase = None;
    chronicle(battle, |moment| match moment {
        Moment::Event { index, entry, .. } => {
            if phase.is_none() {
                let _ = writeln!(o, "\n## Turn {}", entry.turn);
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
            write_entry(&mut o, index + 1, entry, battle.earlier_reading(index));
            hand_on(&mut o, CHUNK);
        }
        Moment::TurnEnd { summary, state } => {
            phase = None;
            write_turn_end(&mut o, setup, summary, state);
            hand_on(&mut o, CHUNK);
        }
    });
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
    o.push_str("| side | units on the table | units off the table | stands (start → now) | casualty figures (every unit) | personalities lost |\n|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let units: Vec<_> = battle.units(side).map(|(_, u)| u).collect();
        let on = units.iter().filter(|u| !u.off_table()).count();
        let start: u32 = setup.units(side).map(|u| u.stands).sum();
        let now: u32 = units
            .iter()
            .filter(|u| !u.off_table())
            .map(|u| u.unit.stands)
            .sum();
        // Every unit's, those off the table too: the turn summaries count
        // each casualty figure as it is taken, and they add up to this.
        let casualties: u32 = units.iter().map(|u| u.unit.casualties).sum();
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
    hand_on(&mut o, 0);
}

/// One event: its number and summary, then its dice and, for a roll, the
/// explanation's lines (the dice counted, each modifier, the score against
/// what it needed), each with its rule; then what changed in the units.
/// Sub-items are indented under the number, so Markdown keeps them in it.
fn write_entry(o: &mut String, number: usize, entry: &Entry, earlier: Option<&str>) {
    let _ = writeln!(o, "{number}. {}", entry.summary);
    let pad = " ".repeat(number.to_string().len() + 2);
    if let Some(why) = earlier {
        let _ = writeln!(o, "{pad}- {}", crate::battle::earlier_words(why));
    }
    for roll in &entry.rolls {
        let _ = writeln!(o, "{pad}- dice, {}: {}", roll.who, dice_text(&roll.dice));
    }
    if !entry.rolls.is_empty() && !entry.explanation.lines.is_empty() {
        let _ = writeln!(o, "{pad}- why:");
        for line in &entry.explanation.lines {
            // A line indented in the explanation (a Melee side's dice and
            // modifiers under its heading) is a list under the line before.
            let text = line.text.trim_start();
            let deeper = "  ".repeat((line.text.len() - text.len()) / 2);
            if line.cite.0.is_empty() {
                let _ = writeln!(o, "{pad}  {deeper}- {text}");
            } else {
                let _ = writeln!(o, "{pad}  {deeper}- {text} [{}]", line.cite);
            }
        }
    }
    for effect in &entry.effects {
        let _ = writeln!(o, "{pad}- {effect}");
    }
}

/// The end of a turn (or the log's end, mid-turn): its summary, then every
/// unit's state as it stood then.
fn write_turn_end(o: &mut String, setup: &Setup, summary: &TurnSummary, state: &State) {
    let turn = summary.turn;
    if summary.finished {
        let _ = writeln!(o, "\n### End of turn {turn}\n");
    } else {
        let _ = writeln!(o, "\n### Turn {turn} so far ({})\n", state.phase);
    }
    for line in summary.lines(setup) {
        let _ = writeln!(o, "- {line}");
    }
    o.push_str("\n| unit | side | stands | casualties | morale | formation | champions | personalities |\n|---|---|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        let start = setup.units(side);
        for (i, (u, first)) in state.units[side as usize].iter().zip(start).enumerate() {
            let id = crate::battle::UnitId::new(side, i);
            let unit = &u.unit;
            let morale = if u.removed {
                format!("{} (taken off the table)", unit.morale)
            } else {
                unit.morale.to_string()
            };
            let people: Vec<String> = unit
                .personalities
                .iter()
                .map(|p| match p.status {
                    PersonalityStatus::Active => cell(&p.name),
                    s => format!("{} ({s})", cell(&p.name)),
                })
                .collect();
            // 1.7.4: a unit off the table has no stands on it, as the
            // strength table and "stands lost" count it.
            let stands = if u.off_table() { 0 } else { unit.stands };
            let _ = writeln!(
                o,
                "| {} ({id}) | {} | {stands} of {} | {} | {morale} | {} | {} | {} |",
                cell(&unit.name),
                side.name(),
                first.stands,
                unit.casualties,
                unit.formation.title(),
                unit.champions,
                if people.is_empty() {
                    "none".to_string()
                } else {
                    people.join(", ")
                }
            );
        }
    }
}
