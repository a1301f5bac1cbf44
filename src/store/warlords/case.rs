//! Conformance case files (`conformance/README.md`): `[[case]]` tables with
//! a situation, the dice rolled and the expected result. Each case is read
//! on its own, so one broken case is refused while the others resolve.

use super::unit_table::{read_personality, read_unit};
use crate::battle::RuleSystem;
use crate::battle::warlords::Warlords;
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::charge::ChargeSituation;
use crate::rules::warlords::field_defences::Defence;
use crate::rules::warlords::melee::{MeleeDice, MeleeFacts};
use crate::rules::warlords::next::Choice;
use crate::rules::warlords::personality::Personality;
use crate::rules::warlords::shooting::{ShootingSituation, StandsShotAt};
use crate::rules::warlords::unit::{Formation, MissileWeapon, ShootingStyle, Unit};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// The kinds of case, as written in `kind`.
pub const KINDS: &[&str] = &[
    "activation",
    "shooting",
    "melee",
    "random_move",
    "flee",
    "movement",
    "initiative",
    "stand_loss",
    "break_off",
    "charge",
    "field_defence",
];

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
    /// The `expect` table as JSON, if any (never read by `resolve`).
    pub expect: Option<serde_json::Value>,
}

/// One opponent of a Melee case.
#[derive(Debug, Clone)]
pub struct MeleeSideInput {
    /// The unit.
    pub unit: Unit,
    /// The facts around it.
    pub facts: MeleeFacts,
}

/// A case's inputs, checked.
#[derive(Debug, Clone)]
pub enum CaseInput {
    /// An activation (2.2), and the referee's one choice after it (W-27).
    Activation {
        unit: Unit,
        situation: ActivationSituation,
        dice: Dice,
        choose: Option<Choice>,
        formation: Option<Formation>,
    },
    /// A shot (2.5).
    Shooting {
        shooter: Unit,
        target: Unit,
        situation: ShootingSituation,
        dice: Dice,
    },
    /// A Melee (2.6), and whether a winner that may choose follows up (W-26).
    Melee {
        a: MeleeSideInput,
        b: MeleeSideInput,
        rough_ground: bool,
        dice: MeleeDice,
        follow_up: bool,
    },
    /// A random move (2.4.9).
    RandomMove { spans: u32, dice: Dice },
    /// A flight (2.4.11); `obstacle_stands` cannot avoid an obstacle.
    Flee {
        unit: Unit,
        dice: Dice,
        obstacle_stands: u32,
    },
    /// Move and charge distances (2.4.2).
    Movement { unit: Unit },
    /// The initiative roll-off (2.1.1).
    Initiative {
        last_holder: Option<Side>,
        a: Dice,
        b: Dice,
    },
    /// A stand lost with a personality (3.1.3.2).
    StandLoss {
        personality: Personality,
        stands_left: u32,
        vendetta_by: Option<String>,
        dice: Dice,
    },
    /// Breaking off from Melee (2.4.8).
    BreakOff {
        unit: Unit,
        opponent: Unit,
        supporting: bool,
        tactician_in_sight: bool,
        dice: Dice,
    },
    /// A charge declared, the target's answers, its move and contact
    /// (2.4.4); `halted_on_the_way`: shooting Halted the charger during
    /// this charge (2.4.4.1); `counter_charged`: the target's counter-charge
    /// succeeded (2.4.4.2); `dice`: the move's, if given.
    Charge {
        charger: Unit,
        target: Unit,
        situation: ChargeSituation,
        halted_on_the_way: bool,
        counter_charged: bool,
        dice: Dice,
    },
    /// A moving unit reaching stakes, a tabor or a berm (3.3.3).
    FieldDefence {
        unit: Unit,
        defence: Defence,
        charging: bool,
        halted_on_the_way: bool,
        dice: Dice,
    },
}

/// Reads a case file from disk (size and UTF-8 checked), then its cases as [`read_cases`].
pub fn load_cases(path: &std::path::Path) -> Result<Vec<Case>, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_cases(&path.display().to_string(), &text)
}

