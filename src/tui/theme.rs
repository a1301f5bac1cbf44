//! Colours and text styles, with `NO_COLOR` honoured: without colour every
//! signal is still carried by a word, a letter or a text modifier.

use crate::dice::Colour;
use ratatui::style::{Color, Modifier, Style};

/// How a unit's state looks, whatever the system calls it: each system
/// maps its morale states to these (Warlords: Berserk wild, Ready steady,
/// Worn shaken, Broken failing, Dispersed gone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Out of control (Berserk).
    Wild,
    /// In good order.
    Steady,
    /// Hurt but holding.
    Shaken,
    /// Breaking or routing.
    Failing,
    /// Off the table.
    Gone,
}

/// The console's styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used at all (`NO_COLOR` unset).
    pub colour: bool,
}

impl Theme {
    /// The theme the environment asks for: no colour when `NO_COLOR` is set and not empty.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { colour: !no_color }
    }

    /// A theme in colour.
    pub fn coloured() -> Theme {
        Theme { colour: true }
    }

    /// A theme without colour.
    pub fn plain() -> Theme {
        Theme { colour: false }
    }

    fn fg(&self, c: Color) -> Style {
        if self.colour {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Ordinary text.
    pub fn text(&self) -> Style {
        Style::new()
    }

    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Less important text.
    pub fn dim(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// The selected row.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// A key in a hint (`Enter`, `u`).
    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A success or a good change.
    pub fn good(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A failure or a loss.
    pub fn bad(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    /// A warning or something the referee must do.
    pub fn warn(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A toggle that is on.
    pub fn on(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A unit's state in its tone's colour; the word itself is the signal.
    pub fn tone(&self, tone: Tone) -> Style {
        match tone {
            Tone::Wild => self.fg(Color::Magenta).add_modifier(Modifier::BOLD),
            Tone::Steady => self.fg(Color::Green),
            Tone::Shaken => self.fg(Color::Yellow),
            Tone::Failing => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Tone::Gone => self.dim(),
        }
    }

    /// A die of a colour: counted dice bold, dropped dice dim.
    pub fn die(&self, colour: Colour, counted: bool) -> Style {
        let base = if self.colour {
            match colour {
                Colour::Red => Style::new().fg(Color::White).bg(Color::Red),
                Colour::Yellow => Style::new().fg(Color::Black).bg(Color::Yellow),
                Colour::White => Style::new().fg(Color::Black).bg(Color::White),
                Colour::D20 => Style::new().fg(Color::Black).bg(Color::Cyan),
            }
        } else {
            Style::new()
        };
        if counted {
            base.add_modifier(Modifier::BOLD)
        } else {
            base.add_modifier(Modifier::DIM)
        }
    }

    /// A bar of an odds chart.
    pub fn bar(&self) -> Style {
        self.fg(Color::Blue)
    }
}
