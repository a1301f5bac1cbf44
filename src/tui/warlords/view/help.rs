//! The `?` help, generated from the keymap so it never drifts from the keys.

use super::popup;
use crate::tui::keys;
use crate::tui::shell_keymap::{SHELL_CONTEXTS, SHELL_KEYMAP};
use crate::tui::text::wrap_hanging;
use crate::tui::warlords::app::App;
use crate::tui::warlords::keymap::{CONTEXTS, KEYMAP};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Every key, context by context, as lines: the Warlords console's, then
/// the shell's (the log browser, a failed save, the start screen).
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    let mut section = |title: &'static str, entries: Vec<(String, &'static str)>| {
        out.push(Line::from(Span::styled(title, t.title())));
        for (keys, help) in entries {
            out.push(Line::from(vec![
                Span::styled(format!("  {keys:<12}"), t.key()),
                Span::raw(help),
            ]));
        }
    };
    for ctx in CONTEXTS {
        section(ctx.title(), keys::help_entries(KEYMAP, *ctx));
    }
    for ctx in SHELL_CONTEXTS {
        section(ctx.title(), keys::help_entries(SHELL_KEYMAP, *ctx));
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
