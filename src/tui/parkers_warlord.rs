//! The Parker's Warlord console: the personalities table (type, SR,
//! initiative, wounded, uncontrolled actions, the hand against its limit,
//! this turn's check), the active side's battle lines, the command phase
//! walker (each personality's initiative check, transfers, commands,
//! discards; PW-3), and panels on the generic facts form: the initiative
//! check with its exact odds before the d20 (rolled by Herald or typed
//! and checked against the die's 20 faces), the transfer, a unique command
//! priced with its modifiers and paid in cards, a battle-line command, the
//! movement calculator, passing through friends, and the table's facts
//! the text leaves to it.

pub mod panel;
pub mod view;

use crate::battle::parkers_warlord::{Battle, Event, ParkersWarlord};
use crate::dice::{Colour, DiceSource, SeedPosition, SeededDice};
use crate::tui::facts::{Facts, Input};
use crate::tui::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use crate::tui::theme::Theme;
use panel::{Draft, Kind};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use std::cell::Cell;

/// An open panel: its draft event and the form over it.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The draft.
    pub draft: Draft,
    /// The form's state.
    pub form: Facts,
    /// Digits go to the d20 being typed (`t`).
    pub typing: bool,
    /// A modifier being typed with its name (`M`, the command panel).
    pub writing: Option<String>,
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
    panel: Option<Panel>,
}

/// The main keys, for the status line and `?`.
/// The status of a panel refused as it stands: Enter records nothing, so
/// it says what would be accepted.
const REFUSED: &str = "refused as it stands (the panel says why): Enter records nothing; change a fact with its key, digits or ←→ to one the rules accept, or Esc closes";

pub const KEYS: &str =
    "i check x transfer c command b BL m move P pass d discard W O A table e end u U l V q";

impl App {
    /// A console over a battle.
    pub fn new(battle: Battle, dice: SeededDice, theme: Theme, name: &str) -> App {
        App {
            battle,
            dice,
            theme,
            name: name.to_string(),
            status: None,
            unsaved: None,
            too_small: Cell::new(false),
            panel: None,
        }
    }

    /// The open panel, if any.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref()
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    fn open(&mut self, kind: Kind) -> Vec<Effect> {
        let mut draft = Draft::new(kind, self.battle.state());
        draft.near_band_given = self
            .battle
            .setup()
            .house
            .word(&crate::rules::parkers_warlord::house::NEAR_BAND)
            != "ask";
        self.panel = Some(Panel {
            draft,
            form: Facts::default(),
            typing: false,
            writing: None,
        });
        if self.panel_refused() {
            self.say(REFUSED, true);
        } else {
            self.say(
                "Enter records, Esc closes; each fact's key, digits, ←→ change it",
                false,
            );
        }
        Vec::new()
    }

    /// The open panel's plan says `Refused`: Enter records nothing.
    fn panel_refused(&self) -> bool {
        self.panel.as_ref().is_some_and(|p| {
            p.draft
                .plan(&self.battle)
                .iter()
                .any(|l| l.starts_with("Refused") || l == "no such personality")
        })
    }

    fn record(&mut self, event: Event) -> Vec<Effect> {
        match self.battle.record(event) {
            Ok(e) => {
                let s = e.summary.clone();
                self.say(s, false);
                self.panel = None;
                vec![Effect::Save]
            }
            Err(e) => {
                self.say(e.to_string(), true);
                Vec::new()
            }
        }
    }

