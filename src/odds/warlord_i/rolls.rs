//! Odds of the single rolls: fugitives' attrition (Rule 13, WI-11),
//! entering the field (Rule 47, WI-22) and a general's risk (Rule 99,
//! WI-21), from [`FugitiveAttrition::score`] and
//! [`FugitiveAttrition::effect`], [`EnterField::score`] and
//! [`EnterField::entry`], [`GeneralRisk::score`] and [`GeneralRisk::fate`].

use super::{counted, sums};
use crate::odds::Distribution;
use crate::rules::warlord_i::{EnterField, Entry, Fate, FugitiveAttrition, GeneralRisk};

/// Fugitives' attrition before the die.
#[derive(Clone, Debug, PartialEq)]
pub struct FugitiveOdds {
    /// APs suffered.
    pub aps: Distribution<u32>,
    /// Bases removed, by the APs and the pursuers.
    pub bases_removed: Distribution<u32>,
    /// The unit is destroyed.
    pub destroyed: f64,
}

/// The odds of `plan`: each face through the roll's own functions.
pub fn fugitive_attrition(plan: &FugitiveAttrition) -> FugitiveOdds {
    let effects: Vec<_> = (1..=6u8)
        .map(|f| {
            let aps = plan.score(f);
            (aps, plan.effect(aps))
        })
        .collect();
    FugitiveOdds {
        aps: counted(effects.iter().map(|(a, _)| (*a, 1)), 6),
        bases_removed: counted(effects.iter().map(|(_, e)| (e.1, 1)), 6),
        destroyed: effects.iter().filter(|(_, e)| e.0.bases == 0).count() as f64 / 6.0,
    }
}

/// An attempt to enter the field before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct EnterOdds {
    /// The score.
    pub score: Distribution<i32>,
    /// Where the troops arrive, or a failure.
    pub outcome: Distribution<Entry>,
    /// They arrive at all.
    pub enters: f64,
}

/// The odds of `plan`: every sum of two dice through [`EnterField::entry`].
pub fn enter_field(plan: &EnterField) -> EnterOdds {
    let (ways, total) = sums(2);
    let score = counted(ways.iter().map(|&(s, w)| (plan.score(s), w)), total);
    let outcome = score.map(|s| plan.entry(s));
    let enters = outcome.probability_that(|o| o != Entry::Fails);
    EnterOdds {
        score,
        outcome: Distribution::gather_sorted(outcome.iter()),
        enters,
    }
}

/// A general's risk before the die.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralRiskOdds {
    /// The score.
    pub score: Distribution<u32>,
    /// His fate, safest first.
    pub fate: Distribution<Fate>,
}

/// The odds of `plan`: each face through [`GeneralRisk::fate`].
pub fn general_risk(plan: &GeneralRisk) -> GeneralRiskOdds {
    let score = counted((1..=6u8).map(|f| (plan.score(f), 1)), 6);
    let fate = Distribution::gather_sorted(score.iter().map(|(s, p)| (plan.fate(s), p)));
    GeneralRiskOdds { score, fate }
}
