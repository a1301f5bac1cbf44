//! The one keymap: a table of bindings per context that feeds key handling,
//! the footer's hints and the `?` help, so the three never drift apart.

use super::action::{Action, Answer, Choice, Cover, Fact, MeleeFact};
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::unit::Formation;
use crate::tui::keys;
pub use crate::tui::keys::Key;
use ratatui::crossterm::event::KeyCode;

/// Where the referee is: the top dialog, or the tables when none is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Keys that work everywhere unless the top dialog takes the key itself.
    Global,
    /// The unit tables, no dialog open.
    Tables,
    /// A resolve panel before the roll: toggles and dice.
    BeforeRoll,
    /// A resolve panel after the roll: the result and what the unit does.
    AfterRoll,
    /// Typing physical dice.
    TypeDice,
    /// A shot before its roll: style, range, cover.
    Shooting,
    /// A declared charge: the target's answer, then the charge move.
    Charge,
    /// After the charge move: contact or not.
    Contact,
    /// A Melee before its roll: both sides' facts.
    Melee,
    /// A Melee's result: what it offers next.
    MeleeResult,
    /// A Berserk Move: a charge, a random move, or back to Ready (2.4.10, 2.6.3).
    Pursue,
    /// A flight before its roll (2.4.11): obstacles, or nowhere to flee (1.7.3).
    Flee,
    /// The Ready winner's follow-up (2.6.3, W-26).
    FollowUp,
    /// What a unit falling back ran into (2.6.2.1).
    FallBack,
    /// The personalities in the stands the enemy hit (3.1.3.1, W-20).
    HitStands,
    /// Breaking off from Melee before the roll (2.4.8).
    BreakOff,
    /// Picking a unit from a table.
    Pick,
    /// Correcting a unit.
    Correct,
    /// Picking a formation.
    Formation,
    /// The help screen.
    Help,
    /// Asking whether to quit.
    ConfirmQuit,
}

impl Context {
    /// The heading of this context in the help.
    pub fn title(self) -> &'static str {
        match self {
            Context::Global => "Everywhere",
            Context::Tables => "Unit tables",
            Context::BeforeRoll => "Before a roll",
            Context::AfterRoll => "After a roll",
            Context::TypeDice => "Typing dice",
            Context::Shooting => "Shooting (before the roll)",
            Context::Charge => "A declared charge",
            Context::Contact => "After the charge move",
            Context::Melee => "Melee (before the roll)",
            Context::MeleeResult => "After a Melee",
            Context::Pursue => "A Berserk Move",
            Context::Flee => "A flight (before the roll)",
            Context::FollowUp => "Following up",
            Context::FallBack => "Falling back into something",
            Context::HitStands => "Personalities in the stands hit",
            Context::BreakOff => "Breaking off (before the roll)",
            Context::Pick => "Picking a unit",
            Context::Correct => "Correcting a unit",
            Context::Formation => "Picking a formation",
            Context::Help => "Help",
            Context::ConfirmQuit => "Quit?",
        }
    }

    /// Whether keys this context has no binding for go on to the global keys.
    /// Text fields keep every key for themselves (only Ctrl-C passes).
    pub fn passes_on(self) -> bool {
        !matches!(self, Context::TypeDice | Context::ConfirmQuit)
    }
}

/// One binding of the Warlords console.
pub type Binding = keys::Binding<Context, Action>;

const fn b(
    context: Context,
    key: Key,
    action: Action,
    hint: &'static str,
    help: &'static str,
) -> Binding {
    keys::bind(context, key, action, hint, help)
}

use Context as C;
use KeyCode as K;

