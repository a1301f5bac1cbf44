//! The exact odds of a Warlord I conformance case, before any dice (the
//! file's dice are ignored): one JSON object, or a readable table with
//! bars. The odds come from `odds::warlord_i`, which runs the very
//! functions a case is resolved by; procedures without dice give their one
//! certain result.

use crate::cli::odds::table::{self, Row, Rows, spread};
use crate::cli::resolve::refusal;
use crate::odds::Distribution;
use crate::odds::warlord_i as odds;
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Attrition, CcpCost, CommandTest, EnterField, FugitiveAttrition, GeneralRisk, Initiative, Melee,
    OrderOfPlay, Recuperation, Shooting, WaverTest,
};
use crate::store::warlord_i::case::{Case, CaseInput};
use serde_json::Value;
use std::fmt::Display;

/// A distribution of named values, by their words.
fn words<T: Copy + PartialEq + Named>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.name().to_string(), p)).collect())
}

/// A side, or none (a reroll, a draw).
fn side_or(d: &Distribution<Option<Side>>, none: &str) -> Row {
    Row::Spread(
        d.iter()
            .map(|(v, p)| (v.map_or(none.to_string(), |s| s.name().to_string()), p))
            .collect(),
    )
}

/// One certain value.
fn certain<T: Copy + PartialEq + Display>(v: T) -> Row {
    spread(&Distribution::certain(v))
}

fn dice(n: u32) -> (&'static str, Row) {
    ("dice", Row::Note(n.to_string()))
}

/// The odds of a case as named rows, or why there are none.
fn odds_rows(case: &Case) -> Result<Rows, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::OrderOfPlay { winner_moves, .. } => {
            let o = odds::order_of_play(&OrderOfPlay::plan(*winner_moves));
            let winner = o.winner.iter().map(|(w, p)| (w.name().to_string(), p));
            vec![
                dice(2),
                ("winner", Row::Spread(winner.collect())),
                ("player_1", side_or(&o.player_1, "reroll")),
            ]
        }
        CaseInput::CommandTest { co, situation, .. } => {
            let plan = CommandTest::plan(co, *situation).map_err(e)?;
            let o = odds::command_test(&plan);
            vec![
                dice(u32::from(co.stars)),
                ("ccps", spread(&o.ccps)),
                ("total", spread(&o.total)),
            ]
        }
        CaseInput::CcpCost {
            unit,
            situation,
            available,
        } => {
            let out = CcpCost::plan(unit, *situation)
                .map_err(e)?
                .resolve(*available);
            let mut rows = vec![dice(0), ("cost", certain(out.cost))];
            if let Some(c) = out.commanded {
                rows.push(("commanded", Row::Chance(if c { 1.0 } else { 0.0 })));
            }
            rows
        }
        CaseInput::Initiative {
            unit, situation, ..
        } => {
            let plan = Initiative::plan(unit, situation.clone()).map_err(e)?;
            let o = odds::initiative(&plan);
            vec![
                dice(u32::from(unit.co_stars)),
                ("ccps", spread(&o.ccps)),
                ("cost", certain(plan.cost.cost())),
                ("success", Row::Chance(o.success)),
            ]
        }
        CaseInput::Recuperation { unit, rallied } => {
            let out = Recuperation::plan(unit, *rallied).map_err(e)?.resolve();
            vec![
                dice(0),
                (
                    "may_recuperate",
                    Row::Chance(if out.may_recuperate { 1.0 } else { 0.0 }),
                ),
                ("aps_recovered", certain(out.aps_recovered)),
                ("bases_removed", certain(out.bases_removed)),
            ]
        }
        CaseInput::Attrition { unit, gains } => {
            let out = Attrition::plan(unit, *gains).map_err(e)?.resolve();
            vec![
                dice(0),
                ("aps_gained", certain(out.aps_gained)),
                ("bases_removed", certain(out.bases_removed)),
                (
                    "destroyed",
                    Row::Chance(if out.destroyed { 1.0 } else { 0.0 }),
                ),
            ]
        }
        CaseInput::FugitiveAttrition {
            unit, situation, ..
        } => {
            let o =
                odds::fugitive_attrition(&FugitiveAttrition::plan(unit, *situation).map_err(e)?);
            vec![
                dice(1),
                ("aps_suffered", spread(&o.aps)),
                ("bases_removed", spread(&o.bases_removed)),
                ("destroyed", Row::Chance(o.destroyed)),
            ]
        }
        CaseInput::EnterField {
            unit, situation, ..
        } => {
            let o = odds::enter_field(&EnterField::plan(unit, *situation).map_err(e)?);
            vec![
                dice(2),
                ("score", spread(&o.score)),
                ("outcome", words(&o.outcome)),
                ("enters", Row::Chance(o.enters)),
            ]
        }
        CaseInput::Shooting {
            shooter,
            target,
            situation,
            ..
        } => {
            let o = odds::shooting(&Shooting::plan(shooter, target, *situation).map_err(e)?);
            vec![
                dice(o.dice),
                ("score", spread(&o.score)),
                ("hits", spread(&o.hits)),
                ("bases_removed", spread(&o.bases_removed)),
                ("waver_test", Row::Chance(o.waver_test)),
            ]
        }
        CaseInput::WaverTest {
            unit, situation, ..
        } => {
            let o = odds::waver_test(&WaverTest::plan(unit, *situation).map_err(e)?);
            vec![
                dice(2),
                ("score", spread(&o.score)),
                ("morale", words(&o.morale)),
                ("retreat", Row::Chance(o.retreat)),
            ]
        }
        CaseInput::Melee { round, a, b, .. } => {
            let plan = Melee::plan(*round, (&a.unit, a.facts), (&b.unit, b.facts)).map_err(e)?;
            let o = odds::melee(&plan);
            let side = |moves, morale, aps| {
                Row::Group(vec![
                    dice(1),
                    ("move", words(moves)),
                    ("morale", words(morale)),
                    ("aps_gained", spread(aps)),
                ])
            };
            vec![
                ("a", side(&o.a_move, &o.a_morale, &o.a_aps)),
                ("b", side(&o.b_move, &o.b_morale, &o.b_aps)),
                ("difference", spread(&o.difference)),
                ("loser", side_or(&o.loser, "none")),
                ("extra_aps", spread(&o.extra_aps)),
            ]
        }
        CaseInput::GeneralRisk { co, situation, .. } => {
            let o = odds::general_risk(&GeneralRisk::plan(co, *situation).map_err(e)?);
            vec![
                dice(1),
                ("score", spread(&o.score)),
                ("fate", words(&o.fate)),
            ]
        }
    })
}

/// A case's odds as its JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
pub fn case_json(case: &Case) -> Value {
    table::case_json(&case.id, odds_rows(case))
}

/// A readable table of a case's odds, with bars.
pub fn case_text(case: &Case) -> String {
    table::case_text(&format!("{} ({})", case.id, case.kind), odds_rows(case), 13)
}
