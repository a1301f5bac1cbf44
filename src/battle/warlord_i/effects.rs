//! What changed in a Warlord I unit, field by field, in the unit table's
//! words: the log's and the report's lines.

use crate::battle::{Effect, UnitId};
use crate::rules::named::Named;
use crate::rules::warlord_i::Unit;

/// Every change between two states of one unit; `surrendered` when its
/// bases went because it surrendered (WI-20), not by losses; `gained` the
/// APs it incurred on the way (0 when none or not known), so a gain eaten
/// by the bases it removed is said, not netted away (WI-10). A unit that
/// left the table is said to leave it, with its casualty bases, and is
/// charged nothing more (issue 33 item 4).
pub fn diff_effects(
    id: UnitId,
    before: &Unit,
    after: &Unit,
    surrendered: bool,
    gained: u32,
) -> Vec<Effect> {
    let n = after.name.as_str();
    let gone = before.bases > 0 && after.bases == 0;
    let mut out = Vec::new();
    let mut push = |field: &'static str, from: String, to: String, text: String, leaves: bool| {
        out.push(Effect {
            unit: id,
            name: n.to_string(),
            field,
            from,
            to,
            text,
            leaves_table: leaves,
        })
    };
    if before.morale != after.morale && !gone {
        let (a, b) = (before.morale, after.morale);
        push(
            "morale",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b}"),
            false,
        );
    }
    // WI-10: APs gained, then 2 taken off with each base removed: each said.
    let eaten = (u64::from(before.aps) + u64::from(gained)).saturating_sub(u64::from(after.aps));
    if gone {
        // Rule 76, WI-20, WI-21 (wi4 F1): a unit leaving the table is
        // charged no APs (issue 33 item 4), but the APs it incurred on the
        // way (a surrender's points above 4) are said, since its general's
        // wounding roll counts them: the record holds every AP it counts.
        if gained > 0 {
            push(
                "aps_incurred",
                before.aps.to_string(),
                (u64::from(before.aps) + u64::from(gained)).to_string(),
                format!(
                    "{n}: incurred +{gained} AP(s) as it left the table (its general's wounding roll counts them, WI-21)"
                ),
                false,
            );
        }
    } else if gained > 0 && eaten > 0 && after.bases < before.bases {
        push(
            "aps",
            before.aps.to_string(),
            after.aps.to_string(),
            format!(
                "{n}: +{gained} AP(s), {eaten} taken off with the base(s) removed (WI-10): {} now",
                after.aps
            ),
            false,
        );
    } else if before.aps != after.aps {
        let d = i64::from(after.aps) - i64::from(before.aps);
        push(
            "aps",
            before.aps.to_string(),
            after.aps.to_string(),
            format!("{n}: {d:+} AP(s), {} now", after.aps),
            false,
        );
    }
    if before.dps != after.dps && !gone {
        let d = i64::from(after.dps) - i64::from(before.dps);
        push(
            "dps",
            before.dps.to_string(),
            after.dps.to_string(),
            format!("{n}: {d:+} DP(s), {} of its APs now", after.dps),
            false,
        );
    }
    if before.bases != after.bases {
        // WI-10, WI-20: the last base gone, or a surrender, takes it off the table.
        let text = if gone && surrendered {
            format!("{n}: surrenders; the enemy takes it prisoner (WI-20)")
        } else if gone {
            format!("{n}: its last base is gone: destroyed (WI-10)")
        } else if after.bases < before.bases {
            format!(
                "{n}: loses {} base(s), {} left",
                before.bases - after.bases,
                after.bases
            )
        } else {
            format!(
                "{n}: +{} base(s), {} now",
                after.bases - before.bases,
                after.bases
            )
        };
        push(
            "bases",
            before.bases.to_string(),
            after.bases.to_string(),
            text,
            gone,
        );
    }
    if before.bases_lost != after.bases_lost {
        push(
            "bases_lost",
            before.bases_lost.to_string(),
            after.bases_lost.to_string(),
            format!("{n}: {} casualty base(s) in all", after.bases_lost),
            false,
        );
    }
    if before.files != after.files && !gone {
        push(
            "files",
            before.files.to_string(),
            after.files.to_string(),
            format!("{n}: {} → {} files", before.files, after.files),
            false,
        );
    }
    if before.ranks != after.ranks && !gone {
        push(
            "ranks",
            before.ranks.to_string(),
            after.ranks.to_string(),
            format!("{n}: {} → {} ranks", before.ranks, after.ranks),
            false,
        );
    }
    if before.activity != after.activity && !gone {
        let words = |u: &Unit| {
            if u.activity.is_empty() {
                "nothing in particular".to_string()
            } else {
                u.activity
                    .iter()
                    .map(|a| a.name().replace('_', " "))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        push(
            "activity",
            words(before),
            words(after),
            format!("{n}: {}", words(after)),
            false,
        );
    }
    if before.formation != after.formation && !gone {
        let (a, b) = (before.formation, after.formation);
        push(
            "formation",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b}"),
            false,
        );
    }
    if before.waver_tested != after.waver_tested && !gone {
        push(
            "waver_tested",
            before.waver_tested.to_string(),
            after.waver_tested.to_string(),
            if after.waver_tested {
                format!("{n}: tested this Move")
            } else {
                format!("{n}: not tested this Move")
            },
            false,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;
    use crate::rules::warlord_i::{Morale, TroopType};

    #[test]
    fn the_last_base_leaves_the_table_once() {
        let before = Unit::new("Legio", TroopType::Foot, 2);
        let mut after = before.clone();
        after.bases = 0;
        after.bases_lost = 2;
        after.morale = Morale::Shaken;
        let id = UnitId::new(Side::A, 0);
        after.aps = 5;
        let fx = diff_effects(id, &before, &after, false, 7);
        let fields: Vec<&str> = fx.iter().map(|e| e.field).collect();
        // Issue 33 item 4: a unit off the table is charged no APs and no morale.
        // wi4 F1: the APs it incurred on the way are said, not charged.
        assert_eq!(fields, ["aps_incurred", "bases", "bases_lost"]);
        assert!(fx[0].text.contains("incurred +7 AP(s)"));
        assert_eq!(fx.iter().filter(|e| e.leaves_table).count(), 1);
        assert!(fx[1].text.contains("destroyed"));
        let fx = diff_effects(id, &before, &after, true, 0);
        assert!(fx[0].text.contains("prisoner"));
    }

    #[test]
    fn a_gain_eaten_by_bases_removed_is_said() {
        // Issue 33 item 4: 2 APs, 4 hits, two bases removed: 2 APs again.
        let mut before = Unit::new("Legio", TroopType::Foot, 7);
        before.aps = 2;
        let mut after = before.clone();
        after.bases = 5;
        after.bases_lost = 2;
        let fx = diff_effects(UnitId::new(Side::A, 0), &before, &after, false, 4);
        let aps: Vec<&str> = fx
            .iter()
            .filter(|e| e.field == "aps")
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(
            aps,
            ["Legio: +4 AP(s), 4 taken off with the base(s) removed (WI-10): 2 now"]
        );
    }
}
