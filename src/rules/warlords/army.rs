//! Organization (1.6): stands into units, units into contingents, each under
//! a king or his general; an army is one side's contingents.

use super::unit::Unit;

/// One side's army, as an army file gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Army {
    /// The army's name ("Anglo-Saxon army of Harold Godwinson").
    pub name: String,
    /// A short label for its side on screen ("English").
    pub side: String,
    /// Its contingents.
    pub contingents: Vec<Contingent>,
    /// Free notes.
    pub notes: Option<String>,
}

/// A contingent: the units of a petty king or general (1.6).
#[derive(Clone, Debug, PartialEq)]
pub struct Contingent {
    /// The contingent's name.
    pub name: String,
    /// The personality who commands it (named among its units' personalities).
    pub general: Option<String>,
    /// Whether its general is the army's C-in-C (who rolls for initiative, 2.1.1).
    pub c_in_c: bool,
    /// Its units.
    pub units: Vec<Unit>,
    /// Free notes.
    pub notes: Option<String>,
}

impl Army {
    /// Every unit of the army, contingent by contingent.
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.contingents.iter().flat_map(|c| c.units.iter())
    }

    /// The contingent holding the C-in-C (the first, if none is marked).
    pub fn c_in_c(&self) -> Option<&Contingent> {
        self.contingents
            .iter()
            .find(|c| c.c_in_c)
            .or(self.contingents.first())
    }
}
