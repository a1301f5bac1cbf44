//! Homunculus Est! events: each procedure with the referee's facts and its
//! dice (inputs, never results), the cards' values as drawn, the calls and
//! the turn's steps (HE-5, HE-6).

use crate::battle::UnitId;
use crate::named_enum;
use crate::rules::Side;
use crate::rules::homunculus_est::Pool;
use crate::rules::homunculus_est::combat::{CombatDice, CombatSituation};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::{DisciplineSituation, ReformSituation};
use crate::rules::homunculus_est::failed::{FailedDice, FailedSituation};
use crate::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
use crate::rules::homunculus_est::movement::MovementSituation;
use crate::rules::homunculus_est::push_back::PushBackSituation;
use crate::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
use crate::rules::homunculus_est::tables::{EagleEvent, RiskEvent};
use std::fmt;

/// Where a turn stands (HE-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before anything: deployment and who starts (HE-5.1, HE-5.2).
    Deployment,
    /// A player's phase: he is the active player (HE-5.3).
    Player(Side),
    /// A called army broke: the battle is over (HE-12).
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Deployment => f.write_str("Deployment"),
            Phase::Player(s) => write!(f, "Phase of {}", s.name()),
            Phase::Over => f.write_str("Battle over"),
        }
    }
}

/// The referee's facts of one side of a combat (the unit comes from the battle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct SideFacts {
    pub flank_or_rear: bool,
    pub supporting_units: u32,
    pub warband_support: bool,
    pub in_rough: bool,
    pub downhill_charge: bool,
    pub linear_obstacle: bool,
    pub use_reserve: bool,
    pub use_cohort: bool,
    pub defence_points: u32,
    pub stand_point: bool,
}

/// A card's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// A Setback Card.
    Setback,
    /// A Disaster Card.
    Disaster,
}
named_enum!(CardKind {
    "setback" => CardKind::Setback,
    "disaster" => CardKind::Disaster,
});

