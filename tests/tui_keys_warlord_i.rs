//! What a Move of Warlord I costs at the keyboard (issues 21, 33), measured
//! as `tests/tui_keys.rs` measures a Warlords turn: a whole first Move of
//! the bundled Carrhae battle driven through the real update loop — the
//! order of play with the winner's choice, every CO's command test, a
//! transfer, four commands including two charges, three shots at ranges
//! the referee types (one from a flank), the waver tests the shots call
//! for, two melees with the losing player's choice, the Move concluded —
//! once with Herald's dice and once with every die typed in (the same
//! faces, so the same Move). Every key counts (a typed digit is a key);
//! the figures are printed and held: a change that raises one fails.

#[path = "support/warlord_i_battle.rs"]
mod battle_support;

use herald::battle::UnitId;
use herald::battle::warlord_i::{Battle, CoId, Event, Phase, Step};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::rules::warlord_i::{Activity, ShotFrom};
use herald::tui::theme::Theme;
use herald::tui::warlord_i::app::App;
use herald::tui::warlord_i::keymap::Context;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The Move's keys with Herald's dice (issue 33: at most 100).
const MOVE_HERALD: usize = 100;
/// The Move's keys with every die typed (issue 33: at most 120).
const MOVE_TYPED: usize = 120;

fn u(side: Side, n: usize) -> UnitId {
    UnitId::new(side, n - 1)
}

/// Keys a `press` entry stands for: a named key is one, text one per character.
fn count(k: &str) -> usize {
    match k {
        "Enter" | "Esc" | "Tab" | "Up" | "Down" | "Left" | "Right" | "Backspace" | "Home"
        | "End" => 1,
        text => text.chars().count(),
    }
}

fn events(k: &str) -> Vec<KeyEvent> {
    let code = match k {
        "Enter" => KeyCode::Enter,
        "Esc" => KeyCode::Esc,
        "Tab" => KeyCode::Tab,
        "Up" => KeyCode::Up,
        "Down" => KeyCode::Down,
        "Left" => KeyCode::Left,
        "Right" => KeyCode::Right,
        "Backspace" => KeyCode::Backspace,
        "Home" => KeyCode::Home,
        "End" => KeyCode::End,
        text => {
            return text
                .chars()
                .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
                .collect();
        }
    };
    vec![KeyEvent::new(code, KeyModifiers::NONE)]
}

/// A referee at the keyboard, counting keys.
struct Referee {
    app: App,
    keys: usize,
    /// Keys per part of the Move.
    parts: Vec<(String, usize)>,
    /// Something planned could not be done with these dice.
    spoiled: Vec<String>,
    /// The losing player's choices asked.
    choices: usize,
    /// Sides whose commands are given.
    commanded: Vec<Side>,
    shot: bool,
    engaged: bool,
    /// The players' dice are typed (the faces Herald's dice would show).
    typed: bool,
    /// The dice the players throw when they are typed: Herald's from the
    /// same seed, so the typed Move is the same Move.
    thrown: SeededDice,
}

impl Referee {
    fn new(seed: u64, typed: bool) -> Referee {
        Referee {
            app: App::new(
                Battle::new(battle_support::setup()),
                SeededDice::new(seed),
                Theme::plain(),
                "carrhae",
            ),
            keys: 0,
            parts: Vec::new(),
            spoiled: Vec::new(),
            choices: 0,
            commanded: Vec::new(),
            shot: false,
            engaged: false,
            typed,
            thrown: SeededDice::new(seed),
        }
    }

    fn press(&mut self, keys: &[&str]) {
        if std::env::var("TRACE_KEYS").is_ok() {
            println!("    {:?} {:?}", self.app.context(), keys);
        }
        self.keys += keys.iter().map(|k| count(k)).sum::<usize>();
        for k in keys {
            for ev in events(k) {
                self.app.key(ev);
            }
        }
    }

    fn part(&mut self, what: &str, f: impl FnOnce(&mut Referee)) {
        let before = self.keys;
        f(self);
        self.parts.push((what.to_string(), self.keys - before));
    }

