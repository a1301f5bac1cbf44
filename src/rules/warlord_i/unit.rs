//! A unit as the Warlord I playsheet sees it: its troop type and order,
//! armour class, drill and class (the Vd…Rt codes of Rule 29), morale class
//! (Rule 59), weapons (Rules 55, 76, 79), and its battle state: bases,
//! attrition and disorder points (Rules 12-18), morale and activity.
//! The sheet does not define its codes; WI-2 reads them.

use crate::named_enum;
use crate::rules::named::Named;

/// The troop types of the movement and range tables (Rules 39, 55; WI-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TroopType {
    /// Foot of any order.
    Foot,
    /// Cavalry ("Cv").
    Cavalry,
    /// Camelry ("Cm").
    Camelry,
    /// Light chariots ("LChs").
    LightChariots,
    /// Heavy chariots ("HChs").
    HeavyChariots,
    /// Scythed chariots ("SChs").
    ScythedChariots,
    /// Elephants ("Els").
    Elephants,
    /// A light catapult.
    LightCatapult,
    /// A carroballista (ranges as a light catapult, Rule 55).
    Carroballista,
    /// A heavy catapult.
    HeavyCatapult,
    /// A rocket battery.
    RocketBattery,
    /// Baggage wagons ("BWgs").
    BaggageWagons,
    /// Pack animals.
    PackAnimals,
}
named_enum!(TroopType {
    "foot" => TroopType::Foot,
    "cavalry" => TroopType::Cavalry,
    "camelry" => TroopType::Camelry,
    "light_chariots" => TroopType::LightChariots,
    "heavy_chariots" => TroopType::HeavyChariots,
    "scythed_chariots" => TroopType::ScythedChariots,
    "elephants" => TroopType::Elephants,
    "light_catapult" => TroopType::LightCatapult,
    "carroballista" => TroopType::Carroballista,
    "heavy_catapult" => TroopType::HeavyCatapult,
    "rocket_battery" => TroopType::RocketBattery,
    "baggage_wagons" => TroopType::BaggageWagons,
    "pack_animals" => TroopType::PackAnimals,
});

impl TroopType {
    /// The type as the playsheet writes it.
    pub fn title(self) -> &'static str {
        match self {
            TroopType::Foot => "foot",
            TroopType::Cavalry => "cavalry",
            TroopType::Camelry => "camelry",
            TroopType::LightChariots => "light chariots",
            TroopType::HeavyChariots => "heavy chariots",
            TroopType::ScythedChariots => "scythed chariots",
            TroopType::Elephants => "elephants",
            TroopType::LightCatapult => "a light catapult",
            TroopType::Carroballista => "a carroballista",
            TroopType::HeavyCatapult => "a heavy catapult",
            TroopType::RocketBattery => "a rocket battery",
            TroopType::BaggageWagons => "baggage wagons",
            TroopType::PackAnimals => "pack animals",
        }
    }

    /// Mounted ("Mt"): cavalry, camelry, chariots and elephants (WI-2).
    pub fn is_mounted(self) -> bool {
        matches!(
            self,
            TroopType::Cavalry | TroopType::Camelry | TroopType::Elephants
        ) || self.is_chariots()
    }

    /// Light, heavy or scythed chariots ("Chs").
    pub fn is_chariots(self) -> bool {
        matches!(
            self,
            TroopType::LightChariots | TroopType::HeavyChariots | TroopType::ScythedChariots
        )
    }

    /// Artillery ("Art"): catapults, carroballistae and rocket batteries.
    pub fn is_artillery(self) -> bool {
        matches!(
            self,
            TroopType::LightCatapult
                | TroopType::Carroballista
                | TroopType::HeavyCatapult
                | TroopType::RocketBattery
        )
    }

    /// Baggage wagons and pack animals: the "Other" column of Rule 55 (WI-16).
    pub fn is_baggage(self) -> bool {
        matches!(self, TroopType::BaggageWagons | TroopType::PackAnimals)
    }

    /// Whether the type has an order (OO, NL, NR, NC): foot, cavalry and camelry only (WI-2).
    pub fn has_order(self) -> bool {
        matches!(
            self,
            TroopType::Foot | TroopType::Cavalry | TroopType::Camelry
        )
    }

    /// Whether the type has a drill and class of its own: all but artillery
    /// and baggage, which cost as Sd (WI-6).
    pub fn has_drill_and_class(self) -> bool {
        !self.is_artillery() && !self.is_baggage()
    }

    /// The armour class a type takes from itself, if it does (WI-16, WI-18):
    /// light chariots AR, heavy chariots HA, scythed chariots and elephants
    /// FA, artillery crews LA.
    pub fn own_armour(self) -> Option<Armour> {
        match self {
            TroopType::LightChariots => Some(Armour::Ar),
            TroopType::HeavyChariots => Some(Armour::Ha),
            TroopType::ScythedChariots | TroopType::Elephants => Some(Armour::Fa),
            t if t.is_artillery() => Some(Armour::La),
            _ => None,
        }
    }
}

