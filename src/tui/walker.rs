//! The walker's two header lines for every console: the battle's name, the
//! turn, the system's steps with the current one marked, and what Enter
//! does next. The system gives the steps and the words.

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Where the battle is in the system's sequence.
pub struct Walker<'a> {
    /// The battle's name.
    pub title: &'a str,
    /// The turn as the system says it (`Turn 3`, `Move 2`).
    pub turn: String,
    /// The house options chosen for the battle, in a few words
    /// (`House::summary`); empty when it plays every ruling as written.
    pub house: String,
    /// The steps of the turn, and whether each is the one now.
    pub steps: Vec<(String, bool)>,
    /// What Enter does next, in the rules' words.
    pub next: String,
}

impl Walker<'_> {
    /// Draws the two lines.
    pub fn render(&self, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let t = theme;
        let mut seq = vec![
            Span::styled(format!("{} ", self.title), t.title()),
            Span::styled(format!("{} ", self.turn), t.title()),
        ];
        if !self.house.is_empty() {
            seq.push(Span::styled(format!("house: {} ", self.house), t.warn()));
        }
        for (i, (text, now)) in self.steps.iter().enumerate() {
            if i > 0 {
                seq.push(Span::styled(" › ", t.dim()));
            }
            if *now {
                seq.push(Span::styled(
                    format!("[{text}]"),
                    t.warn().add_modifier(Modifier::REVERSED),
                ));
            } else {
                seq.push(Span::styled(text.clone(), t.dim()));
            }
        }
        let next_line = Line::from(vec![
            Span::styled("Enter", t.key()),
            Span::raw(" › "),
            Span::raw(self.next.clone()),
        ]);
        Paragraph::new(vec![Line::from(seq), next_line]).render(area, buf);
    }
}
