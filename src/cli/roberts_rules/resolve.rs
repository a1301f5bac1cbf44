//! Resolving Robert's Rules cases (`conformance/roberts-rules/README.md`):
//! each case becomes one JSON object with the README's result fields, or
//! `{"id": ..., "error": "why"}`, and a readable account with every line
//! that made it. No rules arithmetic happens here.

use crate::cli::resolve::{Resolved, refusal};
use crate::rules::house::House;
use crate::rules::roberts_rules::{
    ActionRoll, BreakCheck, MeleeAttack, MissileAttack, MoraleCheck, PursuitAttack, Unit,
    army_building::shown, casualties, unit_cost, unit_size,
};
use crate::store::roberts_rules::case::{Case, CaseInput};
use serde_json::{Value, json};

/// A unit's state as the README's `after.unit` writes it.
pub fn unit_json(u: &Unit) -> Value {
    json!({
        "stands": u.stands,
        "hits_lost": u.hits_lost,
        "demoralized": u.demoralized(),
    })
}

/// A number as JSON: whole numbers as integers.
fn num(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// Resolves one case's inputs into the README's result fields, or says why
/// it is refused.
pub fn resolve_input(input: &CaseInput, house: &House) -> Result<Resolved, String> {
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::ActionRoll {
            unit,
            action,
            phase,
            situation,
            modifiers,
            dice,
        } => {
            let out = ActionRoll::plan(unit, *action, *phase, *situation, modifiers, house)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            let mut fields = json!({
                "automatic": out.automatic,
                "modifier": out.modifier,
                "success": out.success,
                "outcome": out.result,
            });
            if let Some(s) = out.score {
                fields["score"] = json!(s);
            }
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::MoraleCheck {
            unit,
            modifiers,
            dice,
        } => {
            let out = MoraleCheck::plan(unit, modifiers, house)
                .resolve(dice)
                .map_err(e)?;
            Resolved {
                fields: json!({ "modifier": out.modifier, "score": out.score, "passed": out.passed }),
                explanation: out.explanation,
            }
        }
        CaseInput::BreakCheck {
            unit,
            cause,
            situation,
            modifiers,
            dice,
        } => {
            let out = BreakCheck::plan(unit, *cause, *situation, modifiers, house)
                .resolve(dice, house)
                .map_err(e)?;
            let mut fields = json!({ "required": out.required });
            if out.required {
                fields["modifier"] = json!(out.modifier);
            }
            if let Some(s) = out.score {
                fields["score"] = json!(s);
            }
            if let Some(p) = out.passed {
                fields["passed"] = json!(p);
            }
            if let Some(r) = out.result {
                fields["outcome"] = json!(r);
            }
            if let Some(h) = out.hits_taken {
                fields["hits_taken"] = json!(h);
            }
            if let Some(a) = &out.after {
                fields["after"] = json!({ "unit": unit_json(&a.unit) });
            }
            // A list of words, as in every system; [] when nothing follows.
            fields["next"] = if out.check_again {
                json!(["break_check"])
            } else {
                json!([])
            };
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::MissileAttack {
            attacker,
            target,
            modifiers,
            attacks,
        } => {
            let out = MissileAttack::plan(attacker, target, modifiers, house)
                .and_then(|p| p.resolve(attacks))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "modifier": out.modifier,
                    "scores": out.scores,
                    "disrupted": out.disrupted,
                    "hits": out.hits,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::MeleeAttack {
            a,
            b,
            simultaneous,
            can_retreat,
            dice_a,
            dice_b,
        } => {
            let out = MeleeAttack::plan(
                (&a.unit, &a.modifiers),
                (&b.unit, &b.modifiers),
                *simultaneous,
                *can_retreat,
                house,
            )
            .resolve(dice_a, dice_b, house)
            .map_err(e)?;
            let mut fields = json!({
                "a": { "modifier": out.a.modifier, "score": out.a.score },
                "counts": out.counts,
                "pushed_back": out.pushed_back,
                "hits": out.hits,
                "hits_on": { "a": out.hits_on[0], "b": out.hits_on[1] },
                "pursuit": out.pursuit,
                "pursuit_required": out.pursuit_required,
                "vulnerable_retreat": out.vulnerable_retreat,
            });
            if let Some(b) = out.b {
                fields["b"] = json!({ "modifier": b.modifier, "score": b.score });
            }
            if out.reroll {
                fields["reroll"] = json!(true);
            }
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::PursuitAttack {
            attacker,
            defender,
            modifiers,
            chart_hits,
            dice,
        } => {
            let out = PursuitAttack::plan(attacker, defender, modifiers, *chart_hits, house)
                .resolve(dice)
                .map_err(e)?;
            Resolved {
                fields: json!({ "modifier": out.modifier, "score": out.score, "hits": out.hits }),
                explanation: out.explanation,
            }
        }
        CaseInput::Casualties { unit, hits } => {
            let out = casualties(unit, *hits, house);
            Resolved {
                fields: json!({
                    "total_hits": out.total_hits,
                    "hits_lost": out.unit.hits_lost,
                    "demoralized": out.unit.demoralized(),
                    "stands_removed": out.stands_removed,
                    "destroyed": out.destroyed,
                    "break_check_due": out.break_check_due,
                    "leader_break_check": out.leader_break_check,
                    "after": { "unit": unit_json(&out.unit) },
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::UnitCost {
            base,
            percent,
            stands,
            formed,
        } => {
            let out = unit_cost(*base, percent, *stands, *formed, house);
            let _ = shown;
            Resolved {
                fields: json!({ "stand_cost": num(out.stand_cost), "unit_cost": num(out.unit_cost) }),
                explanation: out.explanation,
            }
        }
        CaseInput::UnitSize {
            stand_size,
            training,
            scale_15mm,
            limits,
            no_minimum,
        } => {
            let out =
                unit_size(*stand_size, *training, *scale_15mm, *limits, *no_minimum).map_err(e)?;
            Resolved {
                fields: json!({ "min_stands": out.min_stands, "max_stands": out.max_stands }),
                explanation: out.explanation,
            }
        }
    })
}

/// Case `i` resolved into its JSON line.
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
    match resolve_input(input, &case.house) {
        Ok(r) => {
            let summary: Vec<String> = r
                .fields
                .as_object()
                .map(|m| m.iter().map(|(k, v)| format!("{k} = {v}")).collect())
                .unwrap_or_default();
            format!("{head}\n{}  => {}\n", r.explanation, summary.join(", "))
        }
        Err(why) => format!("{head}: refused\n  {why}\n"),
    }
}
