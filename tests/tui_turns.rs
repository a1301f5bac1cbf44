//! Turns past the first (issue 24): every forced step recorded, every offer
//! a legal one. Played from the keyboard through the real update loop, on
//! the small test armies of `tests/battle_data/turns-*.toml`.

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Due, Event, Phase, Setup};
use herald::cli::battle::load_army;
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlords::next::Choice as RulesChoice;
use herald::rules::warlords::unit::Morale;
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::Dialog;
use herald::tui::warlords::keymap::Context;
use std::path::Path;

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

#[allow(dead_code)]
fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

/// The console on the test armies, at turn 1 in `phase`.
fn at(phase: Phase) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/battle_data");
    let setup = Setup::new(
        vec![load_army(&dir.join("turns-a.toml")).unwrap()],
        vec![load_army(&dir.join("turns-b.toml")).unwrap()],
    )
    .unwrap();
    let mut battle = Battle::new(setup);
    battle.record(Event::GoTo { turn: 1, phase }).unwrap();
    App::new(battle, SeededDice::new(11), Theme::plain(), "turns")
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

fn owes_flight(app: &App, id: UnitId) -> bool {
    app.battle
        .duties()
        .iter()
        .any(|d| d.unit == id && d.due == Due::Flee)
}

#[test]
fn a_fleeing_broken_unit_keeps_fleeing_on_enter() {
    // 2.2.2 "Broken units may stop fleeing (but don't have to)": the routed
    // horse succeeds (6 + 5 = 11 > 3); Enter keeps it fleeing, recorded as
    // its choice, and its flight is the next step, rolled by Herald.
    let mut app = at(Phase::Activation(Side::A));
    assert!(
        app.battle.unit(a(1)).unwrap().unit.fleeing,
        "Broken and moving: fleeing"
    );
    activate(&mut app, a(1), "65");
    // The panel says what Enter does (played in tmux: it said "Enter done,
    // next unit" while Enter rolled a flight).
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("Enter keeps fleeing: its flight is next (2.2.1, 2.2.2)"),
        "{text}"
    );
    assert!(!text.contains("Enter done"), "{text}");
    press(&mut app, &["Enter"]);
    assert!(
        matches!(
            app.battle.events().last(),
            Some(Event::Choose {
                choice: RulesChoice::Flee,
                ..
            })
        ),
        "Enter records that it flees on: {:?}",
        app.battle.events().last()
    );
    assert!(owes_flight(&app, a(1)), "its flight is owed");
    assert_eq!(app.context(), Context::Flee, "and its panel is next");
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.events().last().map(|e| e.kind()), Some("flee"));
    assert!(!owes_flight(&app, a(1)));
}

#[test]
fn a_fleeing_broken_unit_that_fails_flees() {
    // 2.2.1 "Fleeing units continue fleeing": 1 + 2 = 3, not > 3: failure,
    // no step lost (3 > 0 casualties): it flees, not a move to the edge.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(1), "12");
    assert!(owes_flight(&app, a(1)));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Flee);
}

#[test]
fn a_broken_unit_stops_fleeing_when_the_referee_says() {
    // 2.2.2: stopping is the referee's choice (s); the battle records that
    // it stopped, and its next failure is a normal move toward the table
    // edge (2.2.1), not a flight.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(1), "65");
    press(&mut app, &["s"]);
    assert!(!app.battle.unit(a(1)).unwrap().unit.fleeing, "it stopped");
    press(&mut app, &["Enter"]);
    assert!(!owes_flight(&app, a(1)));
    // Its next activation's fact says it is not fleeing.
    let s = app.default_situation(a(1));
    assert!(!s.fleeing);
    // A stopped Broken unit (a2) that fails makes a normal move to the edge.
    activate(&mut app, a(2), "11");
    assert!(!owes_flight(&app, a(2)));
    let _ = screen(&app, 80, 24);
}

/// The frozen Hastings battle an earlier Herald saved (tests/earlier_saves),
/// taken back to just before `events` events.
fn hastings_save_at(events: usize) -> App {
    use herald::battle::warlords::Warlords;
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/earlier_saves/hastings-turns-1-4.toml");
    let loaded = herald::store::save::load::<Warlords>(&path).unwrap();
    let mut battle: Battle = loaded.data.battle;
    while battle.events().len() > events {
        battle.undo();
    }
    App::new(battle, SeededDice::new(5), Theme::plain(), "hastings")
}