/// Open order and the three normal orders (WI-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// Open order ("OO"): skirmishers.
    Oo,
    /// Normal loose ("NL").
    Nl,
    /// Normal, foot only ("NR").
    Nr,
    /// Normal close ("NC").
    #[default]
    Nc,
}
named_enum!(Order {
    "oo" => Order::Oo,
    "nl" => Order::Nl,
    "nr" => Order::Nr,
    "nc" => Order::Nc,
});

impl Order {
    /// The code as the playsheet writes it.
    pub fn code(self) -> &'static str {
        match self {
            Order::Oo => "OO",
            Order::Nl => "NL",
            Order::Nr => "NR",
            Order::Nc => "NC",
        }
    }
}

/// Armour classes (Rules 55, 76).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Armour {
    /// Light armour ("LA").
    #[default]
    La,
    /// Armoured ("AR").
    Ar,
    /// Heavy armour ("HA").
    Ha,
    /// Fully armoured ("FA").
    Fa,
}
named_enum!(Armour {
    "la" => Armour::La,
    "ar" => Armour::Ar,
    "ha" => Armour::Ha,
    "fa" => Armour::Fa,
});

impl Armour {
    /// The code as the playsheet writes it.
    pub fn code(self) -> &'static str {
        match self {
            Armour::La => "LA",
            Armour::Ar => "AR",
            Armour::Ha => "HA",
            Armour::Fa => "FA",
        }
    }
}

/// Disciplined or tribal (Rules 29, 60, 76).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Drill {
    /// Disciplined ("d" of the CCP codes).
    #[default]
    Disciplined,
    /// Tribal ("t").
    Tribal,
}
named_enum!(Drill {
    "disciplined" => Drill::Disciplined,
    "tribal" => Drill::Tribal,
});

/// Troop class: Raw, Seasoned or Veteran (Rules 13, 29, 47; WI-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Class {
    /// Raw ("R").
    Raw,
    /// Seasoned ("S", "Snd").
    #[default]
    Seasoned,
    /// Veteran ("V", "Vtn").
    Veteran,
}
named_enum!(Class {
    "raw" => Class::Raw,
    "seasoned" => Class::Seasoned,
    "veteran" => Class::Veteran,
});

/// Morale class A to E (Rule 59).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoraleClass {
    /// A: +5.
    A,
    /// B: +4.
    B,
    /// C: +3.
    #[default]
    C,
    /// D: +2.
    D,
    /// E: +1.
    E,
}
named_enum!(MoraleClass {
    "a" => MoraleClass::A,
    "b" => MoraleClass::B,
    "c" => MoraleClass::C,
    "d" => MoraleClass::D,
    "e" => MoraleClass::E,
});

impl MoraleClass {
    /// What the class adds to a waver test (Rule 59).
    pub fn bonus(self) -> i32 {
        match self {
            MoraleClass::A => 5,
            MoraleClass::B => 4,
            MoraleClass::C => 3,
            MoraleClass::D => 2,
            MoraleClass::E => 1,
        }
    }

    /// The letter, upper case.
    pub fn letter(self) -> &'static str {
        match self {
            MoraleClass::A => "A",
            MoraleClass::B => "B",
            MoraleClass::C => "C",
            MoraleClass::D => "D",
            MoraleClass::E => "E",
        }
    }
}

