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
    Action, ActionRoll, ActionSituation, BreakCause, BreakCheck, BreakSituation, MeleeAttack,
    MissileAttack, MoraleCause, MoraleCheck, Named, PursuitAttack, Winner,
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

const ACTIONS: &[Action] = &[
    Action::Movement,
    Action::Stop,
    Action::AboutFace,
    Action::ChangeFace,
    Action::Retrograde,
    Action::ChangeFormation,
    Action::Countercharge,
    Action::Countermand,
    Action::Set,
    Action::MissileFire,
    Action::Pursuit,
    Action::Withdrawal,
    Action::VulnerableRetreat,
];

const CAUSES: &[BreakCause] = &[
    BreakCause::StandsLost,
    BreakCause::NearbyRout,
    BreakCause::BrokenStandsLost,
    BreakCause::LeaderHit,
    BreakCause::CaptainEliminated,
];

fn on_table(state: &State, side: Side) -> Vec<UnitId> {
    state.units[side as usize]
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.gone())
        .map(|(i, _)| UnitId::new(side, i))
        .collect()
}

impl Draft {
    /// A new draft of `kind` as the half-turn stands: the side whose turn
    /// it is, the first of its units that fits.
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
        if kind == Kind::Morale
            && let Some(u) = reluctant(state).first()
        {
            d.unit = *u;
        }
        if kind == Kind::Morale && step != Step::Charge {
            d.morale_cause = MoraleCause::Referee;
        }
        if kind == Kind::Correction {
            d.load(state);
        }
        if kind == Kind::Nearby {
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
        if kind == Kind::Action && step == Step::Reaction {
            d.action = Action::MissileFire;
        }
        if kind == Kind::Break
            && let Some((u, c)) = state.checks_due().first()
        {
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
        if kind == Kind::Pursuit
            && let Some((u, p)) = pursuers(state).first()
        {
            d.unit = *u;
            d.target = *p;
        }
        if kind == Kind::Action
            && step == Step::Combat
            && let Some((u, _)) = pursuers(state).first()
        {
            d.unit = *u;
            d.action = Action::Pursuit;
        }
        d
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

    /// Whether the panel takes a reason (W).
    pub fn takes_reason(&self) -> bool {
        matches!(self.kind, Kind::Correction | Kind::Morale)
    }

    fn mods(&self, i: usize) -> Vec<Named> {
        let mut m = self.named[i].clone();
        if self.bonus[i] > 0 {
            m.push(Named {
                name: "referee_bonus".into(),
                value: self.bonus[i] as i32,
            });
        }
        if self.penalty[i] > 0 {
            m.push(Named {
                name: "referee_penalty".into(),
                value: -(self.penalty[i] as i32),
            });
        }
        m
    }

    /// How many dice its roll takes, as the rules plan it.
    pub fn needs(&self, state: &State, house: &House) -> Result<usize, String> {
        Ok(match self.kind {
            Kind::Action => self.action_plan(state, house)?.needs(),
            Kind::Missile => 2 * self.attacks as usize,
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

    /// The event with these dice (two a roll, in order).
    pub fn event(&self, dice: &[u8]) -> Event {
        let pairs: Vec<Vec<u8>> = dice.chunks(2).map(|c| c.to_vec()).collect();
        match self.kind {
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
                        .filter(|u| u.side == side && Some(**u) != self.source)
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
        let of36 = |p: f64| format!("{}/36 ({:.0}%)", (p * 36.0).round(), p * 100.0);
        match self.kind {
            Kind::Action => {
                let p = self.action_plan(state, house)?;
                lines(&p.explanation, &mut out);
                let o = odds::action_roll(&p);
                out.push(if p.automatic {
                    "odds: automatic, no roll".to_string()
                } else {
                    format!("odds: success {}", of36(o.success))
                });
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
                    "odds: {} Disrupted {:.0}%; hits {}",
                    t.unit.name,
                    o.disrupted * 100.0,
                    o.hits
                        .iter()
                        .map(|(h, q)| format!("{h}: {:.0}%", q * 100.0))
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
                out.push(
                    "7+ pushes back; 10+ one hit, two at the house option's score (RR-18)"
                        .to_string(),
                );
                let o = odds::melee_attack(&p, house);
                let n = if self.simultaneous { 1296.0 } else { 36.0 };
                let frac = |q: f64| format!("{}/{} ({:.0}%)", (q * n).round(), n, q * 100.0);
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
                    Some(o) if o.target == self.target && o.pursuing => {}
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
                        let t = self.troop(state, s)?;
                        format!(
                            "{} ({s}){}",
                            t.unit.name,
                            if t.routed {
                                " routed"
                            } else {
                                ": its leader routed"
                            }
                        )
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
                out.insert(
                    0,
                    if self.modifier_sides() == 2 {
                        format!(
                            "named modifiers: side a (M) {}; side b (N) {}",
                            say(0),
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
                let side = match step {
                    Step::Reaction => Some(acting.other()),
                    Step::Action | Step::Assault => Some(acting),
                    _ => None,
                };
                let units = side.map_or_else(both, |s| on_table(state, s));
                f.choice_numbered('n', "unit", &mut self.unit, &units, name, number);
                f.choice('x', "Action", &mut self.action, ACTIONS, |a| {
                    action_words(a).to_string()
                });
                f.flag(
                    'g',
                    "the General's free Action (in command range)",
                    &mut self.general_free,
                );
                f.flag('k', "after a Breakthrough", &mut self.breakthrough);
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
                f.choice_numbered('n', "side a unit", &mut self.unit, &both(), name, number);
                let targets = on_table(state, self.unit.side.other());
                f.choice_numbered('o', "side b unit", &mut self.target, &targets, name, number);
                f.flag(
                    's',
                    "simultaneous (the stands face each other)",
                    &mut self.simultaneous,
                );
                f.flag('r', "side a could retreat", &mut self.can_retreat[0]);
                f.flag('e', "side b could retreat", &mut self.can_retreat[1]);
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
                f.flag(
                    'f',
                    "the routing unit was Formed (nearby rout)",
                    &mut self.routed_formed,
                );
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
                        f.choice_numbered('n', "whose rout", &mut src, &sources, name, number);
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
                let keys = NEARBY_KEYS.chars();
                let friends: Vec<UnitId> = on_table(state, side)
                    .into_iter()
                    .filter(|u| Some(*u) != self.source)
                    .collect();
                let labels: Vec<(char, UnitId, String)> = keys
                    .zip(friends)
                    .map(|(k, u)| (k, u, format!("{} nearby", name(u))))
                    .collect();
                let all: Vec<(char, UnitId, &str)> = labels
                    .iter()
                    .map(|(k, u, l)| (*k, *u, l.as_str()))
                    .collect();
                f.toggles(&mut self.nearby, &all);
                return;
            }
        }
        let (b, p) = if self.kind == Kind::Melee {
            ("side a's bonus (referee)", "side a's penalty (referee)")
        } else {
            ("referee's bonus", "referee's penalty")
        };
        f.number('b', b, &mut self.bonus[0], (0, 9), 1);
        f.number('p', p, &mut self.penalty[0], (0, 9), 1);
        if self.kind == Kind::Melee {
            f.number(
                'c',
                "side b's bonus (referee)",
                &mut self.bonus[1],
                (0, 9),
                1,
            );
            f.number(
                'd',
                "side b's penalty (referee)",
                &mut self.penalty[1],
                (0, 9),
                1,
            );
        }
    }
}

/// The keys of the units a referee may name nearby (not the panel's own,
/// nor `n`, `s` or `x`).
const NEARBY_KEYS: &str = "abcdefghijklmoprvwyzABCDEFGHIJKLOPRSTVXYZ";

/// The units on the table whose stands are Reluctant or Disrupted: a
/// Morale Check before they lead a charge (RR-12, RR-17).
pub fn reluctant(state: &State) -> Vec<UnitId> {
    let mut out = Vec::new();
    for side in [Side::A, Side::B] {
        for (i, t) in state.units[side as usize].iter().enumerate() {
            if !t.gone() && t.unit.reluctant() {
                out.push(UnitId::new(side, i));
            }
        }
    }
    out
}

/// The units with a Pursuit open, and whom they pursue (RR-20).
pub fn pursuers(state: &State) -> Vec<(UnitId, UnitId)> {
    let mut out = Vec::new();
    for side in [Side::A, Side::B] {
        for (i, t) in state.units[side as usize].iter().enumerate() {
            if let Some(p) = t.pursuit
                && !t.gone()
            {
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
