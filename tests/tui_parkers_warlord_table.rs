//! Parker's Warlord at the table, second playing (issue 35 item 6 and 7,
//! `../shared/playtests/roberts-parker.md` PW-C to PW-L): each finding
//! replayed through the console's real update loop (`Screen::key`) on
//! Lewes: points that lapse only when the turn ends, a card's value typed
//! anew, the d20 in the log, panels without a roll that do not speak of
//! one, the movement calculator naming its rows, a lost Maneuver whose
//! lines agree, and the units a panel concerns in sight at 80x24.

use herald::battle::parkers_warlord::{Battle, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::parkers_warlord::roster::load_roster;
use herald::tui::log_browser::LogBrowser;
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

/// Keys typed one by one; `\n` is Enter, `^` is Esc.
fn keys(app: &mut App, text: &str) -> Vec<Effect> {
    let mut out = Vec::new();
    for c in text.chars() {
        out = match c {
            '\n' => press(app, KeyCode::Enter),
            '^' => press(app, KeyCode::Esc),
            c => press(app, KeyCode::Char(c)),
        };
    }
    out
}

fn draw(width: u16, height: u16, f: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(f).unwrap();
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

fn screen(app: &App, width: u16, height: u16) -> String {
    app.resized(width, height);
    draw(width, height, |f| app.draw(f.area(), f.buffer_mut()))
}

fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn line_with<'a>(s: &'a str, what: &str) -> &'a str {
    s.lines().find(|l| l.contains(what)).unwrap_or_default()
}

/// The last event's explanation, one line each.
fn explained(app: &App) -> String {
    let b = Screen::battle(app);
    let e = b.entry(b.events().len() - 1).unwrap();
    e.explanation
        .lines
        .iter()
        .map(|l| format!("{} ({})\n", l.text, l.cite))
        .collect()
}

fn last(app: &App) -> String {
    let b = Screen::battle(app);
    b.entry(b.events().len() - 1).unwrap().summary.clone()
}

