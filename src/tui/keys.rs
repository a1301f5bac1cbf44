//! Keys and the tables that bind them, for every console: a binding says
//! that in a context a key does an action, with a word for the footer and a
//! line for the help. Each keymap is one table (`tui::warlords::keymap`,
//! `tui::shell_keymap`) that feeds key handling, the footer's hints and the
//! `?` help, so the three never drift apart.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key: its code and whether Ctrl is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held.
    pub ctrl: bool,
}

impl Key {
    /// A plain key.
    pub const fn plain(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }

    /// A character key.
    pub const fn ch(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }

    /// Ctrl and a character.
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
        }
    }

    /// The key of a terminal key event (Shift is folded into the character).
    pub fn of(ev: &KeyEvent) -> Key {
        Key {
            code: ev.code,
            ctrl: ev.modifiers.contains(KeyModifiers::CONTROL),
        }
    }

    /// How the key is written in hints and help.
    pub fn label(self) -> String {
        let base = match self.code {
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Tab => "Tab".to_string(),
            KeyCode::BackTab => "Shift-Tab".to_string(),
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::Backspace => "Backspace".to_string(),
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            other => format!("{other:?}"),
        };
        if self.ctrl {
            format!("Ctrl-{base}")
        } else {
            base
        }
    }
}

/// One binding: in a context `C`, a key does an action `A`.
#[derive(Clone, Copy, Debug)]
pub struct Binding<C, A> {
    /// Where it works.
    pub context: C,
    /// The key.
    pub key: Key,
    /// What it does.
    pub action: A,
    /// A word or two for the footer; empty keeps it out of the footer.
    pub hint: &'static str,
    /// What it does, for the help.
    pub help: &'static str,
}

/// A binding, written short in a keymap's table.
pub const fn bind<C, A>(
    context: C,
    key: Key,
    action: A,
    hint: &'static str,
    help: &'static str,
) -> Binding<C, A> {
    Binding {
        context,
        key,
        action,
        hint,
        help,
    }
}

/// A keymap: its tables, part by part, in the order the footer and help
/// show them (a console keeps each part beside the code of what it drives).
pub type Keymap<C, A> = [&'static [Binding<C, A>]];

/// Every binding of a keymap, part by part.
pub fn all<C, A>(keymap: &'static Keymap<C, A>) -> impl Iterator<Item = &'static Binding<C, A>> {
    keymap.iter().flat_map(|part| part.iter())
}

/// The action a context's own binding gives a key, if it has one.
pub fn find<C: PartialEq + Copy, A: Copy>(
    keymap: &'static Keymap<C, A>,
    context: C,
    key: Key,
) -> Option<A> {
    all(keymap)
        .find(|b| b.context == context && b.key == key)
        .map(|b| b.action)
}

/// A context's bindings that have a footer hint, in the keymap's order.
pub fn hints<C: PartialEq + Copy, A>(
    keymap: &'static Keymap<C, A>,
    context: C,
) -> impl Iterator<Item = &'static Binding<C, A>> {
    all(keymap).filter(move |b| !b.hint.is_empty() && b.context == context)
}

/// A context's keys for the help: one entry per thing done, with every key
/// that does it (`"Esc q"`, "back").
pub fn help_entries<C: PartialEq + Copy, A>(
    keymap: &'static Keymap<C, A>,
    context: C,
) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for b in all(keymap).filter(|b| b.context == context) {
        // Keys doing the same thing share a line.
        if out.iter().any(|(_, h)| *h == b.help) {
            continue;
        }
        let keys: Vec<String> = all(keymap)
            .filter(|o| o.context == context && o.help == b.help)
            .map(|o| o.key.label())
            .collect();
        out.push((keys.join(" "), b.help));
    }
    out
}
