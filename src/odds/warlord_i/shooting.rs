//! Odds of a shot (Rules 55-56, WI-16, WI-17): the score, hits, bases
//! removed and the waver test they call for, from [`Shooting::score`],
//! [`Shooting::hits`] and [`Shooting::effect`].

use super::{counted, sums};
use crate::odds::Distribution;
use crate::rules::warlord_i::Shooting;

/// A shot before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct ShootingOdds {
    /// Dice thrown.
    pub dice: u32,
    /// The score before the Defence Value.
    pub score: Distribution<i32>,
    /// Hits: APs on the target.
    pub hits: Distribution<u32>,
    /// Bases the hits remove.
    pub bases_removed: Distribution<u32>,
    /// A waver test is due.
    pub waver_test: f64,
}

/// The odds of `plan`: every sum of its dice through the shot's own functions.
pub fn shooting(plan: &Shooting) -> ShootingOdds {
    let (ways, total) = sums(plan.dice);
    let score = counted(ways.iter().map(|&(s, w)| (plan.score(s), w)), total);
    let hits = counted(ways.iter().map(|&(s, w)| (plan.hits(s), w)), total);
    let effects: Vec<_> = hits.iter().map(|(h, p)| (plan.effect(h), p)).collect();
    ShootingOdds {
        dice: plan.dice,
        score,
        bases_removed: Distribution::gather_sorted(effects.iter().map(|(e, p)| (e.1, *p))),
        waver_test: effects.iter().filter(|(e, _)| e.2).map(|(_, p)| p).sum(),
        hits,
    }
}
