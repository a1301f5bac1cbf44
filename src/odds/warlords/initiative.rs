//! Odds of the initiative roll-off (2.1.1, W-22), from [`Initiative::winner`].

use crate::odds::Distribution;
use crate::rules::Side;
use crate::rules::warlords::{Initiative, InitiativeWinner};

/// Who wins the initiative, before the dice are rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct InitiativeOdds {
    /// Side a, side b, or (on the first turn) a reroll, in that order.
    pub winner: Distribution<InitiativeWinner>,
}

/// The odds of the roll-off: all 36 pairs of faces through [`Initiative::winner`].
pub fn initiative(plan: &Initiative) -> InitiativeOdds {
    let mut ways = [0u32; 3];
    let order = |w: InitiativeWinner| match w {
        InitiativeWinner::Side(Side::A) => 0,
        InitiativeWinner::Side(Side::B) => 1,
        InitiativeWinner::Reroll => 2,
    };
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            ways[order(plan.winner(a, b))] += 1;
        }
    }
    let winners = [
        InitiativeWinner::Side(Side::A),
        InitiativeWinner::Side(Side::B),
        InitiativeWinner::Reroll,
    ];
    InitiativeOdds {
        winner: Distribution::gather(
            winners
                .into_iter()
                .zip(ways)
                .map(|(w, n)| (w, f64::from(n) / 36.0)),
        ),
    }
}
