//! Warlord I's measure for the course of a battle: bases on the table and
//! attrition points held (WI-8), units in each morale state (Rule 58) or
//! lost (destroyed or taken prisoner, WI-4, WI-20), the units that routed or
//! were lost, and the COs who fell (Rule 99).

use super::{Setup, State};
use crate::battle::UnitId;
use crate::battle::course::{Figure, Measure, SideMeasure};
use crate::rules::Side;
use crate::rules::warlord_i::co::CoStatus;
use crate::rules::warlord_i::unit::Morale;

/// The morale states in the playsheet's order (Rule 58), then the units lost.
const STATES: [(Morale, &str); 6] = [
    (Morale::Reckless, "Reckless"),
    (Morale::Steady, "Steady"),
    (Morale::Shaken, "Shaken"),
    (Morale::Dispersed, "Dispersed"),
    (Morale::Wavering, "Wavering"),
    (Morale::Routed, "Routed"),
];

/// Each side's bases and APs on the table, its units by morale or lost, and
/// what befell its units and COs.
pub fn measure(state: &State, _setup: &Setup) -> Measure {
    let side = |s: Side| {
        let units = || {
            state.units[s as usize]
                .iter()
                .enumerate()
                .map(move |(i, u)| (UnitId::new(s, i), u))
        };
        let on_table = || units().filter(|(_, u)| !u.off_table());
        let bases = on_table().map(|(_, u)| u.unit.bases).sum();
        let aps = on_table().map(|(_, u)| u.unit.aps).sum();
        let mut states: Vec<Figure> = STATES
            .iter()
            .map(|&(m, name)| {
                let n = units().filter(|(_, u)| !u.lost() && u.unit.morale == m);
                Figure::new(name, n.count() as u32)
            })
            .collect();
        let lost = units().filter(|(_, u)| u.lost()).count();
        states.push(Figure::new("Lost", lost as u32));
        let mut fallen = Vec::new();
        for (id, u) in units() {
            let name = &u.unit.name;
            if u.surrendered {
                fallen.push(format!("{name} ({id}) taken prisoner")); // WI-20
            } else if u.destroyed() {
                fallen.push(format!("{name} ({id}) destroyed")); // WI-10
            } else if u.unit.morale == Morale::Routed {
                fallen.push(format!("{name} ({id}) routed")); // Rule 62
            }
        }
        for co in &state.cos[s as usize] {
            // Rule 99: wounded, badly wounded, captured or killed.
            let fate = match co.co.status {
                CoStatus::Well => continue,
                CoStatus::Wounded => "wounded",
                CoStatus::BadlyWounded => "badly wounded",
                CoStatus::Captured => "captured",
                CoStatus::Killed => "killed",
            };
            fallen.push(format!("{} {fate}", co.co.name));
        }
        SideMeasure {
            strength: vec![Figure::new("bases", bases), Figure::new("APs", aps)],
            states,
            fallen,
        }
    };
    Measure {
        sides: [side(Side::A), side(Side::B)],
    }
}
