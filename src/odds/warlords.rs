//! Exact odds of every Warlords dice procedure before the roll, from the
//! plans' own pure functions (see [`crate::odds`]).

pub mod activation;
pub mod initiative;
pub mod melee;
pub mod movement;
pub mod shooting;

pub use activation::{ActivationOdds, activation};
pub use initiative::{InitiativeOdds, initiative};
pub use melee::{MeleeOdds, MeleeSideOdds, melee};
pub use movement::{BreakOffOdds, FleeOdds, RandomMoveOdds, break_off, flee, random_move};
pub use shooting::{ShootingOdds, shooting};
