//! Events of a Warlord I battle: every change to it, a procedure resolved
//! with the dice actually rolled, a fact of the table the referee reports, a
//! referee's correction, or a step of the Move (Rule 25). An event records
//! the procedure's inputs, never its results: the fold re-runs the rules of
//! `rules::warlord_i`, so replay always equals live play.
//!
//! The playsheet leaves distances, charges, evasions, contact and reaction
//! moves to the table (WI-23): events carry them as the referee's input
//! (`distance_cm`, `range_cm`, a charge's target, an engagement, a flag for
//! a waver test), and Herald does the arithmetic.

use crate::dice::Dice;
use crate::named_enum;
use crate::rules::Side;
use crate::rules::warlord_i::{
    Activity, AttritionGains, ChargeTarget, CoActivity, CoStatus, FugitiveSituation, MeleeFacts,
    Morale, ShootingSituation, SidesDice, WaverSituation, WinnerMoves,
};
use std::fmt;

pub use crate::battle::UnitId;

/// A commanding officer's stable id: his side and his division's place in
/// that side's list (army by army, division by division), written `a1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CoId {
    /// The side he commands on.
    pub side: Side,
    /// His division's place in the side's list, from 0.
    pub index: usize,
}

impl CoId {
    /// The CO of division `index` (from 0) of `side`.
    pub fn new(side: Side, index: usize) -> CoId {
        CoId { side, index }
    }

    /// Reads the written form `a1`, `b3` (side letter, place from 1).
    pub fn parse(text: &str) -> Option<CoId> {
        UnitId::parse(text).map(|u| CoId::new(u.side, u.index))
    }
}

impl fmt::Display for CoId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.name(), self.index + 1)
    }
}

/// A disaster of this Move (WI-12); it counts for the rest of the Move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disaster {
    /// A unit started to rout.
    Routed(UnitId),
    /// A unit lost its last base.
    Destroyed(UnitId),
    /// A unit surrendered (WI-20).
    Surrendered(UnitId),
    /// A general was killed or captured (WI-21).
    GeneralLost(CoId),
}

impl Disaster {
    /// The side that suffered it.
    pub fn side(self) -> Side {
        match self {
            Disaster::Routed(u) | Disaster::Destroyed(u) | Disaster::Surrendered(u) => u.side,
            Disaster::GeneralLost(c) => c.side,
        }
    }

    /// Its kind as a save writes it: `rout`, `destroyed`, `surrendered`,
    /// `general_lost`.
    pub fn code(self) -> &'static str {
        match self {
            Disaster::Routed(_) => "rout",
            Disaster::Destroyed(_) => "destroyed",
            Disaster::Surrendered(_) => "surrendered",
            Disaster::GeneralLost(_) => "general_lost",
        }
    }

    /// Every written kind, for messages.
    pub const CODES: &'static str = "rout, destroyed, surrendered, general_lost";

    /// The disaster of kind `code` to `of` (a unit's id, or a CO's for a
    /// general lost).
    pub fn parse(code: &str, of: UnitId) -> Option<Disaster> {
        Some(match code {
            "rout" => Disaster::Routed(of),
            "destroyed" => Disaster::Destroyed(of),
            "surrendered" => Disaster::Surrendered(of),
            "general_lost" => Disaster::GeneralLost(CoId::new(of.side, of.index)),
            _ => return None,
        })
    }

    /// Whom it befell, written `a2` (a unit, or a CO for a general lost).
    pub fn of(self) -> String {
        match self {
            Disaster::Routed(u) | Disaster::Destroyed(u) | Disaster::Surrendered(u) => {
                u.to_string()
            }
            Disaster::GeneralLost(c) => c.to_string(),
        }
    }

    /// The unit it befell, if a unit.
    pub fn unit(self) -> Option<UnitId> {
        match self {
            Disaster::Routed(u) | Disaster::Destroyed(u) | Disaster::Surrendered(u) => Some(u),
            Disaster::GeneralLost(_) => None,
        }
    }
}

/// Where a Move stands in the sequence of Rule 25.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// 1. Dice for the order of play (Rule 26, WI-3).
    OrderOfPlay,
    /// 2. and 3. A player's CO control, recuperation and movement, routs first.
    Command(Side),
    /// 4. Shooting, both sides (Rules 55-56).
    Shooting,
    /// 5. Waver tests, both sides (Rules 58-60).
    WaverTests,
    /// 6. Charges, counter-charges and other attacks completed (Rules 63-75).
    Charges,
    /// 7. Melees, both sides (Rules 76-84).
    Melees,
    /// 8. Conclude the Move (Rules 100-101): generals' wounds (Rule 99, WI-21).
    Conclude,
}

