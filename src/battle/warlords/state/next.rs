//! The fold of what a result does next (2.2.2, 2.4.4, 2.6.2, 2.6.3, 3.3.3):
//! the referee's choice after an activation, contact in a charge, the
//! follow-up, falling back into something, field defences, Broken units
//! with nowhere to flee, and the duties results leave.

use super::{ChargeMade, State, dice_text};
use crate::battle::BattleError;
use crate::battle::warlords::Entry;
use crate::battle::warlords::Setup;
use crate::battle::warlords::duty::{Due, Duty};
use crate::battle::warlords::effects::diff_effects;
use crate::battle::warlords::event::{Event, Phase, UnitId};
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::explain::sec;
use crate::rules::warlords::activation::Action;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::charge::{Charge, ChargeSituation, may_counter_charge};
use crate::rules::warlords::falling_back::{FellInto, fall_back_into, no_way_to_flee};
use crate::rules::warlords::field_defences::{Defence, ReachDefence};
use crate::rules::warlords::next::{Choice, Consequence, Next, Reform, Verdict, choose};
use crate::rules::warlords::shooting::may_shoot;
use crate::rules::warlords::unit::{Formation, Morale, ShootingStyle, TroopType};

impl State {
    /// The referee's facts for `id`'s activation, with what the battle knows
    /// itself: whether it is in Melee (2.4.8) and Halted this turn (2.4.4.2).
    pub(super) fn seen(&self, id: UnitId, s: &ActivationSituation) -> ActivationSituation {
        let u = &self.units[id.side as usize][id.index];
        ActivationSituation {
            in_melee: self.engagements.iter().any(|e| e.opponent_of(id).is_some()),
            halted_this_turn: u.halted_this_turn,
            ..*s
        }
    }

    /// Adds the duties a consequence leaves `id` (a flight, a Berserk Move, a
    /// Random Move and Halt); `about` is the enemy concerned.
    pub(super) fn owe(&mut self, id: UnitId, next: &[Next], about: Option<UnitId>) {
        for n in next {
            let due = match n {
                Next::Flee => Due::Flee,
                Next::BerserkMove => Due::BerserkMove,
                Next::RandomMoveThenHalt => Due::RandomMoveThenHalt,
                Next::FollowUpMay => match about {
                    Some(loser) => Due::FollowUp { loser },
                    None => continue,
                },
                // Dispersed units leave by themselves; Melee duties are added with their enemy.
                Next::FollowUpMust | Next::Dispersed | Next::BerserkTest | Next::StandLoss => {
                    continue;
                }
            };
            let duty = Duty { unit: id, due };
            if !self.duties.contains(&duty) {
                self.duties.push(duty);
            }
        }
    }

    /// Clears the charge duty between `a` and `b`, whichever charged (2.4.4.1).
    pub(super) fn charge_done(&mut self, a: UnitId, b: UnitId) {
        self.duties.retain(|d| {
            !matches!(d.due, Due::Charge { target, .. }
                if (d.unit, target) == (a, b) || (d.unit, target) == (b, a))
        });
    }

    /// Clears `id`'s first duty that `is` matches; says whether there was one.
    pub(super) fn done(&mut self, id: UnitId, is: impl Fn(&Due) -> bool) -> bool {
        match self.duties.iter().position(|d| d.unit == id && is(&d.due)) {
            Some(i) => {
                self.duties.remove(i);
                true
            }
            None => false,
        }
    }

    /// The duties and the pair's Melee after a round: stand losses with
    /// personalities (3.1.3.2), the loser's flight, the winner's follow-up
    /// (2.6.3, W-26: a Berserk winner must and stays in Melee, a Ready one
    /// chooses, a Worn or Broken one cannot and leaves it), then its Berserk test.
    /// `lost` is the stands each opponent lost in the round (a, b).
    pub(super) fn after_melee(
        &mut self,
        next: &[(Side, Next)],
        id: impl Fn(Side) -> UnitId,
        loser: Option<Side>,
        lost: [u32; 2],
        entry: &mut Entry,
    ) {
        let mut follow = None;
        let mut said = [false; 2];
        for (side, n) in next {
            let (me, foe) = (id(*side), id(side.other()));
            let due = match n {
                // 3.1.3.2, W-19: one step for the stands lost; the referee
                // says whose each was, and only those named roll.
                Next::StandLoss => {
                    let i = *side as usize;
                    let people = self.units[me.side as usize][me.index]
                        .unit
                        .active_personalities()
                        .count() as u32;
                    let stands = lost[i].min(people);
                    if said[i] || stands == 0 {
                        continue;
                    }
                    said[i] = true;
                    Due::StandLoss {
                        lost: lost[i],
                        stands,
                        named: Vec::new(),
                        enemy: Some(foe),
                    }
                }
                Next::Flee => Due::Flee,
                Next::FollowUpMay => {
                    follow = Some(false);
                    Due::FollowUp { loser: foe }
                }
                Next::FollowUpMust => {
                    follow = Some(true);
                    continue;
                }
                Next::BerserkTest => Due::BerserkTest { broke: foe },
                Next::BerserkMove | Next::RandomMoveThenHalt | Next::Dispersed => continue,
            };
            self.duties.push(Duty { unit: me, due });
        }
        let Some(loser) = loser else { return };
        let (w, l) = (id(loser.other()), id(loser));
        match follow {
            Some(true) => entry.explanation.line(
                "the Berserk winner follows up: both stay in Melee",
                sec("2.6.3, W-26"),
            ),
            // A Ready winner's choice is its duty; until then the two stay in contact.
            Some(false) => {}
            None => {
                self.engagements.retain(|e| !e.is(w, l));
                entry.explanation.line(
                    "the winner does not follow up: the two are no longer in Melee",
                    sec("2.6.3, W-26"),
                );
                self.end_melee(w, l, entry);
            }
        }
        if follow == Some(true) {
            self.winner_follows(w, l, entry);
        }
    }

