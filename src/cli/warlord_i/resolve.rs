//! Resolving Warlord I cases (`conformance/warlord-i/README.md`): each case
//! becomes one JSON object with the README's result fields, `{"id": ...,
//! fields...}`, or `{"id": ..., "error": "why"}`, and a readable account
//! with every line that made it. No rules arithmetic happens here.

use crate::cli::resolve::{Resolved, refusal};
use crate::rules::Side;
use crate::rules::warlord_i::{
    Attrition, CcpCost, CoState, CommandTest, EnterField, FugitiveAttrition, GeneralRisk,
    Initiative, Melee, MeleeSideResult, Next, OrderOfPlay, Recuperation, Shooting, UnitState,
    WaverTest,
};
use crate::store::warlord_i::case::{Case, CaseInput};
use serde_json::{Value, json};

/// A unit's battle state as the README's `after.unit` writes it.
pub fn unit_json(s: &UnitState) -> Value {
    json!({
        "aps": s.aps,
        "dps": s.dps,
        "bases": s.bases,
        "bases_lost": s.bases_lost,
        "morale": s.morale,
        "waver_tested": s.waver_tested,
    })
}

/// A CO's state as the README's `after.co` writes it.
pub fn co_json(s: &CoState) -> Value {
    json!({ "status": s.status, "dispersed": s.dispersed })
}

/// A `next` list as the README writes it.
pub fn next_json(next: &[Next]) -> Value {
    Value::Array(next.iter().map(|n| Value::from(n.name())).collect())
}

fn side_json(r: &MeleeSideResult) -> Value {
    json!({
        "score": r.score,
        "move": r.movement,
        "morale": r.morale,
        "aps_gained": r.aps_gained,
        "dps_gained": r.dps_gained,
    })
}

/// Resolves one case's inputs into the README's result fields, or says why
/// it is refused.
pub fn resolve_input(input: &CaseInput) -> Result<Resolved, String> {
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::OrderOfPlay { winner_moves, dice } => {
            let out = OrderOfPlay::plan(*winner_moves).resolve(dice).map_err(e)?;
            let mut fields = json!({ "winner": out.winner });
            if let Some(p) = out.player_1 {
                fields["player_1"] = json!(p.name());
            }
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::CommandTest {
            co,
            situation,
            dice,
        } => {
            let out = CommandTest::plan(co, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "dice_scores": out.dice_scores,
                    "ccps": out.ccps,
                    "received": out.received,
                    "total": out.total,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::CcpCost {
            unit,
            situation,
            available,
        } => {
            let out = CcpCost::plan(unit, *situation)
                .map_err(e)?
                .resolve(*available);
            let mut fields = json!({ "cost": out.cost });
            if let (Some(c), Some(left)) = (out.commanded, out.ccps_left) {
                fields["commanded"] = json!(c);
                fields["ccps_left"] = json!(left);
            }
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::Initiative {
            unit,
            situation,
            dice,
        } => {
            let out = Initiative::plan(unit, situation.clone())
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "dice_scores": out.dice_scores,
                    "ccps": out.ccps,
                    "cost": out.cost,
                    "success": out.success,
                    "after": { "unit": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::Recuperation { unit, rallied } => {
            let out = Recuperation::plan(unit, *rallied).map_err(e)?.resolve();
            Resolved {
                fields: json!({
                    "may_recuperate": out.may_recuperate,
                    "aps_recovered": out.aps_recovered,
                    "bases_removed": out.bases_removed,
                    "after": { "unit": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::Attrition { unit, gains } => {
            let out = Attrition::plan(unit, *gains).map_err(e)?.resolve();
            Resolved {
                fields: json!({
                    "aps_gained": out.aps_gained,
                    "dps_gained": out.dps_gained,
                    "bases_removed": out.bases_removed,
                    "destroyed": out.destroyed,
                    "after": { "unit": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::FugitiveAttrition {
            unit,
            situation,
            dice,
        } => {
            let out = FugitiveAttrition::plan(unit, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "score": out.score,
                    "aps_suffered": out.aps_suffered,
                    "bases_removed": out.bases_removed,
                    "destroyed": out.destroyed,
                    "after": { "unit": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::EnterField {
            unit,
            situation,
            dice,
        } => {
            let out = EnterField::plan(unit, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "score": out.score,
                    "enters": out.enters,
                    "outcome": out.outcome,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::Shooting {
            shooter,
            target,
            situation,
            dice,
        } => {
            let out = Shooting::plan(shooter, target, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "dice_rolled": out.dice_rolled,
                    "short_range": out.short_range,
                    "defence_value": out.defence_value,
                    "score": out.score,
                    "hits": out.hits,
                    "waver_test": out.waver_test,
                    "bases_removed": out.bases_removed,
                    "after": { "target": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::WaverTest {
            unit,
            situation,
            dice,
        } => {
            let out = WaverTest::plan(unit, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "score": out.score,
                    "morale": out.morale,
                    "retreat": out.retreat,
                    "after": { "unit": unit_json(&out.after) },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::Melee { round, a, b, dice } => {
            let out = Melee::plan(*round, (&a.unit, a.facts), (&b.unit, b.facts))
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "a": side_json(&out.a),
                    "b": side_json(&out.b),
                    "difference": out.difference,
                    "loser": out.loser_name(),
                    "extra_aps": out.extra_aps,
                    "after": {
                        "a": unit_json(out.after(Side::A)),
                        "b": unit_json(out.after(Side::B)),
                    },
                    "next": next_json(&out.next),
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::GeneralRisk {
            co,
            situation,
            dice,
        } => {
            let out = GeneralRisk::plan(co, *situation)
                .and_then(|p| p.resolve(dice))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "score": out.score,
                    "fate": out.fate,
                    "disaster": out.disaster,
                    "after": { "co": co_json(&out.after) },
                }),
                explanation: out.explanation,
            }
        }
    })
}

/// Resolves a case into its JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
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
    match resolve_input(input) {
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
