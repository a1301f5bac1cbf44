//! The start screen, where a referee picks what to play: every battle in
//! `saves/` (newest first; Enter resumes the selected one), a new battle
//! from the army files in `armies/` picked side by side and named, and the
//! bundled Hastings one key away (a battle of Hastings in progress is
//! offered first, so a second one is never started by accident). Keys only
//! change this state and say what the shell must do ([`Request`]); the
//! shell (`tui::run`) reads and writes the files.

use super::keys::{Key, hints};
use super::screen::{MIN_HEIGHT, MIN_WIDTH};
use super::shell_keymap::{SHELL_KEYMAP, ShellAction as A, ShellContext as C, lookup};
use super::theme::Theme;
use crate::rules::System;
use crate::rules::house::{House, HouseValue};
use crate::store::library::{ArmyListing, SaveListing};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget, Wrap};
use std::cell::Cell;
use std::path::PathBuf;
use std::time::SystemTime;

/// The longest battle name typed.
const MAX_NAME: usize = 60;

/// What the shell must do after a key on the start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Open this save.
    Open(PathBuf),
    /// Start a new battle of Hastings (none is in progress, or the referee
    /// asked for another).
    Hastings,
    /// Make a new battle from these army files and open it.
    Create {
        /// Its name (`saves/NAME.toml`).
        name: String,
        /// Each side's army files.
        sides: [Vec<PathBuf>; 2],
        /// The house options chosen away from their defaults, `NAME=VALUE`.
        house: Vec<String>,
    },
    /// Leave Herald.
    Quit,
    /// Suspend Herald to the shell.
    Suspend,
}

/// A new battle being put together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewBattle {
    /// The army the cursor is on.
    pub selected: usize,
    /// Each side's armies, by their place in the list, in the order picked.
    pub sides: [Vec<usize>; 2],
    /// The name typed.
    pub name: String,
    /// Whether keys go to the name.
    pub naming: bool,
    /// The house options chosen, for the rule system of the armies picked
    /// (none until an army is on a side).
    pub house: Option<(System, House)>,
    /// The option the cursor is on, while keys go to the house options.
    pub house_at: Option<usize>,
    /// The same army or personality on both sides was said: Enter again
    /// makes the battle.
    pub warned: bool,
}

/// What the start screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The battles in `saves/`.
    Saves,
    /// A new battle from army files.
    New(NewBattle),
    /// A battle of Hastings is in progress in this save: resume it, or start another?
    Hastings(PathBuf),
}

/// The start screen's state.
#[derive(Clone, Debug)]
pub struct Start {
    /// The battles in `saves/`, newest first.
    pub saves: Vec<SaveListing>,
    /// The army files in `armies/`.
    pub armies: Vec<ArmyListing>,
    /// The battle the cursor is on.
    pub selected: usize,
    /// What is shown.
    pub mode: Mode,
    /// Why the last choice failed.
    pub error: Option<String>,
    /// Colours or not.
    pub theme: Theme,
    /// The time "last played" is counted from.
    pub now: SystemTime,
    /// The army names of the bundled Hastings, side a then side b: a save
    /// of these armies is a battle of Hastings.
    pub hastings: [Vec<String>; 2],
    /// The folder of saves and of armies, as the screen names them.
    pub folders: [String; 2],
    /// The terminal is below [`MIN_WIDTH`]×[`MIN_HEIGHT`]: only quitting works.
    too_small: Cell<bool>,
    /// Rows of the last list drawn (for PgUp and PgDn).
    page: Cell<usize>,
}

impl Start {
    /// The start screen on these listings.
    pub fn new(saves: Vec<SaveListing>, armies: Vec<ArmyListing>, theme: Theme) -> Start {
        Start {
            saves,
            armies,
            selected: 0,
            mode: Mode::Saves,
            error: None,
            theme,
            now: SystemTime::now(),
            hastings: [Vec::new(), Vec::new()],
            folders: ["saves/".to_string(), "armies/".to_string()],
            too_small: Cell::new(false),
            page: Cell::new(10),
        }
    }

