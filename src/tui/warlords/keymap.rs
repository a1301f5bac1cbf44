//! The one keymap: a table of bindings per context that feeds key handling,
//! the footer's hints and the `?` help, so the three never drift apart.

mod activation;
mod break_off;
mod correct;
mod duty;
mod fight;
mod global;
mod tables;
mod typing;

use super::action::Action;
use crate::tui::keys;
pub use crate::tui::keys::Key;
use ratatui::crossterm::event::KeyCode;

/// Where the referee is: the top dialog, or the tables when none is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Keys that work everywhere unless the top dialog takes the key itself.
    Global,
    /// The unit tables, no dialog open.
    Tables,
    /// A resolve panel before the roll: toggles and dice.
    BeforeRoll,
    /// A resolve panel after the roll: the result and what the unit does.
    AfterRoll,
    /// Typing physical dice.
    TypeDice,
    /// A shot before its roll: style, range, cover.
    Shooting,
    /// A declared charge: the target's answer, then the charge move.
    Charge,
    /// After the charge move: contact or not.
    Contact,
    /// A Melee before its roll: both sides' facts.
    Melee,
    /// A Melee's result: what it offers next.
    MeleeResult,
    /// A Berserk Move: a charge, a random move, or back to Ready (2.4.10, 2.6.3).
    Pursue,
    /// A flight before its roll (2.4.11): obstacles, or nowhere to flee (1.7.3).
    Flee,
    /// The Ready winner's follow-up (2.6.3, W-26).
    FollowUp,
    /// The edge a supporting unit contacts (2.6).
    SupportEdge,
    /// What a unit falling back ran into (2.6.2.1).
    FallBack,
    /// The personalities in the stands the enemy hit (3.1.3.1, W-20).
    HitStands,
    /// Whose stand was lost (3.1.3.2, W-19).
    LostStand,
    /// Breaking off from Melee before the roll (2.4.8).
    BreakOff,
    /// Picking a unit from a table.
    Pick,
    /// Correcting a unit.
    Correct,
    /// Picking a formation.
    Formation,
    /// The help screen.
    Help,
    /// The quick reference for the selected unit.
    Reference,
    /// Asking whether to quit.
    ConfirmQuit,
    /// The summary of the turn just ended.
    Summary,
    /// Writing a note.
    Note,
    /// Going to another step of the turn (2.1).
    GoTo,
}

impl Context {
    /// The heading of this context in the help.
    pub fn title(self) -> &'static str {
        match self {
            Context::Global => "Everywhere",
            Context::Tables => "Unit tables",
            Context::BeforeRoll => "Before a roll",
            Context::AfterRoll => "After a roll",
            Context::TypeDice => "Typing dice",
            Context::Shooting => "Shooting (before the roll)",
            Context::Charge => "A declared charge",
            Context::Contact => "After the charge move",
            Context::Melee => "Melee (before the roll)",
            Context::MeleeResult => "After a Melee",
            Context::Pursue => "A Berserk Move",
            Context::Flee => "A flight (before the roll)",
            Context::FollowUp => "Following up",
            Context::SupportEdge => "A supporting unit's edge",
            Context::FallBack => "Falling back into something",
            Context::HitStands => "Personalities in the stands hit",
            Context::LostStand => "Whose stand was lost",
            Context::BreakOff => "Breaking off (before the roll)",
            Context::Pick => "Picking a unit",
            Context::Correct => "Correcting a unit",
            Context::Formation => "Picking a formation",
            Context::Help => "Help",
            Context::Reference => "The quick reference",
            Context::ConfirmQuit => "Quit?",
            Context::Summary => "The turn's summary",
            Context::Note => "Writing a note",
            Context::GoTo => "Going to another step",
        }
    }

    /// Whether keys this context has no binding for go on to the global keys.
    /// Text fields keep every key for themselves (only Ctrl-C passes).
    pub fn passes_on(self) -> bool {
        !matches!(
            self,
            Context::TypeDice | Context::ConfirmQuit | Context::Note
        )
    }
}

/// One binding of the Warlords console.
pub type Binding = keys::Binding<Context, Action>;

const fn b(
    context: Context,
    key: Key,
    action: Action,
    hint: &'static str,
    help: &'static str,
) -> Binding {
    keys::bind(context, key, action, hint, help)
}

/// The whole keymap: each part sits beside the code of what it drives
/// (`keymap/fight.rs` with `app/fight.rs` and `view/fight.rs`), in the order
/// the footer and help show them.
pub const KEYMAP: &keys::Keymap<Context, Action> = &[
    tables::KEYS,
    activation::KEYS,
    break_off::KEYS,
    fight::KEYS,
    duty::KEYS,
    typing::KEYS,
    correct::KEYS,
    global::KEYS,
];

