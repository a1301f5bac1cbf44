//! Recuperation (Rule 15, WI-9, WI-10): in its side's command step a unit
//! that is steady and not charging, counter-charging, being charged,
//! evading, pursuing, looting or in melee loses 1 AP, or 2 if a CO spent
//! its cost on it this Move to rally and establish control; DPs go first
//! (WI-8). Then bases go while the APs are at least 6 (4 if it could not
//! recuperate, Rule 16).

use super::on_table;
use super::points::{self, Next};
use super::unit::{Unit, UnitState};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// A unit's recuperation step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recuperation {
    /// The unit.
    pub unit: Unit,
    /// A CO spent its cost on it this Move to rally and establish control (E54 application 2).
    pub rallied: bool,
}

/// What the step came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecuperationOutcome {
    /// The unit may recuperate (Rule 15).
    pub may_recuperate: bool,
    /// APs it lost (WI-9).
    pub aps_recovered: u32,
    /// Bases removed (WI-10).
    pub bases_removed: u32,
    /// The unit after.
    pub after: UnitState,
    /// What is required now.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl Recuperation {
    /// The step for a unit on the table.
    pub fn plan(unit: &Unit, rallied: bool) -> Result<Recuperation, RulesError> {
        on_table(unit)?;
        Ok(Recuperation {
            unit: unit.clone(),
            rallied,
        })
    }

    /// Recuperation needs no dice.
    pub fn needs(&self) -> crate::dice::DiceCount {
        crate::dice::DiceCount::default()
    }

    /// The APs lost, bases removed and the unit after.
    pub fn resolve(&self) -> RecuperationOutcome {
        let mut why = Explanation::default();
        let mut state = self.unit.state();
        let reason = points::why_not_recuperate(state.morale, &self.unit.activity);
        let may = reason.is_none();
        let mut recovered = 0;
        match reason {
            Some(r) => why.line(
                format!("{} may not recuperate: {r}", self.unit.name),
                cite("Rule 15", "WI-9"),
            ),
            None => {
                // WI-9: 1 AP, or 2 when rallied by its CO this Move; never more than it holds.
                let wanted = if self.rallied { 2 } else { 1 };
                recovered = points::take_away(&mut state, wanted);
                why.line(
                    format!(
                        "{} is steady and not engaged: it recuperates {wanted} AP{}{}, DPs first: {} recovered, {} APs ({} DP) left",
                        self.unit.name,
                        if wanted == 1 { "" } else { "s" },
                        if self.rallied {
                            " (rallied by its CO this Move)"
                        } else {
                            ""
                        },
                        recovered,
                        state.aps,
                        state.dps
                    ),
                    cite("Rule 15", "WI-8, WI-9"),
                );
            }
        }
        let removed = points::remove_bases(&mut state, may, &mut why);
        let next = if state.bases == 0 {
            vec![Next::Destroyed]
        } else {
            Vec::new()
        };
        RecuperationOutcome {
            may_recuperate: may,
            aps_recovered: recovered,
            bases_removed: removed,
            after: state,
            next,
            explanation: why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Activity, Morale, TroopType};

    fn unit(aps: u32, dps: u32) -> Unit {
        let mut u = Unit::new("Legio", TroopType::Foot, 6);
        u.aps = aps;
        u.dps = dps;
        u
    }

    #[test]
    fn one_ap_or_two_when_rallied() {
        let out = Recuperation::plan(&unit(3, 1), false).unwrap().resolve();
        assert!(out.may_recuperate);
        assert_eq!((out.aps_recovered, out.after.aps, out.after.dps), (1, 2, 0));
        let out = Recuperation::plan(&unit(1, 0), true).unwrap().resolve();
        assert_eq!(out.aps_recovered, 1, "never more than it holds");
    }

    #[test]
    fn busy_or_unsteady_units_do_not_recuperate_and_lose_bases_at_four() {
        let mut u = unit(5, 0);
        u.morale = Morale::Shaken;
        let out = Recuperation::plan(&u, true).unwrap().resolve();
        assert!(!out.may_recuperate);
        assert_eq!((out.aps_recovered, out.bases_removed), (0, 1));
        assert_eq!(
            (out.after.aps, out.after.bases, out.after.bases_lost),
            (3, 5, 1)
        );
        assert!(out.explanation.to_string().contains("shaken, not steady"));
        let mut u = unit(2, 0);
        u.activity = vec![Activity::Looting];
        let out = Recuperation::plan(&u, false).unwrap().resolve();
        assert!(!out.may_recuperate);
        assert!(out.explanation.to_string().contains("it is looting"));
    }

    #[test]
    fn a_steady_unit_keeps_its_bases_below_six() {
        let out = Recuperation::plan(&unit(6, 0), false).unwrap().resolve();
        assert_eq!((out.after.aps, out.bases_removed), (5, 0));
        let out = Recuperation::plan(&unit(7, 0), false).unwrap().resolve();
        assert_eq!((out.after.aps, out.bases_removed), (4, 1));
    }
}
