//! Generals (Rules 98-99): which unit a CO's command base is with, and the
//! wounding, capture and death of generals in Conclude the Move (WI-21).

use super::super::event::{CoId, Phase, UnitId};
use super::{Disaster, Entry, State, co_named, dice_text, named};
use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::house::HouseValue;
use crate::rules::warlord_i::{
    CoStatus, Fate, GENERAL_OF_SURRENDERED_UNIT, GeneralRisk, GeneralRiskSituation,
};

impl State {
    /// A CO's command base is with a unit (he leads it), or with none.
    pub(super) fn attach(
        &mut self,
        co: CoId,
        unit: Option<UnitId>,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let name = self.co_state(co)?.co.name.clone();
        let before = self.cos[co.side as usize][co.index].with;
        let to = match unit {
            Some(u) => {
                let status = self.co_state(co)?.co.status;
                if status.base_lost() {
                    // Rule 29, WI-4: his command base is lost.
                    return Err(BattleError::Refused(format!(
                        "{} is {}: his command base is lost and joins no unit (Rule 29, WI-4)",
                        co_named(&name, co),
                        status.title()
                    )));
                }
                let us = self.on_table(u)?;
                if u.side != co.side {
                    return Err(BattleError::Refused(format!(
                        "{} is an enemy unit: a CO's base is with one of his own side's units",
                        named(&us.unit.name, u)
                    )));
                }
                let text = named(&us.unit.name, u);
                entry.summary = format!("{} is with {text}", co_named(&name, co));
                u.to_string()
            }
            None => {
                entry.summary = format!("{} is with no unit", co_named(&name, co));
                "none".to_string()
            }
        };
        self.co_mut(co).with = unit;
        entry.effects.push(self.co_effect(
            co,
            "with",
            before.map_or("none".to_string(), |u| u.to_string()),
            to,
            entry.summary.clone(),
        ));
        Ok(())
    }

    /// The unit whose APs and melee a general's wounding roll counts: the
    /// unit he is with, else the one he was with when it surrendered or
    /// was destroyed this Move (WI-21, WI-H3).
    pub fn risk_unit(&self, co: CoId) -> Option<UnitId> {
        self.co(co).and_then(|c| c.with.or(c.left_with))
    }

    /// The situation of a general's wounding roll: the APs the unit he is
    /// with incurred this Move, and whether it fought in melee (WI-21).
    pub(crate) fn risk_situation(&self, co: CoId) -> GeneralRiskSituation {
        match self.risk_unit(co).and_then(|u| self.get(u)) {
            Some(u) => GeneralRiskSituation {
                aps_this_move: u.aps_this_move,
                in_melee: u.fought_this_move,
            },
            None => GeneralRiskSituation::default(),
        }
    }

    /// A general's wounding roll (Rule 99, WI-21): once a Move, in Conclude the Move.
    pub(super) fn general_risk(
        &mut self,
        co: CoId,
        dice: &Dice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        let c = self.co_state(co)?;
        let name = c.co.name.clone();
        self.expect_phase(
            Phase::Conclude,
            &format!("{}'s wounding roll", co_named(&name, co)),
        )?;
        if c.wound_rolled {
            return Err(BattleError::OutOfTurn(format!(
                "{} has made his wounding roll this Move; a general rolls once a Move (Rule 99, WI-21)",
                co_named(&name, co)
            )));
        }
        let situation = self.risk_situation(co);
        let out = GeneralRisk::plan(&c.co, situation)?.resolve(dice)?;
        entry.roll(&name, dice);
        entry.summary = format!(
            "{}'s wounding roll: {}: score {}: {}",
            co_named(&name, co),
            dice_text(dice),
            out.score,
            match out.fate {
                Fate::Safe => "no significant loss",
                Fate::Dispersed => "his command base is dispersed this Move and the next",
                Fate::Wounded => "wounded",
                Fate::BadlyWounded => "badly wounded",
                Fate::Captured => "captured",
                Fate::Killed => "killed",
            }
        );
        entry.explanation = out.explanation;
        let before = c.co.state();
        if before.status != out.after.status {
            entry.effects.push(self.co_effect(
                co,
                "status",
                before.status.to_string(),
                out.after.status.to_string(),
                format!("{name}: {}", out.after.status.title()),
            ));
        }
        if before.dispersed != out.after.dispersed {
            entry.effects.push(self.co_effect(
                co,
                "dispersed",
                before.dispersed.to_string(),
                out.after.dispersed.to_string(),
                format!("{name}: command base dispersed (Rule 99)"),
            ));
        }
        let turn = self.turn;
        let slot = self.co_mut(co);
        out.after.apply(&mut slot.co);
        slot.wound_rolled = true;
        if out.fate == Fate::Dispersed {
            slot.dispersed_in = Some(turn);
        }
        if out.disaster {
            // WI-12, WI-21: a general killed or captured is a disaster.
            self.disasters.push(Disaster::GeneralLost(co));
        }
        self.leave_if_lost(co, entry);
        Ok(())
    }

