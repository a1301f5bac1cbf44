//! The dialog stack: the top dialog takes a key or passes it on (its
//! [`Context`] decides), and Esc pops it. Each resolution is one
//! [`Resolve`] panel: a [`Procedure`] with the facts the referee toggles,
//! and after the roll the [`Rolled`] result. Issue 6's procedures
//! (shooting, charges, Melee) are further [`Procedure`] variants that use
//! the same panel, dice row and typed-dice dialog.

use super::action::Answer;
use super::keymap::Context;
use crate::battle::UnitId;
use crate::dice::{Colour, Dice, DiceCount};
use crate::rules::Side;
use crate::rules::warlords::activation::{ActivationOutcome, ActivationSituation};
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::field_defences::Defence;
use crate::rules::warlords::melee::{MeleeFacts, MeleeOutcome};
use crate::rules::warlords::movement::{BreakOffOutcome, RandomMoveOutcome};
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::shooting::{ShootingOutcome, ShootingSituation};
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
    /// A fleeing move (2.4.11); the battle parts it from any Melee.
    Flee {
        /// The unit.
        unit: UnitId,
        /// Stands that cannot avoid an obstacle on the way (2.4.11).
        obstacle_stands: u32,
    },
    /// A unit shooting at an enemy (2.5), from its activation or at a charger (2.4.4).
    Shooting {
        /// The shooting unit.
        shooter: UnitId,
        /// Its target.
        target: UnitId,
        /// Style, range and the target's stands by cover.
        situation: ShootingSituation,
        /// It is the shooter's choice after its activation (W-27): recorded with the shot.
        choose: bool,
    },
    /// A declared charge: the target's response, shots at the charger,
    /// then the charge move as a random move (2.4.4, 2.4.4.1, 2.4.9).
    Charge {
        /// The charging unit.
        unit: UnitId,
        /// The unit charged.
        target: UnitId,
        /// The charge distance, by the formation it started in (2.4.4.1, W-28).
        spans: u32,
        /// How the target may answer (2.4.4, W-29, W-30).
        answers: Vec<Answer>,
        /// What the target did, once it has.
        response: Option<Response>,
        /// How many events the log held once the target answered (undo
        /// takes the answer back with its event).
        answered: usize,
        /// The shots at the charger so far, in words, each with how many
        /// events the log held once it was recorded.
        shots: Vec<(usize, String)>,
    },
    /// An activation out of the side's sequence (2.4.4, 2.4.4.2, 2.4.7, 2.6.3).
    Reaction {
        /// The unit reacting.
        unit: UnitId,
        /// The enemy that caused it.
        cause: UnitId,
        /// Why it reacts.
        purpose: Purpose,
        /// The facts of the table.
        situation: ActivationSituation,
    },
    /// A round of Melee between a pair (2.6).
    Melee {
        /// Opponent a (the battle's first of the pair).
        a: UnitId,
        /// Opponent b.
        b: UnitId,
        /// The facts around a.
        facts_a: MeleeFacts,
        /// The facts around b.
        facts_b: MeleeFacts,
        /// The Melee is on rough ground.
        rough_ground: bool,
        /// The side whose facts the toggles change (Tab switches).
        side: Side,
        /// The supporting units the referee marked, opponent a's then
        /// opponent b's (2.6): they fall back with it (2.6.2) and Impetuous
        /// ones test for Berserk when the enemy breaks (2.6.3). Their dice
        /// count through the flank toggles.
        supports: [Vec<UnitId>; 2],
    },
    /// A unit in Melee tries to break off as its activation (2.4.8).
    BreakOff {
        /// The unit.
        unit: UnitId,
        /// Its Melee opponents.
        opponents: Vec<UnitId>,
        /// The one it breaks off from (an index into `opponents`).
        opponent: usize,
        /// It is only a supporting unit (any unit may then break off).
        supporting: bool,
        /// A friendly Expert tactician's unit is in sight (3.1.2, W-4).
        tactician: bool,
    },
    /// A Berserk Move (2.4.10): it charges an enemy in charge reach, or makes
    /// a random move at full speed toward the nearest visible enemy ahead
    /// (after a Melee, toward the fleeing enemy, 2.6.3), or goes back to Ready.
    Pursue {
        /// The Berserk unit.
        unit: UnitId,
        /// The fleeing enemy it went Berserk at, after a Melee (2.6.3).
        toward: Option<UnitId>,
    },
    /// A moving unit that failed and stops: a Random Move, then it Halts (2.2.1).
    Halt {
        /// The unit.
        unit: UnitId,
    },
    /// A stand holding a personality is lost (3.1.3.2).
    StandLoss {
        /// The unit.
        unit: UnitId,
        /// The personality in the lost stand.
        personality: String,
        /// The enemy fighting his unit (a vendetta, W-21).
        enemy: Option<UnitId>,
    },
    /// A moving unit reaches stakes, a tabor or a berm (3.3.3).
    Defence {
        /// The unit.
        unit: UnitId,
        /// What it reaches.
        defence: Defence,
        /// It is charging (stakes: an activation test to go on, 3.3.3.3).
        charging: bool,
    },
}

