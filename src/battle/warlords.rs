//! Warlords as a tenant of the battle engine: its setup, state, events and
//! turn sequence (2.1), and what its console asks of a battle (who
//! activates next, who is in Melee, what a result left to do).

pub mod auto;
pub mod course;
pub mod duty;
pub mod effects;
pub mod event;
pub mod report;
pub mod roll;
pub mod state;
pub mod summary;

pub use duty::{Due, Duty};
pub use event::{Correction, Event, Phase};
pub use state::{ChargeMade, Engagement, State, Support, UnitState};

use crate::battle::{BattleError, Owed, RuleSystem, UnitId};
use crate::dice::{Colour, Pool};
use crate::rules::house::House;
use crate::rules::warlords::army::Army;
use crate::rules::warlords::unit::Unit;
use crate::rules::{Side, System};

/// The Warlords rule system (`rules/warlords/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Warlords;

/// A Warlords battle.
pub type Battle = crate::battle::Battle<Warlords>;

/// A Warlords log entry.
pub type Entry = crate::battle::Entry<Phase>;

/// A change to a Warlords log not yet saved.
pub type LogChange = crate::battle::LogChange<Event>;

impl RuleSystem for Warlords {
    const SYSTEM: System = System::Warlords;
    // 1.3: white dice for every roll, red and yellow for personalities.
    const DICE: &'static [Pool] = &[
        Pool::d6(Colour::White),
        Pool::d6(Colour::Red),
        Pool::d6(Colour::Yellow),
    ];
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

    fn check(state: &State, setup: &Setup, event: &Event) -> Result<(), BattleError> {
        state.check(setup, event)
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
        let labels: Vec<&str> = setup.sides[side as usize]
            .iter()
            .map(|a| a.side.as_str())
            .collect();
        labels.join(" & ")
    }

    fn owed(state: &State, _setup: &Setup) -> Vec<Owed> {
        // The duties results left, first due first, then the sequence's
        // step: in Melee every pair still to fight (2.6).
        let mut owed: Vec<Owed> = (0..state.duties.len())
            .map(|i| state.owed(Step::Duty(i)))
            .collect();
        let pairs: Vec<Owed> = state
            .melees_to_fight()
            .map(|e| state.owed(Step::FightMelee(e.a, e.b)))
            .collect();
        match state.phase {
            Phase::Melee if !pairs.is_empty() => owed.extend(pairs),
            _ => owed.push(state.owed(state.sequence_step())),
        }
        owed
    }

    fn in_play(state: &State, unit: UnitId) -> bool {
        state.units[unit.side as usize]
            .get(unit.index)
            .is_some_and(|u| !u.off_table())
    }

    fn removes(event: &Event) -> Option<UnitId> {
        match event {
            Event::Correct {
                unit,
                correction: Correction::Removed(true),
            } => Some(*unit),
            _ => None,
        }
    }
}

impl State {
    /// What the turn sequence wants next: a duty a result left, then the sequence of 2.1.
    pub fn next_step(&self) -> Step {
        // A declared charge comes after the duties it waits on: the target's
        // flight before the charge move (W-29, 1.7.3).
        let charge = |d: &Duty| matches!(d.due, Due::Charge { .. });
        if let Some(i) = self.duties.iter().position(|d| !charge(d)) {
            return Step::Duty(i);
        }
        if !self.duties.is_empty() {
            return Step::Duty(0);
        }
        self.sequence_step()
    }

    /// The step of 2.1 the turn is at, duties apart.
    fn sequence_step(&self) -> Step {
        match self.phase {
            Phase::Initiative => Step::RollInitiative,
            Phase::Activation(side) => match self.to_activate(side).next() {
                Some(id) => Step::Activate(id),
                None => Step::EndActivations(side),
            },
            Phase::Melee => match self.melees_to_fight().next() {
                Some(e) => Step::FightMelee(e.a, e.b),
                None => Step::EndTurn,
            },
        }
    }

    /// A step of the sequence as the battle owes it (issue 36): an
    /// activation may be any unit of the side still to activate (2.2).
    pub fn owed(&self, step: Step) -> Owed {
        match step {
            Step::RollInitiative => Owed::of("roll for initiative", []),
            Step::Activate(id) => Owed::of("activate", self.to_activate(id.side)),
            Step::EndActivations(_) => Owed::of("end the activations", []),
            Step::FightMelee(a, b) => Owed::of("fight a Melee", [a, b]),
            Step::EndTurn => Owed::of("end the turn", []),
            Step::Duty(i) => match self.duties.get(i) {
                Some(d) => Owed::of(d.due.to_string(), [d.unit]),
                None => Owed::of("a duty", []),
            },
        }
    }
}

/// What a battle starts from: each side's armies, as copied into the save.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Side a's armies, then side b's.
    pub sides: [Vec<Army>; 2],
    /// The battle's house options (the rulings unless chosen otherwise).
    pub house: House,
}

impl Setup {
    /// Two sides of one or more armies each; each side needs a unit.
    pub fn new(a: Vec<Army>, b: Vec<Army>) -> Result<Setup, BattleError> {
        let setup = Setup {
            sides: [a, b],
            house: System::Warlords.house_defaults(),
        };
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

    /// A side's label that never reads as the other side's: with the same
    /// label on both sides (a mirror battle), its letter follows (`English (a)`).
    pub fn distinct_label(&self, side: Side) -> String {
        let own = self.label(side);
        if own == self.label(side.other()) {
            format!("{own} ({})", side.name())
        } else {
            own
        }
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

impl Battle {
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

    /// Whether `me` charged `foe` into contact this turn and still counts as
    /// a charging unit in their Melee (2.4.4.1, 2.4.4.2).
    pub fn charging_in_melee(&self, me: UnitId, foe: UnitId) -> bool {
        self.state.charging_in_melee(me, foe)
    }

    /// How `charger`'s charge at `target` moves now (2.4.4.1, 2.4.4.2).
    pub fn charge_move(
        &self,
        charger: UnitId,
        target: UnitId,
    ) -> Option<crate::rules::warlords::charge::ChargeMove> {
        self.state.charge_move(charger, target)
    }

    /// The supporting units of the Melee of `a` and `b`, both sides (2.6).
    pub fn supports_of(&self, a: UnitId, b: UnitId) -> Vec<Support> {
        self.state.supports_of(a, b).copied().collect()
    }

    /// The opponents of `id` in its Melees: the units engaged with it that
    /// are not a supporting unit's contact (2.6).
    pub fn opponents_of(&self, id: UnitId) -> Vec<UnitId> {
        self.state
            .engagements
            .iter()
            .filter(|e| self.state.covered(e).is_none())
            .filter_map(|e| e.opponent_of(id))
            .collect()
    }

    /// The pairs still to fight a Melee this turn (2.6), in the walker's order.
    pub fn melee_pairs_to_fight(&self) -> Vec<(UnitId, UnitId)> {
        self.state.melees_to_fight().map(|e| (e.a, e.b)).collect()
    }

    /// Every supporting unit marked in the battle's Melees (2.6).
    pub fn supports(&self) -> &[Support] {
        &self.state.supports
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
        self.state.next_step()
    }
}
