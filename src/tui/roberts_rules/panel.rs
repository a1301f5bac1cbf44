//! The Robert's Rules panels: an Action Roll, a Missile Fire Action's
//! attacks, a melee (both sides' rolls, the higher counting), a Pursuit
//! attack and a Break Check. Each is a draft of its event with the facts
//! Herald cannot see (the generic facts form), the rules' plan for it and
//! its exact odds before the roll. The arithmetic is the rules' and the
//! odds' (`rules::roberts_rules`, `odds::roberts_rules`); the panel only
//! asks them.

use crate::battle::UnitId;
use crate::battle::roberts_rules::{Event, State, Step, Troop};
use crate::odds::roberts_rules as odds;
use crate::rules::Side;
use crate::rules::house::House;
use crate::rules::named::Named as _;
use crate::rules::roberts_rules::action_roll::action_words;
use crate::rules::roberts_rules::{
    Action, ActionRoll, ActionSituation, Attribute, BreakCause, BreakCheck, BreakSituation,
    MeleeAttack, MissileAttack, MoraleCause, MoraleCheck, Named, PursuitAttack, Winner,
};
use crate::tui::facts::Form;

/// Which procedure a panel prepares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An Action Roll (RR-5 to RR-11).
    Action,
    /// A Missile Fire Action's attacks (RR-16).
    Missile,
    /// A melee between two stands (RR-18, RR-19).
    Melee,
    /// A Pursuit attack (RR-21).
    Pursuit,
    /// A Break Check (RR-13 to RR-15).
    Break,
    /// A Morale Check (RR-12).
    Morale,
    /// The referee's correction of hits lost and stands, with his reason.
    Correction,
    /// The friendly units nearby a rout or an eliminated Captain (RR-14, RR-15).
    Nearby,
    /// A charge: declared in the Action Phase, going in in the Charge Phase
    /// (a Reluctant unit's Morale Check to lead it first) (Charging, RR-12).
    Charge,
}

impl Kind {
    /// Its title.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Action => "Action Roll",
            Kind::Missile => "Missile Fire",
            Kind::Melee => "Melee",
            Kind::Pursuit => "Pursuit attack",
            Kind::Break => "Break Check",
            Kind::Morale => "Morale Check",
            Kind::Correction => "Correction by hand",
            Kind::Nearby => "Units nearby",
            Kind::Charge => "Charge",
        }
    }
}

/// What the referee says of the event being prepared.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The procedure.
    pub kind: Kind,
    /// The unit acting, firing, fighting (side a of a melee), pursuing or checking.
    pub unit: UnitId,
    /// The target, or side b of a melee.
    pub target: UnitId,
    /// The Action.
    pub action: Action,
    /// The General's free Action (RR-10).
    pub general_free: bool,
    /// A Breakthrough (RR-5).
    pub breakthrough: bool,
    /// Missile attacks (one per eligible stand, RR-16).
    pub attacks: u32,
    /// The stands face each other (RR-19).
    pub simultaneous: bool,
    /// Whether each side of a melee could retreat (RR-20).
    pub can_retreat: [bool; 2],
    /// The Break Check's cause.
    pub cause: BreakCause,
    /// The routing unit was Formed (RR-14).
    pub routed_formed: bool,
    /// The Pursuit chart's hits under 13 (0: not read, RR-21).
    pub chart_hits: u32,
    /// The referee's bonus and penalty for each side (the text's modifiers
    /// by name: terrain, weapons, charge, …).
    pub bonus: [u32; 2],
    /// See `bonus`.
    pub penalty: [u32; 2],
    /// The referee's modifiers typed with their names, for each side.
    pub named: [Vec<Named>; 2],
    /// Why a Morale Check is made.
    pub morale_cause: MoraleCause,
    /// The referee's reason (a Morale Check he calls, a correction).
    pub reason: String,
    /// A correction's hits lost.
    pub hits_lost: u32,
    /// A correction's stands.
    pub stands: u32,
    /// The unit whose record the correction's counts were read from.
    pub loaded: Option<UnitId>,
    /// Whose rout the units are nearby (none: an eliminated free Captain).
    pub source: Option<UnitId>,
    /// The units named nearby.
    pub nearby: Vec<UnitId>,
    /// The side of the units nearby an eliminated Captain.
    pub captain_side: Side,
}

/// A modifier typed with its name and signed value: `uphill +1`,
/// `armor piercing 1`, `set pikes -2` (RR-7, RR-16, RR-18: the referee's
/// modifiers by name and value). The name keeps underscores for spaces,
/// as saves and cases write it.
pub fn parse_named(text: &str) -> Result<Named, String> {
    let text = text.trim();
    let (name, value) = match text.rsplit_once(char::is_whitespace) {
        Some((n, v)) => (n.trim(), v.trim()),
        None => {
            return Err(format!(
                "'{text}' has no value: type a name and a signed number, as uphill +1"
            ));
        }
    };
    let value: i32 = value
        .strip_prefix('+')
        .unwrap_or(value)
        .parse()
        .map_err(|_| {
            if value.chars().any(|c| c.is_ascii_digit()) {
                format!("'{value}' is not a number: type a name and a signed number, as uphill +1")
            } else {
                format!("'{text}' has no value: type a name and a signed number, as uphill +1")
            }
        })?;
    if !(-20..=20).contains(&value) {
        return Err(format!(
            "{value} is too large a modifier: -20 to +20 accepted"
        ));
    }
    let name: String = name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
        .to_lowercase();
    if name.is_empty() || !name.chars().any(char::is_alphabetic) {
        return Err(
            "a modifier needs a name: type a name and a signed number, as uphill +1".into(),
        );
    }
    Ok(Named { name, value })
}

/// Each Action with the key that picks it in the Action panel.
const ACTION_KEYS: &[(char, Action)] = &[
    ('m', Action::Movement),
    ('s', Action::Stop),
    ('a', Action::AboutFace),
    ('f', Action::ChangeFace),
    ('r', Action::Retrograde),
    ('o', Action::ChangeFormation),
    ('c', Action::Countercharge),
    ('d', Action::Countermand),
    ('e', Action::Set),
    ('i', Action::MissileFire),
    ('h', Action::Pursuit),
    ('w', Action::Withdrawal),
    ('v', Action::VulnerableRetreat),
];

/// The Actions a phase allows (RR-4, RR-5; Charging): the Action Phase's
/// movement and maneuvers (a Skirmisher's Withdrawal answering them), the
/// Reaction Phase's countercharge, facing, formation, Set and fire, the
/// Assault Phase's fire and Set, the Charge Phase's Countermand (and a
/// Skirmisher's Withdrawal), the Combat Phase's Pursuit and Vulnerable
/// retreat, and after a Breakthrough the Action Phase's (RR-5).
pub fn phase_actions(step: Step, breakthrough: bool) -> Vec<Action> {
    use Action::*;
    let action_phase = [
        Movement,
        Stop,
        AboutFace,
        ChangeFace,
        Retrograde,
        ChangeFormation,
    ];
    match step {
        Step::Action => {
            let mut v = action_phase.to_vec();
            v.push(Withdrawal);
            v
        }
        Step::Reaction => vec![
            Countercharge,
            AboutFace,
            ChangeFace,
            ChangeFormation,
            Set,
            MissileFire,
        ],
        Step::Assault => vec![MissileFire, Set],
        Step::Charge => vec![Countermand, Withdrawal],
        Step::Combat => {
            let mut v = vec![Pursuit, VulnerableRetreat];
            if breakthrough {
                v.extend(action_phase);
            }
            v
        }
    }
}

