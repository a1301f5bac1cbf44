//! A unit's stable id in a battle of any system: its side and its place in
//! that side's list, written `a1`, `b12`.

use crate::rules::Side;
use std::fmt;

/// A unit's stable id: its side and its place in that side's unit list
/// (army by army, contingent by contingent, as the files list them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId {
    /// The side it fights on.
    pub side: Side,
    /// Its place in the side's list, from 0.
    pub index: usize,
}

impl UnitId {
    /// The id of unit `index` (from 0) of `side`.
    pub fn new(side: Side, index: usize) -> UnitId {
        UnitId { side, index }
    }

    /// Reads the written form `a1`, `b12` (side letter, place from 1).
    pub fn parse(text: &str) -> Option<UnitId> {
        let mut chars = text.chars();
        let side = match chars.next()? {
            'a' => Side::A,
            'b' => Side::B,
            _ => return None,
        };
        let rest = chars.as_str();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let n: usize = rest.parse().ok()?;
        Some(UnitId::new(side, n - 1))
    }
}

impl fmt::Display for UnitId {
    /// The written form: side letter and place from 1 (`a1`, `b12`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.name(), self.index + 1)
    }
}