    /// Stands lost outside the round's own count (falling back into an
    /// enemy, 2.6.2.1): one step for all of the unit's lost stands, each
    /// personality in one rolling as in any Melee loss (3.1.3.2, W-19).
    /// `enemy` is the unit it ran into, when the Melee names none.
    pub(super) fn owe_stand_loss(
        &mut self,
        id: UnitId,
        more: u32,
        enemy: Option<UnitId>,
        entry: &mut Entry,
    ) {
        let people = self.units[id.side as usize][id.index]
            .unit
            .active_personalities()
            .count() as u32;
        if more == 0 || people == 0 {
            return;
        }
        let step = self
            .duties
            .iter_mut()
            .find(|d| d.unit == id && matches!(d.due, Due::StandLoss { .. }));
        match step {
            Some(Duty {
                due: Due::StandLoss { lost, stands, .. },
                ..
            }) => {
                *lost += more;
                *stands = (*stands + more).min(people);
            }
            _ => {
                let enemy = self
                    .engagements
                    .iter()
                    .find_map(|e| e.opponent_of(id))
                    .or(enemy);
                self.duties.push(Duty {
                    unit: id,
                    due: Due::StandLoss {
                        lost: more,
                        stands: more.min(people),
                        named: Vec::new(),
                        enemy,
                    },
                });
            }
        }
        let name = &self.units[id.side as usize][id.index].unit.name;
        entry.explanation.line(
            format!(
                "{name} loses {more} stand(s): for each personality in a lost stand, roll a red die against his Prowess"
            ),
            sec("3.1.3.2, W-19"),
        );
    }

    /// The enemy personality with a vendetta against `name`, in `enemy`'s unit (W-21).
    pub(super) fn vendetta_against(
        &self,
        name: &str,
        enemy: Option<UnitId>,
    ) -> Result<Option<String>, BattleError> {
        let Some(e) = enemy else { return Ok(None) };
        Ok(self
            .unit(e)?
            .unit
            .active_personalities()
            .find(|q| q.vendetta.as_deref() == Some(name))
            .map(|q| q.name.clone()))
    }

