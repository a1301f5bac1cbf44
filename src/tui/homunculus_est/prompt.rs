//! The players' dice of a procedure said before they are typed: how many of
//! which kind, in the order the rules draw them (HE-1), with the dice a
//! result may add (a Stubborn unit's, a rout's, one per Command Point). The
//! counts are the rules' plans; nothing is worked out here.

use crate::battle::homunculus_est::{Event, Setup, State};
use crate::rules::homunculus_est::combat::{Chooser, Combat};
use crate::rules::homunculus_est::manoeuvre::ManoeuvreTest;
use crate::rules::homunculus_est::shooting::Shooting;
use crate::rules::homunculus_est::{Attachment, Characteristic};

/// "1 die", "2 dice".
fn dice(n: usize) -> String {
    format!("{n} {}", if n == 1 { "die" } else { "dice" })
}

/// "1 Defence die", "2 Defence dice".
fn of(n: usize, kind: &str) -> String {
    format!("{n} {kind} {}", if n == 1 { "die" } else { "dice" })
}

/// The dice of `pool` the typed faces ran short of, in words: the cover
/// pool holds a Praetorian Cohort's keep die after its cover die (HE-25).
pub fn short_words(event: &Event, pool: &str) -> String {
    match event {
        Event::FollowUp {
            situation, dice, ..
        } if pool == "cover"
            && situation.cover == Some(Attachment::PraetorianCohort)
            && !dice.cover.is_empty() =>
        {
            "Praetorian Cohort keep".to_string()
        }
        Event::FollowUp { .. } if pool == "cover" => "cover".to_string(),
        _ => pool.to_string(),
    }
}

