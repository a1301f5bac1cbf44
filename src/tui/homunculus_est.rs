//! The Homunculus Est! console: the unit tables with this system's columns,
//! each player's Command Point pools and cards against his Army Break Point,
//! the walker over HE-5's turn (who starts; the active player's activations,
//! each unit once a phase; what an activation's result requires in HE-7's
//! order; the Reversal of Fortune that ends the phase; one call a phase),
//! and a panel for each procedure: the facts of the table on the generic
//! form (`tui::facts`), the plan and the exact odds before the roll,
//! Herald's dice or the players' typed (checked against the faces), the
//! choice the higher side makes among the combat dice (HE-17: Herald never
//! chooses), and the result with what changed and why.

pub mod facts;
pub mod odds;
mod view;

use crate::battle::UnitId;
use crate::battle::homunculus_est::dice::{self as he_dice, Completion, Typed};
use crate::battle::homunculus_est::due::Due;
use crate::battle::homunculus_est::event::{CardKind, SideFacts};
use crate::battle::homunculus_est::{Battle, Entry, Event, HomunculusEst, Phase};
use crate::dice::{DiceSource, SeedPosition, SeededDice};
use crate::rules::Side;
use crate::rules::homunculus_est::combat::{Activation, CombatDice, CombatSituation};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::{
    DisciplineSituation, Purpose, ReformSituation, TestReroll, discipline_test, reform_test,
};
use crate::rules::homunculus_est::failed::{Cause, FailedDice, FailedSituation};
use crate::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
use crate::rules::homunculus_est::movement::MovementSituation;
use crate::rules::homunculus_est::push_back::PushBackSituation;
use crate::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
use crate::rules::homunculus_est::tables::{EagleEvent, Manoeuvre, RiskEvent};
use crate::rules::homunculus_est::{Characteristic, Next};
use crate::tui::facts::{Fact, Facts, Input, view::unsaid_words};
use crate::tui::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use std::cell::Cell;

/// An open procedure's panel.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The event being prepared (its dice filled as they are rolled).
    pub event: Event,
    /// The facts' form.
    pub form: Facts,
    /// The players' dice being typed.
    pub typing: Option<String>,
    /// Typed dice not used yet, while a choice is made.
    pub left: Option<Typed>,
    /// The dice to choose from (HE-17, HE-22), once rolled.
    pub choose: Option<Vec<u8>>,
    /// Why the last try was refused.
    pub error: Option<String>,
    /// A failed test waiting for its player's word: the re-rolls he may
    /// take (HE-26, HE-27), or Enter to accept the failure.
    pub reroll: Option<Vec<TestReroll>>,
    /// The entry recorded.
    pub result: Option<Entry>,
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
            left: None,
            choose: None,
            reroll: None,
            error: None,
            result: None,
            scroll: 0,
        }
    }

    /// Its facts as they stand.
    pub fn facts(&self, battle: &Battle) -> Vec<Fact> {
        let mut event = self.event.clone();
        self.form
            .list(|f| facts::list(battle.state(), &battle.setup().house, &mut event, f))
    }
}

/// The console's state.
pub struct App {
    battle: Battle,
    dice: SeededDice,
    theme: Theme,
    name: String,
    status: Option<Status>,
    unsaved: Option<String>,
    too_small: Cell<bool>,
    /// The side whose table has the selection.
    pub focus: Side,
    /// Each table's selected unit.
    pub selected: [usize; 2],
    /// The open panel.
    pub panel: Option<Panel>,
    /// The keys' help is shown.
    pub help: bool,
}

impl App {
    /// A console over a battle.
    pub fn new(battle: Battle, dice: SeededDice, theme: Theme, name: &str) -> App {
        let mut app = App {
            battle,
            dice,
            theme,
            name: name.to_string(),
            status: None,
            unsaved: None,
            too_small: Cell::new(false),
            focus: Side::A,
            selected: [0, 0],
            panel: None,
            help: false,
        };
        app.follow_walker();
        app
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Handles a key: the effects for the shell (save, quit, log, course).
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        if self.too_small.get() && !matches!(ev.code, KeyCode::Char('q')) {
            self.say(
                format!("the console needs {MIN_WIDTH}x{MIN_HEIGHT}: nothing is recorded until it has it"),
                true,
            );
            return Vec::new();
        }
        let before = (self.battle.events().len(), self.battle.undone().len());
        let mut effects = Vec::new();
        if self.help {
            self.help = false;
        } else if self.panel.is_some() {
            self.panel_key(ev, &mut effects);
        } else {
            self.table_key(ev, &mut effects);
        }
        let after = (self.battle.events().len(), self.battle.undone().len());
        if before != after {
            effects.insert(0, Effect::Save);
        }
        effects
    }

