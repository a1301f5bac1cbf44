//! The exact odds of a Homunculus Est! conformance case, before any dice.

use crate::store::homunculus_est::case::Case;
use serde_json::{Value, json};

/// The odds of a case as its JSON line.
pub fn case_json(case: &Case) -> Value {
    json!({ "id": case.id, "error": "Herald gives no odds for Homunculus Est! cases yet" })
}

/// The odds of a case, readable.
pub fn case_text(case: &Case) -> String {
    format!(
        "{} ({}): Herald gives no odds for Homunculus Est! cases yet\n",
        case.id, case.kind
    )
}
