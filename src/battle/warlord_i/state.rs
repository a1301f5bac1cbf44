//! The state of a Warlord I battle and the fold: each event is admitted
//! against the Move sequence (Rule 25) and the battle's counts, re-runs the
//! procedure of `rules::warlord_i` it records, and writes the outcome into
//! the units and COs. The state is never changed any other way.

mod attrition;
mod command;
mod correct;
mod generals;
mod melee;
mod morale;
mod sequence;
mod shooting;

pub use correct::{MAX_BASES, MAX_CCPS, MAX_POINTS};

use super::Setup;
use super::effects::diff_effects;
pub use super::event::Disaster;
use super::event::{Application, CoId, Event, Phase, UnitId, WaverCause};
use crate::battle::{BattleError, Effect};
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::warlord_i::unit::UnitState as After;
use crate::rules::warlord_i::{Activity, Co, CoActivity, Morale, Unit};

/// A Warlord I log entry.
pub type Entry = super::Entry;

/// One unit in the battle: its rules state and what it did this Move.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    /// The unit as the rules see it now (bases, APs, DPs, morale, activity).
    pub unit: Unit,
    /// Its division: the place of its CO in the side's list.
    pub division: usize,
    /// Off the table by the referee's hand (evaded off, not yet arrived).
    pub removed: bool,
    /// It surrendered and the enemy took it prisoner (WI-20).
    pub surrendered: bool,
    /// What COs spent CCPs on it for this Move (E54).
    pub commands: Vec<Application>,
    /// The enemy it was commanded to charge or attack this Move (E54
    /// application 3), until the Move is concluded (Rules 63-75, WI-23).
    pub charge_target: Option<UnitId>,
    /// It tested on its CO's initiative this Move, and whether it acts (WI-7).
    pub initiative: Option<bool>,
    /// Causes of a waver test reported this Move (Rule 58, WI-13).
    pub flags: Vec<WaverCause>,
    /// It shot this Move.
    pub shot: bool,
    /// It rolled as fugitives this Move, routing or evading (WI-11).
    pub fugitive_rolled: bool,
    /// APs it incurred this Move, for its general's wounding roll (WI-21).
    pub aps_this_move: u32,
    /// It fought a round of melee this Move (WI-21: captured, not badly wounded).
    pub fought_this_move: bool,
    /// Its APs and casualty bases before its first round of melee this
    /// Move: what its other opponents count (WI-H2, `joined_melee = "at_once"`).
    pub before_melees: Option<(u32, u32)>,
    /// A friendly disaster of this Move is within 10 cm of it, as the
    /// referee named it or flagged it (Rules 12, 58-60; WI-12).
    pub near_disaster: bool,
    /// Failed attempts to enter or return since it last arrived (Rule 47).
    pub entry_failures: u32,
}

impl UnitState {
    /// A unit of division `division` as the battle starts.
    pub fn new(unit: Unit, division: usize) -> UnitState {
        UnitState {
            unit,
            division,
            removed: false,
            surrendered: false,
            commands: Vec::new(),
            charge_target: None,
            initiative: None,
            flags: Vec::new(),
            shot: false,
            fugitive_rolled: false,
            aps_this_move: 0,
            fought_this_move: false,
            before_melees: None,
            near_disaster: false,
            entry_failures: 0,
        }
    }

    /// Destroyed: its last base is gone (WI-10).
    pub fn destroyed(&self) -> bool {
        self.unit.bases == 0 && !self.surrendered
    }

    /// Lost by its division: destroyed or surrendered (Rule 29's "each unit lost", WI-4).
    pub fn lost(&self) -> bool {
        self.unit.bases == 0 || self.surrendered
    }

    /// Off the table: lost, or removed by the referee.
    pub fn off_table(&self) -> bool {
        self.removed || self.lost()
    }

    /// A CO spent its cost on it this Move to rally it (E54 application 2, WI-9).
    pub fn rallied(&self) -> bool {
        self.commands.contains(&Application::Rally)
    }

