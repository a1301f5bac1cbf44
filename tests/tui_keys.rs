//! What a turn costs at the keyboard (issue 13): a whole first turn of the
//! bundled Hastings battle, driven through the real update loop as a referee
//! plays it — the initiative, every unit activated, two shootings, three
//! charges with their answers, three Melees with what they leave — once with
//! Herald's dice and once with every die typed in. It counts every key
//! (a typed face is a key), prints the figures and holds them to the targets:
//! a change that raises them is a regression.

#[path = "support/tui.rs"]
mod support;
use support::{hastings, press, screen};

use herald::battle::UnitId;
use herald::battle::warlords::Step;
use herald::dice::{Colour, Dice};
use herald::rules::Side;
use herald::rules::warlords::unit::Morale;
use herald::tui::warlords::app::App;
use herald::tui::warlords::dialog::{Ask, Dialog, TypeDice};
use herald::tui::warlords::keymap::Context;

/// The whole turn's targets (issue 13).
const TURN_HERALD: usize = 150;
const TURN_TYPED: usize = 260;
/// A shooting from the activation's result back to it.
const SHOOTING: usize = 6;
/// A charge with the target's answer, from the activation's result to contact.
const CHARGE: usize = 8;
/// A correction of one field, from the tables back to them.
const CORRECTION: usize = 5;
/// Typing a Melee's dice (both sides, every colour), beyond the faces.
const MELEE_TYPED: usize = 16;

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i - 1)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i - 1)
}

/// What the referee does with a unit after its activation succeeds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Plan {
    /// Charge this unit; it stands.
    Charge(UnitId),
    /// Shoot at this unit.
    Shoot(UnitId),
}

/// The turn's plan: three charges and two shootings, both sides.
fn plan(id: UnitId) -> Option<Plan> {
    [
        (a(1), Plan::Charge(b(1))),
        (a(5), Plan::Shoot(b(5))),
        (a(12), Plan::Charge(b(12))),
        (b(2), Plan::Charge(a(2))),
        (b(9), Plan::Shoot(a(5))),
    ]
    .into_iter()
    .find(|(u, _)| *u == id)
    .map(|(_, p)| p)
}

/// A referee at the keyboard, counting keys.
struct Referee {
    app: App,
    /// Herald's dice, or the players' typed in.
    typed: bool,
    /// Every key pressed.
    keys: usize,
    /// The typed faces among them.
    faces: usize,
    /// Keys per procedure: what, keys, faces among them.
    procedures: Vec<(String, usize, usize)>,
    /// The next face to type (the players' dice, made up but fixed).
    next_face: usize,
    /// A planned unit failed its activation (Herald's dice): the seed is no good.
    spoiled: bool,
    /// The referee has corrected a casualty figure.
    corrected: bool,
}

/// Keys a `press` entry stands for: a named key is one, text one per character.
fn count(k: &str) -> usize {
    match k {
        "Enter" | "Esc" | "Tab" | "Up" | "Down" | "Left" | "Right" | "Backspace" | "Home"
        | "End" | "PgUp" | "PgDn" | "C-c" => 1,
        text => text.chars().count(),
    }
}

impl Referee {
    fn new(seed: u64, typed: bool) -> Referee {
        Referee {
            app: hastings(seed),
            typed,
            keys: 0,
            faces: 0,
            procedures: Vec::new(),
            next_face: 0,
            spoiled: false,
            corrected: false,
        }
    }

    fn press(&mut self, keys: &[&str]) {
        if std::env::var("TRACE_KEYS").is_ok() {
            println!("    {:?} {:?}", self.context(), keys);
        }
        self.keys += keys.iter().map(|k| count(k)).sum::<usize>();
        press(&mut self.app, keys);
    }

    fn context(&self) -> Context {
        self.app.context()
    }

    /// Made-up faces: activations succeed (6 5), the rest cycle.
    fn faces_for(&mut self, n: usize, activation: bool) -> String {
        if activation && n >= 2 {
            return "65".to_string() + &"1".repeat(n - 2);
        }
        const CYCLE: [char; 6] = ['4', '3', '5', '2', '6', '3'];
        (0..n)
            .map(|_| {
                self.next_face += 1;
                CYCLE[self.next_face % CYCLE.len()]
            })
            .collect()
    }

