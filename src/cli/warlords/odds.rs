//! The exact odds of a Warlords conformance case, before any dice (the
//! file's dice are ignored): one JSON object, or a readable table with bars.

use super::plan::{Planned, plan};
use crate::cli::odds::table::{self, Row, Rows, spread};
use crate::cli::resolve::refusal;
use crate::odds::Distribution;
use crate::odds::warlords as odds;
use crate::store::warlords::case::Case;
use serde_json::Value;

/// The odds of a case as named rows, or why there are none.
fn odds_rows(case: &Case) -> Result<Rows, String> {
    let input = case.input.as_ref().map_err(|p| refusal(p))?;
    let planned = plan(input, &case.house).map_err(|e| e.to_string())?;
    let dice = |n: u32| ("dice", Row::Note(n.to_string()));
    Ok(match planned {
        Planned::Activation(p, _) => {
            let o = odds::activation(&p);
            vec![
                dice(o.dice),
                ("success", Row::Chance(o.success)),
                ("berserk", Row::Chance(o.berserk)),
                ("lost_morale_step", Row::Chance(o.lost_morale_step)),
                ("may_add_champion", Row::Chance(o.may_add_champion)),
                ("score", spread(&o.score)),
            ]
        }
        Planned::Shooting(p, _) => {
            let o = odds::shooting(&p);
            vec![
                dice(o.dice),
                ("halted", Row::Chance(o.halted)),
                ("hits", spread(&o.hits)),
                ("casualties", spread(&o.casualties)),
            ]
        }
        Planned::Melee(p, _) => {
            let o = odds::melee(&p);
            let side = |s: &odds::MeleeSideOdds| {
                Row::Group(vec![
                    dice(s.dice),
                    ("score", spread(&s.score)),
                    ("casualties_inflicted", spread(&s.casualties_inflicted)),
                    ("stands_destroyed", spread(&s.stands_destroyed)),
                ])
            };
            vec![
                ("a", side(&o.a)),
                ("b", side(&o.b)),
                (
                    "loser",
                    Row::Spread(vec![
                        ("a".into(), o.loser_a),
                        ("b".into(), o.loser_b),
                        ("none".into(), o.loser_none),
                    ]),
                ),
                ("loser_falls_back", Row::Chance(o.loser_falls_back)),
                ("loser_unformed", Row::Chance(o.loser_unformed)),
                ("loser_broken", Row::Chance(o.loser_broken)),
            ]
        }
        Planned::RandomMove(p, _) => {
            let o = odds::random_move(&p);
            vec![dice(o.dice), ("distance", spread(&o.distance))]
        }
        Planned::Flee(p, _) => {
            let o = odds::flee(&p);
            vec![
                dice(o.dice),
                ("distance", spread(&o.distance)),
                ("stands_lost", spread(&o.stands_lost)),
                ("dispersed", Row::Chance(o.dispersed)),
            ]
        }
        Planned::Initiative(p, _, _) => {
            let o = odds::initiative(&p);
            let winner = o.winner.iter().map(|(w, p)| (w.name().to_string(), p));
            vec![("winner", Row::Spread(winner.collect()))]
        }
        Planned::BreakOff(p, _) => {
            let o = odds::break_off(&p);
            let mut rows = vec![
                dice(o.activation.dice),
                ("success", Row::Chance(o.activation.success)),
                ("score", spread(&o.activation.score)),
            ];
            if let Some(d) = &o.distance {
                rows.push(("distance_if_broken_off", spread(d)));
            }
            rows
        }
        Planned::Charge(c) => {
            // 2.4.4.1: the charge move is a random move of its charge distance.
            let o = odds::random_move(&crate::rules::warlords::RandomMove { spans: c.spans });
            vec![
                dice(o.dice),
                ("charge_spans", spread(&Distribution::certain(c.spans))),
                ("distance", spread(&o.distance)),
            ]
        }
        Planned::Movement(unit) => vec![
            ("dice", Row::Note("0".into())),
            (
                "move",
                spread(&Distribution::certain(unit.move_distance())),
            ),
            (
                "charge",
                spread(&Distribution::certain(unit.charge_distance())),
            ),
        ],
        Planned::FieldDefence(..) => vec![(
            "note",
            Row::Note(
                "a field defence: the charger's test and the stakes' attack are rolled one after the other; see `herald resolve`"
                    .into(),
            ),
        )],
        Planned::StandLoss(..) => vec![(
            "note",
            Row::Note(
                "a stand loss rolls only a personality's red die; these odds are for white dice only"
                    .into(),
            ),
        )],
    })
}

/// A case's odds as its JSON line: `{"id": ..., fields...}` or `{"id": ..., "error": ...}`.
pub fn case_json(case: &Case) -> Value {
    table::case_json(&case.id, odds_rows(case))
}

/// A readable table of a case's odds, with bars.
pub fn case_text(case: &Case) -> String {
    table::case_text(&format!("{} ({})", case.id, case.kind), odds_rows(case), 6)
}
