//! House options, for every rule system: a ruling that fills a gap in a
//! text is a named per-battle option whose default is the ruling
//! (DESIGN.md, "Conventions: House options"). A system declares its
//! options as constants ([`HouseOption`], listed by
//! [`System::house_options`](crate::rules::System::house_options)); a
//! battle's setup and a case hold the values chosen ([`House`]); the rules
//! read them by the constant (`house.is_on(&FIXED_CARD_VALUES)`) and add
//! [`HouseOption::line`] to an explanation whenever an option changed the
//! result.
//!
//! Declaring one is a line of data:
//!
//! ```
//! use herald::rules::house::{HouseOption, HouseValue, Values};
//! pub const COLUMN_PIKE: HouseOption = HouseOption {
//!     name: "column_pike",
//!     words: "pike in a column",
//!     ruling: "W-33",
//!     values: Values::YesNo,
//!     default: HouseValue::YesNo(false),
//!     changes: "Pike in a March Column get their rank dice and +2",
//! };
//! ```
//!
//! Files write an option by its `name` (`[house]`, `fixed_card_values =
//! true`); the command line and the start screen take the name with dashes
//! or underscores alike ([`House::set_text`]). An unknown option or value
//! is refused with the list of those accepted.

use super::explain::{Cite, cite};
use std::fmt;

/// The values an option may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Yes or no (`true`, `false`).
    YesNo,
    /// One of these words (snake_case, as files write them).
    Words(&'static [&'static str]),
    /// A whole number from `min` to `max`.
    Number {
        /// The least accepted.
        min: i64,
        /// The most accepted.
        max: i64,
    },
}

/// A value of a house option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseValue {
    /// A yes/no option's value.
    YesNo(bool),
    /// A word option's value (one of its [`Values::Words`]).
    Word(&'static str),
    /// A number option's value.
    Number(i64),
}

impl fmt::Display for HouseValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseValue::YesNo(b) => write!(f, "{b}"),
            HouseValue::Word(w) => f.write_str(w),
            HouseValue::Number(n) => write!(f, "{n}"),
        }
    }
}

/// One house option as a rule system declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseOption {
    /// Its identifier in files and on the command line (snake_case).
    pub name: &'static str,
    /// Its name in the referee's words ("fixed card values").
    pub words: &'static str,
    /// The ruling it comes from ("HE-10").
    pub ruling: &'static str,
    /// The values it takes.
    pub values: Values,
    /// Its default: the ruling as written.
    pub default: HouseValue,
    /// What choosing it (away from its default) changes, in a few words.
    pub changes: &'static str,
}

impl HouseOption {
    /// The citation of a result this option changed: its ruling, as a house option.
    pub fn cite(&self) -> Cite {
        cite(self.ruling, "house option")
    }

    /// The explanation line of a result this option changed: the option,
    /// its value and what it changes.
    pub fn line(&self, value: HouseValue) -> String {
        match value {
            HouseValue::YesNo(true) => format!("house option '{}': {}", self.words, self.changes),
            v => format!("house option '{}' = {v}: {}", self.words, self.changes),
        }
    }

