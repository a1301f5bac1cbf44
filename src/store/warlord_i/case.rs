//! Warlord I case files (`conformance/warlord-i/README.md`): a top-level
//! `system = "warlord_i"`, then `[[case]]` tables of twelve kinds, each with
//! its inputs, dice and expected result. Each case is read on its own, so
//! one broken case is refused while the others resolve.

use super::unit_table::{read_co, read_unit};
use crate::battle::RuleSystem;
use crate::battle::warlord_i::WarlordI;
use crate::dice::Dice;
use crate::rules::named::closest;
use crate::rules::warlord_i::{
    AttritionGains, CcpSituation, ChargeTarget, Co, CoActivity, CommandSituation, EnterSituation,
    FugitiveSituation, GeneralRiskSituation, Ground, InitiativeSituation, Leader, MeleeFacts,
    Response, ShootingSituation, ShootingWeapon, ShotFrom, SidesDice, Transfer, Unit,
    WaverSituation, WinnerMoves,
};
use crate::store::case::to_json;
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// The case kinds, as written in `kind`.
pub const KINDS: &[&str] = &[
    "order_of_play",
    "command_test",
    "ccp_cost",
    "initiative",
    "recuperation",
    "attrition",
    "fugitive_attrition",
    "enter_field",
    "shooting",
    "waver_test",
    "melee",
    "general_risk",
];

/// The largest count or distance a case may give (a sanity limit).
const MAX: i64 = 100_000;

/// One case of a file.
#[derive(Debug)]
pub struct Case {
    /// Its id (or `case N` when it has none).
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// The inputs, or every problem found in them.
    pub input: Result<CaseInput, Vec<Problem>>,
    /// Its house options (a `house` table; the rulings unless it chooses otherwise).
    pub house: crate::rules::house::House,
    /// The `expect` table as JSON, if any (never read by the resolver).
    pub expect: Option<serde_json::Value>,
}

/// One side of a melee case.
#[derive(Debug, Clone)]
pub struct MeleeSideInput {
    /// The unit.
    pub unit: Unit,
    /// What the referee says of it.
    pub facts: MeleeFacts,
}

/// A case's inputs, checked.
#[derive(Debug, Clone)]
pub enum CaseInput {
    /// The order of play (Rule 26).
    OrderOfPlay {
        winner_moves: WinnerMoves,
        dice: SidesDice,
    },
    /// A command test (Rule 29).
    CommandTest {
        co: Co,
        situation: CommandSituation,
        dice: Dice,
    },
    /// A unit's CCP cost (Rule 29, E54).
    CcpCost {
        unit: Unit,
        situation: CcpSituation,
        available: Option<u32>,
    },
    /// An isolated unit's initiative (Rules 37, 62).
    Initiative {
        unit: Unit,
        situation: InitiativeSituation,
        dice: Dice,
    },
    /// Recuperation (Rule 15).
    Recuperation { unit: Unit, rallied: bool },
    /// Attrition from events (Rules 12, 16, 18).
    Attrition { unit: Unit, gains: AttritionGains },
    /// Fugitives' attrition (Rule 13).
    FugitiveAttrition {
        unit: Unit,
        situation: FugitiveSituation,
        dice: Dice,
    },
    /// Entering the field (Rule 47).
    EnterField {
        unit: Unit,
        situation: EnterSituation,
        dice: Dice,
    },
    /// A shot (Rules 55-56).
    Shooting {
        shooter: Unit,
        target: Unit,
        situation: ShootingSituation,
        dice: Dice,
    },
    /// A waver test (Rules 58-60).
    WaverTest {
        unit: Unit,
        situation: WaverSituation,
        dice: Dice,
    },
    /// A melee round (Rules 76-80).
    Melee {
        round: u32,
        a: MeleeSideInput,
        b: MeleeSideInput,
        dice: SidesDice,
    },
    /// A general's risk (Rule 99).
    GeneralRisk {
        co: Co,
        situation: GeneralRiskSituation,
        dice: Dice,
    },
}

