//! The rules as pure functions. Each rule system is a module of its own;
//! Warlords is the first. No files, terminal, clock or random numbers here:
//! a procedure states the dice it needs and turns given dice into an outcome.

pub mod explain;
pub mod homunculus_est;
pub mod house;
pub mod named;
pub mod parkers_warlord;
pub mod roberts_rules;
pub mod warlord_i;
pub mod warlords;

use crate::dice::DiceError;
use crate::named_enum;
use thiserror::Error;

/// The rule systems Herald referees, as files name them (`system = "…"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Warlords (`rules/warlords/`), the system of a file that names none.
    Warlords,
    /// The Warlord I playsheet (`rules/warlord_i/`).
    WarlordI,
    /// The Homunculus Est! quick-reference sheet (`rules/homunculus_est/`).
    HomunculusEst,
    /// Robert's Rules of Warfare, as far as its description goes (`rules/roberts_rules/`).
    RobertsRules,
    /// Parker's Warlord, its command phase and movement (`rules/parkers_warlord/`).
    ParkersWarlord,
}
named_enum!(System {
    "warlords" => System::Warlords,
    "warlord_i" => System::WarlordI,
    "homunculus_est" => System::HomunculusEst,
    "roberts_rules" => System::RobertsRules,
    "parkers_warlord" => System::ParkersWarlord,
});

impl System {
    /// The system's name as its players know it.
    pub fn title(self) -> &'static str {
        match self {
            System::Warlords => "Warlords",
            System::WarlordI => "Warlord I",
            System::HomunculusEst => "Homunculus Est!",
            System::RobertsRules => "Robert's Rules of Warfare",
            System::ParkersWarlord => "Parker's Warlord",
        }
    }

    /// What the system calls one round of play: Warlords' turn, Warlord
    /// I's Move (Rule 25), capitalised as a heading's first word.
    pub fn turn_word(self) -> &'static str {
        match self {
            System::Warlords => "Turn",
            System::WarlordI => "Move",
            // HE-5: a turn is two phases, one for each player.
            System::HomunculusEst => "Turn",
            // RR-4: a turn is two half-turns, one for each player.
            System::RobertsRules => "Turn",
            System::ParkersWarlord => "Turn",
        }
    }

    /// What the course of a battle calls its units counted by state, as a
    /// heading: by morale, or by order for Parker's Warlord, whose extract
    /// has no morale (PW-10: good order, disorder, broken).
    pub fn states_word(self) -> &'static str {
        match self {
            System::Warlords => "Units by morale",
            System::WarlordI => "Units by morale",
            System::HomunculusEst => "Units by morale",
            System::RobertsRules => "Units by morale",
            System::ParkersWarlord => "Units by order",
        }
    }

    /// The house options the system declares (`rules::house`): one per
    /// ruling that fills a gap, each defaulting to the ruling.
    pub fn house_options(self) -> &'static [house::HouseOption] {
        match self {
            System::Warlords => warlords::HOUSE,
            System::WarlordI => warlord_i::HOUSE,
            System::HomunculusEst => homunculus_est::HOUSE,
            System::RobertsRules => roberts_rules::HOUSE,
            System::ParkersWarlord => parkers_warlord::HOUSE,
        }
    }

    /// Every option of the system at its default: the rulings as written.
    pub fn house_defaults(self) -> house::House {
        house::House::defaults(self.house_options())
    }
}

/// A rules problem with a unit as written (an army file, a case), tied to
/// the field that causes it, in any system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitProblem {
    /// The field at fault (`stands`, `formation`, `personalities.0.charisma` …).
    pub field: String,
    /// What is wrong and what would be accepted.
    pub message: String,
}

/// Why a procedure could not be resolved, in the referee's words.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// The situation is not allowed by the rules (a shot out of range, a Worn unit charging …).
    #[error("{0}")]
    Refused(String),
    /// The dice given do not fit the procedure.
    #[error("{source}: {why}")]
    Dice {
        /// What was wrong with the dice.
        source: DiceError,
        /// What the procedure rolls, and where the rules say so.
        why: String,
    },
}

impl RulesError {
    /// A refusal with its reason.
    pub fn refused(why: impl Into<String>) -> Self {
        RulesError::Refused(why.into())
    }

    /// A dice error with what the procedure needs.
    pub fn dice(source: DiceError, why: impl Into<String>) -> Self {
        RulesError::Dice {
            source,
            why: why.into(),
        }
    }
}

/// One of the two sides of a battle, or of a Melee: "a" and "b".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first side.
    A = 0,
    /// The second side.
    B = 1,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// "a" or "b".
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}
