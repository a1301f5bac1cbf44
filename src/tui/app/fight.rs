//! The fighting procedures of the console: picking a unit, shooting (2.5),
//! charges with the target's answer and the charge move (2.4.4), the Melee
//! panel (2.6) and what a Melee offers next (flight, stand losses, Berserk
//! tests). Every change goes through the battle's events.

use super::App;
use crate::battle::{Event, Phase, UnitId};
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::melee::{self, Melee, MeleeFacts};
use crate::rules::warlords::movement::{BreakOff, RandomMove};
use crate::rules::warlords::shooting::{Shooting, ShootingSituation, StandsShotAt, may_shoot};
use crate::rules::warlords::unit::ShootingStyle;
use crate::tui::action::{Answer, Choice, Cover, MeleeFact};
use crate::tui::dialog::{
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
        flee_pending: false,
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
            } => {
                let plan = Melee::between(unit(*a)?, facts_a, unit(*b)?, facts_b, *rough_ground)
                    .map_err(|e| e.to_string())?;
                r.melee = Some(plan.resolve(dice).map_err(|e| e.to_string())?);
                r.dice = vec![dice.a.clone(), dice.b.clone()];
            }
            Event::BreakOff {
                unit: id,
                opponent,
                supporting,
                dice,
            } => {
                // 2.4.8: the activation's dice, then the random move's.
                let plan = BreakOff::plan(unit(*id)?, unit(*opponent)?, *supporting)
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
            Event::Flee { dice, .. } | Event::StandLoss { dice, .. } => r.dice = vec![dice.clone()],
            _ => {}
        }
        Ok(r)
    }

    /// After an event is recorded: a flight from a Melee parts the pair;
    /// a Melee lists what it offers next.
    pub(super) fn after_record(&mut self, procedure: &Procedure, event: &Event, r: &mut Rolled) {
        if let Procedure::Flee {
            unit,
            from_melee: Some(o),
        } = procedure
            && self.battle.in_melee_with(*unit).contains(o)
        {
            // 2.6.2, 2.4.11: the Broken unit flees out of the Melee.
            let _ = self.battle.record(Event::Disengage { a: *unit, b: *o });
        }
        let (Event::Melee { a, b, .. }, Some(out)) = (event, &r.melee) else {
            return;
        };
        let id = |s: Side| if s == Side::A { *a } else { *b };
        let mut next = Vec::new();
        if let Some(loser) = out.decision.loser {
            let l = id(loser);
            if out.decision.broken && self.battle.unit(l).is_some_and(|u| !u.off_table()) {
                next.push(NextStep::Flee(l)); // 2.6.2: Broken, it flees
            }
        }
        // 3.1.3.2: personalities in stands lost on the flanks or destroyed.
        for side in [Side::A, Side::B] {
            let lost = out.side(side.other()).stands_destroyed
                + if out.decision.loser == Some(side) {
                    out.loser_flank_stands_lost
                } else {
                    0
                };
            let u = id(side);
            if lost > 0
                && let Some(x) = self.battle.unit(u)
            {
                for p in x.unit.active_personalities() {
                    next.push(NextStep::StandLoss(u, p.name.clone()));
                }
            }
        }
        if out.winner_tests_berserk
            && let Some(loser) = out.decision.loser
        {
            next.push(NextStep::BerserkTest(id(loser.other()))); // 2.6.3
        }
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
                    next.push(NextStep::BerserkTest(*s));
                }
            }
        }
        r.next = next.into_iter().map(|s| (s, false)).collect();
    }

    /// When a panel closes, gives what it did to the panel below it (the
    /// charge, the activation, the Melee). Returns whether the panel below
    /// stays open.
    pub(super) fn hand_back(&mut self, procedure: &Procedure, x: &Rolled) -> bool {
        let summary = self
            .battle
            .entry(x.entry)
            .map_or(String::new(), |e| e.summary.clone());
        let Some(Dialog::Resolve(below)) = self.dialogs.last_mut() else {
            return false;
        };
        match (procedure, &mut below.procedure) {
            (
                Procedure::Reaction {
                    purpose, cause: _, ..
                },
                Procedure::Charge {
                    response, shots, ..
                },
            ) => {
                let o = x.activation.as_ref();
                let ok = o.is_some_and(|o| o.success || o.berserk);
                match purpose {
                    Purpose::CounterCharge => {
                        *response = Some(Response::CounterCharge { meets: ok })
                    }
                    Purpose::Evade => {
                        *response = Some(Response::Evade {
                            away: o.is_some_and(|o| o.success),
                        })
                    }
                    _ => {
                        shots.push(summary);
                        shots.extend(x.notes.iter().cloned());
                    }
                }
                true
            }
            (Procedure::Shooting { target, .. }, _) if below.rolled.is_some() => {
                let _ = target;
                self.note_choice(Choice::Shoot, summary);
                true
            }
            (Procedure::Charge { .. }, _) => true,
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
                if let Some(m) = &mut below.rolled {
                    // 2.6.3: gone Berserk, it charges or moves toward the fleeing enemy next.
                    if let Procedure::Reaction {
                        unit,
                        cause,
                        purpose: Purpose::BerserkTest,
                        ..
                    } = procedure
                        && x.activation.as_ref().is_some_and(|o| o.berserk)
                    {
                        let step = NextStep::BerserkMove(*unit, *cause);
                        if !m.next.iter().any(|(s, _)| *s == step) {
                            m.next.push((step, false));
                        }
                    }
                    let done = |s: &NextStep| match (s, procedure) {
                        (NextStep::Flee(u), Procedure::Flee { unit, .. }) => u == unit,
                        (NextStep::StandLoss(u, p), Procedure::StandLoss { unit, personality }) => {
                            u == unit && p == personality
                        }
                        (NextStep::BerserkTest(u), Procedure::Reaction { unit, .. }) => u == unit,
                        (NextStep::BerserkMove(u, _), Procedure::Pursue { unit, .. }) => u == unit,
                        _ => false,
                    };
                    for (s, d) in &mut m.next {
                        if done(s) {
                            *d = true;
                        }
                    }
                }
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
            .filter(|(id, u)| match purpose {
                PickFor::ShootAtCharger(c) => {
                    !u.activated
                        && may_shoot(&u.unit).is_ok()
                        && self.battle.unit(c).is_some_and(|_| *id != c)
                }
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
        let want = self.selected[side as usize];
        let line = choices.iter().position(|c| c.index == want).unwrap_or(0);
        self.dialogs.push(Dialog::Pick(Pick {
            purpose,
            choices,
            line,
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
            PickFor::Shoot(shooter) => self.open_shooting(shooter, chosen),
            PickFor::Charge(unit) => {
                self.dialogs
                    .push(Dialog::Resolve(Resolve::new(Procedure::Charge {
                        unit,
                        target: chosen,
                        response: None,
                        shots: Vec::new(),
                    })))
            }
            PickFor::ShootAtCharger(charger) => {
                let situation = ActivationSituation {
                    enemy_visible_ahead: true,
                    enemy_in_charge_distance: true,
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

    /// Opens a shot with the situation Herald guesses: the shooter's first
    /// style, 2 spans (a shower: 0), the target's stands by default.
    pub(super) fn open_shooting(&mut self, shooter: UnitId, target: UnitId) {
        let Some(s) = self.battle.unit(shooter) else {
            return;
        };
        if let Err(e) = may_shoot(&s.unit) {
            return self.set_resolve_error(e);
        }
        let style = s
            .unit
            .shooting
            .first()
            .copied()
            .unwrap_or(ShootingStyle::Massed);
        let situation = ShootingSituation {
            style,
            range_spans: if style == ShootingStyle::Shower { 0 } else { 2 },
            weapon: None,
            stands_shot_at: None,
        };
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Shooting {
                shooter,
                target,
                situation,
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
        let Some((shooter, _, _)) = self.shot_mut() else {
            return;
        };
        let styles = self
            .battle
            .unit(shooter)
            .map(|u| u.unit.shooting.clone())
            .unwrap_or_default();
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

    /// The open charge, before its move.
    fn charge(&self) -> Option<(UnitId, UnitId, Option<Response>)> {
        match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Charge {
                        unit,
                        target,
                        response,
                        ..
                    },
                rolled: None,
                ..
            })) => Some((*unit, *target, *response)),
            _ => None,
        }
    }

    /// The target answers the charge, or another unit shoots at the charger (2.4.4).
    pub(super) fn answer(&mut self, a: Answer) {
        let Some((unit, target, response)) = self.charge() else {
            return;
        };
        if response.is_some() && a != Answer::ShootAtCharger {
            return self.set_resolve_error(
                "the target has answered already (2.4.4: before the charge move); u undoes its roll"
                    .to_string(),
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
                if let Some(Dialog::Resolve(Resolve {
                    procedure: Procedure::Charge { response, .. },
                    error,
                    ..
                })) = self.dialogs.last_mut()
                {
                    *response = Some(Response::Stand);
                    *error = None;
                }
            }
            Answer::ShootAtCharger => self.open_pick(PickFor::ShootAtCharger(unit)),
        }
    }

    /// After the charge move: contact records the pair in Melee (2.4.5).
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
        let moved = x.moved.as_ref().map_or(0, |m| m.distance);
        if contact
            && !self.battle.in_melee_with(unit).contains(&target)
            && let Err(e) = self.battle.record(Event::Engage { a: unit, b: target })
        {
            return self.set_resolve_error(e.to_string());
        }
        self.dialogs.pop();
        if let Some(Dialog::Resolve(Resolve {
            procedure: procedure @ Procedure::Pursue { .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        {
            // The Berserk winner charged instead of its random move (2.6.3).
            let procedure = procedure.clone();
            self.dialogs.pop();
            let done = Rolled {
                entry: self.battle.events().len().saturating_sub(1),
                ..empty_rolled()
            };
            self.hand_back(&procedure, &done);
        }
        let met = match response {
            Some(Response::CounterCharge { meets: true }) => "; they met halfway (2.4.4.2)",
            Some(Response::Evade { away: true }) => "; the target evaded (2.4.7)",
            _ => "",
        };
        let note = if contact {
            format!(
                "charge (2.4.4): moved {moved} span(s){met}; in contact with {}: they fight in the Melee phase",
                self.name(target)
            )
        } else {
            format!(
                "charge (2.4.4): moved {moved} span(s){met}; no contact with {}",
                self.name(target)
            )
        };
        if matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some()) {
            self.note_choice(Choice::Charge, note);
        } else {
            self.say(note);
        }
    }

    /// Opens the Melee panel for a pair, with facts guessed from this
    /// turn's events (who charged whom) and the pair's rounds.
    pub(super) fn open_melee(&mut self, a: UnitId, b: UnitId) {
        let first_round = self.battle.first_round(a, b);
        let facts = |me: UnitId, foe: UnitId| MeleeFacts {
            charging: self.charged_this_turn(me, foe),
            first_round,
            ..MeleeFacts::default()
        };
        let (facts_a, facts_b) = (facts(a, b), facts(b, a));
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground: false,
                side: Side::A,
                supports: [Vec::new(), Vec::new()],
            })));
    }

    /// Whether `me` charged (or successfully counter-charged) `foe` this turn.
    fn charged_this_turn(&self, me: UnitId, foe: UnitId) -> bool {
        let turn = self.battle.turn();
        // This turn's events, from the latest back (not the whole log).
        let events = self.battle.events();
        (0..events.len())
            .rev()
            .map_while(|i| {
                self.battle
                    .when(i)
                    .filter(|w| w.0 == turn)
                    .map(|w| (i, w.1))
            })
            .filter(|(_, phase)| *phase != Phase::Melee)
            .any(|(i, _)| match &events[i] {
                Event::RandomMove {
                    unit,
                    toward: Some(t),
                    ..
                } => *unit == me && *t == foe,
                Event::Reaction {
                    unit,
                    cause,
                    situation,
                    ..
                } => *unit == me && *cause == foe && situation.charging,
                _ => false,
            })
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

    pub(super) fn melee_toggle(&mut self, fact: MeleeFact) {
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

    /// Marks a unit supporting an opponent of the open Melee, or unmarks it.
    fn mark_support(&mut self, opponent: UnitId, unit: UnitId) {
        let (name, of) = (self.name(unit), self.name(opponent));
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee { a, supports, .. },
            rolled: None,
            error,
            ..
        })) = self.dialogs.last_mut()
        else {
            return;
        };
        *error = None;
        let list = &mut supports[usize::from(opponent != *a)];
        let text = if let Some(i) = list.iter().position(|u| *u == unit) {
            list.remove(i);
            format!("{name} ({unit}) no longer marked as supporting")
        } else {
            list.push(unit);
            format!("{name} ({unit}) supports {of} in this Melee (2.6); count it through f and l")
        };
        self.say(text);
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
        let Some((step, done)) = x.next.get(i).cloned() else {
            return self.set_resolve_error(format!("the Melee offers no step {}", i + 1));
        };
        if done {
            return self.set_resolve_error("already done; u undoes it".to_string());
        }
        let procedure = match step {
            NextStep::Flee(unit) => Procedure::Flee {
                unit,
                from_melee: Some(if unit == a { b } else { a }),
            },
            NextStep::StandLoss(unit, personality) => Procedure::StandLoss { unit, personality },
            NextStep::BerserkMove(unit, toward) => Procedure::Pursue { unit, toward },
            NextStep::BerserkTest(unit) => Procedure::Reaction {
                unit,
                // A supporting unit tests as its side's enemy breaks (2.6.3).
                cause: if unit.side == a.side { b } else { a },
                purpose: Purpose::BerserkTest,
                situation: ActivationSituation {
                    enemy_in_charge_distance: true,
                    ..self.default_situation(unit)
                },
            },
        };
        self.dialogs.push(Dialog::Resolve(Resolve::new(procedure)));
    }
}
