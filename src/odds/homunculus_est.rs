//! Exact odds of every Homunculus Est! procedure, by enumerating every
//! face of every die it rolls through the rules' own functions (so the odds
//! and the resolution cannot drift). At most 6^6 outcomes: well in budget.

use super::Distribution;
use crate::rules::RulesError;
use crate::rules::homunculus_est::combat::{Combat, convert};
use crate::rules::homunculus_est::discipline::{discipline_modifier, reform_modifier};
use crate::rules::homunculus_est::failed::Outcome;
use crate::rules::homunculus_est::follow_up::{self, FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::manoeuvre::{ManoeuvreTest, passes};
use crate::rules::homunculus_est::movement::MovementActivation;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::shortfall;
use crate::rules::homunculus_est::tables::{
    CombatResult, EagleEvent, EagleResult, FailedRow, Injury, RiskEvent, ShootingResult,
    combat_result, distance, eagles, failed_row, injury,
};
use crate::rules::homunculus_est::{Characteristic, LineKind, Unit};

/// Every roll of `n` dice, each with its probability.
pub fn rolls(n: usize) -> impl Iterator<Item = (Vec<u8>, f64)> {
    let total = 6usize.pow(n as u32);
    let p = 1.0 / total as f64;
    (0..total).map(move |mut i| {
        let mut d = Vec::with_capacity(n);
        for _ in 0..n {
            d.push((i % 6) as u8 + 1);
            i /= 6;
        }
        (d, p)
    })
}

/// A Movement Activation's odds.
#[derive(Clone, Debug)]
pub struct MovementOdds {
    /// Movement Points.
    pub movement_points: Distribution<u32>,
    /// The activation fails.
    pub failed: f64,
    /// It ends the phase.
    pub reversal: f64,
}

/// The odds of a planned Movement Activation (the die that stands; a
/// Movement Point re-roll is the referee's choice after seeing the first).
pub fn movement(
    plan: &MovementActivation,
    failed_last: bool,
    charge_without_enemy: bool,
) -> MovementOdds {
    let w: Vec<_> = (1..=6u8).map(|n| (plan.outcome_of(n), 1.0 / 6.0)).collect();
    let failed: f64 = w.iter().filter(|((_, f, _), _)| *f).map(|(_, p)| p).sum();
    MovementOdds {
        movement_points: Distribution::gather_sorted(w.iter().map(|((_, _, mp), p)| (*mp, *p))),
        failed,
        reversal: if charge_without_enemy {
            1.0
        } else if failed_last {
            failed
        } else {
            0.0
        },
    }
}

/// The chance a Manoeuvre Test passes, with every re-roll it may take.
pub fn manoeuvre(plan: &ManoeuvreTest, mr: u32) -> f64 {
    if plan.free() {
        return 1.0;
    }
    let m = crate::rules::explain::total(&plan.modifiers);
    let p = (1..=6u8).filter(|n| passes(*n, m, mr)).count() as f64 / 6.0;
    let tries = 1 + u32::from(plan.free_reroll());
    1.0 - (1.0 - p).powi(tries as i32)
}

/// The chooser's best pick among the dice (HE-17): the rules' own
/// advice, `Combat::best_pick`.
pub fn best_pick(plan: &Combat, rolled: &[u8]) -> u8 {
    plan.best_pick(rolled)
}

/// A combat's odds, the chooser taking his best pick.
#[derive(Clone, Debug)]
pub struct CombatOdds {
    /// The result applied (no_effect when cancelled).
    pub result: Distribution<CombatResult>,
    /// A Defence die cancels it.
    pub cancelled: f64,
    /// It ends the phase.
    pub reversal: f64,
}

/// The odds of a planned combat.
pub fn combat(plan: &Combat) -> CombatOdds {
    let (a, d) = plan.sides();
    let flat = plan.situation().flat_open;
    let mut weights = Vec::new();
    let mut cancelled = 0.0;
    for (rolled, p) in rolls(plan.dice_rolled) {
        let chosen = plan.best_pick(&rolled);
        let n = plan.defence_dice(chosen);
        // the chance no Defence die shows the chosen face
        let stands = (5.0f64 / 6.0).powi(n as i32);
        cancelled += p * (1.0 - stands);
        weights.push((CombatResult::NoEffect, p * (1.0 - stands)));
        let (r, _) = convert(combat_result(chosen), &a.unit, &d.unit, flat);
        weights.push((r, p * stands));
    }
    let result = Distribution::gather(weights);
    let reversal =
        result.probability_that(|r| matches!(r, CombatResult::Repulsed | CombatResult::Grind));
    CombatOdds {
        result,
        cancelled,
        reversal,
    }
}

/// A shot's odds, the shooter taking his best pick.
#[derive(Clone, Debug)]
pub struct ShootingOdds {
    /// The result applied.
    pub result: Distribution<ShootingResult>,
    /// Cancelled by a Defence die.
    pub cancelled: f64,
    /// It ends the phase (Short of Ammunition).
    pub reversal: f64,
}

/// The odds of a planned shot, the shooter taking his best pick among the
/// dice (`Shooting::best_pick`: conversions and cancels weighed, HE-22,
/// HE-23), as a combat's chooser does.
pub fn shooting(plan: &Shooting) -> ShootingOdds {
    let mut weights = Vec::new();
    let mut cancelled = 0.0;
    for (rolled, p) in rolls(plan.dice_rolled) {
        let chosen = plan.best_pick(&rolled);
        let kept = plan.stands(chosen);
        cancelled += p * (1.0 - kept);
        weights.push((ShootingResult::NoEffect, p * (1.0 - kept)));
        weights.push((plan.applied(chosen), p * kept));
    }
    let result = Distribution::gather(weights);
    let reversal = result.probability(ShootingResult::ShortOfAmmunition);
    ShootingOdds {
        result,
        cancelled,
        reversal,
    }
}

/// A follow up's odds: whether the victor follows up and how far (0: it
/// stays, or the loser's cover stops it), every roll it makes enumerated
/// through `follow_up` itself (HE-25).
#[derive(Clone, Debug)]
pub struct FollowUpOdds {
    /// It follows up.
    pub follows: f64,
    /// The loser's cover stops it (when the cover is used).
    pub stopped: f64,
    /// Squares it advances (0 when it does not).
    pub squares: Distribution<u32>,
}

/// The odds of a follow up as the facts stand; a follow up the rules
/// refuse has none.
pub fn follow_up(unit: &Unit, loser: &Unit, s: FollowUpSituation) -> Option<FollowUpOdds> {
    let mut out = Vec::new();
    let mut dice = FollowUpDice::default();
    walk_follow_up(unit, loser, s, &mut dice, 1.0, &mut out).ok()?;
    let follows = out.iter().filter(|(o, _)| o.0).map(|(_, p)| p).sum();
    let stopped = out.iter().filter(|(o, _)| o.1).map(|(_, p)| p).sum();
    Some(FollowUpOdds {
        follows,
        stopped,
        squares: Distribution::gather_sorted(out.iter().map(|(o, p)| (o.2, *p))),
    })
}

/// One branch of a follow up's rolls: resolved, or the next die its
/// procedure asks for tried at each face (`shortfall`).
fn walk_follow_up(
    unit: &Unit,
    loser: &Unit,
    s: FollowUpSituation,
    dice: &mut FollowUpDice,
    p: f64,
    out: &mut Vec<((bool, bool, u32), f64)>,
) -> Result<(), RulesError> {
    match follow_up::follow_up(unit, loser, s, dice) {
        Ok(o) => {
            let stopped =
                !o.follows_up && s.cover.is_some() && !dice.cover.is_empty() && dice.cover[0] >= 2;
            out.push(((o.follows_up, stopped, o.squares), p));
            Ok(())
        }
        Err(e) => {
            let Some((pool, _)) = shortfall(&e) else {
                return Err(e);
            };
            for f in 1..=6u8 {
                let v = match pool.as_str() {
                    "stay" => &mut dice.stay,
                    "cover" => &mut dice.cover,
                    "follow_up" => &mut dice.follow_up,
                    _ => return Err(e.clone()),
                };
                v.push(f);
                walk_follow_up(unit, loser, s, dice, p / 6.0, out)?;
                let v = match pool.as_str() {
                    "stay" => &mut dice.stay,
                    "cover" => &mut dice.cover,
                    _ => &mut dice.follow_up,
                };
                v.pop();
            }
            Ok(())
        }
    }
}

/// The squares of a PUSH BACK or FOLLOW UP roll (HE-24, HE-25).
pub fn distance_odds(unit: &Unit) -> Distribution<u32> {
    Distribution::gather_sorted((1..=6u8).map(|d| {
        (
            distance(d, unit.moves_as_cavalry_or_skirmisher()),
            1.0 / 6.0,
        )
    }))
}

/// The chance 2D6 reach `target` or more.
pub fn two_d6_at_least(target: i32) -> f64 {
    rolls(2)
        .filter(|(d, _)| i32::from(d[0] + d[1]) >= target)
        .map(|(_, p)| p)
        .sum()
}

/// A 2D6 test's odds: pass, failure, Critical Failure, after `rerolls` re-rolls of a failure.
#[derive(Clone, Copy, Debug)]
pub struct TestOdds {
    /// Passes.
    pub passed: f64,
    /// Fails on a double.
    pub critical: f64,
    /// A natural 12.
    pub natural_twelve: f64,
}

fn test_odds(modifier: i32, dr: u32, rerolls: usize) -> TestOdds {
    let mut pass = 0.0;
    let mut crit = 0.0;
    let mut twelve = 0.0;
    for (d, p) in rolls(2) {
        let t = i32::from(d[0] + d[1]) + modifier;
        if t >= dr as i32 {
            pass += p;
            if d[0] + d[1] == 12 {
                twelve += p;
            }
        } else if d[0] == d[1] {
            crit += p;
        }
    }
    let fail_all = (1.0 - pass).powi(rerolls as i32);
    let tried = (0..=rerolls)
        .map(|k| (1.0 - pass).powi(k as i32))
        .sum::<f64>();
    TestOdds {
        passed: 1.0 - (1.0 - pass) * fail_all,
        critical: crit * fail_all,
        natural_twelve: twelve * tried,
    }
}

/// A Discipline Test's odds.
pub fn discipline(unit: &Unit, devotio: bool, rerolls: usize) -> TestOdds {
    test_odds(
        discipline_modifier(unit),
        unit.discipline_rating + if devotio { 2 } else { 0 },
        rerolls,
    )
}

/// A Reform Test's odds.
pub fn reform(unit: &Unit, enemy_zocs: u32, rerolls: usize) -> TestOdds {
    test_odds(
        reform_modifier(unit, enemy_zocs),
        unit.discipline_rating,
        rerolls,
    )
}

/// The FAILED ... OUTCOME row by a 2D6 with `modifier`.
pub fn failed_rows(modifier: i32) -> Distribution<FailedRow> {
    Distribution::gather(rolls(2).map(|(d, p)| (failed_row(i32::from(d[0] + d[1]) + modifier), p)))
}

/// What a failed outcome does, by its row, for a unit (HE-28, HE-29).
pub fn failed_outcomes(unit: &Unit, modifier: i32, reform: bool) -> Distribution<Outcome> {
    let immobile = unit.has(Characteristic::Immobile);
    failed_rows(modifier).map(|r| match (r, reform) {
        (FailedRow::Rout, _) if immobile && !reform => Outcome::Destroyed,
        (FailedRow::Retiring, false) if immobile => Outcome::Destroyed,
        (FailedRow::Rout, _) => Outcome::Rout,
        (_, false) if unit.disordered => Outcome::Rout,
        (FailedRow::Retiring, _) => Outcome::Retiring,
        (FailedRow::Disordered, _) => Outcome::Disordered,
    })
}

/// A general's fate after `event` (RISK TO GENERALS): unhurt or his injury.
pub fn general(event: RiskEvent) -> Distribution<Option<Injury>> {
    let injured: f64 = rolls(2)
        .filter(|(d, _)| u32::from(d[0] + d[1]) <= event.injured_up_to())
        .map(|(_, p)| p)
        .sum();
    let mut w = vec![(None, 1.0 - injured)];
    w.extend((1..=6u8).map(|d| (Some(injury(d)), injured / 6.0)));
    Distribution::gather(w)
}

/// The chance a line is removed (HE-31).
pub fn line_removed(line: LineKind) -> f64 {
    f64::from(crate::rules::homunculus_est::tables::line_removed_up_to(
        line,
    )) / 6.0
}

/// The Lost Eagles table's odds for `event`.
pub fn eagles_odds(event: EagleEvent) -> Distribution<EagleResult> {
    Distribution::gather(rolls(2).map(|(d, p)| (eagles(u32::from(d[0] + d[1]), event), p)))
}

/// The odds of what happens to `legion` for `event`, through the test
/// itself: an Eagle already lost, or Centurion Casualties already
/// suffered, is No Effect (HE-32, once per battle each). A unit that is
/// no Legion gets the table's odds.
pub fn legion_eagles_odds(legion: &Unit, event: EagleEvent) -> Distribution<EagleResult> {
    Distribution::gather(rolls(2).map(|(d, p)| {
        let r = crate::rules::homunculus_est::eagles::lost_eagles(legion, event, &d)
            .map_or_else(|_| eagles(u32::from(d[0] + d[1]), event), |o| o.result);
        (r, p)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;
    use crate::rules::homunculus_est::combat::{CombatDice, CombatSide, CombatSituation};

    #[test]
    fn every_distribution_sums_to_one() {
        assert!((failed_rows(-3).total() - 1.0).abs() < 1e-9);
        assert!((general(RiskEvent::Routing).total() - 1.0).abs() < 1e-9);
        assert!((two_d6_at_least(7) - 21.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn combat_odds_equal_enumeration_through_resolve() {
        let a = CombatSide::of(Unit::new("a", Class::FormedInfantry, 3, 4, 7));
        let d = CombatSide::of(Unit::new("d", Class::FormedInfantry, 3, 4, 7));
        let plan = Combat::plan(&a, &d, CombatSituation::default()).unwrap();
        let odds = combat(&plan);
        let mut brute = Vec::new();
        for (c, p) in rolls(1) {
            for (def, q) in rolls(1) {
                let o = plan
                    .resolve(&CombatDice {
                        combat: c.clone(),
                        defence: def,
                        ..Default::default()
                    })
                    .unwrap();
                brute.push((o.result, p * q));
            }
        }
        let brute = Distribution::gather(brute);
        for (r, p) in brute.iter() {
            assert!((odds.result.probability(r) - p).abs() < 1e-12, "{r}");
        }
    }

    #[test]
    fn discipline_odds_match_the_test() {
        let u = Unit::new("u", Class::FormedInfantry, 3, 4, 8);
        let mut pass = 0.0;
        for (d, p) in rolls(2) {
            let o = crate::rules::homunculus_est::discipline::discipline_test(
                &u,
                &Default::default(),
                &d,
            )
            .unwrap();
            if o.passed {
                pass += p;
            }
        }
        assert!((discipline(&u, false, 0).passed - pass).abs() < 1e-12);
    }
}