#[test]
fn a_berserk_unit_in_melee_stays_in_it() {
    // 2.4.10: a Berserk unit that activates charges the nearest enemy in
    // reach, the one it fights (2.6.3, W-26): the Fyrd of Sussex (a12),
    // Berserk and in Melee with b12 at turn 2, activate (6 + 5): they stay
    // in Melee and Berserk, with no random move, no back to Ready, no break off.
    let mut app = hastings_save_at(36);
    let a12 = UnitId::new(Side::A, 11);
    let b12 = UnitId::new(Side::B, 11);
    assert_eq!(app.battle.in_melee_with(a12), vec![b12]);
    press(&mut app, &["A12"]);
    assert_eq!(app.selected_id(), Some(a12));
    press(&mut app, &["a"]);
    // b before the roll: refused in the rules' words, no panel opens.
    press(&mut app, &["b"]);
    assert_eq!(app.context(), Context::BeforeRoll, "no break-off panel");
    let said = match app.dialogs.last() {
        Some(herald::tui::warlords::dialog::Dialog::Resolve(r)) => r.error.clone(),
        _ => None,
    };
    assert!(
        said.as_deref()
            .is_some_and(|s| s.contains("Berserk") && s.contains("2.4.10")),
        "{said:?}"
    );
    press(&mut app, &["t", "65", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    let entry = app.battle.last_entry().unwrap().summary.clone();
    assert!(entry.contains("stays in Melee, Berserk"), "{entry}");
    // Said as a duty, in good English (played in tmux: "MUST stays in Melee").
    let text = screen(&app, 120, 40);
    assert!(text.contains("MUST stay in Melee, Berserk"), "{text}");
    assert!(
        !app.battle.duties().iter().any(|d| d.unit == a12),
        "nothing owed: {:?}",
        app.battle.duties()
    );
    press(&mut app, &["Enter"]);
    assert_ne!(app.context(), Context::Pursue, "no Berserk Move panel");
    let u = app.battle.unit(a12).unwrap();
    assert_eq!(u.unit.morale, Morale::Berserk);
    assert_eq!(app.battle.in_melee_with(a12), vec![b12]);
    let text = screen(&app, 120, 40);
    assert!(!text.contains("MUST Berserk Move"), "{text}");
}

/// The footer: the last line but the status line of a screen.
fn footer(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(2)..].join("\n")
}

#[test]
fn an_activated_target_may_only_stand() {
    // 2.4.4.2, 2.4.7: counter-charging and evading use up the target's
    // activation. The light horse (b3) have activated this turn: when the
    // spearmen (a4) charge them, they may only stand; e is refused before
    // any panel opens, and no evade is offered or given odds.
    let mut battle = at(Phase::Activation(Side::B)).battle;
    battle
        .record(Event::Activation {
            unit: b(3),
            situation: Default::default(),
            dice: herald::dice::Dice::white(&[6, 5]).unwrap(),
            add_champion: false,
        })
        .unwrap();
    battle
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Activation(Side::A),
        })
        .unwrap();
    let mut app = App::new(battle, SeededDice::new(11), Theme::plain(), "turns");
    activate(&mut app, a(4), "65");
    press(&mut app, &["c"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker: {:?}", app.dialogs.last());
    };
    let at_b3 = p.choices.iter().position(|c| *c == b(3)).unwrap();
    press(&mut app, &["Home"]);
    for _ in 0..at_b3 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge);
    let text = screen(&app, 120, 40);
    assert!(!footer(&text).contains("evade"), "{}", footer(&text));
    assert!(
        !footer(&text).contains("counter-charge"),
        "{}",
        footer(&text)
    );
    assert!(footer(&text).contains("stand"), "{}", footer(&text));
    assert!(!text.contains("success 100.0%"), "no odds for an evade");
    press(&mut app, &["e"]);
    assert_eq!(app.context(), Context::Charge, "no evade panel opens");
    let err = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r.error.clone().unwrap_or_default(),
        _ => String::new(),
    };
    assert!(err.contains("has activated this turn"), "{err}");
}

