//! Events: every change to a battle, a procedure resolved with the dice
//! actually rolled, a referee's correction, or a step of the turn sequence.
//! An event records the procedure's inputs, never its results: the fold
//! re-runs the rules, so replay always equals live play.

use crate::battle::BattleError;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::field_defences::Defence;
use crate::rules::warlords::melee::{MeleeDice, MeleeFacts};
use crate::rules::warlords::next::Choice;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::shooting::ShootingSituation;
use crate::rules::warlords::supporting::Edge;
use crate::rules::warlords::unit::{Formation, Morale};
use std::fmt;

pub use crate::battle::UnitId;

/// Where a turn stands in the sequence of 2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// 1. Determine initiative (2.1.1).
    Initiative,
    /// 2. and 3. One side makes all its activations (2.2).
    Activation(Side),
    /// 4. Melee (2.6).
    Melee,
}

impl Phase {
    /// The written form: `initiative`, `activation_a`, `activation_b`, `melee`.
    pub fn code(self) -> &'static str {
        match self {
            Phase::Initiative => "initiative",
            Phase::Activation(Side::A) => "activation_a",
            Phase::Activation(Side::B) => "activation_b",
            Phase::Melee => "melee",
        }
    }

    /// Reads the written form.
    pub fn parse(text: &str) -> Option<Phase> {
        Some(match text {
            "initiative" => Phase::Initiative,
            "activation_a" => Phase::Activation(Side::A),
            "activation_b" => Phase::Activation(Side::B),
            "melee" => Phase::Melee,
            _ => return None,
        })
    }

    /// Every written form, for error messages.
    pub const CODES: &'static str = "initiative, activation_a, activation_b, melee";
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Initiative => write!(f, "initiative"),
            Phase::Activation(s) => write!(f, "side {}'s activations", s.name()),
            Phase::Melee => write!(f, "Melee"),
        }
    }
}

/// A referee's direct correction of one unit (the table is the truth).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Correction {
    /// Sets the morale state (1.7).
    Morale(Morale),
    /// Sets the champion figures (1.7.5).
    Champions(u32),
    /// Sets the casualty figures (1.7.6).
    Casualties(u32),
    /// Sets the stands in the unit.
    Stands(u32),
    /// Sets the stands in the front rank.
    Files(u32),
    /// Sets the formation (2.3).
    Formation(Formation),
    /// Sets moving or stopped (2.4.1).
    Moving(bool),
    /// Sets pavises deployed (3.3.3.4).
    Pavises(bool),
    /// Sets whether its pavises were lost for the battle (3.3.3.4).
    PavisesLost(bool),
    /// Sets a personality's status (3.1.3).
    Personality {
        /// His name.
        name: String,
        /// Where he is now.
        status: PersonalityStatus,
    },
    /// Sets the order of its personalities on the table, rightmost first:
    /// the order the yellow die counts (3.1.3.1, W-32). Those not named
    /// keep their order after the named ones.
    PersonalityOrder(Vec<String>),
    /// Takes the unit off the table (`true`) or returns it to play (`false`).
    Removed(bool),
    /// Marks the unit as activated this turn or not (2.2).
    Activated(bool),
}

