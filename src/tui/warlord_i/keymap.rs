//! The Warlord I console's one keymap: a table of bindings per context that
//! feeds key handling, the footer's hints and the `?` help (`tui::keys`).

use crate::rules::warlord_i::{Response, WinnerMoves};
use crate::tui::keys::{self, Binding as B, Key, bind};
use ratatui::crossterm::event::KeyCode as K;

/// Where the referee is: the top panel, or the tables when none is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Keys that work everywhere unless the context takes the key itself.
    Global,
    /// The unit tables, no panel open.
    Tables,
    /// A procedure's panel before its dice: the facts Herald cannot see.
    Panel,
    /// Typing the players' dice.
    TypeDice,
    /// A melee's losing player chooses retreat, waver or surrender (WI-20).
    Response,
    /// The order of play's winner chooses to move first or second (WI-3).
    Winner,
    /// A panel after its roll: the result.
    Result,
    /// The help screen.
    Help,
}

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Leave the console (the battle is saved after every step).
    Quit,
    /// Leave at once.
    ForceQuit,
    /// Suspend to the shell (the run loop does it).
    Suspend,
    /// Open the help.
    Help,
    /// Close the top panel.
    Back,
    /// Selection or field up.
    Up,
    /// Selection or field down.
    Down,
    /// The first unit.
    First,
    /// The last unit.
    Last,
    /// The other side's table.
    OtherSide,
    /// Enter on the tables: the walker's next step.
    Advance,
    /// Open the whole log, to scroll and search (the shell's log browser).
    Log,
    /// Open the course of the battle (the shell's, `tui::course_view`).
    Course,
    /// Take back the last event.
    Undo,
    /// Apply again the last event taken back.
    Redo,
    /// The selected unit is commanded: CCPs spent (Rule 29, E54).
    Command,
    /// The selected unit's CO tests on his initiative (WI-7).
    Initiative,
    /// The selected unit dices to enter or return (Rule 47).
    Enter,
    /// The selected unit shoots (Rules 55-56).
    Shoot,
    /// A cause of a waver test for the selected unit (Rule 58).
    Flag,
    /// Attrition from causes the referee reports (Rules 12, 18).
    Attrition,
    /// The selected unit routs for one of Rule 62's causes.
    Rout,
    /// The selected unit meets an enemy in melee (contact on the table).
    Engage,
    /// Its division's CO joins (or leaves) the selected unit.
    Attach,
    /// The referee corrects the selected unit (the table is the truth).
    Correct,
    /// The referee corrects the selected unit's CO (the table is the truth).
    CorrectCo,
    /// The referee sets aside the selected unit's flagged waver test.
    SetAside,
    /// The selected unit leaves its melee (the table parted them).
    Disengage,
    /// The referee moves the sequence to another step or Move (Rule 25).
    GoTo,
    /// Open the last result again: what changed and why.
    LastResult,
    /// On the tables: `A` or `B` takes that side's table, digits select a
    /// unit by its number (`B10`: b10; `7`: the focused side's 7th).
    Jump(char),
    /// Roll Herald's dice (or record a step without dice).
    Roll,
    /// Type the players' dice.
    TypeDice,
    /// The selected fact: more, or on/off.
    More,
    /// The selected fact: less.
    Less,
    /// A character typed.
    Input(char),
    /// Delete the last character typed.
    Backspace,
    /// The losing player's choice (Rule 76, WI-20).
    Respond(Response),
    /// The order of play's winner's choice (Rule 26, WI-3).
    Moves(WinnerMoves),
    /// On a result: close it, and open the walker's next procedure if the
    /// Move owes one.
    Next,
    /// The selected unit fights its next pair not fought this Move (Rule 76).
    Fight,
}

/// The keymap, part by part as the footer and help show them.
pub static KEYMAP: &keys::Keymap<Context, Action> = &[TABLES, PANEL, TYPING, GLOBAL];

use Action as A;
use Context as C;

