//! The turn (HE-5, HE-6; the sheet has none): two phases, the first
//! player's then the second's; a Reversal of Fortune or the active player's
//! "finished" ends his phase.

use crate::named_enum;
use crate::rules::Side;

/// What ends a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseEnd {
    /// A Reversal of Fortune (HE-6).
    ReversalOfFortune,
    /// The active player has finished (HE-5).
    PhaseFinished,
}
named_enum!(PhaseEnd {
    "reversal_of_fortune" => PhaseEnd::ReversalOfFortune,
    "phase_finished" => PhaseEnd::PhaseFinished,
});

/// Where the battle stands: the turn and the active player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The first player of every turn (HE-5, who starts).
    pub first_player: Side,
    /// The turn, from 1.
    pub turn: u32,
    /// The active player.
    pub active: Side,
}

/// What follows the end of a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterPhase {
    /// The phase has ended (always).
    pub phase_ended: bool,
    /// The turn has ended too.
    pub turn_ended: bool,
    /// Where the battle now stands.
    pub now: Turn,
}

/// Ends the active player's phase for `why` (HE-5 step 4, HE-6): the other
/// player's phase follows; after the second player's, the next turn begins
/// with the first player.
pub fn end_phase(t: Turn, _why: PhaseEnd) -> AfterPhase {
    // HE-5.4: either cause ends the phase the same way
    if t.active == t.first_player {
        AfterPhase {
            phase_ended: true,
            turn_ended: false,
            now: Turn {
                active: t.active.other(),
                ..t
            },
        }
    } else {
        AfterPhase {
            phase_ended: true,
            turn_ended: true,
            now: Turn {
                turn: t.turn + 1,
                active: t.first_player,
                ..t
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_phases_a_turn() {
        let t = Turn {
            first_player: Side::B,
            turn: 3,
            active: Side::B,
        };
        let a = end_phase(t, PhaseEnd::ReversalOfFortune);
        assert_eq!(
            (a.turn_ended, a.now.turn, a.now.active),
            (false, 3, Side::A)
        );
        let b = end_phase(a.now, PhaseEnd::PhaseFinished);
        assert_eq!((b.turn_ended, b.now.turn, b.now.active), (true, 4, Side::B));
    }
}
