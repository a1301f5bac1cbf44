//! Drawing the facts: each on its line with its key, its words and its
//! value, marked with where the value comes from; the selected one marked
//! `›` (and reversed), so it shows without colour; what the roll waits for;
//! and a panel's body, the facts beside (or above) the system's plan and odds.

use super::{Fact, Source};
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The heading over the facts, with the keys that change them.
pub fn heading(t: &Theme) -> Line<'static> {
    Line::from(Span::styled(
        "What the table says (its key, digits, ←→)",
        t.title(),
    ))
}

/// One line per fact: `› r  range, cm   15 (assumed)`.
pub fn lines(t: &Theme, facts: &[Fact], selected: Option<usize>) -> Vec<Line<'static>> {
    let pad = facts
        .iter()
        .map(|f| f.label.chars().count())
        .max()
        .unwrap_or(0);
    facts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let chosen = selected == Some(i);
            let mut spans = vec![
                Span::raw(if chosen { "› " } else { "  " }),
                Span::styled(format!("{} ", f.key), t.key()),
                Span::raw(format!(" {:<pad$} ", f.label)),
            ];
            let style = if f.on { t.on() } else { t.dim() };
            match &f.source {
                Source::Plain => spans.push(Span::styled(f.value.clone(), style)),
                Source::Record(why) => {
                    spans.push(Span::styled(f.value.clone(), style));
                    spans.push(Span::styled(format!(" ({why})"), t.dim()));
                }
                Source::Assumed => {
                    spans.push(Span::styled(f.value.clone(), style));
                    spans.push(Span::styled(" (assumed)", t.warn()));
                }
                Source::Unsaid => spans.push(Span::styled(f.value.clone(), t.warn())),
            }
            if !f.picks.is_empty() {
                let keys: Vec<String> = f.picks.iter().map(|(k, _)| k.to_string()).collect();
                spans.push(Span::styled(format!("  ({})", keys.join(" ")), t.dim()));
            }
            let line = Line::from(spans);
            if chosen {
                line.style(t.selected())
            } else {
                line
            }
        })
        .collect()
}

/// The unsaid facts in words: `range, cm (r)`.
pub fn unsaid_words(unsaid: &[Fact]) -> String {
    unsaid
        .iter()
        .map(|f| format!("{} ({})", f.label, f.key))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the odds and the roll wait for, when a fact is unsaid.
pub fn waiting(t: &Theme, unsaid: &[Fact]) -> Option<Line<'static>> {
    (!unsaid.is_empty()).then(|| {
        Line::from(Span::styled(
            format!("The odds and the roll wait for: {}", unsaid_words(unsaid)),
            t.warn(),
        ))
    })
}

/// Draws a heading and the facts' lines in `area`, scrolled to keep the
/// selected fact in view (the heading stays).
pub fn render(
    heading: Line<'static>,
    lines: Vec<Line<'static>>,
    field: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    if lines.is_empty() || area.height == 0 {
        return;
    }
    let rows = area.height.saturating_sub(1) as usize;
    let from = crate::tui::table::offset(field, rows);
    let mut shown = vec![heading];
    // a value too long for the column ends at a word, with `…` (the brief: no word cut)
    let width = area.width as usize;
    shown.extend(
        lines
            .into_iter()
            .skip(from)
            .take(rows)
            .map(|l| crate::tui::text::cut_line(l, width)),
    );
    Paragraph::new(shown).render(area, buf);
}

/// How a panel's body is drawn, beyond [`body`]'s defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyOptions {
    /// The panel rolls dice: an unsaid fact holds back "the odds and the
    /// roll"; without a roll it holds back the plan.
    pub rolls: bool,
    /// Facts scrolled out of sight are said to be there (`↓ 2 more: ↑↓`).
    pub mark_scroll: bool,
}

impl Default for BodyOptions {
    fn default() -> Self {
        BodyOptions {
            rolls: true,
            mark_scroll: false,
        }
    }
}

/// A panel's body in `area`: the facts (scrolled to the selected one) and
/// the system's plan and odds, `plan()`, beside them from 110 columns (the
/// plan keeps 44), below them on a narrower screen. While a fact is unsaid
/// the plan is not asked for: the body says what it waits for instead.
pub fn body(
    t: &Theme,
    facts: &[Fact],
    selected: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
    plan: impl FnOnce() -> Vec<Line<'static>>,
) {
    body_with(BodyOptions::default(), t, facts, selected, area, buf, plan);
}

/// A panel's body as [`body`], drawn as `options` say.
pub fn body_with(
    options: BodyOptions,
    t: &Theme,
    facts: &[Fact],
    selected: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
    plan: impl FnOnce() -> Vec<Line<'static>>,
) {
    let unsaid: Vec<Fact> = facts
        .iter()
        .filter(|f| f.source == Source::Unsaid)
        .cloned()
        .collect();
    let wait = if options.rolls {
        waiting(t, &unsaid)
    } else {
        (!unsaid.is_empty()).then(|| {
            Line::from(Span::styled(
                format!("Herald waits for: {}", unsaid_words(&unsaid)),
                t.warn(),
            ))
        })
    };
    let plan = match wait {
        Some(line) => vec![line],
        None => plan(),
    };
    let render = |heading: Line<'static>,
                  lines: Vec<Line<'static>>,
                  field: usize,
                  area: Rect,
                  buf: &mut Buffer| {
        let rows = area.height.saturating_sub(1) as usize;
        if options.mark_scroll && lines.len() > rows && rows > 0 {
            let from = crate::tui::table::offset(field, rows);
            let below = lines.len().saturating_sub(from + rows);
            let mut h = heading;
            h.spans.push(Span::styled(
                match (from, below) {
                    (0, n) => format!("  ↓ {n} more (↑↓)"),
                    (n, 0) => format!("  ↑ {n} more (↑↓)"),
                    (a, b) => format!("  ↑ {a} ↓ {b} more (↑↓)"),
                },
                t.warn(),
            ));
            render(h, lines, field, area, buf);
        } else {
            render(heading, lines, field, area, buf);
        }
    };
    let field = selected.unwrap_or(0);
    let rows = lines(t, facts, selected);
    if area.width >= 110 && !rows.is_empty() {
        // As wide as the facts need, leaving the plan 44 columns.
        let widest = rows.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
        let left_w = (widest + 1).clamp(50, area.width - 44);
        let left = Rect {
            width: left_w,
            ..area
        };
        let right = Rect {
            x: area.x + left_w + 1,
            width: area.width - left_w - 1,
            ..area
        };
        render(heading(t), rows, field, left, buf);
        Paragraph::new(wrap(plan, right.width as usize)).render(right, buf);
        return;
    }
    // Narrow: the facts around the selected one, then the plan.
    let room = if rows.is_empty() {
        0
    } else {
        (rows.len() as u16 + 1).min(area.height / 2).max(2)
    };
    let facts_area = Rect {
        height: room.min(area.height),
        ..area
    };
    render(heading(t), rows, field, facts_area, buf);
    let plan_area = Rect {
        y: area.y + facts_area.height,
        height: area.height - facts_area.height,
        ..area
    };
    Paragraph::new(wrap(plan, area.width as usize)).render(plan_area, buf);
}
