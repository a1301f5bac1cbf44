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

    /// The open result's lines that say what happened (a rolled panel, or
    /// a charge panel with its answer and the shots at the charger), before
    /// they wrap: `✓ …`, `changed: …`, `… LOSES …`, a morale step.
    fn claims(&self) -> Vec<crate::tui::screen::Claim> {
        use dialog::{Dialog, Procedure};
        let Some(Dialog::Resolve(r)) = self.dialogs.last() else {
            return Vec::new();
        };
        if r.rolled.is_none() && !matches!(r.procedure, Procedure::Charge { .. }) {
            return Vec::new();
        }
        let about = match &r.procedure {
            Procedure::Activation { unit, .. } => vec![*unit],
            Procedure::Charge { unit, target, .. } => vec![*unit, *target],
            Procedure::Reaction { unit, cause, .. } => vec![*unit, *cause],
            Procedure::Melee { a, b, .. } => vec![*a, *b],
            _ => vec![],
        };
        let about: Vec<String> = about.into_iter().map(|u| self.name(u)).collect();
        view::resolve::lines(self, r, 102)
            .iter()
            .filter_map(|l| {
                let t = l.to_string().trim().to_string();
                let claim = t.starts_with('✓')
                    || t.starts_with("changed: ")
                    || t.contains(" LOSES")
                    || t.contains("loses a morale step: now ")
                    || t.contains("goes BERSERK");
                claim.then(|| crate::tui::screen::Claim::Line {
                    line: t,
                    about: about.clone(),
                })
            })
            .collect()
    }

    /// The resolve panel before its roll, its odds shown: not once it has
    /// rolled, nor while it says why the battle refuses it (its error, or
    /// the rules refusing its dice).
    fn offered_roll(&self) -> Option<crate::battle::warlords::Event> {
        let Some(dialog::Dialog::Resolve(r)) = self.dialogs.last() else {
            return None;
        };
        let silent = r.rolled.is_none() && r.error.is_none() && self.needs(&r.procedure).is_ok();
        silent.then(|| self.procedure_event(&r.procedure, None))
    }

    /// The header's `Enter ›` line (`view::walker`): the step the battle
    /// owes next, the activation the unit Enter activates.
    fn walker_owes(&self) -> Vec<crate::battle::Owed> {
        use crate::battle::warlords::Step;
        let b = &self.battle;
        let owed = match b.next_step() {
            Step::Activate(next) => {
                crate::battle::Owed::of("activate", [self.enter_activates(next)])
            }
            step => b.state().owed(step),
        };
        vec![owed]
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
