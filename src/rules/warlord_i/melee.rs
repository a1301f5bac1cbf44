//! Melees (Rules 76-84, WI-18 to WI-20): each side throws one die; the
//! difference in weapon ratings and in armour ratings goes to the higher
//! side; then the modifiers of Rules 76, 79 and 80. The difference of the
//! scores decides by the table of Rule 76: recoils, shaken losers, the
//! losing player's response (retreat, waver or surrender: his choice, an
//! input here), follow-ups, extra APs above 4, and the disorder points of
//! Rule 18 that follow (WI-8). Units in melee cannot recuperate, so bases
//! go at 4 APs (WI-10, WI-20).

use super::points::{self, Next};
use super::unit::{
    Armour, Formation, MeleeWeapon, Morale, Order, TroopType, Unit, UnitState, Weapon, WeaponClass,
};
use super::{SidesDice, expect_dice, on_table};
use crate::dice::DiceCount;
use crate::named_enum;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::named::Named;
use crate::rules::{RulesError, Side};

/// Ground favouring a side (Rule 80): only the larger counts (WI-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    /// Uphill, charged down, or defending a minor obstacle: +1.
    Minor,
    /// Defending a major obstacle, field defence or strong point: +2.
    Major,
}
named_enum!(Ground {
    "minor" => Ground::Minor,
    "major" => Ground::Major,
});

/// The losing player's answer to "retreat, waver or surrender" (Rule 76, WI-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Response {
    /// Retreat (IRMD); steady or reckless troops become shaken.
    #[default]
    Retreat,
    /// Waver: it becomes wavering and stays.
    Waver,
    /// Surrender: it leaves the table, the winner takes it prisoner.
    Surrender,
}
named_enum!(Response {
    "retreat" => Response::Retreat,
    "waver" => Response::Waver,
    "surrender" => Response::Surrender,
});

/// The move a side makes after the melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum MeleeMove {
    /// It stands.
    #[default]
    None,
    /// Instant recoil move (IRMR).
    Recoil,
    /// Instant retreat move (IRMD).
    Retreat,
    /// Instant follow-up move (IFUM).
    FollowUp,
}
named_enum!(MeleeMove {
    "none" => MeleeMove::None,
    "recoil" => MeleeMove::Recoil,
    "retreat" => MeleeMove::Retreat,
    "follow_up" => MeleeMove::FollowUp,
});

/// What the referee says of one side (Rules 76, 79, 80; WI-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MeleeFacts {
    /// It charged, counter-charged, followed up or advanced into this melee.
    pub advancing: bool,
    /// Charge advantage (Rule 79), round 1 only: +2.
    pub charge_advantage: bool,
    /// Contact advantage (Rule 79), round 1 only: +1.
    pub contact_advantage: bool,
    /// Eligible supporting ranks (Rule 79): +1 each, as Herald caps them.
    pub supporting_ranks: u32,
    /// Flanks with a base overlap, 0 to 2, round 2 on: +1 each.
    pub overlapped_flanks: u32,
    /// Ground in its favour (Rule 80).
    pub ground: Option<Ground>,
    /// A general leads it in combat: +1.
    pub general_leading: bool,
    /// That general is wounded or worse: no +1 (Rule 98).
    pub general_wounded: bool,
    /// Superior troops (Rule 23): +1.
    pub superior_troops: bool,
    /// The player's response if this side must make one.
    pub response: Response,
}

/// One side's plan: the unit, its facts and every modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeSidePlan {
    /// The unit.
    pub unit: Unit,
    /// What the referee said.
    pub facts: MeleeFacts,
    /// Every modifier to its die, ratings first.
    pub modifiers: Vec<Modifier>,
    /// What was said that counts for nothing here, and why.
    pub notes: Explanation,
}

/// A melee round about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Melee {
    /// The round with the same enemy: 1, 2, …
    pub round: u32,
    /// Side a.
    pub a: MeleeSidePlan,
    /// Side b.
    pub b: MeleeSidePlan,
}

/// One side's part of a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SideVerdict {
    /// Its move.
    pub movement: MeleeMove,
    /// Its morale after.
    pub morale: Morale,
    /// APs gained, DPs included.
    pub aps_gained: u32,
    /// DPs gained.
    pub dps_gained: u32,
    /// The losing player's response, if it had to make one (WI-20).
    pub response: Option<Response>,
    /// It became shaken without a recoil or retreat (its +1 AP, WI-8).
    pub shaken_no_recoil: bool,
}

/// The bare result of a round: what odds count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MeleeVerdict {
    /// Side a's score less side b's.
    pub margin: i32,
    /// The difference of the scores.
    pub difference: u32,
    /// The lower scorer, if the scores differ.
    pub loser: Option<Side>,
    /// The loser's points above 4, each an AP (Rule 76).
    pub extra_aps: u32,
    /// Side a.
    pub a: SideVerdict,
    /// Side b.
    pub b: SideVerdict,
}

/// One side's result, as the cases give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeleeSideResult {
    /// Its die plus its modifiers.
    pub score: i32,
    /// Its move.
    pub movement: MeleeMove,
    /// Its morale after.
    pub morale: Morale,
    /// APs gained, DPs included.
    pub aps_gained: u32,
    /// DPs gained.
    pub dps_gained: u32,
}

