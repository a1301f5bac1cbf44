//! No line on a screen claims an effect that no recorded event holds
//! (issue 24 item 4): scripted Hastings battles are driven by keys, every
//! result screen's claims are gathered, then the battle's events are
//! replayed from the start and each claim must be found in the entries
//! they give for its turn.

#[path = "support/tui.rs"]
mod support;
use herald::tui::warlords::view::resolve;
use support::{hastings, press, screen};

use herald::tui::warlords::action::Answer;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, Procedure};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A line a result screen showed, with the turn it showed it in.
#[derive(Clone, Debug, PartialEq)]
struct Claim {
    turn: u32,
    line: String,
    /// The units the panel was about (the acting one first), by name.
    about: Vec<String>,
}

/// What the replayed events hold for one turn: each entry's summary, its
/// effects and its explanation, in the log's words.
struct Record {
    summaries: Vec<String>,
    effects: Vec<String>,
}

impl Record {
    fn of(app: &App, turn: u32) -> Record {
        let entries: Vec<_> = app
            .battle
            .replay_entries()
            .filter(|e| e.turn == turn)
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
fn unheld(claim: &str, about: &[String], rec: &Record) -> Option<String> {
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
        // A loser Broken already (it fled before) is Broken by no effect of
        // this Melee: its summary says the result (", Broken").
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

/// The lines the open result shows (a rolled panel, or a charge panel
/// with its answer and the shots at the charger), before they wrap to the
/// panel's width at 120 columns.
fn result_lines(app: &App) -> (Vec<String>, Vec<String>) {
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        return (vec![], vec![]);
    };
    if r.rolled.is_none() && !matches!(r.procedure, Procedure::Charge { .. }) {
        return (vec![], vec![]);
    }
    let about = match &r.procedure {
        Procedure::Activation { unit, .. } => vec![*unit],
        Procedure::Charge { unit, target, .. } => vec![*unit, *target],
        Procedure::Reaction { unit, cause, .. } => vec![*unit, *cause],
        Procedure::Melee { a, b, .. } => vec![*a, *b],
        _ => vec![],
    };
    let about = about.into_iter().map(|u| app.name(u)).collect();
    let lines = resolve::lines(app, r, 102)
        .iter()
        .filter_map(|l| {
            let t = l.to_string().trim().to_string();
            let claim = t.starts_with('✓')
                || t.starts_with("changed: ")
                || t.contains(" LOSES")
                || t.contains("loses a morale step: now ")
                || t.contains("goes BERSERK");
            claim.then_some(t)
        })
        .collect();
    (lines, about)
}

/// Drives Hastings from `seed` through `turns` turns: Herald's dice, and
/// a seeded referee who charges, counter-charges, evades, shoots at
/// chargers and follows up now and then. Returns every claim seen.
fn play(seed: u64, turns: u32) -> (App, Vec<Claim>) {
    let mut app = hastings(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut claims: Vec<Claim> = Vec::new();
    let mut last = String::new();
    let mut same = 0;
    for _ in 0..3000 {
        if app.battle.turn() > turns {
            break;
        }
        let key: &str = match app.dialogs.last() {
            None => "Enter",
            Some(Dialog::Resolve(r)) => {
                match (&r.procedure, &r.rolled) {
                    (
                        Procedure::Charge {
                            response: None,
                            answers,
                            ..
                        },
                        None,
                    ) => {
                        let n = answers.len().max(1);
                        match rng.random_range(0..n + 1) {
                            i if i < answers.len() => match answers[i] {
                                Answer::CounterCharge => "r",
                                Answer::Evade => "e",
                                Answer::Stand => "s",
                                Answer::ShootAtCharger => "x",
                            },
                            _ => "x",
                        }
                    }
                    (Procedure::Activation { .. }, Some(x))
                        if x.chosen.is_empty() && rng.random_bool(0.35) =>
                    {
                        "c"
                    }
                    // A reaction's result: the old fault's key first (a
                    // shot at the charger once took `c` as a counter-charge).
                    (Procedure::Reaction { .. }, Some(x))
                        if x.chosen.is_empty() && r.error.is_none() =>
                    {
                        "c"
                    }
                    (Procedure::Activation { .. }, Some(x))
                        if x.chosen.is_empty() && rng.random_bool(0.15) =>
                    {
                        "m"
                    }
                    _ => "Enter",
                }
            }
            Some(Dialog::FollowUp { .. }) => {
                if rng.random_bool(0.5) {
                    "y"
                } else {
                    "n"
                }
            }
            Some(_) => "Enter",
        };
        press(&mut app, &[key]);
        let (lines, about) = result_lines(&app);
        for line in lines {
            let c = Claim {
                turn: app.battle.turn(),
                line,
                about: about.clone(),
            };
            if !claims.contains(&c) {
                claims.push(c);
            }
        }
        // A refusal leaves the screen as it was: back out of it.
        let now = screen(&app, 120, 40);
        if now == last {
            same += 1;
            if same >= 2 {
                press(&mut app, &["Esc"]);
                same = 0;
            }
        } else {
            same = 0;
        }
        last = now;
    }
    (app, claims)
}

#[test]
fn every_claim_on_a_result_screen_is_held_by_a_recorded_event() {
    let mut seen = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in [3, 11] {
        let (app, claims) = play(seed, 2);
        assert!(app.battle.turn() >= 2, "seed {seed} reached turn 2");
        for turn in 1..=app.battle.turn() {
            let rec = Record::of(&app, turn);
            for c in claims.iter().filter(|c| c.turn == turn) {
                seen += 1;
                kinds.insert(c.line.chars().take(9).collect::<String>());
                if let Some(why) = unheld(&c.line, &c.about, &rec) {
                    panic!(
                        "seed {seed}, turn {turn}: the screen said\n  {}\nbut {why}; the turn's events:\n{}",
                        c.line,
                        rec.summaries.join("\n")
                    );
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} claims seen: {kinds:?}");
}

#[test]
fn the_check_catches_a_counter_charge_no_event_holds() {
    // The old fault (issue 24 item 4): a shot at a charger's result offered
    // `c charge`, and choosing it printed a counter-charge with no event.
    let rec = Record {
        summaries: vec![
            "Norman archers (b5) reacts to the charge of Housecarls of the Dragon (a2): W 6 5: score 12 against width 6, success".to_string(),
        ],
        effects: vec![],
    };
    let line = "✓ charge (2.4.4): counter-charges Housecarls of the Dragon; the two meet halfway (2.4.4.2)";
    let about = [
        "Norman archers".to_string(),
        "Housecarls of the Dragon".to_string(),
    ];
    assert!(unheld(line, &about, &rec).is_some());
    // A counter-charge that was recorded is held.
    let rec = Record {
        summaries: vec![
            "Breton foot (b8) counter-charges Thegns of Wessex (a3): W 6 6: score 12 against width 8, success".to_string(),
        ],
        effects: vec![],
    };
    let about = ["Breton foot".to_string(), "Thegns of Wessex".to_string()];
    let line = "✓ charge (2.4.4): counter-charges Thegns of Wessex; the two meet halfway (2.4.4.2)";
    assert_eq!(unheld(line, &about, &rec), None);
    // A change no event made, and a loser no Melee event has.
    assert!(unheld("changed: Norman foot: ready → broken", &about, &rec).is_some());
    assert!(unheld("Norman foot LOSES: falls back 1 span", &about, &rec).is_some());
}
