//! The Warlord I unit and CO tables (`conformance/warlord-i/README.md`),
//! shared by army files and cases: every field read with its place,
//! unknown fields reported with a did-you-mean, then the rules checks of
//! [`Unit::problems`]. Fields a type does not use are warned about.

use crate::rules::named::Named;
use crate::rules::warlord_i::co::{Co, CoActivity, CoStatus};
use crate::rules::warlord_i::unit::{
    Activity, Armour, Class, Drill, Formation, MeleeWeapon, Morale, MoraleClass, Order, TroopType,
    Unit, Weapon, ranks_for,
};
use crate::store::toml_walk::{Fields, Walk};

/// The most bases a unit may have (a sanity limit, not a rule).
pub const MAX_BASES: i64 = 1000;
/// The most points of one kind a unit may hold (a sanity limit).
pub const MAX_POINTS: i64 = 1000;

/// The unit fields, in the order the format lists them.
pub const UNIT_FIELDS: &[&str] = &[
    "name",
    "type",
    "order",
    "armour",
    "drill",
    "class",
    "morale_class",
    "weapons",
    "melee_weapon",
    "special",
    "co_stars",
    "bases",
    "bases_lost",
    "files",
    "ranks",
    "aps",
    "dps",
    "morale",
    "activity",
    "formation",
    "waver_tested",
    "notes",
];

/// The CO fields, in the order the format lists them.
pub const CO_FIELDS: &[&str] = &[
    "name",
    "stars",
    "c_in_c",
    "status",
    "dispersed",
    "activity",
    "notes",
];

/// Whether a table writes `key` (without reading it).
fn written(f: &Fields<'_, '_>, key: &str) -> bool {
    f.has(key)
}

/// Reads a unit table; `None` if any error was found in it (all are in `walk`).
pub fn read_unit<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Unit> {
    let errors = |w: &Walk<'_, 's>| w.problems.iter().filter(|p| !p.warning).count();
    let before = errors(walk);
    let name = walk.required_string(&mut f, "name");
    let troop_type = walk.named::<TroopType>(&mut f, "type");
    if !f.has("type") {
        walk.error(
            f.span.clone(),
            f.at("type"),
            format!("'type' is missing; one of: {}", TroopType::accepted()),
        );
    }
    let order = walk.named::<Order>(&mut f, "order").unwrap_or_default();
    let armour = walk.named::<Armour>(&mut f, "armour").unwrap_or_default();
    let drill = walk.named::<Drill>(&mut f, "drill").unwrap_or_default();
    let class = walk.named::<Class>(&mut f, "class").unwrap_or_default();
    let morale_class = walk
        .named::<MoraleClass>(&mut f, "morale_class")
        .unwrap_or_default();
    let weapons = walk.named_list::<Weapon>(&mut f, "weapons");
    let melee_weapon = walk.named::<MeleeWeapon>(&mut f, "melee_weapon");
    let special = walk.bool(&mut f, "special").unwrap_or(false);
    let co_stars = walk
        .int_because(
            &mut f,
            "co_stars",
            0..=3,
            Some("a CO has 1 to 3 stars, 0 for none (Rule 29)"),
        )
        .unwrap_or(0) as u8;
    let bases = walk.int(&mut f, "bases", 0..=MAX_BASES);
    if !f.has("bases") {
        walk.error(
            f.span.clone(),
            f.at("bases"),
            "'bases' is missing: the bases now in the unit",
        );
    }
    let bases_lost = walk.int(&mut f, "bases_lost", 0..=MAX_BASES).unwrap_or(0) as u32;
    let files = walk.int(&mut f, "files", 1..=MAX_BASES);
    let ranks = walk.int(&mut f, "ranks", 1..=MAX_BASES);
    let aps = walk.int(&mut f, "aps", 0..=MAX_POINTS).unwrap_or(0) as u32;
    let dps = walk.int(&mut f, "dps", 0..=MAX_POINTS).unwrap_or(0) as u32;
    let morale = walk.named::<Morale>(&mut f, "morale").unwrap_or_default();
    let activity = walk.named_list::<Activity>(&mut f, "activity");
    let formation = walk
        .named::<Formation>(&mut f, "formation")
        .unwrap_or_default();
    let waver_tested = walk.bool(&mut f, "waver_tested").unwrap_or(false);
    let _notes = walk.string(&mut f, "notes");
    let read_ok = errors(walk) == before;
    let (Some(name), Some(troop_type), Some(bases)) = (name, troop_type, bases) else {
        walk.finish(f);
        return None;
    };
    let bases = bases as u32;
    let files = files.map_or(bases, |n| n as u32);
    let mut unit = Unit::new(&name, troop_type, bases);
    unit.order = order;
    unit.armour = armour;
    unit.drill = drill;
    unit.class = class;
    unit.morale_class = morale_class;
    unit.weapons = weapons;
    unit.melee_weapon = melee_weapon;
    unit.special = special;
    unit.co_stars = co_stars;
    unit.bases_lost = bases_lost;
    unit.files = files;
    unit.ranks = ranks.map_or(ranks_for(bases, files), |n| n as u32);
    unit.aps = aps;
    unit.dps = dps;
    unit.morale = morale;
    unit.activity = activity;
    unit.formation = formation;
    unit.waver_tested = waver_tested;
    warnings(walk, &f, &unit);
    for problem in unit.problems() {
        let span = f.span_of_path(&problem.field);
        walk.error(span, f.at(&problem.field), problem.message);
    }
    walk.finish(f);
    (read_ok && errors(walk) == before).then_some(unit)
}

