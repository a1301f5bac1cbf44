//! The log browser, the same for every rule system: the battle's whole log
//! on one full screen, every event with its summary, its dice, the rules'
//! reasons and what changed in the units, wrapped (no line is cut where
//! its outcome is), scrolled with the arrows, PgUp/PgDn and Home/End, and
//! searched with `/` (n and N go from match to match, every match
//! highlighted). It reads the battle when opened and records nothing.

use super::keys::{Key, hints};
use super::screen::{MIN_HEIGHT, MIN_WIDTH};
use super::shell_keymap::{SHELL_KEYMAP, ShellAction as A, ShellContext as C, lookup};
use super::theme::Theme;
use crate::battle::warlords::state::dice_text;
use crate::battle::{Battle, RuleSystem};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};
use std::cell::{Cell, RefCell};

/// The longest search typed.
const MAX_QUERY: usize = 80;

/// What a line of the log is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A turn and phase begin.
    Heading,
    /// An event's number and summary.
    Summary,
    /// Its dice, and the rules' reasons.
    Detail,
    /// What changed in a unit.
    Effect,
}

/// A line of the log before wrapping: its kind, text, and the indent its
/// continuation rows take.
#[derive(Clone, Debug)]
struct Para {
    kind: Kind,
    text: String,
    indent: usize,
}

/// One row on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    kind: Kind,
    text: String,
}

/// What a key did in the log browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFlow {
    /// Stay in the log.
    Stay,
    /// Close it.
    Close,
    /// Suspend Herald (Ctrl-Z).
    Suspend,
    /// Leave Herald at once (Ctrl-C).
    ForceQuit,
    /// Open the course of the battle (`V`).
    Course,
}

/// The log browser's state.
#[derive(Debug)]
pub struct LogBrowser {
    title: String,
    paras: Vec<Para>,
    theme: Theme,
    /// The first row shown; `usize::MAX` keeps the newest event in view
    /// (at any size) until the referee scrolls.
    top: Cell<usize>,
    /// Rows of the body at the last draw.
    page: Cell<usize>,
    /// The rows wrapped at a width: re-wrapped when the width changes.
    rows: RefCell<(usize, Vec<Row>)>,
    /// The text being typed after `/`.
    typing: Option<String>,
    /// The text searched for.
    query: String,
    /// The row of the current match.
    current: Option<usize>,
    /// What the last search found, in words.
    status: Option<(String, bool)>,
}

/// A roll's dice in words: the coloured d6s as Warlords writes them, and
/// a d20 (Parker's Warlord, PW-1) as `d20 13`.
fn all_dice_text(d: &crate::dice::Dice, coloured: bool) -> String {
    let dice_text = |d: &crate::dice::Dice| {
        if coloured || d.red.len() + d.yellow.len() > 0 {
            dice_text(d)
        } else if d.white.is_empty() {
            "no dice".to_string()
        } else {
            let faces: Vec<String> = d.white.iter().map(|x| x.value().to_string()).collect();
            faces.join(" ")
        }
    };
    if d.d20.is_empty() {
        return dice_text(d);
    }
    let d20: Vec<String> = d.d20.iter().map(|x| x.value().to_string()).collect();
    let d20 = format!("d20 {}", d20.join(" "));
    match dice_text(d).as_str() {
        "no dice" => d20,
        six => format!("{six}, {d20}"),
    }
}

