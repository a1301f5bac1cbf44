//! The Parker's Warlord personality and unit tables
//! (`conformance/parkers-warlord/README.md`), shared by cases and rosters.

use crate::rules::parkers_warlord::{Command, Order, Personality, PersonalityType, Unit};
use crate::store::roberts_rules::number;
use crate::store::toml_walk::{Fields, Walk};

/// Reads a personality table; `None` if any error was found in it.
pub fn read_personality<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Personality> {
    let errors = |w: &Walk<'_, 's>| w.problems.iter().filter(|p| !p.warning).count();
    let before = errors(walk);
    let name = walk
        .string(&mut f, "name")
        .unwrap_or_else(|| "the personality".into());
    let kind = walk
        .named::<PersonalityType>(&mut f, "type")
        .unwrap_or_default();
    let sr = walk
        .int_because(
            &mut f,
            "sr",
            -20..=20,
            Some("his SR from the army list, PW-4"),
        )
        .map(|n| n as i32);
    let wounded = walk.bool(&mut f, "wounded").unwrap_or(false);
    let uncontrolled_actions = walk
        .int(&mut f, "uncontrolled_actions", 0..=20)
        .unwrap_or(0) as u32;
    let hand = walk.int(&mut f, "hand", 0..=100).unwrap_or(0) as u32;
    walk.finish(f);
    if errors(walk) > before {
        return None;
    }
    Some(Personality {
        name,
        kind,
        sr,
        wounded,
        uncontrolled_actions,
        hand,
    })
}

/// Reads a unit table; `None` if any error was found in it.
pub fn read_unit<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Unit> {
    let errors = |w: &Walk<'_, 's>| w.problems.iter().filter(|p| !p.warning).count();
    let before = errors(walk);
    let d = Unit::default();
    let name = walk.string(&mut f, "name").unwrap_or(d.name);
    let code = walk.string(&mut f, "type");
    let trained = walk.bool(&mut f, "trained").unwrap_or(false);
    let order = walk.named::<Order>(&mut f, "order").unwrap_or_default();
    let in_battle_line = walk.bool(&mut f, "in_battle_line").unwrap_or(true);
    let personality_attached = walk.bool(&mut f, "personality_attached").unwrap_or(false);
    let warlord_attached = walk.bool(&mut f, "warlord_attached").unwrap_or(false);
    let lost_maneuver = walk.bool(&mut f, "lost_maneuver").unwrap_or(false);
    let done = walk.named_list::<Command>(&mut f, "done");
    let rallied_from_broken = walk.bool(&mut f, "rallied_from_broken").unwrap_or(false);
    let move_inches = number(walk, &mut f, "move", 0.0);
    walk.finish(f);
    if errors(walk) > before {
        return None;
    }
    Some(Unit {
        name,
        code,
        trained,
        order,
        in_battle_line,
        personality_attached,
        warlord_attached,
        lost_maneuver,
        done,
        rallied_from_broken,
        move_inches,
    })
}
