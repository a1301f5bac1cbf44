//! A unit as the Warlords rules see it (1.4–1.7, 2.3): its troop type,
//! characteristics, stands and formation, its morale state and markers, and
//! what follows from them (width, ranks, speed). Also the rules checks an
//! army file must pass (1.6, 2.3.1.3, 2.3.1.4, 3.1.2).

use super::personality::Personality;
use crate::named_enum;
use crate::rules::named::Named;

/// The basic troop types of 1.4.2, lightest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TroopType {
    /// Foot skirmishers.
    FootSkirmishers,
    /// Horse skirmishers (heavier than foot skirmishers, 1.4.2).
    HorseSkirmishers,
    /// Loose Foot.
    LooseFoot,
    /// Close Foot.
    CloseFoot,
    /// Cavalry.
    Cavalry,
    /// Pike, the heaviest.
    Pike,
}
named_enum!(TroopType {
    "foot_skirmishers" => TroopType::FootSkirmishers,
    "horse_skirmishers" => TroopType::HorseSkirmishers,
    "loose_foot" => TroopType::LooseFoot,
    "close_foot" => TroopType::CloseFoot,
    "cavalry" => TroopType::Cavalry,
    "pike" => TroopType::Pike,
});

impl TroopType {
    /// The type as the rules write it ("Close Foot").
    pub fn title(self) -> &'static str {
        match self {
            TroopType::FootSkirmishers => "Foot Skirmishers",
            TroopType::HorseSkirmishers => "Horse Skirmishers",
            TroopType::LooseFoot => "Loose Foot",
            TroopType::CloseFoot => "Close Foot",
            TroopType::Cavalry => "Cavalry",
            TroopType::Pike => "Pike",
        }
    }

    /// Skirmishers, foot or horse (1.4.2).
    pub fn is_skirmishers(self) -> bool {
        matches!(
            self,
            TroopType::FootSkirmishers | TroopType::HorseSkirmishers
        )
    }

    /// Mounted troops: Cavalry and Horse Skirmishers (1.4.2).
    pub fn is_horse(self) -> bool {
        matches!(self, TroopType::HorseSkirmishers | TroopType::Cavalry)
    }

    /// Unmounted troops (1.4.2).
    pub fn is_foot(self) -> bool {
        !self.is_horse()
    }

    /// Light: Skirmishers and Loose Foot (1.4.2).
    pub fn is_light(self) -> bool {
        self.is_skirmishers() || self == TroopType::LooseFoot
    }

    /// Heavy: Close Foot, Pike and Cavalry (1.4.2).
    pub fn is_heavy(self) -> bool {
        !self.is_light()
    }

    /// Line: Loose Foot, Close Foot and Pike (1.4.2).
    pub fn is_line(self) -> bool {
        matches!(
            self,
            TroopType::LooseFoot | TroopType::CloseFoot | TroopType::Pike
        )
    }

    /// Whether the unit has a command stand (all but Skirmishers, 1.6).
    pub fn has_command_stand(self) -> bool {
        !self.is_skirmishers()
    }
}

/// Drilled or irregular (1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Training {
    /// Warriors with little knowledge of massed battle.
    #[default]
    Irregular,
    /// Troops practised in forming up and manoeuvring.
    Drilled,
}
named_enum!(Training {
    "irregular" => Training::Irregular,
    "drilled" => Training::Drilled,
});

/// Weapons a unit carries (1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weapon {
    /// Light hand weapons.
    Light,
    /// Heavy hand weapons.
    Heavy,
    /// Lances.
    Lances,
    /// Javelins, darts, throwing axes.
    HandMissiles,
    /// Slings and light bows.
    LightMissiles,
    /// Crossbows, recurved bows, heavy bows.
    HeavyMissiles,
    /// The heavy missiles are Longbows (3.3.1).
    Longbows,
    /// The heavy missiles are Arbalests (3.3.2).
    Arbalests,
}
named_enum!(Weapon {
    "light" => Weapon::Light,
    "heavy" => Weapon::Heavy,
    "lances" => Weapon::Lances,
    "hand_missiles" => Weapon::HandMissiles,
    "light_missiles" => Weapon::LightMissiles,
    "heavy_missiles" => Weapon::HeavyMissiles,
    "longbows" => Weapon::Longbows,
    "arbalests" => Weapon::Arbalests,
});