impl LogBrowser {
    /// The browser on a battle's whole log, at its newest event.
    pub fn new<S: RuleSystem>(battle: &Battle<S>, name: &str, theme: Theme) -> LogBrowser {
        let mut paras = Vec::new();
        let mut at = None;
        // Warlords' turns, Warlord I's Moves (Rule 25).
        let word = S::SYSTEM.turn_word();
        // A colour's letter only where the system's dice differ in colour.
        let coloured = S::DICE.iter().filter(|p| p.faces == 6).count() > 1;
        for (i, e) in battle.replay_entries().enumerate() {
            if at != Some((e.turn, e.phase)) {
                if at.is_some() {
                    paras.push(para(Kind::Heading, String::new(), 0));
                }
                paras.push(para(
                    Kind::Heading,
                    format!("{word} {} · {}", e.turn, e.phase),
                    0,
                ));
                at = Some((e.turn, e.phase));
            }
            let number = format!("{:>4}  ", i + 1);
            let pad = number.len();
            paras.push(para(Kind::Summary, format!("{number}{}", e.summary), pad));
            if let Some(why) = battle.earlier_reading(i) {
                paras.push(para(
                    Kind::Effect,
                    format!("{}! {}", " ".repeat(pad), crate::battle::earlier_words(why)),
                    pad + 2,
                ));
            }
            for roll in &e.rolls {
                paras.push(para(
                    Kind::Detail,
                    format!(
                        "{}dice, {}: {}",
                        " ".repeat(pad),
                        roll.who,
                        all_dice_text(&roll.dice, coloured)
                    ),
                    pad + 2,
                ));
            }
            for l in &e.explanation.lines {
                let cite = if l.cite.0.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", l.cite)
                };
                let text = l.text.trim_start();
                let deeper = l.text.len() - text.len();
                paras.push(para(
                    Kind::Detail,
                    format!("{}{}{text}{cite}", " ".repeat(pad), " ".repeat(deeper)),
                    pad + deeper + 2,
                ));
            }
            for effect in &e.effects {
                paras.push(para(
                    Kind::Effect,
                    format!("{}→ {}", " ".repeat(pad), effect.text),
                    pad + 2,
                ));
            }
        }
        if paras.is_empty() {
            paras.push(para(
                Kind::Detail,
                "Nothing is recorded yet: the log begins with the first event.".to_string(),
                0,
            ));
        }
        LogBrowser {
            title: format!(
                " Log of {name}: {} event(s), {} {} ",
                battle.events().len(),
                word.to_lowercase(),
                battle.turn()
            ),
            paras,
            theme,
            top: Cell::new(usize::MAX),
            page: Cell::new(20),
            rows: RefCell::new((0, Vec::new())),
            typing: None,
            query: String::new(),
            current: None,
            status: None,
        }
    }

    /// Where keys go now.
    pub fn context(&self) -> C {
        if self.typing.is_some() {
            C::LogSearch
        } else {
            C::Log
        }
    }

    /// The first row shown.
    pub fn top(&self) -> usize {
        self.top.get().min(self.max_top())
    }

    /// The row of the current match, if a search found one.
    pub fn current_match(&self) -> Option<usize> {
        self.current
    }

    /// Every row's text, wrapped at the width last drawn (80 columns before
    /// any draw).
    pub fn rows(&self) -> Vec<String> {
        self.ensure_rows();
        self.rows
            .borrow()
            .1
            .iter()
            .map(|r| r.text.clone())
            .collect()
    }

    /// Handles a key.
    pub fn key(&mut self, ev: KeyEvent) -> LogFlow {
        let Some(action) = lookup(self.context(), Key::of(&ev)) else {
            return LogFlow::Stay;
        };
        let page = self.page.get().max(1);
        let top = self.top();
        match action {
            A::ForceQuit => return LogFlow::ForceQuit,
            A::Suspend => return LogFlow::Suspend,
            A::Close => return LogFlow::Close,
            A::Course => return LogFlow::Course,
            A::Up => self.top.set(top.saturating_sub(1)),
            A::Down => self.top.set((top + 1).min(self.max_top())),
            A::PageUp => self.top.set(top.saturating_sub(page)),
            A::PageDown => self.top.set((top + page).min(self.max_top())),
            A::First => self.top.set(0),
            A::Last => self.top.set(usize::MAX),
            A::Search => {
                self.typing = Some(String::new());
                self.status = None;
            }
            A::Input(c) => {
                if let Some(t) = &mut self.typing
                    && t.chars().count() < MAX_QUERY
                {
                    t.push(c);
                }
            }
            A::Backspace => {
                if let Some(t) = &mut self.typing {
                    t.pop();
                }
            }
            A::Back => self.typing = None,
            A::NextMatch => {
                if let Some(t) = self.typing.take()
                    && !t.trim().is_empty()
                {
                    self.query = t;
                    self.current = None;
                }
                self.find(true);
            }
            A::PreviousMatch => self.find(false),
            _ => {}
        }
        LogFlow::Stay
    }

    /// The last first row that still fills the screen.
    fn max_top(&self) -> usize {
        self.ensure_rows();
        let rows = self.rows.borrow().1.len();
        rows.saturating_sub(self.page.get())
    }

    /// Wraps the log at the width last drawn (80 columns before any draw).
    fn ensure_rows(&self) {
        let width = self.rows.borrow().0;
        if width == 0 {
            self.wrap_at(MIN_WIDTH as usize - 2);
        }
    }

    fn wrap_at(&self, width: usize) {
        if self.rows.borrow().0 == width {
            return;
        }
        let rows = self
            .paras
            .iter()
            .flat_map(|p| {
                wrap_text(&p.text, width, p.indent)
                    .into_iter()
                    .map(|text| Row { kind: p.kind, text })
            })
            .collect();
        *self.rows.borrow_mut() = (width, rows);
    }

    /// Goes to the next (or previous) row holding the query, round the end.
    fn find(&mut self, forward: bool) {
        if self.query.is_empty() {
            self.status = Some(("type / and the text to search for".to_string(), true));
            return;
        }
        self.ensure_rows();
        let needle = self.query.to_lowercase();
        let hits: Vec<usize> = {
            let rows = self.rows.borrow();
            rows.1
                .iter()
                .enumerate()
                .filter(|(_, r)| r.text.to_lowercase().contains(&needle))
                .map(|(i, _)| i)
                .collect()
        };
        if hits.is_empty() {
            self.current = None;
            self.status = Some((format!("no match for '{}'", self.query), true));
            return;
        }
        let top = self.top();
        let from = self.current.unwrap_or(if forward {
            top.wrapping_sub(1)
        } else {
            top + self.page.get()
        });
        let next = if forward {
            hits.iter()
                .copied()
                .find(|h| from == usize::MAX || *h > from)
                .unwrap_or(hits[0])
        } else {
            hits.iter()
                .rev()
                .copied()
                .find(|h| *h < from)
                .unwrap_or(hits[hits.len() - 1])
        };
        self.current = Some(next);
        let k = hits.iter().position(|h| *h == next).unwrap_or(0) + 1;
        self.status = Some((
            format!(
                "'{}': match {k} of {} (n next, N previous)",
                self.query,
                hits.len()
            ),
            false,
        ));
        // The match in view, a few rows below the top when it can be.
        let page = self.page.get();
        if next < top || next >= top + page {
            self.top.set(next.saturating_sub(2).min(self.max_top()));
        }
    }

    /// A row with the query highlighted in it.
    fn line(&self, i: usize, row: &Row) -> Line<'static> {
        let t = &self.theme;
        let base = match row.kind {
            Kind::Heading => t.title(),
            Kind::Summary => t.text(),
            Kind::Detail => t.dim(),
            Kind::Effect => t.warn(),
        };
        if self.query.is_empty() {
            return Line::from(Span::styled(row.text.clone(), base));
        }
        let hit = if self.current == Some(i) {
            t.selected().add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        };
        let mut spans = Vec::new();
        let chars: Vec<char> = row.text.chars().collect();
        let needle: Vec<char> = self.query.to_lowercase().chars().collect();
        let lower: Vec<char> = chars
            .iter()
            .map(|c| c.to_lowercase().next().unwrap_or(*c))
            .collect();
        let (mut from, mut at) = (0, 0);
        while at + needle.len() <= lower.len() {
            if lower[at..at + needle.len()] == needle[..] {
                if at > from {
                    spans.push(Span::styled(
                        chars[from..at].iter().collect::<String>(),
                        base,
                    ));
                }
                spans.push(Span::styled(
                    chars[at..at + needle.len()].iter().collect::<String>(),
                    hit,
                ));
                at += needle.len();
                from = at;
            } else {
                at += 1;
            }
        }
        if from < chars.len() {
            spans.push(Span::styled(chars[from..].iter().collect::<String>(), base));
        }
        Line::from(spans)
    }
}

