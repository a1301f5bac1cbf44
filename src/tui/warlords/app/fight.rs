//! The fighting procedures of the console: picking a unit, shooting (2.5),
//! charges with the target's answer and the charge move (2.4.4), the Melee
//! panel (2.6) and what a Melee offers next (flight, stand losses, Berserk
//! tests). Every change goes through the battle's events.

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::Due;
use crate::battle::warlords::Event;
use crate::battle::warlords::Support;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::charge::{
    Charge, ChargeMove, ChargeSituation, evade_move, may_counter_charge, may_evade,
    target_has_activated, target_in_melee,
};
use crate::rules::warlords::melee::{self, Melee, MeleeFacts};
use crate::rules::warlords::movement::{BreakOff, RandomMove};
use crate::rules::warlords::next::Choice as RulesChoice;
use crate::rules::warlords::shooting::{
    Shooting, ShootingSituation, StandsShotAt, may_shoot, may_shoot_before_contact, shower_only,
};
use crate::rules::warlords::supporting::{self, Edge, Supporter};
use crate::rules::warlords::unit::{Formation, ShootingStyle};
use crate::tui::warlords::action::{Answer, Choice, Cover, MeleeFact};
use crate::tui::warlords::dialog::{
    Dialog, NextStep, Pick, PickFor, Procedure, Purpose, Resolve, Response, Rolled,
};

/// A result with nothing in it yet.
fn empty_rolled() -> Rolled {
    Rolled {
        entry: 0,
        dice: Vec::new(),
        activation: None,
        chosen: Vec::new(),
        notes: Vec::new(),
        marks: Vec::new(),
        shooting: None,
        melee: None,
        moved: None,
        break_off: None,
        next: Vec::new(),
    }
}

