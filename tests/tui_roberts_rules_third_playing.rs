//! Robert's Rules at the table, third playing (`../wt/rrpw-findings.md`,
//! an independent referee's FAULTs F1-F4): each replayed through the
//! console's real update loop (`Screen::key`), from a new battle or from
//! the referee's own saves (`tests/battle_data/roberts-rules-third/`).

use herald::battle::roberts_rules::{Event, RobertsRules, Step};
use herald::dice::SeededDice;
use herald::store::save;
use herald::tui::roberts_rules::App;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use std::path::Path;

#[path = "support/roberts_rules.rs"]
mod rr;
use rr::*;

/// The referee's save `name`, opened as Herald opens it.
fn saved(name: &str) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data/roberts-rules-third")
        .join(name);
    let battle = save::load::<RobertsRules>(&path).unwrap().data.battle;
    App::new(battle, SeededDice::new(7), Theme::plain(), "third")
}

fn last(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

/// The last event's explanation, one line each.
fn explained(app: &App) -> String {
    let b = app.battle();
    let e = b.entry(b.events().len() - 1).unwrap();
    e.explanation
        .lines
        .iter()
        .map(|l| format!("{} ({})\n", l.text, l.cite))
        .collect()
}

/// The findings' F2 battle: player b acts first, a's Militia spearmen
/// (Impetuous) win a melee on the Crossbowmen and push them back.
fn to_impetuous_push_back(app: &mut App) {
    keys(app, "brt66\ng\nerxet44\nrxct11\nerxet55\nee");
    assert_eq!(step(app), Step::Combat);
    assert_eq!(keys(app, "ct1166\n"), [Effect::Save]);
    let why = explained(app);
    assert!(
        why.contains("Militia spearmen is Impetuous: it must attempt to Pursue"),
        "{why}"
    );
}

/// F1, RR-21: a Pursuit attack under 13 with no chart hits is refused
/// with the score Herald's dice made, and those dice are kept for the
/// next Enter; typed dice are quoted as typed. Even where no dice could
/// reach 13 the refusal is the dice's, not the lowest dice's.
#[test]
fn a_pursuit_refusal_below_any_13_quotes_the_real_dice_and_keeps_them() {
    let mut app = app();
    to_impetuous_push_back(&mut app);
    assert_eq!(keys(&mut app, "rt66\n"), [Effect::Save]);
    assert!(last(&app).contains("success"), "{}", last(&app));
    // Typed 2 2.
    assert!(keys(&mut app, "pt22\n").is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("a Pursuit attack of 4 "), "{s}");
    keys(&mut app, "^^");
    // Herald's dice.
    let n = app.battle().events().len();
    keys(&mut app, "p");
    assert!(keys(&mut app, "\n").is_empty());
    let s = words(&screen(&app, 120, 40));
    let sum: u8 = s
        .split("a Pursuit attack of ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the refusal says the dice: {s}"));
    assert_eq!(keys(&mut app, "h2\n"), [Effect::Save]);
    assert_eq!(app.battle().events().len(), n + 1);
    match app.battle().events().last().unwrap() {
        Event::PursuitAttack { dice, .. } => {
            assert_eq!(dice.iter().sum::<u8>(), sum, "the same dice")
        }
        e => panic!("{e:?}"),
    }
}

/// F2, RR-20: "Impetuous units must attempt to Pursue. The decision to
/// Pursue must be made immediately": the walker owes the attempt and the
/// half-turn does not end before it.
#[test]
fn an_impetuous_winners_pursuit_is_owed_before_the_phase_ends() {
    let mut app = app();
    to_impetuous_push_back(&mut app);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("Impetuous, must attempt to Pursue (r, then p) (RR-20): a1"),
        "{s}"
    );
    let n = app.battle().events().len();
    assert!(keys(&mut app, "e").is_empty());
    assert_eq!(app.battle().events().len(), n);
    assert_eq!(step(&app), Step::Combat);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("is Impetuous: it must attempt to Pursue first"),
        "{s}"
    );
    // Attempted and failed: nothing more is owed of it.
    assert_eq!(keys(&mut app, "rt11\n"), [Effect::Save]);
    assert!(
        last(&app).contains("a Pursuit, 3, failed"),
        "{}",
        last(&app)
    );
    assert!(app.battle().state().pursuits_owed().is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("must attempt to Pursue"), "{s}");
}

/// F3, RR-20: a Vulnerable stand pushed back owes its Action Roll to
/// retreat its full base depth ("An Action Roll is required"): the walker
/// lists it and the half-turn does not end before it is made.
#[test]
fn a_vulnerable_retreat_roll_is_owed_as_a_step() {
    let mut app = saved("rr1-06-general-routed-vuln-pending.toml");
    assert_eq!(step(&app), Step::Combat);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("Vulnerable, pushed back: an Action Roll to retreat its full base depth (r, v) (RR-20): a3"),
        "{s}"
    );
    let n = app.battle().events().len();
    assert!(keys(&mut app, "e").is_empty());
    assert_eq!(app.battle().events().len(), n);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("its Action Roll to retreat its full base depth comes first"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "rxvt22\n"), [Effect::Save]);
    assert!(
        last(&app).contains("Elite heavy cavalry B"),
        "{}",
        last(&app)
    );
    assert!(app.battle().state().vulnerable_retreats_owed().is_empty());
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(app.battle().state().turn, 2);
}

/// F4, RR-14: a Demoralized unit that fails its Break Check for a nearby
/// rout takes one hit per stand, "which, for a Demoralized unit, causes a
/// rout and destroys the unit": it routs and nearby units check, so the
/// event never also says "no Break Checks".
#[test]
fn a_unit_destroyed_by_a_failed_break_check_routs_and_says_nothing_else() {
    let app = saved("rr1-07-t2-rout-chain.toml");
    let b = app.battle();
    // The save's comment #76 is the 76th event.
    let e = b.entry(75).unwrap();
    assert!(
        e.summary.contains("Elite heavy cavalry B: Break Check"),
        "{}",
        e.summary
    );
    let why: String = e
        .explanation
        .lines
        .iter()
        .map(|l| format!("{} ({})\n", l.text, l.cite))
        .collect();
    assert!(why.contains("the hits destroy the unit: it routs"), "{why}");
    assert!(!why.contains("no Break Checks"), "{why}");
    assert!(
        b.entry(76)
            .unwrap()
            .summary
            .contains("nearby the rout of Elite heavy cavalry B")
    );
}

/// F1 as the referee found it (save rr1-02): the Crossbowmen pursue at
/// -1, so no dice reach 13; the refusal quotes the typed dice (10 - 1 =
/// 9), not the lowest dice ('2 -1 = 1'), and Herald's dice are kept.
#[test]
fn a_pursuit_refusal_at_a_minus_modifier_quotes_the_typed_dice() {
    let mut app = saved("rr1-02-charged-countermanded.toml");
    assert_eq!(keys(&mut app, "ect1166\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt66\n"), [Effect::Save]);
    assert!(last(&app).contains("success"), "{}", last(&app));
    assert!(keys(&mut app, "pt55\n").is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("a Pursuit attack of 10 -1 = 9"), "{s}");
    keys(&mut app, "^^");
    let n = app.battle().events().len();
    keys(&mut app, "p");
    assert!(keys(&mut app, "\n").is_empty());
    assert_eq!(keys(&mut app, "h2\n"), [Effect::Save]);
    assert_eq!(app.battle().events().len(), n + 1);
}
