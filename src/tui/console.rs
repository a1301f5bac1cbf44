//! An open battle in the console: the app, its save, and what happens when
//! a save fails. Keys come in, effects are carried out here (the app does
//! no I/O): every step is saved as it is recorded; a failed save keeps its
//! warning on screen until a save succeeds, is tried again every few
//! seconds, and stops the console with a question before anything more is
//! recorded; quitting with events not on disk offers to write the battle
//! elsewhere, and the exit status says if they were lost. The log browser
//! opens over the battle when the console asks for it ([`Effect::OpenLog`]).

use super::course_view::CourseView;
use super::keys::{Key, hints};
use super::log_browser::{LogBrowser, LogFlow};
use super::popup;
use super::screen::{Effect, MIN_HEIGHT, MIN_WIDTH, Screen, Status};
use super::shell_keymap::{SHELL_KEYMAP, ShellAction as Action, ShellContext as Context, lookup};
use crate::store::save::{SaveFile, free_sibling};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often a failed save is tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(3);

/// The question shown while a save fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// What to do: try again, write elsewhere, carry on, or quit.
    Choose,
    /// Where to write the battle: the path typed so far, and why the last
    /// try failed.
    Path(String, Option<String>),
}

/// What the run loop does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Draw and read the next key.
    Stay,
    /// Suspend to the shell (Ctrl-Z).
    Suspend,
    /// Leave the console.
    Quit,
}

/// An open battle: the console's state and its locked save.
pub struct Console<S: Screen> {
    /// The battle and the console's state.
    pub app: S,
    /// The save.
    pub file: SaveFile,
    /// The question shown while a save fails.
    pub prompt: Option<Prompt>,
    /// The log browser, when open: it takes the keys and the screen.
    pub log: Option<LogBrowser>,
    /// The course of the battle, when open: over the log or the tables.
    pub course: Option<CourseView>,
    /// The referee chose to go on recording while saves fail.
    carry_on: bool,
    /// The referee asked to quit: done once the events are on disk.
    quitting: bool,
    /// When a save was last tried.
    last_try: Option<Instant>,
}

impl<S: Screen> Console<S> {
    /// The console on an opened save; what opening did is said on screen.
    pub fn new(app: S, mut file: SaveFile) -> Console<S> {
        let mut app = app;
        let notes = file.take_notes();
        if !notes.is_empty() {
            app.tell(Status {
                text: notes.join("; "),
                error: true,
            });
        }
        Console {
            app,
            file,
            prompt: None,
            log: None,
            course: None,
            carry_on: false,
            quitting: false,
            last_try: None,
        }
    }

    /// Why the battle's latest changes are not on disk, if they are not.
    pub fn unsaved(&self) -> Option<&str> {
        self.app.unsaved()
    }

    /// Handles one key press.
    pub fn key(&mut self, ev: KeyEvent) -> Flow {
        let key = Key::of(&ev);
        match self.prompt.clone() {
            Some(Prompt::Choose) => self.choose(lookup(Context::NotSaved, key)),
            Some(Prompt::Path(text, _)) => self.path(text, lookup(Context::SavePath, key)),
            None if self.course.is_some() => {
                let flow = self.course.as_mut().map(|c| c.key(ev));
                match flow {
                    Some(LogFlow::Close) => self.course = None,
                    Some(LogFlow::Suspend) => return Flow::Suspend,
                    Some(LogFlow::ForceQuit) => {
                        self.course = None;
                        self.log = None;
                        return self.quit();
                    }
                    _ => {}
                }
                Flow::Stay
            }
            None if self.log.is_some() => {
                let flow = self.log.as_mut().map(|log| log.key(ev));
                match flow {
                    Some(LogFlow::Close) => self.log = None,
                    Some(LogFlow::Suspend) => return Flow::Suspend,
                    Some(LogFlow::Course) => self.open_course(),
                    Some(LogFlow::ForceQuit) => {
                        self.log = None;
                        return self.quit();
                    }
                    _ => {}
                }
                Flow::Stay
            }
            None => {
                if self.app.suspends(&ev) {
                    return Flow::Suspend;
                }
                let effects = self.app.key(ev);
                self.effects(&effects)
            }
        }
    }

