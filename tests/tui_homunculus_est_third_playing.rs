//! The third playing of Homunculus Est! (an independent referee's
//! Magnesia, three turns, `he-findings.md`): each FAULT and ROUGH it found,
//! through the console's real update loop (`Screen::key`) on the bundled
//! Magnesia. The battle is brought to the moment by recording events as
//! the console would; the step under test is then played by the keys a
//! referee presses, and the screen read at 80x24 or 120x40 where it
//! matters.

use herald::battle::UnitId;
use herald::battle::homunculus_est::Event;
use herald::battle::homunculus_est::event::SideFacts;
use herald::rules::Side;
use herald::rules::homunculus_est::Characteristic;
use herald::rules::homunculus_est::Next;
use herald::rules::homunculus_est::combat::{Combat, CombatDice, CombatSituation};
use herald::rules::homunculus_est::movement::MovementSituation;
use herald::tui::homunculus_est::App;
use herald::tui::screen::Screen;
use ratatui::crossterm::event::KeyCode;

#[path = "support/homunculus_est.rs"]
mod he;
use he::*;

/// Who starts, recorded: `first` plays the first phase.
fn starts(app: &mut App, first: Side) {
    record(
        app,
        Event::WhoStarts {
            a: if first == Side::A { 5 } else { 2 },
            b: if first == Side::A { 2 } else { 5 },
            first,
        },
    );
}

/// Focuses `side`'s table and selects its unit `n` (1 to 10).
fn select(app: &mut App, side: Side, n: usize) {
    if app.focus != side {
        press(app, KeyCode::Tab);
    }
    keys(app, &(n % 10).to_string());
}

/// `attacker` fights `defender` under `situation`, every combat die showing
/// `chosen` and every Defence die another face (no cancel); a Stubborn
/// defender's die a 2 (it is pushed back).
fn fight(app: &mut App, attacker: UnitId, defender: UnitId, situation: CombatSituation) {
    let chosen = situation.chosen.unwrap();
    let st = app.battle().state();
    let f = SideFacts::default();
    let (a, d) = (
        st.combat_side(attacker, &f).unwrap(),
        st.combat_side(defender, &f).unwrap(),
    );
    let plan = Combat::plan(&a, &d, situation).unwrap();
    let stubborn = if d.unit.has(Characteristic::Stubborn) {
        vec![2]
    } else {
        Vec::new()
    };
    let other = if chosen == 6 { 1 } else { chosen + 1 };
    record(
        app,
        Event::Combat {
            attacker,
            defender,
            facts: [f; 2],
            situation,
            dice: CombatDice {
                combat: vec![chosen; plan.dice_rolled],
                defence: vec![other; plan.defence_dice(chosen)],
                stubborn,
                ..Default::default()
            },
        },
    );
}

/// Walks the forced steps (each card's value typed as 1, every other step
/// rolled with Herald's dice) until the panel's event is one `stop` wants.
fn walk_to(app: &mut App, stop: impl Fn(&Event) -> bool) -> Event {
    for _ in 0..30 {
        match app.panel.as_ref().map(|p| p.event.clone()) {
            Some(e) if stop(&e) => return e,
            Some(Event::DrawCard { .. }) => {
                keys(app, "1");
                enter(app);
            }
            _ => enter(app),
        }
    }
    panic!("never reached the step; {}", screen(app, 120, 40));
}

/// Walks to the follow up: the loser's push back typed as a 6, so that it
/// moves (a push back of 0 squares owes no follow up, HE-21).
fn walk_to_follow_up(app: &mut App) {
    for _ in 0..30 {
        match app.panel.as_ref().map(|p| p.event.clone()) {
            Some(Event::FollowUp { .. }) => return,
            Some(Event::PushBack { .. }) => keys(app, "6"),
            Some(Event::DrawCard { .. }) => {
                keys(app, "1");
                enter(app);
            }
            _ => enter(app),
        }
    }
    panic!("never reached the follow up; {}", screen(app, 120, 40));
}

fn test_of(unit: UnitId) -> impl Fn(&Event) -> bool {
    move |e| matches!(e, Event::Discipline { unit: x, .. } if *x == unit)
}

/// Legio III (a2) charges `defender` and uses its Devotio for `option`.
fn devotio_charge(
    app: &mut App,
    defender: UnitId,
    option: herald::rules::homunculus_est::combat::DevotioOption,
    chosen: u8,
) {
    record(
        app,
        Event::Movement {
            unit: u(Side::A, 2),
            target: Some(defender),
            situation: MovementSituation {
                charge: true,
                ..Default::default()
            },
            dice: vec![4],
        },
    );
    fight(
        app,
        u(Side::A, 2),
        defender,
        CombatSituation {
            activation: herald::rules::homunculus_est::combat::Activation::Charge,
            devotio: Some(option),
            chosen: Some(chosen),
            ..Default::default()
        },
    );
}

/// FAULT 1: a Devotio's "+2 to the enemy's Discipline Rating" is in the
/// test it forces from the record: the Galatians (DR 8) test at DR 10, and
/// 5 4 fails.
#[test]
fn fault_1_the_devotio_raises_the_forced_tests_discipline_rating() {
    use herald::rules::homunculus_est::combat::DevotioOption;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    devotio_charge(&mut app, u(Side::B, 8), DevotioOption::Discipline, 6);
    let e = walk_to(&mut app, test_of(u(Side::B, 8)));
    let Event::Discipline { situation, .. } = e else {
        unreachable!()
    };
    assert!(situation.devotio, "the Devotio is the record's");
    let text = screen(&app, 120, 40);
    assert!(text.contains("DR 10"), "{text}");
    keys(&mut app, "54");
    // failed: its player does not re-roll (a Defence Point is offered)
    assert!(app.panel.as_ref().unwrap().reroll.is_some());
    enter(&mut app);
    assert!(
        summary(&app).contains("Discipline Test failed"),
        "{}",
        summary(&app)
    );
}

/// FAULT 2: where no Devotio was used in the activation (a Roman cavalry
/// unit's Grind with the Agema; the Seleucids have none), no test is
/// offered the enemy's Devotio, and its key changes nothing.
#[test]
fn fault_2_no_devotio_is_offered_where_none_was_used() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    fight(
        &mut app,
        u(Side::A, 6),
        u(Side::B, 4),
        CombatSituation {
            chosen: Some(2),
            ..Default::default()
        },
    );
    for who in [u(Side::A, 6), u(Side::B, 4)] {
        walk_to(&mut app, test_of(who));
        let text = screen(&app, 120, 40);
        assert!(!text.contains("Devotio"), "{text}");
        keys(&mut app, "x");
        let Event::Discipline { situation, .. } = panel_event(&app) else {
            unreachable!()
        };
        assert!(!situation.devotio, "{}", screen(&app, 120, 40));
        keys(&mut app, "t66");
    }
}

