//! Odds of the order of play (Rule 26, WI-3), a command test (Rule 29,
//! WI-4, WI-5) and an initiative test (Rules 37, 62, WI-7), from
//! [`OrderOfPlay::winner`], [`CommandTest::die_score`],
//! [`Initiative::die_score`] and [`Initiative::success`].

use super::counted;
use crate::odds::Distribution;
use crate::rules::Side;
use crate::rules::warlord_i::{CommandTest, Initiative, OrderOfPlay, OrderWinner};

/// Who wins the order of play, and who is Player 1.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderOfPlayOdds {
    /// Side a, side b, or a reroll.
    pub winner: Distribution<OrderWinner>,
    /// Player 1: side a, side b, or `None` on a reroll.
    pub player_1: Distribution<Option<Side>>,
}

/// The odds of the order of play: all 36 pairs through [`OrderOfPlay::winner`].
pub fn order_of_play(plan: &OrderOfPlay) -> OrderOfPlayOdds {
    let mut pairs = Vec::with_capacity(36);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            pairs.push((OrderOfPlay::winner(a, b), 1));
        }
    }
    let winner = counted(pairs, 36);
    let player_1 = winner.map(|w| plan.player_1(w));
    OrderOfPlayOdds { winner, player_1 }
}

/// Ways the CO's dice make each CCP total, each die scored by `score`:
/// the convolution of `dice` copies of one die's scores (WI-1, WI-4).
fn ccp_ways(dice: u8, score: impl Fn(u8) -> u32) -> (Vec<(u32, u64)>, u64) {
    let mut ways: Vec<u64> = vec![1];
    for _ in 0..dice {
        let mut next = vec![0u64; ways.len() + 6];
        for (s, &w) in ways.iter().enumerate() {
            for face in 1..=6u8 {
                next[s + score(face) as usize] += w;
            }
        }
        ways = next;
    }
    let out = ways
        .into_iter()
        .enumerate()
        .filter(|(_, w)| *w > 0)
        .map(|(s, w)| (s as u32, w))
        .collect();
    (out, 6u64.pow(u32::from(dice)))
}

/// A command test's CCPs before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandTestOdds {
    /// The CO's own CCPs (the dice after their deductions).
    pub ccps: Distribution<u32>,
    /// With the CCPs received from the C-in-C.
    pub total: Distribution<u32>,
}

/// The odds of a command test: every die through [`CommandTest::die_score`].
pub fn command_test(plan: &CommandTest) -> CommandTestOdds {
    let (ways, total) = ccp_ways(plan.co.stars, |f| plan.die_score(f));
    let ccps = counted(ways, total);
    let received = plan.received();
    CommandTestOdds {
        total: ccps.map(|c| c + received),
        ccps,
    }
}

/// An initiative test before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct InitiativeOdds {
    /// The CO's CCPs.
    pub ccps: Distribution<u32>,
    /// The unit acts (the CCPs reach its cost); otherwise it withdraws in disorder.
    pub success: f64,
}

/// The odds of an initiative test through [`Initiative::die_score`] and [`Initiative::success`].
pub fn initiative(plan: &Initiative) -> InitiativeOdds {
    let (ways, total) = ccp_ways(plan.unit.co_stars, |f| plan.die_score(f));
    let ccps = counted(ways, total);
    let success = ccps.probability_that(|c| plan.success(c));
    InitiativeOdds { ccps, success }
}