/// The dice `event` still takes, in words, in the order they are typed.
pub fn dice_words(state: &State, setup: &Setup, event: &Event) -> String {
    let name = |id| state.unit(id).map_or(String::new(), |u| u.name.clone());
    match event {
        Event::WhoStarts { .. } => "player a's die, then player b's (HE-5.2)".to_string(),
        Event::Movement {
            situation, dice: d, ..
        } => {
            if d.is_empty() {
                format!(
                    "1 Movement die{} (HE-13)",
                    if situation.movement_point_reroll {
                        ", then its re-roll"
                    } else {
                        ""
                    }
                )
            } else {
                "the Movement die's re-roll".to_string()
            }
        }
        Event::Combat {
            attacker,
            defender,
            facts,
            situation,
            dice: d,
        } => {
            let (Ok(a), Ok(df)) = (
                state.combat_side(*attacker, &facts[0]),
                state.combat_side(*defender, &facts[1]),
            ) else {
                return "the combat's dice".to_string();
            };
            let Ok(plan) = Combat::plan(&a, &df, *situation) else {
                return "the combat's dice".to_string();
            };
            let mut parts = Vec::new();
            let throws = situation.attack_rerolls as usize + 1;
            if !d.combat.is_empty() && d.combat.len() < plan.dice_rolled * throws {
                // COMMAND POINTS Attack: all the Combat dice again (HE-8, HE-17)
                parts.push(format!(
                    "{} combat {} (the Attack Point re-roll; the {} then chooses)",
                    plan.dice_rolled * throws - d.combat.len(),
                    if plan.dice_rolled == 1 { "die" } else { "dice" },
                    plan.chooser
                ));
            }
            if d.combat.is_empty() {
                parts.push(match plan.chooser {
                    Chooser::None => "1 combat die".to_string(),
                    c => format!(
                        "{} combat dice (the {c} then chooses one)",
                        plan.dice_rolled
                    ),
                });
            }
            let against = |f: u8| plan.defence_dice(f);
            let (most, repulsed) = (against(3), against(1));
            parts.push(match situation.chosen {
                Some(f) => of(against(f), "Defence"),
                None if most == repulsed => of(most, "Defence"),
                None => format!(
                    "{} ({repulsed} if the result is Repulsed)",
                    of(most, "Defence")
                ),
            });
            let stubborn: Vec<String> = [&a.unit, &df.unit]
                .iter()
                .filter(|u| u.has(Characteristic::Stubborn))
                .map(|u| u.name.clone())
                .collect();
            if !stubborn.is_empty() {
                parts.push(format!(
                    "a die for {} if Stubborn and pushed back",
                    stubborn.join(" and ")
                ));
            }
            if facts[0].use_cohort || facts[1].use_cohort {
                parts.push("the Praetorian Cohort's die".to_string());
            }
            parts.join(", then ")
        }
        Event::Shooting {
            shooter,
            target,
            situation,
            dice: d,
        } => {
            let (Ok(s), Ok(t)) = (state.unit(*shooter), state.unit(*target)) else {
                return "the shot's dice".to_string();
            };
            let Ok(plan) = Shooting::plan(s, t, setup.shooting(situation)) else {
                return "the shot's dice".to_string();
            };
            let mut parts = Vec::new();
            if d.shooting.is_empty() {
                parts.push(if plan.dice_rolled == 1 {
                    "1 shooting die".to_string()
                } else {
                    format!(
                        "{} shooting dice (the shooter then chooses one)",
                        plan.dice_rolled
                    )
                });
            }
            parts.push(of(plan.defence_dice, "Defence"));
            if t.is_skirmisher() {
                parts.push("a PUSH BACK die on Withering Shooting".to_string());
            }
            if t.has(Characteristic::Stubborn) {
                parts.push(format!("a die for {} (Stubborn) if pushed back", t.name));
            }
            parts.join(", then ")
        }
        Event::Discipline {
            situation, dice: d, ..
        } => {
            if d.is_empty() {
                "2 dice (HE-26)".to_string()
            } else if situation.rerolls.is_empty() {
                "2 dice".to_string()
            } else {
                "the re-roll's 2 dice (HE-1: they replace the roll)".to_string()
            }
        }
        Event::Reform {
            situation, dice: d, ..
        } => {
            if d.is_empty() || situation.rerolls.is_empty() {
                "2 dice (HE-27)".to_string()
            } else {
                "the re-roll's 2 dice (HE-1: they replace the roll)".to_string()
            }
        }
        // UNIT CHARACTERISTICS (1): a Stampede is "exactly as a Rout", with no outcome roll (HE-26)
        Event::FailedDiscipline { unit, situation, .. }
            if situation.critical
                && state.unit(*unit).is_ok_and(|u| {
                    u.has(Characteristic::Elephants)
                        || u.lines.contains(&crate::rules::homunculus_est::LineKind::Elephant)
                }) =>
        {
            "a Stampede, no outcome roll: 1 die for the rout's move on the FOLLOW UP table (HE-26, HE-28)".to_string()
        }
        Event::FailedDiscipline { unit, .. } | Event::FailedReform { unit, .. } => format!(
            "2 outcome dice, then 1 die for the rout's move if {} routs (HE-28, HE-29)",
            name(*unit)
        ),
        Event::PushBack { situation, .. } => match situation.squares {
            Some(_) => "no die: the shot fixed the squares".to_string(),
            None => "1 PUSH BACK die (HE-24)".to_string(),
        },
        Event::FollowUp { situation, .. } => {
            let mut parts = Vec::new();
            if situation.stay {
                parts.push("2 dice to stay".to_string());
            }
            if let Some(c) = situation.cover {
                // ATTACHMENT CHARACTERISTICS: the Reserve is removed after use; the
                // Cohort "after being used" rolls again, whether or not it stopped it (HE-25)
                parts.push(match c {
                    Attachment::PraetorianCohort => "the Praetorian Cohort's cover die, then its keep die (rolled whether or not the cover stops it: removed on 1-3)".to_string(),
                    _ => "the Small Cavalry Reserve's cover die".to_string(),
                });
            }
            parts.push("1 FOLLOW UP die if it follows up (HE-25)".to_string());
            parts.join(", then ")
        }
        Event::GeneralRisk { unit, .. } => {
            let p = state.armies[unit.side as usize].points;
            let g = p.generalship;
            // HE-30: the pool emptied, or his own points (house option *own generalship*)
            let his = state
                .unit(*unit)
                .ok()
                .and_then(|u| u.general.as_ref())
                .map_or(0, |g| g.points());
            let rest = if setup
                .house
                .is_on(&crate::rules::homunculus_est::OWN_GENERALSHIP)
            {
                p.total() - his.min(g)
            } else {
                p.total() - g
            };
            format!(
                "2 risk dice; if injured, 1 injury die, then 1 die per Command Point left in pool order: {rest} if he is killed or seriously wounded, {} if lightly wounded (HE-30)",
                p.total() - u32::from(g > 0)
            )
        }
        Event::Lines { unit, .. } => {
            let n = state.unit(*unit).map_or(0, |u| u.lines.len());
            format!("{}, one per line in the order listed (HE-31)", dice(n))
        }
        Event::Eagles { .. } => "2 dice (HE-32)".to_string(),
        Event::Rout { dice: Some(_), .. } => {
            "1 die for the rout's move on the FOLLOW UP table (HE-24, HE-28)".to_string()
        }
        Event::Manoeuvre {
            unit, situation, ..
        } => {
            let free = state.unit(*unit).ok().and_then(|u| {
                ManoeuvreTest::plan(u, state.armies[unit.side as usize].points, *situation).ok()
            });
            match free {
                Some(p) if p.free() => "no die: a free About Face (Nomadic Cavalry)".to_string(),
                _ => "1 die, then 1 per re-roll after a failure (HE-15)".to_string(),
            }
        }
        _ => "no dice".to_string(),
    }
}
