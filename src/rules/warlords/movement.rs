//! Movement that rolls dice or is decided by the rules: random moves (2.4.9,
//! W-9), fleeing with its lost stands (2.4.11, W-11), and breaking off from
//! Melee (2.4.8). Distances themselves are on [`Unit`] (2.4.2, W-10).

use super::unit::{Morale, Unit, UnitTrait};
use crate::dice::{Dice, DiceCount, Die};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};
use serde::Serialize;

/// The extra spans a random move's sixes and ones give (W-9).
pub fn random_adjustment(sixes: u32, ones: u32) -> i32 {
    if sixes > ones {
        if sixes >= 3 * ones.max(1) { 2 } else { 1 }
    } else if ones > sixes {
        if ones >= 3 * sixes.max(1) { -2 } else { -1 }
    } else {
        0
    }
}

/// The distance of a random move of `spans` dice showing these sixes and
/// ones (2.4.9, W-9); never below 0.
pub fn random_distance(spans: u32, sixes: u32, ones: u32) -> u32 {
    (spans as i32 + random_adjustment(sixes, ones)).max(0) as u32
}

/// A random move: 1 die per span (2.4.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomMove {
    /// Spans wanted (or required): one die each.
    pub spans: u32,
}

/// How far a random move went.
#[derive(Clone, Debug, Serialize)]
pub struct RandomMoveOutcome {
    /// Dice rolled.
    pub dice_rolled: u32,
    /// Sixes among them.
    pub sixes: u32,
    /// Ones among them.
    pub ones: u32,
    /// Spans moved.
    pub distance: u32,
    /// The lines that made the result.
    pub explanation: Explanation,
}

impl RandomMove {
    /// One white die per span.
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(self.spans as usize)
    }

    /// Turns the dice into a distance.
    pub fn resolve(&self, dice: &Dice) -> Result<RandomMoveOutcome, RulesError> {
        dice.expect_exactly(self.needs()).map_err(|e| {
            RulesError::dice(
                e,
                format!(
                    "a random move of {} spans rolls 1 white die per span (2.4.9)",
                    self.spans
                ),
            )
        })?;
        Ok(self.read(&dice.white))
    }

    /// Reads the dice (count already checked).
    fn read(&self, white: &[Die]) -> RandomMoveOutcome {
        let sixes = white.iter().filter(|d| d.value() == 6).count() as u32;
        let ones = white.iter().filter(|d| d.value() == 1).count() as u32;
        let distance = random_distance(self.spans, sixes, ones);
        let mut why = Explanation::default();
        let shown: Vec<String> = white.iter().map(|d| d.to_string()).collect();
        let adj = random_adjustment(sixes, ones);
        let how = match adj {
            2 => "at least 3 x as many sixes as ones (no ones counts as one): +2",
            1 => "more sixes than ones: +1",
            -1 => "more ones than sixes: -1",
            -2 => "at least 3 x as many ones as sixes (no sixes counts as one): -2",
            _ => "as many sixes as ones: no change",
        };
        why.line(
            format!(
                "rolled {} for {} spans: {sixes} six(es), {ones} one(s); {how}",
                if shown.is_empty() {
                    "no dice".into()
                } else {
                    shown.join(" ")
                },
                self.spans
            ),
            cite("2.4.9", "W-9"),
        );
        why.line(format!("moves {distance} spans"), cite("2.4.9", "W-1, W-9"));
        RandomMoveOutcome {
            dice_rolled: self.spans,
            sixes,
            ones,
            distance,
            explanation: why,
        }
    }
}

/// A fleeing move: a random move at the unit's charge distance (2.4.11, W-11).
#[derive(Clone, Debug)]
pub struct Flee<'a> {
    /// The unit fleeing.
    pub unit: &'a Unit,
    /// Stands that cannot avoid an obstacle on the way, as the referee says:
    /// they are lost (2.4.11).
    pub obstacle_stands: u32,
}

