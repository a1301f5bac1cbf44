//! The Robert's Rules console through its real update loop (`Screen::key`),
//! drawn on a test terminal at 80x24 and 120x40: a half-turn of the text's
//! own forces played by keys alone: the first Acting player, an Action Roll
//! failing and ending the spearmen's Actions (RR-9), the crossbowmen's
//! Missile Fire disrupting the cavalry (RR-11, RR-16), a simultaneous melee
//! with Push Back, the Pursuit Action and the Pursuit attack (RR-19 to
//! RR-21), a second melee costing a stand, the Break Check owed and the
//! nearby unit's check (RR-14); typed dice checked; undo and redo.

use herald::battle::UnitId;
use herald::battle::roberts_rules::{Battle, Phase, Setup, Step};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::roberts_rules::army::load_army;
use herald::tui::roberts_rules::App;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

fn app() -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/roberts-rules");
    let a = load_army(&dir.join("spearmen-and-cavalry.toml"))
        .unwrap()
        .army;
    let b = load_army(&dir.join("crossbowmen.toml")).unwrap().army;
    App::new(
        Battle::new(Setup::new(vec![a], vec![b]).unwrap()),
        SeededDice::new(7),
        Theme::plain(),
        "example",
    )
}

fn code(app: &mut App, code: KeyCode) -> Vec<Effect> {
    Screen::key(app, KeyEvent::new(code, KeyModifiers::NONE))
}

