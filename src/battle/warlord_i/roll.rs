//! Filling an event's dice from a [`DiceSource`]: each procedure says how
//! many plain d6 it throws (one per CO star, Rule 29; two for a waver test,
//! Rule 59; one or two for a shot, Rule 56; …), and the source rolls what
//! is missing. Dice already in the event (typed-in physical dice) are kept.

use super::Battle;
use super::event::Event;
use crate::battle::BattleError;
use crate::dice::{Dice, DiceCount, DiceSource};
use crate::rules::RulesError;
use crate::rules::warlord_i::Shooting;

/// Rolls what `dice` lacks of `need`.
fn fill(dice: &mut Dice, need: DiceCount, source: &mut dyn DiceSource) -> Result<(), BattleError> {
    dice.fill_from(need, source).map_err(|e| {
        BattleError::Rules(RulesError::dice(e, "rolling the dice this procedure needs"))
    })
}

impl Battle {
    /// The event with its missing dice rolled by `source`. Events without
    /// dice come back unchanged; the event is not recorded.
    pub fn complete(
        &self,
        mut event: Event,
        source: &mut dyn DiceSource,
    ) -> Result<Event, BattleError> {
        let one = DiceCount::white(1);
        let two = DiceCount::white(2);
        match &mut event {
            Event::OrderOfPlay { dice, .. } => {
                // Rule 26, WI-3: one die each, side a first.
                fill(&mut dice.a, one, source)?;
                fill(&mut dice.b, one, source)?;
            }
            Event::CommandTest { co, dice, .. } => {
                let stars = self.co(*co).map_or(1, |c| c.co.stars);
                // Rule 29: one die per CO star.
                fill(dice, DiceCount::white(usize::from(stars)), source)?;
            }
            Event::Initiative { unit, dice, .. } => {
                let u = self.unit(*unit).ok_or(BattleError::NoUnit(*unit))?;
                // Rule 29, WI-7: one die per star of the unit's own CO.
                fill(dice, DiceCount::white(usize::from(u.unit.co_stars)), source)?;
            }
            Event::EnterField { dice, .. } | Event::WaverTest { dice, .. } => {
                // Rules 47 and 59: two dice.
                fill(dice, two, source)?;
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => {
                let s = self.unit(*shooter).ok_or(BattleError::NoUnit(*shooter))?;
                let t = self.unit(*target).ok_or(BattleError::NoUnit(*target))?;
                // Rule 56: one die, two for rockets and heavy catapults.
                let plan = Shooting::plan(&s.unit, &t.unit, *situation)?;
                fill(dice, plan.needs(), source)?;
            }
            Event::FugitiveAttrition { dice, .. } | Event::GeneralRisk { dice, .. } => {
                // Rules 13 and 99: one die.
                fill(dice, one, source)?;
            }
            Event::Melee { dice, .. } => {
                // Rule 76: one die each side, side a first.
                fill(&mut dice.a, one, source)?;
                fill(&mut dice.b, one, source)?;
            }
            Event::Command { .. }
            | Event::Recuperation { .. }
            | Event::Flag { .. }
            | Event::FriendsWithin10cm { .. }
            | Event::Rout { .. }
            | Event::Dismiss { .. }
            | Event::Attrition { .. }
            | Event::Engage { .. }
            | Event::Disengage { .. }
            | Event::Attach { .. }
            | Event::Correct { .. }
            | Event::CorrectCo { .. }
            | Event::NextPhase
            | Event::GoTo { .. } => {}
        }
        Ok(event)
    }
}
