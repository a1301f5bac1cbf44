//! One Melee of several units (2.6), through the real update loop: the
//! supporting units are marked on the Melee panel and kept in the battle's
//! record, give their dice and modifiers to the opponent they support
//! (2.6.1 A, B), fall back (2.6.2) and follow up (2.6.3, W-26) with it, and
//! no unit fights twice in a phase.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Event, Phase, Step};
use herald::rules::Side;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, Procedure};
use herald::tui::warlords::keymap::Context;

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

fn record(app: &mut App, e: Event) {
    app.battle
        .record(e)
        .expect("the setting-up event is accepted");
}

fn count(app: &App, kind: &str) -> usize {
    app.battle
        .events()
        .iter()
        .filter(|e| e.kind() == kind)
        .count()
}

/// Hastings in its first Melee phase: the Select fyrd of Wessex (a4) and
/// the Norman foot (b4) in contact front to front; the Housecarls of the
/// Dragon (a2) on the Norman foot's flank, the Norman archers (b5) on the
/// fyrd's flank.
fn three_and_more() -> App {
    let mut app = hastings(3);
    record(
        &mut app,
        Event::GoTo {
            turn: 1,
            phase: Phase::Melee,
        },
    );
    for (x, y) in [(a(4), b(4)), (a(2), b(4)), (b(5), a(4))] {
        record(&mut app, Event::Engage { a: x, b: y });
    }
    app
}

/// Types the faces for each side's white dice: `fa` for a's, `fb` for b's.
fn type_dice(app: &mut App, fa: char, fb: char) {
    press(app, &["t"]);
    let (na, nb) = match app.dialogs.iter().rev().find_map(|d| match d {
        Dialog::Resolve(r) => match &r.procedure {
            Procedure::Melee {
                a,
                b,
                facts_a,
                facts_b,
                rough_ground,
                ..
            } => {
                let plan = herald::rules::warlords::melee::Melee::between(
                    &app.battle.unit(*a).unwrap().unit,
                    facts_a,
                    &app.battle.unit(*b).unwrap().unit,
                    facts_b,
                    *rough_ground,
                    &app.battle.setup().house,
                )
                .unwrap();
                Some((plan.a.dice, plan.b.dice))
            }
            _ => None,
        },
        _ => None,
    }) {
        Some(n) => n,
        None => panic!("no Melee open"),
    };
    let faces: String = std::iter::repeat_n(fa, na as usize)
        .chain(std::iter::repeat_n(fb, nb as usize))
        .collect();
    press(app, &[&faces, "Enter"]);
    while let Some(Dialog::TypeDice(t)) = app.dialogs.last() {
        // Red and yellow dice for the personalities, if any: 6s miss.
        let n = t.ask.count;
        press(app, &[&"6".repeat(n), "Enter"]);
    }
}

