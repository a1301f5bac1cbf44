//! A procedure's panel: the facts of the table over the event being
//! prepared, its plan and exact odds, the dice (Herald's on Enter, or the
//! players' typed: straight on the panel, each face a key, the roll made
//! as soon as it has every die it needs, or after `t` and Enter), the
//! choices the players make after the dice (the higher side's face,
//! HE-17/HE-22; a failed test's re-roll, HE-26/HE-27; the unseen Setback a
//! natural 12 removes, HE-10; who is the first player, HE-5.2), and the
//! result. A step the rules force next opens at once over the result just
//! recorded, so a step whose defaults are right costs one key.

use super::{App, facts};
use crate::battle::BattleError;
use crate::battle::homunculus_est::dice::{self as he_dice, Completion, Typed};
use crate::battle::homunculus_est::{Battle, Entry, Event, Phase};
use crate::dice::{Colour, DiceSource};
use crate::rules::Side;
use crate::rules::homunculus_est::discipline::{TestReroll, discipline_test, reform_test};
use crate::rules::homunculus_est::{Characteristic, Pool, shortfall};
use crate::tui::facts::{Fact, Facts, Input, view::unsaid_words};
use crate::tui::screen::Effect;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// An open procedure's panel.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The event being prepared (its dice filled as they are rolled).
    pub event: Event,
    /// The facts' form.
    pub form: Facts,
    /// The players' dice being typed: the dice the event still needs.
    pub typing: Option<String>,
    /// The dice are typed straight on the panel (no `t`): the roll is made
    /// as soon as they are all in.
    pub straight: bool,
    /// A fact's key was pressed: digits go to the facts, not the dice.
    pub touched: bool,
    /// What the typed dice ran short of: the pool in words and how many.
    pub short: Option<(String, usize)>,
    /// Typed dice not used yet, while a choice is made.
    pub left: Option<Typed>,
    /// The dice to choose from (HE-17, HE-22), once rolled.
    pub choose: Option<Vec<u8>>,
    /// Why the last try was refused.
    pub error: Option<String>,
    /// A failed test waiting for its player's word: the re-rolls he may
    /// take (HE-26, HE-27), or Enter to accept the failure.
    pub reroll: Option<Vec<TestReroll>>,
    /// A natural 12 waiting for the value of the unseen Setback Card its
    /// player removes (HE-10), typed into `typing`.
    pub unseen: bool,
    /// Who starts: the dice are in; the higher roller chooses who is the
    /// first player (HE-5.2).
    pub first_choice: Option<Side>,
    /// The entry recorded.
    pub result: Option<Entry>,
    /// The result recorded just before this step opened, shown over it.
    pub previous: Option<Entry>,
    /// The previous result is shown whole (Tab).
    pub show_previous: bool,
    /// How far the result is scrolled.
    pub scroll: u16,
}

impl Panel {
    /// A panel preparing `event`.
    pub fn new(event: Event) -> Panel {
        Panel {
            event,
            form: Facts::default(),
            typing: None,
            straight: false,
            touched: false,
            short: None,
            left: None,
            choose: None,
            reroll: None,
            unseen: false,
            first_choice: None,
            error: None,
            result: None,
            previous: None,
            show_previous: false,
            scroll: 0,
        }
    }

    /// Its facts as they stand.
    pub fn facts(&self, battle: &Battle) -> Vec<Fact> {
        let mut event = self.event.clone();
        self.form
            .list(|f| facts::list(battle.state(), &battle.setup().house, &mut event, f))
    }

    /// Whether its event throws dice (a card's value, a call, a discard,
    /// Command Points, a rout's friends, a shot's fixed push back and the
    /// immediate check do not).
    pub fn throws_dice(&self) -> bool {
        if let Event::PushBack { situation, .. } = &self.event
            && situation.squares.is_some()
        {
            // a shot's push back: its squares are fixed (HE-23)
            return false;
        }
        !matches!(
            self.event,
            Event::DrawCard { .. }
                | Event::Call { .. }
                | Event::Discard { .. }
                | Event::Points { .. }
                | Event::Rout { dice: None, .. }
                | Event::ImmediateCheck { .. }
                | Event::EndPhase
        )
    }
}

