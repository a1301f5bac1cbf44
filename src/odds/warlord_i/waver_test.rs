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
    /// Each outcome once (Rule 60): a morale it ends at without a
    /// retreat, or wavering with a retreat; they sum to 1.
    pub outcome: Distribution<WaverOutcome>,
}

/// One outcome of a waver test, counted once (Rule 60, WI-15): "3 or
/// less" is its own outcome, never inside "wavering".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WaverOutcome {
    /// It ends at this morale and does not retreat.
    Becomes(Morale),
    /// It wavers and retreats (IRMD, 3 or less).
    WaversAndRetreats,
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
        outcome: counted(
            verdicts.iter().map(|(v, w)| {
                let o = if v.retreat {
                    WaverOutcome::WaversAndRetreats
                } else {
                    WaverOutcome::Becomes(v.morale)
                };
                (o, *w)
            }),
            36,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::TroopType;
    use crate::rules::warlord_i::{Unit, WaverSituation};

    #[test]
    fn each_outcome_once_summing_to_one() {
        // Rule 60: a class E unit with 2 APs often scores 3 or less; that
        // outcome is not counted inside "wavering" too.
        let mut u = Unit::new("Levy", TroopType::Foot, 4);
        u.morale_class = crate::rules::warlord_i::unit::MoraleClass::E;
        u.aps = 2;
        let plan = WaverTest::plan(&u, WaverSituation::default()).unwrap();
        let o = waver_test(&plan);
        let sum: f64 = o.outcome.iter().map(|(_, p)| p).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
        let retreats = o
            .outcome
            .iter()
            .find(|(v, _)| *v == WaverOutcome::WaversAndRetreats)
            .map(|(_, p)| p)
            .unwrap();
        assert!((retreats - o.retreat).abs() < 1e-12 && retreats > 0.0);
        let wavering = o
            .outcome
            .iter()
            .find(|(v, _)| *v == WaverOutcome::Becomes(Morale::Wavering))
            .map_or(0.0, |(_, p)| p);
        let all_wavering = o
            .morale
            .iter()
            .find(|(v, _)| *v == Morale::Wavering)
            .map_or(0.0, |(_, p)| p);
        assert!((wavering + retreats - all_wavering).abs() < 1e-12);
    }

    #[test]
    fn the_reads_count_every_roll_once() {
        let reads = two_dice_reads();
        assert_eq!(reads.iter().map(|r| r.3).sum::<u64>(), 36);
        let high: u64 = reads.iter().filter(|r| r.1).map(|r| r.3).sum();
        let six: u64 = reads.iter().filter(|r| r.2).map(|r| r.3).sum();
        assert_eq!((high, six), (4, 1));
    }
}
