//! Morale (Rules 58-62): the causes that flag a unit for a waver test, at
//! most one test a Move (WI-13), and the test itself (WI-14, WI-15).

use super::super::event::{Phase, RoutCause, UnitId, WaverCause};
use super::{Entry, State, dice_text, incurred, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::named::Named;
use crate::rules::warlord_i::{Morale, WaverSituation, WaverTest};

impl State {
    /// Flags a unit for a waver test, if it may still take one (WI-13).
    pub(super) fn raise(&mut self, unit: UnitId, cause: WaverCause) {
        let slot = self.get_mut(unit);
        if !slot.flags.contains(&cause) {
            slot.flags.push(cause);
        }
        if !slot.to_test() {
            slot.flags.clear();
        }
    }

    /// The referee reports a cause of a waver test (Rule 58, WI-13).
    pub(super) fn flag(
        &mut self,
        unit: UnitId,
        cause: WaverCause,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = named(&u.unit.name, unit);
        if u.unit.waver_tested {
            return Err(BattleError::Refused(format!(
                "{name} has taken its waver test this Move: at most one a Move (Rule 58, WI-13)"
            )));
        }
        if u.unit.morale == Morale::Routed {
            return Err(BattleError::Refused(format!(
                "{name} is routed: routed units do not take waver tests (WI-13)"
            )));
        }
        if u.unit.morale == Morale::Reckless && cause.spares_reckless() {
            return Err(BattleError::Refused(format!(
                "{name} is reckless: {} calls for no test of reckless troops (Rule 58)",
                cause.title()
            )));
        }
        entry.summary = format!("{name} must take a waver test: {} (Rule 58)", cause.title());
        entry.effects.push(crate::battle::Effect {
            unit,
            name: u.unit.name.clone(),
            field: "waver_test",
            from: String::new(),
            to: cause.name().to_string(),
            text: format!("{}: a waver test is due ({})", u.unit.name, cause.title()),
            leaves_table: false,
        });
        self.raise(unit, cause);
        Ok(())
    }

    /// A unit routs for one of Rule 62's causes: it becomes routed with 1
    /// DP (Rule 18: each time troops rout), a disaster (WI-12) whose
    /// friends within 10 cm must test (Rule 58; the referee flags them,
    /// the distance being the table's).
    pub(super) fn rout(
        &mut self,
        unit: UnitId,
        cause: RoutCause,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = named(&u.unit.name, unit);
        if u.unit.morale == Morale::Routed {
            return Err(BattleError::Refused(format!("{name} is routed already")));
        }
        let before = u.unit.clone();
        entry.summary = format!(
            "{name} routs: {} (Rule 62); a disaster: friendly units within 10 cm take a waver test (Rule 58, WI-12)",
            cause.title()
        );
        entry.explanation.line(
            format!("{name} routs: {} (Rule 62)", cause.title()),
            crate::rules::explain::cite("Rule 62", ""),
        );
        entry.explanation.line(
            "routing gains 1 DP, an AP too (Rule 18, WI-8)",
            crate::rules::explain::cite("Rule 18", "WI-8"),
        );
        entry.explanation.line(
            "a rout is a disaster for the rest of the Move: each friendly unit within 10 cm takes a waver test (w, then d, on each)",
            crate::rules::explain::cite("Rule 58", "WI-12, WI-13"),
        );
        // Rule 58, WI-13: the friends that would test, by unit; the table
        // says which are within 10 cm.
        let friends: Vec<String> = self.units[unit.side as usize]
            .iter()
            .enumerate()
            .filter(|(i, f)| {
                *i != unit.index
                    && !f.off_table()
                    && !f.unit.waver_tested
                    && f.unit.morale != Morale::Routed
            })
            .map(|(i, f)| named(&f.unit.name, UnitId::new(unit.side, i)))
            .collect();
        if !friends.is_empty() {
            entry.explanation.line(
                format!(
                    "friends that test if within 10 cm (the table's): {}",
                    friends.join(", ")
                ),
                crate::rules::explain::cite("Rule 58", "WI-13"),
            );
        }
        let mut after = before.state();
        crate::rules::warlord_i::points::gain(&mut after, 1, 1);
        after.morale = Morale::Routed;
        // WI-10: routers cannot recuperate: a base per 4 APs.
        crate::rules::warlord_i::points::remove_bases_with(
            &mut after,
            false,
            Some(&mut entry.explanation),
        );
        self.write_after(unit, &after, 1, entry);
        Ok(())
    }

    /// The referee sets aside a flagged test the table made moot.
    pub(super) fn dismiss(&mut self, unit: UnitId, entry: &mut Entry) -> Result<(), BattleError> {
        let u = self.unit(unit)?;
        let name = named(&u.unit.name, unit);
        if u.flags.is_empty() {
            return Err(BattleError::Refused(format!(
                "{name} has no waver test flagged to set aside"
            )));
        }
        entry.summary = format!("the referee sets aside {name}'s waver test");
        self.get_mut(unit).flags.clear();
        Ok(())
    }

    /// A unit's waver test as the battle stands, before the dice (Rules 58-59, WI-13, WI-14).
    pub(crate) fn waver_plan(
        &self,
        unit: UnitId,
        situation: &WaverSituation,
    ) -> Result<WaverTest, BattleError> {
        let u = self.on_table(unit)?;
        Ok(WaverTest::plan(&u.unit, *situation)?)
    }

    /// A waver test (Rules 58-60, WI-13 to WI-15): in the waver tests step,
    /// or as its cause arises in the charges and melees (Rule 25 steps 5-7).
    pub(super) fn waver_test(
        &mut self,
        unit: UnitId,
        situation: &WaverSituation,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = u.unit.name.clone();
        if !matches!(
            self.phase,
            Phase::WaverTests | Phase::Charges | Phase::Melees
        ) {
            return Err(self.out_of_step(
                &format!("{}'s waver test", named(&name, unit)),
                "the waver tests, or the charges and melees that cause them (Rule 25 steps 5-7, Rule 58)",
            ));
        }
        let out = self.waver_plan(unit, situation)?.resolve(dice)?;
        let gained = incurred(&u.unit, &out.after);
        entry.roll(&name, dice);
        entry.summary = format!(
            "{} takes a waver test: {}: score {}: {}{}",
            named(&name, unit),
            dice_text(dice),
            out.score,
            out.morale,
            if out.retreat {
                ", and retreats (IRMD)"
            } else {
                ""
            }
        );
        entry.explanation = out.explanation;
        self.get_mut(unit).flags.clear();
        self.write_after(unit, &out.after, gained, entry);
        Ok(())
    }
}