/// An Action's name alone, for the list of keys.
fn action_name(a: Action) -> &'static str {
    match a {
        Action::Movement => "Movement",
        Action::Stop => "Stop",
        Action::AboutFace => "About Face",
        Action::ChangeFace => "Change Face",
        Action::Retrograde => "Retrograde",
        Action::ChangeFormation => "Change Formation",
        Action::Countercharge => "Countercharge",
        Action::Countermand => "Countermand",
        Action::Set => "Set",
        Action::MissileFire => "Missile Fire",
        Action::Pursuit => "Pursuit",
        Action::Withdrawal => "Withdrawal",
        Action::VulnerableRetreat => "Vulnerable retreat",
    }
}

/// The modifiers the text names, with the sizes its worked examples give
/// (none where it gives none), offered in a panel by number (RR-7, RR-16,
/// RR-18, RR-21).
fn text_modifiers(kind: Kind) -> &'static [(&'static str, Option<i32>)] {
    match kind {
        // RR-16: "+1 (armor-piercing bonus), +1 (target's size), +1 (mounted target)".
        Kind::Missile => &[
            ("armor piercing", Some(1)),
            ("target size", Some(1)),
            ("mounted target", Some(1)),
            ("terrain", None),
        ],
        // RR-18: "+1 (shock unit charging)"; uphill, second rank, set pikes, terrain by name.
        Kind::Melee => &[
            ("shock charging", Some(1)),
            ("impetuous charging", None),
            ("uphill", None),
            ("second rank spears", None),
            ("set pikes", None),
            ("terrain", None),
        ],
        // RR-21: "the lances were lost in the initial contact (bringing the AV down by 1)".
        Kind::Pursuit => &[("lances lost", Some(-1)), ("overrun", None)],
        // RR-7: the Eager bonus and the Reluctant penalty, sizes not given.
        Kind::Action => &[("eager", None), ("reluctant", None)],
        _ => &[],
    }
}

const CAUSES: &[BreakCause] = &[
    BreakCause::StandsLost,
    BreakCause::NearbyRout,
    BreakCause::BrokenStandsLost,
    BreakCause::LeaderHit,
    BreakCause::CaptainEliminated,
];

/// A side's units still on the table, in roster order.
pub fn on_table(state: &State, side: Side) -> Vec<UnitId> {
    state.units[side as usize]
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.gone())
        .map(|(i, _)| UnitId::new(side, i))
        .collect()
}

impl Draft {
    /// A new draft of `kind` as the half-turn stands: the side whose turn
    /// it is, on the unit the phase concerns first (one that may still
    /// act, a charge owed, a check owed) and an Action the phase allows.
    pub fn new(kind: Kind, state: &State) -> Draft {
        let acting = state.phase.acting().unwrap_or(Side::A);
        let step = state.phase.step().unwrap_or(Step::Action);
        let side = match (kind, step) {
            (Kind::Missile | Kind::Action, Step::Reaction) => acting.other(),
            _ => acting,
        };
        let first = |s: Side| {
            on_table(state, s)
                .first()
                .copied()
                .unwrap_or(UnitId::new(s, 0))
        };
        let mut d = Draft {
            kind,
            unit: first(side),
            target: first(side.other()),
            action: Action::Movement,
            general_free: false,
            breakthrough: false,
            attacks: 1,
            simultaneous: true,
            can_retreat: [true, true],
            cause: BreakCause::StandsLost,
            routed_formed: true,
            chart_hits: 0,
            bonus: [0, 0],
            penalty: [0, 0],
            named: [Vec::new(), Vec::new()],
            morale_cause: MoraleCause::LeadCharge,
            reason: String::new(),
            hits_lost: 0,
            stands: 0,
            loaded: None,
            source: None,
            nearby: Vec::new(),
            captain_side: acting,
        };
        match kind {
            Kind::Action => d.start_action(state, side, step),
            Kind::Missile => {
                // A unit with missiles that has not fired, and at a charger
                // closing on its side when there is one.
                let may = |t: &Troop| !t.failed && !t.fired && t.unit.mav > 0;
                if let Some(u) = first_where(state, side, may) {
                    d.unit = u;
                }
                if let Some(u) = first_where(state, side.other(), |t| {
                    t.charge
                        .and_then(|c| c.target)
                        .is_some_and(|x| x.side == side)
                }) {
                    d.target = u;
                }
            }
            Kind::Morale => {
                if let Some(u) = reluctant(state).first() {
                    d.unit = *u;
                }
                if step != Step::Charge {
                    d.morale_cause = MoraleCause::Referee;
                }
            }
            Kind::Correction => d.load(state),
            Kind::Nearby => {
                d.cause = BreakCause::NearbyRout;
                d.source = state
                    .nearby_due
                    .first()
                    .or(state.nearby_named.first())
                    .copied();
                if d.source.is_none() {
                    d.cause = BreakCause::CaptainEliminated;
                }
            }
            Kind::Break => {
                // RR-14, RR-15: outside the Combat Phase only a leader's
                // check and a rout's nearby units' are owed.
                if let Some((u, c)) = state.checks_due().first() {
                    d.unit = *u;
                    d.cause = *c;
                    // RR-14: the routing unit's own Formed, when the referee named it.
                    if let Ok(t) = state.troop(*u)
                        && let Some((_, Some(src))) = t.nearby
                        && let Ok(r) = state.troop(src)
                    {
                        d.routed_formed = r.unit.formed;
                    }
                }
            }
            Kind::Pursuit => {
                if let Some((u, p)) = pursuers(state).first() {
                    d.unit = *u;
                    d.target = *p;
                }
            }
            Kind::Charge => {
                if step == Step::Charge {
                    if let Some(u) = state.charges_owed().first() {
                        d.unit = *u;
                    }
                } else if let Some(u) = first_where(state, acting, |t| {
                    t.charge.is_none() && t.actions > 0 && !t.failed
                })
                .or(first_where(state, acting, |t| t.charge.is_none()))
                {
                    // Most likely the unit that moved this phase (Charging).
                    d.unit = u;
                }
            }
            Kind::Melee => {
                // Charging: a unit whose charge went in this half-turn is
                // the likely melee, against the enemy it closed with (or
                // the enemy's countercharger).
                let on = |u: UnitId| state.troop(u).is_ok_and(|t| !t.gone());
                if let Some(u) = first_where(state, side, Troop::charged) {
                    d.unit = u;
                    if let Some(t) = state
                        .troop(u)
                        .ok()
                        .and_then(|t| t.charge)
                        .and_then(|c| c.target)
                        .filter(|t| on(*t))
                    {
                        d.target = t;
                    } else if let Some(t) = first_where(state, side.other(), Troop::charged) {
                        d.target = t;
                    }
                } else if let Some(t) = first_where(state, side.other(), Troop::charged) {
                    d.target = t;
                }
            }
        }
        d
    }

