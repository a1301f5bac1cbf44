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
    MissileAttack, Named, PursuitAttack, Winner,
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
        };
        if kind == Kind::Action && step == Step::Reaction {
            d.action = Action::MissileFire;
        }
        if kind == Kind::Break
            && let Some((u, c)) = state.checks_due().first()
        {
            d.unit = *u;
            d.cause = *c;
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

    fn mods(&self, i: usize) -> Vec<Named> {
        let mut m = Vec::new();
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