/// Weapons a unit carries (Rules 55, 76, 79).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weapon {
    /// Pike (thruster).
    Pike,
    /// Long spear (thruster).
    LongSpear,
    /// Lance (thruster).
    Lance,
    /// Spear (thruster).
    Spear,
    /// Javelin (thrower).
    Javelin,
    /// Pilum (thrower).
    Pilum,
    /// Ango (thrower).
    Ango,
    /// Halberd (cutter).
    Halberd,
    /// Polearm (cutter).
    Polearm,
    /// Double-armed (cutter).
    DoubleArmed,
    /// Sword (cutter).
    Sword,
    /// Mixed weapons: hand weapons and bows (others; shoots too).
    Mixed,
    /// Bow.
    Bow,
    /// Crossbow.
    Crossbow,
    /// Sling.
    Sling,
    /// Staff-sling.
    StaffSling,
    /// Darts.
    Darts,
    /// Buckler.
    Buckler,
    /// Expendable weapons (Rule 13).
    Expendable,
}
named_enum!(Weapon {
    "pike" => Weapon::Pike,
    "long_spear" => Weapon::LongSpear,
    "lance" => Weapon::Lance,
    "spear" => Weapon::Spear,
    "javelin" => Weapon::Javelin,
    "pilum" => Weapon::Pilum,
    "ango" => Weapon::Ango,
    "halberd" => Weapon::Halberd,
    "polearm" => Weapon::Polearm,
    "double_armed" => Weapon::DoubleArmed,
    "sword" => Weapon::Sword,
    "mixed" => Weapon::Mixed,
    "bow" => Weapon::Bow,
    "crossbow" => Weapon::Crossbow,
    "sling" => Weapon::Sling,
    "staff_sling" => Weapon::StaffSling,
    "darts" => Weapon::Darts,
    "buckler" => Weapon::Buckler,
    "expendable" => Weapon::Expendable,
});

impl Weapon {
    /// The melee weapon this is, if it is one (pike … mixed, WI-18).
    pub fn as_melee(self) -> Option<MeleeWeapon> {
        Some(match self {
            Weapon::Pike => MeleeWeapon::Pike,
            Weapon::LongSpear => MeleeWeapon::LongSpear,
            Weapon::Lance => MeleeWeapon::Lance,
            Weapon::Spear => MeleeWeapon::Spear,
            Weapon::Javelin => MeleeWeapon::Javelin,
            Weapon::Pilum => MeleeWeapon::Pilum,
            Weapon::Ango => MeleeWeapon::Ango,
            Weapon::Halberd => MeleeWeapon::Halberd,
            Weapon::Polearm => MeleeWeapon::Polearm,
            Weapon::DoubleArmed => MeleeWeapon::DoubleArmed,
            Weapon::Sword => MeleeWeapon::Sword,
            Weapon::Mixed => MeleeWeapon::Mixed,
            _ => return None,
        })
    }

    /// The shooting weapon this is, if it is one (Rule 55): bow, crossbow,
    /// mixed, sling, staff-sling, darts.
    pub fn as_shooting(self) -> Option<ShootingWeapon> {
        Some(match self {
            Weapon::Bow => ShootingWeapon::Bow,
            Weapon::Crossbow => ShootingWeapon::Crossbow,
            Weapon::Mixed => ShootingWeapon::Mixed,
            Weapon::Sling => ShootingWeapon::Sling,
            Weapon::StaffSling => ShootingWeapon::StaffSling,
            Weapon::Darts => ShootingWeapon::Darts,
            _ => return None,
        })
    }

    /// Makes a unit "missile armed" (WI-2): bow, crossbow, mixed weapons,
    /// sling or staff-sling; darts alone do not.
    pub fn is_missile(self) -> bool {
        matches!(
            self,
            Weapon::Bow | Weapon::Crossbow | Weapon::Mixed | Weapon::Sling | Weapon::StaffSling
        )
    }
}