/// Why a unit reacts out of its side's sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The charge's target counter-charges (2.4.4.2).
    CounterCharge,
    /// The charge's target evades (2.4.7).
    Evade,
    /// Another unit uses its activation to shoot at the charger (2.4.4).
    ShootAtCharger,
    /// An Impetuous unit rolls to go Berserk as the enemy breaks (2.6.3).
    BerserkTest,
}

/// The target's answer to a charge (2.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// It counter-charged; `meets` when it succeeded or went Berserk (2.4.4.2).
    CounterCharge {
        /// The two meet halfway.
        meets: bool,
    },
    /// It tried to evade; `away` when it succeeded (2.4.7).
    Evade {
        /// It moves away.
        away: bool,
    },
    /// It stands to receive the charge.
    Stand,
}

/// What picking a unit from the enemy table is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    /// The target of a shot by this unit (2.5).
    Shoot(UnitId),
    /// The target of a charge by this unit (2.4.4).
    Charge(UnitId),
    /// A unit of the charged side to shoot at this charger (2.4.4).
    ShootAtCharger(UnitId),
    /// The enemy this unit is in Melee with, or no longer (2.6).
    Engage(UnitId),
    /// A supporting unit of this opponent in the open Melee, marked or unmarked (2.6).
    Support(UnitId),
    /// A unit off the table, to correct (and perhaps bring back).
    OffTable,
}

/// Picking a unit from a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// What for.
    pub purpose: PickFor,
    /// The units to choose from.
    pub choices: Vec<UnitId>,
    /// The line the cursor is on.
    pub line: usize,
    /// Why the cursor started where it did (in contact, charged it, opposite).
    pub why: String,
    /// The unit id typed so far (`b10`, `10`).
    pub typed: String,
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
    /// How many events the battle held once each choice was recorded (undo
    /// keeps the choices still in the log).
    pub marks: Vec<usize>,
    /// A shot's outcome.
    pub shooting: Option<ShootingOutcome>,
    /// A Melee's outcome.
    pub melee: Option<MeleeOutcome>,
    /// A random move's (or flight's) outcome.
    pub moved: Option<RandomMoveOutcome>,
    /// A break-off's outcome (2.4.8).
    pub break_off: Option<BreakOffOutcome>,
    /// Steps the rules offer next, done ones included.
    pub next: Vec<(NextStep, bool)>,
}

/// A step a Melee's result offers next, one key each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStep {
    /// A duty the result left in the battle (a flight, a stand loss, the
    /// follow-up, a Berserk test or move): done when the battle clears it.
    Duty(crate::battle::warlords::Duty),
    /// An Impetuous supporting unit rolls to go Berserk (2.6.3); the battle
    /// does not track supports, so the console keeps this one.
    SupportTest(UnitId, UnitId),
    /// The unit that fell back ran into something (2.6.2.1), if the referee says so.
    FellBack(UnitId),
}

/// Falling back into something (2.6.2.1): what the referee says it ran into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FallBack {
    /// The unit that fell back.
    pub unit: UnitId,
    /// What it ran into.
    pub into: FellInto,
    /// The unit it ran into (an index into `others`), when it matters.
    pub other: usize,
    /// The units it may have run into: friends, then enemies, on the table.
    pub others: Vec<UnitId>,
    /// It hit that unit's front edge (else its rear or side).
    pub other_front: bool,
    /// Rear stands contacting the enemy front, lost (2.6.2.1): unsaid
    /// until the referee types it (the table shows which touch).
    pub rear_stands: Option<u32>,
    /// Enter has asked how many rear stands contact the enemy: digits
    /// type that count, not a unit's id.
    pub asking_rear: bool,
    /// Why the last attempt was refused.
    pub error: Option<String>,
    /// The unit id typed so far (`b3`, `3`), as in the other pickers.
    pub typed: String,
}

