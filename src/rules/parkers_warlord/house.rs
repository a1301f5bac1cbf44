//! Parker's Warlord's house options: each gap-filling ruling the rulings
//! name an option, defaulting to the ruling (`rules::house`).

use crate::rules::house::{HouseOption, HouseValue, Values};

/// PW-5: a 1 always succeeds, even below an initiative of 1.
pub const ONE_ALWAYS_SUCCEEDS: HouseOption = HouseOption {
    name: "one_always_succeeds",
    words: "a 1 always succeeds",
    ruling: "PW-5",
    values: Values::YesNo,
    default: HouseValue::YesNo(true),
    changes: "a 1 fails when the initiative is below 1",
};

/// PW-6: how many cards rolling over loses.
pub const OVER_LOSS: HouseOption = HouseOption {
    name: "over_loss",
    words: "cards lost rolling over",
    ruling: "PW-6",
    values: Values::Words(&["literal", "first_card_counts", "once_plus_full_fives"]),
    default: HouseValue::Word("literal"),
    changes: "how many cards a roll over the initiative loses",
};

/// PW-7: a hand above the limit without a 1.
pub const HAND_LIMIT: HouseOption = HouseOption {
    name: "hand_limit",
    words: "hand above the limit",
    ruling: "PW-7",
    values: Values::Words(&["trim", "keep"]),
    default: HouseValue::Word("trim"),
    changes: "a hand above the limit is kept (and draws nothing)",
};

/// PW-10: where the floor of 0 is taken on a command's cost.
pub const COST_FLOOR: HouseOption = HouseOption {
    name: "cost_floor",
    words: "command cost floor",
    ruling: "PW-10",
    values: Values::Words(&["total", "basic_first"]),
    default: HouseValue::Word("total"),
    changes: "the Warlord's -1 floors the basic cost at 0 before the +1s",
};

/// PW-13: non-forward movement in area or obstacle terrain.
pub const NFM_IN_TERRAIN: HouseOption = HouseOption {
    name: "nfm_in_terrain",
    words: "non-forward movement in terrain",
    ruling: "PW-13",
    values: Values::Words(&["stack", "once"]),
    default: HouseValue::Word("stack"),
    changes: "non-forward movement in terrain costs 2\" an inch, not 4\"",
};

/// PW-14: a skirmisher's charge.
pub const SKIRMISHER_CHARGE: HouseOption = HouseOption {
    name: "skirmisher_charge",
    words: "skirmisher charge",
    ruling: "PW-14",
    values: Values::Words(&["one_move", "three_moves"]),
    default: HouseValue::Word("one_move"),
    changes: "skirmishers charge in thirds of the three-move charge",
};

/// PW-14: proximity movement under 15", which the extract lost.
pub const NEAR_BAND: HouseOption = HouseOption {
    name: "near_band",
    words: "movement under 15\"",
    ruling: "PW-14",
    values: Values::Words(&["ask", "half", "single"]),
    default: HouseValue::Word("ask"),
    changes: "the proximity multiplier under 15\" (the text's lines are lost)",
};

/// Every house option of Parker's Warlord.
pub const HOUSE: &[HouseOption] = &[
    ONE_ALWAYS_SUCCEEDS,
    OVER_LOSS,
    HAND_LIMIT,
    COST_FLOOR,
    NFM_IN_TERRAIN,
    SKIRMISHER_CHARGE,
    NEAR_BAND,
];
