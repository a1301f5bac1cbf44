//! Explanations, shared by every rule system: each result comes with the lines that made it, each with
//! the section of the rules and the ruling it applies.

use serde::Serialize;
use std::fmt;

/// Where a line comes from: a section (or rule number) of a system's text and/or a ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cite(pub String);

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A citation of a section and a ruling: `cite("2.2", "W-4")` → "2.2, W-4".
pub fn cite(section: &str, ruling: &str) -> Cite {
    match (section.is_empty(), ruling.is_empty()) {
        (true, _) => Cite(ruling.to_string()),
        (_, true) => Cite(section.to_string()),
        _ => Cite(format!("{section}, {ruling}")),
    }
}

/// A citation of a section only.
pub fn sec(section: &str) -> Cite {
    Cite(section.to_string())
}

/// A name in the possessive: "Harold's", but "Norman archers'".
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A number added to a score or a dice count, with its reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// The amount (+2, -1 …).
    pub value: i32,
    /// Why, in the rules' words.
    pub reason: String,
    /// Where the rules say so.
    pub cite: Cite,
}

impl Modifier {
    /// A modifier.
    pub fn new(value: i32, reason: impl Into<String>, cite: Cite) -> Modifier {
        Modifier {
            value,
            reason: reason.into(),
            cite,
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {} ({})", self.value, self.reason, self.cite)
    }
}

/// The sum of a list of modifiers.
pub fn total(mods: &[Modifier]) -> i32 {
    mods.iter().map(|m| m.value).sum()
}

/// One line of an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// What happened.
    pub text: String,
    /// The rule applied.
    pub cite: Cite,
}

/// The lines that made a result, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Explanation {
    /// The lines.
    pub lines: Vec<Line>,
}

impl Explanation {
    /// Adds a line.
    pub fn line(&mut self, text: impl Into<String>, cite: Cite) {
        self.lines.push(Line {
            text: text.into(),
            cite,
        });
    }

    /// Adds one line per modifier.
    pub fn modifiers(&mut self, mods: &[Modifier]) {
        for m in mods {
            self.line(format!("{:+} {}", m.value, m.reason), m.cite.clone());
        }
    }

    /// Appends another explanation's lines.
    pub fn extend(&mut self, other: Explanation) {
        self.lines.extend(other.lines);
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.lines {
            if l.cite.0.is_empty() {
                writeln!(f, "  {}", l.text)?;
            } else {
                writeln!(f, "  {}  [{}]", l.text, l.cite)?;
            }
        }
        Ok(())
    }
}