    /// The Action panel's unit and Action as the phase stands (RR-4, RR-5;
    /// Charging): a unit that may still act, the phase's likely Action.
    fn start_action(&mut self, state: &State, side: Side, step: Step) {
        let free = |t: &Troop| !t.failed && t.actions == 0;
        let may = |t: &Troop| !t.failed;
        let can_counter = |t: &Troop| {
            may(t)
                && t.charge.is_none()
                && (t.unit.has(Attribute::Shock) || t.unit.has(Attribute::Eager))
        };
        let (unit, action) = match step {
            Step::Action => (
                first_where(state, side, free).or(first_where(state, side, may)),
                Action::Movement,
            ),
            Step::Reaction => {
                let owed = state.countercharges_owed().first().copied();
                let targets = targets_of(state);
                let targeted = on_table(state, side)
                    .into_iter()
                    .find(|u| targets.contains(u) && state.troop(*u).is_ok_and(&can_counter));
                match owed.or(targeted) {
                    Some(u) if state.charge_declared() => (Some(u), Action::Countercharge),
                    _ => {
                        let u = first_where(state, side, free).or(first_where(state, side, may));
                        // RR-3, RR-16: Missile Fire only where it may still be taken.
                        let fires = u
                            .and_then(|u| state.troop(u).ok())
                            .is_some_and(|t| t.unit.mav > 0 && !t.fired && !t.may_fire);
                        (
                            u,
                            if fires {
                                Action::MissileFire
                            } else {
                                Action::ChangeFace
                            },
                        )
                    }
                }
            }
            Step::Assault => {
                let fires = first_where(state, side, |t| {
                    may(t) && t.unit.mav > 0 && !t.fired && !t.may_fire
                });
                match fires {
                    Some(u) => (Some(u), Action::MissileFire),
                    None => (first_where(state, side, may), Action::Set),
                }
            }
            Step::Charge => (state.charges_owed().first().copied(), Action::Countermand),
            // RR-20, Melee Combat's worked example: a pushed-back
            // Vulnerable stand's retreat roll comes before the Pursuit; a
            // Pursuit is offered once nothing it waits for is owed.
            Step::Combat => match (
                state.vulnerable_retreats_owed().first(),
                pursuers(state)
                    .into_iter()
                    .find(|(u, _)| state.retreat_before_pursuit(*u).is_none()),
            ) {
                (Some(u), _) => (Some(*u), Action::VulnerableRetreat),
                (None, Some((u, _))) => (Some(u), Action::Pursuit),
                (None, None) => (None, Action::VulnerableRetreat),
            },
        };
        if let Some(u) = unit {
            self.unit = u;
        }
        self.action = action;
    }

    /// The Actions this phase allows, each with its key (RR-4, RR-5).
    pub fn action_keys(&self, step: Step) -> Vec<(char, Action)> {
        let allowed = phase_actions(step, self.breakthrough);
        ACTION_KEYS
            .iter()
            .filter(|(_, a)| allowed.contains(a))
            .copied()
            .collect()
    }

    /// The modifiers offered by number while one is typed: the text's for
    /// this panel, with the sizes its examples give, then those named
    /// earlier in the battle (most recent first), each with its last value:
    /// a name costs its typing once (issue 35).
    pub fn offers(&self, events: &[Event]) -> Vec<(String, Option<i32>)> {
        let mut out: Vec<(String, Option<i32>)> = text_modifiers(self.kind)
            .iter()
            .map(|(n, v)| (n.to_string(), *v))
            .collect();
        let pursuit = self.kind == Kind::Pursuit;
        for e in events.iter().rev() {
            // Only the same procedure's names: a missile's armour and size
            // are no melee's; RR-21: a Pursuit attack's modifiers are "the
            // same as per the last combat", the melee's.
            let lists: Vec<&Vec<Named>> = match (self.kind, e) {
                (Kind::Action, Event::Action { modifiers, .. })
                | (Kind::Missile, Event::Missile { modifiers, .. })
                | (Kind::Melee | Kind::Pursuit, Event::PursuitAttack { modifiers, .. })
                | (
                    Kind::Break | Kind::Morale | Kind::Charge,
                    Event::BreakCheck { modifiers, .. } | Event::MoraleCheck { modifiers, .. },
                ) => vec![modifiers],
                (Kind::Melee | Kind::Pursuit, Event::Melee { modifiers, .. }) => {
                    modifiers.iter().collect()
                }
                _ => Vec::new(),
            };
            for m in lists.into_iter().flatten() {
                let words = m.name.replace('_', " ");
                // RR-21: "the Charge Bonus no longer applies" to a Pursuit attack.
                if pursuit && words.contains("charg") {
                    continue;
                }
                // The bonus and penalty fields are numbers of their own.
                if matches!(
                    words.as_str(),
                    "bonus" | "penalty" | "referee bonus" | "referee penalty"
                ) {
                    continue;
                }
                match out.iter_mut().find(|(n, _)| *n == words) {
                    Some((_, v)) if v.is_none() => *v = Some(m.value),
                    Some(_) => {}
                    None => out.push((words, Some(m.value))),
                }
            }
            if out.len() >= 9 {
                break;
            }
        }
        out.truncate(9);
        out
    }

    /// Reads the correction's counts from the chosen unit's record.
    fn load(&mut self, state: &State) {
        if let Ok(t) = state.troop(self.unit) {
            self.hits_lost = t.unit.hits_lost;
            self.stands = t.unit.stands;
        }
        self.loaded = Some(self.unit);
    }

    /// Adds a modifier typed with its name for side `i` (a value of 0
    /// takes it off; the same name again replaces it).
    pub fn name_modifier(&mut self, i: usize, text: &str) -> Result<String, String> {
        let n = parse_named(text)?;
        let list = &mut self.named[i.min(1)];
        list.retain(|m| m.name != n.name);
        let words = n.name.replace('_', " ");
        if n.value == 0 {
            return Ok(format!("{words}: taken off"));
        }
        let said = format!("{words} {:+}", n.value);
        list.push(n);
        Ok(said)
    }

    /// The sides a modifier may be named for: side a (or the only side), and side b of a melee.
    pub fn modifier_sides(&self) -> usize {
        match self.kind {
            Kind::Melee => 2,
            Kind::Correction | Kind::Nearby => 0,
            _ => 1,
        }
    }

    /// The units this panel concerns, to keep in sight on a short screen.
    pub fn concerns(&self) -> Vec<UnitId> {
        match self.kind {
            Kind::Missile | Kind::Melee | Kind::Pursuit => vec![self.unit, self.target],
            Kind::Nearby => {
                let mut v: Vec<UnitId> = self.source.into_iter().collect();
                v.extend(self.nearby.iter().copied());
                v
            }
            Kind::Charge => vec![self.unit, self.target],
            _ => vec![self.unit],
        }
    }

    /// Whether the panel takes a reason (W).
    pub fn takes_reason(&self) -> bool {
        matches!(self.kind, Kind::Correction | Kind::Morale)
    }

