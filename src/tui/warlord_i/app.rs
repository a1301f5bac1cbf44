//! The Warlord I console's state and its one entry point, [`App::update`]:
//! an action in, effects out (save, quit), no I/O. Every change to the
//! battle is one of its events; the console prepares the event with the
//! referee (the facts of the table), shows what the battle's plans and the
//! exact odds say, rolls or takes the players' dice, and records it.

pub mod facts;
mod panel;

pub use panel::{Panel, dice_needed, refusal};

use super::keymap::{self, Action, Context};
use crate::battle::UnitId;
use crate::battle::warlord_i::{Battle, Event, Step};
use crate::dice::SeededDice;
use crate::rules::Side;
use crate::tui::facts::Input;
use crate::tui::keys::Key;
use crate::tui::theme::Theme;
use ratatui::crossterm::event::KeyEvent;
use std::cell::Cell;

pub use crate::tui::screen::{Effect, Status};

/// The console's state.
pub struct App {
    /// The battle: the truth about everything but the table's geometry (WI-23).
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
    /// The procedure's panel, when one is open.
    pub panel: Option<Panel>,
    /// The help is open.
    pub help: bool,
    /// How far the help is scrolled.
    pub help_scroll: u16,
    /// The latest message.
    pub status: Option<Status>,
    /// Set when the console should close.
    pub quit: bool,
    /// The unit number typed on the tables so far (`1`, then `10`).
    jump: String,
    /// Why the battle's latest changes are not on disk, while a save fails.
    pub unsaved: Option<String>,
    /// The last draw found the terminal too small: no key records anything.
    pub too_small: Cell<bool>,
    /// Where the cursor stood before each undo not yet redone: redo gives
    /// the event and the referee's cursor back together.
    undone_at: Vec<(Side, [usize; 2])>,
}

impl App {
    /// A console on a battle, rolling with `dice`.
    pub fn new(battle: Battle, dice: SeededDice, theme: Theme, title: &str) -> App {
        let mut app = App {
            battle,
            dice,
            theme,
            title: title.to_string(),
            focus: Side::A,
            selected: [0, 0],
            panel: None,
            help: false,
            help_scroll: 0,
            status: None,
            quit: false,
            jump: String::new(),
            undone_at: Vec::new(),
            unsaved: None,
            too_small: Cell::new(false),
        };
        app.follow_walker();
        app
    }

    /// Where keys go now.
    pub fn context(&self) -> Context {
        if self.help {
            return Context::Help;
        }
        match &self.panel {
            None => Context::Tables,
            Some(p) => p.context(),
        }
    }

