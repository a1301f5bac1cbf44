//! The dice row: red, yellow and white dice with R/Y/W letters, counted dice
//! bracketed and bold, dropped dice dim and in lower case, doubles marked.

use crate::dice::{Colour, Dice, Die};
use crate::rules::warlords::counted::TwoHighest;
use crate::tui::theme::Theme;
use ratatui::text::Span;

/// The spans of one handful. `read` says which white dice count (all do when `None`).
pub fn row(theme: &Theme, dice: &Dice, read: Option<&TwoHighest>) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, d) in dice.white.iter().enumerate() {
        let counted = read.is_none_or(|r| r.counts(i));
        out.push(die(theme, Colour::White, *d, counted));
        out.push(Span::raw(" "));
    }
    for colour in [Colour::Red, Colour::Yellow] {
        for d in dice.of(colour) {
            out.push(die(theme, colour, *d, true));
            out.push(Span::raw(" "));
        }
    }
    if let Some(r) = read {
        if r.counted_doubles {
            out.push(Span::styled("= doubles (counted)", theme.warn()));
        } else if r.any_doubles {
            out.push(Span::styled("= doubles", theme.warn()));
        }
    }
    out
}

/// One die: `[W5]` when it counts, ` w2 ` (dim) when dropped.
pub fn die(theme: &Theme, colour: Colour, d: Die, counted: bool) -> Span<'static> {
    let text = if counted {
        format!("[{}{}]", colour.letter(), d.value())
    } else {
        format!(" {}{} ", colour.letter().to_ascii_lowercase(), d.value())
    };
    Span::styled(text, theme.die(colour, counted))
}
