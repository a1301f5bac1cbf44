//! The footer: the keys that work now, from the keymap; and the status line.

use crate::tui::warlords::action::{Action, Choice};
use crate::tui::warlords::app::App;
use crate::tui::warlords::keymap::{self, Context};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Whether a hinted action does something now (the footer shows only those).
fn works(app: &App, context: Context, action: Action) -> bool {
    match action {
        // W-27: once the unit has made its one choice, no other is offered.
        Action::Choose(c) => {
            context == Context::Pursue
                || ((app.allowed(c).is_some()
                    // 3.1.2: the Aggressive +1 added after the roll, to charge.
                    || (c == Choice::Charge && app.aggressive_unsaid()))
                    && !app.has_chosen())
        }
        // 2.3.1.2–2.3.1.4: only the formations the unit may take are offered.
        Action::PickFormation(f) => match app.dialogs.last() {
            Some(crate::tui::warlords::dialog::Dialog::Formation(p)) => app
                .battle
                .unit(p.unit)
                .is_some_and(|u| crate::rules::warlords::next::may_form(&u.unit, f).is_ok()),
            _ => true,
        },
        // 3.3.3.4: "Only units equipped with pavises may deploy them."
        Action::PavisesToggle => match app.dialogs.last() {
            Some(crate::tui::warlords::dialog::Dialog::Formation(p)) => {
                p.pavises
                    || app.battle.unit(p.unit).is_some_and(|u| {
                        crate::rules::warlords::next::may_deploy_pavises(&u.unit).is_ok()
                    })
            }
            _ => true,
        },
        Action::Undo => !app.battle.events().is_empty(),
        Action::Redo => !app.battle.undone().is_empty(),
        Action::Back => context != Context::Tables,
        Action::BreakOff => app.break_off_offered().is_some(),
        Action::Answer(a) => app.answer_offered(a),
        // 2.4.4.2: no move is rolled when the two meet halfway.
        Action::TypeDice if context == Context::Charge => !app.charge_meets_halfway(),
        Action::NextOpponent => app.break_off_opponents() > 1,
        // W-32: a shot's personalities list only orders them; no stands to mark.
        Action::ToggleLine => !matches!(
            app.dialogs.last(),
            Some(crate::tui::warlords::dialog::Dialog::HitStands(h)) if h.order_of.is_some()
        ),
        // No `1 next step` when the Melee offers none.
        Action::NextStep(i) => matches!(
            app.dialogs.last(),
            Some(crate::tui::warlords::dialog::Dialog::Resolve(r))
                if r.rolled.as_ref().is_some_and(|x| x.next.len() > i)
        ),
        _ => true,
    }
}

