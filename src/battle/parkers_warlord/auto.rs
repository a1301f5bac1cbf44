//! The event a command phase suggests next, with Herald's d20 and no
//! referee: how `herald autoplay` (a test aid) drives a Parker's Warlord
//! battle. Each personality of the side makes his initiative check (PW-4
//! to PW-7), then the side's turn ends (PW-3); no card is transferred or
//! played, since costs and card values are the army list's and the table's.

use super::{Battle, Event};
use crate::battle::{BattleError, UnitId};
use crate::dice::{Colour, DiceSource};

impl Battle {
    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let s = self.state();
        let side = s.active();
        let event = match s.officers[side as usize]
            .iter()
            .position(|o| o.check.is_none())
        {
            Some(i) => {
                let d = source
                    .roll(Colour::D20, 1)
                    .map_err(|e| BattleError::Refused(e.to_string()))?;
                Event::Initiative {
                    personality: UnitId::new(side, i),
                    dice: d.iter().map(|d| d.value()).collect(),
                }
            }
            None => Event::EndTurn,
        };
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }
}
