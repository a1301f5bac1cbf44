//! Supporting units (2.6): units in contact in a Melee that are not its two
//! opponents. They roll no dice; they give the opponent they support their
//! extra dice and modifiers (2.6.1 A, B), fall back with it (2.6.2) and may
//! follow up with it (2.6.3, W-26).

use super::melee::MeleeFacts;
use super::unit::{Formation, Unit};
use crate::rules::explain::{Explanation, sec};
use std::fmt;

/// The edge of the enemy opponent a supporting unit contacts (or overlaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Its front, beside the opponent it supports: no dice of its own (2.6.1).
    Front,
    /// One of its flanks.
    Flank,
    /// Its rear.
    Rear,
}

impl Edge {
    /// The written form: `front`, `flank`, `rear`.
    pub fn code(self) -> &'static str {
        match self {
            Edge::Front => "front",
            Edge::Flank => "flank",
            Edge::Rear => "rear",
        }
    }

    /// Reads the written form.
    pub fn parse(text: &str) -> Option<Edge> {
        Some(match text {
            "front" => Edge::Front,
            "flank" => Edge::Flank,
            "rear" => Edge::Rear,
            _ => return None,
        })
    }

    /// Every written form, for error messages.
    pub const CODES: &'static str = "front, flank, rear";
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One supporting unit as the Melee sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Supporter<'a> {
    /// The supporting unit.
    pub unit: &'a Unit,
    /// The enemy opponent's edge it contacts.
    pub edge: Edge,
    /// It charged into that contact this turn (2.6.1 B: -2 to a heavy unit's victim).
    pub charged_this_turn: bool,
}

/// The edge a supporter really counts on: a Hedgehog has no flanks or
/// rear, every edge is its front (2.3.1.4).
pub fn edge_on(enemy: &Unit, edge: Edge) -> Edge {
    if enemy.formation == Formation::Hedgehog {
        Edge::Front
    } else {
        edge
    }
}

/// Adds what the supporters of one opponent contribute (2.6.1 A, B) to its
/// facts (`own`) and to the enemy opponent's (`enemy_facts`): +1 die to the
/// opponent per enemy flank or rear contacted (at most 2 flanks and the
/// rear), -1 to the enemy per flank and -2 for its rear contacted by a
/// supporter's front, and -2 if a supporter that is a heavy unit charged it
/// on a flank or rear this turn. A supporter at the enemy's front adds
/// nothing. Returns the lines saying who gave what.
pub fn contribute(
    own: &mut MeleeFacts,
    enemy_facts: &mut MeleeFacts,
    enemy: &Unit,
    supporters: &[Supporter<'_>],
) -> Explanation {
    let mut why = Explanation::default();
    for s in supporters {
        let edge = edge_on(enemy, s.edge);
        let name = &s.unit.name;
        match edge {
            Edge::Front => {
                why.line(
                    if s.edge == Edge::Front {
                        format!("{name} supports at {}'s front: no dice of its own", enemy.name)
                    } else {
                        format!(
                            "{name} supports: {} is in Hedgehog, every edge is its front, so no flank or rear",
                            enemy.name
                        )
                    },
                    sec(if s.edge == Edge::Front {
                        "2.6"
                    } else {
                        "2.3.1.4"
                    }),
                );
                continue;
            }
            Edge::Flank => {
                if enemy_facts.flanks_contacted < 2 {
                    enemy_facts.flanks_contacted += 1;
                    own.enemy_flanks = (own.enemy_flanks + 1).min(3);
                    why.line(
                        format!(
                            "{name} on {}'s flank: +1 die to the opponent it supports, -1 to {}",
                            enemy.name, enemy.name
                        ),
                        sec("2.6.1 A, B"),
                    );
                }
            }
            Edge::Rear => {
                if !enemy_facts.rear_contacted {
                    enemy_facts.rear_contacted = true;
                    own.enemy_flanks = (own.enemy_flanks + 1).min(3);
                    why.line(
                        format!(
                            "{name} on {}'s rear: +1 die to the opponent it supports, -2 to {}",
                            enemy.name, enemy.name
                        ),
                        sec("2.6.1 A, B"),
                    );
                }
            }
        }
        if s.charged_this_turn && s.unit.troop_type.is_heavy() {
            enemy_facts.struck_by_charging_heavy = true;
            why.line(
                format!(
                    "{name}, a heavy unit, charged {} on its {edge} this turn: -2 to {}",
                    enemy.name, enemy.name
                ),
                sec("2.6.1 B"),
            );
        }
    }
    why
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlords::unit::TroopType;

    fn unit(name: &str, t: TroopType) -> Unit {
        Unit::new(name, t, 6)
    }

    #[test]
    fn a_flank_supporter_gives_a_die_and_takes_one_from_the_enemy() {
        let s = unit("Knights", TroopType::Cavalry);
        let e = unit("Foot", TroopType::CloseFoot);
        let (mut own, mut foe) = (MeleeFacts::default(), MeleeFacts::default());
        let sup = [Supporter {
            unit: &s,
            edge: Edge::Flank,
            charged_this_turn: true,
        }];
        let why = contribute(&mut own, &mut foe, &e, &sup);
        assert_eq!(own.enemy_flanks, 1);
        assert_eq!(foe.flanks_contacted, 1);
        assert!(foe.struck_by_charging_heavy);
        assert_eq!(why.lines.len(), 2);
    }

    #[test]
    fn a_hedgehog_has_no_flanks_for_supporters() {
        let s = unit("Knights", TroopType::Cavalry);
        let mut e = unit("Schiltron", TroopType::Pike);
        e.formation = Formation::Hedgehog;
        let (mut own, mut foe) = (MeleeFacts::default(), MeleeFacts::default());
        let sup = [Supporter {
            unit: &s,
            edge: Edge::Rear,
            charged_this_turn: true,
        }];
        contribute(&mut own, &mut foe, &e, &sup);
        assert_eq!(own, MeleeFacts::default());
        assert_eq!(foe, MeleeFacts::default());
    }
}
