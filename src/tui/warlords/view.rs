//! Drawing: `impl Widget for &App` lays out the screen and hands each part
//! to its widget in `view/`. Nothing here changes the state.

pub mod break_off;
pub mod correct;
pub mod detail;
pub mod dice;
pub mod fight;
pub mod footer;
pub mod help;
pub mod log;
pub mod next;
pub mod outcome;
pub mod popup;
pub mod reference;
pub mod resolve;
pub mod tables;
pub mod typing;
pub mod walker;
pub mod words;

use super::app::App;
use super::dialog::{Dialog, Procedure};
use crate::battle::UnitId;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub use crate::tui::screen::{MIN_HEIGHT, MIN_WIDTH};
/// From this width the detail pane stands beside the tables.
const SIDE_DETAIL_WIDTH: u16 = 110;
/// Below this height a panel would hide the units it concerns: they keep
/// their rows above it.
const KEEP_ROWS_BELOW: u16 = 30;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let small = area.width < MIN_WIDTH || area.height < MIN_HEIGHT;
        self.too_small.set(small);
        if small {
            return too_small(area, buf);
        }
        // At 80×24 the log gives its rows to the tables (issue 24: the side
        // to act shows 10 rows); l opens the whole log.
        let log_rows = if area.height >= 36 {
            6
        } else if area.height >= 30 {
            3
        } else {
            1
        };
        let [head, body, status, log_area, foot] = area.layout(&Layout::vertical([
            Constraint::Length(2),
            Constraint::Fill(1),
            Constraint::Length(footer::status_rows(self, area.width, area.height)),
            Constraint::Length(log_rows + 1),
            Constraint::Length(1),
        ]));
        walker::render(self, head, buf);
        // Wide: the detail pane stands beside the tables unless d hid it.
        // Narrow: it covers part of the tables only when d asked for it.
        let wide = area.width >= SIDE_DETAIL_WIDTH;
        let beside = wide && !self.detail_toggled;
        let (tables_area, detail_area) = if beside {
            // Narrow enough at 120 columns for every bundled unit's name to
            // show whole in the tables (issue 21); its lines wrap.
            let w = if area.width >= 150 { 50 } else { 28 };
            let [t, d] = body.layout(&Layout::horizontal([
                Constraint::Fill(1),
                Constraint::Length(w),
            ]));
            (t, Some(d))
        } else {
            (body, None)
        };
        tables::render(self, tables_area, buf);
        match detail_area {
            Some(d) => detail::render(self, d, buf),
            None if !wide && self.detail_toggled && self.dialogs.is_empty() => {
                // Narrow: the detail pane covers the other side's table.
                let [_, half] = tables_area.layout(&Layout::horizontal([
                    Constraint::Fill(1),
                    Constraint::Length(44),
                ]));
                popup::clear(half, buf);
                detail::render(self, half, buf);
            }
            None => {}
        }
        footer::status(self, status, buf);
        log::render(self, log_area, buf);
        footer::render(self, foot, buf);
        // Short screens (80×24): the panel, and what opens over it, go below
        // the rows of the units it concerns, which it would hide (issue 24
        // item 12); help, the reference and the summary still take it all.
        let panel_area = match self.dialogs.iter().rev().find_map(|d| match d {
            Dialog::Resolve(r) => Some(concerns(&r.procedure)),
            _ => None,
        }) {
            Some(units) if area.height < KEEP_ROWS_BELOW && !units.is_empty() => {
                // Under the walker's line: the column titles and a row each.
                let rows = units.len() as u16 + 1;
                let strip = Rect {
                    y: area.y + 1,
                    height: rows,
                    ..area
                };
                tables::concerned(self, &units, strip, buf);
                Rect {
                    y: area.y + rows,
                    height: area.height.saturating_sub(rows),
                    ..area
                }
            }
            _ => area,
        };
        // A panel over another (a flight over its charge) hides it: only the
        // top one is drawn, and the tables show around it (a smaller panel
        // over a larger one leaves no hole where the larger one was).
        let top = self
            .dialogs
            .iter()
            .rposition(|d| matches!(d, Dialog::Resolve(_)));
        for (i, d) in self.dialogs.iter().enumerate() {
            match d {
                Dialog::Resolve(_) if Some(i) != top => {}
                Dialog::Resolve(r) => {
                    resolve::render(self, r, panel_area, buf);
                }
                Dialog::TypeDice(t) => typing::typing(self, t, panel_area, buf),
                Dialog::Correct(c) => correct::correct(self, c, panel_area, buf),
                Dialog::Formation(pick) => correct::formation(self, pick, panel_area, buf),
                Dialog::Pick(p) => fight::pick(self, p, panel_area, buf),
                Dialog::Help { scroll } => help::render(self, *scroll, area, buf),
                Dialog::Reference { unit, scroll } => {
                    reference::render(self, *unit, *scroll, area, buf)
                }
                Dialog::ConfirmQuit => popup::confirm_quit(self, area, buf),
                Dialog::Summary {
                    turn,
                    lines,
                    finished,
                } => popup::summary(self, *turn, lines, *finished, area, buf),
                Dialog::Note { unit, text, error } => {
                    popup::note(self, *unit, text, error.as_deref(), area, buf)
                }
                Dialog::FollowUp { unit, loser } => {
                    next::follow_up(self, *unit, *loser, panel_area, buf)
                }
                Dialog::SupportEdge {
                    unit,
                    opponent,
                    enemy,
                    joining,
                } => next::support_edge(self, *unit, *opponent, *enemy, *joining, panel_area, buf),
                Dialog::FallBack(f) => next::fall_back(self, f, panel_area, buf),
                Dialog::HitStands(h) => next::hit_stands(self, h, panel_area, buf),
                Dialog::LostStand(l) => next::lost_stand(self, l, panel_area, buf),
                Dialog::GoTo(g) => walker::go_to(self, g, area, buf),
            }
        }
        // A popup whose top edge lies on the walker's line leaves no stub
        // of its words on either side (a word cut in two).
        let row = Rect {
            y: head.y + 1,
            height: 1,
            ..head
        };
        if !self.dialogs.is_empty() && head.height >= 2 {
            let at = |s: &str| (row.x..row.right()).find(|&x| buf[(x, row.y)].symbol() == s);
            if let (Some(left), Some(right)) = (at("╭"), at("╮")) {
                walker::beside_popup(self, row, left, right, buf);
            }
        }
    }
}

