//! "HOMUNCULUS EST!" (HE-10 to HE-12): the call, the reveal, the sum of
//! the cards against the Army Break Point, and the caller's cancel.

use super::{ArmyState, OPPONENT_CANCELS, Pool};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::HouseValue;

/// What is said of the call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallSituation {
    /// The caller cancels after the reveal with a point of this pool (with
    /// the house option *opponent cancels*: the called player, before it).
    pub cancel: Option<Pool>,
    /// The immediate check on a general's death (RISK TO GENERALS).
    pub immediate: bool,
    /// House option *fixed card values* (HE-10): Setback 1, Disaster 2.
    pub fixed_card_values: bool,
    /// House option *opponent cancels* (HE-12): the called player, not the
    /// caller, may cancel, before revealing.
    pub opponent_cancels: bool,
}

/// A call's outcome.
#[derive(Clone, Debug)]
pub struct CallOutcome {
    /// The call was cancelled (by the caller, or by the called player with
    /// the house option *opponent cancels*).
    pub cancelled: bool,
    /// The called player's cards were revealed (not when he cancelled
    /// before revealing, HE-12 house option).
    pub revealed: bool,
    /// The sum of the revealed cards' values.
    pub points: u32,
    /// The called army is broken and the battle lost.
    pub broken: bool,
    /// The called army is Fatigued afterwards.
    pub fatigued: bool,
    /// The called player may discard one revealed card.
    pub may_discard: bool,
    /// The caller's phase ends (HE-6).
    pub reversal_of_fortune: bool,
    /// The called army afterwards.
    pub army: ArmyState,
    /// The caller afterwards.
    pub caller: ArmyState,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The worth of the cards a player holds (HE-10).
pub fn card_points(army: &ArmyState, fixed: bool) -> u32 {
    if fixed {
        army.cards.setback.len() as u32 + 2 * army.cards.disaster.len() as u32
    } else {
        army.cards.setback.iter().sum::<u32>() + army.cards.disaster.iter().sum::<u32>()
    }
}

/// Resolves a call against `army` by `caller`. A second call in a phase, or a
/// cancel that is not allowed, is refused.
pub fn call(
    army: &ArmyState,
    caller: &ArmyState,
    s: CallSituation,
) -> Result<CallOutcome, RulesError> {
    let mut ex = Explanation::default();
    if !s.immediate && caller.called_this_phase {
        return Err(RulesError::refused(
            "\"Homunculus Est!\" has already been called this phase: once in a phase (HOMUNCULUS EST!, HE-12)",
        ));
    }
    if let Some(pool) = s.cancel {
        if s.immediate {
            return Err(RulesError::refused(
                "the immediate \"Homunculus Est!\" on a general's death cannot be cancelled (HE-12)",
            ));
        }
        if !matches!(pool, Pool::Strategy | Pool::Generalship) {
            return Err(RulesError::refused(
                "a call is cancelled with a Strategy or Generalship Point (COMMAND POINTS, HE-12)",
            ));
        }
        // HE-12: the caller cancels; house option *opponent cancels*: the called player
        let (who, canceller) = if s.opponent_cancels {
            ("the called player", army)
        } else {
            ("the caller", caller)
        };
        if canceller.cancel_used {
            return Err(RulesError::refused(format!(
                "{who} has already cancelled a \"Homunculus Est!\": only once per battle (HE-12)"
            )));
        }
        if canceller.points.get(pool) == 0 {
            return Err(RulesError::refused(format!(
                "{who} has no {pool} Point to cancel the call (HE-12)"
            )));
        }
    }
    let mut after = army.clone();
    let mut caller_after = caller.clone();
    if !s.immediate {
        caller_after.called_this_phase = true;
    }
    if let (Some(pool), true) = (s.cancel, s.opponent_cancels) {
        // HE-12 house option *opponent cancels*: before revealing; the cards stay face down
        *after.points.get_mut(pool) -= 1;
        after.cancel_used = true;
        ex.line(
            format!("the called player spends a {pool} Point to cancel the call before revealing: his cards stay face down; no effect, no Reversal of Fortune"),
            cite("HOMUNCULUS EST!", "HE-12"),
        );
        ex.line(
            OPPONENT_CANCELS.line(HouseValue::YesNo(true)),
            OPPONENT_CANCELS.cite(),
        );
        return Ok(CallOutcome {
            cancelled: true,
            revealed: false,
            points: 0,
            broken: false,
            fatigued: army.fatigued,
            may_discard: false,
            reversal_of_fortune: false,
            army: after,
            caller: caller_after,
            explanation: ex,
        });
    }
    let points = card_points(army, s.fixed_card_values);
    let bp = army.break_point;
    // HE-10: the values, face down until now, are said as they are revealed
    let listed = |v: &[u32]| {
        if v.is_empty() || s.fixed_card_values {
            String::new()
        } else {
            format!(
                " ({})",
                v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            )
        }
    };
    // "1 Setback Card (1)", "2 Disaster Cards (3, 2)": a number and its noun agree.
    let counted = |kind: &str, v: &[u32]| {
        let s = if v.len() == 1 { "" } else { "s" };
        format!("{} {kind} Card{s}{}", v.len(), listed(v))
    };
    ex.line(
        format!(
            "the called player reveals {} and {} worth {points}{}",
            counted("Setback", &army.cards.setback),
            counted("Disaster", &army.cards.disaster),
            if s.fixed_card_values {
                " (house option 'fixed card values': Setback 1, Disaster 2)"
            } else {
                ""
            }
        ),
        cite("HOMUNCULUS EST!", "HE-10, HE-12"),
    );
    let mut out = CallOutcome {
        cancelled: false,
        revealed: true,
        points,
        broken: false,
        fatigued: army.fatigued,
        may_discard: false,
        reversal_of_fortune: false,
        army: after.clone(),
        caller: caller_after.clone(),
        explanation: Explanation::default(),
    };
    if let Some(pool) = s.cancel {
        *caller_after.points.get_mut(pool) -= 1;
        caller_after.cancel_used = true;
        out.cancelled = true;
        ex.line(format!("the caller spends a {pool} Point to cancel the call: no effect, no Reversal of Fortune"), cite("HOMUNCULUS EST!", "HE-12"));
        out.caller = caller_after;
        out.explanation = ex;
        return Ok(out);
    }
    if points >= bp {
        out.broken = true;
        ex.line(format!("{points} is at or above the Army Break Point {bp}: the army is broken and the battle lost"), cite("HOMUNCULUS EST!", "HE-12"));
    } else {
        if points * 2 >= bp {
            after.fatigued = true;
            out.fatigued = true;
            ex.line(format!("{points} is below the Army Break Point {bp} but at least half: not broken, all units become Fatigued"), cite("HOMUNCULUS EST!", "HE-11, HE-12"));
        } else {
            ex.line(
                format!("{points} is below half the Army Break Point {bp}: not broken"),
                cite("HOMUNCULUS EST!", "HE-12"),
            );
        }
        if s.immediate {
            ex.line(
                "the immediate call on a general's death: no discard, no Reversal of Fortune",
                cite("RISK TO GENERALS", "HE-12"),
            );
        } else {
            out.may_discard = true;
            out.reversal_of_fortune = true;
            ex.line("the called player may discard one revealed card; the caller suffers a Reversal of Fortune", cite("HOMUNCULUS EST!", "HE-6, HE-12"));
        }
    }
    out.army = after;
    out.caller = caller_after;
    out.explanation = ex;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::{CardValues, Points};

    fn army(bp: u32, s: &[u32], d: &[u32]) -> ArmyState {
        ArmyState {
            break_point: bp,
            cards: CardValues {
                setback: s.to_vec(),
                disaster: d.to_vec(),
            },
            ..Default::default()
        }
    }

    #[test]
    fn three_outcomes() {
        let c = ArmyState::default();
        let o = call(&army(6, &[3, 3], &[]), &c, CallSituation::default()).unwrap();
        assert!(o.broken && !o.reversal_of_fortune && !o.may_discard);
        let o = call(&army(10, &[2, 3], &[]), &c, CallSituation::default()).unwrap();
        assert!(!o.broken && o.fatigued && o.reversal_of_fortune);
        let o = call(&army(10, &[2, 2], &[]), &c, CallSituation::default()).unwrap();
        assert!(!o.fatigued && o.may_discard && o.reversal_of_fortune);
    }

    #[test]
    fn the_reveal_counts_each_kind_in_good_english() {
        let c = ArmyState::default();
        let o = call(&army(10, &[2], &[3, 1]), &c, CallSituation::default()).unwrap();
        let words: Vec<String> = o.explanation.lines.iter().map(|l| l.text.clone()).collect();
        assert!(
            words
                .iter()
                .any(|l| l.contains("reveals 1 Setback Card (2) and 2 Disaster Cards (3, 1) worth")),
            "{words:?}"
        );
    }

    #[test]
    fn fixed_values_and_cancel() {
        let a = army(5, &[7, 7], &[9]);
        assert_eq!(card_points(&a, true), 4);
        let caller = ArmyState {
            points: Points {
                strategy: 1,
                ..Default::default()
            },
            ..Default::default()
        };
        let s = CallSituation {
            cancel: Some(Pool::Strategy),
            ..Default::default()
        };
        let o = call(&a, &caller, s).unwrap();
        assert!(o.cancelled && !o.broken && o.caller.points.strategy == 0 && o.caller.cancel_used);
        assert!(call(&a, &o.caller, s).is_err());
    }

    #[test]
    fn opponent_cancels_moves_the_cancel_to_the_called_player_before_the_reveal() {
        let strategy = |n| Points {
            strategy: n,
            ..Default::default()
        };
        let called = ArmyState {
            points: strategy(1),
            ..army(5, &[3, 3], &[])
        };
        let caller = ArmyState {
            points: strategy(1),
            ..Default::default()
        };
        let s = CallSituation {
            cancel: Some(Pool::Strategy),
            ..Default::default()
        };
        // HE-12: the caller cancels after the reveal, with his own point
        let o = call(&called, &caller, s).unwrap();
        assert!(o.cancelled && o.revealed && o.points == 6);
        assert_eq!((o.caller.points.strategy, o.army.points.strategy), (0, 1));
        // house option: the called player cancels before revealing, with his
        let house = CallSituation {
            opponent_cancels: true,
            ..s
        };
        let o = call(&called, &caller, house).unwrap();
        assert!(o.cancelled && !o.revealed && !o.broken && !o.reversal_of_fortune);
        assert_eq!((o.caller.points.strategy, o.army.points.strategy), (1, 0));
        assert!(o.army.cancel_used && !o.caller.cancel_used && o.caller.called_this_phase);
        assert!(
            o.explanation
                .lines
                .iter()
                .any(|l| l.text.contains("opponent cancels"))
        );
        assert!(
            !o.explanation.lines.iter().any(|l| l.text.contains("worth")),
            "no values said"
        );
        // the called player's point and once a battle are his
        let poor = ArmyState {
            points: strategy(0),
            ..called.clone()
        };
        assert!(call(&poor, &caller, house).is_err());
        assert!(call(&o.army, &ArmyState::default(), house).is_err());
        // without a cancel the option changes nothing
        let plain = CallSituation {
            opponent_cancels: true,
            ..Default::default()
        };
        let o = call(&called, &caller, plain).unwrap();
        assert!(o.broken && o.revealed);
    }

    #[test]
    fn immediate_call_no_discard_no_reversal() {
        let s = CallSituation {
            immediate: true,
            ..Default::default()
        };
        let o = call(&army(10, &[5], &[]), &ArmyState::default(), s).unwrap();
        assert!(o.fatigued && !o.may_discard && !o.reversal_of_fortune);
    }
}