/// Reads a case file from disk (size and UTF-8 checked), then its cases.
pub fn load_cases(path: &std::path::Path) -> Result<Vec<Case>, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_cases(&path.display().to_string(), &text)
}

/// Reads a whole Warlord I case file. File-level problems (not TOML, no
/// `system = "warlord_i"`, no cases) come back as `Err`; problems inside
/// one case stay with that case.
pub fn read_cases(path: &str, text: &str) -> Result<Vec<Case>, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    super::read_system(&mut walk, &mut top, "case file");
    let tables = walk.tables(&mut top, "case");
    walk.finish(top);
    if walk.has_errors() {
        return Err(toml_walk::cap(path, walk.problems));
    }
    if tables.is_empty() {
        walk.error(0..0, "case", "no [[case]] tables in this file");
        return Err(walk.problems);
    }
    Ok(tables
        .into_iter()
        .enumerate()
        .map(|(i, f)| read_case(&src, i, f))
        .collect())
}

fn read_case<'s>(src: &Source<'s>, index: usize, mut f: Fields<'_, 's>) -> Case {
    let mut walk = Walk::new(src);
    let id = walk
        .string(&mut f, "id")
        .unwrap_or_else(|| format!("case {}", index + 1));
    let kind = walk.string(&mut f, "kind").unwrap_or_default();
    walk.string(&mut f, "note");
    walk.string_list(&mut f, "rulings");
    let house = crate::store::house::read_house(&mut walk, &mut f, crate::rules::System::WarlordI);
    let expect = f.get("expect").map(|v| to_json(v.get_ref()));
    let w = &mut walk;
    let input = match kind.as_str() {
        "order_of_play" => order_of_play(w, &mut f),
        "command_test" => command_test(w, &mut f),
        "ccp_cost" => ccp_cost(w, &mut f),
        "initiative" => initiative(w, &mut f),
        "recuperation" => recuperation(w, &mut f),
        "attrition" => attrition(w, &mut f),
        "fugitive_attrition" => fugitive_attrition(w, &mut f),
        "enter_field" => enter_field(w, &mut f),
        "shooting" => shooting(w, &mut f),
        "waver_test" => waver_test(w, &mut f),
        "melee" => melee(w, &mut f),
        "general_risk" => general_risk(w, &mut f),
        other => {
            let hint = closest(other, KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            let message = if f.has("kind") {
                format!(
                    "'{other}' is not a Warlord I case kind{hint}; accepted: {}",
                    KINDS.join(", ")
                )
            } else {
                format!("'kind' is missing; one of: {}", KINDS.join(", "))
            };
            w.error(f.span_of("kind"), f.at("kind"), message);
            None
        }
    };
    walk.finish(f);
    let input = match input {
        Some(i) if !walk.has_errors() => Ok(i),
        _ => Err(walk.problems.into_iter().filter(|p| !p.warning).collect()),
    };
    Case {
        id,
        kind,
        input,
        house,
        expect,
    }
}

/// A whole number field from 0 to `MAX`, or 0.
fn count<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key: &'static str) -> u32 {
    walk.int(t, key, 0..=MAX).unwrap_or(0) as u32
}

/// A true/false field, or false.
fn flag<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key: &'static str) -> bool {
    walk.bool(t, key).unwrap_or(false)
}

fn unit<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<Unit> {
    let t = walk.required_table(f, key)?;
    read_unit(walk, t)
}

fn co<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Co> {
    let t = walk.required_table(f, "co")?;
    read_co(walk, t)
}

/// `dice.white`: the dice of a one-player roll (Warlord I throws plain d6).
fn dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Dice {
    let mut d = Dice::default();
    if let Some(mut t) = walk.table(f, "dice") {
        d = crate::store::dice::pools(walk, &mut t, <WarlordI as RuleSystem>::DICE);
        walk.finish(t);
    }
    d
}

/// `dice.a` and `dice.b`: each side's dice.
fn sides_dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> SidesDice {
    let mut d = SidesDice::default();
    if let Some(mut t) = walk.table(f, "dice") {
        d.a.white = crate::store::dice::faces(walk, &mut t, "a", 6);
        d.b.white = crate::store::dice::faces(walk, &mut t, "b", 6);
        walk.finish(t);
    }
    d
}

