//! The unit table: the fields of `conformance/README.md`, shared by army
//! files and cases. Reads a table into a [`Unit`], reporting every problem
//! with its place, then runs the rules checks of [`Unit::problems`].

use crate::rules::named::Named;
use crate::rules::warlords::personality::{Personality, PersonalityStatus, PersonalityTrait};
use crate::rules::warlords::unit::{
    Formation, Morale, ShootingStyle, Training, TroopType, Unit, UnitTrait, Weapon,
};
use crate::store::toml_walk::{Fields, Walk, cut};

/// The most stands a unit may have (a sanity limit, not a rule).
pub const MAX_STANDS: i64 = 1000;
/// The most figures of one kind (champions, casualties) a unit may carry.
pub const MAX_FIGURES: i64 = 1000;

/// The unit fields, in the order the format lists them.
pub const UNIT_FIELDS: &[&str] = &[
    "name",
    "type",
    "training",
    "armour",
    "shield",
    "weapons",
    "shooting",
    "traits",
    "stands",
    "personalities",
    "morale",
    "champions",
    "casualties",
    "formation",
    "files",
    "moving",
    "fleeing",
    "pavises_deployed",
    "pavises_lost",
    "notes",
];

/// Reads a unit table. Returns `None` if any error was found in it (all are
/// recorded in `walk`).
pub fn read_unit<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Unit> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let name = walk.required_string(&mut f, "name");
    let troop_type = walk.named::<TroopType>(&mut f, "type");
    if f.get("type").is_none() {
        walk.error(
            f.span.clone(),
            f.at("type"),
            format!("'type' is missing; one of: {}", TroopType::accepted()),
        );
    }
    let training = walk
        .named::<Training>(&mut f, "training")
        .unwrap_or_default();
    let armour = walk
        .int_because(
            &mut f,
            "armour",
            -2..=1,
            Some("1 unarmoured, 0 light, -1 metal, -2 full harness (1.5)"),
        )
        .unwrap_or(0) as i8;
    let shield = walk.bool(&mut f, "shield").unwrap_or(false);
    let weapons = walk.named_list::<Weapon>(&mut f, "weapons");
    let shooting = walk.named_list::<ShootingStyle>(&mut f, "shooting");
    let traits = walk.named_list::<UnitTrait>(&mut f, "traits");
    let stands = walk.int(&mut f, "stands", 0..=MAX_STANDS);
    if f.get("stands").is_none() {
        walk.error(
            f.span.clone(),
            f.at("stands"),
            "'stands' is missing: the stands now in the unit, the command stand included",
        );
    }
    let morale = walk.named::<Morale>(&mut f, "morale").unwrap_or_default();
    let champions = walk.int(&mut f, "champions", 0..=MAX_FIGURES).unwrap_or(0) as u32;
    let casualties = walk.int(&mut f, "casualties", 0..=MAX_FIGURES).unwrap_or(0) as u32;
    let formation = walk
        .named::<Formation>(&mut f, "formation")
        .unwrap_or_default();
    let files = walk.int(&mut f, "files", 1..=MAX_STANDS);
    let moving = walk.bool(&mut f, "moving").unwrap_or(false);
    // 2.4.11, 2.2.2: a Broken unit that is moving is taken to be fleeing
    // unless the table says it stopped (conformance README, unit table).
    let fleeing = walk
        .bool(&mut f, "fleeing")
        .unwrap_or(morale == Morale::Broken && moving);
    let pavises_deployed = walk.bool(&mut f, "pavises_deployed").unwrap_or(false);
    let pavises_lost = walk.bool(&mut f, "pavises_lost").unwrap_or(false);
    let _notes = walk.string(&mut f, "notes");
    let mut personalities = Vec::new();
    let tables = walk.tables(&mut f, "personalities");
    let any_marked = tables.iter().any(|t| t.has_true("commander"));
    for (i, t) in tables.into_iter().enumerate() {
        if let Some(p) = read_personality(walk, t, i == 0 && !any_marked) {
            personalities.push(p);
        }
    }
    let errors_now = walk.problems.iter().filter(|p| !p.warning).count();
    let (Some(name), Some(troop_type), Some(stands)) = (name, troop_type, stands) else {
        walk.finish(f);
        return None;
    };
    let stands = stands as u32;
    let unit = Unit {
        name,
        troop_type,
        training,
        armour,
        shield,
        weapons,
        shooting,
        traits,
        stands,
        files: files.map_or(stands.max(1), |n| n as u32),
        personalities,
        morale,
        champions,
        casualties,
        formation,
        moving,
        fleeing,
        pavises_deployed,
        pavises_lost,
    };
    for problem in unit.problems() {
        let span = f.span_of_path(&problem.field);
        walk.error(span, f.at(&problem.field), problem.message);
    }
    walk.finish(f);
    let errors_after = walk.problems.iter().filter(|p| !p.warning).count();
    (errors_after == before && errors_now == before).then_some(unit)
}

/// Reads a personality table; `default_commander` when he is the first listed
/// and nobody is marked commander (W-0).
pub fn read_personality<'s>(
    walk: &mut Walk<'_, 's>,
    mut f: Fields<'_, 's>,
    default_commander: bool,
) -> Option<Personality> {
    let name = walk.required_string(&mut f, "name");
    let charisma = walk
        .int_because(&mut f, "charisma", -2..=3, Some("Charisma, 3.1.2"))
        .unwrap_or(0) as i8;
    let prowess = walk
        .int_because(&mut f, "prowess", 0..=3, Some("Prowess, 3.1.2"))
        .unwrap_or(1) as i8;
    let mut traits = Vec::new();
    let mut other_traits = Vec::new();
    for (path, item) in walk.list(&mut f, "traits") {
        let Some(word) = item.get_ref().as_str() else {
            walk.error(
                item.span(),
                path,
                format!(
                    "expected a trait's name in quotes, found {}",
                    crate::store::toml_walk::shown(item.get_ref())
                ),
            );
            continue;
        };
        match PersonalityTrait::parse(word) {
            Some(t) if traits.contains(&t) => walk.error(
                item.span(),
                path,
                format!("'{}' is listed twice", cut(word)),
            ),
            Some(t) => traits.push(t),
            None => {
                // W-21: traits Herald does not know are kept as free text.
                let hint = PersonalityTrait::did_you_mean(word)
                    .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
                walk.warn(
                    item.span(),
                    path,
                    format!("'{}' is not a trait Herald applies{hint}; it is kept as text with no effect (W-21). Known: {}", cut(word), PersonalityTrait::accepted()),
                );
                other_traits.push(word.to_string());
            }
        }
    }
    let nemesis = walk.string_list(&mut f, "nemesis");
    let vendetta = walk.string(&mut f, "vendetta");
    let bounty = walk.string(&mut f, "bounty");
    let commander = walk.bool(&mut f, "commander").unwrap_or(default_commander);
    let status = walk
        .named::<PersonalityStatus>(&mut f, "status")
        .unwrap_or_default();
    let _notes = walk.string(&mut f, "notes");
    walk.finish(f);
    Some(Personality {
        name: name?,
        charisma,
        prowess,
        traits,
        other_traits,
        nemesis,
        vendetta,
        bounty,
        commander,
        status,
    })
}

impl Fields<'_, '_> {
    /// Whether `key` is written as `true` (without marking it read).
    pub fn has_true(&self, key: &str) -> bool {
        self.peek(key).and_then(|v| v.get_ref().as_bool()) == Some(true)
    }
}
