//! Parker's Warlord, from the Courier extract of its medieval rules
//! (`rules/004_c2685c3acd269f28.txt`), read with the project's rulings
//! (`RULINGS-parkers-warlord.md`, cited as PW-numbers): the command phase
//! (initiative checks on 1D20, command cards, transfers), unique and
//! battle-line commands and their costs, and movement. The text gives no
//! SR values, card values or basic command costs: each is the referee's,
//! and Herald refuses, naming the field, where one is needed and missing.

pub mod command;
pub mod house;
pub mod initiative;
pub mod movement;
pub mod personality;
pub mod roster;

pub use command::{
    BattleLine, CardsPaid, Command, CommandCost, CostSituation, Order, Unit, battle_line,
    command_cost, pay_with_cards,
};
pub use house::HOUSE;
pub use initiative::{InitiativeCheck, InitiativeOutcome, Transfer, TransferOutcome, transfer};
pub use movement::{
    Allowance, Mover, PassThrough, Segment, Terrain, move_allowance, move_cost, pass_through,
};
pub use personality::{Personality, PersonalityType};
pub use roster::{LineUnit, Roster, RosterPersonality};

/// A modifier the referee types with its name and value (the unstated
/// "penalty when commanding certain types of units that are more than one
/// move from the BL").
pub use super::roberts_rules::Named;

/// A number as a referee writes it: whole numbers without a point.
pub fn shown(x: f64) -> String {
    super::roberts_rules::army_building::shown(x)
}
