//! Exact odds of every outcome before a roll, computed from the same rules
//! functions the resolution uses.
//!
//! Each procedure's plan (an [`Activation`](crate::rules::warlords::Activation),
//! a [`Shooting`](crate::rules::warlords::Shooting), a
//! [`Melee`](crate::rules::warlords::Melee), …) says how many white dice it
//! rolls; [`tables`] knows how often those dice give each value of the
//! statistic the rules read (the two highest and any doubles, the dice that
//! hit, the sixes and ones, the faces); and the plan's own pure functions
//! (`verdict`, `hits` and `effect`, `score`, `inflicted` and `decide`,
//! `random_distance`, `stands_lost`, `winner`) turn each value into an
//! outcome. So the odds cannot drift from the rules. Personality dice (red
//! and yellow, and a Slippery check's white dice) are not part of these odds.
//!
//! A preview costs a few microseconds at most, the first of its pool size as
//! much as any other, as nothing is cached (`benches/odds.rs`,
//! `benches/odds_first.rs`), so the console can recompute it on every toggle:
//!
//! ```
//! use herald::odds::warlords as odds;
//! use herald::rules::warlords::{Activation, ActivationSituation, TroopType, Unit};
//!
//! let fyrd = Unit::new("Fyrd", TroopType::CloseFoot, 6);
//! let plan = Activation::plan(&fyrd, ActivationSituation::default()).unwrap();
//! let odds = odds::activation(&plan);
//! // 2d6 must beat width 6: 21 of the 36 rolls make 7 or more.
//! assert!((odds.success - 21.0 / 36.0).abs() < 1e-12);
//! for (score, p) in odds.score.iter() {
//!     println!("{score:>3} {:5.1}%", 100.0 * p);
//! }
//! ```

pub mod homunculus_est;
pub mod parkers_warlord;
pub mod roberts_rules;
pub mod tables;
pub mod warlord_i;
pub mod warlords;

/// The probability of each value an outcome can take, in value order, each
/// value once; the probabilities sum to 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution<T> {
    /// Each value with its probability, never 0.
    pub outcomes: Vec<(T, f64)>,
}

impl<T> Default for Distribution<T> {
    /// No outcomes at all.
    fn default() -> Self {
        Distribution {
            outcomes: Vec::new(),
        }
    }
}

impl<T: Copy + PartialEq> Distribution<T> {
    /// One value, for certain.
    pub fn certain(value: T) -> Self {
        Distribution {
            outcomes: vec![(value, 1.0)],
        }
    }

    /// Gathers weighted values, adding the weights of equal values and
    /// keeping the order in which values first appear; zero weights are dropped.
    pub fn gather(weights: impl IntoIterator<Item = (T, f64)>) -> Self {
        let mut outcomes: Vec<(T, f64)> = Vec::new();
        for (v, p) in weights {
            if p <= 0.0 {
                continue;
            }
            // Values often come in runs (a monotone mapping): try the last first.
            if let Some((w, q)) = outcomes.last_mut()
                && *w == v
            {
                *q += p;
                continue;
            }
            match outcomes.iter_mut().find(|(w, _)| *w == v) {
                Some((_, q)) => *q += p,
                None => outcomes.push((v, p)),
            }
        }
        Distribution { outcomes }
    }

    /// The probability of exactly `value`.
    pub fn probability(&self, value: T) -> f64 {
        self.outcomes
            .iter()
            .find(|(v, _)| *v == value)
            .map_or(0.0, |(_, p)| *p)
    }

    /// The probability of any value meeting `test`.
    pub fn probability_that(&self, test: impl Fn(T) -> bool) -> f64 {
        self.outcomes
            .iter()
            .filter(|(v, _)| test(*v))
            .fold(0.0, |acc, (_, p)| acc + p)
    }

    /// The sum of all the probabilities (1, up to rounding).
    pub fn total(&self) -> f64 {
        self.outcomes.iter().fold(0.0, |acc, (_, p)| acc + p)
    }

    /// The largest single probability, to scale a bar chart by.
    pub fn highest(&self) -> f64 {
        self.outcomes.iter().map(|(_, p)| *p).fold(0.0, f64::max)
    }

    /// Each value with its probability, in order.
    pub fn iter(&self) -> impl Iterator<Item = (T, f64)> + '_ {
        self.outcomes.iter().copied()
    }

    /// The values as another type, gathering values that become equal.
    pub fn map<U: Copy + PartialEq>(&self, f: impl Fn(T) -> U) -> Distribution<U> {
        Distribution::gather(self.iter().map(|(v, p)| (f(v), p)))
    }
}

impl<T: Copy + Ord> Distribution<T> {
    /// Gathers weighted values as [`Distribution::gather`] does, in value order.
    ///
    /// Equal values add up in the order they come. A run of one value (as
    /// the rules' mappings give, rising or falling) costs one comparison a
    /// weight, a value above all so far is pushed, and any other is found by
    /// binary search.
    pub fn gather_sorted(weights: impl IntoIterator<Item = (T, f64)>) -> Self {
        let weights = weights.into_iter();
        let (low, high) = weights.size_hint();
        let mut outcomes: Vec<(T, f64)> = Vec::with_capacity(high.unwrap_or(low));
        // Where the last weight went. (A `filter` over the weights would make
        // a random move's loop half as fast again.)
        let mut at = 0;
        for (v, p) in weights {
            if p > 0.0 {
                if let Some((w, q)) = outcomes.get_mut(at)
                    && *w == v
                {
                    *q += p;
                } else if outcomes.last().is_none_or(|(w, _)| *w < v) {
                    outcomes.push((v, p));
                    at = outcomes.len() - 1;
                } else {
                    at = match outcomes.binary_search_by(|(w, _)| w.cmp(&v)) {
                        Ok(i) => {
                            outcomes[i].1 += p;
                            i
                        }
                        Err(i) => {
                            outcomes.insert(i, (v, p));
                            i
                        }
                    };
                }
            }
        }
        Distribution { outcomes }
    }

    /// The probability of a value of at least `value`.
    pub fn at_least(&self, value: T) -> f64 {
        self.probability_that(|v| v >= value)
    }
}

impl Distribution<u32> {
    /// The expected value.
    pub fn mean(&self) -> f64 {
        self.iter().fold(0.0, |acc, (v, p)| acc + f64::from(v) * p)
    }
}

#[cfg(test)]
mod tests {
    use super::Distribution;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    proptest! {
        #[test]
        fn gather_sorted_adds_equal_values_in_value_order(
            weights in proptest::collection::vec((0..12u8, prop_oneof![Just(0.0), 0.0..1.0f64]), 0..200),
        ) {
            // Each value's weights added in the order they come, as a map keeps them.
            let mut want: BTreeMap<u8, f64> = BTreeMap::new();
            for &(v, p) in weights.iter().filter(|(_, p)| *p > 0.0) {
                *want.entry(v).or_insert(0.0) += p;
            }
            let got = Distribution::gather_sorted(weights.iter().copied());
            prop_assert_eq!(got.outcomes, want.into_iter().collect::<Vec<_>>());
        }
    }

    #[test]
    fn gather_sorted_follows_runs_up_and_down() {
        let runs = [
            (5, 0.25),
            (5, 0.25),
            (3, 0.125),
            (3, 0.125),
            (9, 0.125),
            (3, 0.125),
        ];
        let d = Distribution::gather_sorted(runs);
        assert_eq!(d.outcomes, [(3, 0.375), (5, 0.5), (9, 0.125)]);
    }
}
