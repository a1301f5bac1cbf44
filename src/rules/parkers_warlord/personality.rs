//! A personality: a Leader or a Warlord, with his SR from the army list,
//! wounds, uncontrolled actions and the command cards in his hand.

use crate::named_enum;

/// A personality's type (PW-4): how many cards he draws and may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PersonalityType {
    /// A Leader: draws 3, holds 3.
    #[default]
    Leader,
    /// A Warlord: draws 5, holds 5, transfers cards (PW-8).
    Warlord,
}
named_enum!(PersonalityType {
    "leader" => PersonalityType::Leader,
    "warlord" => PersonalityType::Warlord,
});

impl PersonalityType {
    /// "Leaders draw 3 cards, Warlords draw 5"; the same is his hand limit (PW-4, PW-7).
    pub fn cards(self) -> u32 {
        match self {
            PersonalityType::Leader => 3,
            PersonalityType::Warlord => 5,
        }
    }

    /// "Leader" or "Warlord".
    pub fn title(self) -> &'static str {
        match self {
            PersonalityType::Leader => "Leader",
            PersonalityType::Warlord => "Warlord",
        }
    }
}

/// A personality as written in a roster or case.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Personality {
    /// His name.
    pub name: String,
    /// Leader or Warlord.
    pub kind: PersonalityType,
    /// His SR from the army list; the text gives none (PW-4).
    pub sr: Option<i32>,
    /// Wounded: -5 to initiative (PW-4).
    pub wounded: bool,
    /// (-) uncontrolled actions he currently has: -1 each (PW-4).
    pub uncontrolled_actions: u32,
    /// Command cards held.
    pub hand: u32,
}
