//! The shell's own keys, the same for every rule system: the start screen
//! (the battles in `saves/`, a new battle from `armies/`, Hastings), the log
//! browser, and what a failed save asks (NOT SAVED, and the path to write
//! the battle to instead). One table feeds the keys, the hints and the help.

use super::keys::{Binding, Key, Keymap, bind, find};
use ratatui::crossterm::event::KeyCode;

/// Where the shell takes the keys itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShellContext {
    /// The start screen: the battles in `saves/`.
    Start,
    /// A new battle: picking each side's armies.
    StartArmies,
    /// A new battle: typing its name.
    StartName,
    /// A new battle: its house options (`rules::house`).
    StartHouse,
    /// A battle of Hastings is in progress: resume it or start another.
    StartHastings,
    /// The log browser.
    Log,
    /// Typing what to search the log for.
    LogSearch,
    /// The course of the battle (`tui::course_view`).
    Course,
    /// A save failed: what now.
    NotSaved,
    /// Typing the file to write the battle to instead.
    SavePath,
}

impl ShellContext {
    /// The heading of this context in the help.
    pub fn title(self) -> &'static str {
        match self {
            ShellContext::Start => "Start screen",
            ShellContext::StartArmies => "New battle: the armies",
            ShellContext::StartName => "New battle: its name",
            ShellContext::StartHouse => "New battle: its house options",
            ShellContext::StartHastings => "A battle of Hastings in progress",
            ShellContext::Log => "Log browser",
            ShellContext::LogSearch => "Searching the log",
            ShellContext::Course => "Course of the battle",
            ShellContext::NotSaved => "NOT SAVED",
            ShellContext::SavePath => "Write the battle elsewhere",
        }
    }
}

/// Every shell context in the order the help shows them.
pub const SHELL_CONTEXTS: &[ShellContext] = &[
    ShellContext::Log,
    ShellContext::LogSearch,
    ShellContext::Course,
    ShellContext::NotSaved,
    ShellContext::SavePath,
    ShellContext::Start,
    ShellContext::StartArmies,
    ShellContext::StartName,
    ShellContext::StartHouse,
    ShellContext::StartHastings,
];

/// What a key does in the shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellAction {
    /// Resume the selected battle; a new Hastings when there is none (start screen).
    Open,
    /// Start a new battle of Hastings, or offer to resume one in progress.
    NewBattle,
    /// Resume the most recent save (start screen); the Hastings in progress.
    Resume,
    /// Start another battle of Hastings beside the one in progress.
    AnotherHastings,
    /// Make a new battle from army files.
    NewFromArmies,
    /// Put the selected army on a side (0: a, 1: b), or take it off.
    Side(usize),
    /// Make the new battle.
    Create,
    /// From the armies to the name, or back.
    NextField,
    /// To the new battle's house options, or back to the armies.
    HouseOptions,
    /// The selected house option's next value (a yes/no option flips).
    NextValue,
    /// The row above.
    Up,
    /// The row below.
    Down,
    /// A page up.
    PageUp,
    /// A page down.
    PageDown,
    /// The first row.
    First,
    /// The last row.
    Last,
    /// Search the log.
    Search,
    /// The next match.
    NextMatch,
    /// The match before.
    PreviousMatch,
    /// Close the log browser or the course of the battle.
    Close,
    /// Open the course of the battle: strength and morale by turn.
    Course,
    /// Leave Herald.
    Quit,
    /// Leave at once (Ctrl-C).
    ForceQuit,
    /// Suspend Herald to the shell (Ctrl-Z); `fg` brings it back.
    Suspend,
    /// Try the failed save again now.
    Retry,
    /// Write the battle whole to another file and go on there.
    WriteElsewhere,
    /// Go on recording while the save fails (Herald keeps trying).
    CarryOn,
    /// Quit although events are not saved (the exit status says so).
    QuitUnsaved,
    /// Back to the question before.
    Back,
    /// Delete the last character typed.
    Backspace,
    /// A character typed.
    Input(char),
}

use KeyCode as K;
use ShellAction as A;
use ShellContext as C;

