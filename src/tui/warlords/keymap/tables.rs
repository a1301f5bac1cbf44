//! The unit tables' keys: the walker, selection, and what to do with a unit.

use super::{Binding, b};
use crate::tui::keys::Key;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // The tables.
    b(
        C::Tables,
        Key::plain(K::Enter),
        Action::Advance,
        "next step",
        "do the next step of the turn (2.1): roll initiative, activate the next unit, end a phase",
    ),
    b(
        C::Tables,
        Key::ch('a'),
        Action::ActivateSelected,
        "activate",
        "activate the selected unit now (any unit of the side whose turn it is)",
    ),
    b(
        C::Tables,
        Key::plain(K::Up),
        Action::Up,
        "",
        "select the unit above",
    ),
    b(
        C::Tables,
        Key::ch('k'),
        Action::Up,
        "",
        "select the unit above",
    ),
    b(
        C::Tables,
        Key::plain(K::Down),
        Action::Down,
        "",
        "select the unit below",
    ),
    b(
        C::Tables,
        Key::ch('j'),
        Action::Down,
        "",
        "select the unit below",
    ),
    b(
        C::Tables,
        Key::plain(K::PageUp),
        Action::PageUp,
        "",
        "up a page",
    ),
    b(
        C::Tables,
        Key::plain(K::PageDown),
        Action::PageDown,
        "",
        "down a page",
    ),
    b(
        C::Tables,
        Key::plain(K::Home),
        Action::First,
        "",
        "the side's first unit",
    ),
    b(
        C::Tables,
        Key::plain(K::End),
        Action::Last,
        "",
        "the side's last unit",
    ),
    b(
        C::Tables,
        Key::ch('1'),
        Action::Jump('1'),
        "",
        "type a unit's number (1-9, 1 then 0 for the tenth) to select it on this side",
    ),
    b(
        C::Tables,
        Key::ch('A'),
        Action::Jump('A'),
        "",
        "then a number: side a's unit, from either table (A5)",
    ),
    b(
        C::Tables,
        Key::ch('B'),
        Action::Jump('B'),
        "",
        "then a number: side b's unit, from either table (B10)",
    ),
    b(
        C::Tables,
        Key::plain(K::Tab),
        Action::OtherSide,
        "other side",
        "switch to the other side's table",
    ),
    b(
        C::Tables,
        Key::ch('d'),
        Action::Detail,
        "detail",
        "show or hide the selected unit's detail",
    ),
    b(
        C::Tables,
        Key::ch('e'),
        Action::Engage,
        "engage",
        "pair the selected unit with an enemy in Melee, or part them (2.6)",
    ),
    b(
        C::Tables,
        Key::ch('c'),
        Action::Correct,
        "correct",
        "correct the selected unit or its personalities (the table is the truth)",
    ),
    b(
        C::Tables,
        Key::ch('n'),
        Action::NoteUnit,
        "note",
        "write a note on the selected unit (saved, and printed in the report)",
    ),
    b(
        C::Tables,
        Key::ch('N'),
        Action::NoteTurn,
        "",
        "write a note on the turn",
    ),
    b(
        C::Tables,
        Key::ch('S'),
        Action::Summary,
        "",
        "the summary of the turn so far (casualties, morale, units and personalities lost)",
    ),
    b(
        C::Tables,
        Key::ch('G'),
        Action::GoTo,
        "",
        "go to another step of the turn (2.1), when the table went its own way",
    ),
    b(
        C::Tables,
        Key::ch('l'),
        Action::Log,
        "log",
        "the whole log, to scroll and search (/)",
    ),
    b(
        C::Tables,
        Key::ch('V'),
        Action::Course,
        "course",
        "the course of the battle: strength and morale by turn, drawn",
    ),
    b(
        C::Tables,
        Key::ch('r'),
        Action::Reference,
        "reference",
        "the selected unit's quick reference: move, charge, flee and random-move dice, shooting ranges and dice, the turn sequence",
    ),
    b(
        C::Tables,
        Key::ch('o'),
        Action::OffTable,
        "",
        "pick a unit from the fled and destroyed list to correct it (bring it back: off the table → no)",
    ),
    // Going to another step.
    b(
        C::GoTo,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the step above",
    ),
    b(
        C::GoTo,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the step below",
    ),
    b(
        C::GoTo,
        Key::plain(K::Enter),
        Action::Advance,
        "go there",
        "go to that step; every event is kept, u takes it back",
    ),
];
