//! What commanding a unit costs in CCPs (Rule 29, E54, WI-6): Vd 1, Vt and
//! Sd 2, St and Rd 3, Rt 4 (artillery and baggage as Sd), plus 1 for each
//! of: rallying a routed unit; restraining and prompting it together
//! (unless reckless); any of its bases in melee, pursuing or looting;
//! prompting an OO unit to charge an enemy neither OO nor artillery; each
//! whole 10 cm from the CO base; its division's CO base lost.

use super::on_table;
use super::unit::{Activity, Morale, Unit};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// The enemy an OO unit is prompted to charge or attack (Rule 29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChargeTarget {
    /// Hostile OO troops: no extra.
    Oo,
    /// Artillery: no extra.
    Artillery,
    /// Any other enemy: +1 (Rule 29, WI-6).
    Other,
}
named_enum!(ChargeTarget {
    "oo" => ChargeTarget::Oo,
    "artillery" => ChargeTarget::Artillery,
    "other" => ChargeTarget::Other,
});

/// What the referee says of commanding a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CcpSituation {
    /// Rallying the unit (E54 application 2).
    pub rally: bool,
    /// Restraining and prompting it together.
    pub restrain_and_prompt: bool,
    /// The enemy it is prompted to charge, if it is.
    pub charge_target: Option<ChargeTarget>,
    /// Centimetres from the CO base to the unit's nearest base.
    pub distance_cm: u32,
    /// Its division's CO base is lost (CO killed or captured, WI-4).
    pub co_base_lost: bool,
}

/// The cost of commanding one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcpCost {
    /// The unit commanded.
    pub unit: Unit,
    /// What the referee said.
    pub situation: CcpSituation,
    /// Its class and drill code ("Vd" … "Rt").
    pub code: &'static str,
    /// The cost for that code (Rule 29).
    pub base: u32,
    /// Each extra CCP with its reason (Rule 29, WI-6).
    pub extras: Vec<Modifier>,
    /// Things asked for that add nothing here, and why.
    pub notes: Explanation,
}

/// What commanding the unit came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcpCostOutcome {
    /// CCPs it costs.
    pub cost: u32,
    /// With the CO's CCPs left: whether he could command it.
    pub commanded: Option<bool>,
    /// With the CO's CCPs left: what he has after (unchanged if he could not).
    pub ccps_left: Option<u32>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The CCPs a unit of this code costs (Rule 29): Vd 1; Vt & Sd 2; St & Rd 3; Rt 4.
pub fn base_cost(code: &str) -> u32 {
    match code {
        "Vd" => 1,
        "Vt" | "Sd" => 2,
        "St" | "Rd" => 3,
        _ => 4,
    }
}

