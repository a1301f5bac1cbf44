//! Odds of a waver test (Rules 59-60, WI-14, WI-15) with its doubles
//! clauses, from [`WaverTest::verdict`]: two dice read as their sum, whether
//! both show 5 or 6, and whether both show 6.

use super::counted;
use crate::odds::Distribution;
use crate::rules::warlord_i::{Morale, WaverTest};

/// A waver test before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct WaverOdds {
    /// The score.
    pub score: Distribution<i32>,
    /// Morale after, best first.
    pub morale: Distribution<Morale>,
    /// It wavers and retreats (3 or less).
    pub retreat: f64,
}

/// Ways two dice make each (sum, both 5 or 6, both 6): of the 36 rolls,
/// (5,5) (5,6) (6,5) and (6,6) show two 5s or 6s, and (6,6) alone a double 6.
pub fn two_dice_reads() -> [(u32, bool, bool, u64); 14] {
    let mut out = [(0, false, false, 0); 14];
    let mut i = 0;
    for sum in 2..=12u32 {
        let all = 6 - sum.abs_diff(7) as u64;
        let high: u64 = match sum {
            10 => 1,
            11 => 2,
            12 => 1,
            _ => 0,
        };
        out[i] = (sum, false, false, all - high);
        i += 1;
        if high > 0 {
            out[i] = (sum, true, sum == 12, high);
            i += 1;
        }
    }
    out
}

/// The odds of `plan`: the 36 rolls, read as sums and pairs, through [`WaverTest::verdict`].
pub fn waver_test(plan: &WaverTest) -> WaverOdds {
    let verdicts: Vec<_> = two_dice_reads()
        .into_iter()
        .filter(|r| r.3 > 0)
        .map(|(sum, high, six, w)| (plan.verdict(sum, high, six), w))
        .collect();
    WaverOdds {
        score: counted(verdicts.iter().map(|(v, w)| (v.score, *w)), 36),
        morale: counted(verdicts.iter().map(|(v, w)| (v.morale, *w)), 36),
        retreat: verdicts
            .iter()
            .filter(|(v, _)| v.retreat)
            .map(|(_, w)| *w as f64 / 36.0)
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reads_count_every_roll_once() {
        let reads = two_dice_reads();
        assert_eq!(reads.iter().map(|r| r.3).sum::<u64>(), 36);
        let high: u64 = reads.iter().filter(|r| r.1).map(|r| r.3).sum();
        let six: u64 = reads.iter().filter(|r| r.2).map(|r| r.3).sum();
        assert_eq!((high, six), (4, 1));
    }
}