impl App {
    /// What an event's dice come to, worked out before it is recorded (the
    /// battle's fold re-runs the same procedures when it records it).
    pub(super) fn preview(&self, event: &Event) -> Result<Rolled, String> {
        let mut r = empty_rolled();
        let unit = |id: UnitId| {
            self.battle
                .unit(id)
                .map(|u| &u.unit)
                .ok_or_else(|| format!("there is no unit {id}"))
        };
        match event {
            Event::Initiative { a, b } => r.dice = vec![a.clone(), b.clone()],
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
                r.activation = Some(self.activation_outcome(*id, *situation, dice)?);
                r.dice = vec![dice.clone()];
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => {
                let plan = Shooting::plan(unit(*shooter)?, unit(*target)?, *situation)
                    .map_err(|e| e.to_string())?;
                r.shooting = Some(plan.resolve(dice).map_err(|e| e.to_string())?);
                r.dice = vec![dice.clone()];
            }
            Event::RandomMove { spans, dice, .. } => {
                let m = RandomMove { spans: *spans };
                r.moved = Some(m.resolve(dice).map_err(|e| e.to_string())?);
                r.dice = vec![dice.clone()];
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
                    &self.battle.setup().house,
                )
                .map_err(|e| e.to_string())?;
                r.melee = Some(plan.resolve(dice).map_err(|e| e.to_string())?);
                r.dice = vec![dice.a.clone(), dice.b.clone()];
            }
            Event::BreakOff {
                unit: id,
                opponent,
                supporting,
                tactician_in_sight,
                dice,
            } => {
                // 2.4.8: the activation's dice, then the random move's.
                let plan = BreakOff::plan(
                    unit(*id)?,
                    unit(*opponent)?,
                    *supporting,
                    *tactician_in_sight,
                )
                .map_err(|e| e.to_string())?;
                let out = plan.resolve(dice).map_err(|e| e.to_string())?;
                let n = plan.activation.needs().white.min(dice.white.len());
                let act = Dice {
                    white: dice.white[..n].to_vec(),
                    ..Dice::default()
                };
                r.activation = Some(plan.activation.resolve(&act).map_err(|e| e.to_string())?);
                r.break_off = Some(out);
                r.dice = vec![dice.clone()];
            }
            // 3.3.3.3: the stakes' dice (the charger's test, their attack) shown with the result.
            Event::Flee { dice, .. }
            | Event::StandLoss { dice, .. }
            | Event::Defence { dice, .. } => r.dice = vec![dice.clone()],
            _ => {}
        }
        Ok(r)
    }

    /// After a Melee is recorded: the steps it offers next, the duties it
    /// left in the battle first (stand losses, the flight, the follow-up,
    /// the Berserk test), then what the battle does not track: whether the
    /// loser fell back into something (2.6.2.1), and the Berserk tests of
    /// Impetuous supporting units (2.6.3).
    pub(super) fn after_record(&mut self, procedure: &Procedure, event: &Event, r: &mut Rolled) {
        let (Event::Melee { a, b, .. }, Some(out)) = (event, &r.melee) else {
            return;
        };
        let id = |s: Side| if s == Side::A { *a } else { *b };
        let mut next = Vec::new();
        if let Some(loser) = out.decision.loser {
            let l = id(loser);
            if self.battle.unit(l).is_some_and(|u| !u.off_table()) {
                next.push((NextStep::FellBack(l), false));
            }
        }
        next.extend(
            self.battle
                .duties()
                .iter()
                .filter(|d| d.unit == *a || d.unit == *b)
                .map(|d| (NextStep::Duty(d.clone()), false)),
        );
        // 2.6.3: an Impetuous unit supporting the winner also rolls to go
        // Berserk when the enemy breaks (Ready, as the winner itself must be).
        // `supports` are per opponent, as the outcome's sides are.
        if let (Some(loser), true, Procedure::Melee { supports, .. }) =
            (out.decision.loser, out.decision.broken, procedure)
        {
            for s in &supports[loser.other() as usize] {
                if self.battle.unit(*s).is_some_and(|u| {
                    !u.off_table() && melee::tests_berserk_when_enemy_breaks(&u.unit)
                }) {
                    next.push((NextStep::SupportTest(*s, id(loser)), false));
                }
            }
        }
        r.next = next;
    }

    /// Whether a step a Melee offered is done: a duty once the battle has cleared it.
    pub fn step_done(&self, step: &NextStep, marked: bool) -> bool {
        match step {
            NextStep::Duty(d) => !self.battle.duties().iter().any(|x| x.same_step(d)),
            _ => marked,
        }
    }

    /// Adds to an open Melee result the duties its steps have since left
    /// (a Berserk Move after a Berserk test, 2.6.3).
    pub(super) fn sync_melee_steps(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee { a, b, supports, .. },
            rolled: Some(_),
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let involved: Vec<UnitId> = [*a, *b]
            .into_iter()
            .chain(supports.iter().flatten().copied())
            .collect();
        let fresh: Vec<NextStep> = self
            .battle
            .duties()
            .iter()
            .filter(|d| involved.contains(&d.unit))
            .map(|d| NextStep::Duty(d.clone()))
            .collect();
        if let Some(Dialog::Resolve(Resolve {
            rolled: Some(m), ..
        })) = self.dialogs.last_mut()
        {
            for step in fresh {
                let known = m.next.iter().any(|(s, _)| match (s, &step) {
                    (NextStep::Duty(x), NextStep::Duty(y)) => x.same_step(y),
                    (s, step) => s == step,
                });
                if !known {
                    m.next.push((step, false));
                }
            }
        }
    }

    /// When a panel closes, gives what it did to the panel below it (the
    /// charge, the activation, the Melee). Returns whether the panel below
    /// stays open.
    pub(super) fn hand_back(&mut self, procedure: &Procedure, x: &Rolled) -> bool {
        let summary = self
            .battle
            .entry(x.entry)
            .map_or(String::new(), |e| e.summary.clone());
        if let (
            Procedure::Defence { unit, .. },
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Charge {
                        unit: charger,
                        target,
                        ..
                    },
                ..
            })),
        ) = (procedure, self.dialogs.last())
            && unit == charger
            && self
                .battle
                .unit(*unit)
                .and_then(|u| u.charge)
                .is_some_and(|c| c.stopped)
        {
            // 3.3.3: the charge ends at the field defence: no charge move
            // and no contact; its panel closes.
            let note = format!(
                "charge (2.4.4): {summary}; its charge ends there, no charge move and no contact with {} (3.3.3)",
                self.name(*target)
            );
            self.dialogs.pop();
            if matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some()) {
                self.note_choice(Choice::Charge, note);
            } else {
                self.say(note);
            }
            return true;
        }
        let Some(Dialog::Resolve(below)) = self.dialogs.last_mut() else {
            return false;
        };
        match (procedure, &mut below.procedure) {
            (
                Procedure::Reaction { purpose, .. },
                Procedure::Charge {
                    response,
                    answered,
                    shots,
                    ..
                },
            ) => {
                let o = x.activation.as_ref();
                let at = self.battle.events().len();
                let ok = o.is_some_and(|o| o.success || o.berserk);
                match purpose {
                    Purpose::CounterCharge => {
                        *response = Some(Response::CounterCharge { meets: ok });
                        *answered = at;
                    }
                    Purpose::Evade => {
                        *response = Some(Response::Evade {
                            away: o.is_some_and(|o| o.success),
                        });
                        *answered = at;
                    }
                    _ => {
                        shots.push((at, summary));
                        shots.extend(x.notes.iter().map(|n| (at, n.clone())));
                    }
                }
                true
            }
            (Procedure::Flee { .. } | Procedure::Defence { .. }, Procedure::Charge { .. }) => true,
            (Procedure::Shooting { target, .. }, _) if below.rolled.is_some() => {
                let _ = target;
                self.note_choice(Choice::Shoot, summary);
                true
            }
            (Procedure::Charge { .. }, _) => true,
            (Procedure::Defence { .. }, Procedure::Activation { .. }) => {
                self.note_choice(Choice::Move, summary);
                true
            }
            (Procedure::BreakOff { .. }, Procedure::Activation { .. }) => {
                // The break-off was the activation (2.4.8): its panel closes too.
                self.dialogs.pop();
                false
            }
            (
                Procedure::Flee { .. }
                | Procedure::StandLoss { .. }
                | Procedure::Reaction { .. }
                | Procedure::Pursue { .. },
                Procedure::Melee { .. },
            ) => {
                if let (Some(m), Procedure::Reaction { unit, .. }) = (&mut below.rolled, procedure)
                {
                    for (s, d) in &mut m.next {
                        if matches!(s, NextStep::SupportTest(u, _) if u == unit) {
                            *d = true;
                        }
                    }
                }
                self.sync_melee_steps();
                true
            }
            _ => false,
        }
    }

    /// Opens the unit picker for a purpose; the enemy table's selection is the default.
    pub(super) fn open_pick(&mut self, purpose: PickFor) {
        if purpose == PickFor::OffTable {
            let choices = self.battle.off_table();
            if choices.is_empty() {
                return self.refuse("no unit has fled or been destroyed");
            }
            return self.dialogs.push(Dialog::Pick(Pick {
                purpose,
                choices,
                line: 0,
                why: String::new(),
                typed: String::new(),
            }));
        }
        let (of, side) = match purpose {
            PickFor::Shoot(u) | PickFor::Charge(u) | PickFor::Engage(u) => (u, u.side.other()),
            PickFor::ShootAtCharger(u) => (u, u.side.other()),
            PickFor::Support(u) => (u, u.side),
            PickFor::OffTable => return,
        };
        let choices: Vec<UnitId> = self
            .battle
            .units(side)
            .filter(|(_, u)| !u.off_table())
            .filter(|(id, _)| match purpose {
                // 2.4.4: a unit that may still activate to shoot, not
                // one in Melee (it does not shoot, 2.6).
                PickFor::ShootAtCharger(c) => self.may_shoot_at_charger(*id, c),
                // 2.6: friendly units in contact that are not the opponent.
                PickFor::Support(_) => *id != of,
                _ => true,
            })
            .map(|(id, _)| id)
            .collect();
        if choices.is_empty() {
            let why = match purpose {
                PickFor::ShootAtCharger(_) => {
                    "no unit of the charged side may still shoot (it needs its activation and missiles, 2.4.4)"
                }
                PickFor::Support(_) => "that side has no other unit on the table to support",
                _ => "the other side has no unit on the table",
            };
            return self.set_resolve_error(why.to_string());
        }
        let (line, why) = self.likely(of, purpose, &choices);
        self.dialogs.push(Dialog::Pick(Pick {
            purpose,
            choices,
            line,
            why,
            typed: String::new(),
        }));
    }

    /// Enter in the picker: does what the pick was for.
    pub(super) fn pick(&mut self) {
        let Some(Dialog::Pick(p)) = self.dialogs.last() else {
            return;
        };
        let Some(&chosen) = p.choices.get(p.line) else {
            return;
        };
        let purpose = p.purpose;
        self.dialogs.pop();
        match purpose {
            PickFor::Shoot(shooter) => self.open_shooting(shooter, chosen, true, false),
            PickFor::Charge(unit) => self.declare_charge(unit, chosen),
            PickFor::ShootAtCharger(charger) => {
                // 2.4.4: it uses up its activation to shoot, nothing else: no
                // champion (W-27), no charge, flight or formation change.
                let situation = ActivationSituation {
                    enemy_visible_ahead: false,
                    enemy_in_charge_distance: true,
                    charging: false,
                    fleeing: false,
                    changing_formation: false,
                    evading_spans: 0,
                    ..self.default_situation(chosen)
                };
                self.dialogs
                    .push(Dialog::Resolve(Resolve::new(Procedure::Reaction {
                        unit: chosen,
                        cause: charger,
                        purpose: Purpose::ShootAtCharger,
                        situation,
                    })));
            }
            PickFor::OffTable => self.open_correction(chosen),
            PickFor::Support(opponent) => self.mark_support(opponent, chosen),
            PickFor::Engage(unit) => {
                let engaged = self.battle.in_melee_with(unit).contains(&chosen);
                // 2.6: a unit already the opponent of a Melee gets no second
                // one: the unit that contacts it joins that Melee, as a
                // supporting unit at the edge the referee says.
                let joins = |me: UnitId, foe: UnitId| {
                    self.battle
                        .opponents_of(foe)
                        .into_iter()
                        .find(|o| *o != me)
                        .map(|o| (me, o, foe))
                };
                if !engaged
                    && let Some((unit, opponent, enemy)) =
                        joins(unit, chosen).or_else(|| joins(chosen, unit))
                {
                    return self.dialogs.push(Dialog::SupportEdge {
                        unit,
                        opponent,
                        enemy,
                        joining: true,
                    });
                }
                let event = if engaged {
                    Event::Disengage { a: unit, b: chosen }
                } else {
                    Event::Engage { a: unit, b: chosen }
                };
                match self.battle.record(event) {
                    Ok(e) => {
                        let text = e.summary.clone();
                        self.say(format!("{text}; u undoes"));
                    }
                    Err(e) => self.refuse(e.to_string()),
                }
            }
        }
    }

    /// The styles `shooter` may use now: its own, but a shower only at
    /// contact (W-23) and massed only while stopped (W-12).
    pub fn styles_now(&self, shooter: UnitId, contact: bool) -> Vec<ShootingStyle> {
        let Some(u) = self.battle.unit(shooter) else {
            return Vec::new();
        };
        let stopped = !u.unit.moving || contact;
        u.unit
            .shooting
            .iter()
            .copied()
            .filter(|s| match s {
                ShootingStyle::Shower => contact,
                ShootingStyle::Massed => stopped,
                ShootingStyle::Skirmishing => true,
            })
            .collect()
    }

    /// Opens a shot with the situation Herald guesses: the first style the
    /// shooter may use now (a shower at contact), 2 spans (a shower: 0), the
    /// target's stands by default. `choose`: it is the shooter's choice after
    /// its activation, recorded with the shot (W-27).
    pub(super) fn open_shooting(
        &mut self,
        shooter: UnitId,
        target: UnitId,
        choose: bool,
        contact: bool,
    ) {
        let Some(s) = self.battle.unit(shooter) else {
            return;
        };
        if let Err(e) = may_shoot(&s.unit) {
            return self.set_resolve_error(e);
        }
        let styles = self.styles_now(shooter, contact);
        let style = if contact && styles.contains(&ShootingStyle::Shower) {
            ShootingStyle::Shower
        } else if let Some(&first) = styles.first() {
            first
        } else if !contact && s.unit.shooting.iter().all(|x| *x == ShootingStyle::Shower) {
            // W-23: a shower only on contact in a charge or counter-charge.
            return self.set_resolve_error(shower_only(&s.unit));
        } else {
            return self.set_resolve_error(format!(
                "{} is moving and may not shoot massed (2.5.1, W-12); it has no other style now",
                s.unit.name
            ));
        };
        let situation = ShootingSituation {
            style,
            range_spans: if style == ShootingStyle::Shower { 0 } else { 2 },
            weapon: None,
            stands_shot_at: None,
            contact,
        };
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Shooting {
                shooter,
                target,
                situation,
                choose,
            })));
    }

    /// The open shot's situation and its units, before the roll.
    fn shot_mut(&mut self) -> Option<(UnitId, UnitId, &mut ShootingSituation)> {
        match self.dialogs.last_mut() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Shooting {
                        shooter,
                        target,
                        situation,
                        ..
                    },
                rolled: None,
                error,
                ..
            })) => {
                *error = None;
                Some((*shooter, *target, situation))
            }
            _ => None,
        }
    }

    pub(super) fn next_style(&mut self) {
        let Some((shooter, _, s)) = self.shot_mut() else {
            return;
        };
        let contact = s.contact;
        let styles = self.styles_now(shooter, contact);
        if let Some((_, _, s)) = self.shot_mut()
            && !styles.is_empty()
        {
            let i = styles.iter().position(|x| *x == s.style).unwrap_or(0);
            let was = s.style;
            s.style = styles[(i + 1) % styles.len()];
            if s.style == ShootingStyle::Shower {
                s.range_spans = 0; // 2.5.1: a shower is at contact
            } else if was == ShootingStyle::Shower {
                s.range_spans = 2;
            }
        }
    }

    pub(super) fn range_by(&mut self, delta: i32) {
        if let Some((_, _, s)) = self.shot_mut() {
            s.range_spans = s.range_spans.saturating_add_signed(delta).min(40);
        }
    }

    pub(super) fn cover_by(&mut self, cover: Cover, delta: i32) {
        let Some((_, target, _)) = self.shot_mut() else {
            return;
        };
        let Some(t) = self.battle.unit(target).map(|u| u.unit.clone()) else {
            return;
        };
        let Some((_, _, s)) = self.shot_mut() else {
            return;
        };
        let mut st = s.stands_shot_at.unwrap_or(if t.pavises_deployed {
            StandsShotAt {
                heavy_cover: t.width(),
                ..Default::default()
            }
        } else {
            StandsShotAt {
                open: t.width(),
                ..Default::default()
            }
        });
        let total = st.stands();
        let n = match cover {
            Cover::Open => &mut st.open,
            Cover::Light => &mut st.light_cover,
            Cover::Heavy => &mut st.heavy_cover,
        };
        if delta > 0 && total < t.stands {
            *n += 1;
        } else if delta < 0 && *n > 0 && total > 1 {
            *n -= 1;
        }
        s.stands_shot_at = Some(st);
    }

    /// Declares `unit`'s charge at `target`: the rules refuse what they
    /// refuse before any panel opens (2.4.4, 1.7.2, 2.3.2, W-30); otherwise
    /// the charge is recorded as the unit's choice (W-27) and its panel opens.
    pub(super) fn declare_charge(&mut self, unit: UnitId, target: UnitId) {
        let (Some(c), Some(t)) = (self.battle.unit(unit), self.battle.unit(target)) else {
            return;
        };
        let declared = Charge::declare(
            &c.unit,
            &t.unit,
            ChargeSituation {
                charger_halted_this_turn: c.halted_this_turn,
                target_halted_this_turn: t.halted_this_turn,
                contact: false,
                target_activated: t.activated,
                target_in_melee: !self.battle.in_melee_with(target).is_empty(),
            },
        )
        .map(|d| (d.spans, d.answers.clone()));
        let (spans, answers) = match declared {
            Ok(x) => x,
            Err(e) => return self.refuse_charge(e.to_string()),
        };
        let event = Event::Choose {
            unit,
            choice: RulesChoice::Charge,
            target: Some(target),
            formation: None,
            files: None,
            pavises: None,
        };
        let summary = match self.battle.record(event) {
            Ok(e) => e.summary.clone(),
            Err(e) => return self.refuse_charge(e.to_string()),
        };
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { .. },
            rolled: Some(_),
            ..
        })) = self.dialogs.last()
        {
            // W-27: the charge is the activation's one choice; the result
            // under the charge's panel says so and offers no other.
            self.note_choice(Choice::Charge, format!("charge (2.4.4): {summary}"));
        }
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Pursue { .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        {
            // The Berserk Move is this charge (2.4.10): its panel gives way.
            self.dialogs.pop();
        }
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Charge {
                unit,
                target,
                spans,
                answers: answers.into_iter().map(Answer::from).collect(),
                response: None,
                answered: 0,
                shots: Vec::new(),
            })));
    }

    /// A battle reopened (or redone) while its next step is a declared
    /// charge: the record owes the charge move (2.4.4.1: "Charge moves must
    /// be completed as a Random Move"; 2.6.3, a Berserk winner's charge), so
    /// its panel comes back with what the record holds.
    pub(super) fn resume_charge(&mut self) {
        if !self.dialogs.is_empty() {
            return;
        }
        // 2.4.4.1, 2.6.3: the battle owes the charge's completion, in any
        // phase; its panel leads to a flight owed first (W-29, 1.7.3).
        if let Some(d) = self
            .battle
            .duties()
            .iter()
            .find(|d| matches!(d.due, Due::Charge { .. }))
            .cloned()
        {
            self.open_duty_for(&d);
        }
    }

    /// Opens the panel of `unit`'s declared charge at `target` as the record
    /// holds it: the target's answer and the shots at the charger, and, once
    /// the move is rolled (`moved`), the contact question (2.4.4.1, W-25).
    pub(super) fn open_charge(&mut self, unit: UnitId, target: UnitId, moved: bool) {
        if self.dialogs.iter().any(|d| {
            matches!(d, Dialog::Resolve(Resolve { procedure: Procedure::Charge { unit: u, target: t, .. }, .. })
                if (*u, *t) == (unit, target))
        }) {
            return; // its panel is open, under the one that closed
        }
        let events = self.battle.events();
        let Some(at) = events.iter().rposition(|e| {
            matches!(e, Event::Choose {
                unit: u,
                choice: RulesChoice::Charge,
                target: Some(t),
                ..
            } if *u == unit && *t == target)
        }) else {
            return;
        };
        let rolled = if moved {
            let Some((i, e)) = events.iter().enumerate().skip(at + 1).rev().find(|(_, e)| {
                matches!(e, Event::RandomMove { unit: u, toward: Some(t), .. }
                    if (*u, *t) == (unit, target) || (*u, *t) == (target, unit))
            }) else {
                return;
            };
            let Ok(mut r) = self.preview(&e.clone()) else {
                return;
            };
            r.entry = i;
            Some(r)
        } else {
            None
        };
        let Some(made) = self
            .battle
            .unit(unit)
            .and_then(|u| u.charge)
            .filter(|c| c.target == target && !c.counter && !c.contact && !c.stopped)
        else {
            return;
        };
        let mut response = None;
        let mut answered = 0;
        let mut shots = Vec::new();
        for (i, e) in self.battle.events().iter().enumerate().skip(at + 1) {
            let Event::Reaction {
                unit: r,
                cause,
                situation,
                ..
            } = e
            else {
                continue;
            };
            if *cause != unit {
                continue;
            }
            let t = self.battle.unit(target);
            if *r == target && situation.charging {
                let meets = t.and_then(|t| t.charge).is_some_and(|c| c.counter);
                response = Some(Response::CounterCharge { meets });
                answered = i + 1;
            } else if *r == target && situation.evading() {
                let away = t.is_some_and(|t| t.chosen.contains(&RulesChoice::Evade));
                response = Some(Response::Evade { away });
                answered = i + 1;
            } else if let Some(entry) = self.battle.entry(i) {
                shots.push((i + 1, entry.summary.clone()));
            }
        }
        // 2.4.4: "After a Counter-charge is declared or declined, any other
        // enemy unit may attempt to immediately use up its activation to
        // shoot at the charging unit": an activation to shoot at the charger
        // in the record is the target's answer too: it stood. The panel
        // takes it from there, so undo, redo or a reopened battle never
        // offers the answers again after a shot.
        if response.is_none()
            && let Some((at, _)) = shots.first()
        {
            response = Some(Response::Stand);
            answered = at - 1;
        }
        let answers = match (self.battle.unit(unit), self.battle.unit(target)) {
            (Some(c), Some(t)) if response.is_none() => Charge::declare(
                &c.unit,
                &t.unit,
                ChargeSituation {
                    charger_halted_this_turn: false,
                    target_halted_this_turn: t.halted_this_turn,
                    contact: false,
                    target_activated: t.activated,
                    target_in_melee: !self.battle.in_melee_with(target).is_empty(),
                },
            )
            .map(|d| d.answers.into_iter().map(Answer::from).collect())
            .unwrap_or_else(|_| vec![Answer::Stand]),
            _ => Vec::new(),
        };
        let mut panel = Resolve::new(Procedure::Charge {
            unit,
            target,
            spans: made.spans,
            answers,
            response,
            answered,
            shots,
        });
        panel.rolled = rolled;
        self.select(unit);
        self.dialogs.push(Dialog::Resolve(panel));
        self.reopen_shot_at_charger();
    }

    /// Over the open charge's panel: when the record's last event is a
    /// successful activation to shoot at its charger, with no shot yet
    /// (the battle reopened, the activation redone, or its shot undone),
    /// that activation's result comes back with its shot offered again.
    /// 2.4.4: the unit "use[s] up its activation to shoot at the charging
    /// unit"; docs/console.md: undoing a shot taken after an activation
    /// "leaves that activation's result open with its choices offered
    /// again".
    pub(super) fn reopen_shot_at_charger(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Charge {
                    unit: charger,
                    target,
                    ..
                },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let (charger, target) = (*charger, *target);
        let entry = self.battle.events().len().saturating_sub(1);
        let Some(
            event @ Event::Reaction {
                unit,
                cause,
                situation,
                ..
            },
        ) = self.battle.events().last().cloned()
        else {
            return;
        };
        // The target's own counter-charge or evade is its answer, not a shot.
        if cause != charger || (unit == target && (situation.charging || situation.evading())) {
            return;
        }
        let Ok(mut rolled) = self.preview(&event) else {
            return;
        };
        rolled.entry = entry;
        let mut panel = Resolve::new(Procedure::Reaction {
            unit,
            cause,
            purpose: Purpose::ShootAtCharger,
            situation,
        });
        panel.rolled = Some(rolled);
        self.dialogs.push(Dialog::Resolve(panel));
        if self.enter_answers() != Some(Choice::Shoot) {
            // A failed roll: the unit is used up, nothing is left to offer.
            self.dialogs.pop();
            return;
        }
        // Its line on the charge comes back when its result closes.
        let below = self.dialogs.len() - 2;
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Charge { shots, .. },
            ..
        })) = self.dialogs.get_mut(below)
        {
            shots.retain(|(at, _)| *at != entry + 1);
        }
        self.select(unit);
    }

    /// Says why a charge is refused, on the panel below or the status line.
    fn refuse_charge(&mut self, why: String) {
        if matches!(self.dialogs.last(), Some(Dialog::Resolve(_))) {
            self.set_resolve_error(why);
        } else {
            self.refuse(why);
        }
    }

    /// The open charge, before its move.
    fn charge(&self) -> Option<(UnitId, UnitId, Option<Response>, Vec<Answer>)> {
        match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Charge {
                        unit,
                        target,
                        response,
                        answers,
                        ..
                    },
                rolled: None,
                ..
            })) => Some((*unit, *target, *response, answers.clone())),
            _ => None,
        }
    }

    /// Whether `id` may still activate to shoot at the charger `charger`
    /// (2.4.4): not activated, with a style before contact, not in Melee
    /// (a unit in Melee does not shoot, 2.6).
    fn may_shoot_at_charger(&self, id: UnitId, charger: UnitId) -> bool {
        id != charger
            && self.battle.unit(id).is_some_and(|u| {
                !u.off_table() && !u.activated && may_shoot_before_contact(&u.unit).is_ok()
            })
            && self.battle.in_melee_with(id).is_empty()
    }

    /// Whether any unit of the charged side may still shoot at the charger (2.4.4).
    fn any_shooter_at_charger(&self, charger: UnitId) -> bool {
        self.battle
            .units(charger.side.other())
            .any(|(id, _)| self.may_shoot_at_charger(id, charger))
    }

    /// Whether the open charge ends with the two meeting halfway: no move
    /// is rolled (2.4.4.2).
    pub fn charge_meets_halfway(&self) -> bool {
        self.charge().is_some_and(|(unit, target, _, _)| {
            self.battle.charge_move(unit, target) == Some(ChargeMove::MeetHalfway)
        })
    }

    /// Whether the open charge's panel offers an answer (its footer lists
    /// only those): first the target's answers the rules allow; once it
    /// has answered, a shot at the charger (2.4.4: "After a Counter-charge
    /// is declared or declined, any other enemy unit may ... shoot").
    pub fn answer_offered(&self, a: Answer) -> bool {
        match self.charge() {
            // 1.7.3, W-29: a Broken target does not answer; it flees, and
            // other units may shoot at the charger at once.
            Some((unit, _, None, answers)) if answers.is_empty() => {
                a == Answer::ShootAtCharger && self.any_shooter_at_charger(unit)
            }
            Some((_, _, None, answers)) => a != Answer::ShootAtCharger && answers.contains(&a),
            Some((unit, _, Some(_), _)) => {
                a == Answer::ShootAtCharger && self.any_shooter_at_charger(unit)
            }
            None => false,
        }
    }

    /// The target answers the charge, or another unit shoots at the charger
    /// (2.4.4): only the answers the rules allow it (2.4.4.2, 2.4.7, 2.5.4).
    pub(super) fn answer(&mut self, a: Answer) {
        let Some((unit, target, response, answers)) = self.charge() else {
            return;
        };
        if response.is_some() && a != Answer::ShootAtCharger {
            return self.set_resolve_error(
                "the target has answered already (2.4.4: before the charge move); u undoes its roll"
                    .to_string(),
            );
        }
        if response.is_none() && !answers.is_empty() && a == Answer::ShootAtCharger {
            // 2.4.4: the shots come after the counter-charge is declared or declined.
            return self.set_resolve_error(format!(
                "{} answers first: r counter-charge, e evade or s stand (2.4.4: after a Counter-charge is declared or declined, other units may shoot)",
                self.name(target)
            ));
        }
        if a != Answer::ShootAtCharger && !answers.contains(&a) {
            let name = self.name(target);
            if answers.is_empty() {
                // 1.7.3, W-29: no stand, no evade, no counter-charge.
                return self.set_resolve_error(format!(
                    "{name} is Broken and does not answer: it flees again as soon as the charger comes within 1 span (1.7.3, W-29)"
                ));
            }
            let engaged = !self.battle.in_melee_with(target).is_empty();
            let activated = self
                .battle
                .unit(target)
                .filter(|_| engaged && a != Answer::Stand)
                .map(|t| target_in_melee(&t.unit))
                .or_else(|| {
                    self.battle
                        .unit(target)
                        .filter(|t| t.activated && a != Answer::Stand)
                        .map(|t| target_has_activated(&t.unit))
                });
            let why = activated.or_else(|| match a {
                Answer::CounterCharge => self
                    .battle
                    .unit(target)
                    .and_then(|t| may_counter_charge(&t.unit, t.halted_this_turn).err()),
                Answer::Evade => self
                    .battle
                    .unit(target)
                    .and_then(|t| may_evade(&t.unit).err()),
                _ => None,
            });
            return self.set_resolve_error(
                why.unwrap_or_else(|| format!("{name} may not answer so (2.4.4)")),
            );
        }
        let default = self.default_situation(target);
        let react = |purpose, situation| {
            Dialog::Resolve(Resolve::new(Procedure::Reaction {
                unit: target,
                cause: unit,
                purpose,
                situation,
            }))
        };
        match a {
            Answer::CounterCharge => self.dialogs.push(react(
                Purpose::CounterCharge,
                ActivationSituation {
                    charging: true,
                    enemy_in_charge_distance: true,
                    ..default
                },
            )),
            Answer::Evade => self.dialogs.push(react(
                Purpose::Evade,
                ActivationSituation {
                    evading_spans: 1,
                    enemy_in_charge_distance: true,
                    ..default
                },
            )),
            Answer::Stand => {
                let at = self.battle.events().len();
                if let Some(Dialog::Resolve(Resolve {
                    procedure:
                        Procedure::Charge {
                            response, answered, ..
                        },
                    error,
                    ..
                })) = self.dialogs.last_mut()
                {
                    *response = Some(Response::Stand);
                    *answered = at;
                    *error = None;
                }
            }
            Answer::ShootAtCharger => self.open_pick(PickFor::ShootAtCharger(unit)),
        }
    }

    /// Enter on a charge: a flight the target owes first (a failed evade,
    /// W-29; a Broken target, 1.7.3); no roll when a counter-charger meets
    /// the charger halfway (2.4.4.2); otherwise the charge move.
    pub(super) fn charge_enter(&mut self) {
        let Some((unit, target, response, _)) = self.charge() else {
            return;
        };
        if self
            .battle
            .duties()
            .iter()
            .any(|d| d.unit == target && d.due == Due::Flee)
        {
            return self
                .dialogs
                .push(Dialog::Resolve(Resolve::new(Procedure::Flee {
                    unit: target,
                    obstacle_stands: 0,
                })));
        }
        if self.battle.charge_move(unit, target) == Some(ChargeMove::MeetHalfway) {
            // 2.4.4.2: they meet halfway between their starting points; no move is rolled.
            let moved = Rolled {
                entry: self.battle.events().len().saturating_sub(1),
                ..empty_rolled()
            };
            if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
                r.rolled = Some(moved);
            }
            return self.contact(true);
        }
        let _ = response;
        self.roll(None);
    }

    /// The random move an open charge rolls: who moves, toward whom, how
    /// many dice. The charger's charge move (2.4.4.1), also once Halted
    /// (past the point it was Halted, 2.4.4.1); the counter-charger's move
    /// out to its maximum distance when its charger was Halted (2.4.4.2).
    pub(super) fn charge_roll(
        &self,
        unit: UnitId,
        target: UnitId,
        spans: u32,
    ) -> (UnitId, UnitId, u32) {
        match self.battle.charge_move(unit, target) {
            Some(ChargeMove::CounterChargerOn { spans }) => (target, unit, spans),
            Some(m) => (unit, target, m.spans().unwrap_or(spans)),
            None => (unit, target, spans),
        }
    }

    /// After the charge move: contact puts the pair in Melee and stops the
    /// charger (2.4.1, W-25); each may shower the other next (W-23).
    pub(super) fn contact(&mut self, contact: bool) {
        let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Charge {
                    unit,
                    target,
                    response,
                    ..
                },
            rolled: Some(x),
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let (unit, target, response) = (*unit, *target, *response);
        let moved = x.moved.as_ref().map(|m| m.distance);
        if contact
            && let Err(e) = self.battle.record(Event::Contact {
                charger: unit,
                target,
            })
        {
            return self.set_resolve_error(e.to_string());
        }
        // 2.4.4.1, W-25: "no contact" completes the charge the battle owes.
        let owed = Due::Charge {
            target,
            moved: true,
        };
        if !contact
            && self
                .battle
                .duties()
                .iter()
                .any(|d| d.unit == unit && d.due == owed)
            && let Err(e) = self.battle.record(Event::Dismiss {
                unit,
                due: owed.code().to_string(),
            })
        {
            return self.set_resolve_error(e.to_string());
        }
        self.dialogs.pop();
        let how_moved = self.battle.charge_move(unit, target);
        let counter_moved = how_moved.is_some_and(ChargeMove::by_counter_charger);
        let halted = self.battle.unit(unit).is_some_and(|u| u.halted_this_turn);
        let met = match response {
            Some(Response::CounterCharge { meets: true }) if counter_moved => String::new(),
            Some(Response::CounterCharge { meets: true }) => {
                "they met halfway (2.4.4.2)".to_string()
            }
            Some(Response::Evade { away: true }) => format!(
                "the target evaded: {}",
                self.battle
                    .unit(target)
                    .map_or(String::new(), |u| evade_move(&u.unit))
            ),
            Some(Response::Evade { away: false }) => {
                "the target failed to evade and fled (W-29)".to_string()
            }
            _ => String::new(),
        };
        let moved = match moved {
            // 2.4.4.2: the counter-charger completed its movement.
            Some(d) if counter_moved => format!(
                "the charger was Halted; {} completed its movement as a random move of {d} span(s) (2.4.4.2)",
                self.name(target)
            ),
            // 2.4.4.1: past the point it was Halted.
            Some(d) if halted => format!(
                "Halted on the way, it moved {d} span(s) past the point it was Halted (2.4.4.1)"
            ),
            Some(d) => format!("moved {d} span(s)"),
            None => String::new(),
        };
        let how: Vec<String> = [moved, met].into_iter().filter(|s| !s.is_empty()).collect();
        let note = if contact && (halted || counter_moved) {
            // 2.4.4.1, 2.4.4.2: a Halt takes the charging away from the Melee.
            format!(
                "charge (2.4.4): {}; in contact with {}: they fight in the Melee phase, neither counting as charging (2.4.4.1, 2.4.4.2)",
                how.join("; "),
                self.name(target)
            )
        } else if contact {
            format!(
                "charge (2.4.4): {}; in contact with {}: it stops (W-25), they fight in the Melee phase",
                how.join("; "),
                self.name(target)
            )
        } else if counter_moved {
            format!(
                "charge (2.4.4): {}; no contact with {}: too bad, its move is done (2.4.4.2)",
                how.join("; "),
                self.name(unit)
            )
        } else if halted {
            format!(
                "charge (2.4.4): {}; no contact with {}: it stops there, Halted (2.4.4.1)",
                how.join("; "),
                self.name(target)
            )
        } else {
            format!(
                "charge (2.4.4): {}; no contact with {}: it keeps moving (W-25)",
                how.join("; "),
                self.name(target)
            )
        };
        if matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some()) {
            self.note_choice(Choice::Charge, note);
        } else {
            self.say(note);
        }
        if contact {
            self.join_melee(unit, target);
        }
    }

    /// Opens the Melee panel for a pair, with facts guessed from the battle:
    /// who charged whom into contact this turn (not a charger Halted on the
    /// way, 2.4.4.1), the pair's rounds, and what the supporting units in
    /// the battle's record give (2.6, 2.6.1 A, B).
    pub(super) fn open_melee(&mut self, a: UnitId, b: UnitId) {
        let (facts_a, facts_b, supports) = self.melee_defaults_of(a, b);
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground: false,
                side: Side::A,
                supports,
            })));
    }

    /// The facts of the Melee of `a` and `b` as the battle's record gives
    /// them (charges, rounds, supporting units and what they give), and
    /// the supporting units of each opponent.
    pub(super) fn melee_defaults_of(
        &self,
        a: UnitId,
        b: UnitId,
    ) -> (MeleeFacts, MeleeFacts, [Vec<UnitId>; 2]) {
        let first_round = self.battle.first_round(a, b);
        let facts = |me: UnitId, foe: UnitId| MeleeFacts {
            charging: self.charged_this_turn(me, foe),
            first_round,
            ..MeleeFacts::default()
        };
        let (mut facts_a, mut facts_b) = (facts(a, b), facts(b, a));
        let mut supports = [Vec::new(), Vec::new()];
        for s in self.battle.supports_of(a, b) {
            let mine = usize::from(s.opponent != a);
            supports[mine].push(s.unit);
            let (own, foe) = if mine == 0 {
                (&mut facts_a, &mut facts_b)
            } else {
                (&mut facts_b, &mut facts_a)
            };
            self.contribute(&s, own, foe);
        }
        (facts_a, facts_b, supports)
    }

    /// After an undo that took back only supports of the Melee open in
    /// `panel`: opens it again with the record's facts now, keeping what
    /// the referee changed by hand over the record's facts then (`was`).
    pub(super) fn reopen_melee(&mut self, panel: Resolve, was: (MeleeFacts, MeleeFacts)) {
        let Procedure::Melee {
            a,
            b,
            facts_a,
            facts_b,
            rough_ground,
            side,
            ..
        } = panel.procedure
        else {
            return;
        };
        if !self.battle.in_melee_with(a).contains(&b) {
            return;
        }
        let (now_a, now_b, supports) = self.melee_defaults_of(a, b);
        let mut r = Resolve::new(Procedure::Melee {
            a,
            b,
            facts_a: rebase(&facts_a, &was.0, now_a),
            facts_b: rebase(&facts_b, &was.1, now_b),
            rough_ground,
            side,
            supports,
        });
        r.scroll = panel.scroll;
        self.dialogs.push(Dialog::Resolve(r));
    }

    /// Adds one supporting unit's dice and modifiers to its opponent's facts
    /// and the enemy's (2.6.1 A, B).
    fn contribute(&self, s: &Support, own: &mut MeleeFacts, foe: &mut MeleeFacts) {
        let (Some(u), Some(e)) = (self.battle.unit(s.unit), self.battle.unit(s.contacts)) else {
            return;
        };
        let supporter = Supporter {
            unit: &u.unit,
            edge: s.edge,
            charged_this_turn: self.charged_this_turn(s.unit, s.contacts),
        };
        supporting::contribute(own, foe, &e.unit, &[supporter]);
    }

    /// Whether `me` charged (or counter-charged) `foe` into contact this turn
    /// and still counts as charging (2.4.4.1, 2.4.4.2), as the record says.
    fn charged_this_turn(&self, me: UnitId, foe: UnitId) -> bool {
        self.battle.charging_in_melee(me, foe)
    }

    fn melee_mut(&mut self) -> Option<(&mut MeleeFacts, &mut bool, &mut Side)> {
        match self.dialogs.last_mut() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Melee {
                        facts_a,
                        facts_b,
                        rough_ground,
                        side,
                        ..
                    },
                rolled: None,
                error,
                ..
            })) => {
                *error = None;
                let f = if *side == Side::A { facts_a } else { facts_b };
                Some((f, rough_ground, side))
            }
            _ => None,
        }
    }

    pub(super) fn melee_side(&mut self) {
        if let Some((_, _, side)) = self.melee_mut() {
            *side = side.other();
        }
    }

    /// Why the record would refuse the charging fact for the side the
    /// toggles change in the open Melee, if it would: a Worn or Broken
    /// unit does not charge (1.7.2, W-30); one Halted on the way, or whose
    /// charger was, fights as if it stood (2.4.4.1, 2.4.4.2).
    fn charging_refused(&self) -> Option<String> {
        let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Melee {
                    a,
                    b,
                    facts_a,
                    facts_b,
                    rough_ground,
                    side,
                    ..
                },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return None;
        };
        let melee = |charging: bool| {
            let (mut fa, mut fb) = (facts_a.clone(), facts_b.clone());
            if *side == Side::A {
                fa.charging |= charging;
            } else {
                fb.charging |= charging;
            }
            Event::Melee {
                a: *a,
                b: *b,
                facts_a: fa,
                facts_b: fb,
                rough_ground: *rough_ground,
                dice: Default::default(),
                before_w24: false,
            }
        };
        let (state, setup) = (self.battle.state(), self.battle.setup());
        // Only what the charging fact itself brings.
        if let (Ok(()), Err(e)) = (
            state.check(setup, &melee(false)),
            state.check(setup, &melee(true)),
        ) {
            return Some(e.to_string());
        }
        let (me, foe) = if *side == Side::A { (*a, *b) } else { (*b, *a) };
        if state.charged_into(me, foe).is_none() {
            // 2.6.1 B: +1 for Charging comes of a charge the record holds
            // (docs/console.md: a charging fact the record does not hold is refused).
            return Some(format!(
                "{} ({me}) made no charge at {} ({foe}) this turn that the record holds: it fights as a unit that stood, so the charging fact stays off (2.6.1 B, 2.4.4); record the charge first",
                self.name(me),
                self.name(foe)
            ));
        }
        None
    }

    pub(super) fn melee_toggle(&mut self, fact: MeleeFact) {
        let turning_on = matches!(self.melee_mut(), Some((f, _, _)) if !f.charging);
        if fact == MeleeFact::Charging
            && turning_on
            && let Some(why) = self.charging_refused()
        {
            // N9: refused at the toggle, before any die is typed.
            return self.set_resolve_error(why);
        }
        let Some((f, rough, _)) = self.melee_mut() else {
            return;
        };
        match fact {
            MeleeFact::Charging => f.charging = !f.charging,
            MeleeFact::EnemyFlanks => f.enemy_flanks = (f.enemy_flanks + 1) % 4,
            MeleeFact::FlanksContacted => f.flanks_contacted = (f.flanks_contacted + 1) % 3,
            MeleeFact::RearContacted => f.rear_contacted = !f.rear_contacted,
            MeleeFact::StruckByChargingHeavy => {
                f.struck_by_charging_heavy = !f.struck_by_charging_heavy
            }
            MeleeFact::OpponentUphill => f.opponent_uphill = !f.opponent_uphill,
            MeleeFact::EnemyInFront => f.enemy_in_front = !f.enemy_in_front,
            MeleeFact::FirstRound => f.first_round = !f.first_round,
            MeleeFact::RoughGround => *rough = !*rough,
        }
    }

    /// s on the Melee panel: the picker of the marked side's units, to
    /// mark or unmark a supporting unit (2.6).
    pub(super) fn open_supports(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee { a, b, side, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let opponent = if *side == Side::A { *a } else { *b };
        self.open_pick(PickFor::Support(opponent));
    }

    /// Marks a unit supporting an opponent of the open Melee: asks which
    /// edge of the enemy opponent it contacts, then records it (2.6).
    fn mark_support(&mut self, opponent: UnitId, unit: UnitId) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee { a, b, supports, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let enemy = if opponent == *a { *b } else { *a };
        if supports.iter().flatten().any(|u| *u == unit) {
            return self.set_resolve_error(format!(
                "{} ({unit}) is already a supporting unit of this Melee (the log has it; u undoes the last event)",
                self.name(unit)
            ));
        }
        self.dialogs.push(Dialog::SupportEdge {
            unit,
            opponent,
            enemy,
            joining: false,
        });
    }

    /// A charger made contact with a unit already in Melee: it joins that
    /// Melee (2.6). Against a Hedgehog the largest unit in contact is the
    /// opponent and the other supports at its front (2.3.1.4), recorded at
    /// once; otherwise the referee says its edge, or that it is the opponent.
    fn join_melee(&mut self, charger: UnitId, target: UnitId) {
        let Some(other) = self
            .battle
            .opponents_of(target)
            .into_iter()
            .find(|u| *u != charger)
        else {
            return;
        };
        let (Some(c), Some(o), Some(t)) = (
            self.battle.unit(charger),
            self.battle.unit(other),
            self.battle.unit(target),
        ) else {
            return;
        };
        if t.unit.formation == Formation::Hedgehog {
            // 2.3.1.4: the largest unit in contact is the opponent.
            let (opponent, unit) = if c.unit.stands > o.unit.stands {
                (charger, other)
            } else {
                (other, charger)
            };
            let event = Event::Support {
                unit,
                opponent,
                enemy: target,
                edge: Edge::Front,
            };
            let hedgehog = self.name(target);
            match self.battle.record(event) {
                Ok(e) => {
                    let text = format!(
                        "{}; {hedgehog} is in Hedgehog: the largest unit in contact is the opponent (2.3.1.4)",
                        e.summary
                    );
                    self.say(text);
                }
                Err(e) => self.refuse(e.to_string()),
            }
            return;
        }
        self.dialogs.push(Dialog::SupportEdge {
            unit: charger,
            opponent: other,
            enemy: target,
            joining: true,
        });
    }

    /// o on a joining unit's edge: it is the opponent (it reached the
    /// enemy's front; the unit there came on a flank or rear), and the
    /// referee says which edge that unit holds (2.6).
    pub(super) fn join_as_opponent(&mut self) {
        let Some(Dialog::SupportEdge {
            unit,
            opponent,
            enemy,
            joining: true,
        }) = self.dialogs.last()
        else {
            return self
                .refuse("only a unit joining a Melee may be its opponent here; Esc backs out");
        };
        let (unit, opponent, enemy) = (*unit, *opponent, *enemy);
        self.dialogs.pop();
        self.dialogs.push(Dialog::SupportEdge {
            unit: opponent,
            opponent: unit,
            enemy,
            joining: false,
        });
    }

    /// f, l or r: the supporting unit contacts the enemy's front, flank or
    /// rear; the support is recorded and counted in the open Melee (2.6.1).
    pub(super) fn support_edge(&mut self, edge: Edge) {
        let Some(Dialog::SupportEdge {
            unit,
            opponent,
            enemy,
            ..
        }) = self.dialogs.last()
        else {
            return;
        };
        let (unit, opponent, enemy) = (*unit, *opponent, *enemy);
        self.dialogs.pop();
        let event = Event::Support {
            unit,
            opponent,
            enemy,
            edge,
        };
        let text = match self.battle.record(event) {
            Ok(e) => e.summary.clone(),
            Err(e) => return self.set_resolve_error(e.to_string()),
        };
        let s = Support {
            unit,
            opponent,
            enemy,
            edge,
            contacts: enemy,
        };
        let (mut own, mut foe, a) = match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Melee {
                        a,
                        facts_a,
                        facts_b,
                        ..
                    },
                rolled: None,
                ..
            })) if opponent == *a => (facts_a.clone(), facts_b.clone(), *a),
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Melee {
                        a,
                        facts_a,
                        facts_b,
                        ..
                    },
                rolled: None,
                ..
            })) => (facts_b.clone(), facts_a.clone(), *a),
            _ => return self.say(text),
        };
        self.contribute(&s, &mut own, &mut foe);
        if let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Melee {
                    facts_a,
                    facts_b,
                    supports,
                    ..
                },
            error,
            ..
        })) = self.dialogs.last_mut()
        {
            *error = None;
            if opponent == a {
                (*facts_a, *facts_b) = (own, foe);
                supports[0].push(unit);
            } else {
                (*facts_b, *facts_a) = (own, foe);
                supports[1].push(unit);
            }
        }
        self.say(format!(
            "{text}; its dice and modifiers count (2.6.1); u undoes"
        ));
    }

    /// A key after a Melee: opens the step it offers.
    pub(super) fn next_step(&mut self, i: usize) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee { a, b, .. },
            rolled: Some(x),
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let (a, b) = (*a, *b);
        let Some((step, marked)) = x.next.get(i).cloned() else {
            return self.set_resolve_error(format!("the Melee offers no step {}", i + 1));
        };
        if self.step_done(&step, marked) {
            return self.set_resolve_error("already done; u undoes it".to_string());
        }
        match step {
            NextStep::Duty(d) => self.open_duty_for(&d),
            NextStep::SupportTest(unit, broke) => {
                let procedure = Procedure::Reaction {
                    unit,
                    cause: broke,
                    purpose: Purpose::BerserkTest,
                    situation: ActivationSituation {
                        enemy_in_charge_distance: true,
                        ..self.default_situation(unit)
                    },
                };
                self.dialogs.push(Dialog::Resolve(Resolve::new(procedure)));
            }
            NextStep::FellBack(unit) => {
                let _ = (a, b);
                self.open_fall_back(unit);
            }
        }
    }
}