impl CcpCost {
    /// States the cost, or why the unit cannot be commanded.
    pub fn plan(unit: &Unit, situation: CcpSituation) -> Result<CcpCost, RulesError> {
        on_table(unit)?;
        let code = unit.ccp_code();
        let mut extras = Vec::new();
        let mut notes = Explanation::default();
        let c = || cite("Rule 29", "WI-6");
        if situation.rally {
            if unit.morale == Morale::Routed {
                // Rule 29: attempting to rally a routed unit.
                extras.push(Modifier::new(1, "rallying a routed unit", c()));
            } else {
                notes.line(
                    format!(
                        "rallying a {} unit: only a routed unit costs the extra CCP",
                        unit.morale
                    ),
                    c(),
                );
            }
        }
        if situation.restrain_and_prompt {
            if unit.morale == Morale::Reckless {
                notes.line(
                    "restraining and prompting a reckless unit: no extra CCP",
                    c(),
                );
            } else {
                // Rule 29: restraining and prompting at once, one payment (WI-6).
                extras.push(Modifier::new(
                    1,
                    "restraining and prompting it together",
                    c(),
                ));
            }
        }
        let busy: Vec<&str> = [
            (Activity::InMelee, "in melee"),
            (Activity::Pursuing, "pursuing"),
            (Activity::Looting, "looting"),
        ]
        .into_iter()
        .filter(|(a, _)| unit.is(*a))
        .map(|(_, w)| w)
        .collect();
        if !busy.is_empty() {
            // Rule 29: any of the unit's bases in melee, pursuing or looting (once).
            extras.push(Modifier::new(1, format!("bases {}", busy.join(", ")), c()));
        }
        match situation.charge_target {
            Some(ChargeTarget::Other) if unit.is_oo() => {
                // Rule 29: prompting OO to charge an enemy other than OO or artillery.
                extras.push(Modifier::new(
                    1,
                    "OO troops prompted to charge an enemy neither OO nor artillery",
                    c(),
                ));
            }
            Some(ChargeTarget::Other) => notes.line(
                format!(
                    "{} are not OO: prompting them to charge costs no extra CCP",
                    unit.describe()
                ),
                c(),
            ),
            Some(t) => notes.line(
                format!(
                    "prompted to charge {}: no extra CCP",
                    if t == ChargeTarget::Oo {
                        "hostile OO troops"
                    } else {
                        "artillery"
                    }
                ),
                c(),
            ),
            None => {}
        }
        let tens = situation.distance_cm / 10;
        if tens > 0 {
            // Rule 29, WI-1: each whole 10 cm from the CO base to the nearest base.
            extras.push(Modifier::new(
                tens.min(i32::MAX as u32) as i32,
                format!(
                    "{} cm from the CO base: {tens} whole 10 cm",
                    situation.distance_cm
                ),
                cite("Rule 29", "WI-1, WI-6"),
            ));
        }
        if situation.co_base_lost {
            // Rule 29: the division's CO base is lost (WI-4).
            extras.push(Modifier::new(
                1,
                "its division's CO base is lost",
                cite("Rule 29", "WI-4, WI-6"),
            ));
        }
        Ok(CcpCost {
            unit: unit.clone(),
            situation,
            code,
            base: base_cost(code),
            extras,
            notes,
        })
    }

    /// CCPs it costs.
    pub fn cost(&self) -> u32 {
        self.base + total(&self.extras).max(0) as u32
    }

    /// The CCPs a CO has left after commanding the unit, or the refusal when
    /// he has fewer than its cost (WI-6). The battle calls this.
    pub fn spend(&self, available: u32) -> Result<u32, RulesError> {
        available.checked_sub(self.cost()).ok_or_else(|| {
            RulesError::refused(format!(
                "commanding {} costs {} CCPs; the CO has {available} left (Rule 29, WI-6)",
                self.unit.name,
                self.cost()
            ))
        })
    }

