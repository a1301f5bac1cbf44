//! A Parker's Warlord roster: its personalities, each with his type, SR
//! (the army list's) and the units of his battle line.

use super::command::Unit;
use super::personality::Personality;

/// A unit of a battle line, with its army-list figures.
#[derive(Clone, Debug, PartialEq)]
pub struct LineUnit {
    /// The unit.
    pub unit: Unit,
    /// The banner unit of the battle line (PW-12).
    pub banner: bool,
    /// The basic cost of each unique command from the army list (maneuver,
    /// shoot, rally), which the text does not give (PW-10).
    pub basic_costs: [Option<i32>; 3],
}

/// A personality and his battle line.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterPersonality {
    /// The personality.
    pub personality: Personality,
    /// The personalities he commands (a Warlord's transfers, PW-8).
    pub commands: Vec<String>,
    /// His battle line: the units under his command (PW-9).
    pub units: Vec<LineUnit>,
}

/// A roster.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Its personalities.
    pub personalities: Vec<RosterPersonality>,
    /// The values its randomizer cards may show, lowest and highest: the
    /// text gives no deck; Herald reads 1 to 10 unless the roster says
    /// (`card_values`; Herald's reading P-1).
    pub card_values: Option<(u32, u32)>,
    /// Notes.
    pub notes: Option<String>,
}

/// The values a randomizer card may show when the roster does not say
/// (Herald's reading P-1, `docs/readings-parkers-warlord.md`).
pub const CARD_VALUES: (u32, u32) = (1, 10);

impl Roster {
    /// The values its cards may show: the roster's, or 1 to 10 (P-1).
    pub fn card_range(&self) -> (u32, u32) {
        self.card_values.unwrap_or(CARD_VALUES)
    }
}