    /// A unit in words: `Galatians (b8)`.
    pub fn unit_name(&self, id: UnitId) -> String {
        facts::unit_name(self.battle.state(), id)
    }

    fn selected_id(&self) -> UnitId {
        UnitId::new(self.focus, self.selected[self.focus as usize])
    }

    /// Selects the unit the walker's next step is about.
    fn follow_walker(&mut self) {
        let s = self.battle.state();
        let unit = s.due.first().map(|d| d.unit).or_else(|| {
            s.active().and_then(|side| {
                s.units[side as usize]
                    .iter()
                    .position(|u| !u.activated && !u.removed && !u.off_table)
                    .map(|i| UnitId::new(side, i))
            })
        });
        if let Some(u) = unit {
            self.focus = u.side;
            self.selected[u.side as usize] = u.index;
        }
    }

    fn table_key(&mut self, ev: KeyEvent, effects: &mut Vec<Effect>) {
        let n = self.battle.state().units[self.focus as usize].len();
        match ev.code {
            KeyCode::Char('q') => effects.push(Effect::Quit),
            KeyCode::Char('l') => effects.push(Effect::OpenLog),
            KeyCode::Char('V') => effects.push(Effect::OpenCourse),
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('u') => match self.battle.undo_named() {
                Some(said) => {
                    self.say(format!("undone: {said}; U redoes it"), false);
                    self.follow_walker();
                }
                None => self.say("nothing to undo", true),
            },
            KeyCode::Char('U') => match self.battle.redo() {
                Ok(Some(e)) => {
                    let s = e.summary.clone();
                    self.say(format!("redone: {s}"), false);
                    self.follow_walker();
                }
                Ok(None) => self.say("nothing to redo", true),
                Err(e) => self.say(e.to_string(), true),
            },
            KeyCode::Up => {
                let s = &mut self.selected[self.focus as usize];
                *s = s.saturating_sub(1);
            }
            KeyCode::Down => {
                let s = &mut self.selected[self.focus as usize];
                *s = (*s + 1).min(n.saturating_sub(1));
            }
            KeyCode::Tab | KeyCode::Left | KeyCode::Right => self.focus = self.focus.other(),
            KeyCode::Char(c) if c.is_ascii_digit() => {
                // a unit by its number on the focused table: 1 to 9, 0 the tenth
                let k = match c.to_digit(10).unwrap_or(0) as usize {
                    0 => 10,
                    d => d,
                };
                if (1..=n).contains(&k) {
                    self.selected[self.focus as usize] = k - 1;
                } else {
                    self.say(format!("{}{k}: no such unit", self.focus.name()), true);
                }
            }
            KeyCode::Enter => self.walk(),
            KeyCode::Char('w') => self.who_starts(),
            KeyCode::Char('e') => self.end_phase(),
            KeyCode::Char(c) => {
                if let Some(event) = self.event_for(c) {
                    self.open(event);
                } else if self.status.as_ref().is_none_or(|s| !s.error) {
                    self.say(
                        "keys: Enter the next step, m move, c charge, M manoeuvre, a combat, s shoot, r reform, d discipline, p push back, o follow up, g general, k card, h call, x discard, P points, e end phase, ? help",
                        false,
                    );
                }
            }
            _ => {}
        }
    }

