//! A Robert's Rules battle's report (`herald log`), as the other systems
//! write theirs: the armies with their leaders, the house options, every
//! event with its dice (each die's face) and the lines behind its result,
//! and after each half-turn its summary (hits and stands lost, units
//! Demoralized, broken, routed or destroyed, leaders lost) and a table of
//! every unit; last, where the battle stands.

use super::state::{LeaderFate, State, Troop};
use super::{Battle, Entry, Event, Phase, Setup};
use crate::rules::Side;
use std::fmt::Write;

/// Escapes the characters that would break a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// `1 unit`, `22 units`.
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The report in Markdown.
pub fn markdown(battle: &Battle, name: &str) -> String {
    let setup = battle.setup();
    let mut o = format!("# {name}: Robert's Rules of Warfare\n\n");
    for side in [Side::A, Side::B] {
        let a = &setup.sides[side as usize];
        let leaders: Vec<String> = a
            .leaders
            .iter()
            .map(|l| {
                format!(
                    "{} ({}, {})",
                    l.name,
                    match l.kind {
                        crate::rules::roberts_rules::LeaderKind::General => "General",
                        crate::rules::roberts_rules::LeaderKind::Captain => "Captain",
                    },
                    l.attached_to
                        .as_ref()
                        .map_or("roaming free".to_string(), |u| format!("with {u}"))
                )
            })
            .collect();
        let _ = writeln!(
            o,
            "- player {}: {} ({}), {}{}",
            side.name(),
            a.name,
            setup.label(side),
            count(a.units.len(), "unit", "units"),
            if leaders.is_empty() {
                "; no leaders".to_string()
            } else {
                format!("; leaders: {}", leaders.join(", "))
            }
        );
    }
    o.push('\n');
    // The house options the battle was made with (rules::house); nothing when none.
    o.push_str(&setup.house.report());
    o.push_str("## Events\n");
    let mut fold = State::start(setup);
    let mut at_start = fold.clone();
    let mut heading = None;
    for (i, event) in battle.events().iter().enumerate() {
        let before = fold.phase;
        let Ok(entry) = fold.apply(setup, event) else {
            continue;
        };
        if let Phase::Half { half, acting, .. } = entry.phase
            && heading != Some((entry.turn, half))
        {
            heading = Some((entry.turn, half));
            let _ = writeln!(
                o,
                "\n### Turn {}, half-turn {half}: player {} acts, player {} reacts\n",
                entry.turn,
                acting.name(),
                acting.other().name()
            );
        } else if i == 0 {
            o.push('\n');
        }
        write_entry(&mut o, i + 1, &entry, battle.earlier_reading(i));
        // A Combat Phase ended: the half-turn's summary and every unit.
        if matches!(event, Event::EndPhase)
            && let Phase::Half {
                half,
                acting,
                step: super::Step::Combat,
            } = before
        {
            let _ = writeln!(
                o,
                "\n### End of turn {}, half-turn {half} (player {} acted)\n",
                entry.turn,
                acting.name()
            );
            write_summary(&mut o, setup, &at_start, &fold);
            write_units(&mut o, &fold);
            at_start = fold.clone();
        }
    }
    if battle.events().is_empty() {
        o.push_str("\nNo events yet: the battle is at turn 1, before the first half-turn.\n");
    }
    let s = battle.state();
    let _ = writeln!(o, "\n## Now\n\nTurn {}, {}.\n", s.turn, s.phase);
    write_units(&mut o, s);
    o
}

/// One event: its number and summary, then its dice and the lines behind
/// its result, each with its rule; then what changed. Sub-items are
/// indented under the number, so Markdown keeps them in it.
fn write_entry(o: &mut String, number: usize, entry: &Entry, earlier: Option<&str>) {
    let _ = writeln!(o, "{number}. {}", entry.summary);
    let pad = " ".repeat(number.to_string().len() + 2);
    if let Some(why) = earlier {
        let _ = writeln!(o, "{pad}- {}", crate::battle::earlier_words(why));
    }
    for roll in &entry.rolls {
        let faces: Vec<String> = roll
            .dice
            .white
            .iter()
            .map(|d| d.value().to_string())
            .collect();
        let _ = writeln!(o, "{pad}- dice, {}: {}", roll.who, faces.join(" "));
    }
    for l in &entry.explanation.lines {
        if l.cite.0.is_empty() {
            let _ = writeln!(o, "{pad}- {}", l.text);
        } else {
            let _ = writeln!(o, "{pad}- {} ({})", l.text, l.cite);
        }
    }
    for e in &entry.effects {
        let _ = writeln!(o, "{pad}- → {}", e.text);
    }
}