/// Fields written that the unit's type does not use: shown, not fatal.
fn warnings(walk: &mut Walk<'_, '_>, f: &Fields<'_, '_>, unit: &Unit) {
    let t = unit.troop_type;
    if written(f, "order") && !t.has_order() {
        walk.warn(
            f.span_of("order"),
            f.at("order"),
            format!(
                "{} have no order (only foot, cavalry and camelry do, WI-2); 'order' is ignored",
                t.title()
            ),
        );
    }
    if written(f, "armour") && (t.own_armour().is_some() || t.is_baggage()) {
        let theirs = match t.own_armour() {
            Some(a) => format!("{} from their type", a.code()),
            None => "the \"Other\" column of Rule 55".to_string(),
        };
        walk.warn(
            f.span_of("armour"),
            f.at("armour"),
            format!(
                "{} take their armour class from their type: {theirs} (WI-16, WI-18); 'armour' is ignored",
                t.title()
            ),
        );
    }
    for key in ["drill", "class"] {
        if written(f, key) && !t.has_drill_and_class() {
            walk.warn(
                f.span_of(key),
                f.at(key),
                format!(
                    "{} have no drill or class of their own and cost CCPs as Sd (WI-6); '{key}' is ignored",
                    t.title()
                ),
            );
        }
    }
    if let Some(w) = unit.melee_weapon
        && w != MeleeWeapon::Other
        && !unit.weapons.iter().any(|c| c.as_melee() == Some(w))
    {
        walk.warn(
            f.span_of("melee_weapon"),
            f.at("melee_weapon"),
            format!(
                "'{}' is not among its weapons; it fights with it all the same (WI-18)",
                w.name()
            ),
        );
    }
}

/// Reads a CO table; `None` if any error was found in it.
pub fn read_co<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Co> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let name = walk.required_string(&mut f, "name");
    let stars = walk.int_because(
        &mut f,
        "stars",
        1..=3,
        Some("a CO has 1 to 3 stars, one die each in a command test (Rule 29)"),
    );
    if !f.has("stars") {
        walk.error(
            f.span.clone(),
            f.at("stars"),
            "'stars' is missing: 1 to 3, one die each in a command test (Rule 29)",
        );
    }
    let c_in_c = walk.bool(&mut f, "c_in_c").unwrap_or(false);
    let status = walk.named::<CoStatus>(&mut f, "status").unwrap_or_default();
    let dispersed = walk.bool(&mut f, "dispersed").unwrap_or(false);
    let activity = walk.named_list::<CoActivity>(&mut f, "activity");
    let _notes = walk.string(&mut f, "notes");
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    let (Some(name), Some(stars)) = (name, stars) else {
        return None;
    };
    (after == before).then_some(Co {
        name,
        stars: stars as u8,
        c_in_c,
        status,
        dispersed,
        activity,
    })
}
