//! The `?` help, generated from the keymap so it never drifts from the keys.

use super::popup;
use super::resolve::wrap_hanging;
use crate::tui::warlords::app::App;
use crate::tui::warlords::keymap::{BINDINGS, CONTEXTS};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Every key, context by context, as lines.
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    for ctx in CONTEXTS {
        out.push(Line::from(Span::styled(ctx.title(), t.title())));
        let mut seen: Vec<&str> = Vec::new();
        for b in BINDINGS.iter().filter(|b| b.context == *ctx) {
            // Keys doing the same thing share a line.
            if seen.contains(&b.help) {
                continue;
            }
            seen.push(b.help);
            let keys: Vec<String> = BINDINGS
                .iter()
                .filter(|o| o.context == *ctx && o.help == b.help)
                .map(|o| o.key.label())
                .collect();
            out.push(Line::from(vec![
                Span::styled(format!("  {:<12}", keys.join(" ")), t.key()),
                Span::raw(b.help),
            ]));
        }
    }
    out
}

/// Draws the help popup, scrolled.
pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let r = popup::centred(area, 100, area.height);
    let inner = popup::frame(app, "Keys (↑↓ scroll, Esc or ? closes)", r, buf);
    // A long description continues under itself, not under its key.
    let key_column = |line: &Line<'static>| match line.spans.as_slice() {
        [keys, _] => keys.width(),
        _ => 0,
    };
    let all = wrap_hanging(lines(app), inner.width.into(), key_column);
    let max = (all.len() as u16).saturating_sub(inner.height);
    Paragraph::new(all)
        .scroll((scroll.min(max), 0))
        .render(inner, buf);
}
