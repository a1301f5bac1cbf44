//! A Homunculus Est! unit, army state and general as files write them
//! (the conformance README's unit and army tables), each field checked.

use crate::rules::homunculus_est::{
    ArmyState, Attachment, CardValues, Characteristic, Class, General, GeneralStatus, LineKind,
    Points, Pool, Unit,
};
use crate::rules::named::Named;
use crate::store::toml_walk::{self, Fields, Walk};

/// The largest count a file may give (a sanity limit).
pub const MAX: i64 = 1_000;

/// A whole number field from 0 to `MAX`, or 0.
pub fn count<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key: &'static str) -> u32 {
    walk.int(t, key, 0..=MAX).unwrap_or(0) as u32
}

/// A true/false field, or `default`.
pub fn flag_or<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
    key: &'static str,
    default: bool,
) -> bool {
    walk.bool(t, key).unwrap_or(default)
}

/// A true/false field, or false.
pub fn flag<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key: &'static str) -> bool {
    flag_or(walk, t, key, false)
}

/// A list of words that may repeat (two Elephant Skirmish Lines).
pub fn word_list<'s, T: Named>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Vec<T> {
    let mut out = Vec::new();
    for (i, item) in walk.items(f, key).iter().enumerate() {
        if let Some(t) = walk.word::<T>(item, f.item(key, i)) {
            out.push(t);
        }
    }
    out
}

/// A required whole number in `range`, with the rule that sets it.
fn required<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
    key: &'static str,
    range: std::ops::RangeInclusive<i64>,
    rule: &str,
) -> Option<u32> {
    if !t.has(key) {
        walk.error(
            t.span.clone(),
            t.at(key),
            format!("'{key}' is missing; it is required ({rule})"),
        );
        return None;
    }
    walk.int_because(t, key, range, Some(rule))
        .map(|n| n as u32)
}

/// Reads a general (`{name, generalship, status}`).
pub fn read_general<'s>(walk: &mut Walk<'_, 's>, mut t: Fields<'_, 's>) -> Option<General> {
    let name = walk.required_string(&mut t, "name");
    let generalship = required(
        walk,
        &mut t,
        "generalship",
        0..=MAX,
        "his initial Generalship Points, HE-30",
    );
    let status = walk
        .named::<GeneralStatus>(&mut t, "status")
        .unwrap_or(GeneralStatus::Unhurt);
    walk.finish(t);
    Some(General {
        name: name?,
        generalship: generalship?,
        status,
        points_lost: 0,
        spent: 0,
    })
}

/// Reads a unit with its battle state; every problem is recorded.
pub fn read_unit<'s>(walk: &mut Walk<'_, 's>, mut t: Fields<'_, 's>) -> Option<Unit> {
    let f = &mut t;
    let name = walk.required_string(f, "name");
    let class = if f.has("class") {
        walk.named::<Class>(f, "class")
    } else {
        walk.error(
            f.span.clone(),
            f.at("class"),
            format!("'class' is missing; one of: {} (HE-2)", Class::accepted()),
        );
        None
    };
    let cr = required(walk, f, "combat_rating", 0..=MAX, "the Combat Rating, HE-3");
    let rcr = walk.int(f, "ranged_combat_rating", 0..=MAX).unwrap_or(0) as u32;
    let mr = required(
        walk,
        f,
        "manoeuvre_rating",
        1..=6,
        "a Manoeuvre Rating is 1 to 6, HE-3",
    );
    let dr = required(
        walk,
        f,
        "discipline_rating",
        2..=12,
        "a Discipline Rating is 2 to 12, HE-3",
    );
    let characteristics = walk.named_list::<Characteristic>(f, "characteristics");
    let lines = word_list::<LineKind>(walk, f, "lines");
    let attachments = walk.named_list::<Attachment>(f, "attachments");
    let general = walk.table(f, "general").and_then(|g| read_general(walk, g));
    let mut u = Unit::new(
        &name.clone().unwrap_or_default(),
        class.unwrap_or(Class::FormedInfantry),
        cr.unwrap_or(0),
        mr.unwrap_or(1),
        dr.unwrap_or(2),
    );
    u.ranged_combat_rating = rcr;
    u.characteristics = characteristics;
    u.lines = lines;
    u.attachments = attachments;
    u.general = general;
    u.disordered = flag(walk, f, "disordered");
    u.activated = flag(walk, f, "activated");
    u.failed_last_movement = flag(walk, f, "failed_last_movement");
    u.free_reroll_used = flag(walk, f, "free_reroll_used");
    u.brave_used = flag(walk, f, "brave_used");
    u.heroic_used = flag(walk, f, "heroic_used");
    u.off_table = flag(walk, f, "off_table");
    u.eagle_lost = flag(walk, f, "eagle_lost");
    u.centurion_casualties = flag(walk, f, "centurion_casualties");
    u.removed = flag(walk, f, "removed");
    walk.finish(t);
    // UNIT CHARACTERISTICS: `skirmishing_infantry` always counts as skirmishers (HE-2), by its class
    name?;
    class?;
    cr?;
    mr?;
    dr?;
    Some(u)
}

/// Reads a Command Point table (`{attack, movement, defence, strategy, generalship}`).
pub fn read_points<'s>(walk: &mut Walk<'_, 's>, mut t: Fields<'_, 's>) -> Points {
    let mut p = Points::default();
    for pool in Pool::ORDER {
        let key: &'static str = pool.name();
        *p.get_mut(pool) = count(walk, &mut t, key);
    }
    walk.finish(t);
    p
}

/// Reads card values (`{setback = [..], disaster = [..]}`).
fn read_cards<'s>(walk: &mut Walk<'_, 's>, mut t: Fields<'_, 's>) -> CardValues {
    let mut c = CardValues::default();
    for key in ["setback", "disaster"] {
        let mut values = Vec::new();
        for (path, item) in walk.list(&mut t, key) {
            match toml_walk::integer(item.get_ref()) {
                Some(v) if (0..=MAX).contains(&v) => values.push(v as u32),
                _ => walk.error(
                    item.span(),
                    path,
                    format!("a card's value is a whole number 0 to {MAX} (HE-10)"),
                ),
            }
        }
        if key == "setback" {
            c.setback = values;
        } else {
            c.disaster = values;
        }
    }
    walk.finish(t);
    c
}

/// Reads an army table; `points` tells whether a `points` table was written.
pub fn read_army<'s>(walk: &mut Walk<'_, 's>, mut t: Fields<'_, 's>) -> (ArmyState, bool, bool) {
    let f = &mut t;
    let mut a = ArmyState {
        fatigued: flag(walk, f, "fatigued"),
        ..Default::default()
    };
    let has_bp = f.has("break_point");
    a.break_point = count(walk, f, "break_point");
    let has_points = f.has("points");
    if let Some(p) = walk.table(f, "points") {
        a.points = read_points(walk, p);
    }
    if let Some(c) = walk.table(f, "cards") {
        a.cards = read_cards(walk, c);
    }
    a.cancel_used = flag(walk, f, "cancel_used");
    a.called_this_phase = flag(walk, f, "called_this_phase");
    walk.finish(t);
    (a, has_points, has_bp)
}
