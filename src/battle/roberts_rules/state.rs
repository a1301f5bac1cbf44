//! The fold of a Robert's Rules log: every unit with its stands, hits lost
//! and Disruption, what it did this phase (an Action failed, Missile Fire
//! allowed, a Pursuit won), the Break Checks the Combat Phase owes, and
//! where the half-turn stands (RR-4). The table is the truth about
//! geometry: contact, facing, ranges, whether a stand could retreat and
//! which units are nearby are the referee's facts, carried by the events.

use super::event::{Event, Phase, Step};
use super::{Entry, Setup};
use crate::battle::{BattleError, Effect, UnitId};
use crate::dice::{Dice, Die};
use crate::rules::Side;
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::House;
use crate::rules::roberts_rules::action_roll::{action_words, phase_words};
use crate::rules::roberts_rules::{
    Action, ActionResult, ActionRoll, ActionSituation, Attribute, BreakCause, BreakCheck,
    BreakResult, BreakSituation, LeaderKind, MeleeAttack, MissileAttack, MoraleCause, MoraleCheck,
    Pursuit, PursuitAttack, Unit, Winner, casualties_in,
};

/// Where a unit's charge stands (Charging).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeState {
    /// Owed in the Charge Phase: it must charge unless a Countermand
    /// Action succeeds.
    Owed,
    /// A Set Action forfeited it.
    Forfeited,
    /// A Countermand Action kept it back.
    Countermanded,
    /// It went in: the unit advanced its base depth.
    Charged,
    /// The Reluctant unit failed its Morale Check to lead: it stays behind.
    StayedBehind,
}

/// A charge a unit makes this half-turn: declared in the Action Phase, or
/// a successful Countercharge in the Reaction Phase (Charging).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charge {
    /// A countercharge (the Reacting player's), not a declared charge.
    pub countercharge: bool,
    /// The enemy unit a declared charge closes with.
    pub target: Option<UnitId>,
    /// Where it stands.
    pub state: ChargeState,
}

/// What became of a leader (RR-15; Herald's reading R-2 for one whose
/// unit leaves the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderFate {
    /// He failed his Break Check: routed and removed from play.
    Routed,
    /// His unit routed or was destroyed: he left the table with it.
    WithUnit,
}

/// A General or Captain of an army, and his fate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderState {
    /// His name.
    pub name: String,
    /// General or Captain.
    pub kind: LeaderKind,
    /// The unit of his side he is attached to (none: a Captain roaming free).
    pub unit: Option<usize>,
    /// Gone from the table, and how.
    pub fate: Option<LeaderFate>,
}

impl LeaderState {
    /// His kind in words.
    pub fn title(&self) -> &'static str {
        match self.kind {
            LeaderKind::General => "General",
            LeaderKind::Captain => "Captain",
        }
    }
}

/// A Pursuit open to a unit that pushed an enemy back (RR-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PursuitOpen {
    /// The unit pushed back.
    pub target: UnitId,
    /// The enemy could not retreat: the Pursuit is automatic.
    pub automatic: bool,
    /// The Pursuit Action succeeded (or is automatic): it may attack.
    pub pursuing: bool,
    /// The pursuer is Impetuous: "Impetuous units must attempt to Pursue"
    /// (RR-20), so the Pursuit is owed until attempted.
    pub required: bool,
}

/// A unit in the battle: its stands and hits, and its half-turn so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Troop {
    /// The unit (stands, hits lost, Disrupted, leader attached).
    pub unit: Unit,
    /// It failed an Action Roll this phase (RR-9).
    pub failed: bool,
    /// Actions it made this phase (the General's free Action is the first, RR-10).
    pub actions: u32,
    /// Its Missile Fire Action succeeded this phase and it has not fired yet (RR-11).
    pub may_fire: bool,
    /// It made its Missile Fire Action this phase.
    pub fired: bool,
    /// It was Pushed Back this Combat Phase (RR-20).
    pub pushed_back: bool,
    /// A Vulnerable stand pushed back: its Action Roll to retreat its full
    /// base depth is owed until made (RR-20).
    pub vulnerable_retreat: bool,
    /// The Pursuit open to it (RR-20).
    pub pursuit: Option<PursuitOpen>,
    /// Stands it lost this phase (RR-13, RR-14).
    pub stands_lost: u32,
    /// It made a Break Check this phase (RR-14).
    pub checked: bool,
    /// It broke and lost stands: it must make a new Break Check (RR-14).
    pub check_again: bool,
    /// The Break Checks its attached leader owes: one each time the unit
    /// took hits ("Whenever a unit with an attached leader takes a hit",
    /// RR-15; Herald's reading R-6), owed before the phase ends.
    pub leader_checks: u32,
    /// It failed a nearby-rout check and survived: broken (RR-14).
    pub broken: bool,
    /// It routed and was removed from play (RR-13, RR-14).
    pub routed: bool,
    /// Its last stand is gone (RR-22).
    pub destroyed: bool,
    /// Its Morale Check to lead a charge this phase: passed or failed (RR-12).
    pub lead_charge: Option<bool>,
    /// The referee named it nearby a rout or an eliminated Captain: the
    /// Break Check it owes, and whose rout (RR-14, RR-15).
    pub nearby: Option<(BreakCause, Option<UnitId>)>,
    /// Its charge this half-turn, declared or a countercharge (Charging).
    pub charge: Option<Charge>,
    /// It attempted a Countercharge this phase (an Eager unit must).
    pub countercharge_tried: bool,
    /// Its Movement (or Retrograde) Action succeeded this phase: it moved,
    /// whatever roll failed after (a failed Stop marches it "to the full
    /// extent of their ability", Sequence of Play).
    pub moved: bool,
}

impl Troop {
    fn new(unit: Unit) -> Troop {
        Troop {
            unit,
            failed: false,
            actions: 0,
            may_fire: false,
            fired: false,
            pushed_back: false,
            vulnerable_retreat: false,
            pursuit: None,
            stands_lost: 0,
            checked: false,
            check_again: false,
            leader_checks: 0,
            broken: false,
            routed: false,
            destroyed: false,
            lead_charge: None,
            nearby: None,
            charge: None,
            countercharge_tried: false,
            moved: false,
        }
    }

    /// Off the table: routed or destroyed.
    pub fn gone(&self) -> bool {
        self.routed || self.destroyed
    }

    /// The first Break Check it owes at the end of the Combat Phase, if any
    /// (RR-14, RR-15).
    pub fn check_due(&self) -> Option<BreakCause> {
        self.checks_due().first().copied()
    }

    /// Every Break Check it owes at the end of the Combat Phase: its own
    /// (stands lost, a broken unit's new check, a rout nearby the referee
    /// named: one a phase) and its attached leader's (RR-14, RR-15).
    pub fn checks_due(&self) -> Vec<BreakCause> {
        let mut out = Vec::new();
        if self.gone() {
            return out;
        }
        if self.check_again {
            out.push(BreakCause::BrokenStandsLost);
        } else if self.stands_lost > 0 && !self.checked {
            out.push(BreakCause::StandsLost);
        } else if let Some((cause, _)) = self.nearby
            && !self.checked
        {
            out.push(cause);
        }
        if self.unit.captain_attached {
            for _ in 0..self.leader_checks {
                out.push(BreakCause::LeaderHit);
            }
        }
        out
    }

    /// Its charge, while the Charge Phase owes it.
    pub fn charge_owed(&self) -> bool {
        !self.gone() && self.charge.is_some_and(|c| c.state == ChargeState::Owed)
    }

    /// It charged this half-turn (its charge went in).
    pub fn charged(&self) -> bool {
        self.charge.is_some_and(|c| c.state == ChargeState::Charged)
    }
}

/// A Robert's Rules battle's state.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The turn, from 1 (two half-turns each).
    pub turn: u32,
    /// Where the half-turn stands.
    pub phase: Phase,
    /// The player who acts in each turn's first half-turn.
    pub first_acting: Option<Side>,
    /// Each side's units, in the army file's order.
    pub units: [Vec<Troop>; 2],
    /// Units that routed this phase, for the nearby units' checks (RR-14).
    pub routed_this_phase: Vec<UnitId>,
    /// Units that routed, or whose leader routed, this phase and whose
    /// nearby friends the referee has not named yet (RR-14, RR-15).
    pub nearby_due: Vec<UnitId>,
    /// Those whose nearby friends he has named this phase.
    pub nearby_named: Vec<UnitId>,
    /// A Break Check for stands lost was made this Combat Phase: its end
    /// has come, and no further combat is resolved (RR-14).
    pub combat_ending: bool,
    /// Each side's Generals and Captains, in the army file's order.
    pub leaders: [Vec<LeaderState>; 2],
}

fn white(d: &[u8]) -> Dice {
    Dice {
        white: d.iter().filter_map(|f| Die::new(*f)).collect(),
        ..Default::default()
    }
}

fn dice_of(d: &[u8]) -> Result<Vec<Die>, BattleError> {
    crate::dice::faces(d).map_err(|e| BattleError::Refused(format!("the dice: {e}")))
}

const SEC: &str = "Sequence of Play";
const CHARGE: &str = "Charging";
const SEC_MORALE: &str = "Casualties and Morale";

impl State {
    /// The battle at its start: every unit as its army file gives it.
    pub fn start(setup: &Setup) -> State {
        let side = |s: &crate::rules::roberts_rules::Army| {
            s.units.iter().map(|u| Troop::new(u.unit.clone())).collect()
        };
        let leaders = |s: &crate::rules::roberts_rules::Army| {
            s.leaders
                .iter()
                .map(|l| LeaderState {
                    name: l.name.clone(),
                    kind: l.kind,
                    unit: l
                        .attached_to
                        .as_ref()
                        .and_then(|n| s.units.iter().position(|u| &u.unit.name == n)),
                    fate: None,
                })
                .collect()
        };
        State {
            turn: 1,
            phase: Phase::Deployment,
            first_acting: None,
            units: [side(&setup.sides[0]), side(&setup.sides[1])],
            routed_this_phase: Vec::new(),
            nearby_due: Vec::new(),
            nearby_named: Vec::new(),
            combat_ending: false,
            leaders: [leaders(&setup.sides[0]), leaders(&setup.sides[1])],
        }
    }

