//! Issue 34, "Homunculus Est! at the table, second playing": each finding
//! of `../shared/playtests/homunculus-est.md` it lists, through the
//! console's real update loop (`Screen::key`) on the bundled Magnesia. The
//! battle is brought to the moment by recording events as the console
//! would; the step under test is then played by the keys a referee
//! presses, and the screen read at 80x24 or 120x40 where it matters.

use herald::battle::UnitId;
use herald::battle::homunculus_est::event::{CardKind, SideFacts};
use herald::battle::homunculus_est::{Event, Phase};
use herald::rules::Side;
use herald::rules::homunculus_est::Characteristic;
use herald::rules::homunculus_est::combat::{Combat, CombatDice, CombatSituation};
use herald::rules::homunculus_est::failed::FearSource;
use herald::rules::homunculus_est::movement::MovementSituation;
use herald::rules::homunculus_est::{HOUSE, Next, REPEAT_ACTIVATIONS};
use herald::rules::house::HouseValue;
use herald::tui::homunculus_est::App;
use herald::tui::screen::Screen;
use ratatui::crossterm::event::KeyCode;
use std::path::Path;

#[path = "support/homunculus_est.rs"]
mod he;
use he::*;

fn error(app: &App) -> String {
    app.panel
        .as_ref()
        .and_then(|p| p.error.clone())
        .unwrap_or_default()
}

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

/// A combat with its dice, the chosen face given.
fn combat(attacker: UnitId, defender: UnitId, combat: &[u8], chosen: u8, defence: &[u8]) -> Event {
    Event::Combat {
        attacker,
        defender,
        facts: [SideFacts::default(); 2],
        situation: CombatSituation {
            chosen: Some(chosen),
            ..Default::default()
        },
        dice: CombatDice {
            combat: combat.to_vec(),
            defence: defence.to_vec(),
            ..Default::default()
        },
    }
}

fn card(app: &mut App, side: Side, kind: CardKind, value: u32) {
    record(app, Event::DrawCard { side, kind, value });
}

/// Item 1 (F14): a general killed makes the rules' immediate check as a
/// step of the walker once the drawn values are in; it is no call (no
/// cancel, no discard, no Reversal of Fortune, nobody's call used).
#[test]
fn a_generals_death_makes_the_immediate_check_as_a_step_not_a_call() {
    let mut app = console(setup());
    starts(&mut app, Side::B);
    // the Agema (b4) attacks the Roman equites (a6, Scipio's): 4 v 3, the Crunch
    record(
        &mut app,
        combat(u(Side::B, 4), u(Side::A, 6), &[6, 4], 6, &[2]),
    );
    // the walker: the Setback's value as drawn, typed straight into its panel
    enter(&mut app);
    assert!(matches!(panel_event(&app), Event::DrawCard { .. }));
    keys(&mut app, "3");
    enter(&mut app);
    // the push back opens by itself; its die typed straight: rolled once in
    assert!(matches!(panel_event(&app), Event::PushBack { .. }));
    keys(&mut app, "3");
    assert!(
        matches!(panel_event(&app), Event::FollowUp { .. }),
        "{}",
        summary(&app)
    );
    keys(&mut app, "1");
    assert!(matches!(panel_event(&app), Event::Discipline { .. }));
    keys(&mut app, "55");
    // Scipio's risk: 1 1 injured, 1 killed, then a die per Command Point left
    assert!(matches!(panel_event(&app), Event::GeneralRisk { .. }));
    let p = app.battle().state().armies[0].points;
    let left = p.total() - p.generalship;
    keys(&mut app, &format!("111{}", "4".repeat(left as usize)));
    assert!(summary(&app).contains("killed"), "{}", summary(&app));
    // the Disaster Card's value first, then the check is the walker's step
    assert!(matches!(panel_event(&app), Event::DrawCard { .. }));
    keys(&mut app, "2");
    enter(&mut app);
    assert_eq!(
        panel_event(&app),
        Event::ImmediateCheck { side: Side::A },
        "the immediate check is offered as a step"
    );
    let text = screen(&app, 120, 40);
    assert!(text.contains("no cancel, no discard"), "{text}");
    enter(&mut app);
    assert_eq!(last(&app), Event::ImmediateCheck { side: Side::A });
    let s = app.battle().state();
    assert!(s.reversal.is_none(), "no Reversal of Fortune");
    assert!(s.may_discard.is_none(), "no discard");
    assert!(!s.armies[1].called_this_phase, "nobody's call used");
    assert!(s.cards[0].iter().all(|c| c.revealed));
    assert!(summary(&app).contains("5 points"), "{}", summary(&app));
    // the active player may still make his own call this phase
    enter(&mut app);
    keys(&mut app, "h");
    assert!(matches!(panel_event(&app), Event::Call { .. }));
}