/// FAULT 3: a unit on the table is never offered the test to come back
/// from Pursuit Off-Table (and the record refuses it); a follow up says
/// how far the table edge lies, and one carried over it is off the table.
#[test]
fn fault_3_return_from_pursuit_only_for_a_unit_off_the_table() {
    use herald::rules::homunculus_est::discipline::{DisciplineSituation, Purpose};
    let mut app = console(setup());
    starts(&mut app, Side::A);
    // the Galatians are pushed back by Legio II (a1): its follow up
    fight(
        &mut app,
        u(Side::A, 1),
        u(Side::B, 8),
        CombatSituation {
            chosen: Some(4),
            ..Default::default()
        },
    );
    walk_to_follow_up(&mut app);
    let text = screen(&app, 120, 40);
    assert!(text.contains("table edge"), "{text}");
    // the edge is right ahead (no square): the follow up die 6 carries it off
    keys(&mut app, "bt6");
    assert!(
        app.battle().state().units[0][0].off_table,
        "{}",
        screen(&app, 120, 40)
    );
    // a unit on the table: the causes offered never include the return
    app.panel = None;
    select(&mut app, Side::B, 1);
    keys(&mut app, "d");
    for _ in 0..6 {
        let Event::Discipline { situation, .. } = panel_event(&app) else {
            unreachable!()
        };
        assert_ne!(situation.purpose, Purpose::ReturnFromPursuit);
        keys(&mut app, "p");
    }
    let text = screen(&app, 120, 40);
    assert!(!text.contains("return from"), "{text}");
    // nor does the record take it
    let refused = app.battle_mut().record(Event::Discipline {
        unit: u(Side::B, 1),
        situation: DisciplineSituation {
            purpose: Purpose::ReturnFromPursuit,
            ..Default::default()
        },
        dice: vec![1, 2],
    });
    assert!(refused.is_err(), "a unit on the table cannot come back");
}

/// FAULT 4: a Stampede's units to test are every unit in its ZOC, friend
/// or enemy: the Phalanx's right block (elephant lines) fails critically
/// and a Roman unit in its ZOC can be marked, and tests.
#[test]
fn fault_4_a_stampede_makes_enemies_in_its_zoc_test_too() {
    use herald::rules::homunculus_est::discipline::DisciplineSituation;
    let mut app = console(setup());
    starts(&mut app, Side::B);
    record(
        &mut app,
        Event::Discipline {
            unit: u(Side::B, 1),
            situation: DisciplineSituation::default(),
            dice: vec![1, 1],
        },
    );
    walk_to(&mut app, |e| matches!(e, Event::Rout { .. }));
    let text = screen(&app, 120, 40);
    assert!(text.contains("Legio II (a1)"), "{text}");
    // the key beside Legio II
    let line = text
        .lines()
        .find(|l| l.contains("Legio II (a1)"))
        .unwrap()
        .to_string();
    let key = line.trim_start().chars().next().unwrap();
    keys(&mut app, &key.to_string());
    enter(&mut app);
    let Event::Rout { tests, .. } = last(&app) else {
        panic!("{}", summary(&app))
    };
    assert_eq!(tests, vec![u(Side::A, 1)]);
    assert!(
        app.battle()
            .state()
            .due
            .iter()
            .any(|d| d.unit == u(Side::A, 1) && d.step == Next::ZocTest)
    );
}

/// FAULT 5: a Generalship Point converted into an Attack Point is for the
/// unit its general is attached to: the panel asks which general; the
/// point is not the army's pool, so the Latin ala (no general) cannot
/// spend it and the Roman equites (Scipio's) can.
#[test]
fn fault_5_a_generals_converted_point_is_his_units_alone() {
    use herald::rules::homunculus_est::Pool;
    use herald::rules::homunculus_est::command_points::PointsChange;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    let attack = app.battle().state().armies[0].points.attack;
    keys(&mut app, "P");
    for _ in 0..4 {
        if matches!(
            panel_event(&app),
            Event::Points {
                change: PointsChange::Convert(_) | PointsChange::ConvertFor { .. },
                ..
            }
        ) {
            break;
        }
        keys(&mut app, "k");
    }
    let text = screen(&app, 120, 40);
    assert!(text.contains("the general who converts"), "{text}");
    // Scipio, with the Roman equites (a6)
    keys(&mut app, "g6");
    enter(&mut app);
    assert_eq!(
        last(&app),
        Event::Points {
            side: Side::A,
            change: PointsChange::ConvertFor {
                to: Pool::Attack,
                general: 5
            }
        }
    );
    let st = app.battle().state();
    assert_eq!(st.armies[0].points.attack, attack, "not the army's pool");
    assert_eq!(st.available(u(Side::A, 6), Pool::Attack), attack + 1);
    assert_eq!(st.available(u(Side::A, 4), Pool::Attack), attack);
    press(&mut app, KeyCode::Esc);
    let text = screen(&app, 120, 40);
    assert!(text.contains("L. Cornelius Scipio G1"), "{text}");
    assert!(text.contains("Eumenes II G2"), "{text}");
    let text = screen(&app, 80, 24);
    assert!(text.contains("*G1+A"), "{text}");
    // the Latin ala, left (a4) cannot charge with it
    let charge = |unit, points| Event::Movement {
        unit,
        target: Some(u(Side::B, 8)),
        situation: MovementSituation {
            charge: true,
            attack_points: points,
            ..Default::default()
        },
        dice: vec![4],
    };
    assert!(
        app.battle_mut()
            .record(charge(u(Side::A, 4), attack + 1))
            .is_err()
    );
    record(&mut app, charge(u(Side::A, 6), attack + 1));
    let st = app.battle().state();
    assert_eq!(st.armies[0].points.attack, 0);
    assert_eq!(st.available(u(Side::A, 6), Pool::Attack), 0);
}