/// One change to a battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Each C-in-C rolls 1 white die (2.1.1, W-22).
    Initiative {
        /// Side a's die.
        a: Dice,
        /// Side b's die.
        b: Dice,
    },
    /// A unit's activation (2.2).
    Activation {
        /// The unit.
        unit: UnitId,
        /// What the referee said of the table.
        situation: ActivationSituation,
        /// The dice rolled.
        dice: Dice,
        /// The player adds a champion, if the activation allows it (1.7.5, W-7).
        add_champion: bool,
    },
    /// A unit shoots at an enemy (2.5).
    Shooting {
        /// The shooting unit.
        shooter: UnitId,
        /// Its target.
        target: UnitId,
        /// What the referee said of the shot.
        situation: ShootingSituation,
        /// The dice rolled.
        dice: Dice,
    },
    /// A round of Melee between two units (2.6).
    Melee {
        /// Opponent a.
        a: UnitId,
        /// Opponent b.
        b: UnitId,
        /// The facts around a.
        facts_a: MeleeFacts,
        /// The facts around b.
        facts_b: MeleeFacts,
        /// On rough ground.
        rough_ground: bool,
        /// Both opponents' dice.
        dice: MeleeDice,
        /// Recorded by an earlier Herald (a save's `melee` has no `w24 =
        /// true`): a loser that lost stands on its flanks kept its width;
        /// today it loses a file per flank contacted (2.6.2, W-24). The
        /// event stands as recorded.
        before_w24: bool,
    },
    /// A fleeing move (2.4.11).
    Flee {
        /// The unit.
        unit: UnitId,
        /// Stands that cannot avoid an obstacle on the way, as the referee says (2.4.11).
        obstacle_stands: u32,
        /// The dice rolled.
        dice: Dice,
    },
    /// An attempt to break off from Melee (2.4.8); it is the unit's activation.
    BreakOff {
        /// The unit.
        unit: UnitId,
        /// Its Melee opponent.
        opponent: UnitId,
        /// It is only a supporting unit.
        supporting: bool,
        /// A friendly Expert tactician's unit is in sight: +1 to its
        /// activation (3.1.2, W-4); absent in saves before it was asked.
        tactician_in_sight: bool,
        /// The dice rolled.
        dice: Dice,
    },
    /// A random move (2.4.9): a charge move toward `toward` (2.4.4.1), or a
    /// Berserk unit's move toward a fleeing enemy (2.6.3).
    RandomMove {
        /// The unit moving.
        unit: UnitId,
        /// Spans wanted: one die each.
        spans: u32,
        /// The enemy it charges or moves toward, if any.
        toward: Option<UnitId>,
        /// The dice rolled.
        dice: Dice,
    },
    /// An activation out of the side's sequence, caused by an enemy: the
    /// target of a charge counter-charging or evading, or another unit
    /// shooting at the charger, using up its activation (2.4.4, 2.4.4.2,
    /// 2.4.7); or, in the Melee phase, an Impetuous unit rolling to go
    /// Berserk when the enemy `cause` breaks (2.6.3).
    Reaction {
        /// The unit reacting.
        unit: UnitId,
        /// The enemy unit that caused it (the charger, or the unit that broke).
        cause: UnitId,
        /// What the referee said of the table.
        situation: ActivationSituation,
        /// The dice rolled.
        dice: Dice,
    },
    /// A stand holding a personality is lost in Melee (3.1.3.2).
    StandLoss {
        /// The unit.
        unit: UnitId,
        /// The personality in the lost stand.
        personality: String,
        /// The enemy unit fighting his unit, if known (a vendetta, W-21).
        enemy: Option<UnitId>,
        /// The dice rolled.
        dice: Dice,
    },
    /// The referee's one choice after a unit's activation (2.2.1, 2.2.2, W-27).
    Choose {
        /// The unit.
        unit: UnitId,
        /// What it does.
        choice: Choice,
        /// The enemy it charges (a charge, 2.4.4).
        target: Option<UnitId>,
        /// The new formation (a formation change, 2.3.3).
        formation: Option<Formation>,
        /// The new front rank (a formation change), if not the formation's own.
        files: Option<u32>,
        /// Pavises deployed or picked up with a formation change (3.3.3.4).
        pavises: Option<bool>,
    },
    /// A charge (or counter-charge) made contact: the two are in Melee and
    /// the charger stops (2.4.1, W-25); each may shower the other (W-23).
    Contact {
        /// The charging unit.
        charger: UnitId,
        /// The unit it reached.
        target: UnitId,
    },
    /// The Ready winner of a Melee follows up or not (2.6.3, W-26).
    FollowUp {
        /// The winner.
        unit: UnitId,
        /// The unit that fell back.
        loser: UnitId,
        /// It follows up into contact.
        follows: bool,
    },
    /// A unit falling back could not go the full span: what it fell into (2.6.2.1).
    FallBack {
        /// The unit falling back.
        unit: UnitId,
        /// What it ran into.
        into: FellInto,
        /// The unit it ran into, if any.
        other: Option<UnitId>,
        /// It hit that unit's front edge (else its rear or side).
        other_front: bool,
        /// Rear stands contacting an enemy's front, as the referee said (2.6.2.1);
        /// none in a battle recorded before Herald asked: its whole last rank.
        rear_stands: Option<u32>,
        /// Recorded before ruling W-35 (a save of an earlier Herald, whose
        /// `fall_back` has no `w35 = true`): a Heavy unit that stopped
        /// against a friend's Close Foot or Pike took the general rule's
        /// casualty and was Unformed; the event stands as recorded.
        before_w35: bool,
    },
    /// A moving unit reaches stakes, a tabor or a berm (3.3.3).
    Defence {
        /// The unit.
        unit: UnitId,
        /// What it reaches.
        defence: Defence,
        /// It is charging (stakes: an activation test to go on, 3.3.3.3).
        charging: bool,
        /// The dice rolled (the test, then the stakes' attack).
        dice: Dice,
    },
    /// A Broken unit with no direction to flee loses a stand to each enemy
    /// unit in contact, once a turn (1.7.3).
    Trapped {
        /// The unit.
        unit: UnitId,
    },
    /// A Berserk unit with no visible enemy within 45 degrees of its front
    /// goes back to Ready (1.7.1, 2.4.10).
    Calm {
        /// The unit.
        unit: UnitId,
    },
    /// The referee sets aside a unit's duty the table has made moot.
    Dismiss {
        /// The unit.
        unit: UnitId,
        /// The duty's written form (`flee`, `shower`, …).
        due: String,
    },
    /// A unit in contact is a supporting unit of `opponent` in its Melee
    /// against `enemy` (2.6): it rolls no dice, gives `opponent` its extra
    /// dice and modifiers (2.6.1 A, B), falls back with it (2.6.2) and may
    /// follow up with it (2.6.3, W-26); it fights no Melee of its own
    /// against the units of this one.
    Support {
        /// The supporting unit.
        unit: UnitId,
        /// The friendly opponent it supports.
        opponent: UnitId,
        /// The enemy opponent of that Melee.
        enemy: UnitId,
        /// The edge of `enemy` it contacts.
        edge: Edge,
    },
    /// Two units are in Melee with each other.
    Engage {
        /// One unit.
        a: UnitId,
        /// An enemy unit.
        b: UnitId,
    },
    /// Two units are no longer in Melee.
    Disengage {
        /// One unit.
        a: UnitId,
        /// The other.
        b: UnitId,
    },
    /// A referee's correction of one unit.
    Correct {
        /// The unit.
        unit: UnitId,
        /// What changes.
        correction: Correction,
    },
    /// The next step of the turn sequence (2.1).
    NextPhase,
    /// The referee moves the sequence elsewhere (skip ahead or go back).
    GoTo {
        /// The turn, from 1.
        turn: u32,
        /// The phase.
        phase: Phase,
    },
    /// The referee's free-text note on a unit, or on the turn: kept in the
    /// log and printed in the report where it was made; it changes nothing.
    Note {
        /// The unit it is about; `None`: the turn.
        unit: Option<UnitId>,
        /// The note: one line of 1 to [`MAX_NOTE_CHARS`] characters.
        text: String,
    },
}