/// The one weapon a unit fights with in melee (WI-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeleeWeapon {
    /// Pike.
    Pike,
    /// Long spear.
    LongSpear,
    /// Lance.
    Lance,
    /// Spear.
    Spear,
    /// Javelin.
    Javelin,
    /// Pilum.
    Pilum,
    /// Ango.
    Ango,
    /// Halberd.
    Halberd,
    /// Polearm.
    Polearm,
    /// Double-armed.
    DoubleArmed,
    /// Sword.
    Sword,
    /// Mixed weapons.
    Mixed,
    /// Anything else ("others").
    Other,
}
named_enum!(MeleeWeapon {
    "pike" => MeleeWeapon::Pike,
    "long_spear" => MeleeWeapon::LongSpear,
    "lance" => MeleeWeapon::Lance,
    "spear" => MeleeWeapon::Spear,
    "javelin" => MeleeWeapon::Javelin,
    "pilum" => MeleeWeapon::Pilum,
    "ango" => MeleeWeapon::Ango,
    "halberd" => MeleeWeapon::Halberd,
    "polearm" => MeleeWeapon::Polearm,
    "double_armed" => MeleeWeapon::DoubleArmed,
    "sword" => MeleeWeapon::Sword,
    "mixed" => MeleeWeapon::Mixed,
    "other" => MeleeWeapon::Other,
});

/// The weapon classes of Rule 76 (WI-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeaponClass {
    /// Pike, long spear, lance, spear.
    Thrusters,
    /// Javelin, pilum, ango.
    Throwers,
    /// Halberd, polearm, double-armed, sword.
    Cutters,
    /// Everything else.
    Others,
}

impl WeaponClass {
    /// The class's name in the playsheet's words.
    pub fn title(self) -> &'static str {
        match self {
            WeaponClass::Thrusters => "thrusters",
            WeaponClass::Throwers => "throwers",
            WeaponClass::Cutters => "cutters",
            WeaponClass::Others => "others",
        }
    }
}

impl MeleeWeapon {
    /// Its class (Rule 76, WI-18).
    pub fn class(self) -> WeaponClass {
        use MeleeWeapon::*;
        match self {
            Pike | LongSpear | Lance | Spear => WeaponClass::Thrusters,
            Javelin | Pilum | Ango => WeaponClass::Throwers,
            Halberd | Polearm | DoubleArmed | Sword => WeaponClass::Cutters,
            Mixed | Other => WeaponClass::Others,
        }
    }

    /// Its place within its class, best first (Rule 79 "superior weapons",
    /// WI-19): thrusters pike and long spear 1, lance 2, spear 3; cutters
    /// halberd, polearm and double-armed 1, sword 2; others mixed 1, the
    /// rest 2. Throwers have no order.
    pub fn superiority(self) -> Option<u8> {
        use MeleeWeapon::*;
        match self {
            Pike | LongSpear => Some(1),
            Lance => Some(2),
            Spear => Some(3),
            Halberd | Polearm | DoubleArmed => Some(1),
            Sword => Some(2),
            Mixed => Some(1),
            Other => Some(2),
            Javelin | Pilum | Ango => None,
        }
    }

    /// Its name in words ("long spear").
    pub fn title(self) -> &'static str {
        use MeleeWeapon::*;
        match self {
            Pike => "pike",
            LongSpear => "long spear",
            Lance => "lance",
            Spear => "spear",
            Javelin => "javelin",
            Pilum => "pilum",
            Ango => "ango",
            Halberd => "halberd",
            Polearm => "polearm",
            DoubleArmed => "double-armed",
            Sword => "sword",
            Mixed => "mixed weapons",
            Other => "other weapons",
        }
    }
}

/// The shooting weapons of Rule 55's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShootingWeapon {
    /// Bow.
    Bow,
    /// Crossbow.
    Crossbow,
    /// Mixed weapons.
    Mixed,
    /// Sling.
    Sling,
    /// Staff-sling.
    StaffSling,
    /// Darts.
    Darts,
    /// A light catapult or carroballista.
    LightCatapult,
    /// A heavy catapult.
    HeavyCatapult,
    /// A rocket battery.
    RocketBattery,
}
named_enum!(ShootingWeapon {
    "bow" => ShootingWeapon::Bow,
    "crossbow" => ShootingWeapon::Crossbow,
    "mixed" => ShootingWeapon::Mixed,
    "sling" => ShootingWeapon::Sling,
    "staff_sling" => ShootingWeapon::StaffSling,
    "darts" => ShootingWeapon::Darts,
    "light_catapult" => ShootingWeapon::LightCatapult,
    "heavy_catapult" => ShootingWeapon::HeavyCatapult,
    "rocket_battery" => ShootingWeapon::RocketBattery,
});

