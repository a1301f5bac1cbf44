//! An activation (2.2): its panel, its facts, its roll and the choice that follows.

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::{Event, Phase, Step};
use crate::dice::{Dice, DiceCount};
use crate::rules::Side;
use crate::rules::warlords::activation::{
    Action as RulesAction, Activation, ActivationOutcome, ActivationSituation,
};
use crate::rules::warlords::charge::evade_move;
use crate::rules::warlords::field_defences::ReachDefence;
use crate::rules::warlords::melee::{Melee, MeleeDice};
use crate::rules::warlords::movement::{BreakOff, Flee, RandomMove};
use crate::rules::warlords::next::Choice as RulesChoice;
use crate::rules::warlords::personality::PersonalityTrait;
use crate::rules::warlords::personality::StandLoss;
use crate::rules::warlords::shooting::{Shooting, may_shoot_in_activation};
use crate::rules::warlords::unit::Morale;
use crate::tui::warlords::action::{Choice, Fact};
use crate::tui::warlords::dialog::{Dialog, FormationPick, PickFor, Procedure, Purpose, Resolve};

impl App {
    /// Opens a unit's activation with facts defaulted from the state.
    pub(super) fn open_activation(&mut self, id: UnitId) {
        let Some(u) = self.battle.unit(id) else {
            return;
        };
        let name = u.unit.name.clone();
        if u.off_table() {
            return self.refuse(format!("{name} is off the table"));
        }
        match self.battle.phase() {
            Phase::Activation(s) if s == id.side => {}
            Phase::Activation(s) => {
                return self.refuse(format!(
                    "{name} is side {}'s; side {} is activating now (2.1)",
                    id.side.name(),
                    s.name()
                ));
            }
            p => {
                return self.refuse(format!(
                    "units activate in the activation phases; the battle is at {p} (Enter does the next step)"
                ));
            }
        }
        if u.activated {
            return self.refuse(format!(
                "{name} has already activated this turn (2.2); u undoes, c corrects"
            ));
        }
        let situation = self.default_situation(id);
        // 2.4.4.1, W-25: what the battle owes first (a charge moved that
        // must say whether it reached) is said before any panel opens.
        let probe = Event::Activation {
            unit: id,
            situation,
            dice: Dice::default(),
            add_champion: false,
        };
        if let Err(e) = self.battle.state().check(self.battle.setup(), &probe) {
            return self.refuse(e.to_string());
        }
        self.select(id);
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Activation {
                unit: id,
                situation,
            })));
    }

    /// Whether an Expert tactician of the unit's own contingent, with
    /// another unit on the table, could be in its sight: his +1 helps only
    /// his contingent (3.1.2, W-0, W-4).
    pub fn tactician_of_contingent(&self, id: UnitId) -> bool {
        let contingent = self.contingent[id.side as usize].get(id.index).copied();
        self.battle
            .units(id.side)
            .filter(|(other, _)| {
                *other != id
                    && self.contingent[id.side as usize].get(other.index).copied() == contingent
            })
            .any(|(_, o)| {
                !o.off_table()
                    && o.unit
                        .active_personalities()
                        .any(|p| p.has(PersonalityTrait::ExpertTactician))
            })
    }

    /// The facts Herald guesses for an activation before the referee toggles them.
    pub fn default_situation(&self, id: UnitId) -> ActivationSituation {
        let Some(u) = self.battle.unit(id) else {
            return ActivationSituation::default();
        };
        let unit = &u.unit;
        let engaged = !self.battle.in_melee_with(id).is_empty();
        let halted = u.halted_this_turn;
        let tactician = self.tactician_of_contingent(id);
        ActivationSituation {
            charging: false,
            evading_spans: 0,
            enemy_in_charge_distance: engaged,
            enemy_visible_ahead: true,
            tactician_in_sight: tactician,
            // As the battle recorded it (2.2.2, 2.4.11); a unit stopped by
            // contact flees no more (W-34).
            fleeing: unit.fleeing && unit.moving,
            changing_formation: false,
            halted_this_turn: halted,
            in_melee: engaged,
        }
    }

    /// The situation of the open activation, to change.
    pub(super) fn situation_mut(&mut self) -> Option<&mut ActivationSituation> {
        match self.dialogs.last_mut() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Activation { situation, .. } | Procedure::Reaction { situation, .. },
                rolled: None,
                error,
                ..
            })) => {
                *error = None;
                Some(situation)
            }
            _ => None,
        }
    }

    /// The unit whose activation or reaction panel is open, before its roll.
    pub fn resolving_unit(&self) -> Option<UnitId> {
        match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::Activation { unit, .. }
                    | Procedure::Reaction { unit, .. }
                    | Procedure::BreakOff { unit, .. },
                rolled: None,
                ..
            })) => Some(*unit),
            _ => None,
        }
    }

    /// Whether the open result is an Impetuous unit's success with doubles
    /// read without an enemy in charge distance: it would go Berserk if one
    /// is (W-6), which `k` says (the same dice read again).
    pub fn berserk_unsaid(&self) -> bool {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { unit, situation },
            rolled: Some(x),
            ..
        })) = self.dialogs.last()
        else {
            return false;
        };
        let Some(o) = &x.activation else {
            return false;
        };
        if situation.enemy_in_charge_distance || o.berserk || !o.success || !x.chosen.is_empty() {
            return false;
        }
        let Some(u) = self.battle.unit(*unit) else {
            return false;
        };
        let mut said = *situation;
        said.enemy_in_charge_distance = true;
        // A success that chose nothing left the unit as it was (2.2.2): the
        // same dice are read again with the fact said, by the rules.
        self.battle.events().len() == x.entry + 1
            && x.dice.first().is_some_and(|dice| {
                Activation::plan(&u.unit, said)
                    .and_then(|p| p.resolve(dice))
                    .is_ok_and(|o| o.berserk)
            })
    }

    /// Takes the open activation back and reads the same dice again with
    /// the fact `say` sets (W-6, W-7, 3.1.2): nothing was recorded after it.
    fn read_again(&mut self, say: impl FnOnce(&mut ActivationSituation)) {
        let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() else {
            return;
        };
        let Some(x) = r.rolled.take() else { return };
        if let Procedure::Activation { situation, .. } = &mut r.procedure {
            say(situation);
        }
        self.battle.undo();
        self.roll(Some(x.dice.clone()));
    }

    /// k on a result: the enemy was in charge distance after all (W-6):
    /// the activation is taken back and the same dice read again with it said.
    fn say_enemy_in_charge_distance(&mut self) {
        if !self.berserk_unsaid() {
            return self.set_resolve_error(
                "k changes nothing here: it matters only for an Impetuous unit's success with doubles (W-6)"
                    .to_string(),
            );
        }
        self.read_again(|s| s.enemy_in_charge_distance = true);
    }

    /// Whether the open result is a success read without an enemy visible
    /// ahead whose score would allow a champion if one is (W-7), which `v`
    /// says (the same dice read again).
    pub fn champion_unsaid(&self) -> bool {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { unit, situation },
            rolled: Some(x),
            ..
        })) = self.dialogs.last()
        else {
            return false;
        };
        let Some(o) = &x.activation else {
            return false;
        };
        if situation.enemy_visible_ahead || o.may_add_champion || !o.success || !x.chosen.is_empty()
        {
            return false;
        }
        let Some(u) = self.battle.unit(*unit) else {
            return false;
        };
        let mut said = *situation;
        said.enemy_visible_ahead = true;
        // W-7: the rules decide, from the same dice with the fact said.
        self.battle.events().len() == x.entry + 1
            && x.dice.first().is_some_and(|dice| {
                Activation::plan(&u.unit, said)
                    .and_then(|p| p.resolve(dice))
                    .is_ok_and(|o| o.may_add_champion)
            })
    }

    /// Whether the open result is an activation read without a charge whose
    /// Aggressive commander's +1 would let it charge: "If charging, the +1
    /// to activate may be added after the roll is made" (3.1.2, W-4), which
    /// `c` says (the same dice read again, charging).
    pub fn aggressive_unsaid(&self) -> bool {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { unit, situation },
            rolled: Some(x),
            ..
        })) = self.dialogs.last()
        else {
            return false;
        };
        let Some(o) = &x.activation else {
            return false;
        };
        if situation.charging || !x.chosen.is_empty() || o.allowed.contains(&RulesAction::Charge) {
            return false;
        }
        let Some(u) = self.battle.unit(*unit) else {
            return false;
        };
        let mut said = *situation;
        said.charging = true;
        // Nothing recorded after the activation: the same dice are read
        // again with the charge said, by the rules.
        self.battle.events().len() == x.entry + 1
            && x.dice.first().is_some_and(|dice| {
                Activation::plan(&u.unit, said)
                    .and_then(|p| p.resolve(dice))
                    .is_ok_and(|o| o.allowed.contains(&RulesAction::Charge))
            })
    }

    /// c on a result the Aggressive +1 turns into a charge (3.1.2): the
    /// activation is taken back and the same dice read again, charging.
    fn add_aggressive_plus_1(&mut self) {
        self.read_again(|s| s.charging = true);
    }

    /// v on a result: an enemy was visible ahead after all (W-7): the
    /// activation is taken back and the same dice read again with it said.
    fn say_enemy_visible_ahead(&mut self) {
        if !self.champion_unsaid() {
            return self.set_resolve_error(
                "v changes nothing here: it matters only for a success whose score would allow a champion (W-7)"
                    .to_string(),
            );
        }
        self.read_again(|s| s.enemy_visible_ahead = true);
    }

    pub(super) fn toggle(&mut self, fact: Fact) {
        let rolled = matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some());
        if fact == Fact::EnemyInChargeDistance && rolled {
            return self.say_enemy_in_charge_distance();
        }
        if fact == Fact::EnemyVisibleAhead && rolled {
            return self.say_enemy_visible_ahead();
        }
        if let Some((keys, why)) = self.reaction_facts()
            && !keys.contains(&fact_key(fact))
        {
            // 2.4.4, 2.4.7, 2.4.4.2: a unit answering a charge does only its
            // answer: no other charge, flight, formation or champion to say.
            return self.set_resolve_error(format!("{why}: that fact does not apply"));
        }
        if fact == Fact::TacticianInSight
            && let Some(id) = self.resolving_unit()
            && !self.tactician_of_contingent(id)
        {
            // 3.1.2, W-0, W-4: his +1 helps only units of his contingent.
            return self.set_resolve_error(
                "no Expert tactician of this unit's contingent is on the table: his +1 helps only his own contingent (3.1.2, W-4)".to_string(),
            );
        }
        if fact == Fact::TacticianInSight
            && let Some(Dialog::Resolve(Resolve {
                procedure: Procedure::BreakOff { tactician, .. },
                rolled: None,
                error,
                ..
            })) = self.dialogs.last_mut()
        {
            // 2.4.8, W-4: breaking off is an activation roll, with his +1.
            *tactician = !*tactician;
            *error = None;
            return;
        }
        if fact == Fact::Charging
            && let Some(Dialog::Resolve(Resolve {
                procedure: Procedure::Activation { unit, situation },
                rolled: None,
                ..
            })) = self.dialogs.last()
            && !situation.charging
            && let Some(u) = self.battle.unit(*unit)
            && let Err(why) =
                crate::rules::warlords::charge::may_charge(&u.unit, u.halted_this_turn)
        {
            // 1.7.2, 2.3.2, W-30: a charge the record refuses is refused here,
            // before any die is typed.
            return self.set_resolve_error(why);
        }
        if let Some(s) = self.situation_mut() {
            let flag = match fact {
                Fact::Charging => &mut s.charging,
                Fact::EnemyInChargeDistance => &mut s.enemy_in_charge_distance,
                Fact::EnemyVisibleAhead => &mut s.enemy_visible_ahead,
                Fact::TacticianInSight => &mut s.tactician_in_sight,
                Fact::Fleeing => &mut s.fleeing,
                Fact::ChangingFormation => &mut s.changing_formation,
            };
            *flag = !*flag;
        }
    }

    pub(super) fn evade_by(&mut self, delta: i32) {
        if let Some((keys, why)) = self.reaction_facts()
            && !keys.contains(&'e')
        {
            return self.set_resolve_error(format!("{why}: it does not evade"));
        }
        if let Some(s) = self.situation_mut() {
            s.evading_spans = s.evading_spans.saturating_add_signed(delta).min(99);
        }
    }

    /// The facts a reaction to a charge asks before its roll, by their
    /// keys, and why no other applies (2.4.4, 2.4.7, 2.4.4.2): a shot at
    /// the charger only shoots; an evade evades (its spans count); a
    /// counter-charge charges. `None`: every fact of an activation.
    pub fn reaction_facts(&self) -> Option<(&'static [char], &'static str)> {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Reaction { purpose, .. },
            ..
        })) = self.dialogs.last()
        else {
            return None;
        };
        match purpose {
            Purpose::ShootAtCharger => Some((&['k', 'x'], "it only shoots at the charger (2.4.4)")),
            Purpose::Evade => Some((&['k', 'x', 'e'], "it evades the charge (2.4.7)")),
            Purpose::CounterCharge => {
                Some((&['k', 'x', 'c'], "it counter-charges the charger (2.4.4.2)"))
            }
            Purpose::BerserkTest => None,
        }
    }

    /// Whether the open panel is a unit's shot at a charger, which only
    /// shoots (2.4.4).
    pub fn only_shoots(&self) -> bool {
        matches!(
            self.dialogs.last(),
            Some(Dialog::Resolve(Resolve {
                procedure: Procedure::Reaction {
                    purpose: Purpose::ShootAtCharger,
                    ..
                },
                ..
            }))
        )
    }

    /// The dice a panel needs before any is rolled, per group, or why it cannot roll.
    pub fn needs(&self, procedure: &Procedure) -> Result<Vec<(String, DiceCount)>, String> {
        self.needs_given(procedure, &[])
    }

    /// The dice a panel needs, per group, given the dice typed so far (the
    /// rules' staged needs: red after white, yellow after red, Slippery).
    pub fn needs_given(
        &self,
        procedure: &Procedure,
        typed: &[Dice],
    ) -> Result<Vec<(String, DiceCount)>, String> {
        let none = Dice::default();
        let typed_of = |i: usize| typed.get(i).unwrap_or(&none);
        match procedure {
            Procedure::Initiative => Ok(vec![
                (
                    format!("side a ({})", self.battle.setup().label(Side::A)),
                    DiceCount::white(1),
                ),
                (
                    format!("side b ({})", self.battle.setup().label(Side::B)),
                    DiceCount::white(1),
                ),
            ]),
            Procedure::Activation { unit, situation } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let plan = Activation::plan(&u.unit, *situation).map_err(|e| e.to_string())?;
                Ok(vec![(u.unit.name.clone(), plan.needs())])
            }
            Procedure::Flee { unit, .. } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                Ok(vec![(u.unit.name.clone(), Flee::new(&u.unit).needs())])
            }
            Procedure::Halt { unit } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let m = RandomMove {
                    spans: u.unit.move_distance().max(1),
                };
                Ok(vec![(u.unit.name.clone(), m.needs())])
            }
            Procedure::Defence {
                unit,
                defence,
                charging,
            } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let plan =
                    ReachDefence::plan(&u.unit, *defence, *charging).map_err(|e| e.to_string())?;
                Ok(vec![(u.unit.name.clone(), plan.needs(typed_of(0)))])
            }
            Procedure::Reaction {
                unit, situation, ..
            } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let plan = Activation::plan(&u.unit, *situation).map_err(|e| e.to_string())?;
                Ok(vec![(u.unit.name.clone(), plan.needs())])
            }
            Procedure::Shooting {
                shooter,
                target,
                situation,
                ..
            } => {
                let s = &self.battle.unit(*shooter).ok_or("no such unit")?.unit;
                let t = &self.battle.unit(*target).ok_or("no such unit")?.unit;
                let plan = Shooting::plan(s, t, *situation).map_err(|e| e.to_string())?;
                Ok(vec![(s.name.clone(), plan.needs(typed_of(0)))])
            }
            Procedure::Charge {
                unit,
                target,
                spans,
                ..
            } => {
                let (mover, _, spans) = self.charge_roll(*unit, *target, *spans);
                let u = self.battle.unit(mover).ok_or("no such unit")?;
                let m = RandomMove { spans };
                Ok(vec![(u.unit.name.clone(), m.needs())])
            }
            Procedure::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                ..
            } => {
                let ua = &self.battle.unit(*a).ok_or("no such unit")?.unit;
                let ub = &self.battle.unit(*b).ok_or("no such unit")?.unit;
                let plan = Melee::between(
                    ua,
                    facts_a,
                    ub,
                    facts_b,
                    *rough_ground,
                    &self.battle.setup().house,
                )
                .map_err(|e| e.to_string())?;
                let (na, nb) = plan.needs(&MeleeDice {
                    a: typed_of(0).clone(),
                    b: typed_of(1).clone(),
                });
                Ok(vec![(ua.name.clone(), na), (ub.name.clone(), nb)])
            }
            Procedure::BreakOff {
                unit,
                opponents,
                opponent,
                supporting,
                tactician,
            } => {
                let u = &self.battle.unit(*unit).ok_or("no such unit")?.unit;
                let o = opponents.get(*opponent).ok_or("no Melee opponent")?;
                let o = &self.battle.unit(*o).ok_or("no such unit")?.unit;
                let plan =
                    BreakOff::plan(u, o, *supporting, *tactician).map_err(|e| e.to_string())?;
                Ok(vec![(u.name.clone(), plan.needs(typed_of(0)))])
            }
            Procedure::Pursue { unit, .. } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let m = RandomMove {
                    spans: u.unit.move_distance().max(1),
                };
                Ok(vec![(u.unit.name.clone(), m.needs())])
            }
            Procedure::StandLoss {
                unit, personality, ..
            } => {
                let u = &self.battle.unit(*unit).ok_or("no such unit")?.unit;
                let p = u
                    .personalities
                    .iter()
                    .find(|p| &p.name == personality)
                    .ok_or("no such personality")?;
                let loss = StandLoss {
                    personality: p.clone(),
                    stands_left: u.stands,
                    vendetta_by: None,
                };
                Ok(vec![(personality.clone(), loss.needs(typed_of(0)))])
            }
        }
    }

    /// Rolls the open resolve panel: with typed dice when given, else Herald's.
    pub(super) fn roll(&mut self, typed: Option<Vec<Dice>>) {
        // The players' dice kept from a refused roll are used again.
        let typed = match (typed, self.dialogs.last_mut()) {
            (None, Some(Dialog::Resolve(r))) => r.kept.take(),
            (typed, _) => typed,
        };
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        if r.rolled.is_some() {
            return;
        }
        let kept = typed
            .clone()
            .filter(|t| t.iter().any(|d| d.count() != DiceCount::default()));
        let procedure = r.procedure.clone();
        if let Procedure::BreakOff { .. } = procedure
            && self.needs(&procedure).is_err()
        {
            // 2.4.8: the panel says why below, in the rules' words.
            return self.set_resolve_error(
                "refused (2.4.8), see why below: s if it is only a supporting unit, Esc back to its activation"
                    .to_string(),
            );
        }
        let event = self.procedure_event(&procedure, typed);
        let event = match self.battle.complete(event, &mut self.dice) {
            Ok(e) => e,
            Err(e) => return self.refuse_keeping(e.to_string(), kept),
        };
        let mut rolled = match self.preview(&event) {
            Ok(r) => r,
            Err(e) => return self.refuse_keeping(e, kept),
        };
        // W-27: a shot that is the shooter's choice after its activation is
        // recorded as that choice first, with the shot (one key, one step).
        if let Procedure::Shooting {
            shooter,
            choose: true,
            ..
        } = procedure
        {
            let choice = Event::Choose {
                unit: shooter,
                choice: RulesChoice::Shoot,
                target: None,
                formation: None,
                files: None,
                pavises: None,
            };
            if let Err(e) = self.battle.record(choice) {
                return self.set_resolve_error(e.to_string());
            }
        }
        if let Err(e) = self.battle.record(event.clone()) {
            if matches!(procedure, Procedure::Shooting { choose: true, .. }) {
                self.battle.undo(); // the choice goes with the shot it was for
            }
            return self.refuse_keeping(e.to_string(), kept);
        }
        rolled.entry = self.battle.events().len() - 1;
        self.after_record(&procedure, &event, &mut rolled);
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
            r.error = None;
            r.rolled = Some(rolled);
            r.scroll = 0;
        }
        self.status = None;
    }

    /// The event an open resolve panel records, its facts as they stand,
    /// with the typed dice (none yet: Herald's fill them as it rolls).
    pub(crate) fn procedure_event(&self, procedure: &Procedure, typed: Option<Vec<Dice>>) -> Event {
        let mut typed = typed.unwrap_or_default().into_iter();
        let mut next = || typed.next().unwrap_or_default();
        match procedure {
            Procedure::Initiative => Event::Initiative {
                a: next(),
                b: next(),
            },
            Procedure::Activation { unit, situation } => Event::Activation {
                unit: *unit,
                situation: *situation,
                dice: next(),
                add_champion: false,
            },
            Procedure::Flee {
                unit,
                obstacle_stands,
            } => Event::Flee {
                unit: *unit,
                obstacle_stands: *obstacle_stands,
                dice: next(),
            },
            Procedure::Reaction {
                unit,
                cause,
                situation,
                ..
            } => Event::Reaction {
                unit: *unit,
                cause: *cause,
                situation: *situation,
                dice: next(),
            },
            Procedure::Shooting {
                shooter,
                target,
                situation,
                ..
            } => Event::Shooting {
                shooter: *shooter,
                target: *target,
                situation: *situation,
                dice: next(),
            },
            // 2.4.4.1, W-28: the distance of the formation it started in.
            Procedure::Charge {
                unit,
                target,
                spans,
                ..
            } => {
                // 2.4.4.2: or the counter-charger's, when the charger was Halted.
                let (mover, toward, spans) = self.charge_roll(*unit, *target, *spans);
                Event::RandomMove {
                    unit: mover,
                    spans,
                    toward: Some(toward),
                    dice: next(),
                }
            }
            Procedure::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                ..
            } => Event::Melee {
                a: *a,
                b: *b,
                facts_a: facts_a.clone(),
                facts_b: facts_b.clone(),
                rough_ground: *rough_ground,
                dice: MeleeDice {
                    a: next(),
                    b: next(),
                },
                before_w24: false,
            },
            // 2.4.10, 2.6.3: a random move at full speed toward the enemy;
            // 2.2.1: the Random Move of a unit that stops, before it Halts.
            Procedure::Pursue { unit, .. } | Procedure::Halt { unit } => Event::RandomMove {
                unit: *unit,
                spans: self
                    .battle
                    .unit(*unit)
                    .map_or(1, |u| u.unit.move_distance().max(1)),
                toward: None,
                dice: next(),
            },
            Procedure::StandLoss {
                unit,
                personality,
                enemy,
            } => Event::StandLoss {
                unit: *unit,
                personality: personality.clone(),
                enemy: *enemy,
                dice: next(),
            },
            Procedure::Defence {
                unit,
                defence,
                charging,
            } => Event::Defence {
                unit: *unit,
                defence: *defence,
                charging: *charging,
                dice: next(),
            },
            // 2.4.8: the break-off is the unit's activation.
            Procedure::BreakOff {
                unit,
                opponents,
                opponent,
                supporting,
                tactician,
            } => Event::BreakOff {
                unit: *unit,
                opponent: opponents.get(*opponent).copied().unwrap_or(*unit),
                supporting: *supporting,
                tactician_in_sight: *tactician,
                dice: next(),
            },
        }
    }

    /// Says on the panel why its roll was refused; the players' dice typed
    /// for it are kept, and Enter uses them once the facts are put right.
    fn refuse_keeping(&mut self, why: String, kept: Option<Vec<Dice>>) {
        let Some(dice) = kept else {
            return self.set_resolve_error(why);
        };
        let said: Vec<String> = dice
            .iter()
            .filter(|d| d.count() != DiceCount::default())
            .map(crate::battle::warlords::state::dice_text)
            .collect();
        self.set_resolve_error(format!(
            "{why}. The dice typed are kept ({}): put the facts right and Enter uses them, t types others",
            said.join(" | ")
        ));
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
            r.kept = Some(dice);
        }
    }

    /// What the rules make of an activation's dice, for showing them (the
    /// battle's fold re-runs the same procedure when it records the event).
    pub(super) fn activation_outcome(
        &self,
        id: UnitId,
        situation: ActivationSituation,
        dice: &Dice,
    ) -> Result<ActivationOutcome, String> {
        let u = self.battle.unit(id).ok_or("no such unit")?;
        Activation::plan(&u.unit, situation)
            .and_then(|p| p.resolve(dice))
            .map_err(|e| e.to_string())
    }

    /// Whether Enter on the open result keeps a fleeing Broken unit
    /// fleeing (2.2.1, 2.2.2): its success allows a flight and nothing is
    /// chosen yet.
    pub fn enter_keeps_fleeing(&self) -> bool {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return false;
        };
        let Some(x) = &r.rolled else {
            return false;
        };
        matches!(r.procedure, Procedure::Activation { unit, .. }
            if x.chosen.is_empty()
                && x.activation
                    .as_ref()
                    .is_some_and(|o| o.allowed.contains(&RulesAction::Flee))
                && self.battle.unit(unit).is_some_and(|u| u.unit.fleeing))
    }

    /// The answer to a charge Enter makes on the open result of a unit
    /// that reacted to it, when its roll allows it and it is not made yet:
    /// the evade (2.4.7), the shot at the charger (2.4.4), the
    /// counter-charge (2.4.4.2). The activation is spent either way.
    pub fn enter_answers(&self) -> Option<Choice> {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return None;
        };
        let x = r.rolled.as_ref()?;
        let Procedure::Reaction { purpose, .. } = r.procedure else {
            return None;
        };
        let c = match purpose {
            Purpose::Evade => Choice::Evade,
            Purpose::ShootAtCharger => Choice::Shoot,
            Purpose::CounterCharge => Choice::Charge,
            Purpose::BerserkTest => return None,
        };
        (!x.chosen.contains(&c) && self.allowed(c).is_some()).then_some(c)
    }

    /// Enter after a roll: the panel closes; what the result left the
    /// battle to do (a flight, a Berserk Move, a shower …) opens next.
    pub(super) fn finish_resolve(&mut self) {
        if !matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some()) {
            return;
        }
        if let Some(c) = self.enter_answers() {
            // 2.4.7, 2.4.4, 2.4.4.2: a reaction that succeeded does what it
            // answered with; a shot opens its panel, the others close.
            let open = self.dialogs.len();
            self.choose(c);
            if self.dialogs.len() > open {
                return; // the shot at the charger: its panel is next
            }
        }
        if self.enter_keeps_fleeing() {
            // 2.2.1, 2.2.2: a fleeing Broken unit keeps fleeing unless the
            // referee stops it (m, s): Enter records the flight, rolled next.
            self.choose(Choice::Flee);
            if !self.has_chosen() {
                return; // refused: the panel says why
            }
        }
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        let Some(x) = &r.rolled else {
            return;
        };
        let (procedure, x) = (r.procedure.clone(), x.clone());
        self.dialogs.pop();
        if self.hand_back(&procedure, &x) {
            return;
        }
        if let Step::Duty(i) = self.battle.next_step() {
            return self.open_duty(i);
        }
        self.follow_walker();
        self.say(match self.battle.next_step() {
            Step::RollInitiative => "next: roll for initiative (Enter)".to_string(),
            Step::Activate(next) => {
                let id = self.enter_activates(next);
                format!("next: {} ({id}) activates (Enter)", self.name(id))
            }
            Step::EndActivations(s) => {
                format!(
                    "side {} has activated every unit: Enter moves on (2.1)",
                    s.name()
                )
            }
            Step::FightMelee(a, b) => format!("next: Melee, {a} against {b} (2.6)"),
            Step::EndTurn => "every Melee is fought: Enter ends the turn".to_string(),
            Step::Duty(i) => {
                let d = &self.battle.duties()[i];
                format!(
                    "next: {} ({}) must {} (Enter)",
                    self.name(d.unit),
                    d.unit,
                    d.due
                )
            }
        });
    }

    /// The rules' actions a choice stands for.
    pub fn rules_actions(c: Choice) -> &'static [RulesAction] {
        match c {
            Choice::Charge => &[RulesAction::Charge],
            Choice::Evade => &[RulesAction::Evade],
            Choice::Move => &[RulesAction::Move, RulesAction::StopFleeingAndMove],
            Choice::Stop => &[RulesAction::Stop, RulesAction::StopFleeingAndHalt],
            Choice::Wheel => &[RulesAction::Wheel],
            Choice::ChangeFormation => &[RulesAction::ChangeFormation],
            Choice::AddChampion => &[RulesAction::AddChampion],
            Choice::Shoot => &[RulesAction::Shoot],
            Choice::Flee => &[RulesAction::Flee],
        }
    }

    /// Whether the open result allows a choice, and the rules' action it is.
    pub fn allowed(&self, c: Choice) -> Option<RulesAction> {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return None;
        };
        if !Self::answers(&r.procedure, c) {
            return None;
        }
        Self::choice_action(r.rolled.as_ref()?.activation.as_ref()?, c)
    }

    /// Whether a choice is open to the procedure's unit at all: a unit
    /// that answers a charge does only what it answers with (2.4.4): a shot
    /// at the charger only shoots; a counter-charge charges; an evader
    /// evades and, with missiles, may shoot (2.4.7); breaking off moves
    /// straight back (2.4.8).
    pub fn answers(procedure: &Procedure, c: Choice) -> bool {
        match procedure {
            Procedure::BreakOff { .. } => false,
            Procedure::Reaction { purpose, .. } => match purpose {
                Purpose::ShootAtCharger => c == Choice::Shoot,
                Purpose::CounterCharge => c == Choice::Charge,
                Purpose::Evade => matches!(c, Choice::Evade | Choice::Shoot),
                // 2.6.3: "roll for an activation to see if it goes Berserk":
                // only a test, in the Melee phase, of a unit that has made
                // its activation (W-27); going Berserk owes the Berserk Move.
                Purpose::BerserkTest => false,
            },
            _ => true,
        }
    }

    /// Whether the open result's unit has made its one choice (W-27).
    pub fn has_chosen(&self) -> bool {
        matches!(
            self.dialogs.last(),
            Some(Dialog::Resolve(r)) if r.rolled.as_ref().is_some_and(|x| !x.chosen.is_empty())
        )
    }

    /// The rules' action a choice takes after this outcome, if it allows it:
    /// what the rules allow (2.2.2), a stop after a moving unit's failure
    /// (2.2.1), a Berserk Move's charge (2.4.10, W-30).
    pub fn choice_action(o: &ActivationOutcome, c: Choice) -> Option<RulesAction> {
        let forced = |a| o.forced.contains(&a);
        match c {
            Choice::Stop if forced(RulesAction::KeepMoving) => return Some(RulesAction::Stop),
            Choice::Charge if forced(RulesAction::BerserkMove) => {
                return Some(RulesAction::Charge);
            }
            _ => {}
        }
        Self::rules_actions(c)
            .iter()
            .copied()
            .find(|a| o.allowed.contains(a))
    }

    /// A key after an activation: the unit's one choice (W-27), recorded as
    /// an event the battle checks and applies (Shieldwall left, moving,
    /// pavises lost, a champion, a flight or a Random Move owed next).
    pub(super) fn choose(&mut self, c: Choice) {
        if c == Choice::Charge && self.aggressive_unsaid() {
            // 3.1.2: "If charging, the +1 to activate may be added after
            // the roll is made."
            self.add_aggressive_plus_1();
        }
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        let (unit, reaction) = match r.procedure {
            Procedure::Pursue { unit, .. } if c == Choice::Charge && r.rolled.is_none() => {
                // 2.4.10, 2.6.3: an enemy in charge reach: it charges at once.
                return self.open_pick(PickFor::Charge(unit));
            }
            Procedure::Activation { unit, .. } => (unit, None),
            Procedure::Reaction {
                unit,
                cause,
                purpose,
                ..
            } => (unit, Some((cause, purpose))),
            _ => return,
        };
        let Some(x) = &r.rolled else { return };
        if x.chosen.contains(&c) {
            return self.set_resolve_error("already done".to_string());
        }
        let Some(action) = self.allowed(c) else {
            let (what, sec) = Self::rules_actions(c)[0].describe();
            // 2.4.4, 2.4.7, 2.4.4.2: a unit answering a charge does only its answer.
            let only = match reaction.map(|(_, p)| p) {
                Some(_) if Self::answers(&r.procedure, c) => None,
                Some(Purpose::ShootAtCharger) => Some("it only shoots at the charger (2.4.4)"),
                Some(Purpose::Evade) => {
                    Some("it evades the charge; only a shot at the charger may go with it (2.4.7)")
                }
                Some(Purpose::CounterCharge) => {
                    Some("it counter-charges the charger and does nothing else (2.4.4.2)")
                }
                Some(Purpose::BerserkTest) => Some(
                    "this roll only tests whether it goes Berserk as its enemy breaks (2.6.3); its activation is made (W-27)",
                ),
                _ => None,
            };
            // W-23: a unit that only showers is never offered a shot here.
            let shower = (c == Choice::Shoot)
                .then(|| self.battle.unit(unit))
                .flatten()
                .and_then(|u| may_shoot_in_activation(&u.unit).err());
            return self.set_resolve_error(match (only, shower) {
                (Some(only), _) => format!("{only}: it may not {what}"),
                (None, Some(why)) => why,
                (None, None) => format!(
                    "the activation does not allow this: {what} ({sec}); see what it allows below"
                ),
            });
        };
        let (what, sec) = action.describe();
        if let Some((cause, purpose)) = reaction {
            // A reaction's answer is applied by the battle with its roll (2.4.4.2, 2.4.7).
            let note = match (c, purpose) {
                (Choice::Shoot, Purpose::ShootAtCharger | Purpose::Evade) => {
                    return self.open_shooting(unit, cause, false, false);
                }
                (Choice::Charge, _) => format!(
                    "{what} ({sec}): counter-charges {}; the two meet halfway (2.4.4.2)",
                    self.name(cause)
                ),
                (Choice::Evade, _) => format!(
                    "{what} ({sec}) from {}: {}",
                    self.name(cause),
                    self.battle
                        .unit(unit)
                        .map_or(String::new(), |u| evade_move(&u.unit))
                ),
                _ => return,
            };
            return self.note_choice(c, note);
        }
        let broken = self
            .battle
            .unit(unit)
            .is_some_and(|u| u.unit.morale == Morale::Broken);
        let choice = match c {
            Choice::Charge => return self.open_pick(PickFor::Charge(unit)),
            Choice::Shoot => return self.open_pick(PickFor::Shoot(unit)),
            Choice::ChangeFormation => {
                let Some(u) = self.battle.unit(unit) else {
                    return;
                };
                let pick = FormationPick {
                    unit,
                    // 2.3.1: out of a March Column, a proper line.
                    files: crate::rules::warlords::next::files_offered(&u.unit, u.line_files),
                    pavises: u.unit.pavises_deployed,
                };
                return self.dialogs.push(Dialog::Formation(pick));
            }
            Choice::Evade => RulesChoice::Evade,
            Choice::Move if broken => RulesChoice::StopFleeingAndMove,
            Choice::Move => RulesChoice::Move,
            Choice::Stop if broken => RulesChoice::StopFleeingAndHalt,
            Choice::Stop => RulesChoice::Stop,
            Choice::Wheel => RulesChoice::Wheel,
            Choice::AddChampion => RulesChoice::AddChampion,
            Choice::Flee => RulesChoice::Flee,
        };
        let event = Event::Choose {
            unit,
            choice,
            target: None,
            formation: None,
            files: None,
            pavises: None,
        };
        match self.battle.record(event) {
            Ok(e) => {
                let summary = e.summary.clone();
                let owed = self.battle.state().duties_of(unit);
                let note = if owed == "none" {
                    format!("{what} ({sec}): {summary}")
                } else {
                    format!("{what} ({sec}): next it must: {owed} (Enter)")
                };
                self.note_choice(c, note);
            }
            Err(e) => self.set_resolve_error(e.to_string()),
        }
    }

    /// Notes what a choice did in the open result.
    pub(super) fn note_choice(&mut self, c: Choice, note: String) {
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut()
            && let Some(x) = &mut r.rolled
        {
            x.chosen.push(c);
            x.notes.push(note);
            x.marks.push(self.battle.events().len());
            r.error = None;
        }
    }
}

/// The key of an activation's fact, as its panel shows it.
pub fn fact_key(fact: Fact) -> char {
    match fact {
        Fact::Charging => 'c',
        Fact::EnemyInChargeDistance => 'k',
        Fact::EnemyVisibleAhead => 'v',
        Fact::TacticianInSight => 'x',
        Fact::Fleeing => 'f',
        Fact::ChangingFormation => 'o',
    }
}
