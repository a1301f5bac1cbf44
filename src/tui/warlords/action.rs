//! The console's one action vocabulary: every key maps to one of these, and
//! [`App::update`](super::app::App::update) is the only place they act.

use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::unit::Formation;

/// A fact of the table Herald cannot see, toggled by the referee before a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// A charge or counter-charge is being declared (Aggressive, 3.1.2).
    Charging,
    /// An enemy unit is within charge distance (Berserk, 1.7.1, W-6).
    EnemyInChargeDistance,
    /// An enemy unit is visible within 45 degrees of the front (champions, 1.7.5, W-7).
    EnemyVisibleAhead,
    /// A friendly Expert tactician's unit is in sight (3.1.2, W-4).
    TacticianInSight,
    /// The unit is fleeing and goes on fleeing (2.2.1).
    Fleeing,
    /// The unit is finishing a formation change (2.3.3).
    ChangingFormation,
}

/// What a unit does after its activation, one key each (2.2.1, 2.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Charge or counter-charge an enemy unit (2.4.4).
    Charge,
    /// Evade the charging unit (2.4.7).
    Evade,
    /// Start or continue a normal move (2.4.1).
    Move,
    /// Stop moving (2.4.1).
    Stop,
    /// Wheel (2.4.3).
    Wheel,
    /// Change formation (2.3.3).
    ChangeFormation,
    /// Add a champion (1.7.5, W-7).
    AddChampion,
    /// Shoot (2.5).
    Shoot,
    /// Flee (or, Broken, keep fleeing) (2.4.11, 2.2.2).
    Flee,
}

/// A fact around one opponent of a Melee (2.6.1), or the ground under both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeleeFact {
    /// It charged into this Melee this turn.
    Charging,
    /// Enemy flanks and rear it overlaps or contacts (0 to 3, +1 die each).
    EnemyFlanks,
    /// Its own flanks touched by an enemy front (0 to 2, -1 each).
    FlanksContacted,
    /// Its rear touched by an enemy front (-2).
    RearContacted,
    /// Struck on flank or rear by a charging heavy unit (-2).
    StruckByChargingHeavy,
    /// The opponent is uphill of it (-1).
    OpponentUphill,
    /// It fights an enemy to its front.
    EnemyInFront,
    /// Its first round of Melee (champions leave, W-7).
    FirstRound,
    /// The Melee is on rough ground.
    RoughGround,
}

/// The target's stands shot at, by cover (2.5.3 C.2, W-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cover {
    /// In the open.
    Open,
    /// In light cover.
    Light,
    /// In heavy cover.
    Heavy,
}

/// What the target of a charge does (2.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Counter-charge (2.4.4.2).
    CounterCharge,
    /// Evade (2.4.7).
    Evade,
    /// Stand to receive it.
    Stand,
    /// Another unit shoots at the charger (2.4.4).
    ShootAtCharger,
}

impl From<crate::rules::warlords::charge::Answer> for Answer {
    /// The rules' answer as the console's key: the target's own shot (2.5.4)
    /// is one of the shots at the charger (2.4.4).
    fn from(a: crate::rules::warlords::charge::Answer) -> Self {
        use crate::rules::warlords::charge::Answer as A;
        match a {
            A::CounterCharge => Answer::CounterCharge,
            A::Evade => Answer::Evade,
            A::Stand => Answer::Stand,
            A::Shoot => Answer::ShootAtCharger,
        }
    }
}

