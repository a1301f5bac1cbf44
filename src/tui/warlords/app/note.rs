//! Notes and the turn's summary: a free-text note on a unit or on the turn
//! (a `note` event, saved and printed in the report), and what a turn did,
//! from the battle's summary.

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::Event;
use crate::battle::warlords::summary;
use crate::tui::warlords::dialog::Dialog;

impl App {
    /// Opens the note field, on `unit` or on the turn.
    pub(super) fn open_note(&mut self, unit: Option<UnitId>) {
        self.dialogs.push(Dialog::Note {
            unit,
            text: String::new(),
            error: None,
        });
    }

    /// A character of the note.
    pub(super) fn note_input(&mut self, c: char) {
        if let Some(Dialog::Note { text, error, .. }) = self.dialogs.last_mut()
            && text.chars().count() < 500
        {
            text.push(c);
            *error = None;
        }
    }

    /// Enter: records the note; the battle refuses an empty or too long one.
    pub(super) fn record_note(&mut self) {
        let Some(Dialog::Note { unit, text, .. }) = self.dialogs.last() else {
            return;
        };
        let unit = *unit;
        let recorded = Event::note(unit, text).and_then(|e| self.battle.record(e).map(|_| ()));
        match recorded {
            Ok(()) => {
                self.dialogs.pop();
                let on = unit.map_or("the turn".to_string(), |id| {
                    format!("{} ({id})", self.name(id))
                });
                self.say(format!("note on {on} recorded"));
            }
            Err(e) => {
                if let Some(Dialog::Note { error, .. }) = self.dialogs.last_mut() {
                    *error = Some(e.to_string());
                }
            }
        }
    }

    /// Shows what `turn` did (the turn just ended, or the one in play).
    pub(super) fn open_summary(&mut self, turn: u32) {
        let (lines, finished) = match summary::of_turn(&self.battle, turn) {
            Some(s) => (s.lines(self.battle.setup()), s.finished),
            None => (vec!["nothing has happened yet".to_string()], false),
        };
        self.dialogs.push(Dialog::Summary {
            turn,
            lines,
            finished,
        });
    }
}