    /// The faces Herald's dice would show for the open panel's roll: the
    /// players throw them and type them in.
    fn faces(&mut self) -> String {
        let p = self.app.panel.as_ref().expect("a panel");
        let event = self
            .app
            .battle
            .complete(p.event.clone(), &mut self.thrown)
            .expect("the roll");
        let d = |x: &herald::dice::Dice| -> String {
            x.white.iter().map(|f| f.value().to_string()).collect()
        };
        match &event {
            Event::OrderOfPlay { dice, .. } | Event::Melee { dice, .. } => {
                format!("{}{}", d(&dice.a), d(&dice.b))
            }
            Event::CommandTest { dice, .. }
            | Event::Shooting { dice, .. }
            | Event::WaverTest { dice, .. }
            | Event::FugitiveAttrition { dice, .. }
            | Event::GeneralRisk { dice, .. }
            | Event::Initiative { dice, .. }
            | Event::EnterField { dice, .. } => d(dice),
            _ => String::new(),
        }
    }

    /// Rolls the open panel: Enter with Herald's dice; typed, the faces
    /// straight (they roll at the last), or after `t` when a number is
    /// selected; a step without dice is recorded with Enter. Then the
    /// loser's or the winner's choice when asked. Says if it was refused.
    fn roll(&mut self, what: &str) {
        let events = self.app.battle.events().len();
        let faces = if self.typed {
            self.faces()
        } else {
            String::new()
        };
        if !self.typed || faces.is_empty() {
            self.press(&["Enter"]);
        } else if self.number_selected() {
            self.press(&["t", &faces, "Enter"]);
        } else {
            self.press(&[&faces]);
        }
        match self.app.context() {
            Context::Response => {
                self.choices += 1;
                self.press(&["r"]);
            }
            Context::Winner => self.press(&["f"]),
            _ => {}
        }
        if self.app.battle.events().len() == events {
            let why = self
                .app
                .panel
                .as_ref()
                .and_then(|p| p.error.clone())
                .unwrap_or_default();
            self.spoiled.push(format!("{what}: {why}"));
            self.press(&["Esc"]);
        }
    }

    /// Whether the panel's selected fact takes digits (typed dice need `t`).
    fn number_selected(&self) -> bool {
        let p = self.app.panel.as_ref().expect("a panel");
        p.facts(&self.app.battle)
            .get(p.form.field)
            .is_some_and(|f| f.takes_digits())
    }

    /// A unit commanded (`c`), for an attack on `target` when given:
    /// E54's number 3 (the first fact takes it straight), the target's
    /// side letter and number. The result stays open: the next key of
    /// the tables closes it.
    fn command(&mut self, unit: &str, target: Option<&str>) {
        self.press(&[unit, "c"]);
        if let Some(t) = target {
            let (letter, number) = t.split_at(1);
            self.press(&["3", letter, number]);
        }
        self.roll(&format!("command {unit}"));
    }

    /// A shot at `target` from `range` cm, from the flank when told: the
    /// target is the panel's first fact, so its number alone picks it.
    fn shoot(&mut self, shooter: &str, target: &str, range: &str, flank: bool) {
        let number = &target[1..];
        self.press(&[shooter, "s", number, "r", range]);
        if flank {
            self.press(&["f"]);
        }
        self.roll(&format!("{shooter} shoots"));
    }

    /// The side's commands (Rule 29, E54), before its recuperation (WI-9).
    fn commands(&mut self, side: Side) {
        match side {
            Side::B => self.part("side b's commands: b1 charges a6, b7", |r| {
                r.command("B1", Some("a6"));
                r.command("7", None);
            }),
            Side::A => self.part("side a's commands: a7 charges b8, a9", |r| {
                r.command("A7", Some("b8"));
                r.command("9", None);
            }),
        }
        self.commanded.push(side);
    }

    /// The referee's own moves the step is waiting for, if any: the
    /// commands, the shots, the contacts.
    fn own_moves(&mut self) -> bool {
        match self.app.battle.next_step() {
            Step::Recuperation(side) | Step::EndCommand(side)
                if !self.commanded.contains(&side) =>
            {
                self.commands(side);
                true
            }
            Step::EndShooting if !self.shot => {
                self.shot = true;
                self.part("three shots, one from a flank", |r| {
                    r.shoot("B2", "a1", "10", false);
                    r.shoot("3", "a8", "12", true);
                    r.shoot("A9", "b2", "18", false);
                });
                true
            }
            Step::EndCharges if !self.engaged => {
                self.engaged = true;
                self.part("two contacts", |r| {
                    r.press(&["B1", "e"]);
                    r.roll("b1 contact");
                    r.press(&["A7", "e"]);
                    r.roll("a7 contact");
                });
                true
            }
            _ => false,
        }
    }

