//! The battle engine, written once for every rule system: a battle's
//! setup, its event log and the log's fold, which is the battle's state
//! (DESIGN.md: events are the source of truth). Record, undo and redo at any
//! depth, replay, checkpoints, the entries kept for the log and who left the
//! table when are here; a system ([`RuleSystem`]) gives its state, events
//! and phases (`battle::warlords`). Pure: no files and no randomness; dice
//! come in through events, rolled outside by a
//! [`DiceSource`](crate::dice::DiceSource).

pub mod course;
pub mod entry;
pub mod homunculus_est;
pub mod parkers_warlord;
pub mod roberts_rules;
pub mod system;
pub mod unit_id;
pub mod warlord_i;
pub mod warlords;

pub use entry::{Effect, Entry, Roll};
pub use system::{Owed, RuleSystem};
pub use unit_id::UnitId;

use crate::rules::RulesError;
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
pub enum LogChange<E> {
    /// An event recorded (which drops the redo list).
    Recorded(Box<E>),
    /// The last event undone.
    Undone,
    /// The last undone event applied again.
    Redone,
}

/// When and how a unit left the table: the event that removed it or
/// took it off by the rules (Dispersed, 1.7.4), for the fled and destroyed
/// list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The unit.
    pub unit: UnitId,
    /// The event's place in the log, from 0.
    pub event: usize,
    /// The turn it happened in.
    pub turn: u32,
    /// Taken off by the rules (else the referee removed it).
    pub dispersed: bool,
    /// The unit's previous departure, for undo.
    previous: Option<usize>,
}

/// A battle of system `S`: its setup, its events, and their fold.
#[derive(Clone, Debug)]
pub struct Battle<S: RuleSystem> {
    setup: S::Setup,
    events: Vec<S::Event>,
    undone: Vec<S::Event>,
    state: S::State,
    /// Each event's turn and phase.
    when: Vec<(u32, S::Phase)>,
    /// The full entries of events `recent_from..`.
    recent: Vec<Entry<S::Phase>>,
    recent_from: usize,
    /// States after some numbers of events (`(n, state)`, ascending n,
    /// always one at 0).
    checkpoints: Vec<(usize, S::State)>,
    /// Every time a unit left the table, oldest first.
    departures: Vec<Departure>,
    /// Each unit's latest departure (an index into `departures`).
    latest_departure: [Vec<Option<usize>>; 2],
    /// Changes to the log not yet written to the save, oldest first.
    unsaved: Vec<LogChange<S::Event>>,
    /// Events of a saved log that today's rules would refuse, with why
    /// (ascending event index): they stand as recorded (DESIGN.md, events
    /// are the source of truth), and the log says so.
    earlier: Vec<EarlierReading>,
}

/// What the log and the report say of an event recorded under an earlier
/// reading of the rules.
pub fn earlier_words(why: &str) -> String {
    format!(
        "recorded under an earlier reading of the rules: today Herald would refuse it ({why}); it stands as recorded"
    )
}

/// An event a saved log holds that today's rules would refuse: recorded
/// under an earlier reading of the rules, it stands as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EarlierReading {
    /// The event's place in the log, from 0.
    pub event: usize,
    /// Why today's rules would refuse it, in the referee's words.
    pub why: String,
}

