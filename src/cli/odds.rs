//! `herald odds FILE [--json]`: the exact odds of every case of a
//! conformance-format file, before any dice (the file's dice are ignored).
//! One JSON line per case, or a readable table with bars.

pub mod table;

use crate::store::case::AnyCases;
use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;

/// Prints the odds of every case in `file`.
pub fn run(file: &Path, json: bool) -> ExitCode {
    super::each_case(file, |cases, i| {
        if json {
            case_json(cases, i).to_string()
        } else {
            case_text(cases, i)
        }
    })
}

/// The odds of case `i` as its JSON line.
pub fn case_json(cases: &AnyCases, i: usize) -> Value {
    match cases {
        AnyCases::Warlords(c) => super::warlords::odds::case_json(&c[i]),
        AnyCases::WarlordI(c) => super::warlord_i::odds::case_json(&c[i]),
        AnyCases::HomunculusEst(c) => super::homunculus_est::odds::case_json(&c[i]),
        AnyCases::RobertsRules(c) => super::roberts_rules::odds::case_json(&c[i]),
        AnyCases::ParkersWarlord(c) => super::parkers_warlord::odds::case_json(&c[i]),
    }
}

/// The odds of case `i`, readable.
pub fn case_text(cases: &AnyCases, i: usize) -> String {
    match cases {
        AnyCases::Warlords(c) => super::warlords::odds::case_text(&c[i]),
        AnyCases::WarlordI(c) => super::warlord_i::odds::case_text(&c[i]),
        AnyCases::HomunculusEst(c) => super::homunculus_est::odds::case_text(&c[i]),
        AnyCases::RobertsRules(c) => super::roberts_rules::odds::case_text(&c[i]),
        AnyCases::ParkersWarlord(c) => super::parkers_warlord::odds::case_text(&c[i]),
    }
}