/// Reads a whole case file. File-level problems (not TOML, no cases) come
/// back as `Err`; problems inside one case stay with that case.
pub fn read_cases(path: &str, text: &str) -> Result<Vec<Case>, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    super::read_system(&mut walk, &mut top);
    let tables = walk.tables(&mut top, "case");
    walk.finish(top);
    if walk.has_errors() {
        return Err(walk.problems);
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
    let house = crate::store::house::read_house(&mut walk, &mut f, crate::rules::System::Warlords);
    let expect = f
        .get("expect")
        .map(|v| crate::store::case::to_json(v.get_ref()));
    let input = match kind.as_str() {
        "activation" => activation(&mut walk, &mut f),
        "shooting" => shooting(&mut walk, &mut f),
        "melee" => melee(&mut walk, &mut f),
        "random_move" => random_move(&mut walk, &mut f),
        "flee" => {
            let unit = unit(&mut walk, &mut f, "unit");
            let obstacle_stands = walk.int(&mut f, "obstacle_stands", 0..=1000).unwrap_or(0) as u32;
            let dice = dice(&mut walk, &mut f);
            unit.map(|unit| CaseInput::Flee {
                unit,
                dice,
                obstacle_stands,
            })
        }
        "movement" => unit(&mut walk, &mut f, "unit").map(|unit| CaseInput::Movement { unit }),
        "initiative" => initiative(&mut walk, &mut f),
        "stand_loss" => stand_loss(&mut walk, &mut f),
        "break_off" => break_off(&mut walk, &mut f),
        "charge" => charge(&mut walk, &mut f),
        "field_defence" => field_defence(&mut walk, &mut f),
        other => {
            let hint = crate::rules::named::closest(other, KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not a case kind{hint}; accepted: {}",
                    toml_walk::cut(other),
                    KINDS.join(", ")
                ),
            );
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

fn unit<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<Unit> {
    let t = walk.required_table(f, key)?;
    read_unit(walk, t)
}

/// Reads the dice lists of one table (`white`, `red`, `yellow`); saves read dice with it too.
pub(crate) fn dice_lists<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Dice {
    crate::store::dice::pools(walk, f, <Warlords as RuleSystem>::DICE)
}

fn dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Dice {
    match walk.table(f, "dice") {
        Some(mut t) => {
            let d = dice_lists(walk, &mut t);
            walk.finish(t);
            d
        }
        None => Dice::default(),
    }
}

fn situation<'t, 's>(walk: &mut Walk<'_, 's>, f: &mut Fields<'t, 's>) -> Option<Fields<'t, 's>> {
    walk.table(f, "situation")
}

fn activation<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let mut s = ActivationSituation::default();
    if let Some(mut t) = situation(walk, f) {
        s.charging = walk.bool(&mut t, "charging").unwrap_or(false);
        s.evading_spans = walk.int(&mut t, "evading_spans", 0..=100).unwrap_or(0) as u32;
        s.enemy_in_charge_distance = walk
            .bool(&mut t, "enemy_in_charge_distance")
            .unwrap_or(false);
        s.enemy_visible_ahead = walk.bool(&mut t, "enemy_visible_ahead").unwrap_or(false);
        s.tactician_in_sight = walk.bool(&mut t, "tactician_in_sight").unwrap_or(false);
        s.fleeing = walk.bool(&mut t, "fleeing").unwrap_or(false);
        s.changing_formation = walk.bool(&mut t, "changing_formation").unwrap_or(false);
        s.halted_this_turn = walk.bool(&mut t, "halted_this_turn").unwrap_or(false);
        s.in_melee = walk.bool(&mut t, "in_melee").unwrap_or(false);
        walk.finish(t);
    }
    // 2.2.1: "fleeing units continue fleeing": the unit's own `fleeing`
    // field says so as well as the situation's (conformance README).
    if let Some(u) = &unit {
        s.fleeing |= u.fleeing;
    }
    let dice = dice(walk, f);
    let choose = walk.named::<Choice>(f, "choose");
    let formation = walk.named::<Formation>(f, "formation");
    if choose == Some(Choice::ChangeFormation) && formation.is_none() {
        walk.error(
            f.span_of("choose"),
            f.at("formation"),
            format!(
                "a change_formation names the new formation: formation = one of {}",
                Formation::accepted()
            ),
        );
    }
    Some(CaseInput::Activation {
        unit: unit?,
        situation: s,
        dice,
        choose,
        formation,
    })
}

fn shooting<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let shooter = unit(walk, f, "shooter");
    let target = unit(walk, f, "target");
    let mut style = None;
    let mut range_spans = None;
    let mut weapon = None;
    let mut stands_shot_at = None;
    let mut contact = false;
    match situation(walk, f) {
        Some(mut t) => {
            style = read_shooting_style(walk, &mut t);
            range_spans = walk.int(&mut t, "range_spans", 0..=1000).map(|n| n as u32);
            if !t.has("range_spans") && style != Some(ShootingStyle::Shower) {
                walk.error(
                    t.span.clone(),
                    t.at("range_spans"),
                    "'range_spans' is missing: the range in spans",
                );
            }
            weapon = walk.named::<MissileWeapon>(&mut t, "weapon");
            stands_shot_at = read_stands_shot_at(walk, &mut t);
            contact = walk.bool(&mut t, "contact").unwrap_or(false);
            walk.finish(t);
        }
        None => walk.error(
            f.span.clone(),
            f.at("situation"),
            "the table 'situation' is missing: style and range_spans are required",
        ),
    }
    let dice = dice(walk, f);
    let situation = ShootingSituation {
        style: style?,
        range_spans: range_spans.unwrap_or(0),
        weapon,
        stands_shot_at,
        contact,
    };
    Some(CaseInput::Shooting {
        shooter: shooter?,
        target: target?,
        situation,
        dice,
    })
}