#[test]
fn the_charge_footer_lists_only_the_answers_offered() {
    // 2.4.7: Close Foot may not evade: the knights (b1) charge the
    // spearmen (a4), whose panel and footer offer no evade.
    let mut app = at(Phase::Activation(Side::B));
    activate(&mut app, b(1), "65");
    press(&mut app, &["c"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker: {:?}", app.dialogs.last());
    };
    let at_a4 = p.choices.iter().position(|c| *c == a(4)).unwrap();
    press(&mut app, &["Home"]);
    for _ in 0..at_a4 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge);
    let text = screen(&app, 120, 40);
    assert!(!footer(&text).contains("evade"), "{}", footer(&text));
    assert!(
        footer(&text).contains("counter-charge"),
        "{}",
        footer(&text)
    );
}

#[test]
fn a_shot_at_a_charger_only_shoots() {
    // 2.4.4: another unit "may attempt to immediately use up its activation
    // to shoot at the charging unit": the archers' (b2) success offers the
    // shot and nothing else; c (charge) is refused and records nothing.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(4), "65");
    press(&mut app, &["c"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker");
    };
    let at_b1 = p.choices.iter().position(|c| *c == b(1)).unwrap();
    press(&mut app, &["Home"]);
    for _ in 0..at_b1 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge);
    // 2.4.4: the target answers first (it stands), then the shot.
    press(&mut app, &["s", "x"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker of shooters: {:?}", app.dialogs.last());
    };
    let at_b2 = p.choices.iter().position(|c| *c == b(2)).unwrap();
    press(&mut app, &["Home"]);
    for _ in 0..at_b2 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter"]);
    let before = screen(&app, 120, 40);
    assert!(!before.contains("charging / counter-charging"), "{before}");
    assert!(!before.contains("enemy visible ahead"), "{before}");
    press(&mut app, &["t", "65", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    // Its result offers the shot only (played in tmux: "may: c charge m
    // move w wheel o formation x shoot" was listed).
    let text = screen(&app, 120, 40);
    let may = text
        .lines()
        .find(|l| l.contains("may:"))
        .unwrap_or_default()
        .to_string();
    assert!(may.contains("x shoot"), "{may}");
    for other in ["c charge", "m move", "w wheel", "o formation"] {
        assert!(!may.contains(other), "{other}: {may}");
    }
    let events = app.battle.events().len();
    press(&mut app, &["c"]);
    assert_eq!(app.battle.events().len(), events, "nothing recorded");
    let text = screen(&app, 120, 40);
    assert!(
        !text.contains("counter-charges"),
        "no line claims a counter-charge: {text}"
    );
    assert!(!footer(&text).contains("charge"), "{}", footer(&text));
}

#[test]
fn files_never_exceed_stands() {
    // 2.3.1: no rank wider than the one in front: a 4-stand line that loses
    // 2 stands is 2 files wide.
    use herald::rules::warlords::unit::{TroopType, Unit};
    let mut u = Unit::new("Knights", TroopType::Cavalry, 4);
    assert_eq!(u.files, 4);
    u.lose_stands(2);
    assert_eq!((u.stands, u.files), (2, 2));
}

#[test]
fn going_past_units_not_activated_warns_and_needs_a_second_enter() {
    // 2.2: "All units must be activated": G to the next turn with units
    // still to activate says how many and which, and goes only on a
    // second Enter; then the turn's summary shows as at a normal turn end.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/battle_data");
    let setup = Setup::new(
        vec![load_army(&dir.join("turns-a.toml")).unwrap()],
        vec![load_army(&dir.join("turns-b.toml")).unwrap()],
    )
    .unwrap();
    let mut battle = Battle::new(setup);
    let die = |n| herald::dice::Dice::white(&[n]).unwrap();
    battle
        .record(Event::Initiative {
            a: die(6),
            b: die(1),
        })
        .unwrap();
    let mut app = App::new(battle, SeededDice::new(11), Theme::plain(), "turns");
    assert_eq!(app.battle.phase(), Phase::Activation(Side::A));
    press(&mut app, &["G", "Down", "Down", "Down", "Enter"]);
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(said.contains("7 unit(s) not activated"), "{said}");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("4 unit(s) of side a not activated (a1-a4)"),
        "{text}"
    );
    assert!(
        text.contains("3 unit(s) of side b not activated (b1-b3)"),
        "{text}"
    );
    assert_eq!(app.battle.turn(), 1, "not yet");
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.turn(), 2);
    assert_eq!(app.context(), Context::Summary);
}

#[test]
fn going_past_many_units_is_said_in_a_readable_line() {
    // The G warning with 12 and 13 units a side: the status line says it whole
    // within 120 columns, and the panel lists every unit passed over.
    let mut app = support::hastings(1);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(app.battle.phase(), Phase::Activation(Side::A));
    press(&mut app, &["G", "Down", "Down", "Down", "Enter"]);
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(said.chars().count() <= 118, "{} chars: {said}", said.len());
    assert!(said.contains("25 unit(s) not activated"), "{said}");
    let text = screen(&app, 120, 40);
    assert!(text.contains(&said), "the status line whole:\n{text}");
    assert!(text.contains("(a1-a12)"), "{text}");
    assert!(text.contains("(b1-b13)"), "{text}");
}

/// Words of the code (snake_case) that must never reach a screen.
fn codes_in(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| {
            w.contains('_')
                && w.split('_')
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn enter_activates_the_unit_the_header_names() {
    // Issue 24 item 7: the header names the unit Enter acts on: the one
    // under the cursor when it may activate.
    let mut app = at(Phase::Activation(Side::A));
    select(&mut app, a(3));
    let text = screen(&app, 120, 40);
    assert!(text.contains("activate Wild men (a3)"), "{text}");
    press(&mut app, &["Enter"]);
    assert!(
        matches!(
            app.dialogs.last(),
            Some(Dialog::Resolve(r)) if matches!(
                r.procedure,
                herald::tui::warlords::dialog::Procedure::Activation { unit, .. } if unit == a(3)
            )
        ),
        "{:?}",
        app.dialogs.last()
    );
    // After an activation and its undo, the same holds.
    press(&mut app, &["t", "65", "Enter", "Enter", "u"]);
    select(&mut app, a(4));
    let text = screen(&app, 120, 40);
    assert!(text.contains("activate Spearmen (a4)"), "{text}");
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(!said.contains("activation)"), "{said}");
}

#[test]
fn undo_names_the_event_as_the_log_does() {
    // Issue 24 item 8: "the move to turn 1, Melee", never `go_to`.
    let mut app = at(Phase::Activation(Side::A));
    press(&mut app, &["G", "Down", "Enter", "Enter"]);
    assert_eq!(app.battle.phase(), Phase::Melee);
    press(&mut app, &["u"]);
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(said.contains("moves the battle to turn 1, Melee"), "{said}");
    for size in [(80, 24), (120, 40)] {
        let text = screen(&app, size.0, size.1);
        assert!(codes_in(&text).is_empty(), "{:?}\n{text}", codes_in(&text));
    }
    press(&mut app, &["U"]);
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(codes_in(&said).is_empty(), "{said}");
}

#[test]
fn the_fall_back_picker_offers_only_the_kind_chosen() {
    // Issue 24 item 9: a friend is never the enemy it fights; Tab and
    // Shift-Tab, ↑ and ↓ step among the units of the kind chosen.
    use herald::rules::warlords::falling_back::FellInto;
    use herald::tui::warlords::dialog::FallBack;
    let mut app = at(Phase::Activation(Side::A));
    let mut others: Vec<UnitId> = (1..=4).map(a).collect();
    others.extend((1..=3).map(b));
    others.retain(|o| *o != a(4));
    app.dialogs.push(Dialog::FallBack(FallBack {
        unit: a(4),
        into: FellInto::Obstacle,
        other: 0,
        others,
        other_front: true,
        rear_stands: None,
        asking_rear: false,
        error: None,
        typed: String::new(),
    }));
    let other = |app: &App| match app.dialogs.last() {
        Some(Dialog::FallBack(f)) => f.others[f.other],
        _ => panic!("the fall-back form"),
    };
    press(&mut app, &["f"]);
    for key in ["Tab", "Tab", "Tab", "Down", "Up", "Up"] {
        press(&mut app, &[key]);
        assert_eq!(other(&app).side, Side::A, "a friend after {key}");
    }
    let text = screen(&app, 120, 40);
    assert!(text.contains("it ran into: a friendly unit"), "{text}");
    press(&mut app, &["r"]);
    for key in ["Tab", "Tab", "Tab", "Down", "Up", "Up"] {
        press(&mut app, &[key]);
        assert_eq!(other(&app).side, Side::B, "an enemy after {key}");
    }
    let text = screen(&app, 120, 40);
    assert!(codes_in(&text).is_empty(), "{:?}", codes_in(&text));
}

#[test]
fn the_fall_back_picker_takes_a_typed_id() {
    // Issue 24 item 9: as in the other pickers, a unit's id typed picks
    // the unit it ran into; an id of the other kind is refused in keys' words.
    use herald::rules::warlords::falling_back::FellInto;
    use herald::tui::warlords::dialog::FallBack;
    let mut app = at(Phase::Activation(Side::A));
    let mut others: Vec<UnitId> = (1..=3).map(a).collect();
    others.extend((1..=3).map(b));
    app.dialogs.push(Dialog::FallBack(FallBack {
        unit: a(4),
        into: FellInto::Obstacle,
        other: 0,
        others,
        other_front: true,
        rear_stands: None,
        asking_rear: false,
        error: None,
        typed: String::new(),
    }));
    let other = |app: &App| match app.dialogs.last() {
        Some(Dialog::FallBack(f)) => f.others[f.other],
        _ => panic!("the fall-back form"),
    };
    press(&mut app, &["r", "3"]);
    assert_eq!(other(&app), b(3), "3 is the enemy b3");
    press(&mut app, &["b2"]);
    assert_eq!(other(&app), b(2));
    press(&mut app, &["a2"]);
    assert_eq!(other(&app), b(2), "a friend is not the enemy it ran into");
    let said = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(said.contains("a2 is a friend: f first"), "{said}");
    press(&mut app, &["f", "2"]);
    assert_eq!(other(&app), a(2), "2 is the friend a2");
    let text = screen(&app, 120, 40);
    assert!(text.contains("id typed: 2"), "{text}");
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("fall_back")
    );
}

#[test]
fn an_evade_says_its_move() {
    // Issue 24 item 10, 2.4.7 and W-10: the light horse (Cavalry, move 4)
    // evade the spearmen's charge: the panel says how far and how they end
    // facing.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(4), "65");
    press(&mut app, &["c"]);
    let Some(Dialog::Pick(p)) = app.dialogs.last() else {
        panic!("a picker");
    };
    let at_b3 = p.choices.iter().position(|c| *c == b(3)).unwrap();
    press(&mut app, &["Home"]);
    for _ in 0..at_b3 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter", "e", "t", "65", "Enter", "Enter"]);
    assert_eq!(app.context(), Context::Charge, "{:?}", app.dialogs.last());
    let text = screen(&app, 120, 40);
    assert!(text.contains("moves up to 4 spans"), "{text}");
    assert!(text.contains("it ends facing the way it moved"), "{text}");
}

#[test]
fn at_80x24_the_side_to_act_shows_ten_rows() {
    // Issue 24 item 12: at 80×24 the side activating shows at least 10
    // unit rows (the log keeps one line, l opens it whole).
    let mut app = support::hastings(1);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(app.battle.phase(), Phase::Activation(Side::A));
    let text = screen(&app, 80, 24);
    for id in 1..=10 {
        assert!(
            text.lines().any(|l| l
                .trim_start_matches(['›', ' '])
                .starts_with(&format!("a{id} "))),
            "a{id} in sight:\n{text}"
        );
    }
    // The Normans' turn: their table has the rows.
    press(&mut app, &["G", "Enter", "Enter"]);
    assert_eq!(app.battle.phase(), Phase::Activation(Side::B));
    let text = screen(&app, 80, 24);
    for id in 1..=10 {
        assert!(
            text.lines().any(|l| l
                .trim_start_matches(['›', ' '])
                .starts_with(&format!("b{id} "))),
            "b{id} in sight:\n{text}"
        );
    }
}

#[test]
fn at_120x40_every_bundled_units_name_is_whole() {
    // Issue 21 item 12: with the detail pane open (the default), every
    // bundled unit's name shows whole at 120 columns; a cut would end in '…'.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies");
    for (a, b) in [
        (
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
        ),
        ("agincourt-1415-english.toml", "agincourt-1415-french.toml"),
        (
            "bannockburn-1314-english.toml",
            "bannockburn-1314-scots.toml",
        ),
    ] {
        let (a, b) = (
            load_army(&dir.join(a)).unwrap(),
            load_army(&dir.join(b)).unwrap(),
        );
        let names: Vec<String> = a.units().chain(b.units()).map(|u| u.name.clone()).collect();
        let setup = Setup::new(vec![a], vec![b]).unwrap();
        let mut app = App::new(
            Battle::new(setup),
            SeededDice::new(1),
            Theme::plain(),
            "names",
        );
        // Each side's rows, scrolled through with the selection.
        let mut seen = String::new();
        for side_keys in [&["Home"][..], &["Tab", "Home"][..]] {
            press(&mut app, side_keys);
            for _ in 0..30 {
                seen.push_str(&screen(&app, 120, 40));
                press(&mut app, &["Down"]);
            }
        }
        for name in &names {
            assert!(seen.contains(name.as_str()), "{name} is cut at 120×40");
        }
        assert!(!seen.contains('…'), "no name is cut");
    }
}

#[test]
fn doubles_without_an_enemy_said_in_reach_ask_for_it() {
    // Issue 24 item 14, W-6: the Impetuous wild men (a3) succeed with
    // doubles while "enemy in charge distance" is off: the result says they
    // go Berserk if an enemy is in charge distance, and k says so, the same
    // dice read again.
    let mut app = at(Phase::Activation(Side::A));
    activate(&mut app, a(3), "55");
    assert!(
        !app.battle
            .unit(a(3))
            .unwrap()
            .unit
            .morale
            .eq(&Morale::Berserk)
    );
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("goes Berserk if an enemy is in charge distance"),
        "{text}"
    );
    let events = app.battle.events().len();
    press(&mut app, &["k"]);
    assert_eq!(app.context(), Context::AfterRoll);
    assert_eq!(
        app.battle.events().len(),
        events,
        "the activation read again, not added"
    );
    assert_eq!(app.battle.unit(a(3)).unwrap().unit.morale, Morale::Berserk);
    let text = screen(&app, 120, 40);
    assert!(!text.contains("goes Berserk if an enemy"), "{text}");
}

#[test]
fn a_champion_unsaid_for_want_of_an_enemy_ahead_is_asked() {
    // Issue 24 item 14, W-7: the spearmen (a4) succeed (6 + 5) with "enemy
    // visible ahead" off: the result says a champion may be added if one is,
    // and v says so, the same dice read again.
    let mut app = at(Phase::Activation(Side::A));
    select(&mut app, a(4));
    press(&mut app, &["a", "v", "t", "65", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    let may = |app: &App| match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r
            .rolled
            .as_ref()
            .and_then(|x| x.activation.as_ref())
            .is_some_and(|o| o.may_add_champion),
        _ => false,
    };
    assert!(!may(&app));
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("one may be added if an enemy is visible ahead (W-7)"),
        "{text}"
    );
    let events = app.battle.events().len();
    press(&mut app, &["v"]);
    assert_eq!(app.context(), Context::AfterRoll);
    assert_eq!(app.battle.events().len(), events, "read again, not added");
    assert!(may(&app), "a champion may be added now");
    let text = screen(&app, 120, 40);
    assert!(!text.contains("if an enemy is visible ahead"), "{text}");
    // A failure is not asked about.
    let mut app = at(Phase::Activation(Side::A));
    select(&mut app, a(4));
    press(&mut app, &["a", "v", "t", "11", "Enter"]);
    let text = screen(&app, 120, 40);
    assert!(!text.contains("if an enemy is visible ahead"), "{text}");
}

#[test]
fn r_shows_the_selected_units_quick_reference() {
    // Issue 24 item 16: r shows the selected unit's distances (move,
    // charge, flee dice, W-10, W-11), its shooting ranges and dice (2.5,
    // W-12) and the turn sequence (2.1); the footer and the help list it.
    let mut app = at(Phase::Activation(Side::A));
    for size in [(120, 40), (80, 24)] {
        let text = screen(&app, size.0, size.1);
        let foot = footer(&text);
        let also = foot.split("also").nth(1).unwrap_or("");
        assert!(
            foot.contains("r reference") || also.split_whitespace().any(|k| k == "r"),
            "{foot}"
        );
    }
    select(&mut app, b(3));
    press(&mut app, &["r"]);
    assert_eq!(app.context(), Context::Reference);
    let text = screen(&app, 120, 40);
    for want in [
        "Quick reference: Light horse (b3)",
        "4 spans",
        "7 spans (move 4 + 3 from its formation)",
        "7 white dice (its charge distance)",
        "2.4.11, W-11",
        "1 initiative",
        "4 Melee",
    ] {
        assert!(text.contains(want), "{want}:\n{text}");
    }
    assert!(codes_in(&text).is_empty(), "{:?}", codes_in(&text));
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
    // The archers (b2): their range and dice.
    select(&mut app, b(2));
    press(&mut app, &["r"]);
    let text = screen(&app, 120, 40);
    assert!(text.contains("massed"), "{text}");
    assert!(text.contains("spans;"), "{text}");
    assert!(text.contains("white dice; each 4, 5 or 6 hits"), "{text}");
    assert!(
        text.contains("massed heavy missiles  up to"),
        "a space after the topic:\n{text}"
    );
    press(&mut app, &["r"]);
    assert_eq!(app.context(), Context::Tables, "r closes it");
    press(&mut app, &["?"]);
    let mut help = String::new();
    for _ in 0..60 {
        help.push_str(&screen(&app, 120, 40));
        press(&mut app, &["Down", "Down", "Down", "Down", "Down"]);
    }
    assert!(help.contains("the selected unit's quick reference"));
}

#[test]
fn no_screen_of_a_scripted_battle_shows_an_identifier() {
    // Issue 24 item 8: the referee's words only. Hastings walked with
    // Enter (Herald's dice) through two turns, every panel opened on the way
    // and the log, help, summary, go-to and reference popups: no snake_case
    // identifier and no Rust debug text on any screen, at either size.
    let mut app = support::hastings(7);
    let mut seen = 0;
    let mut check = |app: &App, what: &str| {
        for (w, h) in [(120, 40), (80, 24)] {
            let text = screen(app, w, h);
            let codes = codes_in(&text);
            assert!(codes.is_empty(), "{what}: {codes:?}\n{text}");
            for debug in ["Some(", "None", "UnitId", "Side::", "{ ", "\")"] {
                assert!(!text.contains(debug), "{what}: {debug}\n{text}");
            }
        }
        seen += 1;
    };
    for step in 0..400 {
        check(&app, &format!("step {step}"));
        if app.battle.turn() > 2 {
            break;
        }
        if app.context() == Context::Tables && step % 25 == 0 {
            for keys in [&["?"][..], &["r"], &["S"], &["G"], &["d"]] {
                press(&mut app, keys);
                check(&app, &format!("step {step} {keys:?}"));
                press(&mut app, &["Esc"]);
            }
        }
        let before = (app.battle.events().len(), app.dialogs.len(), app.context());
        press(&mut app, &["Enter"]);
        if (app.battle.events().len(), app.dialogs.len(), app.context()) == before {
            // Stuck on a choice Enter does not make: back out and go on.
            press(&mut app, &["Esc"]);
            if app.context() == Context::Tables {
                press(&mut app, &["G", "Enter", "Enter"]);
            }
        }
    }
    assert!(app.battle.turn() > 2, "two turns walked");
    assert!(seen > 50, "{seen} screens");
    // The frozen Hastings battle (turns 1 to 4: charges, Melees, flights,
    // a Berserk unit), its tables and log after every event.
    let all = hastings_save_at(usize::MAX).battle.events().len();
    for n in 1..=all {
        let mut app = hastings_save_at(n);
        for keys in [&[][..], &["d"], &["S"]] {
            press(&mut app, keys);
            let text = screen(&app, 120, 40);
            let codes = codes_in(&text);
            assert!(codes.is_empty(), "event {n} {keys:?}: {codes:?}\n{text}");
            press(&mut app, &["Esc"]);
        }
    }
}
