//! Warlords' measure for the course of a battle: stands on the table and
//! casualty figures (1.7.6), units in each morale state (1.7), and the units
//! that broke and personalities that fell (3.1.3).

use super::{Setup, State};
use crate::battle::UnitId;
use crate::battle::course::{Figure, Measure, SideMeasure};
use crate::rules::Side;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::Morale;

/// The morale states in the order of 1.7, with their names as the tables show them.
const STATES: [(Morale, &str); 5] = [
    (Morale::Berserk, "Berserk"),
    (Morale::Ready, "Ready"),
    (Morale::Worn, "Worn"),
    (Morale::Broken, "Broken"),
    (Morale::Dispersed, "Dispersed"),
];

/// Each side's stands and casualty figures on the table, and its units by
/// morale (a unit off the table keeps the morale it left with).
pub fn measure(state: &State, _setup: &Setup) -> Measure {
    let side = |s: Side| {
        let units = || {
            state.units[s as usize]
                .iter()
                .enumerate()
                .map(move |(i, u)| (UnitId::new(s, i), u))
        };
        let on_table = || units().filter(|(_, u)| !u.off_table());
        let stands = on_table().map(|(_, u)| u.unit.stands).sum();
        let casualties = on_table().map(|(_, u)| u.unit.casualties).sum();
        let states = STATES
            .iter()
            .map(|&(m, name)| {
                let n = units().filter(|(_, u)| u.unit.morale == m).count();
                Figure::new(name, n as u32)
            })
            .collect();
        let mut fallen = Vec::new();
        for (id, u) in units() {
            // 1.7.3, 1.7.4: a unit that broke or was Dispersed.
            if matches!(u.unit.morale, Morale::Broken | Morale::Dispersed) {
                fallen.push(format!("{} ({id}) broke", u.unit.name));
            }
            // 3.1.3: a personality wounded, captured, killed or gone (W-21).
            for p in &u.unit.personalities {
                if p.status != PersonalityStatus::Active {
                    fallen.push(format!("{} {}", p.name, fate(p.status)));
                }
            }
        }
        SideMeasure {
            strength: vec![
                Figure::new("stands", stands),
                Figure::new("casualty figures", casualties),
            ],
            states,
            fallen,
        }
    };
    Measure {
        sides: [side(Side::A), side(Side::B)],
    }
}

/// A personality's fate in a mark's words.
fn fate(status: PersonalityStatus) -> &'static str {
    match status {
        PersonalityStatus::Active => "with his unit",
        PersonalityStatus::Wounded => "wounded",
        PersonalityStatus::Captured => "captured",
        PersonalityStatus::Killed => "killed",
        PersonalityStatus::Escaped => "left the battle",
    }
}
