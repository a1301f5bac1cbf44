//! The course of the battle (`V` from the tables or the log browser): each
//! side's strength by turn as two lines, told apart by marker as well as
//! colour, the turns where a unit broke or a personality fell marked `*`
//! and listed, and each side's units by morale state as a stacked bar per
//! turn, each state its own glyph. Drawn from [`Course`], which the battle
//! derives from its events; nothing here counts.

use super::keys::Key;
use super::log_browser::LogFlow;
use super::popup;
use super::shell_keymap::{ShellAction as A, ShellContext as C, lookup};
use super::theme::{Theme, Tone};
use crate::battle::course::Course;
use crate::battle::{Battle, RuleSystem};
use crate::rules::Side;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph, Widget};
use std::cell::Cell;

/// Each morale state's glyph in a stacked bar, in the system's order: a
/// state reads without colour.
const GLYPHS: [char; 7] = ['▲', '█', '▓', '▒', '░', '·', '×'];

/// Each side's marker: the lines differ without colour.
const MARKERS: [(Marker, &str); 2] = [(Marker::Dot, "•"), (Marker::Bar, "▄")];

/// The course view's state.
#[derive(Debug)]
pub struct CourseView {
    title: String,
    course: Course,
    theme: Theme,
    /// The first row of the lower part shown.
    top: Cell<usize>,
    /// Rows of the lower part at the last draw.
    page: Cell<usize>,
}

impl CourseView {
    /// The view on a battle's course, as its events give it.
    pub fn new<S: RuleSystem>(battle: &Battle<S>, name: &str, theme: Theme) -> CourseView {
        CourseView {
            title: format!("COURSE OF THE BATTLE · {name}"),
            course: battle.course(),
            theme,
            top: Cell::new(0),
            page: Cell::new(1),
        }
    }

    /// The course shown.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// Handles a key: scrolling, or closing.
    pub fn key(&mut self, ev: KeyEvent) -> LogFlow {
        let Some(action) = lookup(C::Course, Key::of(&ev)) else {
            return LogFlow::Stay;
        };
        let top = self.top.get();
        let page = self.page.get().max(1);
        match action {
            A::ForceQuit => return LogFlow::ForceQuit,
            A::Suspend => return LogFlow::Suspend,
            A::Close => return LogFlow::Close,
            A::Up => self.top.set(top.saturating_sub(1)),
            A::Down => self.top.set(top + 1),
            A::PageUp => self.top.set(top.saturating_sub(page)),
            A::PageDown => self.top.set(top + page),
            A::First => self.top.set(0),
            A::Last => self.top.set(usize::MAX),
            _ => {}
        }
        LogFlow::Stay
    }

