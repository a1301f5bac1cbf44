//! An army for Warlord I: divisions, each under a commanding officer with
//! his stars (Rules 27-37), and their units. Exactly one CO is the C-in-C,
//! who may pass CCPs to the others (Rule 29, WI-5).

use super::co::Co;
use super::unit::Unit;

/// One side's army, as an army file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// A short label for its side on screen.
    pub side: String,
    /// Free notes.
    pub notes: Option<String>,
    /// Its divisions.
    pub divisions: Vec<Division>,
}

/// A division: a CO and the units he commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Division {
    /// The division's name.
    pub name: String,
    /// Its commanding officer.
    pub co: Co,
    /// Its units.
    pub units: Vec<Unit>,
    /// Free notes.
    pub notes: Option<String>,
}

impl Army {
    /// Every unit, division by division.
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.divisions.iter().flat_map(|d| d.units.iter())
    }

    /// The division whose CO is the C-in-C (an army file has exactly one).
    pub fn c_in_c(&self) -> Option<&Division> {
        self.divisions.iter().find(|d| d.co.c_in_c)
    }
}
