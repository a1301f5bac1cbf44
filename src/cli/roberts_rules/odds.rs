//! The exact odds of a Robert's Rules case, before any dice (the file's dice
//! are ignored), from `odds::roberts_rules`; procedures without dice give
//! their one certain result.

use super::resolve::resolve_input;
use crate::cli::odds::table::{self, Row, Rows, spread};
use crate::cli::resolve::refusal;
use crate::odds::Distribution;
use crate::odds::roberts_rules as odds;
use crate::rules::named::Named;
use crate::rules::roberts_rules::{
    ActionRoll, BreakCheck, MeleeAttack, MissileAttack, MoraleCheck, PursuitAttack,
};
use crate::store::roberts_rules::case::{Case, CaseInput};

fn words<T: Copy + PartialEq + Named>(d: &Distribution<T>) -> Row {
    Row::Spread(d.iter().map(|(v, p)| (v.name().to_string(), p)).collect())
}

fn dice(n: u32) -> (&'static str, Row) {
    ("dice", Row::Note(n.to_string()))
}

fn odds_rows(case: &Case) -> Result<Rows, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let house = &case.house;
    let e = |e: crate::rules::RulesError| e.to_string();
    Ok(match input {
        CaseInput::ActionRoll {
            unit,
            action,
            phase,
            situation,
            modifiers,
            ..
        } => {
            let plan =
                ActionRoll::plan(unit, *action, *phase, *situation, modifiers, house).map_err(e)?;
            let o = odds::action_roll(&plan);
            let mut rows = vec![
                dice(plan.needs() as u32),
                (
                    "automatic",
                    Row::Chance(if plan.automatic { 1.0 } else { 0.0 }),
                ),
            ];
            if !plan.automatic {
                rows.push(("score", spread(&o.score)));
            }
            rows.push(("success", Row::Chance(o.success)));
            rows.push(("outcome", words(&o.result)));
            rows
        }
        CaseInput::MoraleCheck {
            unit, modifiers, ..
        } => {
            let o = odds::morale_check(&MoraleCheck::plan(unit, modifiers, house));
            vec![
                dice(2),
                ("score", spread(&o.score)),
                ("passed", Row::Chance(o.success)),
            ]
        }
        CaseInput::BreakCheck {
            unit,
            cause,
            situation,
            modifiers,
            ..
        } => {
            let plan = BreakCheck::plan(unit, *cause, *situation, modifiers, house);
            let o = odds::break_check(&plan, house);
            let mut rows = vec![
                dice(plan.needs() as u32),
                (
                    "required",
                    Row::Chance(if plan.required { 1.0 } else { 0.0 }),
                ),
            ];
            if plan.required {
                rows.push(("score", spread(&o.score)));
                rows.push(("passed", Row::Chance(o.success)));
                rows.push(("outcome", words(&o.result)));
            }
            rows
        }
        CaseInput::MissileAttack {
            attacker,
            target,
            modifiers,
            attacks,
        } => {
            let plan = MissileAttack::plan(attacker, target, modifiers, house).map_err(e)?;
            let n = attacks.len().max(1);
            let o = odds::missile_attack(&plan, n);
            vec![
                ("attacks", Row::Note(n.to_string())),
                ("score", spread(&o.score)),
                ("disrupt", Row::Chance(o.disrupt)),
                ("hit", Row::Chance(o.hit)),
                ("disrupted", Row::Chance(o.disrupted)),
                ("hits", spread(&o.hits)),
            ]
        }
        CaseInput::MeleeAttack {
            a,
            b,
            simultaneous,
            can_retreat,
            ..
        } => {
            let plan = MeleeAttack::plan(
                (&a.unit, &a.modifiers),
                (&b.unit, &b.modifiers),
                *simultaneous,
                *can_retreat,
                house,
            );
            let o = odds::melee_attack(&plan, house);
            vec![
                dice(if *simultaneous { 4 } else { 2 }),
                ("counts", words(&o.counts)),
                ("pushed_back", words(&o.pushed_back)),
                ("hits", spread(&o.hits)),
                ("pursuit", words(&o.pursuit)),
            ]
        }
        CaseInput::PursuitAttack {
            attacker,
            defender,
            modifiers,
            chart_hits,
            ..
        } => {
            let plan = PursuitAttack::plan(attacker, defender, modifiers, *chart_hits, house);
            let (score, three) = odds::pursuit_attack(&plan);
            vec![
                dice(2),
                ("score", spread(&score)),
                ("three_hits", Row::Chance(three)),
            ]
        }
        // No dice: the one certain result.
        other => {
            let r = resolve_input(other, house)?;
            vec![
                ("dice", Row::Note("0".into())),
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
