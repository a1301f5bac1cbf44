//! The log entry of one event, in words any rule system can give: a
//! one-line summary for the console's log pane, the dice with who rolled
//! them, the rules explanation, and each field of a unit that changed (for
//! the battle report and the fled-and-destroyed list).

use super::UnitId;
use crate::dice::Dice;
use crate::rules::explain::Explanation;
use std::fmt;

/// Dice rolled in an event, and who rolled them.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    /// Who rolled (a unit's or personality's name, a C-in-C).
    pub who: String,
    /// The dice, pool by pool in the order rolled.
    pub dice: Dice,
}

/// One field of a unit's row that an event changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// The unit.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
    /// The field, in the unit table's words (`morale`, `stands`,
    /// `personality`).
    pub field: &'static str,
    /// Its value before, as the table shows it.
    pub from: String,
    /// Its value after.
    pub to: String,
    /// The change as the log says it: `Huscarls: loses 2 stand(s)`.
    pub text: String,
    /// Whether the change takes the unit off the table (Dispersed, 1.7.4).
    pub leaves_table: bool,
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// What one event did, for the log and the report; `P` is the system's
/// phase of the turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<P> {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: P,
    /// One line for the log pane.
    pub summary: String,
    /// The dice rolled, by whom.
    pub rolls: Vec<Roll>,
    /// The rules' explanation of the result.
    pub explanation: Explanation,
    /// What changed in the units.
    pub effects: Vec<Effect>,
}

impl<P> Entry<P> {
    /// An empty entry at a point of the sequence.
    pub fn new(turn: u32, phase: P) -> Entry<P> {
        Entry {
            turn,
            phase,
            summary: String::new(),
            rolls: Vec::new(),
            explanation: Explanation::default(),
            effects: Vec::new(),
        }
    }

    /// Notes dice rolled by `who`.
    pub fn roll(&mut self, who: &str, dice: &Dice) {
        self.rolls.push(Roll {
            who: who.to_string(),
            dice: dice.clone(),
        });
    }
}
