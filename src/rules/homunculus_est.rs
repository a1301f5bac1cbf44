//! Homunculus Est!, from its quick-reference sheet
//! (`rules/002_e70d793f6d64ff40.txt`), read with the project's rulings
//! (`RULINGS-homunculus-est.md`, cited as HE-numbers). Sections are cited by
//! the sheet's headings in capitals ("COMBAT RESULTS, HE-19").
//!
//! Each procedure is pure and in two phases: its `plan` states what it
//! rolls (which dice, how many) and every modifier with its reason and
//! rule; its `resolve` turns the dice into an outcome with its explanation,
//! the units' (or army's) state `after`, and what the rules require `next`
//! in HE-7's order. The outcome tables are data in `tables`, pinned by tests.

pub mod army;
pub mod call;
pub mod combat;
pub mod command_points;
pub mod discipline;
pub mod eagles;
pub mod failed;
pub mod follow_up;
pub mod general;
pub mod lines;
pub mod manoeuvre;
pub mod movement;
pub mod next;
pub mod push_back;
pub mod sequence;
pub mod shooting;
pub mod tables;
pub mod unit;

pub use army::{Army, ArmyState, CardValues, Cards, Points, Pool};
pub use next::Next;
pub use unit::{Attachment, Characteristic, Class, General, GeneralStatus, LineKind, Unit};

use crate::rules::RulesError;
use crate::rules::house::{HouseOption, HouseValue, Values};

/// HE-10: a card is worth what is drawn and typed; with this option every
/// Setback is worth 1 and every Disaster 2 (for a battle without the decks).
pub const FIXED_CARD_VALUES: HouseOption = HouseOption {
    name: "fixed_card_values",
    words: "fixed card values",
    ruling: "HE-10",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "every Setback Card is worth 1 and every Disaster Card 2, whatever was drawn",
};

/// HE-5.3: each unit is activated once a phase (the ruling's weakest
/// point); with this option a unit may be activated again, the phase ending
/// on a Reversal of Fortune or when the player stops.
pub const REPEAT_ACTIVATIONS: HouseOption = HouseOption {
    name: "repeat_activations",
    words: "repeat activations",
    ruling: "HE-5",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "a unit may be activated again in the same phase; the phase ends on a Reversal of Fortune or when its player stops",
};

/// HE-22: Cataphracts in Cover roll two Defence dice, not three; with this
/// option the two rules add.
pub const STACKING: HouseOption = HouseOption {
    name: "stacking",
    words: "stacking",
    ruling: "HE-22",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "Cataphracts in Cover roll three Defence dice against a shot",
};

/// HE-23: Short of Ammunition is cancelled by a Defence 1 or the chosen
/// natural face; with this option by a 1 only.
pub const NATURAL_ONE_ONLY: HouseOption = HouseOption {
    name: "natural_one_only",
    words: "natural 1 only",
    ruling: "HE-23",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "Short of Ammunition is cancelled only by a Defence die showing 1",
};

/// HE-12: the caller may cancel his call after the reveal; with this
/// option the called player may cancel it, before revealing.
pub const OPPONENT_CANCELS: HouseOption = HouseOption {
    name: "opponent_cancels",
    words: "opponent cancels",
    ruling: "HE-12",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "the called player, not the caller, may cancel a \"Homunculus Est!\" with a Strategy or Generalship Point, before revealing",
};

/// HE-34: a failed Cause Fear entry test stops the unit outside the ZOC and
/// rolls on FAILED DISCIPLINE at -2 (reading (b)); with this option the
/// stop is the whole consequence (reading (a)).
pub const FEAR_STOPS_ONLY: HouseOption = HouseOption {
    name: "fear_stops_only",
    words: "fear stops only",
    ruling: "HE-34",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "a failed Cause Fear entry test only stops the unit outside the ZOC: no FAILED DISCIPLINE roll",
};

/// HE-30: a general killed or seriously wounded empties his army's
/// Generalship pool (the ruling, written for one general); with this option
/// he takes only his own points, the other generals keeping theirs.
pub const OWN_GENERALSHIP: HouseOption = HouseOption {
    name: "own_generalship",
    words: "own generalship",
    ruling: "HE-30",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "a general killed or seriously wounded takes only his own Generalship Points; the army's other generals keep theirs",
};

