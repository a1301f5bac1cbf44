//! The exact odds of a Parker's Warlord case, before the d20 is rolled, from
//! `odds::parkers_warlord`; procedures without dice give their one certain
//! result.

use super::resolve::resolve_input;
use crate::cli::odds::table::{self, Row, Rows, spread};
use crate::cli::resolve::refusal;
use crate::odds::parkers_warlord as odds;
use crate::rules::parkers_warlord::InitiativeCheck;
use crate::store::parkers_warlord::case::{Case, CaseInput};

fn odds_rows(case: &Case) -> Result<Rows, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let house = &case.house;
    Ok(match input {
        CaseInput::InitiativeCheck { personality, .. } => {
            let plan = InitiativeCheck::plan(personality).map_err(|e| e.to_string())?;
            let o = odds::initiative_check(&plan, house);
            vec![
                ("d20", Row::Note("1".into())),
                ("initiative", Row::Note(plan.initiative().to_string())),
                ("success", Row::Chance(o.success)),
                ("bonus_card", Row::Chance(o.bonus_card)),
                ("drawn", spread(&o.drawn)),
                ("lost", spread(&o.lost)),
                ("hand", spread(&o.hand)),
            ]
        }
        other => {
            let r = resolve_input(other, house)?;
            vec![
                ("d20", Row::Note("0".into())),
                ("certain", Row::Note(r.fields.to_string())),
            ]
        }
    })
}

/// A case's odds as its JSON line.
pub fn case_json(case: &Case) -> serde_json::Value {
    table::case_json(&case.id, odds_rows(case))
}

/// A readable table of a case's odds, with bars.
pub fn case_text(case: &Case) -> String {
    table::case_text(&format!("{} ({})", case.id, case.kind), odds_rows(case), 13)
}
