//! What changed in a Warlord I unit, field by field, in the unit table's
//! words: the log's and the report's lines.

use crate::battle::{Effect, UnitId};
use crate::rules::named::Named;
use crate::rules::warlord_i::Unit;

/// Every change between two states of one unit; `surrendered` when its
/// bases went because it surrendered (WI-20), not by losses.
pub fn diff_effects(id: UnitId, before: &Unit, after: &Unit, surrendered: bool) -> Vec<Effect> {
    let n = after.name.as_str();
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
    if before.morale != after.morale {
        let (a, b) = (before.morale, after.morale);
        push(
            "morale",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b}"),
            false,
        );
    }
    if before.aps != after.aps {
        let d = i64::from(after.aps) - i64::from(before.aps);
        push(
            "aps",
            before.aps.to_string(),
            after.aps.to_string(),
            format!("{n}: {d:+} AP(s), {} now", after.aps),
            false,
        );
    }
    if before.dps != after.dps {
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
        let gone = before.bases > 0 && after.bases == 0;
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
    if before.files != after.files {
        push(
            "files",
            before.files.to_string(),
            after.files.to_string(),
            format!("{n}: {} → {} files", before.files, after.files),
            false,
        );
    }
    if before.ranks != after.ranks {
        push(
            "ranks",
            before.ranks.to_string(),
            after.ranks.to_string(),
            format!("{n}: {} → {} ranks", before.ranks, after.ranks),
            false,
        );
    }
    if before.activity != after.activity {
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
    if before.formation != after.formation {
        let (a, b) = (before.formation, after.formation);
        push(
            "formation",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b}"),
            false,
        );
    }
    if before.waver_tested != after.waver_tested {
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
        let fx = diff_effects(id, &before, &after, false);
        let fields: Vec<&str> = fx.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["morale", "bases", "bases_lost"]);
        assert_eq!(fx.iter().filter(|e| e.leaves_table).count(), 1);
        assert!(fx[1].text.contains("destroyed"));
        let fx = diff_effects(id, &before, &after, true);
        assert!(fx[1].text.contains("prisoner"));
    }
}
