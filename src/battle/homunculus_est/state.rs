//! The fold of a Homunculus Est! log: every unit, each player's Command
//! Points, cards (values as typed, revealed or not), Fatigue, calls and the
//! turn of HE-5, with the Reversal of Fortune that ends a phase (HE-6).

use super::due::{Due, family, settle};
use super::event::{CardKind, Event, Phase, SideFacts};
use super::{Entry, Setup};
use crate::battle::{BattleError, Effect, UnitId};
use crate::dice::{Dice, Die};
use crate::rules::Side;
use crate::rules::explain::{Explanation, cite};
use crate::rules::homunculus_est::Next;
use crate::rules::homunculus_est::call::{CallSituation, call};
use crate::rules::homunculus_est::combat::{Combat, CombatSide, DevotioOption};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::Purpose;
use crate::rules::homunculus_est::failed::{Cause, FearSource, Outcome};
use crate::rules::homunculus_est::manoeuvre::ManoeuvreTest;
use crate::rules::homunculus_est::movement::MovementActivation;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::tables::RiskEvent;
use crate::rules::homunculus_est::{
    ArmyState, CardValues, Cards, FIXED_CARD_VALUES, OPPONENT_CANCELS, OWN_GENERALSHIP, Points,
    Pool, REPEAT_ACTIVATIONS, Unit, command_points, discipline, failed, follow_up, push_back,
};
use crate::rules::homunculus_est::{Characteristic, GeneralStatus, eagles, general, lines};
use crate::rules::named::Named;

/// A card a player holds (HE-10): its value once typed, and whether revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// Setback or Disaster.
    pub kind: CardKind,
    /// Its value, once drawn and typed (fixed values: set at once).
    pub value: Option<u32>,
    /// Revealed by a call.
    pub revealed: bool,
}

/// A Homunculus Est! battle's state.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The turn, from 1.
    pub turn: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// The first player of every turn (HE-5.2), once chosen.
    pub first_player: Option<Side>,
    /// Each side's units, in the army file's order.
    pub units: [Vec<Unit>; 2],
    /// Each player's army-level state (pools, Fatigue, calls; cards in `cards`).
    pub armies: [ArmyState; 2],
    /// Each player's cards.
    pub cards: [Vec<Card>; 2],
    /// A Reversal of Fortune is due: the phase ends once its activation is done (HE-6).
    pub reversal: Option<String>,
    /// The army that broke, when the battle is over.
    pub broken: Option<Side>,
    /// What the rules now require, in HE-7's order (the walker's steps).
    pub due: Vec<Due>,
    /// Every Charge Activation of the game, by unit (Devotio: its Legion's first, HE-20).
    pub charges: Vec<UnitId>,
    /// The called player who may still discard one revealed card after a
    /// call that did not break his army (HE-12): once, until the phase ends.
    pub may_discard: Option<Side>,
    /// The unit in a successful Movement Activation, until another
    /// activation: Nomadic Cavalry may halt in it and shoot (HE-34).
    pub moving: Option<UnitId>,
    /// The Movement Points the unit `moving` may still spend on manoeuvres:
    /// its Movement roll's, less the manoeuvres it made (MANOEUVRE TEST,
    /// HE-15). The squares it moved are the table's: it may have fewer.
    pub moving_points: u32,
    /// Each unit's latest enemy: the one it charged, fought or shot, or
    /// that fought or shot it (a panel's enemy starts on it).
    pub last_enemy: [Vec<Option<UnitId>>; 2],
    /// Points a general converted for the unit he is attached to, that
    /// unit's alone until it uses them (COMMAND POINTS Generalship, HE-8):
    /// not in the pools.
    pub held: Vec<(UnitId, Pool)>,
    /// The turn each unit now in Pursuit Off-Table left the table in: it
    /// may be brought back "in following turns" only (PURSUIT OFF-TABLE, HE-33).
    pub left_table: Vec<(UnitId, u32)>,
    /// Units Pushed Back off the table: gone for good, they still take the
    /// Discipline Test their result owes and its FAILED DISCIPLINE roll,
    /// whose cards count (COMBAT RESULTS, SHOOTING RESULTS; PUSH BACK
    /// Off-Table excuses nothing, HE-24).
    pub pushed_off: Vec<UnitId>,
}

impl State {
    /// Spends `n` of `side`'s Attack Points (HE-8), refused if it holds
    /// fewer; `why` ends the refusal (what they pay for, its rule).
    fn spend_attack(&mut self, side: Side, n: u32, why: &str) -> Result<(), BattleError> {
        let p = &mut self.armies[side as usize].points;
        if p.attack < n {
            return Err(BattleError::Refused(format!(
                "player {} holds {} Attack Points, not {n}{why}",
                side.name(),
                p.attack
            )));
        }
        p.attack -= n;
        Ok(())
    }

    /// The battle at its start: Deployment, every pool as deployed (HE-5.1).
    pub fn start(setup: &Setup) -> State {
        State {
            turn: 1,
            phase: Phase::Deployment,
            first_player: None,
            units: [setup.sides[0].units.clone(), setup.sides[1].units.clone()],
            armies: [setup.sides[0].start(), setup.sides[1].start()],
            cards: [Vec::new(), Vec::new()],
            reversal: None,
            broken: None,
            due: Vec::new(),
            charges: Vec::new(),
            may_discard: None,
            moving: None,
            moving_points: 0,
            last_enemy: [
                vec![None; setup.sides[0].units.len()],
                vec![None; setup.sides[1].units.len()],
            ],
            held: Vec::new(),
            left_table: Vec::new(),
            pushed_off: Vec::new(),
        }
    }