    /// The whole Move, the walker leading (Rule 25): Enter opens what the
    /// Move owes next, a result's Enter the next procedure.
    fn play_move(&mut self) {
        let mut guard = 0;
        while self.app.battle.turn() == 1 {
            guard += 1;
            assert!(guard < 300, "the Move does not end");
            match self.app.context() {
                Context::Panel => {
                    let event = self.app.panel.as_ref().unwrap().event.clone();
                    match event {
                        // Silaces gets 3 CCPs from Surena 25 cm away (WI-5).
                        Event::CommandTest { co, .. } if co == CoId::new(Side::B, 1) => {
                            self.part("a command test with a transfer", |r| {
                                r.press(&["c", "3", "d", "25"]);
                                r.roll("Silaces' test");
                            });
                        }
                        e => self.part(e.kind(), |r| r.roll(e.kind())),
                    }
                }
                Context::Result | Context::Tables => {
                    if !self.own_moves() {
                        self.part("Enter: on", |r| r.press(&["Enter"]));
                    }
                }
                other => panic!("left in {other:?}"),
            }
        }
    }

    fn count_events(&self, kind: &str) -> usize {
        self.app
            .battle
            .events()
            .iter()
            .filter(|e| e.kind() == kind)
            .count()
    }

    /// Keys per kind of part, summed, for the printout.
    fn summary(&self) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for (what, keys) in &self.parts {
            match out.iter_mut().find(|(w, _)| w == what) {
                Some((_, k)) => *k += keys,
                None => out.push((what.clone(), *keys)),
            }
        }
        out
    }
}

/// Plays the Move from `seed` (typed or not); `None` when the dice spoil
/// the plan (a command refused for want of CCPs, a melee without a
/// choice, fewer than two waver tests).
fn a_move(seed: u64, typed: bool) -> Option<Referee> {
    let mut r = Referee::new(seed, typed);
    r.play_move();
    let ok = r.spoiled.is_empty()
        && r.choices == 2
        && r.count_events("waver_test") >= 2
        && r.count_events("melee") == 2;
    ok.then_some(r)
}

/// Everything the issue asks for is in the Move.
fn the_move_is_whole(r: &Referee) {
    let b = &r.app.battle;
    assert_eq!((b.turn(), b.phase()), (2, Phase::OrderOfPlay), "concluded");
    assert_eq!(r.count_events("order_of_play"), 1);
    assert_eq!(r.count_events("command_test"), 6, "every CO's test");
    let transfer = b.events().iter().any(|e| {
        matches!(e, Event::CommandTest { transfer: Some(t), .. } if t.ccps == 3 && t.distance_cm == 25)
    });
    assert!(transfer, "Surena gave Silaces 3 CCPs from 25 cm");
    assert_eq!(r.count_events("command"), 4);
    let charges = b
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Command {
                    target: Some(_),
                    ..
                }
            )
        })
        .count();
    assert_eq!(charges, 2);
    let shots: Vec<_> = b
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Shooting { situation, .. } => Some(situation),
            _ => None,
        })
        .collect();
    assert_eq!(
        shots.iter().map(|s| s.range_cm).collect::<Vec<_>>(),
        vec![10, 12, 18],
        "ranges typed"
    );
    assert_eq!(
        shots
            .iter()
            .filter(|s| s.shot_from == ShotFrom::Flank)
            .count(),
        1
    );
    assert!(r.count_events("waver_test") >= 2);
    assert_eq!(r.count_events("melee"), 2);
    assert_eq!(r.choices, 2, "the losing player chose twice");
    assert!(
        !b.unit(u(Side::B, 1)).unwrap().unit.is(Activity::Charging),
        "charges completed at the Move's end"
    );
}

#[test]
fn a_move_of_carrhae_with_heralds_dice_and_with_typed_dice() {
    // The seed is the first from 1 whose dice let the plan through.
    let seed = (1..400u64)
        .find(|s| a_move(*s, false).is_some())
        .expect("a seed plays the plan");
    for typed in [false, true] {
        let r = a_move(seed, typed).expect("the same faces play the same Move");
        println!(
            "A Move of Carrhae with {} (seed {seed}): {} keys",
            if typed { "typed dice" } else { "Herald's dice" },
            r.keys
        );
        for (what, keys) in r.summary() {
            println!("  {keys:>3}  {what}");
        }
        the_move_is_whole(&r);
        let most = if typed { MOVE_TYPED } else { MOVE_HERALD };
        assert!(r.keys <= most, "{} keys, over {most}", r.keys);
    }
    // Typed, the same battle: the same events, dice and all.
    let (h, t) = (a_move(seed, false).unwrap(), a_move(seed, true).unwrap());
    assert_eq!(h.app.battle.events(), t.app.battle.events());
}