    /// The referee's one choice after `id`'s activation (2.2.1, 2.2.2, W-27).
    pub(super) fn choose(
        &mut self,
        id: UnitId,
        choice: Choice,
        target: Option<UnitId>,
        reform: Reform,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(id)?;
        let name = u.unit.name.clone();
        if choice == Choice::Stop
            && !u.unit.moving
            && u.verdict.as_ref().is_some_and(|v| {
                !v.allowed.contains(&Action::Stop) && !v.forced.contains(&Action::KeepMoving)
            })
        {
            // W-34: a unit contacted while moving had stopped already; a
            // save from before W-34 may record its stop (`check` refuses a new one).
            entry.summary = format!("{name} ({id}) stops: it had stopped already (W-34)");
            self.get_mut(id).chosen.push(choice);
            return Ok(());
        }
        let berserk_move = self
            .duties
            .iter()
            .any(|d| d.unit == id && d.due == Due::BerserkMove);
        let verdict = match (&u.verdict, berserk_move) {
            // 2.4.10, 2.6.3: a Berserk Move's charge, whenever the duty comes.
            (_, true) if choice == Choice::Charge => Verdict {
                success: true,
                forced: vec![Action::BerserkMove],
                allowed: vec![Action::Charge],
                situation: ActivationSituation::default(),
            },
            (Some(v), _) => v.clone(),
            (None, _) => {
                return Err(BattleError::OutOfTurn(format!(
                    "{name} ({id}) has not activated this turn: a choice follows its activation (2.2)"
                )));
            }
        };
        // W-27: one choice; shooting may go with a move, a stop, a wheel or an evade (2.5.1, 2.4.7).
        let with_shot = |c: Choice| {
            matches!(
                c,
                Choice::Move | Choice::Stop | Choice::Wheel | Choice::Evade | Choice::Shoot
            )
        };
        if let Some(&first) = u.chosen.first().filter(|_| !berserk_move) {
            let pair_ok = u.chosen.len() == 1
                && first != choice
                && (choice == Choice::Shoot || first == Choice::Shoot)
                && with_shot(first)
                && with_shot(choice);
            if !pair_ok {
                return Err(BattleError::Refused(format!(
                    "{name} has already chosen to {} this activation: a successful activation gives one choice (2.2.2, W-27)",
                    first.to_string().replace('_', " ")
                )));
            }
        }
        let before = u.unit.clone();
        let base = Consequence {
            unit: before.clone(),
            next: Vec::new(),
            explanation: Default::default(),
        };
        let mut spans = None;
        if matches!(choice, Choice::Charge) {
            let Some(t) = target else {
                return Err(BattleError::Refused(format!(
                    "say which enemy {name} charges (2.4.4)"
                )));
            };
            self.enemies(id, t)?;
            let target = self.unit(t)?;
            let c = Charge::declare(
                &before,
                &target.unit,
                ChargeSituation {
                    charger_halted_this_turn: u.halted_this_turn,
                    target_halted_this_turn: target.halted_this_turn,
                    target_activated: target.activated,
                    target_in_melee: self.engagements.iter().any(|e| e.opponent_of(t).is_some()),
                    ..ChargeSituation::default()
                },
            )?;
            entry.explanation.extend(c.explanation.clone());
            spans = Some((t, c.spans));
        }
        if choice == Choice::ChangeFormation && reform.formation.is_none() {
            return Err(BattleError::Refused(format!(
                "say which formation {name} changes to (2.3.3)"
            )));
        }
        let then = choose(&verdict, base, choice, reform)?;
        entry.explanation.extend(then.explanation);
        let what = choice.to_string().replace('_', " ");
        entry.summary = match (target, reform.formation) {
            (Some(t), _) if choice == Choice::Charge => format!(
                "{name} ({id}) charges {} ({t}), {} span(s) (2.4.4)",
                self.unit(t)?.unit.name,
                spans.map_or(0, |s| s.1)
            ),
            (_, Some(f)) => format!("{name} ({id}) changes formation to {} (2.3.3)", f.title()),
            // Logged as what it is, so a real correction stands out.
            _ => match choice {
                Choice::Move => format!("{name} ({id}) moves (2.4.1)"),
                Choice::Stop => format!("{name} ({id}) stops (2.4.1)"),
                Choice::Wheel => format!("{name} ({id}) wheels (2.4.3)"),
                Choice::AddChampion => format!("{name} ({id}) adds a champion (1.7.5, W-7)"),
                Choice::Flee => format!("{name} ({id}) flees on (2.2.2, 2.4.11)"),
                Choice::StopFleeingAndMove => {
                    format!("{name} ({id}) stops fleeing and moves (2.2.2)")
                }
                Choice::StopFleeingAndHalt => format!("{name} ({id}) stops fleeing (2.2.2)"),
                _ => format!("{name} ({id}) chooses: {what} (2.2.2)"),
            },
        };
        let slot = self.get_mut(id);
        slot.unit = then.unit;
        slot.chosen.push(choice);
        if let Some((target, spans)) = spans {
            slot.charge = Some(ChargeMade {
                target,
                spans,
                contact: false,
                counter: false,
                stopped: false,
                halted_before_contact: false,
            });
        }
        entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
        if let Some((target, _)) = spans {
            // 2.4.4.1, 2.6.3: a declared charge is completed as a Random Move.
            self.duties.push(Duty {
                unit: id,
                due: Due::Charge {
                    target,
                    moved: false,
                },
            });
        }
        if choice == Choice::Charge {
            self.done(id, |d| *d == Due::BerserkMove); // 2.4.10: the Berserk Move's charge
            if let Some((t, _)) = spans
                && self.unit(t)?.unit.morale == Morale::Broken
            {
                // 1.7.3: a Broken unit charged flees again as the enemy comes within 1 span.
                self.owe(t, &[Next::Flee], Some(id));
            }
        }
        self.owe(id, &then.next, None);
        Ok(())
    }

