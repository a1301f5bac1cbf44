//! The console's state and its one entry point, [`App::update`]: an action
//! in, effects out (save, quit), no I/O. Every change to the battle goes
//! through the battle's events; the console only asks the battle and the
//! rules what things mean and shows it.

mod activation;
mod break_off;
mod correct;
mod duty;
mod fight;
mod note;
mod pick;
mod typing;
mod undo;
mod walker;

use super::action::Action;
use super::dialog::{Dialog, PickFor, Procedure, Resolve};
use super::keymap::{self, Context, Key};
use crate::battle::UnitId;
use crate::battle::warlords::{Battle, Event, Step};
use crate::dice::SeededDice;
use crate::rules::Side;
use crate::tui::theme::Theme;
use ratatui::crossterm::event::KeyEvent;
use std::cell::Cell;

pub use crate::tui::screen::{Effect, Status};
pub use correct::field_key;

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
    /// The digits of a unit's number typed on the tables so far.
    jump: String,
    /// Each unit's contingent, numbered across the side's armies.
    contingent: [Vec<usize>; 2],
    /// Events recorded by the same key as the event before them (a flight
    /// and the parting of its Melee, a correction's fields): their place in
    /// the log and the event, so one `u` takes back the whole step.
    joined: Vec<(usize, Event)>,
    /// Where the cursor stood before each step taken back and not yet
    /// redone: redo puts it back there, so undo then redo changes nothing.
    cursor_before_undo: Vec<(Side, [usize; 2])>,
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
            jump: String::new(),
            contingent,
            joined: Vec::new(),
            cursor_before_undo: Vec::new(),
        };
        app.follow_walker();
        app.resume_charge();
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
            Some(a) => {
                if !matches!(a, Action::Jump(_)) {
                    self.jump.clear();
                }
                self.update(a)
            }
            None => Vec::new(),
        }
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
            | Dialog::SupportEdge { .. }
            | Dialog::FallBack(_)
            | Dialog::LostStand(_)
            | Dialog::HitStands(_) => true,
            Dialog::Note { text, .. } => !text.is_empty(),
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
            Action::Reference => {
                if let Some(unit) = self.selected_id() {
                    self.dialogs.push(Dialog::Reference { unit, scroll: 0 });
                }
            }
            // The shell opens the log browser (Effect::OpenLog) and the
            // course of the battle (Effect::OpenCourse).
            Action::Log | Action::Course => {}
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
            Action::Input(c) if self.context() == Context::Note => self.note_input(c),
            Action::Input(c) => self.type_face(c),
            Action::NoteUnit => {
                if let Some(id) = self.selected_id() {
                    self.open_note(Some(id));
                }
            }
            Action::NoteTurn => self.open_note(None),
            Action::Summary => self.open_summary(self.battle.turn()),
            Action::GoTo => self.open_go_to(),
            Action::Jump(c) if self.context() == Context::Pick => self.pick_typed(c),
            Action::Jump(c) if self.asking_rear_stands() => self.rear_stands_typed(c),
            Action::Jump(c) if self.context() == Context::FallBack => self.fall_back_typed(c),
            Action::Jump(c) if self.context() == Context::Correct => self.field_key(c),
            Action::Jump(c) => self.jump_typed(c),
            Action::Backspace => match self.dialogs.last_mut() {
                Some(Dialog::TypeDice(t)) => {
                    t.text.pop();
                }
                Some(Dialog::Note { text, .. }) => {
                    text.pop();
                }
                _ => {}
            },
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
            // W-26: "a Ready one chooses (the referee says)": no default.
            Action::FollowUpUnanswered => self.refuse(
                "the player chooses whether it follows up (2.6.3, W-26): y follows up, n stays; Enter answers nothing",
            ),
            Action::SupportEdge(edge) => self.support_edge(edge),
            Action::JoinAsOpponent => self.join_as_opponent(),
            Action::Defence => self.open_defence(),
            Action::NextDefence => self.next_defence(),
            Action::HitStands => self.open_hit_stands(),
            Action::Prowess => self.prowess(),
            Action::ToggleLine => self.toggle_line(),
            Action::MoveLine(n) => self.move_line(n),
            Action::FallInto(into) => self.fall_into(into),
            Action::NobodyInStand => self.nobody_in_stand(),
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
            Some(Dialog::Help { scroll } | Dialog::Reference { scroll, .. }) => {
                *scroll = scroll.saturating_add_signed(n)
            }
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
                if let (Procedure::Reaction { .. }, Some(x)) = (&r.procedure, &r.rolled)
                    && matches!(
                        self.dialogs.last(),
                        Some(Dialog::Resolve(Resolve {
                            procedure: Procedure::Charge { .. },
                            ..
                        }))
                    )
                {
                    // 2.4.4: a reaction rolled is the target's answer (or a
                    // shot) however its panel closes; the charge's panel
                    // holds it, and offers no other answer.
                    self.hand_back(&r.procedure, x);
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
}
