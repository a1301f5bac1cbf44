//! Breaking off from Melee (2.4.8) and supporting units in Melee (2.6,
//! 2.6.2, 2.6.3), played from the keyboard through the real update loop;
//! the panels as insta snapshots at 80×24 and 120×40.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Event, Phase};
use herald::rules::Side;
use herald::rules::warlords::unit::Formation;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, NextStep, Procedure};
use herald::tui::warlords::keymap::Context;

/// Snapshots the screen at both sizes.
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

/// Selects a unit in its table with the keyboard (Tab to its side, Home, Down).
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

/// Pairs the selected unit with an enemy in Melee from the tables (e, pick, Enter).
fn engage(app: &mut App, unit: UnitId, enemy: UnitId) {
    select(app, unit);
    press(app, &["e", "Home"]);
    for _ in 0..enemy.index {
        press(app, &["Down"]);
    }
    press(app, &["Enter"]);
    if matches!(app.dialogs.last(), Some(Dialog::SupportEdge { .. })) {
        // 2.6: an enemy already in a Melee: it joins it as a supporting
        // unit, at the enemy's front here (issue 32 item 3).
        press(app, &["f"]);
    }
    assert!(
        app.battle.in_melee_with(unit).contains(&enemy),
        "{:?}",
        app.status
    );
}

/// Hastings with the Normans holding the initiative (1 against 6).
fn normans_first() -> App {
    let mut app = hastings(7);
    press(&mut app, &["Enter", "t", "16", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::B));
    app
}

fn count(app: &App, kind: &str) -> usize {
    app.battle
        .events()
        .iter()
        .filter(|e| e.kind() == kind)
        .count()
}