/// Item 2 (F15, F12): one discard a call, by the called player only, and
/// the discard says which value went.
#[test]
fn one_discard_a_call_by_the_called_player_saying_its_value() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    card_values_for_b(&mut app, &[3, 4]);
    keys(&mut app, "h");
    enter(&mut app);
    assert!(summary(&app).contains("not broken"), "{}", summary(&app));
    // the result says the discard may come before the phase ends (Enter would end it)
    let text = screen(&app, 120, 40);
    assert!(text.contains("x: player b may discard"), "{text}");
    assert!(app.walker_words().contains("x: player b may discard"));
    keys(&mut app, "x");
    let text = screen(&app, 120, 40);
    assert!(text.contains("Setback Card worth 3"), "{text}");
    // the 4 goes
    keys(&mut app, "n");
    enter(&mut app);
    assert!(
        summary(&app).contains("discards his revealed Setback Card worth 4"),
        "{}",
        summary(&app)
    );
    let events = app.battle().events().len();
    press(&mut app, KeyCode::Esc);
    // a second discard is refused, and no form opens on it
    keys(&mut app, "x");
    assert!(app.panel.is_none(), "no form opens on a refusal");
    assert_eq!(app.battle().events().len(), events);
    let text = screen(&app, 120, 40);
    assert!(text.contains("may not discard"), "{text}");
}

/// `attacker` pushes `defender` back (the face 4, every die a 4; the
/// Defence dice 2), and the Setback its player collects is worth `value`.
fn setback(app: &mut App, attacker: UnitId, defender: UnitId, value: u32) {
    let st = app.battle().state();
    let f = SideFacts::default();
    let (a, d) = (
        st.combat_side(attacker, &f).unwrap(),
        st.combat_side(defender, &f).unwrap(),
    );
    let plan = Combat::plan(&a, &d, CombatSituation::default()).unwrap();
    let stubborn = if d.unit.has(Characteristic::Stubborn) {
        vec![2]
    } else {
        Vec::new()
    };
    record(
        app,
        Event::Combat {
            attacker,
            defender,
            facts: [f; 2],
            situation: CombatSituation {
                chosen: Some(4),
                ..Default::default()
            },
            dice: CombatDice {
                combat: vec![4; plan.dice_rolled],
                defence: vec![2; plan.defence_dice(4)],
                stubborn,
                ..Default::default()
            },
        },
    );
    card(app, defender.side, CardKind::Setback, value);
}

/// Player b holds Setback Cards of these values, face down: the Galatians
/// (b8) pushed back by Roman units in turn (a1, a2, a3 …).
fn card_values_for_b(app: &mut App, values: &[u32]) {
    for v in values {
        let next = app.battle().state().units[0]
            .iter()
            .position(|u| !u.activated)
            .unwrap();
        setback(app, UnitId::new(Side::A, next), u(Side::B, 8), *v);
        // the push back and test it forces come before the next activation (HE-5.3, HE-7)
        finish_owed(app);
    }
}

/// Focuses `side`'s table and selects its unit `n` (1 to 10).
fn select(app: &mut App, side: Side, n: usize) {
    if app.focus != side {
        press(app, KeyCode::Tab);
    }
    keys(app, &(n % 10).to_string());
}

/// Item 3 (F16, F8): a Strategy Point cancels a Setback Card of its
/// holder's choice; a natural 12 asks which unseen Setback goes; the
/// Command Points form opens on no refusal.
#[test]
fn a_strategy_point_cancels_a_setback_and_a_natural_12_asks_which() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    card_values_for_b(&mut app, &[3, 5]);
    // P, the player b, the change: cancel one Setback Card; the one worth 5
    keys(&mut app, "P");
    let text = screen(&app, 120, 40);
    assert!(!text.contains("refused"), "{text}");
    keys(&mut app, "w");
    keys(&mut app, "kk");
    let text = screen(&app, 120, 40);
    assert!(
        !text.contains("refused"),
        "the re-allocation opens without a refusal: {text}"
    );
    keys(&mut app, "k");
    let text = screen(&app, 120, 40);
    assert!(text.contains("cancel one Setback Card"), "{text}");
    keys(&mut app, "v5");
    enter(&mut app);
    let s = app.battle().state();
    assert_eq!(s.armies[1].points.strategy, 1, "{}", summary(&app));
    assert_eq!(
        s.cards[1].iter().map(|c| c.value).collect::<Vec<_>>(),
        vec![Some(3)]
    );
    assert!(
        summary(&app).contains("Strategy Point"),
        "{}",
        summary(&app)
    );
    press(&mut app, KeyCode::Esc);
    // two unseen Setbacks again (3 and 6); the Galatians' test rolls a natural 12
    card_values_for_b(&mut app, &[6]);
    record(&mut app, Event::EndPhase);
    select(&mut app, Side::B, 8);
    keys(&mut app, "d");
    keys(&mut app, "66");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("removes one unseen Setback Card of his choice"),
        "{text}"
    );
    keys(&mut app, "6");
    enter(&mut app);
    let s = app.battle().state();
    assert_eq!(
        s.cards[1].iter().map(|c| c.value).collect::<Vec<_>>(),
        vec![Some(3)],
        "the one he chose went, not the first: {}",
        screen(&app, 120, 40)
    );
}

