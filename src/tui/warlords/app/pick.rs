//! Pickers and tables reached fast: a picker starts on the likely unit (the
//! enemy in contact, the one that charged, else the one opposite in the
//! tables' order) and says why; a unit's id typed (`b10`, `10`) puts the
//! cursor or the selection on it.

use super::App;
use crate::battle::UnitId;
use crate::rules::Side;
use crate::rules::warlords::falling_back::FellInto;
use crate::tui::warlords::dialog::{Dialog, PickFor};

impl App {
    /// Where a picker for `purpose` (opened by `of`) starts, and why.
    pub(super) fn likely(
        &self,
        of: UnitId,
        purpose: PickFor,
        choices: &[UnitId],
    ) -> (usize, String) {
        let at = |id: UnitId| choices.iter().position(|c| *c == id);
        let enemies = matches!(
            purpose,
            PickFor::Shoot(_) | PickFor::Charge(_) | PickFor::Engage(_)
        );
        if enemies {
            // In contact with it (2.6), then the one that charged it this turn (2.4.4).
            if let Some(i) = self.battle.in_melee_with(of).into_iter().find_map(at) {
                return (i, "in Melee with it".to_string());
            }
            let charged_it = self
                .battle
                .units(of.side.other())
                .find(|(_, u)| u.charge.as_ref().is_some_and(|c| c.target == of))
                .and_then(|(id, _)| at(id));
            if let Some(i) = charged_it {
                return (i, "it charged".to_string());
            }
        }
        // A charger is shot at by the unit it charges first (2.5.4), else its neighbours.
        let near = match purpose {
            PickFor::ShootAtCharger(c) => self
                .battle
                .unit(c)
                .and_then(|u| u.charge.as_ref())
                .map_or(of, |m| m.target),
            _ => of,
        };
        if let Some(i) = at(near) {
            return (i, "the unit charged".to_string());
        }
        let Some(i) = (0..choices.len()).min_by_key(|&i| choices[i].index.abs_diff(near.index))
        else {
            return (0, String::new());
        };
        let why = if choices[i].side == near.side {
            "the nearest in the table".to_string()
        } else {
            format!("opposite {near}")
        };
        (i, why)
    }

    /// A key of a unit's id typed in a picker (`b`, `1`, `0`): the cursor
    /// goes to the unit the id names so far.
    pub(super) fn pick_typed(&mut self, c: char) {
        let Some(Dialog::Pick(p)) = self.dialogs.last_mut() else {
            return;
        };
        let side = p.choices.first().map_or(Side::B, |u| u.side);
        let found = |typed: &str| -> Option<usize> {
            let id = read_id(typed, side)?;
            p.choices.iter().position(|u| *u == id)
        };
        let longer = format!("{}{c}", p.typed);
        let (typed, line) = if c.is_ascii_alphabetic() {
            (c.to_string(), None)
        } else if let Some(i) = found(&longer) {
            (longer, Some(i))
        } else {
            // A new id: the side letter kept, the digit starts the number.
            let letter: String = p
                .typed
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            let fresh = format!("{letter}{c}");
            let i = found(&fresh);
            (fresh, i)
        };
        p.typed = typed;
        if let Some(i) = line {
            p.line = i;
            let id = p.choices[i];
            if p.purpose != PickFor::OffTable {
                self.selected[id.side as usize] = id.index;
            }
        } else if !p.typed.chars().all(|c| c.is_ascii_alphabetic()) {
            let typed = p.typed.clone();
            self.refuse(format!("{typed}: no such unit to pick here"));
        }
    }

    /// A key of a unit's id typed in the fall-back form (`b`, `1`, `0`):
    /// the unit it ran into becomes the one the id names, among the units
    /// of the kind chosen (a friend, or an enemy); another is refused in
    /// the keys' words.
    pub(super) fn fall_back_typed(&mut self, c: char) {
        let Some(Dialog::FallBack(f)) = self.dialogs.last_mut() else {
            return;
        };
        if !f.into.needs_other() {
            f.typed.clear();
            return self.refuse(
                "a unit's id names the unit it ran into: first f (a friend), e or r (an enemy)",
            );
        }
        let friend = f.into == FellInto::Friend;
        // The side of the kind chosen, unless a letter names one.
        let side = if friend {
            f.unit.side
        } else {
            f.unit.side.other()
        };
        let longer = format!("{}{c}", f.typed);
        let exists = |typed: &str| read_id(typed, side).filter(|id| f.others.contains(id));
        let typed = if c.is_ascii_alphabetic() {
            c.to_ascii_lowercase().to_string()
        } else if exists(&longer).is_some() {
            longer
        } else {
            let letter: String = f
                .typed
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            format!("{letter}{c}")
        };
        f.typed = typed.clone();
        if typed.chars().all(|c| c.is_ascii_alphabetic()) {
            return;
        }
        match exists(&typed) {
            Some(id) if (id.side == f.unit.side) == friend => {
                f.other = f.others.iter().position(|o| *o == id).unwrap_or(f.other);
                self.status = None;
            }
            Some(id) => {
                let (is, keys) = if friend {
                    ("an enemy", "e or r")
                } else {
                    ("a friend", "f")
                };
                self.refuse(format!("{id} is {is}: {keys} first says it ran into {is}"));
            }
            None => self.refuse(format!("{typed}: no such unit on the table")),
        }
    }

    /// A digit typed on the tables: selects the unit of that number on the
    /// focused side (`1` then `0`: the tenth); `A` or `B` first names the
    /// side (`B10`: b10), which takes the focus.
    pub(super) fn jump_typed(&mut self, c: char) {
        if let Some(side) = match c {
            'A' | 'a' => Some(Side::A),
            'B' | 'b' => Some(Side::B),
            _ => None,
        } {
            self.focus = side;
            self.jump = side.name().to_string();
            self.status = None;
            return;
        }
        let side = self.focus;
        let exists = |n: &str| {
            read_id(n, side).filter(|id| self.battle.unit(*id).is_some_and(|u| !u.off_table()))
        };
        let longer = format!("{}{c}", self.jump);
        let (typed, id) = match exists(&longer) {
            Some(id) => (longer, Some(id)),
            None => (c.to_string(), exists(&c.to_string())),
        };
        self.jump = typed;
        match id {
            Some(id) => {
                self.select(id);
                self.status = None;
            }
            None => {
                let jump = self.jump.clone();
                self.refuse(format!("{}{jump}: no such unit on the table", side.name()));
            }
        }
    }
}

/// A unit id as typed: `b10` or `10` (on `side`), numbered from 1.
fn read_id(typed: &str, side: Side) -> Option<UnitId> {
    let (letter, number) = typed.split_at(typed.find(|c: char| c.is_ascii_digit())?);
    let side = match letter {
        "" => side,
        "a" | "A" => Side::A,
        "b" | "B" => Side::B,
        _ => return None,
    };
    let n: usize = number.parse().ok()?;
    (n >= 1).then(|| UnitId::new(side, n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_typed() {
        assert_eq!(read_id("b10", Side::A), Some(UnitId::new(Side::B, 9)));
        assert_eq!(read_id("3", Side::A), Some(UnitId::new(Side::A, 2)));
        assert_eq!(read_id("0", Side::A), None);
        assert_eq!(read_id("b", Side::A), None);
    }
}