    /// Where keys go now.
    pub fn context(&self) -> C {
        match &self.mode {
            Mode::Saves => C::Start,
            Mode::New(n) if n.house_at.is_some() => C::StartHouse,
            Mode::New(n) if n.naming => C::StartName,
            Mode::New(_) => C::StartArmies,
            Mode::Hastings(_) => C::StartHastings,
        }
    }

    /// The terminal's size now: below what the screen needs, only quitting works.
    pub fn resized(&self, width: u16, height: u16) {
        self.too_small.set(width < MIN_WIDTH || height < MIN_HEIGHT);
    }

    /// The newest save of the bundled Hastings armies, if one is in progress.
    pub fn hastings_in_progress(&self) -> Option<&SaveListing> {
        self.saves.iter().find(|s| {
            s.battle
                .as_ref()
                .is_ok_and(|b| b.system == System::Warlords && b.sides == self.hastings)
        })
    }

    /// Handles a key; says what the shell must do, if anything.
    pub fn key(&mut self, ev: KeyEvent) -> Option<Request> {
        let action = lookup(self.context(), Key::of(&ev))?;
        if self.too_small.get() && !matches!(action, A::Quit | A::ForceQuit | A::Suspend) {
            return None;
        }
        self.error = None;
        match action {
            A::Quit | A::ForceQuit => return Some(Request::Quit),
            A::Suspend => return Some(Request::Suspend),
            _ => {}
        }
        match self.mode.clone() {
            Mode::Saves => self.on_saves(action),
            Mode::Hastings(path) => match action {
                A::Resume => Some(Request::Open(path)),
                A::AnotherHastings => Some(Request::Hastings),
                A::Back => {
                    self.mode = Mode::Saves;
                    None
                }
                _ => None,
            },
            Mode::New(mut n) => {
                let request = self.on_new(&mut n, action);
                if let Mode::New(_) = self.mode {
                    self.mode = Mode::New(n);
                }
                request
            }
        }
    }

    fn on_saves(&mut self, action: A) -> Option<Request> {
        let rows = self.saves.len();
        match action {
            A::Open => match self.saves.get(self.selected) {
                Some(s) => return Some(Request::Open(s.path.clone())),
                None => return self.on_saves(A::NewBattle),
            },
            A::Resume => match self.saves.first() {
                Some(s) => return Some(Request::Open(s.path.clone())),
                None => self.error = Some(format!("there is no battle in {}", self.folders[0])),
            },
            A::NewBattle => match self.hastings_in_progress() {
                Some(s) => self.mode = Mode::Hastings(s.path.clone()),
                None => return Some(Request::Hastings),
            },
            A::NewFromArmies => {
                if self.armies.is_empty() {
                    self.error = Some(format!(
                        "there is no army file in {}: put each side's army there (docs/army-format.md)",
                        self.folders[1]
                    ));
                } else {
                    self.mode = Mode::New(NewBattle::default());
                }
            }
            other => self.selected = moved(self.selected, rows, other, self.page.get()),
        }
        None
    }

    fn on_new(&mut self, n: &mut NewBattle, action: A) -> Option<Request> {
        if let Some(at) = n.house_at {
            return self.on_house(n, at, action);
        }
        match action {
            A::Side(side) => {
                if self.armies.get(n.selected).is_some_and(|a| a.army.is_err()) {
                    self.error = Some("this army file cannot be read; pick another".to_string());
                } else if let Some(at) = n.sides[side].iter().position(|i| *i == n.selected) {
                    n.sides[side].remove(at);
                } else if n.selected < self.armies.len() {
                    n.sides[side].push(n.selected);
                }
                self.sync_house(n);
            }
            A::HouseOptions => match &n.house {
                None => {
                    self.error = Some(
                        "pick an army first: the house options are those of its rule system"
                            .to_string(),
                    )
                }
                Some((system, _)) if system.house_options().is_empty() => {
                    self.error = Some(format!("{} has no house options", system.title()))
                }
                Some(_) => {
                    n.naming = false;
                    n.house_at = Some(0);
                }
            },
            A::NextField => n.naming = !n.naming,
            A::Input(c) if n.name.chars().count() < MAX_NAME => n.name.push(c),
            A::Backspace => {
                n.name.pop();
            }
            A::Back if n.naming => n.naming = false,
            A::Back => self.mode = Mode::Saves,
            A::Create => return self.create(n),
            other => {
                n.selected = moved(n.selected, self.armies.len(), other, self.page.get());
            }
        }
        None
    }