/// The referee's hand changes (`panel` over the record's facts `was`)
/// carried over to the record's facts `now`: a count keeps its difference,
/// a toggle he changed keeps his value; the others are the record's.
fn rebase(panel: &MeleeFacts, was: &MeleeFacts, now: MeleeFacts) -> MeleeFacts {
    let count = |p: u32, w: u32, n: u32, max: u32| {
        (i64::from(n) + i64::from(p) - i64::from(w)).clamp(0, i64::from(max)) as u32
    };
    let flag = |p: bool, w: bool, n: bool| if p == w { n } else { p };
    MeleeFacts {
        charging: flag(panel.charging, was.charging, now.charging),
        enemy_flanks: count(panel.enemy_flanks, was.enemy_flanks, now.enemy_flanks, 3),
        flanks_contacted: count(
            panel.flanks_contacted,
            was.flanks_contacted,
            now.flanks_contacted,
            2,
        ),
        rear_contacted: flag(panel.rear_contacted, was.rear_contacted, now.rear_contacted),
        struck_by_charging_heavy: flag(
            panel.struck_by_charging_heavy,
            was.struck_by_charging_heavy,
            now.struck_by_charging_heavy,
        ),
        opponent_uphill: flag(
            panel.opponent_uphill,
            was.opponent_uphill,
            now.opponent_uphill,
        ),
        enemy_in_front: flag(panel.enemy_in_front, was.enemy_in_front, now.enemy_in_front),
        first_round: flag(panel.first_round, was.first_round, now.first_round),
        personalities_fill_front: panel.personalities_fill_front,
        personalities_in_hit_stands: panel.personalities_in_hit_stands.clone(),
    }
}
