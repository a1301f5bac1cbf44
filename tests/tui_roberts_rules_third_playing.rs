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
    // The General's check for the Reaction Phase's hits (R-6), owed now.
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "ect1166\n"), [Effect::Save]);
    // RR-20, Melee Combat's example: a1's Vulnerable retreat roll comes
    // first, then b1 decides to Pursue.
    assert_eq!(keys(&mut app, "rt66\n"), [Effect::Save]);
    assert!(last(&app).contains("Militia spearmen"), "{}", last(&app));
    assert_eq!(keys(&mut app, "rt66\n"), [Effect::Save]);
    assert!(
        last(&app).contains("a Pursuit") && last(&app).contains("success"),
        "{}",
        last(&app)
    );
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

// The independent playing's ROUGH points (`../wt/rrpw-findings.md`, R1-R10).

/// The status line (the screen's last two rows, joined).
fn status(app: &App) -> String {
    let s = screen(app, 120, 40);
    let rows: Vec<&str> = s.lines().collect();
    words(&rows[rows.len() - 3..].join(" "))
}

/// R1, Charging: "units which move within a distance of an enemy stand
/// ... The Acting Player may declare that any of these units will attempt
/// to close": a unit whose Movement Action failed did not move, and no
/// charge is declared for it.
#[test]
fn a_unit_whose_movement_action_failed_declares_no_charge() {
    let mut app = app();
    assert_eq!(keys(&mut app, "a"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt33\n"), [Effect::Save]);
    assert!(last(&app).contains("7, failed"), "{}", last(&app));
    let n = app.battle().events().len();
    keys(&mut app, "gn1");
    let s = words(&screen(&app, 120, 40));
    assert!(
        !s.contains("Militia spearmen stopped within its base depth"),
        "{s}"
    );
    assert!(keys(&mut app, "\n").is_empty());
    assert_eq!(app.battle().events().len(), n, "nothing recorded");
    let s = status(&app);
    assert!(
        s.contains("Militia spearmen did not move: its Action Roll failed"),
        "{s}"
    );
    // A unit that moved may still be declared.
    keys(&mut app, "^^");
    assert_eq!(keys(&mut app, "rn2t44\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "gn2\n"), [Effect::Save]);
}

/// R2, RR-21: "Modifiers to the Pursuit Combat Roll are the same as per
/// the last combat, except that the Charge Bonus no longer applies": a
/// Pursuit attack offers no charge bonus and no missile modifier.
#[test]
fn a_pursuit_attack_offers_neither_the_charge_bonus_nor_missile_modifiers() {
    let mut app = app();
    assert_eq!(keys(&mut app, "a"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt33\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rn2t44\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    // The crossbowmen fire with the armor-piercing bonus named.
    keys(&mut app, "mo2a5b3M1");
    assert_eq!(keys(&mut app, "t3356446624\n"), [Effect::Save]);
    keys(&mut app, "eee");
    assert_eq!(step(&app), Step::Combat);
    // a3's melee with the shock charging bonus named.
    keys(&mut app, "cn3M1");
    assert_eq!(keys(&mut app, "t4412\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt43\n"), [Effect::Save]);
    assert!(last(&app).contains("success"), "{}", last(&app));
    keys(&mut app, "pM");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("offered (a digit picks one): 1 lances lost -1"),
        "{s}"
    );
    assert!(s.contains("2 overrun"), "{s}");
    assert!(!s.contains("shock charging"), "{s}");
    assert!(!s.contains("armor piercing"), "{s}");
}

/// The crossbowmen's fire at `target` in the Reaction Phase, five
/// attacks with these dice.
fn fire_at(app: &mut App, target: char, dice: &str) {
    assert_eq!(keys(app, "a"), [Effect::Save]);
    assert_eq!(keys(app, "rt33\n"), [Effect::Save]);
    assert_eq!(keys(app, "e"), [Effect::Save]);
    assert_eq!(step(app), Step::Reaction);
    keys(app, &format!("mo{target}a5b3"));
    assert_eq!(keys(app, &format!("t{dice}\n")), [Effect::Save]);
}

/// R3, RR-15: "Whenever a unit with an attached leader takes a hit, the
/// Leader must make a Break Check": a hit by missile fire in the Reaction
/// Phase owes the General's check then, before that phase ends.
#[test]
fn a_leaders_check_for_a_reaction_phase_hit_is_owed_in_that_phase() {
    let mut app = app();
    fire_at(&mut app, '3', "3356446624");
    let why = explained(&app);
    assert!(last(&app).contains("hit"), "{}", last(&app));
    assert!(!why.contains("at the end of the Combat Phase"), "{why}");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("The General with a3 (his unit took a hit)"),
        "{s}"
    );
    let n = app.battle().events().len();
    assert!(keys(&mut app, "e").is_empty(), "the leader's check is owed");
    assert_eq!(app.battle().events().len(), n);
    assert_eq!(step(&app), Step::Reaction);
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    assert!(last(&app).contains("The General"), "{}", last(&app));
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(step(&app), Step::Assault);
}

/// R3, RR-15: each hit owes its own check: a unit hit twice in a phase
/// owes its leader two, not one.
#[test]
fn a_unit_hit_twice_in_a_phase_owes_its_leader_two_checks() {
    let mut app = app();
    assert_eq!(keys(&mut app, "a"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt33\n"), [Effect::Save]);
    keys(&mut app, "eeee");
    assert_eq!(step(&app), Step::Combat);
    // The crossbowmen hit a3 in two melees.
    assert_eq!(keys(&mut app, "cn3t1166\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "cn3t1166\n"), [Effect::Save]);
    let hits = app.battle().state().units[0][2].unit.hits_lost;
    assert!(hits >= 2, "{hits}");
    let owed = app
        .battle()
        .state()
        .checks_due()
        .iter()
        .filter(|(u, c)| u.index == 2 && *c == herald::rules::roberts_rules::BreakCause::LeaderHit)
        .count();
    assert_eq!(owed, 2);
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    assert!(last(&app).contains("The General"), "{}", last(&app));
    assert!(keys(&mut app, "e").is_empty(), "the second is owed");
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    assert!(last(&app).contains("The General"), "{}", last(&app));
}

/// R10: after a refusal of typed dice, a letter edits the panel's facts
/// and Esc leaves the typing: the typed dice are kept for the next Enter,
/// never thrown away nor typed into.
#[test]
fn typed_dice_refused_are_kept_through_letters_and_esc() {
    for after in ["h2\n", "^h2\n"] {
        let mut app = saved("rr1-02-charged-countermanded.toml");
        assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
        assert_eq!(keys(&mut app, "ect1166\n"), [Effect::Save]);
        // RR-20, Melee Combat's example: a1's Vulnerable retreat roll
        // first, then b1's Pursuit.
        assert_eq!(keys(&mut app, "rt66\nrt66\n"), [Effect::Save]);
        assert!(keys(&mut app, "pt55\n").is_empty());
        assert_eq!(keys(&mut app, after), [Effect::Save], "{after:?}");
        match app.battle().events().last().unwrap() {
            Event::PursuitAttack { dice, .. } => assert_eq!(dice, &vec![5, 5], "{after:?}"),
            e => panic!("{e:?}"),
        }
    }
}

/// R4: `u` says what it undid in words, also in a battle just opened.
#[test]
fn undo_in_a_battle_just_opened_says_the_event_in_words() {
    let mut app = saved("rr1-02-charged-countermanded.toml");
    for _ in 0..3 {
        let said = last(&app);
        assert_eq!(keys(&mut app, "u"), [Effect::Save]);
        let s = status(&app);
        assert!(s.contains(&format!("undone: {}", words(&said))), "{s}");
        assert!(!s.contains('_'), "{s}");
    }
}

/// R4: the log speaks of Disruption in yes and no, and shows Robert's
/// Rules' dice (all alike) without a colour's letter.
#[test]
fn the_log_says_yes_and_no_and_no_dice_colour() {
    let mut app = app();
    fire_at(&mut app, '2', "3356446624");
    let b = app.battle();
    let e = b.entry(b.events().len() - 1).unwrap();
    let effects: Vec<String> = e.effects.iter().map(|x| x.text.clone()).collect();
    assert!(
        effects.iter().any(|t| t.contains("Disrupted no → yes")),
        "{effects:?}"
    );
    assert!(!effects.iter().any(|t| t.contains("false")), "{effects:?}");
    let browser = herald::tui::log_browser::LogBrowser::new(b, "example", Theme::plain());
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
    terminal
        .draw(|f| f.render_widget(&browser, f.area()))
        .unwrap();
    let buf = terminal.backend().buffer();
    let s: String = (0..40)
        .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    assert!(s.contains("dice, Crossbowmen: 3 3"), "{s}");
    assert!(!s.contains(": W "), "{s}");
}

/// R4: after a leader's rout, the nearby picker names the leader who
/// routed, not his unit as if it had.
#[test]
fn the_nearby_picker_names_a_routed_leader_as_the_leader() {
    let mut app = app();
    fire_at(&mut app, '1', "6666666666");
    assert_eq!(keys(&mut app, "kt11\n"), [Effect::Save]);
    assert!(last(&app).contains("routs"), "{}", last(&app));
    keys(&mut app, "n");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("whose rout Captain of spearmen (leader, a1)"),
        "{s}"
    );
}

/// R5: a unit's letter in the nearby picker is its own, whatever has
/// left the table before it: a4 is `d` before and after a2 and a3 rout.
#[test]
fn the_nearby_pickers_letters_stay_with_their_units() {
    let mut app = saved("rr1-07-t2-rout-chain.toml");
    while app.battle().events().len() > 76 {
        keys(&mut app, "u");
    }
    keys(&mut app, "n");
    let s = screen(&app, 120, 40);
    let line = s
        .lines()
        .find(|l| l.contains("a4 Bolt-shooter "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(line.trim_start().starts_with("d "), "{s}");
}

/// The events recorded so far.
fn count(app: &App) -> usize {
    app.battle().events().len()
}

/// rr2 F4, RR-15: "If the roll is failed, the Leader routs and is removed
/// from play, and nearby units must now attempt Break Checks": a Captain
/// routed in the Assault Phase has his nearby units named and checked in
/// that phase (Herald's reading R-7), and the phase then ends; before,
/// the walker asked for the names and refused them.
#[test]
fn a_leader_routed_in_the_assault_phase_has_his_nearby_units_check_then() {
    let mut app = saved("rr2-rr2a-t1h2-assault-captain-routed.toml");
    assert_eq!(step(&app), Step::Assault);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("routed: n names the friendly units nearby"),
        "{s}"
    );
    let n = count(&app);
    assert!(keys(&mut app, "e").is_empty(), "the names are owed first");
    assert_eq!(count(&app), n);
    assert_eq!(keys(&mut app, "nb\n"), [Effect::Save], "{}", status(&app));
    assert!(last(&app).contains("nearby"), "{}", last(&app));
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("Break Checks owed before the phase ends (k) (RR-15): a2"),
        "{s}"
    );
    let n = count(&app);
    assert!(keys(&mut app, "e").is_empty(), "a2's check is owed now");
    assert_eq!(count(&app), n);
    assert!(
        status(&app).contains("must make a Break Check first"),
        "{}",
        status(&app)
    );
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save], "{}", status(&app));
    assert!(
        last(&app).contains("Break Check (a nearby friendly unit routed)"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    assert_eq!(step(&app), Step::Charge);
}

/// rr2 F4 in the Reaction Phase: the General routed by his check for a
/// missile hit; naming none is an answer too, and the phase goes on.
#[test]
fn a_general_routed_in_the_reaction_phase_does_not_block_the_half_turn() {
    for (names, owes) in [("na\n", true), ("n\n", false)] {
        let mut app = saved("rr2-rr2b-reaction-general-routed-deadlock.toml");
        assert_eq!(step(&app), Step::Reaction);
        assert_eq!(keys(&mut app, names), [Effect::Save], "{}", status(&app));
        if owes {
            assert!(keys(&mut app, "e").is_empty(), "a1's check is owed now");
            assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save], "{}", status(&app));
            assert!(last(&app).contains("Militia spearmen"), "{}", last(&app));
        }
        assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
        assert_eq!(step(&app), Step::Assault);
    }
}

/// rr2 F1, RR-20: "The decision to Pursue must be made immediately,
/// before other combats are resolved": while the Impetuous Militia
/// spearmen's Pursuit is owed, a second melee is refused as `e` is.
#[test]
fn no_second_melee_while_an_impetuous_pursuit_is_owed() {
    let mut app = saved("rr2-rr2a-t1-melee-before-pursuit.toml");
    assert_eq!(keys(&mut app, "u"), [Effect::Save]);
    assert!(
        last(&app).contains("melee Militia spearmen 13"),
        "{}",
        last(&app)
    );
    let n = count(&app);
    assert!(keys(&mut app, "c2t3333\n").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n);
    let s = status(&app);
    assert!(s.contains("must attempt to Pursue first"), "{s}");
    assert!(s.contains("before other combats are resolved"), "{s}");
}

/// rr2 F2, RR-9, RR-20: a Vulnerable stand pushed back again after its
/// failed retreat roll is not offered another ("it may attempt no further
/// rolls in the current phase"); the screen says what the retreat is.
#[test]
fn a_unit_that_failed_a_roll_is_not_offered_a_vulnerable_retreat_roll() {
    let app = saved("rr2-rr2a-t1-combat-vuln2.toml");
    assert!(app.battle().state().vulnerable_retreats_owed().is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("Vulnerable, pushed back"), "{s}");
    let why = explained(&app);
    assert!(
        why.contains(
            "no Action Roll to retreat; its Vulnerable stand retreats half its base depth"
        ),
        "{why}"
    );
}

/// rr2 F3, RR-14: "At the end of the Combat Phase, a Break Check must be
/// made for any units which have lost stands during the phase": once one
/// is made the phase is at its end, and no further melee or Pursuit is
/// resolved (the check's "stands just lost" would change under it).
#[test]
fn no_combat_after_the_combat_phases_break_checks_have_begun() {
    let mut app = saved("rr2-rr2a-t1-combat-vuln2.toml");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains(
            "for stands lost at the end of the phase, once every combat and Pursuit is resolved"
        ),
        "{s}"
    );
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save], "{}", status(&app));
    assert!(
        last(&app).contains("it lost stands this phase"),
        "{}",
        last(&app)
    );
    let n = count(&app);
    assert!(keys(&mut app, "cn1t3333\n").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n);
    assert!(
        status(&app).contains("Break Checks for stands lost have begun"),
        "{}",
        status(&app)
    );
}

// The third independent playing rr3 (`/work/play/rr3/FINDINGS.md`).

/// rr3 F3, R-7: "A named unit that fails and breaks makes its new check
/// (it lost stands by breaking) in that phase too": the breaking's
/// result does not put that check at the end of the Combat Phase.
#[test]
fn a_unit_broken_in_the_reaction_phase_is_not_told_its_check_waits_for_the_combat_phase() {
    let mut app = saved("rr3-nearby-checks.toml");
    assert_eq!(step(&app), Step::Reaction);
    keys(&mut app, "\n");
    assert_eq!(keys(&mut app, "kt43\n"), [Effect::Save], "{}", status(&app));
    keys(&mut app, "\n");
    assert_eq!(keys(&mut app, "kt22\n"), [Effect::Save], "{}", status(&app));
    keys(&mut app, "\n");
    assert_eq!(keys(&mut app, "kt12\n"), [Effect::Save], "{}", status(&app));
    let why = explained(&app);
    assert!(why.contains("it is broken"), "{why}");
    assert!(why.contains("it must next make a new Break Check"), "{why}");
    assert!(!why.contains("at the end of the Combat Phase"), "{why}");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("at the end of the Combat Phase"), "{s}");
}

/// rr3 F4, RR-14: the check for stands lost is made "for any units which
/// have lost stands during the phase"; a unit that lost none owes none.
/// `k` on it says the refusal before any roll, Enter records nothing, and
/// the phase's remaining melee goes on (before: "none required" was
/// recorded and, as the phase's first check, refused every melee after it).
#[test]
fn a_break_check_for_stands_lost_on_a_unit_that_lost_none_is_refused_first() {
    let mut app = saved("rr3-captain-routed.toml");
    assert_eq!(step(&app), Step::Combat);
    let n = count(&app);
    assert!(keys(&mut app, "k").is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("refused as it stands"), "{s}");
    assert!(keys(&mut app, "\n").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n);
    let s = status(&app);
    assert!(
        s.contains("lost no stands this phase: it owes no Break Check for stands lost"),
        "{s}"
    );
    keys(&mut app, "^");
    assert!(!app.battle().state().combat_ending);
    assert_eq!(
        keys(&mut app, "ct1165\n"),
        [Effect::Save],
        "{}",
        status(&app)
    );
    assert_eq!(count(&app), n + 1);
}

/// rr3 F4, the other half: a battle saved with such a "none required"
/// check (by the Herald the playing used) still opens, says the event was
/// recorded under an earlier reading, and keeps it as recorded: the
/// phase's combats ended with it.
#[test]
fn a_saved_none_required_check_for_stands_lost_stands_as_recorded() {
    let mut app = saved("rr3-none-required.toml");
    let b = app.battle();
    let last = b.events().len() - 1;
    let why = b.earlier_reading(last).unwrap_or_else(|| {
        panic!("not marked: {:?}", b.earlier_readings());
    });
    assert!(why.contains("lost no stands this phase"), "{why}");
    assert_eq!(b.earlier_readings().len(), 1);
    assert!(b.state().combat_ending);
    let n = count(&app);
    assert!(keys(&mut app, "ct1165\n").is_empty());
    assert_eq!(count(&app), n);
}

/// rr3 F6, RR-4, Skirmishers: the Action panel's unit field shows the
/// unit it acts on: `w` in player b's Action Phase moves it to one of
/// player a's Skirmishers, and no Withdrawal is offered to a unit that is
/// not Skirmishers (the Bolt-shooter, a4).
#[test]
fn the_action_panels_unit_is_the_unit_it_acts_on_and_a_withdrawal_a_skirmishers() {
    let mut app = saved("rr3-withdrawal-mismatch.toml");
    assert_eq!(step(&app), Step::Action);
    keys(&mut app, "rw");
    let s = screen(&app, 120, 40);
    let unit = s
        .lines()
        .find(|l| l.contains("n  unit "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(unit.contains("Skirmishers"), "{unit}");
    let s = words(&s);
    assert!(!s.contains("a Withdrawal for Crossbowmen"), "{s}");
    assert!(s.contains("a Withdrawal for Skirmishers"), "{s}");
    // The Bolt-shooter is not offered: its number picks nothing here.
    keys(&mut app, "n4");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("a Withdrawal for Bolt-shooter"), "{s}");
    for _ in 0..20 {
        keys(&mut app, " ");
        let s = words(&screen(&app, 120, 40));
        assert!(!s.contains("a Withdrawal for Bolt-shooter"), "{s}");
        assert!(!s.contains("a Withdrawal for Elite"), "{s}");
        assert!(!s.contains("a Withdrawal for Militia"), "{s}");
    }
    keys(&mut app, "rw");
    let n = count(&app);
    assert_eq!(keys(&mut app, "t66\n"), [Effect::Save], "{}", status(&app));
    assert_eq!(count(&app), n + 1);
    assert!(
        app.battle()
            .entry(n)
            .unwrap()
            .summary
            .contains("Skirmishers"),
        "{}",
        app.battle().entry(n).unwrap().summary
    );
}

/// rr3 F7, R-9: "A Pursuit a unit may (not must) attempt lapses when the
/// checks begin": once they have, the table no longer shows it and `r`
/// does not offer it (its enemy has routed from the table besides).
#[test]
fn a_pursuit_lapsed_at_the_break_checks_is_neither_shown_nor_offered() {
    let mut app = saved("rr3-pursuit-lapsed.toml");
    assert!(app.battle().state().combat_ending);
    for (w, h) in [(80, 24), (120, 40)] {
        let s = screen(&app, w, h);
        assert!(!s.contains("pursuit on a1"), "{s}");
    }
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("a Pursuit for Crossbowmen"), "{s}");
}

/// rr3 STILL, RR-20: "the successful attacker may then attempt a Pursuit
/// Action": the referee's decision not to pursue is an event (`d`), in
/// the log and in the save, read back as written; the table no longer
/// shows the Pursuit.
#[test]
fn a_declined_pursuit_is_recorded_and_saved() {
    let mut app = saved("rr3-decline.toml");
    assert_eq!(step(&app), Step::Combat);
    assert!(screen(&app, 120, 40).contains("pursuit on a3"));
    let n = count(&app);
    assert_eq!(keys(&mut app, "d"), [Effect::Save], "{}", status(&app));
    assert_eq!(count(&app), n + 1);
    assert!(
        last(&app).contains("Crossbowmen does not pursue Elite heavy cavalry B"),
        "{}",
        last(&app)
    );
    assert!(!screen(&app, 120, 40).contains("pursuit on a3"));
    // Nothing more to decline.
    assert!(keys(&mut app, "d").is_empty());
    assert_eq!(count(&app), n + 1);
    // Written and read back.
    let dir = std::env::temp_dir().join(format!("herald-rr3-decline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("declined.toml");
    let mut b = app.battle().clone();
    herald::store::save::SaveFile::create_from(&path, "declined", &mut b, app.dice_position())
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("kind = \"decline_pursuit\""), "{text}");
    let back = save::load::<RobertsRules>(&path).unwrap().data.battle;
    assert_eq!(back.events(), app.battle().events());
    assert!(back.earlier_readings().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// rr3 STILL, RR-20, R-9: a Pursuit left unattempted when the phase ends
/// lapses, and the end's record says so.
#[test]
fn a_pursuit_left_at_the_phases_end_is_said_to_lapse() {
    let mut app = saved("rr3-decline.toml");
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    let why = explained(&app);
    assert!(
        why.contains("Crossbowmen did not attempt its Pursuit of Elite heavy cavalry B: it lapses"),
        "{why}"
    );
}

/// The bottom row and a table row as drawn end at a word (or with `…`).
fn ends_at_a_word(row: &str, full: &str) -> bool {
    let row = row.trim_end();
    row.ends_with('…')
        || full == row
        || (full.starts_with(row) && full[row.len()..].starts_with([' ', ',', ')']))
}

/// rr3 F1, F8: the `last:` line ends at a word, at 120x40 and 80x24.
#[test]
fn the_last_line_is_never_cut_inside_a_word() {
    let mut app = saved("rr3-nearby-checks.toml");
    keys(&mut app, "\nk");
    let summary = format!("last: {}", last(&app));
    for (w, h) in [(120, 40), (80, 24)] {
        let s = screen(&app, w, h);
        let row = s
            .lines()
            .find(|l| l.starts_with("last: "))
            .unwrap_or_else(|| panic!("{s}"));
        assert!(
            ends_at_a_word(row, &summary),
            "{w}x{h}: {row:?} of {summary:?}"
        );
    }
}

/// rr3 F2: the unit table's owes column ends at a word, never inside one
/// (`charge on b1: owed` was cut to `char`).
#[test]
fn the_owes_column_is_never_cut_inside_a_word() {
    let app = saved("rr3-recheck.toml");
    for (w, h) in [(120, 40), (80, 24)] {
        let s = screen(&app, w, h);
        let row = s
            .lines()
            .find(|l| l.starts_with("a3 "))
            .unwrap_or_else(|| panic!("{s}"));
        assert!(!row.ends_with("char"), "{w}x{h}: {row}");
        assert!(!row.ends_with("charge on"), "{w}x{h}: {row}");
        if row.chars().count() >= w as usize - 1 {
            assert!(row.ends_with('…'), "{w}x{h}: {row}");
        }
    }
}

/// rr3 F8: a refusal too long for the status line's two rows ends at a
/// word with `…` at 80x24 (`u undoes the che` was cut inside `check`).
#[test]
fn a_long_refusal_ends_at_a_word_at_80x24() {
    let mut app = saved("rr3-pursuit-lapsed.toml");
    keys(&mut app, "c\n");
    let s = screen(&app, 80, 24);
    let rows: Vec<&str> = s.lines().collect();
    let bottom = rows[rows.len() - 1].trim_end();
    assert!(bottom.ends_with('…') || bottom.ends_with("check"), "{s}");
    assert!(!s.contains(" che\n"), "{s}");
}

// The fourth independent playing rr4 (`/work/play/rr4/FINDINGS.md`).

/// rr4 F2, RR-13, RR-14, Charging: "the unit routs and is removed from
/// play": a unit routed in the Assault Phase owes no countercharge, and
/// the charge declared on it lapses: the Charge Phase forces neither a
/// Morale Check to lead it nor a Countermand, and it ends.
#[test]
fn a_charge_on_a_unit_routed_and_removed_lapses() {
    let mut app = saved("rr4-after-chain.toml");
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    assert_eq!(step(&app), Step::Charge, "{}", status(&app));
    assert!(app.battle().state().charges_owed().is_empty());
    for (w, h) in [(120, 40), (80, 24)] {
        let s = screen(&app, w, h);
        assert!(!s.contains("countercharge: owed"), "{s}");
        assert!(!s.contains("must charge first"), "{s}");
    }
    let s = screen(&app, 120, 40);
    let a1 = s
        .lines()
        .find(|l| l.starts_with("a1 "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(a1.contains("countercharge: lapsed"), "{a1}");
    // The charge on it is neither led nor countermanded.
    let n = count(&app);
    assert!(keys(&mut app, "gt23\n").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n);
    assert!(
        status(&app).contains("lapses: Militia spearmen routed and was removed from play"),
        "{}",
        status(&app)
    );
    keys(&mut app, "^^");
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    assert_eq!(step(&app), Step::Combat);
}

/// rr4 F6, RR-20: "the successful attacker may then attempt a Pursuit
/// Action ... automatically successful if the enemy was unable to
/// retreat": automatic is the roll, not the choice. Unchosen it is not
/// shown as won and does not hold the Break Checks for stands lost; it
/// lapses when they begin (R-9).
#[test]
fn an_automatic_pursuit_is_not_taken_as_made() {
    let mut app = saved("rr4-auto-pursuit.toml");
    assert_eq!(step(&app), Step::Combat);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("(won)"), "{s}");
    assert!(s.contains("pursuit on a3 (automatic)"), "{s}");
    let n = count(&app);
    assert_eq!(keys(&mut app, "k\n"), [Effect::Save], "{}", status(&app));
    assert_eq!(count(&app), n + 1);
    assert!(!screen(&app, 120, 40).contains("pursuit on a3"));
}

/// rr4 F6, RR-20: "If the advancing stand makes contact with the enemy,
/// it may make a free Attack Roll": a Pursuit recorded as made, whose
/// attack is not made, is left with `d`, and the Break Checks go on.
#[test]
fn a_won_pursuits_attack_may_be_left() {
    let mut app = saved("rr4-auto-pursuit.toml");
    assert_eq!(keys(&mut app, "r\n"), [Effect::Save], "{}", status(&app));
    assert!(
        last(&app).contains("a Pursuit, automatic"),
        "{}",
        last(&app)
    );
    assert!(screen(&app, 120, 40).contains("pursuit on a3 (won)"));
    let n = count(&app);
    assert!(keys(&mut app, "k\n").is_empty());
    assert_eq!(count(&app), n);
    assert!(status(&app).contains("or to leave (d)"), "{}", status(&app));
    keys(&mut app, "^");
    assert_eq!(keys(&mut app, "d"), [Effect::Save], "{}", status(&app));
    assert!(
        last(&app).contains("makes no Pursuit attack on Elite heavy cavalry B"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "k\n"), [Effect::Save], "{}", status(&app));
}

/// rr4 F1, Sequence of Play's example ("not enough, and our Spearmen
/// march to the full extent of their ability ... We can't stop them"),
/// Charging: a unit whose Movement succeeded and whose Stop then failed
/// moved, and may be declared to charge.
#[test]
fn a_unit_that_moved_and_failed_its_stop_may_be_declared_to_charge() {
    let mut app = saved("rr4-moved-stop-failed.toml");
    assert_eq!(step(&app), Step::Action);
    keys(&mut app, "g");
    for _ in 0..8 {
        let s = screen(&app, 120, 40);
        if s.lines()
            .any(|l| l.contains("n  unit declared to charge  a1 Militia spearmen"))
        {
            break;
        }
        code(&mut app, ratatui::crossterm::event::KeyCode::Left);
    }
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("unit declared to charge a1 Militia spearmen"),
        "{s}"
    );
    assert!(!s.contains("did not move"), "{s}");
    let n = count(&app);
    assert_eq!(keys(&mut app, "\n"), [Effect::Save], "{}", status(&app));
    assert_eq!(count(&app), n + 1);
    assert!(
        last(&app).contains("Militia spearmen (a1) declared to charge"),
        "{}",
        last(&app)
    );
}

/// rr4 F4, RR-15 ("the Leader routs and is removed from play"), RR-14:
/// the course of the battle (`V`) marks the turn a leader routed and the
/// turn a unit broke without routing, as the half-turn summaries do.
#[test]
fn the_course_marks_a_routed_leader() {
    let mut app = saved("rr4-rr2-end.toml");
    // `V` opens the course the shell draws from the battle's record.
    assert_eq!(keys(&mut app, "V"), [Effect::OpenCourse]);
    let marks: Vec<String> = app
        .battle()
        .course()
        .marks
        .iter()
        .map(|m| format!("turn {} {}: {}", m.turn, m.side.name(), m.what))
        .collect();
    assert!(
        marks
            .iter()
            .any(|m| m.contains("Captain of spearmen (Captain) routed")),
        "{marks:?}"
    );
}

// The fifth independent playing rr5 (`/work/play/rr5/FINDINGS.md`), on
// the referee's own saves.

/// rr5 F1, RR-16: "Only one Missile Fire Action can be taken per stand
/// per phase": Crossbowmen have fired (m), so the Action panel records no
/// second Missile Fire Action, as `m` refuses a second fire; nor does the
/// panel open on one.
#[test]
fn no_second_missile_fire_action_after_the_unit_has_fired() {
    let mut app = saved("rr5-reaction-before-refire.toml");
    let n = app.battle().events().len();
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("Action Missile Fire"), "{s}");
    keys(&mut app, "i\n");
    assert_eq!(app.battle().events().len(), n, "{}", last(&app));
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("has made its Missile Fire Action this phase"),
        "{s}"
    );
}

/// rr5 F6, RR-3: "No MAV means 0": Militia spearmen have no missile
/// weapons, so the Action panel records no Missile Fire Action for them
/// (in the Assault Phase its failure would end their Actions, RR-9).
#[test]
fn no_missile_fire_action_for_a_unit_without_missile_weapons() {
    let mut app = saved("rr5-mav0-fire-offered.toml");
    let n = app.battle().events().len();
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("Action Missile Fire"), "{s}");
    keys(&mut app, "i\n");
    assert_eq!(app.battle().events().len(), n, "{}", last(&app));
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("no missile weapons to fire"), "{s}");
}

