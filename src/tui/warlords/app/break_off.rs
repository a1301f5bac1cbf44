//! Breaking off from Melee (2.4.8) from a unit's activation: the opponent
//! to break off from, "only a supporting unit", and what the rules say
//! before the roll. The roll itself is the panel's, recorded as one
//! `break_off` event, which is the unit's activation and parts the pair.

use super::App;
use crate::battle::UnitId;
use crate::rules::warlords::movement::{break_off_case, may_break_off};
use crate::tui::warlords::dialog::{Dialog, Procedure, Resolve};

impl App {
    /// The unit of the open activation (before its roll) when it is in
    /// Melee, and the opponents `break_off_case` allows it to break off from.
    pub fn break_off_offered(&self) -> Option<(UnitId, Vec<UnitId>)> {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { unit, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return None;
        };
        let opponents = self.battle.in_melee_with(*unit);
        if opponents.is_empty() {
            return None;
        }
        let u = &self.battle.unit(*unit)?.unit;
        may_break_off(u).ok()?; // 2.4.10: a Berserk unit stays in Melee
        let allowed = opponents
            .into_iter()
            .filter(|o| {
                self.battle
                    .unit(*o)
                    .is_some_and(|o| break_off_case(u, &o.unit, false).is_ok())
            })
            .collect();
        Some((*unit, allowed))
    }

    /// How many Melee opponents the open break-off can choose from.
    pub fn break_off_opponents(&self) -> usize {
        match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure: Procedure::BreakOff { opponents, .. },
                rolled: None,
                ..
            })) => opponents.len(),
            _ => 0,
        }
    }

    /// b on an activation: the break-off panel, on the first opponent the
    /// rules allow (or the first, with the rules' refusal shown).
    pub(super) fn open_break_off(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Activation { unit, situation },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let unit = *unit;
        // 3.1.2, W-4, W-31: the activation's Expert tactician fact counts
        // in the break-off's activation roll too.
        let tactician = situation.tactician_in_sight;
        let opponents = self.battle.in_melee_with(unit);
        if opponents.is_empty() {
            return self.set_resolve_error(format!(
                "{} is not in Melee: only a unit in contact may break off (2.4.8); e on the tables pairs units",
                self.name(unit)
            ));
        }
        if let Some(u) = self.battle.unit(unit)
            && let Err(why) = may_break_off(&u.unit)
        {
            return self.set_resolve_error(why);
        }
        let allowed = self
            .break_off_offered()
            .and_then(|(_, a)| a.first().copied());
        let opponent = allowed
            .and_then(|a| opponents.iter().position(|o| *o == a))
            .unwrap_or(0);
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::BreakOff {
                unit,
                opponents,
                opponent,
                supporting: false,
                tactician,
            })));
    }

    /// The open break-off's opponent and supporting flag, before the roll.
    fn break_off_mut(&mut self) -> Option<(&mut usize, usize, &mut bool)> {
        match self.dialogs.last_mut() {
            Some(Dialog::Resolve(Resolve {
                procedure:
                    Procedure::BreakOff {
                        opponents,
                        opponent,
                        supporting,
                        ..
                    },
                rolled: None,
                error,
                ..
            })) => {
                *error = None;
                Some((opponent, opponents.len(), supporting))
            }
            _ => None,
        }
    }

    /// o: the next Melee opponent to break off from.
    pub(super) fn next_opponent(&mut self) {
        if let Some((at, n, _)) = self.break_off_mut() {
            *at = (*at + 1) % n.max(1);
        }
    }

    /// s: it is only a supporting unit (2.4.8), or not.
    pub(super) fn only_supporting(&mut self) {
        if let Some((_, _, s)) = self.break_off_mut() {
            *s = !*s;
        }
    }
}
