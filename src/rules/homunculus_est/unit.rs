//! A Homunculus Est! unit as army files and cases write it: class, ratings,
//! characteristics, attached lines and attachments, its general, and its
//! battle state (HE-2 to HE-4, the conformance README's unit table).

use crate::named_enum;

/// The three classes of UNIT CHARACTERISTICS (1) (HE-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Formed Infantry.
    FormedInfantry,
    /// Skirmishing Infantry ("Light Infantry / Infantry Skirmishers").
    SkirmishingInfantry,
    /// Cavalry.
    Cavalry,
}
named_enum!(Class {
    "formed_infantry" => Class::FormedInfantry,
    "skirmishing_infantry" => Class::SkirmishingInfantry,
    "cavalry" => Class::Cavalry,
});

/// The sheet's unit characteristics, plus Roman Legion (HE-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Characteristic {
    BattleTrained,
    Brave,
    Cataphracts,
    CauseFear,
    Drilled,
    Elephants,
    FerociousCharge,
    Frenzied,
    Heroic,
    Immobile,
    LargeBladders,
    LightChariots,
    NomadicCavalry,
    ParthianShot,
    Phalanx,
    PlentifulMissiles,
    RangedAttack,
    RearGuard,
    ScythedChariots,
    Skirmishers,
    Stubborn,
    Warband,
    Legion,
}
named_enum!(Characteristic {
    "battle_trained" => Characteristic::BattleTrained,
    "brave" => Characteristic::Brave,
    "cataphracts" => Characteristic::Cataphracts,
    "cause_fear" => Characteristic::CauseFear,
    "drilled" => Characteristic::Drilled,
    "elephants" => Characteristic::Elephants,
    "ferocious_charge" => Characteristic::FerociousCharge,
    "frenzied" => Characteristic::Frenzied,
    "heroic" => Characteristic::Heroic,
    "immobile" => Characteristic::Immobile,
    "large_bladders" => Characteristic::LargeBladders,
    "light_chariots" => Characteristic::LightChariots,
    "nomadic_cavalry" => Characteristic::NomadicCavalry,
    "parthian_shot" => Characteristic::ParthianShot,
    "phalanx" => Characteristic::Phalanx,
    "plentiful_missiles" => Characteristic::PlentifulMissiles,
    "ranged_attack" => Characteristic::RangedAttack,
    "rear_guard" => Characteristic::RearGuard,
    "scythed_chariots" => Characteristic::ScythedChariots,
    "skirmishers" => Characteristic::Skirmishers,
    "stubborn" => Characteristic::Stubborn,
    "warband" => Characteristic::Warband,
    "legion" => Characteristic::Legion,
});

impl Characteristic {
    /// A short form for narrow tables ("BT", "Phx").
    pub fn short(self) -> &'static str {
        use Characteristic as C;
        match self {
            C::BattleTrained => "BT",
            C::Brave => "Brv",
            C::Cataphracts => "Cat",
            C::CauseFear => "Fear",
            C::Drilled => "Dr",
            C::Elephants => "El",
            C::FerociousCharge => "FCh",
            C::Frenzied => "Frz",
            C::Heroic => "Her",
            C::Immobile => "Imm",
            C::LargeBladders => "LB",
            C::LightChariots => "LCh",
            C::NomadicCavalry => "Nom",
            C::ParthianShot => "Pth",
            C::Phalanx => "Phx",
            C::PlentifulMissiles => "PM",
            C::RangedAttack => "RA",
            C::RearGuard => "RG",
            C::ScythedChariots => "SCh",
            C::Skirmishers => "Sk",
            C::Stubborn => "Stb",
            C::Warband => "Wb",
            C::Legion => "Leg",
        }
    }
}

/// An attached Skirmish or Reserve Line (HE-4, SKIRMISH AND RESERVE LINES OUTCOME).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A Skirmish (or Reserve) Line of infantry.
    Infantry,
    /// A Skirmish (or Reserve) Line of cavalry.
    Cavalry,
    /// A Light Chariot Skirmish Line (UNIT CHARACTERISTICS (2) Light Chariots).
    LightChariot,
    /// An Elephant Skirmish Line (UNIT CHARACTERISTICS (1) Elephants).
    Elephant,
}
named_enum!(LineKind {
    "infantry" => LineKind::Infantry,
    "cavalry" => LineKind::Cavalry,
    "light_chariot" => LineKind::LightChariot,
    "elephant" => LineKind::Elephant,
});