/// A shooting situation's `style` (2.5), reported when missing (cases and saves).
pub(crate) fn read_shooting_style<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
) -> Option<ShootingStyle> {
    let style = walk.named::<ShootingStyle>(t, "style");
    if !t.has("style") {
        walk.error(
            t.span.clone(),
            t.at("style"),
            format!("'style' is missing; one of: {}", ShootingStyle::accepted()),
        );
    }
    style
}

/// The target's stands shot at by cover (2.5.3 C.2, W-14), if given (cases and saves).
pub(crate) fn read_stands_shot_at<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
) -> Option<StandsShotAt> {
    let mut c = walk.table(t, "stands_shot_at")?;
    let mut n = |walk: &mut Walk<'_, 's>, k| walk.int(&mut c, k, 0..=1000).unwrap_or(0) as u32;
    let open = n(walk, "open");
    let light_cover = n(walk, "light_cover");
    let heavy_cover = n(walk, "heavy_cover");
    walk.finish(c);
    Some(StandsShotAt {
        open,
        light_cover,
        heavy_cover,
    })
}

/// Reads the facts around one opponent of a Melee (the melee side fields of
/// `conformance/README.md`); cases and saves share it.
pub(crate) fn read_melee_facts<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>) -> MeleeFacts {
    let d = MeleeFacts::default();
    let count = |walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key, max| {
        walk.int(t, key, 0..=max).map_or(0, |n| n as u32)
    };
    MeleeFacts {
        charging: walk.bool(t, "charging").unwrap_or(d.charging),
        enemy_flanks: count(walk, t, "enemy_flanks", 3),
        flanks_contacted: count(walk, t, "flanks_contacted", 2),
        rear_contacted: walk.bool(t, "rear_contacted").unwrap_or(false),
        struck_by_charging_heavy: walk.bool(t, "struck_by_charging_heavy").unwrap_or(false),
        opponent_uphill: walk.bool(t, "opponent_uphill").unwrap_or(false),
        enemy_in_front: walk.bool(t, "enemy_in_front").unwrap_or(d.enemy_in_front),
        first_round: walk.bool(t, "first_round").unwrap_or(d.first_round),
        personalities_fill_front: walk.bool(t, "personalities_fill_front"),
        personalities_in_hit_stands: t
            .has("personalities_in_hit_stands")
            .then(|| walk.string_list(t, "personalities_in_hit_stands")),
    }
}

fn melee_side<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<MeleeSideInput> {
    let mut t = walk.required_table(f, key)?;
    let unit = unit(walk, &mut t, "unit");
    let facts = read_melee_facts(walk, &mut t);
    walk.finish(t);
    let mut unit = unit?;
    // 2.3.1.2, W-28: the charge the case states has left any Shieldwall.
    crate::rules::warlords::melee::as_charged(&mut unit, &facts);
    Some(MeleeSideInput { unit, facts })
}

fn melee<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let a = melee_side(walk, f, "a");
    let b = melee_side(walk, f, "b");
    let mut rough_ground = false;
    if let Some(mut t) = situation(walk, f) {
        rough_ground = walk.bool(&mut t, "rough_ground").unwrap_or(false);
        walk.finish(t);
    }
    let mut dice = MeleeDice::default();
    if let Some(mut t) = walk.table(f, "dice") {
        for (key, into) in [("a", &mut dice.a), ("b", &mut dice.b)] {
            if let Some(mut s) = walk.table(&mut t, key) {
                *into = dice_lists(walk, &mut s);
                walk.finish(s);
            }
        }
        walk.finish(t);
    }
    let follow_up = walk.bool(f, "follow_up").unwrap_or(false);
    Some(CaseInput::Melee {
        a: a?,
        b: b?,
        rough_ground,
        dice,
        follow_up,
    })
}

