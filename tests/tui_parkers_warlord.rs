//! The Parker's Warlord console through its real update loop
//! (`Screen::key`), drawn on a test terminal at 80x24 and 120x40: a command
//! phase of Lewes — three initiative checks typed at the table (a 1 with
//! its bonus card, one over its initiative, one made), a d20 typed beyond
//! its faces refused, the Warlord's transfer, a unique command priced with
//! its close-proximity modifier, refused short and paid in two cards, the
//! movement calculator refusing the band the text lacks, and the end of the
//! turn into the royal side's checks with Herald's own d20.

use herald::battle::parkers_warlord::{Battle, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::parkers_warlord::roster::load_roster;
use herald::tui::parkers_warlord::App;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

fn lewes(seed: u64) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/parkers-warlord");
    let barons = load_roster(&dir.join("lewes-1264-baronial.toml"))
        .unwrap()
        .army;
    let royal = load_roster(&dir.join("lewes-1264-royal.toml"))
        .unwrap()
        .army;
    App::new(
        Battle::new(Setup::new(vec![barons], vec![royal]).unwrap()),
        SeededDice::new(seed),
        Theme::plain(),
        "lewes",
    )
}

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    Screen::key(app, KeyEvent::new(code, KeyModifiers::NONE))
}

fn keys(app: &mut App, text: &str) -> Vec<Effect> {
    let mut out = Vec::new();
    for c in text.chars() {
        out = match c {
            '\n' => press(app, KeyCode::Enter),
            '\x1b' => press(app, KeyCode::Esc),
            c => press(app, KeyCode::Char(c)),
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

fn hands(app: &App, side: Side) -> Vec<u32> {
    Screen::battle(app).state().officers[side as usize]
        .iter()
        .map(|o| o.personality.hand)
        .collect()
}

/// The barons' checks and transfer, typed as rolled at the table.
fn checked_and_transferred() -> App {
    let mut app = lewes(11);
    screen(&app, 120, 40);
    // PW-4, PW-5: Simon de Montfort (initiative 14) rolls a 1: 5 drawn and the bonus card.
    assert_eq!(keys(&mut app, "it1\n"), [Effect::Save]);
    // A d20 has no 25: refused in words, nothing recorded; then 19, 7 over Henry's 12.
    assert!(keys(&mut app, "it25\n").is_empty());
    let s = screen(&app, 120, 40);
    assert!(s.contains("25 is not a face of a d20"), "{s}");
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(keys(&mut app, "19\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "it8\n"), [Effect::Save]);
    assert_eq!(hands(&app, Side::A), [6, 0, 3]);
    // PW-8: the Warlord gives Henry de Montfort his card.
    assert_eq!(keys(&mut app, "x\n"), [Effect::Save]);
    assert_eq!(hands(&app, Side::A), [5, 1, 3]);
    app
}

#[test]
fn the_initiative_panel_gives_the_exact_odds_before_the_roll() {
    let mut app = lewes(11);
    keys(&mut app, "i");
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("initiative 14")
            && s.contains("succeeds 70%")
            && s.contains("the bonus card, 5%"),
        "{s}"
    );
    insta::assert_snapshot!("pw_initiative_odds_120x40", s);
    insta::assert_snapshot!("pw_initiative_odds_80x24", screen(&app, 80, 24));
}

#[test]
fn a_command_phase_of_lewes_in_the_console() {
    let mut app = checked_and_transferred();
    // PW-10: the London militia (a5) maneuver, basic 2, +1 close proximity; a 2 is short.
    assert!(keys(&mut app, "cn5xk1a2").is_empty());
    let s = screen(&app, 120, 40);
    assert!(s.contains("Refused: Maneuver costs 3 CP"), "{s}");
    assert!(keys(&mut app, "\n").is_empty(), "refused");
    keys(&mut app, "k2b1");
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("+1 close proximity") && s.contains("issued, 0 left"),
        "{s}"
    );
    insta::assert_snapshot!("pw_command_priced_120x40", s);
    insta::assert_snapshot!("pw_command_priced_80x24", screen(&app, 80, 24));
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    assert_eq!(hands(&app, Side::A), [5, 1, 1]);
    let b = Screen::battle(&app);
    assert_eq!(b.state().units[0][4].unit.done.len(), 1);
    // PW-9: movement is a Maneuver: the household knights' (the Warlord attached, 0 CP).
    assert_eq!(keys(&mut app, "cn1\n"), [Effect::Save]);
    // PW-14: the band the extract lost waits for the referee's multiplier, its row named.
    keys(&mut app, "mn1e10f10");
    let s = screen(&app, 120, 40);
    assert!(s.contains("Herald waits for") && s.contains("(h)"), "{s}");
    keys(&mut app, "e20");
    let s = screen(&app, 120, 40);
    assert!(s.contains("15-30\": double: 12\""), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    insta::assert_snapshot!("pw_after_commands_120x40", screen(&app, 120, 40));
    insta::assert_snapshot!("pw_after_commands_80x24", screen(&app, 80, 24));
    // The turn ends; the royal side checks with Herald's own d20.
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(Screen::battle(&app).state().phase, Phase::Command(Side::B));
    assert_eq!(keys(&mut app, "i\n"), [Effect::Save]);
    let b = Screen::battle(&app);
    assert!(b.state().officers[1][0].check.is_some());
    assert!(!b.last_entry().unwrap().rolls[0].dice.d20.is_empty());
    // Undo takes the check back.
    assert_eq!(keys(&mut app, "u"), [Effect::Save]);
    assert!(Screen::battle(&app).state().officers[1][0].check.is_none());
}

/// The table's facts through their panels: wounds (the other side's
/// personality, as the record has him), a unit's order, a battle-line
/// reorder that leaves a broken unit out, a discard.
/// A refused panel's status does not say "Enter records" (Enter records
/// nothing while the plan says Refused): it says what would be accepted;
/// once the cards pay the cost (PW-10), Enter is offered again.
#[test]
fn a_refused_panels_status_does_not_offer_enter() {
    let foot = |app: &App| {
        let s = screen(app, 120, 40);
        let rows: Vec<&str> = s.lines().collect();
        rows[rows.len() - 3..]
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut app = checked_and_transferred();
    keys(&mut app, "cn5xk1a2");
    assert!(screen(&app, 120, 40).contains("Refused: Maneuver costs 3 CP"));
    let f = foot(&app);
    assert!(!f.contains("Enter records Esc closes"), "{f}");
    assert!(f.contains("Enter records nothing"), "{f}");
    assert!(f.contains("to one the rules accept"), "{f}");
    keys(&mut app, "k2b1");
    let f = foot(&app);
    assert!(f.contains("Enter records Esc closes"), "{f}");
}

#[test]
fn the_tables_facts_and_a_battle_line_through_the_panels() {
    use herald::battle::UnitId;
    use herald::battle::parkers_warlord::Event;
    use herald::rules::parkers_warlord::Order;
    let mut app = checked_and_transferred();
    Screen::battle_mut(&mut app)
        .record(Event::Personality {
            personality: UnitId::new(Side::B, 0),
            wounded: true,
            uncontrolled_actions: 1,
        })
        .unwrap();
    // W, then side b: Henry III's facts as the record has them.
    keys(&mut app, "Ws");
    let s = screen(&app, 120, 40);
    let wounded = s
        .lines()
        .find(|l| l.contains("w  wounded"))
        .unwrap_or_default();
    assert!(s.contains("b1 Henry III") && wounded.contains("yes"), "{s}");
    assert_eq!(keys(&mut app, "x2\n"), [Effect::Save]);
    let henry = &Screen::battle(&app).state().officers[1][0].personality;
    assert!(henry.wounded && henry.uncontrolled_actions == 2);
    // O: Gilbert's retinue (a4) disordered, the London militia (a5) broken.
    assert_eq!(keys(&mut app, "On4o\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "On5oo\n"), [Effect::Save]);
    let units = &Screen::battle(&app).state().units[0];
    assert_eq!(
        (units[3].unit.order, units[4].unit.order),
        (Order::Disordered, Order::Broken)
    );
    // b: Gilbert de Clare (a3), with his banner unit, reorders his battle line for 1 CP;
    // the broken militia is left out (PW-12).
    keys(&mut app, "bp3oov1k1a1");
    let s = screen(&app, 120, 40);
    assert!(s.contains("London militia: left out, broken"), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let units = &Screen::battle(&app).state().units[0];
    assert_eq!(
        (units[3].unit.order, units[4].unit.order),
        (Order::Good, Order::Broken)
    );
    // P (PW-15): the household knights (a1) pass through Clare's retinue (a4), which has
    // not maneuvered: neither is disordered.
    keys(&mut app, "Pn1v4");
    let s = screen(&app, 120, 40);
    assert!(s.contains("neither unit is disordered"), "{s}");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    // d: Simon de Montfort discards 2 of his 5.
    assert_eq!(keys(&mut app, "dk2\n"), [Effect::Save]);
    assert_eq!(hands(&app, Side::A), [3, 1, 2]);
}

/// V opens the course of the battle (issue 27), which charts the cards
/// each side holds against its hand limits; drawn at 80x24 and 120x40.
#[test]
fn v_opens_the_course_of_cards_held() {
    use herald::tui::course_view::CourseView;
    let mut app = checked_and_transferred();
    keys(&mut app, "e");
    let events = Screen::battle(&app).events().len();
    assert_eq!(keys(&mut app, "V"), [Effect::OpenCourse]);
    assert_eq!(
        Screen::battle(&app).events().len(),
        events,
        "nothing recorded"
    );
    let view = CourseView::new(Screen::battle(&app), "lewes", Theme::plain());
    assert_eq!(view.course().strength_name(), "cards held");
    let draw = |w: u16, h: u16| {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal
            .draw(|f| view.render(f.area(), f.buffer_mut()))
            .unwrap();
        let buf = terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..h {
            let mut line = String::new();
            for x in 0..w {
                line.push_str(buf[(x, y)].symbol());
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    };
    let s = draw(120, 40);
    assert!(s.contains("cards held"), "{s}");
    // PW-10's orders are not morale: the legend says so.
    assert!(
        s.contains("Units by order:") && !s.contains("morale"),
        "{s}"
    );
    insta::assert_snapshot!("pw_course_120x40", s);
    insta::assert_snapshot!("pw_course_80x24", draw(80, 24));
}

/// PW-10: the modifiers the text leaves unstated are typed with their
/// names in the command panel (M), priced by the rules and kept by name in
/// the event; 0 takes one off; a modifier without a value is refused.
#[test]
fn a_command_takes_modifiers_typed_with_their_names() {
    let mut app = checked_and_transferred();
    keys(&mut app, "cn5xk2a2b1");
    assert!(screen(&app, 120, 40).contains("issued, 0 left"));
    keys(&mut app, "Mforded river\n");
    let s = screen(&app, 120, 40);
    assert!(s.contains("'forded river' has no value"), "{s}");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "Mforded river +1\n");
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("named modifiers (M): forded river +1") && s.contains("costs 4 CP"),
        "{s}"
    );
    keys(&mut app, "Mforded river 0\n");
    let s = screen(&app, 120, 40);
    assert!(
        !s.contains("named modifiers") && s.contains("issued, 0 left"),
        "{s}"
    );
    keys(&mut app, "Mrough ground -1\n");
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let b = Screen::battle(&app);
    match b.events().last().unwrap() {
        herald::battle::parkers_warlord::Event::Command { modifiers, .. } => {
            assert_eq!(modifiers.len(), 1);
            assert_eq!(
                (modifiers[0].name.as_str(), modifiers[0].value),
                ("rough_ground", -1)
            );
        }
        e => panic!("{e:?}"),
    }
}
