//! Duties: what the rules require of a unit before the turn goes on, left
//! by a result (a flight, a Berserk Move, a follow-up to choose, a stand
//! lost with a personality, a Berserk test, a shower offered at contact).
//! The walker offers the first duty before the sequence's next step; the
//! event that does it clears it.

use super::event::UnitId;
use std::fmt;

/// A step the rules require (or, for a shower, offer) next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Due {
    /// A flight move (2.4.11; 2.2.1, W-29; 1.7.3).
    Flee,
    /// A Berserk Move (2.4.10): charge, a random move toward the enemy, or calm.
    BerserkMove,
    /// A Random Move, then Halt: a moving unit that failed and stops (2.2.1).
    RandomMoveThenHalt,
    /// The Ready winner chooses whether to follow up `loser` (2.6.3, W-26).
    FollowUp {
        /// The unit that fell back.
        loser: UnitId,
    },
    /// An Impetuous unit rolls to go Berserk as `broke` breaks (2.6.3).
    BerserkTest {
        /// The enemy that broke.
        broke: UnitId,
    },
    /// Stands of a unit with personalities were lost (3.1.3.2): the referee
    /// says whose stand each was, or that none held one; each personality
    /// named rolls a red die (W-19).
    StandLoss {
        /// The stands it lost in the round (W-24: the flanks and rear too).
        lost: u32,
        /// Lost stands still to be said (at most its personalities).
        stands: u32,
        /// The personalities named so far, who have rolled.
        named: Vec<String>,
        /// The enemy fighting his unit (for a vendetta, W-21).
        enemy: Option<UnitId>,
    },
    /// A shower may be shot at `at` after contact, before the Melee (2.5.1, W-23).
    Shower {
        /// The enemy in contact.
        at: UnitId,
    },
    /// A declared charge at `target` is completed (2.4.4.1, 2.6.3): its
    /// charge move (or meeting a counter-charger halfway, 2.4.4.2), then
    /// whether it made contact.
    Charge {
        /// The enemy charged.
        target: UnitId,
        /// The move is rolled: only the contact answer is left.
        moved: bool,
    },
}

impl Duty {
    /// Whether two duties are the same step: one unit's stands lost count
    /// down as its personalities are named (3.1.3.2), still one step.
    pub fn same_step(&self, other: &Duty) -> bool {
        match (&self.due, &other.due) {
            (Due::StandLoss { .. }, Due::StandLoss { .. }) => self.unit == other.unit,
            _ => self == other,
        }
    }
}

impl Due {
    /// The written form (`flee`, `follow_up`, …), for saves and messages.
    pub fn code(&self) -> &'static str {
        match self {
            Due::Flee => "flee",
            Due::BerserkMove => "berserk_move",
            Due::RandomMoveThenHalt => "random_move_then_halt",
            Due::FollowUp { .. } => "follow_up",
            Due::BerserkTest { .. } => "berserk_test",
            Due::StandLoss { .. } => "stand_loss",
            Due::Shower { .. } => "shower",
            Due::Charge { .. } => "charge",
        }
    }

    /// Every written form, for error messages.
    pub const CODES: &'static str = "flee, berserk_move, random_move_then_halt, follow_up, berserk_test, stand_loss, shower, charge";

    /// Whether the rules require it (a shower is only offered).
    pub fn required(&self) -> bool {
        !matches!(self, Due::Shower { .. })
    }
}

/// A unit's duty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duty {
    /// The unit that must do it.
    pub unit: UnitId,
    /// What it must do.
    pub due: Due,
}

impl fmt::Display for Due {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Due::Flee => write!(f, "flee (2.4.11)"),
            Due::BerserkMove => write!(f, "make its Berserk Move (2.4.10)"),
            Due::RandomMoveThenHalt => write!(f, "make a Random Move and Halt (2.2.1)"),
            Due::FollowUp { loser } => write!(f, "choose whether to follow up {loser} (2.6.3)"),
            Due::BerserkTest { broke } => {
                write!(f, "roll to go Berserk as {broke} breaks (2.6.3)")
            }
            Due::StandLoss { lost: 1, .. } => write!(
                f,
                "say whose stand was lost, if a personality's: he rolls a red die (3.1.3.2, W-19)"
            ),
            Due::StandLoss { lost, .. } => write!(
                f,
                "say which personalities were in its {lost} lost stands: each rolls a red die (3.1.3.2, W-19)"
            ),
            Due::Shower { at } => write!(f, "may shower {at} before the Melee (2.5.1, W-23)"),
            Due::Charge {
                target,
                moved: false,
            } => write!(
                f,
                "complete its charge at {target} as a Random Move (2.4.4.1)"
            ),
            Due::Charge { target, .. } => {
                write!(f, "say whether its charge reached {target} (2.4.4.1, W-25)")
            }
        }
    }
}