    /// A key while the cursor is on the house option `at`.
    fn on_house(&mut self, n: &mut NewBattle, at: usize, action: A) -> Option<Request> {
        let count = n.house.as_ref().map_or(0, |(_, h)| h.options().len());
        match action {
            A::NextValue => {
                if let Some((_, house)) = &mut n.house
                    && let Some(option) = house.options().get(at)
                {
                    let next = option.next_value(house.value(option));
                    let _ = house.set(option, next);
                }
            }
            A::Up | A::Down => {
                n.house_at = Some(moved(at, count, action, 1));
            }
            A::NextField => {
                n.house_at = None;
                n.naming = true;
            }
            A::HouseOptions | A::Back => n.house_at = None,
            A::Create => return self.create(n),
            _ => {}
        }
        None
    }

    /// The house options follow the rule system of the armies picked: a
    /// change of system starts them again from the rulings.
    fn sync_house(&self, n: &mut NewBattle) {
        let system = n
            .sides
            .iter()
            .flatten()
            .find_map(|i| self.armies.get(*i).and_then(|a| a.army.as_ref().ok()))
            .map(|(_, system)| *system);
        if n.house.as_ref().map(|(s, _)| *s) != system {
            n.house = system.map(|s| (s, s.house_defaults()));
            n.house_at = None;
        }
    }

    /// The new battle, or what it still needs.
    fn create(&mut self, n: &mut NewBattle) -> Option<Request> {
        for (side, word) in [(0, "a"), (1, "b")] {
            if n.sides[side].is_empty() {
                n.naming = false;
                n.house_at = None;
                self.error = Some(format!(
                    "pick side {word}'s army: select it and press {word}"
                ));
                return None;
            }
        }
        if n.name.trim().is_empty() {
            n.naming = true;
            n.house_at = None;
            self.error =
                Some("name the battle (it becomes saves/NAME.toml), then Enter".to_string());
            return None;
        }
        // Issue 24: the same army on both sides is said before the battle
        // is made; Enter again makes it (a mirror battle is allowed).
        let both: Vec<String> = n.sides[0]
            .iter()
            .filter(|i| n.sides[1].contains(i))
            .filter_map(|i| self.armies.get(*i))
            .map(|a| match &a.army {
                Ok((name, _)) => name.clone(),
                Err(_) => a.file.clone(),
            })
            .collect();
        // The same personality in both armies (a general of one army file
        // used twice, or two files naming the same man): said too.
        let named = |side: usize| -> Vec<String> {
            n.sides[side]
                .iter()
                .filter_map(|i| self.armies.get(*i))
                .flat_map(|a| a.personalities.iter().cloned())
                .collect()
        };
        let (named_a, named_b) = (named(0), named(1));
        let mut twice: Vec<String> = named_a
            .iter()
            .filter(|p| named_b.contains(p))
            .cloned()
            .collect();
        twice.dedup();
        if (!both.is_empty() || !twice.is_empty()) && !n.warned {
            n.warned = true;
            n.naming = false;
            n.house_at = None;
            let mut said = Vec::new();
            if !both.is_empty() {
                said.push(format!(
                    "{} is on both sides: the sides would read the same",
                    both.join(", ")
                ));
            }
            if !twice.is_empty() {
                let shown: Vec<String> = twice.iter().take(3).cloned().collect();
                let more = if twice.len() > 3 {
                    format!(" and {} more", twice.len() - 3)
                } else {
                    String::new()
                };
                said.push(format!(
                    "{}{more} would be on both sides, the same personality twice",
                    shown.join(", ")
                ));
            }
            self.error = Some(format!(
                "{}. Enter again to make the battle anyway, or pick another army",
                said.join("; ")
            ));
            return None;
        }
        let files = |side: usize| {
            n.sides[side]
                .iter()
                .filter_map(|i| self.armies.get(*i).map(|a| a.path.clone()))
                .collect()
        };
        let house = n.house.as_ref().map_or(Vec::new(), |(_, h)| {
            h.changed()
                .map(|(o, v)| format!("{}={v}", o.name))
                .collect()
        });
        Some(Request::Create {
            name: n.name.trim().to_string(),
            sides: [files(0), files(1)],
            house,
        })
    }
}

