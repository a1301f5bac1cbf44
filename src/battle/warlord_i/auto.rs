//! The event the Move sequence suggests next, with the table's facts at
//! their defaults (or as the battle knows them: who leads a unit, who is
//! charging) and no dice: a console's default action, and how tests drive
//! a battle without a referee.

use super::event::{CoId, Event, UnitId, WaverCause};
use super::{Battle, Step};
use crate::battle::BattleError;
use crate::dice::{Dice, DiceSource};
use crate::rules::warlord_i::{
    Activity, CoStatus, FugitiveSituation, Leader, MeleeFacts, SidesDice, WaverSituation,
    WinnerMoves,
};

impl Battle {
    /// The next event of the Move (Rule 25). Its dice are empty.
    pub fn suggest(&self) -> Event {
        match self.next_step() {
            Step::RollOrderOfPlay => Event::OrderOfPlay {
                winner_moves: WinnerMoves::First,
                dice: SidesDice::default(),
            },
            Step::Fugitives(unit) => Event::FugitiveAttrition {
                unit,
                situation: FugitiveSituation::default(),
                dice: Dice::default(),
            },
            Step::CommandTest(co) => Event::CommandTest {
                co,
                transfer: None,
                dice: Dice::default(),
            },
            Step::Recuperation(side) => Event::Recuperation { side },
            Step::WaverTest(unit) => Event::WaverTest {
                unit,
                situation: WaverSituation {
                    led_by: self.leader_of(unit),
                    charging_home: self.charging_home(unit),
                    ..WaverSituation::default()
                },
                dice: Dice::default(),
            },
            Step::FightMelee(a, b) => Event::Melee {
                a,
                b,
                facts_a: self.melee_facts(a),
                facts_b: self.melee_facts(b),
                simultaneous: self.melees_at_once(),
                dice: SidesDice::default(),
            },
            Step::GeneralRisk(co) => Event::GeneralRisk {
                co,
                dice: Dice::default(),
            },
            Step::EndCommand(_)
            | Step::EndShooting
            | Step::EndWaverTests
            | Step::EndCharges
            | Step::EndMelees
            | Step::EndMove => Event::NextPhase,
        }
    }

    /// The CO whose command base is with a unit, if any.
    pub fn general_with(&self, unit: UnitId) -> Option<CoId> {
        self.cos(unit.side)
            .find(|(_, c)| c.with == Some(unit))
            .map(|(id, _)| id)
    }

    /// Who leads a unit for the optional waver bonus of Rule 59 (WI-14):
    /// the C-in-C or a divisional CO whose base is with it.
    pub fn leader_of(&self, unit: UnitId) -> Option<Leader> {
        let co = self.co(self.general_with(unit)?)?;
        if co.co.status.base_lost() {
            return None;
        }
        Some(if co.co.c_in_c {
            Leader::CInC
        } else {
            Leader::DivisionalCo
        })
    }

    /// It tries to charge home, as the record has it (Rules 58-59, WI-14):
    /// charging with the cause "pressing home an attack", or
    /// counter-charging with "counter-charging home".
    pub fn charging_home(&self, unit: UnitId) -> bool {
        self.unit(unit).is_some_and(|u| {
            (u.unit.is(Activity::Charging) && u.flags.contains(&WaverCause::PressHome))
                || (u.unit.is(Activity::CounterCharging)
                    && u.flags.contains(&WaverCause::CounterChargeHome))
        })
    }

    /// Why the record says a unit advances into its melee (WI-20): it
    /// charged, counter-charged or advanced this Move, or followed up in
    /// its last round; `None` when the record says nothing.
    pub fn advancing_why(&self, unit: UnitId) -> Option<&'static str> {
        let u = self.unit(unit)?;
        if u.unit.is(Activity::Charging) {
            Some("recorded: it charged")
        } else if u.unit.is(Activity::CounterCharging) {
            Some("recorded: it counter-charged")
        } else if u.unit.is(Activity::Advancing) {
            Some("recorded: it advanced")
        } else if self
            .state()
            .engagements
            .iter()
            .any(|e| e.followed_up_by(unit))
        {
            Some("record: followed up")
        } else {
            None
        }
    }

    /// A melee side's facts as the battle knows them: advancing when it
    /// charged, counter-charged, advanced or followed up in its last round
    /// (WI-20), its general leading when one is with it (Rule 76); the
    /// rest at their defaults.
    pub fn melee_facts(&self, unit: UnitId) -> MeleeFacts {
        let advancing = self.advancing_why(unit).is_some();
        let general = self.general_with(unit).and_then(|c| self.co(c));
        MeleeFacts {
            advancing,
            general_leading: general.is_some(),
            // Rule 98: his recorded wound.
            general_wounded: general
                .is_some_and(|c| matches!(c.co.status, CoStatus::Wounded | CoStatus::BadlyWounded)),
            ..MeleeFacts::default()
        }
    }

    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let event = self.complete(self.suggest(), source)?;
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }
}