impl ShootingWeapon {
    /// The row's name as Rule 55 writes it.
    pub fn title(self) -> &'static str {
        match self {
            ShootingWeapon::Bow => "bow",
            ShootingWeapon::Crossbow => "crossbow",
            ShootingWeapon::Mixed => "mixed weapons",
            ShootingWeapon::Sling => "sling",
            ShootingWeapon::StaffSling => "staff-sling",
            ShootingWeapon::Darts => "darts",
            ShootingWeapon::LightCatapult => "light catapult or carroballista",
            ShootingWeapon::HeavyCatapult => "heavy catapult",
            ShootingWeapon::RocketBattery => "rocket battery",
        }
    }

    /// Artillery's own weapons.
    pub fn is_artillery(self) -> bool {
        matches!(
            self,
            ShootingWeapon::LightCatapult
                | ShootingWeapon::HeavyCatapult
                | ShootingWeapon::RocketBattery
        )
    }
}

/// Morale states (Rules 58-62), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Morale {
    /// Reckless: charges without testing (Rule 60).
    Reckless,
    /// Steady.
    #[default]
    Steady,
    /// Shaken.
    Shaken,
    /// Dispersed.
    Dispersed,
    /// Wavering.
    Wavering,
    /// Routed.
    Routed,
}
named_enum!(Morale {
    "reckless" => Morale::Reckless,
    "steady" => Morale::Steady,
    "shaken" => Morale::Shaken,
    "dispersed" => Morale::Dispersed,
    "wavering" => Morale::Wavering,
    "routed" => Morale::Routed,
});

/// What a unit is doing this Move (Rules 15, 56, 59).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activity {
    /// Charging.
    Charging,
    /// Counter-charging.
    CounterCharging,
    /// Being charged.
    BeingCharged,
    /// Advancing.
    Advancing,
    /// Evading.
    Evading,
    /// Pursuing.
    Pursuing,
    /// Looting baggage.
    Looting,
    /// In melee.
    InMelee,
}
named_enum!(Activity {
    "charging" => Activity::Charging,
    "counter_charging" => Activity::CounterCharging,
    "being_charged" => Activity::BeingCharged,
    "advancing" => Activity::Advancing,
    "evading" => Activity::Evading,
    "pursuing" => Activity::Pursuing,
    "looting" => Activity::Looting,
    "in_melee" => Activity::InMelee,
});

/// Formations the playsheet names (Rules 40, 59, 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Formation {
    /// A line of one or more ranks.
    #[default]
    Line,
    /// A square (Rule 40; +2 in a waver test, Rule 59).
    Square,
    /// Column of march (Rule 18).
    ColumnOfMarch,
}
named_enum!(Formation {
    "line" => Formation::Line,
    "square" => Formation::Square,
    "column_of_march" => Formation::ColumnOfMarch,
});

/// A unit: its army-list profile and its battle state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The unit's name, unique in its army.
    pub name: String,
    /// Troop type.
    pub troop_type: TroopType,
    /// Order; only foot, cavalry and camelry have one (WI-2).
    pub order: Order,
    /// Armour class as written; chariots, elephants and artillery use their type's.
    pub armour: Armour,
    /// Disciplined or tribal.
    pub drill: Drill,
    /// Raw, Seasoned or Veteran.
    pub class: Class,
    /// Morale class A to E.
    pub morale_class: MoraleClass,
    /// Weapons carried, in the order written.
    pub weapons: Vec<Weapon>,
    /// The weapon it fights with, if written (else the first melee weapon, WI-18).
    pub melee_weapon: Option<MeleeWeapon>,
    /// "Sp status" (Rule 3): the referee's fact (WI-2).
    pub special: bool,
    /// Stars of the unit's own CO, 0 to 3 (initiative, entering the field).
    pub co_stars: u8,
    /// Bases now in the unit.
    pub bases: u32,
    /// Casualty bases removed so far (WI-10).
    pub bases_lost: u32,
    /// Bases in its front rank.
    pub files: u32,
    /// Ranks.
    pub ranks: u32,
    /// Attrition points held, disorder points included (WI-8).
    pub aps: u32,
    /// How many of `aps` are disorder points (WI-8).
    pub dps: u32,
    /// Morale state.
    pub morale: Morale,
    /// What it is doing this Move.
    pub activity: Vec<Activity>,
    /// Formation.
    pub formation: Formation,
    /// It has taken its waver test this Move (Rule 58, WI-13).
    pub waver_tested: bool,
}

