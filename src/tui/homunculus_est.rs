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
mod panel;
mod prompt;
mod view;

pub use panel::Panel;

use crate::battle::UnitId;
use crate::battle::homunculus_est::due::Due;
use crate::battle::homunculus_est::event::{CardKind, SideFacts};
use crate::battle::homunculus_est::{Battle, Event, HomunculusEst, Phase};
use crate::dice::{SeedPosition, SeededDice};
use crate::rules::Side;
use crate::rules::homunculus_est::combat::{Activation, CombatDice, CombatSituation};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::{DisciplineSituation, Purpose, ReformSituation};
use crate::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
use crate::rules::homunculus_est::movement::MovementSituation;
use crate::rules::homunculus_est::push_back::PushBackSituation;
use crate::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
use crate::rules::homunculus_est::tables::{Manoeuvre, RiskEvent};
use crate::rules::homunculus_est::{Next, REPEAT_ACTIVATIONS};
use crate::tui::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use std::cell::Cell;

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
                    // a panel never opens on what the battle would refuse (the
                    // Command Points form is filled in first, but not once the
                    // battle is over, HE-12)
                    let over = self.battle.state().phase == Phase::Over;
                    match self.refusal(&event) {
                        Some(why) if c != 'P' || over => self.say(why, true),
                        _ => self.open(event),
                    }
                } else if self.status.as_ref().is_none_or(|s| !s.error) {
                    self.say(
                        "keys: Enter the next step, m move, c charge, M manoeuvre, a combat, s shoot, r reform, b bring back, d discipline, p push back, o follow up, g general, k card, h call, x discard, P points, e end phase, ? help",
                        false,
                    );
                }
            }
            _ => {}
        }
    }

    /// HE-5.2: who starts, on its panel: each player's die (Herald's on
    /// Enter, or typed), then the higher roller's choice of the first player.
    fn who_starts(&mut self) {
        if self.battle.state().phase != Phase::Deployment {
            return self.say(
                "out of turn: who starts is decided once, at the start (HE-5.2)",
                true,
            );
        }
        self.open(Event::WhoStarts {
            a: 0,
            b: 0,
            first: Side::A,
        });
    }

    /// `e`: the active player's phase ends (HE-5.4), or the Reversal of
    /// Fortune that is due ends it (HE-6).
    fn end_phase(&mut self) {
        // HE-5.3, HE-6, HE-7: the steps the activation forces come first
        if let Err(e) = self.battle.state().owed_first(&Event::EndPhase) {
            return self.say(e.to_string(), true);
        }
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
        if let Some(e) = self.forced() {
            return self.open(e);
        }
        if let Some(d) = s.due.first() {
            return self.say(
                format!("now: {} (the referee's, at the table)", d.step.words()),
                false,
            );
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
        crate::battle::homunculus_est::due::step_event(d, self.enemy_for(d.unit))
    }

    /// The enemy a unit's procedure is against by default: the one it last
    /// charged, fought or shot (or that did so to it) if it is still on the
    /// table, else the one selected on the other table, else the first there.
    fn enemy_for(&self, unit: UnitId) -> UnitId {
        let s = self.battle.state();
        let other = unit.side.other();
        let on = facts::on_table(s, other);
        let last = s.last_enemy[unit.side as usize]
            .get(unit.index)
            .copied()
            .flatten();
        if let Some(l) = last
            && on.contains(&l)
        {
            return l;
        }
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
                target: (c == 'c').then_some(enemy),
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
            // PURSUIT OFF-TABLE: the attempt to bring an off-table unit back
            // is its activation, a Discipline Test (HE-5.3, HE-26, HE-33)
            'b' => {
                let side = s.active().unwrap_or(unit.side);
                let off = |id: UnitId| s.unit(id).is_ok_and(|u| u.off_table);
                let unit = if off(unit) {
                    unit
                } else {
                    match (0..s.units[side as usize].len())
                        .map(|i| UnitId::new(side, i))
                        .find(|id| off(*id))
                    {
                        Some(id) => id,
                        None => {
                            self.say(
                                format!(
                                    "no unit of player {} is off the table: b brings back a unit in Pursuit Off-Table (HE-33)",
                                    side.name()
                                ),
                                true,
                            );
                            return None;
                        }
                    }
                };
                Event::Discipline {
                    unit,
                    situation: DisciplineSituation {
                        purpose: Purpose::ReturnFromPursuit,
                        ..Default::default()
                    },
                    dice: Vec::new(),
                }
            }
            // a test owed by this unit starts from the record: its cause, the Cause
            // Fear unit's -2, the enemy's Devotio (HE-7, HE-28, HE-34)
            'd' if let Some(d) = s.due.iter().find(|d| {
                d.unit == unit && crate::battle::homunculus_est::due::family(d.step) == 3
            }) =>
            {
                let d = *d;
                return self.due_event(&d);
            }
            'd' => Event::Discipline {
                unit,
                situation: DisciplineSituation {
                    purpose: if s.unit(unit).is_ok_and(|u| u.off_table) {
                        Purpose::ReturnFromPursuit
                    } else {
                        Purpose::default()
                    },
                    ..Default::default()
                },
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
            // MANOEUVRE TEST: the Movement Points left start from the record (HE-15)
            'M' => Event::Manoeuvre {
                unit,
                situation: ManoeuvreSituation {
                    movement_points: (s.moving == Some(unit)).then_some(s.moving_points),
                    ..ManoeuvreSituation::of(Manoeuvre::ObliqueAdvance)
                },
                dice: Vec::new(),
            },
            'x' => {
                // the called player discards a revealed card (HE-12)
                let side = s
                    .may_discard
                    .unwrap_or_else(|| s.active().map_or(unit.side, Side::other));
                let (kind, index) = facts::revealed_cards(s, side)
                    .first()
                    .map_or((CardKind::Setback, 0), |c| (c.0, c.1));
                Event::Discard { side, kind, index }
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
        // cut at a word's end, never in a word (the brief)
        crate::tui::text::cut_words(&line, width)
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
                    "who starts: Enter (or w), each player's die; the higher chooses the first player (HE-5.2)".to_string(),
                    "who starts: Enter, each player's die; the higher chooses (HE-5.2)".to_string(),
                    "who starts: Enter".to_string(),
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
                    // HE-12: the called player may discard one revealed card first
                    let discard = s.may_discard.map_or(String::new(), |p| {
                        format!("x: player {} may discard a revealed card; ", p.name())
                    });
                    vec![
                        format!(
                            "Reversal of Fortune ({why}): {discard}Enter or e ends the phase (HE-6)"
                        ),
                        format!("Reversal of Fortune: {discard}Enter or e ends the phase (HE-6)"),
                        format!("Reversal of Fortune: {discard}Enter or e ends the phase"),
                        format!("Reversal: {discard}Enter ends the phase"),
                    ]
                } else {
                    // a unit off the table counts: its activation is the attempt to come back (HE-5.3)
                    let left = s.units[side as usize]
                        .iter()
                        .enumerate()
                        .filter(|(i, u)| {
                            !u.activated
                                && !u.removed
                                && s.may_come_back(UnitId::new(side, *i)).is_ok()
                        })
                        .count();
                    // PURSUIT OFF-TABLE: "in following turns" only (HE-33)
                    let back = s.units[side as usize]
                        .iter()
                        .enumerate()
                        .find(|(i, u)| {
                            u.off_table
                                && !u.activated
                                && s.may_come_back(UnitId::new(side, *i)).is_ok()
                        })
                        .map_or(String::new(), |(_, u)| format!("; b brings back {}", u.name));
                    let called = if s.armies[side as usize].called_this_phase {
                        "ed"
                    } else {
                        ""
                    };
                    if setup.house.is_on(&REPEAT_ACTIVATIONS) {
                        // house option: any unit again; the phase ends on a Reversal or when he stops
                        vec![
                            format!(
                                "activate a unit (any, again: repeat activations); h call{called}; e end (HE-5)"
                            ),
                            format!("activate a unit (any, again); h call{called}; e end"),
                        ]
                    } else {
                        vec![
                            format!(
                                "activate a unit ({left} left, each once){back}; h call{called}; e end (HE-5.3)"
                            ),
                            format!("activate a unit ({left} left){back}; h call{called}; e end"),
                            format!("activate a unit ({left} left); h call{called}; e end"),
                        ]
                    }
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

    /// The open panel before its roll, saying nothing against it: not
    /// once it has recorded, nor while it asks a choice, a reroll or more
    /// dice, nor while it says why it is refused.
    fn offered_roll(&self) -> Option<crate::battle::homunculus_est::Event> {
        let p = self.panel.as_ref()?;
        let silent = p.result.is_none()
            && p.error.is_none()
            && p.choose.is_none()
            && p.reroll.is_none()
            && p.short.is_none()
            && !p.unseen
            && p.first_choice.is_none();
        silent.then(|| p.event.clone())
    }

    /// The walker's line (`walker_ways`): who starts, a card's value, the
    /// first step a result requires, the Reversal's end of the phase; none
    /// while the active player chooses his activations.
    fn walker_owes(&self) -> Vec<crate::battle::Owed> {
        use crate::battle::Owed;
        let s = self.battle.state();
        let owed = match s.phase {
            Phase::Deployment => Some(Owed::of("who starts", [])),
            Phase::Over => None,
            Phase::Player(_) => {
                if self.untyped_card().is_some() {
                    Some(Owed::of("a card's value", []))
                } else if let Some(d) = s.due.first() {
                    Some(Owed::of(d.step.words(), [d.unit]))
                } else {
                    s.reversal.as_ref().map(|_| Owed::of("end the phase", []))
                }
            }
        };
        owed.into_iter().collect()
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