/// How far a unit fled and what it cost.
#[derive(Clone, Debug, Serialize)]
pub struct FleeOutcome {
    /// Dice rolled (the charge distance).
    pub dice_rolled: u32,
    /// Spans fled.
    pub distance: u32,
    /// Stands lost: one per span beyond the charge distance (W-11).
    pub stands_lost: u32,
    /// The unit has only its command stand left, or none: Dispersed (1.7.4).
    pub dispersed: bool,
    /// The lines that made the result.
    pub explanation: Explanation,
}

impl FleeOutcome {
    /// Writes the flight into the unit: stands lost, Unformed, moving, Dispersed.
    pub fn apply(&self, unit: &mut Unit) {
        unit.lose_stands(self.stands_lost); // 2.3.1: files follow
        super::next::set_fleeing(unit); // 2.4.11 Unformed; 3.3.3.4 pavises lost
        if self.dispersed {
            unit.morale = Morale::Dispersed;
        }
    }

    /// The unit after its flight, and what follows: leaving the table when
    /// Dispersed (1.7.4).
    pub fn after(&self, before: &Unit) -> super::next::Consequence {
        let mut unit = before.clone();
        self.apply(&mut unit);
        let next = if self.dispersed {
            vec![super::next::Next::Dispersed]
        } else {
            Vec::new()
        };
        super::next::Consequence {
            unit,
            next,
            explanation: Explanation::default(),
        }
    }
}

impl<'a> Flee<'a> {
    /// A flight in the open.
    pub fn new(unit: &'a Unit) -> Self {
        Flee {
            unit,
            obstacle_stands: 0,
        }
    }

    /// The move as a random move of charge-distance dice (W-11).
    pub fn random_move(&self) -> RandomMove {
        RandomMove {
            spans: self.unit.charge_distance(),
        }
    }

    /// Stands lost fleeing `distance` spans: one per span beyond the charge
    /// distance (W-11), and those that cannot avoid an obstacle (2.4.11; the
    /// command stand is swapped for another, so the count is what is lost),
    /// at most all of them. Odds use this too.
    pub fn stands_lost(&self, distance: u32) -> u32 {
        (distance.saturating_sub(self.unit.charge_distance()) + self.obstacle_stands)
            .min(self.unit.stands)
    }

    /// Whether losing `stands_lost` stands leaves only the command stand, or
    /// none: Dispersed (1.7.4).
    pub fn disperses(&self, stands_lost: u32) -> bool {
        let left = self.unit.stands.saturating_sub(stands_lost);
        left <= u32::from(self.unit.troop_type.has_command_stand())
    }

    /// As many white dice as the charge distance (W-11).
    pub fn needs(&self) -> DiceCount {
        self.random_move().needs()
    }

    /// Turns the dice into the distance and the stands lost.
    pub fn resolve(&self, dice: &Dice) -> Result<FleeOutcome, RulesError> {
        let charge = self.unit.charge_distance();
        dice.expect_exactly(self.needs()).map_err(|e| {
            RulesError::dice(
                e,
                format!(
                    "{} flees with 1 die per span of its charge distance, {charge} (2.4.11, W-11)",
                    self.unit.name
                ),
            )
        })?;
        let moved = self.random_move().read(&dice.white);
        let mut why = Explanation::default();
        why.line(
            format!(
                "{} flees: a random move at its charge distance of {charge} spans",
                self.unit.name
            ),
            cite("2.4.11", "W-10, W-11"),
        );
        why.extend(moved.explanation);
        let stands_lost = self.stands_lost(moved.distance);
        let beyond = moved.distance.saturating_sub(charge);
        if beyond > 0 {
            why.line(
                format!("{beyond} span(s) beyond the charge distance: loses {beyond} stand(s)"),
                cite("2.4.11", "W-11"),
            );
        }
        if self.obstacle_stands > 0 {
            why.line(
                format!(
                    "{} stand(s) cannot avoid an obstacle and are lost (the command stand is swapped for another)",
                    self.obstacle_stands
                ),
                sec("2.4.11"),
            );
        }
        let dispersed = self.disperses(stands_lost);
        if dispersed {
            why.line(
                "only the command stand is left: Dispersed, remove it from the table",
                sec("1.7.4"),
            );
        }
        why.line(
            "fleeing units are Unformed after each fleeing move",
            sec("2.4.11"),
        );
        Ok(FleeOutcome {
            dice_rolled: charge,
            distance: moved.distance,
            stands_lost,
            dispersed,
            explanation: why,
        })
    }
}

