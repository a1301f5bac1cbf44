//! Issue 32, "Warlords at the table, third playing": what the rules force or
//! forbid after a reaction to a charge, falling back into friends (W-35), a
//! unit already in Melee when charged, undoing a shot at the charger, a
//! charging fact the record refuses, supporters that follow up, and whose
//! stand was lost; each driven through the real update loop from a
//! Hastings battle set up by its events.

#[path = "support/tui.rs"]
mod support;
use support::{press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Correction, Due, Event, Phase, Setup};
use herald::dice::{Colour, Dice, SeededDice};
use herald::rules::Side;
use herald::rules::warlords::activation::ActivationSituation;
use herald::rules::warlords::supporting::Edge;
use herald::rules::warlords::unit::{Formation, Morale};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Dialog, Procedure, Resolve};
use herald::tui::warlords::keymap::Context;

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

fn white(v: &[u8]) -> Dice {
    Dice::white(v).unwrap()
}

/// The frozen Hastings armies.
fn setup() -> Setup {
    let side = |file: &str| {
        let path = format!(
            "{}/tests/snapshots/armies/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        herald::store::warlords::army::read_army(&path, &text)
            .unwrap()
            .army
    };
    Setup::new(
        vec![side("hastings-1066-anglo-saxon.toml")],
        vec![side("hastings-1066-norman.toml")],
    )
    .unwrap()
}

/// A console on Hastings after `events`, with Herald's dice from seed 1.
fn after(setup: Setup, events: &[Event]) -> App {
    let mut battle = Battle::new(setup);
    for e in events {
        battle
            .record(e.clone())
            .unwrap_or_else(|err| panic!("{e:?}: {err}"));
    }
    App::new(battle, SeededDice::new(1), Theme::plain(), "hastings")
}

fn initiative(side: Side) -> Event {
    let (x, y) = if side == Side::A { (6, 1) } else { (1, 6) };
    Event::Initiative {
        a: white(&[x]),
        b: white(&[y]),
    }
}

fn engage(x: UnitId, y: UnitId) -> Event {
    Event::Engage { a: x, b: y }
}

fn to_melee() -> Event {
    Event::GoTo {
        turn: 1,
        phase: Phase::Melee,
    }
}

fn correct(unit: UnitId, correction: Correction) -> Event {
    Event::Correct { unit, correction }
}

/// Types the open panel's dice as the players rolled them, `face(group,
/// colour, i)`: the dice it lists before any is typed on one line (white,
/// then red), then each prompt that follows.
fn type_dice(app: &mut App, face: impl Fn(usize, Colour, usize) -> char) {
    let Some(Dialog::Resolve(panel)) = app.dialogs.last() else {
        panic!("a panel to roll:\n{}", screen(app, 120, 40));
    };
    let groups = app.needs(&panel.procedure).expect("its dice");
    let mut line = String::new();
    for (g, (_, c)) in groups.iter().enumerate() {
        line.extend((0..c.white).map(|i| face(g, Colour::White, i)));
    }
    for colour in [Colour::Red, Colour::Yellow] {
        for (g, (_, c)) in groups.iter().enumerate() {
            line.extend((0..c.of(colour)).map(|i| face(g, colour, i)));
        }
    }
    press(app, &[&line]);
    for _ in 0..8 {
        let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
            return;
        };
        if !t.text.is_empty() {
            press(app, &["Enter"]);
            continue;
        }
        let ask = t.ask;
        let g = ask.group.unwrap_or(0);
        let s: String = (0..ask.count).map(|i| face(g, ask.colour, i)).collect();
        press(app, &[&s]);
    }
}

/// Side a's white dice `wa`, side b's `wb`; red 4, yellow 3.
fn melee_faces(wa: char, wb: char) -> impl Fn(usize, Colour, usize) -> char {
    move |g, colour, _| match colour {
        Colour::White if g == 0 => wa,
        Colour::White => wb,
        Colour::Red => '4',
        _ => '3',
    }
}