    /// Carries out what an update asked for.
    pub fn effects(&mut self, effects: &[Effect]) -> Flow {
        for effect in effects {
            match effect {
                Effect::Save => self.save(),
                Effect::Quit => return self.quit(),
                Effect::OpenCourse => self.open_course(),
                Effect::OpenLog => {
                    let name = self.file.path().file_stem().unwrap_or_default();
                    self.log = Some(LogBrowser::new(
                        self.app.battle(),
                        &name.to_string_lossy(),
                        self.app.theme(),
                    ));
                }
            }
        }
        Flow::Stay
    }

    /// Opens the course of the battle over whatever is shown.
    fn open_course(&mut self) {
        let name = self.file.path().file_stem().unwrap_or_default();
        self.course = Some(CourseView::new(
            self.app.battle(),
            &name.to_string_lossy(),
            self.app.theme(),
        ));
    }

    /// Quits if every change is on disk; else tries once more, and asks.
    fn quit(&mut self) -> Flow {
        if !self.app.battle().unsaved().is_empty() {
            self.save();
        }
        if self.app.battle().unsaved().is_empty() {
            return Flow::Quit;
        }
        self.app.hold_quit();
        self.quitting = true;
        self.prompt = Some(Prompt::Choose);
        Flow::Stay
    }

    /// Writes the battle's changes to its save, and notes how it went.
    pub fn save(&mut self) {
        self.last_try = Some(Instant::now());
        let dice = self.app.dice_position();
        match self.file.save(self.app.battle_mut(), dice) {
            Ok(note) => {
                let was_failing = self.app.unsaved().is_some();
                self.app.set_unsaved(None);
                self.carry_on = false;
                if matches!(self.prompt, Some(Prompt::Choose)) {
                    self.prompt = None;
                }
                if let Some(note) = note {
                    self.app.tell(Status {
                        text: note,
                        error: true,
                    });
                } else if was_failing {
                    self.app.tell(Status {
                        text: format!(
                            "saved: every change is on disk in {}",
                            self.file.path().display()
                        ),
                        error: false,
                    });
                }
            }
            Err(e) => {
                self.app.set_unsaved(Some(e.to_string()));
                if !self.carry_on && self.prompt.is_none() {
                    self.prompt = Some(Prompt::Choose);
                }
            }
        }
    }

    /// Tries a failed save again when it is due; whether the console should quit.
    pub fn tick(&mut self) -> Flow {
        let due = self.last_try.is_none_or(|t| t.elapsed() >= RETRY_EVERY);
        if self.app.unsaved().is_some() && due {
            self.save();
            if self.quitting && self.app.unsaved().is_none() {
                return Flow::Quit;
            }
        }
        Flow::Stay
    }

    fn choose(&mut self, action: Option<Action>) -> Flow {
        match action {
            Some(Action::Retry) => {
                self.save();
                if self.quitting && self.app.unsaved().is_none() {
                    return Flow::Quit;
                }
            }
            Some(Action::WriteElsewhere) => {
                let suggested = suggest_path(self.file.path());
                self.prompt = Some(Prompt::Path(suggested.display().to_string(), None));
            }
            Some(Action::CarryOn) => {
                self.prompt = None;
                self.carry_on = true;
                self.quitting = false;
            }
            Some(Action::QuitUnsaved) => return Flow::Quit,
            _ => {}
        }
        Flow::Stay
    }

    fn path(&mut self, mut text: String, action: Option<Action>) -> Flow {
        match action {
            Some(Action::Input(c)) if text.chars().count() < 400 => {
                text.push(c);
                self.prompt = Some(Prompt::Path(text, None));
            }
            Some(Action::Backspace) => {
                text.pop();
                self.prompt = Some(Prompt::Path(text, None));
            }
            Some(Action::Back) => self.prompt = Some(Prompt::Choose),
            Some(Action::WriteElsewhere) => {
                let path = PathBuf::from(text.trim());
                let dice = self.app.dice_position();
                match self
                    .file
                    .write_elsewhere(&path, self.app.battle_mut(), dice)
                {
                    Ok(()) => {
                        self.prompt = None;
                        self.app.set_unsaved(None);
                        self.carry_on = false;
                        self.app.tell(Status {
                            text: format!(
                                "the whole battle is written to {}, and goes on there",
                                path.display()
                            ),
                            error: false,
                        });
                        if self.quitting {
                            return Flow::Quit;
                        }
                    }
                    Err(e) => self.prompt = Some(Prompt::Path(text, Some(e.to_string()))),
                }
            }
            _ => {}
        }
        Flow::Stay
    }

