//! Parker's Warlord's measure for the course of a battle. The text has no
//! casualties or morale (its melee, shooting and morale are not in the
//! extract), so Herald charts what it does keep: the command cards each
//! side's personalities hold against their hand limits (PW-4, PW-7), the
//! personalities wounded or with uncontrolled actions (PW-4), and its
//! units in good order, in disorder or broken (PW-10).

use super::{Setup, State};
use crate::battle::UnitId;
use crate::battle::course::{Figure, Measure, SideMeasure};
use crate::rules::Side;
use crate::rules::parkers_warlord::Order;

/// Each side's cards held (charted) beside its hand limits, personalities
/// wounded or uncontrolled; its units by order; who is wounded, what broke.
pub fn measure(state: &State, _setup: &Setup) -> Measure {
    let side = |s: Side| {
        let officers = &state.officers[s as usize];
        let units = &state.units[s as usize];
        let held: u32 = officers.iter().map(|o| o.personality.hand).sum();
        let limits: u32 = officers.iter().map(|o| o.personality.kind.cards()).sum();
        let wounded = officers.iter().filter(|o| o.personality.wounded).count() as u32;
        let uncontrolled: u32 = officers
            .iter()
            .map(|o| o.personality.uncontrolled_actions)
            .sum();
        let count = |o: Order| units.iter().filter(|u| u.unit.order == o).count() as u32;
        let mut fallen = Vec::new();
        for o in officers {
            if o.personality.wounded {
                fallen.push(format!("{} wounded", o.personality.name));
            }
        }
        // README, `V`: the turn a unit broke is marked, though it rallied
        // before the turn ended (PW-9: broken, then Rally from Break).
        for (i, u) in units.iter().enumerate() {
            if u.unit.order == Order::Broken || u.broke_this_turn {
                fallen.push(format!("{} ({}) Broken", u.unit.name, UnitId::new(s, i)));
            }
        }
        SideMeasure {
            strength: vec![
                Figure::new("cards held", held),
                Figure::new("hand limits", limits),
                Figure::new("personalities wounded", wounded),
                Figure::new("uncontrolled actions", uncontrolled),
            ],
            states: vec![
                Figure::new("Good order", count(Order::Good)),
                Figure::new("Disordered", count(Order::Disordered)),
                Figure::new("Broken", count(Order::Broken)),
            ],
            fallen,
        }
    };
    Measure {
        sides: [side(Side::A), side(Side::B)],
    }
}