    /// It has a cause for a waver test and may still take one (Rule 58, WI-13).
    pub fn to_test(&self) -> bool {
        !self.flags.is_empty()
            && !self.off_table()
            && !self.unit.waver_tested
            && self.unit.morale != Morale::Routed
    }

    /// It may still shoot this Move: on the table, not routed, armed to shoot, not yet shot.
    pub fn may_shoot(&self) -> bool {
        !self.off_table()
            && !self.shot
            && self.unit.morale != Morale::Routed
            && self.unit.shooting_weapon().is_some()
    }
}

/// One commanding officer: his rules state, his CCPs and his Move.
#[derive(Clone, Debug, PartialEq)]
pub struct CoState {
    /// The CO as the rules see him (stars, C-in-C, wounds, dispersed, activity).
    pub co: Co,
    /// His army's place in the side's list.
    pub army: usize,
    /// CCPs left to spend this Move; they lapse at its end (WI-4).
    pub ccps: u32,
    /// He has taken his command test this Move (Rule 29).
    pub tested: bool,
    /// The unit his command base is with, if any (he leads it).
    pub with: Option<UnitId>,
    /// He has made his wounding roll this Move (Rule 99, WI-21).
    pub wound_rolled: bool,
    /// The Move his command base was dispersed in (Rule 99, 7: this Move and the next).
    pub dispersed_in: Option<u32>,
    /// The unit he was with when it surrendered or was destroyed this Move
    /// (WI-H3): his wounding roll counts its APs and melee (WI-21).
    pub left_with: Option<UnitId>,
}

impl CoState {
    /// A CO of army `army` as the battle starts.
    pub fn new(co: Co, army: usize) -> CoState {
        CoState {
            co,
            army,
            ccps: 0,
            tested: false,
            with: None,
            wound_rolled: false,
            dispersed_in: None,
            left_with: None,
        }
    }
}

/// Two units in melee with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engagement {
    /// One unit (side a of its melee rounds).
    pub a: UnitId,
    /// The enemy unit.
    pub b: UnitId,
    /// Rounds fought with the same enemy (Rule 76: later rounds rate otherwise).
    pub rounds: u32,
    /// They fought a round this Move.
    pub fought_this_move: bool,
    /// Which of a and b followed up (IFUM) in their last round: advancing
    /// into the next (WI-20).
    pub followed_up: [bool; 2],
}

impl Engagement {
    /// Whether this engagement is between `x` and `y`, either way round.
    pub fn is(&self, x: UnitId, y: UnitId) -> bool {
        (self.a == x && self.b == y) || (self.a == y && self.b == x)
    }

    /// Whether `id` followed up in their last round (WI-20).
    pub fn followed_up_by(&self, id: UnitId) -> bool {
        (self.a == id && self.followed_up[0]) || (self.b == id && self.followed_up[1])
    }

    /// The other unit, if `id` is one of the two.
    pub fn opponent_of(&self, id: UnitId) -> Option<UnitId> {
        if self.a == id {
            Some(self.b)
        } else if self.b == id {
            Some(self.a)
        } else {
            None
        }
    }
}

/// Everything the events have made of the battle so far.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The Move, from 1.
    pub turn: u32,
    /// Where the Move stands (Rule 25).
    pub phase: Phase,
    /// Player 1 this Move, once the order of play is decided (Rule 26).
    pub player_1: Option<Side>,
    /// Side a's units, then side b's.
    pub units: [Vec<UnitState>; 2],
    /// Side a's COs, then side b's, one per division.
    pub cos: [Vec<CoState>; 2],
    /// Units in melee with each other.
    pub engagements: Vec<Engagement>,
    /// Each side has taken its recuperation step this Move (WI-9, WI-10).
    pub recuperated: [bool; 2],
    /// The disasters of this Move (WI-12).
    pub disasters: Vec<Disaster>,
    /// The disasters of this Move whose friends within 10 cm the referee
    /// has named (Rules 12, 58; WI-12).
    pub friends_named: Vec<Disaster>,
    /// A melee of this battle was recorded fought at once (WI-H2): it was
    /// played under `joined_melee = "at_once"`, the default before issue
    /// 33, and goes on so (`docs/save-format.md`).
    pub melees_recorded_at_once: bool,
    /// The battle's house option `general_of_surrendered_unit` is
    /// `captured_with_unit` (WI-H3).
    pub generals_captured_with_unit: bool,
}