/// The barons' checks typed (1, 19, 8) and the Warlord's transfer.
fn checked_and_transferred() -> App {
    let mut app = lewes(11);
    assert_eq!(keys(&mut app, "it1\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "it19\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "it8\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "x\n"), [Effect::Save]);
    app
}

/// PW-F: points left from the cards played on a unit lapse when the turn
/// ends, and only then is it said; until then they pay its next command.
#[test]
fn points_left_lapse_when_the_turn_ends_and_only_then() {
    let mut app = checked_and_transferred();
    // The London militia (a5): Maneuver 2 +1 close proximity = 3, cards 2+2.
    assert_eq!(keys(&mut app, "cn5xk2a2b2\n"), [Effect::Save]);
    let why = explained(&app);
    assert!(
        !why.contains("points left lapse") && !why.contains("may not be carried forward"),
        "{why}"
    );
    assert!(why.contains("lapse when the turn ends"), "{why}");
    assert!(
        why.contains("cards 2+2 played on London militia: 4 points")
            && why.contains("1 point left on London militia"),
        "{why}"
    );
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    let why = explained(&app);
    assert!(why.contains("London militia: 1 point left lapses"), "{why}");
}

/// Played in tmux: a command paid from the points left says so, a long
/// status line wraps onto the row above, the report has no empty line
/// and lists every unit's order.
#[test]
fn a_command_paid_from_points_left_says_so_and_the_report_lists_units() {
    let mut app = checked_and_transferred();
    assert_eq!(keys(&mut app, "cn5xk2a2b2\n"), [Effect::Save]);
    // Shoot Missiles on the militia: 1 CP, from the point left.
    assert_eq!(keys(&mut app, "cn5o\n"), [Effect::Save]);
    assert!(
        last(&app).contains("paid from the points left on it"),
        "{}",
        last(&app)
    );
    let s = screen(&app, 80, 24);
    let rows: Vec<&str> = s.lines().collect();
    assert!(
        words(&format!("{} {}", rows[22], rows[23])).contains("paid from the points left on it"),
        "{s}"
    );
    let r = herald::battle::parkers_warlord::report::markdown(Screen::battle(&app), "lewes");
    assert!(!r.lines().any(|l| l.trim() == "-"), "{r}");
    assert!(
        r.contains("| London militia | a | Gilbert de Clare | good | Maneuver, Shoot Missiles |"),
        "{r}"
    );
    assert!(r.contains("dice, Simon de Montfort: d20 1"), "{r}");
    // Side b's commands stay listed through side a's next turn: the
    // column says whose turn they were done in.
    assert!(r.contains("| commands in its side's latest turn |"), "{r}");
}

/// PW-G: a card's value is 1 to 10 (the roster may say otherwise); a
/// digit that would take it past 10 starts it anew.
#[test]
fn a_typed_digit_replaces_a_cards_value() {
    let mut app = checked_and_transferred();
    keys(&mut app, "cn3k1a13");
    let s = screen(&app, 100, 40);
    let card = line_with(&s, "card 1 value");
    assert!(card.trim_end().ends_with(" 3"), "{s}");
    assert!(!card.contains("13"), "{s}");
    keys(&mut app, "a10");
    let s = screen(&app, 100, 40);
    assert!(
        line_with(&s, "card 1 value").trim_end().ends_with(" 10"),
        "{s}"
    );
}

/// PW-C: the log browser shows the d20 each check rolled.
#[test]
fn the_log_shows_the_d20() {
    let app = checked_and_transferred();
    let browser = LogBrowser::new(Screen::battle(&app), "lewes", Theme::plain());
    let s = draw(120, 40, |f| f.render_widget(&browser, f.area()));
    assert!(s.contains("dice, Simon de Montfort: d20 1"), "{s}");
    assert!(s.contains("dice, Henry de Montfort: d20 19"), "{s}");
    assert!(!s.contains("no dice"), "{s}");
}

/// PW-H: a command panel waiting for a card's value does not speak of
/// odds and a roll it does not have.
#[test]
fn panels_without_a_roll_do_not_speak_of_one() {
    let mut app = checked_and_transferred();
    keys(&mut app, "cn5k1");
    let s = screen(&app, 120, 40);
    assert!(!s.contains("odds") && !s.contains("the roll"), "{s}");
    assert!(s.contains("waits for: card 1 value (1-10) (a)"), "{s}");
}

/// PW-J: the movement calculator's refusals name the row the referee
/// types, never a field of a file, and say a name in good English.
#[test]
fn the_movement_calculator_names_its_rows() {
    let mut app = checked_and_transferred();
    // Its Maneuver first (PW-9): the Warlord attached, 0 CP.
    assert_eq!(keys(&mut app, "cn1\n"), [Effect::Save]);
    keys(&mut app, "mn1e10");
    let s = words(&screen(&app, 100, 40));
    assert!(!s.contains("band_multiplier"), "{s}");
    assert!(s.contains("(h)"), "{s}");
    keys(&mut app, "e20f8s2a1");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains("Montfort's household knights' move costs 14\""),
        "{s}"
    );
}

/// PW-L: a unit marked as having impetuously charged in its side's turn
/// is refused its Maneuver in its next turn, and every line says which.
#[test]
fn a_lost_maneuver_is_its_next_turns_and_every_line_says_so() {
    let mut app = checked_and_transferred();
    assert_eq!(keys(&mut app, "On3l\n"), [Effect::Save]);
    assert!(last(&app).contains("next turn (turn 2)"), "{}", last(&app));
    // This turn it may still be given its Maneuver.
    keys(&mut app, "cn3k1a1");
    let s = screen(&app, 120, 40);
    assert!(!s.contains("Refused"), "{s}");
    keys(&mut app, "^");
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    // Side b's personalities make their initiative checks before its turn
    // ends (PW-3).
    keys(&mut app, "it9\nit9\nit9\n");
    assert_eq!(keys(&mut app, "e"), [Effect::Save]);
    assert_eq!(Screen::battle(&app).state().phase, Phase::Command(Side::A));
    keys(&mut app, "it1\nit1\nit1\n");
    keys(&mut app, "cn3k1a1");
    let s = words(&screen(&app, 100, 40));
    assert!(
        s.contains("considered to have already maneuvered in this turn (turn 2)"),
        "{s}"
    );
}

/// At 80x24 a command panel keeps the unit it commands in sight.
#[test]
fn a_panel_at_80x24_keeps_its_unit_in_sight() {
    let mut app = checked_and_transferred();
    keys(&mut app, "cn5");
    let s = screen(&app, 80, 24);
    assert!(line_with(&s, "a5  London militia").contains("Hi"), "{s}");
    insta::assert_snapshot!("pw_table_command_panel_80x24", s);
}

// The independent playing's ROUGH points (`../wt/rrpw-findings.md`).

/// R8, PW-14: "a charge is three moves": the calculator takes a charge
/// only for a unit whose Maneuver this turn was a charge, as recorded.
#[test]
fn a_move_charges_only_after_a_charge_maneuver() {
    let mut app = checked_and_transferred();
    // The London militia's Maneuver, not a charge.
    assert_eq!(keys(&mut app, "cn5xk2a2b2\n"), [Effect::Save]);
    let n = Screen::battle(&app).events().len();
    assert!(keys(&mut app, "mn5gf8\n").is_empty());
    assert_eq!(Screen::battle(&app).events().len(), n);
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("not a charge"), "{s}");
    keys(&mut app, "^^");
    // Another unit's Maneuver as a charge: its move may charge.
    assert_eq!(keys(&mut app, "cn4gk2a2b2\n"), [Effect::Save]);
    assert!(last(&app).contains("(charge)"), "{}", last(&app));
    // The calculator starts from that record (rr2 F5): no g.
    assert_eq!(keys(&mut app, "mn4f8\n"), [Effect::Save]);
    assert!(last(&app).contains("charges"), "{}", last(&app));
}

