//! The typed-dice field's keys.

use super::{Binding, b};
use crate::tui::keys::Key;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // Typing dice.
    b(
        C::TypeDice,
        Key::plain(K::Enter),
        Action::Advance,
        "use these dice",
        "use the dice typed",
    ),
    b(
        C::TypeDice,
        Key::plain(K::Backspace),
        Action::Backspace,
        "",
        "delete the last character",
    ),
    b(
        C::TypeDice,
        Key::plain(K::Esc),
        Action::Back,
        "back",
        "back to the roll",
    ),
    // Writing a note.
    b(
        C::Note,
        Key::plain(K::Enter),
        Action::Advance,
        "record the note",
        "record the note (saved with the battle, printed in the report)",
    ),
    b(
        C::Note,
        Key::plain(K::Backspace),
        Action::Backspace,
        "",
        "delete the last character",
    ),
    b(
        C::Note,
        Key::plain(K::Esc),
        Action::Back,
        "back",
        "drop the note",
    ),
    // The turn's summary.
    b(
        C::Summary,
        Key::plain(K::Enter),
        Action::Advance,
        "go on",
        "close the summary and take the walker's next step (after a turn: the next turn's initiative)",
    ),
];
