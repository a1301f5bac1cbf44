//! A battle: both sides' units, the turn sequence of 2.1, and the event log
//! whose fold is the battle's state (DESIGN.md: events are the source of
//! truth). Pure: no files and no randomness; dice come in through events,
//! rolled outside by a [`DiceSource`](crate::dice::DiceSource).
//!
//! A console drives it with [`Battle::record`], [`Battle::undo`] and
//! [`Battle::redo`], asks [`Battle::next_step`] what the sequence wants
//! next, and fills an event's dice with [`Battle::complete`].

pub mod auto;
pub mod duty;
pub mod entry;
pub mod event;
pub mod report;
pub mod roll;
pub mod state;

pub use duty::{Due, Duty};
pub use entry::{Change, Effect, Entry, Roll};
pub use event::{Correction, Event, Phase, UnitId};
pub use state::{ChargeMade, Engagement, State, UnitState};

use crate::rules::warlords::army::Army;
use crate::rules::warlords::unit::{Morale, Unit};
use crate::rules::{RulesError, Side};
use std::borrow::Cow;
use thiserror::Error;

/// Why an event was refused, in the referee's words. The battle is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BattleError {
    /// The event does not fit the turn sequence (2.1, 2.2).
    #[error("out of turn: {0}")]
    OutOfTurn(String),
    /// The rules refuse the procedure or its dice.
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// No unit has this id.
    #[error("there is no unit {0} in this battle")]
    NoUnit(UnitId),
    /// The event is not allowed as it stands.
    #[error("{0}")]
    Refused(String),
}

/// An event of a saved log that no longer applies: which one, and why.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("event {number} ({kind}) cannot be replayed: {error}")]
pub struct ReplayError {
    /// The event's number, from 1.
    pub number: usize,
    /// Its kind.
    pub kind: &'static str,
    /// Why it was refused.
    pub error: BattleError,
}

/// What a battle starts from: each side's armies, as copied into the save.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Side a's armies, then side b's.
    pub sides: [Vec<Army>; 2],
}

impl Setup {
    /// Two sides of one or more armies each; each side needs a unit.
    pub fn new(a: Vec<Army>, b: Vec<Army>) -> Result<Setup, BattleError> {
        let setup = Setup { sides: [a, b] };
        for side in [Side::A, Side::B] {
            if setup.units(side).next().is_none() {
                return Err(BattleError::Refused(format!(
                    "side {} has no units; each side needs an army with at least one unit",
                    side.name()
                )));
            }
        }
        Ok(setup)
    }

    /// A side's armies.
    pub fn armies(&self, side: Side) -> &[Army] {
        &self.sides[side as usize]
    }

    /// A side's units as the battle starts, army by army, contingent by contingent.
    pub fn units(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.sides[side as usize].iter().flat_map(|a| a.units())
    }

    /// A side's label for the screen: its armies' `side` labels (or names).
    pub fn label(&self, side: Side) -> String {
        let labels: Vec<&str> = self.sides[side as usize]
            .iter()
            .map(|a| {
                if a.side.trim().is_empty() {
                    a.name.as_str()
                } else {
                    a.side.as_str()
                }
            })
            .collect();
        labels.join(" & ")
    }
}

/// What the turn sequence wants next (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Roll for initiative (2.1.1).
    RollInitiative,
    /// This unit is the next of its side to activate (2.2).
    Activate(UnitId),
    /// Every unit of this side has activated: move on.
    EndActivations(Side),
    /// These two are in Melee and have not fought this turn (2.6).
    FightMelee(UnitId, UnitId),
    /// Every Melee is fought: end the turn.
    EndTurn,
    /// A result left this duty (`duties()[i]`): it comes first (2.2.1, 2.4.10, 2.6.3 …).
    Duty(usize),
}

/// States kept every this many events, so undo replays only a few.
const CHECKPOINT_EVERY: usize = 256;

/// The most checkpoints kept: past this, the older half is thinned out
/// (undo happens at the end of the log, where they stay dense), so a long
/// battle's memory does not grow with a state per 256 events.
const MAX_CHECKPOINTS: usize = 48;

/// Full entries kept for the latest events (at least this many, at most
/// twice as many); older ones are worked out again when asked for.
const RECENT_ENTRIES: usize = 256;

