//! Robert's Rules of Warfare as a tenant of the battle engine: its setup
//! (each side's army), state (units with stands, hits lost, Disruption and
//! their half-turn so far), events and the fold. Geometry is the referee's
//! (contact, facing, ranges, retreat room, which units are nearby): the
//! events carry it, and Herald re-runs the procedures of
//! `rules::roberts_rules` on them and keeps every count.

pub mod auto;
pub mod course;
pub mod event;
pub mod report;
pub mod state;

pub use event::{Event, Phase, Step};
pub use state::{State, Troop};

use crate::battle::{BattleError, Owed, RuleSystem, UnitId};
use crate::dice::{Colour, Pool};
use crate::rules::house::House;
use crate::rules::roberts_rules::Army;
use crate::rules::{Side, System};

/// The Robert's Rules rule system (`rules/roberts_rules/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RobertsRules;

/// A Robert's Rules battle.
pub type Battle = crate::battle::Battle<RobertsRules>;

/// A Robert's Rules log entry.
pub type Entry = crate::battle::Entry<Phase>;

impl RuleSystem for RobertsRules {
    const SYSTEM: System = System::RobertsRules;
    // RR-1: every roll is two six-sided dice.
    const DICE: &'static [Pool] = &[Pool::d6(Colour::White)];
    type Setup = Setup;
    type State = State;
    type Event = Event;
    type Phase = Phase;

    fn house(setup: &Setup) -> &House {
        &setup.house
    }

    fn house_mut(setup: &mut Setup) -> &mut House {
        &mut setup.house
    }

    fn start(setup: &Setup) -> State {
        State::start(setup)
    }

    fn check(state: &State, _setup: &Setup, event: &Event) -> Result<(), BattleError> {
        state.check(event)
    }

    fn apply(state: &mut State, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        state.apply(setup, event)
    }

    fn kind(event: &Event) -> &'static str {
        event.kind()
    }

    fn turn(state: &State) -> u32 {
        state.turn
    }

    fn phase(state: &State) -> Phase {
        state.phase
    }

    fn unit_counts(state: &State) -> [usize; 2] {
        [state.units[0].len(), state.units[1].len()]
    }

    fn measure(state: &State, setup: &Setup) -> crate::battle::course::Measure {
        course::measure(state, setup)
    }

    fn side_name(setup: &Setup, side: Side) -> String {
        setup.label(side).to_string()
    }

    fn removes(_event: &Event) -> Option<UnitId> {
        None
    }

    fn owed(state: &State, _setup: &Setup) -> Vec<Owed> {
        let Phase::Half { step, .. } = state.phase else {
            // RR-4: who is the first Acting player.
            return vec![Owed::of("who acts first", [])];
        };
        let each = |what: &'static str, units: Vec<UnitId>| {
            units.into_iter().map(move |u| Owed::of(what, [u]))
        };
        match step {
            // Charging: "Eager units must attempt the Action".
            Step::Reaction => each("countercharge", state.countercharges_owed()).collect(),
            // Charging: "units must charge unless a Countermand Action is successfully taken".
            Step::Charge => each("charge", state.charges_owed()).collect(),
            // RR-14, RR-15, RR-20: before the Combat Phase ends.
            Step::Combat => each("name the units nearby a rout", state.nearby_due.clone())
                .chain(each("pursue", state.pursuits_owed()))
                .chain(each(
                    "retreat its base depth",
                    state.vulnerable_retreats_owed(),
                ))
                .chain(each(
                    "Break Check",
                    state.checks_due().into_iter().map(|(u, _)| u).collect(),
                ))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn in_play(state: &State, unit: UnitId) -> bool {
        state.units[unit.side as usize]
            .get(unit.index)
            .is_some_and(|t| !t.gone())
    }
}

/// What a battle starts from: each side's army, as copied into the save.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Side a's army, then side b's.
    pub sides: [Army; 2],
    /// The battle's house options (the rulings unless chosen otherwise).
    pub house: House,
}

impl Setup {
    /// One army a side, each with a unit.
    pub fn new(mut a: Vec<Army>, mut b: Vec<Army>) -> Result<Setup, BattleError> {
        if a.len() != 1 || b.len() != 1 {
            return Err(BattleError::Refused(
                "a Robert's Rules battle is one army a side (an army file each): give one --side file per side".to_string(),
            ));
        }
        let setup = Setup {
            sides: [a.remove(0), b.remove(0)],
            house: System::RobertsRules.house_defaults(),
        };
        for side in [Side::A, Side::B] {
            if setup.sides[side as usize].units.is_empty() {
                return Err(BattleError::Refused(format!(
                    "side {} has no units; each side needs at least one",
                    side.name()
                )));
            }
        }
        Ok(setup)
    }

    /// A side's label for the screen.
    pub fn label(&self, side: Side) -> &str {
        let a = &self.sides[side as usize];
        if a.side.trim().is_empty() {
            &a.name
        } else {
            &a.side
        }
    }
}
