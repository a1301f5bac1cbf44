//! Robert's Rules' measure for the course of a battle (issue 27): each
//! side's hits lost of its total Hits (twice its original stands, RR-22) and
//! stands left, its units in good order, Demoralized (RR-22), broken
//! (RR-14) and routed or destroyed, and the units it has lost.

use super::{Setup, State};
use crate::battle::UnitId;
use crate::battle::course::{Figure, Measure, SideMeasure};
use crate::rules::Side;

/// Each side's hits and stands, its units by state, and what it has lost.
pub fn measure(state: &State, _setup: &Setup) -> Measure {
    let side = |s: Side| {
        let troops = &state.units[s as usize];
        let sum = |f: &dyn Fn(&super::Troop) -> u32| troops.iter().map(f).sum::<u32>();
        let count =
            |f: &dyn Fn(&super::Troop) -> bool| troops.iter().filter(|t| f(t)).count() as u32;
        let mut fallen = Vec::new();
        for (i, t) in troops.iter().enumerate() {
            let id = UnitId::new(s, i);
            if t.routed {
                fallen.push(format!("{} ({id}) routed", t.unit.name));
            } else if t.destroyed {
                fallen.push(format!("{} ({id}) destroyed", t.unit.name));
            } else if t.broken {
                // RR-14: failed a nearby-rout check and survived.
                fallen.push(format!("{} ({id}) broken", t.unit.name));
            }
        }
        // RR-15: "the Leader routs and is removed from play"; Herald's
        // reading R-2: one whose unit left the table went with it.
        for l in &state.leaders[s as usize] {
            match l.fate {
                Some(super::state::LeaderFate::Routed) => {
                    fallen.push(format!("{} ({}) routed", l.name, l.title()));
                }
                Some(super::state::LeaderFate::WithUnit) => {
                    fallen.push(format!("{} ({}) gone with his unit", l.name, l.title()));
                }
                None => {}
            }
        }
        SideMeasure {
            // RR-22: a unit's Hits are twice its original stands; those left
            // are charted (a routed unit's count for nothing), the hits lost
            // of the total beside them.
            strength: vec![
                Figure::new(
                    "Hits left",
                    sum(&|t| {
                        if t.gone() {
                            0
                        } else {
                            t.unit.total_hits().saturating_sub(t.unit.hits_lost)
                        }
                    }),
                ),
                Figure::new("hits lost", sum(&|t| t.unit.hits_lost)),
                Figure::new("total Hits", sum(&|t| t.unit.total_hits())),
                Figure::new(
                    "stands left",
                    sum(&|t| if t.gone() { 0 } else { t.unit.stands }),
                ),
            ],
            states: vec![
                Figure::new(
                    "In good order",
                    count(&|t| !t.gone() && !t.broken && !t.unit.demoralized()),
                ),
                // RR-22: Demoralized at half the Hits.
                Figure::new(
                    "Demoralized",
                    count(&|t| !t.gone() && !t.broken && t.unit.demoralized()),
                ),
                // RR-14: a failed nearby-rout check survived.
                Figure::new("Broken", count(&|t| !t.gone() && t.broken)),
                Figure::new("Routed", count(&|t| t.gone())),
            ],
            fallen,
        }
    };
    Measure {
        sides: [side(Side::A), side(Side::B)],
    }
}
