//! The Robert's Rules unit table (`conformance/roberts-rules/README.md`),
//! shared by cases and army files: AV-DV (MAV), troop type, Training
//! Level, Attributes, an attached leader, and the battle state.

use crate::rules::roberts_rules::{Attribute, Training, Unit};
use crate::store::toml_walk::{Fields, Walk};

/// The most stands a unit may have (a sanity limit, not a rule).
pub const MAX_STANDS: i64 = 1000;

/// The unit fields, in the order the format lists them.
pub const UNIT_FIELDS: &[&str] = &[
    "name",
    "av",
    "dv",
    "mav",
    "troop_type",
    "mounted",
    "formed",
    "training",
    "attributes",
    "captain_attached",
    "stands_original",
    "stands",
    "hits_lost",
    "disrupted",
    "demoralized",
];

/// Reads a unit table; `None` if any error was found in it (all are in `walk`).
pub fn read_unit<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Unit> {
    let errors = |w: &Walk<'_, 's>| w.problems.iter().filter(|p| !p.warning).count();
    let before = errors(walk);
    let name = walk.string(&mut f, "name").or(Some("the unit".to_string()));
    let value =
        |walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str, required: bool| {
            let v = walk.int_because(f, key, 0..=100, Some("RR-3"));
            if v.is_none() && required && !f.has(key) {
                walk.error(
                f.span.clone(),
                f.at(key),
                format!(
                    "'{key}' is missing: a stand is rated AV-DV (MAV), e.g. av = 5, dv = 4 (RR-3)"
                ),
            );
            }
            v.unwrap_or(0) as i32
        };
    let av = value(walk, &mut f, "av", true);
    let dv = value(walk, &mut f, "dv", true);
    let mav = value(walk, &mut f, "mav", false);
    let troop_type = walk.string(&mut f, "troop_type");
    let mounted = walk.bool(&mut f, "mounted").unwrap_or(false);
    let skirmisher = troop_type
        .as_deref()
        .is_some_and(|t| t.starts_with("skirmisher"));
    let formed_given = walk.bool(&mut f, "formed");
    if skirmisher && formed_given == Some(true) {
        walk.error(
            f.span_of("formed"),
            f.at("formed"),
            "Skirmishers must always be Unformed (formed = false, or leave it out)",
        );
    }
    let formed = formed_given.unwrap_or(!skirmisher);
    let training = walk
        .named::<Training>(&mut f, "training")
        .unwrap_or_default();
    let attributes = walk.named_list::<Attribute>(&mut f, "attributes");
    let captain_attached = walk.bool(&mut f, "captain_attached").unwrap_or(false);
    let stands_original = walk.int(&mut f, "stands_original", 1..=MAX_STANDS);
    let stands = walk.int(&mut f, "stands", 0..=MAX_STANDS);
    if stands.is_none() && !f.has("stands") {
        walk.error(
            f.span.clone(),
            f.at("stands"),
            "'stands' is missing: the stands the unit has now",
        );
    }
    let stands = stands.unwrap_or(0) as u32;
    let stands_original = stands_original.map_or(stands, |n| n as u32);
    if stands > stands_original {
        walk.error(
            f.span_of("stands"),
            f.at("stands"),
            format!(
                "{stands} stands is more than the {stands_original} it began with (stands_original)"
            ),
        );
    }
    let hits_lost = walk
        .int(&mut f, "hits_lost", 0..=2 * MAX_STANDS)
        .unwrap_or(0) as u32;
    if hits_lost > 2 * stands_original.max(1) {
        walk.error(
            f.span_of("hits_lost"),
            f.at("hits_lost"),
            format!(
                "{hits_lost} hits lost is more than its {} Hits (twice {stands_original} original stands, RR-22)",
                2 * stands_original
            ),
        );
    }
    let disrupted = walk.bool(&mut f, "disrupted").unwrap_or(false);
    let demoralized_given = walk.bool(&mut f, "demoralized");
    walk.finish(f);
    if errors(walk) > before {
        return None;
    }
    Some(Unit {
        name: name?,
        av,
        dv,
        mav,
        troop_type,
        mounted,
        formed,
        training,
        attributes,
        captain_attached,
        general_attached: false,
        leader_name: None,
        stands_original,
        stands,
        hits_lost,
        disrupted,
        demoralized_given,
    })
}