impl State {
    /// The state before any event: Move 1, the order of play to dice for.
    pub fn start(setup: &Setup) -> State {
        let side = |s: Side| -> (Vec<UnitState>, Vec<CoState>) {
            let mut units = Vec::new();
            let mut cos = Vec::new();
            for (army, d) in setup.divisions(s) {
                let division = cos.len();
                cos.push(CoState::new(d.co.clone(), army));
                units.extend(d.units.iter().map(|u| UnitState::new(u.clone(), division)));
            }
            (units, cos)
        };
        let (ua, ca) = side(Side::A);
        let (ub, cb) = side(Side::B);
        State {
            turn: 1,
            phase: Phase::OrderOfPlay,
            player_1: None,
            units: [ua, ub],
            cos: [ca, cb],
            engagements: Vec::new(),
            recuperated: [false, false],
            disasters: Vec::new(),
            friends_named: Vec::new(),
            melees_recorded_at_once: false,
            generals_captured_with_unit: setup
                .house
                .word(&crate::rules::warlord_i::GENERAL_OF_SURRENDERED_UNIT)
                == "captured_with_unit",
        }
    }

    /// A unit's state, if the id names one.
    pub fn get(&self, id: UnitId) -> Option<&UnitState> {
        self.units[id.side as usize].get(id.index)
    }

    fn get_mut(&mut self, id: UnitId) -> &mut UnitState {
        &mut self.units[id.side as usize][id.index]
    }

    /// A CO's state, if the id names one.
    pub fn co(&self, id: CoId) -> Option<&CoState> {
        self.cos[id.side as usize].get(id.index)
    }

    fn co_mut(&mut self, id: CoId) -> &mut CoState {
        &mut self.cos[id.side as usize][id.index]
    }

    /// A unit's state, or the error naming the missing id.
    fn unit(&self, id: UnitId) -> Result<&UnitState, BattleError> {
        self.get(id).ok_or(BattleError::NoUnit(id))
    }

    /// A CO's state, or the error naming the missing id.
    fn co_state(&self, id: CoId) -> Result<&CoState, BattleError> {
        self.co(id).ok_or_else(|| {
            BattleError::Refused(format!(
                "there is no CO {id} in this battle; side {} has {} (one per division, {}1 to {}{})",
                id.side.name(),
                self.cos[id.side as usize].len(),
                id.side.name(),
                id.side.name(),
                self.cos[id.side as usize].len()
            ))
        })
    }

    /// A unit that must be on the table.
    fn on_table(&self, id: UnitId) -> Result<&UnitState, BattleError> {
        let u = self.unit(id)?;
        if u.off_table() {
            let why = if u.surrendered {
                "it surrendered and was taken prisoner (WI-20)"
            } else if u.unit.bases == 0 {
                "its last base is gone: it was destroyed (WI-10)"
            } else {
                "the referee took it off the table"
            };
            return Err(BattleError::Refused(format!(
                "{} ({id}) is off the table: {why}",
                u.unit.name
            )));
        }
        Ok(u)
    }

    /// Two different units on opposite sides, both on the table.
    fn enemies(&self, x: UnitId, y: UnitId) -> Result<(), BattleError> {
        self.on_table(x)?;
        self.on_table(y)?;
        if x.side == y.side {
            return Err(BattleError::Refused(format!(
                "{} ({x}) and {} ({y}) are on the same side",
                self.units[x.side as usize][x.index].unit.name,
                self.units[y.side as usize][y.index].unit.name
            )));
        }
        Ok(())
    }

    /// The engagement between two units, if they are in melee.
    pub fn engagement(&self, x: UnitId, y: UnitId) -> Option<&Engagement> {
        self.engagements.iter().find(|e| e.is(x, y))
    }