/// Reads `situation` with `read` if present (its fields' defaults otherwise).
fn situation<'s, T: Default>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    read: impl FnOnce(&mut Walk<'_, 's>, &mut Fields<'_, 's>) -> T,
) -> T {
    match walk.table(f, "situation") {
        Some(mut t) => {
            let s = read(walk, &mut t);
            walk.finish(t);
            s
        }
        None => T::default(),
    }
}

fn order_of_play<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let winner_moves = walk
        .named::<WinnerMoves>(f, "winner_moves")
        .unwrap_or_default();
    let dice = sides_dice(walk, f);
    Some(CaseInput::OrderOfPlay { winner_moves, dice })
}

fn command_test<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let co = co(walk, f);
    let situation = situation(walk, f, |walk, t| {
        CommandSituation {
        units_lost: count(walk, t, "units_lost"),
        initiative: flag(walk, t, "initiative"),
        transfer: walk.table(t, "transfer").map(|mut x| {
            let ccps = walk.int(&mut x, "ccps", 0..=MAX);
            let distance_cm = walk.int(&mut x, "distance_cm", 0..=MAX);
            for (key, v) in [("ccps", ccps), ("distance_cm", distance_cm)] {
                if v.is_none() && !x.has(key) {
                    walk.error(
                        x.span.clone(),
                        x.at(key),
                        format!("'{key}' is missing: a transfer gives ccps and distance_cm (Rule 29, WI-5)"),
                    );
                }
            }
            walk.finish(x);
            Transfer {
                ccps: ccps.unwrap_or(0) as u32,
                distance_cm: distance_cm.unwrap_or(0) as u32,
            }
        }),
    }
    });
    let dice = dice(walk, f);
    Some(CaseInput::CommandTest {
        co: co?,
        situation,
        dice,
    })
}

/// The command situation of a unit, shared by `ccp_cost` and `initiative`.
fn ccp_situation<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>) -> CcpSituation {
    CcpSituation {
        rally: flag(walk, t, "rally"),
        restrain_and_prompt: flag(walk, t, "restrain_and_prompt"),
        charge_target: walk.named::<ChargeTarget>(t, "charge_target"),
        distance_cm: count(walk, t, "distance_cm"),
        co_base_lost: flag(walk, t, "co_base_lost"),
    }
}

fn ccp_cost<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let (situation, available) = situation(walk, f, |walk, t| {
        let s = ccp_situation(walk, t);
        let available = walk.int(t, "available", 0..=MAX).map(|n| n as u32);
        (s, available)
    });
    Some(CaseInput::CcpCost {
        unit: unit?,
        situation,
        available,
    })
}

fn initiative<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = situation(walk, f, |walk, t| InitiativeSituation {
        ccp: ccp_situation(walk, t),
        co_activity: walk.named_list::<CoActivity>(t, "co_activity"),
    });
    let dice = dice(walk, f);
    Some(CaseInput::Initiative {
        unit: unit?,
        situation,
        dice,
    })
}

fn recuperation<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let rallied = situation(walk, f, |walk, t| flag(walk, t, "rallied"));
    Some(CaseInput::Recuperation {
        unit: unit?,
        rallied,
    })
}

fn attrition<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let mut gains = AttritionGains::default();
    if let Some(mut t) = walk.table(f, "gains") {
        let t_ = &mut t;
        gains = AttritionGains {
            flank_rear_charges: count(walk, t_, "flank_rear_charges"),
            friendly_disasters: count(walk, t_, "friendly_disasters"),
            disorder: count(walk, t_, "disorder"),
            shooting_hits: count(walk, t_, "shooting_hits"),
            shaken_no_recoil: count(walk, t_, "shaken_no_recoil"),
            charged_over_defences: count(walk, t_, "charged_over_defences"),
            crossed_chevaux_de_frise: count(walk, t_, "crossed_chevaux_de_frise"),
            reckless_charge_facing_pikes: count(walk, t_, "reckless_charge_facing_pikes"),
            melee_excess: count(walk, t_, "melee_excess"),
        };
        walk.finish(t);
    }
    Some(CaseInput::Attrition { unit: unit?, gains })
}

