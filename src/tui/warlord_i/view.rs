//! Drawing the Warlord I console: the walker over Rule 25's steps, the unit
//! tables (or the open procedure's panel), the status line and the footer
//! of keys from the keymap; the help over it all.

mod panel;
mod preview;
mod tables;

use super::app::App;
use super::keymap::{Action, Context, KEYMAP};
use crate::battle::warlord_i::{Phase, Step};
use crate::rules::Side;
use crate::tui::keys::{Binding as B, help_entries, hints};
use crate::tui::popup;
use crate::tui::walker::Walker;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub use crate::tui::screen::{MIN_HEIGHT, MIN_WIDTH};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}

impl App {
    /// Draws the whole screen.
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            Paragraph::new(format!(
                "The console needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this terminal is {}×{}. Make it larger (q quits).",
                area.width, area.height
            ))
            .style(t.warn())
            .wrap(Wrap { trim: true })
            .render(area, buf);
            return;
        }
        let [head, body, status, foot] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        self.walker(area.width).render(t, head, buf);
        match &self.panel {
            Some(p) => panel::render(self, p, body, buf),
            None => tables::render(self, body, buf),
        }
        self.render_status(status, buf);
        // "↓ more" only where the result is longer than its room.
        let more = self
            .panel
            .as_ref()
            .and_then(|p| panel::result_lines(self, p, body.width as usize))
            .is_some_and(|l| l.len() > body.height as usize);
        self.render_footer(foot, more, buf);
        if self.help {
            self.render_help(area, buf);
        }
    }

    /// The walker: the Move, Rule 25's steps, and what Enter does next;
    /// on a narrow screen only the step now is named.
    fn walker(&self, width: u16) -> Walker<'_> {
        let b = &self.battle;
        let phase = b.phase();
        let first = b.player_1().unwrap_or(Side::A);
        let steps = [
            (
                "1",
                "order of play".to_string(),
                phase == Phase::OrderOfPlay,
            ),
            (
                "2",
                format!("side {}", first.name()),
                phase == Phase::Command(first),
            ),
            (
                "3",
                format!("side {}", first.other().name()),
                phase == Phase::Command(first.other()),
            ),
            ("4", "shooting".to_string(), phase == Phase::Shooting),
            ("5", "waver tests".to_string(), phase == Phase::WaverTests),
            ("6", "charges".to_string(), phase == Phase::Charges),
            ("7", "melees".to_string(), phase == Phase::Melees),
            ("8", "conclude".to_string(), phase == Phase::Conclude),
        ];
        let wide = width >= 120;
        Walker {
            title: &self.title,
            turn: format!("Move {}", b.turn()),
            house: self.house_words(),
            steps: steps
                .into_iter()
                .map(|(n, words, now)| {
                    let text = if wide || now {
                        format!("{n} {words}")
                    } else {
                        n.to_string()
                    };
                    (text, now)
                })
                .collect(),
            // The line is `Enter › ` and these words, cut at a word's end.
            next: crate::tui::text::cut_words(
                &self.next_words(),
                (width as usize).saturating_sub(8),
            ),
        }
    }

    /// The house options chosen, and a reading the battle's record holds:
    /// a battle saved when the pairs of a joined melee were fought at once
    /// by default goes on so (WI-H2, `docs/save-format.md`).
    fn house_words(&self) -> String {
        let b = &self.battle;
        let mut words = b.setup().house.summary();
        let chosen = b.setup().house.word(&crate::rules::warlord_i::JOINED_MELEE) == "at_once";
        if b.melees_at_once() && !chosen {
            if !words.is_empty() {
                words.push_str(", ");
            }
            words.push_str("a unit fighting two enemies: at once (as recorded)");
        }
        words
    }

    /// What Enter does next, in the rules' words.
    pub fn next_words(&self) -> String {
        let b = &self.battle;
        let words = self.step_words();
        // WI-23: a charge never brought to contact is listed until the
        // Move is concluded; the referee may leave it.
        let open = b.charges();
        if open.is_empty()
            || !matches!(
                b.next_step(),
                Step::EndCharges | Step::EndMelees | Step::EndMove | Step::GeneralRisk(_)
            )
        {
            return words;
        }
        let each: Vec<String> = open
            .iter()
            .map(|&u| match b.unit(u).and_then(|x| x.charge_target) {
                Some(t) => format!("{u} → {t}"),
                None => format!("{u} charging"),
            })
            .collect();
        // First, so a narrow screen shows it.
        format!(
            "charge not in contact: {} (e, or leave it: WI-23); then {words}",
            each.join(", ")
        )
    }

    /// What Enter does next, the step alone.
    fn step_words(&self) -> String {
        let b = &self.battle;
        let co = |c| {
            b.co(c).map_or_else(
                || format!("CO {c}"),
                |x| format!("{} (CO {c})", x.co.acting_name()),
            )
        };
        match b.next_step() {
            Step::FriendsWithin10cm(d) => format!(
                "name the friendly units within 10 cm of {} (Rules 12, 58; WI-12)",
                b.disaster_words(d)
            ),
            Step::RollOrderOfPlay => "dice for the order of play (Rule 26, WI-3)".to_string(),
            Step::Fugitives(u) => format!(
                "{} rolls for attrition after its move as fugitives (Rule 13, WI-11)",
                self.name(u)
            ),
            Step::CommandTest(c) => format!("{} takes his command test (Rule 29)", co(c)),
            Step::Recuperation(s) => format!(
                "side {} commands its units (c); then its recuperation step (Rules 15-16, WI-9, WI-10)",
                s.name()
            ),
            Step::EndCommand(s) => format!(
                "side {} commands (c) and moves on the table; then on (Rule 25)",
                s.name()
            ),
            Step::EndShooting => "units shoot (s); then on to the waver tests".to_string(),
            Step::WaverTest(u) => format!("{} takes its waver test (Rule 58, WI-13)", self.name(u)),
            Step::EndWaverTests => "every flagged unit has tested: on to the charges".to_string(),
            Step::EndCharges => {
                "charges completed on the table (e: contact); then on to the melees".to_string()
            }
            Step::FightMelee(x, y) => format!(
                "{} and {} fight their round (Rule 76)",
                self.name(x),
                self.name(y)
            ),
            Step::EndMelees => "every melee is fought: on to conclude the Move".to_string(),
            Step::GeneralRisk(c) => format!("{} rolls for his wounds (Rule 99, WI-21)", co(c)),
            Step::EndMove => format!(
                "conclude Move {} (Rules 100-101): Move {}",
                b.turn(),
                b.turn() + 1
            ),
        }
    }

    fn render_status(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let line = if let Some(why) = &self.unsaved {
            Line::from(Span::styled(format!("NOT SAVED: {why}"), t.bad()))
        } else if let Some(s) = &self.status {
            // One line: cut at a word's end, with `…`, never mid-word.
            Line::from(Span::styled(
                crate::tui::text::cut_words(&s.text, area.width as usize),
                if s.error { t.bad() } else { t.text() },
            ))
        } else {
            Line::from("")
        };
        Paragraph::new(line).render(area, buf);
    }

    fn render_footer(&self, area: Rect, more: bool, buf: &mut Buffer) {
        let t = &self.theme;
        let mut spans = Vec::new();
        let context = self.context();
        let global = (context != Context::Help && context != Context::TypeDice)
            .then(|| hints(KEYMAP, Context::Global))
            .into_iter()
            .flatten();
        let all: Vec<_> = hints(KEYMAP, context).chain(global).collect();
        // Undo, back, help and quit stay in sight at 80 columns; the
        // context's other keys give way first, in the keymap's order.
        // On the tables Esc has nothing to close: its room goes to s, e, x.
        let kept = |a: Action| match a {
            Action::Back => context != Context::Tables,
            _ => matches!(a, Action::Undo | Action::Help | Action::Quit),
        };
        let width =
            |b: &&B<Context, Action>| b.key.label().chars().count() + b.hint.chars().count() + 3;
        let mut used: usize = all.iter().filter(|b| kept(b.action)).map(width).sum();
        for b in &all {
            if b.action == Action::Back && context == Context::Tables {
                continue;
            }
            if b.action == Action::Down && context == Context::Result && !more {
                continue;
            }
            if !kept(b.action) {
                if used + width(b) > area.width as usize {
                    continue;
                }
                used += width(b);
            }
            spans.push(Span::styled(b.key.label(), t.key()));
            spans.push(Span::raw(format!(" {}  ", b.hint)));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let r = popup::centred(area, 90, area.height.saturating_sub(2));
        let inner = popup::frame(t, "KEYS (↑↓ scroll, Esc closes)", r, buf);
        let mut lines = Vec::new();
        for (context, title) in [
            (Context::Tables, "The tables"),
            (Context::Panel, "A procedure's panel"),
            (Context::TypeDice, "Typing the players' dice"),
            (Context::Response, "The melee's losing player"),
            (Context::Winner, "The order of play's winner"),
            (Context::Global, "Everywhere"),
        ] {
            lines.push(Line::from(Span::styled(title, t.title())));
            let mut entries = help_entries(KEYMAP, context);
            if context == Context::Tables {
                entries.push((
                    "A B 0-9".to_string(),
                    "a unit by its id: B10 from either table, 10 on the focused one",
                ));
            }
            if context == Context::Panel {
                // The facts' own keys (`tui::facts`): each beside its fact.
                entries.push((
                    "a-z A-Z".to_string(),
                    "its fact (the key beside it): on or off, the next, or ready for digits",
                ));
                entries.push((
                    "0-9".to_string(),
                    "type a number into the selected fact (a unit by its number)",
                ));
            }
            for (keys, help) in entries {
                lines.push(Line::from(vec![
                    Span::styled(format!("  {keys:<12}"), t.key()),
                    Span::raw(help),
                ]));
            }
        }
        let most = (lines.len() as u16).saturating_sub(inner.height);
        Paragraph::new(lines)
            .scroll((self.help_scroll.min(most), 0))
            .render(inner, buf);
    }
}
