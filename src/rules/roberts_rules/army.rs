//! A Robert's Rules army as a file gives it: units of identical stands,
//! each with the points and size figures the army list gives, and its
//! leaders (Generals attached to a unit, Captains attached or roaming).

use super::Named;
use super::unit::Unit;
use crate::named_enum;

/// A leader stand's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LeaderKind {
    /// A General: attached to a unit, helps Formed units within 6".
    General,
    /// A Captain: attached to a Formed unit, or roaming free.
    #[default]
    Captain,
}
named_enum!(LeaderKind {
    "general" => LeaderKind::General,
    "captain" => LeaderKind::Captain,
});

/// A leader stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leader {
    /// His name.
    pub name: String,
    /// General or Captain.
    pub kind: LeaderKind,
    /// The points paid for him (the army list's; the text's example pays 60 and 20).
    pub cost: Option<u32>,
    /// The unit he is attached to.
    pub attached_to: Option<String>,
}

/// A unit with its army-list figures.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyUnit {
    /// The unit.
    pub unit: Unit,
    /// Base Point Value per stand, by Troop Type (RR-23).
    pub base_cost: Option<f64>,
    /// The percentages for weapons, armour and Attributes (RR-23).
    pub percent: Vec<Named>,
    /// Size Cost per stand, by Troop Type (RR-25).
    pub stand_size: Option<u32>,
    /// Regular Size Limits from the army list (RR-25).
    pub limits: Option<(u32, u32)>,
    /// Artillery or battle platform: no minimum size (RR-25).
    pub no_minimum: bool,
}

/// An army.
#[derive(Clone, Debug, PartialEq)]
pub struct Army {
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// The points allotted by the scenario, if any.
    pub points: Option<f64>,
    /// 15mm figures: unit sizes double (RR-25).
    pub scale_15mm: bool,
    /// Its units.
    pub units: Vec<ArmyUnit>,
    /// Its leaders.
    pub leaders: Vec<Leader>,
    /// Notes.
    pub notes: Option<String>,
}