    /// Draws the battle (or the log browser over it) and any question;
    /// while a save fails, its warning on the last row, whatever is shown.
    pub fn draw(&self, area: Rect, buf: &mut Buffer) {
        match (&self.course, &self.log) {
            (Some(course), _) => course.render(area, buf),
            (None, Some(log)) => log.render(area, buf),
            (None, None) => self.app.draw(area, buf),
        }
        self.render_not_saved(area, buf);
        self.render_prompt(area, buf);
    }

    /// The warning that changes are not on disk, on the screen's last row
    /// until a save succeeds: drawn here, once for every system, over
    /// whatever the console shows, so no step, Esc or "carry on" hides it.
    fn render_not_saved(&self, area: Rect, buf: &mut Buffer) {
        let Some(why) = self.app.unsaved() else {
            return;
        };
        if self.prompt.is_some() || area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return;
        }
        let t = self.app.theme();
        let n = self.app.battle().unsaved().len();
        let head = "! NOT SAVED ";
        let text = format!(
            "{n} change(s) not on disk: {why}. Herald keeps trying; q writes them elsewhere or quits"
        );
        // Two rows when one cannot hold it all: the reason is the point.
        let rows = if head.len() + text.chars().count() > area.width as usize {
            2
        } else {
            1
        };
        let band = Rect {
            y: area.y + area.height - rows,
            height: rows,
            ..area
        };
        popup::clear(band, buf);
        Paragraph::new(Line::from(vec![
            Span::styled(head, t.bad()),
            Span::styled(text, t.warn()),
        ]))
        .wrap(Wrap { trim: false })
        .render(band, buf);
    }

    /// Draws the question over the battle, when one is asked.
    pub fn render_prompt(&self, area: Rect, buf: &mut Buffer) {
        let Some(prompt) = &self.prompt else {
            return;
        };
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return;
        }
        let theme = self.app.theme();
        let t = &theme;
        let r = popup::centred(area, 76, 13);
        let inner = popup::frame(t, "NOT SAVED", r, buf);
        let why = self.app.unsaved().unwrap_or_default().to_string();
        let n = self.app.battle().unsaved().len();
        let mut lines = vec![
            Line::from(Span::styled(
                format!("{n} change(s) to the battle are not on disk."),
                t.bad(),
            )),
            Line::from(why),
            Line::from(""),
        ];
        match prompt {
            Prompt::Choose => {
                lines.push(Line::from(
                    "Nothing more is recorded until you choose (Esc carries on). Herald keeps trying.",
                ));
                let mut keys = Vec::new();
                for b in hints(SHELL_KEYMAP, Context::NotSaved) {
                    keys.push(Span::styled(b.key.label(), t.key()));
                    keys.push(Span::raw(format!(" {}   ", b.hint)));
                }
                lines.push(Line::from(keys));
            }
            Prompt::Path(text, error) => {
                lines.push(Line::from("Write the whole battle to (a new file):"));
                lines.push(Line::from(vec![Span::styled(
                    format!("{text}▏"),
                    t.title(),
                )]));
                if let Some(e) = error {
                    lines.push(Line::from(Span::styled(e.clone(), t.warn())));
                }
                let mut keys = Vec::new();
                for b in hints(SHELL_KEYMAP, Context::SavePath) {
                    keys.push(Span::styled(b.key.label(), t.key()));
                    keys.push(Span::raw(format!(" {}   ", b.hint)));
                }
                lines.push(Line::from(keys));
            }
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// Where to offer to write a battle whose save fails: beside the home
/// folder's other files, else in the temporary folder, under a free name.
pub fn suggest_path(save: &Path) -> PathBuf {
    let stem = save.file_stem().unwrap_or_default().to_string_lossy();
    let dir = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_dir())
        .unwrap_or_else(std::env::temp_dir);
    let first = dir.join(format!("{stem}-rescued.toml"));
    if std::fs::symlink_metadata(&first).is_err() {
        first
    } else {
        free_sibling(&first)
    }
}