const TABLES: &[B<Context, Action>] = &[
    bind(
        C::Tables,
        Key::plain(K::Enter),
        A::Advance,
        "next",
        "the walker's next step (Rule 25)",
    ),
    bind(
        C::Tables,
        Key::plain(K::Up),
        A::Up,
        "",
        "select the unit above",
    ),
    bind(
        C::Tables,
        Key::plain(K::Down),
        A::Down,
        "",
        "select the unit below",
    ),
    bind(
        C::Tables,
        Key::plain(K::Home),
        A::First,
        "",
        "select the first unit",
    ),
    bind(
        C::Tables,
        Key::plain(K::End),
        A::Last,
        "",
        "select the last unit",
    ),
    bind(
        C::Tables,
        Key::ch('c'),
        A::Command,
        "command",
        "command the unit: spend its CCPs (Rule 29, E54)",
    ),
    bind(
        C::Tables,
        Key::ch('i'),
        A::Initiative,
        "",
        "its CO's initiative test (Rules 29, 37; WI-7)",
    ),
    bind(
        C::Tables,
        Key::ch('f'),
        A::Enter,
        "",
        "it dices to enter or return to the field (Rule 47)",
    ),
    bind(
        C::Tables,
        Key::ch('s'),
        A::Shoot,
        "shoot",
        "it shoots (Rules 55-56)",
    ),
    bind(
        C::Tables,
        Key::ch('R'),
        A::Rout,
        "",
        "it routs (Rule 62's causes): a disaster, friends within 10 cm test",
    ),
    bind(
        C::Tables,
        Key::ch('p'),
        A::Attrition,
        "",
        "attrition points from causes the table saw (Rules 12, 18)",
    ),
    bind(
        C::Tables,
        Key::ch('e'),
        A::Engage,
        "engage",
        "it meets an enemy in melee (contact)",
    ),
    bind(
        C::Tables,
        Key::ch('g'),
        A::Attach,
        "",
        "its division's CO joins it, or leaves it",
    ),
    bind(
        C::Tables,
        Key::ch('x'),
        A::Correct,
        "correct",
        "correct it: morale, APs, bases, activity … (the table is the truth)",
    ),
    bind(
        C::Tables,
        Key::plain(K::Tab),
        A::OtherSide,
        "side",
        "the other side's table",
    ),
    bind(
        C::Tables,
        Key::ch('w'),
        A::Flag,
        "flag",
        "a cause of a waver test for it (Rule 58)",
    ),
    bind(
        C::Tables,
        Key::ch('o'),
        A::CorrectCo,
        "officer",
        "correct its CO: wounds, dispersed base, CCPs, activity",
    ),
    bind(
        C::Tables,
        Key::ch('z'),
        A::SetAside,
        "",
        "set aside its flagged waver test (the table made it moot)",
    ),
    bind(
        C::Tables,
        Key::ch('b'),
        A::Disengage,
        "",
        "it leaves its melee (the table parted them)",
    ),
    bind(
        C::Tables,
        Key::ch('m'),
        A::Fight,
        "",
        "it fights its next melee not fought this Move (Rule 76; the referee's order)",
    ),
    bind(
        C::Tables,
        Key::ch('G'),
        A::GoTo,
        "",
        "go to another step or Move (the table went its own way)",
    ),
    bind(
        C::Tables,
        Key::ch('u'),
        A::Undo,
        "undo",
        "take back the last event",
    ),
    bind(
        C::Tables,
        Key::ch('U'),
        A::Redo,
        "",
        "apply again the event taken back",
    ),
    bind(
        C::Tables,
        Key::ch('r'),
        A::LastResult,
        "",
        "the last result again: what changed and why (↑↓ scroll it)",
    ),
    bind(
        C::Tables,
        Key::ch('l'),
        A::Log,
        "log",
        "the whole log, to scroll and search (/)",
    ),
    bind(
        C::Tables,
        Key::ch('V'),
        A::Course,
        "course",
        "the course of the battle: strength and morale by Move, drawn",
    ),
];

