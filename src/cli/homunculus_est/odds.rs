//! The exact odds of a Homunculus Est! conformance case, before any dice
//! (the file's dice are ignored): one JSON object, or a readable table
//! with bars. The odds come from `odds::homunculus_est`, which runs the
//! very functions a case is resolved by; procedures without dice give
//! their one certain result.

use crate::cli::odds::table::{self, Row, Rows, spread};
use crate::cli::resolve::refusal;
use crate::odds::Distribution;
use crate::odds::homunculus_est as odds;
use crate::rules::homunculus_est::combat::Combat;
use crate::rules::homunculus_est::failed::{discipline_modifiers, reform_modifiers};
use crate::rules::homunculus_est::manoeuvre::ManoeuvreTest;
use crate::rules::homunculus_est::movement::MovementActivation;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::{Characteristic, LineKind, call, command_points};
use crate::rules::named::Named;
use crate::store::homunculus_est::case::{Case, CaseInput};
use serde_json::Value;

fn words<T: Copy + PartialEq + Named>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.name().to_string(), p)).collect())
}

fn dice(n: usize) -> (&'static str, Row) {
    ("dice", Row::Note(n.to_string()))
}

fn yes(b: bool) -> Row {
    Row::Chance(if b { 1.0 } else { 0.0 })
}

