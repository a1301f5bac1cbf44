//! Screens of the console, driven through the real update loop by key
//! sequences, drawn on ratatui's TestBackend and kept as insta snapshots at
//! 80×24 and 120×40.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::Due;
use herald::battle::warlords::{Battle, Phase, Setup};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlords::army::{Army, Contingent};
use herald::rules::warlords::personality::{Personality, PersonalityTrait};
use herald::rules::warlords::unit::{Morale, TroopType, Unit, UnitTrait};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::{App, Effect};
use herald::tui::warlords::dialog::{Dialog, NextStep};
use herald::tui::warlords::keymap::Context;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A small battle: an Impetuous unit with a champion against a line of foot.
fn skirmish() -> App {
    let mut berserkers = Unit::new("Huscarls of the Raven", TroopType::CloseFoot, 6);
    berserkers.files = 3;
    berserkers.traits.push(UnitTrait::Impetuous);
    berserkers.champions = 1;
    let mut jarl = Personality::new("Jarl Sigurd");
    jarl.charisma = 1;
    jarl.commander = true;
    berserkers.personalities.push(jarl);
    let bowmen = Unit::new("Bowmen of the fjords", TroopType::FootSkirmishers, 3);
    let mut knights = Unit::new("Knights of the Vexin", TroopType::Cavalry, 4);
    let mut count = Personality::new("Count Odo");
    count.traits.push(PersonalityTrait::ExpertTactician);
    count.commander = true;
    knights.personalities.push(count);
    let foot = Unit::new("Spearmen of Rouen", TroopType::CloseFoot, 8);
    let army = |name: &str, side: &str, units: Vec<Unit>| Army {
        name: name.to_string(),
        side: side.to_string(),
        contingents: vec![Contingent {
            name: format!("{side} host"),
            general: None,
            c_in_c: true,
            units,
            notes: None,
        }],
        notes: None,
    };
    let setup = Setup::new(
        vec![army("Raiders", "Norse", vec![berserkers, bowmen])],
        vec![army("Duchy", "Franks", vec![knights, foot])],
    )
    .expect("both sides have units");
    App::new(
        Battle::new(setup),
        SeededDice::new(7),
        Theme::plain(),
        "skirmish",
    )
}

/// Snapshots the screen at both sizes.
fn both(app: &App, name: &str) {
    insta::assert_snapshot!(format!("{name}_80x24"), screen(app, 80, 24));
    insta::assert_snapshot!(format!("{name}_120x40"), screen(app, 120, 40));
}

#[test]
fn the_battle_opens_on_the_tables_with_initiative_next() {
    let app = hastings(1);
    both(&app, "opening");
    let s = screen(&app, 120, 40);
    assert!(s.contains("Harold's housecarls"), "{s}");
    assert!(s.contains("roll for initiative"), "{s}");
}

#[test]
fn initiative_is_rolled_from_the_walker() {
    let mut app = hastings(1);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    both(&app, "initiative_before");
    let effects = press(&mut app, &["t", "5 2", "Enter"]);
    assert_eq!(effects, vec![Effect::Save]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    both(&app, "initiative_after");
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Tables);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, 0)));
}

#[test]
fn an_activation_with_a_champion_goes_berserk() {
    let mut app = skirmish();
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    // An enemy is in charge distance: the referee says so.
    press(&mut app, &["k"]);
    both(&app, "berserk_before");
    press(&mut app, &["t", "4 4 2", "Enter"]);
    let u = &app.battle.unit(UnitId::new(Side::A, 0)).unwrap().unit;
    assert_eq!(u.morale, Morale::Berserk);
    both(&app, "berserk_after");
}