/// The Breton horse (Cavalry, b7) in Melee with Harold's housecarls (Close
/// Foot, a1) break off as their activation: b on the activation, the odds,
/// the roll; the pair part; one u takes it back.
#[test]
fn cavalry_break_off_from_slower_foot() {
    let mut app = normans_first();
    engage(&mut app, b(7), a(1));
    select(&mut app, b(7));
    press(&mut app, &["a"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    both(&app, "activation_in_melee");
    press(&mut app, &["b"]);
    assert_eq!(app.context(), Context::BreakOff);
    both(&app, "break_off_before");
    // The activation's dice, then the random move back's (half its move).
    press(&mut app, &["t", "66", "Enter"]);
    let more = match app.dialogs.last() {
        Some(Dialog::TypeDice(t)) => t.white(),
        other => panic!("the move's dice are asked for next: {other:?}"),
    };
    assert!(more > 0);
    press(&mut app, &[&"3".repeat(more), "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    both(&app, "break_off_after");
    let Some(Event::BreakOff {
        unit,
        opponent,
        supporting,
        ..
    }) = app.battle.events().last().cloned()
    else {
        panic!("a break-off was recorded");
    };
    assert_eq!((unit, opponent, supporting), (b(7), a(1), false));
    assert_eq!(
        count(&app, "activation"),
        0,
        "the break-off is the activation"
    );
    let u = app.battle.unit(b(7)).unwrap();
    assert!(u.activated);
    assert_eq!(u.unit.formation, Formation::Unformed);
    assert!(app.battle.in_melee_with(b(7)).is_empty(), "the pair parted");
    // Enter (or Esc) closes the result and the activation under it.
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
    press(&mut app, &["u", "U"]);
    assert!(app.battle.in_melee_with(b(7)).is_empty(), "redone");
    select(&mut app, b(7));
    // One u takes the whole step back.
    press(&mut app, &["u"]);
    assert_eq!(count(&app, "break_off"), 0);
    assert!(app.battle.in_melee_with(b(7)).contains(&a(1)));
    assert!(!app.battle.unit(b(7)).unwrap().activated);
    // Esc from the break-off goes back to the activation, which still rolls.
    select(&mut app, b(7));
    press(&mut app, &["a", "b", "Esc"]);
    assert_eq!(app.context(), Context::BeforeRoll);
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Tables);
}

/// Norman foot (Close Foot, b4) may not break off from Harold's housecarls
/// (as fast, Ready): the refusal in the rules' words; as only a supporting
/// unit it may. With two opponents, o picks the other.
#[test]
fn close_foot_refused_unless_only_supporting() {
    let mut app = normans_first();
    engage(&mut app, b(4), a(1));
    engage(&mut app, b(4), a(3));
    select(&mut app, b(4));
    press(&mut app, &["a"]);
    let offer = screen(&app, 120, 40);
    assert!(offer.contains("only as a supporting unit"), "{offer}");
    press(&mut app, &["b", "Enter"]);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("the panel stays");
    };
    assert!(r.rolled.is_none());
    let e = r.error.clone().unwrap_or_default();
    assert!(e.starts_with("refused (2.4.8)"), "{e}");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("REFUSED Norman foot may not break off from Harold's housecarls (2.4.8)"),
        "{text}"
    );
    assert_eq!(count(&app, "break_off"), 0);
    both(&app, "break_off_refused");
    press(&mut app, &["o"]);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("the panel stays");
    };
    let Procedure::BreakOff {
        opponents,
        opponent,
        ..
    } = &r.procedure
    else {
        panic!("a break-off panel");
    };
    assert_eq!(opponents[*opponent], a(3));
    // Only supporting: any unit may try; a failure keeps it in the Melee.
    press(&mut app, &["s", "t", "11", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Tables, "Enter closes both panels");
    let Some(Event::BreakOff {
        opponent,
        supporting,
        ..
    }) = app.battle.events().last().cloned()
    else {
        panic!("a break-off was recorded");
    };
    assert_eq!((opponent, supporting), (a(3), true));
    assert!(app.battle.in_melee_with(b(4)).contains(&a(3)));
    assert!(app.battle.unit(b(4)).unwrap().activated);
    let last = app.battle.last_entry().unwrap().summary.clone();
    assert!(last.contains("stays in the Melee"), "{last}");
}

/// Presses Enter through the walker until the Melee phase.
fn to_melee_phase(app: &mut App) {
    for _ in 0..300 {
        if app.battle.phase() == Phase::Melee && app.dialogs.is_empty() {
            return;
        }
        press(app, &["Enter"]);
    }
    panic!("the walker never reached Melee");
}

/// The Knights of Boulogne (b10) fight the Fyrd of Kent (a10), Beaumont's
/// knights (b11, Impetuous through their Rash commander) and the Fyrd of
/// Sussex (a12) supporting: marked with s, listed, the loser's support
/// falls back with it, and the Impetuous support tests for Berserk.
#[test]
fn supporting_units_fall_back_and_test_for_berserk() {
    let mut app = normans_first();
    engage(&mut app, b(10), a(10));
    to_melee_phase(&mut app);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("a Melee");
    };
    let Procedure::Melee { a: first, .. } = r.procedure else {
        panic!("a Melee");
    };
    assert_eq!(first, b(10), "the pair's first is the unit that engaged");
    let supports = |app: &App| match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee { supports, .. } => supports.clone(),
            _ => panic!("a Melee"),
        },
        _ => panic!("a Melee"),
    };
    // The Fyrd of Kent's support (Tab: its side of the panel): the Fyrd of
    // Sussex, at the knights' front (no dice of its own), recorded (2.6).
    press(&mut app, &["Tab", "s"]);
    assert_eq!(app.context(), Context::Pick);
    press(&mut app, &["End", "Enter"]);
    assert_eq!(app.context(), Context::SupportEdge);
    press(&mut app, &["f"]);
    assert_eq!(supports(&app), [vec![], vec![a(12)]]);
    // The knights': Beaumont's knights, named by id, at the fyrd's front.
    press(&mut app, &["Tab", "s", "11"]);
    both(&app, "supports_pick");
    press(&mut app, &["Enter", "f"]);
    assert_eq!(supports(&app), [vec![b(11)], vec![a(12)]]);
    assert_eq!(count(&app, "support"), 2);
    both(&app, "supports_melee_before");
    // Marked again: refused, the log has it.
    press(&mut app, &["s", "b", "1", "1", "Enter"]);
    assert_eq!(supports(&app), [vec![b(11)], vec![a(12)]]);
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => assert!(
            r.error
                .as_deref()
                .is_some_and(|e| e.contains("already a supporting unit")),
            "{:?}",
            r.error
        ),
        _ => panic!("the Melee panel"),
    }
    // The knights (opponent a) roll sixes, the fyrd ones: the fyrd break.
    press(&mut app, &["t"]);
    let (na, nb) = match app.dialogs.last() {
        Some(Dialog::TypeDice(t)) => (t.groups[0].1.white, t.groups[1].1.white),
        other => panic!("no dice field: {other:?}"),
    };
    press(
        &mut app,
        &[
            &format!("W: {} | W: {}", "6".repeat(na), "1".repeat(nb)),
            "Enter",
        ],
    );
    while let Some(Dialog::TypeDice(t)) = app.dialogs.last() {
        // Red and yellow dice for the personalities, if any: 6s miss.
        let n = t.ask.count;
        press(&mut app, &[&"6".repeat(n), "Enter"]);
    }
    assert_eq!(
        app.context(),
        Context::MeleeResult,
        "{:?}",
        app.dialogs.last()
    );
    both(&app, "supports_melee_after");
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("supporting units also fall back (2.6.2): Fyrd of Sussex (a12)"),
        "{text}"
    );
    let next = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r.rolled.as_ref().unwrap().next.clone(),
        _ => panic!("a Melee result"),
    };
    let at = next
        .iter()
        .position(|(s, _)| match s {
            NextStep::SupportTest(u, _) => *u == b(11),
            NextStep::Duty(d) => {
                d.unit == b(11)
                    && matches!(d.due, herald::battle::warlords::Due::BerserkTest { .. })
            }
            NextStep::FellBack(_) => false,
        })
        .unwrap_or_else(|| panic!("b11 tests for Berserk: {next:?}"));
    // Its test, as the winner's: the key, Enter, Enter.
    press(&mut app, &[&(at + 1).to_string()]);
    let Some(Dialog::Resolve(r)) = app.dialogs.last() else {
        panic!("the Berserk test");
    };
    let Procedure::Reaction { unit, cause, .. } = r.procedure else {
        panic!("a reaction: {:?}", r.procedure);
    };
    assert_eq!((unit, cause), (b(11), a(10)));
    press(&mut app, &["Enter", "Enter"]);
    assert_eq!(app.context(), Context::MeleeResult);
    assert_eq!(count(&app, "reaction"), 1);
}
