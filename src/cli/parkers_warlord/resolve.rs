//! Resolving Parker's Warlord cases (`conformance/parkers-warlord/README.md`):
//! each case becomes one JSON object with the README's result fields, or
//! `{"id": ..., "error": "why"}`, and a readable account. No rules
//! arithmetic happens here.

use crate::cli::resolve::{Resolved, refusal};
use crate::rules::house::House;
use crate::rules::parkers_warlord::{
    InitiativeCheck, battle_line, command_cost, move_allowance, move_cost, pass_through,
    pay_with_cards, transfer,
};
use crate::store::parkers_warlord::case::{Case, CaseInput};
use serde_json::{Value, json};

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
        CaseInput::InitiativeCheck { personality, dice } => {
            let out = InitiativeCheck::plan(personality)
                .and_then(|p| p.resolve(dice, house))
                .map_err(e)?;
            Resolved {
                fields: json!({
                    "initiative": out.initiative,
                    "success": out.success,
                    "over": out.over,
                    "drawn": out.drawn,
                    "bonus_card": out.bonus_card,
                    "lost": out.lost,
                    "trimmed": out.trimmed,
                    "hand": out.hand,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::CardTransfer { warlord, to } => {
            let out = transfer(warlord, to).map_err(e)?;
            Resolved {
                fields: json!({ "warlord_hand": out.warlord_hand, "hands": out.hands }),
                explanation: out.explanation,
            }
        }
        CaseInput::CommandCost {
            unit,
            command,
            charge,
            basic_cost,
            situation,
            modifiers,
        } => {
            let out = command_cost(
                unit,
                *command,
                *charge,
                *basic_cost,
                *situation,
                modifiers,
                house,
            )
            .map_err(e)?;
            Resolved {
                fields: json!({
                    "cost": out.cost,
                    "warlord_discount_applied": out.warlord_discount_applied,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::CommandCards { cards, commands } => {
            let out = pay_with_cards(cards, commands).map_err(e)?;
            Resolved {
                fields: json!({
                    "commanded": out.commanded,
                    "points_used": out.points_used,
                    "points_lapsed": out.points_lapsed,
                }),
                explanation: out.explanation,
            }
        }
        CaseInput::BattleLine {
            command,
            attached_to_banner,
            units,
        } => {
            let out = battle_line(*command, *attached_to_banner, units).map_err(e)?;
            Resolved {
                fields: json!({ "participants": out.participants, "forward_only": out.forward_only }),
                explanation: out.explanation,
            }
        }
        CaseInput::MoveCost {
            allowance,
            segments,
        } => {
            let (costs, cost, explanation) = move_cost(segments, house);
            let mut fields = json!({
                "costs": costs.iter().map(|c| num(*c)).collect::<Vec<_>>(),
                "cost": num(cost),
            });
            if let Some(m) = allowance {
                fields["within_allowance"] = json!(cost <= *m);
            }
            Resolved {
                fields,
                explanation,
            }
        }
        CaseInput::MoveAllowance {
            move_inches,
            mover,
            charging,
            closest_enemy,
            band_multiplier,
        } => {
            let out = move_allowance(
                *move_inches,
                *mover,
                *charging,
                *closest_enemy,
                *band_multiplier,
                house,
            )
            .map_err(e)?;
            let mut fields = json!({ "allowance": num(out.allowance) });
            if let Some(s) = out.segment {
                fields["segment"] = num(s);
            }
            Resolved {
                fields,
                explanation: out.explanation,
            }
        }
        CaseInput::PassThrough {
            began_within_3,
            passing_disordered,
            stationary_disordered,
            stationary_maneuvered,
        } => {
            let out = pass_through(
                *began_within_3,
                *passing_disordered,
                *stationary_disordered,
                *stationary_maneuvered,
                false,
            );
            Resolved {
                fields: json!({
                    "passing_disordered": out.passing_disordered,
                    "stationary_disordered": out.stationary_disordered,
                }),
                explanation: out.explanation,
            }
        }
    })
}

/// A case resolved into its JSON line.
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

/// A readable account of a case.
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