    /// Reads a value written as text: `true`/`false` (or yes/no, on/off)
    /// for a yes/no option, one of its words (dashes or underscores alike),
    /// or a number in its range.
    pub fn parse_value(&self, text: &str) -> Result<HouseValue, HouseError> {
        let t = text.trim().to_ascii_lowercase().replace('-', "_");
        let refused = || HouseError::Value {
            option: self.name,
            value: text.trim().to_string(),
            accepted: self.accepted(),
        };
        match self.values {
            Values::YesNo => match t.as_str() {
                "true" | "yes" | "on" => Ok(HouseValue::YesNo(true)),
                "false" | "no" | "off" => Ok(HouseValue::YesNo(false)),
                _ => Err(refused()),
            },
            Values::Words(words) => words
                .iter()
                .find(|w| **w == t)
                .map(|w| HouseValue::Word(w))
                .ok_or_else(refused),
            // A number keeps its minus sign (dashes become underscores only in words).
            Values::Number { min, max } => match text.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(HouseValue::Number(n)),
                _ => Err(refused()),
            },
        }
    }

    /// Whether a value is one this option takes.
    pub fn takes(&self, value: HouseValue) -> bool {
        match (self.values, value) {
            (Values::YesNo, HouseValue::YesNo(_)) => true,
            (Values::Words(ws), HouseValue::Word(w)) => ws.contains(&w),
            (Values::Number { min, max }, HouseValue::Number(n)) => (min..=max).contains(&n),
            _ => false,
        }
    }

    /// The values accepted, in words for a message.
    pub fn accepted(&self) -> String {
        match self.values {
            Values::YesNo => "true, false".to_string(),
            Values::Words(ws) => ws.join(", "),
            Values::Number { min, max } => format!("a whole number from {min} to {max}"),
        }
    }

    /// The value after `value` in the order the start screen steps through
    /// them (a yes/no option flips; words go round; a number goes up by
    /// one, back to its least after its most).
    pub fn next_value(&self, value: HouseValue) -> HouseValue {
        match (self.values, value) {
            (Values::YesNo, HouseValue::YesNo(b)) => HouseValue::YesNo(!b),
            (Values::Words(ws), HouseValue::Word(w)) => {
                let at = ws.iter().position(|x| *x == w).unwrap_or(0);
                HouseValue::Word(ws[(at + 1) % ws.len()])
            }
            (Values::Number { min, max }, HouseValue::Number(n)) => {
                HouseValue::Number(if n >= max { min } else { n + 1 })
            }
            _ => self.default,
        }
    }
}

/// Why a house option was refused, with what is accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HouseError {
    /// No option of this name in the system.
    #[error("'{name}' is not a house option of {system}; {accepted}")]
    Unknown {
        /// The name given.
        name: String,
        /// The system's title.
        system: &'static str,
        /// The options it has, in words.
        accepted: String,
    },
    /// A value the option does not take.
    #[error("'{value}' is not a value of the house option {option}; accepted: {accepted}")]
    Value {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// The values it takes.
        accepted: String,
    },
    /// `NAME` alone for an option that is not yes/no.
    #[error("the house option {option} needs a value: {option}=VALUE, one of: {accepted}")]
    NeedsValue {
        /// The option.
        option: &'static str,
        /// The values it takes.
        accepted: String,
    },
}

/// The house options of one battle or case: every option its system
/// declares, each with its value (the default unless chosen).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct House {
    options: &'static [HouseOption],
    values: Vec<HouseValue>,
}

impl House {
    /// Every option at its default: the rulings as written.
    pub fn defaults(options: &'static [HouseOption]) -> House {
        House {
            options,
            values: options.iter().map(|o| o.default).collect(),
        }
    }

