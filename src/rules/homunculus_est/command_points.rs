//! COMMAND POINTS: exchanges, re-allocation and Generalship conversion (HE-8).

use super::{Points, Pool};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// A change to a player's Command Points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointsChange {
    /// Three points, from any pools, for one of a pool none came from.
    Exchange {
        /// The points given, pool by pool.
        give: Points,
        /// The pool of the point received.
        get: Pool,
    },
    /// One Strategy Point spent, the rest of Attack, Movement, Defence and
    /// Strategy redistributed as given (no pool above 4, total unchanged).
    Reallocate(Points),
    /// One Generalship Point into one Attack, Defence, Movement or Strategy Point
    /// (recorded before the general was named: the pools' point).
    Convert(Pool),
    /// One Generalship Point of the general attached to the side's unit
    /// `general` (its place in the army, from 0) into one Attack, Defence or
    /// Movement Point for that unit alone, or a Strategy Point (HE-8).
    ConvertFor {
        /// The point it becomes.
        to: Pool,
        /// The general's unit, by its place in the army.
        general: usize,
    },
    /// One Strategy Point cancels one Setback Card of the holder's choice,
    /// the card he gives up named by its value (COMMAND POINTS, HE-8, HE-10);
    /// the battle takes the card from his hand.
    CancelSetback {
        /// The value of the Setback Card he gives up.
        value: u32,
    },
}

/// Applies a change; what the sheet does not allow is refused.
pub fn change(points: Points, c: &PointsChange) -> Result<(Points, Explanation), RulesError> {
    let mut ex = Explanation::default();
    let mut p = points;
    let take = |p: &mut Points, pool: Pool, n: u32| -> Result<(), RulesError> {
        let have = p.get(pool);
        if have < n {
            return Err(RulesError::refused(format!(
                "the {pool} pool holds {have}, not {n} (COMMAND POINTS, HE-8)"
            )));
        }
        *p.get_mut(pool) = have - n;
        Ok(())
    };
    match c {
        PointsChange::Exchange { give, get } => {
            if give.total() != 3 {
                return Err(RulesError::refused(format!(
                    "an exchange gives three points, not {} (COMMAND POINTS, HE-8)",
                    give.total()
                )));
            }
            if give.get(*get) > 0 {
                return Err(RulesError::refused(format!(
                    "three points are exchanged for a different point: none of them may be {get} (COMMAND POINTS, HE-8)"
                )));
            }
            for pool in Pool::ORDER {
                take(&mut p, pool, give.get(pool))?;
            }
            *p.get_mut(*get) += 1;
            ex.line(
                format!("three points ({}) become one {get} Point", give.words()),
                cite("COMMAND POINTS", "HE-8"),
            );
        }
        PointsChange::Reallocate(to) => {
            take(&mut p, Pool::Strategy, 1)?;
            if to.generalship != 0 {
                return Err(RulesError::refused(
                    "Generalship Points are the general's: they are not re-allocated (COMMAND POINTS, HE-8)",
                ));
            }
            let four = |q: &Points| q.attack + q.movement + q.defence + q.strategy;
            if four(to) != four(&p) {
                return Err(RulesError::refused(format!(
                    "a re-allocation keeps the total: {} points remain after the Strategy Point, {} were given (COMMAND POINTS, HE-8)",
                    four(&p),
                    four(to)
                )));
            }
            if let Some(pool) = [Pool::Attack, Pool::Movement, Pool::Defence, Pool::Strategy]
                .into_iter()
                .find(|q| to.get(*q) > 4)
            {
                return Err(RulesError::refused(format!(
                    "no pool more than 4: {pool} would hold {} (COMMAND POINTS, HE-8)",
                    to.get(pool)
                )));
            }
            p = Points {
                generalship: p.generalship,
                ..*to
            };
            ex.line(
                format!("a Strategy Point re-allocates the points: {}", p.words()),
                cite("COMMAND POINTS", "HE-8"),
            );
        }
        PointsChange::Convert(to) | PointsChange::ConvertFor { to, .. } => {
            if *to == Pool::Generalship {
                return Err(RulesError::refused(
                    "a Generalship Point converts into an Attack, Defence, Movement or Strategy Point (COMMAND POINTS, HE-8)",
                ));
            }
            take(&mut p, Pool::Generalship, 1)?;
            *p.get_mut(*to) += 1;
            ex.line(
                format!("a Generalship Point becomes one {to} Point"),
                cite("COMMAND POINTS", "HE-8"),
            );
        }
        PointsChange::CancelSetback { .. } => {
            take(&mut p, Pool::Strategy, 1)?;
            ex.line(
                "a Strategy Point cancels one Setback Card of the holder's choice",
                cite("COMMAND POINTS", "HE-8, HE-10"),
            );
        }
    }
    Ok((p, ex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exchange_needs_three_for_a_different_pool() {
        let p = Points {
            attack: 3,
            movement: 1,
            defence: 2,
            strategy: 0,
            generalship: 1,
        };
        let give = Points {
            attack: 2,
            defence: 1,
            ..Default::default()
        };
        let (q, _) = change(
            p,
            &PointsChange::Exchange {
                give,
                get: Pool::Strategy,
            },
        )
        .unwrap();
        assert_eq!(
            q,
            Points {
                attack: 1,
                movement: 1,
                defence: 1,
                strategy: 1,
                generalship: 1
            }
        );
        assert!(
            change(
                p,
                &PointsChange::Exchange {
                    give: Points {
                        attack: 3,
                        ..Default::default()
                    },
                    get: Pool::Attack
                }
            )
            .is_err()
        );
        assert!(
            change(
                p,
                &PointsChange::Exchange {
                    give: Points {
                        attack: 2,
                        ..Default::default()
                    },
                    get: Pool::Strategy
                }
            )
            .is_err()
        );
    }

    #[test]
    fn reallocation_keeps_the_total_and_the_cap() {
        let p = Points {
            attack: 2,
            movement: 2,
            defence: 1,
            strategy: 1,
            generalship: 2,
        };
        let to = Points {
            attack: 4,
            movement: 1,
            ..Default::default()
        };
        let (q, _) = change(p, &PointsChange::Reallocate(to)).unwrap();
        assert_eq!(
            q,
            Points {
                attack: 4,
                movement: 1,
                defence: 0,
                strategy: 0,
                generalship: 2
            }
        );
        assert!(
            change(
                p,
                &PointsChange::Reallocate(Points {
                    attack: 5,
                    ..Default::default()
                })
            )
            .is_err()
        );
        assert!(
            change(
                p,
                &PointsChange::Reallocate(Points {
                    attack: 4,
                    ..Default::default()
                })
            )
            .is_err()
        );
    }

    #[test]
    fn conversion() {
        let p = Points {
            generalship: 1,
            ..Default::default()
        };
        let (q, _) = change(p, &PointsChange::Convert(Pool::Attack)).unwrap();
        assert_eq!(q.attack, 1);
        assert!(change(q, &PointsChange::Convert(Pool::Attack)).is_err());
    }
}
