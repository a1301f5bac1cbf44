//! What every Warlords result shows under its dice: the changes the event
//! made and what the rules now force the unit to do.

use crate::battle::warlords::Entry;
use crate::tui::theme::Theme;
use ratatui::text::{Line, Span};

/// The lines every result shows: what the event changed in the units, and
/// what the rules now force the unit to do (2.2.1, 2.2.2).
pub fn changes_and_musts(
    t: &Theme,
    entry: Option<&Entry>,
    activation: Option<&crate::rules::warlords::ActivationOutcome>,
    out: &mut Vec<Line<'static>>,
) {
    for eff in entry.iter().flat_map(|e| &e.effects) {
        out.push(Line::from(vec![
            Span::styled("  changed: ", t.dim()),
            Span::raw(eff.to_string()),
        ]));
    }
    for f in activation.iter().flat_map(|o| &o.forced) {
        let (what, sec) = f.describe();
        out.push(Line::from(vec![
            Span::styled("  MUST ", t.warn()),
            Span::raw(format!("{what} ({sec})")),
        ]));
    }
}
