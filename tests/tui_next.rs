//! What each result does next, in the console (issue 11): every forced step
//! offered as the walker's next step and reachable with Enter, what the rules
//! refuse refused before any dice, and the new dialogs as insta snapshots at
//! 80×24 and 120×40. Played from the keyboard through the real update loop,
//! on the small test armies of `tests/battle_data/next-*.toml`.

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Due, Event, Phase, Setup};
use herald::cli::battle::load_army;
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlords::unit::{Formation, Morale};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, NextStep, Procedure};
use herald::tui::warlords::keymap::Context;
use std::path::Path;

fn both(app: &App, name: &str) {
    insta::assert_snapshot!(format!("{name}_80x24"), screen(app, 80, 24));
    insta::assert_snapshot!(format!("{name}_120x40"), screen(app, 120, 40));
}

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

/// The console on the test armies, at turn 1 in `phase`.
fn at(phase: Phase) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/battle_data");
    let setup = Setup::new(
        vec![load_army(&dir.join("next-a.toml")).unwrap()],
        vec![load_army(&dir.join("next-b.toml")).unwrap()],
    )
    .unwrap();
    let mut battle = Battle::new(setup);
    battle.record(Event::GoTo { turn: 1, phase }).unwrap();
    App::new(battle, SeededDice::new(11), Theme::plain(), "next")
}

/// Selects a unit in its table with the keyboard.
fn select(app: &mut App, id: UnitId) {
    if app.focus != id.side {
        press(app, &["Tab"]);
    }
    press(app, &["Home"]);
    for _ in 0..id.index {
        press(app, &["Down"]);
    }
    assert_eq!(app.selected_id(), Some(id));
}

/// Activates the selected unit with typed white dice and returns to its result.
fn activate(app: &mut App, id: UnitId, faces: &str) {
    select(app, id);
    press(app, &["a", "t", faces, "Enter"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{:?}",
        app.dialogs.last()
    );
}

/// Picks a unit in an open picker.
fn pick(app: &mut App, id: UnitId) {
    press(app, &["Home"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker: {:?}", app.dialogs.last());
    };
    let at = p.choices.iter().position(|c| *c == id).expect("offered");
    for _ in 0..at {
        press(app, &["Down"]);
    }
    press(app, &["Enter"]);
}

fn status(app: &App) -> String {
    app.status
        .as_ref()
        .map_or(String::new(), |s| s.text.clone())
}

fn panel_error(app: &App) -> String {
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r.error.clone().unwrap_or_default(),
        _ => String::new(),
    }
}

#[test]
fn a_failed_evade_flees_before_the_charge_move() {
    // W-29: the Thegns charge the light horse, whose evade fails: the charge
    // panel says it flees, and Enter rolls the flight before the charge move.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(1), "65");
    press(&mut app, &["c"]);
    pick(&mut app, b(2));
    assert_eq!(app.context(), Context::Charge);
    assert_eq!(
        app.battle.unit(a(1)).unwrap().unit.formation,
        Formation::Line
    );
    press(&mut app, &["e", "t", "11", "Enter", "Enter"]);
    assert_eq!(app.context(), Context::Charge);
    both(&app, "failed_evade_must_flee");
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Flee, "the flight comes first");
    both(&app, "flee_before");
    press(&mut app, &["+", "Enter"]);
    assert_eq!(app.battle.events().last().map(|e| e.kind()), Some("flee"));
    let Some(Event::Flee {
        obstacle_stands, ..
    }) = app.battle.events().last()
    else {
        panic!("a flight");
    };
    assert_eq!(*obstacle_stands, 1);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "then the charge move");
}

#[test]
fn charges_the_rules_refuse_are_refused_before_any_panel() {
    // 2.4.4: the Slingers may not charge the Knights.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(3), "65");
    press(&mut app, &["c"]);
    pick(&mut app, b(1));
    assert_eq!(app.context(), Context::AfterRoll, "no charge panel");
    assert!(
        panel_error(&app).contains("skirmishers"),
        "{}",
        panel_error(&app)
    );
    both(&app, "charge_refused");
    // The Knights answer: Close Foot may not evade, so only counter-charge and stand.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(4), "65");
    press(&mut app, &["c"]);
    pick(&mut app, b(3));
    press(&mut app, &["e"]);
    assert!(panel_error(&app).contains("2.4.7"), "{}", panel_error(&app));
    assert_eq!(app.context(), Context::Charge);
}

#[test]
fn a_shower_is_offered_after_contact() {
    // W-23: the Knights charge the Thegns and make contact: the Thegns may shower them.
    let mut app = at(Phase::Activation(Side::B));
    activate(&mut app, b(1), "65");
    press(&mut app, &["c"]);
    pick(&mut app, a(1));
    press(&mut app, &["s", "Enter", "Enter"]);
    assert!(app.battle.in_melee_with(b(1)).contains(&a(1)));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    both(&app, "shower_at_contact");
    press(&mut app, &["z"]);
    assert!(app.battle.duties().is_empty());
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("dismiss")
    );
}

#[test]
fn a_counter_charge_meets_halfway_without_a_roll() {
    // 2.4.4.2: the Knights counter-charge the Galwegians and succeed: contact at once.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(4), "65");
    press(&mut app, &["c"]);
    pick(&mut app, b(1));
    press(&mut app, &["r", "t", "65", "Enter", "Enter"]);
    assert_eq!(app.context(), Context::Charge);
    let rolls = app
        .battle
        .events()
        .iter()
        .filter(|e| e.kind() == "random_move")
        .count();
    press(&mut app, &["Enter"]);
    assert!(app.battle.in_melee_with(a(4)).contains(&b(1)));
    assert_eq!(
        app.battle
            .events()
            .iter()
            .filter(|e| e.kind() == "random_move")
            .count(),
        rolls,
        "no charge move is rolled"
    );
}

