//! Robert's Rules at the table, second playing (issue 35,
//! `../shared/playtests/roberts-parker.md`): each finding replayed through
//! the console's real update loop (`Screen::key`) with the text's own
//! forces. Declared charges owed in the Charge Phase, countercharges,
//! Countermand and Set (item 1); leaders named, their checks owed and a
//! routed General's free Action gone (item 2); Break Checks that say one
//! thing (item 3); panels that open where the phase is (item 4); the
//! report (item 5); the 80x24 screen and wrapped lines (item 7).

use herald::battle::UnitId;
use herald::battle::roberts_rules::{Event, Phase, Step};
use herald::rules::Side;
use herald::rules::roberts_rules::Action;
use herald::tui::roberts_rules::App;
use herald::tui::screen::{Effect, Screen};

#[path = "support/roberts_rules.rs"]
mod rr;
use rr::*;

fn troop(app: &App, side: Side, i: usize) -> &herald::battle::roberts_rules::Troop {
    &app.battle().state().units[side as usize][i]
}

fn last(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

fn last_kind(app: &App) -> &'static str {
    app.battle().events().last().unwrap().kind()
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

/// The line of the screen holding `what`.
fn line_with<'a>(s: &'a str, what: &str) -> &'a str {
    s.lines().find(|l| l.contains(what)).unwrap_or_default()
}

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

/// Up to the Reaction Phase: player a acts; the spearmen fail, the cavalry move.
fn to_reaction(app: &mut App) {
    assert_eq!(keys(app, "a"), [Effect::Save]);
    assert_eq!(keys(app, "rt33\n"), [Effect::Save]);
    assert!(last(app).contains("7, failed"), "{}", last(app));
    assert_eq!(keys(app, "rn2t44\n"), [Effect::Save]);
    assert!(last(app).contains("9, success"), "{}", last(app));
    assert_eq!(keys(app, "e"), [Effect::Save]);
}

/// The half-turn of `tests/tui_roberts_rules.rs`: a2 disrupted and hit by
/// the crossbowmen, a3's melee, Pursuit and Pursuit attack, a2's melee
/// costing a stand; the Combat Phase waits for a2's Break Check.
fn to_break_checks(app: &mut App) {
    to_reaction(app);
    keys(app, "mo2a5b3");
    assert_eq!(keys(app, "t3356446624\n"), [Effect::Save]);
    keys(app, "eee");
    assert_eq!(step(app), Step::Combat);
    assert_eq!(keys(app, "cn3b1t4412\n"), [Effect::Save]);
    assert_eq!(keys(app, "rt43\n"), [Effect::Save]);
    assert!(last(app).contains("10, success"), "{}", last(app));
    assert_eq!(keys(app, "pp1t56\n"), [Effect::Save]);
    assert_eq!(keys(app, "cn2c1t1166\n"), [Effect::Save]);
    assert_eq!(troop(app, Side::A, 1).unit.stands, 2);
    assert!(keys(app, "e").is_empty());
}

// Item 1: declared charges (Charging; Sequence of Play).