    /// HE-5.2: each player rolls 1D6 with Herald's dice; the higher goes
    /// first (his choice: u undoes it); equal scores roll again.
    fn who_starts(&mut self) {
        use crate::dice::Colour;
        let mut roll = || {
            self.dice
                .roll(Colour::White, 1)
                .ok()
                .and_then(|d| d.first().map(|d| d.value()))
                .unwrap_or(1)
        };
        let (a, b) = (roll(), roll());
        if a == b {
            return self.say(
                format!("both rolled {a}: equal scores roll again (HE-5.2); w rolls again"),
                false,
            );
        }
        let first = if a > b { Side::A } else { Side::B };
        match self.battle.record(Event::WhoStarts { a, b, first }) {
            Ok(_) => {
                self.say(format!("a rolled {a}, b {b}: player {} goes first (HE-5.2; u if he chooses otherwise)", first.name()), false);
                self.follow_walker();
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }

    /// `e`: the active player's phase ends (HE-5.4), or the Reversal of
    /// Fortune that is due ends it (HE-6).
    fn end_phase(&mut self) {
        match self.battle.record(Event::EndPhase) {
            Ok(entry) => {
                let s = entry.summary.clone();
                self.say(s, false);
                self.follow_walker();
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }

    /// The first card whose value is still to be typed (HE-10).
    fn untyped_card(&self) -> Option<(Side, CardKind)> {
        let s = self.battle.state();
        [Side::A, Side::B].into_iter().find_map(|side| {
            s.cards[side as usize]
                .iter()
                .find(|c| c.value.is_none())
                .map(|c| (side, c.kind))
        })
    }

    /// Enter on the tables: the walker's next step.
    fn walk(&mut self) {
        let s = self.battle.state();
        match s.phase {
            Phase::Deployment => return self.who_starts(),
            Phase::Over => return self.say("the battle is over: an army broke (HE-12)", false),
            Phase::Player(_) => {}
        }
        if let Some((side, kind)) = self.untyped_card() {
            return self.open(Event::DrawCard {
                side,
                kind,
                value: 0,
            });
        }
        if let Some(d) = s.due.first().copied() {
            return match self.due_event(&d) {
                Some(e) => self.open(e),
                None => self.say(
                    format!("now: {} (the referee's, at the table)", d.step.words()),
                    false,
                ),
            };
        }
        if s.reversal.is_some() {
            return self.end_phase();
        }
        self.say(
            "the active player activates a unit (each once a phase, HE-5.3): m move, c charge, a combat, s shoot, r reform; h calls \"Homunculus Est!\"; e ends the phase",
            false,
        );
    }

    /// The event of a step due, with what Herald knows of it (HE-7).
    fn due_event(&self, d: &Due) -> Option<Event> {
        let unit = d.unit;
        let failed = |d: &Due| FailedSituation {
            failed_by: d.failed.map_or(0, |f| f.0),
            critical: d.failed.is_some_and(|f| f.1),
            cause: d.cause,
            cause_fear: d.fear,
            ..Default::default()
        };
        Some(match d.step {
            Next::Combat => Event::Combat {
                attacker: unit,
                defender: d.other.unwrap_or_else(|| self.enemy_for(unit)),
                facts: [SideFacts::default(); 2],
                situation: CombatSituation {
                    activation: Activation::Charge,
                    ..Default::default()
                },
                dice: CombatDice::default(),
            },
            Next::PushBackAttacker | Next::PushBackDefender | Next::PushBackTarget => {
                Event::PushBack {
                    unit,
                    situation: PushBackSituation {
                        squares: d.squares,
                        ..Default::default()
                    },
                    dice: Vec::new(),
                }
            }
            Next::FollowUpAttacker | Next::FollowUpDefender => Event::FollowUp {
                unit,
                loser: d.other?,
                situation: FollowUpSituation::default(),
                dice: FollowUpDice::default(),
            },
            Next::DisciplineTestAttacker
            | Next::DisciplineTestDefender
            | Next::DisciplineTestTarget
            | Next::ZocTest => Event::Discipline {
                unit,
                situation: DisciplineSituation {
                    purpose: match d.cause {
                        Cause::Combat => Purpose::Combat,
                        Cause::Shooting => Purpose::Shooting,
                        Cause::Other => Purpose::Other,
                    },
                    ..Default::default()
                },
                dice: Vec::new(),
            },
            Next::FailedDiscipline | Next::Stampede => Event::FailedDiscipline {
                unit,
                situation: failed(d),
                dice: FailedDice::default(),
            },
            Next::FailedReform => Event::FailedReform {
                unit,
                situation: FailedSituation {
                    cause: Cause::Other,
                    ..failed(d)
                },
                dice: FailedDice::default(),
            },
            Next::GeneralRisk | Next::GeneralRiskAttacker | Next::GeneralRiskDefender => {
                Event::GeneralRisk {
                    unit,
                    event: d.risk.unwrap_or(RiskEvent::PushedBack),
                    dice: RiskDice::default(),
                }
            }
            Next::LineOutcomeAttacker | Next::LineOutcomeDefender => Event::Lines {
                unit,
                dice: Vec::new(),
            },
            Next::LostEagles => Event::Eagles {
                unit,
                // LOST EAGLES: the row of the Legion's event (HE-32)
                event: match (d.risk, d.cause) {
                    (Some(RiskEvent::Retiring), Cause::Combat) => EagleEvent::RetiringCombat,
                    (Some(RiskEvent::Retiring), _) => EagleEvent::RetiringOther,
                    (_, Cause::Combat) => EagleEvent::RoutedCombat,
                    _ => EagleEvent::RoutedOther,
                },
                dice: Vec::new(),
            },
            // the rout's move is the referee's; he names the friends whose ZOC it entered (HE-28)
            Next::RoutMove => Event::Rout {
                unit,
                tests: Vec::new(),
            },
            Next::HomunculusEst => return None,
        })
    }

    /// The enemy a unit's procedure is against by default: the one selected
    /// on the other table, if it is on the table, else the first there.
    fn enemy_for(&self, unit: UnitId) -> UnitId {
        let other = unit.side.other();
        let on = facts::on_table(self.battle.state(), other);
        let sel = UnitId::new(other, self.selected[other as usize]);
        if on.contains(&sel) {
            sel
        } else {
            on.first().copied().unwrap_or(sel)
        }
    }

    /// The procedure a key opens for the selected unit.
    fn event_for(&mut self, c: char) -> Option<Event> {
        let unit = self.selected_id();
        let s = self.battle.state();
        let due_here = |step: Next| {
            s.due
                .iter()
                .find(|d| d.step == step && d.unit == unit)
                .copied()
        };
        let enemy = self.enemy_for(unit);
        Some(match c {
            'm' | 'c' => Event::Movement {
                unit,
                situation: MovementSituation {
                    charge: c == 'c',
                    ..Default::default()
                },
                dice: Vec::new(),
            },
            'a' => Event::Combat {
                attacker: unit,
                defender: enemy,
                facts: [SideFacts::default(); 2],
                situation: CombatSituation {
                    activation: if due_here(Next::Combat).is_some() {
                        Activation::Charge
                    } else {
                        Activation::Combat
                    },
                    ..Default::default()
                },
                dice: CombatDice::default(),
            },
            's' => Event::Shooting {
                shooter: unit,
                target: enemy,
                situation: ShootingSituation::default(),
                dice: ShootingDice::default(),
            },
            'r' => Event::Reform {
                unit,
                situation: ReformSituation::default(),
                dice: Vec::new(),
            },
            'd' => Event::Discipline {
                unit,
                situation: DisciplineSituation::default(),
                dice: Vec::new(),
            },
            'p' => Event::PushBack {
                unit,
                situation: PushBackSituation::default(),
                dice: Vec::new(),
            },
            'o' => Event::FollowUp {
                unit,
                loser: enemy,
                situation: FollowUpSituation::default(),
                dice: FollowUpDice::default(),
            },
            'g' => Event::GeneralRisk {
                unit,
                event: RiskEvent::PushedBack,
                dice: RiskDice::default(),
            },
            'k' => {
                let (side, kind) = self
                    .untyped_card()
                    .unwrap_or((unit.side, CardKind::Setback));
                Event::DrawCard {
                    side,
                    kind,
                    value: 0,
                }
            }
            'h' => Event::Call { cancel: None },
            'M' => Event::Manoeuvre {
                unit,
                situation: ManoeuvreSituation::of(Manoeuvre::ObliqueAdvance),
                dice: Vec::new(),
            },
            'x' => {
                // the called player discards a revealed card (HE-12)
                let side = s.active().map_or(unit.side, Side::other);
                let kind = s.cards[side as usize]
                    .iter()
                    .find(|c| c.revealed)
                    .map_or(CardKind::Setback, |c| c.kind);
                Event::Discard {
                    side,
                    kind,
                    index: 0,
                }
            }
            'P' => Event::Points {
                side: s.active().unwrap_or(unit.side),
                change: PointsChange::Exchange {
                    give: Default::default(),
                    get: crate::rules::homunculus_est::Pool::Strategy,
                },
            },
            _ => return None,
        })
    }

    /// Opens a panel on `event`.
    fn open(&mut self, event: Event) {
        self.status = None;
        self.panel = Some(Panel::new(event));
    }

    fn panel_key(&mut self, ev: KeyEvent, effects: &mut Vec<Effect>) {
        let Some(p) = &mut self.panel else { return };
        if p.result.is_some() {
            match ev.code {
                KeyCode::Up => p.scroll = p.scroll.saturating_sub(1),
                KeyCode::Down => p.scroll = (p.scroll + 1).min(200),
                KeyCode::Enter | KeyCode::Esc => {
                    self.panel = None;
                    self.follow_walker();
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
        if let Some(offers) = p.reroll.clone() {
            let pick = match ev.code {
                KeyCode::Char('b') => Some(TestReroll::Brave),
                KeyCode::Char('d') => Some(TestReroll::DefencePoint),
                KeyCode::Char('h') => Some(TestReroll::Heroic),
                KeyCode::Enter => {
                    p.reroll = None;
                    let event = p.event.clone();
                    self.record(event);
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
                        // the players' dice: the re-roll is typed in turn
                        p.typing = Some(String::new());
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
            match ev.code {
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
                    self.fill(event, left);
                }
                KeyCode::Char('q') => effects.push(Effect::Quit),
                _ => {
                    p.error = Some(
                        "the dice are thrown: the side with the higher rating chooses one; type its face (HE-17, HE-22)"
                            .to_string(),
                    );
                }
            }
            return;
        }
        if let Some(t) = &mut p.typing {
            match ev.code {
                KeyCode::Esc => p.typing = None,
                KeyCode::Backspace => {
                    t.pop();
                }
                KeyCode::Enter => {
                    let text = t.clone();
                    match Typed::parse(&text) {
                        Ok(typed) => {
                            if self.waits() {
                                return;
                            }
                            let event = self.panel.as_ref().map(|p| p.event.clone());
                            if let Some(event) = event {
                                self.fill(event, Some(typed));
                            }
                        }
                        Err(e) => p.error = Some(e.to_string()),
                    }
                }
                KeyCode::Char(c) if t.chars().count() < 40 => {
                    t.push(c);
                    p.error = None;
                }
                _ => {}
            }
            return;
        }
        self.plain_panel_key(ev, effects);
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
                if let Some(event) = self.panel.as_ref().map(|p| p.event.clone()) {
                    self.fill(event, None);
                }
                return;
            }
            KeyCode::Char('t') => {
                let Some(p) = &mut self.panel else { return };
                if matches!(
                    p.event,
                    Event::DrawCard { .. }
                        | Event::Call { .. }
                        | Event::Discard { .. }
                        | Event::Points { .. }
                ) {
                    p.error = Some("this step throws no dice: Enter records it".to_string());
                } else {
                    p.typing = Some(String::new());
                    p.error = None;
                }
                return;
            }
            KeyCode::Char('q') => {
                effects.push(Effect::Quit);
                return;
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

    /// Fills the event's dice (Herald's, or the typed ones) and records it,
    /// or stops for the higher side's choice.
    fn fill(&mut self, event: Event, typed: Option<Typed>) {
        let was_typed = typed.is_some();
        let mut typed = typed;
        let done = match &mut typed {
            Some(t) => he_dice::complete(&self.battle, event, t),
            None => he_dice::complete(&self.battle, event, &mut self.dice),
        };
        let Some(p) = &mut self.panel else { return };
        match done {
            Ok(Completion::Choose { event, faces }) => {
                p.event = event;
                p.choose = Some(faces);
                p.left = typed;
                p.typing = None;
                p.error = None;
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
                self.record(event);
            }
            Err(e) => {
                p.error = Some(e.to_string());
                if was_typed {
                    // the typed dice are kept to correct; the event loses what was filled
                    p.event = he_dice::without_dice(&p.event);
                }
            }
        }
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
                let passed = discipline_test(u, situation, dice).is_ok_and(|o| o.passed)
                    || situation.purpose == Purpose::ReturnFromPursuit;
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
            if s.armies[unit.side as usize].points.defence > spent {
                out.push(TestReroll::DefencePoint);
            }
        } else if u.has(Characteristic::Heroic) && !u.heroic_used && !used(TestReroll::Heroic) {
            out.push(TestReroll::Heroic);
        }
        out
    }

    fn record(&mut self, event: Event) {
        match self.battle.record(event) {
            Ok(entry) => {
                let entry = entry.clone();
                self.say(entry.summary.clone(), false);
                if let Some(p) = &mut self.panel {
                    p.typing = None;
                    p.error = None;
                    p.result = Some(entry);
                }
            }
            Err(e) => {
                if let Some(p) = &mut self.panel {
                    p.error = Some(e.to_string());
                }
            }
        }
    }

    /// The walker's words: where the turn stands and what comes next.
    pub fn walker_words(&self) -> String {
        let (head, ways) = self.walker_ways();
        format!("{head}{}", ways[0])
    }

    /// The walker's words fitted to `width` columns: the first of its ways
    /// of saying the next step (from the fullest to the shortest) that fits,
    /// else the shortest cut with an ellipsis.
    pub fn walker_line(&self, width: usize) -> String {
        let (head, ways) = self.walker_ways();
        for way in &ways {
            let line = format!("{head}{way}");
            if line.chars().count() <= width {
                return line;
            }
        }
        let line = format!("{head}{}", ways[ways.len() - 1]);
        let cut: String = line.chars().take(width.saturating_sub(1)).collect();
        format!("{cut}…")
    }

    /// Where the turn stands, and what comes next in ways from the fullest
    /// (step, unit, rulings) to the shortest (the step's name and the unit's id).
    fn walker_ways(&self) -> (String, Vec<String>) {
        let s = self.battle.state();
        let setup = self.battle.setup();
        match s.phase {
            Phase::Deployment => (
                "Deployment > ".to_string(),
                vec![
                    "who starts: w or Enter rolls (HE-5.1, HE-5.2)".to_string(),
                    "who starts: w or Enter rolls".to_string(),
                ],
            ),
            Phase::Over => (
                String::new(),
                vec![match s.broken {
                    Some(b) => format!(
                        "{}'s army is broken: the battle is lost (HE-12)",
                        setup.label(b)
                    ),
                    None => "the battle is over".to_string(),
                }],
            ),
            Phase::Player(side) => {
                let which = if Some(side) == s.first_player {
                    "1st"
                } else {
                    "2nd"
                };
                let head = format!("{which} phase, {} > ", setup.label(side));
                let ways = if let Some((who, kind)) = self.untyped_card() {
                    vec![
                        format!(
                            "Enter: player {}'s {kind} Card, its value as drawn (HE-10)",
                            who.name()
                        ),
                        format!("Enter: player {}'s {kind} Card's value", who.name()),
                    ]
                } else if let Some(d) = s.due.first() {
                    // the step's words without their parenthesis: "the rout's move"
                    let words = d.step.words();
                    let short = words.split(" (").next().unwrap_or(words);
                    let name = self.unit_name(d.unit);
                    vec![
                        format!("Enter: {words} of {name} (HE-7)"),
                        format!("Enter: {short} of {name} (HE-7)"),
                        format!("Enter: {short} of {name}"),
                        format!("Enter: {short} of {}", d.unit),
                    ]
                } else if let Some(why) = &s.reversal {
                    vec![
                        format!("Reversal of Fortune ({why}): Enter or e ends the phase (HE-6)"),
                        "Reversal of Fortune: Enter or e ends the phase (HE-6)".to_string(),
                        "Reversal of Fortune: Enter or e ends the phase".to_string(),
                    ]
                } else {
                    let left = s.units[side as usize]
                        .iter()
                        .filter(|u| !u.activated && !u.removed && !u.off_table)
                        .count();
                    let called = if s.armies[side as usize].called_this_phase {
                        "ed"
                    } else {
                        ""
                    };
                    vec![
                        format!(
                            "activate a unit ({left} left, each once); h call{called}; e end (HE-5.3)"
                        ),
                        format!("activate a unit ({left} left); h call{called}; e end"),
                    ]
                };
                (head, ways)
            }
        }
    }
}

impl Screen for App {
    type System = HomunculusEst;

    fn battle(&self) -> &Battle {
        &self.battle
    }

    fn battle_mut(&mut self) -> &mut Battle {
        &mut self.battle
    }

    fn dice_position(&self) -> SeedPosition {
        self.dice.position()
    }

    fn theme(&self) -> Theme {
        self.theme
    }

    fn claims(&self) -> Vec<crate::tui::screen::Claim> {
        self.panel
            .as_ref()
            .and_then(|p| p.result.as_ref())
            .map(crate::tui::screen::entry_claims)
            .unwrap_or_default()
    }

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    fn tell(&mut self, status: Status) {
        self.status = Some(status);
    }

    fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    fn set_unsaved(&mut self, why: Option<String>) {
        self.unsaved = why;
    }

    fn hold_quit(&mut self) {}

    fn resized(&self, width: u16, height: u16) {
        self.too_small.set(width < MIN_WIDTH || height < MIN_HEIGHT);
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}
