//! Dicing to enter or return to the field (Rule 47, WI-22): two dice plus
//! the leading CO's stars, +1 per 2 earlier failures; a flank march -1 per
//! whole 30 cm from the baseline; returning troops +1 Veteran, -1 D class
//! or Raw; -1 if evaded off-table with pursuers not back; opposed -1, or
//! -2, -3, -4 at 2, 3, 4 times the unit's bases. 10 or more enters at the
//! intended point; 9 on an unopposed flank march enters 30 cm nearer the
//! baseline; anything else fails.

use super::unit::{Class, MoraleClass, Unit};
use super::{expect_dice, faces, on_table};
use crate::dice::{Dice, DiceCount};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What the referee says of the attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EnterSituation {
    /// Earlier failed attempts.
    pub previous_failures: u32,
    /// A flank march: centimetres from the arrival point to the baseline.
    pub flank_march_cm: Option<u32>,
    /// Returning to the field.
    pub returning: bool,
    /// Evaded off-table and its pursuers have not yet returned.
    pub pursuers_not_returned: bool,
    /// Enemy bases opposing the entry; 0 when unopposed.
    pub opposing_bases: u32,
}

/// Where the troops arrive (Rule 47).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// At the intended point (10 or more).
    IntendedPoint,
    /// A flank march arriving 30 cm nearer the baseline (9, unopposed).
    NearerBaseline,
    /// A failed attempt.
    Fails,
}
named_enum!(Entry {
    "intended_point" => Entry::IntendedPoint,
    "nearer_baseline" => Entry::NearerBaseline,
    "fails" => Entry::Fails,
});

/// An attempt about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnterField {
    /// The unit entering.
    pub unit: Unit,
    /// What the referee said.
    pub situation: EnterSituation,
    /// Every modifier to the two dice (Rule 47, WI-22).
    pub modifiers: Vec<Modifier>,
}

/// What the attempt came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnterOutcome {
    /// Two dice plus the modifiers.
    pub score: i32,
    /// The unit arrives.
    pub enters: bool,
    /// Where, or a failure.
    pub outcome: Entry,
    /// The lines that made it.
    pub explanation: Explanation,
}

fn n(v: u32) -> i32 {
    v.min(i32::MAX as u32) as i32
}

impl EnterField {
    /// States the modifiers.
    pub fn plan(unit: &Unit, s: EnterSituation) -> Result<EnterField, RulesError> {
        on_table(unit)?;
        if unit.co_stars > 3 {
            return Err(RulesError::refused(format!(
                "{} is led by a CO of {} stars; a CO has 1 to 3 (Rule 29)",
                unit.name, unit.co_stars
            )));
        }
        let c = || cite("Rule 47", "WI-22");
        let mut m = Vec::new();
        if unit.co_stars > 0 {
            m.push(Modifier::new(
                i32::from(unit.co_stars),
                format!("led by a {}-star CO", unit.co_stars),
                c(),
            ));
        }
        if s.previous_failures >= 2 {
            // Rule 47, WI-1: each two previous failed attempts.
            m.push(Modifier::new(
                n(s.previous_failures / 2),
                format!("{} earlier failed attempts: 1 per 2", s.previous_failures),
                cite("Rule 47", "WI-1, WI-22"),
            ));
        }
        if let Some(cm) = s.flank_march_cm
            && cm >= 30
        {
            m.push(Modifier::new(
                -n(cm / 30),
                format!("flank march arriving {cm} cm from the baseline: 1 per whole 30 cm"),
                cite("Rule 47", "WI-1, WI-22"),
            ));
        }
        if s.returning {
            if unit.class == Class::Veteran {
                m.push(Modifier::new(1, "returning Veterans", c()));
            }
            // WI-22: once for either or both.
            let d = unit.morale_class == MoraleClass::D;
            let raw = unit.class == Class::Raw;
            if d || raw {
                let who = match (d, raw) {
                    (true, true) => "returning D class and Raw troops (once)",
                    (true, false) => "returning D class troops",
                    _ => "returning Raw troops",
                };
                m.push(Modifier::new(-1, who, c()));
            }
        }
        if s.pursuers_not_returned {
            m.push(Modifier::new(
                -1,
                "evaded off-table and its pursuers have not yet returned",
                c(),
            ));
        }
        if s.opposing_bases > 0 {
            let times = s.opposing_bases / unit.bases;
            let (v, why) = match times {
                t if t >= 4 => (-4, "4 times or more".to_string()),
                3 => (-3, "3 times".to_string()),
                2 => (-2, "twice".to_string()),
                _ => (-1, "less than twice".to_string()),
            };
            m.push(Modifier::new(
                v,
                format!(
                    "opposed by {} enemy bases against its {}: {why} as many",
                    s.opposing_bases, unit.bases
                ),
                c(),
            ));
        }
        Ok(EnterField {
            unit: unit.clone(),
            situation: s,
            modifiers: m,
        })
    }