/// Item 4 (F3): the higher roller chooses who is the first player, a
/// choice recorded, never an undo and a re-roll.
#[test]
fn the_higher_roller_chooses_who_is_first() {
    let mut app = console(setup());
    enter(&mut app);
    assert!(matches!(panel_event(&app), Event::WhoStarts { .. }));
    // the players' dice typed straight: a 2, b 5; b chooses that a goes first
    keys(&mut app, "25");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("Player b rolled higher and chooses who is the first player"),
        "{text}"
    );
    keys(&mut app, "a");
    assert_eq!(
        last(&app),
        Event::WhoStarts {
            a: 2,
            b: 5,
            first: Side::A
        }
    );
    assert_eq!(app.battle().state().phase, Phase::Player(Side::A));
}

/// Item 5 (F9): Nomadic Cavalry shoot during their Movement Activation,
/// once a turn; another unit, once moved, does not.
#[test]
fn nomadic_cavalry_shoot_on_the_move() {
    let mut app = console(setup());
    starts(&mut app, Side::B);
    // the Dahae (b9) move: 4 + 3 = 7, 3 Movement Points
    select(&mut app, Side::B, 9);
    keys(&mut app, "m4");
    assert!(
        summary(&app).contains("3 Movement Points"),
        "{}",
        summary(&app)
    );
    // s on the Dahae: they halt and shoot the Latin ala (a3): 3 v 3, 1 die, and the Defence die
    select(&mut app, Side::B, 9);
    keys(&mut app, "s");
    assert!(
        matches!(panel_event(&app), Event::Shooting { .. }),
        "{}",
        error(&app)
    );
    keys(&mut app, "a3");
    keys(&mut app, "t62");
    let entry = app
        .battle()
        .entry(app.battle().events().len() - 1)
        .unwrap()
        .into_owned();
    assert!(
        entry
            .explanation
            .lines
            .iter()
            .any(|l| l.text.contains("halts during its Movement Activation")),
        "{:?}",
        entry.explanation
    );
    assert!(app.battle().state().units[1][8].shot_on_the_move);
    // once a turn: the shot's card, push back and test first (HE-5.3, HE-7)
    finish_owed(&mut app);
    let events = app.battle().events().len();
    select(&mut app, Side::B, 9);
    keys(&mut app, "s");
    assert!(app.panel.is_none(), "no panel on a refusal");
    let text = screen(&app, 120, 40);
    assert!(text.contains("once each turn"), "{text}");
    assert_eq!(app.battle().events().len(), events);
    // a unit without the characteristic, once moved, does not shoot
    record(
        &mut app,
        Event::Movement {
            unit: u(Side::B, 10),
            target: None,
            situation: MovementSituation::default(),
            dice: vec![5],
        },
    );
    select(&mut app, Side::B, 10);
    keys(&mut app, "s");
    assert!(app.panel.is_none());
}

/// Item 6 (F20, F23): a test a Cause Fear unit's combat causes starts its
/// FAILED DISCIPLINE roll with the -2 on; a charge's combat starts on the
/// unit charged.
#[test]
fn cause_fear_and_the_unit_charged_come_from_the_record() {
    let mut app = console(setup());
    starts(&mut app, Side::B);
    // the Elephants of the left (b7) charge the Latin ala, right (a3)
    select(&mut app, Side::B, 7);
    keys(&mut app, "c");
    keys(&mut app, "e3");
    keys(&mut app, "t4");
    assert!(
        summary(&app).contains("Charge Activation"),
        "{}",
        summary(&app)
    );
    match panel_event(&app) {
        Event::Combat {
            attacker, defender, ..
        } => assert_eq!((attacker, defender), (u(Side::B, 7), u(Side::A, 3))),
        e => panic!("{e:?}"),
    }
    // 4 v 3: two dice typed straight, the 6 chosen, the Defence die after
    keys(&mut app, "63");
    assert!(app.panel.as_ref().unwrap().choose.is_some());
    keys(&mut app, "6");
    keys(&mut app, "2");
    assert!(summary(&app).contains("crunch"), "{}", summary(&app));
    // its Setback's value, the push back, the follow up, a failed test
    keys(&mut app, "1");
    enter(&mut app);
    keys(&mut app, "3");
    keys(&mut app, "2");
    keys(&mut app, "21");
    enter(&mut app);
    match panel_event(&app) {
        Event::FailedDiscipline { situation, .. } => {
            assert_eq!(
                situation.cause_fear,
                Some(FearSource::Unit),
                "from the record"
            )
        }
        e => panic!("{e:?}"),
    }
    let text = screen(&app, 120, 40);
    assert!(text.contains("Herald's record"), "{text}");
}

