//! Filling an event's dice from a [`DiceSource`]: each procedure's plan says
//! what it needs given the dice already rolled (a personality check, a
//! Slippery escape), and the source rolls what is missing. Dice already in
//! the event (typed-in physical dice) are kept.

use super::Battle;
use super::event::Event;
use crate::battle::BattleError;
use crate::dice::{Dice, DiceCount, DiceSource};
use crate::rules::RulesError;
use crate::rules::warlords::activation::Activation;
use crate::rules::warlords::field_defences::ReachDefence;
use crate::rules::warlords::melee::Melee;
use crate::rules::warlords::movement::{BreakOff, Flee, RandomMove};
use crate::rules::warlords::personality::StandLoss;
use crate::rules::warlords::shooting::Shooting;

/// The most rounds of "roll what is still missing" a procedure takes.
const MAX_ROUNDS: usize = 8;

/// Rolls into `dice` until it holds what `needs` asks for given itself.
fn fill(
    dice: &mut Dice,
    source: &mut dyn DiceSource,
    needs: impl Fn(&Dice) -> DiceCount,
) -> Result<(), BattleError> {
    for _ in 0..MAX_ROUNDS {
        let need = needs(dice);
        if dice.count() == need {
            return Ok(());
        }
        dice.fill_from(need, source)
            .map_err(|e| RulesError::dice(e, "rolling the dice this procedure needs"))?;
    }
    Ok(())
}

impl Battle {
    /// The event with its missing dice rolled by `source`. Events without
    /// dice come back unchanged; the event is not recorded.
    pub fn complete(
        &self,
        mut event: Event,
        source: &mut dyn DiceSource,
    ) -> Result<Event, BattleError> {
        let unit = |id| {
            self.unit(id)
                .map(|u| &u.unit)
                .ok_or(BattleError::NoUnit(id))
        };
        match &mut event {
            Event::Initiative { a, b } => {
                fill(a, source, |_| DiceCount::white(1))?;
                fill(b, source, |_| DiceCount::white(1))?;
            }
            // A reaction is an activation outside the side's turn (2.4.4): same dice.
            Event::Activation {
                unit: id,
                situation,
                dice,
                ..
            }
            | Event::Reaction {
                unit: id,
                situation,
                dice,
                ..
            } => {
                let plan = Activation::plan(unit(*id)?, *situation)?;
                fill(dice, source, |_| plan.needs())?;
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => {
                let plan = Shooting::plan(unit(*shooter)?, unit(*target)?, *situation)?;
                fill(dice, source, |d| plan.needs(d))?;
            }
            Event::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                dice,
                ..
            } => {
                let plan = Melee::between(
                    unit(*a)?,
                    facts_a,
                    unit(*b)?,
                    facts_b,
                    *rough_ground,
                    &self.setup().house,
                )?;
                for _ in 0..MAX_ROUNDS {
                    let (na, nb) = plan.needs(dice);
                    if dice.a.count() == na && dice.b.count() == nb {
                        break;
                    }
                    // Side a's dice first, then side b's, as the table rolls them.
                    for (d, n) in [(&mut dice.a, na), (&mut dice.b, nb)] {
                        d.fill_from(n, source).map_err(|e| {
                            RulesError::dice(e, "rolling the dice this Melee needs")
                        })?;
                    }
                }
            }
            Event::Flee {
                unit: id,
                obstacle_stands,
                dice,
            } => {
                let flee = Flee {
                    unit: unit(*id)?,
                    obstacle_stands: *obstacle_stands,
                };
                fill(dice, source, |_| flee.needs())?;
            }
            Event::BreakOff {
                unit: id,
                opponent,
                supporting,
                tactician_in_sight,
                dice,
            } => {
                let plan = BreakOff::plan(
                    unit(*id)?,
                    unit(*opponent)?,
                    *supporting,
                    *tactician_in_sight,
                )?;
                fill(dice, source, |d| plan.needs(d))?;
            }
            Event::RandomMove { spans, dice, .. } => {
                let m = RandomMove { spans: *spans };
                fill(dice, source, |_| m.needs())?;
            }
            Event::StandLoss {
                unit: id,
                personality,
                dice,
                ..
            } => {
                let u = unit(*id)?;
                let p = u
                    .personalities
                    .iter()
                    .find(|p| &p.name == personality)
                    .ok_or_else(|| {
                        BattleError::Refused(format!("{personality} is not with {} ({id})", u.name))
                    })?;
                let loss = StandLoss {
                    personality: p.clone(),
                    stands_left: u.stands,
                    vendetta_by: None,
                };
                fill(dice, source, |d| loss.needs(d))?;
            }
            Event::Defence {
                unit: id,
                defence,
                charging,
                dice,
            } => {
                let plan = ReachDefence::plan(unit(*id)?, *defence, *charging)?;
                fill(dice, source, |d| plan.needs(d))?;
            }
            Event::Engage { .. }
            | Event::Support { .. }
            | Event::Choose { .. }
            | Event::Contact { .. }
            | Event::FollowUp { .. }
            | Event::FallBack { .. }
            | Event::Trapped { .. }
            | Event::Calm { .. }
            | Event::Dismiss { .. }
            | Event::Disengage { .. }
            | Event::Correct { .. }
            | Event::NextPhase
            | Event::GoTo { .. }
            | Event::Note { .. } => {}
        }
        Ok(event)
    }
}