/// A missile weapon class for ranges and dice (2.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MissileWeapon {
    /// Hand missiles.
    HandMissiles,
    /// Light missiles.
    LightMissiles,
    /// Heavy missiles.
    HeavyMissiles,
}
named_enum!(MissileWeapon {
    "hand_missiles" => MissileWeapon::HandMissiles,
    "light_missiles" => MissileWeapon::LightMissiles,
    "heavy_missiles" => MissileWeapon::HeavyMissiles,
});

impl MissileWeapon {
    /// The weapon in the unit's weapon list that gives this class.
    pub fn as_weapon(self) -> Weapon {
        match self {
            MissileWeapon::HandMissiles => Weapon::HandMissiles,
            MissileWeapon::LightMissiles => Weapon::LightMissiles,
            MissileWeapon::HeavyMissiles => Weapon::HeavyMissiles,
        }
    }
}

/// The ways missiles are used (2.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShootingStyle {
    /// Volleys at big targets, 2 dice per stand.
    Massed,
    /// Massed shooting at contact during a charge.
    Shower,
    /// Aimed shooting, 1 die per stand.
    Skirmishing,
}
named_enum!(ShootingStyle {
    "massed" => ShootingStyle::Massed,
    "shower" => ShootingStyle::Shower,
    "skirmishing" => ShootingStyle::Skirmishing,
});

/// Special characteristics of a unit (1.5.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitTrait {
    /// Moves one extra span.
    Fast,
    /// Moves one span slower.
    Slow,
    /// One more die in Melee.
    Veteran,
    /// +1 in Melee.
    Elite,
    /// May go Berserk.
    Impetuous,
    /// May form a Shieldwall (Close Foot).
    Shieldwall,
    /// Carries pavises (3.3.3.4).
    Pavisiers,
    /// May form a Wedge (Close Foot).
    Wedge,
    /// May form a Hedgehog (drilled Pike).
    Hedgehog,
    /// Shoots from the saddle on the move.
    HorseArchers,
}
named_enum!(UnitTrait {
    "fast" => UnitTrait::Fast,
    "slow" => UnitTrait::Slow,
    "veteran" => UnitTrait::Veteran,
    "elite" => UnitTrait::Elite,
    "impetuous" => UnitTrait::Impetuous,
    "shieldwall" => UnitTrait::Shieldwall,
    "pavisiers" => UnitTrait::Pavisiers,
    "wedge" => UnitTrait::Wedge,
    "hedgehog" => UnitTrait::Hedgehog,
    "horse_archers" => UnitTrait::HorseArchers,
});

/// The morale states of 1.7, best first, and Dispersed (1.7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Morale {
    /// Eager to charge (1.7.1).
    Berserk,
    /// The usual state (1.7).
    #[default]
    Ready,
    /// Shaken: no champions, no charges (1.7.2).
    Worn,
    /// Fleeing (1.7.3).
    Broken,
    /// Gone from the table (1.7.4).
    Dispersed,
}
named_enum!(Morale {
    "berserk" => Morale::Berserk,
    "ready" => Morale::Ready,
    "worn" => Morale::Worn,
    "broken" => Morale::Broken,
    "dispersed" => Morale::Dispersed,
});

impl Morale {
    /// One morale step down (W-8): Berserk → Ready → Worn → Broken → Dispersed.
    pub fn step_down(self) -> Morale {
        match self {
            Morale::Berserk => Morale::Ready,
            Morale::Ready => Morale::Worn,
            Morale::Worn => Morale::Broken,
            Morale::Broken | Morale::Dispersed => Morale::Dispersed,
        }
    }

    /// The state as the rules write it ("Worn").
    pub fn title(self) -> &'static str {
        match self {
            Morale::Berserk => "Berserk",
            Morale::Ready => "Ready",
            Morale::Worn => "Worn",
            Morale::Broken => "Broken",
            Morale::Dispersed => "Dispersed",
        }
    }

    /// Whether a unit in this state may carry champions (1.7.2, 1.7.3, W-7).
    pub fn allows_champions(self) -> bool {
        matches!(self, Morale::Berserk | Morale::Ready)
    }
}