impl Phase {
    /// The written form: `order_of_play`, `command_a`, `command_b`,
    /// `shooting`, `waver_tests`, `charges`, `melees`, `conclude`.
    pub fn code(self) -> &'static str {
        match self {
            Phase::OrderOfPlay => "order_of_play",
            Phase::Command(Side::A) => "command_a",
            Phase::Command(Side::B) => "command_b",
            Phase::Shooting => "shooting",
            Phase::WaverTests => "waver_tests",
            Phase::Charges => "charges",
            Phase::Melees => "melees",
            Phase::Conclude => "conclude",
        }
    }

    /// Reads the written form.
    pub fn parse(text: &str) -> Option<Phase> {
        Some(match text {
            "order_of_play" => Phase::OrderOfPlay,
            "command_a" => Phase::Command(Side::A),
            "command_b" => Phase::Command(Side::B),
            "shooting" => Phase::Shooting,
            "waver_tests" => Phase::WaverTests,
            "charges" => Phase::Charges,
            "melees" => Phase::Melees,
            "conclude" => Phase::Conclude,
            _ => return None,
        })
    }

    /// Every written form, for error messages.
    pub const CODES: &'static str =
        "order_of_play, command_a, command_b, shooting, waver_tests, charges, melees, conclude";

    /// Its step of Rule 25 (1 to 8; both command steps are 2 and 3).
    pub fn step(self) -> &'static str {
        match self {
            Phase::OrderOfPlay => "1",
            Phase::Command(_) => "2-3",
            Phase::Shooting => "4",
            Phase::WaverTests => "5",
            Phase::Charges => "6",
            Phase::Melees => "7",
            Phase::Conclude => "8",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::OrderOfPlay => write!(f, "the order of play"),
            Phase::Command(s) => {
                write!(f, "side {}'s command, recuperation and movement", s.name())
            }
            Phase::Shooting => write!(f, "shooting"),
            Phase::WaverTests => write!(f, "waver tests"),
            Phase::Charges => write!(f, "charges"),
            Phase::Melees => write!(f, "melees"),
            Phase::Conclude => write!(f, "the conclusion of the Move"),
        }
    }
}

/// What a CO spends a unit's CCPs on: the six applications of E54.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Application {
    /// 1. Authorising special actions (the mover).
    Special,
    /// 2. Rallying and establishing control (the mover): recuperation takes 2 APs (WI-9).
    Rally,
    /// 3. Declaring charges and other attacks (the mover).
    Attack,
    /// 4. Authorising responses (the responding opponent).
    Response,
    /// 5. Authorising and restraining normal actions (the mover).
    Normal,
    /// 6. Prompting other actions later in the turn (the mover).
    Prompt,
}
named_enum!(Application {
    "special" => Application::Special,
    "rally" => Application::Rally,
    "attack" => Application::Attack,
    "response" => Application::Response,
    "normal" => Application::Normal,
    "prompt" => Application::Prompt,
});

impl Application {
    /// In words, as E54 lists it.
    pub fn title(self) -> &'static str {
        match self {
            Application::Special => "special actions",
            Application::Rally => "rallying and establishing control",
            Application::Attack => "a charge or other attack",
            Application::Response => "a response",
            Application::Normal => "normal actions",
            Application::Prompt => "actions later in the turn",
        }
    }
}

/// A cause of a waver test (Rule 58). Any AP from shooting flags the unit
/// by itself (WI-13); the other causes are the table's, reported by the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaverCause {
    /// A rout starts or passes within 10 cm, or another disaster occurs within 10 cm.
    Disaster,
    /// It suffers losses while conducting a fake retreat (Rule 83).
    FakeRetreat,
    /// It tries to press home an attack, unless reckless (Rule 66).
    PressHome,
    /// It tries to counter-charge home, unless reckless (Rule 66).
    CounterChargeHome,
    /// It stands to receive an attack, unless reckless (Rule 66).
    StandToReceive,
    /// A friendly religious party is attacked within sight (E17).
    ReligiousParty,
    /// It suffered attrition (APs) from shooting this Move (Rule 56).
    Shooting,
    /// It conducts a resulting retreat (IRMD) or follow-up (IFUM) (Rule 61).
    RetreatOrFollowUp,
}
named_enum!(WaverCause {
    "disaster" => WaverCause::Disaster,
    "fake_retreat" => WaverCause::FakeRetreat,
    "press_home" => WaverCause::PressHome,
    "counter_charge_home" => WaverCause::CounterChargeHome,
    "stand_to_receive" => WaverCause::StandToReceive,
    "religious_party" => WaverCause::ReligiousParty,
    "shooting" => WaverCause::Shooting,
    "retreat_or_follow_up" => WaverCause::RetreatOrFollowUp,
});

