//! Exact odds of Robert's Rules rolls: every two-dice roll (RR-1) is run
//! through the very `resolve` a case is resolved by, 36 rolls for one side
//! and 1,296 for a simultaneous melee, so the odds cannot drift from the
//! rules.

use super::Distribution;
use crate::dice::Die;
use crate::rules::house::House;
use crate::rules::roberts_rules::{
    ActionResult, ActionRoll, BreakCheck, BreakResult, MeleeAttack, MissileAttack, MoraleCheck,
    Pursuit, PursuitAttack, Winner,
};

/// Every roll of two d6, each 1/36.
pub fn two_d6() -> impl Iterator<Item = (Vec<Die>, f64)> {
    (1..=6u8).flat_map(|a| {
        (1..=6u8).map(move |b| {
            (
                vec![
                    Die::new(a).unwrap_or_else(|| unreachable!()),
                    Die::new(b).unwrap_or_else(|| unreachable!()),
                ],
                1.0 / 36.0,
            )
        })
    })
}

/// The odds of a roll against a threshold: its score and whether it succeeds.
#[derive(Clone, Debug, PartialEq)]
pub struct RollOdds<R> {
    /// The modified score (none when automatic).
    pub score: Distribution<i32>,
    /// The chance it succeeds (passes).
    pub success: f64,
    /// What it comes to.
    pub result: Distribution<R>,
}

/// An Action Roll's odds (RR-6): certain when automatic.
pub fn action_roll(plan: &ActionRoll) -> RollOdds<ActionResult> {
    let mut score = Vec::new();
    let mut result = Vec::new();
    let mut success = 0.0;
    if plan.automatic {
        return RollOdds {
            score: Distribution::default(),
            success: 1.0,
            result: Distribution::certain(ActionResult::Done),
        };
    }
    for (d, p) in two_d6() {
        if let Ok(o) = plan.resolve(&d) {
            score.push((o.score.unwrap_or(0), p));
            result.push((o.result, p));
            if o.success {
                success += p;
            }
        }
    }
    RollOdds {
        score: Distribution::gather_sorted(score),
        success,
        result: Distribution::gather(result),
    }
}

/// A Morale Check's odds (RR-12).
pub fn morale_check(plan: &MoraleCheck) -> RollOdds<bool> {
    let mut score = Vec::new();
    let mut result = Vec::new();
    let mut success = 0.0;
    for (d, p) in two_d6() {
        if let Ok(o) = plan.resolve(&d) {
            score.push((o.score, p));
            result.push((o.passed, p));
            if o.passed {
                success += p;
            }
        }
    }
    RollOdds {
        score: Distribution::gather_sorted(score),
        success,
        result: Distribution::gather(result),
    }
}

/// A Break Check's odds (RR-13, RR-14): certain when none is made.
pub fn break_check(plan: &BreakCheck, house: &House) -> RollOdds<BreakResult> {
    if !plan.required {
        return RollOdds {
            score: Distribution::default(),
            success: 1.0,
            result: Distribution::certain(BreakResult::Holds),
        };
    }
    let mut score = Vec::new();
    let mut result = Vec::new();
    let mut success = 0.0;
    for (d, p) in two_d6() {
        if let Ok(o) = plan.resolve(&d, house) {
            score.push((o.score.unwrap_or(0), p));
            result.push((o.result.unwrap_or(BreakResult::Holds), p));
            if o.passed == Some(true) {
                success += p;
            }
        }
    }
    RollOdds {
        score: Distribution::gather_sorted(score),
        success,
        result: Distribution::gather(result),
    }
}

/// The odds of `n` missile attacks on one stand (RR-16).
#[derive(Clone, Debug, PartialEq)]
pub struct MissileOdds {
    /// One attack's score.
    pub score: Distribution<i32>,
    /// The chance one attack Disrupts (7+).
    pub disrupt: f64,
    /// The chance one attack hits (11+).
    pub hit: f64,
    /// The chance the stand is Disrupted after all of them.
    pub disrupted: f64,
    /// Hits on the unit after all of them.
    pub hits: Distribution<u32>,
}