/// What a melee round came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeOutcome {
    /// Side a.
    pub a: MeleeSideResult,
    /// Side b.
    pub b: MeleeSideResult,
    /// The difference of the scores.
    pub difference: u32,
    /// The lower scorer.
    pub loser: Option<Side>,
    /// The loser's points above 4.
    pub extra_aps: u32,
    /// Side a's unit after.
    pub after_a: UnitState,
    /// Side b's unit after.
    pub after_b: UnitState,
    /// What is required now: the loser's move first.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl MeleeOutcome {
    /// The loser as the cases write it: "a", "b" or "none".
    pub fn loser_name(&self) -> &'static str {
        self.loser.map_or("none", Side::name)
    }

    /// A side's result.
    pub fn side(&self, side: Side) -> &MeleeSideResult {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// A side's unit after.
    pub fn after(&self, side: Side) -> &UnitState {
        match side {
            Side::A => &self.after_a,
            Side::B => &self.after_b,
        }
    }
}

impl SideVerdict {
    /// It surrendered (WI-20).
    pub fn surrendered(&self) -> bool {
        self.response == Some(Response::Surrender)
    }
}

impl MeleeVerdict {
    /// A side's part.
    pub fn side(&self, side: Side) -> &SideVerdict {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut SideVerdict {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

/// How a unit fights for the weapon ratings of Rule 76 (WI-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fighter {
    /// By its weapon's class.
    Weapon(MeleeWeapon),
    /// Elephants, by type.
    Elephants,
    /// Chariots, by type.
    Chariots,
}

/// How a unit fights: elephants and chariots by type, artillery crews and
/// baggage as others, the rest by their melee weapon (WI-18).
pub fn fighter(unit: &Unit) -> Fighter {
    match unit.troop_type {
        TroopType::Elephants => Fighter::Elephants,
        t if t.is_chariots() => Fighter::Chariots,
        t if t.is_artillery() || t.is_baggage() => Fighter::Weapon(MeleeWeapon::Other),
        _ => Fighter::Weapon(unit.melee_weapon()),
    }
}

/// The weapon rating of Rule 76 (WI-18): round 1 thrusters, throwers,
/// elephants and chariots 3, cutters 2, others 1; later rounds cutters and
/// elephants 3, thrusters and chariots 2, others (throwers too) 1.
pub fn weapon_rating(f: Fighter, round: u32) -> i32 {
    let first = round <= 1;
    match f {
        Fighter::Elephants => 3,
        Fighter::Chariots => {
            if first {
                3
            } else {
                2
            }
        }
        Fighter::Weapon(w) => match (w.class(), first) {
            (WeaponClass::Thrusters | WeaponClass::Throwers, true) => 3,
            (WeaponClass::Cutters, true) => 2,
            (WeaponClass::Cutters, false) => 3,
            (WeaponClass::Thrusters, false) => 2,
            _ => 1,
        },
    }
}

/// The armour rating of Rule 76 (WI-18): LA and artillery 1, AR and light
/// chariots 2, HA and heavy chariots 3, FA, elephants and scythed chariots
/// 4; baggage, which the sheet does not rate, 1.
pub fn armour_rating(unit: &Unit) -> i32 {
    match unit.armour_class() {
        Some(Armour::La) | None => 1,
        Some(Armour::Ar) => 2,
        Some(Armour::Ha) => 3,
        Some(Armour::Fa) => 4,
    }
}

fn fighter_words(f: Fighter) -> String {
    match f {
        Fighter::Elephants => "elephants".to_string(),
        Fighter::Chariots => "chariots".to_string(),
        Fighter::Weapon(w) => format!("{} ({})", w.title(), w.class().title()),
    }
}

/// The most supporting ranks a unit may count (WI-19), or `None` when the
/// referee's count stands (disciplined close-order pike, E114).
pub fn support_cap(unit: &Unit) -> Option<u32> {
    let pike = unit.melee_weapon() == MeleeWeapon::Pike;
    match unit.troop_type {
        TroopType::Foot if unit.is_oo() => Some(0),
        TroopType::Foot if pike && unit.is_disordered() => Some(1),
        TroopType::Foot if pike && unit.is_disciplined() => None,
        TroopType::Foot => Some(2),
        TroopType::Cavalry | TroopType::Camelry => Some(1),
        t if t.is_chariots() => Some(1),
        _ => Some(0),
    }
}

/// Who charged whom before a first round, as the record has it: the
/// charges and counter-charges of this Move (Rules 63-75, WI-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Charges {
    /// The unit charged (or counter-charged) its opponent.
    pub charged: bool,
    /// The opponent charged (or counter-charged) the unit.
    pub charged_by: bool,
}

/// Pikes, long spears or halberds (Rule 79's "pike etc").
fn pike_etc(u: &Unit) -> bool {
    u.carries(Weapon::Pike) || u.carries(Weapon::LongSpear) || u.carries(Weapon::Halberd)
}

/// Charge advantage (Rule 79) as the units and the record's charges give
/// it: the line of Rule 79 that gives it, or `None`. A charge at foot
/// with pikes, long spears or halberds is taken to meet them facing (the
/// table's: the referee says otherwise).
pub fn charge_advantage(me: &Unit, foe: &Unit, c: Charges) -> Option<&'static str> {
    if !c.charged {
        return None;
    }
    let thrower = matches!(me.melee_weapon(), MeleeWeapon::Pilum | MeleeWeapon::Ango);
    let thrusts_or_throws = matches!(
        me.melee_weapon().class(),
        WeaponClass::Thrusters | WeaponClass::Throwers
    );
    let horse = matches!(
        me.troop_type,
        TroopType::Cavalry | TroopType::Camelry | TroopType::Elephants
    ) || me.troop_type.is_chariots();
    if me.is_foot() {
        if thrower && foe.is_foot() {
            return Some("foot using pilum or ango charging foot");
        }
        if foe.is_foot() && !c.charged_by {
            return Some("foot charging foot that do not charge them");
        }
        if foe.is_mounted() && !c.charged_by && thrusts_or_throws {
            return Some(
                "foot with thrusters or throwers charging mounted troops not charging them",
            );
        }
        return None;
    }
    if horse && foe.is_mounted() && !c.charged_by {
        return Some("Cv, Cm, Chs or Els charging mounted troops that do not charge them");
    }
    if me.is_mounted() && foe.is_foot() && foe.formation != Formation::Square && !pike_etc(foe) {
        return Some("mounted troops charging foot not in square, not facing pikes");
    }
    None
}

