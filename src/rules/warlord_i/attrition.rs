//! Attrition points from the events of Rule 12 and disorder points from
//! Rule 18 (WI-8): each listed event gains 1 AP; reckless mounted troops
//! gain 1 more for charging over mobile defences or pits ("& above") and 1
//! for charging facing pikes; each DP is also an AP. Then bases go at 6
//! APs, or 4 if the unit cannot recuperate now (Rule 16, WI-10).

use super::on_table;
use super::points::{self, Next};
use super::unit::{Morale, Unit, UnitState};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// Counts of the events the referee reports (Rules 12, 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AttritionGains {
    /// Hostile charges declared from behind its flank or rear.
    pub flank_rear_charges: u32,
    /// Friendly disasters within 10 cm.
    pub friendly_disasters: u32,
    /// Disorder points from Rule 18's causes.
    pub disorder: u32,
    /// Shooting hits sustained.
    pub shooting_hits: u32,
    /// Times shaken without recoiling or retreating.
    pub shaken_no_recoil: u32,
    /// Charges over mobile defences or pits.
    pub charged_over_defences: u32,
    /// Crossings of chevaux de frise.
    pub crossed_chevaux_de_frise: u32,
    /// Reckless mounted charges facing pikes, long spears etc.
    pub reckless_charge_facing_pikes: u32,
    /// Melee result points above 4 scored by winning opponents.
    pub melee_excess: u32,
}

/// Attrition about to be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attrition {
    /// The unit.
    pub unit: Unit,
    /// The events.
    pub gains: AttritionGains,
    /// Each cause with the APs it gives.
    pub causes: Vec<Modifier>,
    /// Causes that give nothing to this unit, and why.
    pub notes: Explanation,
}

/// What the attrition came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttritionOutcome {
    /// APs gained, DPs included.
    pub aps_gained: u32,
    /// DPs gained.
    pub dps_gained: u32,
    /// Bases removed (WI-10).
    pub bases_removed: u32,
    /// Its last base went (a disaster, WI-12).
    pub destroyed: bool,
    /// The unit after.
    pub after: UnitState,
    /// What is required now: a waver test for shooting hits (WI-13), or its destruction.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

fn count(n: u32) -> i32 {
    n.min(i32::MAX as u32 / 16) as i32
}

impl Attrition {
    /// States the APs each event gives the unit.
    pub fn plan(unit: &Unit, gains: AttritionGains) -> Result<Attrition, RulesError> {
        on_table(unit)?;
        let reckless_mounted = unit.morale == Morale::Reckless && unit.is_mounted();
        let mut causes = Vec::new();
        let mut notes = Explanation::default();
        let r12 = || cite("Rule 12", "WI-8");
        let mut add = |n: u32, what: &str, cite| {
            if n > 0 {
                causes.push(Modifier::new(count(n), format!("{n} x {what}"), cite));
            }
        };
        add(
            gains.flank_rear_charges,
            "hostile charge declared from behind its flank or rear",
            r12(),
        );
        add(
            gains.friendly_disasters,
            "friendly disaster within 10 cm",
            r12(),
        );
        add(
            gains.disorder,
            "disorder point (a DP is an AP)",
            cite("Rules 12, 18", "WI-8"),
        );
        add(gains.shooting_hits, "shooting hit", r12());
        add(
            gains.shaken_no_recoil,
            "shaken without recoiling or retreating",
            r12(),
        );
        add(
            gains.charged_over_defences,
            "charge over mobile defences or pits",
            r12(),
        );
        if reckless_mounted {
            // Rule 12 "(& above)": reckless mounted troops gain 1 more (WI-8).
            add(
                gains.charged_over_defences,
                "reckless mounted charge over mobile defences or pits (& above)",
                r12(),
            );
        }
        add(
            gains.crossed_chevaux_de_frise,
            "crossing of chevaux de frise",
            r12(),
        );
        if reckless_mounted {
            add(
                gains.reckless_charge_facing_pikes,
                "reckless mounted charge facing pikes, long spears etc",
                r12(),
            );
        } else if gains.reckless_charge_facing_pikes > 0 {
            notes.line(
                format!(
                    "charging facing pikes gains APs only for reckless mounted troops; {} are {} {}",
                    unit.name,
                    unit.morale,
                    unit.describe()
                ),
                r12(),
            );
        }
        add(
            gains.melee_excess,
            "melee result point above 4 scored by the winner",
            r12(),
        );
        Ok(Attrition {
            unit: unit.clone(),
            gains,
            causes,
            notes,
        })
    }