#[test]
fn typed_dice_are_counted_and_checked() {
    let mut app = hastings(1);
    press(
        &mut app,
        &["Enter", "t", "6 1", "Enter", "Enter", "Enter", "t", "7"],
    );
    assert_eq!(app.context(), Context::TypeDice);
    press(&mut app, &["Enter"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("the typed dice field stays open");
    };
    assert!(
        t.error.as_deref().unwrap_or("").contains("not a die"),
        "{t:?}"
    );
    press(&mut app, &["Backspace", "3"]);
    press(&mut app, &["Enter"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("one die is too few");
    };
    assert!(
        t.error.as_deref().unwrap_or("").contains("needs 2"),
        "{t:?}"
    );
    both(&app, "typed_wrong_count");
    press(&mut app, &["5", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    both(&app, "typed_after");
    assert!(app.battle.unit(UnitId::new(Side::A, 0)).unwrap().activated);
}

#[test]
fn a_correction_is_an_event_and_undo_takes_it_back() {
    let mut app = hastings(1);
    press(&mut app, &["Down", "c"]);
    assert_eq!(app.context(), Context::Correct);
    press(&mut app, &["Right", "Down", "Down", "+", "+"]);
    both(&app, "correction_form");
    press(&mut app, &["Enter"]);
    let u = &app.battle.unit(UnitId::new(Side::A, 1)).unwrap().unit;
    assert_eq!(u.morale, Morale::Worn);
    assert_eq!(u.casualties, 2);
    assert_eq!(app.battle.events().len(), 2);
    both(&app, "correction_done");
    // One Enter recorded both fields: one u takes both back, one U redoes both.
    press(&mut app, &["u"]);
    let u = &app.battle.unit(UnitId::new(Side::A, 1)).unwrap().unit;
    assert_eq!((u.morale, u.casualties), (Morale::Ready, 0));
    assert_eq!(app.battle.events().len(), 0);
    assert!(app.status.as_ref().unwrap().text.contains("2 events"));
    both(&app, "undo");
    press(&mut app, &["U"]);
    let u = &app.battle.unit(UnitId::new(Side::A, 1)).unwrap().unit;
    assert_eq!((u.morale, u.casualties), (Morale::Worn, 2));
    assert_eq!(app.battle.events().len(), 2);
}

#[test]
fn help_is_generated_from_the_keymap() {
    let mut app = hastings(1);
    press(&mut app, &["?"]);
    assert_eq!(app.context(), Context::Help);
    let text: String = herald::tui::warlords::view::help::lines(&app)
        .iter()
        .map(|l| l.to_string() + "\n")
        .collect();
    for b in herald::tui::warlords::keymap::bindings() {
        assert!(
            text.contains(b.help),
            "help lacks {:?}: {}",
            b.action,
            b.help
        );
    }
    insta::assert_snapshot!("help_80x24", screen(&app, 80, 24));
    // Long lines wrap, and scrolling still reaches the last key.
    let last = herald::tui::warlords::view::help::lines(&app)
        .last()
        .unwrap()
        .to_string();
    press(&mut app, &["PgDn"; 80]);
    assert!(screen(&app, 80, 24).contains(last.trim()), "{last}");
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
}

#[test]
fn below_80x24_the_console_says_what_it_needs() {
    let app = hastings(1);
    let s = screen(&app, 79, 30);
    assert!(s.contains("at least 80×24") && s.contains("79×30"), "{s}");
    let s = screen(&app, 100, 23);
    assert!(s.contains("at least 80×24"), "{s}");
}

#[test]
fn q_asks_only_when_a_resolution_is_half_done() {
    let mut app = hastings(1);
    press(&mut app, &["Enter", "q"]);
    assert_eq!(app.context(), Context::ConfirmQuit);
    insta::assert_snapshot!("quit_question_80x24", screen(&app, 80, 24));
    assert!(press(&mut app, &["n"]).is_empty());
    assert_eq!(app.context(), Context::BeforeRoll);
    assert_eq!(press(&mut app, &["q", "y"]), vec![Effect::Quit]);

    let mut app = hastings(1);
    assert_eq!(press(&mut app, &["q"]), vec![Effect::Quit]);

    let mut app = hastings(1);
    press(&mut app, &["Enter", "t", "4"]);
    assert_eq!(
        press(&mut app, &["C-c"]),
        vec![Effect::Save, Effect::Quit],
        "Ctrl-C quits at once, saving first, even while typing"
    );
}

#[test]
fn esc_backs_out_without_recording() {
    let mut app = hastings(1);
    press(&mut app, &["Enter", "t", "5", "Esc"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
    assert!(app.battle.events().is_empty());
}

#[test]
fn a_broken_unit_flees_when_the_activation_is_done() {
    let mut app = skirmish();
    // The bowmen are Worn with 9 casualty figures: a failure breaks them.
    press(&mut app, &["Down", "c", "Right", "Down", "Down"]);
    press(&mut app, &["+++++++++", "Enter"]);
    let bowmen = UnitId::new(Side::A, 1);
    assert_eq!(app.battle.unit(bowmen).unwrap().unit.morale, Morale::Worn);
    assert_eq!(app.battle.unit(bowmen).unwrap().unit.casualties, 9);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(
        app.selected_id(),
        Some(bowmen),
        "the selection stays on a unit still to activate"
    );
    press(&mut app, &["Enter", "t", "12", "Enter"]);
    assert_eq!(app.battle.unit(bowmen).unwrap().unit.morale, Morale::Broken);
    both(&app, "broken_must_flee");
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::Flee,
        "the flight waits for its roll"
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.events().last().map(|e| e.kind()), Some("flee"));
    let u = &app.battle.unit(bowmen).unwrap().unit;
    assert!(u.moving);
    assert_eq!(
        u.formation,
        herald::rules::warlords::unit::Formation::Unformed
    );
}

#[test]
fn choices_after_an_activation_are_events() {
    let mut app = hastings(1);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    let a1 = UnitId::new(Side::A, 0);
    press(&mut app, &["Enter", "t", "66", "Enter"]);
    press(&mut app, &["m"]);
    let kinds: Vec<&str> = app.battle.events().iter().map(|e| e.kind()).collect();
    assert_eq!(kinds, ["initiative", "activation", "choose"]);
    assert!(matches!(
        app.battle.events()[2],
        herald::battle::warlords::Event::Choose {
            choice: herald::rules::warlords::next::Choice::Move,
            ..
        }
    ));
    assert!(app.battle.unit(a1).unwrap().unit.moving);
    // W-27: the move was its one choice: no champion, no formation change too.
    press(&mut app, &["a"]);
    assert_eq!(app.battle.unit(a1).unwrap().unit.champions, 0);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("the activation's result stays open");
    };
    let why = r.error.clone().unwrap_or_default();
    assert!(why.contains("one choice") && why.contains("W-27"), "{why}");
    press(&mut app, &["o", "l"]);
    assert_eq!(app.battle.events().len(), 3, "refused: one choice (W-27)");
    press(&mut app, &["Esc"]);
    both(&app, "choices_made");
    // Undo takes back the move; redo puts it back.
    press(&mut app, &["Esc", "u"]);
    assert_eq!(app.context(), Context::Tables);
    assert!(!app.battle.unit(a1).unwrap().unit.moving);
    press(&mut app, &["U"]);
    assert!(app.battle.unit(a1).unwrap().unit.moving);
}

#[test]
fn herald_rolls_the_same_dice_from_the_same_seed() {
    let mut one = hastings(42);
    let mut two = hastings(42);
    for app in [&mut one, &mut two] {
        press(app, &["Enter", "Enter", "Enter"]);
    }
    assert_eq!(one.battle.events(), two.battle.events());
    assert_eq!(one.battle.events().len(), 1);
}

#[test]
fn without_colour_the_dice_keep_their_letters() {
    let mut app = skirmish();
    press(
        &mut app,
        &[
            "Enter", "t", "61", "Enter", "Enter", "Enter", "k", "t", "442", "Enter",
        ],
    );
    let plain = screen(&app, 120, 40);
    assert!(plain.contains("[W4] [W4]  w2"), "{plain}");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    for (theme, coloured) in [(Theme::plain(), false), (Theme::coloured(), true)] {
        app.theme = theme;
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        let buf = terminal.backend().buffer();
        let any_colour = buf
            .content()
            .iter()
            .any(|c| c.fg != ratatui::style::Color::Reset || c.bg != ratatui::style::Color::Reset);
        assert_eq!(any_colour, coloured);
    }
}

#[test]
fn the_tables_scroll_to_the_selection() {
    let mut app = hastings(1);
    press(&mut app, &["Tab", "End"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::B, 12)));
    let s = screen(&app, 80, 24);
    assert!(s.contains("b13"), "{s}");
    press(&mut app, &["Home", "d"]);
    insta::assert_snapshot!("detail_narrow_80x24", screen(&app, 80, 24));
}

/// Units off the table leave the side tables for the fled and destroyed
/// list, with what happened to them and their personalities' fates; the
/// selection skips them; a correction from the list brings one back.
#[test]
fn fled_and_destroyed_units_leave_the_tables() {
    let mut app = skirmish();
    // The Huscarls (a1) are Dispersed by a correction, Jarl Sigurd captured.
    press(&mut app, &["c", "Right", "Right", "Right"]);
    for _ in 0..10 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Right", "Right", "Enter"]);
    let a1 = app.battle.unit(UnitId::new(Side::A, 0)).unwrap();
    assert_eq!(a1.unit.morale, Morale::Dispersed);
    // The Knights of the Vexin (b1) are removed by the referee.
    press(&mut app, &["Tab", "c"]);
    for _ in 0..9 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Right", "Enter"]);
    assert!(app.battle.unit(UnitId::new(Side::B, 0)).unwrap().removed);
    // The selection skips them: side b's only row is b2, side a's is a2.
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::B, 1)));
    press(&mut app, &["Home", "Up", "Down"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::B, 1)));
    press(&mut app, &["Tab", "Home"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, 1)));
    assert_eq!(app.on_table(Side::A), vec![1]);
    let text = screen(&app, 120, 40);
    assert!(text.contains("Fled and destroyed (2)"), "{text}");
    assert!(text.contains("dispersed by the referee"), "{text}");
    assert!(text.contains("removed by the referee"), "{text}");
    assert!(text.contains("Jarl Sigurd captured"), "{text}");
    assert!(text.contains("1 units (1 fled or destroyed)"), "{text}");
    both(&app, "fled_list");
    // o picks one of them (the latest first) for the correction form: back on the table.
    press(&mut app, &["o"]);
    assert_eq!(app.context(), Context::Pick);
    press(&mut app, &["Down", "Enter"]);
    assert_eq!(app.context(), Context::Correct);
    // The form opens on the field last corrected (off the table); its key changes it.
    let Some(Dialog::Correct(form)) = app.dialogs.last() else {
        panic!("the correction form");
    };
    assert!(matches!(
        form.after[form.line],
        herald::tui::warlords::dialog::Field::Removed(true)
    ));
    press(&mut app, &["r", "Enter"]);
    assert!(!app.battle.unit(UnitId::new(Side::B, 0)).unwrap().removed);
    assert_eq!(app.on_table(Side::B), vec![0, 1]);
    assert_eq!(app.battle.off_table(), vec![UnitId::new(Side::A, 0)]);
}

