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

/// A personality's status in a mark of at most 3 cells, for tight tables.
pub fn status_short(s: PersonalityStatus) -> &'static str {
    match s {
        PersonalityStatus::Active => "",
        PersonalityStatus::Wounded => "(w)",
        PersonalityStatus::Captured => "(c)",
        PersonalityStatus::Killed => "(†)",
        PersonalityStatus::Escaped => "(e)",
    }
}

/// A unit's ranks as they stand: `4×2` when every rank is as wide, else
/// each rank (`4-4-2`, a 4-4-2 schiltron is not 4×3), or `5×3+1` when
/// more than three ranks end in a short one.
pub fn ranks(ranks: &[u32]) -> String {
    let Some(&front) = ranks.first() else {
        return "—".to_string();
    };
    if ranks.iter().all(|r| *r == front) {
        return format!("{front}×{}", ranks.len());
    }
    let body = &ranks[..ranks.len() - 1];
    if ranks.len() > 3 && body.iter().all(|r| *r == front) {
        return format!("{front}×{}+{}", body.len(), ranks[ranks.len() - 1]);
    }
    ranks
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
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