/// Item 7 (F17, F20): a shot's odds and best pick weigh Telling Shots
/// becoming No Effect on a Skirmisher; a cover die is in a follow up's odds.
#[test]
fn shooting_odds_take_the_shooters_best_pick() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    // the Cretan and Trallian archers (a8) shoot the Dahae (b9): 3 v 2, two dice
    select(&mut app, Side::A, 8);
    keys(&mut app, "s");
    keys(&mut app, "a9");
    let text = screen(&app, 120, 40);
    assert!(text.contains("push back 21%"), "{text}");
    assert!(text.contains("withering shooting 25%"), "{text}");
    keys(&mut app, "t54");
    let text = screen(&app, 120, 40);
    assert!(text.contains("conversions and cancel weighed: 4"), "{text}");
}

#[test]
fn a_cover_die_is_in_the_follow_ups_odds() {
    let mut app = console(setup());
    starts(&mut app, Side::B);
    // the Elephants (b7) push back the Latin ala, left (a4, its Small Cavalry Reserve)
    setback(&mut app, u(Side::B, 7), u(Side::A, 4), 1);
    let due = app.battle().state().due.clone();
    assert!(
        due.iter().any(|d| d.step == Next::FollowUpAttacker),
        "{due:?}"
    );
    // the follow up of b7 against a4: c covers the retreat with the reserve
    select(&mut app, Side::B, 7);
    keys(&mut app, "o");
    keys(&mut app, "c");
    let text = screen(&app, 120, 40);
    assert!(text.contains("the cover stops it: 83%"), "{text}");
    assert!(text.contains("follows up: 17%"), "{text}");
}

/// Item 8 (F6, F7, F11a): typed dice say how many of which kind; a lone
/// chosen face is taken after the dice, the rest typed after it; a
/// re-roll's odds are its own.
#[test]
fn typed_dice_say_what_they_are_and_the_choice_comes_between() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    select(&mut app, Side::A, 2);
    keys(&mut app, "a");
    keys(&mut app, "d8");
    keys(&mut app, "t");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("2 combat dice (the attacker then chooses one), then 1 Defence die"),
        "{text}"
    );
    keys(&mut app, "63");
    keys(&mut app, "6");
    // the Defence die is asked for, not refused
    let p = app.panel.as_ref().unwrap();
    assert!(p.typing.is_some() && p.result.is_none(), "{:?}", p.error);
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("The players' dice, in the order rolled: 1 Defence die"),
        "{text}"
    );
    assert!(
        !text.contains("needs 1 more"),
        "waiting, not refused: {text}"
    );
    keys(&mut app, "2");
    assert!(summary(&app).contains("crunch"), "{}", summary(&app));
    // the Galatians' test fails; the Defence Point re-roll's odds are its own (DR 8: 15/36)
    keys(&mut app, "3");
    enter(&mut app);
    keys(&mut app, "3");
    keys(&mut app, "2");
    keys(&mut app, "t23");
    keys(&mut app, "d");
    let text = screen(&app, 120, 40);
    assert!(text.contains("the re-roll passes: 42%"), "{text}");
    assert!(text.contains("the re-roll's 2 dice"), "{text}");
}

#[test]
fn a_generals_risk_says_how_many_point_dice() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    select(&mut app, Side::A, 6);
    keys(&mut app, "g");
    keys(&mut app, "t");
    let text = screen(&app, 120, 40);
    // Romans: A2 M1 D3 S2 G6: 8 dice if he dies, 13 if lightly wounded
    assert!(
        text.contains("8 if he is killed or seriously wounded, 13 if lightly wounded"),
        "{text}"
    );
}