/// Why a unit routs (Rule 62's additional morale responses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoutCause {
    /// Fleeing superior troops, routing, interpenetrated it: it routs too.
    Interpenetrated,
    /// It was shaken (or dispersed) and routing friends interpenetrated
    /// it: it routs too.
    ThroughShaken,
    /// Evading, it was trapped by impassable terrain or troops and contacted.
    EvadersTrapped,
    /// Fleeing superior troops, wavering, interpenetrated it: it wavers too.
    InterpenetratedWavering,
    /// It was shaken (or dispersed) and wavering friends interpenetrated
    /// it: it wavers too, retreating in front of them.
    ThroughShakenWavering,
}
named_enum!(RoutCause {
    "interpenetrated" => RoutCause::Interpenetrated,
    "through_shaken" => RoutCause::ThroughShaken,
    "evaders_trapped" => RoutCause::EvadersTrapped,
    "interpenetrated_wavering" => RoutCause::InterpenetratedWavering,
    "through_shaken_wavering" => RoutCause::ThroughShakenWavering,
});

impl RoutCause {
    /// In words, as Rule 62 lists it (the log's words; a save from before
    /// the wavering causes keeps its words).
    pub fn title(self) -> &'static str {
        match self {
            RoutCause::Interpenetrated => "fleeing superior troops interpenetrated it",
            RoutCause::ThroughShaken => {
                "wavering or routing friends interpenetrated it while shaken"
            }
            RoutCause::EvadersTrapped => "evading, it was trapped and contacted",
            RoutCause::InterpenetratedWavering => {
                "fleeing superior troops, wavering, interpenetrated it"
            }
            RoutCause::ThroughShakenWavering => "wavering friends interpenetrated it while shaken",
        }
    }

    /// The panel's words for each cause, the friends' morale said (Rule 62:
    /// "waver or rout too").
    pub fn choice(self) -> &'static str {
        match self {
            RoutCause::Interpenetrated => "fleeing superior troops, routing, interpenetrated it",
            RoutCause::ThroughShaken => "routing friends interpenetrated it while shaken",
            other => other.title(),
        }
    }

    /// Rule 62's "waver or rout too": the unit wavers, not routs, where the
    /// friends passing through it were wavering.
    pub fn wavers(self) -> bool {
        matches!(
            self,
            RoutCause::InterpenetratedWavering | RoutCause::ThroughShakenWavering
        )
    }

    /// Rule 62: troops interpenetrated while shaken (or dispersed).
    pub fn while_shaken(self) -> bool {
        matches!(
            self,
            RoutCause::ThroughShaken | RoutCause::ThroughShakenWavering
        )
    }
}

impl WaverCause {
    /// In words, as Rule 58 lists it.
    pub fn title(self) -> &'static str {
        match self {
            WaverCause::Disaster => "a rout or other disaster within 10 cm",
            WaverCause::FakeRetreat => "losses in a fake retreat",
            WaverCause::PressHome => "pressing home an attack",
            WaverCause::CounterChargeHome => "counter-charging home",
            WaverCause::StandToReceive => "standing to receive an attack",
            WaverCause::ReligiousParty => "a friendly religious party attacked in sight",
            WaverCause::Shooting => "APs from shooting",
            WaverCause::RetreatOrFollowUp => "a resulting retreat or follow-up",
        }
    }

    /// Whether a reckless unit is spared the test for this cause (Rule 58: "unless reckless").
    pub fn spares_reckless(self) -> bool {
        matches!(
            self,
            WaverCause::PressHome | WaverCause::CounterChargeHome | WaverCause::StandToReceive
        )
    }
}

