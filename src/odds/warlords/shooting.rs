//! Odds of a shot (2.5, W-12 to W-14): hits, Halted and casualty figures,
//! from [`Shooting::raw_hits`], [`Shooting::hits`] and [`Shooting::effect`].

use crate::dice::Die;
use crate::odds::{Distribution, tables};
use crate::rules::warlords::Shooting;

/// The odds of a shot before it is rolled (white dice only).
#[derive(Clone, Debug, PartialEq)]
pub struct ShootingOdds {
    /// White dice rolled.
    pub dice: u32,
    /// Dice that hit, before armour.
    pub raw_hits: Distribution<u32>,
    /// Hits after armour, Horse and Skirmishers (W-13).
    pub hits: Distribution<u32>,
    /// The target is Halted (W-14).
    pub halted: f64,
    /// Casualty figures on the target (W-14).
    pub casualties: Distribution<u32>,
}

/// The odds of `plan`: the number of hitting dice is binomial, with the
/// faces that hit read from [`Shooting::raw_hits`] itself.
pub fn shooting(plan: &Shooting<'_>) -> ShootingOdds {
    let hit_faces = (1..=6)
        .filter_map(Die::new)
        .filter(|&d| plan.raw_hits(&[d]) == 1)
        .count() as u32;
    let table = tables::hits(plan.dice, hit_faces);
    let mut hits = Vec::with_capacity(table.len());
    let mut casualties = Vec::with_capacity(table.len());
    let mut halted = 0.0;
    for (raw, &p) in table.iter().enumerate() {
        let h = plan.hits(raw as u32);
        let (halts, figures) = plan.effect(h);
        hits.push((h, p));
        casualties.push((figures, p));
        if halts {
            halted += p;
        }
    }
    ShootingOdds {
        dice: plan.dice,
        raw_hits: Distribution::gather_sorted((0..).zip(table.iter().copied())),
        hits: Distribution::gather_sorted(hits),
        halted,
        casualties: Distribution::gather_sorted(casualties),
    }
}