/// Homunculus Est!'s house options (`rules::house`), one per gap-filling
/// ruling made an option.
pub const HOUSE: &[HouseOption] = &[
    FIXED_CARD_VALUES,
    REPEAT_ACTIVATIONS,
    STACKING,
    NATURAL_ONE_ONLY,
    OPPONENT_CANCELS,
    FEAR_STOPS_ONLY,
    OWN_GENERALSHIP,
];

/// The dice of one named pool of a roll (`movement`, `combat`, `defence` …),
/// taken in the order rolled; a procedure takes exactly what it uses and
/// says so when the count is off (HE-1: re-rolls follow the roll they replace).
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    pool: &'static str,
    faces: &'a [u8],
    used: usize,
}

impl<'a> Draw<'a> {
    /// The dice of `pool`, none taken yet.
    pub fn new(pool: &'static str, faces: &'a [u8]) -> Self {
        Draw {
            pool,
            faces,
            used: 0,
        }
    }

    /// The next `n` dice; `why` says what they are for and where the rules say so.
    pub fn take(&mut self, n: usize, why: &str) -> Result<&'a [u8], RulesError> {
        let have = self.faces.len() - self.used;
        if have < n {
            return Err(RulesError::refused(format!(
                "{why} needs {} more {} dice than were given ({} given in all)",
                n - have,
                self.pool,
                self.faces.len()
            )));
        }
        let out = &self.faces[self.used..self.used + n];
        self.used += n;
        Ok(out)
    }

    /// The next die.
    pub fn one(&mut self, why: &str) -> Result<u8, RulesError> {
        Ok(self.take(1, why)?[0])
    }

    /// Refuses dice left over: a case gives exactly the dice its resolution uses.
    pub fn done(&self) -> Result<(), RulesError> {
        if self.used < self.faces.len() {
            return Err(RulesError::refused(format!(
                "{} {} dice were given but this roll uses {} (HE-1: exactly the dice rolled, re-rolls after the roll they replace)",
                self.faces.len(),
                self.pool,
                self.used
            )));
        }
        Ok(())
    }
}

/// The pool and count a [`Draw`] found short, read back from its refusal
/// (the words are written by [`Draw::take`] just above, so the two cannot
/// drift): the console rolls them and tries again, pool by pool, in the
/// order the rules draw them (HE-1).
pub fn shortfall(e: &RulesError) -> Option<(String, usize)> {
    let RulesError::Refused(why) = e else {
        return None;
    };
    let (_, rest) = why.split_once(" needs ")?;
    let (n, rest) = rest.split_once(" more ")?;
    let (pool, _) = rest.split_once(" dice than were given")?;
    Some((pool.to_string(), n.parse().ok()?))
}

/// Refuses a roll whose dice are not all 1 to 6.
pub(crate) fn check_faces(pool: &str, faces: &[u8]) -> Result<(), RulesError> {
    match faces.iter().find(|f| !(1..=6).contains(*f)) {
        Some(f) => Err(RulesError::refused(format!(
            "a {pool} die shows 1 to 6; {f} is not a die face (HE-1)"
        ))),
        None => Ok(()),
    }
}

/// Faces for an explanation: "4, 5".
pub(crate) fn faces(dice: &[u8]) -> String {
    dice.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether two dice show the same face (HE-1: a "double").
pub(crate) fn double(dice: &[u8]) -> bool {
    dice.len() == 2 && dice[0] == dice[1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_takes_exactly_the_dice_given() {
        let mut d = Draw::new("movement", &[4, 5]);
        assert_eq!(d.one("a Movement Activation").unwrap(), 4);
        assert!(d.done().is_err(), "one die left over");
        assert_eq!(d.one("a re-roll").unwrap(), 5);
        assert!(d.done().is_ok());
        assert!(d.one("another").is_err());
    }

    #[test]
    fn a_short_draw_says_its_pool_and_count() {
        let mut d = Draw::new("defence", &[4]);
        let e = d.take(3, "the defender's Defence dice").unwrap_err();
        assert_eq!(shortfall(&e), Some(("defence".to_string(), 2)));
        assert_eq!(shortfall(&RulesError::refused("a unit is removed")), None);
    }

    #[test]
    fn fixed_card_values_is_off_by_default() {
        assert_eq!(FIXED_CARD_VALUES.default, HouseValue::YesNo(false));
        assert_eq!(HOUSE.len(), 7);
        assert_eq!(REPEAT_ACTIVATIONS.default, HouseValue::YesNo(false));
        // HE-30 empties the whole pool; each general's own is the option.
        assert_eq!(OWN_GENERALSHIP.default, HouseValue::YesNo(false));
    }
}
