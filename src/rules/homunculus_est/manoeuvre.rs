//! MANOEUVRE TEST (HE-15).

use super::tables::Manoeuvre;
use super::{Characteristic, Draw, Points, Unit, check_faces};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What the referee says of a manoeuvre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManoeuvreSituation {
    /// The manoeuvre attempted.
    pub manoeuvre: Manoeuvre,
    /// The unit is in Rough Terrain.
    pub in_rough: bool,
    /// The manoeuvre takes the unit into Rough Ground.
    pub entering_rough: bool,
    /// Entirely in flat, open ground (Drilled's re-roll).
    pub flat_open: bool,
    /// Movement Points left in this activation, if said.
    pub movement_points: Option<u32>,
    /// A Movement Point re-rolls a failure (HE-8).
    pub movement_point_reroll: bool,
}

impl ManoeuvreSituation {
    /// A manoeuvre with every other fact at its default.
    pub fn of(manoeuvre: Manoeuvre) -> Self {
        ManoeuvreSituation {
            manoeuvre,
            in_rough: false,
            entering_rough: false,
            flat_open: true,
            movement_points: None,
            movement_point_reroll: false,
        }
    }
}

/// A re-roll of a failed Manoeuvre Test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reroll {
    /// The unit's free re-roll this turn (Drilled, Skirmishers).
    Free,
    /// One Movement Point.
    MovementPoint,
}
named_enum!(Reroll {
    "free" => Reroll::Free,
    "movement_point" => Reroll::MovementPoint,
});

/// A planned Manoeuvre Test.
#[derive(Clone, Debug)]
pub struct ManoeuvreTest {
    unit: Unit,
    points: Points,
    situation: ManoeuvreSituation,
    /// The modifiers (MANOEUVRE TEST, Modifiers).
    pub modifiers: Vec<Modifier>,
    /// The Movement Points it costs.
    pub cost: u32,
}

/// A Manoeuvre Test's outcome.
#[derive(Clone, Debug)]
pub struct ManoeuvreOutcome {
    /// The sum of the modifiers.
    pub modifier: i32,
    /// The naturals rolled, in order.
    pub rolls: Vec<u8>,
    /// The test passed.
    pub success: bool,
    /// The re-rolls used, in order.
    pub rerolls: Vec<Reroll>,
    /// The Movement Points it costs.
    pub manoeuvre_points: u32,
    /// A final failure ends the phase (HE-6).
    pub reversal_of_fortune: bool,
    /// The unit afterwards.
    pub after: Unit,
    /// The player's Command Points afterwards.
    pub points: Points,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Whether one natural passes: 1 always fails, 6 always succeeds, else at or above MR.
pub fn passes(natural: u8, modifier: i32, mr: u32) -> bool {
    match natural {
        1 => false,
        6 => true,
        n => i32::from(n) + modifier >= mr as i32,
    }
}

impl ManoeuvreTest {
    /// Plans the test; a manoeuvre costing more than the Movement Points left,
    /// or a Movement Point re-roll with no Movement Point, is refused.
    pub fn plan(
        unit: &Unit,
        points: Points,
        situation: ManoeuvreSituation,
    ) -> Result<Self, RulesError> {
        let s = situation;
        let cost = s.manoeuvre.cost();
        if let Some(mp) = s.movement_points
            && cost > mp
        {
            return Err(RulesError::refused(format!(
                "{} costs {cost} Movement Points and {} has {mp} left (MANOEUVRE TEST, HE-15)",
                crate::rules::named::Named::name(s.manoeuvre).replace('_', " "),
                unit.name
            )));
        }
        if s.movement_point_reroll && points.movement == 0 {
            return Err(RulesError::refused(
                "a Movement Point re-roll needs a Movement Point, and the pool is empty (COMMAND POINTS, HE-8)",
            ));
        }
        let mut modifiers = Vec::new();
        if s.manoeuvre == Manoeuvre::AboutFace {
            modifiers.push(Modifier::new(
                -1,
                "About Face",
                cite("MANOEUVRE TEST", "HE-15"),
            ));
        }
        if s.in_rough {
            if unit.is_cavalry() {
                modifiers.push(Modifier::new(
                    -2,
                    "Cavalry manoeuvring in Rough Terrain",
                    cite("MANOEUVRE TEST", "HE-15"),
                ));
            } else {
                modifiers.push(Modifier::new(
                    -1,
                    "Infantry manoeuvring in Rough Terrain",
                    cite("MANOEUVRE TEST", "HE-15"),
                ));
            }
        } else if s.entering_rough && unit.is_cavalry() {
            // UNIT CHARACTERISTICS (1) Cavalry: entering Rough Ground -1, never with the -2 (HE-15)
            modifiers.push(Modifier::new(
                -1,
                "Cavalry entering Rough Ground",
                cite("UNIT CHARACTERISTICS (1)", "HE-15"),
            ));
        }
        Ok(ManoeuvreTest {
            unit: unit.clone(),
            points,
            situation,
            modifiers,
            cost,
        })
    }

