//! Warlord I as a tenant of the battle engine: its setup (both sides'
//! armies), state, events and the Move sequence of Rule 25, and what a
//! console asks of a battle (what the sequence wants next, which units are
//! still to act, which are flagged for a waver test, which COs have CCPs).
//!
//! The table is the truth about geometry (WI-23): distances, contact,
//! charges and evasions, reaction moves and who is within 10 cm are the
//! referee's inputs, carried by the events; Herald re-runs the procedures of
//! `rules::warlord_i` on them and keeps every count.

pub mod auto;
pub mod course;
pub mod effects;
pub mod event;
pub mod report;
pub mod roll;
pub mod state;

pub use event::{
    Application, CoCorrection, CoId, CommandFacts, Correction, Disaster, EnterFacts, Event, Phase,
    RallyOutcome, RoutCause, TransferFacts, WaverCause,
};
pub use state::{CoState, Engagement, State, UnitState};

use crate::battle::{BattleError, Owed, RuleSystem, UnitId};
use crate::dice::{Colour, Pool};
use crate::rules::house::House;
use crate::rules::warlord_i::{
    Army, CcpCost, CommandTest, Division, GeneralRisk, Melee, MeleeFacts, Unit,
};
use crate::rules::{Side, System};

/// The Warlord I rule system (`rules/warlord_i/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarlordI;

/// A Warlord I battle.
pub type Battle = crate::battle::Battle<WarlordI>;

/// A Warlord I log entry.
pub type Entry = crate::battle::Entry<Phase>;

/// A change to a Warlord I log not yet saved.
pub type LogChange = crate::battle::LogChange<Event>;

