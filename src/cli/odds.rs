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
        AnyCases::RobertsRules(c) => not_yet(&c[i].id, cases.system()),
        AnyCases::ParkersWarlord(c) => not_yet(&c[i].id, cases.system()),
    }
}

/// The odds of case `i`, readable.
pub fn case_text(cases: &AnyCases, i: usize) -> String {
    match cases {
        AnyCases::Warlords(c) => super::warlords::odds::case_text(&c[i]),
        AnyCases::WarlordI(c) => super::warlord_i::odds::case_text(&c[i]),
        AnyCases::HomunculusEst(c) => super::homunculus_est::odds::case_text(&c[i]),
        AnyCases::RobertsRules(c) => refused_text(&c[i].id, cases.system()),
        AnyCases::ParkersWarlord(c) => refused_text(&c[i].id, cases.system()),
    }
}

/// [`not_yet`] as a readable line.
fn refused_text(id: &str, system: crate::rules::System) -> String {
    format!("{id}: refused\n  {}\n", not_yet(id, system)["error"])
}

/// A case of a system whose odds Herald does not compute yet, refused in words.
fn not_yet(id: &str, system: crate::rules::System) -> Value {
    serde_json::json!({
        "id": id,
        "error": format!(
            "Herald resolves {} cases (herald resolve) but does not compute their odds yet",
            system.title()
        ),
    })
}