/// The units a panel concerns, the acting one first: the ones a referee
/// looks for on the tables while answering it.
fn concerns(p: &Procedure) -> Vec<UnitId> {
    match p {
        Procedure::Initiative => vec![],
        Procedure::Activation { unit, .. }
        | Procedure::Flee { unit, .. }
        | Procedure::Halt { unit }
        | Procedure::StandLoss { unit, .. }
        | Procedure::Defence { unit, .. } => vec![*unit],
        Procedure::Shooting {
            shooter: one,
            target: other,
            ..
        }
        | Procedure::Charge {
            unit: one,
            target: other,
            ..
        }
        | Procedure::Reaction {
            unit: one,
            cause: other,
            ..
        }
        | Procedure::Melee {
            a: one, b: other, ..
        } => vec![*one, *other],
        Procedure::BreakOff {
            unit,
            opponents,
            opponent,
            ..
        } => std::iter::once(*unit)
            .chain(opponents.get(*opponent).copied())
            .collect(),
        Procedure::Pursue { unit, toward } => std::iter::once(*unit).chain(*toward).collect(),
    }
}

/// Says what size the console needs instead of drawing garbage.
fn too_small(area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::from(format!(
            "Herald needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}."
        )),
        Line::from(format!("This one is {}×{}.", area.width, area.height)),
        Line::from("Make it larger, or press q to quit."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