/// The three attachments of ATTACHMENT CHARACTERISTICS (HE-4): not lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attachment {
    /// Small Cavalry Reserve.
    SmallCavalryReserve,
    /// Praetorian Cohort.
    PraetorianCohort,
    /// Devotio.
    Devotio,
}
named_enum!(Attachment {
    "small_cavalry_reserve" => Attachment::SmallCavalryReserve,
    "praetorian_cohort" => Attachment::PraetorianCohort,
    "devotio" => Attachment::Devotio,
});

/// A general's state (RISK TO GENERALS, HE-30).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GeneralStatus {
    /// Unhurt.
    Unhurt,
    /// Lightly wounded: still with his unit, one Generalship Point fewer.
    LightlyWounded,
    /// Seriously wounded: removed from play.
    SeriouslyWounded,
    /// Killed: removed from play.
    Killed,
}
named_enum!(GeneralStatus {
    "unhurt" => GeneralStatus::Unhurt,
    "lightly_wounded" => GeneralStatus::LightlyWounded,
    "seriously_wounded" => GeneralStatus::SeriouslyWounded,
    "killed" => GeneralStatus::Killed,
});

/// A general attached to a unit (HE-4): his initial Generalship Points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct General {
    /// His name.
    pub name: String,
    /// His initial Generalship Points (HE-30 counts cards by them).
    pub generalship: u32,
    /// His state.
    pub status: GeneralStatus,
    /// Generalship Points removed by light wounds (RISK TO GENERALS, HE-30).
    pub points_lost: u32,
    /// Generalship Points spent (a conversion, a cancel, an exchange) or
    /// removed with his army's pool (HE-8, HE-30): what the pool holds is
    /// what its generals hold.
    pub spent: u32,
}

impl General {
    /// His Generalship Points now: the initial ones less those his light
    /// wounds removed (RISK TO GENERALS, HE-30).
    pub fn points(&self) -> u32 {
        self.generalship
            .saturating_sub(self.points_lost)
            .saturating_sub(self.spent)
    }
}

/// A unit: as written in an army file, with its battle state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its name.
    pub name: String,
    /// Its class (HE-2).
    pub class: Class,
    /// Combat Rating (HE-3).
    pub combat_rating: u32,
    /// Ranged Combat Rating (HE-3), for Ranged Attack units.
    pub ranged_combat_rating: u32,
    /// Manoeuvre Rating, 1-6: a target number (HE-3).
    pub manoeuvre_rating: u32,
    /// Discipline Rating, 2-12: a target number (HE-3).
    pub discipline_rating: u32,
    /// Its characteristics (HE-4).
    pub characteristics: Vec<Characteristic>,
    /// Its attached Skirmish and Reserve Lines (HE-4).
    pub lines: Vec<LineKind>,
    /// Its attachments (HE-4).
    pub attachments: Vec<Attachment>,
    /// Its general, if one is attached.
    pub general: Option<General>,
    /// Disordered.
    pub disordered: bool,
    /// Activated this phase (HE-5).
    pub activated: bool,
    /// Its previous activation was a failed Movement or Charge Activation (HE-13).
    pub failed_last_movement: bool,
    /// Its Drilled/Skirmisher free manoeuvre re-roll is used this turn (HE-15).
    pub free_reroll_used: bool,
    /// Nomadic Cavalry: its shot during a Movement Activation is used this
    /// turn (UNIT CHARACTERISTICS (2), HE-5.4, HE-34).
    pub shot_on_the_move: bool,
    /// Its once-per-game Brave re-roll is used (HE-26).
    pub brave_used: bool,
    /// Its once-per-game Heroic re-roll is used (HE-27).
    pub heroic_used: bool,
    /// In Pursuit Off-Table (HE-33).
    pub off_table: bool,
    /// A Legion's Eagle is lost (HE-32).
    pub eagle_lost: bool,
    /// A Legion has suffered Centurion Casualties (HE-32).
    pub centurion_casualties: bool,
    /// It has left play: routed, destroyed, pushed off the table.
    pub removed: bool,
}