/// A change to the log that the save does not hold yet: the store writes
/// these in order and then marks them saved.
#[derive(Clone, Debug, PartialEq)]
pub enum LogChange {
    /// An event recorded (which drops the redo list).
    Recorded(Box<Event>),
    /// The last event undone.
    Undone,
    /// The last undone event applied again.
    Redone,
}

/// When and how a unit left the table: the event that removed it or
/// Dispersed it (1.7.4), for the fled and destroyed list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The unit.
    pub unit: UnitId,
    /// The event's place in the log, from 0.
    pub event: usize,
    /// The turn it happened in.
    pub turn: u32,
    /// Dispersed by the event (else the referee removed it).
    pub dispersed: bool,
    /// The unit's previous departure, for undo.
    previous: Option<usize>,
}

/// A battle: its setup, its events, and their fold.
#[derive(Clone, Debug)]
pub struct Battle {
    setup: Setup,
    events: Vec<Event>,
    undone: Vec<Event>,
    state: State,
    /// Each event's turn and phase.
    when: Vec<(u32, Phase)>,
    /// The full entries of events `recent_from..`.
    recent: Vec<Entry>,
    recent_from: usize,
    /// States after some numbers of events (`(n, state)`, ascending n,
    /// always one at 0).
    checkpoints: Vec<(usize, State)>,
    /// Every time a unit left the table, oldest first.
    departures: Vec<Departure>,
    /// Each unit's latest departure (an index into `departures`).
    latest_departure: [Vec<Option<usize>>; 2],
    /// Changes to the log not yet written to the save, oldest first.
    unsaved: Vec<LogChange>,
}

impl Battle {
    /// A new battle at turn 1, before initiative.
    pub fn new(setup: Setup) -> Battle {
        let state = State::start(&setup);
        let latest_departure = [
            vec![None; state.units[0].len()],
            vec![None; state.units[1].len()],
        ];
        Battle {
            checkpoints: vec![(0, state.clone())],
            setup,
            events: Vec::new(),
            undone: Vec::new(),
            state,
            when: Vec::new(),
            recent: Vec::new(),
            recent_from: 0,
            departures: Vec::new(),
            latest_departure,
            unsaved: Vec::new(),
        }
    }

    /// Rebuilds a battle from its events (and the undone events kept for
    /// redo, the next to redo last). Nothing in it is unsaved.
    pub fn replay(
        setup: Setup,
        events: Vec<Event>,
        undone: Vec<Event>,
    ) -> Result<Battle, ReplayError> {
        let mut b = Battle::new(setup);
        b.when.reserve_exact(events.len());
        // The events are applied where they lie and then kept as they are:
        // a long log is not copied.
        b.events = events;
        for i in 0..b.events.len() {
            let event = std::mem::replace(&mut b.events[i], Event::NextPhase);
            let applied = b.apply_next(i, &event);
            let kind = event.kind();
            b.events[i] = event;
            applied.map_err(|error| ReplayError {
                number: i + 1,
                kind,
                error,
            })?;
        }
        b.undone = undone;
        Ok(b)
    }

    /// Room for `n` more events, so a long log read from a save is not
    /// copied as it grows.
    pub fn reserve(&mut self, n: usize) {
        self.events.reserve_exact(n);
        self.when.reserve_exact(n);
    }

    /// Applies an event read from a save: as [`Battle::record`], but the
    /// save already holds it, so nothing becomes unsaved; and replay does
    /// not judge it again ([`State::check`]).
    pub fn replay_record(&mut self, event: Event) -> Result<(), BattleError> {
        self.push(event)?;
        self.undone.clear();
        Ok(())
    }

    /// Records an event: checks it (with the rules a replay does not judge
    /// again, [`State::check`]), applies it, and drops the redo list.
    pub fn record(&mut self, event: Event) -> Result<&Entry, BattleError> {
        self.state.check(&self.setup, &event)?;
        self.push(event.clone())?;
        self.undone.clear();
        self.unsaved.push(LogChange::Recorded(Box::new(event)));
        Ok(self.recent.last().expect("an entry was just pushed"))
    }