    /// The generals with a unit that surrendered or was destroyed (Rules
    /// 29, 99; WI-20, WI-21; Herald's reading WI-H3): the sheet takes a
    /// general only by Rule 99's roll, so his command base leaves the unit
    /// (its state no longer counts in his command tests, Rule 29) and his
    /// wounding roll at the end of the Move counts its APs and melee. With
    /// the house option `captured_with_unit`, a general with a unit that
    /// surrenders is taken prisoner with it (a disaster, WI-12).
    pub(super) fn generals_of_lost_unit(
        &mut self,
        unit: UnitId,
        surrendered: bool,
        entry: &mut Entry,
    ) {
        let with: Vec<CoId> = (0..self.cos[unit.side as usize].len())
            .map(|i| CoId::new(unit.side, i))
            .filter(|&c| self.co(c).is_some_and(|c| c.with == Some(unit)))
            .collect();
        let text = self
            .get(unit)
            .map_or_else(|| unit.to_string(), |u| named(&u.unit.name, unit));
        let fell = if surrendered {
            "surrendered"
        } else {
            "was destroyed"
        };
        for co in with {
            let c = &self.cos[co.side as usize][co.index];
            let name = c.co.name.clone();
            let status = c.co.status;
            if surrendered && self.generals_captured_with_unit {
                let option = GENERAL_OF_SURRENDERED_UNIT;
                entry.explanation.line(
                    format!(
                        "{}; {name} is captured with {text}",
                        option.line(HouseValue::Word("captured_with_unit"))
                    ),
                    option.cite(),
                );
                if status < CoStatus::Captured {
                    entry.effects.push(self.co_effect(
                        co,
                        "status",
                        status.to_string(),
                        CoStatus::Captured.to_string(),
                        format!("{name}: captured with {text} (house option, WI-H3)"),
                    ));
                    self.co_mut(co).co.status = CoStatus::Captured;
                    // WI-12: a general captured is a disaster.
                    self.disasters.push(Disaster::GeneralLost(co));
                }
                self.leave_if_lost(co, entry);
                continue;
            }
            entry.effects.push(self.co_effect(
                co,
                "with",
                unit.to_string(),
                "none".to_string(),
                format!(
                    "{name}'{} command base leaves {text}, which {fell}: his fate is his wounding roll at the end of the Move (Rule 99, WI-21, WI-H3)",
                    if name.ends_with('s') { "" } else { "s" }
                ),
            ));
            let slot = self.co_mut(co);
            slot.with = None;
            slot.left_with = Some(unit);
        }
    }

    /// A killed or captured general's command base is lost (Rule 29,
    /// WI-4, WI-21): it is with no unit any more, so the unit's state no
    /// longer counts against his successor's dice and nobody leads it.
    pub(super) fn leave_if_lost(&mut self, co: CoId, entry: &mut Entry) {
        let c = &self.cos[co.side as usize][co.index];
        let (Some(unit), true) = (c.with, c.co.status.base_lost()) else {
            return;
        };
        let name = c.co.name.clone();
        let status = c.co.status.title();
        let text = self
            .get(unit)
            .map_or_else(|| unit.to_string(), |u| named(&u.unit.name, unit));
        entry.effects.push(self.co_effect(
            co,
            "with",
            unit.to_string(),
            "none".to_string(),
            format!("{name} ({status}) is no longer with {text} (Rule 29, WI-4)"),
        ));
        self.co_mut(co).with = None;
    }
}
