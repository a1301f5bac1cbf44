//! Parker's Warlord events: the command phase's steps (initiative checks
//! with their d20, the Warlord's transfers, unique and battle-line
//! commands paid in cards, discards), a unit's move, the referee's facts
//! the text does not decide (wounds, uncontrolled actions, a unit's order,
//! attachments) and the end of a side's turn (PW-3). Events hold inputs,
//! never results: card values as played, costs the text leaves to the
//! army list, the d20 as rolled.

use crate::battle::UnitId;
use crate::rules::Side;
use crate::rules::parkers_warlord::{Command, Named, Order, Segment};
use std::fmt;

/// Where a turn stands: the active side's command phase (PW-3). The text
/// gives no other phases; the rest of a side's turn is the table's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The active side's command phase: initiative checks, transfers,
    /// unique commands, discards (PW-3).
    Command(Side),
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Command(s) => write!(f, "command phase of {}", s.name()),
        }
    }
}

impl Phase {
    /// The active side.
    pub fn side(self) -> Side {
        match self {
            Phase::Command(s) => s,
        }
    }
}

/// One change to a Parker's Warlord battle. Personalities are named by
/// side and place in the roster (`a1`), units by side and place among the
/// side's battle lines, roster order (`a3`).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A personality's initiative check on 1D20 (PW-4 to PW-7).
    Initiative {
        /// The personality.
        personality: UnitId,
        /// The d20, one die.
        dice: Vec<u8>,
    },
    /// The Warlord transfers 1 card to a personality he commands (PW-8).
    Transfer {
        /// The Warlord.
        warlord: UnitId,
        /// The personality receiving the card.
        to: UnitId,
    },
    /// A unique command to one unit, priced and paid in cards (PW-9 to PW-11).
    Command {
        /// The unit (its battle line's personality issues it).
        unit: UnitId,
        /// The command.
        command: Command,
        /// A Maneuver that is a charge.
        charge: bool,
        /// The unit is in close proximity to the enemy (the table's fact).
        close_proximity: bool,
        /// The referee's modifiers, each named (PW-10).
        modifiers: Vec<Named>,
        /// The values of the cards played from the personality's hand (PW-1).
        cards: Vec<u32>,
    },
    /// A battle-line command (PW-12); its cost is the army list's.
    BattleLine {
        /// The personality issuing it.
        personality: UnitId,
        /// Maneuver, shoot or reorder.
        command: Command,
        /// Its cost in CP: the text gives none (the referee's).
        cost: u32,
        /// The values of the cards played.
        cards: Vec<u32>,
    },
    /// Cards discarded from a hand at the end of the command phase (PW-3).
    Discard {
        /// The personality.
        personality: UnitId,
        /// How many.
        cards: u32,
    },
    /// A personality attached to a unit of his side, or detached (the table's fact).
    Attach {
        /// The personality.
        personality: UnitId,
        /// The unit, or none.
        unit: Option<UnitId>,
    },
    /// A personality's wounds and uncontrolled actions, as the table has them (PW-4).
    Personality {
        /// The personality.
        personality: UnitId,
        /// Wounded: -5.
        wounded: bool,
        /// Uncontrolled actions he currently has: -1 each.
        uncontrolled_actions: u32,
    },
    /// A unit's order and whether it impetuously charged, retired or broke (PW-9), as the table has them.
    UnitState {
        /// The unit.
        unit: UnitId,
        /// Good order, disordered or broken.
        order: Order,
        /// It counts as having maneuvered this turn.
        lost_maneuver: bool,
    },
    /// A unit's move, its cost against its allowance (PW-13, PW-14).
    Move {
        /// The unit.
        unit: UnitId,
        /// A charge.
        charging: bool,
        /// The closest enemy unit in sight, inches (proximity movement).
        closest_enemy: Option<f64>,
        /// The referee's multiplier under 15" (the text's lines are lost).
        band_multiplier: Option<f64>,
        /// The stretches of the move.
        segments: Vec<Segment>,
    },
    /// A unit passes through a friend (PW-15); the stationary unit's
    /// maneuver in its most recent command phase comes from the record.
    PassThrough {
        /// The unit passing through.
        passing: UnitId,
        /// The stationary unit.
        stationary: UnitId,
        /// Both began the turn within 3" of each other (the table's fact).
        began_within_3: bool,
    },
    /// The active side's turn ends; partial CPs lapse (PW-11).
    EndTurn,
}

impl Event {
    /// The kind, as saves write it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Initiative { .. } => "initiative_check",
            Event::Transfer { .. } => "card_transfer",
            Event::Command { .. } => "unique_command",
            Event::BattleLine { .. } => "battle_line_command",
            Event::Discard { .. } => "discard",
            Event::Attach { .. } => "attach",
            Event::Personality { .. } => "personality",
            Event::UnitState { .. } => "unit_state",
            Event::Move { .. } => "move",
            Event::PassThrough { .. } => "pass_through",
            Event::EndTurn => "end_turn",
        }
    }
}