    /// Applies and keeps an event, with a checkpoint when due.
    fn push(&mut self, event: Event) -> Result<(), BattleError> {
        let at = self.events.len();
        self.apply_next(at, &event)?;
        self.events.push(event);
        Ok(())
    }

    /// Applies event `at` (the next one) and keeps all but the event itself:
    /// its turn and phase, its entry, its departures, a checkpoint when due.
    fn apply_next(&mut self, at: usize, event: &Event) -> Result<(), BattleError> {
        let entry = self.state.apply(&self.setup, event)?;
        self.note_departures(at, event, &entry);
        self.when.push((entry.turn, entry.phase));
        self.recent.push(entry);
        if self.recent.len() >= 2 * RECENT_ENTRIES {
            let old = self.recent.len() - RECENT_ENTRIES;
            self.recent.drain(..old);
            self.recent_from += old;
        }
        let n = at + 1;
        if n.is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push((n, self.state.clone()));
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                // Every other one of the older half goes (never the first).
                let half = self.checkpoints.len() / 2;
                let mut i = 0;
                self.checkpoints.retain(|_| {
                    i += 1;
                    i == 1 || i > half || i % 2 == 1
                });
            }
        }
        Ok(())
    }

    /// Notes the units event `at` took off the table: removed by the
    /// referee, or Dispersed (1.7.4).
    fn note_departures(&mut self, at: usize, event: &Event, entry: &Entry) {
        let removed = match event {
            Event::Correct {
                unit,
                correction: Correction::Removed(true),
            } => Some(*unit),
            _ => None,
        };
        let dispersed = entry.effects.iter().filter_map(|e| match e.change {
            Change::Morale(_, Morale::Dispersed) => Some(e.unit),
            _ => None,
        });
        let gone: Vec<(UnitId, bool)> = removed
            .map(|u| (u, false))
            .into_iter()
            .chain(dispersed.map(|u| (u, true)))
            .collect();
        for (unit, dispersed) in gone {
            let Some(slot) = self.latest_departure[unit.side as usize].get_mut(unit.index) else {
                continue;
            };
            self.departures.push(Departure {
                unit,
                event: at,
                turn: entry.turn,
                dispersed,
                previous: *slot,
            });
            *slot = Some(self.departures.len() - 1);
        }
    }

    /// Takes back the last event; it can be redone. `None` when there is none.
    pub fn undo(&mut self) -> Option<&Event> {
        let event = self.events.pop()?;
        let n = self.events.len();
        self.when.pop();
        while let Some(d) = self.departures.last().filter(|d| d.event >= n) {
            self.latest_departure[d.unit.side as usize][d.unit.index] = d.previous;
            self.departures.pop();
        }
        // The latest state before event n (strictly, so the entries
        // worked out again include the last event's).
        while self.checkpoints.len() > 1 && self.checkpoints.last().is_some_and(|c| c.0 > n) {
            self.checkpoints.pop();
        }
        let start = self
            .checkpoints
            .iter()
            .rposition(|c| c.0 < n || c.0 == 0)
            .unwrap_or(0);
        let (from, state) = &self.checkpoints[start];
        let (from, mut state) = (*from, state.clone());
        let mut recent = Vec::with_capacity(n - from);
        for e in &self.events[from..] {
            // These events applied before, to this same state: they apply again.
            if let Ok(entry) = state.apply(&self.setup, e) {
                recent.push(entry);
            }
        }
        self.state = state;
        self.recent = recent;
        self.recent_from = from;
        self.undone.push(event);
        self.unsaved.push(LogChange::Undone);
        self.undone.last()
    }

    /// Applies again the last undone event, with its recorded dice.
    pub fn redo(&mut self) -> Result<Option<&Entry>, BattleError> {
        let Some(event) = self.undone.pop() else {
            return Ok(None);
        };
        if let Err(e) = self.push(event.clone()) {
            self.undone.push(event);
            return Err(e);
        }
        self.unsaved.push(LogChange::Redone);
        Ok(self.recent.last())
    }

    /// Changes to the log since the save last took them, oldest first.
    pub fn unsaved(&self) -> &[LogChange] {
        &self.unsaved
    }

    /// The first `count` unsaved changes are now in the save.
    pub fn mark_saved(&mut self, count: usize) {
        self.unsaved.drain(..count.min(self.unsaved.len()));
    }

    /// The entry of event `i` (from 0): kept for the latest events, worked
    /// out again from a checkpoint for older ones.
    pub fn entry(&self, i: usize) -> Option<Cow<'_, Entry>> {
        if i >= self.events.len() {
            return None;
        }
        if i >= self.recent_from {
            return self.recent.get(i - self.recent_from).map(Cow::Borrowed);
        }
        let start = self.checkpoints.partition_point(|c| c.0 <= i) - 1;
        let (from, state) = &self.checkpoints[start];
        let mut state = state.clone();
        for e in &self.events[*from..i] {
            let _ = state.apply(&self.setup, e);
        }
        state
            .apply(&self.setup, &self.events[i])
            .ok()
            .map(Cow::Owned)
    }

    /// The last event's entry.
    pub fn last_entry(&self) -> Option<&Entry> {
        self.recent.last()
    }

    /// Every event's entry, oldest first, worked out by replaying the log
    /// from the start (for the report: one pass, nothing kept).
    pub fn replay_entries(&self) -> impl Iterator<Item = Entry> + '_ {
        let mut state = State::start(&self.setup);
        self.events
            .iter()
            .filter_map(move |e| state.apply(&self.setup, e).ok())
    }

    /// The turn and phase event `i` (from 0) happened in.
    pub fn when(&self, i: usize) -> Option<(u32, Phase)> {
        self.when.get(i).copied()
    }

    /// How a unit left the table the last time it did, if it did.
    pub fn departure(&self, id: UnitId) -> Option<&Departure> {
        let i = (*self.latest_departure[id.side as usize].get(id.index)?)?;
        self.departures.get(i)
    }

    /// The setup: both sides' armies as the battle began.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The events so far, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The undone events, the next to redo last.
    pub fn undone(&self) -> &[Event] {
        &self.undone
    }

    /// The whole state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The turn, from 1.
    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// Who holds the initiative this turn, once rolled.
    pub fn initiative(&self) -> Option<Side> {
        self.state.initiative
    }

    /// A unit's state, if the id names one.
    pub fn unit(&self, id: UnitId) -> Option<&UnitState> {
        self.state.get(id)
    }

    /// Every unit of a side with its id.
    pub fn units(&self, side: Side) -> impl Iterator<Item = (UnitId, &UnitState)> {
        self.state.units[side as usize]
            .iter()
            .enumerate()
            .map(move |(i, u)| (UnitId::new(side, i), u))
    }

    /// Units of a side still to activate this turn (on the table, not yet activated).
    pub fn to_activate(&self, side: Side) -> Vec<UnitId> {
        self.state.to_activate(side).collect()
    }

    /// The units `id` is in Melee with.
    pub fn in_melee_with(&self, id: UnitId) -> Vec<UnitId> {
        self.state
            .engagements
            .iter()
            .filter_map(|e| e.opponent_of(id))
            .collect()
    }

    /// Whether the Melee between two units would be their first round (W-7).
    pub fn first_round(&self, a: UnitId, b: UnitId) -> bool {
        self.state.engagement(a, b).is_none_or(|e| e.rounds == 0)
    }

    /// Units off the table (Dispersed or removed), both sides.
    pub fn off_table(&self) -> Vec<UnitId> {
        [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| self.units(s))
            .filter(|(_, u)| u.off_table())
            .map(|(id, _)| id)
            .collect()
    }

    /// What results require before the turn goes on, first due first.
    pub fn duties(&self) -> &[Duty] {
        &self.state.duties
    }

    /// What the turn sequence wants next: a duty a result left, then the sequence of 2.1.
    pub fn next_step(&self) -> Step {
        if !self.state.duties.is_empty() {
            return Step::Duty(0);
        }
        match self.state.phase {
            Phase::Initiative => Step::RollInitiative,
            Phase::Activation(side) => match self.state.to_activate(side).next() {
                Some(id) => Step::Activate(id),
                None => Step::EndActivations(side),
            },
            Phase::Melee => match self.state.engagements.iter().find(|e| !e.fought_this_turn) {
                Some(e) => Step::FightMelee(e.a, e.b),
                None => Step::EndTurn,
            },
        }
    }
}