#[test]
fn a_melee_of_four_units_with_supporting_units_on_both_sides() {
    let mut app = three_and_more();
    // The walker opens the first Melee: the fyrd against the Norman foot.
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    let dice_before = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee { a: x, b: y, .. } => {
                assert_eq!((*x, *y), (a(4), b(4)));
                herald::rules::warlords::melee::Melee::between(
                    &app.battle.unit(a(4)).unwrap().unit,
                    &Default::default(),
                    &app.battle.unit(b(4)).unwrap().unit,
                    &Default::default(),
                    false,
                    &app.battle.setup().house,
                )
                .map(|p| (p.a.dice, p.b.dice))
                .unwrap()
            }
            _ => panic!("not a Melee"),
        },
        _ => panic!("no panel"),
    };

    // s: the Housecarls of the Dragon support the fyrd, on the Normans' flank.
    press(&mut app, &["s"]);
    assert_eq!(app.context(), Context::Pick);
    press(&mut app, &["Home", "Down", "Enter"]);
    assert_eq!(app.context(), Context::SupportEdge);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Which edge of Norman foot (b4)"), "{s}");
    press(&mut app, &["l"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    // Tab, s: the Norman archers support the Norman foot, on the fyrd's flank.
    press(&mut app, &["Tab", "s", "Home"]);
    for _ in 0..3 {
        press(&mut app, &["Down"]);
    }
    press(&mut app, &["Enter", "l"]);
    assert_eq!(count(&app, "support"), 2, "{:?}", app.status);

    // Each opponent gets a die for the enemy flank its supporter holds, and
    // -1 for its own flank held (2.6.1 A, B); the supporters roll nothing.
    let (facts_a, facts_b) = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee {
                facts_a,
                facts_b,
                supports,
                ..
            } => {
                assert_eq!(supports, &[vec![a(2)], vec![b(5)]]);
                (facts_a.clone(), facts_b.clone())
            }
            _ => panic!("not a Melee"),
        },
        _ => panic!("no panel"),
    };
    assert_eq!((facts_a.enemy_flanks, facts_a.flanks_contacted), (1, 1));
    assert_eq!((facts_b.enemy_flanks, facts_b.flanks_contacted), (1, 1));
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Housecarls of the Dragon (a2, on the enemy's flank)"),
        "{s}"
    );
    assert!(
        s.contains("Norman archers (b5, on the enemy's flank)"),
        "{s}"
    );

    // Reopened, the panel has them from the battle's record.
    press(&mut app, &["Esc", "Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee {
                facts_a: fa,
                facts_b: fb,
                supports,
                ..
            } => {
                assert_eq!(supports, &[vec![a(2)], vec![b(5)]]);
                assert_eq!((fa, fb), (&facts_a, &facts_b));
            }
            _ => panic!("not a Melee"),
        },
        _ => panic!("no panel"),
    }

    // The fyrd wins: the Norman foot fall back, the archers with them.
    type_dice(&mut app, '5', '3');
    assert_eq!(app.context(), Context::MeleeResult, "{:?}", app.status);
    let (dice_a, dice_b) = match app.battle.events().last() {
        Some(Event::Melee { dice, .. }) => (dice.a.white.len(), dice.b.white.len()),
        other => panic!("not a Melee: {other:?}"),
    };
    assert_eq!(
        (dice_a as u32, dice_b as u32),
        (dice_before.0 + 1, dice_before.1 + 1),
        "one die more each for the flank its supporter holds"
    );
    let melee = app
        .battle
        .entry(app.battle.events().len() - 1)
        .unwrap()
        .summary
        .clone();
    assert!(
        melee.contains("Norman foot loses and falls back"),
        "{melee}"
    );
    assert!(
        melee.contains("Norman archers falls back with it"),
        "{melee}"
    );
    assert!(
        melee.contains("Housecarls of the Dragon (a2) supports a4 on b4's flank"),
        "{melee}"
    );

    // The Ready fyrd follows up: the Housecarls on the Normans' flank do
    // not move and leave the Melee; the archers stay with the Norman foot.
    let offered = match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => r.rolled.as_ref().map_or(0, |x| x.next.len()),
        _ => 0,
    };
    for i in 0..offered {
        press(&mut app, &[&(i + 1).to_string()]);
        match app.dialogs.last() {
            Some(Dialog::FollowUp { .. }) => {
                press(&mut app, &["y"]);
            }
            Some(Dialog::FallBack(_)) => {
                press(&mut app, &["Esc"]);
            }
            _ => {}
        }
    }
    press(&mut app, &["Enter"]);
    assert_eq!(count(&app, "follow_up"), 1);
    assert!(app.battle.in_melee_with(a(4)).contains(&b(4)));
    assert!(!app.battle.in_melee_with(a(2)).contains(&b(4)));
    assert!(app.battle.in_melee_with(b(5)).contains(&a(4)));
    let supports = app.battle.supports();
    assert_eq!(supports.len(), 1, "{supports:?}");
    assert_eq!(supports[0].unit, b(5));

    // No unit fights twice: nothing else to fight this phase, and a round
    // of the archers against the fyrd is refused.
    assert_eq!(app.battle.next_step(), Step::EndTurn);
    assert_eq!(count(&app, "melee"), 1);
    let again = app.battle.record(Event::Melee {
        a: a(4),
        b: b(5),
        facts_a: Default::default(),
        facts_b: Default::default(),
        rough_ground: false,
        before_w24: false,
        dice: Default::default(),
    });
    assert!(again.is_err());
}

