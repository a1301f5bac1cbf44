//! DISCIPLINE TEST and REFORM TEST (HE-26, HE-27).

use super::{Characteristic, Draw, LineKind, Next, Unit, check_faces, double};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};
use crate::rules::homunculus_est::FEAR_STOPS_ONLY;
use crate::rules::house::HouseValue;

/// Why a Discipline Test is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Purpose {
    /// A Combat Activation's result.
    Combat,
    /// A Shooting Activation's result.
    Shooting,
    /// Anything else.
    #[default]
    Other,
    /// Bringing a unit back from Pursuit Off-Table (HE-26).
    ReturnFromPursuit,
    /// A unit about to move into a Cause Fear unit's ZOC (HE-34).
    CauseFear,
}
named_enum!(Purpose {
    "combat" => Purpose::Combat,
    "shooting" => Purpose::Shooting,
    "other" => Purpose::Other,
    "return_from_pursuit" => Purpose::ReturnFromPursuit,
    "cause_fear" => Purpose::CauseFear,
});

/// A re-roll of a failed test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TestReroll {
    /// Brave, once per game, free.
    Brave,
    /// A Defence Point (Discipline Tests only).
    DefencePoint,
    /// Heroic, once per game, free (Reform Tests only).
    Heroic,
}
named_enum!(TestReroll {
    "brave" => TestReroll::Brave,
    "defence_point" => TestReroll::DefencePoint,
    "heroic" => TestReroll::Heroic,
});

/// A 2D6 test's outcome (Discipline or Reform).
#[derive(Clone, Debug)]
pub struct TestOutcome {
    /// The modified total of the dice that stand.
    pub total: i32,
    /// The Discipline Rating as used.
    pub discipline_rating: u32,
    /// Passed.
    pub passed: bool,
    /// Failed on a double.
    pub critical: bool,
    /// DR less the total (0 on a pass).
    pub failed_by: u32,
    /// A natural 12 on a pass removes one unseen Setback.
    pub remove_unseen_setback: bool,
    /// The test ends the phase (HE-6).
    pub reversal_of_fortune: bool,
    /// The re-rolls used.
    pub rerolls: Vec<TestReroll>,
    /// Defence Points spent.
    pub defence_points_spent: u32,
    /// The unit afterwards.
    pub after: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// What the referee says of a Discipline Test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DisciplineSituation {
    /// Why it is taken.
    pub purpose: Purpose,
    /// The enemy's Devotio raises DR by 2 (HE-3).
    pub devotio: bool,
    /// Re-rolls, in order, each after a failure.
    pub rerolls: Vec<TestReroll>,
    /// Defence Points the player holds, when said (a Defence Point re-roll needs one).
    pub defence_points: Option<u32>,
    /// House option *fear stops only* (HE-34): a failed Cause Fear entry
    /// test only stops the unit (set from the house, never a table fact).
    pub fear_stops_only: bool,
    /// On a natural 12: the value of the unseen Setback Card its player
    /// chose to remove (HE-10); none said: the first unseen one (as saves
    /// before the choice was asked recorded it).
    pub unseen_setback: Option<u32>,
}

/// The modifier of a Discipline Test: +1 with a Light Chariot Skirmish Line (HE-26).
pub fn discipline_modifier(unit: &Unit) -> i32 {
    i32::from(unit.lines.contains(&LineKind::LightChariot))
}

/// The modifier of a Reform Test: -1 per enemy ZOC, +1 with a general (HE-27).
pub fn reform_modifier(unit: &Unit, enemy_zocs: u32) -> i32 {
    i32::from(unit.general.is_some()) - enemy_zocs as i32
}

/// Rolls 2D6 and the re-rolls after failures; returns the dice that stand.
fn roll_with_rerolls(
    draw: &mut Draw,
    rerolls: &[TestReroll],
    passes: impl Fn(&[u8]) -> bool,
    ex: &mut Explanation,
    what: &str,
) -> Result<Vec<u8>, RulesError> {
    let mut d = draw.take(2, what)?.to_vec();
    for r in rerolls {
        if passes(&d) {
            return Err(RulesError::refused(format!(
                "a {r} re-roll follows a failed test, and this one passed (HE-26, HE-27)"
            )));
        }
        d = draw.take(2, "a re-roll")?.to_vec();
        ex.line(
            format!("{r} re-roll: {}, {}", d[0], d[1]),
            cite("DISCIPLINE TEST", "HE-1, HE-26"),
        );
    }
    Ok(d)
}

