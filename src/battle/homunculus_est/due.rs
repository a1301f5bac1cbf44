//! What the rules now require, in HE-7's order: the steps an activation's
//! result forces (push backs, follow ups, tests with their outcomes,
//! generals' risk, lines), each for its unit, kept by the fold so the
//! console's walker can offer the next one with the facts Herald already
//! knows (the failure's margin, the test's cause, a shot's one square).
//! A step's own consequences come before the steps after it (HE-7: each
//! resolved completely); a new activation or the phase's end clears them
//! (the referee has moved on).

use super::event::{Event, SideFacts};
use crate::battle::UnitId;
use crate::rules::homunculus_est::Next;
use crate::rules::homunculus_est::combat::{Activation, CombatDice, CombatSituation};
use crate::rules::homunculus_est::discipline::{DisciplineSituation, Purpose};
use crate::rules::homunculus_est::failed::{Cause, FailedDice, FailedSituation, FearSource};
use crate::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::push_back::PushBackSituation;
use crate::rules::homunculus_est::tables::{EagleEvent, RiskEvent};

/// A step due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// The step, in the rules' words (`Next::words`).
    pub step: Next,
    /// The unit it is for.
    pub unit: UnitId,
    /// The other unit of the combat (the loser a victor follows up; the
    /// defender a charge attacks, when known).
    pub other: Option<UnitId>,
    /// What caused a test (HE-28's modifiers).
    pub cause: Cause,
    /// A failed test's margin and whether it was a Critical Failure.
    pub failed: Option<(u32, bool)>,
    /// A fixed push back (shooting's one square, or the PUSH BACK roll a
    /// Withering shot made), HE-23.
    pub squares: Option<u32>,
    /// The most serious thing that happened to a general's unit (HE-30).
    pub risk: Option<RiskEvent>,
    /// A Cause Fear unit caused the failed test (HE-28, HE-34).
    pub fear: Option<FearSource>,
    /// The enemy's Devotio raised this unit's DR by 2 for the activation
    /// (ATTACHMENT CHARACTERISTICS, HE-3, HE-20).
    pub devotio: bool,
    /// A Stampede's move: every unit in its ZOC tests, friend or enemy
    /// (UNIT CHARACTERISTICS (1) Elephants, HE-26).
    pub stampede: bool,
}

impl Due {
    /// A step for a unit, nothing more known.
    pub fn new(step: Next, unit: UnitId) -> Due {
        Due {
            step,
            unit,
            other: None,
            cause: Cause::Other,
            failed: None,
            squares: None,
            risk: None,
            fear: None,
            devotio: false,
            stampede: false,
        }
    }

    /// The step with the other unit.
    pub fn against(mut self, other: UnitId) -> Due {
        self.other = Some(other);
        self
    }

    /// The step with its cause.
    pub fn caused_by(mut self, cause: Cause) -> Due {
        self.cause = cause;
        self
    }
}

/// The event that does a step due, with what Herald knows of it (HE-7):
/// the unit charged, the squares charged, a failure's margin and cause, a
/// shot's fixed push back, the general's most serious event; every fact of
/// the table at its plain start. `enemy` is the defender of a charge whose
/// target was not said. None: the step is the referee's alone.
pub fn step_event(d: &Due, enemy: UnitId) -> Option<Event> {
    let unit = d.unit;
    let failed = FailedSituation {
        failed_by: d.failed.map_or(0, |f| f.0),
        critical: d.failed.is_some_and(|f| f.1),
        cause: d.cause,
        cause_fear: d.fear,
        ..Default::default()
    };
    Some(match d.step {
        Next::Combat => Event::Combat {
            attacker: unit,
            defender: d.other.unwrap_or(enemy),
            facts: [SideFacts::default(); 2],
            situation: CombatSituation {
                activation: Activation::Charge,
                // Scythed Chariots rate by the squares charged: the charge's roll (HE-16)
                charge_squares: d.squares.map_or(1, |n| n.clamp(1, 4)),
                ..Default::default()
            },
            dice: CombatDice::default(),
        },
        Next::PushBackAttacker | Next::PushBackDefender | Next::PushBackTarget => Event::PushBack {
            unit,
            situation: PushBackSituation {
                squares: d.squares,
                ..Default::default()
            },
            dice: Vec::new(),
        },
        Next::FollowUpAttacker | Next::FollowUpDefender => Event::FollowUp {
            unit,
            loser: d.other?,
            situation: FollowUpSituation::default(),
            dice: FollowUpDice::default(),
        },
        Next::DisciplineTestAttacker
        | Next::DisciplineTestDefender
        | Next::DisciplineTestTarget
        | Next::ZocTest
        | Next::CauseFearTest => Event::Discipline {
            unit,
            situation: DisciplineSituation {
                purpose: purpose(d),
                // the enemy's Devotio, from the record (HE-20)
                devotio: d.devotio,
                ..Default::default()
            },
            dice: Vec::new(),
        },
        Next::FailedDiscipline | Next::Stampede => Event::FailedDiscipline {
            unit,
            situation: failed,
            dice: FailedDice::default(),
        },
        Next::FailedReform => Event::FailedReform {
            unit,
            situation: FailedSituation {
                cause: Cause::Other,
                ..failed
            },
            dice: FailedDice::default(),
        },
        Next::GeneralRisk | Next::GeneralRiskAttacker | Next::GeneralRiskDefender => {
            Event::GeneralRisk {
                unit,
                event: d.risk.unwrap_or(RiskEvent::PushedBack),
                dice: RiskDice::default(),
            }
        }
        Next::LineOutcomeAttacker | Next::LineOutcomeDefender => Event::Lines {
            unit,
            dice: Vec::new(),
        },
        Next::LostEagles => Event::Eagles {
            unit,
            // LOST EAGLES: the row of the Legion's event (HE-32)
            event: match (d.risk, d.cause) {
                (Some(RiskEvent::Retiring), Cause::Combat) => EagleEvent::RetiringCombat,
                (Some(RiskEvent::Retiring), _) => EagleEvent::RetiringOther,
                (_, Cause::Combat) => EagleEvent::RoutedCombat,
                _ => EagleEvent::RoutedOther,
            },
            dice: Vec::new(),
        },
        // the rout's move is the referee's; he names the friends whose ZOC it entered (HE-28)
        // HE-24, HE-28: a rout with no distance rolled yet rolls its own die
        Next::RoutMove => Event::Rout {
            unit,
            tests: Vec::new(),
            dice: d.squares.is_none().then(Vec::new),
        },
        // RISK TO GENERALS: the rules' check of the killed general's army (HE-12)
        Next::HomunculusEst => Event::ImmediateCheck { side: unit.side },
    })
}

