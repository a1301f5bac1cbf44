//! The event a half-turn suggests next, with Herald's dice and no referee:
//! how the crash test and `herald autoplay` (a test aid) drive a Robert's
//! Rules battle. It never stands in for the referee's facts: every unit
//! moves straight on, the first units on the table fight one simultaneous
//! melee a Combat Phase, a Pursuit won attacks with the chart's hits under
//! 13 read as 1 (RR-21), no unit is ever named nearby a rout (RR-14:
//! nearby is geometry, which a test aid cannot see), no charge is declared,
//! and a charge owed (a countercharge in an earlier save) goes in.

use super::{Battle, Event, Phase, Step};
use crate::battle::{BattleError, UnitId};
use crate::dice::{Colour, DiceSource};
use crate::rules::Side;
use crate::rules::roberts_rules::{
    Action, ActionRoll, ActionSituation, BreakCause, BreakCheck, BreakSituation, MoraleCause,
};

impl Battle {
    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let event = self.suggest(source)?;
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }

    /// The next event of the half-turn (RR-4), its dice rolled.
    pub fn suggest(&self, source: &mut dyn DiceSource) -> Result<Event, BattleError> {
        let s = self.state();
        let house = &self.setup().house;
        let mut roll = |n: usize| -> Result<Vec<u8>, BattleError> {
            if n == 0 {
                return Ok(Vec::new());
            }
            Ok(source
                .roll(Colour::White, n)
                .map_err(|e| BattleError::Refused(e.to_string()))?
                .iter()
                .map(|d| d.value())
                .collect())
        };
        let Phase::Half { acting, step, .. } = s.phase else {
            return Ok(Event::Begin { acting: Side::A });
        };
        let on = |side: Side| {
            s.units[side as usize]
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.gone())
                .map(move |(i, t)| (UnitId::new(side, i), t))
        };
        // RR-14: the referee names the units nearby; a test aid names none.
        if let Some(id) = s.nearby_due.first() {
            return Ok(Event::Nearby {
                source: Some(*id),
                cause: BreakCause::NearbyRout,
                units: Vec::new(),
            });
        }
        // RR-14: Break Checks are made at the end of the Combat Phase; a
        // leader's and a rout's nearby units' in the phase (RR-15, R-7).
        // Those for stands lost come after every combat and Pursuit.
        if let Some((id, cause)) = s
            .checks_due()
            .into_iter()
            .find(|(_, c)| *c != BreakCause::StandsLost)
        {
            let needs = break_check_needs(s, id, cause, house)?;
            return Ok(break_check(id, cause, roll(needs)?));
        }
        // Charging: every charge owed goes in (a Reluctant unit's Morale
        // Check first); an Eager unit charged attempts its Countercharge.
        if step == Step::Charge
            && let Some(id) = s.charges_owed().first()
        {
            let t = s.troop(*id)?;
            return Ok(if t.unit.reluctant() {
                Event::MoraleCheck {
                    unit: *id,
                    cause: MoraleCause::LeadCharge,
                    reason: String::new(),
                    modifiers: Vec::new(),
                    dice: roll(2)?,
                }
            } else {
                Event::Charge { unit: *id }
            });
        }
        let action = |id: UnitId, action: Action, dice: Vec<u8>| Event::Action {
            unit: id,
            action,
            general_free_action: false,
            breakthrough: false,
            modifiers: Vec::new(),
            dice,
        };
        let plan = |t: &super::Troop, a: Action| {
            let situation = ActionSituation {
                first_action_this_phase: t.actions == 0,
                failed_this_phase: t.failed,
                enemy_could_not_retreat: t.pursuit.is_some_and(|p| p.automatic),
                ..ActionSituation::default()
            };
            ActionRoll::plan(&t.unit, a, step, situation, &[], house).ok()
        };
        if let Some(id) = s.countercharges_owed().first() {
            let t = s.troop(*id)?;
            if let Some(p) = plan(t, Action::Countercharge) {
                return Ok(action(*id, Action::Countercharge, roll(p.needs())?));
            }
        }
        match step {
            Step::Action => {
                for (id, t) in on(acting) {
                    if t.actions == 0
                        && !t.failed
                        && let Some(p) = plan(t, Action::Movement)
                    {
                        return Ok(action(id, Action::Movement, roll(p.needs())?));
                    }
                }
            }
            Step::Assault => {
                let target = on(acting.other()).next().map(|(id, _)| id);
                for (id, t) in on(acting) {
                    if t.unit.mav == 0 || t.fired || t.failed {
                        continue;
                    }
                    let Some(target) = target else { break };
                    let p = plan(t, Action::MissileFire);
                    if t.may_fire || p.as_ref().is_some_and(|p| p.automatic) {
                        let n = t.unit.stands.clamp(1, 3) as usize;
                        let mut attacks = Vec::new();
                        for _ in 0..n {
                            attacks.push(roll(2)?);
                        }
                        return Ok(Event::Missile {
                            shooter: id,
                            target,
                            modifiers: Vec::new(),
                            attacks,
                        });
                    }
                    if t.actions == 0
                        && let Some(p) = p
                    {
                        return Ok(action(id, Action::MissileFire, roll(p.needs())?));
                    }
                }
            }
            Step::Combat => {
                let fought = self
                    .events()
                    .iter()
                    .rev()
                    .take_while(|e| !matches!(e, Event::EndPhase))
                    .any(|e| matches!(e, Event::Melee { .. }));
                if !fought
                    && let (Some((a, _)), Some((b, _))) =
                        (on(acting).next(), on(acting.other()).next())
                {
                    return Ok(Event::Melee {
                        a,
                        b,
                        simultaneous: true,
                        can_retreat: [true, true],
                        modifiers: [Vec::new(), Vec::new()],
                        dice: [roll(2)?, roll(2)?],
                    });
                }
                for side in [acting, acting.other()] {
                    for (id, t) in on(side) {
                        let Some(p) = t.pursuit else { continue };
                        if s.troop(p.target).is_ok_and(|x| x.gone()) {
                            continue;
                        }
                        if p.pursuing {
                            return Ok(Event::PursuitAttack {
                                unit: id,
                                target: p.target,
                                modifiers: Vec::new(),
                                chart_hits: Some(1),
                                dice: roll(2)?,
                            });
                        }
                        if let Some(pl) = plan(t, Action::Pursuit) {
                            return Ok(action(id, Action::Pursuit, roll(pl.needs())?));
                        }
                    }
                }
                // RR-14: "At the end of the Combat Phase".
                if let Some((id, cause)) = s.checks_due().first() {
                    let needs = break_check_needs(s, *id, *cause, house)?;
                    return Ok(break_check(*id, *cause, roll(needs)?));
                }
            }
            Step::Reaction | Step::Charge => {}
        }
        Ok(Event::EndPhase)
    }
}

/// How many dice a Break Check with no referee modifiers rolls (RR-13).
fn break_check_needs(
    s: &super::State,
    id: UnitId,
    cause: BreakCause,
    house: &crate::rules::house::House,
) -> Result<usize, BattleError> {
    let t = s.troop(id)?;
    let situation = BreakSituation {
        stands_lost_this_phase: t.stands_lost,
        checked_this_phase: t.checked,
        routed_unit_formed: true,
    };
    Ok(BreakCheck::plan(&t.unit, cause, situation, &[], house).needs())
}

/// A Break Check with no referee modifiers, on these dice.
fn break_check(unit: UnitId, cause: BreakCause, dice: Vec<u8>) -> Event {
    Event::BreakCheck {
        unit,
        cause,
        routed_unit_formed: true,
        modifiers: Vec::new(),
        dice,
    }
}
