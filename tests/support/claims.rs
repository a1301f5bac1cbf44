//! The one checker of what result panels claim (issue 36): every system's
//! console gives the claims of its open result through
//! `Screen::claims`; the battle's events are replayed from the start and
//! each claim must be held by the entries they give.

#![allow(dead_code)]

use herald::battle::{Battle, RuleSystem};
use herald::tui::screen::Claim;

/// Why a claim of the open result is not held by the battle's record, or
/// `None` when it is; `turn` is the turn the battle is in.
pub fn unheld<S: RuleSystem>(claim: &Claim, battle: &Battle<S>, turn: u32) -> Option<String> {
    let rec = Record::of(battle, turn.saturating_sub(1)..=turn);
    match claim {
        Claim::Summary(s) => {
            let held = rec.summaries.iter().any(|x| x == s);
            (!held).then(|| "no event of this turn or the last has this summary".to_string())
        }
        Claim::Change(c) => {
            let held = rec.effects.iter().any(|x| x == c);
            (!held).then(|| "no event of this turn or the last made this change".to_string())
        }
        Claim::Line { line, about } => unheld_line(line, about, &rec),
    }
}

/// What the replayed events hold for one turn: each entry's summary, its
/// effects and its explanation, in the log's words.
pub struct Record {
    /// Each entry's summary.
    pub summaries: Vec<String>,
    /// Each change an entry lists, as the log says it.
    pub effects: Vec<String>,
}

impl Record {
    /// The entries of a battle replayed from its first event, of the
    /// turns `turns` (the turn a result was shown in and the one before:
    /// the last step of a turn shows its result in the next).
    pub fn of<S: RuleSystem>(battle: &Battle<S>, turns: std::ops::RangeInclusive<u32>) -> Record {
        let entries: Vec<_> = battle
            .replay_entries()
            .filter(|e| turns.contains(&e.turn))
            .collect();
        Record {
            summaries: entries.iter().map(|e| e.summary.clone()).collect(),
            effects: entries
                .iter()
                .flat_map(|e| e.effects.iter().map(|f| f.to_string()))
                .collect(),
        }
    }

    fn summary(&self, f: impl Fn(&str) -> bool) -> bool {
        self.summaries.iter().any(|s| f(s))
    }
}

/// A `✓` line: what a choice, an answer or a charge did. Each effect it
/// names must be in an event of the turn; a line naming none of them must
/// end with an event's summary (a choice's note, a shot at the charger).
fn checked(rest: &str, about: &[String], rec: &Record) -> Option<String> {
    // The event is about the panel's units: its summary names them all.
    let ours = |s: &str| about.iter().all(|n| s.contains(&format!("{n} (")));
    let mut named = false;
    let mut need = |what: &str, held: bool| -> Option<String> {
        named = true;
        (!held).then(|| format!("{what}: no such event"))
    };
    // 2.4.4.2: "counter-charges X; the two meet halfway", "they met halfway".
    if rest.contains("meet halfway") || rest.contains("met halfway") {
        let held = rec.summary(|s| {
            ours(s)
                && s.contains(" counter-charges ")
                && (s.contains("success") || s.contains("Berserk"))
        });
        if let Some(why) = need("a counter-charge that met", held) {
            return Some(why);
        }
    }
    if rest.contains("tried to counter-charge and failed") {
        let held =
            rec.summary(|s| ours(s) && s.contains(" counter-charges ") && s.contains("failure"));
        if let Some(why) = need("a counter-charge that failed", held) {
            return Some(why);
        }
    }
    // 2.4.4: standing changes nothing, and no event says it.
    if rest.starts_with("stands to receive the charge") {
        return None;
    }
    // 2.4.7: "evaded: …", "the target evaded: …", "… from X: moves up to …".
    if (rest.contains("evaded") || rest.starts_with("evade")) && !rest.contains("failed to evade") {
        let held = rec.summary(|s| {
            ours(s)
                && s.contains("evade")
                && (s.contains("success") || s.contains("without a roll"))
        });
        if let Some(why) = need("an evade that succeeded", held) {
            return Some(why);
        }
    }
    if rest.contains("failed to evade") {
        let held = rec.summary(|s| ours(s) && s.contains("evade") && s.contains("failure"));
        if let Some(why) = need("a failed evade", held) {
            return Some(why);
        }
    }
    // A charge move: "moved N span(s)".
    if let Some(n) = rest
        .split("moved ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .filter(|n| n.parse::<u32>().is_ok())
    {
        let held = rec.summary(|s| ours(s) && s.contains(&format!("moves {n} span(s)")));
        if let Some(why) = need("a charge move of that length", held) {
            return Some(why);
        }
    }
    // W-25: "in contact with X".
    if let Some(x) = rest
        .split("in contact with ")
        .nth(1)
        .and_then(|t| t.split(':').next())
    {
        let held = rec.summary(|s| s.contains(&format!("makes contact with {x} (")));
        if let Some(why) = need("a contact", held) {
            return Some(why);
        }
    }
    if named || rest.contains("next it must") {
        return None;
    }
    let held = rec.summaries.iter().any(|s| {
        rest == s.as_str()
            || rest
                .match_indices("): ")
                .any(|(i, _)| &rest[i + 3..] == s.as_str())
    });
    (!held).then(|| "no event has this summary".to_string())
}

/// Why a claim is not held by the record, or `None` when it is.
pub fn unheld_line(claim: &str, about: &[String], rec: &Record) -> Option<String> {
    let line = claim.trim();
    if let Some(rest) = line.strip_prefix("✓ ") {
        return checked(rest, about, rec);
    }
    if let Some(e) = line.strip_prefix("changed: ") {
        let held = rec.effects.iter().any(|f| f == e);
        return (!held).then(|| "no event made this change".to_string());
    }
    if let Some((loser, how)) = line.split_once(" LOSES") {
        // 2.6.2: the Melee event's summary names the loser and its fall back.
        let broken = how.contains("BROKEN");
        let falls = how.contains("falls back");
        // The summary says the result (", Broken"), also for a loser Broken
        // already (it fled before), whom no effect of this Melee breaks.
        let held = rec.summary(|s| {
            s.starts_with("Melee:")
                && s.contains(&format!("{loser} loses"))
                && (!falls || s.contains("falls back"))
                && (!broken || s.contains(", Broken"))
        });
        return (!held).then(|| "no Melee event has this loser".to_string());
    }
    if line.contains("loses a morale step: now ") || line.contains("goes BERSERK") {
        let to = if line.contains("goes BERSERK") {
            "berserk".to_string()
        } else {
            line.rsplit("now ").next().unwrap_or("").to_lowercase()
        };
        let held = rec.effects.iter().any(|f| f.ends_with(&format!("→ {to}")));
        return (!held).then(|| format!("no event took a unit to {to}"));
    }
    None
}
