//! Dicing for the order of play (Rule 25 step 1, Rule 26, WI-3): each side
//! rolls one die, no modifiers; the higher wins and chooses to be Player 1
//! (command, recuperation and movement first) or Player 2; equal scores
//! roll again.

use super::{SidesDice, expect_dice};
use crate::dice::DiceCount;
use crate::named_enum;
use crate::rules::explain::{Explanation, cite};
use crate::rules::{RulesError, Side};
use serde::Serialize;

/// What the winner chooses: to move first (Player 1) or second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WinnerMoves {
    /// The winner is Player 1.
    #[default]
    First,
    /// The winner is Player 2.
    Second,
}
named_enum!(WinnerMoves {
    "first" => WinnerMoves::First,
    "second" => WinnerMoves::Second,
});

/// Who won the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderWinner {
    /// One side scored higher.
    Side(Side),
    /// Equal scores: roll again (WI-3).
    Reroll,
}

impl OrderWinner {
    /// As the cases write it: "a", "b" or "reroll".
    pub fn name(self) -> &'static str {
        match self {
            OrderWinner::Side(s) => s.name(),
            OrderWinner::Reroll => "reroll",
        }
    }
}

impl Serialize for OrderWinner {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The roll for the order of play, with the winner's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OrderOfPlay {
    /// Whether the winner moves first or second (the winner's choice, WI-3).
    pub winner_moves: WinnerMoves,
}

/// What the roll came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderOfPlayOutcome {
    /// The winner, or a reroll.
    pub winner: OrderWinner,
    /// Player 1, who commands, recuperates and moves first; `None` on a reroll.
    pub player_1: Option<Side>,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl OrderOfPlay {
    /// The roll with the winner's choice.
    pub fn plan(winner_moves: WinnerMoves) -> OrderOfPlay {
        OrderOfPlay { winner_moves }
    }

    /// One die each side (WI-3).
    pub fn needs(&self) -> (DiceCount, DiceCount) {
        (DiceCount::white(1), DiceCount::white(1))
    }

    /// The winner for two faces: the higher, or a reroll (WI-3). Odds use this.
    pub fn winner(a: u8, b: u8) -> OrderWinner {
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => OrderWinner::Side(Side::A),
            std::cmp::Ordering::Less => OrderWinner::Side(Side::B),
            std::cmp::Ordering::Equal => OrderWinner::Reroll,
        }
    }

    /// Player 1 given the winner and his choice (WI-3).
    pub fn player_1(&self, winner: OrderWinner) -> Option<Side> {
        match (winner, self.winner_moves) {
            (OrderWinner::Side(s), WinnerMoves::First) => Some(s),
            (OrderWinner::Side(s), WinnerMoves::Second) => Some(s.other()),
            (OrderWinner::Reroll, _) => None,
        }
    }

    /// Turns each side's die into the winner and Player 1.
    pub fn resolve(&self, dice: &SidesDice) -> Result<OrderOfPlayOutcome, RulesError> {
        let what = "each side rolls one die for the order of play (Rule 26, WI-3)";
        expect_dice(&dice.a, DiceCount::white(1), &format!("side a: {what}"))?;
        expect_dice(&dice.b, DiceCount::white(1), &format!("side b: {what}"))?;
        let (a, b) = (dice.a.white[0].value(), dice.b.white[0].value());
        let winner = Self::winner(a, b);
        let player_1 = self.player_1(winner);
        let mut why = Explanation::default();
        // Rule 26, WI-3: the higher die wins; equal dice roll again.
        match (winner, player_1) {
            (OrderWinner::Side(w), Some(p1)) => {
                why.line(
                    format!("side a rolls {a}, side b {b}: side {} wins", w.name()),
                    cite("Rule 26", "WI-3"),
                );
                let choice = match self.winner_moves {
                    WinnerMoves::First => "first",
                    WinnerMoves::Second => "second",
                };
                why.line(
                    format!(
                        "side {} chooses to move {choice}: side {} is Player 1 (command, recuperation and movement first)",
                        w.name(),
                        p1.name()
                    ),
                    cite("Rule 25", "WI-3"),
                );
            }
            _ => why.line(
                format!("side a rolls {a}, side b {b}: equal scores roll again"),
                cite("Rule 26", "WI-3"),
            ),
        }
        Ok(OrderOfPlayOutcome {
            winner,
            player_1,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    fn dice(a: u8, b: u8) -> SidesDice {
        SidesDice {
            a: Dice::white(&[a]).unwrap(),
            b: Dice::white(&[b]).unwrap(),
        }
    }

    #[test]
    fn the_winner_chooses() {
        let first = OrderOfPlay::plan(WinnerMoves::First);
        let out = first.resolve(&dice(2, 6)).unwrap();
        assert_eq!(out.winner, OrderWinner::Side(Side::B));
        assert_eq!(out.player_1, Some(Side::B));
        let second = OrderOfPlay::plan(WinnerMoves::Second);
        let out = second.resolve(&dice(2, 6)).unwrap();
        assert_eq!(out.player_1, Some(Side::A));
        assert!(out.explanation.to_string().contains("Rule 25, WI-3"));
    }

    #[test]
    fn equal_dice_roll_again() {
        let out = OrderOfPlay::default().resolve(&dice(4, 4)).unwrap();
        assert_eq!(out.winner, OrderWinner::Reroll);
        assert_eq!(out.player_1, None);
        assert!(out.explanation.to_string().contains("roll again"));
    }

    #[test]
    fn one_die_a_side() {
        let two = SidesDice {
            a: Dice::white(&[4, 5]).unwrap(),
            b: Dice::white(&[1]).unwrap(),
        };
        let e = OrderOfPlay::default().resolve(&two).unwrap_err();
        assert!(e.to_string().contains("side a"), "{e}");
    }
}