fn fugitive_attrition<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = situation(walk, f, |walk, t| FugitiveSituation {
        elephants_burst_through: count(walk, t, "elephants_burst_through"),
        overriding_bases: count(walk, t, "overriding_bases"),
        expendable_bases: count(walk, t, "expendable_bases"),
        overridden: flag(walk, t, "overridden"),
        ridden_through: flag(walk, t, "ridden_through"),
        difficult_terrain: flag(walk, t, "difficult_terrain"),
        pursuers_in_contact: count(walk, t, "pursuers_in_contact"),
    });
    let dice = dice(walk, f);
    Some(CaseInput::FugitiveAttrition {
        unit: unit?,
        situation,
        dice,
    })
}

fn enter_field<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = situation(walk, f, |walk, t| EnterSituation {
        previous_failures: count(walk, t, "previous_failures"),
        flank_march_cm: walk.int(t, "flank_march_cm", 0..=MAX).map(|n| n as u32),
        returning: flag(walk, t, "returning"),
        pursuers_not_returned: flag(walk, t, "pursuers_not_returned"),
        opposing_bases: count(walk, t, "opposing_bases"),
    });
    let dice = dice(walk, f);
    Some(CaseInput::EnterField {
        unit: unit?,
        situation,
        dice,
    })
}

fn shooting<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let shooter = unit(walk, f, "shooter");
    let target = unit(walk, f, "target");
    let mut range = None;
    let mut s = ShootingSituation::default();
    match walk.table(f, "situation") {
        Some(mut t) => {
            let t_ = &mut t;
            range = walk.int(t_, "range_cm", 0..=MAX).map(|n| n as u32);
            if !t_.has("range_cm") {
                walk.error(
                    t_.span.clone(),
                    t_.at("range_cm"),
                    "'range_cm' is missing: the range in cm (Rule 55)",
                );
            }
            let opt = |walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key| {
                walk.int(t, key, 0..=MAX).map(|n| n as u32)
            };
            s = ShootingSituation {
                range_cm: range.unwrap_or(0),
                weapon: walk.named::<ShootingWeapon>(t_, "weapon"),
                shooting_bases: opt(walk, t_, "shooting_bases"),
                target_front_bases: opt(walk, t_, "target_front_bases"),
                target_depth: opt(walk, t_, "target_depth"),
                shot_from: walk.named::<ShotFrom>(t_, "shot_from").unwrap_or_default(),
                target_in_cover: flag(walk, t_, "target_in_cover"),
                screened_by_oo: flag(walk, t_, "screened_by_oo"),
                ranks_in_line_of_fire: opt(walk, t_, "ranks_in_line_of_fire"),
            };
            walk.finish(t);
        }
        None => walk.error(
            f.span.clone(),
            f.at("situation"),
            "the table 'situation' is missing: range_cm is required (Rule 55)",
        ),
    }
    let dice = dice(walk, f);
    range?;
    Some(CaseInput::Shooting {
        shooter: shooter?,
        target: target?,
        situation: s,
        dice,
    })
}

fn waver_test<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = situation(walk, f, |walk, t| WaverSituation {
        friendly_disaster_within_10cm: flag(walk, t, "friendly_disaster_within_10cm"),
        charged_by_elephants: flag(walk, t, "charged_by_elephants"),
        hostile_elephants_within_10cm: flag(walk, t, "hostile_elephants_within_10cm"),
        enemy_behind_flank: flag(walk, t, "enemy_behind_flank"),
        religious_party_lost: flag(walk, t, "religious_party_lost"),
        rear_support: flag(walk, t, "rear_support"),
        hostile_routers_within_10cm: flag(walk, t, "hostile_routers_within_10cm"),
        in_cover: flag(walk, t, "in_cover"),
        near_camp: flag(walk, t, "near_camp"),
        charging_home: flag(walk, t, "charging_home"),
        charging_pikes: flag(walk, t, "charging_pikes"),
        charging_flank_or_rear: flag(walk, t, "charging_flank_or_rear"),
        charging_oo_or_artillery_in_open: flag(walk, t, "charging_oo_or_artillery_in_open"),
        religious_party_in_sight: flag(walk, t, "religious_party_in_sight"),
        secure_flanks: walk
            .int_because(t, "secure_flanks", 0..=2, Some("a unit has 2 flanks"))
            .unwrap_or(0) as u32,
        led_by: walk.named::<Leader>(t, "led_by"),
        leader_bonus_off: flag(walk, t, "leader_bonus_off"),
    });
    let dice = dice(walk, f);
    Some(CaseInput::WaverTest {
        unit: unit?,
        situation,
        dice,
    })
}

