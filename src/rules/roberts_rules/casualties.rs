//! Hits, Demoralization and stand losses (RR-22): a unit has Hits twice its
//! original stands, is Demoralized at half, and loses a stand per hit beyond.

use super::house::FANATIC_STAND_LOSS;
use super::unit::{Attribute, Unit};
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::House;

/// The line for a unit whose last stand is lost to combat hits (RR-22):
/// no Break Checks for it.
pub const DESTROYED_BY_COMBAT: &str =
    "its last stand is gone: destroyed by combat, no Break Checks";

const SEC: &str = "Casualties and Morale";

/// A unit after new hits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Casualties {
    /// Its Hits: twice its original stands.
    pub total_hits: u32,
    /// Stands the new hits removed.
    pub stands_removed: u32,
    /// Its last stand is gone (by combat: no Break Checks).
    pub destroyed: bool,
    /// It lost stands and still stands: a Break Check at the end of the Combat Phase.
    pub break_check_due: bool,
    /// A leader is attached and a hit was taken: the leader checks (RR-15).
    pub leader_break_check: bool,
    /// The unit after the hits.
    pub unit: Unit,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The casualty line owing the check for stands lost.
pub const CHECK_AT_COMBAT_END: &str = "a Break Check at the end of the Combat Phase";

/// `unit` takes `hits` new hits (RR-22) in the Combat Phase.
pub fn casualties(unit: &Unit, hits: u32, house: &House) -> Casualties {
    casualties_in(unit, hits, house, true)
}

/// `unit` takes `hits` new hits (RR-22), in the Combat Phase or outside it:
/// a Break Check is owed for stands lost "during the phase" at whose end
/// the checks are made, the Combat Phase (RR-14; Herald's reading R-1,
/// `docs/readings-roberts-rules.md`).
pub fn casualties_in(unit: &Unit, hits: u32, house: &House, combat_phase: bool) -> Casualties {
    let mut ex = Explanation::default();
    let c = |r: &str| cite(SEC, r);
    let total_hits = unit.total_hits();
    let half = unit.stands_original;
    let before = unit.hits_lost;
    let lost = (before + hits).min(total_hits.max(before));
    let fanatic = unit.has(Attribute::Fanatic);
    ex.line(
        format!(
            "{}: Hits {total_hits} (twice {} original stands); {before} lost + {hits} = {lost}",
            unit.name, unit.stands_original
        ),
        c("RR-22"),
    );
    // Hits beyond half remove a stand each; a unit given as Demoralized
    // loses one for every new hit.
    let beyond = if unit.demoralized_given == Some(true) && !fanatic {
        lost - before
    } else {
        lost.saturating_sub(half) - before.saturating_sub(half)
    };
    let stand_loss = !fanatic || house.is_on(&FANATIC_STAND_LOSS);
    let stands_removed = if stand_loss {
        beyond.min(unit.stands)
    } else {
        0
    };
    if fanatic && beyond > 0 {
        ex.line(
            if stand_loss {
                "Fanatic: never Demoralized, but each hit beyond half removes a stand"
            } else {
                "Fanatic: never Demoralized, and (house option) loses no stands"
            },
            c(if stand_loss {
                "RR-22"
            } else {
                "RR-22, house option"
            }),
        );
    }
    let mut after = unit.clone();
    after.hits_lost = lost;
    after.stands = unit.stands - stands_removed;
    if after.demoralized_given.is_some() {
        after.demoralized_given = Some(after.demoralized_given == Some(true) || lost >= half);
    }
    let destroyed = after.stands == 0 || (stand_loss && lost >= total_hits && total_hits > 0);
    if destroyed {
        after.stands = 0;
    }
    let demoralized = after.demoralized();
    if demoralized && !unit.demoralized() {
        ex.line(
            format!("{lost} of {total_hits} Hits lost, half or more: Demoralized"),
            c("RR-22"),
        );
    }
    if stands_removed > 0 {
        ex.line(
            format!(
                "{stands_removed} hit{} beyond half: {stands_removed} stand{} removed, {} left",
                if stands_removed == 1 { "" } else { "s" },
                if stands_removed == 1 { "" } else { "s" },
                after.stands
            ),
            c("RR-22"),
        );
    }
    if destroyed {
        ex.line(DESTROYED_BY_COMBAT, c("RR-22, RR-14"));
    }
    let break_check_due = stands_removed > 0 && !destroyed && combat_phase;
    if break_check_due {
        ex.line(CHECK_AT_COMBAT_END, c("RR-14"));
    } else if stands_removed > 0 && !destroyed {
        ex.line(
            "no Break Check for it: Break Checks are made for the stands lost during the Combat Phase, at its end (Herald's reading R-1)",
            c("RR-14"),
        );
    }
    let leader_break_check = unit.captain_attached && hits > 0 && !destroyed;
    if leader_break_check {
        ex.line(
            format!(
                "{}, its attached leader, makes a Break Check for this hit before the phase ends (Herald's reading R-6)",
                unit.leader_named()
            ),
            c("RR-15"),
        );
    }
    Casualties {
        total_hits,
        stands_removed,
        destroyed,
        break_check_due,
        leader_break_check,
        unit: after,
        explanation: ex,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cavalry() -> Unit {
        Unit {
            name: "Elite heavy cavalry".into(),
            av: 5,
            dv: 4,
            stands_original: 3,
            stands: 3,
            ..Unit::default()
        }
    }

    fn house() -> House {
        crate::rules::System::RobertsRules.house_defaults()
    }

    #[test]
    fn two_hits_of_six_then_one_more_demoralizes_then_each_removes_a_stand() {
        let c = casualties(&cavalry(), 2, &house());
        assert_eq!(
            (c.total_hits, c.unit.hits_lost, c.unit.demoralized()),
            (6, 2, false)
        );
        let c = casualties(&c.unit, 1, &house());
        assert!(c.unit.demoralized());
        assert_eq!(c.stands_removed, 0);
        let c = casualties(&c.unit, 2, &house());
        assert_eq!(
            (c.stands_removed, c.unit.stands, c.break_check_due),
            (2, 1, true)
        );
        let c = casualties(&c.unit, 1, &house());
        assert!(c.destroyed && !c.break_check_due);
    }

    #[test]
    fn a_fanatic_unit_loses_stands_unless_the_house_says_not() {
        let mut u = cavalry();
        u.attributes.push(Attribute::Fanatic);
        let c = casualties(&u, 4, &house());
        assert!(!c.unit.demoralized());
        assert_eq!(c.stands_removed, 1);
        let mut h = house();
        h.set(
            &FANATIC_STAND_LOSS,
            crate::rules::house::HouseValue::YesNo(false),
        )
        .unwrap();
        assert_eq!(casualties(&u, 4, &h).stands_removed, 0);
    }
}