    /// Rolls the open panel: Enter, or `t` and the faces the field asks for.
    fn roll(&mut self) {
        if !self.typed {
            return self.press(&["Enter"]);
        }
        let activation = matches!(self.context(), Context::BeforeRoll);
        let melee = self.context() == Context::Melee;
        // The first face opens the typed dice (no `t` needed); each prompt
        // takes its faces and Enter.
        let Some(Dialog::Resolve(panel)) = self.app.dialogs.last() else {
            panic!("a panel to roll: {}", screen(&self.app, 120, 40));
        };
        let first = self.app.needs(&panel.procedure).expect("the panel's dice");
        let mut ask = TypeDice::next_ask(&first, &vec![Dice::default(); first.len()]);
        // The dice the panel lists before any is typed go on one line, in
        // its order (white, then red): a Melee's red dice with its white.
        if let Some(a) = ask.as_mut() {
            a.count = first.iter().map(|(_, c)| c.white + c.red + c.yellow).sum();
        }
        let mut guard = 0;
        while let Some(Ask {
            count: n, colour, ..
        }) = ask
        {
            guard += 1;
            assert!(guard < 10, "{}", screen(&self.app, 120, 40));
            let white = colour == Colour::White;
            let faces = if melee && white && guard == 1 {
                // Side a's white dice high, side b's low (side b is beaten
                // and flees), then the red dice.
                let (wa, wb) = (first[0].1.white, first[1].1.white);
                (0..n)
                    .map(|i| match i {
                        i if i < wa => '6',
                        i if i < wa + wb => '1',
                        _ => '4',
                    })
                    .collect()
            } else {
                self.faces_for(n, activation && white)
            };
            self.faces += n;
            // Typed straight on the panel, the dice are used at the last face.
            self.press(&[&faces]);
            if matches!(self.app.dialogs.last(), Some(Dialog::TypeDice(t)) if !t.text.is_empty()) {
                self.press(&["Enter"]);
            }
            ask = match self.app.dialogs.last() {
                Some(Dialog::TypeDice(t)) => {
                    assert!(t.error.is_none(), "{:?}", t.error);
                    Some(t.ask)
                }
                _ => None,
            };
        }
    }

    /// Counts the keys of a procedure.
    fn measure(&mut self, what: &str, f: impl FnOnce(&mut Referee)) -> usize {
        let (k0, f0) = (self.keys, self.faces);
        f(self);
        let (k, faces) = (self.keys - k0, self.faces - f0);
        self.procedures.push((what.to_string(), k, faces));
        k
    }

    /// Whatever panels are open: roll them and close them as the walker
    /// offers (a follow-up is taken, a shower shot), until the tables.
    fn settle(&mut self) {
        let mut guard = 0;
        while !self.app.dialogs.is_empty() {
            guard += 1;
            assert!(guard < 60, "stuck:\n{}", screen(&self.app, 120, 40));
            match self.context() {
                Context::BeforeRoll
                | Context::Shooting
                | Context::Melee
                | Context::Flee
                | Context::BreakOff => self.roll(),
                Context::Charge => self.roll(),
                Context::FollowUp => self.press(&["y"]),
                _ => self.press(&["Enter"]),
            }
        }
    }

    /// The unit's activation: open, roll, its plan, done.
    fn activate(&mut self, id: UnitId) {
        self.press(&["Enter"]);
        assert_eq!(self.context(), Context::BeforeRoll, "{id}");
        self.roll();
        assert_eq!(
            self.context(),
            Context::AfterRoll,
            "{}",
            screen(&self.app, 120, 40)
        );
        let plan = plan(id);
        if plan.is_some()
            && self.app.battle.events().last().map(|e| e.kind()) == Some("activation")
            && !self.allows(plan)
        {
            self.spoiled = true;
            self.press(&["Enter"]);
            return self.settle();
        }
        match plan {
            Some(Plan::Shoot(target)) => {
                let casualties = self.app.battle.unit(target).unwrap().unit.casualties;
                self.measure(&format!("{id} shoots at {target}"), |r| {
                    r.press(&["x"]);
                    r.pick(target);
                    assert_eq!(r.context(), Context::Shooting);
                    r.roll();
                    r.press(&["Enter"]);
                    assert_eq!(r.context(), Context::AfterRoll);
                });
                let shots = self.events("shooting");
                assert!(shots > 0, "{id}'s shot is recorded");
                let _ = casualties;
            }
            Some(Plan::Charge(target)) => {
                self.measure(&format!("{id} charges {target}"), |r| {
                    r.press(&["c"]);
                    r.pick(target);
                    assert_eq!(r.context(), Context::Charge, "{}", screen(&r.app, 120, 40));
                    r.press(&["s"]);
                    r.roll();
                    assert_eq!(r.context(), Context::Contact, "{}", screen(&r.app, 120, 40));
                    r.press(&["Enter"]);
                });
                assert!(
                    self.app.battle.in_melee_with(id).contains(&target),
                    "{id} is in Melee with {target}"
                );
            }
            None => {}
        }
        self.press(&["Enter"]);
        self.settle();
        assert!(
            self.app.battle.unit(id).unwrap().activated
                || self.app.battle.unit(id).unwrap().off_table()
        );
    }