/// The odds of `n` attacks by `plan`.
pub fn missile_attack(plan: &MissileAttack, n: usize) -> MissileOdds {
    let mut score = Vec::new();
    let (mut disrupt, mut hit) = (0.0, 0.0);
    for (d, p) in two_d6() {
        if let Ok(o) = plan.resolve(&[d]) {
            score.push((o.scores[0], p));
            if o.scores[0] >= 7 {
                disrupt += p;
            }
            hit += p * f64::from(o.hits);
        }
    }
    // Independent attacks: the hits are binomial.
    let mut hits = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; hits.len() + 1];
        for (k, q) in hits.iter().enumerate() {
            next[k] += q * (1.0 - hit);
            next[k + 1] += q * hit;
        }
        hits = next;
    }
    let disrupted = if plan.target_disrupted {
        1.0
    } else {
        1.0 - (1.0 - disrupt).powi(n as i32)
    };
    MissileOdds {
        score: Distribution::gather_sorted(score),
        disrupt,
        hit,
        disrupted,
        hits: Distribution::gather(hits.into_iter().enumerate().map(|(k, q)| (k as u32, q))),
    }
}

/// A melee's odds (RR-18, RR-19): whose score counts, who is pushed back,
/// the hits, and the Pursuit open.
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    /// Whose score counts.
    pub counts: Distribution<Winner>,
    /// Who is Pushed Back.
    pub pushed_back: Distribution<Winner>,
    /// Hits on the side pushed back.
    pub hits: Distribution<u32>,
    /// The Pursuit open to the winner.
    pub pursuit: Distribution<Pursuit>,
}

/// The odds of a melee planned.
pub fn melee_attack(plan: &MeleeAttack, house: &House) -> MeleeOdds {
    let mut counts = Vec::new();
    let mut pushed = Vec::new();
    let mut hits = Vec::new();
    let mut pursuit = Vec::new();
    let b_rolls: Vec<(Vec<Die>, f64)> = if plan.simultaneous {
        two_d6().collect()
    } else {
        vec![(Vec::new(), 1.0)]
    };
    for (a, pa) in two_d6() {
        for (b, pb) in &b_rolls {
            if let Ok(o) = plan.resolve(&a, b, house) {
                let p = pa * pb;
                counts.push((o.counts, p));
                pushed.push((o.pushed_back, p));
                hits.push((o.hits, p));
                pursuit.push((o.pursuit, p));
            }
        }
    }
    MeleeOdds {
        counts: Distribution::gather(counts),
        pushed_back: Distribution::gather(pushed),
        hits: Distribution::gather_sorted(hits),
        pursuit: Distribution::gather(pursuit),
    }
}

/// A Pursuit attack's odds (RR-21): the score, and the chance of 13 or
/// more (3 hits); below 13 the hits are the chart's.
pub fn pursuit_attack(plan: &PursuitAttack) -> (Distribution<i32>, f64) {
    let mut score = Vec::new();
    let mut three = 0.0;
    for (d, p) in two_d6() {
        let sum: i32 = d.iter().map(|x| i32::from(x.value())).sum();
        let s = sum + crate::rules::explain::total(&plan.modifiers);
        score.push((s, p));
        if s >= 13 {
            three += p;
        }
    }
    (Distribution::gather_sorted(score), three)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::roberts_rules::{ActionSituation, Phase, Unit, action_roll::Action};

    #[test]
    fn an_action_roll_at_plus_one_succeeds_26_times_in_36() {
        let h = crate::rules::System::RobertsRules.house_defaults();
        let u = Unit {
            name: "x".into(),
            captain_attached: true,
            stands_original: 4,
            stands: 4,
            formed: true,
            ..Unit::default()
        };
        let plan = ActionRoll::plan(
            &u,
            Action::Movement,
            Phase::Action,
            ActionSituation::default(),
            &[],
            &h,
        )
        .unwrap();
        let o = action_roll(&plan);
        // 7 or more on two dice: 21 of 36.
        assert!((o.success - 21.0 / 36.0).abs() < 1e-12);
        assert!((o.score.total() - 1.0).abs() < 1e-12);
    }
}