/// Contact advantage (Rule 79) as the units and the record's charges give
/// it: the line of Rule 79 that gives it, or `None`. A charge reaching
/// contact is taken as "advancing to contact in the open" and foot with
/// pikes, long spears or halberds charged by mounted troops as facing
/// them (the table's: the referee says otherwise).
pub fn contact_advantage(me: &Unit, foe: &Unit, c: Charges) -> Option<&'static str> {
    if c.charged && !(me.is_mounted() && pike_etc(foe) && !c.charged_by) {
        return Some("advancing to contact (in the open)");
    }
    if c.charged_by && foe.is_mounted() && me.is_foot() && pike_etc(me) {
        return Some("facing pikes, long spears or halberds receiving a mounted charge");
    }
    None
}

fn n(v: u32) -> i32 {
    v.min(i32::MAX as u32 / 8) as i32
}

/// Every modifier of one side against the other (Rules 76, 79, 80; WI-18, WI-19).
fn side_modifiers(
    round: u32,
    me: &Unit,
    f: &MeleeFacts,
    foe: &Unit,
) -> (Vec<Modifier>, Explanation) {
    let mut m = Vec::new();
    let mut notes = Explanation::default();
    let first = round <= 1;
    let r76 = || cite("Rule 76", "WI-19");
    let r79 = || cite("Rule 79", "WI-19");
    // Rule 76, WI-18: the difference in ratings goes to the higher side.
    let (mine, theirs) = (fighter(me), fighter(foe));
    let (wm, wt) = (weapon_rating(mine, round), weapon_rating(theirs, round));
    if wm > wt {
        m.push(Modifier::new(
            wm - wt,
            format!(
                "weapons in round {round}: {} {wm} v {} {wt}",
                fighter_words(mine),
                fighter_words(theirs)
            ),
            cite("Rule 76", "WI-18"),
        ));
    }
    let (am, at) = (armour_rating(me), armour_rating(foe));
    if am > at {
        m.push(Modifier::new(
            am - at,
            format!(
                "armour: {} {am} v {} {at}",
                me.armour_class().map_or("baggage", |a| a.code()),
                foe.armour_class().map_or("baggage", |a| a.code())
            ),
            cite("Rule 76", "WI-18"),
        ));
    }
    if f.general_leading {
        if f.general_wounded {
            notes.line(
                "its general leads but is wounded: no +1",
                cite("Rules 76, 98", "WI-19"),
            );
        } else {
            m.push(Modifier::new(
                1,
                "general leading in combat",
                cite("Rules 76, 98", "WI-19"),
            ));
        }
    }
    let round_one =
        |on: bool, v: i32, why: &str, m: &mut Vec<Modifier>, notes: &mut Explanation| {
            if !on {
                return;
            }
            if first {
                m.push(Modifier::new(v, why, cite("Rules 76, 79", "WI-19")));
            } else {
                notes.line(
                    format!("{why}: round 1 only, this is round {round}"),
                    cite("Rule 76", "WI-19"),
                );
            }
        };
    round_one(
        f.charge_advantage,
        2,
        "charge advantage",
        &mut m,
        &mut notes,
    );
    round_one(
        f.contact_advantage,
        1,
        "contact advantage",
        &mut m,
        &mut notes,
    );
    if first && me.morale == Morale::Reckless {
        m.push(Modifier::new(1, "reckless in the 1st round", r76()));
    }
    if first
        && me.carries(Weapon::Darts)
        && matches!(
            mine,
            Fighter::Weapon(w) if matches!(w.class(), WeaponClass::Thrusters | WeaponClass::Cutters)
        )
    {
        m.push(Modifier::new(
            1,
            "darts with thrusters or cutters in the 1st round",
            r76(),
        ));
    }
    // Rule 79, WI-19: superior weapon in the same class.
    if let (Fighter::Weapon(w), Fighter::Weapon(v)) = (mine, theirs)
        && w.class() == v.class()
        && let (Some(x), Some(y)) = (w.superiority(), v.superiority())
        && x < y
    {
        m.push(Modifier::new(
            1,
            format!("superior weapon: {} over {}", w.title(), v.title()),
            r79(),
        ));
    }
    if f.superior_troops {
        m.push(Modifier::new(
            1,
            "superior troops",
            cite("Rules 23, 76", "WI-2, WI-19"),
        ));
    }
    if me.is_no() && (foe.is_oo() || foe.troop_type.is_artillery()) {
        m.push(Modifier::new(
            2,
            format!(
                "close-order troops fighting {}",
                if foe.is_oo() {
                    "OO troops"
                } else {
                    "artillery crews"
                }
            ),
            r76(),
        ));
    }
    let oo_la = |u: &Unit| u.is_oo() && u.armour_class() == Some(Armour::La);
    if oo_la(me) && oo_la(foe) && me.carries(Weapon::Buckler) && !foe.carries(Weapon::Buckler) {
        m.push(Modifier::new(
            1,
            "OO LA troops with buckler against OO LA without",
            r76(),
        ));
    }
    if f.supporting_ranks > 0 {
        let counted = support_cap(me).map_or(f.supporting_ranks, |c| f.supporting_ranks.min(c));
        if counted < f.supporting_ranks {
            notes.line(
                format!(
                    "{} supporting ranks said; {} may count {counted}",
                    f.supporting_ranks,
                    me.describe()
                ),
                cite("Rule 79", "WI-19"),
            );
        }
        if counted > 0 {
            m.push(Modifier::new(
                n(counted),
                format!("{counted} supporting rank(s)"),
                cite("Rules 76, 79", "WI-19"),
            ));
        }
    }
    let worn = foe.aps + 2 * foe.bases_lost;
    if worn > 0 {
        m.push(Modifier::new(
            n(worn),
            format!(
                "opponents' {} AP(s) and {} casualty base(s) (2 each)",
                foe.aps, foe.bases_lost
            ),
            r76(),
        ));
    }
    if f.overlapped_flanks > 0 {
        if first {
            notes.line(
                "overlaps count from the 2nd round on",
                cite("Rules 76, 79", "WI-19"),
            );
        } else {
            m.push(Modifier::new(
                n(f.overlapped_flanks.min(2)),
                format!(
                    "{} flank(s) with a base overlap",
                    f.overlapped_flanks.min(2)
                ),
                cite("Rules 76, 79", "WI-19"),
            ));
        }
    }
    match f.ground {
        Some(Ground::Minor) => m.push(Modifier::new(
            1,
            "uphill, charged down or defending a minor obstacle",
            cite("Rules 76, 80", "WI-19"),
        )),
        Some(Ground::Major) => m.push(Modifier::new(
            2,
            "defending a major obstacle, field defence or strong point",
            cite("Rules 76, 80", "WI-19"),
        )),
        None => {}
    }
    let big = |u: &Unit| {
        matches!(
            u.troop_type,
            TroopType::HeavyChariots | TroopType::Elephants
        )
    };
    if me.special && big(me) && !big(foe) {
        m.push(Modifier::new(
            1,
            format!("Sp status {} fighting other troops", me.troop_type.title()),
            cite("Rules 3, 76", "WI-19"),
        ));
    }
    if !first {
        let nc_foot = |u: &Unit| u.is_foot() && u.order() == Some(Order::Nc);
        if nc_foot(me) && foe.is_foot() && matches!(foe.order(), Some(Order::Nl | Order::Nr)) {
            m.push(Modifier::new(
                1,
                format!("NC foot fighting {} foot, round 2 on", foe.order.code()),
                r76(),
            ));
        }
        if me.is_disciplined() && foe.is_tribal() {
            m.push(Modifier::new(
                1,
                "disciplined troops fighting tribal troops, round 2 on",
                r76(),
            ));
        }
        if nc_foot(me) && foe.is_no_foot() && me.ranks >= foe.ranks + 2 {
            let pairs = (me.ranks - foe.ranks) / 2;
            m.push(Modifier::new(
                n(pairs),
                format!(
                    "NC foot {} ranks against close-order foot {}: 1 per 2 extra, round 2 on",
                    me.ranks, foe.ranks
                ),
                cite("Rule 76", "WI-1, WI-19"),
            ));
        }
        let dis_nc_cv = me.troop_type == TroopType::Cavalry
            && me.order() == Some(Order::Nc)
            && me.is_disciplined();
        let dis_nl_mt = foe.is_mounted() && foe.order() == Some(Order::Nl) && foe.is_disciplined();
        if dis_nc_cv && dis_nl_mt {
            m.push(Modifier::new(
                1,
                "disciplined NC cavalry fighting disciplined NL mounted, round 2 on",
                r76(),
            ));
        }
    }
    (m, notes)
}