    /// Handles a key press: looks it up in the keymap and updates. On a
    /// result, a key of the tables the result does not take closes it and
    /// acts on the tables (the result stays a key away: `r`).
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        let key = Key::of(&ev);
        if self.context() == Context::Result
            && keymap::lookup(Context::Result, key).is_none()
            && keymap::lookup(Context::Tables, key).is_some()
            && !self.too_small.get()
        {
            self.back();
        }
        match keymap::lookup(self.context(), key) {
            // While the battle cannot be shown, only quitting works.
            Some(a) if self.too_small.get() && !matches!(a, Action::Quit | Action::ForceQuit) => {
                Vec::new()
            }
            Some(a) => {
                if !matches!(a, Action::Jump(_)) {
                    self.jump.clear();
                }
                self.update(a)
            }
            None => Vec::new(),
        }
    }

    /// Applies one action; returns what the run loop must do.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let before = (self.battle.events().len(), self.battle.undone().len());
        self.act(action);
        let after = (self.battle.events().len(), self.battle.undone().len());
        let mut effects = Vec::new();
        if before != after || action == Action::ForceQuit {
            effects.push(Effect::Save);
        }
        if self.quit {
            effects.push(Effect::Quit);
        }
        if action == Action::Log {
            effects.push(Effect::OpenLog);
        }
        if action == Action::Course {
            effects.push(Effect::OpenCourse);
        }
        effects
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Quit | Action::ForceQuit => self.quit = true,
            Action::Suspend => {}
            Action::Help => {
                self.help = true;
                self.help_scroll = 0;
            }
            Action::Up if self.help => self.help_scroll = self.help_scroll.saturating_sub(1),
            Action::Down if self.help => self.help_scroll = (self.help_scroll + 1).min(60),
            Action::Back => self.back(),
            Action::Next => self.next_after_result(),
            Action::Moves(m) => self.choose_order(m),
            Action::Fight => self.fight_selected(),
            Action::Up | Action::Down if self.context() == Context::Result => {
                if let Some(p) = &mut self.panel {
                    p.scroll = if action == Action::Up {
                        p.scroll.saturating_sub(1)
                    } else {
                        (p.scroll + 1).min(200)
                    };
                }
            }
            Action::LastResult => self.last_result(),
            Action::Jump(c) => self.jump_typed(c),
            Action::Up if self.panel.is_some() => self.fact(Input::Up),
            Action::Down if self.panel.is_some() => self.fact(Input::Down),
            Action::Up => self.move_selection(-1),
            Action::Down => self.move_selection(1),
            Action::First => self.move_selection(i64::MIN / 2),
            Action::Last => self.move_selection(i64::MAX / 2),
            Action::OtherSide => self.focus = self.focus.other(),
            Action::Advance => self.advance(),
            // The shell opens the log browser (Effect::OpenLog) and the
            // course of the battle (Effect::OpenCourse).
            Action::Log | Action::Course => {}
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Command
            | Action::Initiative
            | Action::Enter
            | Action::Shoot
            | Action::Flag
            | Action::Attrition
            | Action::Rout
            | Action::Engage
            | Action::Correct
            | Action::CorrectCo => self.open_for_selected(action),
            Action::SetAside | Action::Disengage => self.table_event(action),
            Action::Attach => self.attach(),
            Action::GoTo => {
                self.panel = Some(Panel::new(Event::GoTo {
                    turn: self.battle.turn(),
                    phase: self.battle.phase(),
                }));
            }
            Action::Roll => self.roll(),
            Action::TypeDice => self.open_typing(),
            Action::More => self.fact(Input::More),
            Action::Less => self.fact(Input::Less),
            Action::Input(c) => self.input(Some(c)),
            Action::Backspace => self.input(None),
            Action::Respond(r) => self.respond(r),
        }
    }

    /// Says something in the status line.
    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: false,
        });
    }

    /// Says why something was refused.
    pub(crate) fn refuse(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: true,
        });
    }

    /// Esc: closes the help, a typing line, or the panel.
    fn back(&mut self) {
        if self.help {
            self.help = false;
            return;
        }
        let Some(p) = &mut self.panel else {
            self.status = None;
            return;
        };
        if let Some((e, _)) = &p.pending {
            // Rule 76, WI-20; Rule 26, WI-3: the dice are thrown; the player must answer.
            let why = match e {
                Event::OrderOfPlay { .. } => {
                    "the dice are thrown: the winner chooses f to move first or s second (WI-3)"
                }
                _ => {
                    "the dice are thrown: the losing player chooses r retreat, w waver or s surrender (WI-20)"
                }
            };
            return self.refuse(why);
        }
        if p.typing.is_some() && p.result.is_none() {
            p.typing = None;
            return;
        }
        let done = p.result.is_some();
        self.panel = None;
        if done {
            self.follow_walker();
        }
    }

    /// A unit's name and id, `Gallic horse (a6)`.
    pub fn name(&self, id: UnitId) -> String {
        self.battle
            .unit(id)
            .map_or_else(|| id.to_string(), |u| format!("{} ({id})", u.unit.name))
    }

    /// The selected unit.
    pub fn selected_id(&self) -> Option<UnitId> {
        let n = self.battle.units(self.focus).count();
        let i = self.selected[self.focus as usize];
        (i < n).then(|| UnitId::new(self.focus, i))
    }

    fn move_selection(&mut self, by: i64) {
        let n = self.battle.units(self.focus).count() as i64;
        if n == 0 {
            return;
        }
        let s = &mut self.selected[self.focus as usize];
        *s = (*s as i64).saturating_add(by).clamp(0, n - 1) as usize;
    }

    /// Selects the unit the walker's next step is about.
    pub(crate) fn follow_walker(&mut self) {
        let unit = match self.battle.next_step() {
            Step::Fugitives(u) | Step::WaverTest(u) | Step::FightMelee(u, _) => Some(u),
            Step::CommandTest(co) | Step::GeneralRisk(co) => self
                .battle
                .units(co.side)
                .find(|(_, u)| u.division == co.index && !u.off_table())
                .map(|(id, _)| id),
            _ => None,
        };
        if let Some(u) = unit {
            self.focus = u.side;
            self.selected[u.side as usize] = u.index;
        }
    }

    /// Whether the walker's next step is a procedure with a panel (a
    /// test, a roll, the friends of a disaster), not the end of a step.
    fn walker_owes_a_panel(&self) -> bool {
        !matches!(
            self.battle.next_step(),
            Step::EndCommand(_)
                | Step::EndShooting
                | Step::EndWaverTests
                | Step::EndCharges
                | Step::EndMelees
                | Step::EndMove
        )
    }

    /// Enter on the tables: the next step of Rule 25, in its panel, or on
    /// to the next step when this one is done, and then that step's first
    /// procedure in its panel, if it owes one.
    fn advance(&mut self) {
        if self.walker_owes_a_panel() {
            let event = self.battle.suggest();
            return self.open(event);
        }
        match self.battle.record(Event::NextPhase) {
            Ok(entry) => {
                let text = entry.summary.clone();
                self.say(text);
                self.follow_walker();
                if self.walker_owes_a_panel() {
                    let event = self.battle.suggest();
                    self.open(event);
                }
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Enter on a result: it closes, and the walker's next procedure opens
    /// when the Move owes one (the next command test, waver test, melee);
    /// at the end of a step the tables show, for the referee's own moves.
    fn next_after_result(&mut self) {
        let commanded = matches!(
            self.panel.as_ref().map(|p| &p.event),
            Some(Event::Command { .. })
        );
        self.back();
        // Rule 25 steps 2-3, WI-9: the side's units are commanded first (a
        // rally speeds recuperation): its recuperation opens after a
        // command, else from the tables (Enter).
        if !commanded && matches!(self.battle.next_step(), Step::Recuperation(_)) {
            return;
        }
        if self.panel.is_none() && self.walker_owes_a_panel() {
            let event = self.battle.suggest();
            self.open(event);
        }
    }

    /// `m`: the selected unit fights its next pair not fought this Move
    /// (Rule 76): the referee's order, when a unit has two enemies (WI-H2).
    fn fight_selected(&mut self) {
        let Some(unit) = self.selected_id() else {
            return self.refuse("no unit is selected");
        };
        let foe = self.battle.in_melee_with(unit).into_iter().find(|f| {
            self.battle
                .engagement(unit, *f)
                .is_some_and(|e| !e.fought_this_move)
        });
        let Some(foe) = foe else {
            return self.refuse(format!(
                "{} has no melee still to fight this Move (Rule 76)",
                self.name(unit)
            ));
        };
        let (a, b) = match self.battle.engagement(unit, foe) {
            Some(e) => (e.a, e.b),
            None => (unit, foe),
        };
        let event = Event::Melee {
            a,
            b,
            facts_a: self.battle.melee_facts(a, b),
            facts_b: self.battle.melee_facts(b, a),
            simultaneous: self.battle.melees_at_once(),
            dice: Default::default(),
        };
        self.open(event);
    }

    /// A key on the tables opens its procedure for the selected unit.
    fn open_for_selected(&mut self, action: Action) {
        use crate::battle::warlord_i::{CommandFacts, WaverCause};
        use crate::dice::Dice;
        let Some(unit) = self.selected_id() else {
            return self.refuse("no unit is selected");
        };
        let enemy = facts::enemies(&self.battle, unit.side).first().copied();
        let event = match action {
            Action::Command => {
                let Some(co) = self.battle.division_of(unit) else {
                    return;
                };
                Event::Command {
                    unit,
                    co,
                    application: crate::battle::warlord_i::Application::Normal,
                    target: None,
                    facts: CommandFacts::default(),
                }
            }
            Action::Initiative => Event::Initiative {
                unit,
                co_activity: Vec::new(),
                facts: CommandFacts::default(),
                dice: Dice::default(),
            },
            Action::Enter => Event::EnterField {
                unit,
                facts: Default::default(),
                dice: Dice::default(),
            },
            Action::Shoot => {
                let Some(target) = enemy else {
                    return self.refuse("no enemy is on the table to shoot at");
                };
                Event::Shooting {
                    shooter: unit,
                    target,
                    situation: Default::default(),
                    dice: Dice::default(),
                }
            }
            Action::Flag => Event::Flag {
                unit,
                cause: WaverCause::Disaster,
            },
            Action::Rout => Event::Rout {
                unit,
                cause: crate::battle::warlord_i::RoutCause::Interpenetrated,
                bases_in_contact: 0,
            },
            Action::Attrition => Event::Attrition {
                unit,
                gains: Default::default(),
            },
            Action::Correct => {
                let Some(u) = self.battle.unit(unit) else {
                    return;
                };
                Event::Correct {
                    unit,
                    correction: crate::battle::warlord_i::Correction::Morale(u.unit.morale),
                }
            }
            Action::CorrectCo => {
                // The CO with the unit, else its division's CO.
                let Some(co) = self
                    .battle
                    .general_with(unit)
                    .or_else(|| self.battle.division_of(unit))
                else {
                    return self.refuse(format!("{} has no CO", self.name(unit)));
                };
                let Some(c) = self.battle.co(co) else {
                    return;
                };
                Event::CorrectCo {
                    co,
                    correction: crate::battle::warlord_i::CoCorrection::Status(c.co.status),
                }
            }
            Action::Engage => {
                // The declared target, then a unit in contact (Rules 63-76, WI-23).
                let Some(b) = self.battle.opponent_of(unit).or(enemy) else {
                    return self.refuse("no enemy is on the table to meet in melee");
                };
                Event::Engage { a: unit, b }
            }
            _ => return,
        };
        self.open(event);
    }

    /// `z` sets aside the selected unit's flagged waver test; `b` parts it
    /// from its (first) opponent in melee: facts of the table, no dice.
    fn table_event(&mut self, action: Action) {
        let Some(unit) = self.selected_id() else {
            return;
        };
        let event = match action {
            Action::SetAside => Event::Dismiss { unit },
            _ => match self.battle.in_melee_with(unit).first() {
                Some(&b) => Event::Disengage { a: unit, b },
                None => return self.refuse(format!("{} is in no melee", self.name(unit))),
            },
        };
        match self.battle.record(event) {
            Ok(entry) => {
                let text = entry.summary.clone();
                self.say(text);
                self.follow_walker();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// `g`: the division's CO joins the selected unit, or leaves it.
    fn attach(&mut self) {
        let Some(unit) = self.selected_id() else {
            return;
        };
        let Some(co) = self.battle.division_of(unit) else {
            return;
        };
        let with = self.battle.co(co).and_then(|c| c.with);
        let event = Event::Attach {
            co,
            unit: if with == Some(unit) { None } else { Some(unit) },
        };
        match self.battle.record(event) {
            Ok(entry) => {
                let text = entry.summary.clone();
                self.say(text);
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// `A`/`B` takes a side's table; digits select its unit by number,
    /// `1` then `0` going on to the 10th where there is one.
    fn jump_typed(&mut self, c: char) {
        let side = match c {
            'A' => Some(Side::A),
            'B' => Some(Side::B),
            _ => None,
        };
        if let Some(side) = side {
            self.focus = side;
            self.jump.clear();
            return;
        }
        let n = self.battle.units(self.focus).count();
        let longer = format!("{}{c}", self.jump);
        let typed = match longer.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => longer,
            _ => c.to_string(),
        };
        match typed.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => {
                self.selected[self.focus as usize] = k - 1;
                self.jump = typed;
                self.status = None;
            }
            _ => {
                self.jump.clear();
                let side = self.focus.name();
                self.refuse(format!("{side}{c}: no such unit on side {side}'s table"));
            }
        }
    }

    /// `r`: the last event's result again, with what changed and why
    /// (a step recorded from the tables shows only its summary line).
    fn last_result(&mut self) {
        let (Some(event), Some(entry)) = (
            self.battle.events().last().cloned(),
            self.battle.last_entry().cloned(),
        ) else {
            return self.refuse("nothing is recorded yet");
        };
        let mut p = Panel::new(event);
        p.result = Some(entry);
        self.panel = Some(p);
    }

    /// Takes back the last event.
    fn undo(&mut self) {
        self.panel = None;
        let at = (self.focus, self.selected);
        match self.battle.undo_named() {
            Some(said) => {
                self.undone_at.push(at);
                self.say(format!("undone: {said}; U redoes it"))
            }
            None => self.refuse("nothing to undo"),
        }
        self.follow_walker();
    }

    /// Applies again the last event taken back, with its recorded dice.
    fn redo(&mut self) {
        self.panel = None;
        match self.battle.redo() {
            Ok(Some(entry)) => {
                let text = format!("redone: {}", entry.summary);
                self.say(text);
                // the battle as it was before the undo, and the cursor with it
                // (the monkey's seed 37: the walker's unit was a10, the referee's a9)
                if let Some((focus, selected)) = self.undone_at.pop() {
                    self.focus = focus;
                    self.selected = selected;
                    return;
                }
            }
            Ok(None) => self.refuse("nothing to redo"),
            Err(e) => self.refuse(format!("cannot redo: {e}")),
        }
        self.follow_walker();
    }
}
