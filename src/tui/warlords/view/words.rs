//! The words the screen uses for the rules' values, short and long.

use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::{Formation, Morale, TroopType};
use crate::tui::theme::Tone;

/// Morale as a word ("Ready").
pub fn morale(m: Morale) -> &'static str {
    match m {
        Morale::Berserk => "Berserk",
        Morale::Ready => "Ready",
        Morale::Worn => "Worn",
        Morale::Broken => "Broken",
        Morale::Dispersed => "Dispersed",
    }
}

/// A formation as a word ("March Column").
pub fn formation(f: Formation) -> &'static str {
    match f {
        Formation::Line => "Line",
        Formation::MarchColumn => "March Column",
        Formation::Shieldwall => "Shieldwall",
        Formation::Wedge => "Wedge",
        Formation::Hedgehog => "Hedgehog",
        Formation::Unformed => "Unformed",
    }
}

/// A formation in at most 6 letters, for the tables.
pub fn formation_short(f: Formation) -> &'static str {
    match f {
        Formation::Line => "Line",
        Formation::MarchColumn => "Column",
        Formation::Shieldwall => "Shwall",
        Formation::Wedge => "Wedge",
        Formation::Hedgehog => "Hedgeh",
        Formation::Unformed => "Unform",
    }
}

/// A troop type in at most 5 letters, for the tables.
pub fn troop_short(t: TroopType) -> &'static str {
    match t {
        TroopType::FootSkirmishers => "FtSk",
        TroopType::HorseSkirmishers => "HoSk",
        TroopType::LooseFoot => "Loose",
        TroopType::CloseFoot => "Close",
        TroopType::Cavalry => "Cav",
        TroopType::Pike => "Pike",
    }
}

/// A personality's status as a word.
pub fn status(s: PersonalityStatus) -> &'static str {
    match s {
        PersonalityStatus::Active => "with the unit",
        PersonalityStatus::Wounded => "wounded",
        PersonalityStatus::Captured => "captured",
        PersonalityStatus::Killed => "killed",
        PersonalityStatus::Escaped => "escaped",
    }
}

/// A personality's status as a mark after his name in the tables (none when active).
pub fn status_mark(s: PersonalityStatus) -> &'static str {
    match s {
        PersonalityStatus::Active => "",
        PersonalityStatus::Wounded => " (wnd)",
        PersonalityStatus::Captured => " (capt)",
        PersonalityStatus::Killed => " (†)",
        PersonalityStatus::Escaped => " (esc)",
    }
}

/// The theme's tone of a morale state (1.7).
pub fn tone(m: Morale) -> Tone {
    match m {
        Morale::Berserk => Tone::Wild,
        Morale::Ready => Tone::Steady,
        Morale::Worn => Tone::Shaken,
        Morale::Broken => Tone::Failing,
        Morale::Dispersed => Tone::Gone,
    }
}