pub use crate::rules::UnitProblem;

/// The battle-state fields an outcome changes (`after.unit` of the cases).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UnitState {
    /// Attrition points, DPs included.
    pub aps: u32,
    /// Disorder points among them.
    pub dps: u32,
    /// Bases in the unit.
    pub bases: u32,
    /// Casualty bases removed so far.
    pub bases_lost: u32,
    /// Morale state.
    pub morale: Morale,
    /// Waver-tested this Move.
    pub waver_tested: bool,
}

impl UnitState {
    /// Writes this state into `unit`.
    pub fn apply(&self, unit: &mut Unit) {
        unit.aps = self.aps;
        unit.dps = self.dps;
        unit.bases = self.bases;
        unit.bases_lost = self.bases_lost;
        unit.morale = self.morale;
        unit.waver_tested = self.waver_tested;
    }
}

impl Unit {
    /// A steady NC unit of disciplined Seasoned C-class troops in one rank,
    /// with no weapons, points or activity: the unit table's defaults.
    pub fn new(name: &str, troop_type: TroopType, bases: u32) -> Unit {
        Unit {
            name: name.to_string(),
            troop_type,
            order: Order::Nc,
            armour: Armour::La,
            drill: Drill::Disciplined,
            class: Class::Seasoned,
            morale_class: MoraleClass::C,
            weapons: Vec::new(),
            melee_weapon: None,
            special: false,
            co_stars: 0,
            bases,
            bases_lost: 0,
            files: bases,
            ranks: u32::from(bases > 0),
            aps: 0,
            dps: 0,
            morale: Morale::Steady,
            activity: Vec::new(),
            formation: Formation::Line,
            waver_tested: false,
        }
    }

    /// Sets `files` and the ranks that follow (`bases / files`, rounded up).
    pub fn with_files(mut self, files: u32) -> Unit {
        self.files = files;
        self.ranks = ranks_for(self.bases, files);
        self
    }

    /// The battle state an outcome starts from.
    pub fn state(&self) -> UnitState {
        UnitState {
            aps: self.aps,
            dps: self.dps,
            bases: self.bases,
            bases_lost: self.bases_lost,
            morale: self.morale,
            waver_tested: self.waver_tested,
        }
    }

    /// Whether it is doing `a` this Move.
    pub fn is(&self, a: Activity) -> bool {
        self.activity.contains(&a)
    }

    /// Whether it carries `w`.
    pub fn carries(&self, w: Weapon) -> bool {
        self.weapons.contains(&w)
    }

    /// Its order, if its type has one (WI-2).
    pub fn order(&self) -> Option<Order> {
        self.troop_type.has_order().then_some(self.order)
    }

    /// Open order troops ("OO", WI-2).
    pub fn is_oo(&self) -> bool {
        self.order() == Some(Order::Oo)
    }

    /// "NO etc": every unit that is neither OO nor artillery (WI-2).
    pub fn is_no(&self) -> bool {
        !self.is_oo() && !self.troop_type.is_artillery()
    }

    /// Mounted ("Mt", WI-2).
    pub fn is_mounted(&self) -> bool {
        self.troop_type.is_mounted()
    }

    /// Foot.
    pub fn is_foot(&self) -> bool {
        self.troop_type == TroopType::Foot
    }

    /// Foot of a normal order: NL, NR or NC ("NO foot").
    pub fn is_no_foot(&self) -> bool {
        self.is_foot() && !self.is_oo()
    }

    /// Disciplined troops; artillery and baggage have no drill (WI-6).
    pub fn is_disciplined(&self) -> bool {
        self.troop_type.has_drill_and_class() && self.drill == Drill::Disciplined
    }

    /// Tribal troops; artillery and baggage have no drill (WI-6).
    pub fn is_tribal(&self) -> bool {
        self.troop_type.has_drill_and_class() && self.drill == Drill::Tribal
    }

    /// Disordered: it holds a disorder point (WI-8).
    pub fn is_disordered(&self) -> bool {
        self.dps > 0
    }