    /// Notes two units as each other's latest enemy.
    fn engage(&mut self, a: UnitId, b: UnitId) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(slot) = self.last_enemy[x.side as usize].get_mut(x.index) {
                *slot = Some(y);
            }
        }
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> Result<&Unit, BattleError> {
        self.units[id.side as usize]
            .get(id.index)
            .ok_or(BattleError::NoUnit(id))
    }

    /// A unit as it fights, with the referee's facts of its side (HE-16).
    pub fn combat_side(&self, id: UnitId, f: &SideFacts) -> Result<CombatSide, BattleError> {
        Ok(CombatSide {
            flank_or_rear: f.flank_or_rear,
            supporting_units: f.supporting_units,
            warband_support: f.warband_support,
            in_rough: f.in_rough,
            downhill_charge: f.downhill_charge,
            linear_obstacle: f.linear_obstacle,
            use_reserve: f.use_reserve,
            use_cohort: f.use_cohort,
            defence_points: f.defence_points,
            stand_point: f.stand_point,
            ..CombatSide::of(self.unit(id)?.clone())
        })
    }

    /// The active player, in a player's phase.
    pub fn active(&self) -> Option<Side> {
        match self.phase {
            Phase::Player(s) => Some(s),
            _ => None,
        }
    }

    /// Cards of `kind` a player holds whose values are not typed yet.
    pub fn untyped(&self, side: Side, kind: CardKind) -> usize {
        self.cards[side as usize]
            .iter()
            .filter(|c| c.kind == kind && c.value.is_none())
            .count()
    }

    /// The values of a player's cards, as a call reveals them.
    pub fn card_values(&self, side: Side) -> CardValues {
        let mut v = CardValues::default();
        for c in &self.cards[side as usize] {
            let n = c.value.unwrap_or(0);
            match c.kind {
                CardKind::Setback => v.setback.push(n),
                CardKind::Disaster => v.disaster.push(n),
            }
        }
        v
    }

    /// Judges an event as the referee records it: the turn's order (HE-5).
    pub fn check(&self, event: &Event) -> Result<(), BattleError> {
        let activation = matches!(
            event,
            Event::Movement { .. }
                | Event::Combat { .. }
                | Event::Reform { .. }
                | Event::Call { .. }
                | Event::Shooting { .. }
        );
        if self.phase == Phase::Over {
            return Err(BattleError::OutOfTurn(
                "the battle is over: an army broke (HE-12)".into(),
            ));
        }
        if activation && self.reversal.is_some() {
            return Err(BattleError::OutOfTurn(format!(
                "a Reversal of Fortune ends this phase ({}): finish what its activation requires, then end the phase (HE-6)",
                self.reversal.clone().unwrap_or_default()
            )));
        }
        // RISK TO GENERALS: a general killed makes an immediate "Homunculus Est!" (HE-12)
        if let Some(d) = self.due.iter().find(|d| d.step == Next::HomunculusEst)
            && (activation || matches!(event, Event::EndPhase))
        {
            return Err(BattleError::OutOfTurn(format!(
                "player {}'s general was killed: the immediate \"Homunculus Est!\" on his army comes first (RISK TO GENERALS, HE-12)",
                d.unit.side.name()
            )));
        }
        // PURSUIT OFF-TABLE: a unit off the table, or removed from play,
        // neither acts nor is fought until it is back (HE-24, HE-26, HE-33)
        let acting: Vec<UnitId> = match event {
            Event::Movement { unit, target, .. } => {
                [Some(*unit), *target].into_iter().flatten().collect()
            }
            Event::Combat {
                attacker, defender, ..
            } => vec![*attacker, *defender],
            Event::Shooting {
                shooter, target, ..
            } => vec![*shooter, *target],
            Event::Manoeuvre { unit, .. }
            | Event::Reform { unit, .. }
            | Event::PushBack { unit, .. } => vec![*unit],
            Event::FollowUp { unit, loser, .. } => vec![*unit, *loser],
            _ => Vec::new(),
        };
        for id in acting {
            let u = self.unit(id)?;
            if u.off_table {
                return Err(BattleError::Refused(format!(
                    "{} is off the table in Pursuit Off-Table: it neither acts nor is fought until an attempt brings it back (d, its Discipline Test) (PURSUIT OFF-TABLE, HE-33)",
                    u.name
                )));
            }
            if u.removed && !matches!(event, Event::FollowUp { loser, .. } if *loser == id) {
                return Err(BattleError::Refused(format!(
                    "{} has been removed from play (HE-24, HE-26)",
                    u.name
                )));
            }
        }
        match event {
            Event::Rout {
                unit, dice: None, ..
            } if self.rout_die_owed(*unit) => {
                return Err(BattleError::Refused(format!(
                    "{} routs with no distance rolled: its move is 1 die on the FOLLOW UP table (PUSH BACK, FAILED DISCIPLINE OUTCOME, HE-24, HE-28)",
                    self.unit(*unit).map_or(String::new(), |u| u.name.clone())
                )));
            }
            Event::ImmediateCheck { side }
                if !self
                    .due
                    .iter()
                    .any(|d| d.step == Next::HomunculusEst && d.unit.side == *side) =>
            {
                return Err(BattleError::OutOfTurn(format!(
                    "no general of player {} has just been killed: the immediate \"Homunculus Est!\" follows a general's death (RISK TO GENERALS, HE-12)",
                    side.name()
                )));
            }
            // MANOEUVRE TEST: a manoeuvre costs "Manoeuvre Points" out of the unit's
            // Movement roll, so only a unit in its own Movement Activation makes one,
            // with no more points than the record gives it (HE-5.3, HE-13, HE-15)
            Event::Manoeuvre {
                unit, situation, ..
            } => {
                let name = self.unit(*unit)?.name.clone();
                if self.moving != Some(*unit) {
                    return Err(BattleError::Refused(format!(
                        "{name} is not in a Movement Activation: a manoeuvre is paid from the Movement Points of the unit's own Movement Activation, made first with m (MANOEUVRE TEST, HE-13, HE-15)"
                    )));
                }
                let left = self.moving_points;
                let said = situation.movement_points.unwrap_or(left);
                if said > left {
                    return Err(BattleError::Refused(format!(
                        "{name} has at most {left} Movement Points left in this activation: its Movement roll's, less its manoeuvres (MANOEUVRE TEST, HE-15)"
                    )));
                }
                let cost = situation.manoeuvre.cost();
                if cost > said {
                    return Err(BattleError::Refused(format!(
                        "{} costs {cost} Movement Points and {name} has {said} left (MANOEUVRE TEST, HE-15)",
                        situation.manoeuvre.name().replace('_', " ")
                    )));
                }
            }
            Event::Discard { side, .. } if self.may_discard != Some(*side) => {
                return Err(BattleError::Refused(format!(
                    "player {} may not discard now: only the called player discards, one revealed card, after a call that did not break his army, before the phase ends (HOMUNCULUS EST!, HE-12)",
                    side.name()
                )));
            }
            Event::Discipline {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?;
                if situation.purpose == Purpose::ReturnFromPursuit {
                    self.may_come_back(*unit)?;
                }
                if situation.unseen_setback.is_none()
                    && discipline::discipline_test(u, situation, dice)
                        .is_ok_and(|o| o.remove_unseen_setback)
                {
                    self.unseen_choice_said(unit.side)?;
                }
            }
            Event::Reform {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?;
                if situation.unseen_setback.is_none()
                    && discipline::reform_test(u, situation, dice)
                        .is_ok_and(|o| o.remove_unseen_setback)
                {
                    self.unseen_choice_said(unit.side)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Refuses the attempt to bring a unit back in the turn it went off the
    /// table: "In following turns a player may attempt to bring the unit
    /// back" (PURSUIT OFF-TABLE, HE-33).
    pub fn may_come_back(&self, unit: UnitId) -> Result<(), BattleError> {
        let left = self
            .left_table
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, turn)| *turn);
        match left {
            Some(turn) if turn >= self.turn => Err(BattleError::Refused(format!(
                "{} left the table this turn: it may come back in following turns, from turn {} (PURSUIT OFF-TABLE, HE-33)",
                self.unit(unit)?.name,
                turn + 1
            ))),
            _ => Ok(()),
        }
    }

    /// Refuses a new activation, or the phase's end, while the steps the
    /// last activation forces are owed (HE-5.3, HE-6, HE-7). The console
    /// asks it before a panel opens and before `e`; a replayed or scripted
    /// log is not judged by it (the record keeps what was recorded).
    pub fn owed_first(&self, event: &Event) -> Result<(), BattleError> {
        // HE-5.3, HE-6, HE-7: an activation is resolved completely before the
        // next is given or the phase ends; the steps it forces are owed first
        let activation = matches!(
            event,
            Event::Movement { .. }
                | Event::Combat { .. }
                | Event::Reform { .. }
                | Event::Call { .. }
                | Event::Shooting { .. }
        );
        let starts = activation
            || matches!(event, Event::Manoeuvre { .. } | Event::EndPhase)
            || matches!(event, Event::Discipline { situation, .. }
                if situation.purpose == Purpose::ReturnFromPursuit);
        if starts
            && let Some(d) = self.due.first()
            && !matches!(event, Event::Combat { attacker, .. }
                if d.step == Next::Combat && *attacker == d.unit)
        {
            let name = self.unit(d.unit).map_or(String::new(), |u| u.name.clone());
            let words = d.step.words();
            let short = words.split(" (").next().unwrap_or(words);
            return Err(BattleError::OutOfTurn(format!(
                "{short} of {name} is owed first: an activation is resolved completely before the next begins or the phase ends (HE-5.3, HE-7); Enter opens it"
            )));
        }
        Ok(())
    }

    /// Does `unit`'s rout owe its own move's die: no FAILED DISCIPLINE roll
    /// gave its distance (a Disordered unit Pushed Back into an enemy,
    /// PUSH BACK, HE-24; FAILED DISCIPLINE OUTCOME Rout, HE-28)?
    pub fn rout_die_owed(&self, unit: UnitId) -> bool {
        self.due
            .iter()
            .any(|d| d.unit == unit && d.step == Next::RoutMove && d.squares.is_none())
    }

    /// The values of a player's unseen (unrevealed) Setback Cards, typed or not.
    pub fn unseen_setbacks(&self, side: Side) -> Vec<Option<u32>> {
        self.cards[side as usize]
            .iter()
            .filter(|c| c.kind == CardKind::Setback && !c.revealed)
            .map(|c| c.value)
            .collect()
    }

    /// Whether a natural 12's removal needs its player's word: he holds
    /// unseen Setbacks of more than one value (HE-10: his choice).
    pub fn unseen_choice_needed(&self, side: Side) -> bool {
        let mut values = self.unseen_setbacks(side);
        values.sort();
        values.dedup();
        values.len() > 1
    }

    /// Refuses a natural 12 recorded without the value of the unseen
    /// Setback its player removes, where he has a choice (HE-10).
    fn unseen_choice_said(&self, side: Side) -> Result<(), BattleError> {
        if self.unseen_choice_needed(side) {
            return Err(BattleError::Refused(format!(
                "a natural 12: player {} removes one unseen Setback Card of his choice; say its value (DISCIPLINE TEST, HE-10)",
                side.name()
            )));
        }
        Ok(())
    }

    /// Collects cards for a side: values typed later, or fixed (HE-10).
    fn collect(&mut self, side: Side, cards: Cards, fixed: bool, ex: &mut Explanation) {
        for (kind, n, worth) in [
            (CardKind::Setback, cards.setback, 1),
            (CardKind::Disaster, cards.disaster, 2),
        ] {
            for _ in 0..n {
                self.cards[side as usize].push(Card {
                    kind,
                    value: fixed.then_some(worth),
                    revealed: false,
                });
            }
        }
        if !cards.is_empty() {
            ex.line(
                format!(
                    "player {} collects {}{}",
                    side.name(),
                    cards.words(),
                    if fixed {
                        " (house option 'fixed card values')"
                    } else {
                        ", face down: its value is typed as drawn"
                    }
                ),
                cite("SETBACK AND DISASTER CARDS", "HE-9, HE-10"),
            );
        }
    }

    /// Replaces a unit, noting the fields that changed.
    fn set_unit(&mut self, id: UnitId, after: Unit, entry: &mut Entry) {
        let before = &self.units[id.side as usize][id.index];
        let mut note = |field: &'static str, from: String, to: String, leaves: bool| {
            if from != to {
                entry.effects.push(Effect {
                    unit: id,
                    name: before.name.clone(),
                    field,
                    text: match (field, to.as_str()) {
                        ("disordered", "true") => format!("{}: Disordered", before.name),
                        ("disordered", _) => format!("{}: no longer Disordered", before.name),
                        ("removed", "true") => format!("{}: removed from play", before.name),
                        ("removed", _) => format!("{}: back in play", before.name),
                        ("off table", "true") => format!("{}: off the table", before.name),
                        ("off table", _) => format!("{}: back on the table", before.name),
                        _ => format!("{}: {field} {from} → {to}", before.name),
                    },
                    from,
                    to,
                    leaves_table: leaves,
                });
            }
        };
        note(
            "disordered",
            before.disordered.to_string(),
            after.disordered.to_string(),
            false,
        );
        note(
            "removed",
            before.removed.to_string(),
            after.removed.to_string(),
            after.removed,
        );
        note(
            "off table",
            before.off_table.to_string(),
            after.off_table.to_string(),
            false,
        );
        note(
            "lines",
            before.lines.len().to_string(),
            after.lines.len().to_string(),
            false,
        );
        note(
            "DR",
            before.discipline_rating.to_string(),
            after.discipline_rating.to_string(),
            false,
        );
        // PURSUIT OFF-TABLE: the turn it left, for "in following turns" (HE-33)
        match (before.off_table, after.off_table) {
            (false, true) => self.left_table.push((id, self.turn)),
            (true, false) => self.left_table.retain(|(u, _)| *u != id),
            _ => {}
        }
        self.units[id.side as usize][id.index] = after;
    }

    fn reverse(&mut self, why: &str, ex: &mut Explanation) {
        if self.reversal.is_none() {
            self.reversal = Some(why.to_string());
        }
        ex.line(
            format!("Reversal of Fortune ({why}): the phase ends once this activation is resolved"),
            cite("REVERSAL OF FORTUNE", "HE-6"),
        );
    }

    fn own(&self, id: UnitId, what: &str) -> Result<(), BattleError> {
        match self.active() {
            Some(s) if s == id.side => Ok(()),
            Some(s) => Err(BattleError::OutOfTurn(format!(
                "it is player {}'s phase: only his units are given {what} (HE-5)",
                s.name()
            ))),
            None => Err(BattleError::OutOfTurn(
                "no phase has begun: first say who starts (HE-5.2)".into(),
            )),
        }
    }

    /// Applies an event; on an error the state is unchanged.
    pub fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let mut next = self.clone();
        // a general's converted point is his unit's to use (HE-8): lent to
        // the pool for its own procedures, what is left kept back after
        let lent = next.lend_held(event);
        let mut entry = next.apply_to(setup, event)?;
        next.keep_held(&lent);
        let prefer = match event {
            Event::Points {
                side,
                change: PointsChange::ConvertFor { general, .. },
            } => Some(UnitId::new(*side, *general)),
            _ => None,
        };
        for side in [Side::A, Side::B] {
            next.reconcile_generals(side, prefer, &mut entry);
        }
        next.drop_steps_of_units_gone();
        // the log in words: no identifier, no "Romans's"
        entry.summary = plain(&entry.summary);
        for l in &mut entry.explanation.lines {
            l.text = plain(&l.text);
        }
        for f in &mut entry.effects {
            f.text = plain(&f.text);
        }
        *self = next;
        Ok(entry)
    }

    /// A unit removed from play or off the table owes no combat, push back,
    /// follow up, test or lines' roll: a rout removes its lines with it
    /// (SKIRMISH AND RESERVE LINES OUTCOME, UNIT CHARACTERISTICS (1)
    /// Elephants, HE-26, HE-33). Its rout's move, its general's risk and its
    /// Lost Eagles stay owed.
    /// A unit Pushed Back off the table keeps its Discipline Test and
    /// FAILED DISCIPLINE roll (PUSH BACK Off-Table, HE-24), but has no
    /// rout's move to make: it is no longer on the table.
    fn drop_steps_of_units_gone(&mut self) {
        let units = &self.units;
        let pushed_off = &self.pushed_off;
        self.due.retain(|d| {
            let gone = units[d.unit.side as usize]
                .get(d.unit.index)
                .is_some_and(|u| u.removed || u.off_table);
            if gone && pushed_off.contains(&d.unit) {
                return matches!(family(d.step), 3 | 4 | 7 | 8 | 10);
            }
            !gone || matches!(family(d.step), 6 | 7 | 8 | 10)
        });
    }

    /// The points of `pool` `unit`'s player may spend on it: the pool and
    /// what a general converted for that unit (HE-8).
    pub fn available(&self, unit: UnitId, pool: Pool) -> u32 {
        let own = self
            .held
            .iter()
            .filter(|(u, p)| *u == unit && *p == pool)
            .count() as u32;
        self.armies[unit.side as usize].points.get(pool) + own
    }

    /// The units whose own points an event may spend (HE-8).
    fn spenders(event: &Event) -> Vec<UnitId> {
        match event {
            Event::Movement { unit, .. }
            | Event::Discipline { unit, .. }
            | Event::Manoeuvre { unit, .. } => vec![*unit],
            Event::Combat {
                attacker, defender, ..
            } => vec![*attacker, *defender],
            Event::Shooting { target, .. } => vec![*target],
            _ => Vec::new(),
        }
    }

    /// Moves the converted points the event's units hold into their pools;
    /// returns what was lent, with each pool as it stood before.
    fn lend_held(&mut self, event: &Event) -> Vec<(UnitId, Pool, u32)> {
        let units = Self::spenders(event);
        let mut lent = Vec::new();
        for (u, pool) in self.held.clone() {
            if units.contains(&u) {
                let p = &mut self.armies[u.side as usize].points;
                lent.push((u, pool, p.get(pool)));
                *p.get_mut(pool) += 1;
            }
        }
        lent
    }

    /// After the event: the converted points were spent first; those left
    /// go back to their unit (HE-8).
    fn keep_held(&mut self, lent: &[(UnitId, Pool, u32)]) {
        for (u, pool, _) in lent {
            let before = lent
                .iter()
                .find(|(v, q, _)| v.side == u.side && q == pool)
                .map_or(0, |l| l.2);
            let n = lent
                .iter()
                .filter(|(v, q, _)| v.side == u.side && q == pool)
                .count() as u32;
            let now = self.armies[u.side as usize].points.get(*pool);
            let spent = (before + n).saturating_sub(now);
            let left = n.saturating_sub(spent);
            // each lent point of this pool once: remove them all, keep `left`
            let held_here: Vec<usize> = self
                .held
                .iter()
                .enumerate()
                .filter(|(_, (v, q))| {
                    v.side == u.side && q == pool && lent.iter().any(|l| l.0 == *v && l.1 == *q)
                })
                .map(|(i, _)| i)
                .collect();
            if held_here.is_empty() {
                continue;
            }
            let drop = held_here.len().saturating_sub(left as usize);
            for i in held_here.into_iter().take(drop).rev() {
                self.held.remove(i);
            }
            *self.armies[u.side as usize].points.get_mut(*pool) = now.saturating_sub(left);
        }
    }

    /// Each general's Generalship Points agree with his army's pool (HE-8,
    /// HE-30): a point gone from the pool is taken from the general who
    /// spent it (`prefer`), else from the generals in the army's order.
    fn reconcile_generals(&mut self, side: Side, prefer: Option<UnitId>, entry: &mut Entry) {
        let pool = self.armies[side as usize].points.generalship;
        let units = &mut self.units[side as usize];
        let held: u32 = units
            .iter()
            .filter(|u| !u.removed)
            .filter_map(|u| u.general.as_ref())
            .map(|g| g.points())
            .sum();
        let mut excess = held.saturating_sub(pool);
        if excess == 0 {
            return;
        }
        let mut order: Vec<usize> = (0..units.len()).collect();
        if let Some(p) = prefer.filter(|p| p.side == side) {
            order.retain(|i| *i != p.index);
            order.insert(0, p.index);
        }
        for i in order {
            if units[i].removed {
                continue;
            }
            let Some(g) = units[i].general.as_mut() else {
                continue;
            };
            let take = g.points().min(excess);
            if take == 0 {
                continue;
            }
            let from = g.points();
            g.spent += take;
            excess -= take;
            entry.explanation.line(
                format!(
                    "{}'s Generalship Points: {from} → {} (his army's pool holds {pool})",
                    g.name,
                    g.points()
                ),
                cite("COMMAND POINTS", "HE-8, HE-30"),
            );
            if excess == 0 {
                break;
            }
        }
    }

    fn apply_to(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let fixed = setup.house.is_on(&FIXED_CARD_VALUES);
        let mut entry = Entry::new(self.turn, self.phase);
        let mut ex = Explanation::default();
        if setup.house.is_on(&REPEAT_ACTIVATIONS) {
            self.allow_again(event, &mut ex);
        }
        if let Event::Combat {
            attacker,
            situation,
            ..
        } = event
            && situation.devotio.is_some()
            && self.charges.iter().filter(|u| *u == attacker).count() > 1
        {
            // ATTACHMENT CHARACTERISTICS Devotio: the first Charge of the game by its Legion (HE-20)
            return Err(BattleError::Refused(format!(
                "{}'s Devotio is for its first Charge of the game, and it has charged before (HE-20)",
                self.unit(*attacker)?.name
            )));
        }
        match event {
            Event::WhoStarts { a, b, first } => {
                if self.phase != Phase::Deployment {
                    return Err(BattleError::OutOfTurn(
                        "who starts is decided once, at the start (HE-5.2)".into(),
                    ));
                }
                if a == b {
                    return Err(BattleError::Refused(format!(
                        "both rolled {a}: equal scores roll again (HE-5.2)"
                    )));
                }
                let higher = if a > b { Side::A } else { Side::B };
                rolls(&mut entry, "player a", &[("", &[*a])]);
                rolls(&mut entry, "player b", &[("", &[*b])]);
                ex.line(
                    format!(
                        "{a} against {b}: player {} chooses; player {} is the first player",
                        higher.name(),
                        first.name()
                    ),
                    cite("", "HE-5.2"),
                );
                self.first_player = Some(*first);
                self.phase = Phase::Player(*first);
                entry.summary = format!("player {} is the first player", first.name());
            }
            Event::Movement {
                unit,
                target,
                situation,
                dice,
            } => {
                self.own(*unit, "activations")?;
                if let Some(t) = target
                    && t.side == unit.side
                {
                    return Err(BattleError::Refused("a unit charges an enemy unit".into()));
                }
                let u = self.unit(*unit)?.clone();
                let fatigued = self.armies[unit.side as usize].fatigued;
                let o = MovementActivation::plan(&u, fatigued, *situation)
                    .and_then(|p| p.resolve(dice))?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{}: {} Activation, {}",
                    u.name,
                    if situation.charge {
                        "Charge"
                    } else {
                        "Movement"
                    },
                    if o.failed {
                        "failed".to_string()
                    } else {
                        format!("{} Movement Points", o.movement_points)
                    }
                );
                self.spend_attack(unit.side, situation.attack_points, " (HE-8)")?;
                if situation.movement_point_reroll {
                    let p = &mut self.armies[unit.side as usize].points;
                    if p.movement == 0 {
                        return Err(BattleError::Refused(
                            "no Movement Point left for the re-roll (HE-8)".into(),
                        ));
                    }
                    p.movement -= 1;
                }
                self.set_unit(*unit, o.after, &mut entry);
                // a new activation: what the last one required is behind us (HE-5.3)
                self.due.clear();
                self.may_discard = None;
                // Nomadic Cavalry may halt in a Movement Activation and shoot (HE-34)
                self.moving = (!situation.charge && !o.failed).then_some(*unit);
                self.moving_points = if self.moving.is_some() {
                    o.movement_points
                } else {
                    0
                };
                if situation.charge {
                    self.charges.push(*unit);
                }
                if let Some(t) = target {
                    self.engage(*unit, *t);
                }
                if o.next.contains(&Next::Combat) {
                    // the combat with the unit charged, the squares charged from the roll (HE-14, HE-16)
                    let mut combat = Due::new(Next::Combat, *unit);
                    combat.other = *target;
                    combat.squares = Some(o.movement_points);
                    // UNIT CHARACTERISTICS Cause Fear: a charger about to enter a Cause Fear
                    // unit's ZOC (Cavalry, any square adjacent to Elephants) tests first (HE-34)
                    if let Some(t) = target
                        && self.unit(*t).is_ok_and(|d| {
                            d.has(Characteristic::CauseFear)
                                || (d.has(Characteristic::Elephants) && u.is_cavalry())
                        })
                    {
                        let mut test = Due::new(Next::CauseFearTest, *unit).against(*t);
                        test.fear = Some(FearSource::Unit);
                        self.due.push(test);
                    }
                    self.due.push(combat);
                }
                if o.reversal_of_fortune {
                    self.reverse(&format!("{}'s activation", u.name), &mut ex);
                }
            }
            Event::Combat {
                attacker,
                defender,
                facts,
                situation,
                dice,
            } => {
                self.own(*attacker, "a Combat Activation")?;
                if attacker.side == defender.side {
                    return Err(BattleError::Refused("a unit fights an enemy unit".into()));
                }
                let a = self.combat_side(*attacker, &facts[0])?;
                let d = self.combat_side(*defender, &facts[1])?;
                let d_unit = d.unit.clone();
                if a.unit.activated
                    && situation.activation
                        != crate::rules::homunculus_est::combat::Activation::Charge
                {
                    return Err(BattleError::Refused(format!(
                        "{} has already been activated this phase (HE-5)",
                        a.unit.name
                    )));
                }
                let o = Combat::plan(&a, &d, *situation).and_then(|p| p.resolve(dice))?;
                // the first throw, then each Attack Point re-roll of all of them (HE-8, HE-17)
                let first = dice.combat.len().min(o.dice_rolled);
                rolls(
                    &mut entry,
                    &a.unit.name,
                    &[("combat", &dice.combat[..first])],
                );
                for again in dice.combat[first..].chunks(o.dice_rolled.max(1)) {
                    rolls(
                        &mut entry,
                        &a.unit.name,
                        &[("combat, Attack Point re-roll", again)],
                    );
                }
                rolls(&mut entry, &d.unit.name, &[("Defence", &dice.defence)]);
                rolls(
                    &mut entry,
                    "",
                    &[
                        ("Stubborn", &dice.stubborn),
                        ("Praetorian Cohort", &dice.cohort),
                    ],
                );
                ex.extend(o.explanation.clone());
                let dp = facts[1].defence_points + u32::from(facts[1].stand_point);
                let pool = &mut self.armies[defender.side as usize].points;
                if pool.defence < dp {
                    return Err(BattleError::Refused(format!(
                        "player {} holds {} Defence Points, not {dp} (HE-8)",
                        defender.side.name(),
                        pool.defence
                    )));
                }
                pool.defence -= dp;
                // COMMAND POINTS Attack: each re-roll of all the Combat dice spends one (HE-8)
                self.spend_attack(
                    attacker.side,
                    situation.attack_rerolls,
                    " for the re-rolls (COMMAND POINTS, HE-8)",
                )?;
                if facts[0].stand_point {
                    let pool = &mut self.armies[attacker.side as usize].points;
                    if pool.defence == 0 {
                        return Err(BattleError::Refused(format!(
                            "player {} holds no Defence Point (HE-8)",
                            attacker.side.name()
                        )));
                    }
                    pool.defence -= 1;
                }
                let risk = |before: &crate::rules::homunculus_est::Unit,
                            after: &crate::rules::homunculus_est::Unit,
                            pushed: bool| {
                    // RISK TO GENERALS: the most serious event of the activation (HE-30)
                    if after.disordered && !before.disordered {
                        Some(RiskEvent::Disordered)
                    } else if pushed {
                        Some(RiskEvent::PushedBack)
                    } else {
                        None
                    }
                };
                let pushed = |r| o.pushed_back.contains(&r);
                use crate::rules::homunculus_est::combat::Role;
                let then: Vec<Due> = o
                    .next
                    .iter()
                    .map(|n| {
                        let (u, other) = match n {
                            Next::PushBackAttacker
                            | Next::FollowUpAttacker
                            | Next::DisciplineTestAttacker
                            | Next::GeneralRiskAttacker
                            | Next::LineOutcomeAttacker => (*attacker, *defender),
                            _ => (*defender, *attacker),
                        };
                        let mut d = Due::new(*n, u).against(other).caused_by(Cause::Combat);
                        // Cause Fear: a test its combat triggers rolls its failure at -2 (HE-28, HE-34)
                        let enemy = if u == *attacker { &d_unit } else { &a.unit };
                        if family(*n) == 3 && enemy.has(Characteristic::CauseFear) {
                            d.fear = Some(FearSource::Unit);
                        }
                        // ATTACHMENT CHARACTERISTICS Devotio: the enemy's DR +2 in this activation (HE-20)
                        if family(*n) == 3
                            && u == *defender
                            && situation.devotio == Some(DevotioOption::Discipline)
                        {
                            d.devotio = true;
                        }
                        if family(*n) == 8 {
                            d.risk = if u == *attacker {
                                risk(&a.unit, &o.attacker, pushed(Role::Attacker))
                            } else {
                                risk(&d_unit, &o.defender, pushed(Role::Defender))
                            };
                        }
                        d
                    })
                    .collect();
                if !self
                    .due
                    .iter()
                    .any(|d| d.step == Next::Combat && d.unit == *attacker)
                {
                    // a Combat Activation of its own (HE-5.3)
                    self.due.clear();
                }
                // the charge fought: its Cause Fear test, if any, is behind it (HE-34)
                self.due
                    .retain(|d| !(d.step == Next::CauseFearTest && d.unit == *attacker));
                self.may_discard = None;
                self.moving = None;
                self.engage(*attacker, *defender);
                settle(&mut self.due, 0, *attacker, then);
                self.set_unit(*attacker, o.attacker.clone(), &mut entry);
                self.set_unit(*defender, o.defender.clone(), &mut entry);
                self.collect(attacker.side, o.attacker_cards, fixed, &mut ex);
                self.collect(defender.side, o.defender_cards, fixed, &mut ex);
                entry.summary = format!(
                    "{} attacks {}: {}",
                    a.unit.name,
                    d.unit.name,
                    o.result.name().replace('_', " ")
                );
                if !o.next.is_empty() {
                    ex.line(
                        format!(
                            "now: {}",
                            o.next
                                .iter()
                                .map(|n| n.words())
                                .collect::<Vec<_>>()
                                .join("; ")
                        ),
                        cite("", "HE-7"),
                    );
                }
                if o.reversal_of_fortune {
                    self.reverse(
                        &format!(
                            "{} in {}'s combat",
                            o.result.name().replace('_', " "),
                            a.unit.name
                        ),
                        &mut ex,
                    );
                }
            }
            Event::Discipline {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                // PURSUIT OFF-TABLE: only a unit off the table tries to come back (HE-26, HE-33)
                if (situation.purpose == Purpose::ReturnFromPursuit) != u.off_table {
                    return Err(BattleError::Refused(if u.off_table {
                        format!(
                            "{} is off the table: its test is the attempt to bring it back (PURSUIT OFF-TABLE, HE-33)",
                            u.name
                        )
                    } else {
                        format!(
                            "{} has not left the table: only a unit in Pursuit Off-Table tries to come back (PURSUIT OFF-TABLE, HE-33)",
                            u.name
                        )
                    }));
                }
                let back = situation.purpose == Purpose::ReturnFromPursuit;
                if back {
                    // HE-5.3: the attempt to bring an off-table unit back is its activation
                    self.own(*unit, "the attempt to come back")?;
                    if u.activated {
                        return Err(BattleError::Refused(format!(
                            "{} has already been activated this phase (HE-5)",
                            u.name
                        )));
                    }
                }
                let o = discipline::discipline_test(&u, &setup.discipline(situation), dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{}: Discipline Test {}",
                    u.name,
                    if o.passed {
                        "passed"
                    } else if o.critical {
                        "Critical Failure"
                    } else {
                        "failed"
                    }
                );
                let pool = &mut self.armies[unit.side as usize].points;
                if pool.defence < o.defence_points_spent {
                    return Err(BattleError::Refused(
                        "no Defence Point left for the re-roll (HE-8)".into(),
                    ));
                }
                pool.defence -= o.defence_points_spent;
                let cause = match situation.purpose {
                    Purpose::Combat => Cause::Combat,
                    Purpose::Shooting => Cause::Shooting,
                    _ => Cause::Other,
                };
                // HE-34: a Cause Fear entry test's FAILED DISCIPLINE is at -2, and so is
                // that of a test a Cause Fear unit's combat or shot caused (Herald's record)
                let fear = if situation.purpose == Purpose::CauseFear {
                    Some(FearSource::Unit)
                } else {
                    self.due
                        .iter()
                        .find(|d| family(d.step) == 3 && d.unit == *unit)
                        .and_then(|d| d.fear)
                };
                let then = o
                    .next
                    .iter()
                    .map(|n| Due {
                        failed: Some((o.failed_by, o.critical)),
                        fear,
                        ..Due::new(*n, *unit).caused_by(cause)
                    })
                    .collect();
                settle(&mut self.due, 3, *unit, then);
                if situation.purpose == Purpose::CauseFear && !o.passed {
                    // it stops outside the Cause Fear unit's ZOC: no combat (UNIT CHARACTERISTICS, HE-34)
                    self.due
                        .retain(|d| !(d.step == Next::Combat && d.unit == *unit));
                }
                let mut after = o.after;
                if back {
                    after.activated = true;
                    self.may_discard = None;
                    self.moving = None;
                }
                self.set_unit(*unit, after, &mut entry);
                if o.reversal_of_fortune && Some(unit.side) == self.active() {
                    self.reverse(&format!("{} stays off the table", u.name), &mut ex);
                }
                if o.remove_unseen_setback {
                    self.remove_unseen_setback(unit.side, situation.unseen_setback, &mut ex)?;
                }
            }
            Event::Reform {
                unit,
                situation,
                dice,
            } => {
                self.own(*unit, "a Reform Activation")?;
                let u = self.unit(*unit)?.clone();
                if u.activated {
                    return Err(BattleError::Refused(format!(
                        "{} has already been activated this phase (HE-5)",
                        u.name
                    )));
                }
                let o = discipline::reform_test(&u, situation, dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{}: Reform Test {}",
                    u.name,
                    if o.passed { "passed" } else { "failed" }
                );
                let mut after = o.after;
                after.activated = true;
                self.set_unit(*unit, after, &mut entry);
                // a Reform Activation of its own (HE-5.3); its failure's outcome is due
                self.due.clear();
                self.may_discard = None;
                self.moving = None;
                for n in &o.next {
                    self.due.push(Due {
                        failed: Some((o.failed_by, o.critical)),
                        ..Due::new(*n, *unit)
                    });
                }
                if o.remove_unseen_setback {
                    self.remove_unseen_setback(unit.side, situation.unseen_setback, &mut ex)?;
                }
                if o.reversal_of_fortune {
                    self.reverse(&format!("{} failed its Reform Test", u.name), &mut ex);
                }
            }
            Event::FailedDiscipline {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let o = failed::failed_discipline(
                    &u,
                    self.armies[unit.side as usize].fatigued,
                    situation,
                    dice,
                )?;
                // the outcome's dice, then the rout's die (HE-28, HE-29)
                rolls(
                    &mut entry,
                    &u.name,
                    &[("outcome", &dice.outcome), ("rout", &dice.rout)],
                );
                ex.extend(o.explanation);
                entry.summary = format!("{}: {}", u.name, o.outcome.name().replace('_', " "));
                let mut then = outcome_dues(
                    &o.next,
                    *unit,
                    risk_of(o.outcome),
                    situation.cause,
                    o.rout_squares,
                );
                // UNIT CHARACTERISTICS (1) Elephants: every unit in a Stampede's ZOC tests (HE-26)
                if o.outcome == Outcome::Stampede {
                    for d in then.iter_mut().filter(|d| d.step == Next::RoutMove) {
                        d.stampede = true;
                    }
                }
                settle(&mut self.due, 4, *unit, then);
                self.set_unit(*unit, o.after, &mut entry);
                self.collect(unit.side, o.cards, fixed, &mut ex);
            }
            Event::PushBack {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let o = push_back::push_back(&u, *situation, dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                if o.off_table && !self.pushed_off.contains(unit) {
                    self.pushed_off.push(*unit);
                }
                entry.summary = if o.off_table {
                    // PUSH BACK Off-Table: it leaves the table for good (HE-24)
                    format!("{} is Pushed Back off the table", u.name)
                } else {
                    format!(
                        "{} is Pushed Back {} square{}",
                        u.name,
                        o.squares_moved,
                        if o.squares_moved == 1 { "" } else { "s" }
                    )
                };
                // RISK TO GENERALS: the push back's most serious event (HE-30)
                let worst = if o.after.removed {
                    RiskEvent::Routing
                } else if o.after.disordered && !u.disordered {
                    RiskEvent::Disordered
                } else {
                    RiskEvent::PushedBack
                };
                let then = outcome_dues(&o.next, *unit, worst, Cause::Combat, None);
                settle(&mut self.due, 1, *unit, then);
                // HE-21: the victor follows up a loser Pushed Back "and moves or is
                // destroyed"; one that moved 0 squares is not followed up
                if o.squares_moved == 0 && !o.after.removed {
                    let before = self.due.len();
                    self.due
                        .retain(|d| !(family(d.step) == 2 && d.other == Some(*unit)));
                    if self.due.len() < before {
                        ex.line(
                            format!("{} did not move: no follow up is owed against it", u.name),
                            cite("FOLLOW UP", "HE-21, HE-25"),
                        );
                    }
                }
                self.set_unit(*unit, o.after, &mut entry);
                self.collect(unit.side, o.cards, fixed, &mut ex);
            }
            Event::FollowUp {
                unit,
                loser,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let l = self.unit(*loser)?.clone();
                let o = follow_up::follow_up(&u, &l, *situation, dice)?;
                rolls(
                    &mut entry,
                    &u.name,
                    &[("to stay", &dice.stay), ("follow up", &dice.follow_up)],
                );
                rolls(&mut entry, &l.name, &[("cover", &dice.cover)]);
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{} {}",
                    u.name,
                    if o.follows_up {
                        format!("follows up {} square(s)", o.squares)
                    } else {
                        "stays".to_string()
                    }
                );
                settle(
                    &mut self.due,
                    2,
                    *unit,
                    o.next
                        .iter()
                        .map(|n| Due::new(*n, *unit).against(*loser))
                        .collect(),
                );
                self.set_unit(*unit, o.unit, &mut entry);
                self.set_unit(*loser, o.loser, &mut entry);
            }
            Event::DrawCard { side, kind, value } => {
                let card = self.cards[*side as usize]
                    .iter_mut()
                    .find(|c| c.kind == *kind && c.value.is_none());
                let Some(card) = card else {
                    return Err(BattleError::Refused(format!(
                        "player {} has no {kind} Card waiting for its value (HE-10)",
                        side.name()
                    )));
                };
                card.value = Some(*value);
                // SETBACK AND DISASTER CARDS: face down; the log says its value only at the reveal (HE-10)
                ex.line(
                    format!(
                        "player {}'s {kind} Card: its value is recorded, face down until a call reveals it",
                        side.name()
                    ),
                    cite("SETBACK AND DISASTER CARDS", "HE-10"),
                );
                entry.summary = format!("player {} draws a {kind} Card", side.name());
            }
            Event::Rout { unit, tests, dice } => {
                let u = self.unit(*unit)?.clone();
                if !u.removed {
                    return Err(BattleError::Refused(format!(
                        "{} has not routed: only a Rout or Stampede moves away and makes friends test (HE-26, HE-28)",
                        u.name
                    )));
                }
                // HE-24, HE-28: a rout with no FAILED DISCIPLINE roll rolls its move here
                match dice {
                    Some(dice) if self.rout_die_owed(*unit) => {
                        let (_, lines) = failed::rout_move(&u, dice)?;
                        rolls(&mut entry, &u.name, &[("rout", dice.as_slice())]);
                        ex.extend(lines);
                    }
                    Some(dice) => crate::rules::homunculus_est::Draw::new("rout", dice).done()?,
                    // a save written before the rout's die was asked for (check says so)
                    None => {}
                }
                // a Stampede: friend or enemy, every unit in its ZOC (HE-26)
                let stampede = self.stampede(*unit);
                let mut names = Vec::new();
                for t in tests {
                    let f = self.unit(*t)?;
                    let on_table = t != unit && !f.removed && !f.off_table;
                    if !(on_table && (stampede || t.side == unit.side)) {
                        return Err(BattleError::Refused(format!(
                            "{} is not a friend of {} on the table: the friends whose ZOC the rout enters test (HE-28)",
                            f.name, u.name
                        )));
                    }
                    if names.contains(&f.name) {
                        return Err(BattleError::Refused(format!(
                            "{} is named twice: each friend tests once for the rout (HE-28)",
                            f.name
                        )));
                    }
                    names.push(f.name.clone());
                }
                // FAILED DISCIPLINE OUTCOME Rout: friendly units whose ZOC it enters test (HE-28, HE-29; Stampede HE-26)
                ex.line(
                    if names.is_empty() {
                        format!("{} routs away: it entered no friend's ZOC, by the referee's word; nobody tests", u.name)
                    } else {
                        format!(
                            "{} routs through the ZOC of {}: each takes a Discipline Test",
                            u.name,
                            names.join(", ")
                        )
                    },
                    cite("FAILED DISCIPLINE OUTCOME", "HE-26, HE-28, HE-29"),
                );
                let n = names.len();
                entry.summary = if stampede {
                    format!(
                        "{}'s Stampede: {n} unit{} in its ZOC test{}",
                        u.name,
                        if n == 1 { "" } else { "s" },
                        if n == 1 { "s" } else { "" }
                    )
                } else {
                    format!("{}'s rout: {n} friend(s) test", u.name)
                };
                // Cause Fear: an enemy's test a Stampeding Cause Fear unit causes rolls its
                // failure at -2, as any test a Cause Fear unit causes (HE-28, HE-34)
                let fear = stampede && u.has(Characteristic::CauseFear);
                let then = tests
                    .iter()
                    .map(|t| {
                        let mut d = Due::new(Next::ZocTest, *t);
                        if fear && t.side != unit.side {
                            d.fear = Some(FearSource::Unit);
                        }
                        d
                    })
                    .collect();
                settle(&mut self.due, 6, *unit, then);
            }
            Event::Call { cancel } => {
                let Some(caller) = self.active() else {
                    return Err(BattleError::OutOfTurn(
                        "\"Homunculus Est!\" is called by the active player in his phase (HE-12)"
                            .into(),
                    ));
                };
                let called = caller.other();
                // HE-12 house option *opponent cancels*: a cancel before revealing needs no values
                let opponent_cancels = setup.house.is_on(&OPPONENT_CANCELS);
                let unrevealed = opponent_cancels && cancel.is_some();
                if !unrevealed
                    && self.cards[called as usize]
                        .iter()
                        .any(|c| c.value.is_none())
                {
                    return Err(BattleError::Refused(format!(
                        "player {}'s cards must have their values typed first (HE-10)",
                        called.name()
                    )));
                }
                let mut army = self.armies[called as usize].clone();
                if !unrevealed {
                    army.cards = self.card_values(called);
                }
                let situation = CallSituation {
                    cancel: *cancel,
                    immediate: false,
                    fixed_card_values: fixed,
                    opponent_cancels,
                };
                let o = call(&army, &self.armies[caller as usize], situation)?;
                ex.extend(o.explanation);
                if o.revealed {
                    for c in &mut self.cards[called as usize] {
                        c.revealed = true;
                    }
                }
                self.armies[caller as usize] = ArmyState {
                    cards: CardValues::default(),
                    ..o.caller
                };
                self.armies[called as usize] = ArmyState {
                    cards: CardValues::default(),
                    ..o.army
                };
                // the call is the phase's activation instead of a unit's (HE-5.3)
                self.due.clear();
                self.moving = None;
                // HOMUNCULUS EST!: the called player may discard one revealed card (HE-12)
                // none to discard when he holds no card
                self.may_discard =
                    (o.may_discard && !self.cards[called as usize].is_empty()).then_some(called);
                entry.summary = format!(
                    "player {} calls \"Homunculus Est!\": {}",
                    caller.name(),
                    if o.cancelled {
                        "cancelled".to_string()
                    } else if o.broken {
                        format!("player {}'s army is broken", called.name())
                    } else {
                        format!("{} points, not broken", o.points)
                    }
                );
                if o.broken {
                    self.broken = Some(called);
                    self.phase = Phase::Over;
                } else if o.reversal_of_fortune {
                    self.reverse("the \"Homunculus Est!\" failed", &mut ex);
                }
            }
            Event::Discard { side, kind, index } => {
                let held: Vec<usize> = self.cards[*side as usize]
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.kind == *kind)
                    .map(|(i, _)| i)
                    .collect();
                let Some(&i) = held.get(*index) else {
                    return Err(BattleError::Refused(format!(
                        "player {} has no {kind} Card number {}",
                        side.name(),
                        index + 1
                    )));
                };
                if !self.cards[*side as usize][i].revealed {
                    return Err(BattleError::Refused(
                        "only a revealed card is discarded after a call (HE-12)".into(),
                    ));
                }
                let card = self.cards[*side as usize].remove(i);
                // one discard a call (HE-12)
                self.may_discard = None;
                let worth = card.value.map_or(String::new(), |v| format!(" worth {v}"));
                let word = card_word(*kind);
                ex.line(
                    format!(
                        "player {} discards his revealed {word} Card{worth}",
                        side.name()
                    ),
                    cite("HOMUNCULUS EST!", "HE-12"),
                );
                entry.summary = format!(
                    "player {} discards his revealed {word} Card{worth}",
                    side.name()
                );
            }
            Event::Points { side, change } => {
                let (mut p, e) =
                    command_points::change(self.armies[*side as usize].points, change)?;
                ex.extend(e);
                if let PointsChange::ConvertFor { to, general } = change {
                    // COMMAND POINTS Generalship: his point, for the unit he is attached to (HE-8)
                    let id = UnitId::new(*side, *general);
                    let u = self.unit(id)?.clone();
                    let Some(g) = u.general.as_ref().filter(|_| !u.removed) else {
                        return Err(BattleError::Refused(format!(
                            "{} has no general attached: a Generalship Point is converted by a general for his unit (COMMAND POINTS, HE-8)",
                            u.name
                        )));
                    };
                    if g.points() == 0 {
                        return Err(BattleError::Refused(format!(
                            "{} has no Generalship Point left to convert (COMMAND POINTS, HE-8)",
                            g.name
                        )));
                    }
                    if *to != Pool::Strategy {
                        *p.get_mut(*to) -= 1;
                        self.held.push((id, *to));
                        ex.line(
                            format!(
                                "{}'s point is {}'s alone, used at once by it (not the army's pool)",
                                g.name, u.name
                            ),
                            cite("COMMAND POINTS", "HE-8"),
                        );
                    }
                }
                entry.summary = format!("player {}'s Command Points: {}", side.name(), p.words());
                if let PointsChange::CancelSetback { value } = change {
                    // COMMAND POINTS Strategy: cancel one Setback Card of the holder's choice (HE-8, HE-10)
                    let cards = &mut self.cards[*side as usize];
                    if cards
                        .iter()
                        .any(|c| c.kind == CardKind::Setback && c.value.is_none())
                    {
                        return Err(BattleError::Refused(format!(
                            "player {}'s Setback Cards drawn must have their values typed first (HE-10)",
                            side.name()
                        )));
                    }
                    let held = cards.iter().filter(|c| c.kind == CardKind::Setback).count();
                    // his choice, named by the card's value: a face-down one first
                    let Some(i) = cards
                        .iter()
                        .position(|c| {
                            c.kind == CardKind::Setback && !c.revealed && c.value == Some(*value)
                        })
                        .or_else(|| {
                            cards.iter().position(|c| {
                                c.kind == CardKind::Setback && c.value == Some(*value)
                            })
                        })
                    else {
                        return Err(BattleError::Refused(format!(
                            "player {} holds no Setback Card worth {value} ({held} Setback Card{} held): say the value of the card he gives up (HE-10)",
                            side.name(),
                            if held == 1 { "" } else { "s" }
                        )));
                    };
                    let card = cards.remove(i);
                    let said = if card.revealed {
                        format!("his revealed Setback Card worth {value}")
                    } else {
                        // HE-10: a face-down card's value stays his until a call
                        "one of his face-down Setback Cards, of his choice".to_string()
                    };
                    ex.line(
                        format!("player {} cancels {said}", side.name()),
                        cite("COMMAND POINTS", "HE-8, HE-10"),
                    );
                    entry.summary = format!(
                        "player {} spends a Strategy Point: {said} cancelled",
                        side.name()
                    );
                }
                self.armies[*side as usize].points = p;
            }
            Event::ImmediateCheck { side } => {
                let at = *side as usize;
                if self.cards[at].iter().any(|c| c.value.is_none()) {
                    return Err(BattleError::Refused(format!(
                        "player {}'s cards drawn must have their values typed first (HE-10)",
                        side.name()
                    )));
                }
                let mut army = self.armies[at].clone();
                army.cards = self.card_values(*side);
                // RISK TO GENERALS: the rules' check, not a call: no cancel, no discard,
                // no Reversal of Fortune, nobody's call used (HE-12)
                let c = call(
                    &army,
                    &ArmyState::default(),
                    CallSituation {
                        cancel: None,
                        immediate: true,
                        fixed_card_values: fixed,
                        opponent_cancels: false,
                    },
                )?;
                ex.line(
                    format!(
                        "player {}'s general was killed: the immediate \"Homunculus Est!\" on his army",
                        side.name()
                    ),
                    cite("RISK TO GENERALS", "HE-12, HE-30"),
                );
                ex.extend(c.explanation);
                self.armies[at].fatigued = c.fatigued;
                for card in &mut self.cards[at] {
                    card.revealed = true;
                }
                if let Some(i) = self
                    .due
                    .iter()
                    .position(|d| d.step == Next::HomunculusEst && d.unit.side == *side)
                {
                    self.due.remove(i);
                }
                entry.summary = format!(
                    "the immediate \"Homunculus Est!\" on player {}'s army: {} points, {}",
                    side.name(),
                    c.points,
                    if c.broken {
                        "broken"
                    } else if c.points * 2 >= army.break_point {
                        "not broken, all his units Fatigued"
                    } else {
                        "not broken"
                    }
                );
                if c.broken {
                    self.broken = Some(*side);
                    self.phase = Phase::Over;
                }
            }
            Event::Manoeuvre {
                unit,
                situation,
                dice,
            } => {
                self.own(*unit, "manoeuvres")?;
                let u = self.unit(*unit)?.clone();
                let p =
                    ManoeuvreTest::plan(&u, self.armies[unit.side as usize].points, *situation)?;
                let o = p.resolve(dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{}: {} {}",
                    u.name,
                    situation.manoeuvre.name().replace('_', " "),
                    if o.success { "made" } else { "failed" }
                );
                self.armies[unit.side as usize].points = o.points;
                self.set_unit(*unit, o.after, &mut entry);
                // MANOEUVRE TEST: a manoeuvre made spends its Manoeuvre Points (HE-15)
                if o.success && self.moving == Some(*unit) {
                    self.moving_points = self.moving_points.saturating_sub(p.cost);
                }
                if o.reversal_of_fortune {
                    self.reverse(&format!("{} failed a Manoeuvre Test", u.name), &mut ex);
                }
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => {
                self.own(*shooter, "a Shooting Activation")?;
                let s = self.unit(*shooter)?.clone();
                // UNIT CHARACTERISTICS (2) Nomadic Cavalry: a Shooting Activation during its
                // Movement Activation, once a turn (HE-34)
                let on_the_move = s.activated
                    && self.moving == Some(*shooter)
                    && s.has(Characteristic::NomadicCavalry)
                    && !s.shot_on_the_move;
                if s.activated && !on_the_move {
                    return Err(BattleError::Refused(
                        if s.has(Characteristic::NomadicCavalry) && s.shot_on_the_move {
                            format!(
                                "{} has shot during a Movement Activation this turn already: once each turn (UNIT CHARACTERISTICS (2), HE-34)",
                                s.name
                            )
                        } else if s.has(Characteristic::NomadicCavalry) {
                            format!(
                                "{} has already been activated this phase (HE-5); Nomadic Cavalry shoot during their Movement Activation only, before another unit is activated (HE-34)",
                                s.name
                            )
                        } else {
                            format!("{} has already been activated this phase (HE-5)", s.name)
                        },
                    ));
                }
                let t = self.unit(*target)?.clone();
                let situation = &setup.shooting(situation);
                let o = Shooting::plan(&s, &t, *situation).and_then(|p| p.resolve(dice))?;
                let pool = &mut self.armies[target.side as usize].points;
                if pool.defence < situation.defence_points {
                    return Err(BattleError::Refused(format!(
                        "player {} holds {} Defence Points, not {} (HE-8)",
                        target.side.name(),
                        pool.defence,
                        situation.defence_points
                    )));
                }
                pool.defence -= situation.defence_points;
                rolls(&mut entry, &s.name, &[("shooting", &dice.shooting)]);
                rolls(
                    &mut entry,
                    &t.name,
                    &[
                        ("Defence", &dice.defence),
                        ("push back", &dice.push_back),
                        ("Stubborn", &dice.stubborn),
                    ],
                );
                if on_the_move {
                    ex.line(
                        format!(
                            "{} halts during its Movement Activation to shoot, then may complete its remaining movement (Nomadic Cavalry)",
                            s.name
                        ),
                        cite("UNIT CHARACTERISTICS (2)", "HE-34"),
                    );
                }
                ex.extend(o.explanation);
                entry.summary = format!(
                    "{} shoots {}: {}",
                    s.name,
                    t.name,
                    o.result.name().replace('_', " ")
                );
                let mut sa = s.clone();
                sa.activated = true;
                if on_the_move {
                    sa.shot_on_the_move = true;
                } else {
                    sa.failed_last_movement = false;
                }
                self.set_unit(*shooter, sa, &mut entry);
                // a Shooting Activation of its own (HE-5.3), then what its result requires (HE-23)
                self.due.clear();
                self.may_discard = None;
                if !on_the_move {
                    self.moving = None;
                }
                self.engage(*shooter, *target);
                for n in &o.next {
                    let mut d = Due::new(*n, *target)
                        .against(*shooter)
                        .caused_by(Cause::Shooting);
                    // Cause Fear: a test its shot triggers rolls its failure at -2 (HE-28, HE-34)
                    if family(*n) == 3 && s.has(Characteristic::CauseFear) {
                        d.fear = Some(FearSource::Unit);
                    }
                    if family(*n) == 1 {
                        d.squares = Some(o.push_back_squares);
                    }
                    if family(*n) == 8 {
                        d.risk = Some(if o.target.disordered && !t.disordered {
                            RiskEvent::Disordered
                        } else {
                            RiskEvent::PushedBack
                        });
                    }
                    self.due.push(d);
                }
                self.set_unit(*target, o.target, &mut entry);
                self.collect(target.side, o.cards, fixed, &mut ex);
                if o.reversal_of_fortune {
                    if on_the_move {
                        // a natural 1 Short of Ammunition stops the move (UNIT CHARACTERISTICS (2))
                        self.moving = None;
                        ex.line(
                            format!("{} is Short of Ammunition: its movement stops", s.name),
                            cite("UNIT CHARACTERISTICS (2)", "HE-34"),
                        );
                    }
                    self.reverse(&format!("{} is Short of Ammunition", s.name), &mut ex);
                }
            }
            Event::FailedReform {
                unit,
                situation,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let o = failed::failed_reform(
                    &u,
                    self.armies[unit.side as usize].fatigued,
                    situation,
                    dice,
                )?;
                // the outcome's dice, then the rout's die (HE-28, HE-29)
                rolls(
                    &mut entry,
                    &u.name,
                    &[("outcome", &dice.outcome), ("rout", &dice.rout)],
                );
                ex.extend(o.explanation);
                entry.summary = format!("{}: {}", u.name, o.outcome.name().replace('_', " "));
                let then = outcome_dues(
                    &o.next,
                    *unit,
                    risk_of(o.outcome),
                    Cause::Other,
                    o.rout_squares,
                );
                settle(&mut self.due, 5, *unit, then);
                self.set_unit(*unit, o.after, &mut entry);
                self.collect(unit.side, o.cards, fixed, &mut ex);
            }
            Event::GeneralRisk {
                unit,
                event: what,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let Some(g) = u.general.clone() else {
                    return Err(BattleError::Refused(format!(
                        "{} has no general attached (RISK TO GENERALS)",
                        u.name
                    )));
                };
                let side = unit.side as usize;
                // HE-30: the pool emptied, or (house option *own generalship*) his points only
                let own = setup.house.is_on(&OWN_GENERALSHIP);
                let o = general::general_risk_of(&g, *what, self.armies[side].points, own, dice)?;
                rolls(
                    &mut entry,
                    &g.name,
                    &[
                        ("risk", &dice.risk),
                        ("injury", &dice.injury),
                        ("a die per Command Point", &dice.points),
                    ],
                );
                ex.extend(o.explanation);
                entry.summary = format!("{}: {}", g.name, o.outcome.name().replace('_', " "));
                self.armies[side].points = o.points;
                let mut after = u.clone();
                after.general = match o.outcome {
                    GeneralStatus::Killed | GeneralStatus::SeriouslyWounded => None,
                    _ => Some(o.general),
                };
                self.set_unit(*unit, after, &mut entry);
                self.collect(unit.side, o.cards, fixed, &mut ex);
                // RISK TO GENERALS: a general killed makes the rules' immediate check of
                // his army, once the values of the cards drawn are in (HE-10, HE-12)
                let then = if o.outcome == GeneralStatus::Killed {
                    ex.line(
                        "the immediate \"Homunculus Est!\" on his army follows, once the values of the cards drawn are typed: the rules' check, not a call",
                        cite("RISK TO GENERALS", "HE-10, HE-12"),
                    );
                    vec![Due::new(Next::HomunculusEst, *unit)]
                } else {
                    Vec::new()
                };
                settle(&mut self.due, 8, *unit, then);
            }
            Event::Lines { unit, dice } => {
                let u = self.unit(*unit)?.clone();
                let (removed, after, e) = lines::line_outcome(&u, dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(e);
                entry.summary = format!("{}: {} line(s) removed", u.name, removed.len());
                settle(&mut self.due, 9, *unit, Vec::new());
                self.set_unit(*unit, after, &mut entry);
            }
            Event::Eagles {
                unit,
                event: what,
                dice,
            } => {
                let u = self.unit(*unit)?.clone();
                let o = eagles::lost_eagles(&u, *what, dice)?;
                rolls(&mut entry, &u.name, &[("", dice)]);
                ex.extend(o.explanation);
                entry.summary = format!("{}: {}", u.name, o.result.name().replace('_', " "));
                settle(&mut self.due, 7, *unit, Vec::new());
                self.set_unit(*unit, o.after, &mut entry);
                self.collect(unit.side, o.cards, fixed, &mut ex);
            }
            Event::EndPhase => {
                let Some(active) = self.active() else {
                    return Err(BattleError::OutOfTurn(
                        "no phase is under way (HE-5)".into(),
                    ));
                };
                let why = self.reversal.take();
                let first = self.first_player.unwrap_or(Side::A);
                ex.line(
                    match &why {
                        Some(w) => format!(
                            "Reversal of Fortune ({w}): player {}'s phase ends",
                            active.name()
                        ),
                        None => format!("player {} has finished his phase", active.name()),
                    },
                    cite("", "HE-5.4, HE-6"),
                );
                self.armies[active as usize].called_this_phase = false;
                self.due.clear();
                self.may_discard = None;
                self.moving = None;
                for u in &mut self.units[active as usize] {
                    u.activated = false;
                }
                if active == first {
                    self.phase = Phase::Player(active.other());
                } else {
                    // HE-5.4: the turn ends; "each turn" allowances are restored
                    self.turn += 1;
                    self.phase = Phase::Player(first);
                    for side in &mut self.units {
                        for u in side.iter_mut() {
                            u.free_reroll_used = false;
                            u.shot_on_the_move = false;
                        }
                    }
                }
                // titled by the phase that ends; the next one said after it (HE-5.4)
                entry.summary = format!(
                    "player {}'s phase ends{}; next: turn {}, {}",
                    active.name(),
                    if why.is_some() {
                        " (Reversal of Fortune)"
                    } else {
                        ""
                    },
                    self.turn,
                    self.phase
                );
            }
        }
        entry.explanation = ex;
        Ok(entry)
    }

    /// The rout due for `unit` is a Stampede's (HE-26).
    pub fn stampede(&self, unit: UnitId) -> bool {
        self.due
            .iter()
            .any(|d| d.unit == unit && d.step == Next::RoutMove && d.stampede)
    }

    /// House option *repeat activations* (HE-5): the unit given an
    /// activation may have had one this phase already.
    fn allow_again(&mut self, event: &Event, ex: &mut Explanation) {
        let unit = match event {
            Event::Movement { unit, .. } | Event::Reform { unit, .. } => *unit,
            Event::Combat {
                attacker,
                situation,
                ..
            } if situation.activation
                != crate::rules::homunculus_est::combat::Activation::Charge =>
            {
                *attacker
            }
            Event::Shooting { shooter, .. } => *shooter,
            _ => return,
        };
        if let Some(u) = self.units[unit.side as usize].get_mut(unit.index)
            && u.activated
        {
            u.activated = false;
            ex.line(
                REPEAT_ACTIVATIONS.line(crate::rules::house::HouseValue::YesNo(true)),
                REPEAT_ACTIVATIONS.cite(),
            );
        }
    }

    /// Natural 12: one unseen (unrevealed) Setback Card of its player's
    /// choice is removed, named by its value (HE-10, HE-26); none named
    /// (saves from before the choice was asked): the first unseen one.
    fn remove_unseen_setback(
        &mut self,
        side: Side,
        value: Option<u32>,
        ex: &mut Explanation,
    ) -> Result<(), BattleError> {
        let cards = &mut self.cards[side as usize];
        let unseen = |c: &Card| c.kind == CardKind::Setback && !c.revealed;
        let at = match value {
            Some(v) => match cards.iter().position(|c| unseen(c) && c.value == Some(v)) {
                Some(i) => Some(i),
                None => {
                    return Err(BattleError::Refused(format!(
                        "player {} holds no unseen Setback Card worth {v}: say the value of one he holds face down (HE-10)",
                        side.name()
                    )));
                }
            },
            None => cards.iter().position(unseen),
        };
        match at {
            Some(i) => {
                cards.remove(i);
                ex.line(
                    format!(
                        "a natural 12: player {} removes one unseen Setback Card{}",
                        side.name(),
                        if value.is_some() { ", his choice" } else { "" }
                    ),
                    cite("DISCIPLINE TEST", "HE-10"),
                );
            }
            None => ex.line(
                format!(
                    "a natural 12: player {} holds no unseen Setback Card to remove",
                    side.name()
                ),
                cite("DISCIPLINE TEST", "HE-10"),
            ),
        }
        Ok(())
    }
}