/// Every binding, part by part.
pub fn bindings() -> impl Iterator<Item = &'static Binding> {
    keys::all(KEYMAP)
}

/// The action a key does in a context: the context's own binding, then
/// (when the context passes keys on) the global one. Text fields turn
/// digits, spaces and commas into input.
pub fn lookup(context: Context, key: Key) -> Option<Action> {
    let find = |ctx: Context| keys::find(KEYMAP, ctx, key);
    if let Some(a) = find(context) {
        return Some(a);
    }
    if key == Key::ctrl('c') {
        return Some(Action::ForceQuit);
    }
    if matches!(context, Context::TypeDice | Context::Note) {
        return match key.code {
            KeyCode::Char(c) if !key.ctrl => Some(Action::Input(c)),
            _ => None,
        };
    }
    // A face typed on a panel that takes typed dice starts typing them.
    if let KeyCode::Char(c @ '1'..='6') = key.code
        && !key.ctrl
        && keys::find(KEYMAP, context, Key::ch('t')) == Some(Action::TypeDice)
    {
        return Some(Action::Input(c));
    }
    // A unit's id: its number on the tables, `b10` or `10` in a picker.
    if let KeyCode::Char(c) = key.code
        && !key.ctrl
        && (c.is_ascii_digit()
            && matches!(context, Context::Tables | Context::Pick | Context::FallBack)
            || matches!(c, 'a' | 'b' | 'A' | 'B')
                && matches!(context, Context::Pick | Context::FallBack))
    {
        return Some(Action::Jump(c));
    }
    if context.passes_on() {
        return find(Context::Global);
    }
    None
}

/// The bindings of a context as the footer shows them (with hints), then the
/// global ones when the context passes keys on.
pub fn hints(context: Context) -> impl Iterator<Item = &'static Binding> {
    let global = context.passes_on();
    bindings().filter(move |b| {
        !b.hint.is_empty() && (b.context == context || (global && b.context == Context::Global))
    })
}

/// Every context in the order the help shows them.
pub const CONTEXTS: &[Context] = &[
    Context::Tables,
    Context::BeforeRoll,
    Context::AfterRoll,
    Context::Pick,
    Context::Shooting,
    Context::Charge,
    Context::Contact,
    Context::Melee,
    Context::SupportEdge,
    Context::MeleeResult,
    Context::Pursue,
    Context::Flee,
    Context::FollowUp,
    Context::FallBack,
    Context::HitStands,
    Context::LostStand,
    Context::BreakOff,
    Context::TypeDice,
    Context::Correct,
    Context::Formation,
    Context::Help,
    Context::Reference,
    Context::ConfirmQuit,
    Context::Summary,
    Context::Note,
    Context::GoTo,
    Context::Global,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::warlords::action::Fact;

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        let all: Vec<&Binding> = bindings().collect();
        for (i, x) in all.iter().enumerate() {
            for y in &all[i + 1..] {
                assert!(
                    !(x.context == y.context && x.key == y.key),
                    "{:?} {} bound twice",
                    x.context,
                    x.key.label()
                );
            }
        }
    }

    #[test]
    fn dialogs_take_their_keys_before_the_global_ones() {
        assert_eq!(
            lookup(Context::BeforeRoll, Key::ch('c')),
            Some(Action::Toggle(Fact::Charging))
        );
        assert_eq!(lookup(Context::Tables, Key::ch('c')), Some(Action::Correct));
        assert_eq!(lookup(Context::Tables, Key::ch('u')), Some(Action::Undo));
        assert_eq!(
            lookup(Context::TypeDice, Key::ch('u')),
            Some(Action::Input('u'))
        );
        assert_eq!(
            lookup(Context::TypeDice, Key::ch('4')),
            Some(Action::Input('4'))
        );
        assert_eq!(
            lookup(Context::TypeDice, Key::ctrl('c')),
            Some(Action::ForceQuit)
        );
        assert_eq!(lookup(Context::ConfirmQuit, Key::ch('u')), None);
    }

    #[test]
    fn esc_backs_out_of_every_dialog() {
        for ctx in [
            Context::BeforeRoll,
            Context::AfterRoll,
            Context::TypeDice,
            Context::Correct,
            Context::Formation,
            Context::Help,
            Context::Reference,
            Context::Pick,
            Context::Shooting,
            Context::Charge,
            Context::Contact,
            Context::Melee,
            Context::MeleeResult,
            Context::Pursue,
            Context::Flee,
            Context::FollowUp,
            Context::SupportEdge,
            Context::FallBack,
            Context::HitStands,
            Context::LostStand,
            Context::BreakOff,
            Context::Summary,
            Context::Note,
            Context::GoTo,
        ] {
            assert_eq!(
                lookup(ctx, Key::plain(KeyCode::Esc)),
                Some(Action::Back),
                "{ctx:?}"
            );
        }
    }
}