    /// Its armour class: its type's, or as written (WI-16, WI-18); `None`
    /// for baggage wagons and pack animals (Rule 55's "Other").
    pub fn armour_class(&self) -> Option<Armour> {
        if self.troop_type.is_baggage() {
            return None;
        }
        Some(self.troop_type.own_armour().unwrap_or(self.armour))
    }

    /// The weapon it fights with: `melee_weapon`, else the first melee
    /// weapon it carries, else "other" (WI-18).
    pub fn melee_weapon(&self) -> MeleeWeapon {
        self.melee_weapon
            .or_else(|| self.weapons.iter().find_map(|w| w.as_melee()))
            .unwrap_or(MeleeWeapon::Other)
    }

    /// Missile armed (WI-2): a bow, crossbow, mixed weapons, sling or staff-sling.
    pub fn is_missile_armed(&self) -> bool {
        self.weapons.iter().any(|w| w.is_missile())
    }

    /// The weapon it shoots with by default: artillery its own, others the
    /// first shooting weapon they carry (README `shooting`).
    pub fn shooting_weapon(&self) -> Option<ShootingWeapon> {
        match self.troop_type {
            TroopType::LightCatapult | TroopType::Carroballista => {
                Some(ShootingWeapon::LightCatapult)
            }
            TroopType::HeavyCatapult => Some(ShootingWeapon::HeavyCatapult),
            TroopType::RocketBattery => Some(ShootingWeapon::RocketBattery),
            _ => self.weapons.iter().find_map(|w| w.as_shooting()),
        }
    }

    /// Its class and drill as Rule 29 writes them ("Vd" … "Rt"); artillery
    /// and baggage count as "Sd" (WI-6).
    pub fn ccp_code(&self) -> &'static str {
        if !self.troop_type.has_drill_and_class() {
            return "Sd";
        }
        match (self.class, self.drill) {
            (Class::Veteran, Drill::Disciplined) => "Vd",
            (Class::Veteran, Drill::Tribal) => "Vt",
            (Class::Seasoned, Drill::Disciplined) => "Sd",
            (Class::Seasoned, Drill::Tribal) => "St",
            (Class::Raw, Drill::Disciplined) => "Rd",
            (Class::Raw, Drill::Tribal) => "Rt",
        }
    }

    /// A short description: "NC foot", "elephants".
    pub fn describe(&self) -> String {
        match self.order() {
            Some(o) => format!("{} {}", o.code(), self.troop_type.title()),
            None => self.troop_type.title().to_string(),
        }
    }

    /// The rules checks a unit table must pass, each tied to its field.
    pub fn problems(&self) -> Vec<UnitProblem> {
        let mut out = Vec::new();
        let mut problem = |field: &str, message: String| {
            out.push(UnitProblem {
                field: field.to_string(),
                message,
            })
        };
        if self.order == Order::Nr && self.troop_type.has_order() && !self.is_foot() {
            problem(
                "order",
                format!(
                    "NR is a foot order only (WI-2: the movement table has no NR mounted); {} may be oo, nl or nc",
                    self.troop_type.title()
                ),
            );
        }
        if self.dps > self.aps {
            problem(
                "dps",
                format!(
                    "dps counts the disorder points among the aps (WI-8): at most aps = {}, not {}",
                    self.aps, self.dps
                ),
            );
        }
        if self.bases > 0 && self.files > self.bases {
            problem(
                "files",
                format!(
                    "{} files is more than the unit's {} bases; files are the bases in its front rank",
                    self.files, self.bases
                ),
            );
        } else if self.bases > 0
            && u64::from(self.files) * u64::from(self.ranks) < u64::from(self.bases)
        {
            problem(
                "ranks",
                format!(
                    "{} bases do not fit in {} ranks of {} files; at least {} ranks",
                    self.bases,
                    self.ranks,
                    self.files,
                    ranks_for(self.bases, self.files)
                ),
            );
        } else if self.ranks > self.bases {
            problem(
                "ranks",
                format!(
                    "{} ranks is more than the unit's {} bases",
                    self.ranks, self.bases
                ),
            );
        }
        out
    }
}