/// Notes each pool of dice `who` rolled as a roll of its own, so the log
/// and the report give every die ("Legio III, to stay: 6 2"); empty pools
/// are left out, an unnamed pool is the roll's only one.
fn rolls(entry: &mut Entry, who: &str, pools: &[(&str, &[u8])]) {
    for (pool, faces) in pools {
        if faces.is_empty() {
            continue;
        }
        let by = match (who.is_empty(), pool.is_empty()) {
            (_, true) => who.to_string(),
            (true, false) => pool.to_string(),
            (false, false) => format!("{who}, {pool}"),
        };
        entry.roll(
            &by,
            &Dice {
                white: faces.iter().filter_map(|f| Die::new(*f)).collect(),
                ..Default::default()
            },
        );
    }
}

/// A card's kind as the sheet writes it: "Setback", "Disaster".
pub fn card_word(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Setback => "Setback",
        CardKind::Disaster => "Disaster",
    }
}

/// A player's pools and cards in a line: "A2 M1 D3 S2 G6; 2 Setback, 1 Disaster (1 untyped)".
pub fn army_line(points: &Points, cards: &[Card]) -> String {
    let s = cards.iter().filter(|c| c.kind == CardKind::Setback).count();
    let d = cards.len() - s;
    let untyped = cards.iter().filter(|c| c.value.is_none()).count();
    format!(
        "A{} M{} D{} S{} G{}; {s} Setback, {d} Disaster{}",
        points.attack,
        points.movement,
        points.defence,
        points.strategy,
        points.generalship,
        if untyped > 0 {
            format!(" ({untyped} untyped)")
        } else {
            String::new()
        }
    )
}