/// Draws the key hints that fit, always ending with `? help`; the keys
/// whose words do not fit are still shown, by their key alone, after
/// `also` (80 columns: every key the panel takes stays in sight, issue 24).
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let context = app.context();
    let mut spans: Vec<Span> = Vec::new();
    // 2.2.1, 2.2.2: on a fleeing Broken unit's success Enter keeps it fleeing.
    let fleeing = context == Context::AfterRoll && app.enter_keeps_fleeing();
    // 2.4.7, 2.4.4, 2.4.4.2: a reaction's Enter makes the answer its roll allows.
    let answer = app
        .enter_answers()
        .filter(|_| context == Context::AfterRoll);
    let hint = |b: &keymap::Binding| match (b.action, answer) {
        (Action::Advance, _) if fleeing => "keeps fleeing",
        (Action::Advance, Some(Choice::Evade)) => "evade",
        (Action::Advance, Some(Choice::Shoot)) => "shoot",
        (Action::Advance, Some(Choice::Charge)) => "counter-charge",
        (Action::Roll, _) if context == Context::Charge && app.charge_meets_halfway() => {
            "in Melee (no roll)"
        }
        _ => b.hint,
    };
    let width = |b: &keymap::Binding| b.key.label().chars().count() + hint(b).chars().count() + 3;
    let hints: Vec<&keymap::Binding> = keymap::hints(context)
        .filter(|b| b.action != Action::Help && works(app, context, b.action))
        .collect();
    // Undo and quit are always in sight, whatever else must go (80 columns).
    let kept = |b: &keymap::Binding| matches!(b.action, Action::Undo | Action::Quit);
    let room = (area.width as usize).saturating_sub(8);
    // The keys shown with their words: as many as fit beside the short
    // list of the others' keys.
    let short = |dropped: &[&keymap::Binding]| {
        if dropped.is_empty() {
            0
        } else {
            5 + dropped
                .iter()
                .map(|b| b.key.label().chars().count() + 1)
                .sum::<usize>()
                + 1
        }
    };
    let mut worded: Vec<bool> = hints.iter().map(|_| true).collect();
    loop {
        let used: usize = hints
            .iter()
            .zip(&worded)
            .filter(|(_, w)| **w)
            .map(|(b, _)| width(b))
            .sum();
        let dropped: Vec<&keymap::Binding> = hints
            .iter()
            .zip(&worded)
            .filter(|(_, w)| !**w)
            .map(|(b, _)| *b)
            .collect();
        if used + short(&dropped) <= room {
            break;
        }
        // Drop the words of the last hint still worded (undo and quit kept).
        match (0..hints.len())
            .rev()
            .find(|&i| worded[i] && !kept(hints[i]))
        {
            Some(i) => worded[i] = false,
            None => break,
        }
    }
    let mut dropped = Vec::new();
    for (b, w) in hints.iter().zip(&worded) {
        if *w {
            spans.push(Span::styled(b.key.label(), t.key()));
            spans.push(Span::raw(format!(" {}  ", hint(b))));
        } else {
            dropped.push(*b);
        }
    }
    if !dropped.is_empty() {
        spans.push(Span::styled("also ", t.dim()));
        for b in dropped {
            spans.push(Span::styled(b.key.label(), t.key()));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::raw(" "));
    }
    if context.passes_on() {
        spans.push(Span::styled("?", t.key()));
        spans.push(Span::raw(" help"));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// Rows the status takes on a screen of `width` × `height`: two when its
/// words do not fit in one, so no word is cut (PLAY.md); one under an
/// open panel on a short screen (80×24), which reaches down to it: there
/// it is cut at a word's end.
pub fn status_rows(app: &App, width: u16, height: u16) -> u16 {
    if !app.dialogs.is_empty() && height < 30 {
        return 1;
    }
    match status_line(app) {
        Some(l) if l.width() > width as usize => 2,
        _ => 1,
    }
}

/// Draws the latest message, refusals marked; while a save fails, that
/// it fails, whatever else happened. Words wrap onto the rows it has; a
/// message longer still is cut at a word's end.
pub fn status(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(line) = status_line(app) else {
        return;
    };
    let width = area.width as usize;
    let mut rows = crate::tui::text::wrap(vec![line], width);
    let keep = (area.height as usize).max(1);
    if rows.len() > keep {
        let rest: Vec<Span<'static>> = rows[keep - 1..]
            .iter()
            .flat_map(|l| std::iter::once(Span::raw(" ")).chain(l.spans.iter().cloned()))
            .skip(1)
            .collect();
        rows.truncate(keep - 1);
        rows.push(crate::tui::text::cut_line(Line::from(rest), width));
    }
    Paragraph::new(rows).render(area, buf);
}

/// The latest message as one line, or that the save fails.
fn status_line(app: &App) -> Option<Line<'static>> {
    let t = &app.theme;
    if let Some(why) = &app.unsaved {
        let line = Line::from(vec![
            Span::styled("! NOT SAVED ", t.bad()),
            Span::styled(
                format!(
                    "{} change(s) are not on disk: {why}. Herald keeps trying; q to write them elsewhere",
                    app.battle.unsaved().len()
                ),
                t.warn(),
            ),
        ]);
        return Some(line);
    }
    let s = app.status.as_ref()?;
    let line = if s.error {
        Line::from(vec![
            Span::styled("! ", t.bad()),
            Span::styled(s.text.clone(), t.warn()),
        ])
    } else {
        Line::from(vec![
            // No mark beside an open dialog, where it would point at nothing.
            Span::styled(if app.dialogs.is_empty() { "› " } else { "  " }, t.good()),
            Span::raw(s.text.clone()),
        ])
    };
    Some(line)
}
