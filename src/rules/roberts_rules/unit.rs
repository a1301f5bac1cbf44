//! A unit of identical stands as the text rates them: AV-DV (MAV) (RR-3),
//! troop type, Training Level, Attributes, an attached leader, and its
//! battle state (stands, hits lost, Disrupted, Demoralized).

use crate::named_enum;

/// A stand's Training Level ("All stands are at Regular Training Level,
/// unless the Elite or Militia Attributes were purchased").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Training {
    /// Militia: -1 to Actions (RR-7), Size Limits 16-36 (RR-25).
    Militia,
    /// Regular: the text gives no Size Limits (RR-25).
    #[default]
    Regular,
    /// Elite: +1 to Actions (RR-7), at most Size 12 (RR-25).
    Elite,
}
named_enum!(Training {
    "militia" => Training::Militia,
    "regular" => Training::Regular,
    "elite" => Training::Elite,
});

/// The Attributes the text lists, other than the Training Levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    /// "Immune to most morale problems": never Demoralized (RR-22), no nearby-rout checks (RR-14).
    Fanatic,
    /// "a bonus to morale" (RR-12).
    Guard,
    /// "a penalty to morale" (RR-12).
    Unreliable,
    /// "less likely to charge or countercharge" (a referee modifier).
    Reluctant,
    /// "More likely to succeed at actions" (+1, RR-7).
    Swift,
    /// Must attempt to charge or countercharge; may countercharge (RR-10).
    Eager,
    /// "automatically Eager"; must Pursue (RR-20).
    Impetuous,
    /// May countercharge (RR-10); its charge bonus is a referee modifier.
    Shock,
    /// Needs an Action Roll to retreat fully (RR-20).
    Vulnerable,
}
named_enum!(Attribute {
    "fanatic" => Attribute::Fanatic,
    "guard" => Attribute::Guard,
    "unreliable" => Attribute::Unreliable,
    "reluctant" => Attribute::Reluctant,
    "swift" => Attribute::Swift,
    "eager" => Attribute::Eager,
    "impetuous" => Attribute::Impetuous,
    "shock" => Attribute::Shock,
    "vulnerable" => Attribute::Vulnerable,
});

/// A unit as written in a case or army file, with its battle state.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Unit {
    /// Its name.
    pub name: String,
    /// Attack Value of each stand (RR-3).
    pub av: i32,
    /// Defense Value of each stand (RR-3).
    pub dv: i32,
    /// Missile Attack Value, 0 without missile weapons (RR-3).
    pub mav: i32,
    /// The troop type as the army list names it (`heavy_foot`).
    pub troop_type: Option<String>,
    /// Mounted troops (+1 to Pursue, RR-7).
    pub mounted: bool,
    /// Formed (true) or Unformed.
    pub formed: bool,
    /// Its Training Level.
    pub training: Training,
    /// Its Attributes.
    pub attributes: Vec<Attribute>,
    /// A Captain or General is attached.
    pub captain_attached: bool,
    /// The leader attached is a General ("A General also has the same
    /// effect as a Captain for the unit he is attached to").
    pub general_attached: bool,
    /// The attached leader's name, when the army list names him.
    pub leader_name: Option<String>,
    /// The stands it began with: its Hits are twice these (RR-22).
    pub stands_original: u32,
    /// The stands it has now.
    pub stands: u32,
    /// Hits lost so far.
    pub hits_lost: u32,
    /// Disrupted this half-turn (RR-17).
    pub disrupted: bool,
    /// Demoralized as given, when the referee says so; otherwise derived (RR-22).
    pub demoralized_given: Option<bool>,
}

impl Unit {
    /// Whether it is Skirmishers, as its army list's troop type says
    /// (`skirmisher…`, as the army files take it); `None` when the list
    /// names no troop type: the referee's to say.
    pub fn skirmisher(&self) -> Option<bool> {
        self.troop_type
            .as_deref()
            .map(|t| t.starts_with("skirmisher"))
    }

    /// Whether it has an Attribute (Impetuous troops are "automatically Eager").
    pub fn has(&self, a: Attribute) -> bool {
        self.attributes.contains(&a)
            || (a == Attribute::Eager && self.attributes.contains(&Attribute::Impetuous))
    }

    /// Whether its stands are Reluctant: by Attribute, or Disrupted this
    /// half-turn ("the afflicted stand becomes Reluctant", RR-17).
    pub fn reluctant(&self) -> bool {
        self.disrupted || self.has(Attribute::Reluctant)
    }

    /// Its Hits: twice its original stands (RR-22).
    pub fn total_hits(&self) -> u32 {
        2 * self.stands_original
    }

    /// Whether it is Demoralized: as given, or once the hits lost reach
    /// half its Hits; a Fanatic unit never is (RR-22).
    pub fn demoralized(&self) -> bool {
        if self.has(Attribute::Fanatic) {
            return false; // RR-22: "Fanatic units are never Demoralized"
        }
        self.demoralized_given
            .unwrap_or(self.hits_lost >= self.stands_original && self.stands_original > 0)
    }

    /// The attached leader in words, for a modifier's line: `General
    /// attached (The General)`, `Captain attached`.
    pub fn leader_words(&self) -> String {
        let kind = if self.general_attached {
            "General"
        } else {
            "Captain"
        };
        match &self.leader_name {
            Some(n) => format!("{kind} attached ({n})"),
            None => format!("{kind} attached"),
        }
    }

    /// The attached leader named for a line of his own: `The General`, or
    /// `the Captain attached to Militia spearmen`.
    pub fn leader_named(&self) -> String {
        match &self.leader_name {
            Some(n) => n.clone(),
            None => format!(
                "the {} attached to {}",
                if self.general_attached {
                    "General"
                } else {
                    "Captain"
                },
                self.name
            ),
        }
    }

    /// AV-DV (MAV) as the text writes it ("5-4 (3)"; no MAV: "5-4").
    pub fn values(&self) -> String {
        if self.mav == 0 {
            format!("{}-{}", self.av, self.dv)
        } else {
            format!("{}-{} ({})", self.av, self.dv, self.mav)
        }
    }
}