    /// The leaders on the table attached to a unit.
    pub fn leaders_with(&self, id: UnitId) -> Vec<&LeaderState> {
        self.leaders[id.side as usize]
            .iter()
            .filter(|l| l.unit == Some(id.index) && l.fate.is_none())
            .collect()
    }

    /// A side's General still on the table, to give his free Action (RR-10).
    pub fn general(&self, side: Side) -> Option<&LeaderState> {
        self.leaders[side as usize]
            .iter()
            .find(|l| l.kind == LeaderKind::General && l.fate.is_none())
    }

    /// Why a side has no General to give a free Action, in words.
    pub fn no_general(&self, side: Side) -> String {
        let gone: Vec<String> = self.leaders[side as usize]
            .iter()
            .filter(|l| l.kind == LeaderKind::General)
            .map(|l| {
                format!(
                    "{} {}",
                    l.name,
                    match l.fate {
                        Some(LeaderFate::Routed) => "routed",
                        _ => "left the table with his unit",
                    }
                )
            })
            .collect();
        if gone.is_empty() {
            format!("player {}'s army has no General", side.name())
        } else {
            gone.join(", ")
        }
    }

    /// Its charge, while the Charge Phase owes it: none once it, or the
    /// enemy it was declared to close with, has left the table ("the unit
    /// routs and is removed from play", RR-13, RR-14; Charging). The record
    /// keeps the charge as declared; this is what is owed and offered.
    pub fn charge_owed_by(&self, t: &Troop) -> bool {
        t.charge_owed() && !self.charge_target_gone(t)
    }

    /// A charge declared or countercharged and not made, that lapsed
    /// because it or its enemy left the table.
    pub fn charge_lapsed(&self, t: &Troop) -> bool {
        t.charge.is_some_and(|c| c.state == ChargeState::Owed) && !self.charge_owed_by(t)
    }

    fn charge_target_gone(&self, t: &Troop) -> bool {
        t.charge
            .and_then(|c| c.target)
            .is_some_and(|x| self.troop(x).is_ok_and(|g| g.gone()))
    }