/// A cursor moved by an action over `rows` rows.
fn moved(at: usize, rows: usize, action: A, page: usize) -> usize {
    let last = rows.saturating_sub(1);
    match action {
        A::Up => at.saturating_sub(1),
        A::Down => (at + 1).min(last),
        A::PageUp => at.saturating_sub(page.max(1)),
        A::PageDown => (at + page.max(1)).min(last),
        A::First => 0,
        A::Last => last,
        _ => at,
    }
}

/// A house option's value in the referee's words (`yes`, `first card
/// counts`, `4`).
fn value_words(value: HouseValue) -> String {
    match value {
        HouseValue::YesNo(b) => if b { "yes" } else { "no" }.to_string(),
        HouseValue::Word(w) => w.replace('_', " "),
        HouseValue::Number(n) => n.to_string(),
    }
}

/// How long ago a save was last played, in a few words.
pub fn ago(now: SystemTime, then: Option<SystemTime>) -> String {
    let Some(then) = then else {
        return "never".to_string();
    };
    let secs = now.duration_since(then).map_or(0, |d| d.as_secs());
    match secs {
        0..60 => "just now".to_string(),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86_400 => format!("{} h ago", secs / 3600),
        86_400..604_800 => format!("{} days ago", secs / 86_400),
        _ => date(then),
    }
}

