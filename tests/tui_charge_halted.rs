//! What shooting and stakes do to a charge under way, through the real
//! update loop (Agincourt, the French charging): a charger Halted by
//! shooting no longer counts as charging (2.4.4.1); a counter-charger whose
//! charger was Halted completes its movement as a Random Move out to its
//! maximum distance and no longer counts as charging either (2.4.4.2); at
//! the stakes only a charging unit tests, a Halted charger just stops, and
//! a charge that stops there has no charge move and no contact (3.3.3.3).

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Event, Phase, Setup};
use herald::rules::Side;
use herald::rules::warlords::unit::Morale;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, Procedure, Resolve};
use herald::tui::warlords::keymap::Context;

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

/// Agincourt: the English are side a, the French side b; the French win the initiative.
fn agincourt() -> App {
    let side = |file: &str| {
        let path = format!("{}/armies/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the army file is there");
        herald::store::warlords::army::read_army(&path, &text)
            .expect("the army file loads")
            .army
    };
    let setup = Setup::new(
        vec![side("agincourt-1415-english.toml")],
        vec![side("agincourt-1415-french.toml")],
    )
    .expect("both sides have units");
    let mut app = App::new(
        Battle::new(setup),
        herald::dice::SeededDice::new(11),
        herald::tui::theme::Theme::plain(),
        "agincourt",
    );
    press(&mut app, &["Enter", "t", "16", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::B), "{:?}", app.status);
    app
}

/// Types `face` for every die each prompt asks for.
fn type_all(app: &mut App, face: char) {
    press(app, &["t"]);
    while let Some(Dialog::TypeDice(t)) = app.dialogs.last() {
        let n = t.ask.count;
        press(app, &[&face.to_string().repeat(n), "Enter"]);
    }
}

/// Enter until the walker opens `unit`'s activation, each other unit rolled by Herald.
fn activate_until(app: &mut App, unit: UnitId) {
    for _ in 0..60 {
        if app.context() == Context::Tables {
            press(app, &["Enter"]);
        }
        match app.dialogs.last() {
            Some(Dialog::Resolve(r)) if r.rolled.is_none() => {
                if let Procedure::Activation { unit: u, .. } = r.procedure
                    && u == unit
                {
                    return;
                }
                press(app, &["Enter"]);
            }
            Some(_) => {
                press(app, &["Enter"]);
            }
            None => {}
        }
    }
    panic!("the walker never reached {unit}");
}

/// Moves the picker's cursor to `unit` and picks it.
fn pick(app: &mut App, unit: UnitId) {
    press(app, &["Home"]);
    for _ in 0..40 {
        match app.dialogs.last() {
            Some(Dialog::Pick(p)) if p.choices.get(p.line) == Some(&unit) => {
                press(app, &["Enter"]);
                return;
            }
            Some(Dialog::Pick(_)) => {
                press(app, &["Down"]);
            }
            other => panic!("no picker: {other:?}"),
        }
    }
    panic!("{unit} is not in the picker");
}

/// `charger` activates (sixes) and charges `target`; the charge panel is open.
fn declare(app: &mut App, charger: UnitId, target: UnitId) {
    activate_until(app, charger);
    type_all(app, '6');
    press(app, &["c"]);
    pick(app, target);
    assert_eq!(app.context(), Context::Charge, "{:?}", app.status);
}

/// From the open charge panel: `shooter` uses its activation to shoot at
/// the charger, with sixes (a Halt); back on the charge panel.
fn halt_by(app: &mut App, shooter: UnitId) {
    press(app, &["x"]);
    pick(app, shooter);
    type_all(app, '6');
    press(app, &["x"]);
    assert_eq!(app.context(), Context::Shooting, "{:?}", app.status);
    type_all(app, '6');
    while app.context() != Context::Charge {
        assert!(!app.dialogs.is_empty(), "{:?}", app.status);
        press(app, &["Enter"]);
    }
}

fn last(app: &App) -> Event {
    app.battle.events().last().cloned().expect("an event")
}

