//! Odds of a melee round (Rules 76-84, WI-18 to WI-20): side a's margin is
//! its die less b's plus [`Melee::edge`]; each margin goes through
//! [`Melee::verdict`], the very table the round is resolved by.

use super::counted;
use crate::odds::Distribution;
use crate::rules::Side;
use crate::rules::warlord_i::{Melee, MeleeMove, MeleeVerdict, Morale};

/// A melee round before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    /// Side a's score less side b's.
    pub margin: Distribution<i32>,
    /// The difference of the scores.
    pub difference: Distribution<u32>,
    /// The loser: side a, side b, or `None` for equal scores.
    pub loser: Distribution<Option<Side>>,
    /// The loser's points above 4.
    pub extra_aps: Distribution<u32>,
    /// Side a's move.
    pub a_move: Distribution<MeleeMove>,
    /// Side b's move.
    pub b_move: Distribution<MeleeMove>,
    /// Side a's morale after.
    pub a_morale: Distribution<Morale>,
    /// Side b's morale after.
    pub b_morale: Distribution<Morale>,
    /// Side a's APs gained.
    pub a_aps: Distribution<u32>,
    /// Side b's APs gained.
    pub b_aps: Distribution<u32>,
}

/// The odds of `plan`: the 11 differences of two dice (6 - |k| ways each of
/// 36) through [`Melee::verdict`].
pub fn melee(plan: &Melee) -> MeleeOdds {
    let edge = plan.edge();
    let verdicts: Vec<(MeleeVerdict, u64)> = (-5..=5i32)
        .map(|k| (plan.verdict(k + edge), 6 - k.unsigned_abs() as u64))
        .collect();
    let by =
        |f: &dyn Fn(&MeleeVerdict) -> u32| counted(verdicts.iter().map(|(v, w)| (f(v), *w)), 36);
    let side = |s: Side| {
        (
            counted(verdicts.iter().map(|(v, w)| (v.side(s).movement, *w)), 36),
            counted(verdicts.iter().map(|(v, w)| (v.side(s).morale, *w)), 36),
            counted(verdicts.iter().map(|(v, w)| (v.side(s).aps_gained, *w)), 36),
        )
    };
    let (a_move, a_morale, a_aps) = side(Side::A);
    let (b_move, b_morale, b_aps) = side(Side::B);
    MeleeOdds {
        margin: counted(verdicts.iter().map(|(v, w)| (v.margin, *w)), 36),
        difference: by(&|v| v.difference),
        loser: counted(verdicts.iter().map(|(v, w)| (v.loser, *w)), 36),
        extra_aps: by(&|v| v.extra_aps),
        a_move,
        b_move,
        a_morale,
        b_morale,
        a_aps,
        b_aps,
    }
}