    /// The options its system declares.
    pub fn options(&self) -> &'static [HouseOption] {
        self.options
    }

    fn at(&self, option: &HouseOption) -> Option<usize> {
        self.options.iter().position(|o| o.name == option.name)
    }

    /// An option's value (its default if the system does not declare it).
    pub fn value(&self, option: &HouseOption) -> HouseValue {
        self.at(option).map_or(option.default, |i| self.values[i])
    }

    /// Whether a yes/no option is on.
    pub fn is_on(&self, option: &HouseOption) -> bool {
        self.value(option) == HouseValue::YesNo(true)
    }

    /// A word option's word.
    pub fn word(&self, option: &HouseOption) -> &'static str {
        match self.value(option) {
            HouseValue::Word(w) => w,
            _ => "",
        }
    }

    /// A number option's number.
    pub fn number(&self, option: &HouseOption) -> i64 {
        match self.value(option) {
            HouseValue::Number(n) => n,
            _ => 0,
        }
    }

    /// The option named `name` (dashes or underscores alike).
    pub fn find(
        &self,
        name: &str,
        system: &'static str,
    ) -> Result<&'static HouseOption, HouseError> {
        let want = name.trim().to_ascii_lowercase().replace('-', "_");
        self.options
            .iter()
            .find(|o| o.name == want)
            .ok_or_else(|| HouseError::Unknown {
                name: name.trim().to_string(),
                system,
                accepted: if self.options.is_empty() {
                    format!("{system} has no house options")
                } else {
                    let names: Vec<String> = self
                        .options
                        .iter()
                        .map(|o| format!("{} ({}, {})", o.name, o.words, o.ruling))
                        .collect();
                    format!("its options: {}", names.join("; "))
                },
            })
    }

    /// Sets an option to a value it takes (refused otherwise).
    pub fn set(&mut self, option: &HouseOption, value: HouseValue) -> Result<(), HouseError> {
        match self.at(option) {
            Some(i) if option.takes(value) => {
                self.values[i] = value;
                Ok(())
            }
            Some(_) => Err(HouseError::Value {
                option: option.name,
                value: value.to_string(),
                accepted: option.accepted(),
            }),
            None => Err(HouseError::Unknown {
                name: option.name.to_string(),
                system: "this system",
                accepted: String::new(),
            }),
        }
    }

    /// Sets an option written as on the command line: `NAME` (a yes/no
    /// option, on) or `NAME=VALUE`, dashes or underscores alike. `system`
    /// names the rule system in a refusal.
    pub fn set_text(&mut self, setting: &str, system: &'static str) -> Result<(), HouseError> {
        let (name, value) = match setting.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (setting, None),
        };
        let option = self.find(name, system)?;
        let value = match (value, option.values) {
            (Some(v), _) => option.parse_value(v)?,
            (None, Values::YesNo) => HouseValue::YesNo(true),
            (None, _) => {
                return Err(HouseError::NeedsValue {
                    option: option.name,
                    accepted: option.accepted(),
                });
            }
        };
        self.set(option, value)
    }

    /// Every option with its value, in the order declared.
    pub fn iter(&self) -> impl Iterator<Item = (&'static HouseOption, HouseValue)> + '_ {
        self.options.iter().zip(self.values.iter().copied())
    }

    /// The options chosen away from their defaults: what this battle
    /// plays differently from the rulings.
    pub fn changed(&self) -> impl Iterator<Item = (&'static HouseOption, HouseValue)> + '_ {
        self.iter().filter(|(o, v)| o.default != *v)
    }

    /// Whether every option is at its default.
    pub fn is_default(&self) -> bool {
        self.changed().next().is_none()
    }

    /// The options chosen, in a few words for a header: `fixed card
    /// values`, `hand limit: keep`; empty when every option is at its default.
    pub fn summary(&self) -> String {
        self.changed()
            .map(|(o, v)| match v {
                HouseValue::YesNo(true) => o.words.to_string(),
                HouseValue::YesNo(false) => format!("no {}", o.words),
                // A word in the referee's words: `at once`, never `at_once`.
                v => format!("{}: {}", o.words, v.to_string().replace('_', " ")),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The report's paragraph on the options chosen (Markdown), or nothing
    /// when every option is at its default.
    pub fn report(&self) -> String {
        if self.is_default() {
            return String::new();
        }
        let mut o = String::from("House options (each changes a ruling that fills a gap):\n\n");
        // In the referee's words: yes or no, never `true` or `false`.
        let said = |v: HouseValue| match v {
            HouseValue::YesNo(true) => "yes".to_string(),
            HouseValue::YesNo(false) => "no".to_string(),
            v => v.to_string().replace('_', " "),
        };
        for (opt, v) in self.changed() {
            o.push_str(&format!(
                "- {}: {} (the ruling {} reads {}): {}\n",
                opt.words,
                said(v),
                opt.ruling,
                said(opt.default),
                opt.changes
            ));
        }
        o.push('\n');
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_number_keeps_its_sign() {
        const PENALTY: HouseOption = HouseOption {
            name: "demoralized_penalty",
            words: "Demoralized penalty",
            ruling: "RR-8",
            values: Values::Number { min: -6, max: 0 },
            default: HouseValue::Number(-1),
            changes: "the penalty",
        };
        assert_eq!(PENALTY.parse_value("-2"), Ok(HouseValue::Number(-2)));
        assert!(PENALTY.parse_value("2").is_err());
    }

    const FLAG: HouseOption = HouseOption {
        name: "fixed_card_values",
        words: "fixed card values",
        ruling: "HE-10",
        values: Values::YesNo,
        default: HouseValue::YesNo(false),
        changes: "every Setback worth 1, every Disaster 2",
    };
    const WORDS: HouseOption = HouseOption {
        name: "hand_limit",
        words: "hand limit",
        ruling: "PW-7",
        values: Values::Words(&["trim", "keep"]),
        default: HouseValue::Word("trim"),
        changes: "a hand over the limit is kept",
    };
    const NUMBER: HouseOption = HouseOption {
        name: "formed_premium",
        words: "Formed premium",
        ruling: "RR-24",
        values: Values::Number { min: 0, max: 20 },
        default: HouseValue::Number(4),
        changes: "the Formed unit surcharge",
    };
    const ALL: &[HouseOption] = &[FLAG, WORDS, NUMBER];

    #[test]
    fn every_option_starts_at_its_ruling() {
        let h = House::defaults(ALL);
        assert!(!h.is_on(&FLAG));
        assert_eq!(h.word(&WORDS), "trim");
        assert_eq!(h.number(&NUMBER), 4);
        assert!(h.is_default());
        assert_eq!(h.summary(), "");
        assert_eq!(h.report(), "");
    }

    #[test]
    fn the_command_line_takes_names_with_dashes_or_underscores() {
        let mut h = House::defaults(ALL);
        h.set_text("fixed-card-values", "Homunculus Est!").unwrap();
        assert!(h.is_on(&FLAG));
        h.set_text("fixed_card_values=false", "Homunculus Est!")
            .unwrap();
        assert!(!h.is_on(&FLAG));
        h.set_text("hand-limit=keep", "x").unwrap();
        assert_eq!(h.word(&WORDS), "keep");
        h.set_text("formed_premium=7", "x").unwrap();
        assert_eq!(h.number(&NUMBER), 7);
        assert_eq!(h.summary(), "hand limit: keep, Formed premium: 7");
        assert!(h.report().contains("hand limit"), "{}", h.report());
    }

    #[test]
    fn the_report_says_yes_or_no_and_what_the_ruling_reads() {
        let mut h = House::defaults(ALL);
        h.set_text("fixed-card-values", "Homunculus Est!").unwrap();
        h.set_text("formed_premium=7", "x").unwrap();
        let r = h.report();
        assert!(
            r.contains("- fixed card values: yes (the ruling HE-10 reads no): every Setback")
                && r.contains("- Formed premium: 7 (the ruling RR-24 reads 4)"),
            "{r}"
        );
        assert!(!r.contains("true") && !r.contains("false"), "{r}");
    }

    #[test]
    fn unknown_options_and_values_are_refused_with_what_is_accepted() {
        let mut h = House::defaults(ALL);
        let e = h.set_text("fixed-cards", "Homunculus Est!").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("'fixed-cards' is not a house option of Homunculus Est!")
                && text.contains("fixed_card_values (fixed card values, HE-10)")
                && text.contains("hand_limit"),
            "{text}"
        );
        let e = h.set_text("hand_limit=drop", "x").unwrap_err().to_string();
        assert!(e.contains("accepted: trim, keep"), "{e}");
        let e = h
            .set_text("formed_premium=99", "x")
            .unwrap_err()
            .to_string();
        assert!(e.contains("a whole number from 0 to 20"), "{e}");
        let e = h.set_text("hand_limit", "x").unwrap_err().to_string();
        assert!(e.contains("needs a value: hand_limit=VALUE"), "{e}");
        let none = House::defaults(&[]);
        let e = none
            .find("column_pike", "Warlord I")
            .unwrap_err()
            .to_string();
        assert!(e.contains("Warlord I has no house options"), "{e}");
        assert!(h.is_default(), "a refusal changes nothing");
    }

    #[test]
    fn the_start_screen_steps_through_each_value() {
        assert_eq!(
            FLAG.next_value(HouseValue::YesNo(false)),
            HouseValue::YesNo(true)
        );
        assert_eq!(
            WORDS.next_value(HouseValue::Word("keep")),
            HouseValue::Word("trim")
        );
        assert_eq!(
            NUMBER.next_value(HouseValue::Number(20)),
            HouseValue::Number(0)
        );
    }

    #[test]
    fn an_explanation_line_names_the_option_and_its_ruling() {
        assert_eq!(
            FLAG.line(HouseValue::YesNo(true)),
            "house option 'fixed card values': every Setback worth 1, every Disaster 2"
        );
        assert_eq!(FLAG.cite().0, "HE-10, house option");
        assert_eq!(
            WORDS.line(HouseValue::Word("keep")),
            "house option 'hand limit' = keep: a hand over the limit is kept"
        );
    }
}
