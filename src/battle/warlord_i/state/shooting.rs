//! Shooting (Rule 25 step 4, Rules 55-56): both sides shoot; each hit is
//! an AP on the target (WI-17), and APs from shooting flag it for a waver
//! test (Rule 58, WI-13).

use super::super::event::{Phase, UnitId, WaverCause};
use super::{Entry, State, dice_text, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::warlord_i::{Next, Shooting, ShootingSituation};

impl State {
    /// A shot as the battle stands, before the dice (Rules 55-56, WI-16, WI-17).
    pub(crate) fn shooting_plan(
        &self,
        shooter: UnitId,
        target: UnitId,
        situation: &ShootingSituation,
    ) -> Result<Shooting, BattleError> {
        self.enemies(shooter, target)?;
        let s = &self.units[shooter.side as usize][shooter.index];
        let t = &self.units[target.side as usize][target.index];
        // Rule 25 step 4 (Herald's reading): once a Move; refused before the dice.
        if s.shot {
            return Err(BattleError::OutOfTurn(format!(
                "{} has shot this Move; each unit shoots once in the shooting step (Rule 25 step 4)",
                named(&s.unit.name, shooter)
            )));
        }
        Ok(Shooting::plan(&s.unit, &t.unit, *situation)?)
    }

    /// A unit shoots at an enemy. Herald's reading of Rule 25 step 4: each
    /// unit shoots once in a Move's shooting step.
    pub(super) fn shooting(
        &mut self,
        shooter: UnitId,
        target: UnitId,
        situation: &ShootingSituation,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.enemies(shooter, target)?;
        let s = &self.units[shooter.side as usize][shooter.index];
        let t = &self.units[target.side as usize][target.index];
        self.expect_phase(
            Phase::Shooting,
            &format!("{}'s shooting", named(&s.unit.name, shooter)),
        )?;
        if s.shot {
            return Err(BattleError::OutOfTurn(format!(
                "{} has shot this Move; each unit shoots once in the shooting step (Rule 25 step 4)",
                named(&s.unit.name, shooter)
            )));
        }
        let plan = self.shooting_plan(shooter, target, situation)?;
        let out = plan.resolve(dice)?;
        entry.roll(&s.unit.name, dice);
        entry.summary = format!(
            "{} shoots at {} with {}: {}: score {} against Defence Value {}: {} hit(s)",
            named(&s.unit.name, shooter),
            named(&t.unit.name, target),
            plan.weapon.title(),
            dice_text(dice),
            out.score,
            out.defence_value,
            out.hits
        );
        entry.explanation = out.explanation;
        self.get_mut(shooter).shot = true;
        self.write_after(target, &out.after, out.hits, entry);
        if out.next.contains(&Next::WaverTest) {
            // Rule 58, WI-13: any AP from shooting calls for a waver test.
            self.raise(target, WaverCause::Shooting);
        }
        Ok(())
    }
}
