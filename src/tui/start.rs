//! The start screen: a new battle of Hastings on Enter, or the most recent save.

use super::keys::Key;
use super::popup;
use super::shell_keymap::{ShellAction, ShellContext, lookup};
use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget, Wrap};
use std::path::PathBuf;

/// The start screen's state.
#[derive(Clone, Debug, Default)]
pub struct Start {
    /// The most recent save, if any.
    pub recent: Option<PathBuf>,
    /// Why the last choice failed.
    pub error: Option<String>,
    /// Colours or not.
    pub theme: Option<Theme>,
}

impl Start {
    /// The action a key does on the start screen.
    pub fn key(&self, ev: KeyEvent) -> Option<ShellAction> {
        let a = lookup(ShellContext::Start, Key::of(&ev))?;
        (a != ShellAction::Resume || self.recent.is_some()).then_some(a)
    }
}

impl Widget for &Start {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme.unwrap_or_else(Theme::coloured);
        let r = popup::centred(area, 72, 14);
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(
                " Herald: a referee's console for Warlords ",
                t.title(),
            ));
        let inner = block.inner(r);
        block.render(r, buf);
        let mut lines = vec![
            Line::from(""),
            Line::from(vec![
                Span::styled("  Enter", t.key()),
                Span::raw("  a new battle of Hastings, 14 October 1066"),
            ]),
            Line::from(Span::styled(
                "         English (Harold) against Normans (William), from armies/",
                t.dim(),
            )),
        ];
        if let Some(p) = &self.recent {
            lines.push(Line::from(vec![
                Span::styled("  r", t.key()),
                Span::raw(format!("      resume {}", p.display())),
            ]));
        }
        lines.push(Line::from(vec![
            Span::styled("  q", t.key()),
            Span::raw("      quit"),
        ]));
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "  Other battles: herald new NAME --side A.toml --side B.toml, then herald play saves/NAME.toml",
            t.dim(),
        )));
        if let Some(e) = &self.error {
            lines.push(Line::from(Span::styled(format!("  {e}"), t.bad())));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}
