//! The Warlords console: its state and update (`app`), the vocabulary of
//! its actions (`action`), its dialogs (`dialog`), its table of keys
//! (`keymap`) and its widgets (`view`): the unit tables with Warlords'
//! columns, the walker over 2.1's four steps, each procedure's panel.

pub mod action;
pub mod app;
pub mod dialog;
pub mod keymap;
pub mod view;

use crate::battle::warlords::{Battle, Warlords};
use crate::dice::SeedPosition;
use crate::tui::keys::Key;
use crate::tui::screen::{Effect, Screen, Status};
use crate::tui::theme::Theme;
use app::App;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

impl Screen for App {
    type System = Warlords;

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

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    fn suspends(&self, ev: &KeyEvent) -> bool {
        keymap::lookup(self.context(), Key::of(ev)) == Some(action::Action::Suspend)
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
