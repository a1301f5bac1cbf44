//! The event a Homunculus Est! turn suggests next, with Herald's dice and
//! no referee: how `herald autoplay` (a test aid) and the crash test drive
//! a battle. The walker's order is kept (who starts; a card's value as
//! drawn; what the last result requires, in HE-7's order; the Reversal of
//! Fortune that ends the phase; the activations; the phase's end), and
//! every die is rolled by the source given.
//!
//! What it assumes, since the facts of the table are the referee's and a
//! test aid sees no table:
//! - every fact of the table at its plain start, as the panels open: no
//!   flank, support, terrain, cover or obstacle; nothing behind a pushed
//!   unit; no enemy in front of a follow up; no friend in a rout's way; a
//!   charge meets the first enemy on the table, to its front;
//! - a card's value as drawn is the one the ruling's *fixed card values*
//!   gives (Setback 1, Disaster 2): the decks are at the table;
//! - who starts: the higher roller takes the first phase himself; equal
//!   scores roll again (HE-5.2);
//! - the side with the higher rating takes the rules' best pick among the
//!   combat or shooting dice (HE-17, HE-22); no Command Point is spent, no
//!   failed test re-rolled, no attachment used; a victor follows up; a
//!   natural 12 removes the first unseen Setback;
//! - the active player activates each of his units once, in the army's
//!   order: a Disordered unit reforms, a Ranged Attack unit shoots the
//!   first enemy on the table; his first activation of the phase, if it is
//!   neither, is a Combat Activation against the first enemy on the table;
//!   the rest move (an Immobile unit is left); then he ends his phase; he
//!   never calls "Homunculus Est!" (the immediate one after a general's
//!   death is the rules', and is made).

use super::dice::{Completion, complete};
use super::due::step_event;
use super::{Battle, Event, Phase};
use crate::battle::{BattleError, UnitId};
use crate::dice::{Colour, DiceSource};
use crate::rules::Side;
use crate::rules::homunculus_est::Characteristic;
use crate::rules::homunculus_est::combat::{Combat, CombatDice, CombatSituation};
use crate::rules::homunculus_est::discipline::{ReformSituation, discipline_test, reform_test};
use crate::rules::homunculus_est::movement::MovementSituation;
use crate::rules::homunculus_est::shooting::{Shooting, ShootingDice, ShootingSituation};

