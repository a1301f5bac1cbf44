//! The exact odds of a Warlords conformance case, before any dice (the
//! file's dice are ignored): one JSON object, or a readable table with bars.

use super::plan::{Planned, plan};
use crate::cli::resolve::refusal;
use crate::odds::Distribution;
use crate::odds::warlords as odds;
use crate::store::warlords::case::Case;
use serde_json::{Map, Value, json};
use std::fmt::Display;

/// One value of a table: a probability, or a distribution of values.
enum Row {
    /// The probability of a yes/no outcome.
    Chance(f64),
    /// The probability of each value.
    Spread(Vec<(String, f64)>),
    /// A fact with no odds to it.
    Note(String),
    /// A group of rows under a name (one side of a Melee).
    Group(Vec<(&'static str, Row)>),
}

/// A distribution's values as text, in order.
fn spread<T: Copy + PartialEq + Display>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.to_string(), p)).collect())
}

/// The odds of a case as named rows, or why there are none.
fn odds_rows(case: &Case) -> Result<Vec<(&'static str, Row)>, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let planned = plan(input).map_err(|e| e.to_string())?;
    let dice = |n: u32| ("dice", Row::Note(n.to_string()));
    Ok(match planned {
        Planned::Activation(p, _) => {
            let o = odds::activation(&p);
            vec![
                dice(o.dice),
                ("success", Row::Chance(o.success)),
                ("berserk", Row::Chance(o.berserk)),
                ("lost_morale_step", Row::Chance(o.lost_morale_step)),
                ("may_add_champion", Row::Chance(o.may_add_champion)),
                ("score", spread(&o.score)),
            ]
        }
        Planned::Shooting(p, _) => {
            let o = odds::shooting(&p);
            vec![
                dice(o.dice),
                ("halted", Row::Chance(o.halted)),
                ("hits", spread(&o.hits)),
                ("casualties", spread(&o.casualties)),
            ]
        }
        Planned::Melee(p, _) => {
            let o = odds::melee(&p);
            let side = |s: &odds::MeleeSideOdds| {
                Row::Group(vec![
                    dice(s.dice),
                    ("score", spread(&s.score)),
                    ("casualties_inflicted", spread(&s.casualties_inflicted)),
                    ("stands_destroyed", spread(&s.stands_destroyed)),
                ])
            };
            vec![
                ("a", side(&o.a)),
                ("b", side(&o.b)),
                (
                    "loser",
                    Row::Spread(vec![
                        ("a".into(), o.loser_a),
                        ("b".into(), o.loser_b),
                        ("none".into(), o.loser_none),
                    ]),
                ),
                ("loser_falls_back", Row::Chance(o.loser_falls_back)),
                ("loser_unformed", Row::Chance(o.loser_unformed)),
                ("loser_broken", Row::Chance(o.loser_broken)),
            ]
        }
        Planned::RandomMove(p, _) => {
            let o = odds::random_move(&p);
            vec![dice(o.dice), ("distance", spread(&o.distance))]
        }
        Planned::Flee(p, _) => {
            let o = odds::flee(&p);
            vec![
                dice(o.dice),
                ("distance", spread(&o.distance)),
                ("stands_lost", spread(&o.stands_lost)),
                ("dispersed", Row::Chance(o.dispersed)),
            ]
        }
        Planned::Initiative(p, _, _) => {
            let o = odds::initiative(&p);
            let winner = o.winner.iter().map(|(w, p)| (w.name().to_string(), p));
            vec![("winner", Row::Spread(winner.collect()))]
        }
        Planned::BreakOff(p, _) => {
            let o = odds::break_off(&p);
            let mut rows = vec![
                dice(o.activation.dice),
                ("success", Row::Chance(o.activation.success)),
                ("score", spread(&o.activation.score)),
            ];
            if let Some(d) = &o.distance {
                rows.push(("distance_if_broken_off", spread(d)));
            }
            rows
        }
        Planned::Charge(c) => {
            // 2.4.4.1: the charge move is a random move of its charge distance.
            let o = odds::random_move(&crate::rules::warlords::RandomMove { spans: c.spans });
            vec![
                dice(o.dice),
                ("charge_spans", spread(&Distribution::certain(c.spans))),
                ("distance", spread(&o.distance)),
            ]
        }
        Planned::Movement(unit) => vec![
            ("dice", Row::Note("0".into())),
            (
                "move",
                spread(&Distribution::certain(unit.move_distance())),
            ),
            (
                "charge",
                spread(&Distribution::certain(unit.charge_distance())),
            ),
        ],
        Planned::StandLoss(..) => vec![(
            "note",
            Row::Note(
                "a stand loss rolls only a personality's red die; these odds are for white dice only"
                    .into(),
            ),
        )],
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
                Row::Note(text) => match text.parse::<u64>() {
                    Ok(n) => json!(n),
                    Err(_) => json!(text),
                },
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

/// Width of a full bar, in character cells.
const BAR: f64 = 30.0;

/// A bar of `fraction` (0 to 1) of the full width, in eighth blocks.
pub fn bar(fraction: f64) -> String {
    const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (fraction.clamp(0.0, 1.0) * BAR * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        s.push(EIGHTHS[eighths % 8]);
    }
    s
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
            Row::Note(text) => out.push_str(&format!("{pad}{label:<22}{text}\n")),
            Row::Spread(values) => {
                out.push_str(&format!("{pad}{label}\n"));
                let top = values.iter().map(|(_, p)| *p).fold(0.0, f64::max);
                for (v, p) in values {
                    let scaled = if top > 0.0 { p / top } else { 0.0 };
                    let line = format!("{pad}  {v:>6}{:>21}  {}", percent(*p), bar(scaled));
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