/// Keys for the typed-dice field until every die the open panel needs is
/// typed: `faces(colour)` gives the face for each die asked.
fn type_all(app: &mut App, face: impl Fn(herald::dice::Colour) -> char) {
    press(app, &["t"]);
    for _ in 0..8 {
        let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
            return;
        };
        let text: String = std::iter::repeat_n(face(t.ask.colour), t.ask.count).collect();
        press(app, &[&text, "Enter"]);
    }
    panic!("the dice field never closed: {:?}", app.dialogs.last());
}

/// 2.6.3: the Huscarls (Impetuous) break the Spearmen, roll to go Berserk,
/// and the Melee then offers their move: a charge, or a random move at full
/// speed toward the fleeing enemy (a random_move event).
#[test]
fn a_berserk_winner_moves_toward_the_fleeing_enemy() {
    use herald::battle::warlords::Event;
    use herald::dice::{Colour, Dice};
    let mut app = skirmish();
    let (a1, b2) = (UnitId::new(Side::A, 0), UnitId::new(Side::B, 1));
    app.battle
        .record(Event::Initiative {
            a: Dice::white(&[6]).unwrap(),
            b: Dice::white(&[1]).unwrap(),
        })
        .unwrap();
    app.battle.record(Event::Engage { a: a1, b: b2 }).unwrap();
    // Every unit has activated (corrections): on to the Melee phase.
    for side in [Side::A, Side::B] {
        for i in 0..2 {
            app.battle
                .record(Event::Correct {
                    unit: UnitId::new(side, i),
                    correction: herald::battle::warlords::Correction::Activated(true),
                })
                .unwrap();
        }
    }
    while app.battle.phase() != herald::battle::warlords::Phase::Melee {
        app.battle.record(Event::NextPhase).unwrap();
    }
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    // The Huscarls roll sixes; the Spearmen ones (and a 6 on the red die: nobody hit).
    let mut side_a = true;
    press(&mut app, &["t"]);
    for _ in 0..8 {
        let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
            break;
        };
        let text = match (t.ask.group, t.ask.colour) {
            (None, _) => {
                let a = t.groups[0].1.white;
                format!("{} {}", "6".repeat(a), "1".repeat(t.ask.count - a))
            }
            (_, Colour::White) => "1".repeat(t.ask.count),
            _ => "6".repeat(t.ask.count),
        };
        side_a = !side_a;
        press(&mut app, &[&text, "Enter"]);
    }
    assert_eq!(app.context(), Context::MeleeResult);
    let steps = |app: &App| match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r
            .rolled
            .as_ref()
            .map(|x| x.next.clone())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let test = steps(&app)
        .iter()
        .position(|(s, _)| {
            matches!(s, NextStep::Duty(d) if d.unit == a1 && matches!(d.due, Due::BerserkTest { .. }))
        })
        .expect("the Impetuous winner rolls to go Berserk");
    // Its Berserk test: sixes are doubles and a success.
    press(&mut app, &[&(test + 1).to_string()]);
    type_all(&mut app, |_| '6');
    assert_eq!(app.battle.unit(a1).unwrap().unit.morale, Morale::Berserk);
    press(&mut app, &["Enter"]);
    let (i, _) = steps(&app)
        .into_iter()
        .enumerate()
        .find(|(_, (s, _))| {
            matches!(s, NextStep::Duty(d) if d.unit == a1 && d.due == Due::BerserkMove)
        })
        .expect("the Melee offers the Berserk move");
    both(&app, "berserk_move_offered");
    press(&mut app, &[&(i + 1).to_string()]);
    assert_eq!(app.context(), Context::Pursue);
    both(&app, "berserk_move_before");
    press(&mut app, &["Enter"]);
    let Some(Event::RandomMove {
        unit,
        spans,
        toward,
        ..
    }) = app.battle.events().last().cloned()
    else {
        panic!("a random move was recorded");
    };
    assert_eq!((unit, toward), (a1, None));
    assert_eq!(spans, app.battle.unit(a1).unwrap().unit.move_distance());
    press(&mut app, &["Enter"]);
    let berserk_move = NextStep::Duty(herald::battle::warlords::Duty {
        unit: a1,
        due: Due::BerserkMove,
    });
    assert!(steps(&app).iter().any(|(s, _)| *s == berserk_move));
    assert!(
        app.step_done(&berserk_move, false),
        "the random move did the Berserk Move (2.4.10)"
    );
    let _ = b2;
}