/// Types sixes for every white die the open panel needs (t, the faces, Enter).
fn sixes(app: &mut App) {
    press(app, &["t"]);
    let n = match app.dialogs.last() {
        Some(Dialog::TypeDice(t)) => t.white(),
        other => panic!("no dice field: {other:?}"),
    };
    press(app, &[&"6".repeat(n), "Enter"]);
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

/// Enter through the walker until the Melee phase, the tables showing.
fn to_the_melee_phase(app: &mut App) {
    for _ in 0..300 {
        if app.battle.phase() == Phase::Melee && app.dialogs.is_empty() {
            return;
        }
        press(app, &["Enter"]);
    }
    panic!("the walker never reached Melee");
}

/// `unit` charges the `down`-th enemy from the top of the picker; the
/// target stands; the charge move makes contact.
fn charge(app: &mut App, unit: UnitId, down: usize) {
    activate_until(app, unit);
    sixes(app);
    press(app, &["c", "Home"]);
    for _ in 0..down {
        press(app, &["Down"]);
    }
    press(app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{:?}", app.status);
    press(app, &["s", "Enter"]);
    assert_eq!(app.context(), Context::Contact, "{:?}", app.status);
    press(app, &["Enter"]);
}

/// W-34 (2.4.1): a unit contacted while moving stops.
#[test]
fn a_unit_contacted_while_moving_stops() {
    let mut app = hastings(5);
    record(
        &mut app,
        Event::Correct {
            unit: b(4),
            correction: herald::battle::warlords::Correction::Moving(true),
        },
    );
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    charge(&mut app, a(1), 3);
    assert!(app.battle.in_melee_with(a(1)).contains(&b(4)));
    assert!(
        !app.battle.unit(b(4)).unwrap().unit.moving,
        "the Norman foot were moving when the housecarls contacted them: they stop (W-34)"
    );
    let contact = app
        .battle
        .replay_entries()
        .find(|e| e.summary.contains("makes contact"))
        .unwrap();
    assert!(
        contact
            .explanation
            .lines
            .iter()
            .any(|l| l.text.contains("was moving and is contacted")),
        "{contact:?}"
    );
}

/// 2.6: a second charger against a unit already in Melee joins that Melee
/// as a supporting unit (here on its flank), not a second Melee.
#[test]
fn a_second_charger_joins_the_melee_already_there() {
    let mut app = hastings(5);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    charge(&mut app, a(1), 3);
    press(&mut app, &["Enter"]);
    // The Housecarls of the Dragon (a2) charge the same Norman foot.
    charge(&mut app, a(2), 3);
    assert_eq!(app.context(), Context::SupportEdge, "{:?}", app.status);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("is already in Melee with Harold's housecarls"),
        "{s}"
    );
    press(&mut app, &["l"]);
    let supports = app.battle.supports().to_vec();
    assert_eq!(supports.len(), 1);
    assert_eq!(
        (supports[0].unit, supports[0].opponent, supports[0].enemy),
        (a(2), a(1), b(4))
    );
    to_the_melee_phase(&mut app);
    // One Melee: a1 against b4, a2 supporting; then nothing else to fight.
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee {
                a: x,
                b: y,
                supports,
                facts_a,
                facts_b,
                ..
            } => {
                assert_eq!((*x, *y), (a(1), b(4)));
                assert_eq!(supports, &[vec![a(2)], vec![]]);
                assert_eq!(facts_a.enemy_flanks, 1);
                assert_eq!(facts_b.flanks_contacted, 1);
                assert!(
                    facts_b.struck_by_charging_heavy,
                    "a2 charged b4's flank this turn"
                );
            }
            _ => panic!("not a Melee"),
        },
        _ => panic!("no panel"),
    }
    press(&mut app, &["Esc"]);
    assert!(
        app.battle
            .melee_pairs_to_fight()
            .iter()
            .all(|(x, y)| (*x, *y) == (a(1), b(4))),
        "{:?}",
        app.battle.melee_pairs_to_fight()
    );
}

/// Bannockburn: the English (side a) against the Scots (side b).
fn bannockburn() -> App {
    use herald::battle::warlords::{Battle, Setup};
    let side = |file: &str| {
        let path = format!("{}/armies/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the army file is there");
        herald::store::warlords::army::read_army(&path, &text)
            .expect("the army file loads")
            .army
    };
    let setup = Setup::new(
        vec![side("bannockburn-1314-english.toml")],
        vec![side("bannockburn-1314-scots.toml")],
    )
    .expect("both sides have units");
    App::new(
        Battle::new(setup),
        herald::dice::SeededDice::new(7),
        herald::tui::theme::Theme::plain(),
        "bannockburn",
    )
}

