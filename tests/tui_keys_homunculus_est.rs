//! What a turn of Homunculus Est! costs at the keyboard (issue 34, item
//! 11), measured as `tests/tui_keys.rs` measures a Warlords turn: the
//! first turn of the bundled Magnesia driven through the real update loop,
//! once with Herald's dice and once with every die typed (each face a
//! key): who starts; in the Romans' phase Legio III charges the Galatians
//! (its combat and every step it forces), the Cretan and Trallian archers
//! shoot the Dahae, the Achaean peltasts shoot the phalanx, the Pergamene
//! cavalry move; in the Seleucids' phase the Dahae move and shoot on the
//! move, the Elephants charge the Latin ala and the Agema attack the Roman
//! equites; each phase ended by its player or by its Reversal of Fortune.
//! Every card's value is typed as drawn. The figures are printed and held:
//! a change that raises one fails (`cargo test --release --test
//! tui_keys_homunculus_est -- --nocapture` prints them).

use herald::battle::homunculus_est::{Battle, Event, Phase, Setup};
use herald::dice::{Colour, DiceSource, SeededDice};
use herald::rules::Side;
use herald::rules::homunculus_est::combat::Combat;
use herald::rules::homunculus_est::shooting::Shooting;
use herald::store::homunculus_est::army::load_army;
use herald::tui::homunculus_est::App;
use herald::tui::screen::Screen;
use herald::tui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// The turn's keys with Herald's dice (held: a change that raises it fails).
const HERALD: usize = 68;
/// The turn's keys with every die typed, each face a key (held).
const TYPED: usize = 72;

fn setup() -> Setup {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml"))
        .unwrap()
        .army;
    let r = load_army(&dir.join("magnesia-190bc-roman.toml"))
        .unwrap()
        .army;
    Setup::new(vec![r], vec![s]).unwrap()
}

/// A referee at the keyboard, counting keys.
struct Referee {
    app: App,
    keys: usize,
    /// The players' dice, when they are typed.
    table: Option<SeededDice>,
    /// Keys per part of the turn.
    parts: Vec<(String, usize)>,
    /// Something planned the dice made impossible (a Reversal first).
    spoiled: Vec<String>,
}

impl Referee {
    fn new(seed: u64, typed: bool) -> Referee {
        Referee {
            app: App::new(
                Battle::new(setup()),
                SeededDice::new(seed),
                Theme::plain(),
                "magnesia",
            ),
            keys: 0,
            table: typed.then(|| SeededDice::new(seed + 1000)),
            parts: Vec::new(),
            spoiled: Vec::new(),
        }
    }