/// Item 9 (F20, F22, F11b): at 80x24 the header keeps Fatigue and the
/// revealed values, the table keeps attached lines, a long panel says it
/// scrolls; the walker under *repeat activations* says no "each once"; a
/// general's points on his row drop with a light wound.
#[test]
fn the_narrow_screen_keeps_fatigue_values_and_lines() {
    let mut app = console(setup());
    starts(&mut app, Side::B);
    // three Seleucid units push the Latin ala, right (a3) back: Setbacks 2, 4 and 1
    for (attacker, v) in [(8, 2), (7, 4), (3, 1)] {
        setback(&mut app, u(Side::B, attacker), u(Side::A, 3), v);
        // the push back and test it forces come before the next activation (HE-5.3, HE-7)
        finish_owed(&mut app);
    }
    // b calls: 2 + 4 + 1 = 7 of the Romans' 12, at half or more: Fatigued
    keys(&mut app, "h");
    enter(&mut app);
    assert!(app.battle().state().armies[0].fatigued, "{}", summary(&app));
    press(&mut app, KeyCode::Esc);
    let text = screen(&app, 80, 24);
    let header = text.lines().find(|l| l.contains("A Romans")).unwrap();
    assert!(header.contains("Fatigued"), "{text}");
    assert!(header.contains("seen 2+4+1"), "{text}");
    select(&mut app, Side::B, 1);
    let text = screen(&app, 80, 24);
    let row = text
        .lines()
        .find(|l| l.contains("Phalanx, right"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.contains("+El line,El line"), "{text}");
    assert!(
        text.contains("Legio II") || text.contains("more rows"),
        "{text}"
    );
}

#[test]
fn a_long_panel_says_it_scrolls_at_80x24() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    select(&mut app, Side::A, 4);
    keys(&mut app, "a");
    let text = screen(&app, 80, 24);
    assert!(text.contains("scrolls"), "{text}");
}

#[test]
fn repeat_activations_walker_says_no_each_once() {
    let mut s = setup();
    s.house
        .set(&REPEAT_ACTIVATIONS, HouseValue::YesNo(true))
        .unwrap();
    let mut app = console(s);
    starts(&mut app, Side::A);
    let words = app.walker_words();
    assert!(!words.contains("each once"), "{words}");
    assert!(words.contains("repeat activations"), "{words}");
}

#[test]
fn a_light_wound_takes_a_point_off_the_generals_row() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    // Domitius (a1, G2): 1 1 injured on a push back, 5 lightly wounded, the point dice 6
    select(&mut app, Side::A, 1);
    keys(&mut app, "g");
    let p = app.battle().state().armies[0].points;
    keys(
        &mut app,
        &format!("t115{}", "6".repeat(p.total() as usize - 1)),
    );
    assert!(
        summary(&app).contains("lightly wounded"),
        "{}",
        summary(&app)
    );
    enter(&mut app);
    press(&mut app, KeyCode::Esc);
    let text = screen(&app, 120, 40);
    assert!(text.contains("[Cn. Domitius Ahenobarbus G1]"), "{text}");
    let text = screen(&app, 80, 24);
    assert!(text.contains("*G1"), "{text}");
}

#[test]
fn the_readme_names_the_house_options_as_typed() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme
        .split("### A Homunculus Est! battle")
        .nth(1)
        .unwrap()
        .split("\n### ")
        .next()
        .unwrap();
    for o in HOUSE {
        assert!(
            section.contains(&format!("`{}`", o.name)),
            "the README's Homunculus Est! section names `{}`",
            o.name
        );
    }
}

/// Item 10 (F21): the report as the other systems': a summary and a table
/// of every unit after each turn, every die of every roll, a phase's end
/// under its own phase.
#[test]
fn the_report_has_each_turns_summary_every_die_and_its_phases() {
    let mut app = console(setup());
    starts(&mut app, Side::A);
    // Legio III (a2) attacks the Galatians (b8): Crunch; push back, the follow up's 2D6 to stay
    record(
        &mut app,
        combat(u(Side::A, 2), u(Side::B, 8), &[6, 3], 6, &[2]),
    );
    enter(&mut app);
    keys(&mut app, "2");
    enter(&mut app);
    keys(&mut app, "3");
    // the Legion's player does not wish to follow up: 2D6 6 2 against DR 6
    keys(&mut app, "s");
    keys(&mut app, "t62");
    assert!(summary(&app).contains("stays"), "{}", summary(&app));
    keys(&mut app, "55");
    enter(&mut app);
    keys(&mut app, "e");
    keys(&mut app, "e");
    let md = herald::battle::homunculus_est::report::markdown(app.battle(), "magnesia");
    assert!(md.contains("dice, Legio III, to stay: 6 2"), "{md}");
    assert!(md.contains("### End of turn 1"), "{md}");
    assert!(md.contains("| unit | side | class | state |"), "{md}");
    assert!(md.contains("| Galatian foot (b8) | b |"), "{md}");
    // the first phase's end is under its own heading, saying what comes next
    let a = md.find("### Phase of a (Romans)").unwrap();
    let b = md.find("### Phase of b (Seleucids)").unwrap();
    let end = md
        .find("player a's phase ends; next: turn 1, Phase of b")
        .unwrap();
    assert!(a < end && end < b, "{md}");
}

// The sixth playing (he4 FINDINGS): the referee's own saves, copied into
// `tests/battle_data/homunculus-est-he4/`, opened as Herald opens them.

