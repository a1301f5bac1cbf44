//! Conformance case files of any rule system: the file's `system` key
//! (Warlords when it names none) picks the system's own case reader; a
//! system this Herald does not know is refused in one line, loudly.

use super::system;
use super::toml_walk::{self, Problem};
use super::{homunculus_est, parkers_warlord, roberts_rules, warlord_i, warlords};
use crate::rules::System;
use toml::de::DeValue;

/// A case file's cases, read by its system's reader.
#[derive(Debug)]
pub enum AnyCases {
    /// Warlords cases (`conformance/README.md`).
    Warlords(Vec<warlords::case::Case>),
    /// Warlord I cases (`conformance/warlord-i/README.md`).
    WarlordI(Vec<warlord_i::case::Case>),
    /// Homunculus Est! cases (`conformance/homunculus-est/README.md`).
    HomunculusEst(Vec<homunculus_est::case::Case>),
    /// Robert's Rules cases (`conformance/roberts-rules/README.md`).
    RobertsRules(Vec<roberts_rules::case::Case>),
    /// Parker's Warlord cases (`conformance/parkers-warlord/README.md`).
    ParkersWarlord(Vec<parkers_warlord::case::Case>),
}

impl AnyCases {
    /// How many cases the file holds.
    pub fn len(&self) -> usize {
        match self {
            AnyCases::Warlords(c) => c.len(),
            AnyCases::WarlordI(c) => c.len(),
            AnyCases::HomunculusEst(c) => c.len(),
            AnyCases::RobertsRules(c) => c.len(),
            AnyCases::ParkersWarlord(c) => c.len(),
        }
    }

    /// Whether the file holds no case.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Case `i`'s id.
    pub fn id(&self, i: usize) -> &str {
        match self {
            AnyCases::Warlords(c) => &c[i].id,
            AnyCases::WarlordI(c) => &c[i].id,
            AnyCases::HomunculusEst(c) => &c[i].id,
            AnyCases::RobertsRules(c) => &c[i].id,
            AnyCases::ParkersWarlord(c) => &c[i].id,
        }
    }

    /// Case `i`'s `expect` table as JSON, if it has one (never read by `resolve`).
    pub fn expect(&self, i: usize) -> Option<&serde_json::Value> {
        match self {
            AnyCases::Warlords(c) => c[i].expect.as_ref(),
            AnyCases::WarlordI(c) => c[i].expect.as_ref(),
            AnyCases::HomunculusEst(c) => c[i].expect.as_ref(),
            AnyCases::RobertsRules(c) => c[i].expect.as_ref(),
            AnyCases::ParkersWarlord(c) => c[i].expect.as_ref(),
        }
    }

    /// The system the cases are written for.
    pub fn system(&self) -> System {
        match self {
            AnyCases::Warlords(_) => System::Warlords,
            AnyCases::WarlordI(_) => System::WarlordI,
            AnyCases::HomunculusEst(_) => System::HomunculusEst,
            AnyCases::RobertsRules(_) => System::RobertsRules,
            AnyCases::ParkersWarlord(_) => System::ParkersWarlord,
        }
    }
}

/// Reads a case file's text with its system's reader.
pub fn read_cases(path: &str, text: &str) -> Result<AnyCases, Vec<Problem>> {
    match system::of_text(path, text).map_err(|p| vec![p])? {
        System::Warlords => warlords::case::read_cases(path, text).map(AnyCases::Warlords),
        System::WarlordI => warlord_i::case::read_cases(path, text).map(AnyCases::WarlordI),
        System::HomunculusEst => {
            homunculus_est::case::read_cases(path, text).map(AnyCases::HomunculusEst)
        }
        System::RobertsRules => {
            roberts_rules::case::read_cases(path, text).map(AnyCases::RobertsRules)
        }
        System::ParkersWarlord => {
            parkers_warlord::case::read_cases(path, text).map(AnyCases::ParkersWarlord)
        }
    }
}

/// Reads a case file from disk (a regular file, within the size limit, UTF-8).
pub fn load_cases(path: &std::path::Path) -> Result<AnyCases, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_cases(&path.display().to_string(), &text)
}

/// A TOML value as JSON, for comparing with results.
pub fn to_json(v: &DeValue<'_>) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        DeValue::String(s) => J::String(s.to_string()),
        DeValue::Integer(_) => toml_walk::integer(v).map_or(J::Null, J::from),
        DeValue::Float(f) => f.as_str().parse::<f64>().map_or(J::Null, J::from),
        DeValue::Boolean(b) => J::Bool(*b),
        DeValue::Datetime(d) => J::String(d.to_string()),
        DeValue::Array(items) => J::Array(items.iter().map(|i| to_json(i.get_ref())).collect()),
        DeValue::Table(t) => J::Object(
            t.iter()
                .map(|(k, v)| (k.get_ref().to_string(), to_json(v.get_ref())))
                .collect(),
        ),
    }
}
