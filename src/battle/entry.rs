//! The log entry of one event: a one-line summary for the console's log
//! pane, the dice with who rolled them, the rules explanation, and what
//! changed in each unit (for the battle report).

use super::event::{Phase, UnitId};
use crate::dice::Dice;
use crate::rules::explain::Explanation;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::{Formation, Morale, Unit};
use std::fmt;

/// Dice rolled in an event, and who rolled them.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    /// Who rolled (a unit's or personality's name, a C-in-C).
    pub who: String,
    /// The dice, per colour in the order rolled.
    pub dice: Dice,
}

/// One change to a unit.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Casualty figures gained (or removed, if negative).
    Casualties(i64),
    /// Stands gained (or lost, if negative).
    Stands(i64),
    /// Champions gained or lost.
    Champions(i64),
    /// Morale from, to.
    Morale(Morale, Morale),
    /// Formation from, to.
    Formation(Formation, Formation),
    /// Files from, to.
    Files(u32, u32),
    /// Now moving (true) or stopped.
    Moving(bool),
    /// Pavises now deployed or not.
    Pavises(bool),
    /// A personality's new status.
    Personality(String, PersonalityStatus),
}

/// A change to a named unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// The unit.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
    /// What changed.
    pub change: Change,
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = &self.name;
        match &self.change {
            Change::Casualties(d) if *d >= 0 => write!(f, "{n}: +{d} casualty figure(s)"),
            Change::Casualties(d) => write!(f, "{n}: {d} casualty figure(s)"),
            Change::Stands(d) if *d < 0 => write!(f, "{n}: loses {} stand(s)", -d),
            Change::Stands(d) => write!(f, "{n}: +{d} stand(s)"),
            Change::Champions(d) if *d >= 0 => write!(f, "{n}: +{d} champion(s)"),
            Change::Champions(d) => write!(f, "{n}: loses {} champion(s)", -d),
            Change::Morale(a, b) => write!(f, "{n}: {a} → {b}"),
            Change::Formation(a, b) => write!(f, "{n}: {a} → {b}"),
            Change::Files(a, b) => write!(f, "{n}: {a} → {b} files"),
            Change::Moving(true) => write!(f, "{n}: moving"),
            Change::Moving(false) => write!(f, "{n}: stopped"),
            Change::Pavises(true) => write!(f, "{n}: pavises deployed"),
            Change::Pavises(false) => write!(f, "{n}: pavises taken up"),
            Change::Personality(p, s) => write!(f, "{p} ({n}): {s}"),
        }
    }
}

/// What one event did, for the log and the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: Phase,
    /// One line for the log pane.
    pub summary: String,
    /// The dice rolled, by whom.
    pub rolls: Vec<Roll>,
    /// The rules' explanation of the result.
    pub explanation: Explanation,
    /// What changed in the units.
    pub effects: Vec<Effect>,
}

impl Entry {
    /// An empty entry at a point of the sequence.
    pub fn new(turn: u32, phase: Phase) -> Entry {
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

/// Every change between two states of one unit.
pub fn diff_effects(id: UnitId, before: &Unit, after: &Unit) -> Vec<Effect> {
    let mut out = Vec::new();
    let mut push = |change| {
        out.push(Effect {
            unit: id,
            name: after.name.clone(),
            change,
        })
    };
    let delta = |a: u32, b: u32| i64::from(b) - i64::from(a);
    if before.morale != after.morale {
        push(Change::Morale(before.morale, after.morale));
    }
    if before.casualties != after.casualties {
        push(Change::Casualties(delta(
            before.casualties,
            after.casualties,
        )));
    }
    if before.stands != after.stands {
        push(Change::Stands(delta(before.stands, after.stands)));
    }
    if before.champions != after.champions {
        push(Change::Champions(delta(before.champions, after.champions)));
    }
    if before.formation != after.formation {
        push(Change::Formation(before.formation, after.formation));
    }
    if before.files != after.files {
        push(Change::Files(before.files, after.files));
    }
    if before.moving != after.moving {
        push(Change::Moving(after.moving));
    }
    if before.pavises_deployed != after.pavises_deployed {
        push(Change::Pavises(after.pavises_deployed));
    }
    for (p, q) in before.personalities.iter().zip(&after.personalities) {
        if p.status != q.status {
            push(Change::Personality(q.name.clone(), q.status));
        }
    }
    out
}