/// Resolves a Discipline Test.
pub fn discipline_test(
    unit: &Unit,
    s: &DisciplineSituation,
    dice: &[u8],
) -> Result<TestOutcome, RulesError> {
    check_faces("discipline", dice)?;
    let mut after = unit.clone();
    let mut spent = 0;
    for r in &s.rerolls {
        match r {
            TestReroll::Brave => {
                // UNIT CHARACTERISTICS (1) Brave: once per game, free
                if !unit.has(Characteristic::Brave) {
                    return Err(RulesError::refused(format!(
                        "{} is not Brave (UNIT CHARACTERISTICS (1))",
                        unit.name
                    )));
                }
                if after.brave_used {
                    return Err(RulesError::refused(format!(
                        "{} has used its Brave re-roll: once per game (UNIT CHARACTERISTICS (1))",
                        unit.name
                    )));
                }
                after.brave_used = true;
            }
            TestReroll::DefencePoint => {
                spent += 1;
                if let Some(have) = s.defence_points
                    && spent > have
                {
                    return Err(RulesError::refused(
                        "a Defence Point re-roll needs a Defence Point, and the pool is empty (COMMAND POINTS, HE-8)",
                    ));
                }
            }
            TestReroll::Heroic => {
                return Err(RulesError::refused(
                    "Heroic re-rolls a failed Reform Test, not a Discipline Test (UNIT CHARACTERISTICS (2), HE-27)",
                ));
            }
        }
    }
    let m = discipline_modifier(unit);
    // ATTACHMENT CHARACTERISTICS Devotio: the enemy's DR +2 in this activation (HE-3)
    let dr = unit.discipline_rating + if s.devotio { 2 } else { 0 };
    let mut ex = Explanation::default();
    let mut draw = Draw::new("discipline", dice);
    let passes = |d: &[u8]| i32::from(d[0]) + i32::from(d[1]) + m >= dr as i32;
    let first = &dice[..dice.len().min(2)];
    if first.len() == 2 {
        ex.line(
            format!("{} tests: {}, {}", unit.name, first[0], first[1]),
            cite("DISCIPLINE TEST", "HE-26"),
        );
    }
    let d = roll_with_rerolls(
        &mut draw,
        &s.rerolls,
        passes,
        &mut ex,
        "the Discipline Test (2D6)",
    )?;
    draw.done()?;
    if m != 0 {
        ex.line(
            "+1 Light Chariot Skirmish Line",
            cite("DISCIPLINE TEST", "HE-26"),
        );
    }
    if s.devotio {
        ex.line(
            format!(
                "the enemy's Devotio: Discipline Rating {} + 2 = {dr}",
                unit.discipline_rating
            ),
            cite("ATTACHMENT CHARACTERISTICS", "HE-3, HE-20"),
        );
    }
    let mut out = judge(unit, after, &d, m, dr, ex, "DISCIPLINE TEST");
    out.rerolls = s.rerolls.clone();
    out.defence_points_spent = spent;
    if s.purpose == Purpose::ReturnFromPursuit {
        // PURSUIT OFF-TABLE: pass returns it; failure leaves it off, Reversal of Fortune, no outcome roll
        out.next.clear();
        if out.passed {
            out.after.off_table = false;
            out.explanation.line(
                "it returns in the two squares where it left the table",
                cite("PURSUIT OFF-TABLE", "HE-26, HE-33"),
            );
        } else {
            out.reversal_of_fortune = true;
            out.explanation.line(
                "it remains off the table: Reversal of Fortune",
                cite("PURSUIT OFF-TABLE", "HE-6, HE-26"),
            );
        }
    } else if !out.passed && s.purpose == Purpose::CauseFear {
        // UNIT CHARACTERISTICS Cause Fear: it stops outside the ZOC, no Reversal of Fortune (HE-34)
        out.explanation.line(
            "it stops outside the Cause Fear unit's ZOC; no Reversal of Fortune",
            cite("UNIT CHARACTERISTICS (1)", "HE-34"),
        );
        if s.fear_stops_only {
            out.next.clear();
            out.explanation.line(
                FEAR_STOPS_ONLY.line(HouseValue::YesNo(true)),
                FEAR_STOPS_ONLY.cite(),
            );
        } else {
            // HE-34 (b): "any Discipline Test triggered by a Cause Fear Unit" rolls at -2
            out.next = failed_next(unit, out.critical, &mut out.explanation);
            if out.next == [Next::FailedDiscipline] {
                out.explanation.line(
                    "it rolls on FAILED DISCIPLINE OUTCOME at -2 (triggered by a Cause Fear unit)",
                    cite("FAILED DISCIPLINE OUTCOME", "HE-28, HE-34"),
                );
            }
        }
    } else if !out.passed {
        out.next = failed_next(unit, out.critical, &mut out.explanation);
    }
    Ok(out)
}

