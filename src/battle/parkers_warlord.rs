//! Parker's Warlord as a tenant of the battle engine: its setup (each
//! side's roster), state (personalities with their hands, battle lines
//! with their units), events and the fold. The table is the truth about
//! geometry, wounds and morale (the extract gives neither melee nor
//! morale): the referee's facts come in events; Herald re-runs the
//! procedures of `rules::parkers_warlord` on them and keeps every count.

pub mod auto;
pub mod course;
pub mod event;
pub mod report;
pub mod state;

pub use event::{Event, Phase};
pub use state::State;

use crate::battle::{BattleError, Owed, RuleSystem, UnitId};
use crate::dice::Pool;
use crate::rules::house::House;
use crate::rules::parkers_warlord::Roster;
use crate::rules::{Side, System};

/// The Parker's Warlord rule system (`rules/parkers_warlord/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParkersWarlord;

/// A Parker's Warlord battle.
pub type Battle = crate::battle::Battle<ParkersWarlord>;

/// A Parker's Warlord log entry.
pub type Entry = crate::battle::Entry<Phase>;

impl RuleSystem for ParkersWarlord {
    const SYSTEM: System = System::ParkersWarlord;
    // PW-1: the only die is 1D20.
    const DICE: &'static [Pool] = &[Pool::d20()];
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
        // PW-3, PW-4: each personality's initiative check comes first; then
        // transfers, commands and discards are the side's to choose.
        state
            .unchecked()
            .into_iter()
            .map(|p| Owed::of("initiative check", [p]))
            .collect()
    }

    fn in_play(_state: &State, _unit: UnitId) -> bool {
        // Herald's Parker's Warlord takes no unit or personality off the
        // table (PW-H): every one stays in play.
        true
    }
}

/// What a battle starts from: each side's roster, as copied into the save.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Side a's roster, then side b's.
    pub sides: [Roster; 2],
    /// The battle's house options (the rulings unless chosen otherwise).
    pub house: House,
}

impl Setup {
    /// One roster a side, each with a personality.
    pub fn new(mut a: Vec<Roster>, mut b: Vec<Roster>) -> Result<Setup, BattleError> {
        if a.len() != 1 || b.len() != 1 {
            return Err(BattleError::Refused(
                "a Parker's Warlord battle is one roster a side: its personalities and their battle lines".to_string(),
            ));
        }
        let setup = Setup {
            sides: [a.remove(0), b.remove(0)],
            house: System::ParkersWarlord.house_defaults(),
        };
        for side in [Side::A, Side::B] {
            if setup.sides[side as usize].personalities.is_empty() {
                return Err(BattleError::Refused(format!(
                    "side {} has no personalities; each side needs at least one",
                    side.name()
                )));
            }
        }
        Ok(setup)
    }

    /// A side's label for the screen.
    pub fn label(&self, side: Side) -> &str {
        let r = &self.sides[side as usize];
        if r.side.trim().is_empty() {
            &r.name
        } else {
            &r.side
        }
    }
}
