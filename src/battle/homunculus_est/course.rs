//! Homunculus Est!'s measure for the course of a battle: units in play and
//! the cards each side holds against its Army Break Point (HE-10, HE-12;
//! how many, never their hidden values), its units in good order,
//! Disordered, in Pursuit Off-Table (HE-33) or out of play (routed,
//! destroyed, pushed off), and the units and generals lost (HE-30).

use super::{Setup, State};
use crate::battle::UnitId;
use crate::battle::course::{Figure, Measure, SideMeasure};
use crate::rules::Side;
use crate::rules::homunculus_est::unit::GeneralStatus;

/// Each side's units in play, cards held and break point, its units by
/// state, and what it has lost.
pub fn measure(state: &State, setup: &Setup) -> Measure {
    let side = |s: Side| {
        let units = || {
            state.units[s as usize]
                .iter()
                .enumerate()
                .map(move |(i, u)| (UnitId::new(s, i), u))
        };
        let count = |f: &dyn Fn(&crate::rules::homunculus_est::Unit) -> bool| {
            units().filter(|(_, u)| f(u)).count() as u32
        };
        let in_play = count(&|u| !u.removed && !u.off_table);
        let mut fallen = Vec::new();
        for (id, u) in units() {
            if u.removed {
                fallen.push(format!("{} ({id}) out of play", u.name));
            }
            if let Some(g) = &u.general {
                // HE-30: a general seriously wounded or killed leaves play.
                match g.status {
                    GeneralStatus::SeriouslyWounded => {
                        fallen.push(format!("{} seriously wounded", g.name))
                    }
                    GeneralStatus::Killed => fallen.push(format!("{} killed", g.name)),
                    GeneralStatus::Unhurt | GeneralStatus::LightlyWounded => {}
                }
            }
        }
        SideMeasure {
            strength: vec![
                Figure::new("units in play", in_play),
                Figure::new("cards held", state.cards[s as usize].len() as u32),
                Figure::new("Army Break Point", setup.sides[s as usize].break_point),
            ],
            states: vec![
                Figure::new(
                    "In good order",
                    count(&|u| !u.removed && !u.off_table && !u.disordered),
                ),
                Figure::new(
                    "Disordered",
                    count(&|u| !u.removed && !u.off_table && u.disordered),
                ),
                Figure::new("Off table", count(&|u| !u.removed && u.off_table)),
                Figure::new("Out of play", count(&|u| u.removed)),
            ],
            fallen,
        }
    };
    Measure {
        sides: [side(Side::A), side(Side::B)],
    }
}