/// What caused a Discipline Test due, as Herald recorded it (HE-7, HE-28).
pub fn purpose(d: &Due) -> Purpose {
    match d.cause {
        // a charger entering a Cause Fear unit's ZOC (UNIT CHARACTERISTICS, HE-34)
        _ if d.step == Next::CauseFearTest => Purpose::CauseFear,
        Cause::Combat => Purpose::Combat,
        Cause::Shooting => Purpose::Shooting,
        Cause::Other => Purpose::Other,
    }
}

/// The family of a step, for matching the event that does it.
pub fn family(step: Next) -> u8 {
    match step {
        Next::Combat => 0,
        Next::PushBackAttacker | Next::PushBackDefender | Next::PushBackTarget => 1,
        Next::FollowUpAttacker | Next::FollowUpDefender => 2,
        Next::DisciplineTestAttacker
        | Next::DisciplineTestDefender
        | Next::DisciplineTestTarget
        | Next::ZocTest
        | Next::CauseFearTest => 3,
        // a Stampede is the FAILED DISCIPLINE step without its roll (HE-26)
        Next::FailedDiscipline | Next::Stampede => 4,
        Next::FailedReform => 5,
        Next::RoutMove => 6,
        Next::LostEagles => 7,
        Next::GeneralRisk | Next::GeneralRiskAttacker | Next::GeneralRiskDefender => 8,
        Next::LineOutcomeAttacker | Next::LineOutcomeDefender => 9,
        Next::HomunculusEst => 10,
    }
}

/// Takes the step of `family` for `unit` off the list, putting `then` (its
/// own consequences) where it stood; without such a step, `then` goes
/// first. A general's risk already due for a unit is not listed twice:
/// it is taken once an activation, for the most serious event (HE-30).
pub fn settle(due: &mut Vec<Due>, fam: u8, unit: UnitId, then: Vec<Due>) {
    let at = match due
        .iter()
        .position(|d| family(d.step) == fam && d.unit == unit)
    {
        Some(i) => {
            due.remove(i);
            i
        }
        None => 0,
    };
    let mut at = at;
    for d in then {
        if family(d.step) == 8
            && let Some(g) = due
                .iter_mut()
                .find(|g| family(g.step) == 8 && g.unit == d.unit)
        {
            // RISK TO GENERALS: once for the activation, the most serious event (HE-30)
            g.risk = g.risk.max(d.risk);
            continue;
        }
        due.insert(at.min(due.len()), d);
        at += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    #[test]
    fn a_step_is_replaced_by_its_consequences_and_a_risk_is_once() {
        let a = UnitId::new(Side::A, 0);
        let d = UnitId::new(Side::B, 0);
        let mut due = vec![
            Due::new(Next::DisciplineTestDefender, d),
            Due {
                risk: Some(RiskEvent::PushedBack),
                ..Due::new(Next::GeneralRiskDefender, d)
            },
        ];
        settle(
            &mut due,
            3,
            d,
            vec![Due::new(Next::FailedDiscipline, d).against(a)],
        );
        assert_eq!(due[0].step, Next::FailedDiscipline);
        settle(
            &mut due,
            4,
            d,
            vec![Due {
                risk: Some(RiskEvent::Routing),
                ..Due::new(Next::GeneralRisk, d)
            }],
        );
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].risk, Some(RiskEvent::Routing));
    }
}
