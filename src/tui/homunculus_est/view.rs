//! Drawing the Homunculus Est! console: the header and the walker, the two
//! armies (pools and cards against the Army Break Point, the unit table
//! with this system's columns), or the open panel; the last event and the
//! status line at the foot.

use super::{App, Panel, facts, odds};
use crate::battle::homunculus_est::Event;
use crate::battle::homunculus_est::state::army_line;
use crate::rules::Side;
use crate::rules::homunculus_est::combat::Combat;
use crate::rules::homunculus_est::discipline::TestReroll;
use crate::rules::homunculus_est::{Pool, Unit};
use crate::tui::facts::view as facts_view;
use crate::tui::screen::{MIN_HEIGHT, MIN_WIDTH};
use crate::tui::text::{explanation, wrap};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The keys, for `?`.
const HELP: &[&str] = &[
    "Tables: ↑↓ a unit, Tab the other side, 1-9 and 0 a unit by its number",
    "Enter  the walker's next step (who starts, a card's value, what the result requires, the phase's end)",
    "m c    a Movement or Charge Activation (HE-13, HE-14)     a  a Combat Activation (HE-16)",
    "s      a Shooting Activation (HE-22)                      r  a Reform Activation (HE-27)",
    "d      a Discipline Test (HE-26)      p  a push back (HE-24)      o  a follow up (HE-25)",
    "b      bring back a unit in Pursuit Off-Table, a turn after it left: its Discipline Test (HE-5.3, HE-33)",
    "g      a general's risk (HE-30)       k  a card's value as drawn (HE-10)      M  a Manoeuvre Test (HE-15)",
    "P      Command Points: exchange, re-allocate, convert, a Strategy Point cancels a Setback (HE-8)",
    "x      the called player discards a revealed card (HE-12)",
    "h      \"Homunculus Est!\" (HE-12)     e  end the phase (HE-5.4, HE-6)      w  who starts",
    "u U    undo, redo      l  the log      V  the course of the battle      q  quit",
    "Panel: a fact's key then ↑↓ ←→ +/- or digits; Enter rolls Herald's dice; Esc closes",
    "Dice typed: the faces straight on the panel, or t then the faces (after a fact's key, digits are its value): rolled once all are in",
    "Dice chosen: the higher side types the face it takes (HE-17, HE-22); Herald never chooses",
    "A      with the Combat dice shown: an Attack Point re-rolls all of them before the choice (HE-8, HE-17)",
    "A step the rules force opens by itself after a result: Enter rolls it; Tab shows the result before",
];

