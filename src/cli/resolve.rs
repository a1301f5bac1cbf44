//! `herald resolve FILE [--json]`: resolves every case of a conformance file
//! (`conformance/README.md`), one JSON line per case or a readable account.

use super::plan::{Planned, plan};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlords::Explanation;
use crate::store::case::{Case, CaseInput};
use serde_json::{Value, json};

/// A resolved case: its JSON fields (without `id`) and its explanation.
pub struct Resolved {
    /// The result fields, as the conformance README names them.
    pub fields: Value,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Resolves every case of `file`: one JSON line each, or a readable account.
pub fn run(file: &std::path::Path, json: bool) -> std::process::ExitCode {
    super::each_case(file, |case| {
        if json {
            case_json(case).to_string()
        } else {
            case_text(case)
        }
    })
}

/// Resolves one case's inputs, or says why it is refused.
pub fn resolve_input(input: &CaseInput) -> Result<Resolved, String> {
    let e = |e: crate::rules::RulesError| e.to_string();
    match plan(input).map_err(e)? {
        Planned::Activation(activation, dice) => {
            let out = activation.resolve(dice).map_err(e)?;
            Ok(Resolved {
                fields: json!({
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
                explanation: out.explanation,
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
            Ok(Resolved {
                fields,
                explanation: out.explanation,
            })
        }
        Planned::Melee(melee, dice) => {
            let out = melee.resolve(dice).map_err(e)?;
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
            Ok(Resolved {
                fields: json!({ "dice_rolled": out.dice_rolled, "distance": out.distance, "stands_lost": out.stands_lost, "dispersed": out.dispersed }),
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
        Planned::BreakOff(break_off, dice) => {
            let out = break_off.resolve(dice).map_err(e)?;
            Ok(Resolved {
                fields: json!({
                    "case": out.case, "score": out.score, "success": out.success,
                    "movement": out.movement, "distance": out.distance, "unformed": out.unformed,
                }),
                explanation: out.explanation,
            })
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

/// The problems of a refused case in one message.
pub fn refusal(problems: &[crate::store::toml_walk::Problem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ")
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
    match resolve_input(input) {
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
