//! Exact odds of every Warlord I dice procedure before the roll, computed
//! from the very functions the rules core resolves with: a command test's
//! [`die_score`](crate::rules::warlord_i::CommandTest::die_score), a shot's
//! [`hits`](crate::rules::warlord_i::Shooting::hits), a waver test's
//! [`verdict`](crate::rules::warlord_i::WaverTest::verdict), a melee's
//! [`verdict`](crate::rules::warlord_i::Melee::verdict), and so on. Warlord I
//! throws at most three plain d6 at once, so every count here is exact
//! (out of 6, 36 or 216) and each procedure's odds cost well under 10 µs.
//!
//! ```
//! use herald::odds::warlord_i;
//! use herald::rules::warlord_i::{Co, CommandSituation, CommandTest};
//!
//! let plan = CommandTest::plan(&Co::new("Ptolemy", 2), CommandSituation::default()).unwrap();
//! let odds = warlord_i::command_test(&plan);
//! // Two dice: 12 CCPs only on a double 6.
//! assert!((odds.ccps.probability(12) - 1.0 / 36.0).abs() < 1e-12);
//! ```

pub mod command;
pub mod melee;
pub mod rolls;
pub mod shooting;
pub mod waver_test;

pub use command::{
    CommandTestOdds, InitiativeOdds, OrderOfPlayOdds, command_test, initiative, order_of_play,
};
pub use melee::{MeleeOdds, melee};
pub use rolls::{
    EnterOdds, FugitiveOdds, GeneralRiskOdds, enter_field, fugitive_attrition, general_risk,
};
pub use shooting::{ShootingOdds, shooting};
pub use waver_test::{WaverOdds, WaverOutcome, waver_test};

use super::Distribution;

/// Ways `n` dice make each sum, as (sum, ways) in sum order, and the total 6^n.
pub fn sums(n: u32) -> (Vec<(u32, u64)>, u64) {
    let mut ways: Vec<u64> = vec![1]; // ways[s] for s = 0 with no dice
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 6];
        for (s, &w) in ways.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += w;
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
    (out, 6u64.pow(n))
}

/// Counted values as a distribution in value order.
pub(crate) fn counted<T: Copy + Ord>(
    weights: impl IntoIterator<Item = (T, u64)>,
    total: u64,
) -> Distribution<T> {
    let t = total as f64;
    Distribution::gather_sorted(weights.into_iter().map(|(v, w)| (v, w as f64 / t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_dice() {
        let (one, six) = sums(1);
        assert_eq!(six, 6);
        assert_eq!(one, (1..=6).map(|s| (s, 1)).collect::<Vec<_>>());
        let (two, total) = sums(2);
        assert_eq!(total, 36);
        assert_eq!(two.iter().find(|(s, _)| *s == 7), Some(&(7, 6)));
        assert_eq!(two.iter().map(|(_, w)| w).sum::<u64>(), 36);
        let (three, total) = sums(3);
        assert_eq!(three.iter().map(|(_, w)| w).sum::<u64>(), total);
        assert_eq!(three.iter().find(|(s, _)| *s == 10), Some(&(10, 27)));
    }
}
