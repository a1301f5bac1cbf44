//! What a Robert's Rules half-turn and a Parker's Warlord command phase
//! cost at the keyboard (issue 35 item 8), measured as `tests/tui_keys.rs`
//! measures a Warlords turn: each scripted through the real update loop as
//! a referee plays it, once with Herald's dice and once with every die
//! typed in. Every key counts (a typed face, a digit, a letter of a name);
//! the figures are printed and held: a change that raises one fails.
//!
//! The Robert's Rules half-turn (the text's own forces, player a acting):
//! two Movement Actions, a charge declared, the General's free Action; the
//! crossbowmen's five-attack fire with the worked example's three
//! modifiers picked by name; the bolt-shooter's fire with its Action Roll;
//! the charge made (a Reluctant charger's Morale Check first); two melees,
//! one with the Shock charging bonus, a Pursuit and its attack (the
//! lances lost); every Break Check owed and every rout's neighbours named.
//!
//! The Parker's Warlord command phase (Lewes, the barons): three
//! initiative checks, the Warlord's transfer, a unique command paid in two
//! cards, a battle-line command, the movement calculator, the turn's end.

use herald::battle::UnitId;
use herald::rules::Side;
use herald::tui::screen::{Effect, Screen};
use herald::tui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// Robert's Rules: the half-turn's keys with Herald's dice, and typed
/// (the first playing's half-turn 1 cost 275, 143 of them typed names
/// and dice).
const RR_HERALD: usize = 49;
const RR_TYPED: usize = 93;
/// Parker's Warlord: the command phase's keys with Herald's d20, and typed.
const PW_HERALD: usize = 38;
const PW_TYPED: usize = 45;

/// A referee at the keyboard, counting keys, for either console.
struct Referee<A> {
    app: A,
    typed: bool,
    keys: usize,
    faces: usize,
    parts: Vec<(String, usize)>,
    part_from: usize,
}

impl<A: Screen> Referee<A> {
    fn new(app: A, typed: bool) -> Self {
        Referee {
            app,
            typed,
            keys: 0,
            faces: 0,
            parts: Vec::new(),
            part_from: 0,
        }
    }

    /// Keys typed one by one, each counted; `\n` is Enter.
    fn press(&mut self, text: &str) -> Vec<Effect> {
        let mut out = Vec::new();
        for c in text.chars() {
            self.keys += 1;
            let code = if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            };
            out = Screen::key(&mut self.app, KeyEvent::new(code, KeyModifiers::NONE));
        }
        out
    }

    /// Rolls the open panel: Enter (Herald's dice), or `t`, the faces the
    /// players rolled and Enter.
    fn roll(&mut self, faces: &str) -> Vec<Effect> {
        if self.typed {
            self.faces += faces.chars().filter(|c| c.is_ascii_digit()).count();
            self.press(&format!("t{faces}\n"))
        } else {
            self.press("\n")
        }
    }

    /// Closes a part of the script: its keys, for the print.
    fn part(&mut self, what: &str) {
        self.parts
            .push((what.to_string(), self.keys - self.part_from));
        self.part_from = self.keys;
    }

    fn report(&self, what: &str) {
        println!(
            "{what} ({}): {} keys, {} of them typed faces",
            if self.typed {
                "every die typed"
            } else {
                "Herald's dice"
            },
            self.keys,
            self.faces
        );
        for (p, n) in &self.parts {
            println!("    {n:>3}  {p}");
        }
    }
}

mod rr {
    use super::*;
    use herald::battle::roberts_rules::{Battle, Setup, Step, Troop};
    use herald::dice::SeededDice;
    use herald::store::roberts_rules::army::load_army;
    use herald::tui::roberts_rules::App;

    pub fn app(seed: u64) -> App {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/roberts-rules");
        let a = load_army(&dir.join("spearmen-and-cavalry.toml"))
            .unwrap()
            .army;
        let b = load_army(&dir.join("crossbowmen.toml")).unwrap().army;
        App::new(
            Battle::new(Setup::new(vec![a], vec![b]).unwrap()),
            SeededDice::new(seed),
            Theme::plain(),
            "example",
        )
    }

    fn troop(r: &Referee<App>, id: UnitId) -> Troop {
        r.app.battle().state().troop(id).unwrap().clone()
    }

    fn step(r: &Referee<App>) -> Step {
        r.app.battle().state().phase.step().unwrap()
    }

    fn a(i: usize) -> UnitId {
        UnitId::new(Side::A, i - 1)
    }

    /// What the Combat Phase owes, made: each rout's neighbours named (none
    /// here), each Break Check rolled; then the phase ends.
    fn end_combat(r: &mut Referee<App>) {
        for _ in 0..20 {
            let s = r.app.battle().state();
            if !s.nearby_due.is_empty() {
                r.press("n\n");
            } else if !s.checks_due().is_empty() {
                r.press("k");
                r.roll("66");
            } else {
                assert_eq!(r.press("e"), [Effect::Save], "the half-turn ends");
                return;
            }
        }
        panic!("the Combat Phase never ended");
    }

