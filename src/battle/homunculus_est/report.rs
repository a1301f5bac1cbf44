//! A Homunculus Est! battle's report (`herald log`), as the other systems'
//! are written: the armies and house options; turn by turn and phase by
//! phase, every event with every die of every roll (each pool named), the
//! lines that made its result with their sections and rulings, and what
//! changed; after each turn its summary (cards collected, units Disordered
//! or out of play, generals hurt, calls, Fatigue) and a table of every
//! unit; last, where the battle stands. Card values stay face down until a
//! call reveals them (HE-10).

use super::event::{CardKind, Phase};
use super::state::{State, army_line, revealed_line};
use super::{Battle, Entry, Setup};
use crate::rules::Side;
use crate::rules::homunculus_est::GeneralStatus;
use std::fmt::Write;

/// Escapes the characters that would break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// A phase's heading: "Phase of a (Romans)".
fn title(setup: &Setup, phase: Phase) -> String {
    match phase {
        Phase::Player(s) => format!("Phase of {} ({})", s.name(), setup.label(s)),
        other => other.to_string(),
    }
}

/// The report in Markdown.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let setup = battle.setup();
    let mut o = format!("# {name}: Homunculus Est!\n\n");
    for side in [Side::A, Side::B] {
        let a = &setup.sides[side as usize];
        let _ = writeln!(
            o,
            "- side {}: {} ({} units, Army Break Point {})",
            side.name(),
            a.name,
            a.units.len(),
            a.break_point
        );
    }
    // the house options the battle was made with (rules::house); nothing when none
    let _ = write!(o, "\n{}", setup.house.report());
    let mut fold = State::start(setup);
    let mut turn_start = fold.clone();
    let mut at: Option<(u32, Phase)> = None;
    for (i, event) in battle.events().iter().enumerate() {
        let Ok(entry) = fold.apply(setup, event) else {
            continue;
        };
        if at.map(|a| a.0) != Some(entry.turn) {
            let _ = writeln!(o, "\n## Turn {}", entry.turn);
        }
        if at != Some((entry.turn, entry.phase)) {
            let _ = writeln!(o, "\n### {}\n", title(setup, entry.phase));
            at = Some((entry.turn, entry.phase));
        }
        write_entry(&mut o, i + 1, &entry, battle.earlier_reading(i));
        if fold.turn != entry.turn {
            let _ = writeln!(o, "\n### End of turn {}\n", entry.turn);
            write_summary(&mut o, setup, &turn_start, &fold);
            write_units(&mut o, setup, &fold);
            turn_start = fold.clone();
        }
    }
    if battle.events().is_empty() {
        o.push_str("\nNo events yet: the battle is at its Deployment, before who starts.\n");
    } else if fold.turn == turn_start.turn && fold.phase != Phase::Deployment {
        let _ = writeln!(o, "\n### Turn {} so far ({})\n", fold.turn, fold.phase);
        write_summary(&mut o, setup, &turn_start, &fold);
        write_units(&mut o, setup, &fold);
    }
    let s = battle.state();
    let _ = writeln!(o, "\n## Now\n\nTurn {}, {}.", s.turn, s.phase);
    for side in [Side::A, Side::B] {
        let _ = writeln!(
            o,
            "- player {}: {}{}{}",
            side.name(),
            army_line(&s.armies[side as usize].points, &s.cards[side as usize]),
            revealed_line(&s.cards[side as usize]),
            if s.armies[side as usize].fatigued {
                "; Fatigued"
            } else {
                ""
            }
        );
    }
    if let Some(b) = s.broken {
        let _ = writeln!(
            o,
            "\n{}'s army is broken: the battle is lost (HE-12).",
            setup.label(b)
        );
    }
    o
}

/// One event: its number and summary, then every die, the lines that made
/// its result with their rules, and what changed. Sub-items are indented
/// under the number, so Markdown keeps them in it.
fn write_entry(o: &mut String, number: usize, entry: &Entry, earlier: Option<&str>) {
    let _ = writeln!(o, "{number}. {}", entry.summary);
    let pad = " ".repeat(number.to_string().len() + 2);
    if let Some(why) = earlier {
        let _ = writeln!(o, "{pad}- {}", crate::battle::earlier_words(why));
    }
    for roll in &entry.rolls {
        let faces: Vec<String> = roll.dice.white.iter().map(|d| d.to_string()).collect();
        let _ = writeln!(o, "{pad}- dice, {}: {}", roll.who, faces.join(" "));
    }
    if !entry.explanation.lines.is_empty() {
        let _ = writeln!(o, "{pad}- why:");
        for line in &entry.explanation.lines {
            if line.cite.0.is_empty() {
                let _ = writeln!(o, "{pad}  - {}", cell(&line.text));
            } else {
                let _ = writeln!(o, "{pad}  - {} [{}]", cell(&line.text), line.cite);
            }
        }
    }
    for effect in &entry.effects {
        let _ = writeln!(o, "{pad}- {effect}");
    }
}