/// A formation change (2.3.3): the new formation, front rank and pavises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormationPick {
    /// The unit changing formation.
    pub unit: UnitId,
    /// Its front rank after the change.
    pub files: u32,
    /// Pavises deployed after it (pavisiers only, 3.3.3.4).
    pub pavises: bool,
}

/// Going to another step of the turn sequence (2.1): the steps on offer,
/// each a turn and a phase, and the one the cursor is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoTo {
    /// The steps, in the order they are played.
    pub choices: Vec<(u32, crate::battle::warlords::Phase)>,
    /// The line the cursor is on.
    pub line: usize,
    /// The line whose skipped activations and Melees were said: Enter on it
    /// again goes there (2.2: every unit must be activated).
    pub warned: Option<usize>,
    /// What going to the warned line would pass over, one line each (the
    /// units of a side not activated, the Melees not fought).
    pub skipped: Vec<String>,
}

/// Which personalities are in the stands the enemy hit, in their order from
/// the right, which the yellow die counts (3.1.3.1); and whether every
/// front-rank stand holds one (W-20).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitStands {
    /// The side of the open Melee whose personalities these are.
    pub side: Side,
    /// Each active personality, rightmost first, and whether he is in a stand the enemy hit.
    pub names: Vec<(String, bool)>,
    /// The line the cursor is on.
    pub line: usize,
    /// Set when the list only orders a unit's personalities for a shot:
    /// no stands to mark, and Enter records the order (W-15, W-32).
    pub order_of: Option<UnitId>,
}

/// Whose stand was lost (3.1.3.2): the referee names the personality in a
/// lost stand, who then rolls (W-19), or says none was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostStand {
    /// The unit that lost stands.
    pub unit: UnitId,
    /// The enemy fighting it (a vendetta, W-21).
    pub enemy: Option<UnitId>,
    /// The stands it lost in the round (W-24: the flanks and rear too).
    pub lost: u32,
    /// Lost stands still to be said.
    pub stands: u32,
    /// The personalities already said to have been in them.
    pub named: Vec<String>,
    /// Its personalities not named yet, rightmost first.
    pub names: Vec<String>,
    /// The line the cursor is on.
    pub line: usize,
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
    /// Rows scrolled, when the panel is longer than the screen.
    pub scroll: u16,
    /// The players' dice typed for a roll the battle refused: kept, so
    /// Enter uses them once the facts are put right (none is ever lost).
    pub kept: Option<Vec<Dice>>,
}

impl Resolve {
    /// A panel before its roll.
    pub fn new(procedure: Procedure) -> Resolve {
        Resolve {
            procedure,
            rolled: None,
            error: None,
            scroll: 0,
            kept: None,
        }
    }
}

/// Typing physical dice, colour by colour: a text field, the dice typed so
/// far per group, and what the field asks for now. The rules decide what
/// each colour needs from the dice before it (a red check after the white
/// hits, a yellow die after the red ones, 2 white for a Slippery man).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeDice {
    /// The dice each group needs given those typed so far (initiative: side a, side b; Melee: a, b).
    pub groups: Vec<(String, DiceCount)>,
    /// The dice typed so far, per group.
    pub typed: Vec<Dice>,
    /// What the field asks for now.
    pub ask: Ask,
    /// What has been typed.
    pub text: String,
    /// Why the dice typed were refused.
    pub error: Option<String>,
    /// Typed straight on the panel (every die the panel lists before any
    /// is typed): each prompt moves on by itself, and the dice are used at
    /// the last face, with no Enter.
    pub quick: Option<usize>,
    /// The field moved on to this prompt by itself when the last one's
    /// faces were in: an Enter on it while empty is the one the referee
    /// meant for the last prompt, and asks nothing.
    pub moved_on: bool,
}

/// What the typed-dice field asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The group (`None`: every group's white dice, in order).
    pub group: Option<usize>,
    /// The colour.
    pub colour: Colour,
    /// How many.
    pub count: usize,
}

impl TypeDice {
    /// White dice the field asks for now (0 when it asks for red or yellow).
    pub fn white(&self) -> usize {
        if self.ask.colour == Colour::White {
            self.ask.count
        } else {
            0
        }
    }