/// What follows a failed Discipline Test: FAILED DISCIPLINE, or a Stampede
/// for Elephants' Critical Failure (HE-26).
fn failed_next(unit: &Unit, critical: bool, ex: &mut Explanation) -> Vec<Next> {
    let elephant = unit.has(Characteristic::Elephants) || unit.lines.contains(&LineKind::Elephant);
    if critical && elephant {
        // UNIT CHARACTERISTICS (1) Elephants: a Critical Failure is a Stampede
        ex.line(
            "a Critical Failure with Elephants: the unit Stampedes",
            cite("UNIT CHARACTERISTICS (1)", "HE-26"),
        );
        vec![Next::Stampede]
    } else {
        vec![Next::FailedDiscipline]
    }
}

/// What the referee says of a Reform Test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReformSituation {
    /// Enemy ZOCs the unit is in.
    pub enemy_zocs: u32,
    /// Re-rolls (Heroic only).
    pub rerolls: Vec<TestReroll>,
    /// On a natural 12: the value of the unseen Setback Card its player
    /// chose to remove (HE-10), as for a Discipline Test.
    pub unseen_setback: Option<u32>,
}

/// Resolves a Reform Test; a unit not Disordered is refused.
pub fn reform_test(
    unit: &Unit,
    s: &ReformSituation,
    dice: &[u8],
) -> Result<TestOutcome, RulesError> {
    check_faces("reform", dice)?;
    if !unit.disordered {
        return Err(RulesError::refused(format!(
            "{} is not Disordered: only a Disordered unit takes a Reform Test (REFORM TEST, HE-27)",
            unit.name
        )));
    }
    let mut after = unit.clone();
    for r in &s.rerolls {
        match r {
            TestReroll::Heroic => {
                // UNIT CHARACTERISTICS (2) Heroic: once per game, free
                if !unit.has(Characteristic::Heroic) {
                    return Err(RulesError::refused(format!(
                        "{} is not Heroic (UNIT CHARACTERISTICS (2))",
                        unit.name
                    )));
                }
                if after.heroic_used {
                    return Err(RulesError::refused(format!(
                        "{} has used its Heroic re-roll: once per game (UNIT CHARACTERISTICS (2))",
                        unit.name
                    )));
                }
                after.heroic_used = true;
            }
            other => {
                return Err(RulesError::refused(format!(
                    "a {other} re-roll is for a Discipline Test, not a Reform Test (HE-27)"
                )));
            }
        }
    }
    let m = reform_modifier(unit, s.enemy_zocs);
    let dr = unit.discipline_rating;
    let mut ex = Explanation::default();
    if s.enemy_zocs > 0 {
        ex.line(
            format!("-{} enemy ZOCs", s.enemy_zocs),
            cite("REFORM TEST", "HE-27"),
        );
    }
    if unit.general.is_some() {
        ex.line("+1 General attached", cite("REFORM TEST", "HE-27"));
    }
    let mut draw = Draw::new("reform", dice);
    let passes = |d: &[u8]| i32::from(d[0]) + i32::from(d[1]) + m >= dr as i32;
    let d = roll_with_rerolls(
        &mut draw,
        &s.rerolls,
        passes,
        &mut ex,
        "the Reform Test (2D6)",
    )?;
    draw.done()?;
    let mut out = judge(unit, after, &d, m, dr, ex, "REFORM TEST");
    out.rerolls = s.rerolls.clone();
    if out.passed {
        out.after.disordered = false;
        out.explanation.line(
            "the Disordered marker is removed",
            cite("REFORM TEST", "HE-27"),
        );
    } else {
        // REVERSAL OF FORTUNE: a unit fails a Reform Test (HE-6)
        out.reversal_of_fortune = true;
        out.next = vec![Next::FailedReform];
        out.explanation.line(
            "a failed Reform Test: Reversal of Fortune",
            cite("REVERSAL OF FORTUNE", "HE-6, HE-27"),
        );
    }
    Ok(out)
}

