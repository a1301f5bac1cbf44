//! The plan and the exact odds of a Homunculus Est! procedure before its
//! roll: the ratings, dice and who chooses as the rules plan them, and the
//! chances from `odds::homunculus_est` (enumeration through the rules' own
//! functions). No arithmetic here: every number is the rules' or the odds'.

use crate::battle::homunculus_est::{Event, Setup, State};
use crate::odds::Distribution;
use crate::odds::homunculus_est as odds;
use crate::rules::homunculus_est::combat::Combat;
use crate::rules::homunculus_est::failed::{discipline_modifiers, reform_modifiers};
use crate::rules::homunculus_est::movement::MovementActivation;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::{Characteristic, LineKind, REPEAT_ACTIVATIONS};
use crate::rules::named::Named;

/// A chance in words: `42%`.
pub fn pct(p: f64) -> String {
    // a sum of fractions may fall a hair outside 0..=1: certainty is said as such
    let v = (p * 100.0).clamp(0.0, 100.0);
    if v < 1e-9 {
        "0%".to_string()
    } else if v > 100.0 - 1e-9 {
        "100%".to_string()
    } else if v < 0.5 {
        "<1%".to_string()
    } else if v < 100.0 && v > 99.5 {
        ">99%".to_string()
    } else {
        format!("{v:.0}%")
    }
}