    fn mods(&self, i: usize) -> Vec<Named> {
        let mut m = self.named[i].clone();
        if self.bonus[i] > 0 {
            m.push(Named {
                name: "bonus".into(),
                value: self.bonus[i] as i32,
            });
        }
        if self.penalty[i] > 0 {
            m.push(Named {
                name: "penalty".into(),
                value: -(self.penalty[i] as i32),
            });
        }
        m
    }

    /// How many dice its roll takes, as the rules plan it.
    pub fn needs(&self, state: &State, house: &House) -> Result<usize, String> {
        Ok(match self.kind {
            Kind::Action => self.action_plan(state, house)?.needs(),
            Kind::Missile if self.fire_roll(state, house).is_some() => 2,
            Kind::Missile => 2 * self.attacks as usize,
            Kind::Charge if self.leads_reluctant(state) => 2,
            Kind::Charge => 0,
            Kind::Melee => {
                if self.simultaneous {
                    4
                } else {
                    2
                }
            }
            Kind::Pursuit => 2,
            Kind::Break => self.break_plan(state, house)?.needs(),
            Kind::Morale => 2,
            Kind::Correction | Kind::Nearby => 0,
        })
    }

    /// The Missile Fire Action Roll the firing unit must succeed at before
    /// its attacks, when it is not automatic (RR-11).
    pub fn fire_roll(&self, state: &State, house: &House) -> Option<ActionRoll> {
        if self.kind != Kind::Missile {
            return None;
        }
        let t = state.troop(self.unit).ok()?;
        if t.may_fire || t.fired || t.gone() || t.unit.mav <= 0 {
            return None;
        }
        let step = state.phase.step()?;
        let situation = ActionSituation {
            first_action_this_phase: t.actions == 0,
            failed_this_phase: t.failed,
            ..ActionSituation::default()
        };
        ActionRoll::plan(&t.unit, Action::MissileFire, step, situation, &[], house)
            .ok()
            .filter(|p| !p.automatic)
    }

    /// In the Charge Phase, the charger is Reluctant: its Morale Check to
    /// lead the charge is the step (RR-12).
    fn leads_reluctant(&self, state: &State) -> bool {
        self.kind == Kind::Charge
            && state.phase.step() == Some(Step::Charge)
            && state
                .troop(self.unit)
                .is_ok_and(|t| t.unit.reluctant() && state.charge_owed_by(t))
    }

    /// The event with these dice (two a roll, in order), as the battle
    /// stands (a fire's Action Roll first, a Reluctant charger's Morale Check).
    pub fn event_in(&self, dice: &[u8], state: &State, house: &House) -> Event {
        if self.fire_roll(state, house).is_some() {
            return Event::Action {
                unit: self.unit,
                action: Action::MissileFire,
                general_free_action: false,
                breakthrough: false,
                modifiers: Vec::new(),
                dice: dice.to_vec(),
            };
        }
        if self.kind == Kind::Charge {
            let step = state.phase.step().unwrap_or(Step::Action);
            return if step == Step::Action {
                Event::DeclareCharge {
                    unit: self.unit,
                    target: self.target,
                }
            } else if self.leads_reluctant(state) {
                Event::MoraleCheck {
                    unit: self.unit,
                    cause: MoraleCause::LeadCharge,
                    reason: String::new(),
                    modifiers: self.mods(0),
                    dice: dice.to_vec(),
                }
            } else {
                Event::Charge { unit: self.unit }
            };
        }
        self.event(dice)
    }

    /// The event with these dice (two a roll, in order).
    pub fn event(&self, dice: &[u8]) -> Event {
        let pairs: Vec<Vec<u8>> = dice.chunks(2).map(|c| c.to_vec()).collect();
        match self.kind {
            Kind::Charge => Event::Charge { unit: self.unit },
            Kind::Action => Event::Action {
                unit: self.unit,
                action: self.action,
                general_free_action: self.general_free,
                breakthrough: self.breakthrough,
                modifiers: self.mods(0),
                dice: dice.to_vec(),
            },
            Kind::Missile => Event::Missile {
                shooter: self.unit,
                target: self.target,
                modifiers: self.mods(0),
                attacks: pairs,
            },
            Kind::Melee => Event::Melee {
                a: self.unit,
                b: self.target,
                simultaneous: self.simultaneous,
                can_retreat: self.can_retreat,
                modifiers: [self.mods(0), self.mods(1)],
                dice: [
                    pairs.first().cloned().unwrap_or_default(),
                    pairs.get(1).cloned().unwrap_or_default(),
                ],
            },
            Kind::Pursuit => Event::PursuitAttack {
                unit: self.unit,
                target: self.target,
                modifiers: self.mods(0),
                chart_hits: (self.chart_hits > 0).then_some(self.chart_hits),
                dice: dice.to_vec(),
            },
            Kind::Break => Event::BreakCheck {
                unit: self.unit,
                cause: self.cause,
                routed_unit_formed: self.routed_formed,
                modifiers: self.mods(0),
                dice: dice.to_vec(),
            },
            Kind::Morale => Event::MoraleCheck {
                unit: self.unit,
                cause: self.morale_cause,
                reason: self.reason.trim().to_string(),
                modifiers: self.mods(0),
                dice: dice.to_vec(),
            },
            Kind::Correction => Event::Correction {
                unit: self.unit,
                hits_lost: self.hits_lost,
                stands: self.stands,
                reason: self.reason.trim().to_string(),
            },
            Kind::Nearby => {
                let side = self.nearby_side();
                Event::Nearby {
                    source: if self.cause == BreakCause::NearbyRout {
                        self.source
                    } else {
                        None
                    },
                    cause: self.cause,
                    units: self
                        .nearby
                        .iter()
                        .filter(|u| u.side == side)
                        .copied()
                        .collect(),
                }
            }
        }
    }

    /// The side of the units nearby.
    fn nearby_side(&self) -> Side {
        match (self.cause, self.source) {
            (BreakCause::NearbyRout, Some(s)) => s.side,
            _ => self.captain_side,
        }
    }