/// A unit's formation (2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Formation {
    /// A Formed line in one or more ranks (2.3.1).
    #[default]
    Line,
    /// Single file (2.3.1.1).
    MarchColumn,
    /// Close Foot shieldwall (2.3.1.2).
    Shieldwall,
    /// Close Foot wedge (2.3.1.3).
    Wedge,
    /// Drilled Pike facing outwards (2.3.1.4).
    Hedgehog,
    /// Milling around uncertainly (2.3.2).
    Unformed,
}
named_enum!(Formation {
    "line" => Formation::Line,
    "march_column" => Formation::MarchColumn,
    "shieldwall" => Formation::Shieldwall,
    "wedge" => Formation::Wedge,
    "hedgehog" => Formation::Hedgehog,
    "unformed" => Formation::Unformed,
});

impl Formation {
    /// The formation as the rules write it ("March Column").
    pub fn title(self) -> &'static str {
        match self {
            Formation::Line => "Line",
            Formation::MarchColumn => "March Column",
            Formation::Shieldwall => "Shieldwall",
            Formation::Wedge => "Wedge",
            Formation::Hedgehog => "Hedgehog",
            Formation::Unformed => "Unformed",
        }
    }
}

/// A unit: its army-list profile and its battle state.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// The unit's name, unique in its army.
    pub name: String,
    /// Basic troop type (1.4.2).
    pub troop_type: TroopType,
    /// Drilled or irregular (1.5).
    pub training: Training,
    /// Body armour rating: +1 unarmoured … -2 full harness (1.5).
    pub armour: i8,
    /// Large shield, a further -1 (1.5).
    pub shield: bool,
    /// Weapons carried (1.5).
    pub weapons: Vec<Weapon>,
    /// Shooting styles the missiles may be used in (1.5, 2.5.1).
    pub shooting: Vec<ShootingStyle>,
    /// Special characteristics (1.5.1.1).
    pub traits: Vec<UnitTrait>,
    /// Stands now in the unit, the command stand included.
    pub stands: u32,
    /// Stands in the front rank (at most `stands`).
    pub files: u32,
    /// Personalities with the unit, rightmost first (3.1.3.1).
    pub personalities: Vec<Personality>,
    /// Morale state (1.7).
    pub morale: Morale,
    /// Champion figures (1.7.5).
    pub champions: u32,
    /// Casualty figures (1.7.6).
    pub casualties: u32,
    /// Formation (2.3).
    pub formation: Formation,
    /// Moving (command stand forward, 2.4.1) or stopped.
    pub moving: bool,
    /// Fleeing (2.4.11): it goes on fleeing (2.2.1) until, Broken, it
    /// stops fleeing on a success (2.2.2), or it makes another choice.
    pub fleeing: bool,
    /// Pavises set up in front (3.3.3.4).
    pub pavises_deployed: bool,
    /// Pavises lost by moving, recoiling or fleeing while deployed: never
    /// used again this battle (3.3.3.4).
    pub pavises_lost: bool,
}

pub use crate::rules::UnitProblem;

impl Unit {
    /// A Ready, Formed, stopped unit in one rank, with no special equipment.
    pub fn new(name: &str, troop_type: TroopType, stands: u32) -> Unit {
        Unit {
            name: name.to_string(),
            troop_type,
            training: Training::Irregular,
            armour: 0,
            shield: false,
            weapons: Vec::new(),
            shooting: Vec::new(),
            traits: Vec::new(),
            stands,
            files: stands,
            personalities: Vec::new(),
            morale: Morale::Ready,
            champions: 0,
            casualties: 0,
            formation: Formation::Line,
            moving: false,
            fleeing: false,
            pavises_deployed: false,
            pavises_lost: false,
        }
    }

    /// Whether the unit has a special characteristic (1.5.1.1).
    pub fn has(&self, t: UnitTrait) -> bool {
        self.traits.contains(&t)
    }

    /// Whether the unit carries a weapon (1.5).
    pub fn carries(&self, w: Weapon) -> bool {
        self.weapons.contains(&w)
    }

    /// Drilled troops (1.5).
    pub fn is_drilled(&self) -> bool {
        self.training == Training::Drilled
    }

    /// Formed: any formation but Unformed (2.3).
    pub fn is_formed(&self) -> bool {
        self.formation != Formation::Unformed
    }

    /// "Irregular Heavy": irregular Close Foot, Pike or Cavalry (W-17).
    pub fn is_irregular_heavy(&self) -> bool {
        !self.is_drilled() && self.troop_type.is_heavy()
    }

