//! Keys for the help, the quit question, and everywhere.

use super::{Binding, b};
use crate::tui::keys::Key;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // Help and the question.
    b(
        C::Help,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "scroll down",
    ),
    b(C::Help, Key::plain(K::Up), Action::FieldUp, "", "scroll up"),
    b(C::Help, Key::ch('?'), Action::Back, "", "close the help"),
    b(C::Help, Key::ch('q'), Action::Back, "", "close the help"),
    b(
        C::Reference,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "scroll down",
    ),
    b(
        C::Reference,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "scroll up",
    ),
    b(
        C::Reference,
        Key::ch('r'),
        Action::Back,
        "close",
        "close the quick reference",
    ),
    b(
        C::ConfirmQuit,
        Key::ch('y'),
        Action::Yes,
        "quit",
        "quit (the battle is saved)",
    ),
    b(C::ConfirmQuit, Key::ch('n'), Action::No, "stay", "stay"),
    b(C::ConfirmQuit, Key::plain(K::Esc), Action::No, "", "stay"),
    // Everywhere.
    b(
        C::Global,
        Key::plain(K::Esc),
        Action::Back,
        "back",
        "back out of the top dialog",
    ),
    b(
        C::Global,
        Key::ch('u'),
        Action::Undo,
        "undo",
        "undo the last event",
    ),
    b(
        C::Global,
        Key::ch('U'),
        Action::Redo,
        "",
        "redo the event undone last",
    ),
    b(
        C::Global,
        Key::ctrl('r'),
        Action::Redo,
        "",
        "redo the event undone last",
    ),
    b(
        C::Global,
        Key::plain(K::PageDown),
        Action::Scroll(10),
        "",
        "a panel longer than the screen: a page down (the panel says when more is below)",
    ),
    b(
        C::Global,
        Key::plain(K::PageUp),
        Action::Scroll(-10),
        "",
        "a panel longer than the screen: a page up",
    ),
    b(
        C::Global,
        Key::plain(K::Down),
        Action::Scroll(1),
        "",
        "a panel longer than the screen: a line down",
    ),
    b(
        C::Global,
        Key::plain(K::Up),
        Action::Scroll(-1),
        "",
        "a panel longer than the screen: a line up",
    ),
    b(
        C::Global,
        Key::ch('?'),
        Action::Help,
        "help",
        "show every key",
    ),
    b(
        C::Global,
        Key::ch('q'),
        Action::Quit,
        "quit",
        "quit (asks when a resolution is half done)",
    ),
    b(
        C::Global,
        Key::ctrl('c'),
        Action::ForceQuit,
        "",
        "quit at once, saving first",
    ),
    b(
        C::Global,
        Key::ctrl('z'),
        Action::Suspend,
        "",
        "suspend Herald to the shell (fg brings it back)",
    ),
];