impl RuleSystem for WarlordI {
    const SYSTEM: System = System::WarlordI;
    // The playsheet throws plain d6 only (Rules 29, 55, 58, 76).
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
        state.owed()
    }

    fn in_play(state: &State, unit: UnitId) -> bool {
        state.get(unit).is_some_and(|u| !u.off_table())
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
            house: System::WarlordI.house_defaults(),
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

    /// A side's units as the battle starts, army by army, division by division.
    pub fn units(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.sides[side as usize].iter().flat_map(|a| a.units())
    }

    /// A side's divisions with their army's place, army by army: the COs' order.
    pub fn divisions(&self, side: Side) -> impl Iterator<Item = (usize, &Division)> {
        self.sides[side as usize]
            .iter()
            .enumerate()
            .flat_map(|(i, a)| a.divisions.iter().map(move |d| (i, d)))
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

/// What the Move sequence of Rule 25 wants next, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Any step: a disaster just happened (WI-12); the referee names the
    /// friendly units within 10 cm of it (Rules 12, 58).
    FriendsWithin10cm(Disaster),
    /// 1. Dice for the order of play (Rule 26, WI-3).
    RollOrderOfPlay,
    /// Routing or evading troops roll for attrition after their move:
    /// routs first in their side's command step, evaders in the charges
    /// step (Rule 13, WI-11).
    Fugitives(UnitId),
    /// 2-3. This CO takes his command test (Rule 29, WI-4), the C-in-C first
    /// (he may then give CCPs to the others, WI-5).
    CommandTest(CoId),
    /// 2-3. This side's units recuperate, or lose bases (Rules 15, 16; WI-9, WI-10).
    Recuperation(Side),
    /// 2-3. Units are commanded and moved on the table ([`Battle::to_command`]); then on.
    EndCommand(Side),
    /// 4. Units shoot ([`Battle::shooters`]); then on.
    EndShooting,
    /// 5-7. This unit has a cause for a waver test and must take it (Rule 58, WI-13).
    WaverTest(UnitId),
    /// 5. Every flagged unit has tested: on.
    EndWaverTests,
    /// 6. Charges are completed on the table (contact: engage); then on.
    EndCharges,
    /// 7. These two are in melee and have not fought this Move (Rule 76).
    FightMelee(UnitId, UnitId),
    /// 7. Every melee is fought: on.
    EndMelees,
    /// 8. This general's unit incurred APs this Move: his wounding roll (Rule 99, WI-21).
    GeneralRisk(CoId),
    /// 8. The Move is concluded: the next Move.
    EndMove,
}

impl Step {
    /// The side whose turn it is, when the step is one side's.
    pub fn side(self) -> Option<Side> {
        match self {
            Step::Fugitives(u) | Step::WaverTest(u) => Some(u.side),
            Step::CommandTest(c) | Step::GeneralRisk(c) => Some(c.side),
            Step::Recuperation(s) | Step::EndCommand(s) => Some(s),
            Step::FriendsWithin10cm(d) => Some(d.side()),
            _ => None,
        }
    }
}

impl Battle {
    /// Player 1 this Move, once the order of play is decided (Rule 26).
    pub fn player_1(&self) -> Option<Side> {
        self.state().player_1
    }

    /// A unit's state, if the id names one.
    pub fn unit(&self, id: UnitId) -> Option<&UnitState> {
        self.state().get(id)
    }

    /// Every unit of a side with its id.
    pub fn units(&self, side: Side) -> impl Iterator<Item = (UnitId, &UnitState)> {
        self.state().units[side as usize]
            .iter()
            .enumerate()
            .map(move |(i, u)| (UnitId::new(side, i), u))
    }

    /// A CO's state, if the id names one.
    pub fn co(&self, id: CoId) -> Option<&CoState> {
        self.state().co(id)
    }

    /// Every CO of a side with his id.
    pub fn cos(&self, side: Side) -> impl Iterator<Item = (CoId, &CoState)> {
        self.state().cos[side as usize]
            .iter()
            .enumerate()
            .map(move |(i, c)| (CoId::new(side, i), c))
    }

    /// The CO of a unit's division.
    pub fn division_of(&self, unit: UnitId) -> Option<CoId> {
        self.unit(unit).map(|u| CoId::new(unit.side, u.division))
    }

    /// The C-in-C of a CO's army.
    pub fn c_in_c_of(&self, co: CoId) -> Option<CoId> {
        self.state().c_in_c_of(co)
    }

    /// Units of a side on the table still to act this Move: neither
    /// commanded (Rule 29) nor tested on their CO's initiative (WI-7).
    pub fn to_command(&self, side: Side) -> Vec<UnitId> {
        self.units(side)
            .filter(|(_, u)| !u.off_table() && u.commands.is_empty() && u.initiative.is_none())
            .map(|(id, _)| id)
            .collect()
    }

    /// Units flagged for a waver test that must still take it, both sides (Rule 58, WI-13).
    pub fn flagged(&self) -> Vec<UnitId> {
        self.state().flagged().collect()
    }

    /// Units on the table that may still shoot this Move (Rule 25 step 4).
    pub fn shooters(&self) -> Vec<UnitId> {
        [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| self.units(s))
            .filter(|(_, u)| u.may_shoot())
            .map(|(id, _)| id)
            .collect()
    }

    /// Routing or evading units still to roll for attrition this Move (WI-11).
    pub fn fugitives(&self) -> Vec<UnitId> {
        self.state().fugitives_due(None).collect()
    }

    /// Units charging or counter-charging this Move and not yet in melee:
    /// the charges the table completes in step 6 (Rules 63-75, WI-23), by
    /// contact (an engagement) or not (the referee reports the DPs of a
    /// failed charge, Rule 18). A charge that was fought, or whose target
    /// has left the table, is not among them (issue 33 item 4).
    pub fn charges(&self) -> Vec<UnitId> {
        use crate::rules::warlord_i::Activity;
        let gone = |t: UnitId| self.unit(t).is_some_and(|x| x.off_table());
        [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| self.units(s))
            .filter(|(_, u)| {
                !u.off_table()
                    && !u.fought_this_move
                    && !u.charge_target.is_some_and(gone)
                    && !u.unit.is(Activity::InMelee)
                    && (u.unit.is(Activity::Charging) || u.unit.is(Activity::CounterCharging))
            })
            .map(|(id, _)| id)
            .collect()
    }

    /// The enemy `id` meets in contact, as the record has it: the one it
    /// was commanded to charge this Move, else one that was commanded to
    /// charge it, else one it is in melee with (Rules 63-76, WI-23).
    pub fn opponent_of(&self, id: UnitId) -> Option<UnitId> {
        let live = |t: &UnitId| self.unit(*t).is_some_and(|u| !u.off_table());
        if let Some(t) = self.unit(id).and_then(|u| u.charge_target)
            && live(&t)
        {
            return Some(t);
        }
        self.units(id.side.other())
            .find(|(_, u)| !u.off_table() && u.charge_target == Some(id))
            .map(|(t, _)| t)
            .or_else(|| self.in_melee_with(id).into_iter().find(live))
    }

    /// The units `id` is in melee with.
    pub fn in_melee_with(&self, id: UnitId) -> Vec<UnitId> {
        self.state()
            .engagements
            .iter()
            .filter_map(|e| e.opponent_of(id))
            .collect()
    }

    /// The engagement between two units, if they are in melee.
    pub fn engagement(&self, a: UnitId, b: UnitId) -> Option<&Engagement> {
        self.state().engagement(a, b)
    }

    /// Units off the table (destroyed, surrendered, removed), both sides.
    pub fn off_table(&self) -> Vec<UnitId> {
        [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| self.units(s))
            .filter(|(_, u)| u.off_table())
            .map(|(id, _)| id)
            .collect()
    }

    /// The disasters of this Move (WI-12), oldest first.
    pub fn disasters(&self) -> &[Disaster] {
        &self.state().disasters
    }

    /// A CO's command test as the battle stands, before the dice (for its
    /// odds, `odds::warlord_i::command_test`).
    pub fn command_test_plan(
        &self,
        co: CoId,
        transfer: Option<TransferFacts>,
    ) -> Result<CommandTest, BattleError> {
        self.state().command_test_plan(co, transfer)
    }

    /// What commanding a unit would cost, or why it cannot be commanded
    /// now (Rule 29, E54, WI-6); the CO's CCPs left are [`CoState::ccps`].
    pub fn command_cost(
        &self,
        unit: UnitId,
        co: CoId,
        application: Application,
        target: Option<UnitId>,
        facts: CommandFacts,
    ) -> Result<CcpCost, BattleError> {
        self.state()
            .command_cost(unit, co, application, target, facts)
    }

    /// The next round of melee between two units, before the dice (for its
    /// odds, `odds::warlord_i::melee`).
    pub fn melee_plan(
        &self,
        a: UnitId,
        b: UnitId,
        facts_a: &MeleeFacts,
        facts_b: &MeleeFacts,
        simultaneous: bool,
    ) -> Result<Melee, BattleError> {
        self.state()
            .melee_plan(a, b, facts_a, facts_b, simultaneous)
    }

    /// Whether a unit's pairs in melee are fought at once or in turn
    /// (Herald's reading WI-H2): by the battle's house option, or, in a
    /// battle saved before issue 33 whose house table does not say, as its
    /// recorded melees were fought (`docs/save-format.md`).
    pub fn melees_at_once(&self) -> bool {
        self.state().melees_at_once(self.setup())
    }

    /// The disaster's friends on the table (Rules 12, 58; WI-12): the
    /// units the referee may name within 10 cm of it.
    pub fn friends_of(&self, d: Disaster) -> Vec<UnitId> {
        self.state().friends_of(d)
    }

    /// A disaster in words: `the rout of Second legion (a2)`.
    pub fn disaster_words(&self, d: Disaster) -> String {
        self.state().disaster_words(d)
    }

    /// After a melee's dice, before it is recorded: the side of the melee
    /// (a or b of the event) whose loser must choose between retreat,
    /// waver and surrender (Rule 76, WI-20), if one must; the choice is
    /// the losing player's, asked by the console, never made here.
    pub fn melee_choice_due(
        &self,
        a: UnitId,
        b: UnitId,
        facts_a: &MeleeFacts,
        facts_b: &MeleeFacts,
        simultaneous: bool,
        dice: &crate::rules::warlord_i::SidesDice,
    ) -> Result<Option<Side>, BattleError> {
        let plan = self.melee_plan(a, b, facts_a, facts_b, simultaneous)?;
        let face = |d: &crate::dice::Dice| d.white.first().map(|f| f.value());
        let (Some(fa), Some(fb)) = (face(&dice.a), face(&dice.b)) else {
            return Ok(None);
        };
        // Rule 76: side a's score less side b's decides the round.
        let v = plan.verdict(plan.score(Side::A, fa) - plan.score(Side::B, fb));
        Ok(v.loser.filter(|l| v.side(*l).response.is_some()))
    }

    /// Why a melee's loser must choose, in words (Rule 76, WI-20): by how
    /// much it lost, and `4 or more` or what it already was (`already
    /// wavering`); `None` when no choice is due.
    pub fn melee_choice_why(
        &self,
        a: UnitId,
        b: UnitId,
        facts_a: &MeleeFacts,
        facts_b: &MeleeFacts,
        simultaneous: bool,
        dice: &crate::rules::warlord_i::SidesDice,
    ) -> Option<String> {
        use crate::rules::warlord_i::Morale;
        let plan = self.melee_plan(a, b, facts_a, facts_b, simultaneous).ok()?;
        let face = |d: &crate::dice::Dice| d.white.first().map(|f| f.value());
        let (fa, fb) = (face(&dice.a)?, face(&dice.b)?);
        let v = plan.verdict(plan.score(Side::A, fa) - plan.score(Side::B, fb));
        let loser = v.loser.filter(|l| v.side(*l).response.is_some())?;
        let u = &plan.side(loser).unit;
        let why = if v.difference >= 4 {
            "4 or more: retreat, waver or surrender".to_string()
        } else {
            let was = match u.morale {
                Morale::Shaken | Morale::Wavering | Morale::Dispersed => u.morale.to_string(),
                _ => "disordered".to_string(),
            };
            format!("2-3 and already {was}: retreat, waver or surrender")
        };
        Some(format!("by {} ({why})", v.difference))
    }

    /// A general's wounding roll as the battle stands: the APs his unit
    /// incurred this Move, whether it fought (Rule 99, WI-21).
    pub fn general_risk_plan(&self, co: CoId) -> Result<GeneralRisk, BattleError> {
        let c = self
            .co(co)
            .ok_or_else(|| BattleError::Refused(format!("there is no CO {co} in this battle")))?;
        Ok(GeneralRisk::plan(&c.co, self.state().risk_situation(co))?)
    }

    /// An isolated unit's initiative test before the dice (Rules 29, 37;
    /// WI-7), for its odds (`odds::warlord_i::initiative`).
    pub fn initiative_plan(
        &self,
        unit: UnitId,
        co_activity: &[crate::rules::warlord_i::CoActivity],
        facts: CommandFacts,
    ) -> Result<crate::rules::warlord_i::Initiative, BattleError> {
        self.state().initiative_plan(unit, co_activity, facts)
    }

    /// A unit's attempt to enter or return before the dice (Rule 47,
    /// WI-22), with the failures the battle counted.
    pub fn enter_plan(
        &self,
        unit: UnitId,
        facts: EnterFacts,
    ) -> Result<crate::rules::warlord_i::EnterField, BattleError> {
        self.state().enter_plan(unit, facts)
    }

    /// A shot before the dice (Rules 55-56, WI-16, WI-17).
    pub fn shooting_plan(
        &self,
        shooter: UnitId,
        target: UnitId,
        situation: &crate::rules::warlord_i::ShootingSituation,
    ) -> Result<crate::rules::warlord_i::Shooting, BattleError> {
        self.state().shooting_plan(shooter, target, situation)
    }

    /// A waver test before the dice (Rules 58-59, WI-13, WI-14).
    pub fn waver_plan(
        &self,
        unit: UnitId,
        situation: &crate::rules::warlord_i::WaverSituation,
    ) -> Result<crate::rules::warlord_i::WaverTest, BattleError> {
        self.state().waver_plan(unit, situation)
    }

    /// Fugitives' attrition before the die (Rule 13, WI-11).
    pub fn fugitive_plan(
        &self,
        unit: UnitId,
        situation: &crate::rules::warlord_i::FugitiveSituation,
    ) -> Result<crate::rules::warlord_i::FugitiveAttrition, BattleError> {
        self.state().fugitive_plan(unit, situation)
    }

    /// Attrition from causes the referee reports, before it is applied (Rules 12, 18; WI-8).
    pub fn attrition_plan(
        &self,
        unit: UnitId,
        gains: &crate::rules::warlord_i::AttritionGains,
    ) -> Result<crate::rules::warlord_i::Attrition, BattleError> {
        self.state().attrition_plan(unit, gains)
    }

    /// A unit's part of its side's recuperation step, before it is taken
    /// (Rule 15, WI-9, WI-10): whether it may recuperate, and what it loses.
    pub fn recuperation_plan(
        &self,
        unit: UnitId,
    ) -> Result<crate::rules::warlord_i::Recuperation, BattleError> {
        self.state().recuperation_plan(unit)
    }

    /// What the Move sequence of Rule 25 wants next.
    pub fn next_step(&self) -> Step {
        self.state().next_step()
    }
}
