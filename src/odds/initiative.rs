//! Odds of the initiative roll-off (2.1.1, W-22), from [`Initiative::winner`].

use super::Distribution;
use crate::rules::warlords::{Initiative, InitiativeWinner};

/// Who wins the initiative, before the dice are rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct InitiativeOdds {
    /// Side a, side b, or (on the first turn) a reroll.
    pub winner: Distribution<InitiativeWinner>,
}

/// The odds of the roll-off: every pair of faces through [`Initiative::winner`].
pub fn initiative(plan: &Initiative) -> InitiativeOdds {
    let faces = 1..=6u8;
    let pairs = faces
        .clone()
        .flat_map(|a| faces.clone().map(move |b| (a, b)))
        .map(|(a, b)| (plan.winner(a, b), 1.0 / 36.0));
    InitiativeOdds {
        winner: Distribution::gather(pairs),
    }
}