    /// Two dice (Rule 47).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(2)
    }

    /// The score of two dice summing to `sum`. Odds use this.
    pub fn score(&self, sum: u32) -> i32 {
        sum as i32 + total(&self.modifiers)
    }

    /// Where a score brings the troops (Rule 47, WI-22). Odds use this.
    pub fn entry(&self, score: i32) -> Entry {
        let flank_unopposed =
            self.situation.flank_march_cm.is_some() && self.situation.opposing_bases == 0;
        match score {
            s if s >= 10 => Entry::IntendedPoint,
            9 if flank_unopposed => Entry::NearerBaseline,
            _ => Entry::Fails,
        }
    }

    /// Turns the dice into an arrival or a failure.
    pub fn resolve(&self, dice: &Dice) -> Result<EnterOutcome, RulesError> {
        expect_dice(
            dice,
            self.needs(),
            "troops entering the field throw two dice (Rule 47)",
        )?;
        let sum: u32 = dice.white.iter().map(|d| u32::from(d.value())).sum();
        let mut why = Explanation::default();
        why.line(
            format!("{} throws {}: {sum}", self.unit.name, faces(dice)),
            cite("Rule 47", "WI-22"),
        );
        why.modifiers(&self.modifiers);
        let score = self.score(sum);
        let outcome = self.entry(score);
        why.line(
            match outcome {
                Entry::IntendedPoint => {
                    format!("score {score}: 10 or more enters at the intended point")
                }
                Entry::NearerBaseline => {
                    "score 9 on an unopposed flank march: it arrives 30 cm nearer the baseline"
                        .to_string()
                }
                Entry::Fails => format!("score {score}: the attempt fails"),
            },
            cite("Rule 47", "WI-22"),
        );
        Ok(EnterOutcome {
            score,
            enters: outcome != Entry::Fails,
            outcome,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::TroopType;

    fn roll(u: &Unit, s: EnterSituation, a: u8, b: u8) -> EnterOutcome {
        EnterField::plan(u, s)
            .unwrap()
            .resolve(&Dice::white(&[a, b]).unwrap())
            .unwrap()
    }

    #[test]
    fn stars_and_failures_help() {
        let mut u = Unit::new("Horse", TroopType::Cavalry, 4);
        u.co_stars = 2;
        let s = EnterSituation {
            previous_failures: 3,
            ..EnterSituation::default()
        };
        let out = roll(&u, s, 4, 3);
        assert_eq!(out.score, 7 + 2 + 1);
        assert_eq!(out.outcome, Entry::IntendedPoint);
    }

    #[test]
    fn nine_only_helps_an_unopposed_flank_march() {
        let u = Unit::new("Horse", TroopType::Cavalry, 4);
        assert_eq!(
            roll(&u, EnterSituation::default(), 5, 4).outcome,
            Entry::Fails
        );
        let flank = EnterSituation {
            flank_march_cm: Some(29),
            ..EnterSituation::default()
        };
        let out = roll(&u, flank, 5, 4);
        assert_eq!(
            (out.score, out.outcome, out.enters),
            (9, Entry::NearerBaseline, true)
        );
        let opposed = EnterSituation {
            opposing_bases: 1,
            ..flank
        };
        assert_eq!(
            roll(&u, opposed, 6, 4).outcome,
            Entry::Fails,
            "10 - 1 = 9, opposed"
        );
    }

    #[test]
    fn opposition_by_multiples() {
        let u = Unit::new("Foot", TroopType::Foot, 3);
        let s = |b| EnterSituation {
            opposing_bases: b,
            ..EnterSituation::default()
        };
        let scores: Vec<i32> = [1, 5, 6, 9, 12, 40]
            .into_iter()
            .map(|b| roll(&u, s(b), 6, 6).score)
            .collect();
        assert_eq!(scores, [11, 11, 10, 9, 8, 8]);
    }

    #[test]
    fn returning_troops() {
        let mut u = Unit::new("Foot", TroopType::Foot, 3);
        u.class = Class::Raw;
        u.morale_class = MoraleClass::D;
        let s = EnterSituation {
            returning: true,
            pursuers_not_returned: true,
            ..EnterSituation::default()
        };
        let out = roll(&u, s, 6, 6);
        assert_eq!(out.score, 10, "-1 once for D and Raw, -1 pursuers");
        assert!(out.explanation.to_string().contains("(once)"));
        u.class = Class::Veteran;
        assert_eq!(
            roll(&u, s, 6, 6).score,
            12 + 1 - 1 - 1,
            "Veteran +1, D class -1"
        );
    }
}