/// 2.4.4.2: the Constable's men-at-arms (b1) charge the King's household
/// (a1), which counter-charges; the Archers of the right wing (a6) Halt the
/// charger. The counter-charger completes its movement as a Random Move out
/// to its maximum distance (its own move, no charge bonus), rolled by
/// Herald; the referee says it reached; in the Melee neither counts as
/// charging (2.4.4.1, 2.4.4.2).
#[test]
fn a_counter_charger_whose_charger_was_halted_makes_a_random_move_and_does_not_count_as_charging() {
    let mut app = agincourt();
    declare(&mut app, b(1), a(1));
    press(&mut app, &["r"]);
    type_all(&mut app, '6');
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{:?}", app.status);
    halt_by(&mut app, a(6));
    assert!(
        app.battle.unit(b(1)).unwrap().halted_this_turn,
        "the longbows Halt the charger"
    );
    let s = screen(&app, 120, 40);
    assert!(
        !s.contains("meet halfway between"),
        "the charger was Halted: no meeting halfway\n{s}"
    );
    assert!(s.contains("Counter-charger's move"), "{s}");
    // Enter rolls the counter-charger's move: its own distance, toward the charger.
    let events = app.battle.events().len();
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Contact, "{:?}", app.status);
    let move_spans = app.battle.unit(a(1)).unwrap().unit.move_distance();
    match last(&app) {
        Event::RandomMove {
            unit,
            spans,
            toward,
            dice,
        } => {
            assert_eq!((unit, toward), (a(1), Some(b(1))));
            assert_eq!(spans, move_spans, "its maximum distance (2.4.4.2)");
            assert_eq!(dice.white.len() as u32, move_spans);
        }
        e => panic!("no random move of the counter-charger: {e:?}"),
    }
    assert_eq!(app.battle.events().len(), events + 1);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Did The King's household reach The Constable's men-at-arms?"),
        "{s}"
    );
    // It reached.
    press(&mut app, &["Enter"]);
    assert!(app.battle.in_melee_with(a(1)).contains(&b(1)));
    let contact = app
        .battle
        .replay_entries()
        .find(|e| e.summary.contains("makes contact"))
        .unwrap();
    assert!(
        contact
            .explanation
            .to_string()
            .contains("no longer counts as a charging unit"),
        "{}",
        contact.explanation
    );
    assert!(!app.battle.charging_in_melee(a(1), b(1)), "2.4.4.2");
    assert!(!app.battle.charging_in_melee(b(1), a(1)), "2.4.4.1");
    // The Melee panel: no charging fact on either side.
    while !(app.battle.phase() == Phase::Melee && app.dialogs.is_empty()) {
        press(&mut app, &["Enter"]);
    }
    press(&mut app, &["Enter"]);
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee {
                a: x,
                facts_a,
                facts_b,
                ..
            } => {
                assert!(*x == a(1) || *x == b(1));
                assert!(!facts_a.charging && !facts_b.charging, "2.4.4.1, 2.4.4.2");
            }
            p => panic!("no Melee: {p:?}"),
        },
        d => panic!("no Melee: {d:?}"),
    }
    // Said by hand, the charging fact is refused with the rule, at once
    // (issue 32 item 5: before any die is typed); the dice then typed are
    // the Melee's.
    press(&mut app, &["c"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("no longer counts as a charging unit"), "{s}");
    match app.dialogs.last() {
        Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee {
                facts_a, facts_b, ..
            },
            ..
        })) => assert!(!facts_a.charging && !facts_b.charging, "refused: still off"),
        d => panic!("no Melee: {d:?}"),
    }
    type_all(&mut app, '3');
    assert!(
        app.battle.events().iter().any(|e| e.kind() == "melee"),
        "the Melee is fought, without the refused charging fact"
    );
}