/// rr5 F3, RR-20: one Push Back gives one Pursuit attempt: after
/// Crossbowmen's Pursuit succeeded, a second roll is refused (its failure
/// wiped the Pursuit), and the Pursuit attack stays open.
#[test]
fn a_pursuit_that_succeeded_is_not_rolled_again() {
    let mut app = saved("rr5-pursuit-succeeded.toml");
    let n = app.battle().events().len();
    assert!(last(&app).contains("Pursuit, 8, success"), "{}", last(&app));
    keys(&mut app, "rt11\n");
    assert_eq!(app.battle().events().len(), n, "{}", last(&app));
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("Pursuit has succeeded: p makes its attack"),
        "{s}"
    );
    assert!(
        app.battle().state().units[1]
            .iter()
            .any(|t| t.pursuit.is_some_and(|p| p.pursuing)),
        "the successful Pursuit stays open"
    );
}

/// rr4 F3, RR-20, Melee Combat's worked example ("The dice are rolled --
/// "4", a failure. The stand only retreats half of the normal distance.
/// The Reacting Player must now decide whether to Pursue"): the pushed-back
/// Vulnerable stand's retreat roll comes first. The referee's save, which
/// recorded the Pursuit first, opens as recorded and `r` offers the owed
/// retreat; with that Pursuit undone, `r` opens on the retreat, and a
/// Pursuit, its attack or its decline before the retreat are refused.
#[test]
fn a_vulnerable_retreat_comes_before_the_pursuit() {
    let mut app = saved("rr4-pursuit-before-vulnerable.toml");
    let n = count(&app);
    assert!(last(&app).contains("Crossbowmen: a Pursuit, 8, success"));
    assert!(
        app.battle()
            .earlier_reading(n - 1)
            .is_some_and(|w| w.contains("comes first")),
        "{:?}",
        app.battle().earlier_readings()
    );
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("n unit a1 Militia spearmen"), "{s}");
    assert!(s.contains("x Action a Vulnerable stand's retreat"), "{s}");
    keys(&mut app, "^");
    assert_eq!(keys(&mut app, "u"), [Effect::Save]);
    assert_eq!(count(&app), n - 1);
    assert!(
        last(&app).contains("melee Militia spearmen 5"),
        "{}",
        last(&app)
    );
    let s = words(&screen(&app, 120, 40));
    let v = s
        .find("Vulnerable, pushed back")
        .unwrap_or_else(|| panic!("{s}"));
    let p = s.find("may Pursue").unwrap_or_else(|| panic!("{s}"));
    assert!(v < p, "{s}");
    assert!(s.contains("b1 on a1 once a1 has retreated"), "{s}");
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("n unit a1 Militia spearmen"), "{s}");
    assert!(s.contains("x Action a Vulnerable stand's retreat"), "{s}");
    // The Pursuit picked (h) is refused before any die is rolled.
    keys(&mut app, "^rh");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("Action Roll - refused as it stands"), "{s}");
    assert!(s.contains("n unit b1 Crossbowmen"), "{s}");
    assert!(keys(&mut app, "\n").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n - 1);
    assert!(status(&app).contains("comes first"), "{}", status(&app));
    keys(&mut app, "^");
    assert!(keys(&mut app, "d").is_empty(), "{}", status(&app));
    assert_eq!(count(&app), n - 1);
    assert_eq!(keys(&mut app, "rt44\n"), [Effect::Save], "{}", status(&app));
    assert!(last(&app).contains("Militia spearmen"), "{}", last(&app));
    assert!(app.battle().state().vulnerable_retreats_owed().is_empty());
    keys(&mut app, "r");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("n unit b1 Crossbowmen"), "{s}");
    assert!(s.contains("x Action a Pursuit"), "{s}");
    assert_eq!(keys(&mut app, "t44\n"), [Effect::Save], "{}", status(&app));
    assert!(
        last(&app).contains("Crossbowmen: a Pursuit"),
        "{}",
        last(&app)
    );
}