/// Every binding, in the order the footer and help show them.
pub const BINDINGS: &[Binding] = &[
    // The tables.
    b(
        C::Tables,
        Key::plain(K::Enter),
        Action::Advance,
        "next step",
        "do the next step of the turn (2.1): roll initiative, activate the next unit, end a phase",
    ),
    b(
        C::Tables,
        Key::ch('a'),
        Action::ActivateSelected,
        "activate",
        "activate the selected unit now (any unit of the side whose turn it is)",
    ),
    b(
        C::Tables,
        Key::plain(K::Up),
        Action::Up,
        "",
        "select the unit above",
    ),
    b(
        C::Tables,
        Key::ch('k'),
        Action::Up,
        "",
        "select the unit above",
    ),
    b(
        C::Tables,
        Key::plain(K::Down),
        Action::Down,
        "",
        "select the unit below",
    ),
    b(
        C::Tables,
        Key::ch('j'),
        Action::Down,
        "",
        "select the unit below",
    ),
    b(
        C::Tables,
        Key::plain(K::PageUp),
        Action::PageUp,
        "",
        "up a page",
    ),
    b(
        C::Tables,
        Key::plain(K::PageDown),
        Action::PageDown,
        "",
        "down a page",
    ),
    b(
        C::Tables,
        Key::plain(K::Home),
        Action::First,
        "",
        "the side's first unit",
    ),
    b(
        C::Tables,
        Key::plain(K::End),
        Action::Last,
        "",
        "the side's last unit",
    ),
    b(
        C::Tables,
        Key::plain(K::Tab),
        Action::OtherSide,
        "other side",
        "switch to the other side's table",
    ),
    b(
        C::Tables,
        Key::ch('d'),
        Action::Detail,
        "detail",
        "show or hide the selected unit's detail",
    ),
    b(
        C::Tables,
        Key::ch('e'),
        Action::Engage,
        "engage",
        "pair the selected unit with an enemy in Melee, or part them (2.6)",
    ),
    b(
        C::Tables,
        Key::ch('c'),
        Action::Correct,
        "correct",
        "correct the selected unit or its personalities (the table is the truth)",
    ),
    b(
        C::Tables,
        Key::ch('o'),
        Action::OffTable,
        "",
        "pick a unit from the fled and destroyed list to correct it (bring it back: off the table → no)",
    ),
    // Before a roll.
    b(
        C::BeforeRoll,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls the dice",
    ),
    b(
        C::BeforeRoll,
        Key::ch('r'),
        Action::Roll,
        "",
        "Herald rolls the dice",
    ),
    b(
        C::BeforeRoll,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' physical dice instead",
    ),
    b(
        C::BeforeRoll,
        Key::ch('c'),
        Action::Toggle(Fact::Charging),
        "",
        "toggle: a charge or counter-charge is declared (Aggressive +1, 3.1.2)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('k'),
        Action::Toggle(Fact::EnemyInChargeDistance),
        "",
        "toggle: an enemy is within charge distance (Berserk, 1.7.1, W-6)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('v'),
        Action::Toggle(Fact::EnemyVisibleAhead),
        "",
        "toggle: an enemy is visible within 45° of the front (champions, 1.7.5, W-7)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('x'),
        Action::Toggle(Fact::TacticianInSight),
        "",
        "toggle: a friendly Expert tactician is in sight (+1, 3.1.2)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('f'),
        Action::Toggle(Fact::Fleeing),
        "",
        "toggle: the unit is fleeing (2.2.1)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('o'),
        Action::Toggle(Fact::ChangingFormation),
        "",
        "toggle: the unit is finishing a formation change (2.3.3)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('+'),
        Action::EvadeFarther,
        "",
        "evading: one span more from the evaded unit (2.2, 2.4.7)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('e'),
        Action::EvadeFarther,
        "",
        "evading: one span more from the evaded unit (2.2, 2.4.7)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('-'),
        Action::EvadeNearer,
        "",
        "evading: one span less (0: not evading)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('b'),
        Action::BreakOff,
        "break off",
        "activation of a unit in Melee: try to break off instead, as its activation (2.4.8)",
    ),
    b(
        C::BeforeRoll,
        Key::ch('z'),
        Action::SetAside,
        "",
        "a step a result required: set it aside (the table has made it moot)",
    ),
    b(
        C::BeforeRoll,
        Key::plain(K::Tab),
        Action::NextDefence,
        "",
        "field defence: stakes, tabor or berm (3.3.3)",
    ),
    // Breaking off.
    b(
        C::BreakOff,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls the activation (and the random move back, if it breaks off)",
    ),
    b(
        C::BreakOff,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' dice: the activation's white dice, then the move's",
    ),
    b(
        C::BreakOff,
        Key::ch('o'),
        Action::NextOpponent,
        "opponent",
        "the next Melee opponent to break off from",
    ),
    b(
        C::BreakOff,
        Key::ch('s'),
        Action::OnlySupporting,
        "only supporting",
        "toggle: it is only a supporting unit (any unit may then break off, 2.4.8)",
    ),
    // After a roll.
    b(
        C::AfterRoll,
        Key::plain(K::Enter),
        Action::Advance,
        "done",
        "done: roll what the rules force (a flight) or go on to the next unit",
    ),
    b(
        C::AfterRoll,
        Key::ch('c'),
        Action::Choose(Choice::Charge),
        "charge",
        "charge or counter-charge (2.4.4)",
    ),
    b(
        C::AfterRoll,
        Key::ch('e'),
        Action::Choose(Choice::Evade),
        "evade",
        "evade the charging unit (2.4.7)",
    ),
    b(
        C::AfterRoll,
        Key::ch('m'),
        Action::Choose(Choice::Move),
        "move",
        "start or go on moving (2.4.1); a Broken unit stops fleeing and moves (2.2.2)",
    ),
    b(
        C::AfterRoll,
        Key::ch('s'),
        Action::Choose(Choice::Stop),
        "stop",
        "stop moving (2.4.1); a Broken unit stops fleeing and halts (2.2.2)",
    ),
    b(
        C::AfterRoll,
        Key::ch('w'),
        Action::Choose(Choice::Wheel),
        "wheel",
        "wheel (2.4.3)",
    ),
    b(
        C::AfterRoll,
        Key::ch('o'),
        Action::Choose(Choice::ChangeFormation),
        "formation",
        "change formation (2.3.3)",
    ),
    b(
        C::AfterRoll,
        Key::ch('a'),
        Action::Choose(Choice::AddChampion),
        "champion",
        "add a champion (1.7.5, W-7)",
    ),
    b(
        C::AfterRoll,
        Key::ch('x'),
        Action::Choose(Choice::Shoot),
        "shoot",
        "shoot (2.5)",
    ),
    b(
        C::AfterRoll,
        Key::ch('f'),
        Action::Choose(Choice::Flee),
        "flee",
        "flee, or a Broken unit keeps fleeing (2.4.11, 2.2.2)",
    ),
    b(
        C::AfterRoll,
        Key::ch('d'),
        Action::Defence,
        "",
        "moving: the unit reaches stakes, a tabor or a berm (3.3.3)",
    ),
    // Picking a unit.
    b(
        C::Pick,
        Key::plain(K::Enter),
        Action::Advance,
        "pick",
        "pick the unit under the cursor",
    ),
    b(
        C::Pick,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the unit above",
    ),
    b(C::Pick, Key::ch('k'), Action::FieldUp, "", "the unit above"),
    b(
        C::Pick,
        Key::plain(K::Home),
        Action::First,
        "",
        "the first unit",
    ),
    b(
        C::Pick,
        Key::plain(K::End),
        Action::Last,
        "",
        "the last unit",
    ),
    b(
        C::Pick,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the unit below",
    ),
    b(
        C::Pick,
        Key::ch('j'),
        Action::FieldDown,
        "",
        "the unit below",
    ),
    // Shooting.
    b(
        C::Shooting,
        Key::ch('z'),
        Action::SetAside,
        "",
        "a shower offered after contact: do not shoot it (W-23)",
    ),
    b(
        C::Shooting,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls the shot",
    ),
    b(
        C::Shooting,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' white dice",
    ),
    b(
        C::Shooting,
        Key::ch('s'),
        Action::NextStyle,
        "style",
        "the next style the shooter may use: massed, skirmishing, shower (2.5.1)",
    ),
    b(
        C::Shooting,
        Key::ch('+'),
        Action::RangeUp,
        "range",
        "one span farther (2.5.2)",
    ),
    b(
        C::Shooting,
        Key::ch('-'),
        Action::RangeDown,
        "",
        "one span nearer",
    ),
    b(
        C::Shooting,
        Key::ch('o'),
        Action::CoverMore(Cover::Open),
        "",
        "one more target stand in the open (2.5.3 C.2, W-14)",
    ),
    b(
        C::Shooting,
        Key::ch('O'),
        Action::CoverLess(Cover::Open),
        "",
        "one fewer target stand in the open",
    ),
    b(
        C::Shooting,
        Key::ch('l'),
        Action::CoverMore(Cover::Light),
        "",
        "one more target stand in light cover (counts 2)",
    ),
    b(
        C::Shooting,
        Key::ch('L'),
        Action::CoverLess(Cover::Light),
        "",
        "one fewer target stand in light cover",
    ),
    b(
        C::Shooting,
        Key::ch('h'),
        Action::CoverMore(Cover::Heavy),
        "",
        "one more target stand in heavy cover (counts 3)",
    ),
    b(
        C::Shooting,
        Key::ch('H'),
        Action::CoverLess(Cover::Heavy),
        "",
        "one fewer target stand in heavy cover",
    ),
    // A declared charge.
    b(
        C::Charge,
        Key::ch('r'),
        Action::Answer(Answer::CounterCharge),
        "counter-charge",
        "the target counter-charges: its activation, charging (2.4.4.2)",
    ),
    b(
        C::Charge,
        Key::ch('e'),
        Action::Answer(Answer::Evade),
        "evade",
        "the target evades: its activation, with the spans from the charger (2.4.7)",
    ),
    b(
        C::Charge,
        Key::ch('s'),
        Action::Answer(Answer::Stand),
        "stand",
        "the target stands to receive the charge",
    ),
    b(
        C::Charge,
        Key::ch('x'),
        Action::Answer(Answer::ShootAtCharger),
        "shoot at it",
        "another unit uses its activation to shoot at the charger (2.4.4)",
    ),
    b(
        C::Charge,
        Key::plain(K::Enter),
        Action::Roll,
        "charge move",
        "Herald rolls the charge move: a random move of the charge distance (2.4.4.1, 2.4.9)",
    ),
    b(
        C::Charge,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' dice for the charge move",
    ),
    b(
        C::Charge,
        Key::ch('d'),
        Action::Defence,
        "stakes/tabor/berm",
        "the charger reaches stakes, a tabor or a berm (3.3.3)",
    ),
    // After the charge move.
    b(
        C::Contact,
        Key::plain(K::Enter),
        Action::Contact(true),
        "contact",
        "the charger reached its target: they are in Melee (2.4.5)",
    ),
    b(
        C::Contact,
        Key::ch('y'),
        Action::Contact(true),
        "",
        "contact: they are in Melee",
    ),
    b(
        C::Contact,
        Key::ch('n'),
        Action::Contact(false),
        "no contact",
        "the charge fell short (or the target evaded away)",
    ),
    // Melee.
    b(
        C::Melee,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls both sides' dice",
    ),
    b(
        C::Melee,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' white dice, side a's then side b's",
    ),
    b(
        C::Melee,
        Key::plain(K::Tab),
        Action::MeleeSide,
        "other side",
        "the toggles change the other opponent's facts",
    ),
    b(
        C::Melee,
        Key::ch('c'),
        Action::MeleeToggle(MeleeFact::Charging),
        "",
        "toggle: it charged into this Melee (2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('f'),
        Action::MeleeToggle(MeleeFact::EnemyFlanks),
        "",
        "enemy flanks and rear overlapped or contacted, 0 to 3 (+1 die each, 2.6.1 A)",
    ),
    b(
        C::Melee,
        Key::ch('l'),
        Action::MeleeToggle(MeleeFact::FlanksContacted),
        "",
        "its own flanks contacted, 0 to 2 (-1 each, 2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('r'),
        Action::MeleeToggle(MeleeFact::RearContacted),
        "",
        "toggle: its rear contacted (-2, 2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('h'),
        Action::MeleeToggle(MeleeFact::StruckByChargingHeavy),
        "",
        "toggle: struck in flank or rear by charging heavy troops (-2, 2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('i'),
        Action::MeleeToggle(MeleeFact::OpponentUphill),
        "",
        "toggle: the opponent is uphill (-1, 2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('n'),
        Action::MeleeToggle(MeleeFact::EnemyInFront),
        "",
        "toggle: an enemy to its front (rank dice, 2.6.1 A)",
    ),
    b(
        C::Melee,
        Key::ch('o'),
        Action::MeleeToggle(MeleeFact::FirstRound),
        "",
        "toggle: its first round (champions leave after it, W-7)",
    ),
    b(
        C::Melee,
        Key::ch('s'),
        Action::Supports,
        "supports",
        "mark or unmark a supporting unit of the side marked ▸ (2.6; they count through f and l)",
    ),
    b(
        C::Melee,
        Key::ch('g'),
        Action::MeleeToggle(MeleeFact::RoughGround),
        "",
        "toggle: the Melee is on rough ground (2.6.1 B)",
    ),
    b(
        C::Melee,
        Key::ch('p'),
        Action::HitStands,
        "personalities",
        "which personalities of the side marked ▸ are in the stands the enemy hits, and their order from the right (3.1.3.1)",
    ),
    b(
        C::Melee,
        Key::ch('w'),
        Action::Prowess,
        "",
        "every front-rank stand holds a personality (W-20): as counted, yes, no",
    ),
    // After a Melee.
    b(
        C::MeleeResult,
        Key::plain(K::Enter),
        Action::Advance,
        "done",
        "done: the next Melee, or the end of the turn",
    ),
    b(
        C::MeleeResult,
        Key::ch('1'),
        Action::NextStep(0),
        "next step",
        "the first step the Melee offers (a flight, a stand loss, a Berserk test)",
    ),
    b(
        C::MeleeResult,
        Key::ch('2'),
        Action::NextStep(1),
        "",
        "the second step the Melee offers",
    ),
    b(
        C::MeleeResult,
        Key::ch('3'),
        Action::NextStep(2),
        "",
        "the third step the Melee offers",
    ),
    b(
        C::MeleeResult,
        Key::ch('4'),
        Action::NextStep(3),
        "",
        "the fourth step the Melee offers",
    ),
    b(
        C::MeleeResult,
        Key::ch('5'),
        Action::NextStep(4),
        "",
        "the fifth step the Melee offers",
    ),
    // A Berserk winner's move.
    b(
        C::Pursue,
        Key::plain(K::Enter),
        Action::Roll,
        "random move",
        "Herald rolls the random move at full speed toward the nearest visible enemy ahead, or the fleeing enemy (2.4.10, 2.6.3)",
    ),
    b(
        C::Pursue,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' dice for the random move",
    ),
    b(
        C::Pursue,
        Key::ch('c'),
        Action::Choose(Choice::Charge),
        "charge",
        "an enemy is in charge reach: pick it and charge at once (2.4.10, 2.6.3, 2.4.4)",
    ),
    b(
        C::Pursue,
        Key::ch('n'),
        Action::Calm,
        "no enemy ahead",
        "no enemy visible within 45 degrees of its front: it goes back to Ready (2.4.10)",
    ),
    b(
        C::Pursue,
        Key::ch('z'),
        Action::SetAside,
        "",
        "set the Berserk Move aside (the table has made it moot)",
    ),
    // A flight.
    b(
        C::Flee,
        Key::plain(K::Enter),
        Action::Roll,
        "Herald rolls",
        "Herald rolls the flight: a random move at the charge distance (2.4.11, W-11)",
    ),
    b(
        C::Flee,
        Key::ch('t'),
        Action::TypeDice,
        "type dice",
        "type the players' dice for the flight",
    ),
    b(
        C::Flee,
        Key::ch('+'),
        Action::ObstacleStands(1),
        "obstacle",
        "one more stand that cannot avoid an obstacle: it is lost (2.4.11)",
    ),
    b(
        C::Flee,
        Key::ch('-'),
        Action::ObstacleStands(-1),
        "",
        "one fewer stand lost to an obstacle",
    ),
    b(
        C::Flee,
        Key::ch('n'),
        Action::Trapped,
        "nowhere to flee",
        "a Broken unit with no direction to flee: a stand to each enemy in contact (1.7.3)",
    ),
    b(
        C::Flee,
        Key::ch('z'),
        Action::SetAside,
        "",
        "set the flight aside (the table has made it moot)",
    ),
    // Following up.
    b(
        C::FollowUp,
        Key::ch('y'),
        Action::FollowUp(true),
        "follows up",
        "the winner follows up into contact: still in Melee (2.6.3, W-26)",
    ),
    b(
        C::FollowUp,
        Key::plain(K::Enter),
        Action::FollowUp(true),
        "",
        "the winner follows up",
    ),
    b(
        C::FollowUp,
        Key::ch('n'),
        Action::FollowUp(false),
        "stays",
        "the winner does not follow up: no longer in Melee (2.6.3, W-26)",
    ),
    // Falling back into something.
    b(
        C::FallBack,
        Key::ch('o'),
        Action::FallInto(FellInto::Obstacle),
        "obstacle",
        "it could not fall back the full span: terrain or an obstacle (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('f'),
        Action::FallInto(FellInto::Friend),
        "friend",
        "it fell back into a friendly unit (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('e'),
        Action::FallInto(FellInto::EnemyFront),
        "enemy front",
        "it fell back into an enemy's front edge (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('r'),
        Action::FallInto(FellInto::EnemyRearOrSide),
        "enemy rear/side",
        "it fell back into an enemy's rear or side (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::plain(K::Tab),
        Action::OtherUnit(1),
        "which unit",
        "the next unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Right),
        Action::OtherUnit(1),
        "",
        "the next unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Left),
        Action::OtherUnit(-1),
        "",
        "the previous unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::ch('x'),
        Action::OtherFront,
        "front edge",
        "toggle: it hit that unit's front edge (else its rear or side)",
    ),
    b(
        C::FallBack,
        Key::ch('+'),
        Action::RearStands(1),
        "",
        "into an enemy front: one more rear stand lost (by default its whole last rank)",
    ),
    b(
        C::FallBack,
        Key::ch('-'),
        Action::RearStands(-1),
        "",
        "into an enemy front: one fewer rear stand lost",
    ),
    b(
        C::FallBack,
        Key::plain(K::Enter),
        Action::Advance,
        "record",
        "record what it fell into; Herald applies 2.6.2.1",
    ),
    // The personalities in the stands hit.
    b(
        C::HitStands,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the personality above",
    ),
    b(
        C::HitStands,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the personality below",
    ),
    b(
        C::HitStands,
        Key::ch(' '),
        Action::ToggleLine,
        "in/out",
        "toggle: he is in a stand the enemy hit (3.1.3.1)",
    ),
    b(
        C::HitStands,
        Key::ch('['),
        Action::MoveLine(-1),
        "move right",
        "move him one place to the right (the yellow die counts from the right)",
    ),
    b(
        C::HitStands,
        Key::ch(']'),
        Action::MoveLine(1),
        "move left",
        "move him one place to the left",
    ),
    b(
        C::HitStands,
        Key::plain(K::Enter),
        Action::Advance,
        "done",
        "done: back to the Melee",
    ),
    // Typing dice.
    b(
        C::TypeDice,
        Key::plain(K::Enter),
        Action::Advance,
        "use these dice",
        "use the dice typed",
    ),
    b(
        C::TypeDice,
        Key::plain(K::Backspace),
        Action::Backspace,
        "",
        "delete the last character",
    ),
    b(
        C::TypeDice,
        Key::plain(K::Esc),
        Action::Back,
        "back",
        "back to the roll",
    ),
    // Correcting.
    b(
        C::Correct,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the field above",
    ),
    b(
        C::Correct,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the field below",
    ),
    b(
        C::Correct,
        Key::plain(K::Left),
        Action::ValueDown,
        "",
        "the value one step lower (or the previous word)",
    ),
    b(
        C::Correct,
        Key::ch('-'),
        Action::ValueDown,
        "",
        "the value one step lower",
    ),
    b(
        C::Correct,
        Key::plain(K::Right),
        Action::ValueUp,
        "",
        "the value one step higher (or the next word)",
    ),
    b(
        C::Correct,
        Key::ch('+'),
        Action::ValueUp,
        "",
        "the value one step higher",
    ),
    b(
        C::Correct,
        Key::plain(K::Enter),
        Action::Advance,
        "record",
        "record the changed fields as corrections",
    ),
    // Picking a formation.
    b(
        C::Formation,
        Key::ch('l'),
        Action::PickFormation(Formation::Line),
        "line",
        "Line (2.3.1)",
    ),
    b(
        C::Formation,
        Key::ch('m'),
        Action::PickFormation(Formation::MarchColumn),
        "march column",
        "March Column (2.3.1.1)",
    ),
    b(
        C::Formation,
        Key::ch('s'),
        Action::PickFormation(Formation::Shieldwall),
        "shieldwall",
        "Shieldwall (2.3.1.2)",
    ),
    b(
        C::Formation,
        Key::ch('w'),
        Action::PickFormation(Formation::Wedge),
        "wedge",
        "Wedge (2.3.1.3)",
    ),
    b(
        C::Formation,
        Key::ch('h'),
        Action::PickFormation(Formation::Hedgehog),
        "hedgehog",
        "Hedgehog (2.3.1.4)",
    ),
    b(
        C::Formation,
        Key::ch('+'),
        Action::FilesBy(1),
        "files",
        "one more stand in the front rank (irregulars: one rank or one file at most, 2.3.3)",
    ),
    b(
        C::Formation,
        Key::ch('-'),
        Action::FilesBy(-1),
        "",
        "one stand fewer in the front rank",
    ),
    b(
        C::Formation,
        Key::ch('p'),
        Action::PavisesToggle,
        "pavises",
        "deploy the pavises, or pick them up: pavisiers only (3.3.3.4)",
    ),
    // Help and the question.
    b(
        C::Help,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "scroll down",
    ),
    b(C::Help, Key::plain(K::Up), Action::FieldUp, "", "scroll up"),
    b(C::Help, Key::ch('?'), Action::Back, "", "close the help"),
    b(C::Help, Key::ch('q'), Action::Back, "", "close the help"),
    b(
        C::ConfirmQuit,
        Key::ch('y'),
        Action::Yes,
        "quit",
        "quit (the battle is saved)",
    ),
    b(C::ConfirmQuit, Key::ch('n'), Action::No, "stay", "stay"),
    b(C::ConfirmQuit, Key::plain(K::Esc), Action::No, "", "stay"),
    // Everywhere.
    b(
        C::Global,
        Key::plain(K::Esc),
        Action::Back,
        "back",
        "back out of the top dialog",
    ),
    b(
        C::Global,
        Key::ch('u'),
        Action::Undo,
        "undo",
        "undo the last event",
    ),
    b(
        C::Global,
        Key::ch('U'),
        Action::Redo,
        "",
        "redo the event undone last",
    ),
    b(
        C::Global,
        Key::ctrl('r'),
        Action::Redo,
        "",
        "redo the event undone last",
    ),
    b(
        C::Global,
        Key::plain(K::PageDown),
        Action::Scroll(10),
        "",
        "a panel longer than the screen: a page down (the panel says when more is below)",
    ),
    b(
        C::Global,
        Key::plain(K::PageUp),
        Action::Scroll(-10),
        "",
        "a panel longer than the screen: a page up",
    ),
    b(
        C::Global,
        Key::plain(K::Down),
        Action::Scroll(1),
        "",
        "a panel longer than the screen: a line down",
    ),
    b(
        C::Global,
        Key::plain(K::Up),
        Action::Scroll(-1),
        "",
        "a panel longer than the screen: a line up",
    ),
    b(
        C::Global,
        Key::ch('?'),
        Action::Help,
        "help",
        "show every key",
    ),
    b(
        C::Global,
        Key::ch('q'),
        Action::Quit,
        "quit",
        "quit (asks when a resolution is half done)",
    ),
    b(
        C::Global,
        Key::ctrl('c'),
        Action::ForceQuit,
        "",
        "quit at once, saving first",
    ),
    b(
        C::Global,
        Key::ctrl('z'),
        Action::Suspend,
        "",
        "suspend Herald to the shell (fg brings it back)",
    ),
];