/// Antiochus III (b4) killed: the record's Generalship pool is emptied
/// (HE-30) and so is every general's row; under house option *own
/// generalship* Seleucus keeps his point, and the pool holds it.
fn antiochus_killed(own: bool) -> App {
    use herald::rules::homunculus_est::OWN_GENERALSHIP;
    use herald::rules::homunculus_est::general::RiskDice;
    use herald::rules::homunculus_est::tables::RiskEvent;
    use herald::rules::house::HouseValue;
    let mut s = setup();
    if own {
        s.house
            .set(&OWN_GENERALSHIP, HouseValue::YesNo(true))
            .unwrap();
    }
    let mut app = console(s);
    starts(&mut app, Side::B);
    let p = app.battle().state().armies[1].points;
    let left = p.total() - p.generalship + if own { p.generalship - 3 } else { 0 };
    record(
        &mut app,
        Event::GeneralRisk {
            unit: u(Side::B, 4),
            event: RiskEvent::PushedBack,
            dice: RiskDice {
                risk: vec![1, 1],
                injury: vec![1],
                points: vec![4; left as usize],
            },
        },
    );
    app
}

/// FAULT 6: the tables show what the record holds of each general's
/// Generalship Points.
#[test]
fn fault_6_the_generals_points_on_screen_are_the_records() {
    let app = antiochus_killed(false);
    let st = app.battle().state();
    assert_eq!(st.armies[1].points.generalship, 0);
    let seleucus = st.units[1][4].general.as_ref().unwrap();
    assert_eq!(seleucus.points(), 0, "the pool is emptied (HE-30)");
    let text = screen(&app, 120, 40);
    assert!(text.contains("[Seleucus G0]"), "{text}");
    assert!(text.contains("G0"), "{text}");
    let why = app
        .battle()
        .entry(app.battle().events().len() - 1)
        .unwrap()
        .explanation
        .lines
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(why.contains("Seleucus' Generalship Points: 1 → 0"), "{why}");
    // the house option: his own points only
    let app = antiochus_killed(true);
    let st = app.battle().state();
    assert_eq!(st.armies[1].points.generalship, 1);
    assert_eq!(st.units[1][4].general.as_ref().unwrap().points(), 1);
    let text = screen(&app, 120, 40);
    assert!(text.contains("[Seleucus G1]"), "{text}");
}

/// A word written as an identifier (`pushed_back`, `defence_point`).
fn snake(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| w.trim_matches('_').contains('_'))
        .map(str::to_string)
}

/// Every line the log holds: summaries, explanations, effects.
fn log_text(app: &App) -> String {
    let b = app.battle();
    let mut out = String::new();
    for i in 0..b.events().len() {
        let e = b.entry(i).unwrap();
        out.push_str(&e.summary);
        out.push('\n');
        for l in &e.explanation.lines {
            out.push_str(&l.text);
            out.push('\n');
        }
        for f in &e.effects {
            out.push_str(&f.text);
            out.push('\n');
        }
    }
    out
}

/// ROUGH 1 and 13: no identifier and no "s's" in the log: a general's
/// risk, a Defence Point re-roll, a Stampede's removal, Scythed chariots'
/// Grind.
#[test]
fn rough_1_and_13_the_log_is_in_words() {
    use herald::rules::homunculus_est::discipline::{DisciplineSituation, TestReroll};
    use herald::rules::homunculus_est::general::RiskDice;
    use herald::rules::homunculus_est::tables::RiskEvent;
    let mut app = console(setup());
    starts(&mut app, Side::B);
    record(
        &mut app,
        Event::GeneralRisk {
            unit: u(Side::B, 4),
            event: RiskEvent::PushedBack,
            dice: RiskDice {
                risk: vec![3, 4],
                ..Default::default()
            },
        },
    );
    record(
        &mut app,
        Event::Discipline {
            unit: u(Side::B, 8),
            situation: DisciplineSituation {
                rerolls: vec![TestReroll::DefencePoint],
                ..Default::default()
            },
            dice: vec![1, 2, 6, 6],
        },
    );
    record(
        &mut app,
        Event::Discipline {
            unit: u(Side::B, 1),
            situation: DisciplineSituation::default(),
            dice: vec![1, 1],
        },
    );
    walk_to(&mut app, |e| matches!(e, Event::Rout { .. }));
    enter(&mut app);
    app.panel = None;
    fight(
        &mut app,
        u(Side::B, 6),
        u(Side::A, 3),
        CombatSituation {
            chosen: Some(1),
            ..Default::default()
        },
    );
    let text = log_text(&app);
    assert_eq!(snake(&text), None, "{text}");
    assert!(!text.contains("s's "), "{text}");
    assert!(!text.contains("false →"), "{text}");
    assert!(text.contains("removed from play"), "{text}");
    assert!(text.contains("chariots' combat"), "{text}");
}

/// ROUGH 3: a unit pushed off the table is said to leave it, not to be
/// "Pushed Back 1 square(s)".
#[test]
fn rough_3_pushed_off_the_table_says_so() {
    use herald::rules::homunculus_est::push_back::{Blocker, PushBackSituation};
    let mut app = console(setup());
    starts(&mut app, Side::B);
    record(
        &mut app,
        Event::PushBack {
            unit: u(Side::A, 6),
            situation: PushBackSituation {
                blocked_by: Some(Blocker::TableEdge),
                free_squares: Some(0),
                ..Default::default()
            },
            dice: vec![3],
        },
    );
    let s = summary(&app);
    assert!(s.contains("off the table"), "{s}");
    assert!(!s.contains("square(s)"), "{s}");
}

/// ROUGH 9: what cannot apply is not offered: the enemy's Small Cavalry
/// Reserve where it has none; a discard after a call on an army with no
/// card.
#[test]
fn rough_9_facts_that_cannot_apply_are_not_offered() {
    use herald::rules::homunculus_est::discipline::DisciplineSituation;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    fight(
        &mut app,
        u(Side::A, 1),
        u(Side::B, 8),
        CombatSituation {
            chosen: Some(6),
            ..Default::default()
        },
    );
    walk_to(&mut app, test_of(u(Side::B, 8)));
    let _ = DisciplineSituation::default();
    keys(&mut app, "21");
    enter(&mut app);
    walk_to(&mut app, |e| matches!(e, Event::FailedDiscipline { .. }));
    let text = screen(&app, 120, 40);
    assert!(!text.contains("Small Cavalry Reserve"), "{text}");
    // a call on player a, who holds no card: no discard follows
    let mut app = console(setup());
    starts(&mut app, Side::B);
    keys(&mut app, "h");
    enter(&mut app);
    assert!(app.battle().state().may_discard.is_none());
    assert!(!app.walker_words().contains("may discard"));
}