/// 2.3.1.4: a Hedgehog charged by two units fights one Melee: the largest
/// unit in contact is its opponent, the other supports (at its front: a
/// Hedgehog has no flanks); the Hedgehog that wins does not follow up.
#[test]
fn a_hedgehog_charged_by_two_fights_the_largest_and_never_follows_up() {
    let mut app = bannockburn();
    record(
        &mut app,
        Event::Correct {
            unit: b(1),
            correction: herald::battle::warlords::Correction::Formation(
                herald::rules::warlords::unit::Formation::Hedgehog,
            ),
        },
    );
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    // The King's household knights (a1, 8 stands), then Pembroke's (a2, 6).
    charge(&mut app, a(1), 0);
    press(&mut app, &["Enter"]);
    charge(&mut app, a(2), 0);
    assert_ne!(
        app.context(),
        Context::SupportEdge,
        "Herald decides for a Hedgehog"
    );
    let supports = app.battle.supports().to_vec();
    assert_eq!(supports.len(), 1, "{:?}", app.status);
    assert_eq!(
        (supports[0].unit, supports[0].opponent, supports[0].enemy),
        (a(2), a(1), b(1)),
        "the largest unit in contact is the opponent"
    );
    to_the_melee_phase(&mut app);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    // The schiltron wins.
    type_dice(&mut app, '1', '6');
    assert_eq!(app.context(), Context::MeleeResult, "{:?}", app.status);
    let summary = app
        .battle
        .entry(app.battle.events().len() - 1)
        .unwrap()
        .summary
        .clone();
    assert!(summary.contains("household knights loses"), "{summary}");
    assert!(
        !app.battle
            .duties()
            .iter()
            .any(|d| matches!(d.due, herald::battle::warlords::Due::FollowUp { .. })),
        "a Hedgehog may not move: no follow-up (2.3.1.4)"
    );
    assert_eq!(count(&app, "melee"), 1);
    assert!(app.battle.melee_pairs_to_fight().is_empty());
}

/// 2.6: a unit contacted first on a flank, then on its front: the enemy at
/// its front is the opponent, the one on its flank supports it (o in the
/// joining unit's question, then that unit's edge).
#[test]
fn the_front_enemy_is_the_opponent_the_flank_one_supports() {
    let mut app = hastings(5);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    // Harold's housecarls (a1) reach the Norman foot (b4) first (on a flank).
    charge(&mut app, a(1), 3);
    press(&mut app, &["Enter"]);
    // The Housecarls of the Dragon (a2) then reach its front: o, then a1's edge.
    charge(&mut app, a(2), 3);
    assert_eq!(app.context(), Context::SupportEdge, "{:?}", app.status);
    press(&mut app, &["o"]);
    assert_eq!(app.context(), Context::SupportEdge, "{:?}", app.status);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Which edge of Norman foot (b4) does Harold's housecarls (a1) contact?"),
        "{s}"
    );
    press(&mut app, &["l"]);
    let supports = app.battle.supports().to_vec();
    assert_eq!(supports.len(), 1, "{:?}", app.status);
    assert_eq!(
        (supports[0].unit, supports[0].opponent, supports[0].enemy),
        (a(1), a(2), b(4))
    );
    to_the_melee_phase(&mut app);
    assert_eq!(app.battle.melee_pairs_to_fight(), vec![(a(2), b(4))]);
}

/// 2.6: when a unit reaching the front becomes the opponent (`o`), the
/// supporting units of the old Melee move to the new one: the old
/// opponent's friends support the new opponent, and the enemy's supporter
/// that contacts the old opponent now supports against the new one (it was
/// left attached to the old pair).
#[test]
fn a_new_opponent_takes_over_the_supporting_units_of_the_old_melee() {
    use herald::rules::warlords::supporting::Edge;
    let mut app = hastings(5);
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    // Harold's housecarls (a1) reach the Norman foot (b4) first (on a flank).
    charge(&mut app, a(1), 3);
    press(&mut app, &["Enter"]);
    // The Norman archers (b5) support b4 on a1's flank; the Thegns of
    // Wessex (a3) support a1 on b4's rear.
    for e in [
        Event::Engage { a: b(5), b: a(1) },
        Event::Support {
            unit: b(5),
            opponent: b(4),
            enemy: a(1),
            edge: Edge::Flank,
        },
        Event::Engage { a: a(3), b: b(4) },
        Event::Support {
            unit: a(3),
            opponent: a(1),
            enemy: b(4),
            edge: Edge::Rear,
        },
    ] {
        record(&mut app, e);
    }
    // The Housecarls of the Dragon (a2) reach b4's front: o, l (a1 on b4's flank).
    charge(&mut app, a(2), 3);
    press(&mut app, &["o", "l"]);
    let mut got: Vec<(UnitId, UnitId, UnitId, UnitId)> = app
        .battle
        .supports()
        .iter()
        .map(|s| (s.unit, s.opponent, s.enemy, s.contacts))
        .collect();
    got.sort_by_key(|g| (g.0.side as usize, g.0.index));
    assert_eq!(
        got,
        vec![
            (a(1), a(2), b(4), b(4)),
            (a(3), a(2), b(4), b(4)),
            (b(5), b(4), a(2), a(1)),
        ],
        "{:?}",
        app.status
    );
    to_the_melee_phase(&mut app);
    assert_eq!(app.battle.melee_pairs_to_fight(), vec![(a(2), b(4))]);
    press(&mut app, &["Enter"]);
    match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee { a: x, supports, .. } => {
                assert_eq!(*x, a(2));
                assert!(supports[0].contains(&a(1)) && supports[0].contains(&a(3)));
                assert_eq!(
                    supports[1],
                    vec![b(5)],
                    "the archers support the Norman foot"
                );
            }
            p => panic!("no Melee: {p:?}"),
        },
        d => panic!("no Melee: {d:?}"),
    }
}

