//! The console's state and its one entry point, [`App::update`]: an action
//! in, effects out (save, quit), no I/O. Every change to the battle goes
//! through the battle's events; the console only asks the battle and the
//! rules what things mean and shows it.

mod break_off;
mod duty;
mod fight;

use super::action::{Action, Choice, Fact};
use super::dialog::{
    Correct, Dialog, Field, FormationPick, PickFor, Procedure, Purpose, Resolve, TypeDice,
};
use super::keymap::{self, Context, Key};
use crate::battle::UnitId;
use crate::battle::warlords::{Battle, Correction, Event, Phase, Step};
use crate::dice::{Colour, Dice, DiceCount, SeededDice};
use crate::rules::Side;
use crate::rules::warlords::activation::{
    Action as RulesAction, Activation, ActivationOutcome, ActivationSituation,
};
use crate::rules::warlords::field_defences::ReachDefence;
use crate::rules::warlords::melee::{Melee, MeleeDice};
use crate::rules::warlords::movement::{BreakOff, Flee, RandomMove};
use crate::rules::warlords::next::Choice as RulesChoice;
use crate::rules::warlords::personality::StandLoss;
use crate::rules::warlords::personality::{PersonalityStatus, PersonalityTrait};
use crate::rules::warlords::shooting::Shooting;
use crate::rules::warlords::unit::{Formation, Morale};
use crate::tui::theme::Theme;
use ratatui::crossterm::event::KeyEvent;
use std::cell::Cell;

pub use crate::tui::screen::{Effect, Status};

/// The console's state.
pub struct App {
    /// The battle, the truth about everything but the table's geometry.
    pub battle: Battle,
    /// Herald's dice.
    pub dice: SeededDice,
    /// Colours or not.
    pub theme: Theme,
    /// The battle's name, for the header.
    pub title: String,
    /// The side whose table has the selection.
    pub focus: Side,
    /// The selected unit of each side's table.
    pub selected: [usize; 2],
    /// The referee pressed d: hides the detail pane on a wide screen, shows it on a narrow one.
    pub detail_toggled: bool,
    /// Open dialogs, the top last.
    pub dialogs: Vec<Dialog>,
    /// The latest message.
    pub status: Option<Status>,
    /// Set when the console should close.
    pub quit: bool,
    /// Rows of a table shown at the last draw (for PgUp/PgDn).
    pub page: Cell<usize>,
    /// How far the top panel could scroll at the last draw (0: it all fits).
    pub panel_scroll_max: Cell<u16>,
    /// Why the battle's latest changes are not on disk, while a save fails
    /// (set by the run loop; the status line keeps saying so).
    pub unsaved: Option<String>,
    /// The last draw found the terminal too small to show the battle: no
    /// key records anything then (nobody would see its dice).
    pub too_small: Cell<bool>,
    /// Each unit's contingent, numbered across the side's armies.
    contingent: [Vec<usize>; 2],
    /// Events recorded by the same key as the event before them (a flight
    /// and the parting of its Melee, a correction's fields): their place in
    /// the log and the event, so one `u` takes back the whole step.
    joined: Vec<(usize, Event)>,
}

impl App {
    /// A console on a battle, rolling with `dice`.
    pub fn new(battle: Battle, dice: SeededDice, theme: Theme, title: &str) -> App {
        let mut contingent = [Vec::new(), Vec::new()];
        for side in [Side::A, Side::B] {
            let mut n = 0;
            for army in battle.setup().armies(side) {
                for c in &army.contingents {
                    contingent[side as usize].extend(std::iter::repeat_n(n, c.units.len()));
                    n += 1;
                }
            }
        }
        let mut app = App {
            battle,
            dice,
            theme,
            title: title.to_string(),
            focus: Side::A,
            selected: [0, 0],
            detail_toggled: false,
            dialogs: Vec::new(),
            status: None,
            quit: false,
            page: Cell::new(10),
            panel_scroll_max: Cell::new(u16::MAX),
            unsaved: None,
            too_small: Cell::new(false),
            contingent,
            joined: Vec::new(),
        };
        app.follow_walker();
        app
    }

    /// Where keys go now: the top dialog's context, or the tables.
    pub fn context(&self) -> Context {
        self.dialogs.last().map_or(Context::Tables, Dialog::context)
    }

