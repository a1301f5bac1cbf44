//! FOLLOW UP and PURSUIT OFF-TABLE (HE-25, HE-33).

use super::tables::distance;
use super::{Attachment, Characteristic, Draw, Next, Unit, check_faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// What the referee says of a follow up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FollowUpSituation {
    /// The victor's player does not wish to follow up.
    pub stay: bool,
    /// The loser's player covers the retreat with this attachment.
    pub cover: Option<Attachment>,
    /// An enemy is in one of the victor's two frontal squares.
    pub enemy_in_frontal_square: bool,
    /// Cavalry takes the Oblique Advance (one square of the move).
    pub oblique: bool,
    /// Squares to the table edge (none said: unlimited).
    pub squares_to_edge: Option<u32>,
}

/// The dice of a follow up, pool by pool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FollowUpDice {
    /// The victor's 2D6 to stay.
    pub stay: Vec<u8>,
    /// The cover roll, then the Cohort's keep roll.
    pub cover: Vec<u8>,
    /// The follow up distance.
    pub follow_up: Vec<u8>,
}

/// A follow up's outcome.
#[derive(Clone, Debug)]
pub struct FollowUpOutcome {
    /// The victor follows up.
    pub follows_up: bool,
    /// The 2D6 total to stay, when rolled.
    pub stay_total: Option<u32>,
    /// Squares advanced.
    pub squares: u32,
    /// Carried off the table: Pursuit Off-Table.
    pub off_table: bool,
    /// The victor afterwards.
    pub unit: Unit,
    /// The loser afterwards.
    pub loser: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Resolves the victor's follow up.
pub fn follow_up(
    unit: &Unit,
    loser: &Unit,
    s: FollowUpSituation,
    dice: &FollowUpDice,
) -> Result<FollowUpOutcome, RulesError> {
    for (p, f) in [
        ("stay", &dice.stay),
        ("cover", &dice.cover),
        ("follow_up", &dice.follow_up),
    ] {
        check_faces(p, f)?;
    }
    if let Some(a) = s.cover {
        if a == Attachment::Devotio {
            return Err(RulesError::refused(
                "only a Small Cavalry Reserve or a Praetorian Cohort covers a retreat (ATTACHMENT CHARACTERISTICS)",
            ));
        }
        if !loser.attached(a) {
            return Err(RulesError::refused(format!(
                "{} has no {a} attached to cover its retreat (ATTACHMENT CHARACTERISTICS)",
                loser.name
            )));
        }
    }
    let mut ex = Explanation::default();
    let mut stay_d = Draw::new("stay", &dice.stay);
    let mut cover_d = Draw::new("cover", &dice.cover);
    let mut fu_d = Draw::new("follow_up", &dice.follow_up);
    let mut after = unit.clone();
    let mut loser_after = loser.clone();
    let mut out_total = None;
    let mut squares = 0;
    let mut off = false;
    let follows = 'f: {
        // HE-25, in order: Rear-Guard, Immobile, the wish to stay, cover, the frontal enemy
        if loser.has(Characteristic::RearGuard) {
            ex.line(
                format!("{} is a Rear-Guard: it cancels any follow up", loser.name),
                cite("UNIT CHARACTERISTICS (3)", "HE-25"),
            );
            break 'f false;
        }
        if unit.has(Characteristic::Immobile) {
            ex.line(
                format!("{} is Immobile: it does not follow up", unit.name),
                cite("UNIT CHARACTERISTICS (2)", "HE-25"),
            );
            break 'f false;
        }
        if s.stay {
            if unit.has(Characteristic::Warband) {
                ex.line(
                    "a Warband must follow up: no roll to stay",
                    cite("UNIT CHARACTERISTICS (3)", "HE-25"),
                );
            } else {
                let d = stay_d.take(2, "the 2D6 to stay (FOLLOW UP)")?;
                let t = u32::from(d[0]) + u32::from(d[1]);
                out_total = Some(t);
                if t >= unit.discipline_rating {
                    ex.line(format!("not wishing to follow up, it rolls {t} against DR {}: it remains stationary", unit.discipline_rating), cite("FOLLOW UP", "HE-25"));
                    break 'f false;
                }
                ex.line(
                    format!(
                        "not wishing to follow up, it rolls {t}, below DR {}: it must follow up",
                        unit.discipline_rating
                    ),
                    cite("FOLLOW UP", "HE-25"),
                );
            }
        }
        if let Some(a) = s.cover {
            let d = cover_d.one("the roll to cover the retreat (ATTACHMENT CHARACTERISTICS)")?;
            let stopped = d >= 2;
            ex.line(
                format!(
                    "the {} covers the retreat and rolls {d}: {}",
                    if a == Attachment::SmallCavalryReserve {
                        "Small Cavalry Reserve"
                    } else {
                        "Praetorian Cohort"
                    },
                    if stopped {
                        "the follow up is stopped"
                    } else {
                        "the enemy follows up as normal"
                    }
                ),
                cite("ATTACHMENT CHARACTERISTICS", "HE-25"),
            );
            match a {
                Attachment::SmallCavalryReserve => {
                    loser_after.attachments.retain(|x| *x != a);
                }
                _ => {
                    // ATTACHMENT CHARACTERISTICS Praetorian Cohort: "After being used, it is
                    // removed on a roll of 1 to 3": used, whether or not it stopped the
                    // follow up, so its keep die comes after the cover die every time (HE-25)
                    let keep = cover_d.one("the Praetorian Cohort's roll after use")?;
                    if keep <= 3 {
                        loser_after.attachments.retain(|x| *x != a);
                    }
                    ex.line(
                        format!(
                            "the Praetorian Cohort rolls {keep} after use: {}",
                            if keep <= 3 { "removed" } else { "remains" }
                        ),
                        cite("ATTACHMENT CHARACTERISTICS", "HE-25"),
                    );
                }
            }
            if stopped {
                break 'f false;
            }
        }
        // Elephants count as Cavalry for Follow Ups (UNIT CHARACTERISTICS (1), HE-2)
        let cavalry = unit.is_cavalry() || unit.has(Characteristic::Elephants);
        if s.enemy_in_frontal_square && !cavalry {
            ex.line(
                "another enemy is in one of its two frontal squares: Infantry remains stationary",
                cite("FOLLOW UP", "HE-25"),
            );
            break 'f false;
        }
        let d = fu_d.one("the FOLLOW UP roll")?;
        let rolled = distance(d, unit.moves_as_cavalry_or_skirmisher());
        squares = rolled;
        ex.line(
            format!(
                "FOLLOW UP roll {d}: {rolled} square{}",
                if rolled == 1 { "" } else { "s" }
            ),
            cite("FOLLOW UP", "HE-25"),
        );
        if s.oblique {
            if !cavalry {
                return Err(RulesError::refused(
                    "only Cavalry may make an Oblique Advance in a follow up (FOLLOW UP, HE-25)",
                ));
            }
            squares = squares.saturating_sub(1);
            ex.line(
                "an Oblique Advance costs one Follow Up Movement Point",
                cite("FOLLOW UP", "HE-25"),
            );
        }
        if let Some(edge) = s.squares_to_edge
            && squares > edge
        {
            // PURSUIT OFF-TABLE: no card, temporarily removed
            off = true;
            after.off_table = true;
            ex.line(
                "it follows up off the table: Pursuit Off-Table, no card",
                cite("PURSUIT OFF-TABLE", "HE-25, HE-33"),
            );
        }
        true
    };
    stay_d.done()?;
    cover_d.done()?;
    fu_d.done()?;
    Ok(FollowUpOutcome {
        follows_up: follows,
        stay_total: out_total,
        squares,
        off_table: off,
        unit: after,
        loser: loser_after,
        next: Vec::new(),
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;

    fn foot() -> Unit {
        Unit::new("foot", Class::FormedInfantry, 3, 4, 7)
    }

    #[test]
    fn rear_guard_cancels_even_a_warband() {
        let mut v = foot();
        v.characteristics.push(Characteristic::Warband);
        let mut l = foot();
        l.characteristics.push(Characteristic::RearGuard);
        let o = follow_up(
            &v,
            &l,
            FollowUpSituation::default(),
            &FollowUpDice::default(),
        )
        .unwrap();
        assert!(!o.follows_up);
    }

    #[test]
    fn low_stay_roll_must_follow() {
        let s = FollowUpSituation {
            stay: true,
            ..Default::default()
        };
        let dice = FollowUpDice {
            stay: vec![2, 3],
            follow_up: vec![6],
            ..Default::default()
        };
        let o = follow_up(&foot(), &foot(), s, &dice).unwrap();
        assert!(o.follows_up && o.squares == 2 && o.stay_total == Some(5));
    }

    #[test]
    fn cover_stops_on_two_to_six() {
        let mut l = foot();
        l.attachments.push(Attachment::SmallCavalryReserve);
        let s = FollowUpSituation {
            cover: Some(Attachment::SmallCavalryReserve),
            ..Default::default()
        };
        let o = follow_up(
            &foot(),
            &l,
            s,
            &FollowUpDice {
                cover: vec![2],
                ..Default::default()
            },
        )
        .unwrap();
        assert!(!o.follows_up && o.loser.attachments.is_empty());
        let o = follow_up(
            &foot(),
            &l,
            s,
            &FollowUpDice {
                cover: vec![1],
                follow_up: vec![3],
                ..Default::default()
            },
        )
        .unwrap();
        assert!(o.follows_up && o.squares == 1);
    }

    #[test]
    fn pursuit_off_table() {
        let cav = Unit::new("c", Class::Cavalry, 3, 3, 7);
        let s = FollowUpSituation {
            squares_to_edge: Some(1),
            ..Default::default()
        };
        let o = follow_up(
            &cav,
            &foot(),
            s,
            &FollowUpDice {
                follow_up: vec![5],
                ..Default::default()
            },
        )
        .unwrap();
        assert!(o.off_table && o.unit.off_table && o.squares == 3);
    }
}
