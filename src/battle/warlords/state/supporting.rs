//! Supporting units in the fold (2.6): marked by the referee, part of their
//! Melee until it ends, falling back (2.6.2) and following up (2.6.3, W-26)
//! with the opponent they support, and fighting no Melee of their own
//! against that Melee's units.

use super::{Engagement, State, Support};
use crate::battle::BattleError;
use crate::battle::warlords::Entry;
use crate::battle::warlords::duty::{Due, Duty};
use crate::battle::warlords::event::UnitId;
use crate::rules::explain::sec;
use crate::rules::warlords::supporting::{Edge, edge_on};

impl State {
    /// The supporting units of the Melee of `x` and `y`, both sides.
    pub fn supports_of(&self, x: UnitId, y: UnitId) -> impl Iterator<Item = &Support> + '_ {
        self.supports.iter().filter(move |s| s.of(x, y))
    }

    /// Every unit of the Melee of `x` and `y`: the two opponents, then their supporting units.
    pub fn melee_units(&self, x: UnitId, y: UnitId) -> Vec<UnitId> {
        let mut all = vec![x, y];
        for s in self.supports_of(x, y) {
            if !all.contains(&s.unit) {
                all.push(s.unit);
            }
        }
        all
    }

    /// The support that makes an engagement part of a Melee with other
    /// opponents, if any: one of the pair supports in a Melee the other is
    /// in (2.6: only the opponents roll; it fights no Melee of its own there).
    pub fn covered(&self, e: &Engagement) -> Option<&Support> {
        self.supports.iter().find(|s| {
            let other = if s.unit == e.a {
                e.b
            } else if s.unit == e.b {
                e.a
            } else {
                return false;
            };
            !e.is(s.opponent, s.enemy) && self.melee_units(s.opponent, s.enemy).contains(&other)
        })
    }

    /// The Melees still to fight this turn: engaged pairs that have not
    /// fought and are not a supporting unit's contact in another Melee,
    /// and neither of which has rolled as an opponent this turn (a unit in
    /// contact with an opponent that has fought is a supporting unit of
    /// that Melee, marked or not, 2.6).
    pub fn melees_to_fight(&self) -> impl Iterator<Item = &Engagement> + '_ {
        let fought = |id: UnitId| self.units[id.side as usize][id.index].fought_this_turn;
        self.engagements.iter().filter(move |e| {
            !e.fought_this_turn && self.covered(e).is_none() && !fought(e.a) && !fought(e.b)
        })
    }

    /// Drops the supports whose Melee has ended, whose unit left the table,
    /// or whose unit is no longer in contact with the enemy it supported against.
    pub(super) fn prune_supports(&mut self) {
        let units = &self.units;
        let off = |id: UnitId| units[id.side as usize][id.index].off_table();
        let engaged = |x: UnitId, y: UnitId| self.engagements.iter().any(|e| e.is(x, y));
        let keep: Vec<Support> = self
            .supports
            .iter()
            .filter(|s| !off(s.unit) && engaged(s.opponent, s.enemy) && engaged(s.unit, s.contacts))
            .copied()
            .collect();
        self.supports = keep;
    }

    /// `unit` becomes a supporting unit of `opponent` in its Melee against `enemy` (2.6).
    pub(super) fn support(
        &mut self,
        unit: UnitId,
        opponent: UnitId,
        enemy: UnitId,
        edge: Edge,
        entry: &mut Entry,
    ) -> Result<(), BattleError> {
        self.enemies(unit, enemy)?;
        self.enemies(opponent, enemy)?;
        let name = |id: UnitId| self.units[id.side as usize][id.index].unit.name.clone();
        if unit == opponent {
            return Err(BattleError::Refused(format!(
                "{} ({unit}) is an opponent of this Melee, not a supporting unit of itself (2.6)",
                name(unit)
            )));
        }
        if self.engagement(opponent, enemy).is_none() {
            return Err(BattleError::Refused(format!(
                "{} ({opponent}) and {} ({enemy}) are not in Melee; a unit supports an opponent of a Melee (2.6): record their contact first",
                name(opponent),
                name(enemy)
            )));
        }
        if self
            .supports
            .iter()
            .any(|s| s.unit == unit && s.of(opponent, enemy))
        {
            return Err(BattleError::Refused(format!(
                "{} ({unit}) already supports in the Melee of {opponent} and {enemy}",
                name(unit)
            )));
        }
        let counted = edge_on(&self.unit(enemy)?.unit, edge);
        // 2.6: `unit` was the opponent of `enemy` and gives way to `opponent`
        // (it reached the front): the supporting units of its Melee become
        // those of the new one, each still in contact with the unit it contacts.
        let rekeyed = self.rekey_supports(unit, opponent, enemy);
        self.supports.push(Support {
            unit,
            opponent,
            enemy,
            edge,
            contacts: enemy,
        });
        if self.engagement(unit, enemy).is_none() {
            self.engagements.push(Engagement {
                a: unit,
                b: enemy,
                rounds: 0,
                fought_this_turn: false,
            });
        }
        let name = |id: UnitId| self.units[id.side as usize][id.index].unit.name.clone();
        entry.summary = format!(
            "{} ({unit}) supports {} ({opponent}) against {} ({enemy}), on its {edge}",
            name(unit),
            name(opponent),
            name(enemy)
        );
        entry.explanation.line(
            "only the opponents roll; a supporting unit gives its dice and modifiers to the opponent it supports, falls back and follows up with it, and fights no Melee of its own here",
            sec("2.6, 2.6.2, 2.6.3"),
        );
        for r in rekeyed {
            entry.explanation.line(
                format!(
                    "{} ({}) now supports {} ({}) against {} ({}), in contact with {} on its {}",
                    name(r.unit),
                    r.unit,
                    name(r.opponent),
                    r.opponent,
                    name(r.enemy),
                    r.enemy,
                    name(r.contacts),
                    r.edge
                ),
                sec("2.6"),
            );
        }
        if counted != edge {
            entry.explanation.line(
                format!(
                    "{} is in Hedgehog: it has no flanks or rear, every edge is its front",
                    name(enemy)
                ),
                sec("2.3.1.4"),
            );
        }
        Ok(())
    }

    /// `old` was the opponent of `enemy` and now supports `new` against it:
    /// the supports of the Melee of `old` and `enemy` move to the Melee of
    /// `new` and `enemy` (its friends now support `new`; the enemy's
    /// supporters fight `new`, still in contact with `old`). Returns them.
    fn rekey_supports(&mut self, old: UnitId, new: UnitId, enemy: UnitId) -> Vec<Support> {
        if self.engagement(old, enemy).is_none() {
            return Vec::new();
        }
        // The new opponent no longer supports in the Melee it now fights.
        self.supports
            .retain(|s| !(s.unit == new && s.of(old, enemy)));
        let mut moved = Vec::new();
        for s in &mut self.supports {
            if !s.of(old, enemy) || s.unit == new {
                continue;
            }
            if s.opponent == old {
                s.opponent = new;
            } else {
                s.enemy = new;
            }
            moved.push(*s);
        }
        moved
    }

    /// Names the supporting units of the Melee of `a` and `b` in its summary (2.6).
    pub(super) fn say_supporters(&self, a: UnitId, b: UnitId, entry: &mut Entry) {
        let said: Vec<String> = self
            .supports_of(a, b)
            .map(|s| {
                let n = &self.units[s.unit.side as usize][s.unit.index].unit.name;
                format!(
                    "{n} ({}) supports {} on {}'s {}",
                    s.unit, s.opponent, s.contacts, s.edge
                )
            })
            .collect();
        if !said.is_empty() {
            entry.summary.push_str(&format!(" [{}]", said.join("; ")));
        }
    }

    /// After a round in which `loser` fell back from `winner`: says which
    /// supporting units fall back with it (2.6.2).
    pub(super) fn fall_back_with(&self, winner: UnitId, loser: UnitId, entry: &mut Entry) {
        for s in self
            .supports_of(winner, loser)
            .filter(|s| s.opponent == loser)
        {
            let n = &self.units[s.unit.side as usize][s.unit.index].unit.name;
            entry.summary.push_str(&format!("; {n} falls back with it"));
            entry.explanation.line(
                format!("{n} ({}) supports the loser: it falls back with it", s.unit),
                sec("2.6.2"),
            );
        }
    }

    /// The Melee of `winner` and `loser` ends (no follow-up, W-26): every
    /// unit of it, opponents and supporting units, is out of contact with
    /// the other side's.
    pub(super) fn end_melee(&mut self, winner: UnitId, loser: UnitId, entry: &mut Entry) {
        let all = self.melee_units(winner, loser);
        let supporters: Vec<UnitId> = all[2..].to_vec();
        self.engagements
            .retain(|e| !(all.contains(&e.a) && all.contains(&e.b)));
        self.supports.retain(|s| !s.of(winner, loser));
        for u in supporters {
            let n = &self.units[u.side as usize][u.index].unit.name;
            entry.explanation.line(
                format!("{n} ({u}) leaves the Melee with the opponent it supported"),
                sec("2.6.2, 2.6.3, W-26"),
            );
        }
        self.prune_supports();
    }

    /// The winner follows up (2.6.3, W-26): the loser's supporting units
    /// fell back with it and stay; the winner's supporting units at the
    /// loser's front may follow up too, when the referee says they are not
    /// blocked (a follow-up of their own); those on its flank or rear do
    /// not move and leave the Melee.
    pub(super) fn winner_follows(&mut self, winner: UnitId, loser: UnitId, entry: &mut Entry) {
        let mine: Vec<Support> = self
            .supports_of(winner, loser)
            .filter(|s| s.opponent == winner)
            .copied()
            .collect();
        let loser_unit = self.units[loser.side as usize][loser.index].unit.clone();
        for s in mine {
            let n = self.units[s.unit.side as usize][s.unit.index]
                .unit
                .name
                .clone();
            if edge_on(&loser_unit, s.edge) == Edge::Front {
                let duty = Duty {
                    unit: s.unit,
                    due: Due::FollowUp { loser },
                };
                if !self.duties.contains(&duty) {
                    self.duties.push(duty);
                }
                entry.explanation.line(
                    format!("{n} ({}) supports at the loser's front: it may follow up too, unless blocked", s.unit),
                    sec("2.6.3, W-26"),
                );
            } else {
                self.engagements.retain(|e| !e.is(s.unit, s.contacts));
                entry.explanation.line(
                    format!(
                        "{n} ({}) supports on the loser's {}: it does not move, and leaves the Melee",
                        s.unit, s.edge
                    ),
                    sec("2.6.3"),
                );
            }
        }
        self.prune_supports();
    }

    /// Whether `id` supports against `loser` in the Melee `loser` fell back from.
    pub(super) fn supports_against(&self, id: UnitId, loser: UnitId) -> Option<Support> {
        self.supports
            .iter()
            .find(|s| s.unit == id && s.enemy == loser)
            .copied()
    }

    /// A new round of Melee between `a` and `b` is refused when one of them
    /// supports in a Melee the other is in (only the opponents roll), or
    /// has already rolled as an opponent this turn (2.6: one Melee a phase
    /// as an opponent; it may support in others).
    pub(super) fn check_opponents(&self, a: UnitId, b: UnitId) -> Result<(), BattleError> {
        let name = |id: UnitId| self.units[id.side as usize][id.index].unit.name.clone();
        let pair = self.engagement(a, b).copied().unwrap_or(Engagement {
            a,
            b,
            rounds: 0,
            fought_this_turn: false,
        });
        if let Some(s) = self.covered(&pair) {
            return Err(BattleError::Refused(format!(
                "{} ({}) supports {} ({}) in its Melee against {} ({}): only the opponents roll, so {a} and {b} fight no Melee of their own (2.6)",
                name(s.unit),
                s.unit,
                name(s.opponent),
                s.opponent,
                name(s.enemy),
                s.enemy
            )));
        }
        for id in [a, b] {
            if self.unit(id)?.fought_this_turn && !pair.fought_this_turn {
                return Err(BattleError::Refused(format!(
                    "{} ({id}) has already fought a Melee as an opponent this turn: it fights one a phase, and may only support in others (2.6); mark it as a supporting unit there",
                    name(id)
                )));
            }
        }
        Ok(())
    }
}