    /// Handles a key press: looks it up in the keymap and updates.
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        match keymap::lookup(self.context(), Key::of(&ev)) {
            // While the battle cannot be shown, only quitting works.
            Some(a) if self.too_small.get() && !matches!(a, Action::Quit | Action::ForceQuit) => {
                Vec::new()
            }
            Some(a) => self.update(a),
            None => Vec::new(),
        }
    }

    /// The indices of a side's units on the table, the rows of its table
    /// (Dispersed and removed units are in the fled and destroyed list).
    pub fn on_table(&self, side: Side) -> Vec<usize> {
        self.battle
            .units(side)
            .filter(|(_, u)| !u.off_table())
            .map(|(id, _)| id.index)
            .collect()
    }

    /// The selected row of a side's table: the selected unit, or the
    /// nearest on the table when it has left it.
    pub fn selected_index(&self, side: Side) -> Option<usize> {
        let rows = self.on_table(side);
        let want = self.selected[side as usize];
        rows.iter()
            .copied()
            .find(|&i| i >= want)
            .or_else(|| rows.last().copied())
    }

    /// The selected unit's id.
    pub fn selected_id(&self) -> Option<UnitId> {
        let side = self.focus;
        self.selected_index(side).map(|i| UnitId::new(side, i))
    }

    /// Whether a resolution or a correction is open and would be lost by quitting.
    pub fn half_done(&self) -> bool {
        self.dialogs.iter().any(|d| match d {
            Dialog::Resolve(r) => r.rolled.is_none(),
            Dialog::Correct(c) => c.before != c.after,
            Dialog::TypeDice(_)
            | Dialog::Formation(_)
            | Dialog::Pick(_)
            | Dialog::FollowUp { .. }
            | Dialog::FallBack(_)
            | Dialog::HitStands(_) => true,
            _ => false,
        })
    }

    /// Applies one action; returns what the run loop must do.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let before = (self.battle.events().len(), self.battle.undone().len());
        self.act(action);
        let after = (self.battle.events().len(), self.battle.undone().len());
        if !matches!(action, Action::Undo | Action::Redo) && after.0 > before.0 + 1 {
            // One key recorded several events: one step for undo and redo.
            let events = self.battle.events();
            let joined: Vec<(usize, Event)> = (before.0 + 1..after.0)
                .map(|i| (i, events[i].clone()))
                .collect();
            self.joined.retain(|(i, _)| *i <= before.0);
            self.joined.extend(joined);
        }
        let mut effects = Vec::new();
        if before != after || action == Action::ForceQuit {
            effects.push(Effect::Save);
        }
        if self.quit {
            effects.push(Effect::Quit);
        }
        effects
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::ForceQuit | Action::Yes => self.quit = true,
            Action::Quit => {
                if self.half_done() {
                    self.dialogs.push(Dialog::ConfirmQuit);
                } else {
                    self.quit = true;
                }
            }
            Action::No => {
                self.dialogs.pop();
            }
            Action::Help => self.dialogs.push(Dialog::Help { scroll: 0 }),
            Action::Back => self.back(),
            Action::Up => self.move_selection(-1),
            Action::Down => self.move_selection(1),
            Action::PageUp => self.move_selection(-(self.page.get().max(1) as i64)),
            Action::PageDown => self.move_selection(self.page.get().max(1) as i64),
            Action::First if self.context() == Context::Pick => self.field(-10_000),
            Action::Last if self.context() == Context::Pick => self.field(10_000),
            Action::First => self.move_selection(i64::MIN / 2),
            Action::Last => self.move_selection(i64::MAX / 2),
            Action::OtherSide => self.focus = self.focus.other(),
            Action::Detail => self.detail_toggled = !self.detail_toggled,
            Action::Advance => self.advance(),
            Action::ActivateSelected => {
                if let Some(id) = self.selected_id() {
                    self.open_activation(id);
                }
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Correct => {
                if let Some(id) = self.selected_id() {
                    self.open_correction(id);
                }
            }
            Action::Roll if self.context() == Context::Charge => self.charge_enter(),
            Action::Roll => self.roll(None),
            Action::TypeDice => self.open_typing(),
            Action::Toggle(f) => self.toggle(f),
            Action::EvadeFarther => self.evade_by(1),
            Action::EvadeNearer => self.evade_by(-1),
            Action::Choose(c) => self.choose(c),
            Action::FieldUp => self.field(-1),
            Action::FieldDown => self.field(1),
            Action::ValueDown => self.value(-1),
            Action::ValueUp => self.value(1),
            Action::PickFormation(f) => self.pick_formation(f),
            Action::Input(c) => {
                if let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut()
                    && t.text.chars().count() < 80
                {
                    t.text.push(c);
                    t.error = None;
                }
            }
            Action::Backspace => {
                if let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut() {
                    t.text.pop();
                }
            }
            Action::NextStyle => self.next_style(),
            Action::RangeUp => self.range_by(1),
            Action::RangeDown => self.range_by(-1),
            Action::CoverMore(c) => self.cover_by(c, 1),
            Action::CoverLess(c) => self.cover_by(c, -1),
            Action::Answer(a) => self.answer(a),
            Action::Contact(c) => self.contact(c),
            Action::MeleeSide => self.melee_side(),
            Action::MeleeToggle(f) => self.melee_toggle(f),
            Action::NextStep(i) => self.next_step(i),
            Action::OffTable => self.open_pick(PickFor::OffTable),
            Action::Engage => {
                if let Some(id) = self.selected_id() {
                    self.open_pick(PickFor::Engage(id));
                }
            }
            Action::BreakOff => self.open_break_off(),
            Action::NextOpponent => self.next_opponent(),
            Action::OnlySupporting => self.only_supporting(),
            Action::Supports => self.open_supports(),
            Action::Scroll(n) => self.scroll(n),
            Action::ObstacleStands(n) => self.obstacle_by(n),
            Action::Trapped => self.nowhere_to_flee(),
            Action::Calm => self.calm(),
            Action::SetAside => self.set_aside(),
            Action::FollowUp(follows) => self.follow_up(follows),
            Action::Defence => self.open_defence(),
            Action::NextDefence => self.next_defence(),
            Action::HitStands => self.open_hit_stands(),
            Action::Prowess => self.prowess(),
            Action::ToggleLine => self.toggle_line(),
            Action::MoveLine(n) => self.move_line(n),
            Action::FallInto(into) => self.fall_into(into),
            Action::OtherUnit(n) => self.other_unit(n),
            Action::OtherFront => self.other_front(),
            Action::RearStands(n) => self.rear_stands(n),
            Action::FilesBy(n) => self.files_by(n),
            Action::PavisesToggle => self.pavises_toggle(),
            // The run loop suspends Herald itself.
            Action::Suspend => {}
        }
    }

    /// Scrolls the top panel (a resolve panel or the help) by `n` rows.
    fn scroll(&mut self, n: i16) {
        let max = self.panel_scroll_max.get();
        match self.dialogs.last_mut() {
            Some(Dialog::Resolve(r)) => r.scroll = r.scroll.saturating_add_signed(n).min(max),
            Some(Dialog::Help { scroll }) => *scroll = scroll.saturating_add_signed(n),
            _ => {}
        }
    }

    /// Says something in the status line.
    fn say(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: false,
        });
    }

    /// Says why something was refused.
    fn refuse(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: true,
        });
    }

    /// Esc: pops the top dialog; backing out of a forced flight says it is still due.
    fn back(&mut self) {
        match self.dialogs.pop() {
            Some(Dialog::Resolve(r)) => {
                if r.rolled.is_some()
                    && matches!(r.procedure, Procedure::BreakOff { .. })
                    && matches!(
                        self.dialogs.last(),
                        Some(Dialog::Resolve(Resolve {
                            procedure: Procedure::Activation { .. },
                            ..
                        }))
                    )
                {
                    // 2.4.8: the break-off was the activation: its panel goes too.
                    self.dialogs.pop();
                }
                if r.rolled.is_some() {
                    self.follow_walker();
                } else if let Step::Duty(i) = self.battle.next_step() {
                    let d = &self.battle.duties()[i];
                    if d.due.required() {
                        self.refuse(format!(
                            "{} ({}) must still {}: Enter when ready (z in its panel sets it aside)",
                            self.name(d.unit),
                            d.unit,
                            d.due
                        ));
                    }
                }
            }
            Some(_) => {}
            None => self.status = None,
        }
    }

    /// A unit's name.
    pub fn name(&self, id: UnitId) -> String {
        self.battle
            .unit(id)
            .map_or_else(|| id.to_string(), |u| u.unit.name.clone())
    }

    /// Moves the selection in the focused table by `delta` rows, clamped.
    fn move_selection(&mut self, delta: i64) {
        let side = self.focus;
        let rows = self.on_table(side);
        let Some(now) = self.selected_index(side) else {
            return;
        };
        let n = rows.len() as i64;
        let pos = rows.iter().position(|&i| i == now).unwrap_or(0) as i64;
        let at = pos.saturating_add(delta).clamp(0, n - 1);
        self.selected[side as usize] = rows[at as usize];
    }

    /// Selects a unit and focuses its side.
    fn select(&mut self, id: UnitId) {
        self.focus = id.side;
        self.selected[id.side as usize] = id.index;
    }

    /// Points the selection at the unit the sequence wants next.
    fn follow_walker(&mut self) {
        match self.battle.next_step() {
            Step::Activate(id) => {
                let keep = self
                    .selected_id()
                    .is_some_and(|s| self.battle.to_activate(id.side).contains(&s));
                if !keep {
                    self.select(id);
                }
            }
            Step::FightMelee(a, _) => self.select(a),
            _ => {}
        }
    }

    /// Enter: the next step of whatever is on top.
    fn advance(&mut self) {
        match self.context() {
            Context::Tables => self.walk(),
            Context::AfterRoll | Context::MeleeResult => self.finish_resolve(),
            Context::Pick => self.pick(),
            Context::TypeDice => self.submit_typed(),
            Context::Correct => self.apply_correction(),
            Context::FallBack => self.apply_fall_back(),
            Context::HitStands => self.close_hit_stands(),
            Context::Help => {
                self.dialogs.pop();
            }
            _ => {}
        }
    }

    /// The turn walker: does the step of 2.1 the battle is at.
    fn walk(&mut self) {
        match self.battle.next_step() {
            Step::RollInitiative => self
                .dialogs
                .push(Dialog::Resolve(Resolve::new(Procedure::Initiative))),
            Step::Activate(next) => {
                let id = self
                    .selected_id()
                    .filter(|s| self.battle.to_activate(next.side).contains(s))
                    .unwrap_or(next);
                self.open_activation(id);
            }
            Step::EndActivations(_) | Step::EndTurn => {
                let from = self.battle.phase();
                match self.battle.record(Event::NextPhase) {
                    Ok(_) => {
                        let text = match (from, self.battle.phase()) {
                            (Phase::Melee, _) => format!(
                                "turn {} begins: roll for initiative (2.1.1)",
                                self.battle.turn()
                            ),
                            (_, to) => format!("every unit has activated; now {to} (2.1)"),
                        };
                        self.say(text);
                        self.follow_walker();
                    }
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            Step::FightMelee(a, b) => self.open_melee(a, b),
            Step::Duty(i) => self.open_duty(i),
        }
    }

    /// Opens a unit's activation with facts defaulted from the state.
    fn open_activation(&mut self, id: UnitId) {
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
        self.select(id);
        let situation = self.default_situation(id);
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Activation {
                unit: id,
                situation,
            })));
    }

    /// The facts Herald guesses for an activation before the referee toggles them.
    pub fn default_situation(&self, id: UnitId) -> ActivationSituation {
        let Some(u) = self.battle.unit(id) else {
            return ActivationSituation::default();
        };
        let unit = &u.unit;
        let engaged = !self.battle.in_melee_with(id).is_empty();
        let halted = u.halted_this_turn;
        let contingent = self.contingent[id.side as usize].get(id.index).copied();
        let tactician = self
            .battle
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
            });
        ActivationSituation {
            charging: false,
            evading_spans: 0,
            enemy_in_charge_distance: engaged,
            enemy_visible_ahead: true,
            tactician_in_sight: tactician,
            fleeing: unit.morale == Morale::Broken && unit.moving,
            changing_formation: false,
            halted_this_turn: halted,
            in_melee: engaged,
        }
    }

    /// The situation of the open activation, to change.
    fn situation_mut(&mut self) -> Option<&mut ActivationSituation> {
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

    fn toggle(&mut self, fact: Fact) {
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

    fn evade_by(&mut self, delta: i32) {
        if let Some(s) = self.situation_mut() {
            s.evading_spans = s.evading_spans.saturating_add_signed(delta).min(99);
        }
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
            Procedure::Charge { unit, spans, .. } => {
                let u = self.battle.unit(*unit).ok_or("no such unit")?;
                let m = RandomMove { spans: *spans };
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
                let plan = Melee::between(ua, facts_a, ub, facts_b, *rough_ground)
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
            } => {
                let u = &self.battle.unit(*unit).ok_or("no such unit")?.unit;
                let o = opponents.get(*opponent).ok_or("no Melee opponent")?;
                let o = &self.battle.unit(*o).ok_or("no such unit")?.unit;
                let plan = BreakOff::plan(u, o, *supporting).map_err(|e| e.to_string())?;
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

    fn open_typing(&mut self) {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        if r.rolled.is_some() {
            return;
        }
        match self.needs(&r.procedure) {
            Ok(groups) => {
                let typed = vec![Dice::default(); groups.len()];
                let Some(ask) = TypeDice::next_ask(&groups, &typed) else {
                    return self.roll(None);
                };
                self.dialogs.push(Dialog::TypeDice(TypeDice {
                    groups,
                    typed,
                    ask,
                    text: String::new(),
                    error: None,
                }))
            }
            Err(e) => self.set_resolve_error(e),
        }
    }

    /// Enter in the typed-dice field: checks the dice per colour, asks for
    /// the next colour the rules need, and rolls once every die is typed.
    fn submit_typed(&mut self) {
        let n = self.dialogs.len();
        let (Some(Dialog::Resolve(r)), Some(Dialog::TypeDice(t))) = (
            n.checked_sub(2).and_then(|i| self.dialogs.get(i)),
            self.dialogs.last(),
        ) else {
            return;
        };
        let result = typed_dice(t).and_then(|typed| {
            let groups = self.needs_given(&r.procedure, &typed)?;
            for ((who, need), have) in groups.iter().zip(&typed) {
                for (colour, n) in need.per_colour() {
                    let had = have.of(colour).len();
                    if had > n {
                        return Err(format!(
                            "{who} needs {n} {} dice here, but {had} were given",
                            colour.name()
                        ));
                    }
                }
            }
            Ok((groups, typed))
        });
        let Some(Dialog::TypeDice(t)) = self.dialogs.last_mut() else {
            return;
        };
        match result {
            Err(e) => t.error = Some(e),
            Ok((groups, typed)) => match TypeDice::next_ask(&groups, &typed) {
                Some(ask) => {
                    t.groups = groups;
                    t.typed = typed;
                    t.ask = ask;
                    t.text.clear();
                    t.error = None;
                }
                None => {
                    self.dialogs.pop();
                    self.roll(Some(typed));
                }
            },
        }
    }

    fn set_resolve_error(&mut self, e: String) {
        if let Some(Dialog::Resolve(r)) = self.dialogs.last_mut() {
            r.error = Some(e);
        }
    }

    /// Rolls the open resolve panel: with typed dice when given, else Herald's.
    fn roll(&mut self, typed: Option<Vec<Dice>>) {
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return;
        };
        if r.rolled.is_some() {
            return;
        }
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
        let mut typed = typed.unwrap_or_default().into_iter();
        let mut next = || typed.next().unwrap_or_default();
        let event = match &procedure {
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
            } => Event::RandomMove {
                unit: *unit,
                spans: *spans,
                toward: Some(*target),
                dice: next(),
            },
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
            } => Event::BreakOff {
                unit: *unit,
                opponent: opponents.get(*opponent).copied().unwrap_or(*unit),
                supporting: *supporting,
                dice: next(),
            },
        };
        let event = match self.battle.complete(event, &mut self.dice) {
            Ok(e) => e,
            Err(e) => return self.set_resolve_error(e.to_string()),
        };
        let mut rolled = match self.preview(&event) {
            Ok(r) => r,
            Err(e) => return self.set_resolve_error(e),
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
            return self.set_resolve_error(e.to_string());
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

    /// What the rules make of an activation's dice, for showing them (the
    /// battle's fold re-runs the same procedure when it records the event).
    fn activation_outcome(
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

    /// Enter after a roll: the panel closes; what the result left the
    /// battle to do (a flight, a Berserk Move, a shower …) opens next.
    fn finish_resolve(&mut self) {
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
            Step::Activate(id) => format!("next: {} ({id}) activates (Enter)", self.name(id)),
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
        if matches!(r.procedure, Procedure::BreakOff { .. }) {
            return None; // 2.4.8: it moves straight back; nothing else to choose
        }
        Self::choice_action(r.rolled.as_ref()?.activation.as_ref()?, c)
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
    fn choose(&mut self, c: Choice) {
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
            return self.set_resolve_error(format!(
                "the activation does not allow this: {what} ({sec}); see what it allows below"
            ));
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
                    "{what} ({sec}): moves away from {} on the table (2.4.7)",
                    self.name(cause)
                ),
                _ => return,
            };
            return self.note_choice(c, note);
        }
        let broken = self
            .battle
            .unit(unit)
            .is_some_and(|u| u.unit.morale == crate::rules::warlords::unit::Morale::Broken);
        let choice = match c {
            Choice::Charge => return self.open_pick(PickFor::Charge(unit)),
            Choice::Shoot => return self.open_pick(PickFor::Shoot(unit)),
            Choice::ChangeFormation => {
                let Some(u) = self.battle.unit(unit) else {
                    return;
                };
                let pick = FormationPick {
                    unit,
                    files: u.unit.files,
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
            r.error = None;
        }
    }

    /// Records a correction of one unit; the battle checks it.
    fn correct(&mut self, unit: UnitId, correction: Correction) -> Result<(), String> {
        self.battle
            .record(Event::Correct { unit, correction })
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Records the formation change picked (2.3.3), with its front rank and
    /// pavises (3.3.3.4), as the unit's one choice (W-27).
    fn pick_formation(&mut self, f: Formation) {
        let Some(Dialog::Formation(pick)) = self.dialogs.last() else {
            return;
        };
        let pick = *pick;
        let Some(u) = self.battle.unit(pick.unit) else {
            return;
        };
        let files =
            (f != Formation::MarchColumn && pick.files != u.unit.files).then_some(pick.files);
        let pavises = (pick.pavises != u.unit.pavises_deployed).then_some(pick.pavises);
        let event = Event::Choose {
            unit: pick.unit,
            choice: RulesChoice::ChangeFormation,
            target: None,
            formation: Some(f),
            files,
            pavises,
        };
        match self.battle.record(event) {
            Ok(e) => {
                let summary = e.summary.clone();
                self.dialogs.pop();
                self.note_choice(
                    Choice::ChangeFormation,
                    format!("change formation (2.3.3): {summary}"),
                );
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Whether the event at `at` was recorded by the same key as the one before it.
    fn is_joined(&self, at: usize, event: &Event) -> bool {
        self.joined.iter().any(|(i, e)| *i == at && e == event)
    }

    /// Takes back the last step: every event its one key recorded.
    fn undo(&mut self) {
        self.dialogs.clear();
        let mut kinds: Vec<&'static str> = Vec::new();
        loop {
            let at = self.battle.events().len().saturating_sub(1);
            let Some(e) = self.battle.undo() else { break };
            let e = e.clone();
            kinds.push(e.kind());
            if !(at > 0 && self.is_joined(at, &e)) {
                break;
            }
        }
        match kinds.len() {
            0 => self.refuse("nothing to undo"),
            1 => self.say(format!(
                "undone: the last event ({}); U redoes it",
                kinds[0]
            )),
            n => {
                kinds.reverse();
                self.say(format!(
                    "undone: the last step, {n} events ({}); U redoes it",
                    kinds.join(" + ")
                ))
            }
        }
        self.follow_walker();
    }

    /// Applies again the last step taken back, with its recorded dice.
    fn redo(&mut self) {
        self.dialogs.clear();
        let mut summaries: Vec<String> = Vec::new();
        loop {
            match self.battle.redo() {
                Ok(Some(e)) => summaries.push(e.summary.clone()),
                Ok(None) => break,
                Err(e) => {
                    self.refuse(format!("cannot redo: {e}"));
                    return self.follow_walker();
                }
            }
            let at = self.battle.events().len();
            let joined = self
                .battle
                .undone()
                .last()
                .is_some_and(|next| self.is_joined(at, next));
            if !joined {
                break;
            }
        }
        if summaries.is_empty() {
            self.refuse("nothing to redo");
        } else {
            self.say(format!("redone: {}", summaries.join("; ")));
        }
        self.follow_walker();
    }

    /// The correction form's fields for a unit as it stands.
    fn fields(&self, id: UnitId) -> Vec<Field> {
        let Some(u) = self.battle.unit(id) else {
            return Vec::new();
        };
        let x = &u.unit;
        let mut f = vec![
            Field::Morale(x.morale),
            Field::Champions(x.champions),
            Field::Casualties(x.casualties),
            Field::Stands(x.stands),
            Field::Files(x.files),
            Field::Formation(x.formation),
            Field::Moving(x.moving),
            Field::Pavises(x.pavises_deployed),
            Field::Activated(u.activated),
            Field::Removed(u.removed),
        ];
        f.extend(
            x.personalities
                .iter()
                .map(|p| Field::Personality(p.name.clone(), p.status)),
        );
        f
    }

    pub(super) fn open_correction(&mut self, unit: UnitId) {
        let before = self.fields(unit);
        self.dialogs.push(Dialog::Correct(Correct {
            unit,
            after: before.clone(),
            before,
            line: 0,
            error: None,
        }));
    }

    fn field(&mut self, delta: i64) {
        match self.dialogs.last_mut() {
            Some(Dialog::Correct(c)) => {
                let n = c.after.len() as i64;
                c.line = (c.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
            }
            Some(Dialog::Help { scroll }) => {
                *scroll = scroll.saturating_add_signed(delta as i16);
            }
            Some(Dialog::Pick(p)) => {
                let n = p.choices.len() as i64;
                p.line = (p.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
                if let Some(&id) = p.choices.get(p.line)
                    && p.purpose != PickFor::OffTable
                {
                    self.selected[id.side as usize] = id.index;
                }
            }
            _ => {}
        }
    }

    fn value(&mut self, delta: i64) {
        let Some(Dialog::Correct(c)) = self.dialogs.last_mut() else {
            return;
        };
        c.error = None;
        let Some(f) = c.after.get_mut(c.line) else {
            return;
        };
        let num = |n: &mut u32| *n = (i64::from(*n) + delta).clamp(0, 1000) as u32;
        match f {
            Field::Morale(m) => *m = cycle(MORALES, *m, delta),
            Field::Champions(n) | Field::Casualties(n) | Field::Stands(n) | Field::Files(n) => {
                num(n)
            }
            Field::Formation(x) => *x = cycle(FORMATIONS, *x, delta),
            Field::Moving(b) | Field::Pavises(b) | Field::Activated(b) | Field::Removed(b) => {
                *b = !*b
            }
            Field::Personality(_, s) => *s = cycle(STATUSES, *s, delta),
        }
    }

    /// Records every changed field of the correction form, in order.
    fn apply_correction(&mut self) {
        let Some(Dialog::Correct(c)) = self.dialogs.last() else {
            return;
        };
        let unit = c.unit;
        let changes: Vec<Correction> = c
            .before
            .iter()
            .zip(&c.after)
            .filter(|(x, y)| x != y)
            .map(|(_, y)| match y.clone() {
                Field::Morale(m) => Correction::Morale(m),
                Field::Champions(n) => Correction::Champions(n),
                Field::Casualties(n) => Correction::Casualties(n),
                Field::Stands(n) => Correction::Stands(n),
                Field::Files(n) => Correction::Files(n),
                Field::Formation(f) => Correction::Formation(f),
                Field::Moving(b) => Correction::Moving(b),
                Field::Pavises(b) => Correction::Pavises(b),
                Field::Activated(b) => Correction::Activated(b),
                Field::Removed(b) => Correction::Removed(b),
                Field::Personality(name, status) => Correction::Personality { name, status },
            })
            .collect();
        if changes.is_empty() {
            self.dialogs.pop();
            return self.say("nothing changed");
        }
        let n = changes.len();
        for (i, correction) in changes.into_iter().enumerate() {
            if let Err(e) = self.correct(unit, correction) {
                let fields = self.fields(unit);
                if let Some(Dialog::Correct(c)) = self.dialogs.last_mut() {
                    c.error = Some(format!("{e} ({i} of {n} recorded)"));
                    c.before = fields;
                }
                return;
            }
        }
        self.dialogs.pop();
        let name = self.name(unit);
        self.say(format!(
            "corrected {name}: {n} change(s) recorded; u undoes them together"
        ));
        self.follow_walker();
    }
}

/// The dice a typed-dice field holds with what was just typed: bare digits
/// are the colour asked for; `W: 6 6 4  R: 3  Y: 1` names the colours; `|`
/// starts the next group's dice (Melee: side a's, then side b's).
fn typed_dice(t: &TypeDice) -> Result<Vec<Dice>, String> {
    let mut typed = t.typed.clone();
    typed.resize(t.groups.len(), Dice::default());
    let parts: Vec<&str> = t.text.split('|').collect();
    if parts.len() > 1 && parts.len() != t.groups.len() {
        return Err(format!(
            "{} part(s) typed between |, but this roll has {} group(s) of dice",
            parts.len(),
            t.groups.len()
        ));
    }
    for (p, part) in parts.iter().enumerate() {
        let (dice, labelled) = read_colours(part, t.ask.colour)?;
        if !labelled && parts.len() == 1 && dice.of(t.ask.colour).len() != t.ask.count {
            let who = t
                .ask
                .group
                .and_then(|g| t.groups.get(g))
                .map_or(String::new(), |(w, _)| format!(" for {w}"));
            return Err(format!(
                "this roll needs {} {} dice{who} now, but {} were given",
                t.ask.count,
                t.ask.colour.name(),
                dice.of(t.ask.colour).len()
            ));
        }
        let group = if parts.len() > 1 {
            Some(p)
        } else {
            t.ask.group
        };
        match group {
            Some(g) => {
                for c in [Colour::White, Colour::Red, Colour::Yellow] {
                    typed[g].of_mut(c).extend_from_slice(dice.of(c));
                }
            }
            None => {
                // Every group's white dice in order; red and yellow go to the
                // one group that needs them.
                let mut white = dice.white.as_slice();
                for (g, (_, need)) in t.groups.iter().enumerate() {
                    let take = need.white.min(white.len());
                    let (mine, rest) = white.split_at(take);
                    typed[g].white.extend_from_slice(mine);
                    white = rest;
                }
                // Too many: the last group holds them, and the count check refuses.
                typed[t.groups.len() - 1].white.extend_from_slice(white);
                for c in [Colour::Red, Colour::Yellow] {
                    if dice.of(c).is_empty() {
                        continue;
                    }
                    let wanting: Vec<usize> = (0..t.groups.len())
                        .filter(|&g| t.groups[g].1.of(c) > 0)
                        .collect();
                    match wanting.as_slice() {
                        [g] => typed[*g].of_mut(c).extend_from_slice(dice.of(c)),
                        _ => {
                            return Err(format!(
                                "more than one side may need {} dice: type each side's dice apart, e.g. W: 6 6 R: 3 | W: 5 4 R: 2",
                                c.name()
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(typed)
}

/// Reads typed faces, `W`/`R`/`Y` switching the colour (bare digits are
/// `colour`); also says whether any colour was named.
fn read_colours(text: &str, colour: Colour) -> Result<(Dice, bool), String> {
    let mut dice = Dice::default();
    let mut now = colour;
    let mut labelled = false;
    for ch in text.chars() {
        match ch.to_ascii_lowercase() {
            'w' | 'r' | 'y' => {
                labelled = true;
                now = match ch.to_ascii_lowercase() {
                    'w' => Colour::White,
                    'r' => Colour::Red,
                    _ => Colour::Yellow,
                };
            }
            ' ' | ',' | ':' => {}
            d if d.is_ascii_digit() => {
                let v = d.to_digit(10).unwrap_or(0) as u8;
                let die = crate::dice::Die::new(v).ok_or_else(|| {
                    format!("'{v}' is not a die: a {} die shows 1 to 6", now.name())
                })?;
                dice.of_mut(now).push(die);
            }
            other => {
                return Err(format!(
                    "'{other}' is not a die: type faces 1 to 6 (4 3 6 or 436), colours as W: R: Y:"
                ));
            }
        }
    }
    Ok((dice, labelled))
}

const MORALES: &[Morale] = &[
    Morale::Berserk,
    Morale::Ready,
    Morale::Worn,
    Morale::Broken,
    Morale::Dispersed,
];

const FORMATIONS: &[Formation] = &[
    Formation::Line,
    Formation::MarchColumn,
    Formation::Shieldwall,
    Formation::Wedge,
    Formation::Hedgehog,
    Formation::Unformed,
];

const STATUSES: &[PersonalityStatus] = &[
    PersonalityStatus::Active,
    PersonalityStatus::Wounded,
    PersonalityStatus::Captured,
    PersonalityStatus::Killed,
    PersonalityStatus::Escaped,
];

/// The next (or previous) value of a list, wrapping.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, delta: i64) -> T {
    let i = all.iter().position(|x| *x == now).unwrap_or(0) as i64;
    let n = all.len() as i64;
    all[(i + delta).rem_euclid(n) as usize]
}
