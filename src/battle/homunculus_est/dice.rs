//! Filling an event's dice from a source (Herald's dice, or the players'
//! typed), pool by pool in the order the rules draw them (HE-1): the
//! battle tries the event and, where a procedure finds a pool short
//! (`rules::homunculus_est::shortfall`), rolls that many and tries again.
//! Where the higher side must choose among the combat or shooting dice
//! before the Defence dice (HE-17, HE-22), it stops and asks: Herald
//! never chooses.

use super::state::State;
use super::{Battle, Event};
use crate::battle::BattleError;
use crate::dice::{Colour, DiceError, DiceSource, Die};
use crate::rules::homunculus_est::combat::Combat;
use crate::rules::homunculus_est::{Pool, shortfall};
use std::collections::VecDeque;

/// Where filling the dice stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Completion {
    /// Every die is in: the event is ready to record.
    Done(Event),
    /// The dice are rolled; the side with the higher rating chooses one
    /// (HE-17, HE-22) before anything else is rolled.
    Choose {
        /// The event with the dice rolled so far.
        event: Event,
        /// The faces to choose from.
        faces: Vec<u8>,
    },
    /// The source ran out of dice (the players' typed ones): the roll
    /// needs more of a pool.
    Short {
        /// The event with the dice it has.
        event: Event,
        /// The pool, in words ("defence", "push back").
        pool: String,
        /// How many more of it.
        need: usize,
    },
}

/// The dice of `pool` in `event`, for the pools its procedure draws.
pub fn pool_mut<'e>(event: &'e mut Event, pool: &str) -> Option<&'e mut Vec<u8>> {
    Some(match (event, pool) {
        (Event::Movement { dice, .. }, "movement")
        | (Event::Discipline { dice, .. }, "discipline")
        | (Event::Reform { dice, .. }, "reform")
        | (Event::PushBack { dice, .. }, "push_back")
        | (Event::Manoeuvre { dice, .. }, "manoeuvre")
        | (Event::Lines { dice, .. }, "lines")
        | (Event::Eagles { dice, .. }, "eagles") => dice,
        (Event::Combat { dice, .. }, "combat") => &mut dice.combat,
        (Event::Combat { dice, .. }, "defence") => &mut dice.defence,
        (Event::Combat { dice, .. }, "stubborn") => &mut dice.stubborn,
        (Event::Combat { dice, .. }, "cohort") => &mut dice.cohort,
        (Event::Shooting { dice, .. }, "shooting") => &mut dice.shooting,
        (Event::Shooting { dice, .. }, "defence") => &mut dice.defence,
        (Event::Shooting { dice, .. }, "push_back") => &mut dice.push_back,
        (Event::Shooting { dice, .. }, "stubborn") => &mut dice.stubborn,
        (Event::FailedDiscipline { dice, .. } | Event::FailedReform { dice, .. }, "outcome") => {
            &mut dice.outcome
        }
        (Event::FailedDiscipline { dice, .. } | Event::FailedReform { dice, .. }, "rout") => {
            &mut dice.rout
        }
        (Event::FollowUp { dice, .. }, "stay") => &mut dice.stay,
        (Event::FollowUp { dice, .. }, "cover") => &mut dice.cover,
        (Event::FollowUp { dice, .. }, "follow_up") => &mut dice.follow_up,
        (Event::Rout { dice, .. }, "rout") => dice.get_or_insert_with(Vec::new),
        (Event::GeneralRisk { dice, .. }, "risk") => &mut dice.risk,
        (Event::GeneralRisk { dice, .. }, "injury") => &mut dice.injury,
        (Event::GeneralRisk { dice, .. }, "points") => &mut dice.points,
        _ => return None,
    })
}

/// The dice an event carries, in the order its procedure draws them.
pub fn faces(event: &Event) -> Vec<u8> {
    let mut e = event.clone();
    let mut out = Vec::new();
    for pool in [
        "movement",
        "discipline",
        "reform",
        "manoeuvre",
        "lines",
        "eagles",
        "combat",
        "shooting",
        "defence",
        "cohort",
        "stubborn",
        "push_back",
        "outcome",
        "rout",
        "stay",
        "cover",
        "follow_up",
        "risk",
        "injury",
        "points",
    ] {
        if let Some(d) = pool_mut(&mut e, pool) {
            out.extend(d.iter().copied());
        }
    }
    out
}