    /// A charge makes contact: the two are in Melee, the charger (and a
    /// counter-charger) stop (2.4.1, W-25), and each may shower the other (W-23).
    pub(super) fn contact(
        &mut self,
        charger: UnitId,
        target: UnitId,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.enemies(charger, target)?;
        let c = self.unit(charger)?;
        let t = self.unit(target)?;
        let charged = |u: &super::UnitState, at: UnitId| u.charge.is_some_and(|m| m.target == at);
        if !charged(c, target) && !charged(t, charger) {
            return Err(BattleError::Refused(format!(
                "{} ({charger}) has not charged {} ({target}) this turn: contact comes of a charge (2.4.4); record an engagement otherwise",
                c.unit.name, t.unit.name
            )));
        }
        let (before_c, before_t) = (c.unit.clone(), t.unit.clone());
        // 2.4.4.1, 2.4.4.2: contact completes the charge.
        self.charge_done(charger, target);
        for (id, other) in [(charger, target), (target, charger)] {
            let slot = self.get_mut(id);
            if charged(slot, other) {
                slot.unit.moving = false; // W-25
                let halted = slot.halted_this_turn;
                if let Some(m) = &mut slot.charge {
                    m.contact = true;
                    m.halted_before_contact = halted;
                }
            }
        }
        // W-34 (2.4.1): a unit contacted while moving stops; no unit moves
        // on with an enemy in contact, so it may change formation next. A
        // unit that was fleeing is no longer (a flight is a move).
        let contacted = self.get_mut(target);
        let was_moving = contacted.unit.moving;
        contacted.unit.moving = false;
        contacted.unit.fleeing = false;
        self.in_contact(charger, target, entry);
        if self.engagement(charger, target).is_none() {
            self.engagements.push(super::Engagement {
                a: charger,
                b: target,
                rounds: 0,
                fought_this_turn: false,
            });
        }
        entry.summary = format!(
            "{} ({charger}) makes contact with {} ({target}): in Melee",
            before_c.name, before_t.name
        );
        entry.explanation.line(
            "a unit that makes contact in a charge stops (2.4.1)",
            sec("2.4.1, W-25"),
        );
        if was_moving {
            entry.explanation.line(
                format!(
                    "{} was moving and is contacted: it stops, and may change formation at its next activation",
                    before_t.name
                ),
                sec("2.4.1, 2.3.3, W-34"),
            );
        }
        // 2.4.4.1, 2.4.4.2: a Halt takes the charging away from the Melee.
        for (me, foe) in [(charger, target), (target, charger)] {
            if self.charged_into(me, foe) == Some(false) {
                let name = &self.unit(me)?.unit.name;
                let why = if self.unit(me)?.halted_this_turn {
                    format!("{name} was Halted on the way")
                } else {
                    format!("{name} counter-charged a charger that was Halted")
                };
                entry.explanation.line(
                    format!(
                        "{why}: it no longer counts as a charging unit in the Melee, as if it stood to receive the attack"
                    ),
                    sec("2.4.4.1, 2.4.4.2"),
                );
            }
        }
        entry.effects = diff_effects(charger, &before_c, &self.unit(charger)?.unit);
        entry
            .effects
            .extend(diff_effects(target, &before_t, &self.unit(target)?.unit));
        // W-23: a shower, after contact and before the Melee, by either unit.
        for (id, at) in [(target, charger), (charger, target)] {
            let u = &self.unit(id)?.unit;
            if u.shooting.contains(&ShootingStyle::Shower) && may_shoot(u).is_ok() {
                entry.explanation.line(
                    format!("{} may shower {} before the Melee", u.name, at),
                    sec("2.5.1, W-23"),
                );
                self.duties.push(Duty {
                    unit: id,
                    due: Due::Shower { at },
                });
            }
        }
        Ok(())
    }

    /// Two units come into contact: a Berserk Move either still owes is
    /// made (2.4.10 1: it charges the nearest enemy in reach, the one it
    /// is now in Melee with; 2.4.4.2, W-34: no unit moves on with an enemy
    /// in contact), so none is owed any more.
    pub(super) fn in_contact(&mut self, x: UnitId, y: UnitId, entry: &mut Entry) {
        for id in [x, y] {
            if self.done(id, |d| *d == Due::BerserkMove) {
                let name = self.units[id.side as usize][id.index].unit.name.clone();
                entry.explanation.line(
                    format!(
                        "{name} is in Melee: its Berserk Move is this contact, with no random move after it"
                    ),
                    sec("2.4.10, 2.4.4.2, W-34"),
                );
            }
        }
    }