fn spread<T: Copy + PartialEq>(d: &Distribution<T>, name: impl Fn(T) -> String) -> String {
    d.iter()
        .filter(|(_, p)| *p > 0.0)
        .map(|(v, p)| format!("{} {}", name(v), pct(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn named<T: Named + Copy + PartialEq>(v: T) -> String {
    v.name().replace('_', " ")
}

/// The re-rolls still to come after the dice in, and what the odds are
/// of: the whole test before its first roll, the re-roll once it fails.
fn rolls_left(rerolls: usize, dice: usize) -> (usize, &'static str) {
    if dice < 2 {
        (rerolls, "the test")
    } else {
        ((rerolls + 1).saturating_sub(dice / 2 + 1), "the re-roll")
    }
}

/// The plan and odds of `event` as it stands, or why the rules refuse it.
pub fn lines(state: &State, setup: &Setup, event: &Event) -> Result<Vec<String>, String> {
    let e = |e: crate::rules::RulesError| format!("refused: {e}");
    let unit = |id| state.unit(id).cloned().map_err(|e| e.to_string());
    Ok(match event {
        Event::Movement {
            unit: id,
            situation,
            ..
        } => {
            let mut u = unit(*id)?;
            // house option repeat activations: a unit may be activated again (HE-5)
            if setup.house.is_on(&REPEAT_ACTIVATIONS) {
                u.activated = false;
            }
            let fatigued = state.armies[id.side as usize].fatigued;
            let plan = MovementActivation::plan(&u, fatigued, *situation).map_err(e)?;
            let o = odds::movement(
                &plan,
                u.failed_last_movement,
                situation.charge && !situation.enemy_in_front_after,
            );
            vec![
                format!("1 die (MOVEMENT ACTIVATION, HE-13{})", if situation.charge { ", HE-14" } else { "" }),
                format!("Movement Points: {}", spread(&o.movement_points, |v| v.to_string())),
                format!("fails: {} (natural 1{})", pct(o.failed), if fatigued { " or 2, Fatigued" } else { "" }),
                format!("Reversal of Fortune: {} (HE-6)", pct(o.reversal)),
            ]
        }
        Event::Combat {
            attacker,
            defender,
            facts,
            situation,
            ..
        } => {
            let a = state.combat_side(*attacker, &facts[0]).map_err(|e| e.to_string())?;
            let d = state.combat_side(*defender, &facts[1]).map_err(|e| e.to_string())?;
            let plan = Combat::plan(&a, &d, *situation).map_err(e)?;
            let o = odds::combat(&plan);
            vec![
                format!(
                    "Combat Ratings {} against {} (HE-16)",
                    plan.attacker_rating, plan.defender_rating
                ),
                format!(
                    "{} combat {}; {} (HE-17)",
                    plan.dice_rolled,
                    if plan.dice_rolled == 1 { "die" } else { "dice" },
                    match plan.chooser {
                        crate::rules::homunculus_est::combat::Chooser::None => "no choice".to_string(),
                        c => format!("the {c} chooses"),
                    }
                ),
                format!("result, the best pick: {}", spread(&o.result, named)),
                format!("a Defence die cancels: {}", pct(o.cancelled)),
                format!("Reversal of Fortune: {} (HE-6)", pct(o.reversal)),
            ]
        }
        Event::Shooting {
            shooter,
            target,
            situation,
            ..
        } => {
            let s = unit(*shooter)?;
            let t = unit(*target)?;
            let plan = Shooting::plan(&s, &t, setup.shooting(situation)).map_err(e)?;
            let o = odds::shooting(&plan);
            vec![
                format!(
                    "Ratings {} against {}: {} {}, penalty {}, {} Defence {} (HE-22)",
                    plan.shooter_rating,
                    plan.target_rating,
                    plan.dice_rolled,
                    if plan.dice_rolled == 1 { "die" } else { "dice" },
                    plan.penalty,
                    plan.defence_dice,
                    if plan.defence_dice == 1 { "die" } else { "dice" }
                ),
                format!("result: {}", spread(&o.result, named)),
                format!("cancelled: {}", pct(o.cancelled)),
                format!("Reversal of Fortune: {} (HE-6)", pct(o.reversal)),
            ]
        }
        Event::PushBack {
            unit: id,
            situation,
            ..
        } => {
            let u = unit(*id)?;
            match situation.squares {
                Some(n) => vec![format!("{n} square(s), fixed by the shot (HE-23)")],
                None => vec![
                    "1 die (PUSH BACK, HE-24)".to_string(),
                    format!("squares: {}", spread(&odds::distance_odds(&u), |v| v.to_string())),
                ],
            }
        }
        Event::FollowUp {
            unit: id,
            loser,
            situation,
            ..
        } => {
            let u = unit(*id)?;
            let l = unit(*loser)?;
            let mut v = Vec::new();
            if situation.stay && !u.has(Characteristic::Warband) {
                v.push(format!(
                    "stays (2D6 at or above DR {}): {} (HE-25)",
                    u.discipline_rating,
                    pct(odds::two_d6_at_least(u.discipline_rating as i32))
                ));
            }
            // every roll of the follow up, the cover's die among them (HE-25)
            match odds::follow_up(&u, &l, *situation) {
                Some(o) => {
                    if situation.cover.is_some() {
                        v.push(format!("the cover stops it: {} (2-6)", pct(o.stopped)));
                    }
                    v.push(format!("follows up: {}", pct(o.follows)));
                    v.push(format!(
                        "squares: {} (FOLLOW UP)",
                        spread(&o.squares, |v| v.to_string())
                    ));
                }
                None => v.push(format!(
                    "squares if it follows: {} (FOLLOW UP)",
                    spread(&odds::distance_odds(&u), |v| v.to_string())
                )),
            }
            v
        }
        Event::Discipline {
            unit: id,
            situation,
            dice,
        } => {
            let u = unit(*id)?;
            // the rolls still to make: a re-roll's odds are its own (HE-1)
            let (left, what) = rolls_left(situation.rerolls.len(), dice.len());
            let o = odds::discipline(&u, situation.devotio, left);
            vec![
                if situation.devotio {
                    // ATTACHMENT CHARACTERISTICS Devotio: DR +2 in this activation (HE-20)
                    format!(
                        "2D6 at or above DR {} ({} + 2, the enemy's Devotio; DISCIPLINE TEST, HE-20, HE-26)",
                        u.discipline_rating + 2,
                        u.discipline_rating
                    )
                } else {
                    format!("2D6 at or above DR {} (DISCIPLINE TEST, HE-26)", u.discipline_rating)
                },
                format!("{what} passes: {}", pct(o.passed)),
                format!("Critical Failure: {}", pct(o.critical)),
                format!("natural 12 (an unseen Setback removed): {}", pct(o.natural_twelve)),
            ]
        }
        Event::Reform {
            unit: id,
            situation,
            dice,
        } => {
            let u = unit(*id)?;
            let (left, what) = rolls_left(situation.rerolls.len(), dice.len());
            let o = odds::reform(&u, situation.enemy_zocs, left);
            vec![
                format!("2D6 at or above DR {} (REFORM TEST, HE-27)", u.discipline_rating),
                format!("{what} passes: {}", pct(o.passed)),
                format!("Critical Failure: {}", pct(o.critical)),
                format!("Reversal of Fortune: {} (HE-29)", pct(1.0 - o.passed)),
            ]
        }
        Event::FailedDiscipline {
            unit: id,
            situation,
            ..
        } => {
            let u = unit(*id)?;
            let fatigued = state.armies[id.side as usize].fatigued;
            let elephant =
                u.has(Characteristic::Elephants) || u.lines.contains(&LineKind::Elephant);
            if situation.critical && elephant {
                // UNIT CHARACTERISTICS (1): "exactly as a Rout", whose move is
                // rolled on the FOLLOW UP table (FAILED DISCIPLINE OUTCOME, HE-26, HE-28)
                vec![
                    "a Stampede: a Rout, no outcome roll (HE-26)".to_string(),
                    "its rout's move: 1 die on the FOLLOW UP table (HE-28)".to_string(),
                    format!("squares: {}", spread(&odds::distance_odds(&u), |v| v.to_string())),
                ]
            } else {
                let m = crate::rules::explain::total(&discipline_modifiers(&u, fatigued, situation));
                vec![
                    format!("2D6 {m:+} (FAILED DISCIPLINE OUTCOME, HE-28)"),
                    format!("outcome: {}", spread(&odds::failed_outcomes(&u, m, false), named)),
                ]
            }
        }
        Event::FailedReform {
            unit: id,
            situation,
            ..
        } => {
            let u = unit(*id)?;
            let fatigued = state.armies[id.side as usize].fatigued;
            let m = crate::rules::explain::total(&reform_modifiers(fatigued, situation));
            vec![
                format!("2D6 {m:+} (FAILED REFORM OUTCOME, HE-29)"),
                format!("outcome: {}", spread(&odds::failed_outcomes(&u, m, true), named)),
            ]
        }
        Event::GeneralRisk { event: what, .. } => {
            let d = odds::general(*what);
            vec![
                format!("2D6, injured up to {} (RISK TO GENERALS, HE-30)", what.injured_up_to()),
                format!(
                    "{}",
                    spread(&d, |i| i.map_or("unhurt".to_string(), |i| {
                        use crate::rules::homunculus_est::tables::Injury;
                        match i {
                            Injury::Killed => "killed",
                            Injury::SeriouslyWounded => "seriously wounded",
                            Injury::LightlyWounded => "lightly wounded",
                        }
                        .to_string()
                    }))
                ),
            ]
        }
        Event::Lines { unit: id, .. } => {
            let u = unit(*id)?;
            u.lines
                .iter()
                .map(|l| format!("{} line removed: {} (HE-31)", named(*l), pct(odds::line_removed(*l))))
                .collect()
        }
        // from the Legion's record: each result once per battle (HE-32)
        Event::Eagles {
            unit: id,
            event: what,
            ..
        } => vec![
            "2D6 (LOST EAGLES, HE-32)".to_string(),
            spread(&odds::legion_eagles_odds(&unit(*id)?, *what), named),
        ],
        Event::Call { .. } => vec![
            "no dice: the called player reveals his cards and Herald adds their values against his Army Break Point (HE-12)".to_string(),
            "at or above it: his army is broken, the battle lost".to_string(),
            "below it, at half or more: all his units Fatigued, he may discard one revealed card, and the caller suffers a Reversal of Fortune".to_string(),
            "below half: he may discard one revealed card, and the caller suffers a Reversal of Fortune (HE-11, HE-12)".to_string(),
        ],
        Event::ImmediateCheck { side } => vec![
            format!("no dice: player {}'s cards are revealed and their values added against his Army Break Point", side.name()),
            "at or above it: broken; at half or more: Fatigued; no cancel, no discard, no Reversal of Fortune: the rules' check, not a call (RISK TO GENERALS, HE-12)".to_string(),
        ],
        Event::WhoStarts { .. } => vec![
            "each player rolls 1D6; equal scores roll again (HE-5.2)".to_string(),
            format!("a higher: {}, b higher: {}, equal: {}", pct(15.0 / 36.0), pct(15.0 / 36.0), pct(6.0 / 36.0)),
            "the higher chooses who is the first player".to_string(),
        ],
        Event::Manoeuvre {
            unit: id,
            situation,
            ..
        } => {
            let u = unit(*id)?;
            let plan = crate::rules::homunculus_est::manoeuvre::ManoeuvreTest::plan(
                &u,
                state.armies[id.side as usize].points,
                *situation,
            )
            .map_err(e)?;
            vec![
                format!(
                    "costs {} Movement Points; 1D6 at or above MR {} (MANOEUVRE TEST, HE-15)",
                    plan.cost, u.manoeuvre_rating
                ),
                format!(
                    "passes: {} (with a free re-roll where the unit has one)",
                    pct(odds::manoeuvre(&plan, u.manoeuvre_rating))
                ),
            ]
        }
        Event::Points {
            change: crate::rules::homunculus_est::command_points::PointsChange::Exchange { give, .. },
            ..
        } if give.total() != 3 => vec![
            "no dice (COMMAND POINTS, HE-8)".to_string(),
            format!(
                "say the three points given ({} so far) and the point received, of a pool none came from",
                give.total()
            ),
        ],
        Event::Points { side, change } => {
            match crate::rules::homunculus_est::command_points::change(
                state.armies[*side as usize].points,
                change,
            ) {
                Ok((p, _)) => vec![
                    "no dice (COMMAND POINTS, HE-8)".to_string(),
                    format!(
                        "now {}; after {}",
                        state.armies[*side as usize].points.words(),
                        p.words()
                    ),
                ],
                Err(x) => return Err(format!("refused: {x}")),
            }
        }
        Event::Discard { .. } => vec!["no dice: a revealed card leaves his hand (HE-12)".to_string()],
        Event::DrawCard { .. } => vec!["no dice: the card's value, face down (HE-10)".to_string()],
        Event::Rout { unit: id, .. } => {
            // the distance rolled on the FOLLOW UP table, from Herald's record (HE-28)
            let squares = state
                .due
                .iter()
                .find(|d| d.step == crate::rules::homunculus_est::Next::RoutMove && d.unit == *id)
                .and_then(|d| d.squares);
            vec![
                match squares {
                    Some(n) => format!("no dice: move it {n} square(s) away from the enemy at the table"),
                    // HE-24, HE-28: no FAILED DISCIPLINE roll gave its distance: its own die
                    None => format!(
                        "1 die on the FOLLOW UP table (HE-24, HE-28), then move it that far away from the enemy at the table; squares: {}",
                        spread(&odds::distance_odds(&unit(*id)?), |v| v.to_string())
                    ),
                },
                if state.stampede(*id) {
                    "a Stampede: mark every unit in its ZOC, friend or enemy; each tests (HE-26)"
                } else {
                    "mark each friend whose ZOC it enters; each tests (HE-28)"
                }
                .to_string(),
            ]
        }
        _ => Vec::new(),
    })
}