impl App {
    /// Opens a panel on `event`.
    pub(super) fn open(&mut self, event: Event) {
        self.status = None;
        let mut p = Panel::new(event);
        if let Event::DrawCard { .. } = p.event {
            // the value is what the referee types: its digits go straight to it (HE-10)
            p.form.field = 2;
        }
        self.panel = Some(p);
    }

    /// The step the rules force next, as an event with what Herald knows
    /// of it: a card's value as drawn, then what the last result requires
    /// (HE-7, HE-10). None when the referee's choice is next.
    pub(super) fn forced(&self) -> Option<Event> {
        let s = self.battle.state();
        if !matches!(s.phase, Phase::Player(_)) {
            return None;
        }
        if let Some((side, kind)) = self.untyped_card() {
            return Some(Event::DrawCard {
                side,
                kind,
                value: 0,
            });
        }
        let d = s.due.first()?;
        self.due_event(d)
    }

    /// Why the rules refuse `event` before anything is rolled, in the
    /// referee's words; none when only its dice are missing (a panel never
    /// opens on what the battle would refuse).
    pub(super) fn refusal(&self, event: &Event) -> Option<String> {
        let mut trial = self.battle.state().clone();
        if let Err(e) = trial.check(event).and_then(|_| trial.owed_first(event)) {
            return Some(e.to_string());
        }
        match trial.apply(self.battle.setup(), event) {
            Ok(_) => None,
            Err(BattleError::Rules(r)) if shortfall(&r).is_some() => None,
            Err(e) => Some(e.to_string()),
        }
    }