/// ROUGH 11: a Drilled unit's free re-roll is only "entirely in flat,
/// open terrain": not with the unit in Rough Terrain, and the panel does
/// not take both.
#[test]
fn rough_11_no_drilled_reroll_in_rough_terrain() {
    use herald::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
    use herald::rules::homunculus_est::tables::Manoeuvre;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    record(
        &mut app,
        Event::Movement {
            unit: u(Side::A, 3),
            target: None,
            situation: MovementSituation::default(),
            dice: vec![6],
        },
    );
    let mut s = ManoeuvreSituation::of(Manoeuvre::ForwardTurn);
    s.in_rough = true;
    s.flat_open = true;
    let done = app.battle_mut().record(Event::Manoeuvre {
        unit: u(Side::A, 3),
        situation: s,
        dice: vec![2],
    });
    assert!(done.is_ok(), "one die, no free re-roll: {done:?}");
    assert!(summary(&app).contains("failed"), "{}", summary(&app));
    // the panel: in Rough Terrain, flat Open Ground is not offered
    let _ = app.battle_mut().undo();
    select(&mut app, Side::A, 3);
    keys(&mut app, "M");
    keys(&mut app, "r");
    let text = screen(&app, 120, 40);
    assert!(!text.contains("on flat Open Ground"), "{text}");
}

/// Worth a ruling (2): PUSH BACK Off-Table, "Formed unit or General Pushed
/// Back Off the Table suffers Disaster Card": Scipio pushed off with the
/// Roman equites is a Disaster of his own, two in all (HE-9).
#[test]
fn a_general_pushed_off_the_table_with_his_unit_is_a_disaster_of_his_own() {
    use herald::battle::homunculus_est::event::CardKind;
    use herald::rules::homunculus_est::push_back::{Blocker, PushBackSituation};
    let mut app = console(setup());
    starts(&mut app, Side::B);
    record(
        &mut app,
        Event::PushBack {
            unit: u(Side::A, 6),
            situation: PushBackSituation {
                blocked_by: Some(Blocker::TableEdge),
                free_squares: Some(0),
                ..Default::default()
            },
            dice: vec![3],
        },
    );
    let disasters = app.battle().state().cards[0]
        .iter()
        .filter(|c| c.kind == CardKind::Disaster)
        .count();
    assert_eq!(disasters, 2, "{}", log_text(&app));
}

// The fourth playing (`he2-findings.md`): the procedure's faults.

/// Records a Combat Activation of `attacker` on `defender` whose chosen
/// die is `chosen`, and closes any panel: its forced steps are owed.
fn owe_steps(app: &mut App, attacker: UnitId, defender: UnitId, chosen: u8) {
    fight(
        app,
        attacker,
        defender,
        CombatSituation {
            chosen: Some(chosen),
            ..Default::default()
        },
    );
    app.panel = None;
    assert!(!app.battle().state().due.is_empty());
}

/// Walks every forced step (cards typed 1, the rest Herald's dice) until
/// none is owed.
fn walk_all(app: &mut App) {
    for _ in 0..40 {
        if app.battle().state().due.is_empty() && app.panel.is_none() {
            return;
        }
        match app.panel.as_ref().map(|p| p.event.clone()) {
            Some(Event::DrawCard { .. }) => {
                keys(app, "1");
                enter(app);
            }
            Some(_) => enter(app),
            None if app.battle().state().due.is_empty() => return,
            None => enter(app),
        }
    }
    panic!("the steps never ended; {}", screen(app, 120, 40));
}

/// FAULT 3 (HE2): `e` is refused, with the step owed in words, while the
/// activation's forced steps are owed (HE-5.3, HE-6, HE-7); once they are
/// done it ends the phase.
#[test]
fn he2_fault_3_the_phase_does_not_end_while_steps_are_owed() {
    use herald::battle::homunculus_est::Phase;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    owe_steps(&mut app, u(Side::A, 1), u(Side::B, 8), 4);
    let owed = app.battle().state().due.clone();
    let events = app.battle().events().len();
    keys(&mut app, "e");
    assert_eq!(app.battle().state().phase, Phase::Player(Side::A));
    assert_eq!(app.battle().events().len(), events);
    assert_eq!(app.battle().state().due, owed);
    let text = screen(&app, 120, 40);
    assert!(text.contains("is owed first"), "{text}");
    walk_all(&mut app);
    app.panel = None;
    keys(&mut app, "e");
    assert_eq!(
        app.battle().state().phase,
        Phase::Player(Side::B),
        "{}",
        screen(&app, 120, 40)
    );
}

/// FAULT 4 (HE2): a new activation (move, charge, combat, shoot, reform,
/// call) is refused before its panel opens while the last one's steps are
/// owed; nothing is dropped.
#[test]
fn he2_fault_4_no_new_activation_while_steps_are_owed() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    owe_steps(&mut app, u(Side::A, 1), u(Side::B, 8), 4);
    let owed = app.battle().state().due.clone();
    for key in ["m", "c", "a", "s", "r", "h"] {
        select(&mut app, Side::A, 7);
        keys(&mut app, key);
        assert!(app.panel.is_none(), "{key} opened a panel");
        let text = screen(&app, 120, 40);
        assert!(text.contains("is owed first"), "{key}: {text}");
        assert_eq!(app.battle().state().due, owed, "{key}");
    }
    // the steps done, the next activation opens
    walk_all(&mut app);
    app.panel = None;
    select(&mut app, Side::A, 3);
    keys(&mut app, "m");
    assert!(app.panel.is_some(), "{}", screen(&app, 120, 40));
}