/// Every binding of the shell, in the order the footer and help show them.
pub const SHELL_BINDINGS: &[Binding<ShellContext, ShellAction>] = &[
    bind(
        C::Start,
        Key::plain(K::Enter),
        A::Open,
        "resume",
        "resume the selected battle (with none in saves/: a new battle of Hastings)",
    ),
    bind(
        C::Start,
        Key::ch('h'),
        A::NewBattle,
        "Hastings",
        "a new battle of Hastings (1066); one in progress is offered first",
    ),
    bind(
        C::Start,
        Key::ch('n'),
        A::NewFromArmies,
        "new battle",
        "a new battle from the army files in armies/",
    ),
    bind(
        C::Start,
        Key::ch('r'),
        A::Resume,
        "",
        "resume the most recent save",
    ),
    bind(C::Start, Key::plain(K::Up), A::Up, "", "the battle above"),
    bind(C::Start, Key::ch('k'), A::Up, "", "the battle above"),
    bind(
        C::Start,
        Key::plain(K::Down),
        A::Down,
        "",
        "the battle below",
    ),
    bind(C::Start, Key::ch('j'), A::Down, "", "the battle below"),
    bind(C::Start, Key::plain(K::PageUp), A::PageUp, "", "a page up"),
    bind(
        C::Start,
        Key::plain(K::PageDown),
        A::PageDown,
        "",
        "a page down",
    ),
    bind(
        C::Start,
        Key::plain(K::Home),
        A::First,
        "",
        "the newest battle",
    ),
    bind(
        C::Start,
        Key::plain(K::End),
        A::Last,
        "",
        "the oldest battle",
    ),
    bind(C::Start, Key::ch('q'), A::Quit, "quit", "quit"),
    bind(C::Start, Key::plain(K::Esc), A::Quit, "", "quit"),
    bind(
        C::Start,
        Key::ctrl('z'),
        A::Suspend,
        "",
        "suspend Herald to the shell (fg brings it back)",
    ),
    bind(
        C::StartArmies,
        Key::ch('a'),
        A::Side(0),
        "side a",
        "put the selected army on side a (allies: several), or take it off",
    ),
    bind(
        C::StartArmies,
        Key::ch('b'),
        A::Side(1),
        "side b",
        "put the selected army on side b (allies: several), or take it off",
    ),
    bind(
        C::StartArmies,
        Key::plain(K::Tab),
        A::NextField,
        "name",
        "type the battle's name",
    ),
    bind(
        C::StartArmies,
        Key::ch('o'),
        A::HouseOptions,
        "house options",
        "the battle's house options (each replaces a ruling that fills a gap)",
    ),
    bind(
        C::StartArmies,
        Key::plain(K::Enter),
        A::Create,
        "create",
        "make the battle in saves/NAME.toml and open it",
    ),
    bind(
        C::StartArmies,
        Key::plain(K::Up),
        A::Up,
        "",
        "the army above",
    ),
    bind(C::StartArmies, Key::ch('k'), A::Up, "", "the army above"),
    bind(
        C::StartArmies,
        Key::plain(K::Down),
        A::Down,
        "",
        "the army below",
    ),
    bind(C::StartArmies, Key::ch('j'), A::Down, "", "the army below"),
    bind(
        C::StartArmies,
        Key::plain(K::Home),
        A::First,
        "",
        "the first army",
    ),
    bind(
        C::StartArmies,
        Key::plain(K::End),
        A::Last,
        "",
        "the last army",
    ),
    bind(
        C::StartArmies,
        Key::plain(K::Esc),
        A::Back,
        "back",
        "back to the battles",
    ),
    bind(
        C::StartName,
        Key::plain(K::Enter),
        A::Create,
        "create",
        "make the battle in saves/NAME.toml and open it",
    ),
    bind(
        C::StartName,
        Key::plain(K::Tab),
        A::NextField,
        "armies",
        "back to picking the armies",
    ),
    bind(
        C::StartName,
        Key::plain(K::Backspace),
        A::Backspace,
        "",
        "delete the last character",
    ),
    bind(
        C::StartName,
        Key::plain(K::Esc),
        A::Back,
        "back",
        "back to picking the armies",
    ),
    bind(
        C::StartHouse,
        Key::plain(K::Char(' ')),
        A::NextValue,
        "change",
        "the selected option's next value (yes or no; a word; a number up by one)",
    ),
    bind(
        C::StartHouse,
        Key::plain(K::Enter),
        A::Create,
        "create",
        "make the battle in saves/NAME.toml and open it",
    ),
    bind(
        C::StartHouse,
        Key::plain(K::Up),
        A::Up,
        "",
        "the option above",
    ),
    bind(C::StartHouse, Key::ch('k'), A::Up, "", "the option above"),
    bind(
        C::StartHouse,
        Key::plain(K::Down),
        A::Down,
        "",
        "the option below",
    ),
    bind(C::StartHouse, Key::ch('j'), A::Down, "", "the option below"),
    bind(
        C::StartHouse,
        Key::plain(K::Tab),
        A::NextField,
        "name",
        "type the battle's name",
    ),
    bind(
        C::StartHouse,
        Key::ch('o'),
        A::HouseOptions,
        "",
        "back to picking the armies",
    ),
    bind(
        C::StartHouse,
        Key::plain(K::Esc),
        A::Back,
        "back",
        "back to picking the armies",
    ),
    bind(
        C::StartHastings,
        Key::plain(K::Enter),
        A::Resume,
        "resume it",
        "resume the battle of Hastings in progress",
    ),
    bind(
        C::StartHastings,
        Key::ch('r'),
        A::Resume,
        "",
        "resume the battle of Hastings in progress",
    ),
    bind(
        C::StartHastings,
        Key::ch('n'),
        A::AnotherHastings,
        "start another",
        "start another battle of Hastings beside it (under the next free name)",
    ),
    bind(
        C::StartHastings,
        Key::plain(K::Esc),
        A::Back,
        "back",
        "back to the battles",
    ),
    bind(C::Log, Key::plain(K::Up), A::Up, "", "scroll up a line"),
    bind(C::Log, Key::ch('k'), A::Up, "", "scroll up a line"),
    bind(
        C::Log,
        Key::plain(K::Down),
        A::Down,
        "scroll",
        "scroll down a line",
    ),
    bind(C::Log, Key::ch('j'), A::Down, "", "scroll down a line"),
    bind(
        C::Log,
        Key::plain(K::PageUp),
        A::PageUp,
        "",
        "scroll up a page",
    ),
    bind(
        C::Log,
        Key::plain(K::PageDown),
        A::PageDown,
        "",
        "scroll down a page",
    ),
    bind(C::Log, Key::plain(K::Home), A::First, "", "the first event"),
    bind(
        C::Log,
        Key::plain(K::End),
        A::Last,
        "latest",
        "the latest event",
    ),
    bind(C::Log, Key::ch('/'), A::Search, "search", "search the log"),
    bind(C::Log, Key::ch('n'), A::NextMatch, "next", "the next match"),
    bind(
        C::Log,
        Key::ch('N'),
        A::PreviousMatch,
        "previous",
        "the match before",
    ),
    bind(
        C::Log,
        Key::plain(K::Esc),
        A::Close,
        "close",
        "close the log",
    ),
    bind(
        C::Log,
        Key::ch('V'),
        A::Course,
        "course",
        "the course of the battle: strength and morale by turn, drawn",
    ),
    bind(C::Log, Key::ch('q'), A::Close, "", "close the log"),
    bind(C::Log, Key::ch('l'), A::Close, "", "close the log"),
    bind(
        C::Log,
        Key::ctrl('z'),
        A::Suspend,
        "",
        "suspend Herald to the shell (fg brings it back)",
    ),
    bind(C::Course, Key::plain(K::Up), A::Up, "", "scroll up a line"),
    bind(C::Course, Key::ch('k'), A::Up, "", "scroll up a line"),
    bind(
        C::Course,
        Key::plain(K::Down),
        A::Down,
        "scroll",
        "scroll down a line",
    ),
    bind(C::Course, Key::ch('j'), A::Down, "", "scroll down a line"),
    bind(
        C::Course,
        Key::plain(K::PageUp),
        A::PageUp,
        "",
        "scroll up a page",
    ),
    bind(
        C::Course,
        Key::plain(K::PageDown),
        A::PageDown,
        "",
        "scroll down a page",
    ),
    bind(C::Course, Key::plain(K::Home), A::First, "", "the top"),
    bind(C::Course, Key::plain(K::End), A::Last, "", "the bottom"),
    bind(
        C::Course,
        Key::plain(K::Esc),
        A::Close,
        "close",
        "close the course of the battle",
    ),
    bind(
        C::Course,
        Key::ch('q'),
        A::Close,
        "",
        "close the course of the battle",
    ),
    bind(
        C::Course,
        Key::ch('V'),
        A::Close,
        "",
        "close the course of the battle",
    ),
    bind(
        C::LogSearch,
        Key::plain(K::Enter),
        A::NextMatch,
        "find",
        "find the text typed (then n and N go from match to match)",
    ),
    bind(
        C::LogSearch,
        Key::plain(K::Backspace),
        A::Backspace,
        "",
        "delete the last character",
    ),
    bind(
        C::LogSearch,
        Key::plain(K::Esc),
        A::Back,
        "cancel",
        "stop searching",
    ),
    bind(
        C::NotSaved,
        Key::ch('r'),
        A::Retry,
        "try again",
        "try the save again now",
    ),
    bind(
        C::NotSaved,
        Key::ch('w'),
        A::WriteElsewhere,
        "write elsewhere",
        "write the whole battle to another file and go on there",
    ),
    bind(
        C::NotSaved,
        Key::ch('c'),
        A::CarryOn,
        "carry on",
        "go on recording; Herald keeps trying, and the warning stays",
    ),
    bind(
        C::NotSaved,
        Key::plain(K::Esc),
        A::CarryOn,
        "",
        "go on recording; Herald keeps trying, and the warning stays",
    ),
    bind(
        C::NotSaved,
        Key::ch('Q'),
        A::QuitUnsaved,
        "quit, losing them",
        "quit without the events not saved (the exit status says so)",
    ),
    bind(
        C::SavePath,
        Key::plain(K::Enter),
        A::WriteElsewhere,
        "write",
        "write the battle to the file typed",
    ),
    bind(
        C::SavePath,
        Key::plain(K::Backspace),
        A::Backspace,
        "",
        "delete the last character",
    ),
    bind(C::SavePath, Key::plain(K::Esc), A::Back, "back", "back"),
];

