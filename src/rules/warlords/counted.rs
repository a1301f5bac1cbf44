//! The "two highest dice" read of a handful (2.2 step 2, 2.6.1 A), and the
//! doubles the rules look for (2.2 step 4, 3.1.3.1).

use crate::dice::Die;

/// Which two dice count, their sum, and whether doubles show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoHighest {
    /// The sum of the two highest dice (one die alone counts by itself).
    pub sum: u32,
    /// Positions of the counted dice in the roll.
    pub counted: [Option<usize>; 2],
    /// The two counted dice show the same number (W-18).
    pub counted_doubles: bool,
    /// Any two of all the dice show the same number, counted or not (W-6).
    pub any_doubles: bool,
}

impl TwoHighest {
    /// Reads a roll. With fewer than two dice the counted ones are what there is.
    pub fn of(dice: &[Die]) -> TwoHighest {
        let mut order: Vec<usize> = (0..dice.len()).collect();
        // Highest first; among equal faces the earlier die counts.
        order.sort_by(|&a, &b| dice[b].cmp(&dice[a]).then(a.cmp(&b)));
        let first = order.first().copied();
        let second = order.get(1).copied();
        let value = |i: Option<usize>| i.map_or(0, |i| u32::from(dice[i].value()));
        let mut seen = [false; 7];
        let mut any_doubles = false;
        for d in dice {
            let v = d.value() as usize;
            any_doubles |= seen[v];
            seen[v] = true;
        }
        TwoHighest {
            sum: value(first) + value(second),
            counted: [first, second],
            counted_doubles: second.is_some() && value(first) == value(second),
            any_doubles,
        }
    }

    /// Whether the die at `index` is one of the two counted.
    pub fn counts(&self, index: usize) -> bool {
        self.counted.contains(&Some(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;

    #[test]
    fn two_highest_and_doubles() {
        let t = TwoHighest::of(&faces(&[5, 2, 5, 1]).unwrap());
        assert_eq!(t.sum, 10);
        assert_eq!(t.counted, [Some(0), Some(2)]);
        assert!(t.counted_doubles && t.any_doubles);
        let t = TwoHighest::of(&faces(&[6, 2, 2]).unwrap());
        assert_eq!(t.sum, 8);
        assert!(!t.counted_doubles, "the 2s are not counted");
        assert!(t.any_doubles, "W-6: uncounted doubles still show");
        let t = TwoHighest::of(&faces(&[4, 3]).unwrap());
        assert!(!t.any_doubles);
    }
}