    /// Whether the unit makes this manoeuvre with no test (Nomadic Cavalry's About Face, HE-15).
    pub fn free(&self) -> bool {
        self.situation.manoeuvre == Manoeuvre::AboutFace
            && self.unit.has(Characteristic::NomadicCavalry)
    }

    /// Whether the unit's free re-roll is available (Drilled in flat open ground, Skirmishers; once a turn).
    pub fn free_reroll(&self) -> bool {
        // MANOEUVRE TEST: Drilled in Flat Open Ground; UNIT CHARACTERISTICS (3) Skirmishers; HE-15
        !self.unit.free_reroll_used
            // UNIT CHARACTERISTICS (1) Drilled: "if entirely in flat, open terrain" (HE-15)
            && ((self.unit.has(Characteristic::Drilled)
                && self.situation.flat_open
                && !self.situation.in_rough
                && !self.situation.entering_rough)
                || self.unit.is_skirmisher())
    }

    /// Resolves the test with `dice.manoeuvre` (every die rolled, in order).
    pub fn resolve(&self, dice: &[u8]) -> Result<ManoeuvreOutcome, RulesError> {
        check_faces("manoeuvre", dice)?;
        let modifier = total(&self.modifiers);
        let mut ex = Explanation::default();
        let mut after = self.unit.clone();
        let mut points = self.points;
        let mut draw = Draw::new("manoeuvre", dice);
        let mut rolls = Vec::new();
        let mut rerolls = Vec::new();
        let mr = self.unit.manoeuvre_rating;
        if self.free() {
            // UNIT CHARACTERISTICS (2) Nomadic Cavalry: a free About Face, no test, no cost
            draw.done()?;
            ex.line(
                "Nomadic Cavalry make their About Face without a test or Movement Points",
                cite("UNIT CHARACTERISTICS (2)", "HE-15"),
            );
            return Ok(ManoeuvreOutcome {
                modifier: 0,
                rolls,
                success: true,
                rerolls,
                manoeuvre_points: 0,
                reversal_of_fortune: false,
                after,
                points,
                explanation: ex,
            });
        }
        ex.line(
            format!(
                "{}: {} MP, success on {mr}+ after modifiers",
                self.situation.manoeuvre, self.cost
            ),
            cite("MANOEUVRE TEST", "HE-15"),
        );
        ex.modifiers(&self.modifiers);
        let roll = |draw: &mut Draw,
                    rolls: &mut Vec<u8>,
                    ex: &mut Explanation,
                    why: &str|
         -> Result<bool, RulesError> {
            let n = draw.one(why)?;
            rolls.push(n);
            let ok = passes(n, modifier, mr);
            ex.line(
                format!(
                    "{why}: {n}{}: {}",
                    match n {
                        1 => " (a natural 1 always fails)".to_string(),
                        6 => " (a natural 6 always succeeds)".to_string(),
                        _ => format!(" {:+} = {}", modifier, i32::from(n) + modifier),
                    },
                    if ok { "passed" } else { "failed" }
                ),
                cite("MANOEUVRE TEST", "HE-15"),
            );
            Ok(ok)
        };
        let mut success = roll(&mut draw, &mut rolls, &mut ex, "the test")?;
        if !success && self.free_reroll() {
            // HE-15: the free re-roll first, used automatically
            after.free_reroll_used = true;
            rerolls.push(Reroll::Free);
            success = roll(
                &mut draw,
                &mut rolls,
                &mut ex,
                "its free re-roll (Drilled/Skirmishers, once a turn)",
            )?;
        }
        if !success && self.situation.movement_point_reroll {
            // COMMAND POINTS Movement: re-roll one Manoeuvre Test, HE-8
            points.movement -= 1;
            rerolls.push(Reroll::MovementPoint);
            success = roll(&mut draw, &mut rolls, &mut ex, "a Movement Point re-roll")?;
        }
        draw.done()?;
        if !success {
            ex.line(
                "failure of the test: Reversal of Fortune",
                cite("MANOEUVRE TEST", "HE-6, HE-15"),
            );
        }
        Ok(ManoeuvreOutcome {
            modifier,
            rolls,
            success,
            rerolls,
            manoeuvre_points: self.cost,
            reversal_of_fortune: !success,
            after,
            points,
            explanation: ex,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;

    #[test]
    fn naturals_one_and_six() {
        assert!(!passes(1, 5, 2));
        assert!(passes(6, -3, 6));
        assert!(passes(4, -1, 3) && !passes(4, -2, 3));
    }

    #[test]
    fn rough_modifiers_never_both() {
        let cav = Unit::new("c", Class::Cavalry, 3, 3, 7);
        let foot = Unit::new("f", Class::FormedInfantry, 3, 3, 7);
        let mut s = ManoeuvreSituation::of(Manoeuvre::ForwardTurn);
        s.in_rough = true;
        s.entering_rough = true;
        let m = |u: &Unit, s| {
            total(
                &ManoeuvreTest::plan(u, Points::default(), s)
                    .unwrap()
                    .modifiers,
            )
        };
        assert_eq!(m(&cav, s), -2);
        assert_eq!(m(&foot, s), -1);
        s.in_rough = false;
        assert_eq!(m(&cav, s), -1);
        assert_eq!(m(&foot, s), 0);
    }

    #[test]
    fn skirmishers_reroll_free_then_a_movement_point() {
        let u = Unit::new("s", Class::SkirmishingInfantry, 1, 4, 8);
        let mut s = ManoeuvreSituation::of(Manoeuvre::Drifting);
        s.movement_point_reroll = true;
        let p = ManoeuvreTest::plan(
            &u,
            Points {
                movement: 1,
                ..Default::default()
            },
            s,
        )
        .unwrap();
        let o = p.resolve(&[2, 3, 4]).unwrap();
        assert!(o.success && o.rerolls == [Reroll::Free, Reroll::MovementPoint]);
        assert!(o.after.free_reroll_used && o.points.movement == 0);
        assert!(p.resolve(&[5, 1]).is_err(), "a die too many");
    }

    #[test]
    fn cost_above_movement_points_is_refused() {
        let u = Unit::new("f", Class::FormedInfantry, 3, 3, 7);
        let mut s = ManoeuvreSituation::of(Manoeuvre::AboutFace);
        s.movement_points = Some(1);
        assert!(ManoeuvreTest::plan(&u, Points::default(), s).is_err());
        s.movement_points = None;
        s.movement_point_reroll = true;
        assert!(ManoeuvreTest::plan(&u, Points::default(), s).is_err());
    }
}