fn random_move<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let spans = walk.int(f, "spans", 0..=100);
    if !f.has("spans") {
        walk.error(
            f.span.clone(),
            f.at("spans"),
            "'spans' is missing: the spans of the random move",
        );
    }
    let dice = dice(walk, f);
    Some(CaseInput::RandomMove {
        spans: spans? as u32,
        dice,
    })
}

fn initiative<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let last_holder = match walk.string(f, "last_holder").as_deref() {
        None => None,
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        Some(other) => {
            walk.error(
                f.span_of("last_holder"),
                f.at("last_holder"),
                format!(
                    "'{}' is not a side; accepted: a, b (or leave it out on the first turn)",
                    toml_walk::cut(other)
                ),
            );
            None
        }
    };
    let (mut a, mut b) = (Dice::default(), Dice::default());
    if let Some(mut t) = walk.table(f, "dice") {
        a.white = crate::store::dice::faces(walk, &mut t, "a", 6);
        b.white = crate::store::dice::faces(walk, &mut t, "b", 6);
        walk.finish(t);
    }
    Some(CaseInput::Initiative { last_holder, a, b })
}

fn stand_loss<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let p = walk
        .required_table(f, "personality")
        .and_then(|t| read_personality(walk, t, true));
    let stands_left = walk.int(f, "stands_left", 0..=1000).unwrap_or(0) as u32;
    let vendetta_by = walk.string(f, "vendetta_by");
    let dice = dice(walk, f);
    Some(CaseInput::StandLoss {
        personality: p?,
        stands_left,
        vendetta_by,
        dice,
    })
}

fn break_off<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let breaking = unit(walk, f, "unit");
    let opponent = unit(walk, f, "opponent");
    let supporting = walk.bool(f, "supporting").unwrap_or(false);
    // 3.1.2, W-4: the Expert tactician's +1 to its activation.
    let tactician_in_sight = walk.bool(f, "tactician_in_sight").unwrap_or(false);
    let dice = dice(walk, f);
    Some(CaseInput::BreakOff {
        unit: breaking?,
        opponent: opponent?,
        supporting,
        tactician_in_sight,
        dice,
    })
}

fn charge<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let charger = unit(walk, f, "charger");
    let target = unit(walk, f, "target");
    let mut s = ChargeSituation::default();
    let (mut halted_on_the_way, mut counter_charged) = (false, false);
    if let Some(mut t) = situation(walk, f) {
        s.charger_halted_this_turn = walk
            .bool(&mut t, "charger_halted_this_turn")
            .unwrap_or(false);
        s.target_halted_this_turn = walk
            .bool(&mut t, "target_halted_this_turn")
            .unwrap_or(false);
        s.contact = walk.bool(&mut t, "contact").unwrap_or(false);
        // Herald's extension: the target has used its activation this turn.
        s.target_activated = walk.bool(&mut t, "target_activated").unwrap_or(false);
        // Herald's extensions: a Halt during the charge (2.4.4.1), a counter-charge that succeeded (2.4.4.2).
        halted_on_the_way = walk.bool(&mut t, "halted_on_the_way").unwrap_or(false);
        counter_charged = walk.bool(&mut t, "counter_charged").unwrap_or(false);
        walk.finish(t);
    }
    let dice = dice(walk, f);
    Some(CaseInput::Charge {
        charger: charger?,
        target: target?,
        situation: s,
        halted_on_the_way,
        counter_charged,
        dice,
    })
}

/// A moving unit reaching a field defence (3.3.3): `unit`, `defence`,
/// `situation.charging`, `situation.halted_on_the_way` (2.4.4.1), `dice.white`.
fn field_defence<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let defence = walk.named::<Defence>(f, "defence");
    if !f.has("defence") {
        walk.error(
            f.span.clone(),
            f.at("defence"),
            format!("'defence' is missing; one of: {}", Defence::accepted()),
        );
    }
    let (mut charging, mut halted_on_the_way) = (false, false);
    if let Some(mut t) = situation(walk, f) {
        charging = walk.bool(&mut t, "charging").unwrap_or(false);
        halted_on_the_way = walk.bool(&mut t, "halted_on_the_way").unwrap_or(false);
        walk.finish(t);
    }
    let dice = dice(walk, f);
    Some(CaseInput::FieldDefence {
        unit: unit?,
        defence: defence?,
        charging,
        halted_on_the_way,
        dice,
    })
}