fn para(kind: Kind, text: String, indent: usize) -> Para {
    Para { kind, text, indent }
}

/// Word-wraps a line to `width` cells; continuation rows are indented by
/// `indent` (at most a third of the row); a word longer than a row is cut.
fn wrap_text(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(8);
    let cells = |s: &str| Span::raw(s).width();
    if cells(text) <= width {
        return vec![text.to_string()];
    }
    let indent = indent.min(width / 3);
    let mut out = Vec::new();
    let mut row = String::new();
    let mut used = 0;
    for word in text.split_inclusive(' ') {
        let mut word = word.to_string();
        if used + cells(&word).min(width) > width && used > indent {
            out.push(std::mem::take(&mut row).trim_end().to_string());
            row = " ".repeat(indent);
            used = indent;
            word = word.trim_start().to_string();
        }
        while cells(&word) > width - used {
            let cut: String = word.chars().take(width - used).collect();
            word = word.chars().skip(cut.chars().count()).collect();
            row.push_str(&cut);
            out.push(std::mem::take(&mut row));
            row = " ".repeat(indent);
            used = indent;
        }
        used += cells(&word);
        row.push_str(&word);
    }
    if !row.trim().is_empty() {
        out.push(row.trim_end().to_string());
    }
    out
}

impl Widget for &LogBrowser {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text = vec![
                Line::from(format!(
                    "Herald needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}."
                )),
                Line::from(format!("This one is {}×{}.", area.width, area.height)),
                Line::from("Make it larger, or press Esc to close the log."),
            ];
            Paragraph::new(text).render(area, buf);
            return;
        }
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(self.title.clone(), t.title()));
        let inner = block.inner(area);
        self.wrap_at(inner.width as usize);
        // The body, then a line for the search and one for the keys.
        let body = (inner.height as usize).saturating_sub(2).max(1);
        self.page.set(body);
        let top = self.top();
        let rows = self.rows.borrow();
        let total = rows.1.len();
        let shown = top..total.min(top + body);
        let block = block.title_bottom(Span::styled(
            format!(" rows {}–{} of {total} ", shown.start + 1, shown.end),
            t.dim(),
        ));
        block.render(area, buf);
        let mut lines: Vec<Line> = shown.clone().map(|i| self.line(i, &rows.1[i])).collect();
        while lines.len() < body {
            lines.push(Line::from(""));
        }
        let search = match (&self.typing, &self.status) {
            (Some(text), _) => Line::from(vec![
                Span::styled("/", t.key()),
                Span::styled(format!("{text}▏"), t.title()),
            ]),
            (None, Some((words, bad))) => Line::from(Span::styled(
                words.clone(),
                if *bad { t.bad() } else { t.dim() },
            )),
            (None, None) => Line::from(""),
        };
        lines.push(search);
        let mut keys = Vec::new();
        for b in hints(SHELL_KEYMAP, self.context()) {
            keys.push(Span::styled(b.key.label(), t.key()));
            keys.push(Span::raw(format!(" {}  ", b.hint)));
        }
        lines.push(Line::from(keys));
        Paragraph::new(lines).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_wraps_under_its_indent_and_loses_nothing() {
        let text = "   1  Harold's housecarls charge the Norman knights of Duke William: contact, 3 stands lost";
        let rows = wrap_text(text, 40, 6);
        assert!(
            rows.iter().all(|r| Span::raw(r.as_str()).width() <= 40),
            "{rows:?}"
        );
        assert!(
            rows[1..].iter().all(|r| r.starts_with("      ")),
            "{rows:?}"
        );
        let words: Vec<&str> = rows.iter().flat_map(|r| r.split_whitespace()).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }
}