impl Melee {
    /// States both sides' modifiers, or why the melee cannot be fought.
    pub fn plan(
        round: u32,
        a: (&Unit, MeleeFacts),
        b: (&Unit, MeleeFacts),
    ) -> Result<Melee, RulesError> {
        Melee::plan_seen(round, a, b, [None, None])
    }

    /// A round as [`Melee::plan`], each side's opponent counting its APs
    /// and casualty bases as `seen` says (a's, then b's), where the unit
    /// fought another enemy earlier this Move (Rules 25 step 7, 76;
    /// Herald's reading WI-H2: the pairs of one melee are fought at once).
    pub fn plan_seen(
        round: u32,
        a: (&Unit, MeleeFacts),
        b: (&Unit, MeleeFacts),
        seen: [Option<(u32, u32)>; 2],
    ) -> Result<Melee, RulesError> {
        if round == 0 {
            return Err(RulesError::refused("melee rounds count from 1 (Rule 76)"));
        }
        for (u, f) in [&a, &b] {
            on_table(u)?;
            if u.morale == Morale::Routed {
                // Herald's reading: routers do not fight; pursuers in contact remove bases (Rule 13).
                return Err(RulesError::refused(format!(
                    "{} is routed: routers do not fight melees; pursuing bases in contact remove its bases (Rule 13, WI-11)",
                    u.name
                )));
            }
            if f.overlapped_flanks > 2 {
                return Err(RulesError::refused(format!(
                    "a unit has 2 flanks; overlapped_flanks = {} for {} (0 to 2 accepted)",
                    f.overlapped_flanks, u.name
                )));
            }
        }
        let side = |me: &Unit, f: &MeleeFacts, foe: &Unit, foe_seen: Option<(u32, u32)>| {
            let mut view = foe.clone();
            if let Some((aps, bases_lost)) = foe_seen {
                // WI-H2: its losses to another enemy this Move do not count here.
                view.aps = aps;
                view.bases_lost = bases_lost;
            }
            let (modifiers, mut notes) = side_modifiers(round, me, f, &view);
            if let Some((aps, bases_lost)) = foe_seen
                && (aps, bases_lost) != (foe.aps, foe.bases_lost)
            {
                notes.line(
                    format!(
                        "{} fought another enemy this Move: its {} AP(s) and {} casualty base(s) from before that fight count here, not its {} and {} now (the pairs are fought at once)",
                        foe.name, aps, bases_lost, foe.aps, foe.bases_lost
                    ),
                    cite("Rules 25, 76", "WI-H2"),
                );
            }
            MeleeSidePlan {
                unit: me.clone(),
                facts: *f,
                modifiers,
                notes,
            }
        };
        Ok(Melee {
            round,
            a: side(a.0, &a.1, b.0, seen[1]),
            b: side(b.0, &b.1, a.0, seen[0]),
        })
    }

