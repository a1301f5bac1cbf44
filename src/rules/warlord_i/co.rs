//! A commanding officer (Rules 27-37, 99): his stars, whether he is the
//! C-in-C, his wounds (Rule 99), a dispersed command base and what he is
//! doing, which cost him dice in a command test (Rule 29, WI-4).

use crate::named_enum;

/// A general's state after Rule 99's wounding roll (WI-21), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum CoStatus {
    /// Unhurt.
    #[default]
    Well,
    /// Wounded: -1 a die (Rule 29).
    Wounded,
    /// Badly ("seriously") wounded: -2 a die (Rule 29, WI-4).
    BadlyWounded,
    /// Captured: -2 a die; his base is lost (WI-4).
    Captured,
    /// Killed: -2 a die; his base is lost (WI-4).
    Killed,
}
named_enum!(CoStatus {
    "well" => CoStatus::Well,
    "wounded" => CoStatus::Wounded,
    "badly_wounded" => CoStatus::BadlyWounded,
    "captured" => CoStatus::Captured,
    "killed" => CoStatus::Killed,
});

impl CoStatus {
    /// His command base is lost: captured or killed (WI-4, WI-6).
    pub fn base_lost(self) -> bool {
        matches!(self, CoStatus::Captured | CoStatus::Killed)
    }

    /// In words.
    pub fn title(self) -> &'static str {
        match self {
            CoStatus::Well => "well",
            CoStatus::Wounded => "wounded",
            CoStatus::BadlyWounded => "badly wounded",
            CoStatus::Captured => "captured",
            CoStatus::Killed => "killed",
        }
    }
}

/// What a CO is doing that costs his command test a point a die (Rule 29, WI-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoActivity {
    /// Wavering.
    Wavering,
    /// Routed.
    Routed,
    /// In melee.
    InMelee,
    /// Evading.
    Evading,
    /// Pursuing.
    Pursuing,
    /// Reckless.
    Reckless,
}
named_enum!(CoActivity {
    "wavering" => CoActivity::Wavering,
    "routed" => CoActivity::Routed,
    "in_melee" => CoActivity::InMelee,
    "evading" => CoActivity::Evading,
    "pursuing" => CoActivity::Pursuing,
    "reckless" => CoActivity::Reckless,
});

/// A commanding officer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Co {
    /// His name.
    pub name: String,
    /// Stars, 1 to 3: one die each in a command test (Rule 29).
    pub stars: u8,
    /// The army's commander-in-chief.
    pub c_in_c: bool,
    /// Wounds (Rule 99).
    pub status: CoStatus,
    /// His command base is dispersed (Rule 99, 7).
    pub dispersed: bool,
    /// What he is doing.
    pub activity: Vec<CoActivity>,
}

/// The CO fields an outcome changes (`after.co` of the cases).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CoState {
    /// Wounds.
    pub status: CoStatus,
    /// Command base dispersed.
    pub dispersed: bool,
}

impl CoState {
    /// Writes this state into `co`.
    pub fn apply(&self, co: &mut Co) {
        co.status = self.status;
        co.dispersed = self.dispersed;
    }
}

impl Co {
    /// A well divisional CO of `stars` stars, doing nothing in particular.
    pub fn new(name: &str, stars: u8) -> Co {
        Co {
            name: name.to_string(),
            stars,
            c_in_c: false,
            status: CoStatus::Well,
            dispersed: false,
            activity: Vec::new(),
        }
    }

    /// Who acts for him (Rule 29, WI-4): himself, or once he is captured
    /// or killed his successor, who tests with his stars at -2 a die:
    /// `Marcus Licinius Crassus' successor`.
    pub fn acting_name(&self) -> String {
        if self.status.base_lost() {
            successor_of(&self.name)
        } else {
            self.name.clone()
        }
    }

    /// His state as an outcome starts from it.
    pub fn state(&self) -> CoState {
        CoState {
            status: self.status,
            dispersed: self.dispersed,
        }
    }
}

/// The successor of a CO lost (WI-4), in words: `Crassus' successor`,
/// `Surena's successor`.
pub fn successor_of(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}' successor")
    } else {
        format!("{name}'s successor")
    }
}