/// 2.4.4.1: a charger Halted by shooting, the target standing: its Random
/// Move past the point it was Halted is rolled; if it reaches, it fights
/// but does not count as charging.
#[test]
fn a_halted_charger_moves_on_but_no_longer_counts_as_charging() {
    let mut app = agincourt();
    declare(&mut app, b(1), a(1));
    press(&mut app, &["s"]);
    halt_by(&mut app, a(6));
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Random Move past the point it was Halted"),
        "{s}"
    );
    assert!(!s.contains("Charge move"), "{s}");
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Contact, "{:?}", app.status);
    assert!(matches!(last(&app), Event::RandomMove { unit, .. } if unit == b(1)));
    press(&mut app, &["Enter"]);
    assert!(app.battle.in_melee_with(a(1)).contains(&b(1)));
    assert!(!app.battle.charging_in_melee(b(1), a(1)), "2.4.4.1");
}

/// 3.3.3.3: a Halted charger reaching the stakes is a moving unit: it stops
/// there with no test (no dice, no morale step lost), and its charge ends:
/// no charge move, no contact.
#[test]
fn a_halted_charger_stops_at_the_stakes_with_no_test_and_no_contact() {
    let mut app = agincourt();
    declare(&mut app, b(1), a(1));
    press(&mut app, &["s"]);
    halt_by(&mut app, a(6));
    let morale = app.battle.unit(b(1)).unwrap().unit.morale;
    press(&mut app, &["d"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("it stops at the sharp side of the stakes"),
        "{s}"
    );
    press(&mut app, &["Enter"]);
    match last(&app) {
        Event::Defence {
            unit,
            charging,
            dice,
            ..
        } => {
            assert_eq!(unit, b(1));
            assert!(
                !charging,
                "Halted, it no longer counts as charging (2.4.4.1)"
            );
            assert!(dice.white.is_empty(), "no test: {dice:?}");
        }
        e => panic!("no stakes: {e:?}"),
    }
    assert_eq!(app.battle.unit(b(1)).unwrap().unit.morale, morale);
    press(&mut app, &["Enter"]);
    assert!(
        !matches!(app.context(), Context::Charge | Context::Contact),
        "the charge ended at the stakes: {:?}",
        app.context()
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("no contact"), "{s}");
    let kinds: Vec<&str> = app.battle.events().iter().map(|e| e.kind()).collect();
    assert!(!kinds.contains(&"contact"), "{kinds:?}");
    assert!(!kinds.contains(&"random_move"), "{kinds:?}");
    assert!(app.battle.in_melee_with(b(1)).is_empty());
    // Recorded by hand, the contact is refused (3.3.3).
    assert!(
        app.battle
            .record(Event::Contact {
                charger: b(1),
                target: a(1),
            })
            .is_err()
    );
}

/// 3.3.3.3: a charger that fails its test at the stakes stops there: its
/// morale check is the activation's (W-5), and its charge ends: no charge
/// move, no contact.
#[test]
fn a_charger_that_fails_at_the_stakes_stops_and_its_charge_ends() {
    let mut app = agincourt();
    declare(&mut app, b(1), a(1));
    press(&mut app, &["s", "d"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("charging: it goes on only if it passes"), "{s}");
    type_all(&mut app, '1');
    match last(&app) {
        Event::Defence { charging, dice, .. } => {
            assert!(charging);
            assert_eq!(dice.white.len(), 2, "the activation test's dice");
        }
        e => panic!("no stakes: {e:?}"),
    }
    let s = screen(&app, 120, 40);
    assert!(s.contains("Dice"), "the stakes result shows its dice\n{s}");
    press(&mut app, &["Enter"]);
    assert!(
        !matches!(app.context(), Context::Charge | Context::Contact),
        "{:?}",
        app.context()
    );
    let kinds: Vec<&str> = app.battle.events().iter().map(|e| e.kind()).collect();
    assert!(!kinds.contains(&"contact"), "{kinds:?}");
    assert!(app.battle.in_melee_with(b(1)).is_empty());
    assert_ne!(
        app.battle.unit(b(1)).unwrap().unit.morale,
        Morale::Dispersed
    );
}