/// Hastings turn 1, side a first (typed 6 against 1), and the Levies of
/// the great fyrd (a8) charging the Breton archers (b9), typed 6 5: the
/// charge's panel open.
fn levies_charge_the_breton_archers() -> App {
    let mut app = after(setup(), &[]);
    press(&mut app, &["Enter", "61", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    press(&mut app, &["8", "Enter", "65"]);
    assert!(
        screen(&app, 120, 40).contains("SUCCESS"),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["c", "9", "Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    app
}

/// Every line of the top panel, the whole of it (scrolled or not) and
/// unwrapped.
fn panel(app: &App) -> String {
    let Some(Dialog::Resolve(r)) = app
        .dialogs
        .iter()
        .rev()
        .find(|d| matches!(d, Dialog::Resolve(_)))
    else {
        return String::new();
    };
    let lines = herald::tui::warlords::view::resolve::lines(app, r, 102);
    let text: Vec<String> = lines
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    text.join("\n")
}

/// The footer, the screen's last line.
fn footer(app: &App) -> String {
    screen(app, 120, 40)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

#[test]
fn enter_evades_after_a_successful_evade_roll() {
    // Item 1 (2.4.7): the evade panel asks only the evade's facts; its
    // success's Enter is the evade, said before it is pressed.
    let mut app = levies_charge_the_breton_archers();
    press(&mut app, &["e"]);
    let s = screen(&app, 120, 40);
    for fact in [
        "c charging",
        "f fleeing",
        "finishing a formation change",
        "enemy visible ahead",
    ] {
        assert!(!s.contains(fact), "no '{fact}' on an evade:\n{s}");
    }
    assert!(s.contains("spans from the evaded unit"), "{s}");
    press(&mut app, &["c"]);
    assert!(
        screen(&app, 120, 40).contains("it evades the charge (2.4.7): that fact does not apply"),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["65"]);
    assert_eq!(app.context(), Context::AfterRoll);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Enter evades: Breton archers moves up to 3 spans"),
        "{s}"
    );
    assert!(!s.contains("Enter done"), "{s}");
    assert!(footer(&app).starts_with("Enter evade "), "{}", footer(&app));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("✓ evaded: Breton archers moves up to 3 spans"),
        "{s}"
    );
}

#[test]
fn enter_shoots_after_a_successful_roll_to_shoot_at_the_charger() {
    // Item 1 (2.4.4): the activation is spent to shoot, so Enter shoots;
    // `s` is refused as a shot-only reaction's, citing 2.4.4.
    let mut app = levies_charge_the_breton_archers();
    press(&mut app, &["s", "x", "5", "Enter"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Norman archers (b5) activates to shoot at"),
        "{s}"
    );
    press(&mut app, &["65", "s"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("it only shoots at the charger (2.4.4): it may not stop moving"),
        "{s}"
    );
    assert!(!s.contains("(2.4.1)"), "{s}");
    assert!(
        s.contains("Enter shoots at Levies of the great fyrd (a8): its shot is next (2.4.4)"),
        "{s}"
    );
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::Shooting,
        "{}",
        screen(&app, 120, 40)
    );
    let Some(Dialog::Resolve(Resolve {
        procedure: Procedure::Shooting {
            shooter, target, ..
        },
        ..
    })) = app.dialogs.last()
    else {
        panic!("the shot's panel");
    };
    assert_eq!((*shooter, *target), (b(5), a(8)));
    // The shot, then back to the reaction's result, then to the charge.
    press(&mut app, &["Enter", "Enter"]);
    assert!(
        app.battle.events().iter().any(|e| matches!(
            e,
            Event::Shooting { shooter, target, .. } if *shooter == b(5) && *target == a(8)
        )),
        "the shot is recorded"
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
}

#[test]
fn undoing_a_shot_at_the_charger_returns_to_its_charge() {
    // Item 4 (N8): the charge is still declared; its panel comes back.
    let mut app = levies_charge_the_breton_archers();
    let declared = app.battle.events().len();
    press(&mut app, &["s", "x", "5", "Enter", "11"]);
    assert_eq!(app.context(), Context::AfterRoll);
    press(&mut app, &["u"]);
    assert_eq!(app.battle.events().len(), declared, "only the shot's roll");
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    // Again, past its result: the charge's line of it goes with the undo.
    press(&mut app, &["x", "5", "Enter", "11", "Enter"]);
    assert_eq!(app.context(), Context::Charge);
    assert!(panel(&app).contains("reacts to the charge"));
    press(&mut app, &["u"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let s = panel(&app);
    assert!(!s.contains("reacts to the charge"), "{s}");
    // And the charge goes on.
    press(&mut app, &["s", "Enter"]);
    assert_eq!(app.context(), Context::Contact, "{}", screen(&app, 120, 40));
}

#[test]
fn a_unit_in_melee_that_is_charged_only_stands() {
    // Item 3 (2.6, N7): no counter-charge, no evade, for a unit in Melee.
    let mut app = after(setup(), &[initiative(Side::B), engage(a(8), b(5))]);
    press(&mut app, &["1", "Enter", "65", "c", "8", "Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let s = screen(&app, 120, 40);
    assert!(!s.contains("r counter-charge"), "{s}");
    assert!(!s.contains("e evade"), "{s}");
    assert!(s.contains("s stand"), "{s}");
    for key in ["r", "e"] {
        press(&mut app, &[key]);
        let s = screen(&app, 120, 40);
        assert!(
            s.contains("Levies of the great fyrd is in Melee"),
            "{key}:\n{s}"
        );
        assert_eq!(app.context(), Context::Charge);
    }
    // Nor does the battle take one.
    let counter = Event::Reaction {
        unit: a(8),
        cause: b(1),
        situation: ActivationSituation {
            charging: true,
            ..ActivationSituation::default()
        },
        dice: white(&[6, 5]),
    };
    assert!(app.battle.record(counter).is_err());
}

#[test]
fn e_joins_a_melee_its_enemy_fights_as_a_supporting_unit() {
    // Item 3 (N6): Leofwine's housecarls (a9) come into contact with the
    // Breton horse (b7), already the opponent of Harold's housecarls (a1):
    // `e` makes no second Melee; the edge is asked, and a9 supports a1.
    let mut app = after(setup(), &[initiative(Side::A), engage(a(1), b(7))]);
    press(&mut app, &["9", "e", "7", "Enter"]);
    assert!(
        matches!(app.dialogs.last(), Some(Dialog::SupportEdge { unit, opponent, enemy, .. })
            if (*unit, *opponent, *enemy) == (a(9), a(1), b(7))),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["l"]);
    assert_eq!(app.battle.melee_pairs_to_fight(), vec![(a(1), b(7))]);
    let s = app.battle.supports_of(a(1), b(7));
    assert!(
        s.iter().any(|s| s.unit == a(9) && s.edge == Edge::Flank),
        "{s:?}"
    );
}

#[test]
fn a_charging_fact_the_record_refuses_is_refused_at_its_toggle() {
    // Item 5 (N9): the Norman foot (b4) is Worn; its charging toggle is
    // refused at once, and the dice typed after are the Melee's.
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            engage(a(2), b(4)),
            correct(b(4), Correction::Morale(Morale::Worn)),
            to_melee(),
        ],
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    press(&mut app, &["Tab", "c"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Norman foot is worn and may not charge"), "{s}");
    assert!(!s.contains("charging = false"), "{s}");
    let Some(Dialog::Resolve(Resolve {
        procedure: Procedure::Melee { facts_b, .. },
        ..
    })) = app.dialogs.last()
    else {
        panic!()
    };
    assert!(!facts_b.charging, "refused: still off");
    type_dice(&mut app, melee_faces('5', '4'));
    assert_eq!(
        app.context(),
        Context::MeleeResult,
        "{}",
        screen(&app, 120, 40)
    );
    let Some(Event::Melee { dice, .. }) = app
        .battle
        .events()
        .iter()
        .rev()
        .find(|e| e.kind() == "melee")
    else {
        panic!("the Melee is recorded");
    };
    assert!(dice.a.white.iter().all(|d| d.value() == 5), "{dice:?}");
    assert!(dice.b.white.iter().all(|d| d.value() == 4), "{dice:?}");
}

#[test]
fn typed_dice_a_refused_roll_had_are_kept() {
    // Item 5: no typed dice are lost to a refusal. An Unformed unit's
    // activation with a charge declared (it may not charge, 2.3.2) is
    // refused when recorded; the dice typed stay, and Enter uses them
    // once the fact is put right.
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            correct(a(1), Correction::Formation(Formation::Unformed)),
        ],
    );
    let situation = ActivationSituation {
        charging: true,
        ..app.default_situation(a(1))
    };
    app.dialogs
        .push(Dialog::Resolve(Resolve::new(Procedure::Activation {
            unit: a(1),
            situation,
        })));
    let events = app.battle.events().len();
    press(&mut app, &["64"]);
    assert_eq!(app.battle.events().len(), events, "refused");
    let s = panel(&app);
    assert!(s.contains("The dice typed are kept (W 6 4)"), "{s}");
    press(&mut app, &["c", "Enter"]);
    let Some(Event::Activation {
        dice, situation, ..
    }) = app.battle.events().last()
    else {
        panic!("the activation:\n{}", screen(&app, 120, 40));
    };
    assert!(!situation.charging);
    assert_eq!(dice, &white(&[6, 4]), "the dice typed, not Herald's");
}

#[test]
fn a_supporter_on_the_losers_flank_is_not_asked_to_follow_up() {
    // Item 6 (2.6.3, N2): the Breton foot (b8) on the English flank does
    // not move; the French mercenary foot (b12) at its front may.
    let support = |unit, edge| Event::Support {
        unit,
        opponent: b(4),
        enemy: a(4),
        edge,
    };
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            engage(a(4), b(4)),
            support(b(8), Edge::Flank),
            support(b(12), Edge::Front),
            to_melee(),
        ],
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    type_dice(&mut app, melee_faces('1', '6'));
    let s = panel(&app);
    let line = s
        .lines()
        .find(|l| l.contains("may follow up with it"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(line.contains("French mercenary foot (b12)"), "{line}");
    assert!(!line.contains("Breton foot (b8)"), "{line}");
}

#[test]
fn one_stand_lost_asks_whose_it_was_before_anyone_rolls() {
    // Item 7 (3.1.3.2, W-19, N5): Harold's housecarls (a1), Broken, lose a
    // stand in Melee; Harold and the Abbot are with it. One step asks whose
    // stand it was; only the one named rolls, citing W-19.
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            engage(a(1), b(4)),
            correct(a(1), Correction::Morale(Morale::Broken)),
            to_melee(),
        ],
    );
    let stands = app.battle.unit(a(1)).unwrap().unit.stands;
    press(&mut app, &["Enter"]);
    type_dice(&mut app, |g, colour, i| match (g, colour) {
        (0, Colour::White) => '1',
        (_, Colour::White) if i == 0 => '6',
        (_, Colour::White) => '2',
        _ => '4',
    });
    let lost = stands - app.battle.unit(a(1)).unwrap().unit.stands;
    assert_eq!(lost, 1, "{}", screen(&app, 120, 40));
    let steps: Vec<&Due> = app
        .battle
        .duties()
        .iter()
        .filter(|d| d.unit == a(1) && d.due.code() == "stand_loss")
        .map(|d| &d.due)
        .collect();
    assert_eq!(steps.len(), 1, "one step for one stand: {steps:?}");
    let s = panel(&app);
    let asks: Vec<&str> = s.lines().filter(|l| l.contains("stand was lost")).collect();
    assert_eq!(asks.len(), 1, "{s}");
    assert!(asks[0].contains("W-19"), "{}", asks[0]);
    let key = asks[0].trim().chars().next().unwrap().to_string();
    press(&mut app, &[&key]);
    assert_eq!(
        format!("{:?}", app.context()),
        "LostStand",
        "{}",
        screen(&app, 120, 40)
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("Harold Godwinson") && s.contains("Abbot"), "{s}");
    press(&mut app, &["Enter"]);
    let s = screen(&app, 120, 40);
    assert!(
        s.contains("Harold Godwinson's stand of Harold's housecarls"),
        "{s}"
    );
    assert!(s.contains("W-19"), "{s}");
    press(&mut app, &["3"]);
    let rolled = app
        .battle
        .events()
        .iter()
        .filter(|e| e.kind() == "stand_loss")
        .count();
    assert_eq!(rolled, 1);
    assert!(
        !app.battle
            .duties()
            .iter()
            .any(|d| d.due.code() == "stand_loss"),
        "nobody else rolls"
    );
}

#[test]
fn none_in_the_lost_stand_rolls_nobody() {
    // Item 7: n says no personality was in it: nobody rolls.
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            engage(a(1), b(4)),
            correct(a(1), Correction::Morale(Morale::Broken)),
            to_melee(),
        ],
    );
    press(&mut app, &["Enter"]);
    type_dice(&mut app, |g, colour, i| match (g, colour) {
        (0, Colour::White) => '1',
        (_, Colour::White) if i == 0 => '6',
        (_, Colour::White) => '2',
        _ => '4',
    });
    let s = panel(&app);
    let ask = s
        .lines()
        .find(|l| l.contains("stand was lost"))
        .unwrap_or_else(|| panic!("{s}"));
    let key = ask.trim().chars().next().unwrap().to_string();
    press(&mut app, &[&key, "n"]);
    assert!(
        app.battle.events().iter().all(|e| e.kind() != "stand_loss"),
        "nobody rolled"
    );
    assert!(
        !app.battle
            .duties()
            .iter()
            .any(|d| d.due.code() == "stand_loss")
    );
    let s = panel(&app);
    assert!(
        s.contains("no personality of Harold's housecarls (a1) was in its lost stand"),
        "{s}"
    );
}

/// Hastings turn 1 in Melee: the Fyrd of Sussex (a12) beat the French
/// mercenary foot (b12), which falls back into the front of its friends,
/// the Breton foot (b8), Close Foot (2.6.2.1). Returns the console after
/// the fall back is recorded, and b12 before it.
fn mercenaries_fall_back_into_breton_foot(stop_casualty: bool) -> (App, u32, Formation) {
    let mut setup = setup();
    setup
        .house
        .set_text(&format!("heavy_stop_casualty={stop_casualty}"), "Warlords")
        .unwrap();
    let mut app = after(
        setup,
        &[initiative(Side::A), engage(a(12), b(12)), to_melee()],
    );
    press(&mut app, &["Enter"]);
    type_dice(&mut app, |g, colour, i| match (g, colour, i) {
        (0, Colour::White, 0) => '6',
        (0, Colour::White, _) => '5',
        (_, Colour::White, 0) => '1',
        (_, Colour::White, _) => '3',
        _ => '4',
    });
    let s = panel(&app);
    assert!(s.contains("French mercenary foot LOSES"), "{s}");
    let u = &app.battle.unit(b(12)).unwrap().unit;
    let before = (u.casualties, u.formation);
    let step = s
        .lines()
        .find(|l| l.contains("fell back into something"))
        .unwrap_or_else(|| panic!("{s}"));
    let key = step.trim().chars().next().unwrap().to_string();
    press(&mut app, &[&key, "f", "8", "Enter"]);
    assert!(
        matches!(app.battle.events().last(), Some(Event::FallBack { other: Some(o), .. }) if *o == b(8)),
        "{}",
        screen(&app, 120, 40)
    );
    (app, before.0, before.1)
}

#[test]
fn a_heavy_unit_falling_back_into_a_friends_close_foot_just_stops() {
    // Item 2 (2.6.2.1, W-35): no casualty and no change of formation,
    // said on the Melee's result with the bullet's rule.
    let (app, casualties, formation) = mercenaries_fall_back_into_breton_foot(false);
    let u = &app.battle.unit(b(12)).unwrap().unit;
    assert_eq!((u.casualties, u.formation), (casualties, formation));
    let s = panel(&app);
    assert!(
        s.contains(
            "it stops against it, with no casualty and no change of formation (2.6.2.1, W-35)"
        ),
        "{s}"
    );
}

#[test]
fn heavy_stop_casualty_takes_the_general_rule_and_says_so() {
    // Item 2, house option heavy_stop_casualty: the extra casualty and
    // Unformed, each a "changed:" line with its rule.
    let (app, casualties, _) = mercenaries_fall_back_into_breton_foot(true);
    let u = &app.battle.unit(b(12)).unwrap().unit;
    assert_eq!(u.casualties, casualties + 1);
    assert_eq!(u.formation, Formation::Unformed);
    let s = panel(&app);
    assert!(
        s.contains("changed: French mercenary foot: +1 casualty figure(s) (2.6.2.1)"),
        "{s}"
    );
    assert!(s.contains("house option"), "{s}");
}

#[test]
fn a_fall_back_saved_before_w35_stands_as_recorded() {
    // The frozen Hastings of 1a0bdf5: the French mercenary foot (b12) fell
    // back into the Breton foot (b8), Men of London (a11) into the Fyrd of
    // Kent (a10), each taking the extra casualty of the reading then.
    let path = format!(
        "{}/tests/earlier_saves/1a0bdf5/hastings-turns-1-4.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let loaded = herald::store::save::load::<herald::battle::warlords::Warlords>(
        std::path::Path::new(&path),
    )
    .unwrap();
    let battle = &loaded.data.battle;
    let earlier: Vec<usize> = battle
        .events()
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            matches!(e, Event::FallBack { other: Some(o), .. }
                if *o == b(8) || *o == a(10))
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(earlier.len(), 2);
    for i in earlier {
        let why = battle.earlier_reading(i).unwrap_or_default();
        assert!(why.contains("W-35"), "{why}");
        let entry = battle.entry(i).unwrap();
        assert!(
            entry
                .effects
                .iter()
                .any(|e| e.to_string().contains("+1 casualty")),
            "{:?}",
            entry.effects
        );
    }
}

#[test]
fn the_quick_reference_gives_the_skirmishers_plus_2_and_berserk_only_when_impetuous() {
    // Item 11 (2.2, W-4, W-6): the English bowmen (a5) are Skirmishers, not
    // Impetuous; the Fyrd of Sussex (a12) are Impetuous.
    let mut app = after(setup(), &[initiative(Side::A)]);
    press(&mut app, &["5", "r"]);
    assert_eq!(
        app.context(),
        Context::Reference,
        "{}",
        screen(&app, 120, 40)
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("+2 Skirmishers"), "{s}");
    assert!(!s.contains("Berserk"), "{s}");
    press(&mut app, &["Esc", "1", "2", "r"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Fyrd of Sussex"), "{s}");
    assert!(
        s.contains("Impetuous: doubles with an enemy in charge distance make it Berserk"),
        "{s}"
    );
}

#[test]
fn a_broken_units_odds_say_it_disintegrates() {
    // Item 9 (2.2.1, W-5, W-8): a Broken unit has no morale step to lose.
    let mut app = after(
        setup(),
        &[
            initiative(Side::A),
            correct(a(8), Correction::Morale(Morale::Broken)),
        ],
    );
    press(&mut app, &["8", "Enter"]);
    assert_eq!(
        app.context(),
        Context::BeforeRoll,
        "{}",
        screen(&app, 120, 40)
    );
    let s = panel(&app);
    assert!(s.contains("disintegrates"), "{s}");
    assert!(!s.contains("loses a morale step"), "{s}");
}

#[test]
fn a_shots_result_says_what_it_changed() {
    // Item 9 (2.5.3 C): the Norman archers (b5) shoot at the English
    // bowmen (a5), every die a 6: the casualties are a "changed:" line.
    let mut app = after(setup(), &[initiative(Side::B)]);
    press(&mut app, &["5", "Enter", "65", "x"]);
    if matches!(app.context(), Context::Pick) {
        press(&mut app, &["5", "Enter"]);
    }
    assert_eq!(
        app.context(),
        Context::Shooting,
        "{}",
        screen(&app, 120, 40)
    );
    let before = app.battle.unit(a(5)).unwrap().unit.casualties;
    type_dice(&mut app, |_, colour, _| match colour {
        Colour::White => '6',
        _ => '1',
    });
    let after = app.battle.unit(a(5)).unwrap().unit.casualties;
    assert!(after > before, "{}", screen(&app, 120, 40));
    let s = panel(&app);
    assert!(
        s.contains(&format!(
            "changed: English bowmen: +{} casualty figure(s)",
            after - before
        )),
        "{s}"
    );
}

#[test]
fn typed_melee_dice_say_the_red_dice_follow_and_move_on_to_them() {
    // Item 8 (W-18): Harold's housecarls (a1), with Harold and the Abbot,
    // against the Norman foot (b4). The white prompt says the red dice
    // follow; once the white faces are in the field asks for them with no
    // Enter; a face too many is refused in words.
    let mut app = after(
        setup(),
        &[initiative(Side::A), engage(a(1), b(4)), to_melee()],
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee);
    press(&mut app, &["t"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("the typed dice:\n{}", screen(&app, 120, 40));
    };
    assert_eq!(t.ask.colour, Colour::White);
    let whites = t.ask.count;
    let s = screen(&app, 120, 40);
    assert!(s.contains("; then ") && s.contains("red di"), "{s}");
    // Not doubles on either side: no yellow die follows.
    let faces: String = (0..whites)
        .map(|i| ['6', '5', '3', '2', '1', '4'][i % 6])
        .collect();
    press(&mut app, &[&faces]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("the red dice asked:\n{}", screen(&app, 120, 40));
    };
    assert_eq!(t.ask.colour, Colour::Red, "{}", screen(&app, 120, 40));
    let reds = t.ask.count;
    press(&mut app, &[&"4".repeat(reds)]);
    // A yellow die, when the red ones call for one, is asked by itself too.
    if let Some(Dialog::TypeDice(t)) = app.dialogs.last()
        && t.ask.colour == Colour::Yellow
        && t.text.is_empty()
    {
        let n = t.ask.count;
        press(&mut app, &[&"1".repeat(n)]);
    }
    // The last prompt waits for Enter; a face more is refused in words.
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("still typing:\n{}", screen(&app, 120, 40));
    };
    let asked = t.ask.colour;
    press(&mut app, &["4"]);
    let Some(Dialog::TypeDice(t)) = app.dialogs.last() else {
        panic!("still typing:\n{}", screen(&app, 120, 40));
    };
    assert_eq!(t.ask.colour, asked, "no other prompt");
    let e = t.error.clone().unwrap_or_default();
    assert!(e.contains("one too many"), "{e}");
}

#[test]
fn the_target_answers_before_any_shot_at_the_charger() {
    // 2.4.4: "After a Counter-charge is declared or declined, any other
    // enemy unit may ... shoot". The shot is neither offered nor taken
    // before the target answers; once it has, no counter-charge is offered.
    let mut app = levies_charge_the_breton_archers();
    assert!(!footer(&app).contains("x "), "{}", footer(&app));
    assert!(!panel(&app).contains("x another unit"), "{}", panel(&app));
    press(&mut app, &["x"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(
        screen(&app, 120, 40).contains("Breton archers answers first"),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["s"]);
    assert!(footer(&app).contains("x "), "{}", footer(&app));
    assert!(panel(&app).contains("x another unit"), "{}", panel(&app));
    press(
        &mut app,
        &["x", "5", "Enter", "65", "Enter", "Enter", "Enter", "Enter"],
    );
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(!panel(&app).contains("r counter-charge"), "{}", panel(&app));
    assert!(!footer(&app).contains("counter"), "{}", footer(&app));
    press(&mut app, &["r"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(
        !app.battle
            .events()
            .iter()
            .any(|e| matches!(e, Event::Reaction { unit, .. } if *unit == b(9))),
        "no counter-charge after the shot"
    );
}

/// Levies (a8) charging the Breton horse (b7), who fail to evade (typed 1 1).
fn a_failed_evade() -> App {
    let mut app = after(setup(), &[]);
    press(
        &mut app,
        &[
            "Enter", "61", "Enter", "8", "Enter", "65", "c", "7", "Enter",
        ],
    );
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    press(&mut app, &["e", "11"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{}",
        screen(&app, 120, 40)
    );
    assert!(
        app.battle
            .duties()
            .iter()
            .any(|d| d.unit == b(7) && d.due == Due::Flee),
        "{}",
        screen(&app, 120, 40)
    );
    app
}

#[test]
fn a_battle_reopened_after_a_failed_evade_comes_back_to_its_charge() {
    // 2.4.4.1 "Charge moves must be completed as a Random Move"; W-29: the
    // flight first. Reopened, the charge's panel is back as it is live.
    let live = a_failed_evade();
    let mut app = after(setup(), live.battle.events());
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let s = panel(&app);
    assert!(s.contains("failed to evade"), "{s}");
    assert!(s.contains("MUST Breton horse flees first"), "{s}");
    press(&mut app, &["Enter", "Enter"]);
    assert!(
        app.battle
            .events()
            .iter()
            .any(|e| matches!(e, Event::Flee { unit, .. } if *unit == b(7))),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(
        screen(&app, 120, 40).contains("Enter charge move"),
        "{}",
        screen(&app, 120, 40)
    );
}

#[test]
fn a_battle_reopened_after_a_successful_evade_says_it_evaded() {
    // 2.4.7: an evader that succeeds moves away. The monkey (Warlords,
    // seed 1019, key 8136 of a run from seed 1000) found the charge's
    // panel, rebuilt from the record, claiming "failed to evade: it flees
    // instead" after a recorded success: the record held the roll but not
    // the evade it chose.
    let mut live = levies_charge_the_breton_archers();
    press(&mut live, &["e", "65", "Enter"]);
    assert!(panel(&live).contains("✓ evaded"), "{}", panel(&live));
    for (how, app) in [
        ("reopened", after(setup(), live.battle.events())),
        ("undone and redone", {
            let mut back = live;
            press(&mut back, &["u", "U"]);
            back
        }),
    ] {
        let s = screen(&app, 120, 40);
        assert_eq!(app.context(), Context::Charge, "{how}:\n{s}");
        let s = panel(&app);
        assert!(s.contains("✓ evaded"), "{how}:\n{s}");
        assert!(!s.contains("failed to evade"), "{how}:\n{s}");
    }
}

#[test]
fn after_a_failed_evade_closed_with_esc_no_other_answer_is_offered() {
    // ROUGH 5: the evade was the answer (2.4.4); Esc on its result leaves
    // the charge holding it, with no counter-charge, evade or stand offered.
    let mut app = a_failed_evade();
    press(&mut app, &["Esc"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let s = panel(&app);
    assert!(s.contains("failed to evade"), "{s}");
    for a in ["r counter-charge", "e evade", "s stand"] {
        assert!(!s.contains(a), "{a}:\n{s}");
    }
    press(&mut app, &["s"]);
    assert!(
        !panel(&app).contains("stands to receive"),
        "{}",
        panel(&app)
    );
}

#[test]
fn a_charging_fact_with_no_charge_in_the_record_is_refused_at_its_toggle() {
    // 2.6.1 B (+1 for Charging) and docs/console.md: "a charging fact the
    // record does not hold is refused". Harold's housecarls (a1) and the
    // Norman foot (b4) are in contact by an engagement, with no charge.
    let mut app = after(
        setup(),
        &[initiative(Side::A), engage(a(1), b(4)), to_melee()],
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{}", screen(&app, 120, 40));
    for keys in [&["c"][..], &["Tab", "c"][..]] {
        press(&mut app, keys);
        let s = screen(&app, 120, 40);
        assert!(s.contains("made no charge at"), "{s}");
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee {
                facts_a, facts_b, ..
            },
            ..
        })) = app.dialogs.last()
        else {
            panic!()
        };
        assert!(!facts_a.charging && !facts_b.charging, "refused: still off");
    }
}

// ------------------------------------------------------------------
// The independent playing wl2 (Hastings turns 1–4): its saves are in
// tests/battle_data/wl2/, as the playing kept them.

/// A console on the save `name` an independent playing kept in
/// `tests/battle_data/{folder}/`, as `herald play` opens it.
fn played(folder: &str, name: &str) -> App {
    let path = format!(
        "{}/tests/battle_data/{folder}/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let data = herald::store::save::load::<herald::battle::warlords::Warlords>(
        std::path::Path::new(&path),
    )
    .unwrap_or_else(|e| panic!("{path}: {e}"))
    .data;
    App::new(
        data.battle,
        SeededDice::restore(data.dice),
        Theme::plain(),
        &data.name,
    )
}

/// A console on the wl2 playing's save `name`, as `herald play` opens it.
fn wl2(name: &str) -> App {
    played("wl2", name)
}

#[test]
fn a_broken_unit_charged_is_offered_no_stand_only_its_flight() {
    // wl2 finding 1: 1.7.3 "A Broken unit charged by enemy automatically
    // starts fleeing again"; W-29 "A Broken unit cannot evade". The panel
    // offers no answer, the log's explanation lists none, and after the
    // flight no "stands to receive the charge" is claimed.
    let mut app = wl2("keep-t3-start");
    press(&mut app, &["Enter", "52", "Enter", "3", "a", "64"]);
    press(&mut app, &["c", "4", "Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let p = panel(&app);
    assert!(!p.contains("s stand"), "{p}");
    assert!(p.contains("is Broken and does not answer"), "{p}");
    assert!(!footer(&app).contains("stand"), "{}", footer(&app));
    let said = app
        .battle
        .entry(app.battle.events().len() - 1)
        .unwrap()
        .explanation
        .to_string();
    assert!(!said.contains("may answer"), "{said}");
    assert!(said.contains("Broken and does not answer"), "{said}");
    press(&mut app, &["s"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("is Broken and does not answer"), "{s}");
    assert!(!panel(&app).contains("✓ stands"), "{}", panel(&app));
    // The flight it owes, then the charge panel again: no stand claimed.
    press(&mut app, &["Enter", "Enter", "Enter"]);
    assert!(
        app.battle
            .events()
            .iter()
            .any(|e| matches!(e, Event::Flee { unit, .. } if *unit == b(4))),
        "{}",
        screen(&app, 120, 40)
    );
    let p = panel(&app);
    assert!(!p.contains("stands to receive"), "{p}");
    assert!(p.contains("x another unit"), "{p}");
}

#[test]
fn a_unit_that_only_showers_is_not_offered_a_shot_in_an_activation() {
    // wl2 finding 2, W-23: a shower "is never a choice of an ordinary
    // activation". The Fyrd of Sussex (a12) shoot only in a shower: no `x`
    // after its activation, and `x` is refused with the true reason, not
    // "is moving" (it stands stopped).
    let mut app = wl2("keep-t2-start");
    press(&mut app, &["Enter", "52"]);
    if app.context() != Context::Tables {
        press(&mut app, &["Enter"]);
    }
    assert_eq!(app.context(), Context::Tables, "{}", screen(&app, 120, 40));
    press(&mut app, &["1", "2", "a"]);
    assert_eq!(
        app.context(),
        Context::BeforeRoll,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["64"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{}",
        screen(&app, 120, 40)
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("SUCCESS"), "{s}");
    let may = s
        .lines()
        .find(|l| l.contains("may: "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(!may.contains("x shoot"), "{may}");
    let events = app.battle.events().len();
    press(&mut app, &["x"]);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("is moving"), "{s}");
    assert!(s.contains("only in a shower"), "{s}");
    assert_eq!(app.battle.events().len(), events, "no shot recorded");
}

/// The a10×b12 Melee of the wl2 playing's turn 3 fought again with the
/// players' dice, Fyrd of Kent (a10) losing; its fall-back form open on
/// "into an enemy's front edge", Breton foot (b8).
fn fyrd_of_kent_falls_back_into_breton_foot() -> App {
    let mut app = wl2("keep-t3-a10-rear-stands");
    press(&mut app, &["u", "Esc", "u"]);
    press(&mut app, &["Enter", "3364"]);
    press(&mut app, &["1", "e", "8"]);
    assert_eq!(
        app.context(),
        Context::FallBack,
        "{}",
        screen(&app, 120, 40)
    );
    app
}

#[test]
fn falling_back_into_an_enemy_front_asks_how_many_rear_stands_touch() {
    // wl2 finding 3, 2.6.2.1: "all rear stands contacting the enemy are
    // lost": which touch is the table's to say. Enter asks; nothing is
    // assumed; the count typed is recorded and said with 2.6.2.1.
    let mut app = fyrd_of_kent_falls_back_into_breton_foot();
    let stands = app.battle.unit(a(10)).unwrap().unit.stands;
    let events = app.battle.events().len();
    press(&mut app, &["Enter"]);
    assert_eq!(app.battle.events().len(), events, "nothing assumed");
    let s = screen(&app, 120, 40);
    assert!(s.contains("rear stands touch the enemy"), "{s}");
    press(&mut app, &["9"]);
    assert_eq!(
        app.battle.events().len(),
        events,
        "9 is more than its rear rank"
    );
    press(&mut app, &["2", "Enter"]);
    assert!(
        matches!(
            app.battle.events().last(),
            Some(Event::FallBack {
                rear_stands: Some(2),
                ..
            })
        ),
        "{:?}",
        app.battle.events().last()
    );
    assert_eq!(app.battle.unit(a(10)).unwrap().unit.stands, stands - 2);
    let entry = app.battle.entry(app.battle.events().len() - 1).unwrap();
    let said = entry.explanation.to_string();
    assert!(said.contains("loses the 2 rear stand(s)"), "{said}");
    assert!(said.contains("2.6.2.1"), "{said}");
}

#[test]
fn the_stand_loss_question_gives_the_stands_lost() {
    // wl2 finding 4, W-24 and 3.1.3.2: Harold's housecarls (a1) lost 5
    // stands on the flanks and rear; the question says 5, not the number
    // of its personalities (2).
    let mut app = wl2("keep-t1-before-melee");
    press(&mut app, &["Enter", "Enter", "53642123", "Enter", "Enter"]);
    press(&mut app, &["Tab", "r"]);
    press(&mut app, &["65326511113425"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("loses 5 stand(s)"), "{s}");
    assert!(!s.contains("whose 2 lost stands"), "{s}");
    assert!(s.contains("its 5 lost stands"), "{s}");
    press(&mut app, &["2"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("(a1) lost 5 stands (3.1.3.2)"), "{s}");
    assert!(!s.contains("lost 2 stands"), "{s}");
}

// ------------------------------------------------------------------
// The independent playing wl3 (Hastings turns 1–4, Bannockburn turn 1):
// its saves are in tests/battle_data/wl3/, as the playing kept them.

/// A console on the wl3 playing's save `name`, as `herald play` opens it.
fn wl3(name: &str) -> App {
    played("wl3", name)
}

#[test]
fn a_winner_gone_berserk_on_its_test_must_follow_up() {
    // wl3 F5, 2.6.3 "The opponent must follow up into contact if it is
    // Berserk"; W-26 "a Berserk winner must". a12 went Berserk on its 2.6.3
    // test (W 5 5): it follows up b11, and `n` records no refusal.
    let mut app = wl3("keep-t1-a12-berserk-followup");
    assert!(
        !app.battle
            .duties()
            .iter()
            .any(|d| d.unit == a(12) && matches!(d.due, Due::FollowUp { .. })),
        "{:?}",
        app.battle.duties()
    );
    assert!(!app.battle.first_round(a(12), b(11)), "still in Melee");
    let events = app.battle.events().len();
    press(&mut app, &["3", "n"]);
    assert!(
        !app.battle.events()[events..]
            .iter()
            .any(|e| matches!(e, Event::FollowUp { follows: false, .. })),
        "{}",
        screen(&app, 120, 40)
    );
    assert!(!app.battle.first_round(a(12), b(11)), "still in Melee");
}

#[test]
fn a_charger_halted_by_a_shower_after_contact_still_charges() {
    // wl3 F4, W-23: a shower "is shot after contact and before the Melee";
    // 2.4.4.1 takes the charge away only from a charger "Halted during the
    // Charge move". b11 made contact, then a12's shower Halted it: in their
    // Melee b11 still counts as charging, and `c` is not refused.
    let mut app = wl3("keep-t1-b11a12");
    // Owed first since wl3 F2: b1, dispersed in its Melee, lost the stands
    // of its personalities (3.1.3.2, W-19); the playing never said whose.
    assert!(owes(&app, b(1), |d| matches!(d, Due::StandLoss { .. })));
    press(&mut app, &["Enter", "n"]);
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Melee, "{}", screen(&app, 120, 40));
    let Some(Dialog::Resolve(Resolve {
        procedure:
            Procedure::Melee {
                a: ua,
                facts_a,
                facts_b,
                ..
            },
        ..
    })) = app.dialogs.last()
    else {
        panic!()
    };
    let charging = if *ua == b(11) { facts_a } else { facts_b }.charging;
    assert!(charging, "{}", screen(&app, 120, 40));
    press(&mut app, &["c"]);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("Halted on the way"), "{s}");
}

/// Whether `id` owes a duty that `is` matches.
fn owes(app: &App, id: UnitId, is: impl Fn(&Due) -> bool) -> bool {
    app.battle
        .duties()
        .iter()
        .any(|d| d.unit == id && is(&d.due))
}

#[test]
fn a_berserk_counter_charger_in_contact_owes_no_berserk_move() {
    // wl3 F9, 2.4.10 1 and 2.4.4.2, W-34: a Berserk unit in contact with
    // the enemy it answered is in Melee; its Berserk Move is that contact,
    // never a random move after it. a12 (Berserk) failed its counter-charge
    // and b7 made contact; in Bannockburn a8 counter-charged with success
    // and met b6 halfway.
    for (save, id) in [
        ("keep-t4-a12-berserk-in-melee", a(12)),
        ("keep-bannock-a8-berserk-duty", a(8)),
    ] {
        let mut app = wl3(save);
        assert!(
            !app.battle.in_melee_with(id).is_empty(),
            "{save}: {id} is in Melee"
        );
        assert!(
            !owes(&app, id, |d| *d == Due::BerserkMove),
            "{save}: {:?}",
            app.battle.duties()
        );
        let events = app.battle.events().len();
        press(&mut app, &["Enter", "Enter"]);
        assert!(
            !app.battle.events()[events..]
                .iter()
                .any(|e| matches!(e, Event::RandomMove { unit, .. } if *unit == id)),
            "{save}: {}",
            screen(&app, 120, 40)
        );
    }
}

#[test]
fn a_unit_dispersed_by_its_fall_back_losses_owes_the_personality_roll() {
    // wl3 F2, 3.1.3.2 and W-19: "When a stand containing a personality is
    // lost in melee, roll a red die." b1 (Duke William, Toustain) loses 6
    // stands on its flanks and rear and is dispersed: the step stays owed.
    let mut app = wl3("keep-t1-melee");
    // On to the Melee phase, then b1 against a1 (a6 on b1's rear).
    press(&mut app, &["Enter", "Enter", "t"]);
    press(&mut app, &["W: 4 4 1 R: 2 Y: 2 | W: 6 5 3 2 R: 5"]);
    press(&mut app, &["Enter", "2", "Enter"]);
    assert!(
        app.battle.unit(b(1)).unwrap().off_table(),
        "{}",
        screen(&app, 120, 40)
    );
    assert!(
        owes(&app, b(1), |d| matches!(d, Due::StandLoss { lost: 6, .. })),
        "{:?}",
        app.battle.duties()
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("its 6 lost stands"), "{s}");
}

#[test]
fn stands_lost_falling_back_into_an_enemy_owe_the_personality_roll() {
    // wl3 F11, 3.1.3.2 and W-19: a1 (Harold) loses to b2 and falls back
    // into b4's front, losing its rear stands there: whose stand each was
    // is asked as after any loss in Melee.
    let mut app = wl3("keep-t4-a1-fallback");
    press(&mut app, &["u", "Enter", "t"]);
    press(
        &mut app,
        &["W: 5 4 R: 4 Y: 4 | W: 3 2 4 R: 4 Y: 4", "Enter"],
    );
    assert!(
        !owes(&app, a(1), |d| matches!(d, Due::StandLoss { .. })),
        "no stand lost in the round itself: {:?}",
        app.battle.duties()
    );
    let stands = app.battle.unit(a(1)).unwrap().unit.stands;
    press(&mut app, &["1", "e", "b4", "Enter"]);
    if app.asking_rear_stands() {
        press(&mut app, &["3", "Enter"]);
    }
    let lost = stands - app.battle.unit(a(1)).unwrap().unit.stands;
    assert!(lost > 0, "{}", screen(&app, 120, 40));
    assert!(
        owes(
            &app,
            a(1),
            |d| matches!(d, Due::StandLoss { lost: l, .. } if *l == lost)
        ),
        "{:?}\n{}",
        app.battle.duties(),
        screen(&app, 120, 40)
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("lost stands"), "{s}");
}

#[test]
fn a_ready_unit_stopped_in_melee_does_not_start_fleeing() {
    // wl3 F6, W-34: "A unit that was moving when an enemy contacted it is
    // no longer moving ... It stays stopped after the Melee." a8 fled in
    // turn 1, was contacted by b2 and is Ready in Melee: its turn-2
    // activation starts without "fleeing", and a failure is no flight.
    let mut app = wl3("keep-t2-a8-fleeing-default");
    press(&mut app, &["Enter"]);
    let Some(Dialog::Resolve(Resolve {
        procedure: Procedure::Activation { unit, situation },
        ..
    })) = app.dialogs.last()
    else {
        panic!("{}", screen(&app, 120, 40))
    };
    assert_eq!(*unit, a(8));
    assert!(!situation.fleeing, "{}", screen(&app, 120, 40));
    press(&mut app, &["2", "1"]);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("MUST flee"), "{s}");
    assert!(!owes(&app, a(8), |d| *d == Due::Flee), "{s}");
}

#[test]
fn a_shots_dice_with_its_yellow_die_typed_on_one_line() {
    // wl3 F1, the console guide: "or type them in one line by colour,
    // W: 6 6 4  R: 3  Y: 1". A shot has one side's dice (W-15): its yellow
    // die is the target's personalities', never refused as a Melee's.
    let mut app = wl3("keep-shot-yellow-refused");
    press(&mut app, &["u", "s", "x", "Enter", "5", "3", "Enter", "t"]);
    let events = app.battle.events().len();
    press(&mut app, &["W: 6 6 6 4 R: 1 1 5 Y: 2", "Enter"]);
    let s = screen(&app, 120, 40);
    assert!(!s.contains("more than one side"), "{s}");
    assert!(
        app.battle.events()[events..].iter().any(|e| matches!(
            e,
            Event::Shooting { shooter, dice, .. } if *shooter == a(5) && dice.yellow.len() == 1
        )),
        "{s}"
    );
}

#[test]
fn a_slippery_mans_dice_are_his_not_the_enemys() {
    // wl3 F7, W-21: Slippery, "roll 2 white dice" for him. a12 rolls 2
    // dice against b10; Eustace's 6 6 are shown and logged as his own,
    // not as two more dice of a12's.
    let mut app = wl3("keep-t3-a12b10");
    press(
        &mut app,
        &["Enter", "t", "W: 6 6 R: 2 Y: 1 | W: 1 1", "Enter"],
    );
    press(&mut app, &["6 6", "Enter"]);
    let entry = app.battle.entry(app.battle.events().len() - 1).unwrap();
    let fyrd = entry
        .rolls
        .iter()
        .find(|r| r.who == "Fyrd of Sussex")
        .expect("a12's dice");
    assert_eq!(fyrd.dice.white.len(), 2, "{:?}", entry.rolls);
    let his = entry
        .rolls
        .iter()
        .find(|r| r.who.contains("Eustace"))
        .unwrap_or_else(|| panic!("{:?}", entry.rolls));
    assert_eq!(his.dice.white.len(), 2, "{:?}", entry.rolls);
    let s = screen(&app, 120, 40);
    let row = s
        .lines()
        .find(|l| l.contains("Fyrd of Sussex ") && l.contains("[W6]"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(!row.contains("w6"), "{row}");
    assert!(s.contains("is Slippery, his own dice"), "{s}");
}

// ------------------------------------------------------------------
// The independent playing wl4 (Hastings, Bannockburn): a declared charge
// the battle owes until it is completed (2.4.4.1, 2.6.3); its saves are
// in tests/battle_data/wl4/, as the playing kept them.

/// A console on the wl4 playing's save `name`, as `herald play` opens it.
fn wl4(name: &str) -> App {
    played("wl4", name)
}

/// Whether the battle owes `unit`'s charge at `target` (moved or not).
fn owes_charge(app: &App, unit: UnitId, target: UnitId, moved: bool) -> bool {
    app.battle
        .duties()
        .iter()
        .any(|d| d.unit == unit && d.due == Due::Charge { target, moved })
}

#[test]
fn esc_on_an_unrolled_charge_says_it_must_still_be_done_and_enter_brings_it_back() {
    // 2.4.4.1 "Charge moves must be completed as a Random Move": the
    // battle owes it; Esc leaves it owed, Enter opens its panel again.
    let mut app = levies_charge_the_breton_archers();
    assert!(owes_charge(&app, a(8), b(9), false));
    press(&mut app, &["Esc"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("must still complete its charge"), "{s}");
    assert!(owes_charge(&app, a(8), b(9), false));
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    // The move rolled and "no contact" answered completes it.
    press(&mut app, &["s", "Enter"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Did it reach its target?"), "{s}");
    assert!(owes_charge(&app, a(8), b(9), true), "{s}");
    press(&mut app, &["n"]);
    assert!(
        !app.battle
            .duties()
            .iter()
            .any(|d| matches!(d.due, Due::Charge { .. })),
        "{}",
        screen(&app, 120, 40)
    );
}

#[test]
fn a_berserk_winners_charge_reopened_in_the_melee_phase_is_owed() {
    // wl4 F3: 2.6.3 "If it goes Berserk, it charges immediately"; 2.4.4.1.
    // Reopened in the Melee phase, its panel is back; after the target's
    // flight, and after u then U, the turn cannot end before its move.
    let mut app = wl4("keep-berserk-charge");
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(owes_charge(&app, b(11), a(12), false));
    press(&mut app, &["Enter", "66623", "Enter"]);
    assert!(
        app.battle
            .events()
            .iter()
            .any(|e| matches!(e, Event::Flee { unit, .. } if *unit == a(12))),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["u", "U"]);
    assert!(owes_charge(&app, b(11), a(12), false));
    let s = screen(&app, 120, 40);
    assert!(!s.contains("end the turn"), "{s}");
    press(&mut app, &["Esc"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Beaumont's knights (b11) must"), "{s}");
    assert!(
        app.battle.record(Event::NextPhase).is_err(),
        "the turn does not end with the charge owed"
    );
}

#[test]
fn the_contact_question_comes_back_after_undo_and_redo() {
    // wl4 F1, third reproduction: the charge move rolled, "Did it reach its
    // target?" open; u goes back to the charge before its move, U brings
    // the question back (2.4.4.1, W-25).
    let mut app = wl4("keep-reach-question");
    let s = screen(&app, 120, 40);
    assert!(s.contains("Did it reach its target?"), "{s}");
    press(&mut app, &["u"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(owes_charge(&app, b(6), a(3), false));
    press(&mut app, &["U"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("Did it reach its target?"), "{s}");
    assert!(owes_charge(&app, b(6), a(3), true));
}

#[test]
fn a_charge_redone_after_a_successful_evade_is_still_owed() {
    // wl4 F1: after u then U on the evaded charge, the charge move is owed.
    let mut app = wl4("keep-evade-ok");
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    press(&mut app, &["u", "U"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    assert!(owes_charge(&app, b(7), a(12), false));
}

// ------------------------------------------------------------------
// The independent playing wl5 (Hastings turns 1–4): its saves are in
// tests/battle_data/wl5/, as the playing kept them.

/// A console on the wl5 playing's save `name`, as `herald play` opens it.
fn wl5(name: &str) -> App {
    played("wl5", name)
}

/// Whether the open charge's panel offers the target an answer.
fn offers_an_answer(app: &App) -> bool {
    let p = panel(app);
    let f = footer(app);
    ["r counter-charge", "e evade", "s stand"]
        .iter()
        .any(|a| p.contains(a) || f.contains(a))
}

#[test]
fn after_a_shot_at_the_charger_no_answer_is_offered_again() {
    // wl5 FAULT 2, 2.4.4: "The unit being charged may choose to
    // Counter-charge or Evade, but must do so before the Charge move
    // begins. After a Counter-charge is declared or declined, any other
    // enemy unit may ... shoot at the charging unit". Harold's housecarls
    // (a1) charge the Norman archers (b5), who stood; the Norman
    // crossbowmen (b6) shot (event 66). The stand was held only by the
    // open panel: reopened, or the shot undone and redone, the panel
    // offered counter-charge and evade again.
    let reopened = wl5("keep-t2-reaction-shot");
    let redone = {
        let mut app = wl5("keep-t2-reaction-shot");
        press(&mut app, &["u", "U"]);
        app
    };
    for (how, mut app) in [("reopened", reopened), ("undone and redone", redone)] {
        let s = screen(&app, 120, 40);
        assert_eq!(app.context(), Context::Charge, "{how}:\n{s}");
        assert!(
            panel(&app).contains("stands to receive the charge"),
            "{how}:\n{}",
            panel(&app)
        );
        assert!(!offers_an_answer(&app), "{how}:\n{s}");
        let events = app.battle.events().len();
        press(&mut app, &["r"]);
        assert_eq!(app.battle.events().len(), events, "{how}");
        assert_eq!(app.context(), Context::Charge, "{how}");
        // Another shot at the charger is still the charged side's to take.
        assert!(footer(&app).contains("x "), "{how}: {}", footer(&app));
    }
}

/// The result of `shooter`'s activation to shoot at a charger, open on top.
fn reaction_result_open(app: &App, shooter: UnitId) -> bool {
    matches!(
        app.dialogs.last(),
        Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Reaction { unit, .. },
            rolled: Some(_),
            ..
        })) if *unit == shooter
    ) && matches!(
        app.dialogs.iter().rev().nth(1),
        Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Charge { .. },
            ..
        }))
    )
}

#[test]
fn undoing_a_shot_at_the_charger_offers_the_shot_again() {
    // wl5 FAULT 3, 2.4.4: the unit uses up its activation *to shoot*; the
    // console guide: undoing a shot taken after an activation "leaves that
    // activation's result open with its choices offered again". Undone,
    // the crossbowmen's (b6) activation stayed spent with no way to shoot.
    let mut app = wl5("keep-t2-reaction-shot");
    let shot = app.battle.events().len();
    press(&mut app, &["u"]);
    assert_eq!(app.battle.events().len(), shot - 1, "only the shot");
    let s = screen(&app, 120, 40);
    assert_eq!(app.context(), Context::AfterRoll, "{s}");
    assert!(reaction_result_open(&app, b(6)), "{s}");
    assert!(s.contains("Enter shoots at"), "{s}");
    // Enter shoots again, with Herald's dice; then back to the charge.
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::Shooting,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["Enter", "Enter"]);
    assert!(
        matches!(app.battle.events().last(), Some(Event::Shooting { shooter, target, .. })
            if (*shooter, *target) == (b(6), a(1))),
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
    let p = panel(&app);
    assert_eq!(p.matches("reacts to the charge").count(), 1, "{p}");
    assert!(!offers_an_answer(&app), "{p}");

    // The same live: the Levies (a8) charge the Breton archers (b9), who
    // stand; the Norman archers (b5) roll 6 5 and shoot; u on the shot.
    let mut app = levies_charge_the_breton_archers();
    press(&mut app, &["s", "x", "5", "Enter", "65", "Enter", "Enter"]);
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["u"]);
    let s = screen(&app, 120, 40);
    assert!(reaction_result_open(&app, b(5)), "{s}");
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::Shooting,
        "{}",
        screen(&app, 120, 40)
    );
}

#[test]
fn enter_does_not_answer_whether_the_winner_follows_up() {
    // wl5 FAULT 1, W-26: "a Ready one chooses (the referee says)"; 2.6.3
    // "The opponent may choose whether to follow up if it is Ready". The
    // dialog offers y and n; Enter recorded "follows up" for the player.
    let mut app = wl5("keep-followup-auto");
    assert!(matches!(
        app.battle.events().last(),
        Some(Event::FollowUp { .. })
    ));
    press(&mut app, &["u"]);
    let events = app.battle.events().len();
    press(&mut app, &["Enter"]);
    assert_eq!(
        app.context(),
        Context::FollowUp,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["Enter"]);
    let s = screen(&app, 120, 40);
    assert_eq!(app.battle.events().len(), events, "nothing recorded:\n{s}");
    assert_eq!(app.context(), Context::FollowUp, "{s}");
    assert!(s.contains("y follows up, n stays"), "{s}");
    press(&mut app, &["n"]);
    assert!(
        matches!(
            app.battle.events().last(),
            Some(Event::FollowUp { follows: false, .. })
        ),
        "{}",
        screen(&app, 120, 40)
    );
}

// ------------------------------------------------------------------
// The fourth playing's faults (wl4 FINDINGS F4–F12), from its saves.

#[test]
fn a_berserk_test_that_fails_offers_no_activation_choice() {
    // wl4 F4, 2.6.3: "an Impetuous opponent ... must immediately roll for
    // an activation to see if it goes Berserk": only a test; the unit has
    // activated this turn (W-27). Not Berserk: nothing to choose, and `c`
    // claims no counter-charge.
    let mut app = wl4("keep-berserk-test");
    press(&mut app, &["Enter", "53"]);
    let p = panel(&app);
    assert!(p.contains("score 8"), "{p}");
    assert!(!p.contains("may: "), "{p}");
    assert!(!footer(&app).contains("c charge"), "{}", footer(&app));
    let events = app.battle.events().len();
    press(&mut app, &["c", "m", "a"]);
    let p = panel(&app);
    assert!(!p.contains("counter-charges"), "{p}");
    assert!(p.contains("2.6.3"), "{p}");
    assert_eq!(app.battle.events().len(), events);
}

#[test]
fn after_esc_from_a_charge_its_activation_offers_no_other_choice() {
    // W-27 "one of the choices of 2.2.2": the charge declared is the
    // activation's choice; after Esc from its panel, the result offers no
    // move, wheel or other charge, and Enter brings the charge back.
    let mut app = levies_charge_the_breton_archers();
    press(&mut app, &["Esc"]);
    let p = panel(&app);
    assert!(!p.contains("m move"), "{p}");
    assert!(p.contains("charge ✓"), "{p}");
    assert!(!footer(&app).contains("m move"), "{}", footer(&app));
    let events = app.battle.events().len();
    press(&mut app, &["m"]);
    assert_eq!(
        app.battle.events().len(),
        events,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Charge, "{}", screen(&app, 120, 40));
}

#[test]
fn a_break_off_counts_the_expert_tacticians_plus_1() {
    // wl4 F6, 2.4.8 "by making a successful Activation roll"; W-4, W-31:
    // the Expert tactician's +1 the activation panel gives counts in the
    // break-off roll too: 4 2 + 1 = 7 beats width 6.
    let mut app = wl4("keep-breakoff");
    press(&mut app, &["B", "2", "a", "b"]);
    assert_eq!(
        app.context(),
        Context::BreakOff,
        "{}",
        screen(&app, 120, 40)
    );
    let p = panel(&app);
    assert!(p.contains("Expert tactician"), "{p}");
    assert!(p.contains("72.2%"), "{p}");
    let moves = ['4', '2', '3', '3', '3', '3', '3', '3'];
    type_dice(&mut app, |_, _, i| moves[i.min(7)]);
    assert!(
        matches!(app.battle.events().last(), Some(Event::BreakOff { unit, .. }) if *unit == b(2)),
        "{}",
        screen(&app, 120, 40)
    );
    assert!(
        app.battle.in_melee_with(b(2)).is_empty(),
        "{}",
        screen(&app, 120, 40)
    );
}

#[test]
fn an_aggressive_commanders_plus_1_may_be_added_after_the_roll_to_charge() {
    // wl4 F10, 3.1.2 Aggressive: "If charging, the +1 to activate may be
    // added after the roll is made"; W-4. Gloucester's knights (width 6),
    // W 3 2 read without the charge: 6, a failure; `c` adds the +1 (7).
    let mut app = wl4("keep-aggressive");
    press(&mut app, &["B", "6", "a", "32"]);
    assert!(panel(&app).contains("FAILURE"), "{}", panel(&app));
    press(&mut app, &["c"]);
    assert_eq!(app.context(), Context::Pick, "{}", screen(&app, 120, 40));
    assert!(
        matches!(app.battle.events().last(),
            Some(Event::Activation { unit, situation, .. }) if *unit == b(6) && situation.charging),
        "{:?}",
        app.battle.events().last()
    );
}

#[test]
fn a_broken_unit_with_nowhere_to_flee_owes_the_w19_step() {
    // wl4 F9, 1.7.3 "it loses 1 stand per turn to each enemy unit in
    // contact"; 3.1.3.2, W-19: a stand lost in Melee with a personality in
    // it rolls his red die. Robert de Beaumont is with b11.
    let mut app = wl4("keep-b11-flee");
    press(&mut app, &["Enter"]);
    assert_eq!(app.context(), Context::Flee, "{}", screen(&app, 120, 40));
    press(&mut app, &["n"]);
    assert!(
        matches!(app.battle.events().last(), Some(Event::Trapped { unit }) if *unit == b(11)),
        "{}",
        screen(&app, 120, 40)
    );
    assert!(
        app.battle
            .duties()
            .iter()
            .any(|d| d.unit == b(11) && matches!(d.due, Due::StandLoss { lost: 1, .. })),
        "{:?}",
        app.battle.duties()
    );
}

#[test]
fn the_formation_picker_refuses_with_the_formations_own_rule_and_keeps_pavises() {
    // wl4 F8: 2.3.1.3 Wedge "Some units are allowed"; 2.3.1.4 Hedgehog for
    // drilled Pike with the ability; 3.3.3.4 "Only units equipped with
    // pavises may deploy them": a refused `p` changes nothing, and Line is
    // then recorded. Housecarls of the Dragon (a2): irregular Close Foot
    // with the shieldwall trait, in Shieldwall, no pavises; W 6 5.
    let mut app = wl4("keep-a1-formation");
    press(&mut app, &["Enter", "65", "o"]);
    assert_eq!(
        app.context(),
        Context::Formation,
        "{}",
        screen(&app, 120, 40)
    );
    press(&mut app, &["w"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("2.3.1.3"), "{s}");
    assert!(!s.contains("Shieldwall needs"), "{s}");
    press(&mut app, &["h"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("2.3.1.4"), "{s}");
    assert!(!s.contains("Shieldwall needs"), "{s}");
    press(&mut app, &["p"]);
    let s = screen(&app, 120, 40);
    assert!(s.contains("3.3.3.4"), "{s}");
    assert!(s.contains("pavises not deployed"), "{s}");
    press(&mut app, &["l"]);
    assert!(
        matches!(app.battle.events().last(),
            Some(Event::Choose { unit, formation: Some(Formation::Line), pavises: None, .. }) if *unit == a(2)),
        "{}",
        screen(&app, 120, 40)
    );
}

#[test]
fn the_correction_form_refuses_pavises_to_a_unit_without_them() {
    // wl4 F11, 3.3.3.4 "Only units equipped with pavises may deploy them":
    // Gloucester's knights have none; the battle checks the correction.
    let mut app = wl4("keep-aggressive");
    let events = app.battle.events().len();
    press(&mut app, &["B", "6", "c", "p", "p", "Enter"]);
    assert_eq!(
        app.battle.events().len(),
        events,
        "{}",
        screen(&app, 120, 40)
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("are not pavisiers"), "{s}");
}

#[test]
fn melee_odds_name_each_side_by_its_id() {
    // wl4 F12: "The King's schiltron" (a1) and "The King's household
    // knights" (b1) both cut to "The King's…": each odds line names its id.
    let mut app = wl4("keep-bannock-hedgehog");
    press(&mut app, &["Enter"]);
    let p = panel(&app);
    assert!(p.contains("(a1) loses"), "{p}");
    assert!(p.contains("(b1) loses"), "{p}");
}

/// The screen's words in one line: rows joined, runs of spaces as one.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_status_line_wraps_whole_words_at_120_columns() {
    // wl4 F5 (PLAY.md: no word cut mid-word): the counter-charge met
    // halfway says all of its status, "they fight in the Melee phase".
    let mut app = wl4("keep-countercharge");
    press(&mut app, &["Enter"]);
    let s = screen(&app, 120, 40);
    assert!(
        words(&s).contains("it stops (W-25), they fight in the Melee phase"),
        "{s}"
    );
}

#[test]
fn the_side_tables_title_keeps_whole_words_at_80_columns() {
    // wl4 F7 (PLAY.md: no word cut mid-word): turn 4, the English with
    // the initiative activating, 2 units gone: the title fits at 80×24.
    let app = wl4("keep-a1-formation");
    let s = screen(&app, 80, 24);
    let title = s
        .lines()
        .find(|l| l.contains(" a English"))
        .unwrap_or_else(|| panic!("{s}"));
    let last = title
        .trim_end_matches(['─', ' '])
        .split(' ')
        .next_back()
        .unwrap_or("");
    assert!(
        ["initiative", "activating", "activate", "…"]
            .iter()
            .any(|w| last.ends_with(w)),
        "{title}"
    );
    assert!(title.contains("initiative"), "{title}");
}