/// What a half-turn did, side by side: hits and stands lost, and every
/// unit that became Demoralized, broke, routed or was destroyed, and every
/// leader lost.
fn write_summary(o: &mut String, setup: &Setup, before: &State, after: &State) {
    for side in [Side::A, Side::B] {
        let mut hits = 0;
        let mut stands = 0;
        let mut changed: Vec<String> = Vec::new();
        for (b, a) in before.units[side as usize]
            .iter()
            .zip(&after.units[side as usize])
        {
            hits += a.unit.hits_lost.saturating_sub(b.unit.hits_lost);
            let (sb, sa) = (standing(b), standing(a));
            stands += sb.saturating_sub(sa);
            let name = &a.unit.name;
            if a.routed && !b.routed {
                changed.push(format!("{name} routed"));
            } else if a.destroyed && !b.destroyed {
                changed.push(format!("{name} destroyed"));
            } else {
                if a.broken && !b.broken {
                    changed.push(format!("{name} broken"));
                }
                if a.unit.demoralized() && !b.unit.demoralized() {
                    changed.push(format!("{name} Demoralized"));
                }
            }
        }
        for (lb, la) in before.leaders[side as usize]
            .iter()
            .zip(&after.leaders[side as usize])
        {
            match (lb.fate, la.fate) {
                (None, Some(LeaderFate::Routed)) => {
                    changed.push(format!("{} ({}) routed", la.name, la.title()))
                }
                (None, Some(LeaderFate::WithUnit)) => {
                    changed.push(format!("{} ({}) gone with his unit", la.name, la.title()))
                }
                _ => {}
            }
        }
        let _ = writeln!(
            o,
            "- player {} ({}): {} lost, {} lost{}",
            side.name(),
            setup.label(side),
            count(hits as usize, "hit", "hits"),
            count(stands as usize, "stand", "stands"),
            if changed.is_empty() {
                String::new()
            } else {
                format!("; {}", changed.join(", "))
            }
        );
    }
    o.push('\n');
}

/// A unit's stands on the table (none once it is gone).
fn standing(t: &Troop) -> u32 {
    if t.gone() { 0 } else { t.unit.stands }
}

/// Every unit as it stands: stands of its original, hits lost of its
/// Hits, its state, its leaders.
fn write_units(o: &mut String, s: &State) {
    o.push_str("| unit | player | AV-DV (MAV) | stands | hits lost | state | leaders |\n|---|---|---|---|---|---|---|\n");
    for side in [Side::A, Side::B] {
        for (i, t) in s.units[side as usize].iter().enumerate() {
            let u = &t.unit;
            let mut state = Vec::new();
            if t.routed {
                state.push("routed".to_string());
            } else if t.destroyed {
                state.push("destroyed".to_string());
            } else {
                if u.demoralized() {
                    state.push("Demoralized".to_string());
                }
                if t.broken {
                    state.push("broken".to_string());
                }
            }
            let leaders: Vec<String> = s.leaders[side as usize]
                .iter()
                .filter(|l| l.unit == Some(i))
                .map(|l| {
                    format!(
                        "{} ({}{})",
                        l.name,
                        l.title(),
                        match l.fate {
                            None => "",
                            Some(LeaderFate::Routed) => ", routed",
                            Some(LeaderFate::WithUnit) => ", gone with the unit",
                        }
                    )
                })
                .collect();
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} of {} | {} of {} | {} | {} |",
                cell(&u.name),
                side.name(),
                u.values(),
                standing(t),
                u.stands_original,
                u.hits_lost,
                u.total_hits(),
                if state.is_empty() {
                    "in good order".to_string()
                } else {
                    state.join(", ")
                },
                cell(&leaders.join(", "))
            );
        }
    }
    let free: Vec<String> = [Side::A, Side::B]
        .iter()
        .flat_map(|side| {
            s.leaders[*side as usize]
                .iter()
                .filter(|l| l.unit.is_none())
                .map(move |l| format!("{} ({}, player {})", l.name, l.title(), side.name()))
        })
        .collect();
    if !free.is_empty() {
        let _ = writeln!(o, "\nLeaders roaming free: {}.", free.join(", "));
    }
}
