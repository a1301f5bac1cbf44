//! Robert's Rules' house options: each gap-filling ruling the rulings name
//! an option, defaulting to the ruling (`rules::house`).

use crate::rules::house::{HouseOption, HouseValue, Values};

/// RR-8: the size of the Demoralized penalty on Action, attack and Morale rolls.
pub const DEMORALIZED_PENALTY: HouseOption = HouseOption {
    name: "demoralized_penalty",
    words: "Demoralized penalty",
    ruling: "RR-8",
    values: Values::Number { min: -6, max: 0 },
    default: HouseValue::Number(-1),
    changes: "the penalty on a Demoralized unit's Action, attack and Morale rolls",
};

/// RR-9: after a failed Action Roll, no Actions at all, or only no rolls.
pub const AFTER_FAILURE: HouseOption = HouseOption {
    name: "after_failure",
    words: "after a failed Action Roll",
    ruling: "RR-9",
    values: Values::Words(&["no_actions", "no_rolls"]),
    default: HouseValue::Word("no_actions"),
    changes: "automatic Actions are still allowed after a failed roll",
};

/// RR-11: when Missile Fire is automatic.
pub const MISSILE_FIRE_AUTO: HouseOption = HouseOption {
    name: "missile_fire_auto",
    words: "automatic Missile Fire",
    ruling: "RR-11",
    values: Values::Words(&["reaction_all", "text_assault", "reaction_formed"]),
    default: HouseValue::Word("reaction_all"),
    changes: "which units fire without an Action Roll, in which phase",
};

/// RR-12: an attached Captain's (or General's) morale bonus.
pub const CAPTAIN_MORALE: HouseOption = HouseOption {
    name: "captain_morale",
    words: "Captain's morale bonus",
    ruling: "RR-12",
    values: Values::Number { min: 0, max: 6 },
    default: HouseValue::Number(1),
    changes: "the Morale and Break Check bonus of an attached Captain or General",
};

/// RR-12: Guard's morale bonus.
pub const GUARD_MORALE: HouseOption = HouseOption {
    name: "guard_morale",
    words: "Guard morale bonus",
    ruling: "RR-12",
    values: Values::Number { min: 0, max: 6 },
    default: HouseValue::Number(1),
    changes: "the Morale and Break Check bonus of Guard units",
};

/// RR-12: Unreliable's morale penalty.
pub const UNRELIABLE_MORALE: HouseOption = HouseOption {
    name: "unreliable_morale",
    words: "Unreliable morale penalty",
    ruling: "RR-12",
    values: Values::Number { min: -6, max: 0 },
    default: HouseValue::Number(-1),
    changes: "the Morale and Break Check penalty of Unreliable units",
};

/// RR-18: the melee score that inflicts two hits.
pub const MELEE_TWO_HITS_AT: HouseOption = HouseOption {
    name: "melee_two_hits_at",
    words: "two melee hits at",
    ruling: "RR-18",
    values: Values::Number { min: 10, max: 30 },
    default: HouseValue::Number(13),
    changes: "the melee score from which two hits are scored",
};

/// RR-19: equal modified scores in a simultaneous melee.
pub const MELEE_TIE: HouseOption = HouseOption {
    name: "melee_tie",
    words: "tied melee scores",
    ruling: "RR-19",
    values: Values::Words(&["none", "both", "reroll"]),
    default: HouseValue::Word("none"),
    changes: "what equal scores in a simultaneous melee do",
};

/// RR-22: a Fanatic unit loses a stand per hit beyond half.
pub const FANATIC_STAND_LOSS: HouseOption = HouseOption {
    name: "fanatic_stand_loss",
    words: "Fanatic units lose stands",
    ruling: "RR-22",
    values: Values::YesNo,
    default: HouseValue::YesNo(true),
    changes: "Fanatic units never lose stands to hits",
};

/// RR-23: rounding of a stand's cost.
pub const COST_ROUNDING: HouseOption = HouseOption {
    name: "cost_rounding",
    words: "stand cost rounding",
    ruling: "RR-23",
    values: Values::Words(&["none", "nearest", "up", "down"]),
    default: HouseValue::Word("none"),
    changes: "a stand's cost is rounded to whole points",
};

/// RR-24: the Formed unit premium.
pub const FORMED_PREMIUM: HouseOption = HouseOption {
    name: "formed_premium",
    words: "Formed unit premium",
    ruling: "RR-24",
    values: Values::Number { min: 0, max: 1000 },
    default: HouseValue::Number(4),
    changes: "the points paid for each Formed unit",
};

/// Every house option of Robert's Rules.
pub const HOUSE: &[HouseOption] = &[
    DEMORALIZED_PENALTY,
    AFTER_FAILURE,
    MISSILE_FIRE_AUTO,
    CAPTAIN_MORALE,
    GUARD_MORALE,
    UNRELIABLE_MORALE,
    MELEE_TWO_HITS_AT,
    MELEE_TIE,
    FANATIC_STAND_LOSS,
    COST_ROUNDING,
    FORMED_PREMIUM,
];