    /// The C-in-C of a CO's army.
    pub fn c_in_c_of(&self, co: CoId) -> Option<CoId> {
        let army = self.co(co)?.army;
        self.cos[co.side as usize]
            .iter()
            .position(|c| c.army == army && c.co.c_in_c)
            .map(|i| CoId::new(co.side, i))
    }

    /// The CO of a unit's division.
    fn division_co(&self, id: UnitId) -> CoId {
        CoId::new(id.side, self.units[id.side as usize][id.index].division)
    }

    /// Units flagged for a waver test that must still take it (Rule 58, WI-13).
    pub fn flagged(&self) -> impl Iterator<Item = UnitId> + '_ {
        [Side::A, Side::B].into_iter().flat_map(move |s| {
            self.units[s as usize]
                .iter()
                .enumerate()
                .filter(|(_, u)| u.to_test())
                .map(move |(i, _)| UnitId::new(s, i))
        })
    }

    /// Units lost by a CO's division (WI-4): destroyed or surrendered.
    pub fn units_lost(&self, co: CoId) -> u32 {
        self.units[co.side as usize]
            .iter()
            .filter(|u| u.division == co.index && u.lost())
            .count() as u32
    }

    /// The CO as a command test sees him (Rule 29, WI-4): his own state,
    /// and what the unit he is with is doing (wavering, routed, in melee,
    /// evading, pursuing, reckless).
    pub fn co_view(&self, id: CoId) -> Option<Co> {
        let c = self.co(id)?;
        let mut co = c.co.clone();
        if let Some(u) = c.with.and_then(|u| self.get(u)) {
            let from_unit = [
                (u.unit.morale == Morale::Wavering, CoActivity::Wavering),
                (u.unit.morale == Morale::Routed, CoActivity::Routed),
                (u.unit.morale == Morale::Reckless, CoActivity::Reckless),
                (u.unit.is(Activity::InMelee), CoActivity::InMelee),
                (u.unit.is(Activity::Evading), CoActivity::Evading),
                (u.unit.is(Activity::Pursuing), CoActivity::Pursuing),
            ];
            for (on, a) in from_unit {
                if on && !co.activity.contains(&a) {
                    co.activity.push(a);
                }
            }
        }
        Some(co)
    }

    /// The unit a CO's changes are reported against in the log: the unit
    /// he is with, else his division's first unit.
    fn co_unit(&self, id: CoId) -> UnitId {
        if let Some(u) = self.co(id).and_then(|c| c.with) {
            return u;
        }
        let index = self.units[id.side as usize]
            .iter()
            .position(|u| u.division == id.index)
            .unwrap_or(0);
        UnitId::new(id.side, index)
    }

    /// A change to a CO, for the log.
    fn co_effect(
        &self,
        id: CoId,
        field: &'static str,
        from: String,
        to: String,
        text: String,
    ) -> Effect {
        Effect {
            unit: self.co_unit(id),
            name: self.co(id).map_or(String::new(), |c| c.co.name.clone()),
            field,
            from,
            to,
            text,
            leaves_table: false,
        }
    }

    /// Writes a rules outcome into a unit: its state after, the APs it
    /// incurred (WI-21), the log's effects and any disaster (WI-12).
    fn write_after(&mut self, id: UnitId, after: &After, gained: u32, entry: &mut Entry) {
        let before = self.units[id.side as usize][id.index].unit.clone();
        let slot = self.get_mut(id);
        after.apply(&mut slot.unit);
        slot.aps_this_move = slot.aps_this_move.saturating_add(gained);
        self.settle_gained(id, &before, gained, entry);
    }

    /// After a unit changed: the log's effects, disasters (WI-12), a unit
    /// off the table leaving its melees, flags that no longer apply.
    fn settle(&mut self, id: UnitId, before: &Unit, entry: &mut Entry) {
        self.settle_gained(id, before, 0, entry);
    }

    /// [`State::settle`], with the APs the unit incurred on the way, so a
    /// gain the bases removed took back is said (WI-10).
    fn settle_gained(&mut self, id: UnitId, before: &Unit, gained: u32, entry: &mut Entry) {
        // Rule 56, WI-17 (Herald's reading, issue 25): bases lost come off
        // the rear ranks; the front keeps its files while it has the
        // bases, and the ranks follow the bases left. The referee corrects
        // the formation where the table differs.
        let u = &mut self.get_mut(id).unit;
        if u.bases < before.bases && u.bases > 0 && u.files == before.files {
            u.files = u.files.min(u.bases);
            u.ranks = crate::rules::warlord_i::unit::ranks_for(u.bases, u.files);
        }
        let slot = &self.units[id.side as usize][id.index];
        entry.effects.extend(diff_effects(
            id,
            before,
            &slot.unit,
            slot.surrendered,
            gained,
        ));
        let (now, surrendered, off) = (slot.unit.clone(), slot.surrendered, slot.off_table());
        // WI-12: a unit destroyed or surrendering, or starting to rout, is a disaster.
        if before.bases > 0 && now.bases == 0 {
            self.disasters.push(if surrendered {
                Disaster::Surrendered(id)
            } else {
                Disaster::Destroyed(id)
            });
            self.generals_of_lost_unit(id, surrendered, entry);
        } else if before.morale != Morale::Routed && now.morale == Morale::Routed && !off {
            self.disasters.push(Disaster::Routed(id));
        }
        if off {
            self.leave_melees(id, entry);
        }
        let slot = self.get_mut(id);
        // Rule 58, WI-13: one test a Move, never for routers or units off the table.
        if slot.off_table() || slot.unit.waver_tested || slot.unit.morale == Morale::Routed {
            slot.flags.clear();
        }
    }

    /// Ends every melee of a unit that left the table, and its opponents'
    /// in-melee activity where they have no other. A pair that had not
    /// fought its round this Move is not fought, and the log says why
    /// (Rule 76, WI-H2: a pair the melee panel showed still to fight never
    /// vanishes unsaid).
    fn leave_melees(&mut self, id: UnitId, entry: &mut Entry) {
        let u = &self.units[id.side as usize][id.index];
        let why = if u.surrendered {
            "it surrendered and was taken prisoner (WI-20)"
        } else if u.unit.bases == 0 {
            "its last base is gone: it was destroyed (WI-10)"
        } else {
            "it left the table"
        };
        let name = named(&u.unit.name, id);
        for e in self.engagements.iter().filter(|e| !e.fought_this_move) {
            let Some(other) = e.opponent_of(id) else {
                continue;
            };
            let o = &self.units[other.side as usize][other.index].unit;
            entry.explanation.line(
                format!(
                    "{} and {name} do not fight their round this Move: {why}",
                    named(&o.name, other)
                ),
                crate::rules::explain::cite("Rule 76", "WI-H2"),
            );
        }
        let gone: Vec<UnitId> = self
            .engagements
            .iter()
            .filter_map(|e| e.opponent_of(id))
            .collect();
        self.engagements.retain(|e| e.opponent_of(id).is_none());
        for other in gone.into_iter().chain([id]) {
            self.sync_in_melee(other);
        }
    }

    /// A unit's `in_melee` activity follows its engagements.
    fn sync_in_melee(&mut self, id: UnitId) {
        let engaged = self.engagements.iter().any(|e| e.opponent_of(id).is_some());
        let slot = self.get_mut(id);
        let has = slot.unit.is(Activity::InMelee);
        if engaged && !has {
            slot.unit.activity.push(Activity::InMelee);
        } else if !engaged && has {
            slot.unit.activity.retain(|a| *a != Activity::InMelee);
        }
    }

    /// The sequence must be at `phase` for `what`.
    fn expect_phase(&self, phase: Phase, what: &str) -> Result<(), BattleError> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(self.out_of_step(what, &format!("{phase} (Rule 25 step {})", phase.step())))
        }
    }

    /// The refusal of something done out of step.
    fn out_of_step(&self, what: &str, belongs: &str) -> BattleError {
        BattleError::OutOfTurn(format!(
            "{what} belongs to {belongs}, but Move {} is at {} (step {}); record a go-to to move the sequence first",
            self.turn,
            self.phase,
            self.phase.step()
        ))
    }

    /// Applies one event: admits it, re-runs its procedure with its dice,
    /// and writes the outcome. On error the state is unchanged.
    pub fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let mut entry = Entry::new(self.turn, self.phase);
        // Every handler checks before it changes anything: on an error the
        // state is as it was.
        match event {
            Event::OrderOfPlay { winner_moves, dice } => {
                self.order_of_play(setup, *winner_moves, dice, &mut entry)?
            }
            Event::CommandTest { co, transfer, dice } => {
                self.command_test(*co, *transfer, dice, &mut entry)?
            }
            Event::Command {
                unit,
                co,
                application,
                target,
                facts,
            } => self.command(setup, *unit, *co, *application, *target, *facts, &mut entry)?,
            Event::Initiative {
                unit,
                co_activity,
                facts,
                dice,
            } => self.initiative(*unit, co_activity, *facts, dice, &mut entry)?,
            Event::Recuperation { side } => self.recuperation(*side, &mut entry)?,
            Event::EnterField { unit, facts, dice } => {
                self.enter_field(*unit, *facts, dice, &mut entry)?
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                dice,
            } => self.shooting(*shooter, *target, situation, dice, &mut entry)?,
            Event::Flag { unit, cause } => self.flag(*unit, *cause, &mut entry)?,
            Event::FriendsWithin10cm { disaster, units } => {
                self.friends_within_10cm(*disaster, units, &mut entry)?
            }
            Event::Rout {
                unit,
                cause,
                bases_in_contact,
            } => self.rout(*unit, *cause, *bases_in_contact, &mut entry)?,
            Event::Dismiss { unit } => self.dismiss(*unit, &mut entry)?,
            Event::WaverTest {
                unit,
                situation,
                dice,
            } => self.waver_test(*unit, situation, dice, &mut entry)?,
            Event::Attrition { unit, gains } => self.attrition(*unit, gains, &mut entry)?,
            Event::FugitiveAttrition {
                unit,
                situation,
                dice,
            } => self.fugitive_attrition(*unit, situation, dice, &mut entry)?,
            Event::Engage { a, b } => self.engage(*a, *b, &mut entry)?,
            Event::Disengage { a, b } => self.disengage(*a, *b, &mut entry)?,
            Event::Melee {
                a,
                b,
                facts_a,
                facts_b,
                simultaneous,
                dice,
            } => self.melee(*a, *b, facts_a, facts_b, *simultaneous, dice, &mut entry)?,
            Event::Attach { co, unit } => self.attach(*co, *unit, &mut entry)?,
            Event::GeneralRisk { co, dice } => self.general_risk(*co, dice, &mut entry)?,
            Event::Correct { unit, correction } => self.correct(*unit, correction, &mut entry)?,
            Event::CorrectCo { co, correction } => self.correct_co(*co, correction, &mut entry)?,
            Event::NextPhase => self.next_phase(&mut entry)?,
            Event::GoTo { turn, phase } => self.go_to(*turn, *phase, &mut entry)?,
        }
        Ok(entry)
    }
}

/// Dice as summaries show them: `3 5`, or `no dice`.
pub fn dice_text(d: &Dice) -> String {
    if d.white.is_empty() {
        return "no dice".to_string();
    }
    d.white
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The APs a unit incurred in an outcome that adds points and then
/// removes bases, 2 APs each (WI-10): what the points came to before the
/// bases went.
fn incurred(before: &Unit, after: &After) -> u32 {
    let removed = after.bases_lost.saturating_sub(before.bases_lost);
    (after.aps + 2 * removed).saturating_sub(before.aps)
}

/// A unit's name with its id: `First legion (a1)`.
fn named(name: &str, id: UnitId) -> String {
    format!("{name} ({id})")
}

/// A CO's name with his id marked as a CO's, as the console writes it:
/// `Surena (CO b1)`.
fn co_named(name: &str, id: CoId) -> String {
    format!("{name} (CO {id})")
}
