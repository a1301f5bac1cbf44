//! An isolated unit's CO using his initiative (Rules 29, 37, 62; WI-7): he
//! throws his dice as in a command test, each die -1 for the initiative;
//! the unit acts if his CCPs reach its cost (WI-6), and otherwise
//! withdraws in disorder (Rule 62), gaining 1 DP (Rule 18). The CCPs serve
//! that unit only and lapse.

use super::ccp_cost::{CcpCost, CcpSituation};
use super::co::{CoActivity, CoStatus};
use super::command_test::{die_ccps, die_deductions};
use super::points::{self, Next};
use super::unit::{Unit, UnitState};
use super::{expect_dice, faces, on_table};
use crate::dice::{Dice, DiceCount};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What the referee says of an initiative test.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct InitiativeSituation {
    /// The unit's command situation, as for its CCP cost.
    pub ccp: CcpSituation,
    /// What the unit's CO is doing (Rule 29's -1 a die).
    pub co_activity: Vec<CoActivity>,
}

/// An initiative test about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Initiative {
    /// The isolated unit.
    pub unit: Unit,
    /// What the referee said.
    pub situation: InitiativeSituation,
    /// What each of his dice loses (Rule 29).
    pub per_die: Vec<Modifier>,
    /// What the unit costs (WI-6).
    pub cost: CcpCost,
}