    /// Armour rating with the large shield (1.5): what opponents add.
    pub fn armour_with_shield(&self) -> i32 {
        i32::from(self.armour) - i32::from(self.shield)
    }

    /// Removes up to `n` stands (losses, a flight, a fall back) and returns
    /// how many went; the front rank is never wider than the stands left
    /// (2.3.1: ranks as equal as possible, none wider than the one in front).
    pub fn lose_stands(&mut self, n: u32) -> u32 {
        let lost = n.min(self.stands);
        self.stands -= lost;
        self.files = self.files.min(self.stands.max(1));
        lost
    }

    /// Stands in the front rank of a line: `files`, never more than the stands.
    fn line_files(&self) -> u32 {
        self.files.clamp(1, self.stands.max(1))
    }

    /// The ranks front to back, as stands per rank (2.3.1; a Wedge by 2.3.1.3;
    /// a March Column single file by 2.3.1.1).
    pub fn ranks(&self) -> Vec<u32> {
        let stands = self.stands;
        if stands == 0 {
            return Vec::new();
        }
        match self.formation {
            Formation::MarchColumn => vec![1; stands as usize],
            Formation::Wedge => wedge_ranks(stands),
            _ => line_ranks(stands, self.line_files()),
        }
    }

    /// Stands in the front rank (a Wedge's point is 1, 2.3.1.3; a March Column 1).
    pub fn front_rank(&self) -> u32 {
        self.ranks().first().copied().unwrap_or(0)
    }

    /// How many ranks are full (W-3): as wide as the front rank or one stand
    /// narrower; in a Wedge every rank is, except a last rank narrower than
    /// the one before it (2.3.1.3).
    pub fn full_ranks(&self) -> u32 {
        let ranks = self.ranks();
        let Some(&front) = ranks.first() else {
            return 0;
        };
        if self.formation == Formation::Wedge {
            let last_short = ranks.len() >= 2 && ranks[ranks.len() - 1] < ranks[ranks.len() - 2];
            return ranks.len() as u32 - u32::from(last_short);
        }
        ranks
            .iter()
            .filter(|&&r| r >= front.saturating_sub(1).max(1))
            .count() as u32
    }

    /// The unit's width (W-1, W-2): stands in the front rank; a March Column is
    /// 1 wide; a Wedge counts as wide as its widest full rank.
    pub fn width(&self) -> u32 {
        if self.stands == 0 {
            return 0;
        }
        match self.formation {
            Formation::MarchColumn => 1,
            Formation::Wedge => {
                let ranks = self.ranks();
                let full = self.full_ranks() as usize;
                ranks[..full].iter().copied().max().unwrap_or(1)
            }
            _ => self.line_files(),
        }
    }

    /// The width an activation is compared with (2.2 step 3): a Wedge
    /// activates as 1 stand wide (W-2).
    pub fn activation_width(&self) -> u32 {
        if self.formation == Formation::Wedge {
            1
        } else {
            self.width()
        }
    }

    /// Slow (1.5.1.1): the trait, or body armour of -2 or less (W-10).
    pub fn is_slow(&self) -> bool {
        self.has(UnitTrait::Slow) || self.armour <= -2
    }

    /// The normal move in spans (2.4.2, 1.5.1.1, W-10).
    pub fn move_distance(&self) -> u32 {
        let base: i32 = match self.troop_type {
            TroopType::CloseFoot | TroopType::Pike => 2,
            TroopType::FootSkirmishers | TroopType::LooseFoot => 3,
            TroopType::Cavalry => 4,
            TroopType::HorseSkirmishers => 5,
        };
        let fast = i32::from(self.has(UnitTrait::Fast));
        let slow = i32::from(self.is_slow());
        (base + fast - slow).max(0) as u32
    }

    /// The charge bonus by the formation the move starts in (2.4.4.1, W-10):
    /// Shieldwall and Pike +1, other Foot +2, Horse +3.
    pub fn charge_bonus(&self) -> u32 {
        if self.troop_type.is_horse() {
            3
        } else if self.formation == Formation::Shieldwall || self.troop_type == TroopType::Pike {
            1
        } else {
            2
        }
    }

    /// The charge distance in spans: move plus charge bonus (2.4.4.1, W-10).
    pub fn charge_distance(&self) -> u32 {
        self.move_distance() + self.charge_bonus()
    }

