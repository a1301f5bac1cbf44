//! Odds of random moves (2.4.9, W-9), fleeing (2.4.11, W-11) and breaking
//! off (2.4.8), from [`random_distance`], [`Flee::stands_lost`] and the
//! break-off's own activation.

use super::{ActivationOdds, activation};
use crate::odds::{Distribution, tables};
use crate::rules::warlords::movement::{BreakOffMove, random_distance};
use crate::rules::warlords::{BreakOff, Flee, RandomMove};

/// The odds of a random move.
#[derive(Clone, Debug, PartialEq)]
pub struct RandomMoveOdds {
    /// White dice rolled (1 per span).
    pub dice: u32,
    /// Spans moved.
    pub distance: Distribution<u32>,
}

/// The odds of a fleeing move.
#[derive(Clone, Debug, PartialEq)]
pub struct FleeOdds {
    /// White dice rolled (the charge distance).
    pub dice: u32,
    /// Spans fled.
    pub distance: Distribution<u32>,
    /// Stands lost beyond the charge distance (W-11).
    pub stands_lost: Distribution<u32>,
    /// Only the command stand (or nothing) is left: Dispersed (1.7.4).
    pub dispersed: f64,
}

/// The odds of a break-off attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakOffOdds {
    /// The activation it must pass (its `success` is breaking off).
    pub activation: ActivationOdds,
    /// Spans moved back, given that it breaks off, when the move is random.
    pub distance: Option<Distribution<u32>>,
}

/// The odds of `plan`: every count of sixes and ones through [`random_distance`].
pub fn random_move(plan: &RandomMove) -> RandomMoveOdds {
    let dice = plan.needs().white as u32;
    let w = dice as usize + 1;
    let table = tables::sixes_ones(dice);
    // Only s + o <= dice can be rolled: the rest of each row is 0.
    let rolled = (0..=dice).flat_map(|s| (0..=dice - s).map(move |o| (s, o)));
    let distance = Distribution::gather_sorted(rolled.map(|(s, o)| {
        (
            random_distance(plan.spans, s, o),
            table[s as usize * w + o as usize],
        )
    }));
    RandomMoveOdds { dice, distance }
}

/// The odds of a flight: its random move, then [`Flee::stands_lost`] and
/// [`Flee::disperses`] for each distance.
pub fn flee(plan: &Flee<'_>) -> FleeOdds {
    let moved = random_move(&plan.random_move());
    let stands_lost = moved.distance.map(|d| plan.stands_lost(d));
    let dispersed = stands_lost.probability_that(|lost| plan.disperses(lost));
    FleeOdds {
        dice: moved.dice,
        distance: moved.distance,
        stands_lost,
        dispersed,
    }
}

/// The odds of breaking off: its activation, then its random move if it has one.
pub fn break_off(plan: &BreakOff<'_>) -> BreakOffOdds {
    BreakOffOdds {
        activation: activation(&plan.activation),
        distance: match plan.movement {
            BreakOffMove::Random { dice } => {
                Some(random_move(&RandomMove { spans: dice }).distance)
            }
            BreakOffMove::Choice { .. } => None,
        },
    }
}
