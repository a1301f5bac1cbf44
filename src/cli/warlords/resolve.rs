//! Resolving Warlords conformance cases (`conformance/README.md`): one JSON
//! object per case, or a readable account with every line that made it.

use super::plan::{Planned, plan};
use crate::cli::resolve::{Resolved, refusal};
use crate::rules::Side;
use crate::rules::explain::cite;
use crate::rules::house::House;
use crate::rules::named::Named;
use crate::rules::warlords::charge::{Charge, ChargeMove, counts_as_charging};
use crate::rules::warlords::next::Next;
use crate::rules::warlords::{Explanation, Unit};
use crate::store::warlords::case::{Case, CaseInput};
use serde_json::{Value, json};

/// A unit's battle state as a case's `after` tables name it (conformance
/// README, "What happens next"); `in_melee` when the case has two units.
pub fn unit_after(u: &Unit, in_melee: Option<bool>) -> Value {
    let mut v = json!({
        "morale": u.morale,
        "formation": u.formation,
        "moving": u.moving,
        "fleeing": u.fleeing,
        "stands": u.stands,
        "files": u.files,
        "casualties": u.casualties,
        "champions": u.champions,
        "pavises_deployed": u.pavises_deployed,
        "pavises_lost": u.pavises_lost,
    });
    if let Some(m) = in_melee {
        v["in_melee"] = Value::Bool(m);
    }
    v
}

/// The words of a `next` list.
fn next_words(next: impl IntoIterator<Item = Next>) -> Value {
    Value::Array(
        next.into_iter()
            .map(|n| Value::String(n.name().to_string()))
            .collect(),
    )
}

