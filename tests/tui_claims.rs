//! No line on a screen claims an effect that no recorded event holds
//! (issue 24 item 4): scripted Hastings battles are driven by keys, every
//! result screen's claims are gathered, then the battle's events are
//! replayed from the start and each claim must be found in the entries
//! they give for its turn.

#[path = "support/claims.rs"]
mod claims;
#[path = "support/tui.rs"]
mod support;
use claims::{Record, unheld, unheld_line};
use herald::tui::screen::{Claim as Said, Screen};
use support::{hastings, press, screen};

use herald::tui::warlords::action::Answer;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, Procedure};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A claim a result screen made (`Screen::claims`), with the turn it
/// showed it in.
#[derive(Clone, Debug, PartialEq)]
struct Claim {
    turn: u32,
    said: Said,
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
        for said in Screen::claims(&app) {
            let c = Claim {
                turn: app.battle.turn(),
                said,
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
        for c in &claims {
            let Said::Line { line, .. } = &c.said else {
                panic!("a Warlords result claims in lines: {:?}", c.said);
            };
            seen += 1;
            kinds.insert(line.chars().take(9).collect::<String>());
            if let Some(why) = unheld(&c.said, &app.battle, c.turn) {
                let rec = Record::of(&app.battle, c.turn.saturating_sub(1)..=c.turn);
                panic!(
                    "seed {seed}, turn {}: the screen said\n  {line}\nbut {why}; the turn's events:\n{}",
                    c.turn,
                    rec.summaries.join("\n")
                );
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
    assert!(unheld_line(line, &about, &rec).is_some());
    // A counter-charge that was recorded is held.
    let rec = Record {
        summaries: vec![
            "Breton foot (b8) counter-charges Thegns of Wessex (a3): W 6 6: score 12 against width 8, success".to_string(),
        ],
        effects: vec![],
    };
    let about = ["Breton foot".to_string(), "Thegns of Wessex".to_string()];
    let line = "✓ charge (2.4.4): counter-charges Thegns of Wessex; the two meet halfway (2.4.4.2)";
    assert_eq!(unheld_line(line, &about, &rec), None);
    // A change no event made, and a loser no Melee event has.
    assert!(unheld_line("changed: Norman foot: ready → broken", &about, &rec).is_some());
    assert!(unheld_line("Norman foot LOSES: falls back 1 span", &about, &rec).is_some());
}