/// Why a unit in contact may try to break off (2.4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakOffCase {
    /// Skirmishers and Cavalry from slower troops.
    FasterFromSlower,
    /// A Ready unit from a Worn or Broken opponent of the same or higher speed.
    ReadyFromShaken,
    /// A supporting unit.
    Supporting,
}

/// How a unit that broke off moves (2.4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakOffMove {
    /// The player picks a distance from `min` to `max` spans straight back.
    Choice {
        /// At least.
        min: u32,
        /// At most.
        max: u32,
    },
    /// A random move of `dice` dice straight back, ending Unformed.
    Random {
        /// Dice for the random move (half the move, rounded down).
        dice: u32,
    },
}

/// Whether `unit` may try to break off from `opponent` (2.4.8), and by which case.
/// Whether a unit may try to break off at all: a Berserk unit may not, it
/// charges the enemy it fights (2.4.10; 2.4.8 is not among its moves).
/// Checked where a break-off is asked for; battles saved before replay without it.
pub fn may_break_off(unit: &Unit) -> Result<(), String> {
    if unit.morale == Morale::Berserk {
        return Err(format!(
            "{} is Berserk: it charges the enemy in reach, the one it fights, and stays in Melee; a Berserk unit does not break off (2.4.10, 2.4.8)",
            unit.name
        ));
    }
    Ok(())
}

pub fn break_off_case(
    unit: &Unit,
    opponent: &Unit,
    supporting: bool,
) -> Result<BreakOffCase, RulesError> {
    if supporting {
        return Ok(BreakOffCase::Supporting);
    }
    let ty = unit.troop_type;
    let faster_kind = ty.is_skirmishers() || ty == super::unit::TroopType::Cavalry;
    if faster_kind && opponent.move_distance() < unit.move_distance() {
        return Ok(BreakOffCase::FasterFromSlower);
    }
    if unit.morale == Morale::Ready
        && matches!(opponent.morale, Morale::Worn | Morale::Broken)
        && opponent.move_distance() >= unit.move_distance()
    {
        return Ok(BreakOffCase::ReadyFromShaken);
    }
    Err(RulesError::refused(format!(
        "{} may not break off from {} (2.4.8): only Skirmishers and Cavalry from slower troops, a Ready unit from a Worn or Broken opponent as fast or faster, or a supporting unit",
        unit.name, opponent.name
    )))
}

/// How a unit that broke off (after a successful activation) moves (2.4.8).
pub fn break_off_move(unit: &Unit) -> BreakOffMove {
    let full = unit.move_distance();
    if unit.troop_type.is_skirmishers() {
        BreakOffMove::Choice {
            min: 1.min(full),
            max: full,
        }
    } else if unit.is_drilled() || unit.has(UnitTrait::Veteran) {
        BreakOffMove::Choice {
            min: 1.min(full),
            max: (full / 2).max(1.min(full)),
        }
    } else {
        BreakOffMove::Random { dice: full / 2 }
    }
}

/// Breaking off from Melee (2.4.8): may it try, the activation, and the move.
#[derive(Clone, Debug)]
pub struct BreakOff<'a> {
    /// Why it may try.
    pub case: BreakOffCase,
    /// The activation it must pass.
    pub activation: super::activation::Activation<'a>,
    /// How it moves if it does.
    pub movement: BreakOffMove,
}

