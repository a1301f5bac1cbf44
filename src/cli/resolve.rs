//! `herald resolve FILE [--json]`: resolves every case of a conformance file
//! of any system (its `system` key picks the rules), one JSON line per case
//! in file order, or a readable account citing the rules.

use crate::rules::explain::Explanation;
use crate::store::case::AnyCases;
use crate::store::toml_walk::Problem;
use serde_json::Value;

/// A resolved case: its JSON fields (without `id`) and its explanation.
pub struct Resolved {
    /// The result fields, as the system's conformance README names them.
    pub fields: Value,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Resolves every case of `file`: one JSON line each, or a readable account.
pub fn run(file: &std::path::Path, json: bool) -> std::process::ExitCode {
    super::each_case(file, |cases, i| {
        if json {
            case_json(cases, i).to_string()
        } else {
            case_text(cases, i)
        }
    })
}

/// Case `i` of a file resolved into its JSON line: `{"id": ..., fields...}`
/// or `{"id": ..., "error": ...}`.
pub fn case_json(cases: &AnyCases, i: usize) -> Value {
    match cases {
        AnyCases::Warlords(c) => super::warlords::resolve::case_json(&c[i]),
        AnyCases::WarlordI(c) => super::warlord_i::resolve::case_json(&c[i]),
        AnyCases::HomunculusEst(c) => super::homunculus_est::resolve::case_json(&c[i]),
        AnyCases::RobertsRules(c) => super::roberts_rules::resolve::case_json(&c[i]),
        AnyCases::ParkersWarlord(c) => super::parkers_warlord::resolve::case_json(&c[i]),
    }
}

/// Case `i` of a file as a readable account.
pub fn case_text(cases: &AnyCases, i: usize) -> String {
    match cases {
        AnyCases::Warlords(c) => super::warlords::resolve::case_text(&c[i]),
        AnyCases::WarlordI(c) => super::warlord_i::resolve::case_text(&c[i]),
        AnyCases::HomunculusEst(c) => super::homunculus_est::resolve::case_text(&c[i]),
        AnyCases::RobertsRules(c) => super::roberts_rules::resolve::case_text(&c[i]),
        AnyCases::ParkersWarlord(c) => super::parkers_warlord::resolve::case_text(&c[i]),
    }
}

/// The problems of a refused case in one message.
pub fn refusal(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}
