//! The event the Move sequence suggests next, with the table's facts at
//! their defaults (or as the battle knows them: who leads a unit, who is
//! charging) and no dice: a console's default action, and how tests drive
//! a battle without a referee.

use super::event::{CoId, Event, UnitId, WaverCause};
use super::{Battle, Step};
use crate::battle::BattleError;
use crate::dice::{Dice, DiceSource};
use crate::rules::warlord_i::{
    Activity, Charges, CoStatus, FugitiveSituation, Leader, MeleeFacts, SidesDice, WaverSituation,
    WinnerMoves, charge_advantage, contact_advantage,
};

impl Battle {
    /// The next event of the Move (Rule 25). Its dice are empty.
    pub fn suggest(&self) -> Event {
        match self.next_step() {
            // WI-12: the referee names them; the list starts empty (Herald has no map).
            Step::FriendsWithin10cm(disaster) => Event::FriendsWithin10cm {
                disaster,
                units: Vec::new(),
            },
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
                    friendly_disaster_within_10cm: self.near_disaster(unit),
                    ..WaverSituation::default()
                },
                dice: Dice::default(),
            },
            Step::FightMelee(a, b) => Event::Melee {
                a,
                b,
                facts_a: self.melee_facts(a, b),
                facts_b: self.melee_facts(b, a),
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
    /// the C-in-C or a divisional CO whose base is with it and in action.
    pub fn leader_of(&self, unit: UnitId) -> Option<Leader> {
        let co = self.co(self.general_with(unit)?)?;
        // Rule 99, 7 (wi4 F3): a dispersed command base is not in action
        // for the rest of this Move and the next, so it leads nobody.
        if co.co.status.base_lost() || co.co.dispersed {
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

    /// A friendly disaster of this Move is within 10 cm of the unit, as
    /// the record has it: the referee named it near one, or flagged it for
    /// that cause (Rules 58-60, WI-12).
    pub fn near_disaster(&self, unit: UnitId) -> bool {
        self.unit(unit).is_some_and(|u| u.near_disaster)
    }

    /// Who charged whom before the first round between `unit` and `foe`,
    /// as the record has it (Rules 63-75, 79; WI-23): a charge declared at
    /// the other, or a counter-charge against the other's charge.
    pub fn charges_between(&self, unit: UnitId, foe: UnitId) -> Charges {
        let at = |x: UnitId, y: UnitId| {
            self.unit(x).is_some_and(|u| {
                (u.unit.is(Activity::Charging) && u.charge_target == Some(y))
                    || (u.unit.is(Activity::CounterCharging)
                        && self.unit(y).is_some_and(|v| {
                            v.unit.is(Activity::Charging) && v.charge_target == Some(x)
                        }))
            })
        };
        Charges {
            charged: at(unit, foe),
            charged_by: at(foe, unit),
        }
    }

    /// Rule 79's charge and contact advantages of `unit` against `foe` in
    /// a first round, as the units and the record give them: the line of
    /// Rule 79 for each, or `None` (a later round has neither).
    pub fn advantages(
        &self,
        unit: UnitId,
        foe: UnitId,
    ) -> (Option<&'static str>, Option<&'static str>) {
        let first = self.engagement(unit, foe).is_none_or(|e| e.rounds == 0);
        let (Some(me), Some(them)) = (self.unit(unit), self.unit(foe)) else {
            return (None, None);
        };
        if !first {
            return (None, None);
        }
        let c = self.charges_between(unit, foe);
        (
            charge_advantage(&me.unit, &them.unit, c),
            contact_advantage(&me.unit, &them.unit, c),
        )
    }

    /// Why the record says a unit advances into its melee with `foe`
    /// (WI-20: "advancing into this melee"): it charged, counter-charged
    /// or advanced this Move, or followed up in its last round against
    /// this same foe (WI-H2: each pair is its own; a follow-up in another
    /// melee does not carry into this one, wi5 F1); `None` when the record
    /// says nothing.
    pub fn advancing_why(&self, unit: UnitId, foe: UnitId) -> Option<&'static str> {
        let u = self.unit(unit)?;
        if u.unit.is(Activity::Charging) {
            Some("recorded: it charged")
        } else if u.unit.is(Activity::CounterCharging) {
            Some("recorded: it counter-charged")
        } else if u.unit.is(Activity::Advancing) {
            Some("recorded: it advanced")
        } else if self
            .engagement(unit, foe)
            .is_some_and(|e| e.followed_up_by(unit))
        {
            Some("recorded: it followed up")
        } else {
            None
        }
    }

    /// Why the record says a unit does not advance into its melee with
    /// `foe` (WI-20): this foe charged it and it neither charged,
    /// counter-charged, advanced nor followed up against it (wi5 F1).
    pub fn not_advancing_why(&self, unit: UnitId, foe: UnitId) -> Option<&'static str> {
        (self.advancing_why(unit, foe).is_none() && self.charges_between(unit, foe).charged_by)
            .then_some("recorded: it was charged")
    }

    /// A melee side's facts against `foe` as the battle knows them:
    /// advancing when it charged, counter-charged, advanced or followed up
    /// in its last round against this foe (WI-20, WI-H2), Rule 79's charge and contact advantages
    /// in a first round from the charges recorded, its general leading
    /// when one is with it (Rule 76); the rest at their defaults.
    pub fn melee_facts(&self, unit: UnitId, foe: UnitId) -> MeleeFacts {
        let advancing = self.advancing_why(unit, foe).is_some();
        // Rule 99, 7 (wi4 F3): a dispersed command base leads no melee.
        let general = self
            .general_with(unit)
            .and_then(|c| self.co(c))
            .filter(|c| !c.co.dispersed);
        let (charge, contact) = self.advantages(unit, foe);
        MeleeFacts {
            advancing,
            charge_advantage: charge.is_some(),
            contact_advantage: contact.is_some(),
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