/// A time's date, `YYYY-MM-DD` (UTC).
fn date(t: SystemTime) -> String {
    let days = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `text` cut to `width` cells with `…`, padded to it.
fn cell(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n <= width {
        format!("{text}{}", " ".repeat(width - n))
    } else if width == 0 {
        String::new()
    } else {
        let cut: String = text.chars().take(width - 1).collect();
        format!("{cut}…")
    }
}

/// The armies of both sides in a few words: `English against Normans`.
fn versus(sides: &[Vec<String>; 2]) -> String {
    format!("{} against {}", sides[0].join(" & "), sides[1].join(" & "))
}

impl Start {
    fn key_line(&self, context: C) -> Line<'static> {
        let t = &self.theme;
        let mut spans = vec![Span::raw(" ")];
        for b in hints(SHELL_KEYMAP, context) {
            spans.push(Span::styled(b.key.label(), t.key()));
            spans.push(Span::raw(format!(" {}  ", b.hint)));
        }
        Line::from(spans)
    }

    /// The rows of a list with the cursor kept in view.
    fn window(&self, rows: usize, selected: usize, room: usize) -> std::ops::Range<usize> {
        self.page.set(room.max(1));
        let first = selected.saturating_sub(room.saturating_sub(1));
        first..rows.min(first + room)
    }

    fn saves_lines(&self, width: usize, room: usize) -> Vec<Line<'static>> {
        let t = &self.theme;
        let mut out = vec![Line::from(Span::styled(
            format!(
                " Battles in {} ({}, newest first)",
                self.folders[0],
                self.saves.len()
            ),
            t.title(),
        ))];
        if self.saves.is_empty() {
            out.push(Line::from(Span::styled(
                format!(
                    "   none yet: Enter or h makes a new battle of Hastings, n one from {}",
                    self.folders[1]
                ),
                t.dim(),
            )));
        }
        let room = room.saturating_sub(out.len() + 2);
        let name_w = 18;
        let when_w = 11;
        let turn_w = 8;
        let sys_w = 10;
        let rest = width.saturating_sub(3 + name_w + sys_w + turn_w + when_w + 3);
        for i in self.window(self.saves.len(), self.selected, room) {
            let s = &self.saves[i];
            let mark = if i == self.selected { " › " } else { "   " };
            let style = if i == self.selected {
                t.selected()
            } else {
                ratatui::style::Style::default()
            };
            let mut spans = vec![Span::styled(mark.to_string(), t.key())];
            spans.push(Span::styled(format!("{} ", cell(&s.name, name_w)), style));
            match &s.battle {
                Ok(b) => {
                    spans.push(Span::raw(cell(b.system.title(), sys_w)));
                    spans.push(Span::raw(format!("{} ", cell(&versus(&b.sides), rest))));
                    spans.push(Span::raw(cell(&format!("turn {}", b.turn), turn_w)));
                    spans.push(Span::styled(
                        format!(" {}", cell(&ago(self.now, s.modified), when_w)),
                        t.dim(),
                    ));
                }
                Err(why) => spans.push(Span::styled(
                    cell(
                        &format!("cannot be read: {why}"),
                        width.saturating_sub(4 + name_w),
                    ),
                    t.bad(),
                )),
            }
            out.push(Line::from(spans));
        }
        out.push(Line::from(""));
        out.push(Line::from(vec![
            Span::styled(" h", t.key()),
            Span::raw("  a new battle of Hastings, 14 October 1066 (English against Normans)"),
        ]));
        out
    }

    fn new_lines(&self, n: &NewBattle, width: usize, room: usize) -> Vec<Line<'static>> {
        let t = &self.theme;
        let mut out = vec![Line::from(Span::styled(
            " A new battle: each side's armies (a, b; allies: several), then its name".to_string(),
            t.title(),
        ))];
        let house = self.house_lines(n, width);
        let room = room.saturating_sub(out.len() + 4 + house.len());
        let file_w = (width.saturating_sub(9) * 2 / 5).min(34);
        for i in self.window(self.armies.len(), n.selected, room) {
            let a = &self.armies[i];
            let here = !n.naming && i == n.selected;
            let mark = if here { " › " } else { "   " };
            let on = |side: usize| {
                if n.sides[side].contains(&i) {
                    ["a", "b"][side]
                } else {
                    " "
                }
            };
            let file = &a.file;
            let style = if here {
                t.selected()
            } else {
                ratatui::style::Style::default()
            };
            let mut spans = vec![
                Span::styled(mark.to_string(), t.key()),
                Span::styled(format!("[{}{}] ", on(0), on(1)), t.key()),
                Span::styled(format!("{} ", cell(file, file_w)), style),
            ];
            let rest = width.saturating_sub(9 + file_w);
            match &a.army {
                Ok((name, system)) => spans.push(Span::raw(cell(
                    &format!("{name} ({})", system.title()),
                    rest,
                ))),
                Err(why) => spans.push(Span::styled(
                    cell(&format!("cannot be read: {why}"), rest),
                    t.bad(),
                )),
            }
            out.push(Line::from(spans));
        }
        out.push(Line::from(""));
        for (side, word) in [(0, "a"), (1, "b")] {
            let names: Vec<String> = n.sides[side]
                .iter()
                .filter_map(|i| self.armies.get(*i))
                .map(|a| match &a.army {
                    Ok((name, _)) => name.clone(),
                    Err(_) => a.path.display().to_string(),
                })
                .collect();
            let names = if names.is_empty() {
                "—".to_string()
            } else {
                names.join(" & ")
            };
            out.push(Line::from(vec![
                Span::styled(format!(" side {word}: "), t.dim()),
                Span::raw(cell(&names, width.saturating_sub(10))),
            ]));
        }
        let mut name = vec![
            Span::styled(" name:   ", t.dim()),
            Span::styled(n.name.clone(), t.title()),
        ];
        if n.naming {
            name.push(Span::styled("▏", t.title()));
        }
        out.extend(house);
        name.push(Span::styled(
            format!(
                "   → {}{}.toml",
                self.folders[0],
                if n.name.is_empty() {
                    "NAME"
                } else {
                    n.name.trim()
                }
            ),
            t.dim(),
        ));
        out.push(Line::from(name));
        out
    }

    /// The new battle's house options: one line naming those chosen, or
    /// while the cursor is on them, one line per option with its value,
    /// ruling and what it changes.
    fn house_lines(&self, n: &NewBattle, width: usize) -> Vec<Line<'static>> {
        let t = &self.theme;
        let Some((_, house)) = &n.house else {
            return Vec::new();
        };
        if house.options().is_empty() {
            return Vec::new();
        }
        let Some(at) = n.house_at else {
            let chosen = house.summary();
            let words = if chosen.is_empty() {
                "every ruling as written".to_string()
            } else {
                chosen
            };
            return vec![Line::from(vec![
                Span::styled(" house:  ", t.dim()),
                Span::raw(
                    cell(&words, width.saturating_sub(28))
                        .trim_end()
                        .to_string(),
                ),
                Span::styled("  (o: change)", t.dim()),
            ])];
        };
        let mut out = vec![Line::from(Span::styled(
            " house options, each in place of a gap-filling ruling (Space: change):",
            t.dim(),
        ))];
        for (i, (option, value)) in house.iter().enumerate() {
            let here = i == at;
            let style = if here {
                t.selected()
            } else {
                ratatui::style::Style::default()
            };
            let shown = value_words(value);
            out.push(Line::from(vec![
                Span::styled(if here { " › " } else { "   " }, t.key()),
                Span::styled(format!("{} ", cell(option.words, 24)), style),
                Span::styled(format!("{} ", cell(&shown, 8)), t.title()),
                Span::styled(
                    cell(
                        &format!("{}: {}", option.ruling, option.changes),
                        width.saturating_sub(39),
                    ),
                    t.dim(),
                ),
            ]));
        }
        out
    }

    fn hastings_lines(&self, path: &PathBuf) -> Vec<Line<'static>> {
        let t = &self.theme;
        let what = self
            .saves
            .iter()
            .find(|s| &s.path == path)
            .map(|s| match &s.battle {
                Ok(b) => format!(
                    "turn {}, {} event(s), last played {}",
                    b.turn,
                    b.events,
                    ago(self.now, s.modified)
                ),
                Err(_) => String::new(),
            })
            .unwrap_or_default();
        vec![
            Line::from(Span::styled(
                " A battle of Hastings is in progress",
                t.title(),
            )),
            Line::from(""),
            Line::from(format!(
                "   {}{}: {what}",
                self.folders[0],
                path.file_name().unwrap_or_default().to_string_lossy()
            )),
            Line::from(""),
            Line::from("   Resume it, or start another battle of Hastings beside it?"),
        ]
    }
}