    /// The units whose charge the Charge Phase owes (Charging).
    pub fn charges_owed(&self) -> Vec<UnitId> {
        let mut out = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, t) in self.units[side as usize].iter().enumerate() {
                if self.charge_owed_by(t) {
                    out.push(UnitId::new(side, i));
                }
            }
        }
        out
    }

    /// What became of each charge declared and countercharge made this
    /// half-turn that the Charge Phase no longer owes, in words (Charging:
    /// "units must charge unless a Countermand Action is successfully
    /// taken"; a Set Action forfeits it; a Reluctant unit that fails its
    /// Morale Check stays behind, RR-12; one whose unit or enemy left the
    /// table lapses, RR-13, RR-14).
    pub fn charge_fates(&self) -> Vec<String> {
        let mut out = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, t) in self.units[side as usize].iter().enumerate() {
                let Some(c) = t.charge else { continue };
                if self.charge_owed_by(t) {
                    continue;
                }
                let id = UnitId::new(side, i);
                let what = match c.target {
                    Some(x) if !c.countercharge => format!("{id}'s charge on {x}"),
                    _ => format!("{id}'s countercharge"),
                };
                let gone = |g: &Troop| if g.routed { "routed" } else { "was destroyed" };
                out.push(match c.state {
                    ChargeState::Charged => format!("{what} went in"),
                    ChargeState::Forfeited => format!("{what} forfeited by its Set Action"),
                    ChargeState::Countermanded => format!("{what} kept back by a Countermand"),
                    ChargeState::StayedBehind => {
                        format!("{what}: stayed behind, its Morale Check to lead failed (RR-12)")
                    }
                    ChargeState::Owed if t.gone() => format!("{what} lapsed: {id} {}", gone(t)),
                    ChargeState::Owed => {
                        match c.target.and_then(|x| Some((x, self.troop(x).ok()?))) {
                            Some((x, g)) => format!("{what} lapsed: {x} {}", gone(g)),
                            None => format!("{what} lapsed"),
                        }
                    }
                });
            }
        }
        out
    }

    /// A charge was declared this half-turn (a Countercharge answers one).
    pub fn charge_declared(&self) -> bool {
        self.units
            .iter()
            .flatten()
            .any(|t| t.charge.is_some_and(|c| !c.countercharge))
    }

    /// The Eager units the Reaction Phase owes a Countercharge attempt:
    /// the targets of declared charges ("Eager units must attempt the
    /// Action"), unless a failed Action Roll ended their Actions (RR-9).
    pub fn countercharges_owed(&self) -> Vec<UnitId> {
        let mut out: Vec<UnitId> = Vec::new();
        if self.phase.step() != Some(Step::Reaction) {
            return out;
        }
        for t in self.units.iter().flatten().filter(|t| !t.gone()) {
            if let Some(Charge {
                countercharge: false,
                target: Some(target),
                state: ChargeState::Owed,
            }) = t.charge
                && let Ok(x) = self.troop(target)
                && !x.gone()
                && x.unit.has(Attribute::Eager)
                && !x.countercharge_tried
                && !x.failed
                && x.charge.is_none()
                && !out.contains(&target)
            {
                out.push(target);
            }
        }
        out
    }

    /// A unit.
    pub fn troop(&self, id: UnitId) -> Result<&Troop, BattleError> {
        self.units[id.side as usize]
            .get(id.index)
            .ok_or(BattleError::NoUnit(id))
    }

    fn on_table(&self, id: UnitId) -> Result<&Troop, BattleError> {
        let t = self.troop(id)?;
        if t.gone() {
            return Err(BattleError::Refused(format!(
                "{} is no longer on the table ({})",
                t.unit.name,
                if t.routed { "routed" } else { "destroyed" }
            )));
        }
        Ok(t)
    }

    /// The Break Checks owed before the Combat Phase ends, with why: a
    /// unit's own and its leader's are each a step (RR-14, RR-15).
    pub fn checks_due(&self) -> Vec<(UnitId, BreakCause)> {
        let mut out = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, t) in self.units[side as usize].iter().enumerate() {
                for c in t.checks_due() {
                    out.push((UnitId::new(side, i), c));
                }
            }
        }
        out
    }

    /// The leaders' Break Checks owed now, in any phase: each hit on a
    /// unit with an attached leader owes one before the phase ends (RR-15;
    /// Herald's reading R-6).
    pub fn leader_checks_owed(&self) -> Vec<UnitId> {
        self.owing(|_, t| t.unit.captain_attached && t.leader_checks > 0)
    }

    /// Whose rout a unit's id stands for, in words: `Elite heavy cavalry B
    /// (a3)`, or for a leader who routed `The General (the leader with
    /// Elite heavy cavalry B, a3)` (RR-14, RR-15).
    pub fn rout_words(&self, id: UnitId) -> String {
        let Ok(t) = self.troop(id) else {
            return id.to_string();
        };
        if t.routed {
            return format!("{} ({id})", t.unit.name);
        }
        let leader = self.leaders[id.side as usize]
            .iter()
            .rev()
            .find(|l| l.unit == Some(id.index) && l.fate == Some(LeaderFate::Routed));
        match leader {
            Some(l) => format!("{} (the leader with {}, {id})", l.name, t.unit.name),
            None => format!("the leader with {} ({id})", t.unit.name),
        }
    }

    /// The Impetuous units whose Pursuit is owed: "Impetuous units must
    /// attempt to Pursue. The decision to Pursue must be made immediately"
    /// (RR-20). Owed until its Action Roll fails or its attack is made.
    pub fn pursuits_owed(&self) -> Vec<UnitId> {
        self.owing(|s, t| {
            t.pursuit
                .is_some_and(|p| p.required && s.troop(p.target).is_ok_and(|g| !g.gone()))
        })
    }

    /// The Pursuit still open to a unit (RR-20): none once it or its enemy
    /// has left the table, nor, once the Combat Phase's Break Checks for
    /// stands lost have begun, one it may (not must) attempt and has not
    /// won: that lapses (Herald's reading R-9). The record keeps what the
    /// fold held; this is what the screens offer and show.
    pub fn open_pursuit(&self, t: &Troop) -> Option<PursuitOpen> {
        let p = t.pursuit?;
        let enemy_gone = self.troop(p.target).is_ok_and(|g| g.gone());
        let lapsed = self.combat_ending && !p.pursuing && !p.required;
        (!t.gone() && !enemy_gone && !lapsed).then_some(p)
    }

    /// Says of each Pursuit a unit may (not must) attempt, and has not,
    /// that it lapses `when` (RR-20; Herald's reading R-9): the record of
    /// the event it lapses at holds it.
    fn say_lapsing(&self, when: &str, ex: &mut Explanation) {
        for t in self.units.iter().flatten() {
            if let Some(p) = self.open_pursuit(t)
                && !p.pursuing
                && !p.required
            {
                let target = self
                    .troop(p.target)
                    .map_or(p.target.to_string(), |g| g.unit.name.clone());
                ex.line(
                    format!(
                        "{} did not attempt its Pursuit of {target}: it lapses {when}",
                        t.unit.name
                    ),
                    cite("Melee Combat", "RR-20; Herald's reading R-9"),
                );
            }
        }
    }

    /// The Vulnerable stands pushed back whose Action Roll to retreat
    /// their full base depth is owed ("An Action Roll is required", RR-20).
    pub fn vulnerable_retreats_owed(&self) -> Vec<UnitId> {
        self.owing(|_, t| t.vulnerable_retreat)
    }

    /// The enemy whose Vulnerable retreat roll a unit's Pursuit waits for:
    /// the retreat and its roll come first, then the winner decides
    /// whether to Pursue (RR-20; Melee Combat's worked example).
    pub fn retreat_before_pursuit(&self, pursuer: UnitId) -> Option<UnitId> {
        let p = self.troop(pursuer).ok()?.pursuit?;
        let g = self.troop(p.target).ok()?;
        (g.vulnerable_retreat && !g.gone()).then_some(p.target)
    }

    /// The units on the table for which `owes` holds, side a's first.
    fn owing(&self, owes: impl Fn(&State, &Troop) -> bool) -> Vec<UnitId> {
        let mut out = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, t) in self.units[side as usize].iter().enumerate() {
                if !t.gone() && owes(self, t) {
                    out.push(UnitId::new(side, i));
                }
            }
        }
        out
    }

    /// A Break Check owed in words: `a3 (it lost stands this phase)`, or
    /// for a leader `The General with a3 (his unit took a hit)`.
    pub fn check_words(&self, id: UnitId, cause: BreakCause) -> String {
        match (cause, self.troop(id)) {
            (BreakCause::LeaderHit, Ok(t)) => {
                format!("{} with {id} (his unit took a hit)", t.unit.leader_named())
            }
            _ => format!("{id} ({})", cause_words(cause)),
        }
    }

    /// The Acting player and the phase, or why nothing can happen yet.
    fn half(&self) -> Result<(Side, Step), BattleError> {
        match self.phase {
            Phase::Half { acting, step, .. } => Ok((acting, step)),
            Phase::Deployment => Err(BattleError::OutOfTurn(
                "no half-turn has begun: first say who is the Acting player (RR-4)".into(),
            )),
        }
    }

    /// Judges an event as the referee records it: the Combat Phase ends
    /// only when every Break Check it owes is made (RR-14).
    pub fn check(&self, event: &Event) -> Result<(), BattleError> {
        // RR-14: "nearby" is the referee's: he names the units (none is an
        // answer) before the phase ends.
        if let (Event::EndPhase, Some(id)) = (event, self.nearby_due.first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "first name the friendly units nearby the rout of {}{} ({id}) (n; none is an answer): each makes a Break Check (RR-14, RR-15)",
                if t.routed { "" } else { "the leader of " },
                t.unit.name
            )));
        }
        // RR-20: "Impetuous units must attempt to Pursue".
        if let (Event::EndPhase, Some(id)) = (event, self.pursuits_owed().first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) is Impetuous: it must attempt to Pursue first (r, then p if it pursues) (RR-20)",
                t.unit.name
            )));
        }
        // RR-20, Melee Combat's worked example: the pushed-back Vulnerable
        // stand's retreat and its Action Roll come first ("The stand only
        // retreats half of the normal distance. The Reacting Player must
        // now decide whether to Pursue ... the Action Roll failure has left
        // them just barely in reach"): the pursuer decides on what it left.
        // A save that recorded the Pursuit first keeps it as recorded.
        if let Event::Action {
            unit,
            action: Action::Pursuit,
            ..
        }
        | Event::PursuitAttack { unit, .. }
        | Event::DeclinePursuit { unit } = event
            && let Some(g) = self.retreat_before_pursuit(*unit)
        {
            let t = &self.units[unit.side as usize][unit.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({}) is Vulnerable and was pushed back: its Action Roll to retreat its full base depth comes first (r, v), then {} decides whether to Pursue on what it left (RR-20; Melee Combat's example)",
                self.units[g.side as usize][g.index].unit.name, g, t.unit.name
            )));
        }
        // RR-20: "The decision to Pursue must be made immediately, before
        // other combats are resolved": no melee while a Pursuit is owed.
        if let (Event::Melee { .. }, Some(id)) = (event, self.pursuits_owed().first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) is Impetuous: it must attempt to Pursue first (r, then p if it pursues): the decision to Pursue is made before other combats are resolved (RR-20)",
                t.unit.name
            )));
        }
        // RR-14: "At the end of the Combat Phase, a Break Check must be
        // made for any units which have lost stands during the phase":
        // after every combat and Pursuit, and no combat after it.
        if let Event::BreakCheck {
            cause: BreakCause::StandsLost,
            ..
        } = event
            && self.phase.step() == Some(Step::Combat)
        {
            // The Vulnerable retreat roll first (Melee Combat's example).
            let open = self
                .vulnerable_retreats_owed()
                .into_iter()
                .chain(self.pursuits_owed())
                .chain(self.owing(|_, t| t.pursuit.is_some_and(|p| p.pursuing)))
                .next();
            if let Some(id) = open {
                let t = &self.units[id.side as usize][id.index];
                return Err(BattleError::OutOfTurn(format!(
                    "Break Checks for stands lost are made at the end of the Combat Phase, after every combat: {} ({id}) has {} first (RR-14, RR-20)",
                    t.unit.name,
                    if t.vulnerable_retreat {
                        "its Vulnerable retreat's Action Roll to make"
                    } else if t.pursuit.is_some_and(|p| p.pursuing) {
                        "its Pursuit attack to make (p), or to leave (d) if it made no contact"
                    } else {
                        "its Pursuit to make"
                    }
                )));
            }
        }
        if self.combat_ending
            && matches!(
                event,
                Event::Melee { .. }
                    | Event::PursuitAttack { .. }
                    | Event::Action {
                        action: Action::Pursuit | Action::VulnerableRetreat,
                        ..
                    }
            )
        {
            return Err(BattleError::OutOfTurn(
                "the Combat Phase is at its end: its Break Checks for stands lost have begun, and every combat is resolved before them (RR-14); u undoes the check".into(),
            ));
        }
        // RR-20: the Vulnerable retreat: "An Action Roll is required".
        if let (Event::EndPhase, Some(id)) = (event, self.vulnerable_retreats_owed().first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) is Vulnerable and was pushed back: its Action Roll to retreat its full base depth comes first (r, v) (RR-20)",
                t.unit.name
            )));
        }
        // RR-15: "Whenever a unit with an attached leader takes a hit, the
        // Leader must make a Break Check": in the phase of the hit.
        if let (Event::EndPhase, Some(id)) = (event, self.leader_checks_owed().first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{}, the leader with {} ({id}), must make a Break Check first (k): his unit took a hit, and each hit owes one before the phase ends (RR-15; Herald's reading R-6)",
                t.unit.leader_named(),
                t.unit.name
            )));
        }
        // RR-14, RR-15: the Combat Phase's checks at its end; a rout's
        // nearby units "must now attempt Break Checks" in any phase (R-7).
        if let (Event::EndPhase, Phase::Half { step, .. }) = (event, self.phase)
            && let Some((id, cause)) = self.checks_due().first()
        {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(if *cause == BreakCause::LeaderHit {
                format!(
                    "{}, the leader with {} ({id}), must make a Break Check first (his unit took a hit): the {} Phase ends after its Break Checks (RR-15)",
                    t.unit.leader_named(),
                    t.unit.name,
                    phase_words(step)
                )
            } else {
                format!(
                    "{} ({id}) must make a Break Check first (k; {}): the {} Phase ends after its Break Checks ({})",
                    t.unit.name,
                    cause_words(*cause),
                    phase_words(step),
                    if step == Step::Combat {
                        "RR-14"
                    } else {
                        "nearby units must now attempt Break Checks, RR-15; Herald's reading R-7"
                    }
                )
            }));
        }
        // Charging: "units must charge unless a Countermand Action is successfully taken".
        if let (Event::EndPhase, Some(Step::Charge)) = (event, self.phase.step())
            && let Some(id) = self.charges_owed().first()
        {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) must charge first (g{}), unless a Countermand Action succeeds (r): units must charge unless countermanded (Charging)",
                t.unit.name,
                if t.unit.reluctant() {
                    ": Reluctant, its Morale Check to lead"
                } else {
                    ""
                }
            )));
        }
        // Charging: "Eager units must attempt the Action".
        if let (Event::EndPhase, Some(id)) = (event, self.countercharges_owed().first()) {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) is Eager and a charge was declared on it: it must attempt a Countercharge first (r) (Charging)",
                t.unit.name
            )));
        }
        match event {
            Event::Action {
                unit,
                action,
                general_free_action,
                ..
            } => self.check_action(*unit, *action, *general_free_action),
            Event::MoraleCheck {
                unit,
                cause: MoraleCause::LeadCharge,
                ..
            } => {
                let t = self.troop(*unit)?;
                // Outside the Charge Phase, or for a unit that is not
                // Reluctant or has checked, the rules' own refusal speaks.
                if let Some(why) = self.charge_gone_words(t) {
                    return Err(BattleError::Refused(why));
                }
                if self.charge_owed_by(t)
                    || self.phase.step() != Some(Step::Charge)
                    || !t.unit.reluctant()
                    || t.lead_charge.is_some()
                {
                    Ok(())
                } else {
                    Err(BattleError::Refused(format!(
                        "{} has no charge to lead: declared charges and successful countercharges charge in the Charge Phase (Charging)",
                        t.unit.name
                    )))
                }
            }
            // RR-14: the check for stands lost is made "for any units
            // which have lost stands during the phase", once a phase: a
            // unit that owes none makes none, and a check not made would
            // still end the phase's combats as its first (R-9). A save
            // holding one stands as recorded (an earlier reading).
            Event::BreakCheck {
                unit,
                cause: BreakCause::StandsLost,
                ..
            } => {
                let t = self.troop(*unit)?;
                if t.gone() {
                    return Ok(());
                }
                if t.stands_lost == 0 {
                    return Err(BattleError::Refused(format!(
                        "{} lost no stands this phase: it owes no Break Check for stands lost (RR-14)",
                        t.unit.name
                    )));
                }
                if t.checked {
                    return Err(BattleError::Refused(format!(
                        "{} has made its Break Check this phase: units never make more than one Break Check per phase (RR-14; Herald's reading R-5)",
                        t.unit.name
                    )));
                }
                Ok(())
            }
            // RR-20: a Pursuit the unit "may" attempt may be declined; an
            // Impetuous unit "must attempt to Pursue"; one won attacks (p).
            Event::DeclinePursuit { unit } => {
                let t = self.on_table(*unit)?;
                match self.open_pursuit(t) {
                    None => Err(BattleError::Refused(format!(
                        "{} has no Pursuit open to decline: a Pursuit is the successful attacker's, after a Push Back, until the Break Checks begin (RR-20; Herald's reading R-9)",
                        t.unit.name
                    ))),
                    // RR-20: "If the advancing stand makes contact with the
                    // enemy, it may make a free Attack Roll": a won
                    // Pursuit's attack may be left (no contact, or none made).
                    Some(p) if p.pursuing => Ok(()),
                    Some(p) if p.required => Err(BattleError::Refused(format!(
                        "{} is Impetuous: it must attempt to Pursue (r) (RR-20)",
                        t.unit.name
                    ))),
                    Some(_) => Ok(()),
                }
            }
            Event::Charge { unit } => match self
                .troop(*unit)
                .ok()
                .and_then(|t| self.charge_gone_words(t))
            {
                Some(why) => Err(BattleError::Refused(why)),
                None => Ok(()),
            },
            Event::DeclareCharge { unit, .. } => {
                let t = self.troop(*unit)?;
                // Charging: "units which move within a distance of an enemy
                // stand equal to the moving unit's base depth must
                // immediately stop. The Acting Player may declare that any
                // of these units will attempt to close": a failed Action
                // Roll moved nothing (RR-9), unless its Movement succeeded
                // before it (a failed Stop: "We can't stop them", Sequence
                // of Play).
                if t.failed && !t.moved {
                    return Err(BattleError::Refused(format!(
                        "{} did not move: its Action Roll failed this phase and it takes no further Actions (RR-9); a charge is declared for a unit which moved within its base depth of an enemy (Charging)",
                        t.unit.name
                    )));
                }
                if t.charge.is_some() {
                    return Err(BattleError::Refused(format!(
                        "{} is already declared to charge this half-turn (Charging)",
                        t.unit.name
                    )));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// What an Action's record owes the charges and the leaders: a
    /// Countercharge answers a declared charge; a Countermand keeps a
    /// charge back in the Charge Phase; a Set Action is taken in the
    /// Reaction and Assault Phases; the General's free Action needs a
    /// General on the table (Charging, RR-5, RR-10, RR-15).
    fn check_action(&self, unit: UnitId, action: Action, free: bool) -> Result<(), BattleError> {
        let t = self.troop(unit)?;
        let step = self.phase.step();
        match action {
            Action::Countercharge if !self.charge_declared() => {
                return Err(BattleError::Refused(
                    "no charge was declared this half-turn: a Countercharge answers a declared charge (Charging)"
                        .into(),
                ));
            }
            Action::Countercharge if t.charge.is_some() => {
                return Err(BattleError::Refused(format!(
                    "{} has its charge already (Charging)",
                    t.unit.name
                )));
            }
            Action::Countermand if step != Some(Step::Charge) => {
                return Err(BattleError::OutOfTurn(
                    "a Countermand Action keeps a charge back in the Charge Phase (Charging)"
                        .into(),
                ));
            }
            Action::Countermand if self.charge_gone_words(t).is_some() => {
                return Err(BattleError::Refused(
                    self.charge_gone_words(t).unwrap_or_default(),
                ));
            }
            Action::Countermand if !self.charge_owed_by(t) => {
                return Err(BattleError::Refused(format!(
                    "{} has no charge to countermand (Charging)",
                    t.unit.name
                )));
            }
            // Skirmishers: "forcing the Reacting Player to immediately make a
            // Withdrawal Action attempt for each involved Skirmisher stand".
            Action::Withdrawal if t.unit.skirmisher() == Some(false) => {
                return Err(BattleError::Refused(format!(
                    "{} is {}, not Skirmishers: a Withdrawal Action is a Skirmisher stand's (Skirmishers; RR-10)",
                    t.unit.name,
                    t.unit.troop_type.as_deref().unwrap_or("").replace('_', " ")
                )));
            }
            // Missile Fire: "Only one Missile Fire Action can be taken per
            // stand per phase" (RR-16), as `m` refuses a second fire.
            Action::MissileFire if t.fired => {
                return Err(BattleError::Refused(format!(
                    "{} has made its Missile Fire Action this phase (RR-16)",
                    t.unit.name
                )));
            }
            Action::MissileFire if t.may_fire => {
                return Err(BattleError::Refused(format!(
                    "{} has its Missile Fire Action already: m makes its attacks (RR-11, RR-16)",
                    t.unit.name
                )));
            }
            // RR-3: "No MAV means 0": no missile weapons, no Missile Fire.
            Action::MissileFire if t.unit.mav <= 0 => {
                return Err(BattleError::Refused(format!(
                    "{} has no Missile Attack Value ({}): it has no missile weapons to fire (RR-3)",
                    t.unit.name,
                    t.unit.values()
                )));
            }
            // RR-20: one Push Back, one Pursuit attempt; a Pursuit that
            // succeeded is made with p, never rolled again.
            Action::Pursuit if t.pursuit.is_some_and(|p| p.pursuing) => {
                return Err(BattleError::Refused(format!(
                    "{}'s Pursuit has succeeded: p makes its attack; one Push Back gives one Pursuit attempt (RR-20)",
                    t.unit.name
                )));
            }
            Action::Set if !matches!(step, Some(Step::Reaction | Step::Assault)) => {
                return Err(BattleError::OutOfTurn(
                    "a Set Action is taken in the Reaction Phase (defending units) or the Assault Phase (attacking units) (Charging)"
                        .into(),
                ));
            }
            _ => {}
        }
        if free && self.general(unit.side).is_none() {
            return Err(BattleError::Refused(format!(
                "no General of player {} is on the table to give a free Action ({}) (RR-10, RR-15)",
                unit.side.name(),
                self.no_general(unit.side)
            )));
        }
        Ok(())
    }

    /// Why a charge owed in the record is owed no longer: the enemy it
    /// was declared to close with has left the table (RR-13, RR-14).
    fn charge_gone_words(&self, t: &Troop) -> Option<String> {
        if !t.charge.is_some_and(|c| c.state == ChargeState::Owed) || !self.charge_target_gone(t) {
            return None;
        }
        let g = self.troop(t.charge?.target?).ok()?;
        Some(format!(
            "{}'s charge on {} lapses: {} {} and was removed from play, so there is no enemy to close with (Charging; RR-13, RR-14)",
            t.unit.name,
            g.unit.name,
            g.unit.name,
            if g.routed { "routed" } else { "was destroyed" }
        ))
    }

    /// Whether a charge by `id` meets an enemy charge halfway: a declared
    /// charge a countercharge going in or gone in, or a countercharge a
    /// declared charge going in or gone in ("In the event of a
    /// countercharge, the two units meet halfway").
    fn met_halfway(&self, id: UnitId, countercharge: bool) -> bool {
        self.units[id.side.other() as usize].iter().any(|t| {
            t.charge.is_some_and(|c| {
                c.countercharge != countercharge
                    && matches!(c.state, ChargeState::Owed | ChargeState::Charged)
            })
        })
    }

    /// Applies an event; on an error the state is unchanged.
    pub fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let mut next = self.clone();
        let entry = next.apply_to(&setup.house, event)?;
        *self = next;
        Ok(entry)
    }

    /// Replaces a unit after a procedure, noting what changed.
    fn set_unit(&mut self, id: UnitId, after: Unit, entry: &mut Entry) {
        let t = &mut self.units[id.side as usize][id.index];
        let before = t.unit.clone();
        let name = before.name.clone();
        let mut note = |field: &'static str, from: String, to: String| {
            if from != to {
                entry.effects.push(Effect {
                    unit: id,
                    name: name.clone(),
                    field,
                    text: format!("{name}: {field} {from} → {to}"),
                    from,
                    to,
                    leaves_table: false,
                });
            }
        };
        note(
            "hits lost",
            before.hits_lost.to_string(),
            after.hits_lost.to_string(),
        );
        note(
            "stands",
            before.stands.to_string(),
            after.stands.to_string(),
        );
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
        note(
            "Disrupted",
            yes_no(before.disrupted),
            yes_no(after.disrupted),
        );
        note(
            "Demoralized",
            yes_no(before.demoralized()),
            yes_no(after.demoralized()),
        );
        if after.stands < before.stands {
            t.stands_lost += before.stands - after.stands;
        }
        t.unit = after;
    }

    /// Takes a unit off the table by the rules.
    fn leaves(&mut self, id: UnitId, routed: bool, entry: &mut Entry) {
        let t = &mut self.units[id.side as usize][id.index];
        if routed {
            t.routed = true;
        } else {
            t.destroyed = true;
        }
        t.pursuit = None;
        entry.effects.push(Effect {
            unit: id,
            name: t.unit.name.clone(),
            field: "on the table",
            text: format!(
                "{}: {}",
                t.unit.name,
                if routed { "routs" } else { "destroyed" }
            ),
            from: "yes".into(),
            to: if routed { "routed" } else { "destroyed" }.into(),
            leaves_table: true,
        });
        if routed {
            self.routed_this_phase.push(id);
            self.nearby_due.push(id);
        }
        // Herald's reading R-2: an attached leader "is considered to be a
        // stand of that unit's type": he leaves the table with his unit.
        let unit_name = self.units[id.side as usize][id.index].unit.name.clone();
        for l in &mut self.leaders[id.side as usize] {
            if l.unit == Some(id.index) && l.fate.is_none() {
                l.fate = Some(LeaderFate::WithUnit);
                entry.effects.push(Effect {
                    unit: id,
                    name: unit_name.clone(),
                    field: "leader",
                    text: format!(
                        "{unit_name}: {} ({}) leaves the table with it",
                        l.name,
                        l.title()
                    ),
                    from: "attached".into(),
                    to: "gone with his unit".into(),
                    leaves_table: false,
                });
            }
        }
    }

    /// New hits on a unit (RR-22), with what they owe (RR-14, RR-15).
    fn hit(
        &mut self,
        id: UnitId,
        hits: u32,
        house: &House,
        ex: &mut Explanation,
        entry: &mut Entry,
    ) {
        if hits == 0 {
            return;
        }
        let before = self.units[id.side as usize][id.index].unit.clone();
        let combat = self.phase.step() == Some(Step::Combat);
        let c = casualties_in(&before, hits, house, combat);
        ex.extend(c.explanation.clone());
        let lost = self.units[id.side as usize][id.index].stands_lost;
        self.set_unit(id, c.unit, entry);
        if !combat {
            // R-1: stands lost outside the Combat Phase owe no Break Check.
            self.units[id.side as usize][id.index].stands_lost = lost;
        }
        if c.leader_break_check {
            self.units[id.side as usize][id.index].leader_checks += 1;
        }
        if c.destroyed {
            self.leaves(id, false, entry);
        }
    }

    /// What an Action does to the unit's charge (Charging): a successful
    /// Countercharge owes a charge; a successful Set Action forfeits one; a
    /// successful Countermand keeps it back, a failed one does not.
    fn charge_action(&mut self, id: UnitId, action: Action, success: bool, ex: &mut Explanation) {
        let t = &mut self.units[id.side as usize][id.index];
        let name = t.unit.name.clone();
        match action {
            Action::Countercharge => {
                t.countercharge_tried = true;
                if success && t.charge.is_none() {
                    t.charge = Some(Charge {
                        countercharge: true,
                        target: None,
                        state: ChargeState::Owed,
                    });
                    ex.line(
                        format!(
                            "{name} countercharges in the Charge Phase: it must charge unless a Countermand Action succeeds"
                        ),
                        cite(CHARGE, ""),
                    );
                }
            }
            Action::Set if success => {
                if let Some(c) = &mut t.charge
                    && c.state == ChargeState::Owed
                {
                    c.state = ChargeState::Forfeited;
                    ex.line(
                        format!("{name} took a Set Action: it forfeits its charge"),
                        cite(CHARGE, ""),
                    );
                }
            }
            Action::Countermand => {
                if let Some(c) = &mut t.charge
                    && c.state == ChargeState::Owed
                {
                    if success {
                        c.state = ChargeState::Countermanded;
                        ex.line(
                            format!("the Countermand succeeds: {name} does not charge"),
                            cite(CHARGE, ""),
                        );
                    } else {
                        ex.line(
                            format!("the Countermand failed: {name} must still charge (g)"),
                            cite(CHARGE, ""),
                        );
                    }
                }
            }
            _ => {}
        }
    }

    fn apply_to(&mut self, house: &House, event: &Event) -> Result<Entry, BattleError> {
        let mut entry = Entry::new(self.turn, self.phase);
        let mut ex = Explanation::default();
        match event {
            Event::Begin { acting } => {
                if self.phase != Phase::Deployment {
                    return Err(BattleError::OutOfTurn(
                        "the first Acting player is said once, at the start (RR-4)".into(),
                    ));
                }
                ex.line(
                    format!(
                        "player {} is the Acting player of the first half-turn; the text does not say who acts first, the referee does",
                        acting.name()
                    ),
                    cite(SEC, "RR-4"),
                );
                self.first_acting = Some(*acting);
                self.phase = Phase::Half {
                    half: 1,
                    acting: *acting,
                    step: Step::Action,
                };
                entry.summary = format!(
                    "turn 1: player {} acts, player {} reacts",
                    acting.name(),
                    acting.other().name()
                );
            }
            Event::Action {
                unit,
                action,
                general_free_action,
                breakthrough,
                modifiers,
                dice,
            } => {
                let (acting, step) = self.half()?;
                let t = self.on_table(*unit)?.clone();
                let whose = action_side(*action, step, acting, t.pursuit.is_some());
                if let Some(side) = whose
                    && side != unit.side
                {
                    return Err(BattleError::OutOfTurn(format!(
                        "{} in the {} Phase is player {}'s ({} is player {}'s unit) (RR-4)",
                        action_words(*action),
                        phase_words(step),
                        side.name(),
                        t.unit.name,
                        unit.side.name()
                    )));
                }
                if *action == Action::Pursuit && t.pursuit.is_none() {
                    return Err(BattleError::Refused(format!(
                        "{} pushed no enemy back this Combat Phase: there is nothing to Pursue (RR-20)",
                        t.unit.name
                    )));
                }
                let situation = ActionSituation {
                    general_free_action: *general_free_action,
                    first_action_this_phase: t.actions == 0,
                    failed_this_phase: t.failed,
                    breakthrough: *breakthrough,
                    enemy_could_not_retreat: t.pursuit.is_some_and(|p| p.automatic),
                };
                let plan = ActionRoll::plan(&t.unit, *action, step, situation, modifiers, house)?;
                let d = dice_of(dice)?;
                let o = plan.resolve(if plan.automatic { &[] } else { &d })?;
                if !plan.automatic {
                    entry.roll(&t.unit.name, &white(dice));
                }
                ex.extend(o.explanation);
                let tm = &mut self.units[unit.side as usize][unit.index];
                tm.actions += 1;
                match o.result {
                    ActionResult::Failed | ActionResult::HalfRetreat => tm.failed = true,
                    ActionResult::Done => match action {
                        Action::MissileFire => tm.may_fire = true,
                        Action::Movement | Action::Retrograde => tm.moved = true,
                        Action::Pursuit => {
                            if let Some(p) = &mut tm.pursuit {
                                p.pursuing = true;
                            }
                        }
                        _ => {}
                    },
                    ActionResult::SkirmisherLost => {
                        tm.failed = true;
                        let mut after = tm.unit.clone();
                        after.stands = 0;
                        self.set_unit(*unit, after, &mut entry);
                        self.leaves(*unit, false, &mut entry);
                    }
                }
                if *action == Action::Pursuit && !o.success {
                    self.units[unit.side as usize][unit.index].pursuit = None;
                }
                // RR-20: the Vulnerable retreat's Action Roll is made.
                if *action == Action::VulnerableRetreat {
                    self.units[unit.side as usize][unit.index].vulnerable_retreat = false;
                }
                self.charge_action(*unit, *action, o.success, &mut ex);
                entry.summary = format!(
                    "{}: {}, {}",
                    t.unit.name,
                    action_words(*action),
                    match (o.automatic, o.score) {
                        (true, _) => "automatic".to_string(),
                        (false, Some(s)) if o.success => format!("{s}, success"),
                        (false, Some(s)) => format!("{s}, failed"),
                        _ => String::new(),
                    }
                );
            }
            Event::DeclareCharge { unit, target } => {
                let (acting, step) = self.half()?;
                if step != Step::Action {
                    return Err(BattleError::OutOfTurn(format!(
                        "charges are declared in the Action Phase, not the {} Phase (Charging)",
                        phase_words(step)
                    )));
                }
                if unit.side != acting {
                    return Err(BattleError::OutOfTurn(format!(
                        "the Acting player, {}, declares charges (Charging)",
                        acting.name()
                    )));
                }
                let t = self.on_table(*unit)?.clone();
                let tg = self.on_table(*target)?.clone();
                if target.side == unit.side {
                    return Err(BattleError::Refused(format!(
                        "{} is a friend: a charge closes with the enemy (Charging)",
                        tg.unit.name
                    )));
                }
                self.units[unit.side as usize][unit.index].charge = Some(Charge {
                    countercharge: false,
                    target: Some(*target),
                    state: ChargeState::Owed,
                });
                ex.line(
                    format!(
                        "{} stopped within its base depth of {} (the referee's): it is declared to close with it in the Charge Phase",
                        t.unit.name, tg.unit.name
                    ),
                    cite(CHARGE, ""),
                );
                ex.line(
                    "it must charge unless a Countermand Action succeeds; a Set Action forfeits the charge; Reluctant stands must pass a Morale Check to lead it",
                    cite(CHARGE, "RR-12"),
                );
                if tg.unit.has(Attribute::Eager) {
                    ex.line(
                        format!(
                            "{} is Eager: it must attempt a Countercharge in the Reaction Phase",
                            tg.unit.name
                        ),
                        cite(CHARGE, ""),
                    );
                }
                entry.summary = format!(
                    "{} ({unit}) declared to charge {} ({target})",
                    t.unit.name, tg.unit.name
                );
            }
            Event::Charge { unit } => {
                let (_, step) = self.half()?;
                if step != Step::Charge {
                    return Err(BattleError::OutOfTurn(format!(
                        "charges go in in the Charge Phase, not the {} Phase (Charging)",
                        phase_words(step)
                    )));
                }
                let t = self.on_table(*unit)?.clone();
                let Some(c) = t.charge.filter(|c| c.state == ChargeState::Owed) else {
                    return Err(BattleError::Refused(format!(
                        "{} has no charge owed: declared charges and successful countercharges charge (Charging)",
                        t.unit.name
                    )));
                };
                if t.unit.reluctant() {
                    return Err(BattleError::Refused(format!(
                        "{} is {}: it must pass a Morale Check to lead the charge first (RR-12)",
                        t.unit.name,
                        if t.unit.disrupted {
                            "Disrupted, so Reluctant"
                        } else {
                            "Reluctant"
                        }
                    )));
                }
                if let Some(ch) = &mut self.units[unit.side as usize][unit.index].charge {
                    ch.state = ChargeState::Charged;
                }
                let whom = c
                    .target
                    .and_then(|x| self.troop(x).ok())
                    .map_or(String::new(), |x| format!(" on {}", x.unit.name));
                ex.line(
                    format!(
                        "{} {}{whom}: it moves its base depth, ordinarily enough to contact its target (the referee moves it){}",
                        t.unit.name,
                        if c.countercharge { "countercharges" } else { "charges" },
                        if self.met_halfway(*unit, c.countercharge) {
                            "; charge and countercharge meet halfway"
                        } else {
                            ""
                        }
                    ),
                    cite(CHARGE, ""),
                );
                entry.summary = format!(
                    "{} {}{whom}",
                    t.unit.name,
                    if c.countercharge {
                        "countercharges"
                    } else {
                        "charges"
                    }
                );
            }
            Event::Missile {
                shooter,
                target,
                modifiers,
                attacks,
            } => {
                let (acting, step) = self.half()?;
                let s = self.on_table(*shooter)?.clone();
                let tg = self.on_table(*target)?.clone();
                let fires = match step {
                    Step::Reaction => Some(acting.other()),
                    Step::Assault => Some(acting),
                    _ => None,
                };
                match fires {
                    None => {
                        return Err(BattleError::OutOfTurn(format!(
                            "Missile Fire occurs in the Reaction and Assault Phases, not the {} Phase (RR-4, RR-11)",
                            phase_words(step)
                        )));
                    }
                    Some(side) if side != shooter.side => {
                        return Err(BattleError::OutOfTurn(format!(
                            "in the {} Phase player {} fires, not player {} (RR-4)",
                            phase_words(step),
                            side.name(),
                            shooter.side.name()
                        )));
                    }
                    _ => {}
                }
                if shooter.side == target.side {
                    return Err(BattleError::Refused("a unit fires at an enemy unit".into()));
                }
                if s.fired {
                    return Err(BattleError::Refused(format!(
                        "{} has made its Missile Fire Action this phase (RR-16)",
                        s.unit.name
                    )));
                }
                if !s.may_fire {
                    // RR-11: automatic Missile Fire needs no roll; otherwise the Action Roll first.
                    let situation = ActionSituation {
                        first_action_this_phase: s.actions == 0,
                        failed_this_phase: s.failed,
                        ..ActionSituation::default()
                    };
                    let plan = ActionRoll::plan(
                        &s.unit,
                        Action::MissileFire,
                        step,
                        situation,
                        &[],
                        house,
                    )?;
                    if !plan.automatic {
                        return Err(BattleError::Refused(format!(
                            "{} must first succeed at a Missile Fire Action Roll in the {} Phase (RR-11)",
                            s.unit.name,
                            phase_words(step)
                        )));
                    }
                    ex.extend(plan.explanation);
                    self.units[shooter.side as usize][shooter.index].actions += 1;
                }
                let rolls: Vec<Vec<Die>> = attacks
                    .iter()
                    .map(|d| dice_of(d))
                    .collect::<Result<_, _>>()?;
                let o =
                    MissileAttack::plan(&s.unit, &tg.unit, modifiers, house)?.resolve(&rolls)?;
                for d in attacks {
                    entry.roll(&s.unit.name, &white(d));
                }
                ex.extend(o.explanation);
                let shooter_t = &mut self.units[shooter.side as usize][shooter.index];
                shooter_t.fired = true;
                shooter_t.may_fire = false;
                let mut after = tg.unit.clone();
                after.disrupted = o.disrupted;
                self.set_unit(*target, after, &mut entry);
                self.hit(*target, o.hits, house, &mut ex, &mut entry);
                entry.summary = format!(
                    "{} fires at {}: {} attack{}, {}{}",
                    s.unit.name,
                    tg.unit.name,
                    attacks.len(),
                    if attacks.len() == 1 { "" } else { "s" },
                    if o.disrupted && !tg.unit.disrupted {
                        "Disrupted"
                    } else if o.disrupted {
                        "still Disrupted"
                    } else {
                        "no effect"
                    },
                    match o.hits {
                        0 => String::new(),
                        1 => ", 1 hit".to_string(),
                        n => format!(", {n} hits"),
                    }
                );
            }
            Event::Melee {
                a,
                b,
                simultaneous,
                can_retreat,
                modifiers,
                dice,
            } => {
                let (_, step) = self.half()?;
                if step != Step::Combat {
                    return Err(BattleError::OutOfTurn(format!(
                        "melee is fought in the Combat Phase, not the {} Phase (RR-4)",
                        phase_words(step)
                    )));
                }
                if a.side == b.side {
                    return Err(BattleError::Refused(
                        "a melee is between enemy units".into(),
                    ));
                }
                let ta = self.on_table(*a)?.clone();
                let tb = self.on_table(*b)?.clone();
                let (mut ua, mut ub) = (ta.unit.clone(), tb.unit.clone());
                for (t, u) in [(&ta, &mut ua), (&tb, &mut ub)] {
                    // Charging, Melee Combat (worked example): Impetuous troops "become
                    // Vulnerable when charging"; the heavy cavalry, "automatically a
                    // Shock unit -- is Vulnerable during a charge" (Herald's reading R-3).
                    if t.charged()
                        && (u.has(Attribute::Impetuous) || u.has(Attribute::Shock))
                        && !u.has(Attribute::Vulnerable)
                    {
                        u.attributes.push(Attribute::Vulnerable);
                        ex.line(
                            format!(
                                "{} charged this half-turn: {} troops are Vulnerable during a charge",
                                u.name,
                                if u.has(Attribute::Impetuous) {
                                    "Impetuous"
                                } else {
                                    "Shock"
                                }
                            ),
                            cite("Melee Combat", "R-3"),
                        );
                    }
                }
                let mut plan = MeleeAttack::plan(
                    (&ua, &modifiers[0]),
                    (&ub, &modifiers[1]),
                    *simultaneous,
                    *can_retreat,
                    house,
                );
                // RR-9: a winner that failed an Action Roll this phase may not Pursue.
                plan.failed_this_phase = [ta.failed, tb.failed];
                let da = dice_of(&dice[0])?;
                let db = dice_of(&dice[1])?;
                let o = plan.resolve(&da, &db, house)?;
                entry.roll(&ua.name, &white(&dice[0]));
                if *simultaneous {
                    entry.roll(&ub.name, &white(&dice[1]));
                }
                ex.extend(o.explanation.clone());
                let ids = [*a, *b];
                for (i, id) in ids.iter().enumerate() {
                    let pushed = matches!(
                        (o.pushed_back, i),
                        (Winner::Both, _) | (Winner::A, 0) | (Winner::B, 1)
                    );
                    // `pushed_back` names the side Pushed Back.
                    if pushed {
                        self.units[id.side as usize][id.index].pushed_back = true;
                    }
                    self.hit(*id, o.hits_on[i], house, &mut ex, &mut entry);
                }
                if o.pursuit != Pursuit::None {
                    let (winner, loser) = match o.pushed_back {
                        Winner::A => (*b, *a),
                        _ => (*a, *b),
                    };
                    let loser_gone = self.troop(loser)?.gone();
                    let w = &mut self.units[winner.side as usize][winner.index];
                    if !loser_gone && !w.gone() {
                        // RR-20: "automatically successful" is the roll, not
                        // the choice: the attacker "may" Pursue, and does
                        // once its Pursuit (r) or its attack (p) is recorded.
                        w.pursuit = Some(PursuitOpen {
                            target: loser,
                            automatic: o.pursuit == Pursuit::Automatic,
                            pursuing: false,
                            required: o.pursuit_required,
                        });
                    }
                }
                // RR-20: "An Action Roll is required" for a Vulnerable
                // stand's retreat; it is owed as a step.
                if o.vulnerable_retreat {
                    let loser = match o.pushed_back {
                        Winner::A => *a,
                        _ => *b,
                    };
                    let t = &mut self.units[loser.side as usize][loser.index];
                    if t.failed {
                        // RR-9: "Once a unit fails an Action Roll, it may
                        // attempt no further rolls in the current phase": no
                        // roll, so the retreat is a failed roll's (R-8).
                        ex.line(
                            format!(
                                "{} failed an Action Roll this phase and may attempt no further rolls: no Action Roll to retreat; its Vulnerable stand retreats half its base depth, as when the roll fails",
                                t.unit.name
                            ),
                            cite("Melee Combat", "RR-9, RR-20; Herald's reading R-8"),
                        );
                    } else {
                        t.vulnerable_retreat = true;
                    }
                }
                let score = |r: Option<crate::rules::roberts_rules::attack::SideRoll>| {
                    r.map_or("-".to_string(), |r| r.score.to_string())
                };
                entry.summary = format!(
                    "melee {} {} against {} {}: {}",
                    ua.name,
                    o.a.score,
                    ub.name,
                    score(o.b),
                    match o.pushed_back {
                        Winner::A =>
                            format!("{} Pushed Back, {}", ua.name, hits_words(o.hits_on[0])),
                        Winner::B =>
                            format!("{} Pushed Back, {}", ub.name, hits_words(o.hits_on[1])),
                        Winner::Both => "both Pushed Back".to_string(),
                        Winner::None if o.reroll => "equal scores, roll again".to_string(),
                        Winner::None => "no result".to_string(),
                    }
                );
            }
            Event::PursuitAttack {
                unit,
                target,
                modifiers,
                chart_hits,
                dice,
            } => {
                let (_, step) = self.half()?;
                if step != Step::Combat {
                    return Err(BattleError::OutOfTurn(
                        "a Pursuit attack follows a Push Back in the Combat Phase (RR-20, RR-21)"
                            .into(),
                    ));
                }
                let p = self.on_table(*unit)?.clone();
                let tg = self.on_table(*target)?.clone();
                match p.pursuit {
                    // An automatic Pursuit's attack is its choice made
                    // (RR-20); a save from before held it as made.
                    Some(o) if o.target == *target && (o.pursuing || o.automatic) => {}
                    Some(o) if o.target == *target => {
                        return Err(BattleError::Refused(format!(
                            "{} must first succeed at a Pursuit Action Roll (RR-20)",
                            p.unit.name
                        )));
                    }
                    _ => {
                        return Err(BattleError::Refused(format!(
                            "{} did not push {} back: it has no Pursuit on it (RR-20)",
                            p.unit.name, tg.unit.name
                        )));
                    }
                }
                let d = dice_of(dice)?;
                let o = PursuitAttack::plan(&p.unit, &tg.unit, modifiers, *chart_hits, house)
                    .resolve(&d)?;
                entry.roll(&p.unit.name, &white(dice));
                ex.extend(o.explanation);
                self.units[unit.side as usize][unit.index].pursuit = None;
                self.hit(*target, o.hits, house, &mut ex, &mut entry);
                entry.summary = format!(
                    "{} pursues {}: {}, {} hit{}",
                    p.unit.name,
                    tg.unit.name,
                    o.score,
                    o.hits,
                    if o.hits == 1 { "" } else { "s" }
                );
            }
            Event::BreakCheck {
                unit,
                cause,
                routed_unit_formed,
                modifiers,
                dice,
            } => {
                let (_, step) = self.half()?;
                let t = self.on_table(*unit)?.clone();
                // RR-15: a leader checks for each hit, in the phase it came;
                // units named nearby a rout check "now", in that phase, and
                // a broken unit's new check follows its check (R-7).
                let owed_now = match cause {
                    BreakCause::LeaderHit => t.leader_checks > 0,
                    BreakCause::BrokenStandsLost => t.check_again,
                    BreakCause::StandsLost => false,
                    BreakCause::NearbyRout | BreakCause::CaptainEliminated => {
                        t.nearby.is_some() && !t.checked
                    }
                };
                if step != Step::Combat && !owed_now {
                    return Err(BattleError::OutOfTurn(format!(
                        "Break Checks for stands lost are made at the end of the Combat Phase, not in the {} Phase (RR-14){}",
                        phase_words(step),
                        match cause {
                            BreakCause::LeaderHit => {
                                "; a leader checks in the phase his unit is hit (RR-15)"
                            }
                            BreakCause::NearbyRout | BreakCause::CaptainEliminated => {
                                "; a unit checks for a rout in this phase once the referee names it nearby (n) (RR-15; Herald's reading R-7)"
                            }
                            _ => "",
                        }
                    )));
                }
                if *cause == BreakCause::BrokenStandsLost && !t.check_again {
                    return Err(BattleError::Refused(format!(
                        "{} did not lose stands by breaking: it owes no new Break Check (RR-14)",
                        t.unit.name
                    )));
                }
                if *cause == BreakCause::LeaderHit && !t.unit.captain_attached {
                    return Err(BattleError::Refused(format!(
                        "{} has no leader attached (RR-15)",
                        t.unit.name
                    )));
                }
                let situation = BreakSituation {
                    stands_lost_this_phase: t.stands_lost,
                    checked_this_phase: t.checked,
                    routed_unit_formed: *routed_unit_formed,
                };
                let plan = BreakCheck::plan(&t.unit, *cause, situation, modifiers, house);
                let d = dice_of(dice)?;
                let o = plan.resolve(if plan.required { &d } else { &[] }, house)?;
                let leader = *cause == BreakCause::LeaderHit;
                let who = if leader {
                    t.unit.leader_named()
                } else {
                    t.unit.name.clone()
                };
                if plan.required {
                    entry.roll(&who, &white(dice));
                }
                if !leader
                    && let Some((c, _)) = t.nearby
                    && *cause != c
                {
                    ex.line(
                        format!(
                            "{} was also named nearby a rout: this is its one Break Check this phase",
                            t.unit.name
                        ),
                        cite(SEC_MORALE, "RR-14"),
                    );
                }
                ex.extend(o.explanation.clone());
                if *cause == BreakCause::StandsLost && step == Step::Combat {
                    if !self.combat_ending {
                        self.say_lapsing("as the Break Checks begin", &mut ex);
                    }
                    // RR-14: made "at the end of the Combat Phase".
                    self.combat_ending = true;
                }
                let tm = &mut self.units[unit.side as usize][unit.index];
                match cause {
                    BreakCause::LeaderHit => tm.leader_checks = tm.leader_checks.saturating_sub(1),
                    BreakCause::BrokenStandsLost => tm.check_again = false,
                    _ => {}
                }
                if plan.required && !leader {
                    // RR-14: its one Break Check this phase, whatever called for it.
                    tm.nearby = None;
                }
                if plan.required && *cause != BreakCause::LeaderHit {
                    tm.checked = true;
                }
                match o.result {
                    Some(BreakResult::Routs) if leader => {
                        // RR-15: the leader routs and is removed; any other leader stays.
                        let side = &mut self.leaders[unit.side as usize];
                        if let Some(l) = side
                            .iter_mut()
                            .find(|l| l.unit == Some(unit.index) && l.fate.is_none())
                        {
                            l.fate = Some(LeaderFate::Routed);
                        }
                        let left: Vec<&LeaderState> = side
                            .iter()
                            .filter(|l| l.unit == Some(unit.index) && l.fate.is_none())
                            .collect();
                        let mut after = t.unit.clone();
                        after.captain_attached = !left.is_empty();
                        after.general_attached = left.iter().any(|l| l.kind == LeaderKind::General);
                        after.leader_name = left.first().map(|l| l.name.clone());
                        let tm = &mut self.units[unit.side as usize][unit.index];
                        tm.unit = after;
                        entry.effects.push(Effect {
                            unit: *unit,
                            name: t.unit.name.clone(),
                            field: "leader",
                            text: format!(
                                "{}: {} routs and is removed from play",
                                t.unit.name, who
                            ),
                            from: "attached".into(),
                            to: "routed".into(),
                            leaves_table: false,
                        });
                        // RR-15: "the Leader routs ..., and nearby units must now attempt Break Checks".
                        self.nearby_due.push(*unit);
                    }
                    Some(BreakResult::Routs) => self.leaves(*unit, true, &mut entry),
                    Some(BreakResult::Broken) => {
                        tm.broken = true;
                        if let Some(after) = &o.after {
                            self.set_unit(*unit, after.unit.clone(), &mut entry);
                            // RR-15: the hits of breaking are hits: an attached leader checks.
                            if after.leader_break_check {
                                self.units[unit.side as usize][unit.index].leader_checks += 1;
                            }
                        }
                        self.units[unit.side as usize][unit.index].check_again = o.check_again;
                    }
                    Some(BreakResult::Destroyed) => {
                        if let Some(after) = &o.after {
                            self.set_unit(*unit, after.unit.clone(), &mut entry);
                        }
                        self.leaves(*unit, true, &mut entry);
                    }
                    Some(BreakResult::Holds) | None => {}
                }
                let result = match (o.score, o.result) {
                    (None, _) => "none required".to_string(),
                    (Some(s), Some(r)) => format!("{s}, {}", result_words(r)),
                    (Some(s), None) => s.to_string(),
                };
                entry.summary = if leader {
                    format!(
                        "{who}, the leader with {} ({unit}): Break Check (his unit took a hit), {result}",
                        t.unit.name
                    )
                } else {
                    format!(
                        "{}: Break Check ({}), {result}",
                        t.unit.name,
                        cause_words(*cause)
                    )
                };
                // RR-14, RR-15: a rout (a unit's, or a leader's) makes nearby
                // units check; a unit broken but still standing does not.
                if matches!(o.result, Some(BreakResult::Routs | BreakResult::Destroyed)) {
                    ex.line(
                        "nearby friendly units make Break Checks: which are nearby is the referee's to name (n)",
                        cite(SEC_MORALE, "RR-14, RR-15"),
                    );
                }
            }
            Event::MoraleCheck {
                unit,
                cause,
                reason,
                modifiers,
                dice,
            } => {
                let (_, step) = self.half()?;
                let t = self.on_table(*unit)?.clone();
                match cause {
                    MoraleCause::LeadCharge => {
                        if step != Step::Charge {
                            return Err(BattleError::OutOfTurn(format!(
                                "a Reluctant stand's Morale Check to lead a charge is made in the Charge Phase, not the {} Phase (RR-12)",
                                phase_words(step)
                            )));
                        }
                        if !t.unit.reluctant() {
                            return Err(BattleError::Refused(format!(
                                "{} is neither Reluctant nor Disrupted: it leads a charge without a Morale Check (RR-12)",
                                t.unit.name
                            )));
                        }
                        if let Some(p) = t.lead_charge {
                            return Err(BattleError::Refused(format!(
                                "{} has made its Morale Check to lead a charge this phase ({}) (RR-12)",
                                t.unit.name,
                                if p { "passed" } else { "failed" }
                            )));
                        }
                    }
                    MoraleCause::Referee if reason.trim().is_empty() => {
                        return Err(BattleError::Refused(
                            "say why you call this Morale Check (its reason): the text's only one is a Reluctant stand leading a charge (RR-12)"
                                .into(),
                        ));
                    }
                    MoraleCause::Referee => {}
                }
                let d = dice_of(dice)?;
                let o = MoraleCheck::plan(&t.unit, modifiers, house).resolve(&d)?;
                entry.roll(&t.unit.name, &white(dice));
                match cause {
                    MoraleCause::LeadCharge => ex.line(
                        format!(
                            "{} is {}: Reluctant stands must pass a Morale Check in order to lead a charge",
                            t.unit.name,
                            if t.unit.disrupted {
                                "Disrupted this half-turn, so Reluctant"
                            } else {
                                "Reluctant"
                            }
                        ),
                        cite(CHARGE, "RR-12, RR-17"),
                    ),
                    MoraleCause::Referee => ex.line(
                        format!("the referee calls a Morale Check: {}", reason.trim()),
                        crate::rules::roberts_rules::referee(),
                    ),
                }
                ex.extend(o.explanation);
                if *cause == MoraleCause::LeadCharge {
                    let tm = &mut self.units[unit.side as usize][unit.index];
                    tm.lead_charge = Some(o.passed);
                    // Charging: its charge goes in, or its stands stay behind.
                    if let Some(c) = &mut tm.charge
                        && c.state == ChargeState::Owed
                    {
                        c.state = if o.passed {
                            ChargeState::Charged
                        } else {
                            ChargeState::StayedBehind
                        };
                    }
                    ex.line(
                        if o.passed {
                            format!(
                                "{} leads the charge: it moves its base depth into contact (the referee moves it)",
                                t.unit.name
                            )
                        } else {
                            format!(
                                "{} does not lead the charge: its Reluctant stands stay behind (only a Countermand Action keeps everyone back)",
                                t.unit.name
                            )
                        },
                        cite(CHARGE, "RR-12"),
                    );
                }
                entry.summary = format!(
                    "{}: Morale Check ({}), {}, {}",
                    t.unit.name,
                    match cause {
                        MoraleCause::LeadCharge => "to lead a charge".to_string(),
                        MoraleCause::Referee => reason.trim().to_string(),
                    },
                    o.score,
                    if o.passed { "passed" } else { "failed" }
                );
            }
            Event::Correction {
                unit,
                hits_lost,
                stands,
                reason,
            } => {
                let t = self.on_table(*unit)?.clone();
                let u = &t.unit;
                if reason.trim().is_empty() {
                    return Err(BattleError::Refused(
                        "say why you correct the record (its reason): a correction is kept with it"
                            .into(),
                    ));
                }
                if *hits_lost > u.total_hits() {
                    return Err(BattleError::Refused(format!(
                        "{} has {} Hits, twice its {} original stands (RR-22): hits lost are 0 to {}",
                        u.name,
                        u.total_hits(),
                        u.stands_original,
                        u.total_hits()
                    )));
                }
                if *stands == 0 || *stands > u.stands_original {
                    return Err(BattleError::Refused(format!(
                        "{} began with {} stands: a correction leaves it 1 to {} (a unit lost by the rules leaves through its event)",
                        u.name, u.stands_original, u.stands_original
                    )));
                }
                if *hits_lost == u.hits_lost && *stands == u.stands {
                    return Err(BattleError::Refused(format!(
                        "nothing to correct: {} has {} hits lost and {} stands already",
                        u.name, u.hits_lost, u.stands
                    )));
                }
                let mut after = u.clone();
                after.hits_lost = *hits_lost;
                after.stands = *stands;
                // A correction changes the record, not the battle: it owes
                // no Break Check for stands (Herald's reading).
                let lost = t.stands_lost;
                self.set_unit(*unit, after, &mut entry);
                self.units[unit.side as usize][unit.index].stands_lost = lost;
                ex.line(
                    format!("the referee corrects {} by hand: {}", u.name, reason.trim()),
                    crate::rules::roberts_rules::referee(),
                );
                ex.line(
                    "a correction runs no rule: no Break Check or leader check follows from it",
                    crate::rules::roberts_rules::referee(),
                );
                entry.summary = format!(
                    "correction by the referee: {} hits lost {} → {}, stands {} → {} ({})",
                    u.name,
                    u.hits_lost,
                    hits_lost,
                    u.stands,
                    stands,
                    reason.trim()
                );
            }
            Event::Nearby {
                source,
                cause,
                units,
            } => {
                // RR-15: "nearby units must now attempt Break Checks": named
                // in the phase of the rout, whichever it is (R-7).
                self.half()?;
                let side = match (cause, source) {
                    (BreakCause::NearbyRout, Some(s)) => {
                        if !self.nearby_due.contains(s) && !self.nearby_named.contains(s) {
                            return Err(BattleError::Refused(format!(
                                "{} ({s}) did not rout this phase, nor did its leader (RR-14, RR-15)",
                                self.troop(*s)?.unit.name
                            )));
                        }
                        Some(s.side)
                    }
                    (BreakCause::NearbyRout, None) => {
                        return Err(BattleError::Refused(
                            "say whose rout: the unit that routed, or whose leader routed (RR-14)"
                                .into(),
                        ));
                    }
                    (BreakCause::CaptainEliminated, _) => units.first().map(|u| u.side),
                    (c, _) => {
                        return Err(BattleError::Refused(format!(
                            "units nearby are named for a rout or an eliminated Captain, not for '{}' (RR-14, RR-15)",
                            cause_words(*c)
                        )));
                    }
                };
                let mut names = Vec::new();
                for (i, u) in units.iter().enumerate() {
                    let t = self.on_table(*u)?;
                    if Some(u.side) != side {
                        return Err(BattleError::Refused(format!(
                            "{} ({u}) is not a friend of the {}: nearby units are friendly units (RR-14)",
                            t.unit.name,
                            if *cause == BreakCause::NearbyRout {
                                "unit that routed"
                            } else {
                                "other units named"
                            }
                        )));
                    }
                    // A routed unit is off the table; a unit whose leader
                    // routed is nearby his rout like any other.
                    if units[..i].contains(u) {
                        return Err(BattleError::Refused(format!(
                            "{} ({u}) is named twice",
                            t.unit.name
                        )));
                    }
                    names.push(format!("{} ({u})", t.unit.name));
                }
                // RR-14: who is exempt is the rules' (Fanatic; a Formed unit
                // for an Unformed rout; one Break Check a phase), said now.
                let routed_formed = source
                    .and_then(|s| self.troop(s).ok())
                    .is_none_or(|t| t.unit.formed);
                let mut exempt = Vec::new();
                for u in units {
                    let t = &self.units[u.side as usize][u.index];
                    let situation = BreakSituation {
                        stands_lost_this_phase: t.stands_lost,
                        checked_this_phase: t.checked,
                        routed_unit_formed: routed_formed,
                    };
                    let plan = BreakCheck::plan(&t.unit, *cause, situation, &[], house);
                    if !plan.required {
                        exempt.extend(plan.explanation.lines.clone());
                        continue;
                    }
                    let t = &mut self.units[u.side as usize][u.index];
                    if t.nearby.is_none() {
                        t.nearby = Some((*cause, *source));
                    }
                }
                let whose = match source {
                    Some(s) => {
                        self.nearby_due.retain(|x| x != s);
                        if !self.nearby_named.contains(s) {
                            self.nearby_named.push(*s);
                        }
                        format!("the rout of {}", self.rout_words(*s))
                    }
                    None => "the eliminated unattached Captain".to_string(),
                };
                // Those the rules exempt are said, not listed as owing.
                let owing: Vec<String> = units
                    .iter()
                    .filter(|u| self.units[u.side as usize][u.index].nearby.is_some())
                    .map(|u| format!("{} ({u})", self.units[u.side as usize][u.index].unit.name))
                    .collect();
                ex.line(
                    if names.is_empty() {
                        format!("the referee names no friendly unit nearby {whose}")
                    } else {
                        format!(
                            "the referee names the friendly units nearby {whose}: {}; each makes a Break Check ({}) unless the rules exempt it (Fanatic; a Formed unit for an Unformed rout; one Break Check a phase)",
                            names.join(", "),
                            cause_words(*cause)
                        )
                    },
                    cite(SEC_MORALE, "RR-14, RR-15"),
                );
                for l in exempt {
                    ex.line(l.text, l.cite);
                }
                entry.summary = match (names.is_empty(), owing.is_empty()) {
                    (true, _) => format!("nearby {whose}: none"),
                    (false, true) => format!(
                        "nearby {whose}: {}, none owing a Break Check",
                        names.join(", ")
                    ),
                    (false, false) => format!(
                        "nearby {whose}: {} {} a Break Check",
                        owing.join(", "),
                        if owing.len() == 1 { "owes" } else { "owe" }
                    ),
                };
            }
            Event::DeclinePursuit { unit } => {
                self.half()?;
                let t = self.troop(*unit)?.clone();
                let target = t
                    .pursuit
                    .map_or("the enemy it pushed back".to_string(), |p| {
                        self.troop(p.target)
                            .map_or(p.target.to_string(), |g| g.unit.name.clone())
                    });
                self.units[unit.side as usize][unit.index].pursuit = None;
                if t.pursuit.is_some_and(|p| p.pursuing) {
                    // RR-20: "If the advancing stand makes contact with the
                    // enemy, it may make a free Attack Roll."
                    ex.line(
                        format!(
                            "{} pursued {target} and makes no Pursuit attack: it did not make contact, or its player makes no free Attack Roll",
                            t.unit.name
                        ),
                        cite("Melee Combat", "RR-20"),
                    );
                    entry.summary = format!("{} makes no Pursuit attack on {target}", t.unit.name);
                } else {
                    ex.line(
                        format!(
                            "{} does not pursue {target}: the referee's decision, made at once",
                            t.unit.name
                        ),
                        cite("Melee Combat", "RR-20"),
                    );
                    entry.summary = format!("{} does not pursue {target}", t.unit.name);
                }
            }
            Event::EndPhase => {
                let (acting, step) = self.half()?;
                if step == Step::Combat {
                    self.say_lapsing("with the phase", &mut ex);
                }
                let Phase::Half { half, .. } = self.phase else {
                    unreachable!("half() said a half-turn is under way")
                };
                for side in &mut self.units {
                    for t in side.iter_mut() {
                        t.failed = false;
                        t.moved = false;
                        t.actions = 0;
                        t.may_fire = false;
                        t.fired = false;
                        t.stands_lost = 0;
                        t.checked = false;
                        t.lead_charge = None;
                        t.nearby = None;
                        t.countercharge_tried = false;
                    }
                }
                self.routed_this_phase.clear();
                self.nearby_due.clear();
                self.nearby_named.clear();
                self.combat_ending = false;
                let next = match step {
                    Step::Action => Some(Step::Reaction),
                    Step::Reaction => Some(Step::Assault),
                    Step::Assault => Some(Step::Charge),
                    Step::Charge => Some(Step::Combat),
                    Step::Combat => None,
                };
                match next {
                    Some(s) => {
                        self.phase = Phase::Half {
                            half,
                            acting,
                            step: s,
                        };
                        ex.line(
                            format!(
                                "the {} Phase ends: the {} Phase ({})",
                                phase_words(step),
                                phase_words(s),
                                match s {
                                    Step::Reaction => format!(
                                        "player {}, Reacting: countercharge, change face or formation, missile fire, Set",
                                        acting.other().name()
                                    ),
                                    Step::Assault => format!(
                                        "player {}, Acting: missile fire, Set",
                                        acting.name()
                                    ),
                                    Step::Charge => "charges and countercharges advance".into(),
                                    _ => "every stand in contact attacks; the Acting player picks the order".into(),
                                }
                            ),
                            cite(SEC, "RR-4"),
                        );
                        entry.summary = format!("{} Phase", phase_words(s));
                    }
                    None => {
                        // RR-4, RR-17: the half-turn ends; Disruption lasts to its end.
                        for side in &mut self.units {
                            for t in side.iter_mut() {
                                t.unit.disrupted = false;
                                t.pushed_back = false;
                                t.vulnerable_retreat = false;
                                t.pursuit = None;
                                t.check_again = false;
                                t.leader_checks = 0;
                                t.charge = None;
                            }
                        }
                        let (half, turn) = if half == 1 {
                            (2, self.turn)
                        } else {
                            self.turn += 1;
                            (1, self.turn)
                        };
                        let acting = acting.other();
                        self.phase = Phase::Half {
                            half,
                            acting,
                            step: Step::Action,
                        };
                        ex.line(
                            format!(
                                "the half-turn ends (Disruption with it): turn {turn}, player {} acts",
                                acting.name()
                            ),
                            cite(SEC, "RR-4, RR-17"),
                        );
                        entry.summary = format!(
                            "turn {turn}, half-turn {half}: player {} acts",
                            acting.name()
                        );
                    }
                }
            }
        }
        entry.explanation = ex;
        Ok(entry)
    }
}

