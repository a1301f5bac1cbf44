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
use crate::rules::warlords::unit::Unit;
use crate::rules::{RulesError, Side};
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

/// A battle: its setup, its events, and their fold.
#[derive(Clone, Debug)]
pub struct Battle {
    setup: Setup,
    events: Vec<Event>,
    undone: Vec<Event>,
    state: State,
    entries: Vec<Entry>,
    /// `checkpoints[i]` is the state after `i * CHECKPOINT_EVERY` events.
    checkpoints: Vec<State>,
}

impl Battle {
    /// A new battle at turn 1, before initiative.
    pub fn new(setup: Setup) -> Battle {
        let state = State::start(&setup);
        Battle {
            checkpoints: vec![state.clone()],
            setup,
            events: Vec::new(),
            undone: Vec::new(),
            state,
            entries: Vec::new(),
        }
    }

    /// Rebuilds a battle from its events (and the undone events kept for redo).
    pub fn replay(
        setup: Setup,
        events: Vec<Event>,
        undone: Vec<Event>,
    ) -> Result<Battle, ReplayError> {
        let mut b = Battle::new(setup);
        b.events.reserve(events.len());
        b.entries.reserve(events.len());
        for (i, e) in events.into_iter().enumerate() {
            let kind = e.kind();
            b.push(e).map_err(|error| ReplayError {
                number: i + 1,
                kind,
                error,
            })?;
        }
        b.undone = undone;
        Ok(b)
    }

    /// Records an event: checks it (with the rules a replay does not judge
    /// again, [`State::check`]), applies it, and drops the redo list.
    pub fn record(&mut self, event: Event) -> Result<&Entry, BattleError> {
        self.state.check(&self.setup, &event)?;
        self.push(event)?;
        self.undone.clear();
        Ok(self.entries.last().expect("an entry was just pushed"))
    }

    /// Applies and keeps an event, with a checkpoint when due.
    fn push(&mut self, event: Event) -> Result<(), BattleError> {
        let entry = self.state.apply(&self.setup, &event)?;
        self.events.push(event);
        self.entries.push(entry);
        if self.events.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.state.clone());
        }
        Ok(())
    }

    /// Takes back the last event; it can be redone. `None` when there is none.
    pub fn undo(&mut self) -> Option<&Event> {
        let event = self.events.pop()?;
        self.entries.pop();
        let n = self.events.len();
        self.checkpoints.truncate(n / CHECKPOINT_EVERY + 1);
        let from = (n / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
        let mut state = self.checkpoints[n / CHECKPOINT_EVERY].clone();
        for e in &self.events[from..] {
            // These events applied before, to this same state: they apply again.
            let _ = state.apply(&self.setup, e);
        }
        self.state = state;
        self.undone.push(event);
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
        Ok(self.entries.last())
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

    /// One entry per event: summaries for the log pane, details for the report.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
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
