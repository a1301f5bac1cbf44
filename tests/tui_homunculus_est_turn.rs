//! A whole turn of Magnesia through the Homunculus Est! console's real
//! update loop (`Screen::key`), every step by the keys a referee presses:
//! who starts; Legio III's Charge Activation and its combat with the
//! players' dice typed, the Legion choosing its face (HE-17), the
//! Galatians' push back and the Legion's follow up, the Galatians'
//! Discipline Test failing into its FAILED DISCIPLINE OUTCOME, the cards'
//! values typed as drawn (HE-10); Legio II Repulsed: a Reversal of Fortune
//! ends the phase (HE-6); the other player's phase and his "Homunculus
//! Est!" call (HE-12), a Reversal again, and the next turn. Snapshots at
//! 80x24 and 120x40 of the walker, a panel before its roll (facts and exact
//! odds), the choice of a die and a result.

use herald::battle::homunculus_est::{Battle, Event, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::homunculus_est::Next;
use herald::rules::homunculus_est::discipline::TestReroll;
use herald::store::homunculus_est::army::load_army;
use herald::tui::homunculus_est::App;
use herald::tui::screen::Screen;
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

fn magnesia(seed: u64) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml"))
        .unwrap()
        .army;
    let r = load_army(&dir.join("magnesia-190bc-roman.toml"))
        .unwrap()
        .army;
    App::new(
        Battle::new(Setup::new(vec![r], vec![s]).unwrap()),
        SeededDice::new(seed),
        Theme::plain(),
        "magnesia",
    )
}

