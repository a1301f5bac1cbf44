//! The dialog stack: the top dialog takes a key or passes it on (its
//! [`Context`] decides), and Esc pops it. Each resolution is one
//! [`Resolve`] panel: a [`Procedure`] with the facts the referee toggles,
//! and after the roll the [`Rolled`] result. Issue 6's procedures
//! (shooting, charges, Melee) are further [`Procedure`] variants that use
//! the same panel, dice row and typed-dice dialog.

use super::keymap::Context;
use crate::battle::UnitId;
use crate::dice::{Dice, DiceCount};
use crate::rules::warlords::activation::{ActivationOutcome, ActivationSituation};
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::{Formation, Morale};

/// A procedure to resolve with dice.
#[derive(Clone, Debug, PartialEq)]
pub enum Procedure {
    /// Each side's C-in-C rolls 1 white die (2.1.1).
    Initiative,
    /// A unit's activation (2.2) with the facts the referee told.
    Activation {
        /// The unit.
        unit: UnitId,
        /// The facts of the table.
        situation: ActivationSituation,
    },
    /// A fleeing move (2.4.11).
    Flee {
        /// The unit.
        unit: UnitId,
    },
}

/// What a roll came to, kept while the result is on screen.
#[derive(Clone, Debug)]
pub struct Rolled {
    /// The event's place in the battle's log (its entry).
    pub entry: usize,
    /// The dice as rolled (per side for initiative: a's then b's).
    pub dice: Vec<Dice>,
    /// The activation's outcome: counted dice, what it forces and allows.
    pub activation: Option<ActivationOutcome>,
    /// What the referee has chosen for the unit so far.
    pub chosen: Vec<super::action::Choice>,
    /// What each choice did, in words.
    pub notes: Vec<String>,
    /// A forced flight still to roll (2.2.1, 1.7.3).
    pub flee_pending: bool,
}

/// A resolve panel: before the roll its facts, after it the result.
#[derive(Clone, Debug)]
pub struct Resolve {
    /// What is being resolved.
    pub procedure: Procedure,
    /// The result, once rolled.
    pub rolled: Option<Rolled>,
    /// Why the last attempt was refused, if it was.
    pub error: Option<String>,
}

impl Resolve {
    /// A panel before its roll.
    pub fn new(procedure: Procedure) -> Resolve {
        Resolve {
            procedure,
            rolled: None,
            error: None,
        }
    }
}

/// Typing physical dice: a text field and the count it must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeDice {
    /// The dice the roll needs, per group (initiative: side a, side b).
    pub groups: Vec<(String, DiceCount)>,
    /// What has been typed.
    pub text: String,
    /// Why the dice typed were refused.
    pub error: Option<String>,
}

impl TypeDice {
    /// White dice in total.
    pub fn white(&self) -> usize {
        self.groups.iter().map(|(_, c)| c.white).sum()
    }
}

/// One line of the correction form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// Morale (1.7).
    Morale(Morale),
    /// Champion figures.
    Champions(u32),
    /// Casualty figures.
    Casualties(u32),
    /// Stands.
    Stands(u32),
    /// Files (stands in the front rank).
    Files(u32),
    /// Formation.
    Formation(Formation),
    /// Moving or stopped.
    Moving(bool),
    /// Pavises deployed.
    Pavises(bool),
    /// Activated this turn.
    Activated(bool),
    /// Taken off the table.
    Removed(bool),
    /// A personality's status.
    Personality(String, PersonalityStatus),
}

/// Correcting one unit: the fields as they were and as the referee sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correct {
    /// The unit.
    pub unit: UnitId,
    /// The fields as they stand in the battle.
    pub before: Vec<Field>,
    /// The fields as the referee sets them.
    pub after: Vec<Field>,
    /// The line the cursor is on.
    pub line: usize,
    /// Why a correction was refused.
    pub error: Option<String>,
}

/// A dialog on the stack.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// A resolve panel.
    Resolve(Resolve),
    /// Typing dice for the resolve panel below.
    TypeDice(TypeDice),
    /// Correcting a unit.
    Correct(Correct),
    /// Picking a formation for a unit changing formation (2.3.3).
    Formation(UnitId),
    /// Every key.
    Help {
        /// Lines scrolled.
        scroll: u16,
    },
    /// Quit with a resolution half done?
    ConfirmQuit,
}

impl Dialog {
    /// The keymap context of this dialog.
    pub fn context(&self) -> Context {
        match self {
            Dialog::Resolve(r) if r.rolled.is_some() => Context::AfterRoll,
            Dialog::Resolve(_) => Context::BeforeRoll,
            Dialog::TypeDice(_) => Context::TypeDice,
            Dialog::Correct(_) => Context::Correct,
            Dialog::Formation(_) => Context::Formation,
            Dialog::Help { .. } => Context::Help,
            Dialog::ConfirmQuit => Context::ConfirmQuit,
        }
    }
}
