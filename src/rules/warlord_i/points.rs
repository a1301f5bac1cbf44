//! Attrition and disorder points on a unit's state (Rules 12, 15, 16, 18):
//! gaining them (a DP is an AP, WI-8), taking them away (DPs first), who may
//! recuperate (Rule 15, WI-9), and removing bases at 6 APs, or 4 for a unit
//! that cannot recuperate, as often as they allow (Rules 13, 16, WI-10).
//! Also what a result leaves to be done next (`next` of the cases).

use super::unit::{Activity, Morale, UnitState};
use crate::rules::explain::{Explanation, cite};
use crate::rules::named::Named;
use serde::Serialize;

/// What a result leaves to be done, in order (README `next`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    /// An instant recoil move (IRMR).
    Recoil,
    /// An instant retreat move (IRMD).
    Retreat,
    /// An instant follow-up move (IFUM).
    FollowUp,
    /// Withdraw in disorder (Rule 62, a failed initiative).
    WithdrawInDisorder,
    /// A waver test is due (Rule 58).
    WaverTest,
    /// The unit's last base is gone: it is destroyed, a disaster (WI-10, WI-12).
    Destroyed,
    /// The loser surrendered: it leaves the table, the winner takes it prisoner (WI-20).
    Prisoners,
}

impl Next {
    /// As the cases write it.
    pub fn name(self) -> &'static str {
        match self {
            Next::Recoil => "recoil",
            Next::Retreat => "retreat",
            Next::FollowUp => "follow_up",
            Next::WithdrawInDisorder => "withdraw_in_disorder",
            Next::WaverTest => "waver_test",
            Next::Destroyed => "destroyed",
            Next::Prisoners => "prisoners",
        }
    }
}

/// Whether a unit may recuperate now (Rule 15, WI-9): steady, and not
/// charging, counter-charging, being charged, evading, pursuing, looting or
/// in melee. Reckless, dispersed and worse are not steady.
pub fn may_recuperate(morale: Morale, activity: &[Activity]) -> bool {
    morale == Morale::Steady
        && !activity.iter().any(|a| {
            matches!(
                a,
                Activity::Charging
                    | Activity::CounterCharging
                    | Activity::BeingCharged
                    | Activity::Evading
                    | Activity::Pursuing
                    | Activity::Looting
                    | Activity::InMelee
            )
        })
}

/// Why a unit may not recuperate, in words, or `None` if it may (Rule 15, WI-9).
pub fn why_not_recuperate(morale: Morale, activity: &[Activity]) -> Option<String> {
    if morale != Morale::Steady {
        return Some(format!("it is {morale}, not steady"));
    }
    activity
        .iter()
        .find(|a| !matches!(a, Activity::Advancing))
        .map(|a| format!("it is {}", a.name().replace('_', " ")))
}

/// The APs at which a base goes: 6, or 4 for a unit that cannot recuperate (Rule 16, WI-10).
pub fn threshold(can_recuperate: bool) -> u32 {
    if can_recuperate { 6 } else { 4 }
}

/// Adds `aps` attrition points of which `dps` are disorder points (WI-8).
pub fn gain(state: &mut UnitState, aps: u32, dps: u32) {
    state.aps += aps;
    state.dps += dps.min(aps);
}

/// Takes up to `n` APs away, DPs first (WI-8); returns how many went.
pub fn take_away(state: &mut UnitState, n: u32) -> u32 {
    let gone = n.min(state.aps);
    state.aps -= gone;
    state.dps = state.dps.saturating_sub(gone).min(state.aps);
    gone
}

/// Removes one base for every `threshold` APs, taking 2 APs away after each,
/// while the APs are at least the threshold and bases are left (Rules 13,
/// 16, WI-10). Returns the bases removed; explains each removal.
pub fn remove_bases(state: &mut UnitState, can_recuperate: bool, why: &mut Explanation) -> u32 {
    remove_bases_with(state, can_recuperate, Some(why))
}

/// The bases [`remove_bases`] removes, without the explanation (for odds).
pub fn bases_removed(state: &mut UnitState, can_recuperate: bool) -> u32 {
    remove_bases_with(state, can_recuperate, None)
}

pub(crate) fn remove_bases_with(
    state: &mut UnitState,
    can_recuperate: bool,
    mut why: Option<&mut Explanation>,
) -> u32 {
    let at = threshold(can_recuperate);
    let mut removed = 0;
    while state.aps >= at && state.bases > 0 {
        let before = state.aps;
        state.bases -= 1;
        state.bases_lost += 1;
        take_away(state, 2);
        removed += 1;
        if let Some(why) = why.as_deref_mut() {
            why.line(
                format!(
                    "{before} APs reach {at}{}: a base is removed and 2 APs go, DPs first: {} APs ({} DP), {} bases left",
                    if can_recuperate { "" } else { " (it cannot recuperate)" },
                    state.aps,
                    state.dps,
                    state.bases
                ),
                cite("Rule 16", "WI-10"),
            );
        }
    }
    if state.bases == 0
        && removed > 0
        && let Some(why) = why
    {
        why.line(
            "its last base is gone: the unit is destroyed, a disaster",
            cite("Rule 16", "WI-10, WI-12"),
        );
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{TroopType, Unit};

    fn state(aps: u32, dps: u32, bases: u32) -> UnitState {
        let mut u = Unit::new("U", TroopType::Foot, bases);
        u.aps = aps;
        u.dps = dps;
        u.state()
    }

    #[test]
    fn dps_go_first() {
        let mut s = state(3, 2, 4);
        assert_eq!(take_away(&mut s, 1), 1);
        assert_eq!((s.aps, s.dps), (2, 1));
        assert_eq!(take_away(&mut s, 5), 2, "never below 0 (WI-1)");
        assert_eq!((s.aps, s.dps), (0, 0));
    }

    #[test]
    fn eight_aps_that_cannot_recuperate_remove_three_bases() {
        // WI-10's own example.
        let mut s = state(8, 0, 6);
        let mut why = Explanation::default();
        assert_eq!(remove_bases(&mut s, false, &mut why), 3);
        assert_eq!((s.aps, s.bases, s.bases_lost), (2, 3, 3));
        assert_eq!(why.lines.len(), 3);
        assert!(why.to_string().contains("Rule 16, WI-10"));
        let mut s = state(8, 0, 6);
        assert_eq!(remove_bases(&mut s, true, &mut why), 2, "8 -> 6 -> 4 at 6");
        assert_eq!(s.aps, 4);
    }

    #[test]
    fn the_last_base_destroys_the_unit() {
        let mut s = state(9, 0, 2);
        let mut why = Explanation::default();
        assert_eq!(remove_bases(&mut s, false, &mut why), 2);
        assert_eq!(s.bases, 0);
        assert!(why.to_string().contains("destroyed"));
    }

    #[test]
    fn who_may_recuperate() {
        assert!(may_recuperate(Morale::Steady, &[Activity::Advancing]));
        assert!(!may_recuperate(Morale::Reckless, &[]));
        assert!(!may_recuperate(Morale::Steady, &[Activity::BeingCharged]));
        assert_eq!(
            why_not_recuperate(Morale::Steady, &[Activity::InMelee]).unwrap(),
            "it is in melee"
        );
    }
}
