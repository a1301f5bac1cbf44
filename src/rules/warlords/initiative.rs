//! Determining initiative (2.1.1, W-22).

use crate::dice::{Dice, DiceCount};
use crate::rules::explain::{Explanation, cite};
use crate::rules::{RulesError, Side};
use serde::Serialize;

/// The initiative roll-off of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Initiative {
    /// Who had the initiative last turn; `None` on the first turn.
    pub last_holder: Option<Side>,
}

/// Who won the roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeWinner {
    /// One side won.
    Side(Side),
    /// A tie on the first turn: roll again.
    Reroll,
}

impl InitiativeWinner {
    /// As the conformance files write it: "a", "b" or "reroll".
    pub fn name(self) -> &'static str {
        match self {
            InitiativeWinner::Side(s) => s.name(),
            InitiativeWinner::Reroll => "reroll",
        }
    }
}

impl Initiative {
    /// One white die for each side's C-in-C.
    pub fn needs(&self) -> (DiceCount, DiceCount) {
        (DiceCount::white(1), DiceCount::white(1))
    }

    /// The winner for these two dice faces. Odds use this same function.
    pub fn winner(&self, a: u8, b: u8) -> InitiativeWinner {
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => InitiativeWinner::Side(Side::A),
            std::cmp::Ordering::Less => InitiativeWinner::Side(Side::B),
            std::cmp::Ordering::Equal => self
                .last_holder
                .map_or(InitiativeWinner::Reroll, InitiativeWinner::Side),
        }
    }

    /// Turns the two dice into the winner, with the reason.
    pub fn resolve(
        &self,
        a: &Dice,
        b: &Dice,
    ) -> Result<(InitiativeWinner, Explanation), RulesError> {
        let reason = "each side's C-in-C rolls 1 white die (2.1.1)";
        a.expect_exactly(DiceCount::white(1))
            .map_err(|e| RulesError::dice(e, format!("side a: {reason}")))?;
        b.expect_exactly(DiceCount::white(1))
            .map_err(|e| RulesError::dice(e, format!("side b: {reason}")))?;
        let (x, y) = (a.white[0].value(), b.white[0].value());
        let w = self.winner(x, y);
        let mut why = Explanation::default();
        let text = match (w, x == y) {
            (InitiativeWinner::Reroll, _) => {
                format!("a {x} against {y} on the first turn: roll again")
            }
            (InitiativeWinner::Side(s), true) => format!(
                "a tie at {x}: side {} held the initiative last turn and keeps it",
                s.name()
            ),
            (InitiativeWinner::Side(s), false) => {
                format!("a {x} against {y}: side {} has the initiative", s.name())
            }
        };
        why.line(text, cite("2.1.1", "W-22"));
        Ok((w, why))
    }
}
