//! Movement (PW-13 to PW-15): the cost of forward and non-forward movement
//! and terrain, charge and proximity allowances, passing through friends.

use super::house::{NEAR_BAND, NFM_IN_TERRAIN, SKIRMISHER_CHARGE};
use super::shown;
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::House;

const SEC: &str = "Movement";

/// Terrain a segment crosses (PW-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Terrain {
    /// Open ground.
    #[default]
    Open,
    /// Area terrain: double cost.
    Area,
    /// Obstacle terrain: double cost.
    Obstacle,
}
named_enum!(Terrain {
    "open" => Terrain::Open,
    "area" => Terrain::Area,
    "obstacle" => Terrain::Obstacle,
});

/// One stretch of a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Inches moved.
    pub inches: f64,
    /// Directly forward.
    pub forward: bool,
    /// Any part of any stand in area or obstacle terrain.
    pub terrain: Terrain,
}

/// Each segment's cost and the whole (PW-13): forward 1" an inch;
/// non-forward 2" an inch or fraction; terrain 2" an inch or fraction;
/// both stack (house option `nfm_in_terrain`).
pub fn move_cost(segments: &[Segment], house: &House) -> (Vec<f64>, f64, Explanation) {
    let mut ex = Explanation::default();
    let c = |r: &str| cite(SEC, r);
    let mut costs = Vec::new();
    for s in segments {
        let whole = s.inches.ceil();
        let terrain = s.terrain != Terrain::Open;
        let cost = match (s.forward, terrain) {
            (true, false) => s.inches,
            (false, false) | (true, true) => 2.0 * whole,
            (false, true) => {
                if house.word(&NFM_IN_TERRAIN) == "once" {
                    2.0 * whole
                } else {
                    4.0 * whole
                }
            }
        };
        let why = match (s.forward, terrain) {
            (true, false) => "forward movement, 1\" for 1\"".to_string(),
            (false, false) => "non-forward movement, 2\" for every inch or fraction".to_string(),
            (true, true) => format!("{} terrain, 2\" for every inch or fraction", s.terrain),
            (false, true) => format!(
                "non-forward movement in {} terrain, {} for every inch or fraction",
                s.terrain,
                if house.word(&NFM_IN_TERRAIN) == "once" {
                    "2\" (house option)"
                } else {
                    "4\""
                }
            ),
        };
        ex.line(
            format!("{}\": {why}: {}\"", shown(s.inches), shown(cost)),
            c(if !s.forward && terrain {
                "PW-2, PW-13, house option"
            } else {
                "PW-2, PW-13"
            }),
        );
        costs.push(cost);
    }
    let total: f64 = costs.iter().sum();
    ex.line(format!("the move costs {}\"", shown(total)), c("PW-13"));
    (costs, total, ex)
}

/// Who moves (PW-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mover {
    /// A unit: proximity movement unless charging.
    #[default]
    Unit,
    /// Skirmishers: no proximity movement; charge in thirds.
    Skirmisher,
    /// A personality: no proximity movement.
    Personality,
}
named_enum!(Mover {
    "unit" => Mover::Unit,
    "skirmisher" => Mover::Skirmisher,
    "personality" => Mover::Personality,
});