/// What a turn did to each side: cards now held (and how many more than
/// at its start), units Disordered, off the table or out of play, generals
/// hurt, Fatigue.
fn write_summary(o: &mut String, setup: &Setup, before: &State, after: &State) {
    for side in [Side::A, Side::B] {
        let i = side as usize;
        let count = |s: &State, k: CardKind| s.cards[i].iter().filter(|c| c.kind == k).count();
        let mut parts = vec![format!(
            "cards held {} Setback, {} Disaster (at the turn's start {}, {})",
            count(after, CardKind::Setback),
            count(after, CardKind::Disaster),
            count(before, CardKind::Setback),
            count(before, CardKind::Disaster)
        )];
        let names = |f: &dyn Fn(&crate::rules::homunculus_est::Unit) -> bool| -> Vec<String> {
            after.units[i]
                .iter()
                .zip(&before.units[i])
                .filter(|(u, b)| f(u) && !f(b))
                .map(|(u, _)| u.name.clone())
                .collect()
        };
        for (what, list) in [
            (
                "Disordered",
                names(&|u| u.disordered && !u.removed && !u.off_table),
            ),
            ("off the table", names(&|u| u.off_table && !u.removed)),
            ("out of play", names(&|u| u.removed)),
        ] {
            if !list.is_empty() {
                parts.push(format!("{what} this turn: {}", list.join(", ")));
            }
        }
        for (u, b) in after.units[i].iter().zip(&before.units[i]) {
            let hurt = match (&b.general, &u.general) {
                (Some(g), None) => Some(format!("{} left play", g.name)),
                (Some(g), Some(h)) if h.points_lost > g.points_lost => {
                    Some(format!("{} lightly wounded", h.name))
                }
                _ => None,
            };
            if let Some(h) = hurt {
                parts.push(h);
            }
        }
        if after.armies[i].fatigued && !before.armies[i].fatigued {
            parts.push("the army became Fatigued".to_string());
        }
        let _ = writeln!(
            o,
            "- player {} ({}): {}",
            side.name(),
            setup.label(side),
            parts.join("; ")
        );
    }
    o.push('\n');
}

/// Every unit as it stands: its state, Disordered, lines and attachments,
/// Discipline Rating, general.
fn write_units(o: &mut String, setup: &Setup, state: &State) {
    o.push_str("| unit | side | class | state | lines | attachments | DR | general |\n|---|---|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        for (i, (u, first)) in state.units[side as usize]
            .iter()
            .zip(setup.units(side))
            .enumerate()
        {
            let id = crate::battle::UnitId::new(side, i);
            let st = if u.removed {
                "out of play"
            } else if u.off_table {
                "off the table (Pursuit Off-Table)"
            } else if u.disordered {
                "Disordered"
            } else {
                "good order"
            };
            let words = |v: Vec<String>| {
                if v.is_empty() {
                    "-".to_string()
                } else {
                    v.join(", ").replace('_', " ")
                }
            };
            let lines = words(u.lines.iter().map(|l| format!("{l} line")).collect());
            let attached = words(u.attachments.iter().map(|a| a.to_string()).collect());
            let general = match (&u.general, &first.general) {
                (Some(g), _) => format!(
                    "{} (G{}{})",
                    g.name,
                    g.points(),
                    if g.status == GeneralStatus::LightlyWounded {
                        ", lightly wounded"
                    } else {
                        ""
                    }
                ),
                (None, Some(g)) => format!("{}: out of play", g.name),
                (None, None) => "-".to_string(),
            };
            let _ = writeln!(
                o,
                "| {} ({id}) | {} | {} | {st}{} | {} | {} | {} | {} |",
                cell(&u.name),
                side.name(),
                u.class_words(),
                if u.activated && !u.removed {
                    ", activated"
                } else {
                    ""
                },
                cell(&lines),
                cell(&attached),
                u.discipline_rating,
                cell(&general)
            );
        }
    }
    for side in [Side::A, Side::B] {
        if state.armies[side as usize].fatigued {
            let _ = writeln!(
                o,
                "\nAll of player {}'s units are Fatigued (HE-11).",
                side.name()
            );
        }
    }
}