    /// Personalities still with the unit (not wounded, captured, killed or escaped).
    pub fn active_personalities(&self) -> impl Iterator<Item = &Personality> {
        self.personalities.iter().filter(|p| p.is_active())
    }

    /// The personality commanding the unit, if he is still with it (W-0).
    pub fn commander(&self) -> Option<&Personality> {
        self.personalities
            .iter()
            .find(|p| p.commander)
            .filter(|p| p.is_active())
    }

    /// Impetuous (W-6): its own entry, its commander's, or a Rash commander
    /// of line infantry or Cavalry (3.1.2).
    pub fn is_impetuous(&self) -> bool {
        use super::personality::PersonalityTrait as P;
        if self.has(UnitTrait::Impetuous) {
            return true;
        }
        match self.commander() {
            Some(c) if c.has(P::Impetuous) => true,
            Some(c) if c.has(P::Rash) => {
                self.troop_type.is_line() || self.troop_type == TroopType::Cavalry
            }
            _ => false,
        }
    }

    /// The missile weapon classes the unit carries, heaviest first (1.5).
    pub fn missile_weapons(&self) -> Vec<MissileWeapon> {
        let mut v: Vec<MissileWeapon> = Named::ALL
            .iter()
            .map(|(_, m): &(&str, MissileWeapon)| *m)
            .filter(|m| self.carries(m.as_weapon()))
            .collect();
        v.reverse();
        v
    }

    /// Light weapons only, with neither heavy weapons nor lances (W-16).
    pub fn has_only_light_weapons(&self) -> bool {
        self.carries(Weapon::Light) && !self.carries(Weapon::Heavy) && !self.carries(Weapon::Lances)
    }