/// The stand-loss panel (3.1.3.2) as a Melee step opens it, its red die typed.
#[test]
fn a_stand_loss_with_a_typed_red_die() {
    use herald::dice::Colour;
    use herald::tui::warlords::dialog::{Procedure, Resolve};
    let mut app = skirmish();
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    let a1 = UnitId::new(Side::A, 0);
    app.dialogs
        .push(Dialog::Resolve(Resolve::new(Procedure::StandLoss {
            unit: a1,
            personality: "Jarl Sigurd".to_string(),
            enemy: None,
        })));
    both(&app, "stand_loss_before");
    press(&mut app, &["t"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("the field asks for the red die");
    };
    assert_eq!((t.ask.colour, t.ask.count), (Colour::Red, 1));
    press(&mut app, &["7", "Enter"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("a 7 is refused");
    };
    assert!(
        t.error
            .clone()
            .unwrap_or_default()
            .contains("red die shows 1 to 6")
    );
    press(&mut app, &["Backspace", "1", "Enter"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{:?}",
        app.dialogs.last()
    );
    both(&app, "stand_loss_after");
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("stand_loss")
    );
}

#[test]
fn g_goes_to_another_step_of_the_turn_and_u_takes_it_back() {
    // 2.1: the table went its own way; the referee moves the sequence.
    let mut app = hastings(1);
    press(&mut app, &["Enter", "t", "5 2", "Enter", "Enter"]);
    assert_eq!(app.battle.phase(), Phase::Activation(Side::A));
    let events = app.battle.events().len();
    press(&mut app, &["G"]);
    assert_eq!(app.context(), Context::GoTo);
    let s = screen(&app, 80, 24);
    assert!(s.contains("Go to another step of the turn (2.1)"), "{s}");
    assert!(
        s.contains("turn 1, English's activations (side a) (now)"),
        "{s}"
    );
    assert!(
        s.contains("› turn 1, Norman's activations (side b)"),
        "the step after now: {s}"
    );
    // Where it is already: refused, the dialog stays, nothing recorded.
    press(&mut app, &["Up", "Enter"]);
    assert_eq!(app.context(), Context::GoTo);
    assert_eq!(app.battle.events().len(), events);
    // Past units not activated: said first, a second Enter goes (2.2).
    press(&mut app, &["Down", "Down", "Enter"]);
    assert_eq!(app.context(), Context::GoTo);
    assert_eq!(app.battle.events().len(), events);
    assert!(screen(&app, 120, 40).contains("not activated"));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Tables);
    assert_eq!(app.battle.phase(), Phase::Melee);
    assert_eq!(app.battle.events().len(), events + 1);
    assert!(screen(&app, 120, 40).contains("u takes it back"));
    press(&mut app, &["u"]);
    assert_eq!(app.battle.phase(), Phase::Activation(Side::A));
    // Esc goes nowhere.
    press(&mut app, &["G", "Esc"]);
    assert_eq!(app.context(), Context::Tables);
    assert_eq!(app.battle.events().len(), events);
    // On to the next turn's initiative, the last step offered; from there
    // no earlier turn is (the battle would start it afresh).
    press(
        &mut app,
        &["G", "Down", "Down", "Down", "Down", "Enter", "Enter"],
    );
    assert_eq!(
        (app.battle.turn(), app.battle.phase()),
        (2, Phase::Initiative)
    );
    // The turn's summary, as at a normal turn end.
    assert_eq!(app.context(), Context::Summary);
    press(&mut app, &["Esc", "G"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("turn 2, initiative (now)"), "{s}");
    assert!(!s.contains("turn 1,"), "{s}");
}

#[test]
fn going_elsewhere_says_what_it_sets_aside() {
    let mut app = skirmish();
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    press(&mut app, &["Enter", "k", "t", "4 4 2", "Enter", "Enter"]);
    assert!(
        !app.battle.duties().is_empty(),
        "the Berserk unit must move"
    );
    // Out of its Berserk Move's panel, to the tables.
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
    press(&mut app, &["G"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("set aside:"), "{s}");
    assert!(s.contains("must"), "{s}");
    press(&mut app, &["Enter"]);
    if app.context() == Context::GoTo {
        press(&mut app, &["Enter"]); // the second, past units not activated (2.2)
    }
    assert!(
        app.battle.duties().is_empty(),
        "the battle drops what was due"
    );
    press(&mut app, &["u"]);
    assert!(!app.battle.duties().is_empty(), "and undo brings it back");
}

#[test]
fn a_unit_is_selected_by_its_id_from_either_table() {
    // Issue 13: `B10` selects b10 whichever side is in focus; digits alone
    // stay on the focused side.
    let mut app = hastings(1);
    assert_eq!(app.focus, Side::A);
    press(&mut app, &["B", "1", "0"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::B, 9)));
    press(&mut app, &["A", "5"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, 4)));
    press(&mut app, &["7"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::A, 6)));
    press(&mut app, &["B", "1", "3"]);
    assert_eq!(app.selected_id(), Some(UnitId::new(Side::B, 12)));
    assert!(app.battle.events().is_empty(), "selecting records nothing");
}