    /// Before the Melees the referee counts the English bowmen's casualty
    /// figures on the table: one more than Herald has. A correction of one
    /// field, from the tables.
    fn correct(&mut self) {
        self.corrected = true;
        let id = a(5);
        let before = self.app.battle.unit(id).unwrap().unit.casualties;
        self.measure("correction of a5", |r| {
            if r.app.focus != Side::A {
                r.press(&["Tab"]);
            }
            r.press(&["5"]);
            assert_eq!(r.app.selected_id(), Some(id));
            r.press(&["c"]);
            assert_eq!(r.context(), Context::Correct);
            r.press(&["+", "Enter"]);
        });
        assert_eq!(
            self.app.battle.unit(id).unwrap().unit.casualties,
            before + 1,
            "the correction opened on the casualty figures"
        );
        assert_eq!(self.context(), Context::Tables);
    }

    /// Whether the open activation's result allows the plan.
    fn allows(&self, plan: Option<Plan>) -> bool {
        let s = screen(&self.app, 120, 40);
        match plan {
            Some(Plan::Charge(_)) => s.contains("c charge"),
            Some(Plan::Shoot(_)) => s.contains("x shoot"),
            None => true,
        }
    }

    /// Picks a unit in the open picker as a referee would: Enter when the
    /// cursor is on it already, else by moving the cursor.
    fn pick(&mut self, id: UnitId) {
        let Some(Dialog::Pick(p)) = self.app.dialogs.last() else {
            panic!("a picker: {}", screen(&self.app, 120, 40));
        };
        let at = p.choices.iter().position(|c| *c == id).expect("offered");
        if at != p.line {
            // Not where the picker started: its number typed (b5 → 5).
            self.press(&[&(id.index + 1).to_string()]);
            let Some(Dialog::Pick(p)) = self.app.dialogs.last() else {
                unreachable!()
            };
            assert_eq!(p.choices[p.line], id, "the typed id picks {id}");
        }
        self.press(&["Enter"]);
    }

    fn events(&self, kind: &str) -> usize {
        self.app
            .battle
            .events()
            .iter()
            .filter(|e| e.kind() == kind)
            .count()
    }

    /// The whole first turn, to the second turn's initiative.
    fn first_turn(&mut self) {
        self.measure("initiative", |r| {
            // A tie on the first turn is rolled again (2.1.1).
            while r.app.battle.initiative().is_none() {
                if r.app.dialogs.is_empty() {
                    r.press(&["Enter"]);
                }
                r.roll();
                r.press(&["Enter"]);
            }
            r.settle();
        });
        assert!(self.app.battle.initiative().is_some());
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(guard < 100, "{}", screen(&self.app, 120, 40));
            match self.app.battle.next_step() {
                Step::Activate(id) => self.activate(id),
                Step::EndActivations(_) => self.press(&["Enter"]),
                Step::FightMelee(..) if !self.corrected => self.correct(),
                Step::FightMelee(x, y) => {
                    let name = format!("Melee {x}-{y}");
                    self.measure(&name, |r| {
                        r.press(&["Enter"]);
                        assert_eq!(r.context(), Context::Melee);
                        let typing = "  typing its dice".to_string();
                        r.measure(&typing, Referee::roll);
                        // At 80×24: the title whole, the next steps in sight
                        // unscrolled (the panel below its two units' rows).
                        let small = screen(&r.app, 80, 24);
                        let title = small.lines().find(|l| l.contains('╭')).unwrap_or_default();
                        assert!(title.contains("(2.6) ─"), "{small}");
                        if r.app.battle.duties().iter().any(|d| d.due.required()) {
                            assert!(small.contains("Next"), "{small}");
                            assert!(small.contains(" must "), "{small}");
                        }
                        r.settle();
                    });
                }
                Step::Duty(_) => {
                    self.press(&["Enter"]);
                    self.settle();
                }
                Step::EndTurn => {
                    self.press(&["Enter"]);
                    // The turn's summary comes up; Enter goes on to the next turn.
                    assert_eq!(self.context(), Context::Summary);
                    break;
                }
                Step::RollInitiative => panic!("the initiative again"),
            }
        }
    }

    fn report(&self, title: &str) {
        println!("{title}: {} keys ({} of them faces)", self.keys, self.faces);
        for (what, k, f) in &self.procedures {
            println!("  {what:<24} {k:>3} keys ({f} faces)");
        }
        let kinds: Vec<&str> = self.app.battle.events().iter().map(|e| e.kind()).collect();
        println!("  events: {}", kinds.join(" "));
    }

    /// Holds each procedure measured to its target: Herald's dice for a
    /// whole procedure, and the keys beyond the faces for typed dice.
    fn assert_procedures(&self) {
        for (what, k, faces) in &self.procedures {
            let beyond = k - faces;
            let (target, keys) = if what.contains("shoots") {
                (SHOOTING, beyond)
            } else if what.contains("charges") {
                (CHARGE, beyond)
            } else if what.contains("correction") {
                (CORRECTION, *k)
            } else if what.contains("typing") {
                (MELEE_TYPED, beyond)
            } else {
                continue;
            };
            assert!(
                keys <= target,
                "{what}: {keys} keys beyond the faces (target {target})"
            );
        }
    }
}