/// Legio II (a1) follows its loser off the table in turn 1 (PURSUIT
/// OFF-TABLE); both phases end: turn 2, player a's phase.
fn legio_off_the_table() -> App {
    use herald::battle::homunculus_est::Phase;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    owe_steps(&mut app, u(Side::A, 1), u(Side::B, 8), 4);
    walk_to_follow_up(&mut app);
    keys(&mut app, "bt6");
    assert!(app.battle().state().units[0][0].off_table);
    walk_all(&mut app);
    app.panel = None;
    keys(&mut app, "e");
    walk_all(&mut app);
    app.panel = None;
    keys(&mut app, "e");
    assert_eq!(
        app.battle().state().phase,
        Phase::Player(Side::A),
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(app.battle().state().turn, 2);
    app
}

/// FAULT 2 (HE2): a unit off the table is offered no Combat Activation,
/// Manoeuvre Test or follow up: refused before the panel opens (HE-33).
#[test]
fn he2_fault_2_a_unit_off_the_table_neither_fights_nor_manoeuvres() {
    let mut app = legio_off_the_table();
    for key in ["a", "M", "o", "m", "c", "s"] {
        select(&mut app, Side::A, 1);
        keys(&mut app, key);
        assert!(app.panel.is_none(), "{key} opened a panel");
        let text = screen(&app, 120, 40);
        assert!(text.contains("Legio II is"), "{key}: {text}");
    }
}

/// FAULT 1 (HE2): `b` brings a unit back from Pursuit Off-Table: its
/// activation, a Discipline Test; passed, it is back on the table; failed,
/// it stays off and its Reversal of Fortune is due (HE-5.3, HE-6, HE-26, HE-33).
#[test]
fn he2_fault_1_a_unit_off_the_table_is_brought_back_by_its_test() {
    use herald::rules::homunculus_est::discipline::Purpose;
    let mut app = legio_off_the_table();
    let text = screen(&app, 120, 40);
    assert!(text.contains("b brings back Legio II"), "{text}");
    keys(&mut app, "?");
    assert!(screen(&app, 120, 40).contains("bring back a unit in Pursuit Off-Table"));
    press(&mut app, KeyCode::Esc);
    app.help = false;
    keys(&mut app, "b");
    let Event::Discipline {
        unit, situation, ..
    } = panel_event(&app)
    else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert_eq!(
        (unit, situation.purpose),
        (u(Side::A, 1), Purpose::ReturnFromPursuit)
    );
    let mut failed = legio_off_the_table();
    keys(&mut app, "t65");
    let legio = &app.battle().state().units[0][0];
    assert!(
        !legio.off_table && legio.activated,
        "{}",
        screen(&app, 120, 40)
    );
    // failed: it stays off the table, and the phase ends (HE-6)
    keys(&mut failed, "bt12");
    // its re-rolls are offered as for any failed test (he3 F5): Enter accepts the failure
    assert!(failed.panel.as_ref().is_some_and(|p| p.reroll.is_some()));
    enter(&mut failed);
    assert!(failed.battle().state().units[0][0].off_table);
    assert!(
        failed.battle().state().reversal.is_some(),
        "{}",
        screen(&failed, 120, 40)
    );
}

/// FAULT 6 (HE2): a unit removed from play owes no step: the Phalanx's
/// right block (b1, its Elephant line) crunched by Legio II fails its test
/// critically, a Stampede, and is removed with its lines (SKIRMISH AND
/// RESERVE LINES OUTCOME, UNIT CHARACTERISTICS (1) Elephants); the walker
/// then offers its rout's move but never its lines' roll, a combat, push
/// back or test (HE-7, HE-26).
#[test]
fn he2_fault_6_no_step_is_owed_by_a_unit_removed_from_play() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    let b1 = u(Side::B, 1);
    owe_steps(&mut app, u(Side::A, 1), b1, 6);
    let due = app.battle().state().due.clone();
    assert!(
        due.iter()
            .any(|d| d.unit == b1 && d.step == Next::LineOutcomeDefender),
        "{due:?}"
    );
    walk_to(&mut app, test_of(b1));
    // 1 1: a Critical Failure, no re-roll taken (Enter): the Stampede
    keys(&mut app, "11");
    enter(&mut app);
    // its Stampede recorded (Enter): removed from play with its line
    walk_to(&mut app, |e| matches!(e, Event::FailedDiscipline { .. }));
    enter(&mut app);
    assert!(
        app.battle().state().units[1][0].removed,
        "{}",
        screen(&app, 120, 40)
    );
    let due = app.battle().state().due.clone();
    assert!(
        due.iter().all(|d| d.unit != b1
            || matches!(
                d.step,
                Next::RoutMove
                    | Next::LostEagles
                    | Next::GeneralRisk
                    | Next::GeneralRiskAttacker
                    | Next::GeneralRiskDefender
                    | Next::HomunculusEst
            )),
        "{due:?}"
    );
    assert!(due.iter().any(|d| d.unit == b1 && d.step == Next::RoutMove));
    let mut rout = false;
    for _ in 0..40 {
        if app.battle().state().due.is_empty() && app.panel.is_none() {
            break;
        }
        match app.panel.as_ref().map(|p| p.event.clone()) {
            Some(Event::DrawCard { .. }) => {
                keys(&mut app, "1");
                enter(&mut app);
            }
            Some(Event::Rout { unit, .. }) if unit == b1 => {
                rout = true;
                enter(&mut app);
            }
            Some(
                Event::Lines { unit, .. }
                | Event::PushBack { unit, .. }
                | Event::Discipline { unit, .. }
                | Event::Combat { attacker: unit, .. },
            ) if unit == b1 => panic!("a step of a removed unit: {}", screen(&app, 120, 40)),
            None if app.battle().state().due.is_empty() => break,
            _ => enter(&mut app),
        }
    }
    assert!(rout, "its rout's move is still owed");
    assert!(app.battle().state().due.is_empty());
}

/// FAULT 5 (HE2): a charge at a Cause Fear unit owes the charger's entry
/// test before its combat, the test's cause and the Failed Discipline's −2
/// from the record (UNIT CHARACTERISTICS Cause Fear, HE-28, HE-34); failed,
/// the charger stops outside the ZOC and fights no combat.
#[test]
fn he2_fault_5_a_charge_at_a_cause_fear_unit_owes_its_test_first() {
    use herald::rules::homunculus_est::discipline::Purpose;
    let mut app = console(setup());
    starts(&mut app, Side::A);
    // African elephants (a9) charge the Elephants of the left (b7, Cause Fear)
    select(&mut app, Side::B, 7);
    select(&mut app, Side::A, 9);
    keys(&mut app, "c");
    keys(&mut app, "t4");
    let text = screen(&app, 120, 40);
    let Some(Event::Movement { target, .. }) = app.battle().events().last().cloned() else {
        panic!("{text}")
    };
    assert_eq!(target, Some(u(Side::B, 7)), "{text}");
    assert!(text.contains("Cause Fear test"), "{text}");
    let Event::Discipline {
        unit, situation, ..
    } = panel_event(&app)
    else {
        panic!("{text}")
    };
    assert_eq!(
        (unit, situation.purpose),
        (u(Side::A, 9), Purpose::CauseFear)
    );
    // the referee's own `d` opens the same test, from the record
    app.panel = None;
    select(&mut app, Side::A, 9);
    keys(&mut app, "d");
    let Event::Discipline { situation, .. } = panel_event(&app) else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert_eq!(situation.purpose, Purpose::CauseFear);
    // failed (1 2): no combat is owed; the FAILED DISCIPLINE roll is at -2
    keys(&mut app, "t12");
    enter(&mut app);
    let due = app.battle().state().due.clone();
    assert!(due.iter().all(|d| d.step != Next::Combat), "{due:?}");
    let Event::FailedDiscipline { situation, .. } = panel_event(&app) else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert!(situation.cause_fear.is_some(), "{}", screen(&app, 120, 40));
}

