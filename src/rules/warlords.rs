//! Warlords (version of Jul 27 2014), read with the project's rulings
//! (`RULINGS.md`, cited as W-numbers). Section numbers in comments refer to
//! the rules text.

pub mod activation;
pub mod army;
pub mod charge;
pub mod counted;
pub mod falling_back;
pub mod field_defences;
pub mod initiative;
pub mod melee;
pub mod movement;
pub mod next;
pub mod personality;
pub mod reference;
pub mod shooting;
pub mod supporting;
pub mod unit;

pub use crate::rules::explain::{Cite, Explanation, Line, Modifier};

use crate::rules::house::{HouseOption, HouseValue, Values};

/// W-33: Pike in a March Column are no pike block: no Pike rank dice and
/// no +2 (gap-filling); on, they get both, as the text read literally.
pub const COLUMN_PIKE: HouseOption = HouseOption {
    name: "column_pike",
    words: "pike in a column",
    ruling: "W-33",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "Pike in a March Column get their Pike rank dice and the +2, as in a pike block",
};

/// W-35: a Heavy unit falling back into a friend's Close Foot or Pike
/// stops with no casualty (the bullet replaces the general rule); on, it
/// takes the general rule's extra casualty and is Unformed.
pub const HEAVY_STOP_CASUALTY: HouseOption = HouseOption {
    name: "heavy_stop_casualty",
    words: "heavy stop casualty",
    ruling: "W-35",
    values: Values::YesNo,
    default: HouseValue::YesNo(false),
    changes: "a Heavy unit that falls back into a friend's Close Foot or Pike and stops takes an extra casualty and is Unformed",
};

/// Warlords' house options (`rules::house`), one per gap-filling ruling
/// that names one.
pub const HOUSE: &[HouseOption] = &[COLUMN_PIKE, HEAVY_STOP_CASUALTY];
pub use activation::{
    Action, Activation, ActivationOutcome, ActivationSituation, ActivationVerdict,
};
pub use army::{Army, Contingent};
pub use initiative::{Initiative, InitiativeWinner};
pub use melee::{Melee, MeleeDice, MeleeFacts, MeleeOutcome, MeleeSide};
pub use movement::{BreakOff, BreakOffOutcome, Flee, FleeOutcome, RandomMove, RandomMoveOutcome};
pub use personality::{Fate, Personality, PersonalityStatus, PersonalityTrait, StandLoss};
pub use shooting::{Shooting, ShootingOutcome, ShootingSituation, StandsShotAt};
pub use unit::{
    Formation, MissileWeapon, Morale, ShootingStyle, Training, TroopType, Unit, UnitTrait, Weapon,
};