/// Keys typed one by one; `\n` is Enter, `<` is ←.
fn keys(app: &mut App, text: &str) -> Vec<Effect> {
    let mut out = Vec::new();
    for c in text.chars() {
        out = match c {
            '\n' => code(app, KeyCode::Enter),
            '<' => code(app, KeyCode::Left),
            c => code(app, KeyCode::Char(c)),
        };
    }
    out
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

fn step(app: &App) -> Step {
    app.battle().state().phase.step().unwrap()
}

fn troop(app: &App, side: Side, i: usize) -> &herald::battle::roberts_rules::Troop {
    &app.battle().state().units[side as usize][i]
}

fn last(app: &App) -> String {
    let b = app.battle();
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

/// Up to the Reaction Phase: player a acts; the spearmen fail, the cavalry move.
fn to_reaction(app: &mut App) {
    assert_eq!(keys(app, "a"), [Effect::Save]);
    // Action panel on a1, the spearmen: Militia -1, Swift +1, Captain +1: 3+3+1 = 7.
    assert_eq!(keys(app, "rt33\n"), [Effect::Save]);
    assert!(last(app).contains("7, failed"), "{}", last(app));
    assert!(troop(app, Side::A, 0).failed);
    // A second Action is refused before any die is rolled (RR-9).
    let events = app.battle().events().len();
    assert!(keys(app, "rn1\n").is_empty());
    assert_eq!(app.battle().events().len(), events);
    code(app, KeyCode::Esc);
    // Cavalry A (a2): n, then its number.
    assert_eq!(keys(app, "rn2t44\n"), [Effect::Save]);
    assert!(last(app).contains("9, success"), "{}", last(app));
    assert_eq!(keys(app, "e"), [Effect::Save]);
    assert_eq!(step(app), Step::Reaction);
}

/// The whole half-turn by keys.
fn half_turn(app: &mut App) {
    to_reaction(app);
    // Missile Fire: the crossbowmen (b1) at a2, five attacks, +3 from the
    // referee (armour-piercing, size, mounted target): 8, 13, 10, 14, 8.
    keys(app, "mo2a5b3");
    assert_eq!(keys(app, "t3356446624\n"), [Effect::Save]);
    assert!(last(app).contains("Disrupted, 2 hits"), "{}", last(app));
    assert!(troop(app, Side::A, 1).unit.disrupted);
    keys(app, "eee");
    assert_eq!(step(app), Step::Combat);
    // Cavalry B (a3) against the crossbowmen, +1 charge: 12 against 4.
    assert_eq!(keys(app, "cn3b1t4412\n"), [Effect::Save]);
    assert!(
        last(app).contains("Crossbowmen Pushed Back, 1 hit"),
        "{}",
        last(app)
    );
    // The Pursuit Action (its panel opens on the pursuer): 4+3+3 = 10.
    assert_eq!(keys(app, "rt43\n"), [Effect::Save]);
    assert!(last(app).contains("10, success"), "{}", last(app));
    // The Pursuit attack, -1 for the lance point lost: 11+3-1 = 13, three hits.
    assert_eq!(keys(app, "pp1t56\n"), [Effect::Save]);
    assert!(last(app).contains("13, 3 hits"), "{}", last(app));
    // Cavalry A (a2) against the crossbowmen, +1 for them: 5 against 13.
    assert_eq!(keys(app, "cn2c1t1166\n"), [Effect::Save]);
    assert!(last(app).contains("Pushed Back, 2 hits"), "{}", last(app));
    assert_eq!(troop(app, Side::A, 1).unit.stands, 2);
}

fn to_break_checks(app: &mut App) {
    half_turn(app);
    // The phase waits for the Break Check owed.
    assert!(keys(app, "e").is_empty());
    assert_eq!(step(app), Step::Combat);
}

#[test]
fn a_half_turn_by_keys() {
    let mut app = app();
    to_break_checks(&mut app);
    // The panel opens on the unit owing the check: 3+2-2 = 3, routs.
    assert_eq!(keys(&mut app, "kt32\n"), [Effect::Save]);
    assert!(last(&app).contains("3, routs"), "{}", last(&app));
    assert!(troop(&app, Side::A, 1).routed);
    // RR-14: the walker asks the referee to name the units nearby; the
    // phase does not end before he does (none is an answer).
    let s = screen(&app, 120, 40);
    assert!(s.contains("n names the friendly units nearby"), "{s}");
    assert!(keys(&mut app, "e").is_empty());
    assert_eq!(step(&app), Step::Combat);
    // The picker: a (a1, the spearmen) ticked, Enter records the naming.
    keys(&mut app, "na");
    let s = screen(&app, 120, 40);
    assert!(s.contains("named: Militia spearmen (a1)"), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Break Checks owed (RR-14, RR-15): a1 (a nearby friendly unit routed)"),
        "{s}"
    );
    // The spearmen's check is a step: the panel opens on it, Captain +1: 4+3+1 = 8.
    assert_eq!(keys(&mut app, "kt43\n"), [Effect::Save]);
    assert!(last(&app).contains("8, holds"), "{}", last(&app));
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(
        app.battle().state().phase,
        Phase::Half {
            half: 2,
            acting: Side::B,
            step: Step::Action
        }
    );
    // Undo back into the Combat Phase and redo.
    assert_eq!(keys(&mut app, "u"), [Effect::Save]);
    assert_eq!(step(&app), Step::Combat);
    assert_eq!(keys(&mut app, "U"), [Effect::Save]);
    assert_eq!(step(&app), Step::Action);
    assert_eq!(keys(&mut app, "q"), [Effect::Quit]);
}

#[test]
fn typed_dice_are_checked() {
    let mut app = app();
    keys(&mut app, "art");
    // 7 is no face of a d6: refused, not typed.
    assert!(keys(&mut app, "7").is_empty());
    // One die where the roll takes two: refused, nothing recorded.
    assert!(keys(&mut app, "3\n").is_empty());
    assert_eq!(app.battle().events().len(), 1);
    assert!(keys(&mut app, "34\n") == [Effect::Save]);
    assert_eq!(app.battle().events().len(), 2);
}

#[test]
fn herald_rolls_when_asked_and_the_odds_come_first() {
    let mut app = app();
    keys(&mut app, "ar");
    let s = screen(&app, 120, 40);
    assert!(s.contains("odds: success 21/36 (58%)"), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let b = app.battle();
    assert_eq!(b.entry(1).unwrap().rolls[0].dice.white.len(), 2);
}

#[test]
fn the_screens_at_80x24_and_120x40() {
    let mut app = app();
    insta::assert_snapshot!("rr_deployment_80x24", screen(&app, 80, 24));
    to_reaction(&mut app);
    keys(&mut app, "mo2a5b3");
    insta::assert_snapshot!("rr_missile_panel_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("rr_missile_panel_120x40", screen(&app, 120, 40));
    keys(&mut app, "t3356446624\neee");
    keys(&mut app, "cn3b1");
    insta::assert_snapshot!("rr_melee_panel_120x40", screen(&app, 120, 40));
    keys(&mut app, "t4412\n");
    insta::assert_snapshot!("rr_melee_result_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("rr_melee_result_120x40", screen(&app, 120, 40));
    keys(&mut app, "rt43\npp1t56\ncn2c1t1166\n");
    keys(&mut app, "k");
    insta::assert_snapshot!("rr_break_check_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("rr_break_check_120x40", screen(&app, 120, 40));
    let _ = UnitId::new(Side::A, 0);
}

#[test]
fn too_small_a_terminal_records_nothing() {
    let mut app = app();
    let _ = screen(&app, 60, 20);
    assert!(keys(&mut app, "a").is_empty());
    assert_eq!(app.battle().state().phase, Phase::Deployment);
}

fn report(app: &App) -> String {
    herald::battle::roberts_rules::report::markdown(app.battle(), "example")
}

/// RR-12: the Disrupted cavalry must pass a Morale Check to lead their
/// charge; the walker names them in the Charge Phase, the panel gives the
/// odds before the roll, the dice are typed (the worked example's 8).
#[test]
fn a_morale_check_to_lead_a_charge_by_keys() {
    let mut app = app();
    // a2 moves and is declared to charge the crossbowmen (Charging).
    keys(&mut app, "arn2t44\ngn2\ne");
    assert_eq!(step(&app), Step::Reaction);
    keys(&mut app, "mo2a5b3t3356446624\nee");
    assert_eq!(step(&app), Step::Charge);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Reluctant, a Morale Check to lead first (RR-12): a2"),
        "{s}"
    );
    keys(&mut app, "o");
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Elite heavy cavalry A is Disrupted, so Reluctant"),
        "{s}"
    );
    assert!(s.contains("odds: passes 21/36 (58%)"), "{s}");
    // 8 is no face of a die: refused as typed.
    assert!(keys(&mut app, "t8").is_empty());
    assert_eq!(keys(&mut app, "53\n"), [Effect::Save]);
    assert!(
        last(&app).contains("to lead a charge), 8, passed"),
        "{}",
        last(&app)
    );
    assert_eq!(troop(&app, Side::A, 1).lead_charge, Some(true));
    let s = screen(&app, 120, 40);
    assert!(s.contains("leads the charge"), "{s}");
    // Cavalry B is not Reluctant: refused before any die is rolled.
    let n = app.battle().events().len();
    assert!(keys(&mut app, "on3\n").is_empty());
    assert_eq!(app.battle().events().len(), n);
}

/// A correction by hand: the unit's counts are typed, the reason written
/// (W); without a reason it is refused; it shows in the log as a correction.
#[test]
fn a_correction_by_hand_with_its_reason() {
    let mut app = app();
    keys(&mut app, "a");
    // Cavalry A (n2): 1 hit lost.
    keys(&mut app, "hn2i1");
    let s = screen(&app, 120, 40);
    assert!(s.contains("hits lost 0 → 1 of 6; stands 3 → 3 of 3"), "{s}");
    assert!(keys(&mut app, "\n").is_empty());
    assert_eq!(app.battle().events().len(), 1);
    keys(&mut app, "Wa lance hit forgotten");
    let s = screen(&app, 80, 24);
    assert!(s.contains("reason: a lance hit forgotten_"), "{s}");
    keys(&mut app, "\n");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    assert!(
        last(&app).contains("correction by the referee: Elite heavy cavalry A hits lost 0 → 1, stands 3 → 3 (a lance hit forgotten)"),
        "{}",
        last(&app)
    );
    assert_eq!(troop(&app, Side::A, 1).unit.hits_lost, 1);
    assert!(report(&app).contains("correction by the referee"));
}

/// RR-16: the worked example's modifiers typed with their names (M), kept
/// by name in the event; a modifier without a value is refused in words.
#[test]
fn modifiers_are_typed_with_their_names() {
    let mut app = app();
    to_reaction(&mut app);
    keys(&mut app, "mo2a5");
    keys(&mut app, "Muphill\n");
    let s = screen(&app, 120, 40);
    assert!(s.contains("'uphill' has no value"), "{s}");
    code(&mut app, KeyCode::Esc);
    keys(
        &mut app,
        "Marmor piercing +1\nMtarget size 1\nMmounted target +1\n",
    );
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("named modifiers (M): armor piercing +1, target size +1,")
            && s.contains("+1 mounted target (referee)"),
        "{s}"
    );
    // The crossbowmen fire with no side b: N is refused.
    keys(&mut app, "N");
    assert!(screen(&app, 120, 40).contains("N names a modifier for side b of a melee"));
    assert_eq!(keys(&mut app, "t3356446624\n"), [Effect::Save]);
    assert!(last(&app).contains("Disrupted, 2 hits"), "{}", last(&app));
    let b = app.battle();
    match &b.events()[b.events().len() - 1] {
        herald::battle::roberts_rules::Event::Missile { modifiers, .. } => {
            let names: Vec<&str> = modifiers.iter().map(|m| m.name.as_str()).collect();
            assert_eq!(names, ["armor_piercing", "target_size", "mounted_target"]);
        }
        e => panic!("{e:?}"),
    }
    // A melee names each side's: N for side b; 0 takes one off.
    keys(&mut app, "eee");
    keys(
        &mut app,
        "cn3Mcharge +1\nNdisrupted enemy 1\nNdisrupted enemy 0\n",
    );
    let s = screen(&app, 100, 40)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        s.contains("named modifiers: Elite heavy cavalry B (M) charge +1; Crossbowmen (N)"),
        "{s}"
    );
}