    /// The Ready winner follows up or not (2.6.3, W-26).
    pub(super) fn follow_up(
        &mut self,
        id: UnitId,
        loser: UnitId,
        follows: bool,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        if !self.done(id, |d| *d == Due::FollowUp { loser }) {
            if self.unit(id)?.unit.morale == Morale::Berserk && self.engagement(id, loser).is_some()
            {
                // 2.6.3, W-26: it went Berserk and followed up already; a
                // save from before that reading may record the choice.
                entry.summary = format!(
                    "{} ({id}) is Berserk and has followed up {loser} already (2.6.3, W-26)",
                    self.unit(id)?.unit.name
                );
                return Ok(());
            }
            if self.unit(id)?.unit.formation == Formation::Hedgehog {
                // 2.3.1.4: a Hedgehog never follows up; a save from before
                // that reading may record it doing so (`check` refuses a new one).
                let (w, l) = (
                    self.unit(id)?.unit.name.clone(),
                    self.unit(loser)?.unit.name.clone(),
                );
                if follows && self.engagement(id, loser).is_none() {
                    self.engagements.push(super::Engagement {
                        a: id,
                        b: loser,
                        rounds: 1,
                        fought_this_turn: true,
                    });
                }
                entry.summary = format!(
                    "{w} ({id}) {} {l} ({loser}), in Hedgehog",
                    if follows {
                        "follows up"
                    } else {
                        "does not follow up"
                    }
                );
                return Ok(());
            }
            return Err(BattleError::Refused(format!(
                "{id} has no follow-up of {loser} to choose: only a Ready winner chooses, after {loser} fell back (2.6.3, W-26)"
            )));
        }
        let (w, l) = (
            self.unit(id)?.unit.name.clone(),
            self.unit(loser)?.unit.name.clone(),
        );
        let supporting = self.supports_against(id, loser);
        if let Some(s) = supporting {
            // 2.6.3, W-26: a supporting unit at the loser's front follows up
            // with the winner unless blocked; the referee says which.
            let o = self.unit(s.opponent)?.unit.name.clone();
            if follows {
                entry.summary =
                    format!("{w} ({id}) follows up {l} ({loser}) with {o}: still supporting it");
            } else {
                self.engagements.retain(|e| !e.is(id, loser));
                self.prune_supports();
                entry.summary = format!(
                    "{w} ({id}) is blocked and does not follow up {l} ({loser}): it leaves the Melee"
                );
            }
            entry.explanation.line(
                "a supporting unit at the front of the unit falling back may follow up with the winner, unless blocked",
                sec("2.6.3, W-26"),
            );
            return Ok(());
        }
        if follows {
            entry.summary = format!("{w} ({id}) follows up {l} ({loser}): still in Melee");
            self.winner_follows(id, loser, entry);
        } else {
            self.engagements.retain(|e| !e.is(id, loser));
            entry.summary =
                format!("{w} ({id}) does not follow up {l} ({loser}): no longer in Melee");
            self.end_melee(id, loser, entry);
        }
        entry.explanation.line(
            "a Ready winner chooses whether to follow up; one that does stays in Melee, one that does not leaves it",
            sec("2.6.3, W-26"),
        );
        Ok(())
    }

    /// A unit falling back could not go the full span (2.6.2.1).
    /// `(into, other, other_front, rear_stands)` say what it ran into;
    /// `stop_casualty` is W-35's house option (or the reading before it).
    pub(super) fn fall_back(
        &mut self,
        id: UnitId,
        (into, other, other_front, rear_stands): (FellInto, Option<UnitId>, bool, Option<u32>),
        stop_casualty: bool,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(id)?.unit.clone();
        let o = match other {
            Some(o) => {
                let friend = o.side == id.side;
                let want_friend = into == FellInto::Friend;
                if o == id || friend != want_friend {
                    return Err(BattleError::Refused(format!(
                        "{o} is {}: say 'friend' for a friendly unit, 'enemy_front' or 'enemy_rear_or_side' for an enemy (2.6.2.1)",
                        if friend { "a friend" } else { "an enemy" }
                    )));
                }
                Some(self.on_table(o)?.unit.clone())
            }
            None => None,
        };
        let r = fall_back_into(
            &u,
            into,
            o.as_ref(),
            other_front,
            rear_stands,
            stop_casualty,
        )?;
        let other_name =
            |o: UnitId| format!("{} ({o})", self.units[o.side as usize][o.index].unit.name);
        let what = match (into, other) {
            (FellInto::Obstacle, _) | (_, None) => "an obstacle".to_string(),
            (FellInto::Friend, Some(o)) => format!(
                "the {} of its friend {}",
                if other_front { "front" } else { "rear or side" },
                other_name(o)
            ),
            (FellInto::EnemyFront, Some(o)) => format!("the front of the enemy {}", other_name(o)),
            (FellInto::EnemyRearOrSide, Some(o)) => {
                format!("the rear or side of the enemy {}", other_name(o))
            }
        };
        entry.summary = format!("{} ({id}) falls back into {what} (2.6.2.1)", u.name);
        entry.explanation = r.explanation;
        let lost = u.stands.saturating_sub(r.unit.stands);
        self.get_mut(id).unit = r.unit;
        let enemy = other.filter(|o| o.side != id.side);
        self.owe_stand_loss(id, lost, enemy, entry);
        entry.effects = diff_effects(id, &u, &self.unit(id)?.unit);
        if let (Some(oid), Some(before), Some(after)) = (other, o, r.other) {
            self.get_mut(oid).unit = after;
            entry
                .effects
                .extend(diff_effects(oid, &before, &self.unit(oid)?.unit));
        }
        self.clear_off_table();
        Ok(())
    }

