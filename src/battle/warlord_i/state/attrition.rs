//! Attrition (Rules 12-18): a side's recuperation step with base removal
//! (WI-9, WI-10), attrition and disorder points from causes the referee
//! reports (WI-8), and fugitives' attrition (Rule 13, WI-11).

use super::super::event::{Phase, UnitId, WaverCause};
use super::{Entry, State, dice_text, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::warlord_i::{
    Activity, Attrition, AttritionGains, FugitiveAttrition, FugitiveSituation, Morale, Next,
    Recuperation,
};

impl State {
    /// A unit's recuperation as its side's step would make it (Rule 15, WI-9, WI-10).
    pub(crate) fn recuperation_plan(&self, unit: UnitId) -> Result<Recuperation, BattleError> {
        Self::recuperation_of(self.on_table(unit)?)
    }

    fn recuperation_of(u: &super::UnitState) -> Result<Recuperation, BattleError> {
        Ok(Recuperation::plan(&u.unit, u.rallied())?)
    }

    /// Attrition from causes the referee reports, before it is applied (Rules 12, 18; WI-8).
    pub(crate) fn attrition_plan(
        &self,
        unit: UnitId,
        gains: &AttritionGains,
    ) -> Result<Attrition, BattleError> {
        let u = self.on_table(unit)?;
        Ok(Attrition::plan(&u.unit, *gains)?)
    }

    /// Fugitives' attrition as the battle stands, before the die (Rule 13, WI-11).
    pub(crate) fn fugitive_plan(
        &self,
        unit: UnitId,
        situation: &FugitiveSituation,
    ) -> Result<FugitiveAttrition, BattleError> {
        let u = self.on_table(unit)?;
        Ok(FugitiveAttrition::plan(&u.unit, *situation)?)
    }

    /// A side's recuperation step (Rule 25 steps 2-3): each of its units on
    /// the table recuperates 1 AP, 2 if rallied this Move, when steady and
    /// not engaged (Rule 15, WI-9); then bases go at 6 APs, or 4 for those
    /// that could not (Rule 16, WI-10).
    pub(super) fn recuperation(
        &mut self,
        side: Side,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.expect_phase(
            Phase::Command(side),
            &format!("side {}'s recuperation", side.name()),
        )?;
        if self.recuperated[side as usize] {
            return Err(BattleError::OutOfTurn(format!(
                "side {} has taken its recuperation step this Move (Rule 25, WI-9)",
                side.name()
            )));
        }
        let mut outcomes = Vec::new();
        for (i, u) in self.units[side as usize].iter().enumerate() {
            if u.off_table() {
                continue;
            }
            let out = Self::recuperation_of(u)?.resolve();
            // Nothing to recover and nothing to remove: not worth a line.
            if u.unit.aps > 0 || out.bases_removed > 0 {
                outcomes.push((UnitId::new(side, i), out));
            }
        }
        let mut recovered = 0;
        let mut lost = 0;
        for (id, out) in outcomes {
            recovered += out.aps_recovered;
            lost += out.bases_removed;
            entry.explanation.extend(out.explanation);
            self.write_after(id, &out.after, 0, entry);
        }
        self.recuperated[side as usize] = true;
        entry.summary = format!(
            "side {} recuperates: {recovered} AP(s) recovered, {lost} base(s) removed",
            side.name()
        );
        Ok(())
    }

    /// Attrition and disorder points from the causes of Rules 12 and 18 the
    /// referee reports (WI-8); APs from shooting call for a waver test (WI-13).
    pub(super) fn attrition(
        &mut self,
        unit: UnitId,
        gains: &AttritionGains,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = u.unit.name.clone();
        let out = self.attrition_plan(unit, gains)?.resolve();
        if u64::from(u.unit.aps) + u64::from(out.aps_gained) > u64::from(super::MAX_POINTS) {
            return Err(BattleError::Refused(format!(
                "{} holds {} APs; {} more is more than any unit holds (at most {})",
                named(&name, unit),
                u.unit.aps,
                out.aps_gained,
                super::MAX_POINTS
            )));
        }
        entry.summary = format!(
            "{} gains {} AP(s) ({} DP){}",
            named(&name, unit),
            out.aps_gained,
            out.dps_gained,
            if out.bases_removed > 0 {
                format!(", loses {} base(s)", out.bases_removed)
            } else {
                String::new()
            }
        );
        entry.explanation = out.explanation;
        self.write_after(unit, &out.after, out.aps_gained, entry);
        if out.next.contains(&Next::WaverTest) {
            self.raise(unit, WaverCause::Shooting);
        }
        Ok(())
    }

    /// Fugitives' attrition (Rule 13, WI-11): routing and evading units roll
    /// once a Move, after their move; overridden or ridden-through units
    /// when it happens.
    pub(super) fn fugitive_attrition(
        &mut self,
        unit: UnitId,
        situation: &FugitiveSituation,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = u.unit.name.clone();
        if self.phase == Phase::OrderOfPlay {
            return Err(self.out_of_step(
                &format!("{}'s attrition as fugitives", named(&name, unit)),
                "the Move's movement, after the order of play (Rule 25, WI-11)",
            ));
        }
        let fleeing = u.unit.morale == Morale::Routed || u.unit.is(Activity::Evading);
        let when_it_happens = situation.overridden || situation.ridden_through;
        if fleeing && !when_it_happens && u.fugitive_rolled {
            return Err(BattleError::OutOfTurn(format!(
                "{} has rolled as fugitives this Move: routing and evading troops roll once a Move (Rule 13, WI-11)",
                named(&name, unit)
            )));
        }
        let out = self.fugitive_plan(unit, situation)?.resolve(dice)?;
        entry.roll(&name, dice);
        entry.summary = format!(
            "{} suffers attrition as fugitives: {}: {} AP(s){}",
            named(&name, unit),
            dice_text(dice),
            out.aps_suffered,
            if out.bases_removed > 0 {
                format!(", {} base(s) removed", out.bases_removed)
            } else {
                String::new()
            }
        );
        entry.explanation = out.explanation;
        if fleeing && !when_it_happens {
            self.get_mut(unit).fugitive_rolled = true;
        }
        self.write_after(unit, &out.after, out.aps_suffered, entry);
        Ok(())
    }
}