impl App {
    /// One unit's row: id, name, class, ratings, state, activated, characteristics, lines and attachments, general.
    fn row(id: &str, u: &Unit, held: &[Pool], width: u16) -> String {
        // a point his general converted for it, its alone (HE-8)
        let held_words: String = held.iter().map(|p| format!(", +1 {p} held")).collect();
        let held_short: String = held
            .iter()
            .map(|p| match p {
                Pool::Attack => "+A",
                Pool::Movement => "+M",
                Pool::Defence => "+D",
                _ => "+",
            })
            .collect();
        let chars: Vec<&str> = u.characteristics.iter().map(|c| c.short()).collect();
        // narrow: lines and attachments shortened, never dropped
        let short: Vec<String> = u
            .lines
            .iter()
            .map(|l| {
                use crate::rules::homunculus_est::LineKind as L;
                match l {
                    L::Infantry => "Inf line",
                    L::Cavalry => "Cav line",
                    L::LightChariot => "LCh line",
                    L::Elephant => "El line",
                }
                .to_string()
            })
            .chain(u.attachments.iter().map(|a| {
                use crate::rules::homunculus_est::Attachment as A;
                match a {
                    A::SmallCavalryReserve => "Reserve",
                    A::PraetorianCohort => "Cohort",
                    A::Devotio => "Devotio",
                }
                .to_string()
            }))
            .collect();
        let extra: Vec<String> = u
            .lines
            .iter()
            .map(|l| format!("{l} line"))
            .chain(u.attachments.iter().map(|a| a.to_string()))
            // The referee reads words: `praetorian_cohort` is a praetorian cohort.
            .map(|w| w.replace(['_', '-'], " "))
            .collect();
        let state = if u.removed {
            "removed"
        } else if u.off_table {
            "off table"
        } else if u.disordered {
            "Dis"
        } else {
            ""
        };
        let wide = width >= 110;
        // a long name is cut with an ellipsis, so the cut is seen
        let room = if wide { 24 } else { 16 };
        let name: String = crate::tui::text::cut_words(&u.name, room);
        let mut s = format!(
            "{id:<4}{name:<w$} {:<4} {:<8} {:<7} {:<4}{}",
            match (u.is_cavalry(), u.is_skirmisher()) {
                (true, true) => "LCav",
                (true, false) => "Cav",
                (false, true) => "SkI",
                (false, false) => "FI",
            },
            format!(
                "{}/{}/{}/{}",
                u.combat_rating, u.ranged_combat_rating, u.manoeuvre_rating, u.discipline_rating
            ),
            state,
            if u.activated { "act" } else { "" },
            chars.join(","),
            w = if wide { 25 } else { 17 }
        );
        if wide {
            // the lines and attachments in words, shortened where the row would be cut
            let general = u
                .general
                .as_ref()
                // his points now: a light wound takes one (HE-30)
                .map_or(String::new(), |g| {
                    format!(" [{} G{}{held_words}]", g.name, g.points())
                });
            let room =
                (width as usize).saturating_sub(2 + s.chars().count() + general.chars().count());
            let words = extra.join(",");
            if !extra.is_empty() {
                if words.chars().count() < room {
                    s.push_str(&format!(" {words}"));
                } else {
                    s.push_str(&format!(" +{}", short.join(",")));
                }
            }
            s.push_str(&general);
        } else {
            // the general first: a cut at the row's end takes the lines' last letters
            if let Some(g) = &u.general {
                s.push_str(&format!(" *G{}{held_short}", g.points()));
            }
            if !short.is_empty() {
                s.push_str(&format!(" +{}", short.join(",")));
            }
        }
        s
    }

    fn tables(&self, wide: bool, width: u16) -> Vec<(String, Style)> {
        let s = self.battle.state();
        let setup = self.battle.setup();
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        for side in [Side::A, Side::B] {
            let a = &setup.sides[side as usize];
            let cards = &s.cards[side as usize];
            // values only once revealed (HE-10: face down until a call)
            let shown: Vec<String> = cards
                .iter()
                .filter(|c| c.revealed)
                .filter_map(|c| c.value.map(|v| v.to_string()))
                .collect();
            if side == Side::B {
                lines.push((String::new(), Style::default()));
            }
            let mark = if self.focus == side { "▸" } else { " " };
            let fatigued = s.armies[side as usize].fatigued;
            let full = format!(
                "{mark}{} {}: {} vs break point {}{}{}",
                side.name().to_uppercase(),
                setup.label(side),
                army_line(&s.armies[side as usize].points, cards),
                a.break_point,
                if shown.is_empty() {
                    String::new()
                } else {
                    format!(", revealed {}", shown.join("+"))
                },
                if fatigued { ", Fatigued" } else { "" }
            );
            // narrow: Fatigue and the revealed values first, so no cut loses them
            let line = if full.chars().count() <= width as usize {
                full
            } else {
                let p = s.armies[side as usize].points;
                let setbacks = cards
                    .iter()
                    .filter(|c| c.kind == crate::battle::homunculus_est::event::CardKind::Setback)
                    .count();
                format!(
                    "{mark}{} {}{}: {}S {}D{} of BP {}; A{} M{} D{} S{} G{}",
                    side.name().to_uppercase(),
                    setup.label(side),
                    if fatigued { ", Fatigued" } else { "" },
                    setbacks,
                    cards.len() - setbacks,
                    if shown.is_empty() {
                        String::new()
                    } else {
                        format!(" (seen {})", shown.join("+"))
                    },
                    a.break_point,
                    p.attack,
                    p.movement,
                    p.defence,
                    p.strategy,
                    p.generalship
                )
            };
            lines.push((line, bold));
            lines.push((
                format!(
                    "  {:<4}{:<w$} {:<4} {:<8} {:<7} {:<4}traits",
                    "id",
                    "unit",
                    "cls",
                    "CR/R/M/D",
                    "state",
                    "act",
                    w = if wide { 25 } else { 17 }
                ),
                Style::default().add_modifier(Modifier::DIM),
            ));
            for (i, u) in s.units[side as usize].iter().enumerate() {
                let chosen = self.focus == side && self.selected[side as usize] == i;
                let due = s
                    .due
                    .first()
                    .is_some_and(|d| d.unit.side == side && d.unit.index == i);
                lines.push((
                    format!(
                        "{}{}{}",
                        if chosen { "›" } else { " " },
                        if due { "!" } else { " " },
                        Self::row(
                            &format!("{}{}", side.name(), i + 1),
                            u,
                            &s.held
                                .iter()
                                .filter(|(h, _)| h.side == side && h.index == i)
                                .map(|(_, p)| *p)
                                .collect::<Vec<_>>(),
                            width,
                        )
                    ),
                    if chosen {
                        Style::default().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::default()
                    },
                ));
            }
        }
        lines
    }

