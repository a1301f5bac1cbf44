//! Homunculus Est! as a tenant of the battle engine: its setup (both
//! sides' armies), state (units, Command Point pools, cards held with their
//! values, Fatigue, the turn of HE-5), events and the fold. The table is the
//! truth about geometry: flanks, supports, terrain and free squares are the
//! referee's facts, carried by the events; Herald re-runs the procedures of
//! `rules::homunculus_est` on them and keeps every count.

pub mod auto;
pub mod course;
pub mod dice;
pub mod due;
pub mod event;
pub mod report;
pub mod state;

pub use event::{Event, Phase};
pub use state::{Card, State};

use crate::battle::{BattleError, Owed, RuleSystem, UnitId};
use crate::dice::{Colour, Pool};
use crate::rules::homunculus_est::{Army, Unit};
use crate::rules::house::House;
use crate::rules::{Side, System};

/// The Homunculus Est! rule system (`rules/homunculus_est/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HomunculusEst;

/// A Homunculus Est! battle.
pub type Battle = crate::battle::Battle<HomunculusEst>;

/// A Homunculus Est! log entry.
pub type Entry = crate::battle::Entry<Phase>;

impl RuleSystem for HomunculusEst {
    const SYSTEM: System = System::HomunculusEst;
    // HE-1: all dice are plain d6; events name their pools (combat, defence …).
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
        setup.sides[side as usize].side.clone()
    }

    fn removes(_event: &Event) -> Option<UnitId> {
        None
    }

    fn owed(state: &State, _setup: &Setup) -> Vec<Owed> {
        match state.phase {
            // HE-5.2: each player's die for who starts.
            Phase::Deployment => vec![Owed::of("who starts", [])],
            Phase::Over => Vec::new(),
            Phase::Player(_) => {
                // HE-10: a card's value as drawn, then what results require
                // (HE-7), then a Reversal of Fortune ends the phase (HE-6).
                let card = [Side::A, Side::B]
                    .into_iter()
                    .flat_map(|s| &state.cards[s as usize])
                    .find(|c| c.value.is_none())
                    .map(|_| Owed::of("a card's value", []));
                let due = state.due.iter().map(|d| Owed::of(d.step.words(), [d.unit]));
                let reversal = state
                    .reversal
                    .as_ref()
                    .map(|_| Owed::of("end the phase", []));
                card.into_iter().chain(due).chain(reversal).collect()
            }
        }
    }

    fn in_play(state: &State, unit: UnitId) -> bool {
        state.units[unit.side as usize]
            .get(unit.index)
            .is_some_and(|u| !u.removed && !u.off_table)
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
    /// Two armies, one a side (HE-5: a player's pools are his army's); each needs a unit.
    pub fn new(mut a: Vec<Army>, mut b: Vec<Army>) -> Result<Setup, BattleError> {
        if a.len() != 1 || b.len() != 1 {
            return Err(BattleError::Refused(
                "a Homunculus Est! battle is one army a side: each player's Command Points, cards and Army Break Point are his army's (HE-5, HE-12)".to_string(),
            ));
        }
        let setup = Setup {
            sides: [a.remove(0), b.remove(0)],
            house: System::HomunculusEst.house_defaults(),
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

    /// A shot's situation with the battle's house options (HE-22 stacking,
    /// HE-23 natural 1 only): the table's facts are the event's.
    pub fn shooting(
        &self,
        s: &crate::rules::homunculus_est::shooting::ShootingSituation,
    ) -> crate::rules::homunculus_est::shooting::ShootingSituation {
        use crate::rules::homunculus_est::{NATURAL_ONE_ONLY, STACKING};
        crate::rules::homunculus_est::shooting::ShootingSituation {
            stacking: self.house.is_on(&STACKING),
            natural_one_only: self.house.is_on(&NATURAL_ONE_ONLY),
            ..*s
        }
    }

    /// A Discipline Test's situation with the battle's house option (HE-34
    /// fear stops only): the table's facts are the event's.
    pub fn discipline(
        &self,
        s: &crate::rules::homunculus_est::discipline::DisciplineSituation,
    ) -> crate::rules::homunculus_est::discipline::DisciplineSituation {
        crate::rules::homunculus_est::discipline::DisciplineSituation {
            fear_stops_only: self
                .house
                .is_on(&crate::rules::homunculus_est::FEAR_STOPS_ONLY),
            ..s.clone()
        }
    }

    /// A side's units as the battle starts.
    pub fn units(&self, side: Side) -> &[Unit] {
        &self.sides[side as usize].units
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
