//! Warlord I, from its playsheet (`rules/001_c62cdcf1dd62d4f6.txt`), read
//! with the project's rulings (`RULINGS-warlord-i.md`, cited as WI-numbers).
//! Rule numbers in comments are the sheet's ("Rule 59", "E54").
//!
//! Each procedure is pure and in two phases, as for Warlords: `plan` states
//! the dice it needs (`needs`) and every modifier with its reason and rule;
//! `resolve` turns the dice into an outcome with its explanation, the units'
//! (or CO's) battle state `after`, and what is required `next`. The
//! outcomes come from small functions of a dice statistic (a die's face, a
//! sum, a difference), which the odds (`crate::odds::warlord_i`) reuse.

pub mod army;
pub mod attrition;
pub mod ccp_cost;
pub mod co;
pub mod command_test;
pub mod enter_field;
pub mod fugitive_attrition;
pub mod general_risk;
pub mod initiative;
pub mod melee;
pub mod order_of_play;
pub mod points;
pub mod recuperation;
pub mod shooting;
pub mod tables;
pub mod unit;
pub mod waver_test;

pub use army::{Army, Division};
pub use attrition::{Attrition, AttritionGains, AttritionOutcome};
pub use ccp_cost::{CcpCost, CcpCostOutcome, CcpSituation, ChargeTarget};
pub use co::{Co, CoActivity, CoState, CoStatus};
pub use command_test::{CommandOutcome, CommandSituation, CommandTest, Transfer};
pub use enter_field::{EnterField, EnterOutcome, EnterSituation, Entry};
pub use fugitive_attrition::{FugitiveAttrition, FugitiveOutcome, FugitiveSituation};
pub use general_risk::{Fate, GeneralRisk, GeneralRiskOutcome, GeneralRiskSituation};
pub use initiative::{Initiative, InitiativeOutcome, InitiativeSituation};
pub use melee::{
    Charges, Ground, Melee, MeleeFacts, MeleeMove, MeleeOutcome, MeleeSideResult, MeleeVerdict,
    Response, charge_advantage, contact_advantage,
};
pub use order_of_play::{OrderOfPlay, OrderOfPlayOutcome, OrderWinner, WinnerMoves};
pub use points::Next;
pub use recuperation::{Recuperation, RecuperationOutcome};
pub use shooting::{Assumed, Shooting, ShootingOutcome, ShootingSituation, ShotFrom};
pub use unit::{
    Activity, Armour, Class, Drill, Formation, MeleeWeapon, Morale, MoraleClass, Order,
    ShootingWeapon, TroopType, Unit, UnitState, Weapon, WeaponClass,
};
pub use waver_test::{Leader, WaverOutcome, WaverSituation, WaverTest, WaverVerdict};

use crate::dice::{Dice, DiceCount};
use crate::rules::RulesError;
use crate::rules::house::{HouseOption, HouseValue, Values};

/// What a rally of a routed unit achieves (E54 application 2; Herald's
/// reading WI-H1, `docs/readings-warlord-i.md`): by default the referee
/// says whether it rallied, to wavering or shaken; `recuperation_only`
/// reads the playsheet literally, a rally only speeding recuperation
/// (WI-9), so a routed unit routs on.
pub const RALLY_OUTCOME: HouseOption = HouseOption {
    name: "rally_outcome",
    words: "a rally's outcome",
    ruling: "WI-H1",
    values: Values::Words(&["referee", "recuperation_only"]),
    default: HouseValue::Word("referee"),
    changes: "a rally only speeds recuperation (WI-9): a routed unit rallied routs on",
};

/// A unit in melee with two enemies (Rules 25 step 7, 76; Herald's
/// reading WI-H2, `docs/readings-warlord-i.md`): by default its pairs are
/// fought in turn, in the referee's order, each counting the APs and
/// morale the unit has when its pair is fought (Rule 76's APs
/// "accumulated"); `at_once` fights them as one step, each counting the
/// opponents' APs and casualty bases as they stood before their first
/// round this Move (Herald's default before issue 33).
pub const JOINED_MELEE: HouseOption = HouseOption {
    name: "joined_melee",
    words: "a unit fighting two enemies",
    ruling: "WI-H2",
    values: Values::Words(&["in_turn", "at_once"]),
    default: HouseValue::Word("in_turn"),
    changes: "its pairs are fought at once: a later pair counts the opponents' APs and casualty bases as they stood before their first round this Move",
};

/// A general whose unit surrenders (Rules 29, 99; WI-20, WI-21; Herald's
/// reading WI-H3, `docs/readings-warlord-i.md`): the playsheet takes a
/// general only by Rule 99's roll, so by default his command base leaves
/// the unit taken prisoner (or destroyed) and his fate is his wounding roll
/// at the end of the Move, counting that unit's APs and melee;
/// `captured_with_unit` takes him prisoner with it (a disaster, WI-12).
pub const GENERAL_OF_SURRENDERED_UNIT: HouseOption = HouseOption {
    name: "general_of_surrendered_unit",
    words: "a general whose unit surrenders",
    ruling: "WI-H3",
    values: Values::Words(&["leaves_unit", "captured_with_unit"]),
    default: HouseValue::Word("leaves_unit"),
    changes: "a general with a unit that surrenders is taken prisoner with it",
};

/// Warlord I's house options (`rules::house`): one per gap-filling reading.
pub const HOUSE: &[HouseOption] = &[RALLY_OUTCOME, JOINED_MELEE, GENERAL_OF_SURRENDERED_UNIT];

/// Each side's own dice, for the rolls both sides make at once (the order
/// of play, Rule 26; a melee, Rule 76).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SidesDice {
    /// Side a's dice.
    pub a: Dice,
    /// Side b's dice.
    pub b: Dice,
}

/// Checks a roll has exactly the dice a procedure needs; `what` says what it
/// rolls and where the rules say so.
pub(crate) fn expect_dice(dice: &Dice, need: DiceCount, what: &str) -> Result<(), RulesError> {
    dice.expect_exactly(need)
        .map_err(|e| RulesError::dice(e, what.to_string()))
}

/// Faces of a roll, for explanations ("4, 5").
pub(crate) fn faces(dice: &Dice) -> String {
    dice.white
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit with no bases left cannot act (WI-10): the refusal.
pub(crate) fn on_table(unit: &Unit) -> Result<(), RulesError> {
    if unit.bases == 0 {
        return Err(RulesError::refused(format!(
            "{} has no bases left: it was destroyed and is off the table (WI-10)",
            unit.name
        )));
    }
    Ok(())
}