/// The odds of a case as named rows, or why there are none.
fn odds_rows(case: &Case) -> Result<Rows, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::MovementActivation {
            unit,
            fatigued,
            situation,
            ..
        } => {
            let plan = MovementActivation::plan(unit, *fatigued, *situation).map_err(e)?;
            let o = odds::movement(
                &plan,
                unit.failed_last_movement,
                situation.charge && !situation.enemy_in_front_after,
            );
            vec![
                dice(1),
                ("movement_points", spread(&o.movement_points)),
                ("failed", Row::Chance(o.failed)),
                ("reversal_of_fortune", Row::Chance(o.reversal)),
            ]
        }
        CaseInput::ManoeuvreTest {
            unit,
            points,
            situation,
            ..
        } => {
            let plan = ManoeuvreTest::plan(unit, *points, *situation).map_err(e)?;
            let mut p = odds::manoeuvre(&plan, unit.manoeuvre_rating);
            if situation.movement_point_reroll && !plan.free() {
                // one more try, spent only after a failure
                let one = odds::manoeuvre(
                    &ManoeuvreTest::plan(
                        &crate::rules::homunculus_est::Unit {
                            free_reroll_used: true,
                            ..unit.clone()
                        },
                        *points,
                        *situation,
                    )
                    .map_err(e)?,
                    unit.manoeuvre_rating,
                );
                p = 1.0 - (1.0 - p) * (1.0 - one);
            }
            vec![
                ("manoeuvre_points", Row::Note(plan.cost.to_string())),
                ("success", Row::Chance(p)),
                ("reversal_of_fortune", Row::Chance(1.0 - p)),
            ]
        }
        CaseInput::Combat {
            attacker,
            defender,
            situation,
            ..
        } => {
            let plan = Combat::plan(attacker, defender, *situation).map_err(e)?;
            let o = odds::combat(&plan);
            vec![
                (
                    "attacker_rating",
                    Row::Note(plan.attacker_rating.to_string()),
                ),
                (
                    "defender_rating",
                    Row::Note(plan.defender_rating.to_string()),
                ),
                dice(plan.dice_rolled),
                ("chooser", Row::Note(plan.chooser.name().to_string())),
                ("result", words(&o.result)),
                ("cancelled", Row::Chance(o.cancelled)),
                ("reversal_of_fortune", Row::Chance(o.reversal)),
            ]
        }
        CaseInput::Shooting {
            shooter,
            target,
            situation,
            ..
        } => {
            let plan = Shooting::plan(shooter, target, *situation).map_err(e)?;
            let o = odds::shooting(&plan);
            vec![
                ("shooter_rating", Row::Note(plan.shooter_rating.to_string())),
                ("target_rating", Row::Note(plan.target_rating.to_string())),
                dice(plan.dice_rolled),
                ("penalty", Row::Note(plan.penalty.to_string())),
                ("defence_dice", Row::Note(plan.defence_dice.to_string())),
                ("result", words(&o.result)),
                ("cancelled", Row::Chance(o.cancelled)),
                ("reversal_of_fortune", Row::Chance(o.reversal)),
            ]
        }
        CaseInput::PushBack {
            unit, situation, ..
        } => match situation.squares {
            Some(n) => vec![("squares_rolled", Row::Note(n.to_string()))],
            None => vec![
                dice(1),
                ("squares_rolled", spread(&odds::distance_odds(unit))),
            ],
        },
        CaseInput::FollowUp {
            unit, situation, ..
        } => {
            let stays = if situation.stay && !unit.has(Characteristic::Warband) {
                odds::two_d6_at_least(unit.discipline_rating as i32)
            } else {
                0.0
            };
            vec![
                ("stays", Row::Chance(stays)),
                ("squares_if_it_follows", spread(&odds::distance_odds(unit))),
            ]
        }
        CaseInput::DisciplineTest {
            unit, situation, ..
        } => {
            let o = odds::discipline(unit, situation.devotio, situation.rerolls.len());
            vec![
                dice(2),
                ("passed", Row::Chance(o.passed)),
                ("critical", Row::Chance(o.critical)),
                ("remove_unseen_setback", Row::Chance(o.natural_twelve)),
            ]
        }
        CaseInput::ReformTest {
            unit, situation, ..
        } => {
            let o = odds::reform(unit, situation.enemy_zocs, situation.rerolls.len());
            vec![
                dice(2),
                ("passed", Row::Chance(o.passed)),
                ("critical", Row::Chance(o.critical)),
                ("reversal_of_fortune", Row::Chance(1.0 - o.passed)),
            ]
        }
        CaseInput::FailedDiscipline {
            unit,
            fatigued,
            situation,
            ..
        } => {
            let elephant =
                unit.has(Characteristic::Elephants) || unit.lines.contains(&LineKind::Elephant);
            if situation.critical && elephant {
                vec![("outcome", Row::Note("stampede".into()))]
            } else {
                let m =
                    crate::rules::explain::total(&discipline_modifiers(unit, *fatigued, situation));
                vec![
                    dice(2),
                    ("modifier", Row::Note(m.to_string())),
                    ("roll_result", words(&odds::failed_rows(m))),
                    ("outcome", words(&odds::failed_outcomes(unit, m, false))),
                ]
            }
        }
        CaseInput::FailedReform {
            unit,
            fatigued,
            situation,
            ..
        } => {
            let m = crate::rules::explain::total(&reform_modifiers(*fatigued, situation));
            vec![
                dice(2),
                ("modifier", Row::Note(m.to_string())),
                ("outcome", words(&odds::failed_outcomes(unit, m, true))),
                ("reversal_of_fortune", Row::Chance(1.0)),
            ]
        }
        CaseInput::GeneralInjury { event, .. } => {
            let d = odds::general(*event);
            let outcome = d.map(|i| match i {
                None => "unhurt",
                Some(crate::rules::homunculus_est::tables::Injury::Killed) => "killed",
                Some(crate::rules::homunculus_est::tables::Injury::SeriouslyWounded) => {
                    "seriously_wounded"
                }
                Some(crate::rules::homunculus_est::tables::Injury::LightlyWounded) => {
                    "lightly_wounded"
                }
            });
            vec![
                dice(2),
                (
                    "outcome",
                    Row::Spread(outcome.iter().map(|(w, p)| (w.to_string(), p)).collect()),
                ),
            ]
        }
        CaseInput::Call {
            army,
            caller,
            situation,
        } => {
            let o = call::call(army, caller, *situation).map_err(e)?;
            vec![
                ("points", Row::Note(o.points.to_string())),
                ("broken", yes(o.broken)),
                ("fatigued", yes(o.fatigued)),
                ("reversal_of_fortune", yes(o.reversal_of_fortune)),
            ]
        }
        CaseInput::CommandPoints { points, change } => {
            let (p, _) = command_points::change(*points, change).map_err(e)?;
            vec![("after", Row::Note(p.words()))]
        }
        CaseInput::LineOutcome { unit, .. } => vec![
            dice(unit.lines.len()),
            (
                "removed",
                Row::Spread(
                    unit.lines
                        .iter()
                        .map(|l| (l.name().to_string(), odds::line_removed(*l)))
                        .collect(),
                ),
            ),
        ],
        CaseInput::LostEagles { event, .. } => {
            vec![dice(2), ("table_result", words(&odds::eagles_odds(*event)))]
        }
        CaseInput::Sequence { turn, event } => {
            let a = crate::rules::homunculus_est::sequence::end_phase(*turn, *event);
            vec![
                ("turn_ended", yes(a.turn_ended)),
                ("active", Row::Note(a.now.active.name().to_string())),
            ]
        }
    })
}

/// A case's odds as its JSON line.
pub fn case_json(case: &Case) -> Value {
    table::case_json(&case.id, odds_rows(case))
}

/// A readable table of a case's odds, with bars.
pub fn case_text(case: &Case) -> String {
    table::case_text(&format!("{} ({})", case.id, case.kind), odds_rows(case), 13)
}
