//! The referee's corrections of a unit or a CO: the table is the truth.

use super::super::event::{CoCorrection, CoId, Correction, UnitId};
use super::{Entry, State, co_named, named};
use crate::battle::BattleError;
use crate::rules::named::Named;
use crate::rules::warlord_i::unit::ranks_for;

/// The most bases a correction may give a unit (as the unit table allows).
pub const MAX_BASES: u32 = 1000;

/// The most points of one kind a correction may give a unit (as the unit table allows).
pub const MAX_POINTS: u32 = 1000;

/// The most CCPs a correction may give a CO (three dice and every transfer).
pub const MAX_CCPS: u32 = 1000;

fn words<T: Named + PartialEq>(items: &[T]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items
            .iter()
            // In the referee's words: `being charged`, not the file's `being_charged`.
            .map(|a| a.name().replace('_', " "))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl State {
    /// A referee's correction of one unit.
    pub(super) fn correct(
        &mut self,
        id: UnitId,
        c: &Correction,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let slot = self.unit(id)?;
        let before = slot.unit.clone();
        let name = named(&before.name, id);
        let refuse = |why: String| Err(BattleError::Refused(format!("{name}: {why}")));
        let mut after = before.clone();
        let mut removed = slot.removed;
        let (max_bases, max_points) = (MAX_BASES, MAX_POINTS);
        let what = match c {
            Correction::Morale(m) => {
                after.morale = *m;
                format!("morale {m}")
            }
            Correction::Aps(n) => {
                if *n > max_points {
                    return refuse(format!(
                        "{n} APs is more than any unit holds (0 to {max_points})"
                    ));
                }
                after.aps = *n;
                after.dps = after.dps.min(*n);
                format!("{n} AP(s)")
            }
            Correction::Dps(n) => {
                if *n > after.aps {
                    return refuse(format!(
                        "DPs are counted among the APs (WI-8): at most its {} AP(s), not {n}; correct its APs first",
                        after.aps
                    ));
                }
                after.dps = *n;
                format!("{n} DP(s)")
            }
            Correction::Bases(n) => {
                if *n > max_bases {
                    return refuse(format!(
                        "{n} bases is more than any unit has (0 to {max_bases})"
                    ));
                }
                if slot.surrendered {
                    return refuse(
                        "it surrendered and was taken prisoner (WI-20); prisoners do not come back"
                            .to_string(),
                    );
                }
                after.bases = *n;
                after.files = after.files.min((*n).max(1));
                after.ranks = ranks_for(*n, after.files).max(1);
                if *n == 0 {
                    "no bases: destroyed (WI-10)".to_string()
                } else {
                    format!("{n} base(s)")
                }
            }
            Correction::BasesLost(n) => {
                if *n > max_bases {
                    return refuse(format!(
                        "{n} casualty bases is more than any unit has lost (0 to {max_bases})"
                    ));
                }
                after.bases_lost = *n;
                format!("{n} casualty base(s)")
            }
            Correction::Files(n) => {
                if *n == 0 || *n > after.bases.max(1) {
                    return refuse(format!(
                        "files are the bases in its front rank: 1 to {}, not {n}",
                        after.bases.max(1)
                    ));
                }
                after.files = *n;
                after.ranks = ranks_for(after.bases, *n).max(1);
                format!("{n} file(s)")
            }
            Correction::Ranks(n) => {
                if *n == 0
                    || *n > after.bases.max(1)
                    || u64::from(*n) * u64::from(after.files) < u64::from(after.bases)
                {
                    return refuse(format!(
                        "{} bases in {} files make {} to {} ranks, not {n}",
                        after.bases,
                        after.files,
                        ranks_for(after.bases, after.files).max(1),
                        after.bases.max(1)
                    ));
                }
                after.ranks = *n;
                format!("{n} rank(s)")
            }
            Correction::Activity(a) => {
                let mut list: Vec<_> = Vec::new();
                for x in a {
                    if !list.contains(x) {
                        list.push(*x);
                    }
                }
                let in_melee = self.engagements.iter().any(|e| e.opponent_of(id).is_some());
                // In melee follows its engagements, not the correction.
                list.retain(|x| *x != crate::rules::warlord_i::Activity::InMelee);
                if in_melee {
                    list.push(crate::rules::warlord_i::Activity::InMelee);
                }
                after.activity = list;
                format!("doing: {}", words(&after.activity))
            }
            Correction::WaverTested(t) => {
                after.waver_tested = *t;
                if *t {
                    "has taken its waver test this Move".to_string()
                } else {
                    "has not taken its waver test this Move".to_string()
                }
            }
            Correction::Removed(r) => {
                if !*r && slot.lost() {
                    return refuse(if slot.surrendered {
                        "it surrendered and was taken prisoner (WI-20); prisoners do not come back"
                            .to_string()
                    } else {
                        "it has no bases left; correct its bases to bring it back".to_string()
                    });
                }
                removed = *r;
                if *r {
                    "taken off the table".to_string()
                } else {
                    "returned to play".to_string()
                }
            }
        };
        entry.summary = format!("correction: {name}: {what}");
        if removed != slot.removed {
            entry.effects.push(crate::battle::Effect {
                unit: id,
                name: before.name.clone(),
                field: "removed",
                from: slot.removed.to_string(),
                to: removed.to_string(),
                text: format!("{}: {what}", before.name),
                leaves_table: false,
            });
        }
        let s = self.get_mut(id);
        s.unit = after;
        s.removed = removed;
        self.settle(id, &before, entry);
        Ok(())
    }

    /// A referee's correction of one CO.
    pub(super) fn correct_co(
        &mut self,
        id: CoId,
        c: &CoCorrection,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let slot = self.co_state(id)?;
        let name = co_named(&slot.co.name, id);
        let (field, from, to, what) = match c {
            CoCorrection::Status(s) => (
                "status",
                slot.co.status.to_string(),
                s.to_string(),
                s.title().to_string(),
            ),
            CoCorrection::Dispersed(d) => (
                "dispersed",
                slot.co.dispersed.to_string(),
                d.to_string(),
                if *d {
                    "command base dispersed".to_string()
                } else {
                    "command base not dispersed".to_string()
                },
            ),
            CoCorrection::Activity(a) => (
                "activity",
                words(&slot.co.activity),
                words(a),
                format!("doing: {}", words(a)),
            ),
            CoCorrection::Ccps(n) => {
                if *n > MAX_CCPS {
                    return Err(BattleError::Refused(format!(
                        "{name}: {n} CCPs is more than any CO has (0 to {MAX_CCPS})"
                    )));
                }
                (
                    "ccps",
                    slot.ccps.to_string(),
                    n.to_string(),
                    format!("{n} CCPs left"),
                )
            }
        };
        entry.summary = format!("correction: {name}: {what}");
        entry.effects.push(self.co_effect(
            id,
            field,
            from,
            to,
            format!("{}: {what}", slot.co.name),
        ));
        let turn = self.turn;
        let s = self.co_mut(id);
        match c {
            CoCorrection::Status(st) => s.co.status = *st,
            CoCorrection::Dispersed(d) => {
                s.co.dispersed = *d;
                s.dispersed_in = d.then_some(turn);
            }
            CoCorrection::Activity(a) => {
                let mut list = Vec::new();
                for x in a {
                    if !list.contains(x) {
                        list.push(*x);
                    }
                }
                s.co.activity = list;
            }
            CoCorrection::Ccps(n) => s.ccps = *n,
        }
        self.leave_if_lost(id, entry);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::words;
    use crate::rules::warlord_i::Activity;

    #[test]
    fn activities_are_said_in_words() {
        assert_eq!(
            words(&[Activity::BeingCharged, Activity::CounterCharging]),
            "being charged, counter charging"
        );
        assert_eq!(words::<Activity>(&[]), "none");
    }
}