/// The he4 referee's save `name`, opened as `herald play` opens it.
fn he4(name: &str) -> App {
    use herald::battle::homunculus_est::HomunculusEst;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data/homunculus-est-he4")
        .join(name);
    let battle = herald::store::save::load::<HomunculusEst>(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .data
        .battle;
    App::new(
        battle,
        herald::dice::SeededDice::new(3),
        herald::tui::theme::Theme::plain(),
        "he4",
    )
}

fn arrows(app: &mut App, code: KeyCode, n: usize) {
    for _ in 0..n {
        press(app, code);
    }
}

/// HE4 F5: a unit Pushed Back off the table in a Grind still takes the
/// Grind's Discipline Test (COMBAT RESULTS, Grind: "both must make
/// Discipline Test"; PUSH BACK Off-Table excuses nothing, HE-24).
#[test]
fn he4_fault_5_a_unit_pushed_off_the_table_still_takes_its_test() {
    use herald::rules::homunculus_est::discipline::Purpose;
    let mut app = he4("keep-t3-grind-off.toml");
    let argyraspides = u(Side::B, 3);
    assert_eq!(
        app.battle().state().units[1][2].name,
        "Argyraspides",
        "the save's b3"
    );
    // Legio II attacks the Argyraspides, 4 v 4, one die: a Grind, Defence 3
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "1ad");
    arrows(&mut app, KeyCode::Left, 3);
    keys(&mut app, "t23");
    // the cards' values
    keys(&mut app, "1");
    enter(&mut app);
    keys(&mut app, "1");
    enter(&mut app);
    // Legio II's push back, then the Argyraspides': table edge, 0 free, 2 squares
    keys(&mut app, "t3");
    arrows(&mut app, KeyCode::Right, 5);
    keys(&mut app, "t5");
    assert!(
        summary(&app).contains("off the table"),
        "{}",
        screen(&app, 120, 40)
    );
    // the Disaster Card's value, then the walker's steps
    keys(&mut app, "2");
    enter(&mut app);
    assert!(
        app.battle()
            .state()
            .due
            .iter()
            .any(|d| d.unit == argyraspides && d.step == Next::DisciplineTestDefender),
        "the Grind's test of the Argyraspides is owed: {}",
        screen(&app, 120, 40)
    );
    finish_owed(&mut app);
    assert!(
        app.battle().events().iter().any(|e| matches!(e,
            Event::Discipline { unit, situation, .. }
                if *unit == argyraspides && situation.purpose != Purpose::ReturnFromPursuit)),
        "the Argyraspides took its test"
    );
}

/// The last event's explanation, every line.
fn explained(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1)
        .unwrap()
        .explanation
        .lines
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Opens the walker's step, if no panel is open yet.
fn open_owed(app: &mut App) {
    if app.panel.is_none() {
        enter(app);
    }
}

/// HE4 F2: a Disordered unit Pushed Back into an enemy Routs with no
/// FAILED DISCIPLINE roll; its rout's move is still "rolled on Follow Up
/// table" (FAILED DISCIPLINE OUTCOME Rout; PUSH BACK; HE-24, HE-28): the
/// rout's panel says the die it owes, with its odds, and Enter rolls it.
#[test]
fn he4_fault_2_a_rout_by_push_back_rolls_its_move() {
    let mut app = he4("keep-a3-rout-move.toml");
    open_owed(&mut app);
    let a3 = u(Side::A, 3);
    assert!(
        matches!(panel_event(&app), Event::Rout { unit, .. } if unit == a3),
        "{}",
        screen(&app, 120, 40)
    );
    let text = screen(&app, 120, 40);
    assert!(!text.contains("the rolled distance"), "{text}");
    assert!(text.contains("1 die on the FOLLOW UP table"), "{text}");
    let events = app.battle().events().len();
    enter(&mut app);
    assert_eq!(app.battle().events().len(), events + 1);
    assert!(
        matches!(last(&app), Event::Rout { unit, .. } if unit == a3),
        "{:?}",
        last(&app)
    );
    let said = explained(&app);
    assert!(said.contains("the rout's move:"), "{said}");
    let b = app.battle();
    let rolls = &b.entry(b.events().len() - 1).unwrap().rolls;
    assert_eq!(rolls.len(), 1, "the rout's die is in the log: {rolls:?}");
}

/// HE4 F1: a Stampede is "exactly as a Rout" (UNIT CHARACTERISTICS (1),
/// HE-26), whose move is "rolled on Follow Up table" (HE-28): the panel
/// says the die it owes, with its odds, not "no roll".
#[test]
fn he4_fault_1_a_stampedes_panel_says_its_rout_die() {
    let mut app = he4("keep-before-a1-combat.toml");
    // Legio II attacks the phalanx's right block, Advance; the card; push back; follow up
    keys(&mut app, "1a13A5652");
    keys(&mut app, "1");
    enter(&mut app);
    keys(&mut app, "t3");
    keys(&mut app, "st225");
    // the phalanx's test: 3 3, a Critical Failure with elephant lines
    keys(&mut app, "33");
    enter(&mut app);
    assert!(
        matches!(panel_event(&app), Event::FailedDiscipline { .. }),
        "{}",
        screen(&app, 120, 40)
    );
    let text = screen(&app, 120, 40);
    assert!(text.contains("a Stampede"), "{text}");
    assert!(!text.contains("no roll ("), "{text}");
    // Formed Infantry on the FOLLOW UP table: 0, 1, 2 squares at 17, 50, 33%
    assert!(text.contains("1 die on the FOLLOW UP table"), "{text}");
    assert!(text.contains("squares: 0 17%, 1 50%, 2 33%"), "{text}");
}