impl<S: RuleSystem> Battle<S> {
    /// A new battle at its start (turn 1, before anything is rolled).
    pub fn new(setup: S::Setup) -> Battle<S> {
        let state = S::start(&setup);
        let [a, b] = S::unit_counts(&state);
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
            latest_departure: [vec![None; a], vec![None; b]],
            unsaved: Vec::new(),
            earlier: Vec::new(),
        }
    }

    /// Rebuilds a battle from its events (and the undone events kept for
    /// redo, the next to redo last). Nothing in it is unsaved.
    pub fn replay(
        setup: S::Setup,
        events: Vec<S::Event>,
        undone: Vec<S::Event>,
    ) -> Result<Battle<S>, ReplayError> {
        let mut b = Battle::new(setup);
        b.when.reserve_exact(events.len());
        // The events are applied where they lie and then kept as they are:
        // a long log is not copied.
        for (i, event) in events.iter().enumerate() {
            b.apply_next(i, event).map_err(|error| ReplayError {
                number: i + 1,
                kind: S::kind(event),
                error,
            })?;
        }
        b.events = events;
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
    /// save already holds it, so nothing becomes unsaved; and an event that
    /// today's [`RuleSystem::check`] refuses stands as recorded, noted as
    /// made under an earlier reading ([`Battle::earlier_reading`]).
    pub fn replay_record(&mut self, event: S::Event) -> Result<(), BattleError> {
        let refused = S::check(&self.state, &self.setup, &event).err();
        let at = self.events.len();
        self.push(event)?;
        if let Some(why) = refused {
            self.earlier.push(EarlierReading {
                event: at,
                why: why.to_string(),
            });
        }
        self.undone.clear();
        Ok(())
    }

    /// Records an event: checks it (with the rules a replay does not judge
    /// again, [`RuleSystem::check`]), applies it, and drops the redo list.
    pub fn record(&mut self, event: S::Event) -> Result<&Entry<S::Phase>, BattleError> {
        S::check(&self.state, &self.setup, &event)?;
        self.push(event.clone())?;
        self.undone.clear();
        self.unsaved.push(LogChange::Recorded(Box::new(event)));
        Ok(self.recent.last().expect("an entry was just pushed"))
    }

    /// Applies and keeps an event, with a checkpoint when due.
    fn push(&mut self, event: S::Event) -> Result<(), BattleError> {
        let at = self.events.len();
        self.apply_next(at, &event)?;
        self.events.push(event);
        Ok(())
    }

    /// Applies event `at` (the next one) and keeps all but the event itself:
    /// its turn and phase, its entry, its departures, a checkpoint when due.
    fn apply_next(&mut self, at: usize, event: &S::Event) -> Result<(), BattleError> {
        let entry = S::apply(&mut self.state, &self.setup, event)?;
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
    /// referee, or by the rules.
    fn note_departures(&mut self, at: usize, event: &S::Event, entry: &Entry<S::Phase>) {
        let removed = S::removes(event).map(|u| (u, false));
        let by_rules = entry
            .effects
            .iter()
            .filter(|e| e.leaves_table)
            .map(|e| (e.unit, true));
        let gone: Vec<(UnitId, bool)> = removed.into_iter().chain(by_rules).collect();
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
    pub fn undo(&mut self) -> Option<&S::Event> {
        let event = self.events.pop()?;
        let n = self.events.len();
        self.when.pop();
        while self.earlier.last().is_some_and(|e| e.event >= n) {
            self.earlier.pop();
        }
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
            if let Ok(entry) = S::apply(&mut state, &self.setup, e) {
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

    /// Takes back the last event and names it as the log does (its
    /// summary), for a console's `undone: …` line; `None` when there is none.
    pub fn undo_named(&mut self) -> Option<String> {
        let said = self.last_entry().map(|e| e.summary.clone());
        let kind = S::kind(self.undo()?);
        Some(said.unwrap_or_else(|| kind.replace('_', " ")))
    }

    /// Applies again the last undone event, with its recorded dice.
    pub fn redo(&mut self) -> Result<Option<&Entry<S::Phase>>, BattleError> {
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
    pub fn unsaved(&self) -> &[LogChange<S::Event>] {
        &self.unsaved
    }

    /// The first `count` unsaved changes are now in the save.
    pub fn mark_saved(&mut self, count: usize) {
        self.unsaved.drain(..count.min(self.unsaved.len()));
    }

    /// The entry of event `i` (from 0): kept for the latest events, worked
    /// out again from a checkpoint for older ones.
    pub fn entry(&self, i: usize) -> Option<Cow<'_, Entry<S::Phase>>> {
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
            let _ = S::apply(&mut state, &self.setup, e);
        }
        S::apply(&mut state, &self.setup, &self.events[i])
            .ok()
            .map(Cow::Owned)
    }

    /// Why event `i` (from 0) would be refused by today's rules, when it was
    /// recorded under an earlier reading of them (a save written by an
    /// earlier Herald); `None` for an event today's rules accept.
    pub fn earlier_reading(&self, i: usize) -> Option<&str> {
        self.earlier
            .binary_search_by_key(&i, |e| e.event)
            .ok()
            .map(|k| self.earlier[k].why.as_str())
    }

    /// Every event recorded under an earlier reading of the rules, oldest
    /// first.
    pub fn earlier_readings(&self) -> &[EarlierReading] {
        &self.earlier
    }

    /// The last event's entry.
    pub fn last_entry(&self) -> Option<&Entry<S::Phase>> {
        self.recent.last()
    }

    /// Every event's entry, oldest first, worked out by replaying the log
    /// from the start (for the report: one pass, nothing kept).
    pub fn replay_entries(&self) -> impl Iterator<Item = Entry<S::Phase>> + '_ {
        let mut state = S::start(&self.setup);
        self.events
            .iter()
            .filter_map(move |e| S::apply(&mut state, &self.setup, e).ok())
    }

    /// The turn and phase event `i` (from 0) happened in.
    pub fn when(&self, i: usize) -> Option<(u32, S::Phase)> {
        self.when.get(i).copied()
    }

    /// How a unit left the table the last time it did, if it did.
    pub fn departure(&self, id: UnitId) -> Option<&Departure> {
        let i = (*self.latest_departure[id.side as usize].get(id.index)?)?;
        self.departures.get(i)
    }

    /// The setup: both sides' armies as the battle began.
    pub fn setup(&self) -> &S::Setup {
        &self.setup
    }

    /// The events so far, oldest first.
    pub fn events(&self) -> &[S::Event] {
        &self.events
    }

    /// The undone events, the next to redo last.
    pub fn undone(&self) -> &[S::Event] {
        &self.undone
    }

    /// The whole state.
    pub fn state(&self) -> &S::State {
        &self.state
    }

    /// The turn, from 1.
    pub fn turn(&self) -> u32 {
        S::turn(&self.state)
    }

    /// The phase of the turn.
    pub fn phase(&self) -> S::Phase {
        S::phase(&self.state)
    }
}
