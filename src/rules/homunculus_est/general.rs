//! RISK TO GENERALS (HE-30).

use super::tables::{Injury, RiskEvent, injury};
use super::{Cards, Draw, General, GeneralStatus, Next, Points, Pool, check_faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// The dice of a general's risk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RiskDice {
    /// 2D6 for the risk.
    pub risk: Vec<u8>,
    /// 1D6 for the injury, only if injured.
    pub injury: Vec<u8>,
    /// One per Command Point left, in pool order.
    pub points: Vec<u8>,
}

/// A general's risk's outcome.
#[derive(Clone, Debug)]
pub struct RiskOutcome {
    /// The 2D6 total.
    pub risk_total: u32,
    /// Injured.
    pub injured: bool,
    /// His state afterwards.
    pub outcome: GeneralStatus,
    /// Command Points removed by the dice.
    pub points_removed: u32,
    /// Cards collected.
    pub cards: Cards,
    /// The general afterwards.
    pub general: General,
    /// The player's Command Points afterwards.
    pub points: Points,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Resolves the risk to a general after the most serious `event` of his unit.
pub fn general_risk(
    general: &General,
    event: RiskEvent,
    points: Points,
    dice: &RiskDice,
) -> Result<RiskOutcome, RulesError> {
    general_risk_of(general, event, points, false, dice)
}

/// As [`general_risk`]; with `own_only` (house option *own generalship*,
/// HE-30) a general killed or seriously wounded takes only his own
/// Generalship Points from the pool, not every general's.
pub fn general_risk_of(
    general: &General,
    event: RiskEvent,
    points: Points,
    own_only: bool,
    dice: &RiskDice,
) -> Result<RiskOutcome, RulesError> {
    // RISK TO GENERALS 2 "Remove all Generalship Points": the pool (HE-30), or his own
    let emptied = if own_only {
        points.generalship.saturating_sub(general.points())
    } else {
        0
    };
    let all = if own_only {
        "his Generalship Points removed"
    } else {
        "every Generalship Point removed"
    };
    for (p, f) in [
        ("risk", &dice.risk),
        ("injury", &dice.injury),
        ("points", &dice.points),
    ] {
        check_faces(p, f)?;
    }
    if matches!(
        general.status,
        GeneralStatus::Killed | GeneralStatus::SeriouslyWounded
    ) {
        return Err(RulesError::refused(format!(
            "{} is no longer in play (RISK TO GENERALS)",
            general.name
        )));
    }
    let mut ex = Explanation::default();
    let mut risk = Draw::new("risk", &dice.risk);
    let mut inj = Draw::new("injury", &dice.injury);
    let mut pts = Draw::new("points", &dice.points);
    let r = risk.take(2, "the risk roll (RISK TO GENERALS 1)")?;
    risk.done()?;
    let total = u32::from(r[0]) + u32::from(r[1]);
    let injured = total <= event.injured_up_to();
    ex.line(
        format!(
            "{} rolls {total} ({event}: injured on 2-{}): {}",
            general.name,
            event.injured_up_to(),
            if injured { "injured" } else { "unhurt" }
        ),
        cite("RISK TO GENERALS 1", "HE-30"),
    );
    let mut after = general.clone();
    let mut after_points = points;
    let mut cards = Cards::default();
    let mut next = Vec::new();
    let mut removed = 0;
    let mut outcome = GeneralStatus::Unhurt;
    if injured {
        let d = inj.one("the injury roll (RISK TO GENERALS 2)")?;
        let fate = injury(d);
        match fate {
            Injury::Killed => {
                outcome = GeneralStatus::Killed;
                after_points.generalship = emptied;
                cards.add(Cards::DISASTER);
                next.push(Next::HomunculusEst);
                ex.line(format!("{d}: killed: removed, {all}, a Disaster Card, an immediate \"Homunculus Est!\""), cite("RISK TO GENERALS 2", "HE-12, HE-30"));
            }
            Injury::SeriouslyWounded => {
                outcome = GeneralStatus::SeriouslyWounded;
                after_points.generalship = emptied;
                cards.add(Cards {
                    setback: 1 + general.generalship,
                    disaster: 0,
                });
                ex.line(format!("{d}: seriously wounded: removed, {all}, one Setback Card plus one per starting Generalship Point ({})", general.generalship), cite("RISK TO GENERALS 2", "HE-9, HE-30"));
            }
            Injury::LightlyWounded => {
                outcome = GeneralStatus::LightlyWounded;
                cards.add(Cards::SETBACK);
                if after_points.generalship == 0 {
                    // RISK TO GENERALS 2: no Generalship Point is left to remove (HE-30)
                    ex.line(
                        format!(
                            "{d}: lightly wounded: one Setback Card; no Generalship Point to remove (the pool holds none)"
                        ),
                        cite("RISK TO GENERALS 2", "HE-30"),
                    );
                } else {
                    after_points.generalship -= 1;
                    // his own points too: the unit table shows what he has left
                    after.points_lost = (after.points_lost + 1).min(general.generalship);
                    ex.line(
                        format!(
                            "{d}: lightly wounded: one Generalship Point removed, one Setback Card"
                        ),
                        cite("RISK TO GENERALS 2", "HE-30"),
                    );
                }
            }
        }
        after.status = outcome;
        // HE-30: one die per Command Point left, in pool order
        let up_to = fate.point_lost_up_to();
        // every point's die is rolled at once, so a short roll says how many are owed
        let owed: u32 = Pool::ORDER.iter().map(|p| after_points.get(*p)).sum();
        let mut faces = pts
            .take(
                owed as usize,
                "a die per Command Point (RISK TO GENERALS 2)",
            )?
            .iter();
        for pool in Pool::ORDER {
            let held = after_points.get(pool);
            let mut kept = held;
            for &d in faces.by_ref().take(held as usize) {
                if d <= up_to {
                    kept -= 1;
                    removed += 1;
                    ex.line(
                        format!("{pool} point: {d}, removed (1-{up_to})"),
                        cite("RISK TO GENERALS 2", "HE-30"),
                    );
                }
            }
            *after_points.get_mut(pool) = kept;
        }
    }
    inj.done()?;
    pts.done()?;
    Ok(RiskOutcome {
        risk_total: total,
        injured,
        outcome,
        points_removed: removed,
        cards,
        general: after,
        points: after_points,
        next,
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g() -> General {
        General {
            name: "Scipio".into(),
            generalship: 2,
            status: GeneralStatus::Unhurt,
            points_lost: 0,
            spent: 0,
        }
    }

    #[test]
    fn unhurt_rolls_nothing_more() {
        let o = general_risk(
            &g(),
            RiskEvent::Routing,
            Points::default(),
            &RiskDice {
                risk: vec![3, 3],
                ..Default::default()
            },
        )
        .unwrap();
        assert!(!o.injured && o.outcome == GeneralStatus::Unhurt);
        assert!(
            general_risk(
                &g(),
                RiskEvent::Routing,
                Points::default(),
                &RiskDice {
                    risk: vec![3, 3],
                    injury: vec![1],
                    ..Default::default()
                }
            )
            .is_err()
        );
    }

    #[test]
    fn killed_empties_generalship_and_calls() {
        let p = Points {
            attack: 1,
            generalship: 2,
            ..Default::default()
        };
        let o = general_risk(
            &g(),
            RiskEvent::Routing,
            p,
            &RiskDice {
                risk: vec![2, 3],
                injury: vec![2],
                points: vec![3],
            },
        )
        .unwrap();
        assert_eq!(o.points, Points::default());
        assert_eq!(
            (o.cards, o.next.clone()),
            (Cards::DISASTER, vec![Next::HomunculusEst])
        );
    }

    #[test]
    fn seriously_wounded_counts_starting_generalship() {
        let o = general_risk(
            &g(),
            RiskEvent::Disordered,
            Points::default(),
            &RiskDice {
                risk: vec![1, 2],
                injury: vec![4],
                points: vec![],
            },
        )
        .unwrap();
        assert_eq!(o.cards.setback, 3);
    }
}
