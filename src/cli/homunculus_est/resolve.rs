//! Resolving Homunculus Est! cases (`conformance/homunculus-est/README.md`):
//! each case becomes one JSON object with the README's result fields,
//! `{"id": ..., fields...}`, or `{"id": ..., "error": "why"}`, and a
//! readable account with every line that made it. No rules arithmetic here.

use crate::cli::resolve::{Resolved, refusal};
use crate::rules::homunculus_est::combat::Combat;
use crate::rules::homunculus_est::manoeuvre::ManoeuvreTest;
use crate::rules::homunculus_est::movement::MovementActivation;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::{
    ArmyState, Cards, General, Next, Points, Unit, call, command_points, discipline, eagles,
    failed, follow_up, general, lines, push_back, sequence,
};
use crate::rules::named::Named;
use crate::store::homunculus_est::case::{Case, CaseInput};
use serde_json::{Value, json};

/// Words of a list of named values.
fn names<T: Named + PartialEq>(v: &[T]) -> Value {
    Value::Array(v.iter().map(|x| Value::from(x.name())).collect())
}

/// A `next` list as the README writes it.
pub fn next_json(next: &[Next]) -> Value {
    names(next)
}

/// Cards collected, as counts.
pub fn cards_json(c: Cards) -> Value {
    json!({ "setback": c.setback, "disaster": c.disaster })
}

/// Command Points, pool by pool.
pub fn points_json(p: Points) -> Value {
    json!({
        "attack": p.attack,
        "movement": p.movement,
        "defence": p.defence,
        "strategy": p.strategy,
        "generalship": p.generalship,
    })
}

/// A general as the README's `after.general` writes him.
pub fn general_json(g: &General) -> Value {
    json!({ "name": g.name, "generalship": g.generalship, "status": g.status.name() })
}

/// A unit's state as the README's `after.<role>` writes it.
pub fn unit_json(u: &Unit) -> Value {
    json!({
        "name": u.name,
        "class": u.class.name(),
        "combat_rating": u.combat_rating,
        "ranged_combat_rating": u.ranged_combat_rating,
        "manoeuvre_rating": u.manoeuvre_rating,
        "discipline_rating": u.discipline_rating,
        "characteristics": names(&u.characteristics),
        "lines": names(&u.lines),
        "attachments": names(&u.attachments),
        "general": u.general.as_ref().map_or(Value::Null, general_json),
        "disordered": u.disordered,
        "activated": u.activated,
        "failed_last_movement": u.failed_last_movement,
        "free_reroll_used": u.free_reroll_used,
        "brave_used": u.brave_used,
        "heroic_used": u.heroic_used,
        "off_table": u.off_table,
        "eagle_lost": u.eagle_lost,
        "centurion_casualties": u.centurion_casualties,
        "removed": u.removed,
    })
}

/// An army's state as the README's `after.army` / `after.caller` write it.
pub fn army_json(a: &ArmyState) -> Value {
    json!({
        "fatigued": a.fatigued,
        "break_point": a.break_point,
        "points": points_json(a.points),
        "cards": { "setback": a.cards.setback, "disaster": a.cards.disaster },
        "cancel_used": a.cancel_used,
        "called_this_phase": a.called_this_phase,
    })
}

