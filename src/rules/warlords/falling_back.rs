//! Falling back into something (2.6.2.1): a unit that cannot fall back the
//! full span, and what it fell into, as the referee says; Broken units with
//! no direction to flee (1.7.3).

use super::HEAVY_STOP_CASUALTY;
use super::charge::lose_pavises;
use super::unit::{Formation, Morale, TroopType, Unit};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};
use crate::rules::house::HouseValue;

/// What a unit falling back ran into (2.6.2.1), as the referee sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FellInto {
    /// Terrain or anything else that stops it short of the full span.
    Obstacle,
    /// A friendly unit (any edge).
    Friend,
    /// The front edge of an enemy unit.
    EnemyFront,
    /// The rear or side of an enemy unit.
    EnemyRearOrSide,
}
named_enum!(FellInto {
    "obstacle" => FellInto::Obstacle,
    "friend" => FellInto::Friend,
    "enemy_front" => FellInto::EnemyFront,
    "enemy_rear_or_side" => FellInto::EnemyRearOrSide,
});

impl FellInto {
    /// Whether another unit is involved (the referee names it).
    pub fn needs_other(self) -> bool {
        self != FellInto::Obstacle
    }
}

/// What falling back into something did to the unit and the one it hit.
#[derive(Clone, Debug)]
pub struct FallBackResult {
    /// The unit that fell back, after.
    pub unit: Unit,
    /// The unit it fell into, after (if any).
    pub other: Option<Unit>,
    /// The friend it fell into must give way: pushed back, or its contacted
    /// stands moved aside (the table moves them).
    pub other_gives_way: bool,
    /// The lines that say why.
    pub explanation: Explanation,
}

/// A unit falling back into something (2.6.2.1), each bullet replacing the
/// general rule for its case (W-35). `other` is the unit it ran into;
/// `rear_stands` the rear stands contacting an enemy's front, as the
/// referee says (a battle recorded before Herald asked holds none: its
/// whole last rank). `other_front` says whether it hit the friend's
/// front edge (the Heavy-into-friend case) or its rear or side.
/// `heavy_stop_casualty`: the house option of W-35 (a Heavy unit that
/// stops against a friend's Close Foot or Pike takes the general rule).
pub fn fall_back_into(
    unit: &Unit,
    into: FellInto,
    other: Option<&Unit>,
    other_front: bool,
    rear_stands: Option<u32>,
    heavy_stop_casualty: bool,
) -> Result<FallBackResult, RulesError> {
    if into.needs_other() && other.is_none() {
        return Err(RulesError::refused(format!(
            "say which unit {} fell back into (2.6.2.1)",
            unit.name
        )));
    }
    let mut u = unit.clone();
    let mut o = other.cloned();
    let mut gives_way = false;
    let mut why = Explanation::default();
    lose_pavises(&mut u); // 3.3.3.4: it recoils
    let light = unit.troop_type.is_light();
    let name = unit.name.clone();
    // The rule's first sentence: an extra casualty and Unformed, unless an exception applies.
    let general = |u: &mut Unit, why: &mut Explanation, what: &str| {
        u.casualties += 1;
        u.formation = Formation::Unformed;
        why.line(
            format!(
                "{name} cannot fall back the full span ({what}): +1 casualty figure and Unformed"
            ),
            sec("2.6.2.1"),
        );
    };
    let heavy = |t: TroopType| t.is_heavy();
    match (into, o.as_mut()) {
        (FellInto::Obstacle, _) => general(&mut u, &mut why, "an obstacle"),
        (FellInto::Friend, Some(f)) if light => {
            u.moving = false;
            why.line(
                format!(
                    "{name} is Light and falls back into {}: it just stops, stays Formed, no casualty",
                    f.name
                ),
                cite("2.6.2.1", "W-35"),
            );
        }
        (FellInto::Friend, Some(f)) if other_front => {
            if f.troop_type.is_light() || f.troop_type == TroopType::Cavalry {
                gives_way = true;
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the front of {}: it pushes it back and falls back the full span",
                        f.name
                    ),
                    sec("2.6.2.1"),
                );
            } else if heavy_stop_casualty {
                // W-35, house option: the stop is a fall back cut short, with
                // the rule's first sentence.
                general(&mut u, &mut why, &format!("it stops against {}", f.name));
                why.line(
                    format!("  {}", HEAVY_STOP_CASUALTY.line(HouseValue::YesNo(true))),
                    HEAVY_STOP_CASUALTY.cite(),
                );
            } else {
                // W-35: the bullet replaces the general rule: it just stops.
                u.moving = false;
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the front of {} ({}): it stops against it, with no casualty and no change of formation",
                        f.name,
                        f.troop_type.title()
                    ),
                    cite("2.6.2.1", "W-35"),
                );
            }
        }
        (FellInto::Friend, Some(f)) => {
            if f.troop_type.is_light() {
                gives_way = true;
                f.formation = Formation::Unformed;
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the rear or side of {}: its contacted stands move out of the way, and it is Unformed",
                        f.name
                    ),
                    sec("2.6.2.1"),
                );
            } else {
                halt(&mut u);
                halt(f);
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the rear or side of {} (Heavy): both are halted, no casualty",
                        f.name
                    ),
                    cite("2.6.2.1, 2.4.1.1", "W-35"),
                );
            }
        }
        (FellInto::EnemyFront, Some(e)) => {
            halt(&mut u);
            let last = unit.ranks().last().copied().unwrap_or(0);
            let lost = u.lose_stands(rear_stands.unwrap_or(last));
            // 2.6.2.1: which rear stands touch is the table's to say; a
            // battle recorded before Herald asked took the whole rear rank.
            let said = if rear_stands.is_some() {
                "as the referee says"
            } else {
                "its whole rear rank, recorded before Herald asked how many touch"
            };
            why.line(
                format!(
                    "{name} falls back into the front of {}: it is halted and loses the {lost} rear stand(s) contacting it ({said})",
                    e.name
                ),
                cite("2.6.2.1", "2.4.1.1"),
            );
        }
        (FellInto::EnemyRearOrSide, Some(e)) => {
            if light && !heavy(e.troop_type) {
                // W-35: no bullet for a Light unit into a Light enemy's rear
                // or side: the general rule.
                general(
                    &mut u,
                    &mut why,
                    &format!("it runs into the rear or side of {}", e.name),
                );
            } else if light {
                u.moving = false;
                u.casualties += 1;
                why.line(
                    format!(
                        "{name} (Light) falls back into the rear or side of {}: it stops and takes an extra casualty",
                        e.name
                    ),
                    sec("2.6.2.1"),
                );
            } else if e.troop_type.is_light() {
                gives_way = true;
                e.formation = Formation::Unformed;
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the rear or side of {} (Light): its contacted stands move out of the way, and it is Unformed",
                        e.name
                    ),
                    sec("2.6.2.1"),
                );
            } else {
                halt(&mut u);
                halt(e);
                u.casualties += 1;
                e.casualties += 1;
                why.line(
                    format!(
                        "{name} (Heavy) falls back into the rear or side of {} (Heavy, an enemy): both are halted and each takes a casualty",
                        e.name
                    ),
                    cite("2.6.2.1", "2.4.1.1"),
                );
            }
        }
        (_, None) => unreachable!("checked above: the other unit is given"),
    }
    disperse_if_gone(&mut u);
    Ok(FallBackResult {
        unit: u,
        other: o,
        other_gives_way: gives_way,
        explanation: why,
    })
}

