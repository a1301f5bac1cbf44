//! Undo and redo: a step the referee took with one key is taken back with one.

use super::App;
use crate::battle::warlords::Event;
use crate::tui::warlords::dialog::{Dialog, Procedure};

impl App {
    /// Whether the event at `at` was recorded by the same key as the one before it.
    pub(super) fn is_joined(&self, at: usize, event: &Event) -> bool {
        self.joined.iter().any(|(i, e)| *i == at && e == event)
    }

    /// Takes back the last step: every event its one key recorded.
    pub(super) fn undo(&mut self) {
        // A half-done step under an activation's result: undo goes back to
        // the unit's choices, not past its activation.
        let activation = self.dialogs.iter().rev().find_map(|d| match d {
            Dialog::Resolve(r)
                if matches!(r.procedure, Procedure::Activation { .. }) && r.rolled.is_some() =>
            {
                Some(r.clone())
            }
            _ => None,
        });
        // A declared charge before its move (2.4.4): undoing an answer or a
        // shot at the charger goes back to it, the charge still declared.
        // Its contact question too: undoing the charge move goes back to it.
        let charge = self.dialogs.iter().rev().find_map(|d| match d {
            Dialog::Resolve(r) if matches!(r.procedure, Procedure::Charge { .. }) => {
                let mut r = r.clone();
                r.rolled = None;
                Some(r)
            }
            _ => None,
        });
        // An open Melee panel, before its roll, with the record's facts now.
        let melee = match self.dialogs.last() {
            Some(Dialog::Resolve(r))
                if r.rolled.is_none() && matches!(r.procedure, Procedure::Melee { .. }) =>
            {
                match &r.procedure {
                    Procedure::Melee { a, b, .. } => {
                        let (fa, fb, _) = self.melee_defaults_of(*a, *b);
                        Some((r.clone(), (fa, fb)))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let mut only_supports = true;
        // The cursor goes back where it was when this step is redone; a
        // step recorded since the last undo ended the redo chain.
        if self.battle.undone().is_empty() {
            self.cursor_before_undo.clear();
        }
        let cursor = (self.focus, self.selected);
        self.dialogs.clear();
        // Each event named as the log names it (its summary), never its code.
        let mut kinds: Vec<String> = Vec::new();
        loop {
            let at = self.battle.events().len().saturating_sub(1);
            let said = self
                .battle
                .last_entry()
                .map(|e| e.summary.clone())
                .unwrap_or_default();
            let Some(e) = self.battle.undo() else { break };
            let e = e.clone();
            only_supports &= matches!(e, Event::Support { .. });
            kinds.push(said);
            if !(at > 0 && self.is_joined(at, &e)) {
                break;
            }
        }
        let left = self.battle.events().len();
        if let Some(mut r) = activation
            && let Some(x) = &mut r.rolled
            && x.entry < left
            && !kinds.is_empty()
        {
            let keep = x.marks.iter().take_while(|m| **m <= left).count();
            x.chosen.truncate(keep);
            x.notes.truncate(keep);
            x.marks.truncate(keep);
            r.error = None;
            r.scroll = 0;
            self.dialogs.push(Dialog::Resolve(r));
        }
        if let Some(mut r) = charge
            && !kinds.is_empty()
            && let Procedure::Charge {
                unit,
                target,
                response,
                answered,
                shots,
                ..
            } = &mut r.procedure
            && self
                .battle
                .unit(*unit)
                .and_then(|u| u.charge)
                .is_some_and(|c| c.target == *target && !c.contact && !c.stopped)
        {
            // What the undone events did to it goes with them.
            if *answered > left {
                *response = None;
                *answered = 0;
            }
            shots.retain(|(at, _)| *at <= left);
            r.error = None;
            r.scroll = 0;
            self.dialogs.push(Dialog::Resolve(r));
            // A shot at the charger undone: its activation's result, with
            // the shot offered again (2.4.4, docs/console.md).
            self.reopen_shot_at_charger();
        }
        // 2.6: a support taken back from the open Melee leaves it, with its
        // dice and modifiers; the panel stays open.
        if let Some((panel, was)) = melee
            && only_supports
            && !kinds.is_empty()
        {
            self.reopen_melee(panel, was);
        }
        if !kinds.is_empty() {
            self.cursor_before_undo.push(cursor);
        }
        match kinds.len() {
            0 => self.refuse("nothing to undo"),
            1 => self.say(format!("undone: {}; U redoes it", kinds[0])),
            n => {
                kinds.reverse();
                self.say(format!(
                    "undone: the last step, {n} events ({}); U redoes it",
                    kinds.join("; ")
                ))
            }
        }
        if self.dialogs.is_empty() {
            self.follow_walker();
        }
    }

    /// Applies again the last step taken back, with its recorded dice.
    pub(super) fn redo(&mut self) {
        // A charge's panel open before its move (undo left it so) comes
        // back with what is redone (2.4.4.1): the answer, the shots.
        let charge = self.dialogs.iter().any(|d| {
            matches!(d, Dialog::Resolve(r) if r.rolled.is_none() && matches!(r.procedure, Procedure::Charge { .. }))
        });
        self.dialogs.clear();
        let mut summaries: Vec<String> = Vec::new();
        loop {
            match self.battle.redo() {
                Ok(Some(e)) => summaries.push(e.summary.clone()),
                Ok(None) => break,
                Err(e) => {
                    self.refuse(format!("cannot redo: {e}"));
                    return self.follow_walker();
                }
            }
            let at = self.battle.events().len();
            let joined = self
                .battle
                .undone()
                .last()
                .is_some_and(|next| self.is_joined(at, next));
            if !joined {
                break;
            }
        }
        if summaries.is_empty() {
            self.refuse("nothing to redo");
        } else {
            self.say(format!("redone: {}", summaries.join("; ")));
        }
        // A charge move redone: its contact question, which followed it, is
        // back (2.4.4.1, W-25).
        let moved = matches!(
            self.battle.events().last(),
            Some(Event::RandomMove {
                toward: Some(_),
                ..
            })
        );
        if charge || moved {
            self.resume_charge();
        }
        // The cursor where it stood before the undo: undo then redo is the
        // identity (the monkey, seed 300).
        match self
            .cursor_before_undo
            .pop()
            .filter(|_| !summaries.is_empty())
        {
            Some((focus, selected)) => {
                self.focus = focus;
                self.selected = selected;
            }
            None => self.follow_walker(),
        }
    }
}
