//! Morale (Rules 58-62): the causes that flag a unit for a waver test, at
//! most one test a Move (WI-13), and the test itself (WI-14, WI-15).

use super::super::event::{Disaster, Phase, RoutCause, UnitId, WaverCause};
use super::{Entry, State, co_named, dice_text, incurred, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::named::Named;
use crate::rules::warlord_i::{CoStatus, Morale, WaverSituation, WaverTest};

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
        if cause == WaverCause::Disaster {
            // Rule 59: the -1 of a friendly disaster within 10 cm, from the record.
            self.get_mut(unit).near_disaster = true;
        }
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
        bases_in_contact: u32,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = named(&u.unit.name, unit);
        if u.unit.morale == Morale::Routed {
            return Err(BattleError::Refused(format!("{name} is routed already")));
        }
        let before = u.unit.clone();
        if cause.wavers() {
            return self.waver_too(unit, cause, entry);
        }
        entry.summary = format!(
            "{name} routs: {} (Rule 62); a disaster: the referee names the friendly units within 10 cm next (Rules 12, 58; WI-12)",
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
            "a rout is a disaster for the rest of the Move: the referee names the friendly units within 10 cm (Herald has no map); each gains 1 AP and takes a waver test",
            crate::rules::explain::cite("Rules 12, 58", "WI-12, WI-13"),
        );
        let mut after = before.state();
        // Rules 62, 70, 89 (wi4 F4): trapped evaders' bases in direct
        // contact are destroyed (at most all it has).
        let destroyed = bases_in_contact.min(after.bases);
        if cause == RoutCause::EvadersTrapped && destroyed > 0 {
            after.bases -= destroyed;
            after.bases_lost += destroyed;
            entry.explanation.line(
                format!("{destroyed} base(s) in direct contact destroyed (Rules 62, 70, 89)"),
                crate::rules::explain::cite("Rule 62", ""),
            );
        }
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

    /// Rule 62's "waver too": wavering friends (or fleeing superior troops,
    /// wavering) interpenetrated the unit; it becomes wavering, not routed,
    /// and no disaster follows (WI-12 names a rout, not a waver). Through
    /// shaken troops it retreats in front of them: a retreat's DP (Rule 18,
    /// WI-8), as a waver test's retreat.
    fn waver_too(
        &mut self,
        unit: UnitId,
        cause: RoutCause,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let u = self.on_table(unit)?;
        let name = named(&u.unit.name, unit);
        let before = u.unit.clone();
        let retreats = cause.while_shaken();
        entry.summary = format!(
            "{name} wavers too: {} (Rule 62){}",
            cause.title(),
            if retreats {
                "; it retreats in front of them (IRMD)"
            } else {
                ""
            }
        );
        entry.explanation.line(
            format!(
                "{name} wavers too: {}; wavering friends make it waver, routing ones rout (Rule 62)",
                cause.title()
            ),
            crate::rules::explain::cite("Rule 62", ""),
        );
        let mut after = before.state();
        after.morale = Morale::Wavering;
        let gained = u32::from(retreats);
        if retreats {
            entry.explanation.line(
                "retreating in front of them (IRMD) gains 1 DP, an AP too (Rule 18, WI-8)",
                crate::rules::explain::cite("Rule 18", "WI-8"),
            );
            crate::rules::warlord_i::points::gain(&mut after, 1, 1);
            crate::rules::warlord_i::points::remove_bases_with(
                &mut after,
                // WI-10: a wavering unit cannot recuperate: a base per 4 APs.
                false,
                Some(&mut entry.explanation),
            );
        }
        self.write_after(unit, &after, gained, entry);
        Ok(())
    }

    /// The disasters of this Move whose friends within 10 cm the referee
    /// has still to name (Rules 12, 58; WI-12), oldest first.
    pub fn friends_due(&self) -> impl Iterator<Item = Disaster> + '_ {
        self.disasters
            .iter()
            .copied()
            .filter(|d| !self.friends_named.contains(d))
    }

    /// A disaster in words: `the rout of Second legion (a2)`, `the death of
    /// Marcus Licinius Crassus (CO a1)`.
    pub fn disaster_words(&self, d: Disaster) -> String {
        let unit = |id: UnitId| {
            self.get(id)
                .map_or_else(|| id.to_string(), |u| named(&u.unit.name, id))
        };
        match d {
            Disaster::Routed(u) => format!("the rout of {}", unit(u)),
            Disaster::Destroyed(u) => format!("the destruction of {}", unit(u)),
            Disaster::Surrendered(u) => format!("the surrender of {}", unit(u)),
            Disaster::GeneralLost(c) => match self.co(c) {
                Some(x) => format!(
                    "the {} of {}",
                    if x.co.status == CoStatus::Captured {
                        "capture"
                    } else {
                        "death"
                    },
                    co_named(&x.co.name, c)
                ),
                None => format!("the loss of CO {c}"),
            },
        }
    }

    /// The friendly units that may be within 10 cm of a disaster: its
    /// side's units on the table, the unit it befell apart.
    pub fn friends_of(&self, d: Disaster) -> Vec<UnitId> {
        let side = d.side();
        self.units[side as usize]
            .iter()
            .enumerate()
            .map(|(i, _)| UnitId::new(side, i))
            .filter(|id| Some(*id) != d.unit() && self.get(*id).is_some_and(|u| !u.off_table()))
            .collect()
    }

    /// The referee names the friendly units within 10 cm of a disaster of
    /// this Move (WI-12; the distance is the table's): each gains 1 AP
    /// (Rule 12, "each friendly disaster occurring within 10cms"), bases
    /// going as WI-10 says, and owes a waver test (Rule 58), which takes
    /// the -1 of a friendly disaster within 10 cm (Rule 59) from the record.
    pub(super) fn friends_within_10cm(
        &mut self,
        disaster: Disaster,
        units: &[UnitId],
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let what = self.disaster_words(disaster);
        if !self.disasters.contains(&disaster) {
            return Err(BattleError::Refused(format!(
                "{what} is not a disaster of this Move (WI-12); a disaster counts for the Move it happened in"
            )));
        }
        if self.friends_named.contains(&disaster) {
            return Err(BattleError::Refused(format!(
                "the friendly units within 10 cm of {what} are named already"
            )));
        }
        let friends = self.friends_of(disaster);
        for (i, id) in units.iter().enumerate() {
            if units[..i].contains(id) {
                return Err(BattleError::Refused(format!("{id} is named twice")));
            }
            if !friends.contains(id) {
                let u = self.unit(*id)?;
                return Err(BattleError::Refused(format!(
                    "{} is not a friendly unit on the table near {what}: name units of side {} still on the table",
                    named(&u.unit.name, *id),
                    disaster.side().name()
                )));
            }
        }
        let names: Vec<String> = units
            .iter()
            .map(|id| named(&self.units[id.side as usize][id.index].unit.name, *id))
            .collect();
        let c = crate::rules::explain::cite;
        entry.explanation.line(
            format!(
                "{what} is a disaster (WI-12); the table says which friendly units are within 10 cm"
            ),
            c("Rules 12, 58", "WI-12"),
        );
        for id in units {
            let u = &self.units[id.side as usize][id.index];
            let name = named(&u.unit.name, *id);
            let mut after = u.unit.state();
            crate::rules::warlord_i::points::gain(&mut after, 1, 0);
            let mut why = crate::rules::explain::Explanation::default();
            why.line(
                format!(
                    "{name}: a friendly disaster within 10 cm: +1 AP, {} now",
                    after.aps
                ),
                c("Rule 12", "WI-8"),
            );
            let can =
                crate::rules::warlord_i::points::may_recuperate(after.morale, &u.unit.activity);
            crate::rules::warlord_i::points::remove_bases(&mut after, can, &mut why);
            if u.unit.waver_tested {
                why.line(
                    format!("{name} has taken its waver test this Move: at most one a Move"),
                    c("Rule 58", "WI-13"),
                );
            } else if u.unit.morale == Morale::Routed {
                why.line(
                    format!("{name} is routed: routed units do not test"),
                    c("Rule 58", "WI-13"),
                );
            } else {
                why.line(
                    format!(
                        "{name} takes a waver test: a disaster within 10 cm, -1 (Rules 58, 59)"
                    ),
                    c("Rules 58, 59", "WI-12, WI-13"),
                );
            }
            entry.explanation.extend(why);
            self.get_mut(*id).near_disaster = true;
            self.write_after(*id, &after, 1, entry);
            if self.get(*id).is_some_and(|u| !u.off_table()) {
                self.raise(*id, WaverCause::Disaster);
            }
        }
        // WI-13: the summary says per friend only what the record holds:
        // each its AP, a waver test only where one is owed (Rule 58, max 1
        // per turn), never "each ... a waver test" for a unit that tested.
        let (testing, not): (Vec<_>, Vec<_>) = units.iter().zip(&names).partition(|(id, _)| {
            self.get(**id)
                .is_some_and(|u| !u.off_table() && u.to_test())
        });
        let list = |v: &[(&UnitId, &String)]| {
            v.iter()
                .map(|(_, n)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let ap = if units.len() == 1 {
            "+1 AP"
        } else {
            "each +1 AP"
        };
        entry.summary = if units.is_empty() {
            format!("no friendly unit is within 10 cm of {what}, as the referee says (WI-12)")
        } else if not.is_empty() {
            format!(
                "within 10 cm of {what}: {}: {ap} (Rule 12) and a waver test (Rule 58)",
                names.join(", ")
            )
        } else if testing.is_empty() {
            format!(
                "within 10 cm of {what}: {}: {ap} (Rule 12); no waver test owed (Rule 58)",
                names.join(", ")
            )
        } else {
            format!(
                "within 10 cm of {what}: {}: {ap} (Rule 12); a waver test (Rule 58) for {}; none owed for {}",
                names.join(", "),
                list(&testing),
                list(&not)
            )
        };
        self.friends_named.push(disaster);
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
        // Rule 58: a test as its cause arises from the waver tests on; in
        // Conclude the Move only for a cause that arose there (a general
        // killed or captured, WI-21: a disaster, WI-12).
        let due = !u.flags.is_empty();
        if !(matches!(
            self.phase,
            Phase::WaverTests | Phase::Charges | Phase::Melees
        ) || (self.phase == Phase::Conclude && due))
        {
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