/// Resolves one case's inputs into the README's result fields, or says why
/// it is refused.
pub fn resolve_input(input: &CaseInput) -> Result<Resolved, String> {
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::MovementActivation {
            unit,
            fatigued,
            situation,
            dice,
        } => {
            let o = MovementActivation::plan(unit, *fatigued, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "natural": o.natural,
                    "modified": o.modified,
                    "failed": o.failed,
                    "movement_points": o.movement_points,
                    "reversal_of_fortune": o.reversal_of_fortune,
                    "after": { "unit": unit_json(&o.after) },
                    "next": next_json(&o.next),
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::ManoeuvreTest {
            unit,
            points,
            situation,
            dice,
        } => {
            let o = ManoeuvreTest::plan(unit, *points, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "modifier": o.modifier,
                    "rolls": o.rolls,
                    "success": o.success,
                    "rerolls": names(&o.rerolls),
                    "manoeuvre_points": o.manoeuvre_points,
                    "reversal_of_fortune": o.reversal_of_fortune,
                    "after": { "unit": unit_json(&o.after), "points": points_json(o.points) },
                    "next": [],
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::Combat {
            attacker,
            defender,
            situation,
            dice,
        } => {
            let o = Combat::plan(attacker, defender, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "attacker_rating": o.attacker_rating,
                    "defender_rating": o.defender_rating,
                    "dice_rolled": o.dice_rolled,
                    "chooser": o.chooser.name(),
                    "chosen": o.chosen,
                    "defence_dice": o.defence_dice,
                    "cancelled": o.cancelled,
                    "roll_result": o.roll_result.name(),
                    "result": o.result.name(),
                    "pushed_back": names(&o.pushed_back),
                    "destroyed": names(&o.destroyed),
                    "discipline_tests": names(&o.discipline_tests),
                    "cards": { "attacker": cards_json(o.attacker_cards), "defender": cards_json(o.defender_cards) },
                    "reversal_of_fortune": o.reversal_of_fortune,
                    "after": { "attacker": unit_json(&o.attacker), "defender": unit_json(&o.defender) },
                    "next": next_json(&o.next),
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::Shooting {
            shooter,
            target,
            situation,
            dice,
        } => {
            let o = Shooting::plan(shooter, target, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "shooter_rating": o.shooter_rating,
                    "target_rating": o.target_rating,
                    "dice_rolled": o.dice_rolled,
                    "penalty": o.penalty,
                    "chosen": o.chosen,
                    "score": o.score,
                    "defence_dice": o.defence_dice,
                    "cancelled": o.cancelled,
                    "roll_result": o.roll_result.name(),
                    "result": o.result.name(),
                    "push_back_squares": o.push_back_squares,
                    "discipline_test": o.discipline_test,
                    "cards": { "target": cards_json(o.cards) },
                    "reversal_of_fortune": o.reversal_of_fortune,
                    "after": { "target": unit_json(&o.target) },
                    "next": next_json(&o.next),
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::PushBack {
            unit,
            situation,
            dice,
        } => {
            let o = push_back::push_back(unit, *situation, dice).map_err(e)?;
            Resolved {
                fields: json!({
                    "squares_rolled": o.squares_rolled,
                    "squares_moved": o.squares_moved,
                    "halted": o.halted,
                    "off_table": o.off_table,
                    "friend_moved": o.friend_moved,
                    "cards": cards_json(o.cards),
                    "after": { "unit": unit_json(&o.after) },
                    "next": next_json(&o.next),
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::FollowUp {
            unit,
            loser,
            situation,
            dice,
        } => {
            let o = follow_up::follow_up(unit, loser, *situation, dice).map_err(e)?;
            let mut fields = json!({
                "follows_up": o.follows_up,
                "squares": o.squares,
                "off_table": o.off_table,
                "after": { "unit": unit_json(&o.unit), "loser": unit_json(&o.loser) },
                "next": next_json(&o.next),
            });
            if let Some(t) = o.stay_total {
                fields["stay_total"] = json!(t);
            }
            Resolved {
                fields,
                explanation: o.explanation,
            }
        }
        CaseInput::DisciplineTest {
            unit,
            situation,
            dice,
        } => {
            let o = discipline::discipline_test(unit, situation, dice).map_err(e)?;
            test_json(o)
        }
        CaseInput::ReformTest {
            unit,
            situation,
            dice,
        } => {
            let o = discipline::reform_test(unit, situation, dice).map_err(e)?;
            test_json(o)
        }
        CaseInput::FailedDiscipline {
            unit,
            fatigued,
            situation,
            dice,
        } => failed_json(failed::failed_discipline(unit, *fatigued, situation, dice).map_err(e)?),
        CaseInput::FailedReform {
            unit,
            fatigued,
            situation,
            dice,
        } => failed_json(failed::failed_reform(unit, *fatigued, situation, dice).map_err(e)?),
        CaseInput::GeneralInjury {
            general: g,
            event,
            points,
            dice,
        } => {
            let o = general::general_risk(g, *event, *points, dice).map_err(e)?;
            Resolved {
                fields: json!({
                    "risk_total": o.risk_total,
                    "injured": o.injured,
                    "outcome": o.outcome.name(),
                    "points_removed": o.points_removed,
                    "cards": cards_json(o.cards),
                    "after": { "general": general_json(&o.general), "points": points_json(o.points) },
                    "next": next_json(&o.next),
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::Call {
            army,
            caller,
            situation,
        } => {
            let o = call::call(army, caller, *situation).map_err(e)?;
            Resolved {
                fields: json!({
                    "cancelled": o.cancelled,
                    "points": o.points,
                    "broken": o.broken,
                    "fatigued": o.fatigued,
                    "may_discard": o.may_discard,
                    "reversal_of_fortune": o.reversal_of_fortune,
                    "after": { "army": army_json(&o.army), "caller": army_json(&o.caller) },
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::CommandPoints { points, change } => {
            let (p, ex) = command_points::change(*points, change).map_err(e)?;
            Resolved {
                fields: json!({ "after": { "points": points_json(p) } }),
                explanation: ex,
            }
        }
        CaseInput::LineOutcome { unit, dice } => {
            let (removed, after, ex) = lines::line_outcome(unit, dice).map_err(e)?;
            Resolved {
                fields: json!({ "removed": names(&removed), "after": { "unit": unit_json(&after) } }),
                explanation: ex,
            }
        }
        CaseInput::LostEagles { unit, event, dice } => {
            let o = eagles::lost_eagles(unit, *event, dice).map_err(e)?;
            Resolved {
                fields: json!({
                    "total": o.total,
                    "table_result": o.table_result.name(),
                    "result": o.result.name(),
                    "cards": cards_json(o.cards),
                    "after": { "unit": unit_json(&o.after) },
                }),
                explanation: o.explanation,
            }
        }
        CaseInput::Sequence { turn, event } => {
            let a = sequence::end_phase(*turn, *event);
            let mut ex = crate::rules::explain::Explanation::default();
            ex.line(
                format!(
                    "{}: player {}'s phase of turn {} ends; {}",
                    event.name(),
                    turn.active.name(),
                    turn.turn,
                    if a.turn_ended {
                        format!(
                            "the turn ends, turn {} begins with player {}",
                            a.now.turn,
                            a.now.active.name()
                        )
                    } else {
                        format!("player {}'s phase follows", a.now.active.name())
                    }
                ),
                crate::rules::explain::cite("", "HE-5, HE-6"),
            );
            Resolved {
                fields: json!({
                    "phase_ended": a.phase_ended,
                    "turn_ended": a.turn_ended,
                    "turn": a.now.turn,
                    "active": a.now.active.name(),
                }),
                explanation: ex,
            }
        }
    })
}

fn test_json(o: discipline::TestOutcome) -> Resolved {
    Resolved {
        fields: json!({
            "total": o.total,
            "discipline_rating": o.discipline_rating,
            "passed": o.passed,
            "critical": o.critical,
            "failed_by": o.failed_by,
            "remove_unseen_setback": o.remove_unseen_setback,
            "reversal_of_fortune": o.reversal_of_fortune,
            "after": { "unit": unit_json(&o.after) },
            "next": next_json(&o.next),
        }),
        explanation: o.explanation,
    }
}

fn failed_json(o: failed::FailedOutcome) -> Resolved {
    let mut fields = json!({
        "modifier": o.modifier,
        "outcome": o.outcome.name(),
        "cards": cards_json(o.cards),
        "reversal_of_fortune": o.reversal_of_fortune,
        "after": { "unit": unit_json(&o.after) },
        "next": next_json(&o.next),
    });
    if let Some(t) = o.total {
        fields["total"] = json!(t);
    }
    if let Some(r) = o.roll_result {
        fields["roll_result"] = json!(r.name());
    }
    if let Some(n) = o.rout_squares {
        fields["rout_squares"] = json!(n);
    }
    Resolved {
        fields,
        explanation: o.explanation,
    }
}

/// Case `i`'s JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
pub fn case_json(case: &Case) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("id".into(), Value::String(case.id.clone()));
    match case
        .input
        .as_ref()
        .map_err(|problems| refusal(problems))
        .and_then(resolve_input)
    {
        Ok(r) => {
            if let Value::Object(m) = r.fields {
                out.extend(m);
            }
        }
        Err(why) => {
            out.insert("error".into(), Value::String(why));
        }
    }
    Value::Object(out)
}

/// A readable account of a case: every line that made its result, then the result.
pub fn case_text(case: &Case) -> String {
    let head = format!("{} ({})", case.id, case.kind);
    let input = match &case.input {
        Ok(i) => i,
        Err(problems) => {
            return format!(
                "{head}: refused\n  {}\n",
                refusal(problems).replace("; ", "\n  ")
            );
        }
    };
    let house = case.house.summary();
    match resolve_input(input) {
        Ok(r) => {
            let summary: Vec<String> = r
                .fields
                .as_object()
                .map(|m| {
                    m.iter()
                        .filter(|(k, _)| *k != "after")
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect()
                })
                .unwrap_or_default();
            let house = if case.house.is_default() {
                String::new()
            } else {
                format!("  {house}\n")
            };
            format!(
                "{head}\n{house}{}  => {}\n",
                r.explanation,
                summary.join(", ")
            )
        }
        Err(why) => format!("{head}: refused\n  {why}\n"),
    }
}
