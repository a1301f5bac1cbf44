//! Writing a save as TOML text (`docs/save-format.md`): a header with the
//! armies copied in with the unit table's field names and the dice
//! generator, then the log, one `[[events]]` table per event, undo or redo,
//! each event under a comment with its summary; each commit's last table
//! carries the dice generator's position.

use super::{FORMAT, SaveCodec, SaveData};
use crate::battle::{Battle, Entry, RuleSystem};
use crate::dice::{Dice, Die, SeedPosition};
use crate::rules::named::Named;
use std::fmt::Write;

/// A TOML basic string holding `s`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A list of words: `["a", "b"]`.
pub fn words<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<String> = items.map(quote).collect();
    format!("[{}]", v.join(", "))
}

/// A list of named values: `["heavy", "lances"]`.
pub fn named<T: Named + PartialEq>(items: &[T]) -> String {
    words(items.iter().map(|t| t.name()))
}

fn faces(ds: &[Die]) -> String {
    let v: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}

/// Dice as an inline table: `{ white = [3, 5], red = [2] }`.
pub fn dice(d: &Dice) -> String {
    let mut parts = Vec::new();
    for (k, ds) in [("white", &d.white), ("red", &d.red), ("yellow", &d.yellow)] {
        if !ds.is_empty() {
            parts.push(format!("{k} = {}", faces(ds)));
        }
    }
    inline(&parts)
}

pub fn inline(parts: &[String]) -> String {
    if parts.is_empty() {
        "{}".to_string()
    } else {
        format!("{{ {} }}", parts.join(", "))
    }
}

/// A save's header: format, rule system, name, how many tables of the log
/// were written whole with it, the dice generator, the house options chosen
/// (if any), and the armies. Events are appended after it.
pub fn header<S: SaveCodec>(
    name: &str,
    dice: SeedPosition,
    setup: &S::Setup,
    written_whole: usize,
) -> String {
    let mut o = String::with_capacity(16 * 1024);
    o.push_str("# A Herald battle save (docs/save-format.md). Herald appends each event to the\n");
    o.push_str("# end of this file as it is recorded; the events are the battle.\n");
    let _ = writeln!(o, "format = {FORMAT}");
    let _ = writeln!(o, "system = {}", quote(S::SYSTEM.name()));
    let _ = writeln!(o, "name = {}", quote(name));
    if written_whole > 0 {
        o.push_str(
            "# The first tables of the log, written whole with this header: a file cut\n# short inside them was damaged after Herald had saved them.\n",
        );
        let _ = writeln!(o, "written_whole = {written_whole}");
    }
    o.push_str(
        "\n# Herald's dice: the seed and how far the generator had run when this file was\n",
    );
    o.push_str(
        "# written whole; each commit's dice_position says how far it has run since.\n[dice]\n",
    );
    let _ = writeln!(o, "seed = \"{}\"", dice.seed);
    let _ = writeln!(o, "position = \"{}\"", dice.word_pos);
    crate::store::house::write_house(&mut o, S::house(setup));
    S::write_setup(&mut o, setup);
    o
}

/// One `[[events]]` table of the log: an event (under a comment with its
/// number and, when known, its turn, phase and summary), an undo or a redo.
pub fn record<S: SaveCodec>(o: &mut String, change: &Record<'_, S>) {
    match change {
        Record::Event {
            number,
            event,
            entry,
        } => {
            match entry {
                Some(e) => {
                    let comment =
                        format!("{number} · turn {}, {} · {}", e.turn, e.phase, e.summary);
                    let _ = writeln!(o, "\n# {}", one_line(&comment));
                }
                None => {
                    let _ = writeln!(o, "\n# {number} · {}", S::kind(event));
                }
            }
            o.push_str("[[events]]\n");
            S::write_event(o, event);
        }
        Record::Undo { number } => {
            let _ = writeln!(
                o,
                "\n# undo: event {number} is taken back (redo applies it again)\n[[events]]\nkind = \"undo\""
            );
        }
        Record::Redo { number } => {
            let _ = writeln!(
                o,
                "\n# redo: event {number} applied again with its dice\n[[events]]\nkind = \"redo\""
            );
        }
    }
}

/// Text for a comment: a line break or other control character in it (a
/// unit's name can hold one) would end the comment and leave the rest as
/// a line the reader refuses; each becomes a space.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The line that ends a commit: where Herald's dice generator stands once
/// the commit's events are recorded. A save's events after its last commit
/// were cut short by a crash, and are dropped.
pub fn commit(o: &mut String, dice: SeedPosition) {
    let _ = writeln!(o, "dice_position = \"{}\"", dice.word_pos);
}

/// What one `[[events]]` table holds.
#[derive(Debug)]
pub enum Record<'a, S: RuleSystem> {
    /// An event, the `number`-th of the log (from 1) once recorded.
    Event {
        /// Its place in the log, from 1.
        number: usize,
        /// The event.
        event: &'a S::Event,
        /// Its entry, for the comment above it.
        entry: Option<&'a Entry<S::Phase>>,
    },
    /// The last event (the `number`-th) taken back.
    Undo {
        /// The place of the event taken back, from 1.
        number: usize,
    },
    /// The last undone event applied again, as the `number`-th.
    Redo {
        /// Its place in the log once redone, from 1.
        number: usize,
    },
}

/// The whole save as text, in its shortest form: the header, every event
/// (each its own commit, so a file cut short later loses only what follows
/// the cut), then the undone events (the next to redo first) and as many
/// undos, in one commit. Every commit carries the dice generator's position
/// now: a resume from an earlier one never deals a die twice.
pub fn to_text<S: SaveCodec>(data: &SaveData<S>) -> String {
    full_text(&data.name, data.dice, &data.battle)
}

/// The whole save of `battle` as text (see [`to_text`]).
pub fn full_text<S: SaveCodec>(name: &str, dice: SeedPosition, battle: &Battle<S>) -> String {
    let live = battle.events().len();
    let undone = battle.undone();
    let mut o = header::<S>(name, dice, battle.setup(), live + 2 * undone.len());
    o.reserve(200 * (live + undone.len()));
    for (i, (event, entry)) in battle
        .events()
        .iter()
        .zip(battle.replay_entries())
        .enumerate()
    {
        record::<S>(
            &mut o,
            &Record::Event {
                number: i + 1,
                event,
                entry: Some(&entry),
            },
        );
        commit(&mut o, dice);
    }
    for (i, event) in undone.iter().rev().enumerate() {
        record::<S>(
            &mut o,
            &Record::Event {
                number: live + i + 1,
                event,
                entry: None,
            },
        );
    }
    for i in 0..undone.len() {
        record::<S>(
            &mut o,
            &Record::Undo {
                number: live + undone.len() - i,
            },
        );
    }
    if !undone.is_empty() {
        commit(&mut o, dice);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_stays_on_its_line() {
        assert_eq!(one_line("Legio\nII\r\tmoves"), "Legio II  moves");
    }

    #[test]
    fn quoting_escapes_what_toml_needs() {
        assert_eq!(
            quote("Æthelred \"Unready\""),
            "\"Æthelred \\\"Unready\\\"\""
        );
        assert_eq!(quote("a\\b\nc"), "\"a\\\\b\\nc\"");
        assert_eq!(quote("\u{1}"), "\"\\u0001\"");
    }
}
