//! The Warlord I console: its state and update (`app`), its table of keys
//! (`keymap`) and its widgets (`view`): the unit tables with Warlord I's
//! columns, the walker over Rule 25's steps, each procedure's panel with
//! the facts of the table, the exact odds, the dice and the result.

pub mod app;
pub mod keymap;
pub mod view;

use crate::battle::warlord_i::{Battle, WarlordI};
use crate::dice::SeedPosition;
use crate::tui::keys::Key;
use crate::tui::screen::{Effect, Screen, Status};
use crate::tui::theme::Theme;
use app::App;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

impl Screen for App {
    type System = WarlordI;

    fn battle(&self) -> &Battle {
        &self.battle
    }

    fn battle_mut(&mut self) -> &mut Battle {
        &mut self.battle
    }

    fn dice_position(&self) -> SeedPosition {
        self.dice.position()
    }

    fn theme(&self) -> Theme {
        self.theme
    }

    fn claims(&self) -> Vec<crate::tui::screen::Claim> {
        self.panel
            .as_ref()
            .and_then(|p| p.result.as_ref())
            .map(crate::tui::screen::entry_claims)
            .unwrap_or_default()
    }

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    /// The open panel before its record, saying nothing against it: not
    /// once it has recorded, nor while a player's choice is pending, nor
    /// while it says why it is refused (`refused: …` on opening, issue 21).
    fn offered_roll(&self) -> Option<crate::battle::warlord_i::Event> {
        let p = self.panel.as_ref()?;
        let silent = p.result.is_none() && p.pending.is_none() && p.error.is_none();
        silent.then(|| p.event.clone())
    }

    /// The walker's `Enter ›` line (`next_words`): the step of Rule 25 the
    /// battle is at (a charge not brought to contact is listed beside it,
    /// the referee's to leave: WI-23).
    fn walker_owes(&self) -> Vec<crate::battle::Owed> {
        vec![crate::battle::warlord_i::State::owed_step(
            self.battle.next_step(),
        )]
    }

    fn suspends(&self, ev: &KeyEvent) -> bool {
        keymap::lookup(self.context(), Key::of(ev)) == Some(keymap::Action::Suspend)
    }

    fn tell(&mut self, status: Status) {
        self.status = Some(status);
    }

    fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    fn set_unsaved(&mut self, why: Option<String>) {
        self.unsaved = why;
    }

    fn hold_quit(&mut self) {
        self.quit = false;
    }

    fn resized(&self, width: u16, height: u16) {
        self.too_small
            .set(width < view::MIN_WIDTH || height < view::MIN_HEIGHT);
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}
