//! What a rule system gives the battle engine: its setup, state, events and
//! phases, and the fold of one event into the state. The engine
//! ([`Battle`](super::Battle)) does the rest once for every system: the log,
//! record, undo and redo at any depth, replay, checkpoints, the entries kept,
//! and who left the table when.

use super::course::Measure;
use super::{BattleError, Entry, UnitId};
use crate::dice::Pool;
use crate::rules::house::House;
use crate::rules::{Side, System};
use std::fmt::Debug;

/// A step a battle owes (issue 36): its name, as the system's walker
/// names it, and the units it is about (none for a step of the sequence:
/// the initiative, the end of a phase). The walker names these steps and
/// none other; each unit is in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The step, in a few words (`activate`, `fight a Melee`).
    pub step: String,
    /// The units it is about; for a choice among units (which of a side's
    /// units activates next), every one it may be.
    pub units: Vec<UnitId>,
}

impl Owed {
    /// A step about these units.
    pub fn of(step: impl Into<String>, units: impl IntoIterator<Item = UnitId>) -> Owed {
        Owed {
            step: step.into(),
            units: units.into_iter().collect(),
        }
    }

    /// Whether `self`, as a walker names it, is this step the battle owes:
    /// the same step, about units it may be about.
    pub fn names(&self, owed: &Owed) -> bool {
        self.step == owed.step && self.units.iter().all(|u| owed.units.contains(u))
    }
}

/// A rule system as the battle engine sees it. Implemented by a marker type
/// per system (`battle::warlords::Warlords`); the engine is generic over it,
/// so nothing is looked up at run time.
pub trait RuleSystem: Sized + 'static {
    /// Which system this is (files name it by its word, `warlords`).
    const SYSTEM: System;
    /// The dice it rolls: the pools its events, saves and cases hold, and
    /// the only ones a file of this system may name.
    const DICE: &'static [Pool];
    /// What a battle starts from: each side's armies, as saved.
    type Setup: Clone + Debug + PartialEq;
    /// The fold of the log: every unit and where the turn stands.
    type State: Clone + Debug;
    /// One change to a battle: a procedure with its dice, a correction, a
    /// step of the sequence. Events hold inputs, never results.
    type Event: Clone + Debug + PartialEq;
    /// Where a turn stands in the system's sequence.
    type Phase: Copy + Debug + PartialEq + std::fmt::Display;

    /// The battle's house options (`rules::house`), held in its setup so
    /// every rule sees them; [`System::house_options`] lists those declared.
    fn house(setup: &Self::Setup) -> &House;

    /// The battle's house options, to choose them when it is made or read.
    fn house_mut(setup: &mut Self::Setup) -> &mut House;

    /// The state at the start of the battle.
    fn start(setup: &Self::Setup) -> Self::State;

    /// Judges an event as the referee records it: rules that a replay of a
    /// saved log does not judge again (what the turn requires first).
    fn check(
        state: &Self::State,
        setup: &Self::Setup,
        event: &Self::Event,
    ) -> Result<(), BattleError>;

    /// Applies an event: the rules run again on its inputs. On an error the
    /// state is unchanged.
    fn apply(
        state: &mut Self::State,
        setup: &Self::Setup,
        event: &Self::Event,
    ) -> Result<Entry<Self::Phase>, BattleError>;

    /// The event's kind, as saves write it (`shooting`, `correct`).
    fn kind(event: &Self::Event) -> &'static str;

    /// The turn, from 1.
    fn turn(state: &Self::State) -> u32;

    /// The phase of the turn.
    fn phase(state: &Self::State) -> Self::Phase;

    /// How many units each side has (a unit keeps its place all battle).
    fn unit_counts(state: &Self::State) -> [usize; 2];

    /// The unit an event takes off the table by the referee's hand, if any
    /// (units the rules take off show in the entry: [`Effect::leaves_table`](super::Effect)).
    fn removes(event: &Self::Event) -> Option<UnitId>;

    /// Each side's strength and units in each morale state, in the system's
    /// own terms, for the course of the battle (`battle::course`).
    fn measure(state: &Self::State, setup: &Self::Setup) -> Measure;

    /// The steps the battle owes before the turn goes on, first due first
    /// (its sequence's next step, what a result left): what the walker
    /// names (issue 36). Empty when nothing is owed: the referee's free
    /// choice, or the battle over.
    fn owed(state: &Self::State, setup: &Self::Setup) -> Vec<Owed>;

    /// Whether a unit is still in play: on the table, not removed, not
    /// fled. A step is never owed by a unit out of play.
    fn in_play(state: &Self::State, unit: UnitId) -> bool;

    /// A side as the screens name it (its armies' short labels).
    fn side_name(_setup: &Self::Setup, side: Side) -> String {
        format!("side {}", side.name())
    }
}
