//! Melees (Rule 25 step 7, Rules 76-84): who is in melee with whom (the
//! table's: a charge or follow-up made contact), and a round between two
//! engaged units, its round counted with the same enemy (Rule 76).

use super::super::event::{Phase, UnitId};
use super::{Entry, State, dice_text, incurred, named};
use crate::battle::BattleError;
use crate::rules::Side;
use crate::rules::warlord_i::{CoStatus, Melee, MeleeFacts, MeleeMove, Next, SidesDice};

impl State {
    /// Two units are in melee with each other.
    pub(super) fn engage(
        &mut self,
        a: UnitId,
        b: UnitId,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.enemies(a, b)?;
        if self.engagement(a, b).is_some() {
            return Err(BattleError::Refused(format!(
                "{a} and {b} are already in melee with each other"
            )));
        }
        entry.summary = format!(
            "{} and {} are in melee",
            named(&self.units[a.side as usize][a.index].unit.name, a),
            named(&self.units[b.side as usize][b.index].unit.name, b)
        );
        let (ba, bb) = (
            self.units[a.side as usize][a.index].unit.clone(),
            self.units[b.side as usize][b.index].unit.clone(),
        );
        self.engagements.push(super::Engagement {
            a,
            b,
            rounds: 0,
            fought_this_move: false,
            followed_up: [false, false],
        });
        self.sync_in_melee(a);
        self.sync_in_melee(b);
        self.settle(a, &ba, entry);
        self.settle(b, &bb, entry);
        Ok(())
    }

    /// Two units are no longer in melee.
    pub(super) fn disengage(
        &mut self,
        a: UnitId,
        b: UnitId,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.unit(a)?;
        self.unit(b)?;
        if self.engagement(a, b).is_none() {
            return Err(BattleError::Refused(format!(
                "{a} and {b} are not in melee with each other"
            )));
        }
        entry.summary = format!(
            "{} and {} are no longer in melee",
            named(&self.units[a.side as usize][a.index].unit.name, a),
            named(&self.units[b.side as usize][b.index].unit.name, b)
        );
        self.part(a, b, entry);
        Ok(())
    }

    /// Ends the melee between two units.
    fn part(&mut self, a: UnitId, b: UnitId, entry: &mut Entry) {
        let (ba, bb) = (
            self.units[a.side as usize][a.index].unit.clone(),
            self.units[b.side as usize][b.index].unit.clone(),
        );
        self.engagements.retain(|e| !e.is(a, b));
        self.sync_in_melee(a);
        self.sync_in_melee(b);
        self.settle(a, &ba, entry);
        self.settle(b, &bb, entry);
    }

    /// Whether a general wounded or worse is with the unit (Rule 98: he
    /// adds nothing when leading it, WI-19).
    fn wounded_general_with(&self, unit: UnitId) -> bool {
        self.cos[unit.side as usize]
            .iter()
            .any(|c| c.with == Some(unit) && c.co.status >= CoStatus::Wounded)
    }

    /// The next round of melee between two units as the battle stands: its
    /// round counted with the same enemy (Rule 76), a wounded general
    /// leading adding nothing (Rule 98, WI-19).
    pub(crate) fn melee_plan(
        &self,
        a: UnitId,
        b: UnitId,
        facts_a: &MeleeFacts,
        facts_b: &MeleeFacts,
        simultaneous: bool,
    ) -> Result<Melee, BattleError> {
        self.enemies(a, b)?;
        let round = self.engagement(a, b).map_or(1, |e| e.rounds + 1);
        let mut fa = *facts_a;
        let mut fb = *facts_b;
        fa.general_wounded |= self.wounded_general_with(a);
        fb.general_wounded |= self.wounded_general_with(b);
        // WI-H2: fought at once, a unit's losses to another enemy this
        // Move count not in this pair.
        let seen = |id: UnitId| {
            simultaneous
                .then(|| self.units[id.side as usize][id.index].before_melees)
                .flatten()
        };
        Ok(Melee::plan_seen(
            round,
            (&self.units[a.side as usize][a.index].unit, fa),
            (&self.units[b.side as usize][b.index].unit, fb),
            [seen(a), seen(b)],
        )?)
    }

