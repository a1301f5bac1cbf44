//! The odds of one case as named rows, for every rule system: one JSON
//! object, or a readable table with bars. Each system's `cli/NAME/odds.rs`
//! makes the rows from its own procedures; this writes them.

use crate::odds::Distribution;
use serde_json::{Map, Value, json};
use std::fmt::Display;

/// One value of a table: a probability, or a distribution of values.
pub enum Row {
    /// The probability of a yes/no outcome.
    Chance(f64),
    /// The probability of each value.
    Spread(Vec<(String, f64)>),
    /// A fact with no odds to it (a whole number is written as a number).
    Note(String),
    /// A group of rows under a name (one side of a melee).
    Group(Vec<(&'static str, Row)>),
}

/// Named rows, in the order they are shown.
pub type Rows = Vec<(&'static str, Row)>;

/// A distribution's values as text, in order.
pub fn spread<T: Copy + PartialEq + Display>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.to_string(), p)).collect())
}

/// Rows as JSON fields: probabilities as numbers, distributions as
/// {value: probability} with the values as strings.
fn rows_json(rows: Rows) -> Map<String, Value> {
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
pub fn case_json(id: &str, rows: Result<Rows, String>) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), Value::String(id.to_string()));
    match rows {
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

/// Writes rows as an indented table; a distribution's values take
/// `value_width` cells, its percentages the rest of 27.
fn write_rows(out: &mut String, rows: &[(&'static str, Row)], indent: usize, value_width: usize) {
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
                let p_width = 27 - value_width;
                for (v, p) in values {
                    let scaled = if top > 0.0 { p / top } else { 0.0 };
                    let line = format!(
                        "{pad}  {v:>value_width$}{:>p_width$}  {}",
                        percent(*p),
                        bar(scaled)
                    );
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
            }
            Row::Group(inner) => {
                out.push_str(&format!("{pad}side {label}\n"));
                write_rows(out, inner, indent + 2, value_width);
            }
        }
    }
}

/// A readable table of a case's odds, with bars (distributions are scaled
/// to their likeliest value).
pub fn case_text(head: &str, rows: Result<Rows, String>, value_width: usize) -> String {
    match rows {
        Ok(rows) => {
            let mut s = format!("{head}\n");
            write_rows(&mut s, &rows, 2, value_width);
            s
        }
        Err(why) => format!("{head}: refused\n  {}\n", why.replace("; ", "\n  ")),
    }
}