/// Resolves one case's inputs, or says why it is refused.
pub fn resolve_input(input: &CaseInput, house: &House) -> Result<Resolved, String> {
    let e = |e: crate::rules::RulesError| e.to_string();
    if let CaseInput::Charge { .. } = input {
        // A refused charge is a result (allowed = false), not a refused case.
        return Ok(charge_fields(input));
    }
    match plan(input, house).map_err(e)? {
        Planned::Activation(activation, dice) => {
            activation.check_declared().map_err(e)?;
            let out = activation.resolve(dice).map_err(e)?;
            let (choose, formation) = match input {
                CaseInput::Activation {
                    choose, formation, ..
                } => (*choose, *formation),
                _ => (None, None),
            };
            let then = out
                .after(activation.unit, &activation.situation, choose, formation)
                .map_err(e)?;
            let mut explanation = out.explanation;
            explanation.extend(then.explanation);
            Ok(Resolved {
                fields: json!({
                    "after": { "unit": unit_after(&then.unit, None) },
                    "next": next_words(then.next),
                    "score": out.score,
                    "success": out.success,
                    "berserk": out.berserk,
                    "lost_morale_step": out.lost_morale_step,
                    "morale": out.morale,
                    "may_add_champion": out.may_add_champion,
                    "champions": out.champions,
                    "formation": out.formation,
                    "moving": out.moving,
                    "forced": out.forced,
                    "allowed": out.allowed,
                }),
                explanation,
            })
        }
        Planned::Shooting(shot, dice) => {
            let out = shot.resolve(dice).map_err(e)?;
            let mut fields = json!({
                "dice_rolled": out.dice_rolled,
                "raw_hits": out.raw_hits,
                "hits": out.hits,
                "halted": out.halted,
                "casualties": out.casualties,
                "personality_check": out.personality_check,
            });
            if let Some(p) = &out.personality {
                fields["personality"] = json!({ "name": p.name, "fate": p.fate });
            }
            let mut target = shot.target.clone();
            out.apply(&mut target);
            fields["after"] = json!({ "target": unit_after(&target, None) });
            fields["next"] = next_words([]);
            Ok(Resolved {
                fields,
                explanation: out.explanation,
            })
        }
        Planned::Melee(melee, dice) => {
            let out = melee.resolve(dice).map_err(e)?;
            let follow_up = matches!(
                input,
                CaseInput::Melee {
                    follow_up: true,
                    ..
                }
            );
            let then = out.after(&melee, follow_up);
            let side_json = |s: Side| {
                let r = out.side(s);
                json!({
                    "dice_rolled": r.dice_rolled,
                    "score": r.score,
                    "casualties_inflicted": r.casualties_inflicted,
                    "stands_destroyed": r.stands_destroyed,
                })
            };
            Ok(Resolved {
                fields: json!({
                    "a": side_json(Side::A),
                    "b": side_json(Side::B),
                    "loser": out.loser_name(),
                    "loser_falls_back": out.decision.falls_back,
                    "loser_unformed": out.decision.unformed,
                    "loser_broken": out.decision.broken,
                    "loser_flank_stands_lost": out.loser_flank_stands_lost,
                    "follow_up": out.follow_up,
                    "winner_tests_berserk": out.winner_tests_berserk,
                    "personalities": out.personalities,
                    "after": {
                        "a": unit_after(&then.a, Some(then.in_melee)),
                        "b": unit_after(&then.b, Some(then.in_melee)),
                    },
                    "next": next_words(then.next.iter().map(|(_, n)| *n)),
                }),
                explanation: out.explanation,
            })
        }
        Planned::RandomMove(random_move, dice) => {
            let out = random_move.resolve(dice).map_err(e)?;
            Ok(Resolved {
                fields: json!({ "dice_rolled": out.dice_rolled, "distance": out.distance, "sixes": out.sixes, "ones": out.ones }),
                explanation: out.explanation,
            })
        }
        Planned::Flee(flee, dice) => {
            let out = flee.resolve(dice).map_err(e)?;
            let then = out.after(flee.unit);
            Ok(Resolved {
                fields: json!({
                    "dice_rolled": out.dice_rolled, "distance": out.distance,
                    "stands_lost": out.stands_lost, "dispersed": out.dispersed,
                    "after": { "unit": unit_after(&then.unit, None) },
                    "next": next_words(then.next),
                }),
                explanation: out.explanation,
            })
        }
        Planned::Movement(unit) => {
            let mut why = Explanation::default();
            why.line(
                format!(
                    "{}: moves {} spans, charges {} ({} + {} charge bonus)",
                    unit.troop_type.title(),
                    unit.move_distance(),
                    unit.charge_distance(),
                    unit.move_distance(),
                    unit.charge_bonus()
                ),
                crate::rules::explain::cite("2.4.2, 2.4.4.1", "W-10"),
            );
            Ok(Resolved {
                fields: json!({ "move": unit.move_distance(), "charge": unit.charge_distance() }),
                explanation: why,
            })
        }
        Planned::Initiative(initiative, a, b) => {
            let (winner, why) = initiative.resolve(a, b).map_err(e)?;
            Ok(Resolved {
                fields: json!({ "winner": winner.name() }),
                explanation: why,
            })
        }
        Planned::StandLoss(stand_loss, dice) => {
            let out = stand_loss.resolve(dice).map_err(e)?;
            Ok(Resolved {
                fields: json!({ "fate": out.fate.name() }),
                explanation: out.explanation,
            })
        }
        Planned::Charge(_) => Ok(charge_fields(input)),
        Planned::FieldDefence(reach, dice) => {
            let out = reach.resolve(dice).map_err(e)?;
            let tested = out.test.is_some();
            let next = match &out.test {
                Some(t) => t.consequence(reach.unit, &Default::default()).next,
                None => Vec::new(),
            };
            Ok(Resolved {
                fields: json!({
                    "tested": tested,
                    "success": out.test.as_ref().map(|t| t.success),
                    "lost_morale_step": out.test.as_ref().is_some_and(|t| t.lost_morale_step),
                    "goes_on": out.goes_on,
                    "attack_score": out.attack_score,
                    "casualties": out.casualties,
                    "after": { "unit": unit_after(&out.unit, None) },
                    "next": next_words(next),
                }),
                explanation: out.explanation,
            })
        }
        Planned::BreakOff(break_off, dice) => {
            let out = break_off.resolve(dice).map_err(e)?;
            let then = break_off.after(&out, dice).map_err(e)?;
            Ok(Resolved {
                fields: json!({
                    "case": out.case, "score": out.score, "success": out.success,
                    "movement": out.movement, "distance": out.distance, "unformed": out.unformed,
                    "after": { "unit": unit_after(&then.unit, Some(!out.success)) },
                    "next": next_words(then.next),
                }),
                explanation: out.explanation,
            })
        }
    }
}