    /// The cost, and with the CO's CCPs left whether he commands the unit.
    pub fn resolve(&self, available: Option<u32>) -> CcpCostOutcome {
        let mut why = Explanation::default();
        let no_drill = if self.unit.troop_type.has_drill_and_class() {
            ""
        } else {
            " (no drill or class of its own: as Sd)"
        };
        why.line(
            format!(
                "{} is {}{no_drill}: {} CCP{}",
                self.unit.name,
                self.code,
                self.base,
                if self.base == 1 { "" } else { "s" }
            ),
            cite("Rule 29", "WI-6"),
        );
        why.modifiers(&self.extras);
        why.extend(self.notes.clone());
        let cost = self.cost();
        why.line(format!("cost {cost} CCPs"), cite("Rule 29", "WI-6"));
        let (commanded, ccps_left) = match available {
            None => (None, None),
            Some(have) => match self.spend(have) {
                Ok(left) => {
                    why.line(
                        format!("the CO has {have}: commanded, {left} left"),
                        cite("Rule 29", "WI-6"),
                    );
                    (Some(true), Some(left))
                }
                Err(_) => {
                    why.line(
                        format!("the CO has {have}, fewer than {cost}: he cannot command it"),
                        cite("Rule 29", "WI-6"),
                    );
                    (Some(false), Some(have))
                }
            },
        };
        CcpCostOutcome {
            cost,
            commanded,
            ccps_left,
            explanation: why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Class, Drill, Order, TroopType};

    fn unit(class: Class, drill: Drill) -> Unit {
        let mut u = Unit::new("U", TroopType::Foot, 4);
        u.class = class;
        u.drill = drill;
        u
    }

    #[test]
    fn base_costs_of_rule_29() {
        let costs: Vec<u32> = [
            (Class::Veteran, Drill::Disciplined),
            (Class::Veteran, Drill::Tribal),
            (Class::Seasoned, Drill::Disciplined),
            (Class::Seasoned, Drill::Tribal),
            (Class::Raw, Drill::Disciplined),
            (Class::Raw, Drill::Tribal),
        ]
        .into_iter()
        .map(|(c, d)| {
            CcpCost::plan(&unit(c, d), CcpSituation::default())
                .unwrap()
                .cost()
        })
        .collect();
        assert_eq!(costs, [1, 2, 2, 3, 3, 4]);
        let art = Unit::new("Ballista", TroopType::HeavyCatapult, 1);
        let plan = CcpCost::plan(&art, CcpSituation::default()).unwrap();
        assert_eq!(plan.cost(), 2);
        assert!(plan.resolve(None).explanation.to_string().contains("as Sd"));
    }

    #[test]
    fn rallying_costs_more_only_for_a_routed_unit() {
        let mut u = unit(Class::Seasoned, Drill::Disciplined);
        let s = CcpSituation {
            rally: true,
            ..CcpSituation::default()
        };
        u.morale = Morale::Wavering;
        assert_eq!(CcpCost::plan(&u, s).unwrap().cost(), 2);
        u.morale = Morale::Routed;
        let out = CcpCost::plan(&u, s).unwrap().resolve(None);
        assert_eq!(out.cost, 3);
        assert!(
            out.explanation
                .to_string()
                .contains("rallying a routed unit")
        );
    }

    #[test]
    fn restraining_a_reckless_unit_costs_no_more() {
        let mut u = unit(Class::Veteran, Drill::Disciplined);
        let s = CcpSituation {
            restrain_and_prompt: true,
            ..CcpSituation::default()
        };
        assert_eq!(CcpCost::plan(&u, s).unwrap().cost(), 2);
        u.morale = Morale::Reckless;
        assert_eq!(CcpCost::plan(&u, s).unwrap().cost(), 1);
    }

    #[test]
    fn busy_bases_distance_and_lost_co() {
        let mut u = unit(Class::Veteran, Drill::Disciplined);
        u.activity = vec![Activity::InMelee, Activity::Pursuing];
        let s = CcpSituation {
            distance_cm: 39,
            co_base_lost: true,
            ..CcpSituation::default()
        };
        let plan = CcpCost::plan(&u, s).unwrap();
        assert_eq!(
            plan.cost(),
            1 + 1 + 3 + 1,
            "busy once, 3 whole 10 cm, CO lost"
        );
        let text = plan.resolve(None).explanation.to_string();
        assert!(text.contains("in melee, pursuing") && text.contains("CO base is lost"));
    }

    #[test]
    fn only_oo_pay_to_charge_close_troops() {
        let mut u = unit(Class::Veteran, Drill::Disciplined);
        let s = |t| CcpSituation {
            charge_target: Some(t),
            ..CcpSituation::default()
        };
        assert_eq!(CcpCost::plan(&u, s(ChargeTarget::Other)).unwrap().cost(), 1);
        u.order = Order::Oo;
        assert_eq!(CcpCost::plan(&u, s(ChargeTarget::Other)).unwrap().cost(), 2);
        assert_eq!(CcpCost::plan(&u, s(ChargeTarget::Oo)).unwrap().cost(), 1);
        assert_eq!(
            CcpCost::plan(&u, s(ChargeTarget::Artillery))
                .unwrap()
                .cost(),
            1
        );
    }

    #[test]
    fn a_co_without_enough_ccps_is_refused() {
        let u = unit(Class::Raw, Drill::Tribal);
        let plan = CcpCost::plan(&u, CcpSituation::default()).unwrap();
        assert_eq!(plan.spend(5), Ok(1));
        assert!(plan.spend(3).is_err());
        let out = plan.resolve(Some(3));
        assert_eq!((out.commanded, out.ccps_left), (Some(false), Some(3)));
        let mut gone = u.clone();
        gone.bases = 0;
        assert!(CcpCost::plan(&gone, CcpSituation::default()).is_err());
    }
}