fn press(app: &mut App, code: KeyCode) {
    Screen::key(app, KeyEvent::new(code, KeyModifiers::NONE));
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn enter(app: &mut App) {
    press(app, KeyCode::Enter);
}

/// Types the players' dice in the open panel: rolled once the last is in.
fn typed(app: &mut App, dice: &str) {
    keys(app, "t");
    keys(app, dice);
}

fn screen(app: &App, width: u16, height: u16) -> String {
    app.resized(width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| app.draw(f.area(), f.buffer_mut()))
        .unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn last(app: &App) -> Event {
    app.battle().events().last().unwrap().clone()
}

fn summary(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

/// Closes a result panel (Esc: back to the tables, nothing more).
fn close(app: &mut App) {
    assert!(
        app.panel.as_ref().is_some_and(|p| p.result.is_some()),
        "a result is shown: {:?}",
        app.panel.as_ref().map(|p| (&p.event, &p.error))
    );
    press(app, KeyCode::Esc);
}

/// The open panel's event.
fn step(app: &App) -> Event {
    app.panel
        .as_ref()
        .unwrap_or_else(|| panic!("no panel open"))
        .event
        .clone()
}

/// Types the value of each card drawn, as the walker asks (HE-10): the
/// card's panel opens by itself after the result that drew it.
fn card_values(app: &mut App, value: char) {
    for _ in 0..12 {
        if app.panel.is_none() && app.walker_words().contains("Card, its value") {
            enter(app);
        }
        if !app
            .panel
            .as_ref()
            .is_some_and(|p| matches!(p.event, Event::DrawCard { .. }) && p.result.is_none())
        {
            return;
        }
        keys(app, &value.to_string());
        enter(app);
    }
}

/// Goes on with the walker's steps with Herald's dice until none is due.
fn the_rest_with_herald_dice(app: &mut App) {
    for _ in 0..60 {
        let s = app.battle().state();
        let untyped = s.cards.iter().flatten().any(|c| c.value.is_none());
        match &app.panel {
            None if s.due.is_empty() && !untyped => return,
            None => enter(app),
            Some(p) if p.result.is_some() => press(app, KeyCode::Esc),
            Some(p) if matches!(p.event, Event::DrawCard { .. }) => card_values(app, '1'),
            Some(p) if p.choose.is_some() => {
                let face = p.choose.as_ref().unwrap()[0];
                keys(app, &face.to_string());
            }
            Some(_) => enter(app),
        }
    }
    panic!("the steps due never ended: {:?}", app.battle().state().due);
}

/// Who starts, the Romans' phase first: the higher roller chooses them.
fn to_the_romans(app: &mut App) {
    enter(app);
    assert!(matches!(step(app), Event::WhoStarts { .. }));
    while app.panel.as_ref().is_some_and(|p| p.first_choice.is_none()) {
        enter(app);
    }
    keys(app, "a");
    close(app);
    assert_eq!(app.battle().state().active(), Some(Side::A));
}

/// Legio III (a2) charges the Galatians (b8), as far as the combat's panel.
fn the_charge(app: &mut App) {
    // the Galatians on the Seleucid table, then Legio III
    press(app, KeyCode::Tab);
    keys(app, "8");
    press(app, KeyCode::Tab);
    keys(app, "2");
    keys(app, "c");
    typed(app, "4");
    assert!(
        summary(app).contains("Charge Activation, 2 Movement Points"),
        "{}",
        summary(app)
    );
    // the combat the charge requires opens by itself, on the unit charged
    assert_eq!(app.battle().state().due[0].step, Next::Combat);
}

#[test]
fn a_whole_turn_of_magnesia_by_the_keys() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    the_charge(&mut app);
    match &app.panel.as_ref().unwrap().event {
        Event::Combat {
            attacker, defender, ..
        } => assert_eq!(
            (attacker.to_string(), defender.to_string()),
            ("a2".into(), "b8".into())
        ),
        e => panic!("{e:?}"),
    }
    // 4 v 3: two dice typed in the order rolled; the Legion chooses the 6; then the Defence die
    typed(&mut app, "63");
    assert_eq!(app.panel.as_ref().unwrap().choose, Some(vec![6, 3]));
    keys(&mut app, "6");
    keys(&mut app, "2");
    assert!(summary(&app).contains("crunch"), "{}", summary(&app));
    // the Galatians' Setback, face down: its value typed as drawn, its panel open at once
    assert!(matches!(step(&app), Event::DrawCard { .. }));
    card_values(&mut app, '2');
    // each step the result forces opens by itself: its die typed straight
    assert_eq!(app.battle().state().due[0].step, Next::PushBackDefender);
    assert!(matches!(step(&app), Event::PushBack { .. }));
    keys(&mut app, "3");
    assert!(matches!(last(&app), Event::PushBack { .. }));
    assert_eq!(app.battle().state().due[0].step, Next::FollowUpAttacker);
    keys(&mut app, "2");
    assert!(summary(&app).contains("follows up"), "{}", summary(&app));
    assert_eq!(
        app.battle().state().due[0].step,
        Next::DisciplineTestDefender
    );
    // DR 8: 2 + 3 = 5, failed by 3; its player may re-roll with a Defence Point (HE-26) and does not
    keys(&mut app, "23");
    let offers = app.panel.as_ref().unwrap().reroll.clone().unwrap();
    assert!(offers.contains(&TestReroll::DefencePoint), "{offers:?}");
    enter(&mut app);
    assert!(
        summary(&app).contains("Discipline Test failed"),
        "{}",
        summary(&app)
    );
    assert_eq!(app.battle().state().due[0].step, Next::FailedDiscipline);
    match &app.panel.as_ref().unwrap().event {
        Event::FailedDiscipline { situation, .. } => {
            assert_eq!(situation.failed_by, 3, "the margin from Herald's record");
        }
        e => panic!("{e:?}"),
    }
    keys(&mut app, "44");
    assert!(summary(&app).contains("disordered"), "{}", summary(&app));
    assert!(app.battle().state().units[1][7].disordered);
    the_rest_with_herald_dice(&mut app);
    // Legio II (a1) attacks the phalanx's left block (b2): the defender chooses the 1, Repulsed
    press(&mut app, KeyCode::Tab);
    keys(&mut app, "2");
    press(&mut app, KeyCode::Tab);
    keys(&mut app, "1a");
    typed(&mut app, "15");
    keys(&mut app, "1");
    keys(&mut app, "4");
    assert!(summary(&app).contains("repulsed"), "{}", summary(&app));
    assert!(app.battle().state().reversal.is_some());
    the_rest_with_herald_dice(&mut app);
    // a new activation waits for the phase's end (HE-6): no panel opens on it
    keys(&mut app, "3m");
    assert!(app.panel.is_none());
    let text = screen(&app, 120, 40);
    assert!(text.contains("Reversal of Fortune"), "{text}");
    assert!(
        app.walker_words().contains("Reversal of Fortune"),
        "{}",
        app.walker_words()
    );
    let turn = app.battle().state().turn;
    enter(&mut app);
    assert_eq!(app.battle().state().active(), Some(Side::B));
    if app.battle().state().turn == turn {
        // the Seleucids' phase of the same turn: their call
    } else {
        assert_eq!(app.battle().state().first_player, Some(Side::B));
    }
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "h");
    enter(&mut app);
    assert!(summary(&app).contains("not broken"), "{}", summary(&app));
    assert!(
        app.battle().state().reversal.is_some(),
        "a failed call: Reversal of Fortune"
    );
    close(&mut app);
    keys(&mut app, "e");
    assert_eq!(app.battle().state().active(), Some(Side::A));
    assert!(app.battle().state().turn > 1);
}

#[test]
fn the_panels_at_80x24_and_120x40() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    insta::assert_snapshot!("he_walker_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("he_walker_120x40", screen(&app, 120, 40));
    the_charge(&mut app);
    insta::assert_snapshot!("he_combat_panel_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("he_combat_panel_120x40", screen(&app, 120, 40));
    typed(&mut app, "63");
    insta::assert_snapshot!("he_combat_choice_80x24", screen(&app, 80, 24));
    keys(&mut app, "6");
    insta::assert_snapshot!("he_combat_defence_die_80x24", screen(&app, 80, 24));
    keys(&mut app, "2");
    // the result over the step it forces: the Galatians' card, its value as drawn
    insta::assert_snapshot!("he_combat_result_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("he_combat_result_120x40", screen(&app, 120, 40));
}

#[test]
fn typed_dice_are_checked_against_the_faces_and_the_count() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    let before = app.battle().events().len();
    keys(&mut app, "2c");
    typed(&mut app, "7");
    let e = app.panel.as_ref().unwrap().error.clone().unwrap();
    assert!(e.contains("not a die"), "{e}");
    assert_eq!(app.battle().events().len(), before, "nothing recorded");
    // corrected: the one die the charge takes, rolled as soon as it is in
    press(&mut app, KeyCode::Backspace);
    keys(&mut app, "4");
    assert_eq!(app.battle().events().len(), before + 1);
    match &app.battle().events()[before] {
        Event::Movement { dice, .. } => assert_eq!(dice, &vec![4]),
        e => panic!("{e:?}"),
    }
}

#[test]
fn a_failed_test_may_be_re_rolled_by_its_player() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    the_charge(&mut app);
    typed(&mut app, "63");
    keys(&mut app, "62");
    card_values(&mut app, '2');
    // the push back and the follow up, each die typed straight as its step opens
    keys(&mut app, "3");
    keys(&mut app, "2");
    let defence = app.battle().state().armies[1].points.defence;
    keys(&mut app, "23");
    // d: a Defence Point re-roll, typed in turn: 6 + 5 passes
    keys(&mut app, "d");
    keys(&mut app, "65");
    assert!(
        summary(&app).contains("Discipline Test passed"),
        "{}",
        summary(&app)
    );
    assert_eq!(app.battle().state().armies[1].points.defence, defence - 1);
    match last(&app) {
        Event::Discipline {
            situation, dice, ..
        } => {
            assert_eq!(situation.rerolls, vec![TestReroll::DefencePoint]);
            assert_eq!(dice, vec![2, 3, 6, 5]);
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn every_panel_keeps_its_facts_keys_apart_and_shows_its_odds() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    // Legio II (a1) for all but the shot (the Cretan and Trallian archers, a8)
    for (unit, k) in [
        ("1", "m"),
        ("1", "c"),
        ("1", "a"),
        ("8", "s"),
        ("1", "d"),
        ("1", "p"),
        ("1", "o"),
        ("1", "g"),
        ("1", "h"),
        ("1", "P"),
    ] {
        keys(&mut app, unit);
        keys(&mut app, k);
        let p = app
            .panel
            .as_ref()
            .unwrap_or_else(|| panic!("{k} opens no panel: {}", screen(&app, 120, 40)));
        let facts = p.facts(app.battle());
        herald::tui::facts::check_keys(&facts).unwrap_or_else(|e| panic!("{k}: {e}"));
        let text = screen(&app, 120, 40);
        assert!(
            text.contains("Before the roll") || text.contains("wait for"),
            "{k}:\n{text}"
        );
        press(&mut app, KeyCode::Esc);
        assert!(app.panel.is_none());
    }
    // what the rules refuse opens no panel, and says why: a Reform of a
    // unit in good order, a card's value with none drawn, a discard with no call
    for (k, why) in [
        ("r", "Disordered"),
        ("k", "waiting for its value"),
        ("x", "may not discard"),
        // MANOEUVRE TEST: only in the unit's Movement Activation (HE-15)
        ("M", "not in a Movement Activation"),
    ] {
        keys(&mut app, "1");
        keys(&mut app, k);
        assert!(app.panel.is_none(), "{k}");
        let text = screen(&app, 120, 40);
        assert!(text.contains(why), "{k}: {text}");
    }
}

/// A rout's move is the referee's at the table; the walker asks him to name
/// the friends whose ZOC it entered, and each named friend's Discipline
/// Test is a step of its own (HE-28).
#[test]
fn a_routs_friends_are_named_and_each_tests() {
    use herald::battle::UnitId;
    use herald::rules::homunculus_est::failed::{FailedDice, FailedSituation};
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    // the Galatians (b8) fail by 3 and roll 1 1 on FAILED DISCIPLINE: Rout, its die 3 (1 square on the FOLLOW UP table)
    let galatians = UnitId::new(Side::B, 7);
    app.battle_mut()
        .record(Event::FailedDiscipline {
            unit: galatians,
            situation: FailedSituation {
                failed_by: 3,
                ..Default::default()
            },
            dice: FailedDice {
                outcome: vec![1, 1],
                rout: vec![3],
            },
        })
        .unwrap();
    // the Disaster Card it gives is typed first (HE-10); the rout's step then opens by itself
    card_values(&mut app, '2');
    assert!(matches!(step(&app), Event::Rout { .. }));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.battle().state().due[0].step, Next::RoutMove);
    let words = app.walker_words();
    assert!(
        words.contains("the rout's move") && words.contains("Galatian"),
        "{words}"
    );
    // at 80 columns the walker's line fits: the step's short name and the unit, not cut
    let narrow = screen(&app, 80, 24);
    let walker = narrow.lines().nth(1).unwrap();
    assert_eq!(
        walker, "1st phase, Romans > Enter: the rout's move of Galatian foot (b8) (HE-7)",
        "{narrow}"
    );
    insta::assert_snapshot!("he_walker_rout_80x24", narrow);
    enter(&mut app);
    let text = screen(&app, 120, 40);
    assert!(text.contains("move it 1 square(s) away"), "{text}");
    assert!(
        text.contains("its ZOC entered: Phalanx, right block (b1)")
            && text.contains("its ZOC entered: Phalanx, left block (b2)"),
        "{text}"
    );
    // the referee names the two phalanx blocks
    keys(&mut app, "ab");
    enter(&mut app);
    assert_eq!(
        last(&app),
        Event::Rout {
            unit: galatians,
            tests: vec![UnitId::new(Side::B, 0), UnitId::new(Side::B, 1)],
            dice: None,
        }
    );
    assert!(
        summary(&app).contains("2 friend(s) test"),
        "{}",
        summary(&app)
    );
    let due = &app.battle().state().due;
    assert_eq!(
        due.iter().map(|d| (d.step, d.unit)).collect::<Vec<_>>(),
        vec![
            (Next::ZocTest, UnitId::new(Side::B, 0)),
            (Next::ZocTest, UnitId::new(Side::B, 1))
        ]
    );
    let words = app.walker_words();
    assert!(
        words.contains("a rout entered its ZOC") && words.contains("Phalanx, right block"),
        "{words}"
    );
    // each friend's test in turn, its panel open at once: the first passes on 6 6
    assert!(matches!(step(&app), Event::Discipline { .. }));
    keys(&mut app, "66");
    assert!(
        summary(&app).contains("Phalanx, right block: Discipline Test passed"),
        "{}",
        summary(&app)
    );
    assert!(matches!(step(&app), Event::Discipline { .. }));
    assert_eq!(app.battle().state().due.len(), 1);
    assert_eq!(app.battle().state().due[0].unit, UnitId::new(Side::B, 1));
}

/// Issue 34 item 8 (he5 ROUGH 1): a panel names the dice its roll takes,
/// how many of which kind in the order rolled, before the first face is
/// typed; and one die is "1 die", one Defence die "1 Defence die" (he4's
/// "1 dice", SHOOTING, HE-22).
#[test]
fn a_panel_names_its_dice_before_any_face_is_typed() {
    let mut app = magnesia(3);
    to_the_romans(&mut app);
    // the Cretan and Trallian archers (a8, RCR 3) shoot the phalanx's right block (b1, CR 4)
    keys(&mut app, "8s");
    assert!(app.panel.is_some(), "{}", screen(&app, 120, 40));
    let text = screen(&app, 120, 40);
    assert!(!text.contains("1 dice"), "{text}");
    assert!(text.contains("1 die, penalty"), "{text}");
    // the odds column wraps its line: "…, 1" then "Defence die (HE-22)"
    assert!(text.contains("penalty 1, 1"), "{text}");
    assert!(text.contains("Defence die (HE-22)"), "{text}");
    assert!(
        text.contains("Its dice, in the order rolled: 1 shooting die, then 1 Defence die"),
        "{text}"
    );
    press(&mut app, KeyCode::Esc);
    // a Movement Activation: its one die, said before anything is typed
    keys(&mut app, "1m");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains("Its dice, in the order rolled: 1 Movement die (HE-13)"),
        "{text}"
    );
}