    /// The scripted half-turn.
    pub fn half_turn(r: &mut Referee<App>) {
        assert_eq!(r.press("a"), [Effect::Save]);
        // Action Phase: the spearmen and cavalry A move (5+5+1, 4+4+1),
        // cavalry A is declared on the crossbowmen, cavalry B moves by the
        // General's free Action.
        r.press("r");
        r.roll("55");
        r.press("r");
        r.roll("44");
        assert_eq!(r.press("gn2\n"), [Effect::Save]);
        assert_eq!(r.press("rg\n"), [Effect::Save], "the free Action");
        assert!(r.app.battle().events().last().is_some_and(|e| matches!(
            e,
            herald::battle::roberts_rules::Event::Action {
                general_free_action: true,
                ..
            }
        )));
        r.press("e");
        r.part("Action Phase: two Movements, a charge declared, a free Action");
        // Reaction Phase: the worked example's fire, its three modifiers
        // picked by number (armour-piercing, size, mounted target).
        r.press("ma5M1M2M3");
        r.roll("3356446624");
        r.press("e");
        r.part("Reaction Phase: five attacks with three named modifiers");
        // Assault Phase: the bolt-shooter's Action Roll, then its attack.
        assert_eq!(step(r), Step::Assault);
        r.press("m");
        r.roll("35");
        if troop(r, a(4)).may_fire {
            r.roll("26");
        }
        r.press("e");
        r.part("Assault Phase: a fire with its Action Roll");
        // Charge Phase: cavalry A's charge (Disrupted: its Morale Check).
        assert_eq!(step(r), Step::Charge);
        let reluctant = troop(r, a(2)).unit.reluctant();
        r.press("g");
        if reluctant {
            r.roll("53");
        } else {
            r.press("\n");
        }
        r.press("e");
        r.part("Charge Phase: the charge");
        // Combat Phase: cavalry A (the panel opens on the charger), Shock
        // charging +1 (offered first).
        assert_eq!(step(r), Step::Combat);
        if troop(r, a(2)).charged() {
            r.press("cM1");
            r.roll("4412");
            if troop(r, a(2)).pursuit.is_some() {
                r.press("r");
                r.roll("43");
                if troop(r, a(2)).pursuit.is_some_and(|p| p.pursuing) {
                    // The lances lost, -1 (offered first).
                    r.press("pM1");
                    if r.roll("56").is_empty() {
                        // Under 13: the chart's hits, the same dice.
                        r.press("h1\n");
                    }
                }
            }
        }
        // Cavalry B meets the crossbowmen: its General's check follows a hit.
        r.press("cn3");
        r.roll("1166");
        r.part("Combat Phase: two melees, a Pursuit and its attack");
        end_combat(r);
        r.part("Break Checks and the half-turn's end");
        assert_eq!(r.app.battle().state().phase.acting(), Some(Side::B));
    }
}

mod pw {
    use super::*;
    use herald::battle::parkers_warlord::{Battle, Phase, Setup};
    use herald::dice::SeededDice;
    use herald::store::parkers_warlord::roster::load_roster;
    use herald::tui::parkers_warlord::App;

    pub fn app(seed: u64) -> App {
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

    fn hands(r: &Referee<App>) -> Vec<u32> {
        r.app.battle().state().officers[0]
            .iter()
            .map(|o| o.personality.hand)
            .collect()
    }

    /// The scripted command phase.
    pub fn command_phase(r: &mut Referee<App>) {
        // Each personality's check: the d20 (typed: 8, 13, 5: Henry de
        // Montfort rolls over his 12 and loses his cards).
        for face in ["8", "13", "5"] {
            r.press("i");
            assert_eq!(r.roll(face), [Effect::Save]);
        }
        assert_eq!(hands(r), [5, 0, 3], "two made, one over");
        r.part("three initiative checks");
        assert_eq!(r.press("x\n"), [Effect::Save]);
        r.part("the Warlord's transfer");
        // Gilbert de Clare's London militia (a5): 2 +1 close proximity, cards 2+1.
        assert_eq!(r.press("cn5xk2a2b1\n"), [Effect::Save]);
        r.part("a unique command paid in two cards");
        // Simon de Montfort's battle line maneuvers: cost 2, a card of 2.
        assert_eq!(r.press("bv2k1a2\n"), [Effect::Save]);
        r.part("a battle-line command");
        // The household knights move 10" forward, the enemy 20" off.
        assert_eq!(r.press("mn1e20f10\n"), [Effect::Save]);
        r.part("the movement calculator");
        assert_eq!(r.press("e"), [Effect::Save]);
        r.part("the turn's end");
        assert_eq!(r.app.battle().state().phase, Phase::Command(Side::B));
    }
}

#[test]
fn a_roberts_rules_half_turn_with_heralds_dice() {
    let mut r = Referee::new(rr::app(28), false);
    rr::half_turn(&mut r);
    r.report("a Robert's Rules half-turn");
    assert!(r.keys <= RR_HERALD, "{} keys (held at {RR_HERALD})", r.keys);
}

#[test]
fn a_roberts_rules_half_turn_with_every_die_typed() {
    let mut r = Referee::new(rr::app(28), true);
    rr::half_turn(&mut r);
    r.report("a Robert's Rules half-turn");
    assert!(r.keys <= RR_TYPED, "{} keys (held at {RR_TYPED})", r.keys);
}

#[test]
fn a_parkers_warlord_command_phase_with_heralds_dice() {
    let mut r = Referee::new(pw::app(2), false);
    pw::command_phase(&mut r);
    r.report("a Parker's Warlord command phase");
    assert!(r.keys <= PW_HERALD, "{} keys (held at {PW_HERALD})", r.keys);
}

#[test]
fn a_parkers_warlord_command_phase_with_every_die_typed() {
    let mut r = Referee::new(pw::app(2), true);
    pw::command_phase(&mut r);
    r.report("a Parker's Warlord command phase");
    assert!(r.keys <= PW_TYPED, "{} keys (held at {PW_TYPED})", r.keys);
}
