//! A referee's correction of a unit, field by field, and the formation picker.

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::{Correction, Event};
use crate::rules::warlords::next::Choice as RulesChoice;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::{Formation, Morale};
use crate::tui::warlords::action::Choice;
use crate::tui::warlords::dialog::{Correct, Dialog, Field, PickFor};

impl App {
    /// Records a correction of one unit; the battle checks it.
    pub(super) fn correct(&mut self, unit: UnitId, correction: Correction) -> Result<(), String> {
        self.battle
            .record(Event::Correct { unit, correction })
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Records the formation change picked (2.3.3), with its front rank and
    /// pavises (3.3.3.4), as the unit's one choice (W-27).
    pub(super) fn pick_formation(&mut self, f: Formation) {
        let Some(Dialog::Formation(pick)) = self.dialogs.last() else {
            return;
        };
        let pick = *pick;
        let Some(u) = self.battle.unit(pick.unit) else {
            return;
        };
        let files =
            (f != Formation::MarchColumn && pick.files != u.unit.files).then_some(pick.files);
        let pavises = (pick.pavises != u.unit.pavises_deployed).then_some(pick.pavises);
        let event = Event::Choose {
            unit: pick.unit,
            choice: RulesChoice::ChangeFormation,
            target: None,
            formation: Some(f),
            files,
            pavises,
        };
        match self.battle.record(event) {
            Ok(e) => {
                let summary = e.summary.clone();
                self.dialogs.pop();
                self.note_choice(
                    Choice::ChangeFormation,
                    format!("change formation (2.3.3): {summary}"),
                );
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// The correction form's fields for a unit as it stands.
    pub(super) fn fields(&self, id: UnitId) -> Vec<Field> {
        let Some(u) = self.battle.unit(id) else {
            return Vec::new();
        };
        let x = &u.unit;
        let mut f = vec![
            Field::Morale(x.morale),
            Field::Champions(x.champions),
            Field::Casualties(x.casualties),
            Field::Stands(x.stands),
            Field::Files(x.files),
            Field::Formation(x.formation),
            Field::Moving(x.moving),
            Field::Pavises(x.pavises_deployed),
            Field::Activated(u.activated),
            Field::Removed(u.removed),
        ];
        f.extend(
            x.personalities
                .iter()
                .map(|p| Field::Personality(p.name.clone(), p.status)),
        );
        f
    }

    pub(super) fn open_correction(&mut self, unit: UnitId) {
        let before = self.fields(unit);
        let line = self.likely_field(unit);
        self.dialogs.push(Dialog::Correct(Correct {
            unit,
            after: before.clone(),
            before,
            line,
            error: None,
        }));
    }

    /// The field a correction of `unit` most likely means: what the last
    /// event about it changed (a shot: casualty figures; a Melee or a stand
    /// lost: stands; a charge or move: moving; an activation: morale).
    fn likely_field(&self, unit: UnitId) -> usize {
        let field = self.battle.events().iter().rev().find_map(|e| match e {
            Event::Shooting { target, .. } if *target == unit => Some(2),
            Event::Melee { a, b, .. } if *a == unit || *b == unit => Some(3),
            Event::StandLoss { unit: u, .. } | Event::Flee { unit: u, .. } if *u == unit => Some(3),
            Event::Choose { unit: u, .. } | Event::RandomMove { unit: u, .. } if *u == unit => {
                Some(6)
            }
            Event::Correct {
                unit: u,
                correction,
            } if *u == unit => Some(match correction {
                Correction::Morale(_) => 0,
                Correction::Champions(_) => 1,
                Correction::Casualties(_) => 2,
                Correction::Stands(_) => 3,
                Correction::Files(_) => 4,
                Correction::Formation(_) => 5,
                Correction::Moving(_) => 6,
                Correction::Pavises(_) => 7,
                Correction::Activated(_) => 8,
                Correction::Removed(_) => 9,
                _ => 0,
            }),
            Event::Activation { unit: u, .. } if *u == unit => Some(0),
            _ => None,
        });
        field.unwrap_or(0)
    }

    /// A field's key in the correction form: the cursor goes to that field;
    /// pressed again, its value steps up (so one key changes a field).
    pub(super) fn field_key(&mut self, c: char) {
        let Some(Dialog::Correct(form)) = self.dialogs.last_mut() else {
            return;
        };
        let at = form
            .after
            .iter()
            .position(|f| field_key(f, &form.after) == Some(c));
        match at {
            Some(i) if i == form.line => self.value(1),
            Some(i) => {
                form.line = i;
                form.error = None;
            }
            None => form.error = Some(format!("no field of this unit has the key {c}")),
        }
    }

    pub(super) fn field(&mut self, delta: i64) {
        match self.dialogs.last_mut() {
            Some(Dialog::Correct(c)) => {
                let n = c.after.len() as i64;
                c.line = (c.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
            }
            Some(Dialog::Help { scroll } | Dialog::Reference { scroll, .. }) => {
                *scroll = scroll.saturating_add_signed(delta as i16);
            }
            Some(Dialog::GoTo(g)) => {
                let n = g.choices.len() as i64;
                g.line = (g.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
            }
            Some(Dialog::LostStand(l)) => {
                let n = l.names.len() as i64;
                l.line = (l.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
            }
            Some(Dialog::Pick(p)) => {
                let n = p.choices.len() as i64;
                p.line = (p.line as i64 + delta).clamp(0, (n - 1).max(0)) as usize;
                if let Some(&id) = p.choices.get(p.line)
                    && p.purpose != PickFor::OffTable
                {
                    self.selected[id.side as usize] = id.index;
                }
            }
            _ => {}
        }
    }

    pub(super) fn value(&mut self, delta: i64) {
        let Some(Dialog::Correct(c)) = self.dialogs.last_mut() else {
            return;
        };
        c.error = None;
        let Some(f) = c.after.get_mut(c.line) else {
            return;
        };
        let num = |n: &mut u32| *n = (i64::from(*n) + delta).clamp(0, 1000) as u32;
        match f {
            Field::Morale(m) => *m = cycle(MORALES, *m, delta),
            Field::Champions(n) | Field::Casualties(n) | Field::Stands(n) | Field::Files(n) => {
                num(n)
            }
            Field::Formation(x) => *x = cycle(FORMATIONS, *x, delta),
            Field::Moving(b) | Field::Pavises(b) | Field::Activated(b) | Field::Removed(b) => {
                *b = !*b
            }
            Field::Personality(_, s) => *s = cycle(STATUSES, *s, delta),
        }
    }

    /// Records every changed field of the correction form, in order.
    pub(super) fn apply_correction(&mut self) {
        let Some(Dialog::Correct(c)) = self.dialogs.last() else {
            return;
        };
        let unit = c.unit;
        let changes: Vec<Correction> = c
            .before
            .iter()
            .zip(&c.after)
            .filter(|(x, y)| x != y)
            .map(|(_, y)| match y.clone() {
                Field::Morale(m) => Correction::Morale(m),
                Field::Champions(n) => Correction::Champions(n),
                Field::Casualties(n) => Correction::Casualties(n),
                Field::Stands(n) => Correction::Stands(n),
                Field::Files(n) => Correction::Files(n),
                Field::Formation(f) => Correction::Formation(f),
                Field::Moving(b) => Correction::Moving(b),
                Field::Pavises(b) => Correction::Pavises(b),
                Field::Activated(b) => Correction::Activated(b),
                Field::Removed(b) => Correction::Removed(b),
                Field::Personality(name, status) => Correction::Personality { name, status },
            })
            .collect();
        if changes.is_empty() {
            self.dialogs.pop();
            return self.say("nothing changed");
        }
        let n = changes.len();
        for (i, correction) in changes.into_iter().enumerate() {
            if let Err(e) = self.correct(unit, correction) {
                let fields = self.fields(unit);
                if let Some(Dialog::Correct(c)) = self.dialogs.last_mut() {
                    c.error = Some(format!("{e} ({i} of {n} recorded)"));
                    c.before = fields;
                }
                return;
            }
        }
        self.dialogs.pop();
        let name = self.name(unit);
        self.say(format!(
            "corrected {name}: {n} change(s) recorded; u undoes them together"
        ));
        self.follow_walker();
    }
}

/// The key of a field in the correction form (personalities: 1, 2, … in order).
pub fn field_key(f: &Field, all: &[Field]) -> Option<char> {
    Some(match f {
        Field::Morale(_) => 'm',
        Field::Champions(_) => 'h',
        Field::Casualties(_) => 'c',
        Field::Stands(_) => 's',
        Field::Files(_) => 'f',
        Field::Formation(_) => 'o',
        Field::Moving(_) => 'v',
        Field::Pavises(_) => 'p',
        Field::Activated(_) => 'a',
        Field::Removed(_) => 'r',
        Field::Personality(..) => {
            let n = all
                .iter()
                .filter(|g| matches!(g, Field::Personality(..)))
                .position(|g| g == f)?;
            char::from_digit(n as u32 + 1, 10).filter(|_| n < 9)?
        }
    })
}

const MORALES: &[Morale] = &[
    Morale::Berserk,
    Morale::Ready,
    Morale::Worn,
    Morale::Broken,
    Morale::Dispersed,
];

const FORMATIONS: &[Formation] = &[
    Formation::Line,
    Formation::MarchColumn,
    Formation::Shieldwall,
    Formation::Wedge,
    Formation::Hedgehog,
    Formation::Unformed,
];

const STATUSES: &[PersonalityStatus] = &[
    PersonalityStatus::Active,
    PersonalityStatus::Wounded,
    PersonalityStatus::Captured,
    PersonalityStatus::Killed,
    PersonalityStatus::Escaped,
];

/// The next (or previous) value of a list, wrapping.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, delta: i64) -> T {
    let i = all.iter().position(|x| *x == now).unwrap_or(0) as i64;
    let n = all.len() as i64;
    all[(i + delta).rem_euclid(n) as usize]
}
