//! Point costs and unit sizes from the worked examples (RR-23 to RR-25).

use super::Named;
use super::house::{COST_ROUNDING, FORMED_PREMIUM};
use super::unit::Training;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::House;

/// A unit's cost.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitCost {
    /// A stand's cost (fractions kept unless the house rounds them).
    pub stand_cost: f64,
    /// The unit's: stands x stand cost + the Formed premium.
    pub unit_cost: f64,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// A stand's and a unit's cost (RR-23, RR-24): the base x (100% + the sum
/// of the percentages), then stands x that + the Formed premium.
pub fn unit_cost(
    base: f64,
    percent: &[Named],
    stands: u32,
    formed: bool,
    house: &House,
) -> UnitCost {
    let mut ex = Explanation::default();
    let c = |r: &str| cite("Point Cost", r);
    let sum: i32 = percent.iter().map(|p| p.value).sum();
    let raw = base * f64::from(100 + sum) / 100.0;
    let listed: Vec<String> = percent
        .iter()
        .map(|p| format!("{} {:+}%", p.name.replace('_', " "), p.value))
        .collect();
    let stand_cost = match house.word(&COST_ROUNDING) {
        "nearest" => raw.round(),
        "up" => raw.ceil(),
        "down" => raw.floor(),
        _ => raw,
    };
    ex.line(
        format!(
            "a stand: base {} x (100% {:+}%{}) = {}",
            shown(base),
            sum,
            if listed.is_empty() {
                String::new()
            } else {
                format!(": {}", listed.join(", "))
            },
            shown(raw)
        ),
        c("RR-23"),
    );
    if stand_cost != raw {
        ex.line(
            format!(
                "rounded ({}) to {}",
                house.word(&COST_ROUNDING),
                shown(stand_cost)
            ),
            COST_ROUNDING.cite(),
        );
    }
    let premium = if formed {
        house.number(&FORMED_PREMIUM) as f64
    } else {
        0.0
    };
    let unit_cost = f64::from(stands) * stand_cost + premium;
    ex.line(
        format!(
            "the unit: {stands} x {} + {} ({}) = {}",
            shown(stand_cost),
            shown(premium),
            if formed {
                "the Formed unit premium"
            } else {
                "Unformed: no premium"
            },
            shown(unit_cost)
        ),
        c(if house.value(&FORMED_PREMIUM) == FORMED_PREMIUM.default {
            "RR-24"
        } else {
            "RR-24, house option"
        }),
    );
    UnitCost {
        stand_cost,
        unit_cost,
        explanation: ex,
    }
}

/// A number as a referee writes it: whole numbers without a point.
pub fn shown(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A Formed unit's size in stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSize {
    /// The fewest stands.
    pub min_stands: u32,
    /// The most stands.
    pub max_stands: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The stands a Formed unit of `training` may have (RR-25): Militia 16-36
/// size points, Elite at most 12 with no minimum, Regular from the
/// referee's `limits`; 15mm doubles the limits; artillery and battle
/// platforms have no minimum.
pub fn unit_size(
    stand_size: u32,
    training: Training,
    scale_15mm: bool,
    limits: Option<(u32, u32)>,
    no_minimum: bool,
) -> Result<UnitSize, RulesError> {
    let mut ex = Explanation::default();
    let c = |r: &str| cite("Forming Units", r);
    if stand_size == 0 {
        return Err(RulesError::refused("a stand's Size is at least 1 (RR-25)"));
    }
    let (min, max) = match (training, limits) {
        (Training::Militia, None) => (16, 36),
        (Training::Elite, None) => (0, 12),
        (Training::Regular, Some(l)) => l,
        (Training::Regular, None) => {
            return Err(RulesError::refused(
                "the text gives no Size Limits for Regular units: give 'limits' = { min, max } in size points from the army list (RR-25)",
            ));
        }
        (t, Some(_)) => {
            return Err(RulesError::refused(format!(
                "the text gives {t} Size Limits ({}); 'limits' is for Regular units only (RR-25)",
                if t == Training::Militia {
                    "16 to 36"
                } else {
                    "at most 12, no minimum"
                }
            )));
        }
    };
    if min > max {
        return Err(RulesError::refused(format!(
            "the limits {min} to {max} are the wrong way round (RR-25)"
        )));
    }
    ex.line(
        format!(
            "{training} Size Limits: {}to {max} size points",
            if min > 0 {
                format!("{min} ")
            } else {
                "no minimum, up ".into()
            }
        ),
        c("RR-25"),
    );
    let k = if scale_15mm { 2 } else { 1 };
    let (min, max) = (min * k, max * k);
    if scale_15mm {
        ex.line(
            format!("15mm: the limits double, {min} to {max}"),
            c("RR-25"),
        );
    }
    let min = if no_minimum {
        ex.line("artillery or battle platform: no minimum", c("RR-25"));
        0
    } else {
        min
    };
    let min_stands = min.div_ceil(stand_size).max(1);
    let max_stands = max / stand_size;
    if max_stands < min_stands {
        return Err(RulesError::refused(format!(
            "stands of Size {stand_size} cannot make a {training} unit: at most {max} size points allow {max_stands} stands (RR-25)"
        )));
    }
    ex.line(
        format!("stands of Size {stand_size}: {min_stands} to {max_stands} stands"),
        c("RR-25"),
    );
    Ok(UnitSize {
        min_stands,
        max_stands,
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(name: &str, value: i32) -> Named {
        Named {
            name: name.into(),
            value,
        }
    }

    #[test]
    fn the_worked_examples_cost_what_the_text_says() {
        let h = crate::rules::System::RobertsRules.house_defaults();
        let spear = unit_cost(
            10.0,
            &[n("swift", 10), n("impetuous", 40), n("militia", -50)],
            9,
            true,
            &h,
        );
        assert_eq!((spear.stand_cost, spear.unit_cost), (10.0, 94.0));
        let cav = unit_cost(
            10.0,
            &[n("lances", 20), n("plate", 60), n("elite", 20)],
            3,
            true,
            &h,
        );
        assert_eq!((cav.stand_cost, cav.unit_cost), (20.0, 64.0));
        assert_eq!(unit_cost(2.0, &[], 1, false, &h).unit_cost, 2.0);
    }

    #[test]
    fn sizes_follow_the_training_level() {
        let s = unit_size(4, Training::Militia, false, None, false).unwrap();
        assert_eq!((s.min_stands, s.max_stands), (4, 9));
        let s = unit_size(4, Training::Militia, true, None, false).unwrap();
        assert_eq!((s.min_stands, s.max_stands), (8, 18));
        let s = unit_size(4, Training::Elite, false, None, false).unwrap();
        assert_eq!((s.min_stands, s.max_stands), (1, 3));
        assert!(unit_size(4, Training::Regular, false, None, false).is_err());
    }
}