/// The values of a player's revealed cards, for the report (HE-10: face
/// down until a call): "; revealed: Setback 3, Disaster 2", or nothing.
pub fn revealed_line(cards: &[Card]) -> String {
    // values only once revealed (HE-10: face down until a call)
    let revealed: Vec<String> = [CardKind::Setback, CardKind::Disaster]
        .iter()
        .flat_map(|k| {
            cards
                .iter()
                .filter(move |c| c.kind == *k && c.revealed)
                .filter_map(move |c| {
                    let word = match k {
                        CardKind::Setback => "Setback",
                        CardKind::Disaster => "Disaster",
                    };
                    c.value.map(|v| format!("{word} {v}"))
                })
        })
        .collect();
    if revealed.is_empty() {
        String::new()
    } else {
        format!("; revealed: {}", revealed.join(", "))
    }
}

/// The steps a failed outcome (or a push back) requires, with what Herald
/// knows of them: a general's risk by the outcome (HE-30), a rout's
/// distance (its move is the referee's at the table; he names the friends
/// whose ZOC it entered, each to test, HE-28).
fn outcome_dues(
    next: &[Next],
    unit: UnitId,
    risk: RiskEvent,
    cause: Cause,
    rout: Option<u32>,
) -> Vec<Due> {
    next.iter()
        .map(|n| Due {
            risk: Some(risk),
            squares: if *n == Next::RoutMove { rout } else { None },
            ..Due::new(*n, unit).caused_by(cause)
        })
        .collect()
}

/// A line of the log in the referee's words: a rules name written as an
/// identifier (`pushed_back`) in words, and a name ending in s takes the
/// apostrophe alone ("Romans' army", not "Romans's").
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.trim_matches('_').contains('_') {
            out.push_str(&word.replace('_', " "));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    let mut i = 0;
    while let Some(k) = out[i..].find("s's") {
        let at = i + k;
        let next = out[at + 3..].chars().next();
        if next.is_none_or(|c| !c.is_alphanumeric()) {
            out.replace_range(at + 1..at + 3, "'");
            i = at + 2;
        } else {
            i = at + 3;
        }
    }
    out
}

/// The event of RISK TO GENERALS a failed outcome is (HE-30).
fn risk_of(outcome: Outcome) -> RiskEvent {
    match outcome {
        Outcome::Rout | Outcome::Stampede | Outcome::Destroyed => RiskEvent::Routing,
        Outcome::Retiring => RiskEvent::Retiring,
        Outcome::Disordered => RiskEvent::Disordered,
    }
}