/// Clears every die of an event (a panel's event is prepared without dice).
pub fn without_dice(event: &Event) -> Event {
    let mut e = event.clone();
    for pool in [
        "movement",
        "discipline",
        "reform",
        "manoeuvre",
        "lines",
        "eagles",
        "combat",
        "shooting",
        "defence",
        "cohort",
        "stubborn",
        "push_back",
        "outcome",
        "rout",
        "stay",
        "cover",
        "follow_up",
        "risk",
        "injury",
        "points",
    ] {
        if let Some(d) = pool_mut(&mut e, pool) {
            d.clear();
        }
    }
    e
}

/// The choice still to make: combat or shooting dice rolled and no face
/// chosen (HE-17, HE-22). A combat of one die has nothing to choose, but
/// its attacker's player may still re-roll it with an Attack Point
/// ("Re-roll all Combat dice", COMMAND POINTS Attack, HE-8, HE-17): it
/// stops to keep it or re-roll it while he holds one.
fn choice_due(state: &State, event: &Event) -> Option<Vec<u8>> {
    match event {
        Event::Combat {
            attacker,
            defender,
            facts,
            situation,
            dice,
        } if situation.chosen.is_none() && !dice.combat.is_empty() => {
            let plan = Combat::plan(
                &state.combat_side(*attacker, &facts[0]).ok()?,
                &state.combat_side(*defender, &facts[1]).ok()?,
                *situation,
            )
            .ok()?;
            // an Attack Point re-roll replaces all the Combat dice: the last throw stands (HE-17)
            let n = plan.dice_rolled;
            let throws = situation.attack_rerolls as usize + 1;
            if n == 0 || dice.combat.len() != n * throws {
                return None;
            }
            let reroll = state.available(*attacker, Pool::Attack) > situation.attack_rerolls;
            (n > 1 || reroll).then(|| dice.combat[dice.combat.len() - n..].to_vec())
        }
        Event::Shooting {
            situation, dice, ..
        } if situation.chosen.is_none() && dice.shooting.len() > 1 => Some(dice.shooting.clone()),
        _ => None,
    }
}

/// Fills `event`'s dice from `source` until the battle takes it, or a
/// choice is due, or it is refused for another reason (in words).
pub fn complete(
    battle: &Battle,
    mut event: Event,
    source: &mut dyn DiceSource,
) -> Result<Completion, BattleError> {
    // the turn's order is judged once, before any die (a choice the dice
    // then ask for, as a natural 12's, is the panel's to ask)
    battle.state().check(&event)?;
    // Each pass adds at least one die; no procedure rolls more than a few dozen.
    for _ in 0..64 {
        let mut trial = battle.state().clone();
        let err = match trial.apply(battle.setup(), &event) {
            Ok(_) => return Ok(Completion::Done(event)),
            Err(e) => e,
        };
        if let Some(faces) = choice_due(battle.state(), &event) {
            return Ok(Completion::Choose { event, faces });
        }
        let BattleError::Rules(rules) = &err else {
            return Err(err);
        };
        let Some((pool, n)) = shortfall(rules) else {
            return Err(err);
        };
        let rolled = match source.roll(Colour::White, n) {
            Ok(r) => r,
            Err(DiceError::Count { need, have, .. }) => {
                return Ok(Completion::Short {
                    event,
                    pool: pool.replace('_', " "),
                    need: need - have,
                });
            }
            Err(other) => return Err(BattleError::Refused(other.to_string())),
        };
        let Some(dice) = pool_mut(&mut event, &pool) else {
            return Err(err);
        };
        dice.extend(rolled.into_iter().map(Die::value));
    }
    Err(BattleError::Refused(
        "this roll never came to an end: tell the lead (a procedure asked for dice without end)"
            .into(),
    ))
}

/// The players' dice typed in one line, handed out in the order rolled;
/// running short says how many more the roll needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Typed(pub VecDeque<u8>);

impl Typed {
    /// Reads faces typed as digits 1 to 6, separated or run together
    /// (`4 3 6`, `436`); anything else is refused in words.
    pub fn parse(text: &str) -> Result<Typed, DiceError> {
        let n = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .count();
        let dice = crate::dice::parse_typed(text, n)?;
        Ok(Typed(dice.into_iter().map(Die::value).collect()))
    }
}

impl DiceSource for Typed {
    fn roll(&mut self, _: Colour, count: usize) -> Result<Vec<Die>, DiceError> {
        if self.0.len() < count {
            return Err(DiceError::Count {
                colour: Colour::White,
                need: count,
                have: self.0.len(),
            });
        }
        self.0
            .drain(..count)
            .map(|f| Die::new(f).ok_or(DiceError::Face(i64::from(f))))
            .collect()
    }
}