    /// A round of melee between two engaged units (Rules 76-84, WI-18 to WI-20).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn melee(
        &mut self,
        a: UnitId,
        b: UnitId,
        facts_a: &MeleeFacts,
        facts_b: &MeleeFacts,
        simultaneous: bool,
        dice: &SidesDice,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.enemies(a, b)?;
        let (na, nb) = (
            self.units[a.side as usize][a.index].unit.name.clone(),
            self.units[b.side as usize][b.index].unit.name.clone(),
        );
        self.expect_phase(
            Phase::Melees,
            &format!("a round of melee between {na} and {nb}"),
        )?;
        let Some(e) = self.engagement(a, b) else {
            return Err(BattleError::Refused(format!(
                "{} and {} are not in melee; record their contact first (an engagement)",
                named(&na, a),
                named(&nb, b)
            )));
        };
        if e.fought_this_move {
            return Err(BattleError::OutOfTurn(format!(
                "{} and {} have fought their round of melee this Move (Rule 76)",
                named(&na, a),
                named(&nb, b)
            )));
        }
        let plan = self.melee_plan(a, b, facts_a, facts_b, simultaneous)?;
        let round = plan.round;
        // WI-20: the losing player's choice, for the summary.
        let choice = match (dice.a.white.first(), dice.b.white.first()) {
            (Some(x), Some(y)) => {
                let v =
                    plan.verdict(plan.score(Side::A, x.value()) - plan.score(Side::B, y.value()));
                v.loser.and_then(|l| v.side(l).response.map(|r| (l, r)))
            }
            _ => None,
        };
        let out = plan.resolve(dice)?;
        let (ua, ub) = (
            &self.units[a.side as usize][a.index].unit,
            &self.units[b.side as usize][b.index].unit,
        );
        let (ga, gb) = (incurred(ua, &out.after_a), incurred(ub, &out.after_b));
        entry.roll(&na, &dice.a);
        entry.roll(&nb, &dice.b);
        let mut text = format!(
            "melee, round {round}: {} ({}) scores {} against {} ({}) {}",
            named(&na, a),
            dice_text(&dice.a),
            out.a.score,
            named(&nb, b),
            dice_text(&dice.b),
            out.b.score
        );
        match out.loser {
            None => text.push_str(": both stand"),
            Some(l) => text.push_str(&format!(
                ": {} loses by {}",
                if l == Side::A { &na } else { &nb },
                out.difference
            )),
        }
        let moves: Vec<String> = [(&na, out.a.movement), (&nb, out.b.movement)]
            .into_iter()
            .filter(|(_, m)| *m != MeleeMove::None)
            .map(|(n, m)| {
                format!(
                    "{n} {}",
                    match m {
                        MeleeMove::Recoil => "recoils (IRMR)",
                        MeleeMove::Retreat => "retreats (IRMD)",
                        MeleeMove::FollowUp => "follows up (IFUM)",
                        MeleeMove::None => "stands",
                    }
                )
            })
            .collect();
        if !moves.is_empty() {
            text.push_str(&format!("; {}", moves.join(", ")));
        }
        if out.next.contains(&Next::Prisoners) {
            text.push_str("; the loser surrenders and is taken prisoner");
        } else if let Some((l, r)) = choice {
            let loser = if l == Side::A { &na } else { &nb };
            let s = if loser.ends_with('s') { "" } else { "s" };
            text.push_str(&format!("; {loser}'{s} player chose to {r} (WI-20)"));
        }
        entry.summary = text;
        entry.explanation = out.explanation.clone();
        // WI-20: a surrendering loser leaves the table, the winner's prisoner.
        if let Some(l) = out.loser
            && out.next.contains(&Next::Prisoners)
        {
            let id = if l == Side::A { a } else { b };
            self.get_mut(id).surrendered = true;
        }
        if let Some(e) = self.engagements.iter_mut().find(|e| e.is(a, b)) {
            e.rounds = round;
            e.fought_this_move = true;
            // WI-20: who followed up advances into the next round.
            let (fa, fb) = (
                out.a.movement == MeleeMove::FollowUp,
                out.b.movement == MeleeMove::FollowUp,
            );
            e.followed_up = if e.a == a { [fa, fb] } else { [fb, fa] };
        }
        if simultaneous {
            // WI-H2: the battle's melees are fought at once (docs/save-format.md).
            self.melees_recorded_at_once = true;
        }
        for id in [a, b] {
            let slot = self.get_mut(id);
            slot.fought_this_move = true;
            // WI-H2: as it stood before its first round this Move.
            if slot.before_melees.is_none() {
                slot.before_melees = Some((slot.unit.aps, slot.unit.bases_lost));
            }
        }
        self.write_after(a, &out.after_a, ga, entry);
        self.write_after(b, &out.after_b, gb, entry);
        // WI-23: the moves are the table's; a unit that recoils or retreats
        // leaves the melee unless its enemy follows it up.
        let away = |m: MeleeMove| matches!(m, MeleeMove::Recoil | MeleeMove::Retreat);
        let (ma, mb) = (out.a.movement, out.b.movement);
        let parted =
            (away(ma) && mb != MeleeMove::FollowUp) || (away(mb) && ma != MeleeMove::FollowUp);
        if parted && self.engagement(a, b).is_some() {
            self.part(a, b, entry);
        }
        Ok(())
    }
}