/// Undoing a `support` from inside the open Melee panel takes its dice and
/// modifiers out of the panel's facts at once (the record no longer holds
/// it), and the supporter out of its list.
#[test]
fn undoing_a_support_in_the_open_melee_takes_its_contribution_out() {
    let mut app = three_and_more();
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    let facts = |app: &App| match app.dialogs.last() {
        Some(Dialog::Resolve(r)) => match &r.procedure {
            Procedure::Melee {
                facts_a,
                facts_b,
                supports,
                ..
            } => (facts_a.clone(), facts_b.clone(), supports.clone()),
            p => panic!("not a Melee: {p:?}"),
        },
        d => panic!("no Melee panel: {d:?}"),
    };
    let before = facts(&app);
    // s: the Housecarls of the Dragon support the fyrd, on the Normans' flank.
    press(&mut app, &["s", "Home", "Down", "Enter", "l"]);
    assert_eq!(count(&app, "support"), 1, "{:?}", app.status);
    assert_eq!(facts(&app).0.enemy_flanks, before.0.enemy_flanks + 1);
    press(&mut app, &["u"]);
    assert_eq!(count(&app, "support"), 0, "{:?}", app.status);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    assert_eq!(facts(&app), before, "{:?}", app.status);
}

/// 2.6.2, W-24: a loser in a line that loses the stands on a contacted
/// flank loses a file (a flank edge holds one stand per rank): the Norman
/// foot, 4x2, beaten with the Housecarls of the Dragon on a flank, is a 3x2
/// after, and its width of 3 counts in its next activation test (2.2 step 3)
/// and in the casualties of its next Melee (2.6.1: score ÷ width).
#[test]
fn a_loser_that_loses_a_flank_file_is_narrower_after() {
    let mut app = hastings(5);
    // The Norman foot drawn up 4x2 (the army file has them 8 wide).
    record(
        &mut app,
        Event::Correct {
            unit: b(4),
            correction: herald::battle::warlords::Correction::Files(4),
        },
    );
    press(&mut app, &["Enter", "t", "61", "Enter", "Enter"]);
    charge(&mut app, a(1), 3);
    press(&mut app, &["Enter"]);
    charge(&mut app, a(2), 3);
    press(&mut app, &["l"]);
    let before = app.battle.unit(b(4)).unwrap().unit.clone();
    assert_eq!(
        (before.stands, before.width()),
        (8, 4),
        "the Norman foot, 4x2"
    );
    to_the_melee_phase(&mut app);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{:?}", app.status);
    type_dice(&mut app, '4', '3');
    let Some(Event::Melee { facts_b, .. }) = app
        .battle
        .events()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Melee { .. }))
        .cloned()
    else {
        panic!("no Melee recorded: {}", screen(&app, 120, 40));
    };
    assert_eq!(facts_b.flanks_contacted, 1);
    let after = app.battle.unit(b(4)).unwrap().unit.clone();
    assert!(after.stands <= 6, "lost its flank stands: {}", after.stands);
    assert_eq!(after.files, 3, "{}", screen(&app, 120, 40));
    // 2.6.1: a Melee's casualties are the enemy's score ÷ this width.
    assert_eq!(after.width(), 3);
    assert_eq!(after.activation_width(), 3, "2.2 step 3");
}