impl Battle {
    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let event = self.suggest(source)?;
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }

    /// The next event of the turn (HE-5, HE-7), its dice rolled.
    pub fn suggest(&self, source: &mut dyn DiceSource) -> Result<Event, BattleError> {
        let s = self.state();
        let side = match s.phase {
            Phase::Over => {
                return Err(BattleError::OutOfTurn(
                    "the battle is over: an army broke (HE-12); nothing more is played".into(),
                ));
            }
            Phase::Deployment => return who_starts(source),
            Phase::Player(side) => side,
        };
        // HE-10: each card's value as drawn, before anything else
        for who in [Side::A, Side::B] {
            if let Some(c) = s.cards[who as usize].iter().find(|c| c.value.is_none()) {
                use super::event::CardKind;
                return Ok(Event::DrawCard {
                    side: who,
                    kind: c.kind,
                    value: match c.kind {
                        CardKind::Setback => 1,
                        CardKind::Disaster => 2,
                    },
                });
            }
        }
        // HE-7: what the last result requires, in order
        if let Some(d) = s.due.first() {
            let enemy = first_on_table(self, d.unit.side.other()).unwrap_or(d.unit);
            if let Some(event) = step_event(d, enemy) {
                return self.rolled(event, source);
            }
        }
        // HE-6: a Reversal of Fortune ends the phase once its activation is done
        if s.reversal.is_some() {
            return Ok(Event::EndPhase);
        }
        let Some(enemy) = first_on_table(self, side.other()) else {
            return Ok(Event::EndPhase);
        };
        let fought = s.units[side as usize].iter().any(|u| u.activated);
        for (i, u) in s.units[side as usize].iter().enumerate() {
            if u.activated || u.removed || u.off_table {
                continue;
            }
            let unit = UnitId::new(side, i);
            let event = if u.disordered {
                Event::Reform {
                    unit,
                    situation: ReformSituation::default(),
                    dice: Vec::new(),
                }
            } else if u.has(Characteristic::RangedAttack) {
                Event::Shooting {
                    shooter: unit,
                    target: enemy,
                    situation: ShootingSituation::default(),
                    dice: ShootingDice::default(),
                }
            } else if !fought && !u.has(Characteristic::Immobile) {
                Event::Combat {
                    attacker: unit,
                    defender: enemy,
                    facts: Default::default(),
                    situation: CombatSituation::default(),
                    dice: CombatDice::default(),
                }
            } else if u.has(Characteristic::Immobile) {
                continue;
            } else {
                Event::Movement {
                    unit,
                    target: None,
                    situation: MovementSituation::default(),
                    dice: Vec::new(),
                }
            };
            return self.rolled(event, source);
        }
        Ok(Event::EndPhase)
    }

    /// `event` with its dice rolled, the best pick made where the higher
    /// side chooses, and the first unseen Setback named on a natural 12.
    fn rolled(&self, event: Event, source: &mut dyn DiceSource) -> Result<Event, BattleError> {
        let mut event = event;
        for _ in 0..2 {
            match complete(self, event, source)? {
                Completion::Done(done) => return Ok(self.unseen_named(done)),
                Completion::Choose { event: e, faces } => event = self.best(e, &faces)?,
                Completion::Short { pool, need, .. } => {
                    return Err(BattleError::Refused(format!(
                        "the dice ran out: {need} more {pool} dice needed"
                    )));
                }
            }
        }
        Err(BattleError::Refused(
            "the dice were chosen and still asked for a choice".into(),
        ))
    }

    /// The best pick among `faces` made in `event` (HE-17, HE-22).
    fn best(&self, mut event: Event, faces: &[u8]) -> Result<Event, BattleError> {
        let s = self.state();
        match &mut event {
            Event::Combat {
                attacker,
                defender,
                facts,
                situation,
                ..
            } => {
                let a = s.combat_side(*attacker, &facts[0])?;
                let d = s.combat_side(*defender, &facts[1])?;
                let plan = Combat::plan(&a, &d, *situation)?;
                situation.chosen = Some(plan.best_pick(faces));
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                ..
            } => {
                let plan = Shooting::plan(
                    s.unit(*shooter)?,
                    s.unit(*target)?,
                    self.setup().shooting(situation),
                )?;
                situation.chosen = Some(plan.best_pick(faces));
            }
            _ => {}
        }
        Ok(event)
    }

    /// A test's natural 12 with the first unseen Setback named, where its
    /// player has a choice (HE-10).
    fn unseen_named(&self, mut event: Event) -> Event {
        let s = self.state();
        let first = |side: Side| s.unseen_setbacks(side).into_iter().flatten().next();
        match &mut event {
            Event::Discipline {
                unit,
                situation,
                dice,
            } => {
                if let Ok(u) = s.unit(*unit)
                    && discipline_test(u, situation, dice).is_ok_and(|o| o.remove_unseen_setback)
                    && s.unseen_choice_needed(unit.side)
                {
                    situation.unseen_setback = first(unit.side);
                }
            }
            Event::Reform {
                unit,
                situation,
                dice,
            } => {
                if let Ok(u) = s.unit(*unit)
                    && reform_test(u, situation, dice).is_ok_and(|o| o.remove_unseen_setback)
                    && s.unseen_choice_needed(unit.side)
                {
                    situation.unseen_setback = first(unit.side);
                }
            }
            _ => {}
        }
        event
    }
}

/// HE-5.2: each player's die, again while they are equal; the higher
/// takes the first phase.
fn who_starts(source: &mut dyn DiceSource) -> Result<Event, BattleError> {
    for _ in 0..100 {
        let d = source
            .roll(Colour::White, 2)
            .map_err(|e| BattleError::Refused(e.to_string()))?;
        let (a, b) = (d[0].value(), d[1].value());
        if a != b {
            let first = if a > b { Side::A } else { Side::B };
            return Ok(Event::WhoStarts { a, b, first });
        }
    }
    Err(BattleError::Refused(
        "who starts: the dice were equal a hundred times".into(),
    ))
}

/// The first unit of `side` still on the table.
fn first_on_table(battle: &Battle, side: Side) -> Option<UnitId> {
    battle.state().units[side as usize]
        .iter()
        .position(|u| !u.removed && !u.off_table)
        .map(|i| UnitId::new(side, i))
}
