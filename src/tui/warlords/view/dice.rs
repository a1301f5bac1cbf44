//! The dice row: red, yellow and white dice with R/Y/W letters, counted dice
//! bracketed and bold, dropped dice dim and in lower case, doubles marked.

use crate::dice::{Colour, Dice, Die};
use crate::rules::warlords::counted::TwoHighest;
use crate::tui::theme::Theme;
use ratatui::text::Span;

/// The spans of one handful. `read` says which white dice count (all do
/// when `None`); any two alike are marked (W-6: any doubles may make a unit
/// Berserk).
pub fn row(theme: &Theme, dice: &Dice, read: Option<&TwoHighest>) -> Vec<Span<'static>> {
    row_marking(theme, dice, read, true)
}

/// A Melee side's handful: "= doubles" only when its counted dice are
/// doubles, the only doubles that count there (W-18).
pub fn counted_row(theme: &Theme, dice: &Dice, read: Option<&TwoHighest>) -> Vec<Span<'static>> {
    row_marking(theme, dice, read, false)
}

fn row_marking(
    theme: &Theme,
    dice: &Dice,
    read: Option<&TwoHighest>,
    any: bool,
) -> Vec<Span<'static>> {
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
        if r.counted_doubles && !any {
            out.push(Span::styled("= doubles", theme.warn()));
        } else if r.counted_doubles {
            out.push(Span::styled("= doubles (counted)", theme.warn()));
        } else if r.any_doubles && any {
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
