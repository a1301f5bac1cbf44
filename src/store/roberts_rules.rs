//! Robert's Rules of Warfare files: its unit table and conformance cases
//! (`conformance/roberts-rules/README.md`). Every file starts with the
//! top-level key `system = "roberts_rules"`; every problem is reported with
//! its file, line, column and field path.

pub mod army;
pub mod case;
pub mod save;
pub mod unit_table;

use super::toml_walk::{self, Fields, Walk};
use crate::dice::Die;
use crate::rules::roberts_rules::Named;
use toml::de::DeValue;

/// The word a Robert's Rules file gives as its `system`.
pub const SYSTEM: &str = "roberts_rules";

/// Reads the top-level `system` key, which must say `system`; records the
/// problem and returns whether it does. `what` names the file's kind.
pub(crate) fn read_system_word<'s>(
    walk: &mut Walk<'_, 's>,
    top: &mut Fields<'_, 's>,
    system: &str,
    title: &str,
    what: &str,
) -> bool {
    let Some(v) = top.get("system") else {
        walk.error(
            0..0,
            "system",
            format!(
                "this {what} has no top-level system = \"{system}\"; a {title} file says system = \"{system}\" before its first table"
            ),
        );
        return false;
    };
    if v.get_ref().as_str() == Some(system) {
        return true;
    }
    walk.error(
        v.span(),
        "system",
        format!(
            "this reader takes system = \"{system}\" ({title}), not {}",
            toml_walk::shown(v.get_ref())
        ),
    );
    false
}

/// A number field, whole or with a fraction, from `min`; `None` when absent or wrong.
pub(crate) fn number<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    min: f64,
) -> Option<f64> {
    let v = f.get(key)?;
    let n = match v.get_ref() {
        DeValue::Integer(_) => toml_walk::integer(v.get_ref()).map(|n| n as f64),
        DeValue::Float(x) => x.as_str().parse::<f64>().ok(),
        _ => None,
    };
    match n {
        Some(n) if n.is_finite() && n >= min && n <= 1.0e6 => Some(n),
        Some(n) => {
            walk.error(
                v.span(),
                f.at(key),
                format!("{n} is out of range; {min} to 1000000 accepted"),
            );
            None
        }
        None => {
            walk.error(
                v.span(),
                f.at(key),
                format!("expected a number, found {}", toml_walk::shown(v.get_ref())),
            );
            None
        }
    }
}

/// `modifiers` (or another key): a list of { name, value } the referee adds.
pub(crate) fn named_values<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Vec<Named> {
    let mut out = Vec::new();
    for t in walk.tables(f, key) {
        let mut t = t;
        let name = walk.required_string(&mut t, "name");
        let value = walk.int(&mut t, "value", -1000..=1000);
        if value.is_none() && !t.has("value") {
            walk.error(
                t.span.clone(),
                t.at("value"),
                "'value' is missing: a modifier is { name, value }",
            );
        }
        walk.finish(t);
        if let (Some(name), Some(value)) = (name, value) {
            out.push(Named {
                name,
                value: value as i32,
            });
        }
    }
    out
}

/// A list of d6 faces under `key`.
pub(crate) fn d6<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Vec<Die> {
    super::dice::faces(walk, f, key, 6)
}

/// A list of lists of d6 faces under `key` (several attacks, two dice each).
pub(crate) fn d6_lists<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Vec<Vec<Die>> {
    let mut out = Vec::new();
    for (path, item) in walk.list(f, key) {
        let DeValue::Array(faces) = item.get_ref() else {
            walk.error(
                item.span(),
                path,
                "each attack is a list of two dice, e.g. [3, 5]",
            );
            continue;
        };
        let mut dice = Vec::new();
        for face in faces {
            match toml_walk::integer(face.get_ref()) {
                Some(v) if (1..=6).contains(&v) => dice.extend(Die::new(v as u8)),
                _ => walk.error(
                    face.span(),
                    path.to_string(),
                    format!(
                        "a die shows 1 to 6, not {}",
                        toml_walk::shown(face.get_ref())
                    ),
                ),
            }
        }
        out.push(dice);
    }
    out
}
