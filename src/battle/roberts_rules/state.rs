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
use crate::rules::named::Named as _;
use crate::rules::roberts_rules::action_roll::{action_words, phase_words};
use crate::rules::roberts_rules::{
    Action, ActionResult, ActionRoll, ActionSituation, BreakCause, BreakCheck, BreakResult,
    BreakSituation, MeleeAttack, MissileAttack, MoraleCause, MoraleCheck, Pursuit, PursuitAttack,
    Unit, Winner, casualties,
};

/// A Pursuit open to a unit that pushed an enemy back (RR-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PursuitOpen {
    /// The unit pushed back.
    pub target: UnitId,
    /// The enemy could not retreat: the Pursuit is automatic.
    pub automatic: bool,
    /// The Pursuit Action succeeded (or is automatic): it may attack.
    pub pursuing: bool,
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
    /// The Pursuit open to it (RR-20).
    pub pursuit: Option<PursuitOpen>,
    /// Stands it lost this phase (RR-13, RR-14).
    pub stands_lost: u32,
    /// It made a Break Check this phase (RR-14).
    pub checked: bool,
    /// It broke and lost stands: it must make a new Break Check (RR-14).
    pub check_again: bool,
    /// Its attached leader must check: the unit took a hit (RR-15).
    pub leader_check: bool,
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
            pursuit: None,
            stands_lost: 0,
            checked: false,
            check_again: false,
            leader_check: false,
            broken: false,
            routed: false,
            destroyed: false,
            lead_charge: None,
            nearby: None,
        }
    }

    /// Off the table: routed or destroyed.
    pub fn gone(&self) -> bool {
        self.routed || self.destroyed
    }

    /// The Break Check it owes at the end of the Combat Phase, if any
    /// (RR-14, RR-15); nearby-rout checks are the referee's to call.
    pub fn check_due(&self) -> Option<BreakCause> {
        if self.gone() {
            None
        } else if self.check_again {
            Some(BreakCause::BrokenStandsLost)
        } else if self.stands_lost > 0 && !self.checked {
            Some(BreakCause::StandsLost)
        } else if let Some((cause, _)) = self.nearby {
            Some(cause)
        } else if self.leader_check && self.unit.captain_attached {
            Some(BreakCause::LeaderHit)
        } else {
            None
        }
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
        State {
            turn: 1,
            phase: Phase::Deployment,
            first_acting: None,
            units: [side(&setup.sides[0]), side(&setup.sides[1])],
            routed_this_phase: Vec::new(),
            nearby_due: Vec::new(),
            nearby_named: Vec::new(),
        }
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

    /// The units that owe a Break Check before the Combat Phase ends, with why.
    pub fn checks_due(&self) -> Vec<(UnitId, BreakCause)> {
        let mut out = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, t) in self.units[side as usize].iter().enumerate() {
                if let Some(c) = t.check_due() {
                    out.push((UnitId::new(side, i), c));
                }
            }
        }
        out
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
        if let (Event::EndPhase, Phase::Half { step, .. }) = (event, self.phase)
            && step == Step::Combat
            && let Some((id, cause)) = self.checks_due().first()
        {
            let t = &self.units[id.side as usize][id.index];
            return Err(BattleError::OutOfTurn(format!(
                "{} ({id}) must make a Break Check first ({}): the Combat Phase ends after its Break Checks (RR-14)",
                t.unit.name,
                cause_words(*cause)
            )));
        }
        Ok(())
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
        note(
            "Disrupted",
            before.disrupted.to_string(),
            after.disrupted.to_string(),
        );
        note(
            "Demoralized",
            before.demoralized().to_string(),
            after.demoralized().to_string(),
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
        let c = casualties(&before, hits, house);
        ex.extend(c.explanation.clone());
        self.set_unit(id, c.unit, entry);
        if c.leader_break_check {
            self.units[id.side as usize][id.index].leader_check = true;
        }
        if c.destroyed {
            self.leaves(id, false, entry);
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
                let ua = self.on_table(*a)?.unit.clone();
                let ub = self.on_table(*b)?.unit.clone();
                let plan = MeleeAttack::plan(
                    (&ua, &modifiers[0]),
                    (&ub, &modifiers[1]),
                    *simultaneous,
                    *can_retreat,
                    house,
                );
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
                        let automatic = o.pursuit == Pursuit::Automatic;
                        w.pursuit = Some(PursuitOpen {
                            target: loser,
                            automatic,
                            pursuing: automatic,
                        });
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
                        Winner::A => format!(
                            "{} Pushed Back, {} hit{}",
                            ua.name,
                            o.hits_on[0],
                            if o.hits_on[0] == 1 { "" } else { "s" }
                        ),
                        Winner::B => format!(
                            "{} Pushed Back, {} hit{}",
                            ub.name,
                            o.hits_on[1],
                            if o.hits_on[1] == 1 { "" } else { "s" }
                        ),
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
                    Some(o) if o.target == *target && o.pursuing => {}
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
                if step != Step::Combat {
                    return Err(BattleError::OutOfTurn(format!(
                        "Break Checks are made at the end of the Combat Phase, not in the {} Phase (RR-14)",
                        phase_words(step)
                    )));
                }
                let t = self.on_table(*unit)?.clone();
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
                if plan.required {
                    entry.roll(&t.unit.name, &white(dice));
                }
                ex.extend(o.explanation.clone());
                let tm = &mut self.units[unit.side as usize][unit.index];
                match cause {
                    BreakCause::LeaderHit => tm.leader_check = false,
                    BreakCause::BrokenStandsLost => tm.check_again = false,
                    BreakCause::NearbyRout | BreakCause::CaptainEliminated => tm.nearby = None,
                    _ => {}
                }
                if plan.required && *cause != BreakCause::LeaderHit {
                    tm.checked = true;
                }
                match o.result {
                    Some(BreakResult::Routs) if *cause == BreakCause::LeaderHit => {
                        let mut after = t.unit.clone();
                        after.captain_attached = false;
                        tm.unit = after;
                        entry.effects.push(Effect {
                            unit: *unit,
                            name: t.unit.name.clone(),
                            field: "leader",
                            text: format!("{}: its leader routs and is removed", t.unit.name),
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
                entry.summary = format!(
                    "{}: Break Check ({}), {}",
                    t.unit.name,
                    cause_words(*cause),
                    match (o.score, o.result) {
                        (None, _) => "none required".to_string(),
                        (Some(s), Some(r)) => format!("{s}, {}", result_words(r)),
                        (Some(s), None) => s.to_string(),
                    }
                );
                if o.result.is_some_and(|r| r != BreakResult::Holds) {
                    ex.line(
                        "nearby friendly units make Break Checks (nearby_rout): which are nearby is the referee's to name",
                        cite(SEC, "RR-14, RR-15"),
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
                    self.units[unit.side as usize][unit.index].lead_charge = Some(o.passed);
                    ex.line(
                        if o.passed {
                            format!("{} leads the charge", t.unit.name)
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
                let (_, step) = self.half()?;
                if step != Step::Combat {
                    return Err(BattleError::OutOfTurn(format!(
                        "Break Checks are made at the end of the Combat Phase, not in the {} Phase (RR-14)",
                        phase_words(step)
                    )));
                }
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
                    if Some(u) == source.as_ref() || units[..i].contains(u) {
                        return Err(BattleError::Refused(format!(
                            "{} ({u}) is named twice, or is the routed unit itself",
                            t.unit.name
                        )));
                    }
                    names.push(format!("{} ({u})", t.unit.name));
                }
                for u in units {
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
                        let t = self.troop(*s)?;
                        format!(
                            "{}'s {}",
                            t.unit.name,
                            if t.routed { "rout" } else { "leader's rout" }
                        )
                    }
                    None => "the eliminated unattached Captain".to_string(),
                };
                ex.line(
                    if names.is_empty() {
                        format!("the referee names no friendly unit nearby {whose}")
                    } else {
                        format!(
                            "the referee names the friendly units nearby {whose}: {}; each makes a Break Check ({}) unless the rules exempt it (Fanatic; a Formed unit for an Unformed rout; one Break Check a phase)",
                            names.join(", "),
                            cause.name()
                        )
                    },
                    cite(SEC_MORALE, "RR-14, RR-15"),
                );
                entry.summary = if names.is_empty() {
                    format!("nearby {whose}: none")
                } else {
                    format!("nearby {whose}: {} owe Break Checks", names.join(", "))
                };
            }
            Event::EndPhase => {
                let (acting, step) = self.half()?;
                let Phase::Half { half, .. } = self.phase else {
                    unreachable!("half() said a half-turn is under way")
                };
                for side in &mut self.units {
                    for t in side.iter_mut() {
                        t.failed = false;
                        t.actions = 0;
                        t.may_fire = false;
                        t.fired = false;
                        t.stands_lost = 0;
                        t.checked = false;
                        t.lead_charge = None;
                        t.nearby = None;
                    }
                }
                self.routed_this_phase.clear();
                self.nearby_due.clear();
                self.nearby_named.clear();
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
                                t.pursuit = None;
                                t.check_again = false;
                                t.leader_check = false;
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