/// The action a key does in a context: the context's own binding, then
/// (when the context passes keys on) the global one. Text fields turn
/// digits, spaces and commas into input.
pub fn lookup(context: Context, key: Key) -> Option<Action> {
    let find = |ctx: Context| {
        BINDINGS
            .iter()
            .find(|b| b.context == ctx && b.key == key)
            .map(|b| b.action)
    };
    if let Some(a) = find(context) {
        return Some(a);
    }
    if key == Key::ctrl('c') {
        return Some(Action::ForceQuit);
    }
    if context == Context::TypeDice {
        return match key.code {
            KeyCode::Char(c) if !key.ctrl => Some(Action::Input(c)),
            _ => None,
        };
    }
    if context.passes_on() {
        return find(Context::Global);
    }
    None
}

/// The bindings of a context as the footer shows them (with hints), then the
/// global ones when the context passes keys on.
pub fn hints(context: Context) -> impl Iterator<Item = &'static Binding> {
    let global = context.passes_on();
    BINDINGS.iter().filter(move |b| {
        !b.hint.is_empty() && (b.context == context || (global && b.context == Context::Global))
    })
}

/// Every context in the order the help shows them.
pub const CONTEXTS: &[Context] = &[
    Context::Tables,
    Context::BeforeRoll,
    Context::AfterRoll,
    Context::Pick,
    Context::Shooting,
    Context::Charge,
    Context::Contact,
    Context::Melee,
    Context::MeleeResult,
    Context::Pursue,
    Context::Flee,
    Context::FollowUp,
    Context::FallBack,
    Context::HitStands,
    Context::BreakOff,
    Context::TypeDice,
    Context::Correct,
    Context::Formation,
    Context::Help,
    Context::ConfirmQuit,
    Context::Global,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, x) in BINDINGS.iter().enumerate() {
            for y in &BINDINGS[i + 1..] {
                assert!(
                    !(x.context == y.context && x.key == y.key),
                    "{:?} {} bound twice",
                    x.context,
                    x.key.label()
                );
            }
        }
    }

    #[test]
    fn dialogs_take_their_keys_before_the_global_ones() {
        assert_eq!(
            lookup(Context::BeforeRoll, Key::ch('c')),
            Some(Action::Toggle(Fact::Charging))
        );
        assert_eq!(lookup(Context::Tables, Key::ch('c')), Some(Action::Correct));
        assert_eq!(lookup(Context::Tables, Key::ch('u')), Some(Action::Undo));
        assert_eq!(
            lookup(Context::TypeDice, Key::ch('u')),
            Some(Action::Input('u'))
        );
        assert_eq!(
            lookup(Context::TypeDice, Key::ch('4')),
            Some(Action::Input('4'))
        );
        assert_eq!(
            lookup(Context::TypeDice, Key::ctrl('c')),
            Some(Action::ForceQuit)
        );
        assert_eq!(lookup(Context::ConfirmQuit, Key::ch('u')), None);
    }

    #[test]
    fn esc_backs_out_of_every_dialog() {
        for ctx in [
            Context::BeforeRoll,
            Context::AfterRoll,
            Context::TypeDice,
            Context::Correct,
            Context::Formation,
            Context::Help,
            Context::Pick,
            Context::Shooting,
            Context::Charge,
            Context::Contact,
            Context::Melee,
            Context::MeleeResult,
            Context::Pursue,
            Context::Flee,
            Context::FollowUp,
            Context::FallBack,
            Context::HitStands,
            Context::BreakOff,
        ] {
            assert_eq!(
                lookup(ctx, Key::plain(KeyCode::Esc)),
                Some(Action::Back),
                "{ctx:?}"
            );
        }
    }
}