/// What a rally of a routed unit achieved, as the referee says (E54
/// application 2; Herald's reading WI-H1, `docs/readings-warlord-i.md`):
/// the playsheet prices the rally but does not say what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RallyOutcome {
    /// The rally did not take: the unit routs on.
    NotRallied,
    /// Rallied: it stops routing and is wavering.
    Wavering,
    /// Rallied: it stops routing and is shaken.
    Shaken,
}
named_enum!(RallyOutcome {
    "not_rallied" => RallyOutcome::NotRallied,
    "wavering" => RallyOutcome::Wavering,
    "shaken" => RallyOutcome::Shaken,
});

impl RallyOutcome {
    /// In words, for a fact and a summary.
    pub fn title(self) -> &'static str {
        match self {
            RallyOutcome::NotRallied => "not rallied: it routs on",
            RallyOutcome::Wavering => "rallied: wavering",
            RallyOutcome::Shaken => "rallied: shaken",
        }
    }

    /// The morale a rallied unit takes, if it rallied.
    pub fn morale(self) -> Option<Morale> {
        match self {
            RallyOutcome::NotRallied => None,
            RallyOutcome::Wavering => Some(Morale::Wavering),
            RallyOutcome::Shaken => Some(Morale::Shaken),
        }
    }
}

/// What the referee says of commanding a unit (Rule 29, E54, WI-6); the
/// rest of the cost (rallying a routed unit, bases in melee, pursuing or
/// looting, a lost CO base) Herald knows from the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CommandFacts {
    /// Restraining and prompting it together.
    pub restrain_and_prompt: bool,
    /// Centimetres from the CO base to the unit's nearest base (the table's).
    pub distance_cm: u32,
    /// The enemy an OO unit is prompted to charge, when not named by `target`.
    pub charge_target: Option<ChargeTarget>,
    /// Rallying a routed unit: whether it rallied, and to what (WI-H1).
    pub rallied: Option<RallyOutcome>,
}

/// What the referee says of a unit dicing to enter or return (Rule 47,
/// WI-22); earlier failures Herald counts itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EnterFacts {
    /// The CO leading it, if another than the unit's own (`co_stars`).
    pub led_by: Option<CoId>,
    /// A flank march: centimetres from the arrival point to the baseline.
    pub flank_march_cm: Option<u32>,
    /// Returning to the field.
    pub returning: bool,
    /// Evaded off-table and its pursuers have not yet returned.
    pub pursuers_not_returned: bool,
    /// Enemy bases opposing the entry; 0 when unopposed.
    pub opposing_bases: u32,
}

/// CCPs the C-in-C gives a divisional CO as he tests (Rule 29, WI-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TransferFacts {
    /// CCPs taken from the C-in-C's pool.
    pub ccps: u32,
    /// Centimetres between the two command bases (the table's).
    pub distance_cm: u32,
}

/// A referee's direct correction of one unit (the table is the truth).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Correction {
    /// Sets the morale state (Rules 58-62).
    Morale(Morale),
    /// Sets the attrition points, DPs included (WI-8).
    Aps(u32),
    /// Sets how many of the APs are disorder points (WI-8).
    Dps(u32),
    /// Sets the bases in the unit (0: destroyed, WI-10).
    Bases(u32),
    /// Sets the casualty bases removed so far.
    BasesLost(u32),
    /// Sets the bases in its front rank.
    Files(u32),
    /// Sets its ranks.
    Ranks(u32),
    /// Sets what it is doing this Move (charging, evading, pursuing …).
    Activity(Vec<Activity>),
    /// Sets whether it has taken its waver test this Move (Rule 58).
    WaverTested(bool),
    /// Takes the unit off the table (`true`: evaded off, not yet arrived)
    /// or returns it to play (`false`).
    Removed(bool),
}

/// A referee's direct correction of one CO.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoCorrection {
    /// Sets his wounds (Rule 99).
    Status(CoStatus),
    /// Sets whether his command base is dispersed (Rule 99, 7).
    Dispersed(bool),
    /// Sets what he is doing himself (Rule 29's -1 a die).
    Activity(Vec<CoActivity>),
    /// Sets his CCPs left this Move.
    Ccps(u32),
}