    /// Every rules problem with this unit as an army list or case states it:
    /// the checks of 1.6, 2.3.1.2–2.3.1.4, 3.3 and 3.1.2.
    pub fn problems(&self) -> Vec<UnitProblem> {
        let mut out = Vec::new();
        let mut bad = |field: &str, message: String| {
            out.push(UnitProblem {
                field: field.to_string(),
                message,
            })
        };
        let ty = self.troop_type.title();
        // 1.6: a command stand and some warrior stands, except Skirmishers.
        if self.troop_type.has_command_stand()
            && self.stands < 2
            && self.morale != Morale::Dispersed
        {
            bad(
                "stands",
                format!(
                    "{ty} have a command stand and warrior stands (1.6): at least 2 stands, not {}",
                    self.stands
                ),
            );
        }
        if self.troop_type.is_skirmishers() && self.stands == 0 && self.morale != Morale::Dispersed
        {
            bad("stands", "a unit needs at least 1 stand".to_string());
        }
        if self.files == 0 || self.files > self.stands.max(1) {
            bad(
                "files",
                format!(
                    "files are the stands in the front rank: 1 to {} (the unit's stands), not {}",
                    self.stands, self.files
                ),
            );
        }
        if !(-2..=1).contains(&self.armour) {
            bad(
                "armour",
                format!(
                    "armour is 1 (unarmoured), 0 (light), -1 (metal) or -2 (full harness) (1.5), not {}",
                    self.armour
                ),
            );
        }
        let close_foot = self.troop_type == TroopType::CloseFoot;
        for (t, what) in [
            (UnitTrait::Shieldwall, "Shieldwall"),
            (UnitTrait::Wedge, "Wedge"),
        ] {
            if self.has(t) && !close_foot {
                bad(
                    "traits",
                    format!("only Close Foot may form a {what} (1.5.1.1), not {ty}"),
                );
            }
        }
        if self.has(UnitTrait::Hedgehog)
            && !(self.troop_type == TroopType::Pike && self.is_drilled())
        {
            bad(
                "traits",
                "only drilled Pike may form a Hedgehog (2.3.1.4)".to_string(),
            );
        }
        match self.formation {
            Formation::Shieldwall if !self.has(UnitTrait::Shieldwall) => bad(
                "formation",
                "only a unit with the shieldwall trait may stand in Shieldwall (2.3.1.2)"
                    .to_string(),
            ),
            Formation::Shieldwall if self.line_files() < self.stands.div_ceil(2) => bad(
                "files",
                format!(
                    "a Shieldwall stands in one or two ranks (2.3.1.2): at least {} files for {} stands",
                    self.stands.div_ceil(2),
                    self.stands
                ),
            ),
            Formation::Wedge if !self.has(UnitTrait::Wedge) => bad(
                "formation",
                "only a unit with the wedge trait may form a Wedge (2.3.1.3)".to_string(),
            ),
            Formation::Hedgehog if !self.has(UnitTrait::Hedgehog) => bad(
                "formation",
                "only drilled Pike with the hedgehog trait may form a Hedgehog (2.3.1.4)"
                    .to_string(),
            ),
            _ => {}
        }
        if (self.has(UnitTrait::Wedge) || self.formation == Formation::Wedge) && self.stands < 3 {
            bad(
                "stands",
                format!(
                    "a Wedge must have at least 3 stands (2.3.1.3), not {}",
                    self.stands
                ),
            );
        }
        let heavy_missiles = self.carries(Weapon::HeavyMissiles);
        for (w, what) in [
            (Weapon::Longbows, "Longbows"),
            (Weapon::Arbalests, "Arbalests"),
        ] {
            if self.carries(w) && !heavy_missiles {
                bad(
                    "weapons",
                    format!("{what} are heavy missiles (3.3): add heavy_missiles to the weapons"),
                );
            }
        }
        if !self.shooting.is_empty() && self.missile_weapons().is_empty() {
            bad(
                "shooting",
                "a shooting style needs a missile weapon (hand_missiles, light_missiles or heavy_missiles) (1.5)".to_string(),
            );
        }
        if self.pavises_deployed && !self.has(UnitTrait::Pavisiers) {
            bad(
                "pavises_deployed",
                "only pavisiers may deploy pavises (3.3.3.4)".to_string(),
            );
        }
        if self.pavises_deployed && self.pavises_lost {
            bad(
                "pavises_deployed",
                "its pavises were lost and may not be used again this battle (3.3.3.4)".to_string(),
            );
        }
        if self.champions > 0 && !self.morale.allows_champions() {
            bad(
                "champions",
                format!("a {} unit has no champions (1.7.2, W-7)", self.morale),
            );
        }
        for (i, p) in self.personalities.iter().enumerate() {
            for problem in p.problems() {
                out.push(UnitProblem {
                    field: format!("personalities.{i}.{}", problem.field),
                    message: problem.message,
                });
            }
        }
        let commanders = self.personalities.iter().filter(|p| p.commander).count();
        if commanders > 1 {
            out.push(UnitProblem {
                field: "personalities".to_string(),
                message: format!(
                    "a unit has one commander (W-0), but {commanders} are marked commander = true"
                ),
            });
        }
        let mut names: Vec<&str> = self.personalities.iter().map(|p| p.name.as_str()).collect();
        names.sort_unstable();
        for pair in names.windows(2) {
            if pair[0] == pair[1] {
                out.push(UnitProblem {
                    field: "personalities".to_string(),
                    message: format!("the personality '{}' is listed twice", pair[0]),
                });
            }
        }
        out
    }
}

/// Ranks of a line `files` wide: the front rank full, the rest as even as
/// possible and never wider than the rank in front (2.3.1).
fn line_ranks(stands: u32, files: u32) -> Vec<u32> {
    let rank_count = stands.div_ceil(files);
    let mut ranks = vec![files];
    let rest = stands - files;
    let behind = rank_count - 1;
    if let Some(base) = rest.checked_div(behind) {
        let extra = rest % behind;
        ranks.extend((0..behind).map(|i| base + u32::from(i < extra)));
    }
    ranks
}

