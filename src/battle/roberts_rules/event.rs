//! Robert's Rules events: each procedure with the referee's facts, his
//! named modifiers and its dice (inputs, never results), and the steps of
//! the half-turn (RR-4).

use crate::battle::UnitId;
use crate::rules::Side;
use crate::rules::roberts_rules::action_roll::phase_words;
use crate::rules::roberts_rules::{Action, BreakCause, MoraleCause, Named};
use std::fmt;

/// One of the five phases of a half-turn (RR-4).
pub use crate::rules::roberts_rules::Phase as Step;

/// Where the battle stands (RR-4): before the first half-turn, or a phase
/// of a half-turn with its Acting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before anything: the referee says who acts first (the text does not).
    Deployment,
    /// A phase of a half-turn.
    Half {
        /// The first or second half-turn of the turn.
        half: u8,
        /// The Acting player (the other is Reacting).
        acting: Side,
        /// The phase.
        step: Step,
    },
}

impl Phase {
    /// The Acting player, once a half-turn has begun.
    pub fn acting(self) -> Option<Side> {
        match self {
            Phase::Half { acting, .. } => Some(acting),
            Phase::Deployment => None,
        }
    }

    /// The phase of the half-turn, once begun.
    pub fn step(self) -> Option<Step> {
        match self {
            Phase::Half { step, .. } => Some(step),
            Phase::Deployment => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Deployment => f.write_str("Deployment"),
            Phase::Half { half, acting, step } => write!(
                f,
                "half-turn {half}, {} acting, {} Phase",
                acting.name(),
                phase_words(*step)
            ),
        }
    }
}

/// One change to a Robert's Rules battle.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The first half-turn begins with this player Acting (RR-4; the text
    /// does not say who acts first: the referee does).
    Begin {
        /// The first Acting player.
        acting: Side,
    },
    /// An Action, rolled or automatic (RR-5 to RR-11, RR-20).
    Action {
        /// The unit.
        unit: UnitId,
        /// The Action.
        action: Action,
        /// A General in command range gives his free Action (RR-10).
        general_free_action: bool,
        /// The unit made a Breakthrough (RR-5).
        breakthrough: bool,
        /// The referee's modifiers by name.
        modifiers: Vec<Named>,
        /// Two dice, or none when automatic.
        dice: Vec<u8>,
    },
    /// The Acting player declares that a unit which stopped within its base
    /// depth of an enemy stand will close with it in the Charge Phase
    /// (Charging: "The Acting Player may declare that any of these units
    /// will attempt to close with the enemy during the next Charge Phase").
    /// Whether it stopped there is the referee's fact.
    DeclareCharge {
        /// The unit charging.
        unit: UnitId,
        /// The enemy unit it will close with.
        target: UnitId,
    },
    /// A unit's charge goes in, in the Charge Phase: a declared charge or a
    /// successful countercharge, moved its base depth by the referee
    /// (Charging: "units must charge unless a Countermand Action is
    /// successfully taken").
    Charge {
        /// The unit charging.
        unit: UnitId,
    },
    /// A Missile Fire Action's attacks on one target (RR-16, RR-17).
    Missile {
        /// The firing unit.
        shooter: UnitId,
        /// The target unit.
        target: UnitId,
        /// The referee's modifiers by name.
        modifiers: Vec<Named>,
        /// Two dice per attack.
        attacks: Vec<Vec<u8>>,
    },
    /// A melee attack between two stands, simultaneous or not (RR-18, RR-19).
    Melee {
        /// Side a of the melee (the attacker when not simultaneous).
        a: UnitId,
        /// Side b.
        b: UnitId,
        /// Both attack at once (the stands face each other).
        simultaneous: bool,
        /// Whether each could retreat [a, b] (RR-20).
        can_retreat: [bool; 2],
        /// Each side's modifiers by name.
        modifiers: [Vec<Named>; 2],
        /// Each side's two dice (b's empty when not simultaneous).
        dice: [Vec<u8>; 2],
    },
    /// A Pursuit attack after a Push Back (RR-21).
    PursuitAttack {
        /// The pursuer.
        unit: UnitId,
        /// The unit pursued.
        target: UnitId,
        /// The referee's modifiers by name.
        modifiers: Vec<Named>,
        /// The Pursuit chart's hits under 13, as the referee reads it.
        chart_hits: Option<u32>,
        /// Two dice.
        dice: Vec<u8>,
    },
    /// A Break Check at the end of the Combat Phase (RR-13 to RR-15).
    BreakCheck {
        /// The unit (or whose leader checks).
        unit: UnitId,
        /// Why it checks.
        cause: BreakCause,
        /// The routing unit was Formed (for a nearby rout, RR-14).
        routed_unit_formed: bool,
        /// The referee's modifiers by name.
        modifiers: Vec<Named>,
        /// Two dice (none when no check is required).
        dice: Vec<u8>,
    },
    /// A Morale Check (RR-12): a Reluctant or Disrupted stand leading a
    /// charge, or one the referee calls with his reason.
    MoraleCheck {
        /// The unit.
        unit: UnitId,
        /// Why it checks.
        cause: MoraleCause,
        /// The referee's reason (required when he calls it).
        reason: String,
        /// The referee's modifiers by name.
        modifiers: Vec<Named>,
        /// Two dice.
        dice: Vec<u8>,
    },
    /// The referee corrects a unit's hits lost and stands by hand, with
    /// his reason; no rule runs on it.
    Correction {
        /// The unit.
        unit: UnitId,
        /// Its hits lost, as they should be.
        hits_lost: u32,
        /// Its stands, as they should be.
        stands: u32,
        /// Why.
        reason: String,
    },
    /// The referee names the friendly units nearby a rout, a routed leader
    /// or an eliminated unattached Captain (RR-14, RR-15): each owes a
    /// Break Check. Herald never measures "nearby".
    Nearby {
        /// The unit that routed, or whose leader routed (none for a free Captain).
        source: Option<UnitId>,
        /// `nearby_rout` or `captain_eliminated`.
        cause: BreakCause,
        /// The units he names (none is an answer).
        units: Vec<UnitId>,
    },
    /// The referee's decision that a unit does not attempt the Pursuit
    /// open to it (RR-20: "the successful attacker may then attempt a
    /// Pursuit Action"; "The decision to Pursue must be made immediately").
    DeclinePursuit {
        /// The unit that does not pursue.
        unit: UnitId,
    },
    /// The phase ends; after the Combat Phase, the half-turn (RR-4).
    EndPhase,
}

impl Event {
    /// The kind, as saves write it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Begin { .. } => "begin",
            Event::Action { .. } => "action_roll",
            Event::DeclareCharge { .. } => "declare_charge",
            Event::Charge { .. } => "charge",
            Event::Missile { .. } => "missile_attack",
            Event::Melee { .. } => "melee_attack",
            Event::PursuitAttack { .. } => "pursuit_attack",
            Event::BreakCheck { .. } => "break_check",
            Event::MoraleCheck { .. } => "morale_check",
            Event::Correction { .. } => "correction",
            Event::Nearby { .. } => "nearby",
            Event::DeclinePursuit { .. } => "decline_pursuit",
            Event::EndPhase => "end_phase",
        }
    }
}