/// One change to a Warlord I battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Each side throws one die for the order of play (Rule 26, WI-3).
    OrderOfPlay {
        /// Whether the winner moves first or second (the winner's choice).
        winner_moves: WinnerMoves,
        /// Each side's die.
        dice: SidesDice,
    },
    /// A CO's command test, one die per star (Rule 29, WI-4), with CCPs
    /// from the C-in-C (WI-5).
    CommandTest {
        /// The CO.
        co: CoId,
        /// CCPs the C-in-C gives him, if any.
        transfer: Option<TransferFacts>,
        /// His dice.
        dice: Dice,
    },
    /// A CO spends a unit's cost in CCPs on one of E54's applications (Rule 29, WI-6).
    Command {
        /// The unit commanded.
        unit: UnitId,
        /// The CO who spends: its division's, or its army's C-in-C.
        co: CoId,
        /// What for.
        application: Application,
        /// The enemy it charges or attacks (an attack: it is then charging, the enemy being charged).
        target: Option<UnitId>,
        /// What the referee says of the table.
        facts: CommandFacts,
    },
    /// An isolated unit's CO tests on his initiative (Rules 29, 37, 62; WI-7).
    Initiative {
        /// The unit.
        unit: UnitId,
        /// What its CO is doing (Rule 29's -1 a die).
        co_activity: Vec<CoActivity>,
        /// What the referee says of the table.
        facts: CommandFacts,
        /// The CO's dice.
        dice: Dice,
    },
    /// A side's recuperation step: each of its units on the table recuperates
    /// or not, and loses bases as WI-10 says (Rules 15, 16; WI-9, WI-10).
    Recuperation {
        /// The side.
        side: Side,
    },
    /// A unit off the table dices to enter or return (Rule 47, WI-22).
    EnterField {
        /// The unit.
        unit: UnitId,
        /// What the referee says.
        facts: EnterFacts,
        /// Two dice.
        dice: Dice,
    },
    /// A unit shoots at an enemy (Rules 55-56, WI-16, WI-17).
    Shooting {
        /// The shooters.
        shooter: UnitId,
        /// The target.
        target: UnitId,
        /// What the referee says of the shot (range, bases, cover …).
        situation: ShootingSituation,
        /// One die, two for rockets and heavy catapults.
        dice: Dice,
    },
    /// The referee reports a cause of a waver test for a unit (Rule 58, WI-13).
    Flag {
        /// The unit.
        unit: UnitId,
        /// The cause.
        cause: WaverCause,
    },
    /// The referee names the friendly units within 10 cm of a disaster of
    /// this Move (WI-12; the distance the table's): each gains 1 AP (Rule
    /// 12) and owes a waver test (Rule 58). None is an answer.
    FriendsWithin10cm {
        /// The disaster.
        disaster: Disaster,
        /// The friendly units within 10 cm of it.
        units: Vec<UnitId>,
    },
    /// A unit routs for one of Rule 62's causes: a disaster (WI-12) whose
    /// friends within 10 cm test (Rule 58; the distance the referee's).
    Rout {
        /// The unit.
        unit: UnitId,
        /// Why (Rule 62).
        cause: RoutCause,
        /// Evaders trapped and contacted: its bases in direct contact, which
        /// are destroyed (Rules 62, 70, 89); 0 for any other cause.
        bases_in_contact: u32,
    },
    /// The referee sets aside a unit's flagged waver test the table made moot.
    Dismiss {
        /// The unit.
        unit: UnitId,
    },
    /// A unit's waver test (Rules 58-60, WI-13 to WI-15).
    WaverTest {
        /// The unit.
        unit: UnitId,
        /// What the referee says (disasters in reach, flanks, support …).
        situation: WaverSituation,
        /// Two dice.
        dice: Dice,
    },
    /// Attrition and disorder points from causes the referee reports (Rules 12, 18; WI-8).
    Attrition {
        /// The unit.
        unit: UnitId,
        /// How many times each cause happened.
        gains: AttritionGains,
    },
    /// Fugitives' attrition: routing or evading after their move,
    /// overridden or ridden through (Rule 13, WI-11).
    FugitiveAttrition {
        /// The unit.
        unit: UnitId,
        /// What the referee says.
        situation: FugitiveSituation,
        /// One die.
        dice: Dice,
    },
    /// Two units are in melee with each other (a charge or follow-up made contact).
    Engage {
        /// One unit.
        a: UnitId,
        /// An enemy unit.
        b: UnitId,
    },
    /// Two units are no longer in melee.
    Disengage {
        /// One unit.
        a: UnitId,
        /// The other.
        b: UnitId,
    },
    /// A round of melee between two engaged units (Rules 76-84, WI-18 to WI-20).
    Melee {
        /// Side a of the melee.
        a: UnitId,
        /// Side b of the melee.
        b: UnitId,
        /// What the referee says of a (and its player's response, WI-20).
        facts_a: MeleeFacts,
        /// What the referee says of b.
        facts_b: MeleeFacts,
        /// Fought at once with the units' other pairs this Move (WI-H2):
        /// an opponent's losses to another enemy this Move count not.
        /// Written by today's Herald; a save from before reads `false`.
        simultaneous: bool,
        /// One die each.
        dice: SidesDice,
    },
    /// A CO's command base is with a unit (it leads it), or with none.
    Attach {
        /// The CO.
        co: CoId,
        /// The unit he is with.
        unit: Option<UnitId>,
    },
    /// A general's wounding roll in Conclude the Move (Rule 99, WI-21).
    GeneralRisk {
        /// The CO.
        co: CoId,
        /// One die.
        dice: Dice,
    },
    /// A referee's correction of one unit.
    Correct {
        /// The unit.
        unit: UnitId,
        /// What changes.
        correction: Correction,
    },
    /// A referee's correction of one CO.
    CorrectCo {
        /// The CO.
        co: CoId,
        /// What changes.
        correction: CoCorrection,
    },
    /// The next step of the Move (Rule 25).
    NextPhase,
    /// The referee moves the sequence elsewhere (skip ahead or go back).
    GoTo {
        /// The Move, from 1.
        turn: u32,
        /// The step.
        phase: Phase,
    },
}

