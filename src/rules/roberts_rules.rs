//! Robert's Rules of Warfare, from its detailed description
//! (`rules/003_acb9a6a9a8c99429.txt`), read with the project's rulings
//! (`RULINGS-roberts-rules.md`, cited as RR-numbers). The text is a
//! description with worked examples, not the rulebook: Herald does the
//! arithmetic it fixes and takes every other number from the referee, as a
//! modifier typed with its name or a house option with its default.
//!
//! Every roll is two d6 (RR-1). Each procedure is pure and in two phases:
//! `plan` states the modifiers with their reasons and rulings (or refuses
//! in the referee's words), `resolve` turns the dice into an outcome with
//! its explanation.

pub mod action_roll;
pub mod army;
pub mod army_building;
pub mod attack;
pub mod casualties;
pub mod house;
pub mod morale_check;
pub mod unit;

pub use action_roll::{Action, ActionOutcome, ActionResult, ActionRoll, ActionSituation, Phase};
pub use army::{Army, ArmyUnit, Leader, LeaderKind};
pub use army_building::{UnitCost, UnitSize, unit_cost, unit_size};
pub use attack::{
    MeleeAttack, MeleeOutcome, MissileAttack, MissileOutcome, Pursuit, PursuitAttack,
    PursuitOutcome, Winner,
};
pub use casualties::{Casualties, casualties, casualties_in};
pub use house::HOUSE;
pub use morale_check::{
    BreakCause, BreakCheck, BreakOutcome, BreakResult, BreakSituation, MoraleCause, MoraleCheck,
    MoraleOutcome,
};
pub use unit::{Attribute, Training, Unit};

use crate::dice::{DiceError, Die};
use crate::rules::RulesError;
use crate::rules::explain::{Cite, Modifier, cite};

/// A modifier the referee types with its name and value: every number the
/// text does not give (terrain, weapon against armour, uphill, Overrun…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// Its name as typed ("armor_piercing").
    pub name: String,
    /// Its value.
    pub value: i32,
}

/// The referee's modifiers as explanation lines.
pub fn referee_modifiers(mods: &[Named]) -> Vec<Modifier> {
    mods.iter()
        .map(|m| Modifier::new(m.value, m.name.replace('_', " "), referee()))
        .collect()
}

/// The citation of a modifier the referee gave (the text names it, or
/// leaves its size to the army list).
pub fn referee() -> Cite {
    cite("", "referee")
}

/// The two dice of a roll (RR-1), checked: exactly two, each 1 to 6.
pub fn two_dice(dice: &[Die], what: &str) -> Result<u8, RulesError> {
    if dice.len() != 2 {
        return Err(RulesError::dice(
            DiceError::Count {
                colour: crate::dice::Colour::White,
                need: 2,
                have: dice.len(),
            },
            format!("{what} is two six-sided dice (RR-1)"),
        ));
    }
    Ok(dice[0].value() + dice[1].value())
}

/// The Demoralized penalty on a unit's Action, attack and Morale rolls
/// (RR-8, house option `demoralized_penalty`), if it is Demoralized.
pub fn demoralized_modifier(unit: &Unit, house: &crate::rules::house::House) -> Option<Modifier> {
    let n = house.number(&house::DEMORALIZED_PENALTY) as i32;
    (unit.demoralized() && n != 0).then(|| {
        Modifier::new(
            n,
            "Demoralized",
            cite("Casualties and Morale", "RR-8, house option"),
        )
    })
}

/// The explanation lines of the house options `house` sets away from their
/// defaults among `used`: shown wherever they change a result.
pub fn house_lines(
    house: &crate::rules::house::House,
    used: &[&crate::rules::house::HouseOption],
    out: &mut crate::rules::explain::Explanation,
) {
    for o in used {
        let v = house.value(o);
        if v != o.default {
            out.line(o.line(v), o.cite());
        }
    }
}