    fn troop<'a>(&self, state: &'a State, id: UnitId) -> Result<&'a Troop, String> {
        state.troop(id).map_err(|e| e.to_string())
    }

    fn action_plan(&self, state: &State, house: &House) -> Result<ActionRoll, String> {
        let t = self.troop(state, self.unit)?;
        let step = state.phase.step().unwrap_or(Step::Action);
        let situation = ActionSituation {
            general_free_action: self.general_free,
            first_action_this_phase: t.actions == 0,
            failed_this_phase: t.failed,
            breakthrough: self.breakthrough,
            enemy_could_not_retreat: t.pursuit.is_some_and(|p| p.automatic),
        };
        ActionRoll::plan(&t.unit, self.action, step, situation, &self.mods(0), house)
            .map_err(|e| e.to_string())
    }

    fn break_plan(&self, state: &State, house: &House) -> Result<BreakCheck, String> {
        let t = self.troop(state, self.unit)?;
        let situation = BreakSituation {
            stands_lost_this_phase: t.stands_lost,
            checked_this_phase: t.checked,
            routed_unit_formed: self.routed_formed,
        };
        Ok(BreakCheck::plan(
            &t.unit,
            self.cause,
            situation,
            &self.mods(0),
            house,
        ))
    }

    /// The rules' plan in lines, and the exact odds before the roll.
    pub fn plan(&self, state: &State, house: &House) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        let lines = |ex: &crate::rules::explain::Explanation, out: &mut Vec<String>| {
            for l in &ex.lines {
                out.push(format!("{} ({})", l.text, l.cite));
            }
        };
        let of36 = |p: f64| format!("{}/36 ({})", (p * 36.0).round(), pct(p));
        match self.kind {
            Kind::Action => {
                let step = state.phase.step().unwrap_or(Step::Action);
                out.push(format!(
                    "the {} Phase's Actions: {}",
                    crate::rules::roberts_rules::action_roll::phase_words(step),
                    self.action_keys(step)
                        .iter()
                        .map(|(k, a)| format!("{k} {}", action_name(*a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                let p = self.action_plan(state, house)?;
                lines(&p.explanation, &mut out);
                let o = odds::action_roll(&p);
                out.push(if p.automatic {
                    "odds: automatic, no roll".to_string()
                } else {
                    format!("odds: success {}", of36(o.success))
                });
            }
            Kind::Missile if self.fire_roll(state, house).is_some() => {
                let s = self.troop(state, self.unit)?;
                let p = self.fire_roll(state, house).expect("just seen");
                let step = state.phase.step().unwrap_or(Step::Assault);
                out.push(format!(
                    "{} must first succeed at a Missile Fire Action Roll in the {} Phase: Enter rolls it, t types it; its attacks follow in this panel (RR-11)",
                    s.unit.name,
                    crate::rules::roberts_rules::action_roll::phase_words(step)
                ));
                for m in &p.modifiers {
                    out.push(format!("{:+} {} ({})", m.value, m.reason, m.cite));
                }
                out.push(format!(
                    "odds: success {}",
                    of36(odds::action_roll(&p).success)
                ));
            }
            Kind::Charge => {
                let t = self.troop(state, self.unit)?;
                let step = state.phase.step().unwrap_or(Step::Action);
                if step == Step::Action {
                    let tg = self.troop(state, self.target)?;
                    // Charging: declared for units which moved; RR-9.
                    state
                        .check(&Event::DeclareCharge {
                            unit: self.unit,
                            target: self.target,
                        })
                        .map_err(|e| e.to_string())?;
                    out.push(format!(
                        "{} stopped within its base depth of {} (the table's): declared, it closes with it in the Charge Phase (Charging)",
                        t.unit.name, tg.unit.name
                    ));
                    out.push("it must charge unless a Countermand Action succeeds; a Set Action forfeits the charge; a Reluctant unit must pass a Morale Check to lead it (Charging, RR-12)".to_string());
                    out.push("Enter records the declaration".to_string());
                } else if self.leads_reluctant(state) {
                    out.push(format!(
                        "{} is {}: it must pass a Morale Check to lead its charge; failed, its stands stay behind (RR-12, RR-17)",
                        t.unit.name,
                        if t.unit.disrupted {
                            "Disrupted, so Reluctant"
                        } else {
                            "Reluctant"
                        }
                    ));
                    let p = MoraleCheck::plan(&t.unit, &self.mods(0), house);
                    out.push("two dice + modifiers: tie or beat 7 (RR-12)".to_string());
                    for m in &p.modifiers {
                        out.push(format!("{:+} {} ({})", m.value, m.reason, m.cite));
                    }
                    out.push(format!(
                        "odds: leads the charge {}",
                        of36(odds::morale_check(&p).success)
                    ));
                } else {
                    let c = t.charge.filter(|c| {
                        c.state == crate::battle::roberts_rules::state::ChargeState::Owed
                    });
                    match c {
                        None => out.push(format!(
                            "{} has no charge owed: declared charges and successful countercharges charge (Charging)",
                            t.unit.name
                        )),
                        Some(c) => {
                            let on = c
                                .target
                                .and_then(|x| state.troop(x).ok())
                                .map_or(String::new(), |x| format!(" on {}", x.unit.name));
                            out.push(format!(
                                "{} {}{on}: it moves its base depth, ordinarily into contact (you move it){} (Charging)",
                                t.unit.name,
                                if c.countercharge {
                                    "countercharges"
                                } else {
                                    "charges"
                                },
                                if c.countercharge {
                                    "; the two units meet halfway"
                                } else {
                                    ""
                                }
                            ));
                            out.push("no roll: Enter records it; a Countermand Action (r) keeps it back instead".to_string());
                        }
                    }
                }
            }
            Kind::Missile => {
                let s = self.troop(state, self.unit)?;
                let t = self.troop(state, self.target)?;
                let p = MissileAttack::plan(&s.unit, &t.unit, &self.mods(0), house)
                    .map_err(|e| e.to_string())?;
                out.push(format!(
                    "{} attack{}: two dice + modifiers; 7+ Disrupts, 11+ also hits (RR-16)",
                    self.attacks,
                    if self.attacks == 1 { "" } else { "s" }
                ));
                for m in &p.modifiers {
                    out.push(format!("{:+} {} ({})", m.value, m.reason, m.cite));
                }
                let o = odds::missile_attack(&p, self.attacks as usize);
                out.push(format!(
                    "odds each attack: Disrupts {}, hits {}",
                    of36(o.disrupt),
                    of36(o.hit)
                ));
                out.push(format!(
                    "odds: {} Disrupted {}; hits {}",
                    t.unit.name,
                    pct(o.disrupted),
                    o.hits
                        .iter()
                        .map(|(h, q)| format!("{h}: {}", pct(q)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            Kind::Melee => {
                let a = self.troop(state, self.unit)?;
                let b = self.troop(state, self.target)?;
                let p = MeleeAttack::plan(
                    (&a.unit, &self.mods(0)),
                    (&b.unit, &self.mods(1)),
                    self.simultaneous,
                    self.can_retreat,
                    house,
                );
                let side = |name: &str, mods: &[crate::rules::explain::Modifier]| {
                    format!(
                        "{name}: two dice {:+} ({})",
                        crate::rules::explain::total(mods),
                        mods.iter()
                            .map(|m| format!("{:+} {}", m.value, m.reason))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                out.push(side(&a.unit.name, &p.a_modifiers));
                if self.simultaneous {
                    out.push(side(&b.unit.name, &p.b_modifiers));
                    out.push(
                        "simultaneous: only the higher modified score counts (RR-19)".to_string(),
                    );
                } else {
                    out.push(format!(
                        "{} attacks alone: the stands do not face each other (RR-19)",
                        a.unit.name
                    ));
                }
                out.push(format!(
                    "7+ pushes back; 10+ one hit, {}+ two hits (RR-18)",
                    house.number(&crate::rules::roberts_rules::house::MELEE_TWO_HITS_AT)
                ));
                let o = odds::melee_attack(&p, house);
                let n = if self.simultaneous { 1296.0 } else { 36.0 };
                let frac = |q: f64| format!("{}/{} ({})", (q * n).round(), n, pct(q));
                out.push(format!(
                    "odds: {} Pushed Back {}; {} Pushed Back {}; no result {}",
                    b.unit.name,
                    frac(o.pushed_back.probability(Winner::B)),
                    a.unit.name,
                    frac(o.pushed_back.probability(Winner::A)),
                    frac(o.pushed_back.probability(Winner::None))
                ));
            }
            Kind::Pursuit => {
                let a = self.troop(state, self.unit)?;
                let b = self.troop(state, self.target)?;
                match a.pursuit {
                    Some(o) if o.target == self.target && (o.pursuing || o.automatic) => {}
                    Some(o) if o.target == self.target => out.push(format!(
                        "{} must first succeed at a Pursuit Action Roll (r, RR-20)",
                        a.unit.name
                    )),
                    _ => out.push(format!(
                        "{} has no Pursuit open on {} (RR-20)",
                        a.unit.name, b.unit.name
                    )),
                }
                let chart = (self.chart_hits > 0).then_some(self.chart_hits);
                let p = PursuitAttack::plan(&a.unit, &b.unit, &self.mods(0), chart, house);
                out.push("two dice + modifiers: 13+ three hits; under 13 the Pursuit chart's hits, which the text leaves out: the referee reads them (h) (RR-21)".to_string());
                for m in &p.modifiers {
                    out.push(format!("{:+} {} ({})", m.value, m.reason, m.cite));
                }
                let (_, three) = odds::pursuit_attack(&p);
                out.push(format!("odds: three hits {}", of36(three)));
            }
            Kind::Break => {
                let p = self.break_plan(state, house)?;
                lines(&p.explanation, &mut out);
                let o = odds::break_check(&p, house);
                out.push(if p.required {
                    format!("odds: holds {}", of36(o.success))
                } else {
                    "odds: no check, no roll".to_string()
                });
            }
            Kind::Morale => {
                let t = self.troop(state, self.unit)?;
                match self.morale_cause {
                    MoraleCause::LeadCharge if !t.unit.reluctant() => out.push(format!(
                        "{} is neither Reluctant nor Disrupted: it leads a charge without a Morale Check (RR-12)",
                        t.unit.name
                    )),
                    MoraleCause::LeadCharge => out.push(format!(
                        "{} is {}: it must pass a Morale Check to lead a charge; failed, its stands stay behind (RR-12, RR-17)",
                        t.unit.name,
                        if t.unit.disrupted {
                            "Disrupted, so Reluctant"
                        } else {
                            "Reluctant"
                        }
                    )),
                    MoraleCause::Referee => out.push(format!(
                        "the referee calls it: {}",
                        if self.reason.trim().is_empty() {
                            "the reason is not said yet (W types it)".to_string()
                        } else {
                            self.reason.trim().to_string()
                        }
                    )),
                }
                let p = MoraleCheck::plan(&t.unit, &self.mods(0), house);
                out.push("two dice + modifiers: tie or beat 7 (RR-12)".to_string());
                for m in &p.modifiers {
                    out.push(format!("{:+} {} ({})", m.value, m.reason, m.cite));
                }
                out.push(format!(
                    "odds: passes {}",
                    of36(odds::morale_check(&p).success)
                ));
            }
            Kind::Correction => {
                let t = self.troop(state, self.unit)?;
                let u = &t.unit;
                let mut after = u.clone();
                after.hits_lost = self.hits_lost;
                after.stands = self.stands;
                out.push(format!(
                    "{}: hits lost {} → {} of {}; stands {} → {} of {}",
                    u.name,
                    u.hits_lost,
                    self.hits_lost,
                    u.total_hits(),
                    u.stands,
                    self.stands,
                    u.stands_original
                ));
                if after.demoralized() != u.demoralized() {
                    out.push(format!(
                        "{} {} Demoralized (half its Hits lost, RR-22)",
                        u.name,
                        if after.demoralized() {
                            "becomes"
                        } else {
                            "is no longer"
                        }
                    ));
                }
                out.push(format!(
                    "reason (W): {}",
                    if self.reason.trim().is_empty() {
                        "not said yet: a correction is kept with its reason"
                    } else {
                        self.reason.trim()
                    }
                ));
                out.push(
                    "no rule runs on a correction: no Break Check or leader check follows from it"
                        .to_string(),
                );
            }
            Kind::Nearby => {
                let whose = match (self.cause, self.source) {
                    (BreakCause::NearbyRout, Some(s)) => {
                        format!("{} routed", state.rout_words(s))
                    }
                    (BreakCause::NearbyRout, None) => {
                        return Err("no unit or leader routed this phase: an eliminated Captain is the other cause (x)".into());
                    }
                    _ => format!(
                        "an unattached Captain of player {} was eliminated",
                        self.captain_side.name()
                    ),
                };
                out.push(format!(
                    "{whose}: name each friendly unit nearby (Herald does not measure; none is an answer) (RR-14, RR-15)"
                ));
                let named: Vec<String> = match self.event(&[]) {
                    Event::Nearby { units, .. } => units
                        .iter()
                        .map(|u| {
                            state
                                .troop(*u)
                                .map_or(u.to_string(), |t| format!("{} ({u})", t.unit.name))
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                out.push(if named.is_empty() {
                    "named: none: Enter records that no unit is nearby".to_string()
                } else {
                    format!(
                        "named: {}: each makes a Break Check as a step (k), unless the rules exempt it",
                        named.join(", ")
                    )
                });
            }
        }
        if self.modifier_sides() > 0 {
            let say = |i: usize| {
                self.named[i]
                    .iter()
                    .map(|m| format!("{} {:+}", m.name.replace('_', " "), m.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if !self.named[0].is_empty() || !self.named[1].is_empty() {
                let unit = |id: UnitId| {
                    state
                        .troop(id)
                        .map_or(id.to_string(), |t| t.unit.name.clone())
                };
                out.insert(
                    0,
                    if self.modifier_sides() == 2 {
                        format!(
                            "named modifiers: {} (M) {}; {} (N) {}",
                            unit(self.unit),
                            say(0),
                            unit(self.target),
                            say(1)
                        )
                    } else {
                        format!("named modifiers (M): {}", say(0))
                    },
                );
            }
        }
        Ok(out)
    }

    /// The draft's facts, in the form every system's panels share.
    pub fn facts(&mut self, f: &mut Form, state: &State) {
        let acting = state.phase.acting().unwrap_or(Side::A);
        let step = state.phase.step().unwrap_or(Step::Action);
        let name = |id: UnitId| {
            state
                .troop(id)
                .map_or(id.to_string(), |t| format!("{id} {}", t.unit.name))
        };
        let number = |id: UnitId| id.index as u32 + 1;
        let both = || {
            let mut v = on_table(state, Side::A);
            v.extend(on_table(state, Side::B));
            v
        };
        match self.kind {
            Kind::Action => {
                // RR-4, RR-5: whose units act in this phase, for this Action;
                // a Withdrawal is a Skirmisher stand's (Skirmishers).
                let units_for = |action: Action| {
                    let side = match (step, action) {
                        (Step::Action, Action::Withdrawal) => Some(acting.other()),
                        (Step::Reaction, _) => Some(acting.other()),
                        (Step::Action | Step::Assault, _) => Some(acting),
                        _ => None,
                    };
                    let mut units = side.map_or_else(both, |s| on_table(state, s));
                    if step == Step::Charge && action == Action::Countermand {
                        let owed = state.charges_owed();
                        if !owed.is_empty() {
                            units = owed;
                        }
                    }
                    if action == Action::Withdrawal {
                        units.retain(|u| {
                            state
                                .troop(*u)
                                .is_ok_and(|t| t.unit.skirmisher() != Some(false))
                        });
                    }
                    units
                };
                // No Withdrawal is offered where no unit may make one.
                let keys: Vec<(char, Action)> = self
                    .action_keys(step)
                    .into_iter()
                    .filter(|(_, a)| *a != Action::Withdrawal || !units_for(*a).is_empty())
                    .collect();
                if !keys.iter().any(|(_, a)| *a == self.action)
                    && let Some((_, a)) = keys.first()
                {
                    self.action = *a;
                }
                let units = units_for(self.action);
                if !units.contains(&self.unit)
                    && let Some(u) = units.first()
                {
                    self.unit = *u;
                }
                f.choice_numbered('n', "unit", &mut self.unit, &units, name, number);
                let before = self.action;
                f.keyed('x', "Action", &mut self.action, &keys, |a| {
                    action_words(a).to_string()
                });
                if self.action != before {
                    // The unit field shows the unit the panel acts on: one
                    // of those the new Action's phase and side allow; a
                    // Pursuit is a pursuer's, a Vulnerable retreat a unit's
                    // pushed back: picking one goes to the first such unit.
                    let units = units_for(self.action);
                    if !units.contains(&self.unit)
                        && let Some(u) = units.first()
                    {
                        self.unit = *u;
                    }
                    let fits = |t: &Troop| match self.action {
                        Action::Pursuit => state.open_pursuit(t).is_some(),
                        Action::VulnerableRetreat => t.pushed_back,
                        _ => true,
                    };
                    if !state.troop(self.unit).is_ok_and(fits)
                        && let Some(u) = units.iter().find(|u| state.troop(**u).is_ok_and(fits))
                    {
                        self.unit = *u;
                    }
                }
                // RR-10, RR-15: the General's free Action, while a General is on the table.
                match state.general(self.unit.side) {
                    Some(g) => {
                        f.flag(
                            'g',
                            format!("General's free Action ({})", g.name),
                            &mut self.general_free,
                        );
                    }
                    None => self.general_free = false,
                }
                if step == Step::Combat {
                    f.flag('k', "after a Breakthrough", &mut self.breakthrough);
                } else {
                    self.breakthrough = false;
                }
            }
            Kind::Charge => {
                if step == Step::Action {
                    let units: Vec<UnitId> = on_table(state, acting)
                        .into_iter()
                        .filter(|u| state.troop(*u).is_ok_and(|t| t.charge.is_none()))
                        .collect();
                    let units = if units.is_empty() {
                        on_table(state, acting)
                    } else {
                        units
                    };
                    f.choice_numbered(
                        'n',
                        "unit declared to charge",
                        &mut self.unit,
                        &units,
                        name,
                        number,
                    );
                    let targets = on_table(state, acting.other());
                    f.choice_numbered(
                        'o',
                        "the enemy it closes with",
                        &mut self.target,
                        &targets,
                        name,
                        number,
                    );
                } else {
                    let owed = state.charges_owed();
                    let units = if owed.is_empty() { both() } else { owed };
                    f.choice_numbered('n', "unit charging", &mut self.unit, &units, name, number);
                    return;
                }
                return;
            }
            Kind::Missile => {
                let side = if step == Step::Reaction {
                    acting.other()
                } else {
                    acting
                };
                let units = on_table(state, side);
                f.choice_numbered('n', "firing unit", &mut self.unit, &units, name, number);
                let targets = on_table(state, self.unit.side.other());
                f.choice_numbered('o', "target unit", &mut self.target, &targets, name, number);
                f.number(
                    'a',
                    "attacks (one per stand in range)",
                    &mut self.attacks,
                    (1, 40),
                    1,
                );
            }
            Kind::Melee => {
                // RR-U: each fact names its unit, whichever player acts.
                f.choice_numbered(
                    'n',
                    if self.simultaneous {
                        "a unit"
                    } else {
                        "the attacking unit"
                    },
                    &mut self.unit,
                    &both(),
                    name,
                    number,
                );
                let targets = on_table(state, self.unit.side.other());
                if !targets.contains(&self.target)
                    && let Some(u) = targets.first()
                {
                    self.target = *u;
                }
                f.choice_numbered(
                    'o',
                    if self.simultaneous {
                        "the enemy unit"
                    } else {
                        "the unit attacked"
                    },
                    &mut self.target,
                    &targets,
                    name,
                    number,
                );
                f.flag(
                    's',
                    "simultaneous (the stands face each other)",
                    &mut self.simultaneous,
                );
                let short = |id: UnitId| {
                    state
                        .troop(id)
                        .map_or(id.to_string(), |t| format!("{id} {}", t.unit.name))
                };
                f.flag(
                    'r',
                    format!("{} could retreat", short(self.unit)),
                    &mut self.can_retreat[0],
                );
                f.flag(
                    'e',
                    format!("{} could retreat", short(self.target)),
                    &mut self.can_retreat[1],
                );
            }
            Kind::Pursuit => {
                let open: Vec<UnitId> = pursuers(state).iter().map(|(u, _)| *u).collect();
                let units = if open.is_empty() { both() } else { open };
                f.choice_numbered('n', "pursuer", &mut self.unit, &units, name, number);
                if let Ok(t) = state.troop(self.unit)
                    && let Some(p) = t.pursuit
                {
                    self.target = p.target;
                }
                let targets = on_table(state, self.unit.side.other());
                f.choice_numbered(
                    'o',
                    "unit pursued",
                    &mut self.target,
                    &targets,
                    name,
                    number,
                );
                f.number(
                    'h',
                    "Pursuit chart hits under 13 (0: not read)",
                    &mut self.chart_hits,
                    (0, 3),
                    1,
                );
            }
            Kind::Break => {
                let mut units: Vec<UnitId> = state.checks_due().iter().map(|(u, _)| *u).collect();
                for u in both() {
                    if !units.contains(&u) {
                        units.push(u);
                    }
                }
                f.choice_numbered('n', "unit", &mut self.unit, &units, name, number);
                f.choice('x', "cause", &mut self.cause, CAUSES, |c| {
                    crate::battle::roberts_rules::state::cause_words(c).to_string()
                });
                if self.cause == BreakCause::NearbyRout {
                    // RR-15: a routed leader's stand is "a stand of that unit's type".
                    let leader_rout = state
                        .troop(self.unit)
                        .ok()
                        .and_then(|t| t.nearby)
                        .and_then(|(_, src)| src)
                        .and_then(|src| state.troop(src).ok())
                        .is_some_and(|r| !r.routed);
                    let label = if leader_rout {
                        "routing leader's unit was Formed"
                    } else {
                        "routing unit was Formed"
                    };
                    f.flag('f', label, &mut self.routed_formed);
                }
            }
            Kind::Morale => {
                let mut units = reluctant(state);
                for u in both() {
                    if !units.contains(&u) {
                        units.push(u);
                    }
                }
                f.choice_numbered('n', "unit", &mut self.unit, &units, name, number);
                f.choice(
                    'x',
                    "why",
                    &mut self.morale_cause,
                    &[MoraleCause::LeadCharge, MoraleCause::Referee],
                    |c| match c {
                        MoraleCause::LeadCharge => "a Reluctant stand leads a charge".to_string(),
                        MoraleCause::Referee => "the referee calls it (W: his reason)".to_string(),
                    },
                );
            }
            Kind::Correction => {
                f.choice_numbered('n', "unit", &mut self.unit, &both(), name, number);
                if self.loaded != Some(self.unit) {
                    self.load(state);
                }
                let (total, original) = state
                    .troop(self.unit)
                    .map_or((0, 1), |t| (t.unit.total_hits(), t.unit.stands_original));
                f.number(
                    'i',
                    format!("hits lost (of {total})"),
                    &mut self.hits_lost,
                    (0, total),
                    1,
                );
                f.number(
                    's',
                    format!("stands (of {original})"),
                    &mut self.stands,
                    (1, original.max(1)),
                    1,
                );
                return;
            }
            Kind::Nearby => {
                f.choice(
                    'x',
                    "cause",
                    &mut self.cause,
                    &[BreakCause::NearbyRout, BreakCause::CaptainEliminated],
                    |c| crate::battle::roberts_rules::state::cause_words(c).to_string(),
                );
                if self.cause == BreakCause::NearbyRout {
                    let mut sources = state.nearby_due.clone();
                    sources.extend(state.nearby_named.iter().copied());
                    if let Some(mut src) = self.source
                        && !sources.is_empty()
                    {
                        // RR-15: a leader's rout is his, not his unit's.
                        let whose = |u: UnitId| {
                            match state.troop(u) {
                            Ok(t) if !t.routed => state.leaders[u.side as usize]
                                .iter()
                                .rev()
                                .find(|l| {
                                    l.unit == Some(u.index)
                                        && l.fate == Some(crate::battle::roberts_rules::state::LeaderFate::Routed)
                                })
                                .map_or_else(|| name(u), |l| format!("{} (leader, {u})", l.name)),
                            _ => name(u),
                        }
                        };
                        f.choice_numbered('n', "whose rout", &mut src, &sources, whose, number);
                        self.source = Some(src);
                    }
                } else {
                    f.choice(
                        's',
                        "whose Captain",
                        &mut self.captain_side,
                        &[Side::A, Side::B],
                        |x| format!("player {}", x.name()),
                    );
                }
                let side = self.nearby_side();
                let keys: Vec<char> = NEARBY_KEYS.chars().collect();
                // On the table: a routed unit is not; a unit whose leader
                // routed is nearby his rout like any other. Each unit keeps
                // the letter of its place in the army, whoever has left.
                let friends: Vec<UnitId> = on_table(state, side);
                let labels: Vec<(char, UnitId, String)> = friends
                    .into_iter()
                    .filter_map(|u| keys.get(u.index).map(|k| (*k, u)))
                    .map(|(k, u)| {
                        let checked = state.troop(u).is_ok_and(|t| t.checked);
                        (
                            k,
                            u,
                            format!("{}{}", name(u), if checked { " (checked)" } else { "" }),
                        )
                    })
                    .collect();
                let all: Vec<(char, UnitId, &str)> = labels
                    .iter()
                    .map(|(k, u, l)| (*k, *u, l.as_str()))
                    .collect();
                f.toggles(&mut self.nearby, &all);
                return;
            }
        }
        let short = |id: UnitId| state.troop(id).map_or(id.to_string(), |_| id.to_string());
        let (b, p) = if self.kind == Kind::Melee {
            (
                format!("{}'s bonus (referee)", short(self.unit)),
                format!("{}'s penalty (referee)", short(self.unit)),
            )
        } else {
            (
                "referee's bonus".to_string(),
                "referee's penalty".to_string(),
            )
        };
        f.number('b', b, &mut self.bonus[0], (0, 9), 1);
        f.number('p', p, &mut self.penalty[0], (0, 9), 1);
        if self.kind == Kind::Melee {
            f.number(
                'c',
                format!("{}'s bonus (referee)", short(self.target)),
                &mut self.bonus[1],
                (0, 9),
                1,
            );
            f.number(
                'd',
                format!("{}'s penalty (referee)", short(self.target)),
                &mut self.penalty[1],
                (0, 9),
                1,
            );
        }
    }
}

/// A probability as a percentage that never rounds a possible outcome to
/// a certainty or an impossible one: 99.987% is `99.9%`, 0.17% is `0.2%`.
pub fn pct(p: f64) -> String {
    let x = p * 100.0;
    if x > 0.0 && x < 0.05 {
        "<0.1%".to_string()
    } else if x > 0.0 && x < 0.5 {
        format!("{x:.1}%")
    } else if x > 99.95 && x < 100.0 {
        ">99.9%".to_string()
    } else if (99.5..100.0).contains(&x) {
        format!("{x:.1}%")
    } else {
        format!("{x:.0}%")
    }
}

/// The first unit of `side` on the table for which `want` holds.
fn first_where(state: &State, side: Side, want: impl Fn(&Troop) -> bool) -> Option<UnitId> {
    state.units[side as usize]
        .iter()
        .enumerate()
        .find(|(_, t)| !t.gone() && want(t))
        .map(|(i, _)| UnitId::new(side, i))
}

/// The units a declared charge closes with.
fn targets_of(state: &State) -> Vec<UnitId> {
    state
        .units
        .iter()
        .flatten()
        .filter_map(|t| t.charge.and_then(|c| c.target))
        .collect()
}

/// The keys of the units a referee may name nearby (not the panel's own,
/// nor `n`, `s` or `x`).
const NEARBY_KEYS: &str = "abcdefghijklmoprvwyzABCDEFGHIJKLOPRSTVXYZ";

/// The units on the table whose stands are Reluctant or Disrupted: a
/// Morale Check before they lead a charge (RR-12, RR-17).
/// Those whose charge is owed come first, and a unit that has made its
/// check this phase last.
pub fn reluctant(state: &State) -> Vec<UnitId> {
    let mut out = Vec::new();
    for side in [Side::A, Side::B] {
        for (i, t) in state.units[side as usize].iter().enumerate() {
            if !t.gone() && t.unit.reluctant() {
                out.push(UnitId::new(side, i));
            }
        }
    }
    out.sort_by_key(|u| {
        state.troop(*u).map_or(2, |t| {
            if t.lead_charge.is_some() {
                2
            } else if state.charge_owed_by(t) {
                0
            } else {
                1
            }
        })
    });
    out
}

/// The units with a Pursuit open, and whom they pursue (RR-20).
pub fn pursuers(state: &State) -> Vec<(UnitId, UnitId)> {
    let mut out = Vec::new();
    for side in [Side::A, Side::B] {
        for (i, t) in state.units[side as usize].iter().enumerate() {
            if let Some(p) = state.open_pursuit(t) {
                out.push((UnitId::new(side, i), p.target));
            }
        }
    }
    out
}

/// A Break Check cause's word, as saves write it.
pub fn cause_name(c: BreakCause) -> &'static str {
    c.name()
}