/// What a break-off attempt came to.
#[derive(Clone, Debug, Serialize)]
pub struct BreakOffOutcome {
    /// Why it could try.
    pub case: BreakOffCase,
    /// The activation score.
    pub score: Option<i32>,
    /// It broke off.
    pub success: bool,
    /// How it moves straight back, if it broke off.
    pub movement: Option<BreakOffMove>,
    /// Spans moved, when the move is random.
    pub distance: Option<u32>,
    /// It ends Unformed (a random break-off move, 2.4.8).
    pub unformed: bool,
    /// The lines that made the result.
    pub explanation: Explanation,
}

impl<'a> BreakOff<'a> {
    /// Whether `unit` may try to break off from `opponent`, and what it
    /// needs: "a successful Activation roll" (2.4.8), with the Expert
    /// tactician's +1 when his unit is in sight (3.1.2, W-4, W-31).
    pub fn plan(
        unit: &'a Unit,
        opponent: &Unit,
        supporting: bool,
        tactician_in_sight: bool,
    ) -> Result<Self, RulesError> {
        let case = break_off_case(unit, opponent, supporting)?;
        let situation = super::activation::ActivationSituation {
            tactician_in_sight,
            ..Default::default()
        };
        let activation = super::activation::Activation::plan(unit, situation)?;
        Ok(BreakOff {
            case,
            activation,
            movement: break_off_move(unit),
        })
    }

    /// The activation dice, then the random move's dice if it succeeded and moves randomly.
    pub fn needs(&self, rolled: &Dice) -> DiceCount {
        let act = self.activation.needs();
        let mut need = act;
        if rolled.white.len() >= act.white {
            let read = super::counted::TwoHighest::of(&rolled.white[..act.white]);
            let success = self.activation.score(read.sum) > self.activation.width as i32;
            if let (true, BreakOffMove::Random { dice }) = (success, self.movement) {
                need.white += dice as usize;
            }
        }
        need
    }

    /// The unit after the attempt (its activation's morale check, W-5, then
    /// the move back, Unformed after a random one; pavises lost, 3.3.3.4),
    /// and what follows (a flight if it broke, 2.2.1; leaving the table).
    pub fn after(
        &self,
        out: &BreakOffOutcome,
        dice: &Dice,
    ) -> Result<super::next::Consequence, RulesError> {
        let n = self.activation.needs().white.min(dice.white.len());
        let act = self.activation.resolve(&Dice {
            white: dice.white[..n].to_vec(),
            ..Dice::default()
        })?;
        let mut then = act.after(self.activation.unit, &self.activation.situation, None, None)?;
        if out.success {
            if out.unformed {
                then.unit.formation = super::unit::Formation::Unformed; // 2.4.8
            }
            super::charge::lose_pavises(&mut then.unit);
        }
        Ok(then)
    }

