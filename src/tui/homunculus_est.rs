//! The Homunculus Est! console, first cut: the battle's state at a glance
//! (each side's units with this system's columns, each player's Command
//! Point pools and cards held against his Army Break Point, the turn and
//! phase, a Reversal of Fortune due) and the turn's own keys: end the phase
//! (HE-5.4, HE-6), undo, redo, the log. The procedures' panels (the facts
//! form, odds and dice) are still to come: events are recorded from saves
//! and the library until then.

use crate::battle::homunculus_est::state::army_line;
use crate::battle::homunculus_est::{Battle, Event, HomunculusEst, Phase};
use crate::dice::{SeedPosition, SeededDice};
use crate::rules::Side;
use crate::rules::homunculus_est::Unit;
use crate::tui::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
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
}

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
        }
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Handles a key.
    pub fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        if self.too_small.get() && !matches!(ev.code, KeyCode::Char('q')) {
            self.say(format!("the console needs {MIN_WIDTH}x{MIN_HEIGHT}: nothing is recorded until it has it"), true);
            return Vec::new();
        }
        match ev.code {
            KeyCode::Char('q') => vec![Effect::Quit],
            KeyCode::Char('l') => vec![Effect::OpenLog],
            KeyCode::Char('V') => vec![Effect::OpenCourse],
            KeyCode::Char('u') => match self.battle.undo() {
                Some(e) => {
                    let kind = crate::battle::homunculus_est::Event::kind(e);
                    self.say(format!("undone: {kind}"), false);
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
            KeyCode::Char('w') => self.who_starts(),
            KeyCode::Char('e') => match self.battle.record(Event::EndPhase) {
                Ok(entry) => {
                    let s = entry.summary.clone();
                    self.say(s, false);
                    vec![Effect::Save]
                }
                Err(e) => {
                    self.say(e.to_string(), true);
                    Vec::new()
                }
            },
            _ => {
                self.say(
                    "keys: w who starts, e end the phase, u undo, U redo, l the log, q quit",
                    false,
                );
                Vec::new()
            }
        }
    }

    /// HE-5.2: each player rolls 1D6 with Herald's dice; the higher goes
    /// first (his choice: u undoes it); equal scores roll again.
    fn who_starts(&mut self) -> Vec<Effect> {
        use crate::dice::{Colour, DiceSource};
        let mut roll = || {
            self.dice
                .roll(Colour::White, 1)
                .ok()
                .and_then(|d| d.first().map(|d| d.value()))
                .unwrap_or(1)
        };
        let (a, b) = (roll(), roll());
        if a == b {
            self.say(
                format!("both rolled {a}: equal scores roll again (HE-5.2); w rolls again"),
                false,
            );
            return Vec::new();
        }
        let first = if a > b { Side::A } else { Side::B };
        match self.battle.record(Event::WhoStarts { a, b, first }) {
            Ok(_) => {
                self.say(format!("a rolled {a}, b {b}: player {} goes first (HE-5.2; u if he chooses otherwise)", first.name()), false);
                vec![Effect::Save]
            }
            Err(e) => {
                self.say(e.to_string(), true);
                Vec::new()
            }
        }
    }

    /// One unit's row: id, name, class, ratings, characteristics, lines and attachments, state, general.
    fn row(id: &str, u: &Unit, width: u16) -> String {
        let chars: Vec<&str> = u.characteristics.iter().map(|c| c.short()).collect();
        let extra: Vec<String> = u
            .lines
            .iter()
            .map(|l| format!("{l} line"))
            .chain(u.attachments.iter().map(|a| a.to_string()))
            // The referee reads words: `praetorian_cohort` is a praetorian cohort.
            .map(|w| w.replace(['_', '-'], " "))
            .collect();
        let state = if u.removed {
            "removed"
        } else if u.off_table {
            "off table"
        } else if u.disordered {
            "Dis"
        } else {
            ""
        };
        let name: String = u
            .name
            .chars()
            .take(if width >= 110 { 24 } else { 16 })
            .collect();
        let mut s = format!(
            "{id:<4}{name:<w$} {:<4} {:<8} {:<7} {:<4}{}",
            match (u.is_cavalry(), u.is_skirmisher()) {
                (true, true) => "LCav",
                (true, false) => "Cav",
                (false, true) => "SkI",
                (false, false) => "FI",
            },
            format!(
                "{}/{}/{}/{}",
                u.combat_rating, u.ranged_combat_rating, u.manoeuvre_rating, u.discipline_rating
            ),
            state,
            if u.activated { "act" } else { "" },
            chars.join(","),
            w = if width >= 110 { 25 } else { 17 }
        );
        if width >= 110 {
            if !extra.is_empty() {
                s.push_str(&format!(" {}", extra.join(",")));
            }
            if let Some(g) = &u.general {
                s.push_str(&format!(" [{} G{}]", g.name, g.generalship));
            }
        } else if u.general.is_some() {
            s.push_str(" *G");
        }
        s
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        let _ = self.theme;
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            buf.set_string(
                area.x,
                area.y,
                format!("Herald needs {MIN_WIDTH}x{MIN_HEIGHT}"),
                Style::default(),
            );
            return;
        }
        let s = self.battle.state();
        let setup = self.battle.setup();
        let w = area.width as usize;
        let mut lines: Vec<(String, Style)> = Vec::new();
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let house = setup.house.summary();
        lines.push((
            format!(
                "{} - Homunculus Est! - turn {}, {}{}",
                self.name,
                s.turn,
                s.phase,
                if setup.house.is_default() {
                    String::new()
                } else {
                    format!(" - {house}")
                }
            ),
            bold,
        ));
        let walker = match s.phase {
            Phase::Deployment => "Deployment > who starts (HE-5.1, 5.2)".to_string(),
            Phase::Player(side) => format!(
                "{}phase, {} > {}",
                if Some(side) == s.first_player {
                    "1st "
                } else {
                    "2nd "
                },
                setup.label(side),
                match &s.reversal {
                    Some(why) => format!("e ends the phase: Reversal of Fortune ({why}, HE-6)"),
                    None => "activations; e when finished (HE-5.4)".to_string(),
                }
            ),
            Phase::Over => match s.broken {
                Some(b) => format!(
                    "{}'s army is broken: the battle is lost (HE-12)",
                    setup.label(b)
                ),
                None => "the battle is over".to_string(),
            },
        };
        lines.push((walker, Style::default()));
        for side in [Side::A, Side::B] {
            let a = &setup.sides[side as usize];
            let cards = &s.cards[side as usize];
            let shown: Vec<String> = cards
                .iter()
                .filter(|c| c.revealed)
                .filter_map(|c| c.value.map(|v| v.to_string()))
                .collect();
            lines.push((String::new(), Style::default()));
            lines.push((
                format!(
                    "{} {}: {} vs break point {}{}{}",
                    side.name().to_uppercase(),
                    setup.label(side),
                    army_line(&s.armies[side as usize].points, cards),
                    a.break_point,
                    if shown.is_empty() {
                        String::new()
                    } else {
                        format!(", revealed {}", shown.join("+"))
                    },
                    if s.armies[side as usize].fatigued {
                        ", Fatigued"
                    } else {
                        ""
                    }
                ),
                bold,
            ));
            lines.push((
                format!(
                    "{:<4}{:<w$} {:<4} {:<8} {:<7} {:<4}traits",
                    "id",
                    "unit",
                    "cls",
                    "CR/R/M/D",
                    "state",
                    "act",
                    w = if area.width >= 110 { 25 } else { 17 }
                ),
                Style::default().add_modifier(Modifier::DIM),
            ));
            for (i, u) in s.units[side as usize].iter().enumerate() {
                lines.push((
                    Self::row(&format!("{}{}", side.name(), i + 1), u, area.width),
                    Style::default(),
                ));
            }
        }
        let footer = area.height as usize - 2;
        if lines.len() > footer {
            let more = lines.len() - footer + 1;
            lines.truncate(footer - 1);
            lines.push((
                format!("... {more} more lines: a taller terminal shows them"),
                Style::default().add_modifier(Modifier::DIM),
            ));
        }
        for (i, (text, style)) in lines.iter().take(footer).enumerate() {
            let t: String = text.chars().take(w).collect();
            buf.set_string(area.x, area.y + i as u16, t, *style);
        }
        if let Some(e) = self
            .battle
            .events()
            .len()
            .checked_sub(1)
            .and_then(|i| self.battle.entry(i))
        {
            let t: String = format!("last: {}", e.summary).chars().take(w).collect();
            buf.set_string(area.x, area.y + area.height - 2, t, Style::default());
        }
        let status = match &self.status {
            Some(st) => st.text.clone(),
            None => self.unsaved.clone().map_or(
                "w who starts  e end the phase  u undo  U redo  l log  V course  q quit"
                    .to_string(),
                |u| format!("NOT SAVED: {u}"),
            ),
        };
        let t: String = status.chars().take(w).collect();
        buf.set_string(
            area.x,
            area.y + area.height - 1,
            t,
            Style::default().add_modifier(Modifier::REVERSED),
        );
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

    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        App::key(self, ev)
    }

    fn suspends(&self, ev: &KeyEvent) -> bool {
        ev.code == KeyCode::Char('z') && ev.modifiers.contains(KeyModifiers::CONTROL)
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