/// R9, PW-9: a unit the referee sets broken broke: it is considered to
/// have already maneuvered in its next turn, and the flag says so.
#[test]
fn a_unit_set_broken_has_broken_by_pw9() {
    let mut app = checked_and_transferred();
    keys(&mut app, "On3oo");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("order broken"), "{s}");
    assert!(
        s.contains("charged impetuously, retired or broke (PW-9) yes"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let u = &Screen::battle(&app).state().units[0][2];
    assert!(u.unit.lost_maneuver, "{}", last(&app));
    // Said broken with the flag turned back to no: refused.
    keys(&mut app, "On4ool");
    assert!(keys(&mut app, "\n").is_empty());
}

/// R7: the cards played are typed anew past the hand, never 21 capped.
#[test]
fn cards_played_are_typed_anew() {
    let mut app = checked_and_transferred();
    keys(&mut app, "cn5k21");
    let s = screen(&app, 120, 40);
    assert!(
        line_with(&s, "cards played").trim_end().ends_with(" 1"),
        "{s}"
    );
}

// The second independent playing's findings (`/work/play/rr2/FINDINGS.md`).

/// rr2 F6, PW-9: "A unit may perform each unique command once each turn"
/// and movement is a Maneuver: a unit given no Maneuver this turn is
/// refused its move by the battle's check, and the screen says why.
#[test]
fn a_unit_moves_only_by_its_maneuver_this_turn() {
    use herald::battle::UnitId;
    use herald::battle::parkers_warlord::Event;
    use herald::rules::parkers_warlord::{Segment, Terrain};
    let mut app = checked_and_transferred();
    let n = Screen::battle(&app).events().len();
    // The London militia (a5) has had no Maneuver: its move is refused.
    assert!(keys(&mut app, "mn5e20f8\n").is_empty());
    assert_eq!(Screen::battle(&app).events().len(), n);
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("London militia has no Maneuver this turn"),
        "{s}"
    );
    // The fold's own check refuses it, whoever records it.
    let moved = |unit| Event::Move {
        unit,
        charging: false,
        closest_enemy: Some(20.0),
        band_multiplier: None,
        segments: vec![Segment {
            inches: 8.0,
            forward: true,
            terrain: Terrain::Open,
        }],
    };
    let state = Screen::battle(&app).state();
    assert!(state.check(&moved(UnitId::new(Side::A, 4))).is_err());
    assert!(state.check(&moved(UnitId::new(Side::B, 1))).is_err());
    keys(&mut app, "^");
    // Given its Maneuver, it moves.
    assert_eq!(keys(&mut app, "cn5xk2a2b2\n"), [Effect::Save]);
    assert_eq!(keys(&mut app, "mn5e20f8\n"), [Effect::Save]);
    assert!(
        last(&app).contains("London militia moves"),
        "{}",
        last(&app)
    );
}

