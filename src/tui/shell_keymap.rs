//! The shell's own keys, the same for every rule system: the start screen,
//! and what a failed save asks (NOT SAVED, and the path to write the battle
//! to instead). One table feeds the keys, the hints and the help.

use super::keys::{Binding, Key, Keymap, bind, find};
use ratatui::crossterm::event::KeyCode;

/// Where the shell takes the keys itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShellContext {
    /// The start screen.
    Start,
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
            ShellContext::NotSaved => "NOT SAVED",
            ShellContext::SavePath => "Write the battle elsewhere",
        }
    }
}

/// What a key does in the shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellAction {
    /// Start a new battle of Hastings (start screen).
    NewBattle,
    /// Resume the most recent save (start screen).
    Resume,
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
        A::NewBattle,
        "new battle of Hastings",
        "start a new battle of Hastings (1066) from armies/",
    ),
    bind(
        C::Start,
        Key::ch('r'),
        A::Resume,
        "resume",
        "resume the most recent save",
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
    match (context, key.code) {
        (C::SavePath, KeyCode::Char(c)) if !key.ctrl => Some(A::Input(c)),
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
    }
}