    /// A moving unit reaches stakes, a tabor or a berm (3.3.3).
    pub(super) fn defence(
        &mut self,
        id: UnitId,
        defence: Defence,
        charging: bool,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        if self.phase == Phase::Initiative {
            return Err(BattleError::OutOfTurn(
                "units move during activations, not while initiative is rolled (2.1)".to_string(),
            ));
        }
        let u = self.on_table(id)?.unit.clone();
        let out = ReachDefence::plan(&u, defence, charging)?.resolve(dice)?;
        entry.summary = format!(
            "{} ({id}) reaches the {defence}{}: {}{}",
            u.name,
            if dice.white.is_empty() {
                String::new()
            } else {
                format!(" ({})", dice_text(dice))
            },
            if out.goes_on { "goes on" } else { "stops" },
            if out.casualties > 0 {
                format!(", {} casualty figure(s)", out.casualties)
            } else {
                String::new()
            }
        );
        entry.roll(&u.name, dice);
        entry.explanation = out.explanation;
        let slot = self.get_mut(id);
        slot.unit = out.unit;
        // 3.3.3: a charge that stops at a field defence ends there.
        if !out.goes_on
            && let Some(c) = slot.charge.as_mut().filter(|c| !c.contact)
        {
            c.stopped = true;
            let target = c.target;
            self.done(
                id,
                |d| matches!(d, Due::Charge { target: t, .. } if *t == target),
            );
            entry.explanation.line(
                "its charge ends there: no charge move and no contact",
                sec("3.3.3"),
            );
        }
        entry.effects = diff_effects(id, &u, &self.unit(id)?.unit);
        if let Some(t) = &out.test {
            let then = t.consequence(&u, &ActivationSituation::default());
            self.owe(id, &then.next, None);
        }
        self.clear_off_table();
        Ok(())
    }