/// Everything the referee can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Do the next step of the turn: open it, roll it, or close its result.
    Advance,
    /// Back out of the top dialog (never loses an event).
    Back,
    /// Quit, asking first when a resolution is half done.
    Quit,
    /// Quit at once, saving first (Ctrl-C).
    ForceQuit,
    /// Show every key.
    Help,
    /// Show the selected unit's quick reference.
    Reference,
    /// Open the log browser (the shell's, `tui::log_browser`).
    Log,
    /// Open the course of the battle (the shell's, `tui::course_view`).
    Course,
    /// Move the selection up one unit.
    Up,
    /// Move the selection down one unit.
    Down,
    /// Move the selection up a page.
    PageUp,
    /// Move the selection down a page.
    PageDown,
    /// Select the first unit of the side.
    First,
    /// Select the last unit of the side.
    Last,
    /// Switch the selection to the other side's table.
    OtherSide,
    /// Show or hide the detail pane of the selected unit.
    Detail,
    /// Activate the selected unit now (any unit of the side whose turn it is).
    ActivateSelected,
    /// Take back the last event.
    Undo,
    /// Apply again the last event taken back, with its recorded dice.
    Redo,
    /// Correct the selected unit or its personalities directly.
    Correct,
    /// Let Herald roll the dice.
    Roll,
    /// Type the players' physical dice instead.
    TypeDice,
    /// Turn a fact of the table on or off.
    Toggle(Fact),
    /// One span more between the evading unit and the unit it evades (0: not evading).
    EvadeFarther,
    /// One span less between the evading unit and the unit it evades.
    EvadeNearer,
    /// Do what the activation allows.
    Choose(Choice),
    /// In a picker or form: the previous line.
    FieldUp,
    /// In a picker or form: the next line.
    FieldDown,
    /// In a form: the value one step lower.
    ValueDown,
    /// In a form: the value one step higher.
    ValueUp,
    /// Pick a formation in the formation picker.
    PickFormation(Formation),
    /// A character typed into a text field.
    Input(char),
    /// A key of a unit's id typed on the tables or in a picker (`b10`).
    Jump(char),
    /// Write a note on the selected unit.
    NoteUnit,
    /// Write a note on the turn.
    NoteTurn,
    /// Show the summary of the turn so far.
    Summary,
    /// Go to another step of the turn sequence (2.1): the table went its own way.
    GoTo,
    /// Delete the last character typed.
    Backspace,
    /// Yes, in a question.
    Yes,
    /// No, in a question.
    No,
    /// Shooting: the next style the shooter may use (2.5.1).
    NextStyle,
    /// Shooting: one span farther.
    RangeUp,
    /// Shooting: one span nearer.
    RangeDown,
    /// Shooting: one more of the target's stands in this cover.
    CoverMore(Cover),
    /// Shooting: one fewer of the target's stands in this cover.
    CoverLess(Cover),
    /// A charge's target answers, or another unit shoots at the charger.
    Answer(Answer),
    /// After the charge move: the charger reached its target (true) or not.
    Contact(bool),
    /// Melee: switch the side whose facts the toggles change.
    MeleeSide,
    /// Melee: change a fact.
    MeleeToggle(MeleeFact),
    /// After a Melee: the next step it offers (flee, stand loss, Berserk test).
    NextStep(usize),
    /// Tables: pair the selected unit with an enemy in Melee, or part them.
    Engage,
    /// Activation: try to break off from Melee instead (2.4.8).
    BreakOff,
    /// Breaking off: the next Melee opponent to break off from.
    NextOpponent,
    /// Breaking off: it is only a supporting unit, or not.
    OnlySupporting,
    /// Melee: mark or unmark a supporting unit of the side the toggles change (2.6).
    Supports,
    /// Scroll the open panel by this many rows (negative: up).
    Scroll(i16),
    /// Tables: pick a unit from the fled and destroyed list, to correct it.
    OffTable,
    /// A flight: one more (or fewer) stand that cannot avoid an obstacle (2.4.11).
    ObstacleStands(i8),
    /// A Broken unit's flight: it has no direction to flee (1.7.3).
    Trapped,
    /// A Berserk Move: no enemy visible within 45 degrees: back to Ready (2.4.10).
    Calm,
    /// Set aside the duty this panel does: the table has made it moot.
    SetAside,
    /// The Ready winner follows up (true) or not (2.6.3, W-26).
    FollowUp(bool),
    /// Enter on the follow-up: a Ready winner's player chooses (W-26), so
    /// no habitual key answers for him; it says which keys do.
    FollowUpUnanswered,
    /// A supporting unit: the edge of the enemy opponent it contacts (2.6, 2.6.1).
    SupportEdge(crate::rules::warlords::supporting::Edge),
    /// A unit joining a Melee is its opponent instead: the unit there becomes its supporting unit (2.6).
    JoinAsOpponent,
    /// A moving unit reaches stakes, a tabor or a berm (3.3.3).
    Defence,
    /// Field defence: the next kind (stakes, tabor, berm).
    NextDefence,
    /// Melee: say which personalities are in the stands the enemy hit, and their order (3.1.3.1).
    HitStands,
    /// Melee: whether every front-rank stand holds a personality (W-20): as counted, yes, no.
    Prowess,
    /// In a list: turn the line on or off.
    ToggleLine,
    /// In an ordered list: move the line up (negative) or down.
    MoveLine(i8),
    /// Whose stand was lost: no personality (or no other) was in one (3.1.3.2).
    NobodyInStand,
    /// Falling back: what the unit ran into (2.6.2.1).
    FallInto(FellInto),
    /// Falling back: the next (or previous) unit it may have run into.
    OtherUnit(i8),
    /// Falling back: it hit that unit's front edge, or its rear or side.
    OtherFront,
    /// Falling back into an enemy front: one more (or fewer) rear stand lost.
    RearStands(i8),
    /// Formation change: one file more (or fewer) in the front rank.
    FilesBy(i8),
    /// Formation change: deploy the pavises, or pick them up (3.3.3.4).
    PavisesToggle,
    /// Suspend Herald to the shell (Ctrl-Z); `fg` brings it back.
    Suspend,
}