/// Halted: stopped and Unformed (2.4.1.1).
fn halt(u: &mut Unit) {
    u.moving = false;
    u.formation = Formation::Unformed;
}

/// Only the command stand left (or none): Dispersed (1.7.4).
fn disperse_if_gone(u: &mut Unit) {
    if u.stands <= u32::from(u.troop_type.has_command_stand()) {
        u.morale = Morale::Dispersed;
    }
}

/// A Broken unit with no direction it can flee loses 1 stand per turn to
/// each enemy unit in contact, until it can flee or is Dispersed (1.7.3).
pub fn no_way_to_flee(unit: &Unit, enemies_in_contact: u32) -> Result<FallBackResult, RulesError> {
    if unit.morale != Morale::Broken {
        return Err(RulesError::refused(format!(
            "{} is {}, not Broken: only a Broken unit with no direction to flee loses stands this way (1.7.3)",
            unit.name, unit.morale
        )));
    }
    if enemies_in_contact == 0 {
        return Err(RulesError::refused(format!(
            "{} is in contact with no enemy: it loses stands only to enemy units in contact (1.7.3)",
            unit.name
        )));
    }
    let mut u = unit.clone();
    let lost = u.lose_stands(enemies_in_contact);
    disperse_if_gone(&mut u);
    let mut why = Explanation::default();
    why.line(
        format!(
            "{} is Broken with no direction to flee: loses {lost} stand(s), 1 to each of the {enemies_in_contact} enemy unit(s) in contact",
            unit.name
        ),
        sec("1.7.3"),
    );
    if u.morale == Morale::Dispersed {
        why.line("only the command stand is left: Dispersed", sec("1.7.4"));
    }
    Ok(FallBackResult {
        unit: u,
        other: None,
        other_gives_way: false,
        explanation: why,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(name: &str, ty: TroopType, stands: u32) -> Unit {
        Unit::new(name, ty, stands)
    }

    #[test]
    fn into_an_obstacle_an_extra_casualty_and_unformed() {
        let fyrd = unit("Fyrd", TroopType::CloseFoot, 8);
        let r = fall_back_into(&fyrd, FellInto::Obstacle, None, false, None, false).unwrap();
        assert_eq!(r.unit.casualties, 1);
        assert_eq!(r.unit.formation, Formation::Unformed);
    }

    #[test]
    fn light_into_a_friend_just_stops() {
        let levy = unit("Levy", TroopType::LooseFoot, 4);
        let fyrd = unit("Fyrd", TroopType::CloseFoot, 8);
        let r = fall_back_into(&levy, FellInto::Friend, Some(&fyrd), true, None, false).unwrap();
        assert_eq!(r.unit.casualties, 0);
        assert_eq!(r.unit.formation, Formation::Line);
    }

    #[test]
    fn heavy_pushes_light_and_stops_against_heavy() {
        let fyrd = unit("Fyrd", TroopType::CloseFoot, 8);
        let levy = unit("Levy", TroopType::LooseFoot, 4);
        let r = fall_back_into(&fyrd, FellInto::Friend, Some(&levy), true, None, false).unwrap();
        assert!(r.other_gives_way);
        assert_eq!(r.unit.casualties, 0);
        let pike = unit("Pike", TroopType::Pike, 8);
        let r = fall_back_into(&fyrd, FellInto::Friend, Some(&pike), true, None, false).unwrap();
        assert!(!r.other_gives_way);
        assert_eq!(r.unit.casualties, 0, "W-35: it just stops");
        assert_eq!(
            r.unit.formation,
            Formation::Line,
            "W-35: no change of formation"
        );
        let r = fall_back_into(&fyrd, FellInto::Friend, Some(&pike), true, None, true).unwrap();
        assert_eq!(r.unit.casualties, 1, "house option heavy_stop_casualty");
        assert_eq!(r.unit.formation, Formation::Unformed);
    }

    #[test]
    fn into_an_enemy_front_halted_and_rear_stands_lost() {
        let mut fyrd = unit("Fyrd", TroopType::CloseFoot, 12);
        fyrd.files = 4;
        let knights = unit("Knights", TroopType::Cavalry, 4);
        let r = fall_back_into(
            &fyrd,
            FellInto::EnemyFront,
            Some(&knights),
            true,
            None,
            false,
        )
        .unwrap();
        assert_eq!(r.unit.stands, 8, "its last rank of 4");
        assert_eq!(r.unit.formation, Formation::Unformed);
        let r = fall_back_into(
            &fyrd,
            FellInto::EnemyFront,
            Some(&knights),
            true,
            Some(2),
            false,
        )
        .unwrap();
        assert_eq!(r.unit.stands, 10);
    }

    #[test]
    fn heavy_into_heavy_enemy_both_halted_and_hurt() {
        let fyrd = unit("Fyrd", TroopType::CloseFoot, 8);
        let knights = unit("Knights", TroopType::Cavalry, 4);
        let r = fall_back_into(
            &fyrd,
            FellInto::EnemyRearOrSide,
            Some(&knights),
            false,
            None,
            false,
        )
        .unwrap();
        let k = r.other.unwrap();
        assert_eq!((r.unit.casualties, k.casualties), (1, 1));
        assert_eq!(k.formation, Formation::Unformed);
    }

    #[test]
    fn light_into_a_light_enemys_side_takes_the_general_rule() {
        let levy = unit("Levy", TroopType::LooseFoot, 4);
        let archers = unit("Archers", TroopType::FootSkirmishers, 4);
        let r = fall_back_into(
            &levy,
            FellInto::EnemyRearOrSide,
            Some(&archers),
            false,
            None,
            false,
        )
        .unwrap();
        assert_eq!(r.unit.casualties, 1);
        assert_eq!(r.unit.formation, Formation::Unformed);
        let fyrd = unit("Fyrd", TroopType::CloseFoot, 8);
        let r = fall_back_into(
            &levy,
            FellInto::EnemyRearOrSide,
            Some(&fyrd),
            false,
            None,
            false,
        )
        .unwrap();
        assert_eq!(
            r.unit.casualties, 1,
            "Light into a heavy unit: an extra casualty"
        );
        assert_eq!(r.unit.formation, Formation::Line, "it just stops");
    }

    #[test]
    fn trapped_broken_units_lose_a_stand_per_enemy() {
        let mut fyrd = unit("Fyrd", TroopType::CloseFoot, 3);
        assert!(no_way_to_flee(&fyrd, 1).is_err(), "only Broken units");
        fyrd.morale = Morale::Broken;
        let r = no_way_to_flee(&fyrd, 2).unwrap();
        assert_eq!(r.unit.stands, 1);
        assert_eq!(r.unit.morale, Morale::Dispersed);
    }
}
