//! Odds of an activation (2.2): success, Berserk, a morale step lost, a
//! champion allowed, and the score, from [`Activation::verdict`].

use crate::dice::Dice;
use crate::odds::{Distribution, tables};
use crate::rules::warlords::Activation;

/// The odds of an activation before it is rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct ActivationOdds {
    /// White dice rolled (2 plus 1 per champion; none for an automatic evade).
    pub dice: u32,
    /// The adjusted score; empty for an automatic evade, which has none.
    pub score: Distribution<i32>,
    /// Score greater than the width (2.2 step 3).
    pub success: f64,
    /// Goes Berserk (W-6).
    pub berserk: f64,
    /// Loses a morale step (W-5).
    pub lost_morale_step: f64,
    /// May add a champion (W-7).
    pub may_add_champion: f64,
}

/// The odds of `plan`: each two-highest sum, with or without doubles among
/// the dice, read through [`Activation::verdict`].
pub fn activation(plan: &Activation<'_>) -> ActivationOdds {
    let dice = plan.needs().white as u32;
    if dice == 0 {
        // An automatic evade (2.4.7): no roll, so the rules' own answer is certain.
        return certain(plan);
    }
    let table = tables::top_two(dice);
    let mut odds = ActivationOdds {
        dice,
        score: Distribution::default(),
        success: 0.0,
        berserk: 0.0,
        lost_morale_step: 0.0,
        may_add_champion: 0.0,
    };
    let mut scores = Vec::with_capacity(26);
    for (sum, row) in table.iter().enumerate() {
        for (doubles, &p) in row.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let v = plan.verdict(sum as u32, doubles == 1);
            scores.push((v.score, p));
            odds.success += p * f64::from(u8::from(v.success));
            odds.berserk += p * f64::from(u8::from(v.berserk));
            odds.lost_morale_step += p * f64::from(u8::from(v.lost_morale_step));
            odds.may_add_champion += p * f64::from(u8::from(v.may_add_champion));
        }
    }
    odds.score = Distribution::gather_sorted(scores);
    odds
}

/// The odds of an activation that rolls no dice: its one outcome, for certain.
fn certain(plan: &Activation<'_>) -> ActivationOdds {
    let out = plan.resolve(&Dice::default());
    let yes = |b: bool| f64::from(u8::from(b));
    match out {
        Ok(o) => ActivationOdds {
            dice: 0,
            score: o
                .score
                .map_or_else(Distribution::default, Distribution::certain),
            success: yes(o.success),
            berserk: yes(o.berserk),
            lost_morale_step: yes(o.lost_morale_step),
            may_add_champion: yes(o.may_add_champion),
        },
        // The plan asked for no dice, so no dice cannot be refused; if it
        // were, nothing is certain.
        Err(_) => ActivationOdds {
            dice: 0,
            score: Distribution::default(),
            success: 0.0,
            berserk: 0.0,
            lost_morale_step: 0.0,
            may_add_champion: 0.0,
        },
    }
}