/// A unit that stopped within its base depth is declared to charge in the
/// Action Phase (g); the Charge Phase then owes its charge as a step and
/// does not end before it goes in (g again).
#[test]
fn a_declared_charge_is_owed_in_the_charge_phase() {
    let mut app = app();
    keys(&mut app, "a");
    assert_eq!(keys(&mut app, "rn2t44\n"), [Effect::Save]);
    keys(&mut app, "gn2");
    let s = screen(&app, 120, 40);
    assert!(s.contains("Charge -"), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "declare_charge");
    assert!(
        last(&app).contains("Elite heavy cavalry A (a2) declared to charge Crossbowmen (b1)"),
        "{}",
        last(&app)
    );
    keys(&mut app, "eee");
    assert_eq!(step(&app), Step::Charge);
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("charges owed (Charging): a2"), "{s}");
    let n = app.battle().events().len();
    assert!(keys(&mut app, "e").is_empty(), "the charge is owed first");
    assert_eq!(app.battle().events().len(), n);
    assert_eq!(step(&app), Step::Charge);
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "charge");
    assert!(
        last(&app).contains("charges on Crossbowmen"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(step(&app), Step::Combat);
}

/// A Countermand Action in the Charge Phase: the Action panel opens on it
/// for the charger; success keeps the charge back, failure does not.
#[test]
fn a_countermand_keeps_a_charge_back_and_a_failed_one_does_not() {
    let mut app = app();
    keys(&mut app, "a");
    keys(&mut app, "gn2\neee");
    assert_eq!(step(&app), Step::Charge);
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(line_with(&s, "x  Action").contains("a Countermand"), "{s}");
    // Elite +1: 1+1+1 = 3, failed: it must still charge.
    assert_eq!(keys(&mut app, "t11\n"), [Effect::Save]);
    assert!(
        explained(&app).contains("must still charge"),
        "{}",
        explained(&app)
    );
    assert!(keys(&mut app, "e").is_empty());
    // A second cavalry unit, declared too, is countermanded: 5+5+1 = 11.
    let mut app2 = self::app();
    keys(&mut app2, "a");
    keys(&mut app2, "gn2\neee");
    assert_eq!(keys(&mut app2, "rt55\n"), [Effect::Save]);
    assert!(
        last(&app2).contains("a Countermand, 11, success"),
        "{}",
        last(&app2)
    );
    assert_eq!(keys(&mut app2, "e"), [Effect::Save]);
    assert_eq!(step(&app2), Step::Combat);
}

/// A declared charger that takes a Set Action in the Assault Phase
/// forfeits its charge: the Charge Phase owes nothing.
#[test]
fn a_set_action_forfeits_the_charge() {
    let mut app = app();
    keys(&mut app, "a");
    assert_eq!(keys(&mut app, "gn1\n"), [Effect::Save]);
    keys(&mut app, "ee");
    assert_eq!(step(&app), Step::Assault);
    // The spearmen: Set (e), 6+6 -1 Militia +1 Swift +1 Captain = 13.
    keys(&mut app, "rn1e");
    let s = screen(&app, 120, 40);
    assert!(line_with(&s, "x  Action").contains("a Set Action"), "{s}");
    assert_eq!(keys(&mut app, "t66\n"), [Effect::Save]);
    assert!(
        explained(&app).contains("forfeits its charge"),
        "{}",
        explained(&app)
    );
    keys(&mut app, "e");
    assert_eq!(step(&app), Step::Charge);
    assert_eq!(keys(&mut app, "e"), [Effect::Save], "nothing owed");
    assert_eq!(step(&app), Step::Combat);
}

/// rr4 R3, Charging ("units must charge unless a Countermand Action is
/// successfully taken"; a Set Action forfeits the charge): once no charge
/// is owed, the Charge Phase's line says what became of each, never that
/// a forfeited or countermanded charge "is made".
#[test]
fn the_charge_phase_says_what_became_of_each_charge() {
    let mut app = app();
    keys(&mut app, "a");
    assert_eq!(
        keys(
            &mut app, "gn1
"
        ),
        [Effect::Save]
    );
    keys(&mut app, "ee");
    assert_eq!(keys(&mut app, "rn1et66\n"), [Effect::Save]);
    keys(&mut app, "e");
    assert_eq!(step(&app), Step::Charge);
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("is made"), "{s}");
    assert!(
        s.contains("charges owed: none (Charging): a1's charge on b1 forfeited by its Set Action"),
        "{s}"
    );
    // Countermanded: the crossbowmen kept back, the cavalry's
    // countercharge goes in.
    let mut app = self::app();
    keys(&mut app, "b");
    assert_eq!(keys(&mut app, "go2\n"), [Effect::Save]);
    keys(&mut app, "e");
    assert_eq!(keys(&mut app, "rt55\n"), [Effect::Save]);
    keys(&mut app, "ee");
    assert_eq!(keys(&mut app, "rnt55\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert!(app.battle().state().charges_owed().is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("is made"), "{s}");
    assert!(
        s.contains("b1's charge on a2 kept back by a Countermand"),
        "{s}"
    );
    assert!(s.contains("a2's countercharge went in"), "{s}");
}

/// Player b acts: the crossbowmen are declared on a2; a2 countercharges
/// (its panel opens on it); the bolt-shooter disrupts the crossbowmen,
/// who are then Reluctant and must pass a Morale Check to lead (RR-12).
#[test]
fn a_countercharge_is_owed_and_a_reluctant_charger_checks_to_lead() {
    let mut app = app();
    keys(&mut app, "b");
    assert_eq!(keys(&mut app, "go2\n"), [Effect::Save]);
    keys(&mut app, "e");
    assert_eq!(step(&app), Step::Reaction);
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  unit").contains("a2 Elite heavy cavalry A")
            && line_with(&s, "x  Action").contains("a Countercharge"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t55\n"), [Effect::Save]);
    assert!(
        last(&app).contains("a Countercharge, 11, success"),
        "{}",
        last(&app)
    );
    // The bolt-shooter fires at the charging crossbowmen: 6+6 +4 -2 = 14.
    keys(&mut app, "m");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "firing unit").contains("a4 Bolt-shooter"),
        "{s}"
    );
    assert!(
        line_with(&s, "target unit").contains("b1 Crossbowmen"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t66\n"), [Effect::Save]);
    keys(&mut app, "ee");
    assert_eq!(step(&app), Step::Charge);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains(
            "charges owed (Charging): a2; Reluctant, a Morale Check to lead first (RR-12): b1"
        ),
        "{s}"
    );
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert!(last(&app).contains("countercharges"), "{}", last(&app));
    keys(&mut app, "g");
    let s = words(&screen(&app, 100, 40));
    assert!(s.contains("must pass a Morale Check to lead"), "{s}");
    assert_eq!(keys(&mut app, "t11\n"), [Effect::Save]);
    assert!(
        last(&app).contains("to lead a charge), 2, failed"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(step(&app), Step::Combat);
}

/// An Eager unit a charge is declared on must attempt a Countercharge:
/// the Reaction Phase does not end before it has.
#[test]
fn an_eager_unit_charged_must_attempt_a_countercharge() {
    let mut app = app();
    keys(&mut app, "b");
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert!(
        last(&app).contains("Militia spearmen (a1)"),
        "{}",
        last(&app)
    );
    keys(&mut app, "e");
    assert!(keys(&mut app, "e").is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("must attempt a Countercharge"), "{s}");
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  unit").contains("a1 Militia spearmen"),
        "{s}"
    );
    // 1+1 -1 Militia +1 Swift +1 Captain = 3: failed, but attempted.
    assert_eq!(keys(&mut app, "t11\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(step(&app), Step::Assault);
}

/// Played in tmux: a countercharge whose enemy was countermanded does not
/// meet it halfway; one whose enemy charges does.
#[test]
fn a_countercharge_meets_halfway_only_a_charge_that_goes_in() {
    let mut app = app();
    keys(&mut app, "b");
    assert_eq!(keys(&mut app, "go2\n"), [Effect::Save]);
    keys(&mut app, "e");
    assert_eq!(keys(&mut app, "rt55\n"), [Effect::Save]);
    assert!(!explained(&app).contains("halfway"), "{}", explained(&app));
    keys(&mut app, "ee");
    // The crossbowmen are countermanded (5+5 = 10); the cavalry still go in.
    assert_eq!(keys(&mut app, "rnt55\n"), [Effect::Save]);
    assert!(
        last(&app).contains("Crossbowmen: a Countermand, 10, success"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert!(!explained(&app).contains("halfway"), "{}", explained(&app));
    // Without the Countermand, they meet halfway.
    let mut app = self::app();
    keys(&mut app, "bgo2\nert55\nee");
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    assert!(
        explained(&app).contains("meet halfway"),
        "{}",
        explained(&app)
    );
}

/// Played in tmux: the charge panel opens on the unit that moved this
/// phase, the Action panel's Vulnerable retreat on the unit pushed back.
#[test]
fn panels_open_on_the_unit_that_moved_or_was_pushed_back() {
    let mut app = app();
    keys(&mut app, "art33\nrt44\n");
    keys(&mut app, "g");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  unit declared").contains("a2 Elite heavy cavalry A"),
        "{s}"
    );
    keys(&mut app, "^eeee");
    // The crossbowmen push cavalry B back (11 against 5).
    assert_eq!(keys(&mut app, "cn3t1166\n"), [Effect::Save]);
    keys(&mut app, "rv");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  unit").contains("a3 Elite heavy cavalry B"),
        "{s}"
    );
}

/// Played in tmux: the Melee panel opens on the unit whose charge went
/// in, not on a1 (which failed its roll and never moved).
#[test]
fn the_melee_panel_opens_on_the_unit_that_charged() {
    let mut app = app();
    // a1 fails (3+3+1 = 7), a2 moves (4+4+1 = 9) and is declared on b1.
    keys(&mut app, "art33\nrt44\n");
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    keys(&mut app, "eee");
    assert_eq!(step(&app), Step::Charge);
    assert_eq!(keys(&mut app, "g\n"), [Effect::Save]);
    keys(&mut app, "e");
    assert_eq!(step(&app), Step::Combat);
    keys(&mut app, "c");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  a unit").contains("a2 Elite heavy cavalry A"),
        "{s}"
    );
    assert!(
        line_with(&s, "o  the enemy unit").contains("b1 Crossbowmen"),
        "{s}"
    );
}

// Item 2: leaders (RR-C, RR-N, RR-O, RR-T; RR-7, RR-15).

/// RR-C: the General attached to a3 is named as such, never a Captain.
#[test]
fn the_general_is_named_not_a_captain() {
    let mut app = app();
    keys(&mut app, "arn3");
    let s = screen(&app, 120, 40);
    assert!(s.contains("+1 General attached (The General)"), "{s}");
    assert!(!s.contains("Captain attached"), "{s}");
}

/// RR-O, RR-T: a3 loses a stand and is hit: its own check and its
/// General's are both owed, the General's named; he fails and routs;
/// the next turn he gives no free Action.
#[test]
fn a_leader_hit_and_routed_gives_no_free_action() {
    let mut app = app();
    keys(&mut app, "aeeee");
    assert_eq!(step(&app), Step::Combat);
    // Twice the crossbowmen (+3 from the referee) beat a3: 14 against 5, two hits each.
    assert_eq!(keys(&mut app, "cn3c3t1166\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "cn3c3t1166\n"), [Effect::Save]);
    assert_eq!(troop(&app, Side::A, 2).unit.stands, 2);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("a3 (it lost stands this phase), The General with a3 (his unit took a hit)"),
        "{s}"
    );
    // The unit's own check: +1 General -1 stand -1 Demoralized: 12 -1 = 11, holds.
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    keys(&mut app, "k");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains("The General, the leader attached to Elite heavy cavalry B"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t11\n"), [Effect::Save]);
    assert!(
        last(&app).contains("The General, the leader with Elite heavy cavalry B (a3)")
            && last(&app).contains("routs"),
        "{}",
        last(&app)
    );
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("The General (the leader with Elite heavy cavalry B, a3) routed: n names"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "n\n"), [Effect::Save]);
    assert!(
        last(&app).contains("nearby the rout of The General"),
        "{}",
        last(&app)
    );
    keys(&mut app, "e");
    // Player b's half-turn, nothing done.
    keys(&mut app, "eeeee");
    assert_eq!(
        app.battle().state().phase,
        Phase::Half {
            half: 1,
            acting: Side::A,
            step: Step::Action
        }
    );
    keys(&mut app, "rn3");
    let s = screen(&app, 120, 40);
    assert!(!s.contains("the General's free Action"), "{s}");
    keys(&mut app, "^");
    let free = Event::Action {
        unit: a(3),
        action: Action::Movement,
        general_free_action: true,
        breakthrough: false,
        modifiers: Vec::new(),
        dice: Vec::new(),
    };
    assert!(
        app.battle_mut().record(free).is_err(),
        "no General to give it"
    );
}

/// RR-N, RR-M: the spearmen fail their check for a2's rout and take a hit
/// a stand: broken, not routed, so they make no neighbour check; their
/// Captain's check is owed.
#[test]
fn a_broken_unit_makes_no_neighbour_check_and_its_captain_checks() {
    let mut app = app();
    to_break_checks(&mut app);
    assert_eq!(keys(&mut app, "kt32\n"), [Effect::Save]);
    assert!(troop(&app, Side::A, 1).routed);
    assert_eq!(keys(&mut app, "na\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "kt11\n"), [Effect::Save]);
    assert!(last(&app).contains("broken"), "{}", last(&app));
    let why = explained(&app);
    assert!(
        !why.contains("nearby friendly units make Break Checks"),
        "{why}"
    );
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("Captain of spearmen with a1 (his unit took a hit)"),
        "{s}"
    );
    assert!(
        keys(&mut app, "e").is_empty(),
        "the Captain's check is owed"
    );
}

// Item 3: Break Checks say one thing (RR-J, RR-P, RR-Q).

/// RR-Q (Herald's reading R-1): a stand lost to missile fire in the
/// Assault Phase owes no Break Check, and the screen says so before and
/// after. RR-G: the fire's Action Roll is offered in its panel.
#[test]
fn a_stand_lost_outside_the_combat_phase_owes_no_break_check() {
    let mut app = app();
    keys(&mut app, "b");
    // a2 has lost 3 hits of 6 already (a correction by hand).
    keys(&mut app, "hn2i3Wearlier hits\n");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    keys(&mut app, "ee");
    assert_eq!(step(&app), Step::Assault);
    keys(&mut app, "m");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains("must first succeed at a Missile Fire Action Roll"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t66\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "action_roll");
    // 6+6 +3 -4 = 11: a hit, a stand.
    assert_eq!(keys(&mut app, "o2t66\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "missile_attack");
    assert_eq!(troop(&app, Side::A, 1).unit.stands, 2);
    let why = explained(&app);
    assert!(
        why.contains("no Break Check for it")
            && !why.contains("a Break Check at the end of the Combat Phase"),
        "{why}"
    );
    let s = screen(&app, 120, 40);
    assert!(!line_with(&s, "a2  Elite").contains("Break Check"), "{s}");
    keys(&mut app, "ee");
    assert_eq!(step(&app), Step::Combat);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Break Checks: none owed"), "{s}");
}

/// RR-P: a unit that has made its Break Check this phase, named nearby
/// the General's rout, is said to make none and is not listed as owing.
#[test]
fn a_unit_that_checked_is_not_listed_as_owing_again() {
    let mut app = app();
    to_break_checks(&mut app);
    assert_eq!(keys(&mut app, "cn3c3t1166\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "kt32\n"), [Effect::Save]);
    assert!(troop(&app, Side::A, 1).routed);
    assert_eq!(keys(&mut app, "na\n"), [Effect::Save]);
    // The spearmen hold (12 +1 Captain), then the General routs (2).
    assert_eq!(keys(&mut app, "kt66\n"), [Effect::Save]);
    assert!(last(&app).contains("Militia spearmen"), "{}", last(&app));
    assert_eq!(keys(&mut app, "kt11\n"), [Effect::Save]);
    assert!(last(&app).contains("The General"), "{}", last(&app));
    keys(&mut app, "n");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "a1 Militia spearmen").contains("(checked)"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "a\n"), [Effect::Save]);
    assert!(
        explained(&app)
            .contains("no Break Check, units never make more than one Break Check per phase"),
        "{}",
        explained(&app)
    );
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("a1 (a nearby friendly unit routed)"), "{s}");
}

/// RR-J: the crossbowmen failed their Pursuit roll; winning again they
/// are not told they may pursue, and no Pursuit is open to them.
#[test]
fn a_unit_that_failed_a_roll_is_not_told_it_may_pursue() {
    let mut app = app();
    keys(&mut app, "aeeee");
    assert_eq!(keys(&mut app, "cn2t1166\n"), [Effect::Save]);
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(line_with(&s, "n  unit").contains("b1 Crossbowmen"), "{s}");
    assert_eq!(keys(&mut app, "t11\n"), [Effect::Save]);
    assert!(
        last(&app).contains("a Pursuit, 2, failed"),
        "{}",
        last(&app)
    );
    assert_eq!(keys(&mut app, "cn3t1166\n"), [Effect::Save]);
    let why = explained(&app);
    assert!(
        why.contains("failed an Action Roll this phase: it may not attempt a Pursuit")
            && !why.contains("Crossbowmen may attempt a Pursuit"),
        "{why}"
    );
    assert!(troop(&app, Side::B, 0).pursuit.is_none());
}

// Item 4: panels start where the phase is (RR-D, RR-S, RR-U, RR-X).

/// RR-D: after the spearmen fail, the Action panel opens on a unit that
/// may still act.
#[test]
fn the_action_panel_opens_on_a_unit_that_may_act() {
    let mut app = app();
    keys(&mut app, "art33\n");
    assert!(troop(&app, Side::A, 0).failed);
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "n  unit").contains("a2 Elite heavy cavalry A"),
        "{s}"
    );
}

/// RR-S: the Action panel opens on Missile Fire in the Assault Phase, and
/// each Action the phase allows has a letter (s: Stop).
#[test]
fn the_action_panel_opens_on_the_phases_action_with_a_letter_each() {
    let mut app = app();
    keys(&mut app, "arn2s");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains("a Stop Action for Elite heavy cavalry A: automatic"),
        "{s}"
    );
    assert!(
        !s.contains("Countercharge"),
        "not an Action Phase Action: {s}"
    );
    keys(&mut app, "^ee");
    assert_eq!(step(&app), Step::Assault);
    keys(&mut app, "r");
    let s = screen(&app, 120, 40);
    assert!(line_with(&s, "x  Action").contains("Missile Fire"), "{s}");
}

/// RR-G: a fire that needs an Action Roll offers it in the Missile panel;
/// its attacks follow in the same panel.
#[test]
fn a_fire_that_needs_an_action_roll_offers_it_first() {
    let mut app = app();
    keys(&mut app, "aee");
    keys(&mut app, "m");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains(
            "Bolt-shooter must first succeed at a Missile Fire Action Roll in the Assault Phase"
        ),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t35\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "action_roll");
    assert!(last(&app).contains("8, success"), "{}", last(&app));
    let s = screen(&app, 120, 40);
    assert!(s.contains("Missile Fire -"), "the panel stays open: {s}");
    assert_eq!(keys(&mut app, "t26\n"), [Effect::Save]);
    assert_eq!(last_kind(&app), "missile_attack");
}

/// RR-U: when player b acts, the Melee panel names each side's unit; the
/// bonus typed for the crossbowmen goes to them.
#[test]
fn the_melee_panel_names_each_unit_its_own() {
    let mut app = app();
    keys(&mut app, "beeee");
    assert_eq!(step(&app), Step::Combat);
    keys(&mut app, "c");
    let s = screen(&app, 120, 40);
    assert!(
        !s.contains("side a unit") && !s.contains("side a's bonus"),
        "{s}"
    );
    assert!(s.contains("b1's bonus (referee)"), "{s}");
    assert_eq!(keys(&mut app, "b1t1111\n"), [Effect::Save]);
    match app.battle().events().last().unwrap() {
        Event::Melee { a, modifiers, .. } => {
            assert_eq!(*a, UnitId::new(Side::B, 0));
            assert!(modifiers[0].iter().any(|m| m.value == 1), "{modifiers:?}");
        }
        e => panic!("{e:?}"),
    }
}

/// RR-X: a Pursuit attack under 13 without the chart's hits is refused
/// quoting the score the chart reads; Herald's dice of the refused roll
/// are kept for the next Enter (no fishing for dice).
#[test]
fn a_pursuit_refusal_quotes_the_score_and_keeps_the_dice() {
    let mut app = app();
    keys(&mut app, "aeeee");
    assert_eq!(keys(&mut app, "cn3t6612\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "rt66\n"), [Effect::Save]);
    assert!(last(&app).contains("success"), "{}", last(&app));
    // Typed: 4+3 = 7, +3 = 10.
    assert!(keys(&mut app, "pt43\n").is_empty());
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("a Pursuit attack of 7 +3 = 10"), "{s}");
    keys(&mut app, "^^");
    // Herald's dice: refused under 13, then recorded with the chart's hit.
    let n = app.battle().events().len();
    keys(&mut app, "p");
    let refused = keys(&mut app, "\n").is_empty();
    assert!(refused, "seed 7 rolls under 10 here");
    let s = words(&screen(&app, 120, 40));
    let sum: u8 = s
        .split("a Pursuit attack of ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the refusal says the dice: {s}"));
    assert_eq!(keys(&mut app, "h1\n"), [Effect::Save]);
    assert_eq!(app.battle().events().len(), n + 1);
    match app.battle().events().last().unwrap() {
        Event::PursuitAttack { dice, .. } => {
            assert_eq!(dice.iter().sum::<u8>(), sum, "the same dice")
        }
        e => panic!("{e:?}"),
    }
}

// Item 8: a modifier's name costs its typing once.

/// The text's modifiers are offered by number (the Shock charging +1 of
/// the worked example); a name typed once is offered in later panels.
#[test]
fn a_modifier_is_typed_once_then_offered() {
    let mut app = app();
    keys(&mut app, "aeeee");
    keys(&mut app, "cn3M");
    let s = words(&screen(&app, 100, 40));
    assert!(s.contains("1 shock charging +1"), "{s}");
    keys(&mut app, "1");
    keys(&mut app, "Mmuddy ford -2\n");
    assert_eq!(keys(&mut app, "t4412\n"), [Effect::Save]);
    match app.battle().events().last().unwrap() {
        Event::Melee { modifiers, .. } => {
            let names: Vec<(&str, i32)> = modifiers[0]
                .iter()
                .map(|m| (m.name.as_str(), m.value))
                .collect();
            assert_eq!(names, [("shock_charging", 1), ("muddy_ford", -2)]);
        }
        e => panic!("{e:?}"),
    }
    // The next melee offers the muddy ford with its value: M and a digit.
    keys(&mut app, "cn2M");
    let s = words(&screen(&app, 100, 40));
    let offered = s
        .split("offered (a digit picks one): ")
        .nth(1)
        .unwrap_or_else(|| panic!("{s}"));
    let n = offered
        .split(", ")
        .find(|o| o.contains("muddy ford -2"))
        .and_then(|o| o.split(' ').next())
        .unwrap_or_else(|| panic!("{s}"))
        .to_string();
    keys(&mut app, &n);
    assert_eq!(keys(&mut app, "t4412\n"), [Effect::Save]);
    match app.battle().events().last().unwrap() {
        Event::Melee { modifiers, .. } => {
            assert!(
                modifiers[0]
                    .iter()
                    .any(|m| m.name == "muddy_ford" && m.value == -2)
            );
        }
        e => panic!("{e:?}"),
    }
}

/// Played in tmux: odds never round a possible outcome to none or to a
/// certainty (three hits in three attacks at 1/36 each: 0.002%).
#[test]
fn odds_never_round_a_possible_outcome_away() {
    let mut app = app();
    keys(&mut app, "aemo2a3");
    let s = words(&screen(&app, 100, 40));
    assert!(s.contains("3: <0.1%") && !s.contains(" 0%"), "{s}");
}

// Item 5: the report (RR-Y).

#[test]
fn the_report_shows_dice_half_turns_units_and_leaders() {
    let mut app = app();
    to_break_checks(&mut app);
    keys(&mut app, "kt32\nna\nkt66\n");
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    let r = herald::battle::roberts_rules::report::markdown(app.battle(), "example");
    assert!(r.contains("dice, Militia spearmen: 3 3"), "{r}");
    assert!(
        r.contains("dice, Crossbowmen: 1 1") || r.contains("dice, Crossbowmen: 6 6"),
        "{r}"
    );
    assert!(
        r.contains("(The enemy), 1 unit;") && !r.contains("1 units"),
        "{r}"
    );
    assert!(!r.lines().any(|l| l.trim() == "-"), "{r}");
    assert!(r.contains("### End of turn 1, half-turn 1"), "{r}");
    assert!(
        r.contains("| Elite heavy cavalry B |") && r.contains("The General"),
        "{r}"
    );
    assert!(r.contains("Captain of spearmen"), "{r}");
}

// Item 7: the 80x24 screen and wrapped lines (RR-W, RR-E).

/// RR-W: at 80x24 an open panel leaves the units it concerns in sight.
#[test]
fn a_panel_at_80x24_keeps_its_units_in_sight() {
    let mut app = app();
    keys(&mut app, "art33\nr");
    let s = screen(&app, 80, 24);
    assert!(s.contains("a2  Elite he"), "the unit's row: {s}");
    assert!(s.contains("Action Roll -"), "{s}");
    insta::assert_snapshot!("rr_table_action_panel_80x24", s);
}

/// RR-W: at 80x24 the Melee's facts fit or say that more are below.
#[test]
fn the_melee_facts_at_80x24_say_they_scroll() {
    let mut app = app();
    keys(&mut app, "aeeeec");
    let s = screen(&app, 80, 24);
    assert!(s.contains("more (↑↓)") || s.contains("b1's penalty"), "{s}");
    assert!(
        s.contains("a1  Militia") && s.contains("b1  Crossbowmen"),
        "{s}"
    );
    insta::assert_snapshot!("rr_table_melee_panel_80x24", s);
}

/// RR-E: an explanation line longer than the screen is wrapped, not cut.
#[test]
fn explanation_lines_wrap() {
    let mut app = app();
    keys(&mut app, "a");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains(
            "the text does not say who acts first, the referee does (Sequence of Play, RR-4)"
        ),
        "{s}"
    );
    let s = words(&screen(&app, 80, 24));
    assert!(s.contains("(Sequence of Play, RR-4)"), "{s}");
}