    fn key(&mut self, code: KeyCode) {
        self.keys += 1;
        Screen::key(&mut self.app, KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
    }

    fn part(&mut self, what: &str, f: impl FnOnce(&mut Referee)) {
        let before = self.keys;
        f(self);
        self.parts.push((what.to_string(), self.keys - before));
    }

    /// A face rolled at the table, typed straight on the panel.
    fn face(&mut self) {
        let f = self.table.as_mut().unwrap().roll(Colour::White, 1).unwrap()[0].value();
        self.text(&f.to_string());
    }

    /// Plays the panel open, and every step the rules force after it,
    /// until a result is shown (or nothing is open).
    fn settle(&mut self) {
        for _ in 0..200 {
            let Some(p) = &self.app.panel else { return };
            if p.result.is_some() {
                return;
            }
            if p.first_choice.is_some() {
                // the higher roller takes the first phase himself
                self.key(KeyCode::Enter);
            } else if let Some(faces) = p.choose.clone() {
                let face = self.best(&p.event, &faces);
                self.text(&face.to_string());
            } else if p.reroll.is_some() {
                self.key(KeyCode::Enter);
            } else if p.unseen {
                let side = match &p.event {
                    Event::Discipline { unit, .. } | Event::Reform { unit, .. } => unit.side,
                    _ => Side::A,
                };
                let v = self.app.battle().state().unseen_setbacks(side)[0].unwrap_or(1);
                self.text(&v.to_string());
                self.key(KeyCode::Enter);
            } else if let Event::DrawCard { kind, .. } = p.event {
                // the value as drawn, typed straight into its field
                let v = match kind {
                    herald::battle::homunculus_est::event::CardKind::Setback => "2",
                    herald::battle::homunculus_est::event::CardKind::Disaster => "3",
                };
                self.text(v);
                self.key(KeyCode::Enter);
            } else if self.table.is_some() && p.throws_dice() {
                if p.touched && p.typing.is_none() {
                    self.text("t");
                }
                self.face();
            } else {
                self.key(KeyCode::Enter);
            }
            if let Some(p) = &self.app.panel
                && let Some(e) = &p.error
                && p.typing.is_none()
            {
                panic!("refused: {e}");
            }
        }
        let p = self.app.panel.as_ref();
        panic!(
            "the steps never ended: {:?} {:?} {:?}",
            p.map(|p| &p.event),
            p.and_then(|p| p.error.clone()),
            p.map(|p| (&p.typing, p.touched))
        );
    }

    /// The face the higher side takes: the rules' best pick.
    fn best(&self, event: &Event, faces: &[u8]) -> u8 {
        let s = self.app.battle().state();
        match event {
            Event::Combat {
                attacker,
                defender,
                facts,
                situation,
                ..
            } => {
                let a = s.combat_side(*attacker, &facts[0]).unwrap();
                let d = s.combat_side(*defender, &facts[1]).unwrap();
                Combat::plan(&a, &d, *situation).unwrap().best_pick(faces)
            }
            Event::Shooting {
                shooter,
                target,
                situation,
                ..
            } => Shooting::plan(
                s.unit(*shooter).unwrap(),
                s.unit(*target).unwrap(),
                self.app.battle().setup().shooting(situation),
            )
            .unwrap()
            .best_pick(faces),
            _ => faces[0],
        }
    }

    /// The roll of the open panel: Enter (Herald's dice) or the faces typed.
    fn roll(&mut self) {
        if self.table.is_some() {
            if self.app.panel.as_ref().is_some_and(|p| p.touched) {
                // a fact's key was just pressed: t, so the digits are dice
                self.text("t");
            }
            let events = self.app.battle().events().len();
            for _ in 0..40 {
                let open = self.app.battle().events().len() == events
                    && self.app.panel.as_ref().is_some_and(|p| {
                        p.result.is_none()
                            && p.choose.is_none()
                            && p.reroll.is_none()
                            && p.first_choice.is_none()
                    });
                if !open {
                    break;
                }
                self.face();
            }
        } else {
            self.key(KeyCode::Enter);
        }
        self.settle();
    }

    /// Selects unit `n` of `side` (the tables' focus first, if need be).
    fn select(&mut self, side: Side, n: usize) {
        if self.app.focus != side {
            self.key(KeyCode::Tab);
        }
        self.text(&(n % 10).to_string());
    }

    /// Whether the phase is still the side's and open to activations.
    fn open(&mut self, side: Side, what: &str) -> bool {
        let s = self.app.battle().state();
        if s.active() != Some(side) || s.reversal.is_some() {
            self.spoiled.push(format!("{what}: the phase had ended"));
            return false;
        }
        true
    }

    /// Ends the side's phase: Enter when a Reversal of Fortune is due
    /// (the walker's), else e.
    fn end(&mut self, side: Side) {
        if self.app.battle().state().active() != Some(side) {
            return;
        }
        if self.app.battle().state().reversal.is_some() {
            self.key(KeyCode::Enter);
            if self.app.battle().state().active() == Some(side) {
                self.key(KeyCode::Enter);
            }
        } else {
            self.text("e");
        }
    }
}

/// The bundled turn, by the keys.
fn the_turn(r: &mut Referee) {
    r.part("who starts (the Romans first)", |r| {
        // Enter opens it; each player's die (again on a tie); the higher roller lets the Romans go first
        r.key(KeyCode::Enter);
        while r
            .app
            .panel
            .as_ref()
            .is_some_and(|p| p.first_choice.is_none())
        {
            if r.table.is_some() {
                r.face();
                r.face();
            } else {
                r.key(KeyCode::Enter);
            }
        }
        r.text("a");
    });
    assert_eq!(r.app.battle().state().phase, Phase::Player(Side::A));
    r.part("Legio III charges the Galatians", |r| {
        if r.open(Side::A, "charge") {
            r.select(Side::A, 2);
            r.text("ce8");
            r.roll();
        }
    });
    r.part("the Cretan and Trallian archers shoot the Dahae", |r| {
        if r.open(Side::A, "archers") {
            r.select(Side::A, 8);
            r.text("sa9");
            r.roll();
        }
    });
    r.part("the Achaean peltasts shoot the phalanx", |r| {
        if r.open(Side::A, "peltasts") {
            r.select(Side::A, 7);
            r.text("s");
            r.roll();
        }
    });
    r.part("the Pergamene cavalry move", |r| {
        if r.open(Side::A, "Pergamenes") {
            r.select(Side::A, 5);
            r.text("m");
            r.roll();
        }
    });
    r.part("the Romans' phase ends", |r| r.end(Side::A));
    r.part("the Dahae move and shoot on the move", |r| {
        if r.open(Side::B, "Dahae") {
            r.select(Side::B, 9);
            r.text("m");
            r.roll();
            if r.app.battle().state().moving.is_some() {
                r.select(Side::B, 9);
                r.text("s");
                r.roll();
            }
        }
    });
    r.part("the Elephants charge the Latin ala", |r| {
        if r.open(Side::B, "Elephants") {
            r.select(Side::B, 7);
            r.text("ce3");
            r.roll();
        }
    });
    r.part("the Agema attack the Roman equites", |r| {
        if r.open(Side::B, "Agema") {
            r.select(Side::B, 4);
            r.text("ad6");
            r.roll();
        }
    });
    r.part("the Seleucids' phase ends", |r| r.end(Side::B));
    assert_eq!(
        r.app.battle().state().turn,
        2,
        "the turn is played: {:?}",
        r.app.battle().state().phase
    );
}

fn measure(seed: u64, typed: bool) -> Referee {
    let mut r = Referee::new(seed, typed);
    the_turn(&mut r);
    r
}

#[test]
fn the_bundled_turn_in_keys() {
    let herald = measure(3, false);
    let typed = measure(3, true);
    for (what, r) in [("Herald's dice", &herald), ("typed dice", &typed)] {
        println!(
            "Magnesia, turn 1, {what}: {} keys, {} events",
            r.keys,
            r.app.battle().events().len()
        );
        for (part, n) in &r.parts {
            println!("  {n:>4}  {part}");
        }
        for s in &r.spoiled {
            println!("  (not played: {s})");
        }
    }
    assert!(
        herald.keys <= HERALD,
        "the turn with Herald's dice took {} keys; held at {HERALD}",
        herald.keys
    );
    assert!(
        typed.keys <= TYPED,
        "the turn with typed dice took {} keys; held at {TYPED}",
        typed.keys
    );
}

/// A forced step whose defaults are right costs one key: Enter rolls it
/// (F23: it took three, Enter to close the result, Enter to open, Enter).
#[test]
fn a_forced_step_costs_one_key() {
    let mut r = Referee::new(3, false);
    r.key(KeyCode::Enter);
    while r
        .app
        .panel
        .as_ref()
        .is_some_and(|p| p.first_choice.is_none())
    {
        r.key(KeyCode::Enter);
    }
    r.text("a");
    r.select(Side::A, 2);
    r.text("ce8");
    // the charge's roll; the combat opens by itself
    r.key(KeyCode::Enter);
    let p = r.app.panel.as_ref().unwrap();
    assert!(
        p.result.is_some() || matches!(p.event, Event::Combat { .. }),
        "{:?}",
        p.event
    );
    if let Event::Combat { .. } = p.event {
        let events = r.app.battle().events().len();
        let before = r.keys;
        r.key(KeyCode::Enter);
        if let Some(faces) = r.app.panel.as_ref().and_then(|p| p.choose.clone()) {
            let e = r.app.panel.as_ref().unwrap().event.clone();
            let f = r.best(&e, &faces);
            r.text(&f.to_string());
        }
        assert_eq!(r.app.battle().events().len(), events + 1);
        assert!(
            r.keys - before <= 2,
            "the combat: Enter and the face chosen"
        );
    }
}