    /// Handles a key.
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        if self.too_small.get() && !matches!(ev.code, KeyCode::Char('q')) {
            self.say(
                format!("the console needs {MIN_WIDTH}x{MIN_HEIGHT}: nothing is recorded until it has it"),
                true,
            );
            return Vec::new();
        }
        if self.panel.is_some() {
            return self.panel_key(ev);
        }
        match ev.code {
            KeyCode::Char('q') => vec![Effect::Quit],
            KeyCode::Char('l') => vec![Effect::OpenLog],
            KeyCode::Char('V') => vec![Effect::OpenCourse],
            KeyCode::Char('i') => {
                if self.battle.state().unchecked().is_empty() {
                    self.say(
                        "every personality of this side has made his initiative check this turn (PW-4)",
                        true,
                    );
                    return Vec::new();
                }
                self.open(Kind::Initiative)
            }
            KeyCode::Char('x') => {
                let s = self.battle.state();
                if panel::warlords(s, s.active()).is_empty() {
                    self.say(
                        "this side has no Warlord: only a Warlord transfers cards (PW-8)",
                        true,
                    );
                    return Vec::new();
                }
                self.open(Kind::Transfer)
            }
            KeyCode::Char('c') => self.open(Kind::Command),
            KeyCode::Char('b') => self.open(Kind::BattleLine),
            KeyCode::Char('m') => self.open(Kind::Move),
            KeyCode::Char('d') => self.open(Kind::Discard),
            KeyCode::Char('W') => self.open(Kind::Wounds),
            KeyCode::Char('O') => self.open(Kind::Order),
            KeyCode::Char('A') => self.open(Kind::Attach),
            KeyCode::Char('P') => self.open(Kind::PassThrough),
            KeyCode::Char('e') => self.record(Event::EndTurn),
            KeyCode::Char('u') => match self.battle.undo_named() {
                Some(said) => {
                    self.say(format!("undone: {said}; U redoes it"), false);
                    vec![Effect::Save]
                }
                None => {
                    self.say("nothing to undo", true);
                    Vec::new()
                }
            },
            KeyCode::Char('U') => match self.battle.redo() {
                Ok(Some(e)) => {
                    let s = e.summary.clone();
                    self.say(format!("redone: {s}"), false);
                    vec![Effect::Save]
                }
                Ok(None) => {
                    self.say("nothing to redo", true);
                    Vec::new()
                }
                Err(e) => {
                    self.say(e.to_string(), true);
                    Vec::new()
                }
            },
            _ => {
                self.say(format!("keys: {KEYS}"), false);
                Vec::new()
            }
        }
    }

    fn panel_key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        let Some(mut p) = self.panel.take() else {
            return Vec::new();
        };
        let state = self.battle.state().clone();
        // PW-10: the referee's modifiers the text leaves unstated, typed
        // with their names (`uphill +1`; 0 takes one off).
        if let Some(text) = p.writing.as_mut() {
            self.status = None;
            match ev.code {
                KeyCode::Esc => {
                    p.writing = None;
                    self.say("nothing written", false);
                }
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if text.chars().count() < 80 => text.push(c),
                KeyCode::Enter => match crate::tui::roberts_rules::panel::parse_named(text) {
                    Ok(n) => {
                        p.draft.named.retain(|m| m.name != n.name);
                        let words = if n.value == 0 {
                            format!("{}: taken off", n.name.replace('_', " "))
                        } else {
                            format!("{} {:+}", n.name.replace('_', " "), n.value)
                        };
                        if n.value != 0 {
                            p.draft.named.push(n);
                        }
                        p.writing = None;
                        self.say(format!("modifier {words}"), false);
                    }
                    Err(e) => self.say(e, true),
                },
                _ => {}
            }
            if let Some(text) = &p.writing
                && !self.status.as_ref().is_some_and(|s| s.error)
            {
                self.say(
                    format!("modifier: {text}_  (a name and a signed number, as uphill +1; 0 takes it off; Enter, Esc)"),
                    false,
                );
            }
            self.panel = Some(p);
            return Vec::new();
        }
        if ev.code == KeyCode::Char('M') && p.draft.kind == Kind::Command {
            p.writing = Some(String::new());
            self.panel = Some(p);
            self.say(
                "modifier: _  (a name and a signed number, as uphill +1; 0 takes it off; Enter, Esc)",
                false,
            );
            return Vec::new();
        }
        let input = match ev.code {
            KeyCode::Esc => {
                self.say("closed: nothing recorded", false);
                return Vec::new();
            }
            KeyCode::Enter => {
                let unsaid = p
                    .form
                    .unsaid(p.form.list(|f| p.draft.clone().walk(f, &state)));
                if !unsaid.is_empty() {
                    self.panel = Some(p);
                    self.say(
                        format!(
                            "the table has not said: {}",
                            crate::tui::facts::view::unsaid_words(&unsaid)
                        ),
                        true,
                    );
                    return Vec::new();
                }
                let event = if p.draft.kind == Kind::Initiative {
                    // The d20: typed (checked against its faces) or Herald's.
                    let face = match p.draft.typed {
                        Some(n) if p.typing => {
                            if !(1..=20).contains(&n) {
                                self.say(
                                    format!("{n} is not a face of a d20: type 1 to 20 (PW-1)"),
                                    true,
                                );
                                self.panel = Some(p);
                                return Vec::new();
                            }
                            n as u8
                        }
                        _ => self
                            .dice
                            .roll(Colour::D20, 1)
                            .ok()
                            .and_then(|d| d.first().map(|d| d.value()))
                            .unwrap_or(1),
                    };
                    p.draft.event(Some(face))
                } else {
                    p.draft.event(None)
                };
                self.panel = Some(p);
                return self.record(event);
            }
            KeyCode::Char('t') if p.draft.kind == Kind::Initiative => {
                p.typing = true;
                p.draft.typed = None;
                self.panel = Some(p);
                self.say(
                    "type the d20 rolled at the table (1 to 20), then Enter",
                    false,
                );
                return Vec::new();
            }
            KeyCode::Char(c) if p.typing && c.is_ascii_digit() => {
                let n = p.draft.typed.unwrap_or(0) * 10 + c.to_digit(10).unwrap_or(0);
                p.draft.typed = Some(n.min(999));
                self.panel = Some(p);
                return Vec::new();
            }
            KeyCode::Backspace if p.typing => {
                p.draft.typed = p.draft.typed.map(|n| n / 10).filter(|n| *n > 0);
                self.panel = Some(p);
                return Vec::new();
            }
            KeyCode::Up => Input::Up,
            KeyCode::Down => Input::Down,
            KeyCode::Right | KeyCode::Char('+') | KeyCode::Char(' ') => Input::More,
            KeyCode::Left | KeyCode::Char('-') => Input::Less,
            KeyCode::Backspace => Input::Erase,
            KeyCode::Char(c) => Input::typed(c),
            _ => {
                self.panel = Some(p);
                return Vec::new();
            }
        };
        let Panel { draft, form, .. } = &mut p;
        if let Err(e) = form.input(input, |f| draft.walk(f, &state)) {
            self.say(e, true);
        } else {
            self.status = None;
        }
        self.panel = Some(p);
        Vec::new()
    }
}

impl Screen for App {
    type System = ParkersWarlord;

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

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    /// The open panel showing its plan and `Enter rolls` or `Enter records
    /// it`: not while a modifier is written, nor while it says `Refused`.
    fn offered_roll(&self) -> Option<crate::battle::parkers_warlord::Event> {
        let p = self.panel.as_ref()?;
        (p.writing.is_none() && !self.panel_refused()).then(|| p.draft.event(None))
    }

    /// The walker's line (`view::render`): the next personality's
    /// initiative check; then transfers, commands and discards are the
    /// side's to choose (PW-3).
    fn walker_owes(&self) -> Vec<crate::battle::Owed> {
        let due = self.battle.state().unchecked();
        due.first()
            .map(|p| crate::battle::Owed::of("initiative check", [*p]))
            .into_iter()
            .collect()
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
        view::render(self, area, buf);
    }
    /// The last event's lines under the tables and on the `last:` line.
    fn claims(&self) -> Vec<crate::tui::screen::Claim> {
        crate::tui::screen::last_entry_claims(&self.battle)
    }
}