impl Unit {
    /// A unit of `class` with the given ratings and nothing else.
    pub fn new(name: &str, class: Class, cr: u32, mr: u32, dr: u32) -> Unit {
        Unit {
            name: name.to_string(),
            class,
            combat_rating: cr,
            ranged_combat_rating: 0,
            manoeuvre_rating: mr,
            discipline_rating: dr,
            characteristics: Vec::new(),
            lines: Vec::new(),
            attachments: Vec::new(),
            general: None,
            disordered: false,
            activated: false,
            failed_last_movement: false,
            free_reroll_used: false,
            shot_on_the_move: false,
            brave_used: false,
            heroic_used: false,
            off_table: false,
            eagle_lost: false,
            centurion_casualties: false,
            removed: false,
        }
    }

    /// Whether it has characteristic `c`.
    pub fn has(&self, c: Characteristic) -> bool {
        self.characteristics.contains(&c)
    }

    /// Whether it has attachment `a`.
    pub fn attached(&self, a: Attachment) -> bool {
        self.attachments.contains(&a)
    }

    /// A Skirmisher: Skirmishing Infantry or the Skirmishers characteristic (HE-2).
    pub fn is_skirmisher(&self) -> bool {
        self.class == Class::SkirmishingInfantry || self.has(Characteristic::Skirmishers)
    }

    /// Formed: every unit that is not a Skirmisher (HE-2).
    pub fn is_formed(&self) -> bool {
        !self.is_skirmisher()
    }

    /// Cavalry: the Cavalry class, and Light and Scythed Chariots whatever
    /// class is written ("use the same rules as cavalry", HE-2).
    pub fn is_cavalry(&self) -> bool {
        self.class == Class::Cavalry
            || self.has(Characteristic::LightChariots)
            || self.has(Characteristic::ScythedChariots)
    }

    /// Infantry: either infantry class, unless chariots make it Cavalry (HE-2).
    pub fn is_infantry(&self) -> bool {
        !self.is_cavalry()
    }

    /// Light Cavalry: Cavalry with the Skirmishers characteristic (HE-2).
    pub fn is_light_cavalry(&self) -> bool {
        self.is_cavalry() && self.has(Characteristic::Skirmishers)
    }

    /// Uses the Skirmishers/Cavalry column of PUSH BACK and FOLLOW UP:
    /// Skirmishers, Cavalry, and Elephants, which "count as Cavalry when
    /// carrying out Push Backs and Follow Ups" (HE-2, HE-24, HE-25).
    pub fn moves_as_cavalry_or_skirmisher(&self) -> bool {
        self.is_skirmisher() || self.is_cavalry() || self.has(Characteristic::Elephants)
    }

    /// Its class in words, chariots named as the Cavalry they count as.
    pub fn class_words(&self) -> &'static str {
        if self.is_light_cavalry() {
            "Light Cavalry"
        } else if self.is_cavalry() {
            "Cavalry"
        } else if self.class == Class::SkirmishingInfantry {
            "Skirmishing Infantry"
        } else {
            "Formed Infantry"
        }
    }

    /// Whether the unit is Formed or a Skirmisher, in words.
    pub fn kind_words(&self) -> &'static str {
        if self.is_formed() {
            "Formed"
        } else {
            "Skirmisher"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::named::Named;

    #[test]
    fn classes_follow_he_2() {
        let mut u = Unit::new("x", Class::Cavalry, 2, 2, 8);
        assert!(u.is_formed() && u.is_cavalry());
        u.characteristics.push(Characteristic::Skirmishers);
        assert!(u.is_skirmisher() && u.is_light_cavalry());
        let mut c = Unit::new("chariots", Class::FormedInfantry, 2, 3, 7);
        c.characteristics.push(Characteristic::ScythedChariots);
        assert!(c.is_cavalry(), "scythed chariots use the rules of cavalry");
        let mut e = Unit::new("elephants", Class::FormedInfantry, 4, 5, 8);
        e.characteristics.push(Characteristic::Elephants);
        assert!(e.is_infantry() && e.moves_as_cavalry_or_skirmisher());
        assert!(Unit::new("s", Class::SkirmishingInfantry, 1, 3, 8).is_skirmisher());
    }

    #[test]
    fn every_characteristic_has_a_word() {
        assert_eq!(Characteristic::ALL.len(), 23);
        assert_eq!(
            Characteristic::parse("rear_guard"),
            Some(Characteristic::RearGuard)
        );
    }
}