impl Event {
    /// The event's kind as the save file writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::OrderOfPlay { .. } => "order_of_play",
            Event::CommandTest { .. } => "command_test",
            Event::Command { .. } => "command",
            Event::Initiative { .. } => "initiative",
            Event::Recuperation { .. } => "recuperation",
            Event::EnterField { .. } => "enter_field",
            Event::Shooting { .. } => "shooting",
            Event::Flag { .. } => "flag",
            Event::FriendsWithin10cm { .. } => "friends_within_10cm",
            Event::Rout { .. } => "rout",
            Event::Dismiss { .. } => "dismiss",
            Event::WaverTest { .. } => "waver_test",
            Event::Attrition { .. } => "attrition",
            Event::FugitiveAttrition { .. } => "fugitive_attrition",
            Event::Engage { .. } => "engage",
            Event::Disengage { .. } => "disengage",
            Event::Melee { .. } => "melee",
            Event::Attach { .. } => "attach",
            Event::GeneralRisk { .. } => "general_risk",
            Event::Correct { .. } => "correct",
            Event::CorrectCo { .. } => "correct_co",
            Event::NextPhase => "next_phase",
            Event::GoTo { .. } => "go_to",
        }
    }

    /// Whether the event carries dice (a procedure).
    pub fn is_roll(&self) -> bool {
        matches!(
            self,
            Event::OrderOfPlay { .. }
                | Event::CommandTest { .. }
                | Event::Initiative { .. }
                | Event::EnterField { .. }
                | Event::Shooting { .. }
                | Event::WaverTest { .. }
                | Event::FugitiveAttrition { .. }
                | Event::Melee { .. }
                | Event::GeneralRisk { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::named::Named;

    #[test]
    fn phases_round_trip() {
        for p in [
            Phase::OrderOfPlay,
            Phase::Command(Side::A),
            Phase::Command(Side::B),
            Phase::Shooting,
            Phase::WaverTests,
            Phase::Charges,
            Phase::Melees,
            Phase::Conclude,
        ] {
            assert_eq!(Phase::parse(p.code()), Some(p));
            assert!(Phase::CODES.contains(p.code()));
        }
        assert_eq!(Phase::parse("melee"), None);
    }

    #[test]
    fn co_ids_are_written_from_one() {
        let id = CoId::new(Side::B, 2);
        assert_eq!(id.to_string(), "b3");
        assert_eq!(CoId::parse("b3"), Some(id));
        assert_eq!(CoId::parse("c1"), None);
    }

    #[test]
    fn only_rule_66_causes_spare_the_reckless() {
        let spared: Vec<&str> = crate::rules::warlord_i::unit::all::<WaverCause>()
            .filter(|c| c.spares_reckless())
            .map(|c| c.name())
            .collect();
        assert_eq!(
            spared,
            ["press_home", "counter_charge_home", "stand_to_receive"]
        );
    }
}