/// rr2 F5, PW-14: "Charging units, skirmishers, and personalities do not
/// use proximity movement!": the calculator opens on the unit whose
/// Maneuver this turn is recorded as a charge, starts from that record,
/// and asks no proximity fact of a charge or a skirmisher.
#[test]
fn the_calculator_starts_a_recorded_charge_and_asks_no_proximity() {
    let mut app = checked_and_transferred();
    // Simon de Montfort's household knights (a1): a Maneuver as a charge, 0 CP.
    assert_eq!(keys(&mut app, "cg\n"), [Effect::Save]);
    assert!(last(&app).contains("(charge)"), "{}", last(&app));
    keys(&mut app, "m");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("a1 Montfort's household knights"), "{s}");
    assert!(s.contains("g a charge yes"), "{s}");
    assert!(!s.contains("closest enemy"), "{s}");
    assert!(!s.contains("multiplier"), "{s}");
    assert_eq!(keys(&mut app, "f8\n"), [Effect::Save]);
    assert!(last(&app).contains("charges: 8\""), "{}", last(&app));
    // A unit whose Maneuver was no charge starts "no" and asks its proximity.
    assert_eq!(keys(&mut app, "cn5xk2a2b2\n"), [Effect::Save]);
    keys(&mut app, "mn5");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("g a charge no"), "{s}");
    assert!(s.contains("closest enemy in sight"), "{s}");
}

// The third independent playing rr3 (`/work/play/rr3/FINDINGS.md`), on
// the referee's own saves (`tests/battle_data/parkers-warlord-rr3/`).

/// The referee's save `name`, opened as Herald opens it.
fn saved(name: &str) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data/parkers-warlord-rr3")
        .join(name);
    let battle =
        herald::store::save::load::<herald::battle::parkers_warlord::ParkersWarlord>(&path)
            .unwrap()
            .data
            .battle;
    App::new(battle, SeededDice::new(7), Theme::plain(), "lewes")
}

/// rr3 PW F10, PW-3: "He may discard any and all cards in his hand at the
/// end of his command phase": Simon de Montfort has discarded, so his
/// commands are over; a unique command after it is refused, in words,
/// and his hand keeps its 2 cards.
#[test]
fn no_command_after_a_personalitys_discard() {
    let mut app = saved("rr3-pw-after-discard.toml");
    let hand = |app: &App| Screen::battle(app).state().officers[0][0].personality.hand;
    assert_eq!(hand(&app), 2);
    let n = Screen::battle(&app).events().len();
    assert!(keys(&mut app, "cnnnnnok1a1\n").is_empty());
    assert_eq!(Screen::battle(&app).events().len(), n);
    assert_eq!(hand(&app), 2);
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("has discarded"), "{s}");
}

/// rr3 PW F9, PW-14: the text measures to the tenth ("30.1\" or more"):
/// `1 4 . 5` is 14.5", under 15" (the referee's multiplier is asked),
/// never 145" and a triple move; `3 0 . 5` is over 30": triple.
#[test]
fn a_decimal_point_typed_in_the_movement_calculator_is_a_tenth() {
    let mut app = saved("rr3-pw-movement.toml");
    keys(&mut app, "mne14.5");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("145"), "{s}");
    assert!(s.contains("closest enemy in sight, inches 14.5"), "{s}");
    assert!(s.contains("multiplier"), "{s}");
    keys(&mut app, "^mne30.5");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("305"), "{s}");
    assert!(s.contains("closest enemy in sight, inches 30.5"), "{s}");
    assert!(s.contains("30.1\" or more: triple"), "{s}");
    keys(&mut app, "^mne30");
    let s = words(&screen(&app, 120, 40));
    assert!(!s.contains("triple"), "{s}");
}

/// rr3 PW F11 and the `O` panel: a unit's name in a panel's facts ends at
/// a word, never inside one, at 120x40 and 80x24.
#[test]
fn a_panels_unit_name_is_never_cut_inside_a_word() {
    for k in ["P", "O"] {
        let mut app = saved("rr3-pw-pass.toml");
        keys(&mut app, k);
        for (w, h) in [(120, 40), (80, 24)] {
            let s = screen(&app, w, h);
            for cut in [
                "household kni ",
                "household kn ",
                "household kni\n",
                "household kn\n",
            ] {
                assert!(!s.contains(cut), "{k} at {w}x{h}: {s}");
            }
            assert!(s.contains("a1 Montfort's"), "{k} at {w}x{h}: {s}");
        }
    }
}

// The fourth independent playing rr4 (`/work/play/rr4/FINDINGS.md`).