const PANEL: &[B<Context, Action>] = &[
    bind(
        C::Panel,
        Key::plain(K::Enter),
        A::Roll,
        "roll/record",
        "roll Herald's dice (or record a step without dice)",
    ),
    bind(
        C::Panel,
        Key::ch('t'),
        A::TypeDice,
        "type dice",
        "type the players' dice",
    ),
    bind(C::Panel, Key::plain(K::Up), A::Up, "", "the fact above"),
    bind(C::Panel, Key::plain(K::Down), A::Down, "", "the fact below"),
    bind(
        C::Panel,
        Key::ch(' '),
        A::More,
        "change",
        "turn the fact on or off, or one more",
    ),
    bind(
        C::Panel,
        Key::plain(K::Right),
        A::More,
        "",
        "turn the fact on or off, or one more",
    ),
    bind(
        C::Panel,
        Key::plain(K::Left),
        A::Less,
        "",
        "one less, or the one before",
    ),
    bind(
        C::Panel,
        Key::ch('+'),
        A::More,
        "",
        "turn the fact on or off, or one more",
    ),
    bind(
        C::Panel,
        Key::ch('-'),
        A::Less,
        "",
        "one less, or the one before",
    ),
    bind(
        C::Panel,
        Key::plain(K::Backspace),
        A::Backspace,
        "",
        "the last digit typed goes",
    ),
    bind(
        C::Response,
        Key::ch('r'),
        A::Respond(Response::Retreat),
        "retreat",
        "the loser retreats (IRMD)",
    ),
    bind(
        C::Response,
        Key::ch('w'),
        A::Respond(Response::Waver),
        "waver",
        "the loser wavers and stays",
    ),
    bind(
        C::Response,
        Key::ch('s'),
        A::Respond(Response::Surrender),
        "surrender",
        "the loser surrenders (WI-20)",
    ),
    bind(
        C::Winner,
        Key::ch('f'),
        A::Moves(WinnerMoves::First),
        "first",
        "the winner moves first: Player 1",
    ),
    bind(
        C::Winner,
        Key::ch('s'),
        A::Moves(WinnerMoves::Second),
        "second",
        "the winner moves second: Player 2",
    ),
    bind(
        C::Result,
        Key::plain(K::Enter),
        A::Next,
        "next",
        "close the result; the Move's next test, roll or melee opens",
    ),
    bind(
        C::Result,
        Key::plain(K::Down),
        A::Down,
        "more",
        "scroll the result: what changed and why",
    ),
    bind(
        C::Result,
        Key::plain(K::Up),
        A::Up,
        "",
        "scroll the result back",
    ),
    bind(
        C::Result,
        Key::ch('u'),
        A::Undo,
        "undo",
        "take back the event",
    ),
];

const TYPING: &[B<Context, Action>] = &[
    bind(
        C::TypeDice,
        Key::plain(K::Enter),
        A::Roll,
        "use them",
        "use the dice typed",
    ),
    bind(
        C::TypeDice,
        Key::plain(K::Backspace),
        A::Backspace,
        "",
        "delete the last character",
    ),
];

const GLOBAL: &[B<Context, Action>] = &[
    bind(C::Help, Key::plain(K::Down), A::Down, "", "scroll down"),
    bind(C::Help, Key::plain(K::Up), A::Up, "", "scroll up"),
    bind(C::Help, Key::ch('?'), A::Back, "", "close the help"),
    bind(C::Help, Key::ch('q'), A::Back, "", "close the help"),
    bind(
        C::Global,
        Key::plain(K::Esc),
        A::Back,
        "back",
        "back out of the top panel",
    ),
    bind(C::Global, Key::ch('?'), A::Help, "help", "the keys"),
    bind(
        C::Global,
        Key::ch('q'),
        A::Quit,
        "quit",
        "quit (the battle is saved)",
    ),
    bind(
        C::Global,
        Key::ctrl('c'),
        A::ForceQuit,
        "",
        "quit at once (the battle is saved)",
    ),
    bind(
        C::Global,
        Key::ctrl('z'),
        A::Suspend,
        "",
        "suspend to the shell (fg returns)",
    ),
];

/// What a key does in a context: its own binding, typed characters while
/// typing dice, the global one; in a panel any other character is a
/// digit or a fact's key (`tui::facts`).
pub fn lookup(context: Context, key: Key) -> Option<Action> {
    if let Some(a) = keys::find(KEYMAP, context, key) {
        return Some(a);
    }
    let typed = match key.code {
        K::Char(c) if !key.ctrl => Some(c),
        _ => None,
    };
    if context == Context::TypeDice
        && let Some(c) = typed
    {
        return Some(Action::Input(c));
    }
    // A unit by its id on the tables: `B10`, or `10` on the focused side.
    if context == Context::Tables
        && let Some(c @ ('0'..='9' | 'A' | 'B')) = typed
    {
        return Some(Action::Jump(c));
    }
    let global = keys::find(KEYMAP, Context::Global, key);
    if context == Context::Panel
        && global.is_none()
        && let Some(c) = typed
    {
        return Some(Action::Input(c));
    }
    global
}