    /// A Broken unit with no direction to flee (1.7.3): a stand to each enemy in contact.
    pub(super) fn trapped(&mut self, id: UnitId, entry: &mut Entry) -> Result<(), BattleError> {
        let slot = self.on_table(id)?;
        if slot.trapped_this_turn {
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) has lost its stands for having nowhere to flee this turn already (1.7.3: once a turn)",
                slot.unit.name
            )));
        }
        let before = slot.unit.clone();
        let enemies = self
            .engagements
            .iter()
            .filter(|e| e.opponent_of(id).is_some())
            .count() as u32;
        let r = no_way_to_flee(&before, enemies)?;
        let lost = before.stands - r.unit.stands;
        entry.summary = format!(
            "{} ({id}) has nowhere to flee: loses {lost} stand(s)",
            before.name,
        );
        entry.explanation = r.explanation;
        let slot = self.get_mut(id);
        slot.unit = r.unit;
        slot.trapped_this_turn = true;
        entry.effects = diff_effects(id, &before, &self.unit(id)?.unit);
        self.done(id, |d| *d == Due::Flee);
        // 1.7.3, 3.1.3.2, W-19: stands lost to the enemies in contact are
        // lost in Melee: a personality in one rolls his red die.
        self.owe_stand_loss(id, lost, None, entry);
        self.clear_off_table();
        Ok(())
    }

    /// A Berserk unit with no enemy visible ahead goes back to Ready (2.4.10).
    pub(super) fn calm(&mut self, id: UnitId, entry: &mut Entry) -> Result<(), BattleError> {
        let u = self.on_table(id)?.unit.clone();
        if u.morale != Morale::Berserk {
            return Err(BattleError::Refused(format!(
                "{} ({id}) is {}, not Berserk (2.4.10)",
                u.name, u.morale
            )));
        }
        entry.summary = format!(
            "{} ({id}) sees no enemy within 45° of its front: back to Ready",
            u.name
        );
        entry.explanation.line(
            "no enemy in charge reach and none visible within 45 degrees of its front: it stops being Berserk and goes back to Ready",
            sec("1.7.1, 2.4.10"),
        );
        self.get_mut(id).unit.morale = Morale::Ready;
        entry.effects = diff_effects(id, &u, &self.unit(id)?.unit);
        self.done(id, |d| *d == Due::BerserkMove);
        Ok(())
    }

    /// The referee sets aside a duty the table has made moot.
    pub(super) fn dismiss(
        &mut self,
        id: UnitId,
        due: &str,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let name = self.unit(id)?.unit.name.clone();
        let Some(i) = self
            .duties
            .iter()
            .position(|d| d.unit == id && d.due.code() == due)
        else {
            // A save may set aside what an earlier reading owed (a Berserk
            // Move in Melee, 2.4.10): it stands, with nothing to remove; a
            // new one is refused by `check`.
            entry.summary = format!(
                "the referee sets aside: {name} ({id}) {}, which nothing owes now",
                due.replace('_', " ")
            );
            return Ok(());
        };
        let d = self.duties.remove(i);
        entry.summary = match d.due {
            // 2.4.4.1, W-25: the charge move is done and did not reach.
            Due::Charge {
                target,
                moved: true,
            } => format!(
                "{name} ({id}) made no contact with {} ({target}): its charge move is done (2.4.4.1, W-25)",
                self.unit(target)?.unit.name
            ),
            // 3.1.3.2: no personality (or no other) was in a lost stand.
            Due::StandLoss { named, .. } if named.is_empty() => format!(
                "no personality of {name} ({id}) was in its lost stand(s): nobody rolls (3.1.3.2)"
            ),
            Due::StandLoss { .. } => {
                format!("no other personality of {name} ({id}) was in its lost stand(s) (3.1.3.2)")
            }
            due => format!("the referee sets aside: {name} ({id}) {due}"),
        };
        Ok(())
    }

    /// A unit's duties in words, or "none".
    pub fn duties_of(&self, id: UnitId) -> String {
        let v: Vec<String> = self
            .duties
            .iter()
            .filter(|d| d.unit == id)
            .map(|d| d.due.to_string()) // the referee's words, not the save's code
            .collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    }

    /// A Melee recorded by an earlier Herald, whose loser kept its width
    /// after losing its flank stands: refused today (2.6.2, W-24: a flank
    /// edge holds one stand per rank, so the unit loses a file per flank
    /// contacted); in a save it stands as recorded, and the log says so.
    fn check_w24(&self, melee: &Event, setup: &Setup) -> Result<(), BattleError> {
        let Event::Melee {
            a,
            facts_a,
            b,
            facts_b,
            rough_ground,
            dice,
            ..
        } = melee
        else {
            return Ok(());
        };
        let (rough_ground, a, b) = (*rough_ground, *a, *b);
        let (ua, ub) = (&self.unit(a)?.unit, &self.unit(b)?.unit);
        let Ok((melee, _)) =
            super::melee_as_recorded(ua, facts_a, ub, facts_b, rough_ground, dice, &setup.house)
        else {
            return Ok(());
        };
        let Ok(out) = melee.resolve(dice) else {
            return Ok(());
        };
        let Some(l) = out.decision.loser else {
            return Ok(());
        };
        let then = out.after(&melee, false);
        let (was, now) = if l == Side::A {
            (ua, &then.a)
        } else {
            (ub, &then.b)
        };
        let kept = was.files.clamp(1, now.stands.max(1));
        if kept != now.files {
            return Err(BattleError::Refused(format!(
                "{} lost its flank stands and kept its width of {kept}; today it would be {} wide (2.6.2, W-24: a flank edge holds one stand per rank)",
                was.name, now.files
            )));
        }
        Ok(())
    }

    /// What the rules refuse of a new event that replaying a saved one does
    /// not judge again: moving on past a required duty; a counter-charge by
    /// a unit Halted this turn (2.4.4.2); a charge the unit may not make (W-30).
    pub fn check(&self, setup: &Setup, event: &Event) -> Result<(), BattleError> {
        self.check_charge(event)?;
        // 2.4.4.1, W-25: a charge moved says whether it reached before the
        // next unit activates.
        if let Event::Activation { .. } = event
            && let Some(d) = self
                .duties
                .iter()
                .find(|d| matches!(d.due, Due::Charge { moved: true, .. }))
        {
            return Err(BattleError::OutOfTurn(format!(
                "first: {} ({}) must {}",
                self.units[d.unit.side as usize][d.unit.index].unit.name, d.unit, d.due
            )));
        }
        match event {
            // 3.3.3.4: "Only units equipped with pavises may deploy them";
            // a correction is checked as any event (saved ones stand).
            Event::Correct {
                unit,
                correction: crate::battle::warlords::event::Correction::Pavises(true),
            } => {
                let u = &self.unit(*unit)?.unit;
                if !u.pavises_lost {
                    crate::rules::warlords::next::may_deploy_pavises(u)
                        .map_err(BattleError::Refused)?;
                }
            }
            Event::NextPhase => {
                let owed: Vec<String> = self
                    .duties
                    .iter()
                    .filter(|d| d.due.required())
                    .map(|d| {
                        format!(
                            "{} ({}) must {}",
                            self.units[d.unit.side as usize][d.unit.index].unit.name, d.unit, d.due
                        )
                    })
                    .collect();
                if !owed.is_empty() {
                    return Err(BattleError::OutOfTurn(format!(
                        "first: {} (or the referee sets it aside)",
                        owed.join("; ")
                    )));
                }
            }
            Event::Reaction {
                unit, situation, ..
            } if (situation.charging || situation.evading()) && self.phase != Phase::Melee => {
                let u = self.unit(*unit)?;
                // 2.6, 2.4.8: a unit in Melee does not move: no counter-charge, no evade.
                if self
                    .engagements
                    .iter()
                    .any(|e| e.opponent_of(*unit).is_some())
                {
                    return Err(BattleError::Refused(
                        crate::rules::warlords::charge::target_in_melee(&u.unit),
                    ));
                }
                if situation.charging {
                    may_counter_charge(&u.unit, u.halted_this_turn)
                        .map_err(BattleError::Refused)?;
                }
            }
            Event::Dismiss { unit, due } => {
                let id = *unit;
                if !self
                    .duties
                    .iter()
                    .any(|d| d.unit == id && d.due.code() == due)
                {
                    let name = &self.unit(id)?.unit.name;
                    return Err(BattleError::Refused(format!(
                        "{name} ({id}) owes no {} to set aside; it must: {}",
                        due.replace('_', " "),
                        self.duties_of(id)
                    )));
                }
            }
            Event::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                dice,
                before_w24,
            } => {
                if *before_w24 {
                    self.check_w24(event, setup)?;
                }
                for (id, facts) in [(a, facts_a), (b, facts_b)] {
                    crate::rules::warlords::melee::check_charging(&self.unit(*id)?.unit, facts)?;
                }
                self.check_opponents(*a, *b)?;
                // W-33: dice rolled for a Pike March Column's rank dice.
                let (ua, ub) = (&self.unit(*a)?.unit, &self.unit(*b)?.unit);
                if let Ok((_, true)) = super::melee_as_recorded(
                    ua,
                    facts_a,
                    ub,
                    facts_b,
                    *rough_ground,
                    dice,
                    &setup.house,
                ) {
                    return Err(BattleError::Refused(
                        "Pike in a March Column get neither Pike rank dice nor the +2 (2.3, 2.6.1 A, W-33; house option column_pike)".to_string(),
                    ));
                }
            }
            Event::Choose {
                unit,
                choice: Choice::Stop,
                ..
            } if !self.unit(*unit)?.unit.moving => {
                let u = self.unit(*unit)?;
                if u.verdict.as_ref().is_some_and(|v| {
                    !v.allowed.contains(&Action::Stop) && !v.forced.contains(&Action::KeepMoving)
                }) {
                    return Err(BattleError::Refused(format!(
                        "{} ({unit}) is not moving: it stopped when it was contacted (2.4.1, W-34)",
                        u.unit.name
                    )));
                }
            }
            Event::FollowUp { unit, loser, .. }
                if !self
                    .duties
                    .iter()
                    .any(|d| d.unit == *unit && d.due == Due::FollowUp { loser: *loser }) =>
            {
                return Err(BattleError::Refused(format!(
                    "{unit} has no follow-up of {loser} to choose: only a Ready winner chooses, never a Hedgehog, which may not move (2.3.1.4, 2.6.3, W-26)"
                )));
            }
            Event::BreakOff { unit, .. } => {
                crate::rules::warlords::movement::may_break_off(&self.unit(*unit)?.unit)
                    .map_err(BattleError::Refused)?;
            }
            Event::FallBack {
                unit,
                into: FellInto::Friend,
                other: Some(o),
                other_front: true,
                before_w35: true,
                ..
            } if !setup
                .house
                .is_on(&crate::rules::warlords::HEAVY_STOP_CASUALTY) =>
            {
                let (u, f) = (&self.unit(*unit)?.unit, &self.unit(*o)?.unit);
                if u.troop_type.is_heavy()
                    && matches!(f.troop_type, TroopType::CloseFoot | TroopType::Pike)
                {
                    return Err(BattleError::Refused(format!(
                        "{} ({unit}) stopped against the front of {} ({o}), {}: it takes no casualty and keeps its formation (2.6.2.1, W-35; house option heavy_stop_casualty)",
                        u.name,
                        f.name,
                        f.troop_type.title()
                    )));
                }
            }
            Event::Activation {
                unit, situation, ..
            } if situation.charging => {
                let u = self.unit(*unit)?;
                crate::rules::warlords::charge::may_charge(&u.unit, u.halted_this_turn)
                    .map_err(BattleError::Refused)?;
            }
            _ => {}
        }
        Ok(())
    }
}