    /// One die each side (Rule 76).
    pub fn needs(&self) -> (DiceCount, DiceCount) {
        (DiceCount::white(1), DiceCount::white(1))
    }

    /// A side's plan.
    pub fn side(&self, side: Side) -> &MeleeSidePlan {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// A side's score for its die.
    pub fn score(&self, side: Side, face: u8) -> i32 {
        i32::from(face) + total(&self.side(side).modifiers)
    }

    /// Side a's modifiers less side b's: a's margin is this plus a's die less b's.
    pub fn edge(&self) -> i32 {
        total(&self.a.modifiers) - total(&self.b.modifiers)
    }

    fn mounted_v_foot(&self, side: Side) -> bool {
        self.side(side).unit.is_mounted() && self.side(side.other()).unit.is_foot()
    }

    /// The result for a margin (side a's score less side b's) by the table
    /// of Rule 76 as WI-20 reads it, with WI-8's disorder points. Odds use this.
    pub fn verdict(&self, margin: i32) -> MeleeVerdict {
        let difference = margin.unsigned_abs();
        let loser = match margin.signum() {
            1 => Some(Side::B),
            -1 => Some(Side::A),
            _ => None,
        };
        let mut v = MeleeVerdict {
            margin,
            difference,
            loser,
            extra_aps: 0,
            a: SideVerdict {
                morale: self.a.unit.morale,
                ..SideVerdict::default()
            },
            b: SideVerdict {
                morale: self.b.unit.morale,
                ..SideVerdict::default()
            },
        };
        match (difference, loser) {
            (0, _) | (_, None) => {}
            (1, _) => {
                // Rule 76: mounted troops fighting foot recoil, win or lose.
                for s in [Side::A, Side::B] {
                    if self.mounted_v_foot(s) {
                        v.side_mut(s).movement = MeleeMove::Recoil;
                    }
                }
            }
            (d, Some(l)) => {
                let w = l.other();
                let lu = &self.side(l).unit;
                let already = matches!(
                    lu.morale,
                    Morale::Shaken | Morale::Wavering | Morale::Dispersed
                ) || lu.is_disordered();
                // Rule 76, WI-20: 4 or more, or 2-3 against a loser already shaken,
                // wavering, dispersed or disordered: the player's response;
                // otherwise the loser becomes shaken and, mounted against foot, recoils.
                if d >= 4 || already {
                    self.respond(&mut v, l);
                } else {
                    let mounted = self.mounted_v_foot(l);
                    let lv = v.side_mut(l);
                    lv.morale = Morale::Shaken;
                    if mounted {
                        lv.movement = MeleeMove::Recoil;
                    } else {
                        // Rule 12, WI-8: shaken without a recoil or retreat.
                        lv.shaken_no_recoil = true;
                        lv.aps_gained += 1;
                    }
                }
                if d >= 4 {
                    // Rule 76: each point above 4 is 1 extra AP for the loser.
                    v.extra_aps = d - 4;
                    v.side_mut(l).aps_gained += d - 4;
                }
                // Rule 76, WI-20: an advancing winner follows up; at 2-3 a mounted
                // winner fighting foot otherwise recoils; any other stands.
                let wv_move = if self.side(w).facts.advancing {
                    MeleeMove::FollowUp
                } else if d <= 3 && self.mounted_v_foot(w) {
                    MeleeMove::Recoil
                } else {
                    MeleeMove::None
                };
                v.side_mut(w).movement = wv_move;
            }
        }
        // Rule 18, WI-8: the disorder points that follow from the result.
        for s in [Side::A, Side::B] {
            let dps = self
                .disorder(s, v.side(s).movement)
                .iter()
                .flatten()
                .count() as u32;
            let sv = v.side_mut(s);
            sv.aps_gained += dps;
            sv.dps_gained += dps;
        }
        v
    }

    /// The losing player's response (WI-20): retreat, waver or surrender.
    fn respond(&self, v: &mut MeleeVerdict, loser: Side) {
        let response = self.side(loser).facts.response;
        let lv = v.side_mut(loser);
        lv.response = Some(response);
        match response {
            Response::Retreat => {
                lv.movement = MeleeMove::Retreat;
                if matches!(lv.morale, Morale::Steady | Morale::Reckless) {
                    lv.morale = Morale::Shaken;
                }
            }
            Response::Waver => lv.morale = Morale::Wavering,
            Response::Surrender => {}
        }
    }

    /// The DPs Herald applies by itself to a side, each with its cause
    /// (Rule 18, WI-8): a recoil, retreat or follow-up; each 2nd or later
    /// round; cavalry, camelry and chariots meeting elephants in round 1;
    /// cavalry and chariots against camelry in round 2.
    pub fn disorder(&self, side: Side, movement: MeleeMove) -> [Option<&'static str>; 4] {
        let me = &self.side(side).unit;
        let foe = &self.side(side.other()).unit;
        let moved = match movement {
            MeleeMove::None => None,
            MeleeMove::Recoil => Some("a recoil"),
            MeleeMove::Retreat => Some("a retreat"),
            MeleeMove::FollowUp => Some("a follow-up"),
        };
        let horse = matches!(me.troop_type, TroopType::Cavalry | TroopType::Camelry)
            || me.troop_type.is_chariots();
        let cv_or_chs = me.troop_type == TroopType::Cavalry || me.troop_type.is_chariots();
        [
            moved,
            (self.round >= 2).then_some("a 2nd or later round with the same enemy"),
            (self.round == 1 && horse && foe.troop_type == TroopType::Elephants)
                .then_some("meeting elephants in the 1st round"),
            (self.round == 2 && cv_or_chs && foe.troop_type == TroopType::Camelry)
                .then_some("a 2nd round against camelry"),
        ]
    }

    /// Both units after a verdict: their morale and points, bases at 4 APs
    /// (WI-10, WI-20), a surrendered unit gone; then what is required next,
    /// the loser first, and why.
    pub fn after(&self, v: &MeleeVerdict) -> (UnitState, UnitState, Vec<Next>, Explanation) {
        let mut why = Explanation::default();
        let mut states = [self.a.unit.state(), self.b.unit.state()];
        for (i, s) in [Side::A, Side::B].into_iter().enumerate() {
            let sv = v.side(s);
            let st = &mut states[i];
            st.morale = sv.morale;
            points::gain(st, sv.aps_gained, sv.dps_gained);
            if sv.surrendered() {
                st.bases = 0;
                continue;
            }
            // WI-20: units in melee cannot recuperate: bases go at 4 APs.
            points::remove_bases(st, false, &mut why);
        }
        let order = match v.loser {
            Some(l) => [l, l.other()],
            None => [Side::A, Side::B],
        };
        let mut next = Vec::new();
        for s in order {
            let sv = v.side(s);
            let st = &states[s as usize];
            if sv.surrendered() {
                next.push(Next::Prisoners);
            } else if st.bases == 0 {
                next.push(Next::Destroyed);
            } else {
                match sv.movement {
                    MeleeMove::None => {}
                    MeleeMove::Recoil => next.push(Next::Recoil),
                    MeleeMove::Retreat => next.push(Next::Retreat),
                    MeleeMove::FollowUp => next.push(Next::FollowUp),
                }
            }
        }
        let [a, b] = states;
        (a, b, next, why)
    }

    /// Turns the two dice into the round's result.
    pub fn resolve(&self, dice: &SidesDice) -> Result<MeleeOutcome, RulesError> {
        let what = "each side throws one die in a melee (Rule 76)";
        expect_dice(&dice.a, DiceCount::white(1), &format!("side a: {what}"))?;
        expect_dice(&dice.b, DiceCount::white(1), &format!("side b: {what}"))?;
        let (fa, fb) = (dice.a.white[0].value(), dice.b.white[0].value());
        let (sa, sb) = (self.score(Side::A, fa), self.score(Side::B, fb));
        let v = self.verdict(sa - sb);
        let mut why = Explanation::default();
        for (s, face, score) in [(Side::A, fa, sa), (Side::B, fb, sb)] {
            let p = self.side(s);
            // Each side by its unit's name: the melee's a and b are not the
            // battle's sides (issue 25's finding 7).
            why.line(
                format!("{} (round {}): die {face}", p.unit.name, self.round),
                cite("Rule 76", "WI-18"),
            );
            why.modifiers(&p.modifiers);
            why.extend(p.notes.clone());
            why.line(
                format!("{} scores {score}", p.unit.name),
                cite("Rule 76", "WI-19"),
            );
        }
        self.explain_verdict(&v, &mut why);
        let (after_a, after_b, next, more) = self.after(&v);
        why.extend(more);
        let result = |s: Side, score| {
            let sv = v.side(s);
            MeleeSideResult {
                score,
                movement: sv.movement,
                morale: sv.morale,
                aps_gained: sv.aps_gained,
                dps_gained: sv.dps_gained,
            }
        };
        Ok(MeleeOutcome {
            a: result(Side::A, sa),
            b: result(Side::B, sb),
            difference: v.difference,
            loser: v.loser,
            extra_aps: v.extra_aps,
            after_a,
            after_b,
            next,
            explanation: why,
        })
    }

    /// The lines saying what the table of Rule 76 did.
    fn explain_verdict(&self, v: &MeleeVerdict, why: &mut Explanation) {
        let c = || cite("Rule 76", "WI-20");
        let name = |s: Side| self.side(s).unit.name.clone();
        match v.loser {
            None => why.line("equal scores: both stand", c()),
            Some(l) => why.line(
                format!("difference {}: {} loses", v.difference, name(l)),
                c(),
            ),
        }
        for s in [Side::A, Side::B] {
            let sv = v.side(s);
            let was = self.side(s).unit.morale;
            let mut parts = Vec::new();
            match sv.response {
                Some(Response::Surrender) => parts.push(
                    "its player chooses to surrender: it leaves the table and the winner takes it prisoner (a disaster, WI-12)".to_string(),
                ),
                Some(r) => parts.push(format!("its player chooses to {}", r.name())),
                None => {}
            }
            if sv.morale != was && !sv.surrendered() {
                parts.push(format!("{was} becomes {}", sv.morale));
            }
            match sv.movement {
                MeleeMove::None => {}
                MeleeMove::Recoil => parts.push("recoils (IRMR)".into()),
                MeleeMove::Retreat => parts.push("retreats (IRMD)".into()),
                MeleeMove::FollowUp => parts.push("advancing, it follows up (IFUM)".into()),
            }
            if sv.shaken_no_recoil {
                parts.push("shaken without a recoil: +1 AP (Rule 12, WI-8)".into());
            }
            if v.loser == Some(s) && v.extra_aps > 0 {
                parts.push(format!(
                    "{} point(s) above 4: +{} AP",
                    v.extra_aps, v.extra_aps
                ));
            }
            let causes: Vec<&str> = self
                .disorder(s, sv.movement)
                .into_iter()
                .flatten()
                .collect();
            if !causes.is_empty() {
                parts.push(format!(
                    "+{} DP (an AP too) for {} (Rule 18, WI-8)",
                    causes.len(),
                    causes.join(", ")
                ));
            }
            if !parts.is_empty() {
                why.line(format!("{}: {}", name(s), parts.join("; ")), c());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;
    use crate::rules::warlord_i::unit::Drill;

    fn foot(name: &str, w: Weapon, armour: Armour) -> Unit {
        let mut u = Unit::new(name, TroopType::Foot, 6).with_files(3);
        u.weapons = vec![w];
        u.armour = armour;
        u
    }

    fn horse(name: &str, w: Weapon, armour: Armour) -> Unit {
        let mut u = Unit::new(name, TroopType::Cavalry, 4);
        u.weapons = vec![w];
        u.armour = armour;
        u
    }

    fn fight(
        round: u32,
        a: (&Unit, MeleeFacts),
        b: (&Unit, MeleeFacts),
        da: u8,
        db: u8,
    ) -> MeleeOutcome {
        Melee::plan(round, a, b)
            .unwrap()
            .resolve(&SidesDice {
                a: Dice::white(&[da]).unwrap(),
                b: Dice::white(&[db]).unwrap(),
            })
            .unwrap()
    }

    fn no() -> MeleeFacts {
        MeleeFacts::default()
    }

    #[test]
    fn ratings_of_rule_76() {
        use MeleeWeapon::*;
        let r1: Vec<i32> = [Pike, Javelin, Sword, Mixed]
            .iter()
            .map(|&w| weapon_rating(Fighter::Weapon(w), 1))
            .collect();
        assert_eq!(r1, [3, 3, 2, 1]);
        let r2: Vec<i32> = [Pike, Javelin, Sword, Mixed]
            .iter()
            .map(|&w| weapon_rating(Fighter::Weapon(w), 2))
            .collect();
        assert_eq!(r2, [2, 1, 3, 1]);
        assert_eq!(
            (
                weapon_rating(Fighter::Elephants, 1),
                weapon_rating(Fighter::Elephants, 2)
            ),
            (3, 3)
        );
        assert_eq!(
            (
                weapon_rating(Fighter::Chariots, 1),
                weapon_rating(Fighter::Chariots, 3)
            ),
            (3, 2)
        );
        let el = Unit::new("El", TroopType::Elephants, 2);
        let cat = Unit::new("Cat", TroopType::LightCatapult, 1);
        let sch = Unit::new("S", TroopType::ScythedChariots, 2);
        assert_eq!(
            (armour_rating(&el), armour_rating(&cat), armour_rating(&sch)),
            (4, 1, 4)
        );
        assert_eq!(fighter(&cat), Fighter::Weapon(Other));
    }

    #[test]
    fn a_difference_of_one_makes_mounted_v_foot_recoil() {
        let h = horse("Horse", Weapon::Sword, Armour::La);
        let f = foot("Foot", Weapon::Sword, Armour::La);
        let out = fight(1, (&h, no()), (&f, no()), 4, 5);
        // Horse NC is NO, foot NC is NO: no +2; equal ratings. 4 v 5.
        assert_eq!((out.difference, out.loser), (1, Some(Side::A)));
        assert_eq!(out.a.movement, MeleeMove::Recoil);
        assert_eq!(out.b.movement, MeleeMove::None);
        assert_eq!((out.a.aps_gained, out.a.dps_gained), (1, 1));
        assert_eq!(out.next, [Next::Recoil]);
        let out = fight(1, (&h, no()), (&f, no()), 5, 4);
        assert_eq!(out.next, [Next::Recoil], "the winner recoils too");
    }

    #[test]
    fn two_or_three_shake_or_make_the_loser_respond() {
        let a = foot("A", Weapon::Sword, Armour::La);
        let mut b = foot("B", Weapon::Sword, Armour::La);
        let out = fight(1, (&a, no()), (&b, no()), 5, 2);
        assert_eq!(out.b.morale, Morale::Shaken);
        assert_eq!((out.b.aps_gained, out.b.dps_gained), (1, 0));
        assert!(out.next.is_empty());
        b.morale = Morale::Shaken;
        let waver = MeleeFacts {
            response: Response::Waver,
            ..no()
        };
        let out = fight(1, (&a, no()), (&b, waver), 5, 2);
        assert_eq!(
            (out.b.morale, out.b.movement),
            (Morale::Wavering, MeleeMove::None)
        );
        assert!(out.explanation.to_string().contains("chooses to waver"));
        b.morale = Morale::Steady;
        b.aps = 1;
        b.dps = 1;
        let out = fight(1, (&a, no()), (&b, no()), 6, 1);
        // a: 6 + 1 (b's AP) = 7, b: 1: difference 6, the loser retreats, 2 above 4.
        assert_eq!((out.difference, out.b.movement), (6, MeleeMove::Retreat));
        assert_eq!(out.extra_aps, out.difference - 4);
    }

    #[test]
    fn surrender_leaves_prisoners() {
        let a = MeleeFacts {
            advancing: true,
            ..no()
        };
        let b = MeleeFacts {
            response: Response::Surrender,
            ..no()
        };
        let ua = foot("A", Weapon::Sword, Armour::Ha);
        let ub = foot("B", Weapon::Sword, Armour::La);
        let out = fight(1, (&ua, a), (&ub, b), 6, 1);
        assert_eq!(out.after_b.bases, 0);
        assert_eq!(
            out.after_b.bases_lost, 0,
            "prisoners are not casualty bases"
        );
        assert_eq!(out.next, [Next::Prisoners, Next::FollowUp]);
    }

    #[test]
    fn supporting_ranks_are_capped() {
        let mut pike = foot("Pike", Weapon::Pike, Armour::La);
        let mut cav = horse("Horse", Weapon::Lance, Armour::La);
        assert_eq!(support_cap(&pike), None);
        pike.drill = Drill::Tribal;
        assert_eq!(support_cap(&pike), Some(2));
        pike.dps = 1;
        pike.aps = 1;
        assert_eq!(support_cap(&pike), Some(1));
        assert_eq!(support_cap(&cav), Some(1));
        cav.troop_type = TroopType::Elephants;
        assert_eq!(support_cap(&cav), Some(0));
        let f = MeleeFacts {
            supporting_ranks: 3,
            ..no()
        };
        let plan =
            Melee::plan(1, (&pike, f), (&foot("X", Weapon::Sword, Armour::La), no())).unwrap();
        assert!(plan.a.notes.to_string().contains("may count 1"));
    }

    #[test]
    fn round_two_brings_overlaps_and_drops_advantages() {
        let a = foot("A", Weapon::Spear, Armour::La);
        let b = foot("B", Weapon::Spear, Armour::La);
        let f = MeleeFacts {
            charge_advantage: true,
            contact_advantage: true,
            overlapped_flanks: 2,
            ..no()
        };
        let one = Melee::plan(1, (&a, f), (&b, no())).unwrap();
        assert_eq!(total(&one.a.modifiers), 3);
        let two = Melee::plan(2, (&a, f), (&b, no())).unwrap();
        assert_eq!(total(&two.a.modifiers), 2);
        let out = fight(2, (&a, no()), (&b, no()), 3, 3);
        assert_eq!((out.a.dps_gained, out.b.dps_gained), (1, 1), "round 2 DPs");
    }

    #[test]
    fn mounted_meet_elephants_and_camels() {
        let h = horse("Horse", Weapon::Lance, Armour::Ha);
        let el = Unit::new("El", TroopType::Elephants, 2);
        let out = fight(1, (&h, no()), (&el, no()), 3, 3);
        assert_eq!(out.a.dps_gained, 1, "cavalry meeting elephants, round 1");
        let mut camels = horse("Camels", Weapon::Lance, Armour::Ha);
        camels.troop_type = TroopType::Camelry;
        let out = fight(2, (&h, no()), (&camels, no()), 3, 3);
        assert_eq!((out.a.dps_gained, out.b.dps_gained), (2, 1));
    }

    #[test]
    fn buckler_superior_weapon_and_drill() {
        let mut a = foot("A", Weapon::Halberd, Armour::La);
        a.order = Order::Oo;
        a.weapons.push(Weapon::Buckler);
        let mut b = foot("B", Weapon::Sword, Armour::La);
        b.order = Order::Oo;
        b.drill = Drill::Tribal;
        let plan = Melee::plan(2, (&a, no()), (&b, no())).unwrap();
        let text = format!("{:?}", plan.a.modifiers);
        assert!(
            text.contains("buckler") && text.contains("halberd over sword"),
            "{text}"
        );
        assert!(
            text.contains("disciplined troops fighting tribal"),
            "{text}"
        );
        assert_eq!(total(&plan.a.modifiers), 3);
    }

    #[test]
    fn routed_units_do_not_fight() {
        let a = foot("A", Weapon::Sword, Armour::La);
        let mut b = a.clone();
        b.morale = Morale::Routed;
        assert!(Melee::plan(1, (&a, no()), (&b, no())).is_err());
        assert!(Melee::plan(0, (&a, no()), (&a, no())).is_err());
    }
}