/// FAULT 7 (HE2): a light wound to a general whose army holds no
/// Generalship Point (the pool emptied by Antiochus' death, HE-30) says
/// that none was left to remove, and removes none (RISK TO GENERALS 2).
#[test]
fn he2_fault_7_a_light_wound_at_g0_claims_no_point_removed() {
    let mut app = antiochus_killed(false);
    walk_all(&mut app);
    app.panel = None;
    let left = app.battle().state().armies[1].points.total();
    // Seleucus' unit (b5): risk 1 1 (injured), injury 6 (lightly wounded),
    // then a 6 for each Command Point left (none removed)
    select(&mut app, Side::B, 5);
    keys(&mut app, "g");
    keys(&mut app, "t116");
    keys(&mut app, &"6".repeat(left as usize));
    if app.panel.is_some() {
        enter(&mut app);
    }
    let Event::GeneralRisk { .. } = last(&app) else {
        panic!("{}", screen(&app, 120, 40))
    };
    let why = app
        .battle()
        .entry(app.battle().events().len() - 1)
        .unwrap()
        .explanation
        .lines
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(why.contains("lightly wounded"), "{why}");
    assert!(!why.contains("Generalship Point removed"), "{why}");
    assert!(why.contains("no Generalship Point to remove"), "{why}");
    let seleucus = app.battle().state().units[1][4].general.clone().unwrap();
    assert_eq!(seleucus.points_lost, 0);
}