/// A refused panel's status never says "Enter records" or "Enter rolls"
/// (Enter records nothing): it says what would be accepted: the units the
/// battle would take (a1's Movement failed, so it did not move and is
/// refused a charge, Charging; a2 is accepted), or, where none is, that
/// the refusal says what comes first.
#[test]
fn a_refused_panels_status_says_what_would_be_accepted() {
    let mut app = app();
    assert_eq!(keys(&mut app, "a"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt33\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rn2t44\n"), [Effect::Save]);
    keys(&mut app, "gn1");
    let st = status(&app);
    assert!(!st.contains("Enter records Esc closes"), "{st}");
    assert!(!st.contains("Enter rolls"), "{st}");
    assert!(st.contains("Enter records nothing"), "{st}");
    assert!(st.contains("accepted for: a2"), "{st}");
    keys(&mut app, "n2");
    let st = status(&app);
    assert!(st.contains("Enter records Esc closes"), "{st}");
    // The referee's save: the only charges lapsed with a1's rout.
    let mut app = saved("rr4-after-chain.toml");
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    keys(&mut app, "g");
    let st = status(&app);
    assert!(st.contains("Enter records nothing"), "{st}");
    assert!(!st.contains("Enter records Esc closes"), "{st}");
}

/// rr4 F2, R3, Charging: once no charge is owed, the Charge Phase's line
/// says what became of each, never "each declared charge and
/// countercharge is made" of a charge that lapsed with its enemy's rout.
#[test]
fn the_charge_phase_says_a_charge_on_a_routed_unit_lapsed() {
    let mut app = saved("rr4-after-chain.toml");
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "{}", status(&app));
    assert_eq!(step(&app), Step::Charge);
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("is made"), "{s}");
    assert!(s.contains("b1's charge on a1 lapsed: a1 routed"), "{s}");
    assert!(s.contains("a1's countercharge lapsed: a1 routed"), "{s}");
}