    /// What the next prompt asks for, given the needs and the dice typed; `None`: all typed.
    pub fn next_ask(groups: &[(String, DiceCount)], typed: &[Dice]) -> Option<Ask> {
        if typed.iter().all(|d| d.count() == DiceCount::default()) {
            let white: usize = groups.iter().map(|(_, c)| c.white).sum();
            if white > 0 {
                return Some(Ask {
                    group: None,
                    colour: Colour::White,
                    count: white,
                });
            }
        }
        for (i, (_, need)) in groups.iter().enumerate() {
            let have = typed.get(i).map(Dice::count).unwrap_or_default();
            for colour in [Colour::Red, Colour::Yellow, Colour::White] {
                let missing = need.of(colour).saturating_sub(have.of(colour));
                if missing > 0 {
                    return Some(Ask {
                        group: Some(i),
                        colour,
                        count: missing,
                    });
                }
            }
        }
        None
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

/// A dialog on the stack (a handful at most, so a large resolve panel is kept inline).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Dialog {
    /// A resolve panel.
    Resolve(Resolve),
    /// Typing dice for the resolve panel below.
    TypeDice(TypeDice),
    /// Correcting a unit.
    Correct(Correct),
    /// Picking a formation for a unit changing formation (2.3.3).
    Formation(FormationPick),
    /// The Ready winner follows up, or not (2.6.3, W-26).
    FollowUp {
        /// The winner.
        unit: UnitId,
        /// The unit that fell back.
        loser: UnitId,
    },
    /// The edge of the enemy opponent a supporting unit contacts (2.6).
    SupportEdge {
        /// The supporting unit.
        unit: UnitId,
        /// The friendly opponent it supports.
        opponent: UnitId,
        /// The enemy opponent.
        enemy: UnitId,
        /// It has just charged into a unit already in Melee: it may be the
        /// opponent instead, the other becoming its supporting unit (2.6).
        joining: bool,
    },
    /// What a unit falling back ran into (2.6.2.1).
    FallBack(FallBack),
    /// The personalities in the stands the enemy hit, and their order (3.1.3.1, W-20).
    HitStands(HitStands),
    /// Whose stand was lost (3.1.3.2, W-19).
    LostStand(LostStand),
    /// Picking a unit from a table.
    Pick(Pick),
    /// Every key.
    Help {
        /// Lines scrolled.
        scroll: u16,
    },
    /// The quick reference for a unit: its distances, shooting ranges and
    /// dice, and the turn sequence (r).
    Reference {
        /// The unit.
        unit: UnitId,
        /// Lines scrolled.
        scroll: u16,
    },
    /// Quit with a resolution half done?
    ConfirmQuit,
    /// What the turn just ended did (casualties, morale, units and
    /// personalities lost), from the battle's summary.
    Summary {
        /// The turn.
        turn: u32,
        /// Its lines.
        lines: Vec<String>,
        /// Whether the turn is over (else it is the turn so far).
        finished: bool,
    },
    /// Going to another step of the turn sequence (2.1).
    GoTo(GoTo),
    /// A free-text note being written, on a unit or on the turn.
    Note {
        /// The unit, or `None` for the turn.
        unit: Option<UnitId>,
        /// The text so far.
        text: String,
        /// Why the battle refused it.
        error: Option<String>,
    },
}

impl Dialog {
    /// The keymap context of this dialog.
    pub fn context(&self) -> Context {
        match self {
            Dialog::Resolve(r) => match (&r.procedure, r.rolled.is_some()) {
                (Procedure::Shooting { .. }, false) => Context::Shooting,
                (Procedure::Charge { .. }, false) => Context::Charge,
                (Procedure::Charge { .. }, true) => Context::Contact,
                (Procedure::Melee { .. }, false) => Context::Melee,
                (Procedure::Melee { .. }, true) => Context::MeleeResult,
                (Procedure::Pursue { .. }, false) => Context::Pursue,
                (Procedure::Flee { .. }, false) => Context::Flee,
                (Procedure::BreakOff { .. }, false) => Context::BreakOff,
                (_, true) => Context::AfterRoll,
                (_, false) => Context::BeforeRoll,
            },
            Dialog::Pick(_) => Context::Pick,
            Dialog::TypeDice(_) => Context::TypeDice,
            Dialog::Correct(_) => Context::Correct,
            Dialog::Formation(_) => Context::Formation,
            Dialog::FollowUp { .. } => Context::FollowUp,
            Dialog::SupportEdge { .. } => Context::SupportEdge,
            Dialog::FallBack(_) => Context::FallBack,
            Dialog::HitStands(_) => Context::HitStands,
            Dialog::LostStand(_) => Context::LostStand,
            Dialog::Help { .. } => Context::Help,
            Dialog::Reference { .. } => Context::Reference,
            Dialog::ConfirmQuit => Context::ConfirmQuit,
            Dialog::Summary { .. } => Context::Summary,
            Dialog::Note { .. } => Context::Note,
            Dialog::GoTo(_) => Context::GoTo,
        }
    }
}