/// A charge declaration: allowed or refused, the answers, the distance,
/// and both units after contact (2.4.4, W-25, W-28, W-30).
fn charge_fields(input: &CaseInput) -> Resolved {
    let CaseInput::Charge {
        charger,
        target,
        situation,
        halted_on_the_way,
        counter_charged,
        dice,
    } = input
    else {
        unreachable!("charge_fields is called for charge cases")
    };
    match Charge::declare(charger, target, *situation) {
        Err(refusal) => {
            let mut explanation = Explanation::default();
            explanation.line(refusal.to_string(), cite("2.4.4", "W-30"));
            Resolved {
                fields: json!({ "allowed": false, "refusal": refusal.to_string() }),
                explanation,
            }
        }
        Ok(c) => {
            let mut explanation = c.explanation.clone();
            let answers: Vec<&str> = c.answers.iter().map(|a| a.name()).collect();
            let mut fields = json!({
                "allowed": true,
                "answers": answers,
                "charge_spans": c.spans,
                "next": if c.target_flees { next_words([Next::Flee]) } else { next_words([]) },
            });
            // 2.4.4.1, 2.4.4.2: the move once the target answered and any Halt.
            let how = ChargeMove::of(
                c.spans,
                *halted_on_the_way,
                counter_charged.then_some(target),
            );
            let (word, by, line) = match how {
                ChargeMove::Charge { spans } => (
                    "charge",
                    "charger",
                    format!("the charge move: a random move of {spans} spans"),
                ),
                ChargeMove::MeetHalfway => (
                    "meet_halfway",
                    "none",
                    "the counter-charge succeeded: they meet halfway, no move is rolled"
                        .to_string(),
                ),
                ChargeMove::Halted { spans } => (
                    "halted",
                    "charger",
                    format!(
                        "{} was Halted: a Random Move of {spans} spans past the point it was Halted; if it reaches the enemy it no longer counts as charging",
                        charger.name
                    ),
                ),
                ChargeMove::CounterChargerOn { spans } => (
                    "counter_charger_on",
                    "target",
                    format!(
                        "{} was Halted: {} completes its movement as a Random Move out to its maximum distance, {spans} spans (no charge bonus); if it reaches the charger it no longer counts as charging",
                        charger.name, target.name
                    ),
                ),
            };
            explanation.line(line, cite("2.4.4.1, 2.4.4.2", "W-9, W-10"));
            fields["charge_move"] = json!(word);
            fields["move_by"] = json!(by);
            fields["move_spans"] = json!(how.spans());
            if let Some(spans) = how.spans()
                && !dice.white.is_empty()
            {
                match (crate::rules::warlords::RandomMove { spans }).resolve(dice) {
                    Ok(m) => {
                        fields["distance"] = json!(m.distance);
                        explanation.extend(m.explanation);
                    }
                    Err(e) => {
                        return Resolved {
                            fields: json!({ "error": e.to_string() }),
                            explanation,
                        };
                    }
                }
            }
            if situation.contact {
                let (a, b) = c.contact(&mut explanation);
                fields["after"] = json!({
                    "charger": unit_after(&a, Some(true)),
                    "target": unit_after(&b, Some(true)),
                });
                // 2.4.4.1, 2.4.4.2: who still counts as charging in the Melee.
                let charger_charging = counts_as_charging(*halted_on_the_way, false, false);
                let target_charging =
                    *counter_charged && counts_as_charging(false, true, *halted_on_the_way);
                fields["charger_charging"] = json!(charger_charging);
                fields["target_charging"] = json!(target_charging);
            }
            Resolved {
                fields,
                explanation,
            }
        }
    }
}

/// Resolves a case into its JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
pub fn case_json(case: &Case) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("id".into(), Value::String(case.id.clone()));
    match case
        .input
        .as_ref()
        .map_err(|problems| refusal(problems))
        .and_then(|i| resolve_input(i, &case.house))
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

/// A readable account of a case: its result and every line that made it.
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
    match resolve_input(input, &case.house) {
        Ok(r) => {
            let mut s = format!("{head}\n{}", r.explanation);
            let summary: Vec<String> = r
                .fields
                .as_object()
                .map(|m| {
                    m.iter()
                        .filter(|(k, _)| !matches!(k.as_str(), "forced" | "allowed"))
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect()
                })
                .unwrap_or_default();
            s.push_str(&format!("  => {}\n", summary.join(", ")));
            s
        }
        Err(why) => format!("{head}: refused\n  {why}\n"),
    }
}
