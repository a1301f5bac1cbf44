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
    /// Notes.
    pub notes: Option<String>,
}