/// Reads one side of a melee: its unit and the facts of Rules 76, 79, 80.
fn melee_side<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<MeleeSideInput> {
    let mut t = walk.required_table(f, key)?;
    let t_ = &mut t;
    let unit = unit(walk, t_, "unit");
    let facts = MeleeFacts {
        advancing: flag(walk, t_, "advancing"),
        charge_advantage: flag(walk, t_, "charge_advantage"),
        contact_advantage: flag(walk, t_, "contact_advantage"),
        supporting_ranks: count(walk, t_, "supporting_ranks"),
        overlapped_flanks: walk
            .int_because(t_, "overlapped_flanks", 0..=2, Some("a unit has 2 flanks"))
            .unwrap_or(0) as u32,
        ground: walk.named::<Ground>(t_, "ground"),
        general_leading: flag(walk, t_, "general_leading"),
        general_wounded: flag(walk, t_, "general_wounded"),
        superior_troops: flag(walk, t_, "superior_troops"),
        response: walk.named::<Response>(t_, "response").unwrap_or_default(),
    };
    walk.finish(t);
    Some(MeleeSideInput { unit: unit?, facts })
}

fn melee<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let round = walk
        .int_because(f, "round", 1..=1000, Some("melee rounds count from 1"))
        .unwrap_or(1) as u32;
    let a = melee_side(walk, f, "a");
    let b = melee_side(walk, f, "b");
    let dice = sides_dice(walk, f);
    Some(CaseInput::Melee {
        round,
        a: a?,
        b: b?,
        dice,
    })
}

fn general_risk<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let co = co(walk, f);
    let mut aps = None;
    let mut in_melee = false;
    match walk.table(f, "situation") {
        Some(mut t) => {
            aps = walk.int(&mut t, "aps_this_move", 0..=MAX).map(|n| n as u32);
            if !t.has("aps_this_move") {
                walk.error(
                    t.span.clone(),
                    t.at("aps_this_move"),
                    "'aps_this_move' is missing: the APs his unit incurred this Move (Rule 99)",
                );
            }
            in_melee = flag(walk, &mut t, "in_melee");
            walk.finish(t);
        }
        None => walk.error(
            f.span.clone(),
            f.at("situation"),
            "the table 'situation' is missing: aps_this_move is required (Rule 99)",
        ),
    }
    let dice = dice(walk, f);
    Some(CaseInput::GeneralRisk {
        co: co?,
        situation: GeneralRiskSituation {
            aps_this_move: aps?,
            in_melee,
        },
        dice,
    })
}

impl CaseInput {
    /// The kind of case, as written in `kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            CaseInput::OrderOfPlay { .. } => "order_of_play",
            CaseInput::CommandTest { .. } => "command_test",
            CaseInput::CcpCost { .. } => "ccp_cost",
            CaseInput::Initiative { .. } => "initiative",
            CaseInput::Recuperation { .. } => "recuperation",
            CaseInput::Attrition { .. } => "attrition",
            CaseInput::FugitiveAttrition { .. } => "fugitive_attrition",
            CaseInput::EnterField { .. } => "enter_field",
            CaseInput::Shooting { .. } => "shooting",
            CaseInput::WaverTest { .. } => "waver_test",
            CaseInput::Melee { .. } => "melee",
            CaseInput::GeneralRisk { .. } => "general_risk",
        }
    }
}