impl Widget for &Start {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text = vec![
                Line::from(format!(
                    "Herald needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}."
                )),
                Line::from(format!("This one is {}×{}.", area.width, area.height)),
                Line::from("Make it larger, or press q to quit."),
            ];
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        }
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(
                " Herald: a referee's console for miniatures battles ",
                t.title(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = inner.width as usize;
        // The list above; the reason a choice failed and the keys below.
        let room = (inner.height as usize).saturating_sub(3);
        let lines = match &self.mode {
            Mode::Saves => self.saves_lines(width, room),
            Mode::New(n) => self.new_lines(n, width, room),
            Mode::Hastings(p) => self.hastings_lines(p),
        };
        let body = Rect {
            height: room as u16,
            ..inner
        };
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(body, buf);
        let bottom = inner.y + inner.height;
        if let Some(e) = &self.error {
            let why = Rect {
                y: bottom.saturating_sub(3),
                height: 2,
                ..inner
            };
            Paragraph::new(Line::from(Span::styled(format!(" {e}"), t.bad())))
                .wrap(Wrap { trim: false })
                .render(why, buf);
        }
        let keys = Rect {
            y: bottom.saturating_sub(1),
            height: 1,
            ..inner
        };
        Paragraph::new(self.key_line(self.context())).render(keys, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn last_played_reads_as_words_then_a_date() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let before = |s| Some(now - Duration::from_secs(s));
        assert_eq!(ago(now, before(5)), "just now");
        assert_eq!(ago(now, before(600)), "10 min ago");
        assert_eq!(ago(now, before(7200)), "2 h ago");
        assert_eq!(ago(now, before(3 * 86_400)), "3 days ago");
        assert_eq!(ago(now, Some(SystemTime::UNIX_EPOCH)), "1970-01-01");
        assert_eq!(ago(now, before(1_800_000_000 - 951_782_400)), "2000-02-29");
    }
}
