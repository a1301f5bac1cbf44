//! The console's one action vocabulary: every key maps to one of these, and
//! [`App::update`](super::app::App::update) is the only place they act.

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
    /// Delete the last character typed.
    Backspace,
    /// Yes, in a question.
    Yes,
    /// No, in a question.
    No,
    /// Start a new battle of Hastings (start screen).
    NewBattle,
    /// Resume the most recent save (start screen).
    Resume,
}