/// One change to a Homunculus Est! battle.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// HE-5.2: each player's die; the higher chose who is first (equal: roll again).
    WhoStarts {
        /// Player a's die.
        a: u8,
        /// Player b's die.
        b: u8,
        /// The first player, as the higher chose.
        first: Side,
    },
    /// A Movement or Charge Activation (HE-13, HE-14).
    Movement {
        /// The unit.
        unit: UnitId,
        /// The enemy a Charge is made at, as the referee says (the combat's
        /// defender unless he says otherwise); none for a move.
        target: Option<UnitId>,
        /// The facts.
        situation: MovementSituation,
        /// `dice.movement`.
        dice: Vec<u8>,
    },
    /// A combat: a Combat Activation, or the combat of a Charge (HE-16 to HE-21).
    Combat {
        /// The attacker (the active player's).
        attacker: UnitId,
        /// The defender.
        defender: UnitId,
        /// Each side's facts, attacker first.
        facts: [SideFacts; 2],
        /// The combat's facts and the chosen face.
        situation: CombatSituation,
        /// The dice.
        dice: CombatDice,
    },
    /// A unit's Discipline Test (HE-26).
    Discipline {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: DisciplineSituation,
        /// `dice.discipline`.
        dice: Vec<u8>,
    },
    /// A Reform Activation's test (HE-27).
    Reform {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: ReformSituation,
        /// `dice.reform`.
        dice: Vec<u8>,
    },
    /// A FAILED DISCIPLINE OUTCOME roll (HE-28).
    FailedDiscipline {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: FailedSituation,
        /// The dice.
        dice: FailedDice,
    },
    /// A unit Pushed Back moves (HE-24), with what lies behind it.
    PushBack {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: PushBackSituation,
        /// `dice.push_back`.
        dice: Vec<u8>,
    },
    /// The victor's follow up (HE-25).
    FollowUp {
        /// The victor.
        unit: UnitId,
        /// The unit pushed back.
        loser: UnitId,
        /// The facts.
        situation: FollowUpSituation,
        /// The dice.
        dice: FollowUpDice,
    },
    /// A card's value, typed as drawn (HE-10).
    DrawCard {
        /// The player who collected it.
        side: Side,
        /// Setback or Disaster.
        kind: CardKind,
        /// Its value.
        value: u32,
    },
    /// A rout's (or Stampede's) move, made by the referee at the table on
    /// the FOLLOW UP table's distance: the friends whose ZOC it entered (or
    /// that are in the Stampede's ZOC), each to take a Discipline Test
    /// (HE-26, HE-28, HE-29).
    Rout {
        /// The routing unit.
        unit: UnitId,
        /// The friends the referee names; each tests.
        tests: Vec<UnitId>,
        /// The rout's own FOLLOW UP die, where no FAILED DISCIPLINE roll
        /// gave its distance (a Disordered unit Pushed Back into an enemy,
        /// HE-24, HE-28); `None` where the distance was rolled before, and
        /// in a save written before this die was asked for.
        dice: Option<Vec<u8>>,
    },
    /// The immediate "Homunculus Est!" on a general's death: the rules'
    /// check of his army, not a call (RISK TO GENERALS, HE-12).
    ImmediateCheck {
        /// The player whose general was killed.
        side: Side,
    },
    /// "Homunculus Est!" called by the active player (HE-12).
    Call {
        /// The caller cancels after the reveal with a point of this pool.
        cancel: Option<Pool>,
    },
    /// The called player discards one revealed card (HE-12).
    Discard {
        /// The player.
        side: Side,
        /// The card's kind.
        kind: CardKind,
        /// Which of his cards of that kind (from 0).
        index: usize,
    },
    /// A change to a player's Command Points (HE-8).
    Points {
        /// The player.
        side: Side,
        /// The change.
        change: PointsChange,
    },
    /// A Manoeuvre Test in a Movement Activation (HE-15).
    Manoeuvre {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: ManoeuvreSituation,
        /// `dice.manoeuvre`.
        dice: Vec<u8>,
    },
    /// A Shooting Activation (HE-22, HE-23).
    Shooting {
        /// The shooter (the active player's).
        shooter: UnitId,
        /// The target.
        target: UnitId,
        /// The facts.
        situation: ShootingSituation,
        /// The dice.
        dice: ShootingDice,
    },
    /// A FAILED REFORM OUTCOME roll (HE-29).
    FailedReform {
        /// The unit.
        unit: UnitId,
        /// The facts.
        situation: FailedSituation,
        /// The dice.
        dice: FailedDice,
    },
    /// The risk to the general attached to a unit (HE-30).
    GeneralRisk {
        /// His unit.
        unit: UnitId,
        /// The most serious thing that happened to it.
        event: RiskEvent,
        /// The dice.
        dice: RiskDice,
    },
    /// A unit's lines roll after a combat (HE-31).
    Lines {
        /// The unit.
        unit: UnitId,
        /// `dice.lines`, one per line.
        dice: Vec<u8>,
    },
    /// A Legion's Lost Eagles test (HE-32).
    Eagles {
        /// The Legion.
        unit: UnitId,
        /// What happened to it.
        event: EagleEvent,
        /// `dice.eagles`.
        dice: Vec<u8>,
    },
    /// The active player's phase ends: finished, or by the Reversal of Fortune that is due (HE-5.4, HE-6).
    EndPhase,
}

impl Event {
    /// The kind, as saves write it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::WhoStarts { .. } => "who_starts",
            Event::Movement { .. } => "movement_activation",
            Event::Combat { .. } => "combat",
            Event::Discipline { .. } => "discipline_test",
            Event::Reform { .. } => "reform_test",
            Event::FailedDiscipline { .. } => "failed_discipline",
            Event::PushBack { .. } => "push_back",
            Event::FollowUp { .. } => "follow_up",
            Event::DrawCard { .. } => "draw_card",
            Event::Rout { .. } => "rout_move",
            Event::Call { .. } => "homunculus_est_call",
            Event::ImmediateCheck { .. } => "immediate_homunculus_est",
            Event::Discard { .. } => "discard",
            Event::Points { .. } => "command_points",
            Event::Manoeuvre { .. } => "manoeuvre_test",
            Event::Shooting { .. } => "shooting",
            Event::FailedReform { .. } => "failed_reform",
            Event::GeneralRisk { .. } => "general_injury",
            Event::Lines { .. } => "line_outcome",
            Event::Eagles { .. } => "lost_eagles",
            Event::EndPhase => "end_phase",
        }
    }
}
