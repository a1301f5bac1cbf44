//! A case's inputs turned into the rules' plan for its procedure: shared by
//! `herald resolve` (which then reads the case's dice) and `herald odds`
//! (which ignores them), so both see the same plan.

use crate::dice::Dice;
use crate::rules::RulesError;
use crate::rules::house::House;
use crate::rules::warlords::charge::{Charge, counts_as_charging};
use crate::rules::warlords::field_defences::ReachDefence;
use crate::rules::warlords::{
    Activation, BreakOff, Flee, Initiative, Melee, MeleeDice, MeleeSide, RandomMove, Shooting,
    StandLoss, Unit,
};
use crate::store::warlords::case::CaseInput;

/// A case's procedure, planned, with the dice the case gives it.
pub enum Planned<'a> {
    /// An activation (2.2).
    Activation(Activation<'a>, &'a Dice),
    /// A shot (2.5).
    Shooting(Shooting<'a>, &'a Dice),
    /// A Melee round (2.6).
    Melee(Melee<'a>, &'a MeleeDice),
    /// A random move (2.4.9).
    RandomMove(RandomMove, &'a Dice),
    /// A flight (2.4.11).
    Flee(Flee<'a>, &'a Dice),
    /// Move and charge distances (2.4.2): no dice.
    Movement(&'a Unit),
    /// The initiative roll-off (2.1.1): side a's die, side b's die.
    Initiative(Initiative, &'a Dice, &'a Dice),
    /// A stand lost with a personality (3.1.3.2).
    StandLoss(StandLoss, &'a Dice),
    /// Breaking off from Melee (2.4.8).
    BreakOff(BreakOff<'a>, &'a Dice),
    /// A charge declared (2.4.4): no dice until its move.
    Charge(Charge<'a>),
    /// A moving unit reaching a field defence (3.3.3).
    FieldDefence(ReachDefence<'a>, &'a Dice),
}

/// Plans a case's procedure, or says why the rules refuse it.
/// `house`: the case's house options (W-33's `column_pike` for a Melee).
pub fn plan<'a>(input: &'a CaseInput, house: &House) -> Result<Planned<'a>, RulesError> {
    Ok(match input {
        CaseInput::Activation {
            unit,
            situation,
            dice,
            ..
        } => Planned::Activation(Activation::plan(unit, *situation)?, dice),
        CaseInput::Shooting {
            shooter,
            target,
            situation,
            dice,
        } => Planned::Shooting(Shooting::plan(shooter, target, *situation)?, dice),
        CaseInput::Melee {
            a,
            b,
            rough_ground,
            dice,
            ..
        } => {
            for side in [a, b] {
                crate::rules::warlords::melee::check_charging(&side.unit, &side.facts)?;
            }
            let side_a = MeleeSide {
                unit: &a.unit,
                facts: a.facts.clone(),
            };
            let side_b = MeleeSide {
                unit: &b.unit,
                facts: b.facts.clone(),
            };
            Planned::Melee(Melee::plan(side_a, side_b, *rough_ground, house)?, dice)
        }
        CaseInput::RandomMove { spans, dice } => {
            Planned::RandomMove(RandomMove { spans: *spans }, dice)
        }
        CaseInput::Flee {
            unit,
            dice,
            obstacle_stands,
        } => Planned::Flee(
            Flee {
                unit,
                obstacle_stands: *obstacle_stands,
            },
            dice,
        ),
        CaseInput::Movement { unit } => Planned::Movement(unit),
        CaseInput::Initiative { last_holder, a, b } => Planned::Initiative(
            Initiative {
                last_holder: *last_holder,
            },
            a,
            b,
        ),
        CaseInput::StandLoss {
            personality,
            stands_left,
            vendetta_by,
            dice,
        } => Planned::StandLoss(
            StandLoss {
                personality: personality.clone(),
                stands_left: *stands_left,
                vendetta_by: vendetta_by.clone(),
            },
            dice,
        ),
        CaseInput::BreakOff {
            unit,
            opponent,
            supporting,
            tactician_in_sight,
            dice,
        } => Planned::BreakOff(
            BreakOff::plan(unit, opponent, *supporting, *tactician_in_sight)?,
            dice,
        ),
        CaseInput::Charge {
            charger,
            target,
            situation,
            ..
        } => Planned::Charge(Charge::declare(charger, target, *situation)?),
        CaseInput::FieldDefence {
            unit,
            defence,
            charging,
            halted_on_the_way,
            dice,
        } => {
            // 2.4.4.1: a charger Halted on the way no longer counts as charging.
            let charging = *charging && counts_as_charging(*halted_on_the_way, false, false);
            Planned::FieldDefence(ReachDefence::plan(unit, *defence, charging)?, dice)
        }
    })
}