/// rr4 F7, PW-6, PW-7: a Warlord holding 6 (last turn's bonus card) who
/// rolls 3 over "loses a card, and for every 5 points over (or part
/// thereof) he loses another" from the 6 he holds: 2 lost, 4 held, within
/// the limit of 5 at every moment after the check; no third card is cut.
/// The odds before the roll say the same.
#[test]
fn a_hand_above_the_limit_rolling_over_loses_its_cards_before_any_cut() {
    let mut app = saved("rr4-pw-trim.toml");
    keys(&mut app, "i");
    let s = words(&screen(&app, 120, 40));
    assert!(
        s.contains("hand after (holds 6): 3: 5%, 4: 25%, 5: 65%, 7: 5%"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "t17\n"), [Effect::Save]);
    let l = last(&app);
    assert!(l.contains("3 over, 2 lost, 4 held"), "{l}");
    let why = explained(&app);
    assert!(why.contains("2 lost, 6 held, 4 left"), "{why}");
    assert!(!why.contains("cut to 5"), "{why}");
}

/// rr4 F5, PW-15: "If both units begin their turn within 3\" of each
/// other and are in good order": London militia, broken and rallied this
/// very turn by the record (events 10, 12), is not said to be in good
/// order since its turn began: the panel does not claim it, and the pass
/// disorders the passing unit.
#[test]
fn a_friend_broken_and_rallied_this_turn_is_not_said_in_good_order() {
    let mut app = saved("rr4-pw-pass-rallied.toml");
    keys(&mut app, "Pvvvv");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("a5 London militia"), "{s}");
    assert!(
        !s.contains("in good order: neither unit is disordered"),
        "{s}"
    );
    assert_eq!(keys(&mut app, "\n"), [Effect::Save]);
    let why = explained(&app);
    assert!(why.contains("broken this turn and rallied"), "{why}");
    assert!(last(&app).contains("disordered"), "{}", last(&app));
    assert!(
        !last(&app).contains("neither is disordered"),
        "{}",
        last(&app)
    );
}

/// rr5 PW F5, PW-13: non-forward movement "costs 2\" for every inch or
/// fractions thereof moved": the inch fields take a tenth (`2 . 5` is
/// 2.5", never 25"), and the cost rounds the fraction up (3 x 2").
#[test]
fn the_movement_calculators_inches_take_a_tenth() {
    let mut app = saved("rr5-pw-before-move.toml");
    keys(&mut app, "me20f5s2.5");
    let s = words(&screen(&app, 120, 40));
    assert!(s.contains("non-forward, inches, open 2.5"), "{s}");
    assert!(!s.contains(" 25"), "{s}");
    let n = Screen::battle(&app).events().len();
    keys(&mut app, "\n");
    let b = Screen::battle(&app);
    assert_eq!(b.events().len(), n + 1, "{s}");
    let e = b.entry(n).unwrap();
    let why: String = e
        .explanation
        .lines
        .iter()
        .map(|l| format!("{}\n", l.text))
        .collect();
    assert!(why.contains("2.5\""), "{why}");
    assert!(why.contains("6\""), "{why}");
}

/// rr4 F4 (Parker's Warlord), README ("V ... the turns where a unit broke
/// or a personality fell marked `*` and listed"), PW-9: London militia,
/// broken in turn 1 (event 10) and rallied in the same command phase
/// (event 12), is marked in turn 1: the marks follow the breaking, not the
/// order at the turn's end. The text removes no personality (PW-4 knows
/// only a wounded one), and Henry de Montfort's wound stays marked.
#[test]
fn the_course_marks_a_unit_broken_and_rallied_in_its_turn() {
    let mut app = saved("rr4-pw-probe.toml");
    assert_eq!(keys(&mut app, "V"), [Effect::OpenCourse]);
    let marks: Vec<String> = app
        .battle()
        .course()
        .marks
        .iter()
        .map(|m| format!("turn {} {}: {}", m.turn, m.side.name(), m.what))
        .collect();
    assert!(
        marks.contains(&"turn 1 a: London militia (a5) Broken".to_string()),
        "{marks:?}"
    );
    assert!(
        marks.contains(&"turn 1 a: Henry de Montfort wounded".to_string()),
        "{marks:?}"
    );
    assert!(
        marks.contains(&"turn 3 a: Baronial men-at-arms (a2) Broken".to_string()),
        "{marks:?}"
    );
    assert_eq!(
        marks
            .iter()
            .filter(|m| m.contains("London militia"))
            .count(),
        1,
        "{marks:?}"
    );
}