    /// Draws the view over the whole screen.
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let inner = popup::frame(&self.theme, &self.title, area, buf);
        let [chart, lower, footer] = inner.layout(&Layout::vertical([
            Constraint::Percentage(45),
            Constraint::Fill(1),
            Constraint::Length(1),
        ]));
        self.render_chart(chart, buf);
        let lines = self.lower_lines(lower.width as usize);
        let page = lower.height as usize;
        self.page.set(page);
        let max_top = lines.len().saturating_sub(page);
        let top = self.top.get().min(max_top);
        self.top.set(top);
        Paragraph::new(lines.into_iter().skip(top).take(page).collect::<Vec<_>>())
            .render(lower, buf);
        let t = &self.theme;
        let mut keys = Vec::new();
        for b in super::keys::hints(super::shell_keymap::SHELL_KEYMAP, C::Course) {
            keys.push(Span::styled(b.key.label(), t.key()));
            keys.push(Span::raw(format!(" {}  ", b.hint)));
        }
        Paragraph::new(Line::from(keys)).render(footer, buf);
    }

    /// The strength lines.
    fn render_chart(&self, area: Rect, buf: &mut Buffer) {
        let c = &self.course;
        let t = &self.theme;
        let data: Vec<Vec<(f64, f64)>> = [Side::A, Side::B]
            .iter()
            .map(|&s| {
                c.points
                    .iter()
                    .zip(c.strength(s))
                    .map(|(p, v)| (f64::from(p.turn), f64::from(v)))
                    .collect()
            })
            .collect();
        let styles = [side_style(t, Side::A), side_style(t, Side::B)];
        let datasets = [Side::A, Side::B]
            .iter()
            .map(|&s| {
                let (marker, glyph) = MARKERS[s as usize];
                Dataset::default()
                    .name(format!("{glyph} {}", s.name()))
                    .marker(marker)
                    .graph_type(GraphType::Line)
                    .style(styles[s as usize])
                    .data(&data[s as usize])
            })
            .collect::<Vec<_>>();
        let last = c.points.last().map_or(1, |p| p.turn).max(1);
        let (bottom, top) = c.strength_axis();
        let x_labels: Vec<Span> = (0..=last)
            .filter(|&n| last <= 12 || n % last.div_ceil(12) == 0 || n == last)
            .map(|n| {
                let marked = c.marks.iter().any(|m| m.turn == n);
                let text = match (n, marked) {
                    (0, _) => "start".to_string(),
                    (n, true) => format!("{n}*"),
                    (n, false) => n.to_string(),
                };
                Span::styled(text, if marked { t.warn() } else { t.dim() })
            })
            .collect();
        let chart = Chart::new(datasets)
            .x_axis(
                Axis::default()
                    .bounds([0.0, f64::from(last)])
                    .labels(x_labels),
            )
            .y_axis(
                Axis::default()
                    .bounds([f64::from(bottom), f64::from(top)])
                    .labels([
                        Span::raw(bottom.to_string()),
                        Span::raw(((bottom + top) / 2).to_string()),
                        Span::raw(top.to_string()),
                    ]),
            )
            .legend_position(None);
        chart.render(area, buf);
    }

    /// The morale bars, the marks and the figures, one line each.
    fn lower_lines(&self, width: usize) -> Vec<Line<'static>> {
        let c = &self.course;
        let t = self.theme;
        let names = c.state_names();
        let mut lines = Vec::new();
        for s in [Side::A, Side::B] {
            let figures: Vec<String> = c.strength(s).iter().map(u32::to_string).collect();
            lines.push(Line::from(vec![
                Span::styled(MARKERS[s as usize].1, side_style(&t, s)),
                Span::raw(format!(
                    " {} {}: {} {} by {}",
                    s.name(),
                    c.sides[s as usize],
                    figures.join(" → "),
                    c.strength_name(),
                    c.turn_word
                )),
            ]));
        }
        // The legend, every glyph with its state, on as many lines as the width needs.
        let mut legend = vec![Span::styled(format!("{}: ", c.states_word), t.title())];
        let mut used = c.states_word.chars().count() + 2;
        for (i, name) in names.iter().enumerate() {
            let item = format!(" {name}  ");
            let cells = 1 + item.chars().count();
            if used + cells > width && used > 0 {
                lines.push(Line::from(std::mem::take(&mut legend)));
                legend.push(Span::raw("  "));
                used = 2;
            }
            legend.push(Span::styled(
                GLYPHS[i % GLYPHS.len()].to_string(),
                state_style(&t, i, names.len()),
            ));
            legend.push(Span::raw(item));
            used += cells;
        }
        lines.push(Line::from(legend));
        let most = c
            .points
            .iter()
            .flat_map(|p| p.measure.sides.iter())
            .map(|s| s.states.iter().map(|f| f.value).sum::<u32>())
            .max()
            .unwrap_or(1)
            .max(1) as usize;
        // Each side's bar gets half the width left after the turn label.
        let room = (width.saturating_sub(16) / 2).max(4);
        // Cells per unit when the most units fit, else units per cell.
        let per = (room / most).max(1);
        let scale = most.div_ceil(room).max(1);
        let cells_of = |n: usize| {
            if scale > 1 {
                n.div_ceil(scale)
            } else {
                n * per
            }
        };
        for p in &c.points {
            let label = match p.turn {
                0 => "start".to_string(),
                n if p.in_progress => format!("{n} (now)"),
                n => n.to_string(),
            };
            let mut spans = vec![Span::styled(format!("{label:>7} "), t.dim())];
            for s in [Side::A, Side::B] {
                spans.push(Span::raw(format!("{} ", s.name())));
                let mut used = 0;
                for (i, f) in p.measure.side(s).states.iter().enumerate() {
                    let cells = cells_of(f.value as usize);
                    used += cells;
                    let glyph = GLYPHS[i % GLYPHS.len()].to_string().repeat(cells);
                    spans.push(Span::styled(glyph, state_style(&t, i, names.len())));
                }
                let room_left = (cells_of(most) + 1).saturating_sub(used);
                spans.push(Span::raw(" ".repeat(room_left)));
            }
            lines.push(Line::from(spans));
        }
        if scale > 1 {
            lines.push(Line::from(Span::styled(
                format!("(a cell is {scale} units)"),
                t.dim(),
            )));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled("Marked turns (*)", t.title())));
        if c.marks.is_empty() {
            lines.push(Line::from(Span::styled(
                "no unit has broken and no personality has fallen",
                t.dim(),
            )));
        }
        for m in &c.marks {
            lines.push(Line::from(format!(
                "{} {}, {}: {}",
                c.turn_word, m.turn, c.sides[m.side as usize], m.what
            )));
        }
        // The figure the report's chart draws beside the strength (casualty figures, APs).
        if let Some(what) = c.beside_name() {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                format!(
                    "{} by {} (dashed in the report's chart)",
                    capital(what),
                    c.turn_word
                ),
                t.title(),
            )));
            for s in [Side::A, Side::B] {
                let values = c.beside(s).unwrap_or_default();
                let figures: Vec<String> = values.iter().map(u32::to_string).collect();
                lines.push(Line::from(format!(
                    "{} {}: {}",
                    s.name(),
                    c.sides[s as usize],
                    figures.join(" → ")
                )));
            }
        }
        lines
    }
}

/// A side's line: its own colour, and its own marker without colour.
fn side_style(t: &Theme, side: Side) -> Style {
    match side {
        Side::A => t.title(),
        Side::B => t.warn(),
    }
}

/// A state's style: steady states first in the system's order, the last
/// ones failing and gone.
fn state_style(t: &Theme, i: usize, n: usize) -> Style {
    let tone = match (i, n) {
        (i, n) if i + 1 == n => Tone::Gone,
        (i, n) if i + 2 == n => Tone::Failing,
        (0, _) => Tone::Wild,
        (1, _) => Tone::Steady,
        _ => Tone::Shaken,
    };
    t.tone(tone)
}

/// Words with a capital first letter (`Casualty figures`).
fn capital(words: &str) -> String {
    let mut cs = words.chars();
    cs.next()
        .map(|c| c.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}
