//! What shooting and field defences do to a charge under way: a charger
//! Halted on the way, or a counter-charger whose charger was Halted, no
//! longer counts as charging (2.4.4.1, 2.4.4.2); the counter-charger then
//! completes its movement as a Random Move out to its maximum distance
//! (2.4.4.2); a charge that stops at stakes, a tabor or a berm ends there
//! (3.3.3).

use super::State;
use crate::battle::BattleError;
use crate::battle::warlords::event::{Event, UnitId};
use crate::rules::warlords::charge::{ChargeMove, counts_as_charging};
use crate::rules::warlords::field_defences::Defence;

impl State {
    /// Whether `me` charged (or counter-charged) `foe` into contact this
    /// turn and still counts as a charging unit in their Melee (2.4.4.1, 2.4.4.2).
    pub fn charging_in_melee(&self, me: UnitId, foe: UnitId) -> bool {
        self.charged_into(me, foe) == Some(true)
    }

    /// `me`'s charge (or counter-charge) at `foe` this turn that made
    /// contact: `Some(true)` when it still counts as charging, `Some(false)`
    /// when a Halt took that away (2.4.4.1, 2.4.4.2), `None` without one.
    pub fn charged_into(&self, me: UnitId, foe: UnitId) -> Option<bool> {
        let u = self.get(me)?;
        let f = self.get(foe)?;
        let c = u.charge.filter(|c| c.target == foe && c.contact)?;
        // 2.4.4.1: only a Halt on the way takes the charge away; a shower
        // after contact (W-23) Halts a unit already in contact.
        let foe_halted = match f.charge.filter(|m| m.target == me && m.contact) {
            Some(m) => m.halted_before_contact,
            None => f.halted_this_turn,
        };
        Some(counts_as_charging(
            c.halted_before_contact,
            c.counter,
            foe_halted,
        ))
    }

    /// How `charger`'s charge at `target` moves now, given the target's
    /// recorded counter-charge and any Halt (2.4.4.1, 2.4.4.2).
    pub fn charge_move(&self, charger: UnitId, target: UnitId) -> Option<ChargeMove> {
        let c = self.get(charger)?;
        let t = self.get(target)?;
        let spans = c.charge.filter(|m| m.target == target)?.spans;
        let counter = t
            .charge
            .is_some_and(|m| m.counter && m.target == charger)
            .then_some(&t.unit);
        Some(ChargeMove::of(spans, c.halted_this_turn, counter))
    }

    /// What the rules refuse of a new event about a charge under way (see
    /// `check`): a counter-charger's move when its charger was not Halted or
    /// of other dice than its move (2.4.4.2); a charge move or contact after
    /// the charge stopped at a field defence (3.3.3); a Halted charger
    /// tested at the stakes as a charger (2.4.4.1, 3.3.3.3); the charging
    /// fact for a unit that no longer counts as charging (2.4.4.1, 2.4.4.2).
    pub(super) fn check_charge(&self, event: &Event) -> Result<(), BattleError> {
        let refuse = |s: String| Err(BattleError::Refused(s));
        match event {
            Event::RandomMove {
                unit,
                spans,
                toward: Some(t),
                ..
            } => {
                let u = self.unit(*unit)?;
                let Some(c) = u.charge.filter(|c| c.target == *t) else {
                    return Ok(());
                };
                let name = &u.unit.name;
                if c.stopped {
                    return refuse(format!(
                        "{name} ({unit}) stopped at a field defence: its charge ends there, with no charge move (3.3.3)"
                    ));
                }
                if c.counter {
                    let charger = self.unit(*t)?;
                    if !charger.halted_this_turn {
                        return refuse(format!(
                            "{name} ({unit}) counter-charged and meets {} halfway: no move is rolled (2.4.4.2)",
                            charger.unit.name
                        ));
                    }
                    let n = u.unit.move_distance().max(1);
                    if *spans != n {
                        return refuse(format!(
                            "{name} ({unit}) completes its counter-charge as a Random Move out to its maximum distance: {n} spans, no charge bonus (2.4.4.2, W-10), not {spans}"
                        ));
                    }
                }
            }
            Event::Contact { charger, target } => {
                let c = self.unit(*charger)?;
                let t = self.unit(*target)?;
                let stopped = c.charge.is_some_and(|m| m.target == *target && m.stopped);
                let countered = t.charge.is_some_and(|m| m.target == *charger && m.counter);
                if stopped && !countered {
                    return refuse(format!(
                        "{} ({charger}) stopped at a field defence: its charge ends there, with no contact (3.3.3)",
                        c.unit.name
                    ));
                }
            }
            Event::Defence {
                unit,
                defence: Defence::Stakes,
                charging: true,
                ..
            } => {
                let u = self.unit(*unit)?;
                if u.halted_this_turn && u.charge.is_some_and(|c| !c.counter) {
                    return refuse(format!(
                        "{} ({unit}) was Halted and no longer counts as charging (2.4.4.1): as a moving unit it stops at the stakes, with no test (3.3.3.3)",
                        u.unit.name
                    ));
                }
            }
            Event::Melee {
                a,
                b,
                facts_a,
                facts_b,
                ..
            } => {
                for (me, foe, facts) in [(a, b, facts_a), (b, a, facts_b)] {
                    if facts.charging && self.charged_into(*me, *foe) == Some(false) {
                        return refuse(format!(
                            "{} ({me}) no longer counts as a charging unit: Halted on the way, or its charger was; it fights as if it stood to receive the charge, so the charging fact stays off (2.4.4.1, 2.4.4.2)",
                            self.unit(*me)?.unit.name
                        ));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