/// HE4 F3: a Legion that already suffered Centurion Casualties treats that
/// result as No Effect (LOST EAGLES, HE-32): the odds say so, as the result does.
#[test]
fn he4_fault_3_lost_eagles_odds_from_the_legions_record() {
    let mut app = he4("keep-a2-lost-eagles.toml");
    open_owed(&mut app);
    assert!(matches!(panel_event(&app), Event::Eagles { .. }));
    let text = screen(&app, 120, 40);
    assert!(text.contains("eagle lost 42%, no effect 58%"), "{text}");
    assert!(!text.contains("centurion casualties 31%"), "{text}");
}

/// HE4 F4: certainty reads 0% (never "-0%"), and only Cavalry is offered
/// the Oblique Advance (FOLLOW UP, HE-25).
#[test]
fn he4_fault_4_follow_up_odds_and_no_oblique_for_infantry() {
    let mut app = he4("keep-argyraspides-followup.toml");
    open_owed(&mut app);
    assert!(matches!(panel_event(&app), Event::FollowUp { .. }));
    keys(&mut app, "f");
    let text = screen(&app, 120, 40);
    assert!(!text.contains("-0%"), "{text}");
    assert!(!text.contains("Oblique"), "{text}");
    keys(&mut app, "o");
    let Event::FollowUp { situation, .. } = panel_event(&app) else {
        panic!("no follow up");
    };
    assert!(situation.enemy_in_frontal_square && !situation.oblique);
}

/// HE4 F6: the general's-risk prompt counts the Command Point dice still
/// owed, one per point (HE-30).
#[test]
fn he4_fault_6_the_risk_prompt_counts_the_point_dice_owed() {
    let mut app = he4("keep-before-eumenes-risk.toml");
    open_owed(&mut app);
    assert!(matches!(panel_event(&app), Event::GeneralRisk { .. }));
    // issue 34 item 8 (he5 ROUGH 1): the dice are named before a face is typed
    let text = screen(&app, 120, 40);
    assert!(
        foot(&text, 40).contains(
            "Its dice, in the order rolled: 2 risk dice; if injured, 1 injury die, then 1 die per Command Point left in pool order"
        ),
        "{text}"
    );
    keys(&mut app, "t121");
    let text = screen(&app, 120, 40);
    assert!(text.contains("still to type: 7 points dice"), "{text}");
    keys(&mut app, "1");
    let text = screen(&app, 120, 40);
    assert!(text.contains("still to type: 6 points dice"), "{text}");
}

// The fifth independent playing (he5 FINDINGS): the referee's own saves,
// copied into `tests/battle_data/homunculus-est-he5/`, opened as Herald
// opens them.