/// The ranks `bases` make in `files` files: `bases / files` rounded up (README).
pub fn ranks_for(bases: u32, files: u32) -> u32 {
    if files == 0 { 0 } else { bases.div_ceil(files) }
}

/// Every word of a vocabulary, for tests and property generators.
pub fn all<T: Named>() -> impl Iterator<Item = T> {
    T::ALL.iter().map(|(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_wi_2() {
        let mut u = Unit::new("U", TroopType::Foot, 6);
        assert!(u.is_no() && !u.is_oo() && u.is_no_foot());
        u.order = Order::Oo;
        assert!(u.is_oo() && !u.is_no());
        let mut el = Unit::new("El", TroopType::Elephants, 2);
        el.order = Order::Oo; // elephants have no order: ignored
        assert!(el.is_no() && el.is_mounted() && !el.is_oo());
        let art = Unit::new("Art", TroopType::HeavyCatapult, 1);
        assert!(!art.is_no() && !art.is_oo() && !art.is_mounted());
        assert!(Unit::new("W", TroopType::BaggageWagons, 2).is_no());
    }

    #[test]
    fn armour_comes_from_the_type_where_the_rules_say() {
        let mut el = Unit::new("El", TroopType::Elephants, 2);
        el.armour = Armour::La;
        assert_eq!(el.armour_class(), Some(Armour::Fa));
        assert_eq!(
            Unit::new("L", TroopType::LightChariots, 2).armour_class(),
            Some(Armour::Ar)
        );
        assert_eq!(
            Unit::new("C", TroopType::Carroballista, 1).armour_class(),
            Some(Armour::La)
        );
        assert_eq!(
            Unit::new("P", TroopType::PackAnimals, 1).armour_class(),
            None
        );
        let mut f = Unit::new("F", TroopType::Foot, 4);
        f.armour = Armour::Ha;
        assert_eq!(f.armour_class(), Some(Armour::Ha));
    }

    #[test]
    fn melee_weapon_defaults_to_the_first_melee_weapon() {
        let mut u = Unit::new("U", TroopType::Foot, 4);
        u.weapons = vec![Weapon::Bow, Weapon::Darts, Weapon::Sword, Weapon::Spear];
        assert_eq!(u.melee_weapon(), MeleeWeapon::Sword);
        u.melee_weapon = Some(MeleeWeapon::Spear);
        assert_eq!(u.melee_weapon(), MeleeWeapon::Spear);
        u.weapons = vec![Weapon::Bow];
        u.melee_weapon = None;
        assert_eq!(u.melee_weapon(), MeleeWeapon::Other);
        assert!(u.is_missile_armed());
        u.weapons = vec![Weapon::Darts];
        assert!(!u.is_missile_armed(), "WI-2: darts alone are not missiles");
        assert_eq!(u.shooting_weapon(), Some(ShootingWeapon::Darts));
    }

    #[test]
    fn ccp_codes_of_rule_29() {
        let mut u = Unit::new("U", TroopType::Foot, 4);
        let mut seen = Vec::new();
        for class in all::<Class>() {
            for drill in all::<Drill>() {
                u.class = class;
                u.drill = drill;
                seen.push(u.ccp_code());
            }
        }
        assert_eq!(seen, ["Rd", "Rt", "Sd", "St", "Vd", "Vt"]);
        let mut art = Unit::new("A", TroopType::LightCatapult, 1);
        art.class = Class::Raw;
        art.drill = Drill::Tribal;
        assert_eq!(art.ccp_code(), "Sd", "WI-6: no drill or class: as Sd");
        assert!(!art.is_tribal() && !art.is_disciplined());
    }

    #[test]
    fn unit_problems_name_their_field() {
        let mut u = Unit::new("U", TroopType::Cavalry, 4);
        u.order = Order::Nr;
        u.aps = 1;
        u.dps = 2;
        let fields: Vec<String> = u.problems().into_iter().map(|p| p.field).collect();
        assert_eq!(fields, ["order", "dps"]);
        let mut f = Unit::new("F", TroopType::Foot, 6).with_files(4);
        assert_eq!(f.ranks, 2);
        assert!(f.problems().is_empty());
        f.ranks = 1;
        assert_eq!(f.problems()[0].field, "ranks");
        f.files = 7;
        assert_eq!(f.problems()[0].field, "files");
    }
}