/// Pass, failure or Critical Failure of the dice that stand.
fn judge(
    unit: &Unit,
    after: Unit,
    d: &[u8],
    m: i32,
    dr: u32,
    mut ex: Explanation,
    section: &str,
) -> TestOutcome {
    let natural = u32::from(d[0]) + u32::from(d[1]);
    let total = natural as i32 + m;
    let passed = total >= dr as i32;
    let critical = !passed && double(d);
    let failed_by = if passed {
        0
    } else {
        (dr as i32 - total) as u32
    };
    let remove = passed && natural == 12;
    ex.line(
        format!(
            "{}, {}{}: {total} against Discipline Rating {dr}: {}",
            d[0],
            d[1],
            if m != 0 {
                format!(" {m:+}")
            } else {
                String::new()
            },
            if passed {
                "passed".to_string()
            } else if critical {
                format!("Critical Failure (a double) by {failed_by}")
            } else {
                format!("failed by {failed_by}")
            }
        ),
        cite(section, "HE-26"),
    );
    if remove {
        ex.line(
            "a natural 12: one unseen Setback Card is removed",
            cite(section, "HE-10, HE-26"),
        );
    }
    let _ = unit;
    TestOutcome {
        total,
        discipline_rating: dr,
        passed,
        critical,
        failed_by,
        remove_unseen_setback: remove,
        reversal_of_fortune: false,
        rerolls: Vec::new(),
        defence_points_spent: 0,
        after,
        next: Vec::new(),
        explanation: ex,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::{Class, General, GeneralStatus};

    fn foot(dr: u32) -> Unit {
        Unit::new("foot", Class::FormedInfantry, 3, 4, dr)
    }

    #[test]
    fn a_failed_cause_fear_entry_test_stops_and_rolls_unless_fear_stops_only() {
        // HE-34 (b): stopped outside the ZOC, FAILED DISCIPLINE at -2, no Reversal
        let s = DisciplineSituation {
            purpose: Purpose::CauseFear,
            ..Default::default()
        };
        let o = discipline_test(&foot(8), &s, &[2, 3]).unwrap();
        assert!(!o.passed && !o.reversal_of_fortune);
        assert_eq!(o.next, vec![Next::FailedDiscipline]);
        assert!(
            o.explanation
                .lines
                .iter()
                .any(|l| l.text.contains("stops outside"))
        );
        // house option *fear stops only* (a): the stop is the whole consequence
        let only = DisciplineSituation {
            fear_stops_only: true,
            ..s.clone()
        };
        let o = discipline_test(&foot(8), &only, &[2, 3]).unwrap();
        assert!(!o.passed && !o.reversal_of_fortune && o.next.is_empty());
        assert!(
            o.explanation
                .lines
                .iter()
                .any(|l| l.text.contains("fear stops only"))
        );
        // a test for another cause is not touched by the option
        let other = DisciplineSituation {
            fear_stops_only: true,
            ..Default::default()
        };
        let o = discipline_test(&foot(8), &other, &[2, 3]).unwrap();
        assert_eq!(o.next, vec![Next::FailedDiscipline]);
        assert!(!o.explanation.lines.iter().any(|l| l.text.contains("fear")));
    }

    #[test]
    fn natural_twelve_removes_an_unseen_setback() {
        let o = discipline_test(&foot(8), &DisciplineSituation::default(), &[6, 6]).unwrap();
        assert!(o.passed && o.remove_unseen_setback);
    }

    #[test]
    fn brave_rerolls_once() {
        let mut u = foot(8);
        u.characteristics.push(Characteristic::Brave);
        let s = DisciplineSituation {
            rerolls: vec![TestReroll::Brave],
            ..Default::default()
        };
        let o = discipline_test(&u, &s, &[1, 2, 4, 4]).unwrap();
        assert!(o.passed && o.after.brave_used);
        assert!(
            discipline_test(&u, &s, &[4, 4, 4, 4]).is_err(),
            "no re-roll after a pass"
        );
        u.brave_used = true;
        assert!(discipline_test(&u, &s, &[1, 2, 4, 4]).is_err());
    }

    #[test]
    fn elephant_critical_stampedes() {
        let mut u = foot(9);
        u.lines.push(LineKind::Elephant);
        let o = discipline_test(&u, &DisciplineSituation::default(), &[2, 2]).unwrap();
        assert_eq!(o.next, vec![Next::Stampede]);
    }

    #[test]
    fn failing_to_return_from_pursuit_is_a_reversal() {
        let s = DisciplineSituation {
            purpose: Purpose::ReturnFromPursuit,
            ..Default::default()
        };
        let mut u = foot(8);
        u.off_table = true;
        let o = discipline_test(&u, &s, &[1, 3]).unwrap();
        assert!(o.reversal_of_fortune && o.next.is_empty() && o.after.off_table);
    }

    #[test]
    fn reform_needs_disorder_and_counts_zocs_and_general() {
        assert!(reform_test(&foot(7), &ReformSituation::default(), &[6, 6]).is_err());
        let mut u = foot(7);
        u.disordered = true;
        u.general = Some(General {
            name: "g".into(),
            generalship: 1,
            status: GeneralStatus::Unhurt,
            points_lost: 0,
            spent: 0,
        });
        let o = reform_test(
            &u,
            &ReformSituation {
                enemy_zocs: 2,
                ..Default::default()
            },
            &[6, 2],
        )
        .unwrap();
        assert!(o.passed && !o.after.disordered && o.total == 7);
        let o = reform_test(&u, &ReformSituation::default(), &[1, 1]).unwrap();
        assert!(o.reversal_of_fortune && o.critical && o.next == [Next::FailedReform]);
    }
}
