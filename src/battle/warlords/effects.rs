//! What changed in a Warlords unit, field by field, in the unit table's
//! words: the log's and the report's lines.

use crate::battle::{Effect, UnitId};
use crate::rules::warlords::unit::{Morale, Unit};

/// Every change between two states of one unit.
pub fn diff_effects(id: UnitId, before: &Unit, after: &Unit) -> Vec<Effect> {
    let n = after.name.as_str();
    let mut out = Vec::new();
    let mut push = |field: &'static str, from: String, to: String, text: String| {
        out.push(Effect {
            unit: id,
            name: n.to_string(),
            field,
            from,
            to,
            text,
            // 1.7.4: a Dispersed unit leaves the table.
            leaves_table: field == "morale" && after.morale == Morale::Dispersed,
        })
    };
    let delta = |a: u32, b: u32| i64::from(b) - i64::from(a);
    if before.morale != after.morale {
        let (a, b) = (before.morale, after.morale);
        push(
            "morale",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b}"),
        );
    }
    let count = |field, a: u32, b: u32, text: String| (field, a.to_string(), b.to_string(), text);
    let mut counts = Vec::new();
    if before.casualties != after.casualties {
        let d = delta(before.casualties, after.casualties);
        let text = if d >= 0 {
            format!("{n}: +{d} casualty figure(s)")
        } else {
            format!("{n}: {d} casualty figure(s)")
        };
        counts.push(count(
            "casualties",
            before.casualties,
            after.casualties,
            text,
        ));
    }
    if before.stands != after.stands {
        let d = delta(before.stands, after.stands);
        let text = if d < 0 {
            format!("{n}: loses {} stand(s)", -d)
        } else {
            format!("{n}: +{d} stand(s)")
        };
        counts.push(count("stands", before.stands, after.stands, text));
    }
    if before.champions != after.champions {
        let d = delta(before.champions, after.champions);
        let text = if d >= 0 {
            format!("{n}: +{d} champion(s)")
        } else {
            format!("{n}: loses {} champion(s)", -d)
        };
        counts.push(count("champions", before.champions, after.champions, text));
    }
    for (field, from, to, text) in counts {
        push(field, from, to, text);
    }
    if before.formation != after.formation {
        let (a, b) = (before.formation, after.formation);
        push(
            "formation",
            a.to_string(),
            b.to_string(),
            format!("{n}: {} → {}", a.title(), b.title()),
        );
    }
    if before.files != after.files {
        let (a, b) = (before.files, after.files);
        push(
            "files",
            a.to_string(),
            b.to_string(),
            format!("{n}: {a} → {b} files"),
        );
    }
    if before.moving != after.moving {
        let text = if after.moving {
            format!("{n}: moving")
        } else {
            format!("{n}: stopped")
        };
        push(
            "moving",
            before.moving.to_string(),
            after.moving.to_string(),
            text,
        );
    }
    if before.pavises_deployed != after.pavises_deployed {
        let text = if after.pavises_deployed {
            format!("{n}: pavises deployed")
        } else {
            format!("{n}: pavises taken up")
        };
        push(
            "pavises",
            before.pavises_deployed.to_string(),
            after.pavises_deployed.to_string(),
            text,
        );
    }
    for (p, q) in before.personalities.iter().zip(&after.personalities) {
        if p.status != q.status {
            let text = format!("{} ({n}): {}", q.name, q.status);
            push(
                "personality",
                p.status.to_string(),
                q.status.to_string(),
                text,
            );
        }
    }
    out
}