    pub(super) fn panel_key(&mut self, ev: KeyEvent, effects: &mut Vec<Effect>) {
        let Some(p) = &mut self.panel else { return };
        if p.result.is_some() {
            match ev.code {
                KeyCode::Up => p.scroll = p.scroll.saturating_sub(1),
                KeyCode::Down => p.scroll = (p.scroll + 1).min(200),
                KeyCode::Esc => {
                    self.panel = None;
                    self.follow_walker();
                }
                KeyCode::Enter => {
                    // on with the walker: the next step, or the phase's end it says
                    self.panel = None;
                    self.follow_walker();
                    self.walk();
                }
                _ => {
                    // on to the tables with the key
                    self.panel = None;
                    self.follow_walker();
                    self.table_key(ev, effects);
                }
            }
            return;
        }
        if matches!(ev.code, KeyCode::Tab) && p.previous.is_some() {
            p.show_previous = !p.show_previous;
            return;
        }
        if let Some(higher) = p.first_choice {
            // HE-5.2: the higher roller chooses who is the first player
            let first = match ev.code {
                KeyCode::Char('a') => Some(Side::A),
                KeyCode::Char('b') => Some(Side::B),
                KeyCode::Enter => Some(higher),
                KeyCode::Esc => {
                    self.panel = None;
                    return;
                }
                _ => None,
            };
            match (first, p.event.clone()) {
                (Some(first), Event::WhoStarts { a, b, .. }) => {
                    self.record(Event::WhoStarts { a, b, first });
                }
                _ => {
                    p.error = Some(format!(
                        "player {} chooses who is the first player: a or b (Enter: himself)",
                        higher.name()
                    ))
                }
            }
            return;
        }
        if let Some(offers) = p.reroll.clone() {
            let pick = match ev.code {
                KeyCode::Char('b') => Some(TestReroll::Brave),
                KeyCode::Char('d') => Some(TestReroll::DefencePoint),
                KeyCode::Char('h') => Some(TestReroll::Heroic),
                KeyCode::Enter => {
                    p.reroll = None;
                    let event = p.event.clone();
                    self.done(event);
                    return;
                }
                _ => None,
            };
            match pick {
                Some(r) if offers.contains(&r) => {
                    p.reroll = None;
                    match &mut p.event {
                        Event::Discipline { situation, .. } => situation.rerolls.push(r),
                        Event::Reform { situation, .. } => situation.rerolls.push(r),
                        _ => {}
                    }
                    if p.left.take().is_some() {
                        // the players' dice: the re-roll is typed in turn, rolled once in
                        p.typing = Some(String::new());
                        p.straight = true;
                        p.error = None;
                    } else {
                        let event = p.event.clone();
                        self.fill(event, None);
                    }
                }
                _ => {
                    p.error = Some(format!(
                        "the test failed: {} or Enter accepts the failure (HE-26, HE-27)",
                        offers
                            .iter()
                            .map(|r| match r {
                                TestReroll::Brave => "b a Brave re-roll",
                                TestReroll::DefencePoint => "d a Defence Point re-roll",
                                TestReroll::Heroic => "h a Heroic re-roll",
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }
            }
            return;
        }
        if let Some(faces) = p.choose.clone() {
            if ev.code == KeyCode::Char('A') {
                return self.attack_reroll();
            }
            // a lone Combat die (kept or re-rolled, HE-8): Enter keeps it
            let lone = (ev.code == KeyCode::Enter && faces.len() == 1)
                .then(|| char::from(b'0' + faces[0]));
            match lone.map(KeyCode::Char).unwrap_or(ev.code) {
                KeyCode::Char(c) if c.is_ascii_digit() => {
                    let f = c.to_digit(10).unwrap_or(0) as u8;
                    if !faces.contains(&f) {
                        p.error = Some(format!(
                            "{f} is not among the dice ({}): type one of them",
                            faces
                                .iter()
                                .map(u8::to_string)
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                        return;
                    }
                    match &mut p.event {
                        Event::Combat { situation, .. } => situation.chosen = Some(f),
                        Event::Shooting { situation, .. } => situation.chosen = Some(f),
                        _ => {}
                    }
                    p.choose = None;
                    let left = p.left.take();
                    let event = p.event.clone();
                    match left {
                        // the typed dice go on after the choice: the rest waits for its faces
                        Some(t) => self.fill_typed(event, t, true),
                        None => self.fill(event, None),
                    }
                }
                KeyCode::Esc => {
                    self.panel = None;
                }
                KeyCode::Char('q') => effects.push(Effect::Quit),
                _ if faces.len() == 1 => {
                    p.error = Some(
                        "the Combat die is thrown: Enter (or its face) keeps it; A re-rolls it with an Attack Point (COMMAND POINTS, HE-8)"
                            .to_string(),
                    );
                }
                _ => {
                    p.error = Some(
                        "the dice are thrown: the side with the higher rating chooses one; type its face (HE-17, HE-22)"
                            .to_string(),
                    );
                }
            }
            return;
        }
        if p.typing.is_some() {
            return self.typing_key(ev);
        }
        self.plain_panel_key(ev, effects);
    }

    /// The Attack Points the attacker's player may still spend on a re-roll
    /// of all the Combat dice (COMMAND POINTS Attack, HE-8): none for
    /// another procedure or with none left.
    pub(super) fn attack_rerolls_left(&self, event: &Event) -> Option<u32> {
        let Event::Combat {
            attacker,
            situation,
            ..
        } = event
        else {
            return None;
        };
        let have = self.battle.state().available(*attacker, Pool::Attack);
        Some(have.saturating_sub(situation.attack_rerolls)).filter(|n| *n > 0)
    }

    /// `A` while the Combat dice wait for the choice: an Attack Point
    /// re-rolls all of them before the choice (COMMAND POINTS Attack, HE-8,
    /// HE-17); the spend is recorded with the combat, the dice thrown again
    /// (Herald's, or the players' typed in turn).
    fn attack_reroll(&mut self) {
        let Some(p) = &self.panel else { return };
        let Event::Combat { attacker, .. } = &p.event else {
            if let Some(p) = &mut self.panel {
                p.error = Some(
                    "an Attack Point re-rolls the Combat dice of a combat (COMMAND POINTS, HE-8)"
                        .to_string(),
                );
            }
            return;
        };
        let side = attacker.side;
        let left = self.attack_rerolls_left(&p.event);
        let Some(p) = &mut self.panel else { return };
        if left.is_none() {
            p.error = Some(format!(
                "player {} holds no Attack Point for a re-roll of the Combat dice (COMMAND POINTS, HE-8)",
                side.name()
            ));
            return;
        }
        if let Event::Combat { situation, .. } = &mut p.event {
            situation.attack_rerolls += 1;
        }
        p.choose = None;
        p.error = None;
        let event = p.event.clone();
        match p.left.take() {
            // the players' dice: the re-roll is typed in turn, thrown at its last face
            Some(t) => {
                p.straight = true;
                self.fill_typed(event, t, true);
            }
            None => self.fill(event, None),
        }
    }

    /// A key while the players' dice (or a natural 12's card value) are typed.
    fn typing_key(&mut self, ev: KeyEvent) {
        let Some(p) = &mut self.panel else { return };
        let Some(t) = &mut p.typing else { return };
        match ev.code {
            KeyCode::Esc => {
                p.typing = None;
                p.straight = false;
                p.short = None;
                if p.unseen {
                    p.unseen = false;
                    p.event = he_dice::without_dice(&p.event);
                }
            }
            KeyCode::Backspace => {
                t.pop();
            }
            KeyCode::Enter => {
                let text = t.clone();
                if p.unseen {
                    return self.unseen_said(&text);
                }
                self.typed(&text, false);
            }
            KeyCode::Char(c) if t.chars().count() < 40 => {
                t.push(c);
                p.error = None;
                if p.straight && c.is_ascii_digit() && !p.unseen {
                    let text = t.clone();
                    self.typed(&text, true);
                }
            }
            _ => {}
        }
    }

    /// The typed text tried as the event's next dice: recorded (or on to a
    /// choice) once every die is in; `waiting`: a shortfall waits for more.
    fn typed(&mut self, text: &str, waiting: bool) {
        let Some(p) = &mut self.panel else { return };
        match Typed::parse(text) {
            Ok(typed) => {
                if let Event::WhoStarts { .. } = p.event {
                    return self.who_starts_dice(Some(typed), waiting);
                }
                let event = p.event.clone();
                self.fill_typed(event, typed, waiting);
            }
            Err(e) => p.error = Some(e.to_string()),
        }
    }

    /// A key in a panel that is preparing its event (its facts).
    fn plain_panel_key(&mut self, ev: KeyEvent, effects: &mut Vec<Effect>) {
        let input = match ev.code {
            KeyCode::Esc => {
                self.panel = None;
                self.status = None;
                return;
            }
            KeyCode::Enter => {
                if self.waits() {
                    return;
                }
                let Some(p) = &self.panel else { return };
                if let Event::WhoStarts { .. } = p.event {
                    return self.who_starts_dice(None, false);
                }
                let event = p.event.clone();
                self.fill(event, None);
                return;
            }
            KeyCode::Char('t') => {
                let Some(p) = &mut self.panel else { return };
                if !p.throws_dice() {
                    p.error = Some("this step throws no dice: Enter records it".to_string());
                } else {
                    // t: the dice typed, rolled as soon as the last is in (as straight on the panel)
                    p.typing = Some(String::new());
                    p.straight = true;
                    p.error = None;
                }
                return;
            }
            KeyCode::Char('q') => {
                effects.push(Effect::Quit);
                return;
            }
            KeyCode::Char(c) if c.is_ascii_digit() => {
                let Some(p) = &mut self.panel else { return };
                if p.throws_dice() && !p.touched {
                    // faces typed straight on the panel: rolled once they are all in
                    if self.waits() {
                        return;
                    }
                    let Some(p) = &mut self.panel else { return };
                    p.typing = Some(c.to_string());
                    p.straight = true;
                    p.error = None;
                    return self.typed(&c.to_string(), true);
                }
                Input::typed(c)
            }
            KeyCode::Up => Input::Up,
            KeyCode::Down => Input::Down,
            KeyCode::Right | KeyCode::Char('+') | KeyCode::Char(' ') => Input::More,
            KeyCode::Left | KeyCode::Char('-') => Input::Less,
            KeyCode::Backspace => Input::Erase,
            KeyCode::Char(c) => Input::typed(c),
            _ => return,
        };
        let Some(p) = &mut self.panel else { return };
        // digits go to the fact whose key was pressed, until another key
        p.touched = matches!(input, Input::Key(_) | Input::Digit(_) | Input::Erase);
        let Panel {
            event, form, error, ..
        } = p;
        let st = self.battle.state();
        let house = &self.battle.setup().house;
        *error = form
            .input(input, |f| facts::list(st, house, event, f))
            .err();
    }

    /// Refuses the roll while a fact is unsaid, in the referee's words.
    fn waits(&mut self) -> bool {
        let Some(p) = &self.panel else { return false };
        let unsaid = p.form.unsaid(p.facts(&self.battle));
        if unsaid.is_empty() {
            return false;
        }
        if let Some(p) = &mut self.panel {
            p.error = Some(format!(
                "not said yet: {}; the roll waits for it (its key, then its value)",
                unsaid_words(&unsaid)
            ));
        }
        true
    }

    /// HE-5.2: each player's die, Herald's or typed (a's, then b's); equal
    /// scores roll again; the higher then chooses who is the first player.
    fn who_starts_dice(&mut self, typed: Option<Typed>, waiting: bool) {
        let dice: Result<Vec<u8>, String> = match typed {
            Some(mut t) => {
                if t.0.len() < 2 {
                    if !waiting && let Some(p) = &mut self.panel {
                        p.error = Some(format!(
                            "who starts needs 2 dice, player a's then player b's; {} typed",
                            t.0.len()
                        ));
                    }
                    return;
                }
                if t.0.len() > 2 {
                    Err("who starts takes 2 dice: player a's, then player b's".to_string())
                } else {
                    t.roll(Colour::White, 2)
                        .map(|d| d.iter().map(|d| d.value()).collect())
                        .map_err(|e| e.to_string())
                }
            }
            None => self
                .dice
                .roll(Colour::White, 2)
                .map(|d| d.iter().map(|d| d.value()).collect())
                .map_err(|e| e.to_string()),
        };
        let Some(p) = &mut self.panel else { return };
        p.typing = None;
        p.straight = false;
        match dice {
            Err(e) => p.error = Some(e),
            Ok(d) if d[0] == d[1] => {
                p.error = Some(format!(
                    "both rolled {}: equal scores roll again (HE-5.2): Enter rolls, or type both dice",
                    d[0]
                ));
            }
            Ok(d) => {
                let higher = if d[0] > d[1] { Side::A } else { Side::B };
                p.event = Event::WhoStarts {
                    a: d[0],
                    b: d[1],
                    first: higher,
                };
                p.first_choice = Some(higher);
                p.error = None;
            }
        }
    }

    /// Fills the event's dice with Herald's (or the typed ones, all in at
    /// Enter), and records it, or stops for a choice.
    pub(super) fn fill(&mut self, event: Event, typed: Option<Typed>) {
        match typed {
            Some(t) => self.fill_typed(event, t, false),
            None => {
                let done = he_dice::complete(&self.battle, event, &mut self.dice);
                self.completed(done, None, false);
            }
        }
    }

    /// Fills the event's dice from the typed ones; `waiting`: short of dice,
    /// the panel waits for more faces (typed straight).
    fn fill_typed(&mut self, event: Event, typed: Typed, waiting: bool) {
        let mut typed = typed;
        let done = he_dice::complete(&self.battle, event, &mut typed);
        self.completed(done, Some(typed), waiting);
    }

    /// Where filling the dice stopped: a choice, more dice, or done.
    fn completed(
        &mut self,
        done: Result<Completion, BattleError>,
        typed: Option<Typed>,
        waiting: bool,
    ) {
        let Some(p) = &mut self.panel else { return };
        match done {
            Ok(Completion::Choose { event, faces }) => {
                p.event = event;
                p.choose = Some(faces);
                p.left = typed;
                p.typing = None;
                p.short = None;
                p.error = None;
            }
            Ok(Completion::Short { pool, need, event }) => {
                // the typed dice stay where they are; the roll waits for the rest
                let pool = super::prompt::short_words(&event, &pool);
                p.short = Some((pool.clone(), need));
                if !waiting {
                    p.error = Some(format!(
                        "the roll needs {need} more {pool} {} than were typed: type every die, in the order rolled (HE-1)",
                        if need == 1 { "die" } else { "dice" }
                    ));
                }
                if p.typing.is_none() {
                    // after a choice: the rest is typed in turn, the faces left kept
                    let left: Vec<String> = typed
                        .map(|t| t.0.iter().map(u8::to_string).collect())
                        .unwrap_or_default();
                    p.typing = Some(left.join(" "));
                }
            }
            Ok(Completion::Done(event)) => {
                if let Some(t) = &typed
                    && !t.0.is_empty()
                {
                    p.error = Some(format!(
                        "{} dice typed more than this roll uses: type exactly the dice rolled (HE-1)",
                        t.0.len()
                    ));
                    return;
                }
                p.short = None;
                let offers = self.rerolls_open(&event);
                if !offers.is_empty() {
                    if let Some(p) = &mut self.panel {
                        p.event = event;
                        p.reroll = Some(offers);
                        p.left = typed.map(|_| Typed::default());
                        p.typing = None;
                        p.error = None;
                    }
                    return;
                }
                self.done(event);
            }
            Err(e) => {
                if waiting {
                    // a face typed straight that the roll cannot take: said, kept to correct
                    p.error = Some(e.to_string());
                    return;
                }
                p.error = Some(e.to_string());
                if typed.is_some() {
                    // the typed dice are kept to correct; the event loses what was filled
                    p.event = he_dice::without_dice(&p.event);
                }
            }
        }
    }

    /// An event with every die: asks for the unseen Setback a natural 12
    /// removes where its player has a choice (HE-10), else records it.
    fn done(&mut self, event: Event) {
        let s = self.battle.state();
        let natural_twelve = match &event {
            Event::Discipline {
                unit,
                situation,
                dice,
            } => {
                situation.unseen_setback.is_none()
                    && s.unit(*unit).is_ok_and(|u| {
                        discipline_test(u, situation, dice).is_ok_and(|o| o.remove_unseen_setback)
                    })
                    && s.unseen_choice_needed(unit.side)
            }
            Event::Reform {
                unit,
                situation,
                dice,
            } => {
                situation.unseen_setback.is_none()
                    && s.unit(*unit).is_ok_and(|u| {
                        reform_test(u, situation, dice).is_ok_and(|o| o.remove_unseen_setback)
                    })
                    && s.unseen_choice_needed(unit.side)
            }
            _ => false,
        };
        if natural_twelve && let Some(p) = &mut self.panel {
            p.event = event;
            p.unseen = true;
            p.typing = Some(String::new());
            p.straight = false;
            p.error = None;
            return;
        }
        self.record(event);
    }

    /// The value of the unseen Setback Card a natural 12 removes, as its
    /// player names it (HE-10).
    fn unseen_said(&mut self, text: &str) {
        let Some(p) = &mut self.panel else { return };
        let Ok(v) = text.trim().parse::<u32>() else {
            p.error = Some(
                "type the value on the unseen Setback Card its player gives up, then Enter"
                    .to_string(),
            );
            return;
        };
        match &mut p.event {
            Event::Discipline { situation, .. } => situation.unseen_setback = Some(v),
            Event::Reform { situation, .. } => situation.unseen_setback = Some(v),
            _ => {}
        }
        let event = p.event.clone();
        let mut trial = self.battle.state().clone();
        if let Err(e) = trial.apply(self.battle.setup(), &event) {
            if let Some(p) = &mut self.panel {
                p.error = Some(e.to_string());
                if let Some(t) = &mut p.typing {
                    t.clear();
                }
            }
            return;
        }
        if let Some(p) = &mut self.panel {
            p.unseen = false;
        }
        self.record(event);
    }

    /// The re-rolls a failed test may still take (HE-26: Brave once a
    /// game, a Defence Point; HE-27: Heroic once a game), as the rules judge
    /// the dice: none if it passed.
    fn rerolls_open(&self, event: &Event) -> Vec<TestReroll> {
        let s = self.battle.state();
        let (unit, rerolls, passed) = match event {
            Event::Discipline {
                unit,
                situation,
                dice,
            } => {
                let Ok(u) = s.unit(*unit) else {
                    return Vec::new();
                };
                // PURSUIT OFF-TABLE's test is a Discipline Test: its failure takes
                // the re-rolls any other does (HE-26)
                let passed = discipline_test(u, situation, dice).is_ok_and(|o| o.passed);
                (*unit, &situation.rerolls, passed)
            }
            Event::Reform {
                unit,
                situation,
                dice,
            } => {
                let Ok(u) = s.unit(*unit) else {
                    return Vec::new();
                };
                (
                    *unit,
                    &situation.rerolls,
                    reform_test(u, situation, dice).is_ok_and(|o| o.passed),
                )
            }
            _ => return Vec::new(),
        };
        let Ok(u) = s.unit(unit) else {
            return Vec::new();
        };
        if passed {
            return Vec::new();
        }
        let mut out = Vec::new();
        let used = |r| rerolls.contains(&r);
        if matches!(event, Event::Discipline { .. }) {
            if u.has(Characteristic::Brave) && !u.brave_used && !used(TestReroll::Brave) {
                out.push(TestReroll::Brave);
            }
            let spent = rerolls
                .iter()
                .filter(|r| **r == TestReroll::DefencePoint)
                .count() as u32;
            if s.available(unit, crate::rules::homunculus_est::Pool::Defence) > spent {
                out.push(TestReroll::DefencePoint);
            }
        } else if u.has(Characteristic::Heroic) && !u.heroic_used && !used(TestReroll::Heroic) {
            out.push(TestReroll::Heroic);
        }
        out
    }

    /// Records the event: the step the rules force next opens at once over
    /// its result; otherwise the result is shown.
    pub(super) fn record(&mut self, event: Event) {
        match self.battle.record(event) {
            Ok(entry) => {
                let entry = entry.clone();
                self.say(entry.summary.clone(), false);
                self.follow_walker();
                if let Some(next) = self.forced() {
                    self.open(next);
                    if let Some(p) = &mut self.panel {
                        p.previous = Some(entry);
                    }
                    return;
                }
                if let Some(p) = &mut self.panel {
                    p.typing = None;
                    p.error = None;
                    p.result = Some(entry);
                } else {
                    self.panel = Some(Panel {
                        result: Some(entry),
                        ..Panel::new(Event::EndPhase)
                    });
                }
            }
            Err(e) => {
                if let Some(p) = &mut self.panel {
                    p.error = Some(e.to_string());
                }
            }
        }
    }
}