    /// Draws the console.
    pub(super) fn render(&self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            buf.set_string(
                area.x,
                area.y,
                format!("Herald needs {MIN_WIDTH}x{MIN_HEIGHT}"),
                Style::default(),
            );
            return;
        }
        let s = self.battle.state();
        let setup = self.battle.setup();
        let w = area.width as usize;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let house = setup.house.summary();
        let head = format!(
            "{} - Homunculus Est! - turn {}, {}{}",
            self.name,
            s.turn,
            s.phase,
            if setup.house.is_default() {
                String::new()
            } else {
                format!(" - {house}")
            }
        );
        let put = |buf: &mut Buffer, y: u16, text: &str, style: Style| {
            // a status or walker line too long ends at a word, with `…` (the brief)
            let t = crate::tui::text::cut_words(text, w);
            buf.set_string(area.x, y, t, style);
        };
        put(buf, area.y, &head, bold);
        put(buf, area.y + 1, &self.walker_line(w), Style::default());
        let body = Rect {
            x: area.x,
            y: area.y + 2,
            width: area.width,
            height: area.height - 4,
        };
        if self.help {
            let lines: Vec<Line> = HELP.iter().map(|l| Line::from(*l)).collect();
            Paragraph::new(wrap(lines, w)).render(body, buf);
        } else if let Some(p) = &self.panel {
            self.render_panel(p, body, buf);
        } else {
            let mut lines = self.tables(area.width >= 110, area.width);
            let room = body.height as usize;
            if lines.len() > room {
                // keep the selected row in view
                let sel = lines
                    .iter()
                    .position(|(t, _)| t.starts_with('›'))
                    .unwrap_or(0);
                let from = sel
                    .saturating_sub(room.saturating_sub(2))
                    .min(lines.len() - room);
                let hidden = lines.len() - room;
                lines = lines.split_off(from);
                lines.truncate(room);
                if let Some(l) = lines.last_mut() {
                    *l = (
                        format!("  … {hidden} more rows: ↑↓ or a unit's number scrolls"),
                        Style::default().add_modifier(Modifier::DIM),
                    );
                }
            }
            for (i, (text, style)) in lines.iter().enumerate() {
                put(buf, body.y + i as u16, text, *style);
            }
        }
        if let Some(e) = self
            .battle
            .events()
            .len()
            .checked_sub(1)
            .and_then(|i| self.battle.entry(i))
        {
            put(
                buf,
                area.y + area.height - 2,
                &format!("last: {}", e.summary),
                Style::default(),
            );
        }
        let status = match &self.status {
            Some(st) => st.text.clone(),
            None => self.unsaved.clone().map_or(
                if let Some(p) = &self.panel {
                    match (p.result.is_some(), p.throws_dice()) {
                        (true, _) => "Enter goes on with the walker  Esc the tables  ↑↓ scroll  ? keys",
                        (false, true) => "Enter rolls (Herald's dice)  faces typed roll at the last  Esc closes  ? keys",
                        (false, false) => "Enter records  Esc closes  ? keys",
                    }
                    .to_string()
                } else {
                    "Enter next step  m c a s r activations  h call  e end phase  u U  l log  ? keys  q quit"
                        .to_string()
                },
                |u| format!("NOT SAVED: {u}"),
            ),
        };
        // a refusal is read whole, never cut (README: "the status line says
        // why"): a long one wraps upwards over the rows above the foot
        let style = Style::default().add_modifier(Modifier::REVERSED);
        let rows = if self.status.is_some() {
            wrap(vec![Line::from(status)], w)
        } else {
            // the keys' reminder is cut at a word, as ever: it keeps the last row
            vec![Line::from(crate::tui::text::cut_words(&status, w))]
        };
        let most = (area.height / 3).max(1) as usize;
        let shown = rows.len().min(most);
        for (i, row) in rows.into_iter().take(shown).enumerate() {
            let y = area.y + area.height - shown as u16 + i as u16;
            if shown > 1 {
                // the rows it takes over are cleared first
                buf.set_string(area.x, y, " ".repeat(w), Style::default());
            }
            buf.set_line(area.x, y, &row.style(style), area.width);
        }
    }

    /// A panel's title: the procedure, its unit and its section.
    fn title(&self, e: &Event) -> String {
        let n = |id| self.unit_name(id);
        match e {
            Event::Movement {
                unit, situation, ..
            } => format!(
                "{} Activation: {} (HE-13{})",
                if situation.charge {
                    "Charge"
                } else {
                    "Movement"
                },
                n(*unit),
                if situation.charge { ", HE-14" } else { "" }
            ),
            Event::Combat {
                attacker, defender, ..
            } => {
                format!(
                    "Combat: {} attacks {} (COMBAT ACTIVATION, HE-16 to HE-21)",
                    n(*attacker),
                    n(*defender)
                )
            }
            Event::Shooting {
                shooter, target, ..
            } => {
                format!(
                    "Shooting: {} shoots {} (HE-22, HE-23)",
                    n(*shooter),
                    n(*target)
                )
            }
            Event::PushBack { unit, .. } => format!("Push back: {} (PUSH BACK, HE-24)", n(*unit)),
            Event::FollowUp { unit, loser, .. } => {
                format!(
                    "Follow up: {} after {} (FOLLOW UP, HE-25)",
                    n(*unit),
                    n(*loser)
                )
            }
            Event::Discipline { unit, .. } => format!("Discipline Test: {} (HE-26)", n(*unit)),
            Event::Reform { unit, .. } => format!("Reform Activation: {} (HE-27)", n(*unit)),
            Event::FailedDiscipline { unit, .. } => {
                format!("FAILED DISCIPLINE OUTCOME: {} (HE-28)", n(*unit))
            }
            Event::FailedReform { unit, .. } => {
                format!("FAILED REFORM OUTCOME: {} (HE-29)", n(*unit))
            }
            Event::GeneralRisk { unit, .. } => {
                format!("Risk to the general of {} (HE-30)", n(*unit))
            }
            Event::Lines { unit, .. } => {
                format!("Skirmish and Reserve Lines: {} (HE-31)", n(*unit))
            }
            Event::Eagles { unit, .. } => format!("Lost Eagles: {} (HE-32)", n(*unit)),
            Event::DrawCard { .. } => {
                "A card drawn, face down (SETBACK AND DISASTER CARDS, HE-10)".to_string()
            }
            Event::Call { .. } => "\"Homunculus Est!\" (HE-12)".to_string(),
            Event::Rout { unit, .. } => format!(
                "The rout's move: {} (FAILED DISCIPLINE OUTCOME, HE-28)",
                n(*unit)
            ),
            Event::Manoeuvre { unit, .. } => format!("Manoeuvre Test: {} (HE-15)", n(*unit)),
            Event::Discard { .. } => "A revealed card discarded after a call (HE-12)".to_string(),
            Event::Points { .. } => "Command Points (HE-8)".to_string(),
            Event::WhoStarts { .. } => "Who starts: each player rolls 1D6 (HE-5.2)".to_string(),
            Event::ImmediateCheck { side } => format!(
                "The immediate \"Homunculus Est!\" on player {}'s army: his general was killed (RISK TO GENERALS, HE-12)",
                side.name()
            ),
            other => other.kind().replace('_', " "),
        }
    }

    /// A recorded result's lines: its dice, summary, what changed and why.
    fn result_lines(
        &self,
        p: &Panel,
        entry: &crate::battle::homunculus_est::Entry,
    ) -> Vec<Line<'static>> {
        let t = &self.theme;
        let mut lines = Vec::new();
        for r in &entry.rolls {
            let faces: Vec<String> = r.dice.white.iter().map(|d| d.to_string()).collect();
            if !faces.is_empty() {
                lines.push(Line::from(format!(
                    "Dice of {}: {}",
                    r.who,
                    faces.join(" ")
                )));
            }
        }
        lines.push(Line::from(Span::styled(entry.summary.clone(), t.warn())));
        if !entry.effects.is_empty() {
            lines.push(Line::from(Span::styled("What changed", t.title())));
            for fx in &entry.effects {
                lines.push(Line::from(format!("  {}", fx.text)));
            }
        }
        // a drawn card's value stays hidden from the opponent (HE-10)
        let card = entry.summary.contains(" draws a ");
        if !matches!(p.event, Event::DrawCard { .. })
            && !card
            && !entry.explanation.lines.is_empty()
        {
            lines.extend(explanation(t, &entry.explanation));
        }
        lines
    }

    fn render_panel(&self, p: &Panel, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let w = area.width as usize;
        let title = Line::from(Span::styled(self.title(&p.event), t.title()));
        if let (Some(prev), true) = (&p.previous, p.show_previous) {
            // the result before this step, whole (Tab goes back to the step)
            let mut lines = vec![Line::from(Span::styled(
                "The result just recorded (Tab: back to the step it forces)",
                t.title(),
            ))];
            lines.extend(self.result_lines(p, prev));
            lines.push(Line::from(vec![
                Span::styled("Next: ", t.title()),
                Span::raw(self.title(&p.event)),
            ]));
            let lines = wrap(lines, w);
            Paragraph::new(lines).render(area, buf);
            return;
        }
        if let Some(entry) = &p.result {
            let mut lines = vec![title];
            lines.extend(self.result_lines(p, entry));
            lines.push(Line::from(vec![
                Span::styled("Now: ", t.title()),
                Span::raw(self.walker_words()),
            ]));
            let lines = wrap(lines, w);
            let most = (lines.len() as u16).saturating_sub(area.height);
            Paragraph::new(lines)
                .scroll((p.scroll.min(most), 0))
                .render(area, buf);
            return;
        }
        let mut top = Vec::new();
        if let Some(prev) = &p.previous {
            // the result just recorded, in short, over the step it forces
            top.push(Line::from(vec![
                Span::styled("Done: ", t.title()),
                Span::styled(prev.summary.clone(), t.warn()),
            ]));
            for fx in prev.effects.iter().take(3) {
                top.push(Line::from(format!("  {}", fx.text)));
            }
            top.push(Line::from(Span::styled(
                "  Tab: the whole result (dice, why)",
                t.dim(),
            )));
        }
        top.push(title);
        if let Some(higher) = p.first_choice
            && let Event::WhoStarts { a, b, .. } = p.event
        {
            top.push(Line::from(Span::styled(
                format!("Dice: player a {a}, player b {b}"),
                t.warn(),
            )));
            top.push(Line::from(Span::styled(
                format!(
                    "Player {} rolled higher and chooses who is the first player: a or b (Enter: himself) (HE-5.2)",
                    higher.name()
                ),
                t.key(),
            )));
        }
        if let Some(faces) = &p.choose {
            let shown: Vec<String> = faces.iter().map(u8::to_string).collect();
            let best = match &p.event {
                Event::Combat {
                    attacker,
                    defender,
                    facts: f,
                    situation,
                    ..
                } => {
                    let st = self.battle.state();
                    match (st.combat_side(*attacker, &f[0]), st.combat_side(*defender, &f[1])) {
                        // one die, equal ratings: nothing to choose, only to keep or re-roll (HE-8, HE-17)
                        (Ok(_), Ok(_)) if faces.len() == 1 => Some(
                            "equal ratings: one Combat die, nothing to choose; its player keeps it or re-rolls it (HE-17, HE-8)"
                                .to_string(),
                        ),
                        (Ok(a), Ok(d)) => Combat::plan(&a, &d, *situation).ok().map(|plan| {
                            format!(
                                "the {} chooses (HE-17); the odds' best pick, its cancel weighed: {}",
                                plan.chooser,
                                crate::odds::homunculus_est::best_pick(&plan, faces)
                            )
                        }),
                        _ => None,
                    }
                }
                Event::Shooting {
                    shooter,
                    target,
                    situation,
                    ..
                } => {
                    let st = self.battle.state();
                    match (st.unit(*shooter), st.unit(*target)) {
                        (Ok(s), Ok(tg)) => crate::rules::homunculus_est::shooting::Shooting::plan(
                            s,
                            tg,
                            self.battle.setup().shooting(situation),
                        )
                        .ok()
                        .map(|plan| {
                            format!(
                                "the shooter chooses (HE-22); the odds' best pick, conversions and cancel weighed: {}",
                                plan.best_pick(faces)
                            )
                        }),
                        _ => None,
                    }
                }
                _ => None,
            };
            let rerolled =
                matches!(&p.event, Event::Combat { situation, .. } if situation.attack_rerolls > 0);
            top.push(Line::from(Span::styled(
                format!(
                    "Dice {}: {}",
                    if rerolled {
                        "re-rolled with an Attack Point"
                    } else {
                        "rolled"
                    },
                    shown.join(" ")
                ),
                t.warn(),
            )));
            if let Some(b) = best {
                top.push(Line::from(b));
            }
            if let Some(left) = self.attack_rerolls_left(&p.event) {
                top.push(Line::from(Span::styled(
                    format!(
                        "A: an Attack Point re-rolls all the Combat dice before the choice ({left} left) (COMMAND POINTS, HE-8, HE-17)"
                    ),
                    t.key(),
                )));
            }
            let rest =
                super::prompt::dice_words(self.battle.state(), self.battle.setup(), &p.event);
            top.push(Line::from(Span::styled(
                format!(
                    "{}; then {}",
                    if faces.len() == 1 {
                        "Enter (or its face) keeps it"
                    } else {
                        "Type the face chosen (Herald never chooses)"
                    },
                    if p.left.is_some() {
                        format!("the dice typed go on: {rest}")
                    } else {
                        format!("Herald rolls {rest}")
                    }
                ),
                t.key(),
            )));
        }
        if let Some(offers) = &p.reroll {
            let shown: Vec<String> = crate::battle::homunculus_est::dice::faces(&p.event)
                .iter()
                .map(u8::to_string)
                .collect();
            top.push(Line::from(Span::styled(
                format!("Dice: {}: the test fails", shown.join(" ")),
                t.warn(),
            )));
            let words: Vec<&str> = offers
                .iter()
                .map(|r| match r {
                    TestReroll::Brave => "b a Brave re-roll (once a game, free)",
                    TestReroll::DefencePoint => "d a Defence Point re-roll (HE-8)",
                    TestReroll::Heroic => "h a Heroic re-roll (once a game, free)",
                })
                .collect();
            top.push(Line::from(Span::styled(
                format!(
                    "Its player may re-roll: {}; Enter accepts the failure (HE-26, HE-27)",
                    words.join(", ")
                ),
                t.key(),
            )));
        }
        if let (Some(text), true) = (&p.typing, p.unseen) {
            let side = match &p.event {
                Event::Discipline { unit, .. } | Event::Reform { unit, .. } => unit.side.name(),
                _ => "?",
            };
            top.push(Line::from(Span::styled(
                format!(
                    "A natural 12: player {side} removes one unseen Setback Card of his choice (HE-10)"
                ),
                t.warn(),
            )));
            top.push(Line::from(vec![
                Span::styled("The value on the card he gives up, then Enter: ", t.key()),
                Span::raw(format!("{text}_")),
            ]));
        } else if let Some(text) = &p.typing {
            let words =
                super::prompt::dice_words(self.battle.state(), self.battle.setup(), &p.event);
            top.push(Line::from(vec![
                Span::styled(
                    format!(
                        "The players' dice, in the order rolled: {words} (rolled once all are in): "
                    ),
                    t.key(),
                ),
                Span::raw(format!("{text}_")),
            ]));
            if let (Some((pool, need)), false) = (&p.short, text.is_empty()) {
                top.push(Line::from(Span::styled(
                    format!(
                        "still to type: {need} {pool} {}",
                        if *need == 1 { "die" } else { "dice" }
                    ),
                    t.dim(),
                )));
            }
        } else if p.throws_dice()
            && p.choose.is_none()
            && p.reroll.is_none()
            && p.first_choice.is_none()
        {
            // issue 34 item 8: how many dice of which kind, in the order the rules
            // draw them, said before the first face is typed (HE-1)
            let words =
                super::prompt::dice_words(self.battle.state(), self.battle.setup(), &p.event);
            top.push(Line::from(Span::styled(
                format!("Its dice, in the order rolled: {words}"),
                t.dim(),
            )));
        }
        if let Some(e) = &p.error {
            top.push(Line::from(Span::styled(e.clone(), t.bad())));
        }
        let top = wrap(top, w);
        let head = (top.len() as u16).min(area.height);
        Paragraph::new(top).render(
            Rect {
                height: head,
                ..area
            },
            buf,
        );
        if p.choose.is_some() || p.reroll.is_some() || p.first_choice.is_some() {
            return;
        }
        let rest = Rect {
            y: area.y + head,
            height: area.height - head,
            ..area
        };
        let facts = p.facts(&self.battle);
        let st = self.battle.state();
        let setup = self.battle.setup();
        // a long list scrolls: say so on its heading (the rows the body gives the facts)
        let rows = if rest.width >= 110 {
            rest.height as usize
        } else {
            (facts.len() as u16 + 1).min(rest.height / 2).max(2) as usize
        }
        .saturating_sub(1);
        let scrolls = !facts.is_empty() && facts.len() > rows;
        facts_view::body(t, &facts, Some(p.form.field), rest, buf, || {
            let mut lines = vec![Line::from(Span::styled(
                "Before the roll (exact odds)",
                t.title(),
            ))];
            match odds::lines(st, setup, &p.event) {
                Ok(v) => lines.extend(v.into_iter().map(Line::from)),
                Err(e) => lines.push(Line::from(Span::styled(e, t.bad()))),
            }
            lines
        });
        if scrolls {
            let hint = format!(" ↑↓ scrolls: {rows} of {} facts shown", facts.len());
            let x = rest.x + 42;
            if x + 10 < rest.x + rest.width {
                let room = (rest.x + rest.width - x) as usize;
                let hint: String = hint.chars().take(room).collect();
                buf.set_string(x, rest.y, hint, t.dim());
            }
        }
        let _ = facts::words::<crate::rules::homunculus_est::Pool>;
    }
}