/// A move's allowance.
#[derive(Clone, Debug, PartialEq)]
pub struct Allowance {
    /// Inches it may move.
    pub allowance: f64,
    /// A skirmisher charge's third.
    pub segment: Option<f64>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The allowance of a move (PW-14): the domain move; a charge three moves
/// (skirmishers in thirds, house option `skirmisher_charge`); proximity
/// movement by the closest enemy in sight: 15-30" double, over 30" triple,
/// under 15" the referee's multiplier (the extract lost those lines).
pub fn move_allowance(
    move_inches: f64,
    mover: Mover,
    charging: bool,
    closest_enemy: Option<f64>,
    band_multiplier: Option<f64>,
    house: &House,
) -> Result<Allowance, RulesError> {
    let mut ex = Explanation::default();
    let c = |r: &str| cite(SEC, r);
    let m = move_inches;
    ex.line(format!("the domain move: {}\"", shown(m)), c("PW-14"));
    if charging {
        if mover == Mover::Skirmisher {
            let three = house.word(&SKIRMISHER_CHARGE) == "three_moves";
            let segment = if three { m } else { m / 3.0 };
            let allowance = 3.0 * segment;
            ex.line(
                format!(
                    "skirmishers divide their movement by 1/3rd and charge up to three: {} x 3 = {}\"",
                    shown(segment),
                    shown(allowance)
                ),
                c(if three { "PW-14, house option" } else { "PW-14" }),
            );
            return Ok(Allowance {
                allowance,
                segment: Some(segment),
                explanation: ex,
            });
        }
        ex.line(
            format!("a charge is three moves: {}\"", shown(3.0 * m)),
            c("PW-14"),
        );
        return Ok(Allowance {
            allowance: 3.0 * m,
            segment: None,
            explanation: ex,
        });
    }
    if mover != Mover::Unit {
        ex.line(
            "skirmishers and personalities do not use proximity movement",
            c("PW-14"),
        );
        return Ok(Allowance {
            allowance: m,
            segment: None,
            explanation: ex,
        });
    }
    let Some(d) = closest_enemy else {
        return Err(RulesError::refused(
            "proximity movement needs the distance to the closest enemy unit in sight: give 'closest_enemy' in inches (PW-14)",
        ));
    };
    let (k, why, rule) = if d > 30.0 {
        (3.0, "30.1\" or more: triple".to_string(), "PW-14")
    } else if d >= 15.0 {
        (2.0, "15-30\": double".to_string(), "PW-14")
    } else if let Some(k) = band_multiplier {
        (
            k,
            format!("under 15\": the referee's multiplier {}", shown(k)),
            "PW-14, referee",
        )
    } else {
        match house.word(&NEAR_BAND) {
            "half" => (
                0.5,
                "under 15\": half (house option)".to_string(),
                "PW-14, house option",
            ),
            "single" => (
                1.0,
                "under 15\": the domain move (house option)".to_string(),
                "PW-14, house option",
            ),
            _ => {
                return Err(RulesError::refused(format!(
                    "the closest enemy is {}\" away: the text's bands under 15\" were lost; give 'band_multiplier' for this band (PW-14)",
                    shown(d)
                )));
            }
        }
    };
    let allowance = m * k;
    ex.line(
        format!(
            "closest enemy {}\": {why}: {}\"",
            shown(d),
            shown(allowance)
        ),
        c(rule),
    );
    Ok(Allowance {
        allowance,
        segment: None,
        explanation: ex,
    })
}

/// What passing through friends does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassThrough {
    /// The passing unit is disordered after.
    pub passing_disordered: bool,
    /// The stationary unit is disordered after.
    pub stationary_disordered: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Passing through friends (PW-15).
pub fn pass_through(
    began_within_3: bool,
    passing_disordered: bool,
    stationary_disordered: bool,
    stationary_maneuvered: bool,
    rallied_this_turn: bool,
) -> PassThrough {
    let c = |r: &str| cite("Passing Through Friends", r);
    let mut ex = Explanation::default();
    let mut why = Vec::new();
    if passing_disordered || stationary_disordered {
        why.push("a unit is not in good order");
    }
    // "If both units begin their turn ... and are in good order": a unit
    // the record has broken and rallied this turn is not taken as in good
    // order since its turn began (Herald's reading, rr4 F5).
    if rallied_this_turn {
        why.push("a unit was broken this turn and rallied: the record does not have it in good order since its turn began");
    }
    if !began_within_3 {
        why.push("the unit passing through is more than 3\" away");
    }
    if stationary_maneuvered {
        why.push("the stationary unit has maneuvered in its most recent command phase");
    }
    let disordered = !why.is_empty();
    if disordered {
        ex.line(
            format!("the passing unit becomes disordered: {}", why.join("; ")),
            c("PW-15"),
        );
    } else {
        ex.line(
            "both began within 3\" and in good order: neither unit is disordered",
            c("PW-15"),
        );
    }
    PassThrough {
        passing_disordered: disordered,
        stationary_disordered,
        explanation: ex,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn house() -> House {
        crate::rules::System::ParkersWarlord.house_defaults()
    }

    #[test]
    fn non_forward_fractions_count_whole_and_terrain_doubles() {
        let s = |inches, forward, terrain| Segment {
            inches,
            forward,
            terrain,
        };
        let (costs, cost, _) = move_cost(
            &[s(3.0, true, Terrain::Open), s(2.5, false, Terrain::Open)],
            &house(),
        );
        assert_eq!((costs, cost), (vec![3.0, 6.0], 9.0));
        let (_, cost, _) = move_cost(&[s(1.5, false, Terrain::Area)], &house());
        assert_eq!(cost, 8.0);
    }

    #[test]
    fn allowances_by_band_and_charge() {
        let h = house();
        assert_eq!(
            move_allowance(4.0, Mover::Unit, false, Some(20.0), None, &h)
                .unwrap()
                .allowance,
            8.0
        );
        assert_eq!(
            move_allowance(4.0, Mover::Unit, false, Some(30.1), None, &h)
                .unwrap()
                .allowance,
            12.0
        );
        assert!(move_allowance(4.0, Mover::Unit, false, Some(10.0), None, &h).is_err());
        assert_eq!(
            move_allowance(4.0, Mover::Unit, false, Some(10.0), Some(1.0), &h)
                .unwrap()
                .allowance,
            4.0
        );
        let sk = move_allowance(6.0, Mover::Skirmisher, true, None, None, &h).unwrap();
        assert_eq!((sk.allowance, sk.segment), (6.0, Some(2.0)));
        assert_eq!(
            move_allowance(4.0, Mover::Unit, true, None, None, &h)
                .unwrap()
                .allowance,
            12.0
        );
    }

    #[test]
    fn passing_from_afar_disorders_the_passing_unit() {
        assert!(!pass_through(true, false, false, false, false).passing_disordered);
        assert!(pass_through(false, false, false, false, false).passing_disordered);
        assert!(pass_through(true, false, false, true, false).passing_disordered);
        assert!(pass_through(true, false, false, false, true).passing_disordered);
    }
}