/// The longest note, in characters: a few sentences, as on a paper record
/// sheet's margin (a longer text belongs in a file beside the save).
pub const MAX_NOTE_CHARS: usize = 500;

/// What is wrong with a note's text, if anything: it must hold something
/// besides spaces, be at most [`MAX_NOTE_CHARS`] characters, and be one line
/// (no line breaks, tabs or other control characters: the log and the save
/// show a note on one line).
pub fn note_problem(text: &str) -> Option<String> {
    let chars = text.chars().count();
    if text.trim().is_empty() {
        Some("a note needs some text; it is empty".to_string())
    } else if chars > MAX_NOTE_CHARS {
        Some(format!(
            "a note is at most {MAX_NOTE_CHARS} characters; this one has {chars}: shorten it by {}",
            chars - MAX_NOTE_CHARS
        ))
    } else if let Some(c) = text.chars().find(|c| c.is_control()) {
        let what = match c {
            '\n' | '\r' => "a line break".to_string(),
            '\t' => "a tab".to_string(),
            c => format!("the control character U+{:04X}", u32::from(c)),
        };
        Some(format!("a note is one line of text; this one holds {what}"))
    } else {
        None
    }
}

impl Event {
    /// The event's kind as the save file writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Initiative { .. } => "initiative",
            Event::Activation { .. } => "activation",
            Event::Shooting { .. } => "shooting",
            Event::Melee { .. } => "melee",
            Event::Flee { .. } => "flee",
            Event::BreakOff { .. } => "break_off",
            Event::StandLoss { .. } => "stand_loss",
            Event::RandomMove { .. } => "random_move",
            Event::Reaction { .. } => "reaction",
            Event::Choose { .. } => "choose",
            Event::Contact { .. } => "contact",
            Event::FollowUp { .. } => "follow_up",
            Event::FallBack { .. } => "fall_back",
            Event::Defence { .. } => "defence",
            Event::Trapped { .. } => "trapped",
            Event::Calm { .. } => "calm",
            Event::Dismiss { .. } => "dismiss",
            Event::Support { .. } => "support",
            Event::Engage { .. } => "engage",
            Event::Disengage { .. } => "disengage",
            Event::Correct { .. } => "correct",
            Event::NextPhase => "next_phase",
            Event::GoTo { .. } => "go_to",
            Event::Note { .. } => "note",
        }
    }

    /// A note on `unit` (or on the turn, for `None`), its text trimmed;
    /// refused, saying why, when empty, too long or not one line.
    pub fn note(unit: Option<UnitId>, text: &str) -> Result<Event, BattleError> {
        let text = text.trim();
        match note_problem(text) {
            Some(why) => Err(BattleError::Refused(why)),
            None => Ok(Event::Note {
                unit,
                text: text.to_string(),
            }),
        }
    }

    /// Whether the event carries dice (a procedure).
    pub fn is_roll(&self) -> bool {
        matches!(
            self,
            Event::Initiative { .. }
                | Event::Activation { .. }
                | Event::Shooting { .. }
                | Event::Melee { .. }
                | Event::Flee { .. }
                | Event::BreakOff { .. }
                | Event::StandLoss { .. }
                | Event::RandomMove { .. }
                | Event::Reaction { .. }
                | Event::Defence { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_ids_are_written_from_one() {
        let id = UnitId::new(Side::B, 11);
        assert_eq!(id.to_string(), "b12");
        assert_eq!(UnitId::parse("b12"), Some(id));
        assert_eq!(UnitId::parse("a1"), Some(UnitId::new(Side::A, 0)));
        for bad in ["a0", "c1", "a", "a01", "a-1", "1a", ""] {
            assert_eq!(UnitId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn phases_round_trip() {
        for p in [
            Phase::Initiative,
            Phase::Activation(Side::A),
            Phase::Activation(Side::B),
            Phase::Melee,
        ] {
            assert_eq!(Phase::parse(p.code()), Some(p));
        }
    }
}
