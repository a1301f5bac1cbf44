//! The correction form's and the formation picker's keys.

use super::{Binding, b};
use crate::rules::warlords::unit::Formation;
use crate::tui::keys::Key;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // Correcting.
    b(
        C::Correct,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the field above",
    ),
    b(
        C::Correct,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the field below",
    ),
    b(
        C::Correct,
        Key::plain(K::Left),
        Action::ValueDown,
        "",
        "the value one step lower (or the previous word)",
    ),
    b(
        C::Correct,
        Key::ch('-'),
        Action::ValueDown,
        "",
        "the value one step lower",
    ),
    b(
        C::Correct,
        Key::plain(K::Right),
        Action::ValueUp,
        "",
        "the value one step higher (or the next word)",
    ),
    b(
        C::Correct,
        Key::ch('+'),
        Action::ValueUp,
        "",
        "the value one step higher",
    ),
    b(
        C::Correct,
        Key::plain(K::Enter),
        Action::Advance,
        "record",
        "record the changed fields as corrections",
    ),
    b(
        C::Correct,
        Key::ch('m'),
        Action::Jump('m'),
        "",
        "go to morale; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('h'),
        Action::Jump('h'),
        "",
        "go to champions; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('c'),
        Action::Jump('c'),
        "",
        "go to casualty figures; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('s'),
        Action::Jump('s'),
        "",
        "go to stands; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('f'),
        Action::Jump('f'),
        "",
        "go to files (front rank); again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('o'),
        Action::Jump('o'),
        "",
        "go to formation; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('v'),
        Action::Jump('v'),
        "",
        "go to moving; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('p'),
        Action::Jump('p'),
        "",
        "go to pavises deployed; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('a'),
        Action::Jump('a'),
        "",
        "go to activated this turn; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('r'),
        Action::Jump('r'),
        "",
        "go to off the table; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('1'),
        Action::Jump('1'),
        "",
        "go to the first personality (2, 3 … the next); again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('2'),
        Action::Jump('2'),
        "",
        "go to the second personality; again: its value one step higher",
    ),
    b(
        C::Correct,
        Key::ch('3'),
        Action::Jump('3'),
        "",
        "go to the third personality; again: its value one step higher",
    ),
    // Picking a formation.
    b(
        C::Formation,
        Key::ch('l'),
        Action::PickFormation(Formation::Line),
        "line",
        "Line (2.3.1)",
    ),
    b(
        C::Formation,
        Key::ch('m'),
        Action::PickFormation(Formation::MarchColumn),
        "march column",
        "March Column (2.3.1.1)",
    ),
    b(
        C::Formation,
        Key::ch('s'),
        Action::PickFormation(Formation::Shieldwall),
        "shieldwall",
        "Shieldwall (2.3.1.2)",
    ),
    b(
        C::Formation,
        Key::ch('w'),
        Action::PickFormation(Formation::Wedge),
        "wedge",
        "Wedge (2.3.1.3)",
    ),
    b(
        C::Formation,
        Key::ch('h'),
        Action::PickFormation(Formation::Hedgehog),
        "hedgehog",
        "Hedgehog (2.3.1.4)",
    ),
    b(
        C::Formation,
        Key::ch('+'),
        Action::FilesBy(1),
        "files",
        "one more stand in the front rank (irregulars: one rank or one file at most, 2.3.3)",
    ),
    b(
        C::Formation,
        Key::ch('-'),
        Action::FilesBy(-1),
        "",
        "one stand fewer in the front rank",
    ),
    b(
        C::Formation,
        Key::ch('p'),
        Action::PavisesToggle,
        "pavises",
        "deploy the pavises, or pick them up: pavisiers only (3.3.3.4)",
    ),
];