/// Asserts what the turn did to the battle, so a broken turn cannot pass.
fn assert_the_turn(r: &Referee) {
    let battle = &r.app.battle;
    assert!(r.events("activation") >= 25 - 2, "every unit activated");
    assert!(r.events("shooting") >= 2, "two shootings");
    assert!(r.events("contact") >= 3, "three charges made contact");
    assert!(r.events("melee") >= 3, "three Melees fought");
    let hit: usize = [Side::A, Side::B]
        .into_iter()
        .flat_map(|s| battle.units(s))
        .filter(|(_, u)| u.unit.casualties > 0 || u.unit.morale != Morale::Ready)
        .count();
    assert!(hit >= 3, "units' states changed");
    if r.typed {
        // The players' dice beat side b in every Melee: its units flee.
        assert!(r.events("flee") >= 3, "three flights");
        for id in [b(1), b(12), a(2)] {
            let u = battle.unit(id).unwrap();
            assert!(
                u.unit.morale != Morale::Ready || u.unit.stands < 8,
                "{id} lost its Melee"
            );
        }
    }
}

#[test]
fn a_first_turn_of_hastings_with_heralds_dice() {
    // Seed 18: every planned unit's activation succeeds with Herald's dice.
    let mut r = Referee::new(18, false);
    r.first_turn();
    r.report("Herald's dice");
    assert_the_turn(&r);
    r.assert_procedures();
    assert!(
        r.keys <= TURN_HERALD,
        "{} keys with Herald's dice (target {TURN_HERALD})",
        r.keys
    );
}

#[test]
fn a_first_turn_of_hastings_with_every_die_typed() {
    let mut r = Referee::new(18, true);
    r.first_turn();
    r.report("typed dice");
    assert_the_turn(&r);
    r.assert_procedures();
    assert!(
        r.keys <= TURN_TYPED,
        "{} keys with typed dice (target {TURN_TYPED})",
        r.keys
    );
}

#[test]
fn undoing_a_wrong_shot_goes_back_to_the_units_choices() {
    // The English bowmen (a5) shoot at the wrong unit: u takes the shot back
    // and leaves their activation's result open, its choices offered again.
    let mut app = hastings(18);
    press(&mut app, &["Enter", "Enter", "Enter"]);
    assert_eq!(app.battle.initiative(), Some(Side::A));
    press(&mut app, &["5", "a", "Enter"]);
    assert_eq!(app.context(), Context::AfterRoll);
    let activations = app.battle.events().len();
    press(&mut app, &["x", "7", "Enter", "Enter"]);
    assert_eq!(
        app.battle.events().last().map(|e| e.kind()),
        Some("shooting")
    );
    press(&mut app, &["u"]);
    assert_eq!(
        app.battle.events().len(),
        activations,
        "only the shot is undone"
    );
    assert_eq!(
        app.context(),
        Context::AfterRoll,
        "back to the unit's choices"
    );
    let s = screen(&app, 120, 40);
    assert!(s.contains("x shoot"), "{s}");
    press(&mut app, &["x", "Enter", "Enter"]);
    let Some(herald::battle::warlords::Event::Shooting { target, .. }) = app.battle.events().last()
    else {
        panic!("the shot again");
    };
    assert_eq!(*target, b(5), "the picker starts opposite the bowmen");
}