/// The he5 referee's save `name`, opened as `herald play` opens it.
fn he5(name: &str) -> App {
    use herald::battle::homunculus_est::HomunculusEst;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data/homunculus-est-he5")
        .join(name);
    let battle = herald::store::save::load::<HomunculusEst>(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .data
        .battle;
    App::new(
        battle,
        herald::dice::SeededDice::new(3),
        herald::tui::theme::Theme::plain(),
        "he5",
    )
}

/// The screen's last `rows` rows as one text, words joined by one space.
fn foot(text: &str, rows: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(rows)..]
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// HE5 F1: a Praetorian Cohort "after being used, it is removed on a roll
/// of 1 to 3" (ATTACHMENT CHARACTERISTICS, HE-25): its keep die follows
/// the cover die whether or not the cover stops the follow up. The dice
/// line says so, the die still to type is named the keep die, faces typed
/// in the stated order go to the dice they name, and the Why tells the
/// cover roll before the keep roll it follows.
#[test]
fn he5_fault_1_the_cohorts_keep_die_comes_after_a_failed_cover_too() {
    let mut app = he5("keep-cohort-cover.toml");
    open_owed(&mut app);
    assert!(
        matches!(panel_event(&app), Event::FollowUp { .. }),
        "{}",
        screen(&app, 80, 24)
    );
    keys(&mut app, "ct1");
    let text = screen(&app, 120, 40);
    let said = foot(&text, 40);
    assert!(!said.contains("if it stops it"), "{text}");
    assert!(
        said.contains(
            "the Praetorian Cohort's cover die, then its keep die (rolled whether or not the cover stops it: removed on 1-3), then 1 FOLLOW UP die"
        ),
        "{text}"
    );
    assert!(
        said.contains("still to type: 1 Praetorian Cohort keep die"),
        "{text}"
    );
    // cover 1 (the enemy follows up), keep 4 (it remains), follow up 5
    keys(&mut app, "45");
    if !matches!(last(&app), Event::FollowUp { .. }) {
        enter(&mut app);
    }
    let Event::FollowUp { dice, .. } = last(&app) else {
        panic!("no follow up recorded: {}", screen(&app, 120, 40));
    };
    assert_eq!((dice.cover, dice.follow_up), (vec![1, 4], vec![5]));
    let why = explained(&app);
    let cover = why.find("covers the retreat and rolls 1").expect(&why);
    let keep = why.find("Praetorian Cohort rolls 4 after use").expect(&why);
    assert!(cover < keep, "{why}");
}

/// HE5 F3: a manoeuvre costs "Manoeuvre Points" out of the unit's
/// Movement roll (MANOEUVRE TEST; HE-13, HE-15): none is offered to a unit
/// after its Combat Activation, nor to one with no activation; in a
/// Movement Activation the Movement Points left start from the record, and
/// a refusal is in words, never `oblique_advance`.
#[test]
fn he5_fault_3_a_manoeuvre_only_in_the_units_movement_activation() {
    let mut app = he5("keep-manoeuvre-after-combat.toml");
    let events = app.battle().events().len();
    // a5, Pergamene cavalry, has made its Combat Activation
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "5M");
    assert!(app.panel.is_none(), "{}", screen(&app, 120, 40));
    let text = screen(&app, 120, 40);
    assert!(
        foot(&text, 4).contains("Pergamene cavalry is not in a Movement Activation"),
        "{text}"
    );
    // a3, the right Latin ala, has had no activation
    keys(&mut app, "3M");
    assert!(app.panel.is_none(), "{}", screen(&app, 120, 40));
    assert_eq!(app.battle().events().len(), events, "nothing recorded");
    // its Movement Activation, typed 5: 2 Movement Points
    keys(&mut app, "3m5");
    if app.battle().events().len() == events {
        enter(&mut app);
    }
    assert!(
        summary(&app).contains("2 Movement Points"),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "3M");
    assert!(app.panel.is_some(), "{}", screen(&app, 120, 40));
    let facts = app.panel.as_ref().unwrap().facts(app.battle());
    herald::tui::facts::check_keys(&facts).unwrap();
    let text = screen(&app, 120, 40);
    let row = text
        .lines()
        .find(|l| l.contains("Movement Points left"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!row.contains("not said"), "{row}");
    assert!(row.contains(" 2"), "{row}");
    let Event::Manoeuvre { situation, .. } = panel_event(&app) else {
        panic!("no manoeuvre panel");
    };
    assert_eq!(situation.movement_points, Some(2));
    // one point left (the squares it moved): the Oblique Advance's 2 are refused, in words
    keys(&mut app, "n1t5");
    let text = screen(&app, 120, 40);
    assert!(!text.contains("oblique_advance"), "{text}");
    assert!(
        text.contains("oblique advance costs 2 Movement Points"),
        "{text}"
    );
    assert_eq!(app.battle().events().len(), events + 1, "no test recorded");
}

/// HE5 F2: a refusal in the status line is read whole at 120x40 and
/// 80x24, its reason and rule too (README: "the status line says why"):
/// a long one wraps, never cut with "…".
#[test]
fn he5_fault_2_a_refusal_is_read_whole() {
    let mut app = he5("keep-before-call.toml");
    keys(&mut app, "h");
    enter(&mut app);
    keys(&mut app, "x");
    enter(&mut app);
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "x");
    assert!(app.panel.is_none(), "{}", screen(&app, 120, 40));
    for (w, h) in [(120, 40), (80, 24)] {
        let text = screen(&app, w, h);
        let said = foot(&text, 4);
        assert!(
            said.contains(
                "only the called player discards, one revealed card, after a call that did not break his army, before the phase ends (HOMUNCULUS EST!, HE-12)"
            ),
            "{w}x{h}:\n{text}"
        );
    }
    let mut app = he5("keep-reversal-pending.toml");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "h");
    for (w, h) in [(80, 24), (120, 40)] {
        let text = screen(&app, w, h);
        let said = foot(&text, 4);
        assert!(
            said.contains("out of turn: a Reversal of Fortune ends this phase ("),
            "{w}x{h}:\n{text}"
        );
        assert!(
            said.contains("finish what its activation requires, then end the phase (HE-6)"),
            "{w}x{h}:\n{text}"
        );
    }
}