/// What an initiative test came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiativeOutcome {
    /// Each die's CCPs after its deductions.
    pub dice_scores: Vec<u32>,
    /// Their sum.
    pub ccps: u32,
    /// The unit's cost.
    pub cost: u32,
    /// The CCPs reach the cost: the unit acts.
    pub success: bool,
    /// The unit after: a failure's DP and any base it removes.
    pub after: UnitState,
    /// What is required now.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl Initiative {
    /// States the dice, deductions and cost, or why the unit cannot use initiative.
    pub fn plan(unit: &Unit, situation: InitiativeSituation) -> Result<Initiative, RulesError> {
        on_table(unit)?;
        if unit.co_stars == 0 {
            return Err(RulesError::refused(format!(
                "{} has no CO with stars (its army file gives it none): a unit without one cannot use initiative (Rule 37, WI-7)",
                unit.name
            )));
        }
        if unit.co_stars > 3 {
            return Err(RulesError::refused(format!(
                "{} has a CO of {} stars; a CO has 1 to 3 (Rule 29)",
                unit.name, unit.co_stars
            )));
        }
        let per_die = die_deductions(
            "its CO",
            CoStatus::Well,
            false,
            &situation.co_activity,
            0,
            true,
        );
        Ok(Initiative {
            cost: CcpCost::plan(unit, situation.ccp)?,
            unit: unit.clone(),
            situation,
            per_die,
        })
    }

    /// One die per star of the unit's CO (Rule 29, WI-7).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(usize::from(self.unit.co_stars))
    }

    /// A die's CCPs (WI-1, WI-4). Odds use this.
    pub fn die_score(&self, face: u8) -> u32 {
        die_ccps(face, total(&self.per_die))
    }

    /// Whether these CCPs command the unit (WI-7). Odds use this.
    pub fn success(&self, ccps: u32) -> bool {
        ccps >= self.cost.cost()
    }

    /// The unit after a success or a failure, what is required next, and why.
    pub fn after(&self, success: bool) -> (UnitState, Vec<Next>, Explanation) {
        let mut state = self.unit.state();
        let mut why = Explanation::default();
        if success {
            return (state, Vec::new(), why);
        }
        // Rule 62: a unit failing to use initiative withdraws in disorder;
        // Rule 18, WI-8: 1 DP, which is also an AP.
        points::gain(&mut state, 1, 1);
        why.line(
            format!(
                "it withdraws in disorder: +1 DP (an AP too): {} APs ({} DP)",
                state.aps, state.dps
            ),
            cite("Rules 18, 62", "WI-7, WI-8"),
        );
        let can = points::may_recuperate(state.morale, &self.unit.activity);
        points::remove_bases(&mut state, can, &mut why);
        let mut next = vec![Next::WithdrawInDisorder];
        if state.bases == 0 {
            next = vec![Next::Destroyed];
        }
        (state, next, why)
    }

    /// Turns the CO's dice into the unit's fate.
    pub fn resolve(&self, dice: &Dice) -> Result<InitiativeOutcome, RulesError> {
        expect_dice(
            dice,
            self.needs(),
            &format!(
                "the unit's CO throws one die per star: {} (Rule 29, WI-7)",
                self.unit.co_stars
            ),
        )?;
        let mut why = Explanation::default();
        why.line(
            format!(
                "{}'s CO ({} star{}) throws {} on his initiative",
                self.unit.name,
                self.unit.co_stars,
                if self.unit.co_stars == 1 { "" } else { "s" },
                faces(dice)
            ),
            cite("Rules 29, 37", "WI-7"),
        );
        for m in &self.per_die {
            why.line(format!("{:+} a die: {}", m.value, m.reason), m.cite.clone());
        }
        let dice_scores: Vec<u32> = dice
            .white
            .iter()
            .map(|f| self.die_score(f.value()))
            .collect();
        let ccps: u32 = dice_scores.iter().sum();
        why.line(
            format!(
                "{} CCPs ({}), for this unit only",
                ccps,
                dice_scores
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" + ")
            ),
            cite("Rule 29", "WI-1, WI-7"),
        );
        let cost = self.cost.resolve(None);
        why.extend(cost.explanation);
        let success = self.success(ccps);
        why.line(
            if success {
                format!("{ccps} reach the cost {}: the unit acts", cost.cost)
            } else {
                format!("{ccps} is less than the cost {}: it fails", cost.cost)
            },
            cite("Rule 37", "WI-7"),
        );
        let (after, next, more) = self.after(success);
        why.extend(more);
        Ok(InitiativeOutcome {
            dice_scores,
            ccps,
            cost: cost.cost,
            success,
            after,
            next,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Class, Drill, TroopType};

    fn warband(stars: u8) -> Unit {
        let mut u = Unit::new("Warband", TroopType::Foot, 6);
        u.drill = Drill::Tribal;
        u.class = Class::Seasoned;
        u.co_stars = stars;
        u
    }

    #[test]
    fn enough_ccps_command_the_unit() {
        let plan = Initiative::plan(&warband(2), InitiativeSituation::default()).unwrap();
        let out = plan.resolve(&Dice::white(&[3, 2]).unwrap()).unwrap();
        assert_eq!(out.dice_scores, [2, 1]);
        assert_eq!((out.ccps, out.cost, out.success), (3, 3, true));
        assert!(out.next.is_empty());
        assert_eq!(out.after, warband(2).state());
    }

    #[test]
    fn a_busy_co_loses_another_point_a_die() {
        let s = InitiativeSituation {
            co_activity: vec![CoActivity::Pursuing],
            ..InitiativeSituation::default()
        };
        let plan = Initiative::plan(&warband(2), s).unwrap();
        let out = plan.resolve(&Dice::white(&[3, 2]).unwrap()).unwrap();
        assert_eq!(out.dice_scores, [1, 0]);
        assert!(!out.success);
        assert_eq!(out.next, [Next::WithdrawInDisorder]);
        assert_eq!((out.after.aps, out.after.dps), (1, 1));
        assert!(out.explanation.to_string().contains("Rules 18, 62"));
    }

    #[test]
    fn a_failure_can_cost_a_base() {
        let mut u = warband(1);
        u.aps = 5;
        u.activity = vec![crate::rules::warlord_i::unit::Activity::InMelee];
        let plan = Initiative::plan(&u, InitiativeSituation::default()).unwrap();
        let out = plan.resolve(&Dice::white(&[1]).unwrap()).unwrap();
        assert_eq!(
            (out.after.aps, out.after.bases, out.after.bases_lost),
            (2, 4, 2)
        );
    }

    #[test]
    fn no_stars_no_initiative() {
        let e = Initiative::plan(&warband(0), InitiativeSituation::default()).unwrap_err();
        assert!(e.to_string().contains("WI-7"), "{e}");
    }
}
