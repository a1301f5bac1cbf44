//! The exact odds of a Warlord I conformance case, before any dice (the
//! file's dice are ignored): one JSON object, or a readable table with
//! bars. The odds come from `odds::warlord_i`, which runs the very
//! functions a case is resolved by; procedures without dice give their one
//! certain result.

use crate::cli::resolve::refusal;
use crate::cli::warlords::odds::bar;
use crate::odds::Distribution;
use crate::odds::warlord_i as odds;
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Attrition, CcpCost, CommandTest, EnterField, FugitiveAttrition, GeneralRisk, Initiative, Melee,
    OrderOfPlay, Recuperation, Shooting, WaverTest,
};
use crate::store::warlord_i::case::{Case, CaseInput};
use serde_json::{Map, Value, json};
use std::fmt::Display;

/// One value of a table: a probability, or a distribution of values.
enum Row {
    /// The probability of a yes/no outcome.
    Chance(f64),
    /// The probability of each value.
    Spread(Vec<(String, f64)>),
    /// A count with no odds to it (the dice thrown).
    Note(u64),
    /// A group of rows under a name (one side of a melee).
    Group(Vec<(&'static str, Row)>),
}

/// A distribution's values as text, in order.
fn spread<T: Copy + PartialEq + Display>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.to_string(), p)).collect())
}

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
    ("dice", Row::Note(u64::from(n)))
}

/// The odds of a case as named rows, or why there are none.
fn odds_rows(case: &Case) -> Result<Vec<(&'static str, Row)>, String> {
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

/// Rows as JSON fields: probabilities as numbers, distributions as
/// {value: probability} with the values as strings.
fn rows_json(rows: Vec<(&'static str, Row)>) -> Map<String, Value> {
    rows.into_iter()
        .map(|(name, row)| {
            let v = match row {
                Row::Chance(p) => json!(p),
                Row::Spread(values) => {
                    Value::Object(values.into_iter().map(|(k, p)| (k, json!(p))).collect())
                }
                Row::Note(n) => json!(n),
                Row::Group(rows) => Value::Object(rows_json(rows)),
            };
            (name.to_string(), v)
        })
        .collect()
}

/// A case's odds as its JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
pub fn case_json(case: &Case) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), Value::String(case.id.clone()));
    match odds_rows(case) {
        Ok(rows) => out.extend(rows_json(rows)),
        Err(why) => {
            out.insert("error".into(), Value::String(why));
        }
    }
    Value::Object(out)
}

/// A probability as a percentage.
fn percent(p: f64) -> String {
    format!("{:6.2}%", 100.0 * p)
}

/// Writes rows as an indented table.
fn write_rows(out: &mut String, rows: &[(&'static str, Row)], indent: usize) {
    let pad = " ".repeat(indent);
    for (name, row) in rows {
        let label = name.replace('_', " ");
        match row {
            Row::Chance(p) => {
                let line = format!("{pad}{label:<22}{}  {}", percent(*p), bar(*p));
                out.push_str(line.trim_end());
                out.push('\n');
            }
            Row::Note(n) => out.push_str(&format!("{pad}{label:<22}{n}\n")),
            Row::Spread(values) => {
                out.push_str(&format!("{pad}{label}\n"));
                let top = values.iter().map(|(_, p)| *p).fold(0.0, f64::max);
                for (v, p) in values {
                    let scaled = if top > 0.0 { p / top } else { 0.0 };
                    let line = format!("{pad}  {v:>13}{:>14}  {}", percent(*p), bar(scaled));
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
            }
            Row::Group(inner) => {
                out.push_str(&format!("{pad}side {label}\n"));
                write_rows(out, inner, indent + 2);
            }
        }
    }
}

/// A readable table of a case's odds, with bars (distributions are scaled
/// to their likeliest value).
pub fn case_text(case: &Case) -> String {
    let head = format!("{} ({})", case.id, case.kind);
    match odds_rows(case) {
        Ok(rows) => {
            let mut s = format!("{head}\n");
            write_rows(&mut s, &rows, 2);
            s
        }
        Err(why) => format!("{head}: refused\n  {}\n", why.replace("; ", "\n  ")),
    }
}