/// Ranks of a Wedge: one command stand at the point, each rank one wider (2.3.1.3).
fn wedge_ranks(stands: u32) -> Vec<u32> {
    let mut ranks = Vec::new();
    let mut left = stands;
    let mut width = 1;
    while left > 0 {
        let r = width.min(left);
        ranks.push(r);
        left -= r;
        width += 1;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close_foot(stands: u32, files: u32) -> Unit {
        let mut u = Unit::new("Fyrd", TroopType::CloseFoot, stands);
        u.files = files;
        u
    }

    #[test]
    fn ranks_and_full_ranks_of_a_line() {
        let u = close_foot(12, 4);
        assert_eq!(u.ranks(), vec![4, 4, 4]);
        assert_eq!(u.full_ranks(), 3);
        let u = close_foot(9, 4);
        assert_eq!(u.ranks(), vec![4, 3, 2]);
        assert_eq!(u.full_ranks(), 2, "W-3: a rank of 2 behind 4 is not full");
        let u = close_foot(7, 4);
        assert_eq!(u.ranks(), vec![4, 3]);
        assert_eq!(u.full_ranks(), 2, "W-3: one stand narrower is still full");
    }

    #[test]
    fn wedge_ranks_and_width() {
        let mut u = close_foot(6, 6);
        u.traits.push(UnitTrait::Wedge);
        u.formation = Formation::Wedge;
        assert_eq!(u.ranks(), vec![1, 2, 3]);
        assert_eq!(u.width(), 3, "W-2: widest full rank");
        assert_eq!(u.activation_width(), 1, "W-2: activates as 1 wide");
        u.stands = 7;
        assert_eq!(u.ranks(), vec![1, 2, 3, 1]);
        assert_eq!(
            u.full_ranks(),
            3,
            "2.3.1.3: a short last rank does not count"
        );
        u.stands = 5;
        assert_eq!(u.ranks(), vec![1, 2, 2]);
        assert_eq!(u.full_ranks(), 3);
        assert_eq!(u.width(), 2);
    }

    #[test]
    fn march_column_is_one_wide() {
        let mut u = close_foot(6, 3);
        u.formation = Formation::MarchColumn;
        assert_eq!(u.width(), 1, "W-1");
        assert_eq!(u.ranks().len(), 6);
    }

    #[test]
    fn move_and_charge_distances() {
        // W-10 for every troop type.
        let cases = [
            (TroopType::CloseFoot, 2, 4),
            (TroopType::Pike, 2, 3),
            (TroopType::FootSkirmishers, 3, 5),
            (TroopType::LooseFoot, 3, 5),
            (TroopType::Cavalry, 4, 7),
            (TroopType::HorseSkirmishers, 5, 8),
        ];
        for (ty, mv, ch) in cases {
            let u = Unit::new("u", ty, 4);
            assert_eq!((u.move_distance(), u.charge_distance()), (mv, ch), "{ty}");
        }
        let mut sw = close_foot(8, 4);
        sw.traits.push(UnitTrait::Shieldwall);
        sw.formation = Formation::Shieldwall;
        assert_eq!(sw.charge_distance(), 3, "W-10: Shieldwall +1, not Slow");
        let mut fast = Unit::new("u", TroopType::Cavalry, 4);
        fast.traits.push(UnitTrait::Fast);
        assert_eq!(fast.move_distance(), 5);
        let mut harness = Unit::new("u", TroopType::Cavalry, 4);
        harness.armour = -2;
        harness.shield = true;
        assert_eq!(harness.move_distance(), 3, "W-10: armour -2 is Slow");
        harness.armour = -1;
        assert_eq!(
            harness.move_distance(),
            4,
            "W-10: the shield does not count"
        );
    }

    #[test]
    fn morale_steps() {
        assert_eq!(Morale::Berserk.step_down(), Morale::Ready);
        assert_eq!(Morale::Ready.step_down(), Morale::Worn);
        assert_eq!(Morale::Worn.step_down(), Morale::Broken);
        assert_eq!(Morale::Broken.step_down(), Morale::Dispersed);
    }

    #[test]
    fn problems_found() {
        let u = close_foot(1, 1);
        assert!(u.problems().iter().any(|p| p.field == "stands"));
        let u = close_foot(4, 5);
        assert!(u.problems().iter().any(|p| p.field == "files"));
        let mut u = Unit::new("u", TroopType::LooseFoot, 4);
        u.traits.push(UnitTrait::Shieldwall);
        assert!(u.problems().iter().any(|p| p.field == "traits"));
        let mut u = Unit::new("u", TroopType::LooseFoot, 4);
        u.shooting.push(ShootingStyle::Massed);
        assert!(u.problems().iter().any(|p| p.field == "shooting"));
        let mut u = Unit::new("u", TroopType::LooseFoot, 4);
        u.weapons = vec![Weapon::Longbows];
        assert!(u.problems().iter().any(|p| p.field == "weapons"));
        let mut u = Unit::new("u", TroopType::Pike, 4);
        u.traits.push(UnitTrait::Hedgehog);
        assert!(
            u.problems().iter().any(|p| p.field == "traits"),
            "irregular pike"
        );
        let u = Unit::new("skirmishers", TroopType::FootSkirmishers, 1);
        assert!(u.problems().is_empty());
    }
}