/// The rows of a screen holding `phrase`, trimmed.
fn rows_with(text: &str, phrase: &str) -> Vec<String> {
    text.lines()
        .filter(|r| r.contains(phrase))
        .map(|r| {
            r.trim_end()
                .trim_end_matches(['│', '┃', '|'])
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The status at the foot of a screen, from its last row starting with
/// `start` to the end, its rows joined (a long one wraps, he5 F2).
fn status_from(text: &str, start: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    let at = rows
        .iter()
        .rposition(|r| r.starts_with(start))
        .unwrap_or_else(|| panic!("no status starting {start:?}: {text}"));
    rows[at..]
        .iter()
        .map(|r| r.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// FAULT 8 (HE2): no word is cut on screen at 120x40 or 80x24: a fact's
/// value and the walker's "is owed first" end at a word with `…`
/// (`cut_words`), or whole; the status line is whole, wrapped at words
/// where it is long (he5 F2).
#[test]
fn he2_fault_8_no_word_is_cut_on_screen() {
    for (w, h) in [(120, 40), (80, 24)] {
        let mut app = console(setup());
        starts(&mut app, Side::A);
        // Legio II (a1) may not shoot: the refusal on the status line
        select(&mut app, Side::A, 1);
        keys(&mut app, "s");
        let text = screen(&app, w, h);
        let status = status_from(&text, "Legio II");
        assert!(status.contains("only a Ranged Attack unit"), "{text}");
        assert!(
            !status.contains('…') && status.ends_with(')'),
            "{w}x{h}: {status}"
        );
        // the combat panel's facts from the record
        select(&mut app, Side::A, 6);
        keys(&mut app, "a");
        let text = screen(&app, w, h);
        assert_eq!(
            text.matches("(Herald's re").count(),
            text.matches("(Herald's record").count(),
            "{w}x{h}: {text}"
        );
        press(&mut app, KeyCode::Esc);
        app.panel = None;
        // the walker's "is owed first"
        owe_steps(&mut app, u(Side::A, 1), u(Side::B, 8), 4);
        keys(&mut app, "e");
        let text = screen(&app, w, h);
        let status = status_from(&text, "out of turn");
        assert!(status.contains("is owed first"), "{text}");
        assert!(
            !status.contains('…') && status.ends_with("(HE-5.3, HE-7); Enter opens it"),
            "{w}x{h}: {status}"
        );
        // the walker's row ends at a word, or whole
        for r in rows_with(&text, "is owed first")
            .into_iter()
            .filter(|r| !r.starts_with("out of turn"))
        {
            assert!(r.ends_with('…') || r.ends_with(')'), "{w}x{h}: {r}");
        }
    }
}

// The fifth playing (he3 FINDINGS): the referee's own saves, copied into
// `tests/battle_data/homunculus-est-he3/`, opened as Herald opens them.

/// The he3 referee's save `name`, opened as `herald play` opens it.
fn saved(name: &str) -> App {
    use herald::battle::homunculus_est::HomunculusEst;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data/homunculus-est-he3")
        .join(name);
    let battle = herald::store::save::load::<HomunculusEst>(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .data
        .battle;
    App::new(
        battle,
        herald::dice::SeededDice::new(3),
        herald::tui::theme::Theme::plain(),
        "he3",
    )
}

/// HE3 F1: a unit that went off the table in Pursuit Off-Table this turn
/// is not brought back until a following turn ("In following turns",
/// PURSUIT OFF-TABLE; HE-33): the battle's check refuses the attempt, `b`
/// opens no panel and says why, and the walker does not name it.
#[test]
fn he3_fault_1_no_return_from_pursuit_in_the_turn_it_left() {
    use herald::rules::homunculus_est::discipline::{DisciplineSituation, Purpose};
    let mut app = saved("keep-bringback-sameturn.toml");
    let a5 = u(Side::A, 5);
    assert!(app.battle().state().units[0][4].off_table);
    let text = screen(&app, 120, 40);
    assert!(!text.contains("b brings back"), "{text}");
    let events = app.battle().events().len();
    keys(&mut app, "b");
    assert!(app.panel.is_none(), "{}", screen(&app, 120, 40));
    let text = screen(&app, 120, 40);
    assert!(text.contains("following turn"), "{text}");
    keys(&mut app, "45");
    assert_eq!(app.battle().events().len(), events);
    // the battle itself refuses it, whatever the console does
    let refused = app.battle_mut().record(Event::Discipline {
        unit: a5,
        situation: DisciplineSituation {
            purpose: Purpose::ReturnFromPursuit,
            ..Default::default()
        },
        dice: vec![4, 5],
    });
    let Err(e) = refused else {
        panic!("brought back in the turn it left")
    };
    assert!(e.to_string().contains("following turn"), "{e}");
    assert!(app.battle().state().units[0][4].off_table);
}

/// HE3 F7: under the house option *repeat activations* a unit that has
/// made a Movement Activation this phase may make another (HE-5.3's
/// option): the panel's odds are the move's, not a refusal, and it records.
#[test]
fn he3_fault_7_repeat_activations_allow_a_second_move() {
    let mut app = saved("keep-repeat-refused.toml");
    let b1 = u(Side::B, 1);
    assert!(app.battle().state().units[1][0].activated);
    let events = app.battle().events().len();
    select(&mut app, Side::B, 1);
    keys(&mut app, "m");
    let text = screen(&app, 80, 24);
    assert!(!text.contains("activated once a phase"), "{text}");
    assert!(
        matches!(panel_event(&app), Event::Movement { unit, .. } if unit == b1),
        "{text}"
    );
    keys(&mut app, "t4");
    assert_eq!(
        app.battle().events().len(),
        events + 1,
        "{}",
        screen(&app, 120, 40)
    );
    assert!(matches!(last(&app), Event::Movement { unit, .. } if unit == b1));
}

/// HE3 F6: a follow up is owed only after a loser Pushed Back "and moves
/// or is destroyed" (HE-21): Legio II's push back of 0 squares (a 1 on the
/// Formed Infantry column: "No movement", PUSH BACK) owes none; the
/// walker goes on to its Discipline Test.
#[test]
fn he3_fault_6_no_follow_up_after_a_push_back_of_no_squares() {
    let mut app = saved("keep-followup-zero.toml");
    let a1 = u(Side::A, 1);
    // the push back made again by its keys: undone, then the walker's step
    keys(&mut app, "u");
    app.panel = None;
    enter(&mut app);
    assert!(
        matches!(panel_event(&app), Event::PushBack { unit, .. } if unit == a1),
        "{}",
        screen(&app, 120, 40)
    );
    keys(&mut app, "1");
    assert!(
        summary(&app).contains("Pushed Back 0 squares"),
        "{}",
        summary(&app)
    );
    let due = app.battle().state().due.clone();
    assert!(
        due.iter()
            .all(|d| !matches!(d.step, Next::FollowUpAttacker | Next::FollowUpDefender)),
        "{due:?}"
    );
    assert!(
        !matches!(
            app.panel.as_ref().map(|p| &p.event),
            Some(Event::FollowUp { .. })
        ),
        "{}",
        screen(&app, 120, 40)
    );
    let text = screen(&app, 120, 40);
    assert!(!text.contains("Follow up: Phalanx"), "{text}");
}

/// HE3 F4: the called player discards the revealed card "of his choice"
/// (HOMUNCULUS EST!, HE-12): with five Setbacks worth 1 and a Disaster
/// worth 2 revealed, one key goes on from the Setback to the Disaster.
#[test]
fn he3_fault_4_the_called_player_may_discard_his_disaster() {
    use herald::battle::homunculus_est::event::CardKind;
    let mut app = saved("keep-discard.toml");
    let disasters = |app: &App| {
        app.battle().state().cards[0]
            .iter()
            .filter(|c| c.kind == CardKind::Disaster)
            .count()
    };
    let before = disasters(&app);
    keys(&mut app, "x");
    keys(&mut app, "n");
    let text = screen(&app, 120, 40);
    assert!(text.contains("Disaster Card worth 2"), "{text}");
    enter(&mut app);
    assert!(
        matches!(
            last(&app),
            Event::Discard {
                kind: CardKind::Disaster,
                ..
            }
        ),
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(disasters(&app), before - 1);
}

/// HE3 F5: a failed test to bring a unit back from Pursuit Off-Table is a
/// Discipline Test like any other (PURSUIT OFF-TABLE): its player is offered
/// Brave's free re-roll and a Defence Point's (HE-26) before the failure
/// stands; the Brave re-roll passed, the unit is back.
#[test]
fn he3_fault_5_a_failed_return_offers_its_rerolls() {
    use herald::rules::homunculus_est::discipline::TestReroll;
    let mut app = saved("keep-bringback-noreroll.toml");
    let events = app.battle().events().len();
    keys(&mut app, "bt22");
    let offers = app.panel.as_ref().and_then(|p| p.reroll.clone());
    assert_eq!(
        offers,
        Some(vec![TestReroll::Brave, TestReroll::DefencePoint]),
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(app.battle().events().len(), events);
    let text = screen(&app, 120, 40);
    assert!(text.contains("Brave re-roll"), "{text}");
    keys(&mut app, "b65");
    let Event::Discipline { situation, .. } = last(&app) else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert_eq!(situation.rerolls, vec![TestReroll::Brave]);
    let a5 = &app.battle().state().units[0][4];
    assert!(!a5.off_table && a5.brave_used, "{}", screen(&app, 120, 40));
}

/// HE3 F2: the attacker's player re-rolls all the Combat dice with an
/// Attack Point before the choice (COMMAND POINTS Attack, HE-8, HE-17):
/// `A` with the dice shown spends it, the dice (typed here) are thrown
/// again, the choice is among the new ones, and the spend is recorded.
#[test]
fn he3_fault_2_an_attack_point_rerolls_the_combat_dice() {
    let mut app = saved("keep-noattackreroll.toml");
    let attack = app.battle().state().armies[1].points.attack;
    assert_eq!(attack, 2);
    enter(&mut app);
    assert!(matches!(panel_event(&app), Event::Combat { .. }));
    keys(&mut app, "11");
    let text = screen(&app, 120, 40);
    assert!(text.contains("A: an Attack Point re-rolls"), "{text}");
    keys(&mut app, "A");
    let text = screen(&app, 120, 40);
    assert!(text.contains("Attack Point re-roll"), "{text}");
    keys(&mut app, "55");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("re-rolled with an Attack Point: 5 5"),
        "{text}"
    );
    // the choice is among the new dice only
    keys(&mut app, "1");
    assert!(app.panel.as_ref().unwrap().error.is_some());
    keys(&mut app, "5");
    keys(&mut app, "1");
    let Event::Combat {
        situation, dice, ..
    } = app
        .battle()
        .events()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Combat { .. }))
        .unwrap()
        .clone()
    else {
        unreachable!()
    };
    assert_eq!(
        (situation.attack_rerolls, situation.chosen, dice.combat),
        (1, Some(5), vec![1, 1, 5, 5]),
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(app.battle().state().armies[1].points.attack, attack - 1);
}

/// HE3 F3 (he3): a test a Stampeding Cause Fear elephant causes in an
/// enemy rolls its failure at -2, as any test a Cause Fear unit causes
/// (UNIT CHARACTERISTICS Cause Fear, HE-28, HE-34): the FAILED
/// DISCIPLINE OUTCOME panel starts from the record.
#[test]
fn he3_fault_3_a_cause_fear_stampede_test_fails_at_minus_two() {
    use herald::rules::homunculus_est::failed::FearSource;
    let mut app = saved("keep-stampede-fear.toml");
    enter(&mut app);
    let text = screen(&app, 120, 40);
    let Event::FailedDiscipline { situation, .. } = panel_event(&app) else {
        panic!("{text}")
    };
    assert_eq!(situation.cause_fear, Some(FearSource::Unit), "{text}");
    assert!(text.contains("2D6 -2"), "{text}");
}

/// The first pair (Roman attacker, Seleucid defender) whose combat is of
/// one die (equal ratings, HE-17) with no fact said, the defender neither
/// Cataphracts nor Stubborn (one Defence die, no Stubborn roll).
fn one_die_pair(app: &App) -> (usize, usize) {
    let st = app.battle().state();
    let f = SideFacts::default();
    for a in 1..=9 {
        for d in 1..=9 {
            let (Ok(x), Ok(y)) = (
                st.combat_side(u(Side::A, a), &f),
                st.combat_side(u(Side::B, d), &f),
            ) else {
                continue;
            };
            // one Defence die whatever the face (no Cataphracts), no Stubborn roll
            let plain = !y.unit.has(Characteristic::Cataphracts)
                && !y.unit.has(Characteristic::Stubborn)
                && !x.unit.has(Characteristic::Stubborn);
            if plain
                && Combat::plan(&x, &y, CombatSituation::default())
                    .is_ok_and(|p| p.dice_rolled == 1)
            {
                return (a, d);
            }
        }
    }
    panic!("no combat of one die in Magnesia");
}

/// HE3 F2, the rest: a combat of one die (equal ratings) still lets its
/// attacker's player re-roll "all Combat dice" with an Attack Point
/// (COMMAND POINTS Attack, HE-8, HE-17): the die thrown stops to be kept
/// (Enter) or re-rolled (`A`) before the Defence die, as more dice stop
/// for the choice; the spend is recorded with the combat.
#[test]
fn he3_fault_2_a_lone_combat_die_may_be_rerolled_with_an_attack_point() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    let (a, d) = one_die_pair(&app);
    assert_eq!(app.battle().state().armies[0].points.attack, 2);
    select(&mut app, Side::A, a);
    keys(&mut app, "a");
    keys(&mut app, &format!("d{d}"));
    keys(&mut app, "t1");
    let text = screen(&app, 120, 40);
    assert!(text.contains("A: an Attack Point re-rolls"), "{text}");
    assert!(text.contains("one Combat die, nothing to choose"), "{text}");
    assert_eq!(
        app.panel.as_ref().and_then(|p| p.choose.clone()),
        Some(vec![1]),
        "{text}"
    );
    keys(&mut app, "A");
    keys(&mut app, "3");
    let text = screen(&app, 120, 40);
    assert!(text.contains("re-rolled with an Attack Point: 3"), "{text}");
    // the re-roll kept with Enter, then the Defence die typed
    enter(&mut app);
    keys(&mut app, "2");
    let Event::Combat {
        situation, dice, ..
    } = app
        .battle()
        .events()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Combat { .. }))
        .cloned()
        .unwrap_or_else(|| panic!("{}", screen(&app, 120, 40)))
    else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert_eq!(
        (situation.attack_rerolls, situation.chosen, dice.combat),
        (1, Some(3), vec![1, 3]),
        "{}",
        screen(&app, 120, 40)
    );
    assert_eq!(app.battle().state().armies[0].points.attack, 1);
}

/// HE3 F3, the cause: a test a Stampede (a rout) caused is "other" by
/// Herald's record, and both its Discipline Test and its FAILED DISCIPLINE
/// OUTCOME panel say so (HE-7, HE-26, HE-28): the referee is not left to
/// guess whether "other" is a default.
#[test]
fn he3_the_cause_of_a_stampedes_test_is_the_records() {
    let mut app = saved("keep-stampede-fear.toml");
    enter(&mut app);
    assert!(matches!(panel_event(&app), Event::FailedDiscipline { .. }));
    let text = screen(&app, 120, 40);
    let rows = rows_with(&text, "what caused the test");
    assert_eq!(rows.len(), 1, "{text}");
    assert!(rows[0].contains("other (Herald's record)"), "{text}");
    // taken back: the Discipline Test the Stampede caused says it too
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "u");
    enter(&mut app);
    assert!(matches!(panel_event(&app), Event::Discipline { .. }));
    let text = screen(&app, 120, 40);
    let rows = rows_with(&text, "what caused the test");
    assert_eq!(rows.len(), 1, "{text}");
    assert!(rows[0].contains("other (Herald's record)"), "{text}");
}

/// The forms' words end at a word (the brief; he3 ROUGH, STILL): the
/// discard form's player from the record and the Command Points form's
/// converting general (`Antiochus III G2, with Agema…`) at 120x40 and
/// 80x24.
#[test]
fn he3_the_command_points_and_discard_forms_end_at_a_word() {
    for (w, h) in [(120, 40), (80, 24)] {
        let mut app = saved("keep-discard.toml");
        keys(&mut app, "x");
        let text = screen(&app, w, h);
        let rows = rows_with(&text, "the player (the called one)");
        assert_eq!(rows.len(), 1, "{text}");
        // (at 120 columns the plan stands beside it on the row)
        assert!(
            rows[0].contains("the player…") || rows[0].contains("the player called)"),
            "{w}x{h}: {text}"
        );
        press(&mut app, KeyCode::Esc);
        keys(&mut app, "P");
        keys(&mut app, "kk");
        let text = screen(&app, w, h);
        let rows = rows_with(&text, "the general who converts");
        assert_eq!(rows.len(), 1, "{text}");
        assert!(
            rows[0].contains("Agema…") || rows[0].contains("Agema cataphracts"),
            "{w}x{h}: {text}"
        );
    }
}
