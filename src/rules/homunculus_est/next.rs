//! What a result forces next, in HE-7's order (the conformance README's
//! `next` words). A Reversal of Fortune is not a step: it is the result's
//! `reversal_of_fortune`.

use crate::named_enum;

/// A step the rules now require.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Next {
    Combat,
    PushBackAttacker,
    PushBackDefender,
    PushBackTarget,
    FollowUpAttacker,
    FollowUpDefender,
    DisciplineTestAttacker,
    DisciplineTestDefender,
    DisciplineTestTarget,
    FailedDiscipline,
    FailedReform,
    Stampede,
    RoutMove,
    /// A friend whose ZOC a rout entered (or a unit in a Stampede's ZOC) tests (HE-26, HE-28).
    ZocTest,
    /// A charger about to enter a Cause Fear unit's ZOC (a Cavalry unit a
    /// square adjacent to Elephants) tests first (UNIT CHARACTERISTICS, HE-34).
    CauseFearTest,
    LostEagles,
    GeneralRisk,
    GeneralRiskAttacker,
    GeneralRiskDefender,
    LineOutcomeAttacker,
    LineOutcomeDefender,
    HomunculusEst,
}
named_enum!(Next {
    "combat" => Next::Combat,
    "push_back_attacker" => Next::PushBackAttacker,
    "push_back_defender" => Next::PushBackDefender,
    "push_back_target" => Next::PushBackTarget,
    "follow_up_attacker" => Next::FollowUpAttacker,
    "follow_up_defender" => Next::FollowUpDefender,
    "discipline_test_attacker" => Next::DisciplineTestAttacker,
    "discipline_test_defender" => Next::DisciplineTestDefender,
    "discipline_test_target" => Next::DisciplineTestTarget,
    "failed_discipline" => Next::FailedDiscipline,
    "failed_reform" => Next::FailedReform,
    "stampede" => Next::Stampede,
    "rout_move" => Next::RoutMove,
    "zoc_test" => Next::ZocTest,
    "cause_fear_test" => Next::CauseFearTest,
    "lost_eagles" => Next::LostEagles,
    "general_risk" => Next::GeneralRisk,
    "general_risk_attacker" => Next::GeneralRiskAttacker,
    "general_risk_defender" => Next::GeneralRiskDefender,
    "line_outcome_attacker" => Next::LineOutcomeAttacker,
    "line_outcome_defender" => Next::LineOutcomeDefender,
    "homunculus_est" => Next::HomunculusEst,
});

impl Next {
    /// What the step is, in the referee's words.
    pub fn words(self) -> &'static str {
        match self {
            Next::Combat => "the combat (COMBAT ACTIVATION)",
            Next::PushBackAttacker => "the attacker's push back (PUSH BACK)",
            Next::PushBackDefender => "the defender's push back (PUSH BACK)",
            Next::PushBackTarget => "the target's push back (PUSH BACK)",
            Next::FollowUpAttacker => "the attacker's follow up (FOLLOW UP)",
            Next::FollowUpDefender => "the defender's follow up (FOLLOW UP)",
            Next::DisciplineTestAttacker => "the attacker's Discipline Test",
            Next::DisciplineTestDefender => "the defender's Discipline Test",
            Next::DisciplineTestTarget => "the target's Discipline Test",
            Next::FailedDiscipline => "the FAILED DISCIPLINE OUTCOME roll",
            Next::FailedReform => "the FAILED REFORM OUTCOME roll",
            Next::Stampede => "the Stampede (a Rout; every unit in its ZOC tests)",
            Next::RoutMove => "the rout's move (FOLLOW UP table; friends whose ZOC it enters test)",
            Next::ZocTest => "the Discipline Test (a rout entered its ZOC)",
            Next::CauseFearTest => {
                "the Cause Fear test (a Discipline Test before it enters the ZOC)"
            }
            Next::LostEagles => "the Lost Eagles test",
            Next::GeneralRisk => "the general's risk (RISK TO GENERALS)",
            Next::GeneralRiskAttacker => "the attacker's general's risk (RISK TO GENERALS)",
            Next::GeneralRiskDefender => "the defender's general's risk (RISK TO GENERALS)",
            Next::LineOutcomeAttacker => "the attacker's lines' roll (SKIRMISH AND RESERVE LINES)",
            Next::LineOutcomeDefender => "the defender's lines' roll (SKIRMISH AND RESERVE LINES)",
            Next::HomunculusEst => "the immediate \"Homunculus Est!\" (a general killed)",
        }
    }
}