    /// Turns the dice into the result.
    pub fn resolve(&self, dice: &Dice) -> Result<BreakOffOutcome, RulesError> {
        dice.expect_exactly(self.needs(dice)).map_err(|e| {
            RulesError::dice(e, "breaking off rolls an activation (2 white dice plus 1 per champion), then, for a random move, 1 die per span of half the move (2.4.8)")
        })?;
        let n = self.activation.needs().white;
        let act = Dice {
            white: dice.white[..n].to_vec(),
            ..Dice::default()
        };
        let out = self.activation.resolve(&act)?;
        let mut why = Explanation::default();
        let case = match self.case {
            BreakOffCase::FasterFromSlower => {
                "Skirmishers or Cavalry breaking off from slower troops"
            }
            BreakOffCase::ReadyFromShaken => {
                "a Ready unit breaking off from a Worn or Broken opponent as fast or faster"
            }
            BreakOffCase::Supporting => "a supporting unit breaking off",
        };
        why.line(case, sec("2.4.8"));
        why.extend(out.explanation);
        if !out.success {
            why.line("the activation failed: it stays in the Melee", sec("2.4.8"));
            return Ok(BreakOffOutcome {
                case: self.case,
                score: out.score,
                success: false,
                movement: None,
                distance: None,
                unformed: false,
                explanation: why,
            });
        }
        let (distance, unformed) = match self.movement {
            BreakOffMove::Choice { min, max } => {
                why.line(
                    format!("moves straight back {min} to {max} spans, as the player chooses"),
                    sec("2.4.8"),
                );
                (None, false)
            }
            BreakOffMove::Random { dice: spans } => {
                let moved = RandomMove { spans }.read(&dice.white[n..]);
                why.line(format!("a random move at half its move ({spans} dice) straight back, ending Unformed"), sec("2.4.8"));
                why.extend(moved.explanation);
                (Some(moved.distance), true)
            }
        };
        Ok(BreakOffOutcome {
            case: self.case,
            score: out.score,
            success: true,
            movement: Some(self.movement),
            distance,
            unformed,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlords::unit::{Training, TroopType};

    #[test]
    fn random_adjustments_of_w9() {
        assert_eq!(random_adjustment(1, 0), 1, "W-9: one six, no ones is +1");
        assert_eq!(random_adjustment(2, 0), 1);
        assert_eq!(random_adjustment(3, 0), 2);
        assert_eq!(random_adjustment(3, 1), 2);
        assert_eq!(random_adjustment(2, 1), 1);
        assert_eq!(random_adjustment(0, 1), -1);
        assert_eq!(random_adjustment(0, 3), -2);
        assert_eq!(random_adjustment(1, 3), -2);
        assert_eq!(random_adjustment(2, 2), 0);
        assert_eq!(random_distance(1, 0, 1), 0);
        assert_eq!(random_distance(1, 0, 3), 0, "never below 0");
    }

    #[test]
    fn break_off_cases() {
        let cav = Unit::new("Knights", TroopType::Cavalry, 4);
        let foot = Unit::new("Fyrd", TroopType::CloseFoot, 6);
        assert_eq!(
            break_off_case(&cav, &foot, false).unwrap(),
            BreakOffCase::FasterFromSlower
        );
        assert!(break_off_case(&foot, &cav, false).is_err());
        let mut worn_cav = cav.clone();
        worn_cav.morale = Morale::Worn;
        assert_eq!(
            break_off_case(&foot, &worn_cav, false).unwrap(),
            BreakOffCase::ReadyFromShaken
        );
        assert_eq!(
            break_off_case(&foot, &cav, true).unwrap(),
            BreakOffCase::Supporting
        );
    }

    #[test]
    fn break_off_moves() {
        let sk = Unit::new("Slingers", TroopType::FootSkirmishers, 3);
        assert_eq!(break_off_move(&sk), BreakOffMove::Choice { min: 1, max: 3 });
        let mut drilled = Unit::new("Pike", TroopType::Pike, 8);
        drilled.training = Training::Drilled;
        assert_eq!(
            break_off_move(&drilled),
            BreakOffMove::Choice { min: 1, max: 1 }
        );
        let cav = Unit::new("Knights", TroopType::Cavalry, 4);
        assert_eq!(break_off_move(&cav), BreakOffMove::Random { dice: 2 });
    }

    #[test]
    fn fleeing_loses_stands_and_can_disperse() {
        let mut u = Unit::new("Fyrd", TroopType::CloseFoot, 3);
        u.morale = Morale::Broken;
        let f = Flee::new(&u);
        let out = f.resolve(&Dice::white(&[6, 6, 6, 5]).unwrap()).unwrap();
        assert_eq!(out.distance, 6);
        assert_eq!(out.stands_lost, 2);
        assert!(out.dispersed, "1.7.4: only the command stand left");
    }
}