/// The shell's keymap (one part).
pub const SHELL_KEYMAP: &Keymap<ShellContext, ShellAction> = &[SHELL_BINDINGS];

/// The action a key does in a shell context: its binding, else Ctrl-C
/// quits, and the path field takes every other character as input.
pub fn lookup(context: ShellContext, key: Key) -> Option<ShellAction> {
    if let Some(a) = find(SHELL_KEYMAP, context, key) {
        return Some(a);
    }
    if key == Key::ctrl('c') {
        return Some(A::ForceQuit);
    }
    if key == Key::ctrl('z') && context != C::NotSaved && context != C::SavePath {
        return Some(A::Suspend);
    }
    match (context, key.code) {
        (C::SavePath | C::StartName | C::LogSearch, KeyCode::Char(c)) if !key.ctrl => {
            Some(A::Input(c))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_field_takes_letters_and_ctrl_c_quits() {
        assert_eq!(lookup(C::SavePath, Key::ch('r')), Some(A::Input('r')));
        assert_eq!(lookup(C::NotSaved, Key::ch('r')), Some(A::Retry));
        assert_eq!(lookup(C::NotSaved, Key::ch('x')), None);
        assert_eq!(lookup(C::Start, Key::ctrl('c')), Some(A::ForceQuit));
        assert_eq!(lookup(C::StartName, Key::ch('q')), Some(A::Input('q')));
        assert_eq!(lookup(C::LogSearch, Key::ch('n')), Some(A::Input('n')));
        assert_eq!(lookup(C::Log, Key::ch('n')), Some(A::NextMatch));
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, x) in SHELL_BINDINGS.iter().enumerate() {
            for y in &SHELL_BINDINGS[i + 1..] {
                assert!(
                    !(x.context == y.context && x.key == y.key),
                    "{:?} is bound twice in {:?}",
                    x.key,
                    x.context
                );
            }
        }
    }
}
