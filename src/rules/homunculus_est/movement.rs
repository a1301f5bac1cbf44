//! MOVEMENT ACTIVATION and the Charge (HE-13, HE-14).

use super::tables::movement_points;
use super::{Attachment, Characteristic, Class, Draw, Next, Unit, check_faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What the referee says of a Movement or Charge Activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovementSituation {
    /// A Charge Activation (HE-14).
    pub charge: bool,
    /// Attack Points spent on the Charge (+1 each, not on a natural 1; HE-8).
    pub attack_points: u32,
    /// A Movement Point re-rolls the die (HE-8).
    pub movement_point_reroll: bool,
    /// An enemy unit is to its front after the move (HE-14).
    pub enemy_in_front_after: bool,
}

impl Default for MovementSituation {
    fn default() -> Self {
        MovementSituation {
            charge: false,
            attack_points: 0,
            movement_point_reroll: false,
            enemy_in_front_after: true,
        }
    }
}

/// A planned Movement or Charge Activation: its dice and modifiers.
#[derive(Clone, Debug)]
pub struct MovementActivation {
    unit: Unit,
    fatigued: bool,
    situation: MovementSituation,
    /// The class modifier (MOVEMENT ACTIVATION, Modifiers).
    pub modifiers: Vec<Modifier>,
}

/// A Movement Activation's outcome.
#[derive(Clone, Debug)]
pub struct MovementOutcome {
    /// The die that stands (HE-1).
    pub natural: u8,
    /// The modified roll.
    pub modified: i32,
    /// A failed activation (natural 1, or 1-2 Fatigued).
    pub failed: bool,
    /// Movement Points.
    pub movement_points: u32,
    /// The activation ends the phase (HE-6).
    pub reversal_of_fortune: bool,
    /// The unit afterwards.
    pub after: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Whether a natural roll fails the activation (MOVEMENT ACTIVATION, HE-11, HE-13).
pub fn fails(natural: u8, fatigued: bool) -> bool {
    natural == 1 || (fatigued && natural == 2)
}

impl MovementActivation {
    /// Plans the activation; an Immobile or already activated unit is refused.
    pub fn plan(
        unit: &Unit,
        fatigued: bool,
        situation: MovementSituation,
    ) -> Result<Self, RulesError> {
        // UNIT CHARACTERISTICS (2) Immobile, HE-13
        if unit.has(Characteristic::Immobile) {
            return Err(RulesError::refused(format!(
                "{} is Immobile: it cannot be given a Movement or Charge Activation (UNIT CHARACTERISTICS (2), HE-13)",
                unit.name
            )));
        }
        // HE-5: each unit once a phase
        if unit.activated {
            return Err(RulesError::refused(format!(
                "{} has already been activated this phase: each unit is activated once a phase (HE-5)",
                unit.name
            )));
        }
        if unit.removed || unit.off_table {
            return Err(RulesError::refused(format!(
                "{} is not on the table (HE-33)",
                unit.name
            )));
        }
        if situation.attack_points > 0 && !situation.charge {
            return Err(RulesError::refused(
                "Attack Points add to the Movement die of a Charge only (COMMAND POINTS, HE-8)",
            ));
        }
        let mut modifiers = Vec::new();
        // MOVEMENT ACTIVATION, Modifiers; HE-2, HE-13: only one applies
        if unit.is_light_cavalry() {
            modifiers.push(Modifier::new(
                3,
                "Light Cavalry",
                cite("MOVEMENT ACTIVATION", "HE-2, HE-13"),
            ));
        } else if unit.is_cavalry() {
            modifiers.push(Modifier::new(
                2,
                "Cavalry",
                cite("MOVEMENT ACTIVATION", "HE-13"),
            ));
        } else if unit.class == Class::SkirmishingInfantry {
            modifiers.push(Modifier::new(
                1,
                "Light Infantry / Infantry Skirmishers",
                cite("MOVEMENT ACTIVATION", "HE-2, HE-13"),
            ));
        }
        Ok(MovementActivation {
            unit: unit.clone(),
            fatigued,
            situation,
            modifiers,
        })
    }

    /// Movement dice rolled: one, two with a Movement Point re-roll.
    pub fn dice_needed(&self) -> usize {
        1 + usize::from(self.situation.movement_point_reroll)
    }

    /// The outcome for a natural roll (the die that stands).
    pub fn outcome_of(&self, natural: u8) -> (i32, bool, u32) {
        let s = &self.situation;
        let failed = fails(natural, self.fatigued);
        // COMMAND POINTS Attack: "+1 ... for each Attack Point (except roll of 1)", HE-14
        let attack = if natural == 1 {
            0
        } else {
            s.attack_points as i32
        };
        let modified = i32::from(natural) + total(&self.modifiers) + attack;
        let mp = if failed { 0 } else { movement_points(modified) };
        (modified, failed, mp)
    }

    /// Resolves the activation with `dice.movement`.
    pub fn resolve(&self, movement: &[u8]) -> Result<MovementOutcome, RulesError> {
        check_faces("movement", movement)?;
        let mut draw = Draw::new("movement", movement);
        let first = draw.one("a Movement Activation (MOVEMENT ACTIVATION)")?;
        let mut ex = Explanation::default();
        ex.line(
            format!("{} rolls {first} for its activation", self.unit.name),
            cite("MOVEMENT ACTIVATION", "HE-13"),
        );
        let natural = if self.situation.movement_point_reroll {
            // COMMAND POINTS Movement: re-roll one Movement dice, HE-1: the last roll stands
            let r = draw.one("a Movement Point re-roll (COMMAND POINTS)")?;
            ex.line(
                format!("a Movement Point re-rolls it: {r}"),
                cite("COMMAND POINTS", "HE-1, HE-8"),
            );
            r
        } else {
            first
        };
        draw.done()?;
        let s = &self.situation;
        let (modified, failed, mp) = self.outcome_of(natural);
        ex.modifiers(&self.modifiers);
        if s.attack_points > 0 {
            if natural == 1 {
                ex.line(
                    "Attack Points add nothing to a natural 1",
                    cite("COMMAND POINTS", "HE-14"),
                );
            } else {
                ex.line(
                    format!("+{} Attack Points spent on the Charge", s.attack_points),
                    cite("COMMAND POINTS", "HE-8, HE-14"),
                );
            }
        }
        let mut after = self.unit.clone();
        after.activated = true;
        let mut reversal = false;
        let mut next = Vec::new();
        if failed {
            ex.line(
                if self.fatigued {
                    format!("natural {natural}: the Fatigued army fails on 1-2: failed Activation, 0 Movement Points")
                } else {
                    format!("natural {natural}: failed Activation, 0 Movement Points")
                },
                cite("MOVEMENT ACTIVATION", "HE-11, HE-13"),
            );
            if self.unit.failed_last_movement {
                // REVERSAL OF FORTUNE: two consecutive Movement Activations failed, HE-6
                reversal = true;
                ex.line(
                    "its previous activation failed too: two consecutive failures, Reversal of Fortune",
                    cite("REVERSAL OF FORTUNE", "HE-6, HE-13"),
                );
            }
        } else {
            ex.line(
                format!("modified {modified}: {mp} Movement Points"),
                cite("MOVEMENT ACTIVATION", "HE-13"),
            );
        }
        after.failed_last_movement = failed;
        if s.charge {
            if s.enemy_in_front_after {
                if !failed {
                    // HE-14: the Combat follows at once
                    next.push(Next::Combat);
                    ex.line(
                        "an enemy unit is to its front: the combat follows",
                        cite("COMBAT ACTIVATION", "HE-14"),
                    );
                }
            } else {
                // REVERSAL OF FORTUNE: no enemy unit to its front after Charge Activation, HE-14
                reversal = true;
                ex.line(
                    "no enemy unit to its front after the Charge: Reversal of Fortune",
                    cite("REVERSAL OF FORTUNE", "HE-6, HE-14"),
                );
                if after.attached(Attachment::Devotio) {
                    // ATTACHMENT CHARACTERISTICS Devotio: lost if no contact
                    after.attachments.retain(|a| *a != Attachment::Devotio);
                    ex.line(
                        "the Charge made no contact: the Devotio is lost",
                        cite("ATTACHMENT CHARACTERISTICS", "HE-14"),
                    );
                }
            }
        }
        Ok(MovementOutcome {
            natural,
            modified,
            failed,
            movement_points: mp,
            reversal_of_fortune: reversal,
            after,
            next,
            explanation: ex,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn foot() -> Unit {
        Unit::new("spearmen", Class::FormedInfantry, 3, 4, 8)
    }

    #[test]
    fn class_modifiers() {
        let s = MovementSituation::default();
        let m = |u: &Unit| total(&MovementActivation::plan(u, false, s).unwrap().modifiers);
        assert_eq!(m(&foot()), 0);
        assert_eq!(m(&Unit::new("x", Class::SkirmishingInfantry, 1, 3, 8)), 1);
        let mut cav = Unit::new("x", Class::Cavalry, 3, 3, 7);
        assert_eq!(m(&cav), 2);
        cav.characteristics.push(Characteristic::Skirmishers);
        assert_eq!(m(&cav), 3);
    }

    #[test]
    fn natural_one_fails_and_fatigue_adds_two() {
        let p = MovementActivation::plan(&foot(), false, MovementSituation::default()).unwrap();
        assert!(p.resolve(&[1]).unwrap().failed);
        assert!(!p.resolve(&[2]).unwrap().failed);
        let f = MovementActivation::plan(&foot(), true, MovementSituation::default()).unwrap();
        let o = f.resolve(&[2]).unwrap();
        assert!(o.failed && o.movement_points == 0 && !o.reversal_of_fortune);
    }

    #[test]
    fn second_failure_is_a_reversal_and_a_success_clears_it() {
        let mut u = foot();
        u.failed_last_movement = true;
        let p = MovementActivation::plan(&u, false, MovementSituation::default()).unwrap();
        assert!(p.resolve(&[1]).unwrap().reversal_of_fortune);
        let o = p.resolve(&[6]).unwrap();
        assert!(!o.reversal_of_fortune && !o.after.failed_last_movement);
        assert_eq!(o.movement_points, 3);
    }

    #[test]
    fn charge_without_enemy_is_a_reversal_and_loses_devotio() {
        let mut u = foot();
        u.attachments.push(Attachment::Devotio);
        let s = MovementSituation {
            charge: true,
            enemy_in_front_after: false,
            ..Default::default()
        };
        let o = MovementActivation::plan(&u, false, s)
            .unwrap()
            .resolve(&[4])
            .unwrap();
        assert!(o.reversal_of_fortune && o.next.is_empty() && o.after.attachments.is_empty());
    }

    #[test]
    fn attack_points_not_on_a_one_and_reroll_replaces() {
        let s = MovementSituation {
            charge: true,
            attack_points: 2,
            movement_point_reroll: true,
            ..Default::default()
        };
        let p = MovementActivation::plan(&foot(), false, s).unwrap();
        let o = p.resolve(&[6, 1]).unwrap();
        assert_eq!((o.natural, o.modified, o.failed), (1, 1, true));
        assert!(p.resolve(&[3]).is_err(), "the re-roll's die is missing");
        let o = p.resolve(&[1, 3]).unwrap();
        assert_eq!((o.modified, o.movement_points), (5, 2));
        assert_eq!(o.next, vec![Next::Combat]);
    }

    #[test]
    fn immobile_and_activated_are_refused() {
        let mut u = foot();
        u.characteristics.push(Characteristic::Immobile);
        assert!(MovementActivation::plan(&u, false, MovementSituation::default()).is_err());
        let mut u = foot();
        u.activated = true;
        assert!(MovementActivation::plan(&u, false, MovementSituation::default()).is_err());
    }
}
