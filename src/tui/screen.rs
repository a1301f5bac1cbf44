//! What a rule system's console gives the shell. The shell (`tui::run`,
//! `tui::console`) reads keys, draws, saves after every step and asks what
//! to do when a save fails, the same for every system; a system's console
//! (`tui::warlords::app::App`) holds its battle, its dialogs and its keys,
//! and draws itself.

use super::theme::Theme;
use crate::battle::{Battle, Owed, RuleSystem};
use crate::dice::SeedPosition;
use crate::store::save::SaveCodec;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

/// The smallest terminal a console draws in.
pub const MIN_WIDTH: u16 = 80;

/// The smallest terminal height a console draws in.
pub const MIN_HEIGHT: u16 = 24;

/// What the shell must do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write the battle to its save file (an event was recorded, undone or redone).
    Save,
    /// Leave the console.
    Quit,
    /// Open the log browser over the battle (`tui::log_browser`).
    OpenLog,
    /// Open the course of the battle over it (`tui::course_view`).
    OpenCourse,
}

/// A line for the referee: what just happened, or why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The words.
    pub text: String,
    /// Whether it is a refusal.
    pub error: bool,
}

/// A line a result panel shows that says what recorded events did (issue
/// 36): the machine's checks replay the battle's events and find each one
/// held by them, so no screen claims an effect no event holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// An event with this summary, exactly as the log gives it.
    Summary(String),
    /// A change an event made, in the log's words (`Effect::text`).
    Change(String),
    /// A line of a Warlords result (`✓ …`, `changed: …`, `… LOSES …`, a
    /// morale step), about these units (their names, the acting one first).
    Line {
        /// The line.
        line: String,
        /// The units the panel is about.
        about: Vec<String>,
    },
}

/// A rule system's console, as the shell drives it.
pub trait Screen {
    /// The rule system of its battle.
    type System: SaveCodec;

    /// The battle.
    fn battle(&self) -> &Battle<Self::System>;

    /// The battle, for the shell to save its changes.
    fn battle_mut(&mut self) -> &mut Battle<Self::System>;

    /// Where Herald's dice stand (saved with each commit).
    fn dice_position(&self) -> SeedPosition;

    /// Colours or not.
    fn theme(&self) -> Theme;

    /// Handles a key press; says what the shell must do.
    fn key(&mut self, ev: KeyEvent) -> Vec<Effect>;

    /// Whether this key suspends Herald where the referee is now: Ctrl-Z
    /// unless a console's keymap says otherwise.
    fn suspends(&self, ev: &KeyEvent) -> bool {
        ev.code == KeyCode::Char('z') && ev.modifiers.contains(KeyModifiers::CONTROL)
    }

    /// Tells the referee something on the status line.
    fn tell(&mut self, status: Status);

    /// Why the battle's latest changes are not on disk while a save fails
    /// (the status line keeps saying so), or `None` once they are.
    fn unsaved(&self) -> Option<&str>;

    /// Sets or clears why the latest changes are not on disk.
    fn set_unsaved(&mut self, why: Option<String>);

    /// A quit the referee asked for is held back (a save failed first).
    fn hold_quit(&mut self);

    /// The terminal's size now: below what the console needs, no key may
    /// record anything (nobody would see its dice).
    fn resized(&self, width: u16, height: u16);

    /// Draws the whole screen.
    fn draw(&self, area: Rect, buf: &mut Buffer);

    /// What the open result panel claims recorded events did, line by
    /// line as it shows them; none when no result is shown.
    fn claims(&self) -> Vec<Claim> {
        Vec::new()
    }

    /// The choice an open panel offers to roll, its odds and a roll key on
    /// screen: the event it would record, its facts as they stand and its
    /// dice not yet rolled (issue 36). None when no such panel is open, or
    /// when the panel says why the battle refuses it instead of its odds
    /// (issue 21: said first). The battle's `check` must not refuse it.
    fn offered_roll(&self) -> Option<<Self::System as RuleSystem>::Event>;

    /// The steps the walker's lines name as owed (what Enter does next,
    /// and the owed steps it lists), first due first, as the battle's
    /// `RuleSystem::owed` names them (issue 36): each must be the step the
    /// battle owes in its place, and the walker names one whenever the
    /// battle owes one.
    fn walker_owes(&self) -> Vec<Owed>;
}

/// The claims of a result panel that shows an entry: its summary and each
/// change it lists.
pub fn entry_claims<P>(entry: &crate::battle::Entry<P>) -> Vec<Claim> {
    std::iter::once(Claim::Summary(entry.summary.clone()))
        .chain(entry.effects.iter().map(|e| Claim::Change(e.text.clone())))
        .collect()
}

/// The claims of a console that shows the last event's entry as its
/// result (its `last:` line, its rolls and explanation).
pub fn last_entry_claims<S: crate::battle::RuleSystem>(battle: &Battle<S>) -> Vec<Claim> {
    let last = battle.events().len().checked_sub(1);
    last.and_then(|i| battle.entry(i))
        .map(|e| entry_claims(&e))
        .unwrap_or_default()
}
