//! Odds of a Melee round (2.6, W-16, W-17): who loses, falling back,
//! Unformed, Broken, and what each side inflicts, from [`Melee::score`],
//! [`Melee::inflicted`] and [`Melee::decide`].

use crate::odds::{Distribution, tables};
use crate::rules::Side;
use crate::rules::warlords::Melee;

/// One opponent's odds.
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeSideOdds {
    /// White dice it rolls.
    pub dice: u32,
    /// Its score (two highest plus modifiers).
    pub score: Distribution<i32>,
    /// Casualty figures it puts on the enemy (W-17).
    pub casualties_inflicted: Distribution<u32>,
    /// Stands of an already Broken enemy it destroys (1.7.3, W-17).
    pub stands_destroyed: Distribution<u32>,
}

/// The odds of a Melee round before it is rolled (white dice only).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    /// Side a.
    pub a: MeleeSideOdds,
    /// Side b.
    pub b: MeleeSideOdds,
    /// Side a loses (scores lower).
    pub loser_a: f64,
    /// Side b loses.
    pub loser_b: f64,
    /// Equal scores: nobody loses.
    pub loser_none: f64,
    /// The loser falls back 1 span.
    pub loser_falls_back: f64,
    /// The loser is Unformed (Irregular Heavy, beaten 2 to 1).
    pub loser_unformed: f64,
    /// The loser is Broken (beaten 3 to 1).
    pub loser_broken: f64,
}

impl MeleeOdds {
    /// One side's odds.
    pub fn side(&self, side: Side) -> &MeleeSideOdds {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

/// The odds of `plan`: every pair of scores through [`Melee::decide`].
pub fn melee(plan: &Melee<'_>) -> MeleeOdds {
    let a = side(plan, Side::A);
    let b = side(plan, Side::B);
    let mut odds = MeleeOdds {
        a,
        b,
        loser_a: 0.0,
        loser_b: 0.0,
        loser_none: 0.0,
        loser_falls_back: 0.0,
        loser_unformed: 0.0,
        loser_broken: 0.0,
    };
    // Sums without branches: which side loses is not predictable per pair.
    let mut loser = [0.0; 3];
    let (mut falls_back, mut unformed, mut broken) = (0.0, 0.0, 0.0);
    let yes = |b: bool| f64::from(u8::from(b));
    for &(sa, pa) in &odds.a.score.outcomes {
        for &(sb, pb) in &odds.b.score.outcomes {
            let p = pa * pb;
            let d = plan.decide(sa, sb);
            loser[d.loser.map_or(2, |s| s as usize)] += p;
            falls_back += p * yes(d.falls_back);
            unformed += p * yes(d.unformed);
            broken += p * yes(d.broken);
        }
    }
    [odds.loser_a, odds.loser_b, odds.loser_none] = loser;
    odds.loser_falls_back = falls_back;
    odds.loser_unformed = unformed;
    odds.loser_broken = broken;
    odds
}

/// One side's score and what it inflicts.
fn side(plan: &Melee<'_>, side: Side) -> MeleeSideOdds {
    let dice = plan.side(side).dice;
    let table = tables::top_two(dice);
    let score = Distribution::gather_sorted(
        table
            .iter()
            .enumerate()
            .map(|(sum, row)| (plan.score(side, sum as u32), row[0] + row[1])),
    );
    // At most 13 scores (sums 0 to 12): read each through the rules once.
    let mut harm = [((0, 0), 0.0); 13];
    for (slot, (s, p)) in harm.iter_mut().zip(score.iter()) {
        *slot = (plan.inflicted(side, s), p);
    }
    let harm = &harm[..score.outcomes.len().min(13)];
    let casualties_inflicted = Distribution::gather_sorted(harm.iter().map(|&((c, _), p)| (c, p)));
    let stands_destroyed = Distribution::gather_sorted(harm.iter().map(|&((_, st), p)| (st, p)));
    MeleeSideOdds {
        dice,
        score,
        casualties_inflicted,
        stands_destroyed,
    }
}