    /// Attrition needs no dice.
    pub fn needs(&self) -> crate::dice::DiceCount {
        crate::dice::DiceCount::default()
    }

    /// APs the events give.
    pub fn aps_gained(&self) -> u32 {
        total(&self.causes).max(0) as u32
    }

    /// Applies the points and removes bases.
    pub fn resolve(&self) -> AttritionOutcome {
        let mut why = Explanation::default();
        why.modifiers(&self.causes);
        why.extend(self.notes.clone());
        let mut state = self.unit.state();
        let aps = self.aps_gained();
        let dps = self.gains.disorder.min(aps);
        points::gain(&mut state, aps, dps);
        why.line(
            format!(
                "{} gains {aps} APs ({dps} DP): {} APs ({} DP)",
                self.unit.name, state.aps, state.dps
            ),
            cite("Rules 12, 18", "WI-8"),
        );
        let can = points::may_recuperate(state.morale, &self.unit.activity);
        let removed = points::remove_bases(&mut state, can, &mut why);
        let destroyed = state.bases == 0;
        let mut next = Vec::new();
        if destroyed {
            next.push(Next::Destroyed);
        } else if self.gains.shooting_hits > 0
            && !self.unit.waver_tested
            && state.morale != Morale::Routed
        {
            // Rule 58, WI-13: APs from shooting call for a waver test.
            why.line(
                "APs from shooting: a waver test is due",
                cite("Rule 58", "WI-13"),
            );
            next.push(Next::WaverTest);
        }
        AttritionOutcome {
            aps_gained: aps,
            dps_gained: dps,
            bases_removed: removed,
            destroyed,
            after: state,
            next,
            explanation: why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::TroopType;

    fn horse(morale: Morale) -> Unit {
        let mut u = Unit::new("Horse", TroopType::Cavalry, 4);
        u.morale = morale;
        u
    }

    #[test]
    fn reckless_mounted_pay_twice_over_pits_and_for_pikes() {
        let g = AttritionGains {
            charged_over_defences: 1,
            reckless_charge_facing_pikes: 1,
            ..AttritionGains::default()
        };
        let out = Attrition::plan(&horse(Morale::Reckless), g)
            .unwrap()
            .resolve();
        assert_eq!(out.aps_gained, 3);
        assert!(out.explanation.to_string().contains("(& above)"));
        let out = Attrition::plan(&horse(Morale::Steady), g)
            .unwrap()
            .resolve();
        assert_eq!(out.aps_gained, 1);
        assert!(
            out.explanation
                .to_string()
                .contains("only for reckless mounted")
        );
        let mut foot = Unit::new("Foot", TroopType::Foot, 4);
        foot.morale = Morale::Reckless;
        assert_eq!(Attrition::plan(&foot, g).unwrap().aps_gained(), 1);
    }

    #[test]
    fn every_cause_counts_each_time() {
        let g = AttritionGains {
            flank_rear_charges: 2,
            friendly_disasters: 1,
            disorder: 2,
            shooting_hits: 1,
            shaken_no_recoil: 1,
            charged_over_defences: 0,
            crossed_chevaux_de_frise: 1,
            reckless_charge_facing_pikes: 0,
            melee_excess: 3,
        };
        let mut u = Unit::new("Foot", TroopType::Foot, 8);
        u.aps = 1;
        let out = Attrition::plan(&u, g).unwrap().resolve();
        assert_eq!((out.aps_gained, out.dps_gained), (11, 2));
        // 12 APs, steady and idle: 12 -> 10 -> 8 -> 6 -> 4.
        assert_eq!(out.bases_removed, 4);
        assert_eq!((out.after.aps, out.after.dps, out.after.bases), (4, 0, 4));
        assert_eq!(out.next, [Next::WaverTest]);
    }

    #[test]
    fn the_last_base_destroys_it() {
        let mut u = Unit::new("Foot", TroopType::Foot, 1);
        u.aps = 3;
        let g = AttritionGains {
            shooting_hits: 3,
            ..AttritionGains::default()
        };
        let out = Attrition::plan(&u, g).unwrap().resolve();
        assert!(out.destroyed);
        assert_eq!(out.next, [Next::Destroyed]);
    }
}