#[test]
fn the_follow_up_and_falling_back_are_asked_after_a_melee() {
    let mut app = at(Phase::Melee);
    app.battle
        .record(Event::Engage { a: a(1), b: b(3) })
        .unwrap();
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    // The Fyrd's personalities: none; the Thegns' Eadric: in hit stands by default.
    press(&mut app, &["p"]);
    assert_eq!(app.context(), Context::HitStands);
    both(&app, "hit_stands");
    press(&mut app, &[" ", "Enter"]);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("the Melee panel");
    };
    let Procedure::Melee { facts_a, .. } = &r.procedure else {
        panic!("a Melee");
    };
    assert_eq!(facts_a.personalities_in_hit_stands, Some(vec![]));
    press(&mut app, &["w"]);
    press(&mut app, &["t", "66666 541", "Enter"]);
    assert_eq!(
        app.context(),
        Context::MeleeResult,
        "{:?}",
        app.dialogs.last()
    );
    both(&app, "melee_next_steps");
    let steps = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r.rolled.as_ref().unwrap().next.clone(),
        _ => panic!("a result"),
    };
    let fell = steps
        .iter()
        .position(|(s, _)| *s == NextStep::FellBack(b(3)))
        .expect("falling back into something is offered");
    press(&mut app, &[&(fell + 1).to_string()]);
    assert_eq!(app.context(), Context::FallBack);
    press(&mut app, &["o"]);
    both(&app, "fall_back");
    let before = app.battle.unit(b(3)).unwrap().unit.casualties;
    press(&mut app, &["Enter"]);
    let fyrd = &app.battle.unit(b(3)).unwrap().unit;
    assert_eq!(fyrd.casualties, before + 1, "2.6.2.1: an extra casualty");
    assert_eq!(fyrd.formation, Formation::Unformed);
    let follow = steps
        .iter()
        .position(|(s, _)| matches!(s, NextStep::Duty(d) if matches!(d.due, Due::FollowUp { .. })))
        .expect("the follow-up is offered");
    press(&mut app, &[&(follow + 1).to_string()]);
    assert_eq!(app.context(), Context::FollowUp);
    both(&app, "follow_up");
    press(&mut app, &["n"]);
    assert!(app.battle.in_melee_with(a(1)).is_empty(), "W-26: it stayed");
}

#[test]
fn a_berserk_move_is_the_next_step_and_may_calm_down() {
    let mut app = at(Phase::Activation(Side::A));
    select(&mut app, a(4));
    press(&mut app, &["a", "k", "t", "44", "Enter"]);
    assert_eq!(app.battle.unit(a(4)).unwrap().unit.morale, Morale::Berserk);
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::Pursue,
        "the Berserk Move opens at once"
    );
    both(&app, "berserk_move");
    press(&mut app, &["n"]);
    assert_eq!(app.battle.unit(a(4)).unwrap().unit.morale, Morale::Ready);
    assert!(status(&app).contains("back to Ready"), "{}", status(&app));
}

#[test]
fn a_stopping_unit_makes_its_random_move_and_halts() {
    let mut app = at(Phase::Activation(Side::B));
    app.battle
        .record(Event::Correct {
            unit: b(3),
            correction: herald::battle::warlords::Correction::Moving(true),
        })
        .unwrap();
    activate(&mut app, b(3), "12");
    press(&mut app, &["s"]);
    press(&mut app, &["Enter"]);
    assert!(matches!(
        app.dialogs.last(),
        Some(Dialog::Resolve(r)) if matches!(r.procedure, Procedure::Halt { .. })
    ));
    both(&app, "halt_before");
    press(&mut app, &["Enter", "Enter"]);
    assert!(app.battle.duties().is_empty());
}

#[test]
fn stakes_on_the_way_of_a_charge() {
    let mut app = at(Phase::Activation(Side::B));
    activate(&mut app, b(1), "65");
    press(&mut app, &["c"]);
    pick(&mut app, a(1));
    press(&mut app, &["s", "d"]);
    both(&app, "defence_before");
    press(&mut app, &["t", "65", "Enter", "651", "Enter"]);
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("defence")
    );
    assert_eq!(app.battle.unit(b(1)).unwrap().unit.casualties, 2);
}

#[test]
fn a_formation_change_picks_files_and_pavises() {
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(2), "65");
    press(&mut app, &["o", "p", "-"]);
    both(&app, "formation_picker");
    press(&mut app, &["l"]);
    let p = &app.battle.unit(a(2)).unwrap().unit;
    assert!(p.pavises_deployed);
    assert_eq!(p.files, 3);
}

#[test]
fn a_personality_check_says_who_only_once_the_yellow_die_does() {
    // W-15, W-18: red dice at or under the hits call for the check; a yellow
    // die above the number of personalities in the stands hit picks nobody.
    let mut app = at(Phase::Activation(Side::B));
    activate(&mut app, b(1), "65");
    press(&mut app, &["c"]);
    pick(&mut app, a(1));
    press(&mut app, &["s", "Enter", "Enter", "Enter"]);
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.dialogs.last());
    press(&mut app, &["t", &"6".repeat(24)]);
    press(&mut app, &["11", "1", "6", "Enter"]);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("a personality is hit"), "{s}");
    assert!(s.contains("the yellow die picks nobody"), "{s}");
}
