//! Breaking off's keys (2.4.8).

use super::{Binding, b};
use crate::tui::keys::Key;
use crate::tui::warlords::action::{Action, Fact};
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // Breaking off.
    b(
        C::BreakOff,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls the activation (and the random move back, if it breaks off)",
    ),
    b(
        C::BreakOff,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' dice: the activation's white dice, then the move's",
    ),
    b(
        C::BreakOff,
        Key::ch('o'),
        Action::NextOpponent,
        "opponent",
        "the next Melee opponent to break off from",
    ),
    b(
        C::BreakOff,
        Key::ch('s'),
        Action::OnlySupporting,
        "only supporting",
        "toggle: it is only a supporting unit (any unit may then break off, 2.4.8)",
    ),
    b(
        C::BreakOff,
        Key::ch('x'),
        Action::Toggle(Fact::TacticianInSight),
        "",
        "toggle: a friendly Expert tactician is in sight (+1 to the activation, 3.1.2, W-4)",
    ),
];
