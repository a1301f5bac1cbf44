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
pub mod shooting;
pub mod unit;

pub use crate::rules::explain::{Cite, Explanation, Line, Modifier};
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