/// Whose units may take `action` in phase `step` (RR-4, RR-5); `None`
/// when either player's may (a Charge Phase's Countermand or Morale Check).
fn action_side(action: Action, step: Step, acting: Side, has_pursuit: bool) -> Option<Side> {
    match (action, step) {
        // A Skirmisher's Withdrawal answers the Acting player's move (RR-10).
        (Action::Withdrawal, Step::Action) => Some(acting.other()),
        (Action::Pursuit | Action::VulnerableRetreat, Step::Combat) => None,
        (_, Step::Combat) if has_pursuit => None,
        (_, Step::Action | Step::Assault) => Some(acting),
        (_, Step::Reaction) => Some(acting.other()),
        (_, Step::Charge | Step::Combat) => None,
    }
}

/// Hits in words: `no hit`, `1 hit`, `2 hits`.
fn hits_words(n: u32) -> String {
    match n {
        0 => "no hit".to_string(),
        1 => "1 hit".to_string(),
        n => format!("{n} hits"),
    }
}

/// A Break Check's cause in words.
pub fn cause_words(c: BreakCause) -> &'static str {
    match c {
        BreakCause::StandsLost => "it lost stands this phase",
        BreakCause::NearbyRout => "a nearby friendly unit routed",
        BreakCause::BrokenStandsLost => "it lost stands by breaking",
        BreakCause::LeaderHit => "its leader, the unit took a hit",
        BreakCause::CaptainEliminated => "an unattached Captain was eliminated",
    }
}

/// A Break Check's result in words.
pub fn result_words(r: BreakResult) -> &'static str {
    match r {
        BreakResult::Holds => "holds",
        BreakResult::Routs => "routs",
        BreakResult::Broken => "broken",
        BreakResult::Destroyed => "destroyed",
    }
}
