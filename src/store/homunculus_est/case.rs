//! Homunculus Est! case files (`conformance/homunculus-est/README.md`): a
//! top-level `system = "homunculus_est"`, then `[[case]]` tables of sixteen
//! kinds, each with its inputs, dice and expected result. Each case is read
//! on its own, so one broken case is refused while the others resolve.

use super::unit_table::{
    MAX, count, flag, flag_or, read_army, read_general, read_points, read_unit, word_list,
};
use crate::rules::Side;
use crate::rules::System;
use crate::rules::homunculus_est::call::CallSituation;
use crate::rules::homunculus_est::combat::{
    Activation, CombatDice, CombatSide, CombatSituation, DevotioOption,
};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::{
    DisciplineSituation, Purpose, ReformSituation, TestReroll,
};
use crate::rules::homunculus_est::failed::{Cause, FailedDice, FailedSituation, FearSource};
use crate::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation};
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::manoeuvre::ManoeuvreSituation;
use crate::rules::homunculus_est::movement::MovementSituation;
use crate::rules::homunculus_est::push_back::{Blocker, PushBackSituation};
use crate::rules::homunculus_est::sequence::{PhaseEnd, Turn};
use crate::rules::homunculus_est::shooting::{ShootingDice, ShootingSituation};
use crate::rules::homunculus_est::tables::{EagleEvent, Manoeuvre, RiskEvent};
use crate::rules::homunculus_est::{ArmyState, Attachment, General, Points, Pool, Unit};
use crate::rules::house::House;
use crate::rules::named::{Named, closest};
use crate::store::case::to_json;
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// The case kinds, as written in `kind`.
pub const KINDS: &[&str] = &[
    "movement_activation",
    "manoeuvre_test",
    "combat",
    "shooting",
    "push_back",
    "follow_up",
    "discipline_test",
    "reform_test",
    "failed_discipline",
    "failed_reform",
    "general_injury",
    "homunculus_est_call",
    "command_points",
    "line_outcome",
    "lost_eagles",
    "sequence",
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
    pub house: House,
    /// The `expect` table as JSON, if any (never read by the resolver).
    pub expect: Option<serde_json::Value>,
}

/// A case's inputs, checked.
#[derive(Debug, Clone)]
#[allow(missing_docs)]
pub enum CaseInput {
    MovementActivation {
        unit: Unit,
        fatigued: bool,
        situation: MovementSituation,
        dice: Vec<u8>,
    },
    ManoeuvreTest {
        unit: Unit,
        points: Points,
        situation: ManoeuvreSituation,
        dice: Vec<u8>,
    },
    Combat {
        attacker: CombatSide,
        defender: CombatSide,
        situation: CombatSituation,
        dice: CombatDice,
    },
    Shooting {
        shooter: Unit,
        target: Unit,
        situation: ShootingSituation,
        dice: ShootingDice,
    },
    PushBack {
        unit: Unit,
        situation: PushBackSituation,
        dice: Vec<u8>,
    },
    FollowUp {
        unit: Unit,
        loser: Unit,
        situation: FollowUpSituation,
        dice: FollowUpDice,
    },
    DisciplineTest {
        unit: Unit,
        situation: DisciplineSituation,
        dice: Vec<u8>,
    },
    ReformTest {
        unit: Unit,
        situation: ReformSituation,
        dice: Vec<u8>,
    },
    FailedDiscipline {
        unit: Unit,
        fatigued: bool,
        situation: FailedSituation,
        dice: FailedDice,
    },
    FailedReform {
        unit: Unit,
        fatigued: bool,
        situation: FailedSituation,
        dice: FailedDice,
    },
    GeneralInjury {
        general: General,
        event: RiskEvent,
        points: Points,
        dice: RiskDice,
    },
    Call {
        army: ArmyState,
        caller: ArmyState,
        situation: CallSituation,
    },
    CommandPoints {
        points: Points,
        change: PointsChange,
    },
    LineOutcome {
        unit: Unit,
        dice: Vec<u8>,
    },
    LostEagles {
        unit: Unit,
        event: EagleEvent,
        dice: Vec<u8>,
    },
    Sequence {
        turn: Turn,
        event: PhaseEnd,
    },
}

/// Reads a case file from disk (size and UTF-8 checked), then its cases.
pub fn load_cases(path: &std::path::Path) -> Result<Vec<Case>, Vec<Problem>> {
    let text = toml_walk::read_file(path).map_err(|p| vec![p])?;
    read_cases(&path.display().to_string(), &text)
}

/// Reads a whole Homunculus Est! case file. File-level problems come back
/// as `Err`; problems inside one case stay with that case.
pub fn read_cases(path: &str, text: &str) -> Result<Vec<Case>, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    super::read_system(&mut walk, &mut top, System::HomunculusEst, "case file");
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
    let house = crate::store::house::read_house(&mut walk, &mut f, System::HomunculusEst);
    let expect = f.get("expect").map(|v| to_json(v.get_ref()));
    let w = &mut walk;
    let ff = &mut f;
    let input = match kind.as_str() {
        "movement_activation" => movement(w, ff),
        "manoeuvre_test" => manoeuvre(w, ff),
        "combat" => combat(w, ff),
        "shooting" => shooting(w, ff, &house),
        "push_back" => push_back(w, ff),
        "follow_up" => follow_up(w, ff),
        "discipline_test" => discipline(w, ff, &house),
        "reform_test" => reform(w, ff),
        "failed_discipline" => failed(w, ff, false),
        "failed_reform" => failed(w, ff, true),
        "general_injury" => general_injury(w, ff),
        "homunculus_est_call" => call(w, ff, &house),
        "command_points" => command_points(w, ff),
        "line_outcome" => line_outcome(w, ff),
        "lost_eagles" => lost_eagles(w, ff),
        "sequence" => sequence(w, ff),
        other => {
            let hint = closest(other, KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            let message = if ff.has("kind") {
                format!(
                    "'{other}' is not a Homunculus Est! case kind{hint}; accepted: {}",
                    KINDS.join(", ")
                )
            } else {
                format!("'kind' is missing; one of: {}", KINDS.join(", "))
            };
            w.error(ff.span_of("kind"), ff.at("kind"), message);
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

/// The `army` table, defaults when absent: (state, points written).
fn army<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> (ArmyState, bool) {
    match walk.table(f, "army") {
        Some(t) => {
            let (a, p, _) = read_army(walk, t);
            (a, p)
        }
        None => (ArmyState::default(), false),
    }
}

/// Reads `situation` with `read` (an empty table's defaults when absent).
fn situation<'s, T>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    read: impl FnOnce(&mut Walk<'_, 's>, Option<&mut Fields<'_, 's>>) -> T,
) -> T {
    match walk.table(f, "situation") {
        Some(mut t) => {
            let s = read(walk, Some(&mut t));
            walk.finish(t);
            s
        }
        None => read(walk, None),
    }
}

/// The dice pools `pools` of the `dice` table.
pub(crate) fn dice<'s, const N: usize>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    pools: [&'static str; N],
) -> [Vec<u8>; N] {
    let mut out: [Vec<u8>; N] = std::array::from_fn(|_| Vec::new());
    if let Some(mut t) = walk.table(f, "dice") {
        for (i, pool) in pools.iter().enumerate() {
            out[i] = crate::store::dice::faces(walk, &mut t, pool, 6)
                .iter()
                .map(|d| d.value())
                .collect();
        }
        walk.finish(t);
    }
    out
}

/// A flag of an optional table.
fn opt_flag<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Option<&mut Fields<'_, 's>>,
    key: &'static str,
    default: bool,
) -> bool {
    t.as_deref_mut()
        .map_or(default, |t| flag_or(walk, t, key, default))
}

/// A count of an optional table.
fn opt_count<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Option<&mut Fields<'_, 's>>,
    key: &'static str,
) -> u32 {
    t.as_deref_mut().map_or(0, |t| count(walk, t, key))
}

/// A count of an optional table that may be left out (none when it is).
fn opt_value<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Option<&mut Fields<'_, 's>>,
    key: &'static str,
) -> Option<u32> {
    t.as_deref_mut()
        .filter(|t| t.has(key))
        .map(|t| count(walk, t, key))
}

/// A word of an optional table.
fn opt_named<'s, T: Named>(
    walk: &mut Walk<'_, 's>,
    t: &mut Option<&mut Fields<'_, 's>>,
    key: &'static str,
) -> Option<T> {
    t.as_deref_mut().and_then(|t| walk.named::<T>(t, key))
}

/// A die face a player chooses.
fn opt_face<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Option<&mut Fields<'_, 's>>,
    key: &'static str,
) -> Option<u8> {
    t.as_deref_mut().and_then(|t| {
        walk.int_because(t, key, 1..=6, Some("a die face, HE-17"))
            .map(|n| n as u8)
    })
}

fn movement<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let (army, _) = army(walk, f);
    let situation = movement_situation(walk, f);
    let [d] = dice(walk, f, ["movement"]);
    Some(CaseInput::MovementActivation {
        unit: unit?,
        fatigued: army.fatigued,
        situation,
        dice: d,
    })
}

fn manoeuvre<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let (army, _) = army(walk, f);
    let situation = manoeuvre_situation(walk, f);
    let [d] = dice(walk, f, ["manoeuvre"]);
    Some(CaseInput::ManoeuvreTest {
        unit: unit?,
        points: army.points,
        situation,
        dice: d,
    })
}

fn combat_side<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<CombatSide> {
    let mut t = walk.required_table(f, key)?;
    let unit = {
        let u = walk.required_table(&mut t, "unit");
        u.and_then(|u| read_unit(walk, u))
    };
    let t_ = &mut t;
    let side = unit.map(|u| CombatSide {
        flank_or_rear: flag(walk, t_, "flank_or_rear"),
        supporting_units: count(walk, t_, "supporting_units"),
        warband_support: flag(walk, t_, "warband_support"),
        in_rough: flag(walk, t_, "in_rough"),
        downhill_charge: flag(walk, t_, "downhill_charge"),
        linear_obstacle: flag(walk, t_, "linear_obstacle"),
        use_reserve: flag(walk, t_, "use_reserve"),
        use_cohort: flag(walk, t_, "use_cohort"),
        defence_points: count(walk, t_, "defence_points"),
        stand_point: flag(walk, t_, "stand_point"),
        ..CombatSide::of(u)
    });
    walk.finish(t);
    side
}

fn combat<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let attacker = combat_side(walk, f, "attacker");
    let defender = combat_side(walk, f, "defender");
    let situation = combat_situation(walk, f);
    let [combat, defence, stubborn, cohort] =
        dice(walk, f, ["combat", "defence", "stubborn", "cohort"]);
    Some(CaseInput::Combat {
        attacker: attacker?,
        defender: defender?,
        situation,
        dice: CombatDice {
            combat,
            defence,
            stubborn,
            cohort,
        },
    })
}

fn shooting<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    house: &House,
) -> Option<CaseInput> {
    let shooter = unit(walk, f, "shooter");
    let target = unit(walk, f, "target");
    // HE-22, HE-23: the case's house options, not the table's facts
    let situation = ShootingSituation {
        stacking: house.is_on(&crate::rules::homunculus_est::STACKING),
        natural_one_only: house.is_on(&crate::rules::homunculus_est::NATURAL_ONE_ONLY),
        ..shooting_situation(walk, f)
    };
    let [shooting, defence, push_back, stubborn] =
        dice(walk, f, ["shooting", "defence", "push_back", "stubborn"]);
    Some(CaseInput::Shooting {
        shooter: shooter?,
        target: target?,
        situation,
        dice: ShootingDice {
            shooting,
            defence,
            push_back,
            stubborn,
        },
    })
}

fn push_back<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = push_back_situation(walk, f);
    let [d] = dice(walk, f, ["push_back"]);
    Some(CaseInput::PushBack {
        unit: unit?,
        situation,
        dice: d,
    })
}

fn follow_up<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let loser = unit_or_default(walk, f, "loser");
    let situation = follow_up_situation(walk, f);
    let [stay, cover, follow_up] = dice(walk, f, ["stay", "cover", "follow_up"]);
    Some(CaseInput::FollowUp {
        unit: unit?,
        loser: loser?,
        situation,
        dice: FollowUpDice {
            stay,
            cover,
            follow_up,
        },
    })
}

/// A unit table that may be left out (a plain Formed Infantry unit then).
fn unit_or_default<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<Unit> {
    if f.has(key) {
        unit(walk, f, key)
    } else {
        Some(Unit::new(
            "the loser",
            crate::rules::homunculus_est::Class::FormedInfantry,
            0,
            1,
            2,
        ))
    }
}

fn discipline<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    house: &House,
) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let (army, has_points) = army(walk, f);
    let mut situation = discipline_situation(walk, f);
    // HE-34: the case's house option, not the table's facts
    situation.fear_stops_only = house.is_on(&crate::rules::homunculus_est::FEAR_STOPS_ONLY);
    if has_points {
        situation.defence_points = Some(army.points.defence);
    }
    let [d] = dice(walk, f, ["discipline"]);
    Some(CaseInput::DisciplineTest {
        unit: unit?,
        situation,
        dice: d,
    })
}

fn reform<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let situation = reform_situation(walk, f);
    let [d] = dice(walk, f, ["reform"]);
    Some(CaseInput::ReformTest {
        unit: unit?,
        situation,
        dice: d,
    })
}

fn failed<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, reform: bool) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let (army, _) = army(walk, f);
    let situation = failed_situation(walk, f, reform);
    let [outcome, rout] = dice(walk, f, ["outcome", "rout"]);
    let unit = unit?;
    let dice = FailedDice { outcome, rout };
    let fatigued = army.fatigued;
    Some(if reform {
        CaseInput::FailedReform {
            unit,
            fatigued,
            situation,
            dice,
        }
    } else {
        CaseInput::FailedDiscipline {
            unit,
            fatigued,
            situation,
            dice,
        }
    })
}

fn general_injury<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let general = walk
        .required_table(f, "general")
        .and_then(|g| read_general(walk, g));
    let event = if f.has("event") {
        walk.named::<RiskEvent>(f, "event")
    } else {
        walk.error(
            f.span.clone(),
            f.at("event"),
            format!(
                "'event' is missing; one of: {} (RISK TO GENERALS)",
                RiskEvent::accepted()
            ),
        );
        None
    };
    let (army, _) = army(walk, f);
    let [risk, injury, points] = dice(walk, f, ["risk", "injury", "points"]);
    Some(CaseInput::GeneralInjury {
        general: general?,
        event: event?,
        points: army.points,
        dice: RiskDice {
            risk,
            injury,
            points,
        },
    })
}

fn call<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, house: &House) -> Option<CaseInput> {
    let (army, has_bp) = match walk.required_table(f, "army") {
        Some(t) => {
            let (a, _, bp) = read_army(walk, t);
            (Some(a), bp)
        }
        None => (None, true),
    };
    if army.is_some() && !has_bp {
        walk.error(f.span_of("army"), "army.break_point", "'break_point' is missing: the call compares the cards with the Army Break Point (HOMUNCULUS EST!)");
    }
    let caller = match walk.table(f, "caller") {
        Some(t) => read_army(walk, t).0,
        None => ArmyState::default(),
    };
    let situation = situation(walk, f, |w, mut t| CallSituation {
        cancel: opt_named::<Pool>(w, &mut t, "cancel"),
        immediate: opt_flag(w, &mut t, "immediate", false),
        fixed_card_values: house.is_on(&crate::rules::homunculus_est::FIXED_CARD_VALUES),
        // HE-12: the case's house option, not the table's facts
        opponent_cancels: house.is_on(&crate::rules::homunculus_est::OPPONENT_CANCELS),
    });
    Some(CaseInput::Call {
        army: army?,
        caller,
        situation,
    })
}

fn command_points<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let (army, _) = army(walk, f);
    let span = f.span.clone();
    let change = situation(walk, f, |w, t| {
        let t = t?;
        let mut changes = Vec::new();
        if let Some(mut x) = w.table(t, "exchange") {
            let give = w
                .table(&mut x, "give")
                .map(|g| read_points(w, g))
                .unwrap_or_default();
            let get = w.named::<Pool>(&mut x, "get");
            if get.is_none() && !x.has("get") {
                w.error(
                    x.span.clone(),
                    x.at("get"),
                    "'get' is missing: the pool of the point received",
                );
            }
            w.finish(x);
            changes.extend(get.map(|get| PointsChange::Exchange { give, get }));
        }
        if let Some(r) = w.table(t, "reallocate") {
            changes.push(PointsChange::Reallocate(read_points(w, r)));
        }
        if let Some(mut c) = w.table(t, "convert") {
            let to = w.named::<Pool>(&mut c, "to");
            w.finish(c);
            changes.extend(to.map(PointsChange::Convert));
        }
        if changes.len() != 1 {
            w.error(
                t.span.clone(),
                "situation",
                "give exactly one of exchange, reallocate or convert (COMMAND POINTS)",
            );
            return None;
        }
        changes.pop()
    });
    if change.is_none() && !walk.has_errors() {
        walk.error(
            span,
            "situation",
            "the situation gives exactly one of exchange, reallocate or convert (COMMAND POINTS)",
        );
    }
    Some(CaseInput::CommandPoints {
        points: army.points,
        change: change?,
    })
}

fn line_outcome<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let [d] = dice(walk, f, ["lines"]);
    Some(CaseInput::LineOutcome {
        unit: unit?,
        dice: d,
    })
}

fn lost_eagles<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = unit(walk, f, "unit");
    let span = f.span.clone();
    let event = situation(walk, f, |w, mut t| {
        opt_named::<EagleEvent>(w, &mut t, "event")
    });
    if event.is_none() && !walk.has_errors() {
        walk.error(
            span,
            "situation.event",
            format!(
                "'event' is missing; one of: {} (LOST EAGLES)",
                EagleEvent::accepted()
            ),
        );
    }
    let [d] = dice(walk, f, ["eagles"]);
    Some(CaseInput::LostEagles {
        unit: unit?,
        event: event?,
        dice: d,
    })
}

fn side<'s>(walk: &mut Walk<'_, 's>, t: &mut Fields<'_, 's>, key: &'static str) -> Option<Side> {
    let v = t.get(key)?;
    match v.get_ref().as_str() {
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        _ => {
            walk.error(v.span(), t.at(key), "a player is \"a\" or \"b\"");
            None
        }
    }
}

fn sequence<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let span = f.span.clone();
    let read = situation(walk, f, |w, t| {
        let t = t?;
        let first = side(w, t, "first_player");
        let active = side(w, t, "active");
        let turn = w.int(t, "turn", 1..=MAX).map(|n| n as u32);
        let event = w.named::<PhaseEnd>(t, "event");
        Some((
            Turn {
                first_player: first?,
                turn: turn?,
                active: active?,
            },
            event?,
        ))
    });
    if read.is_none() && !walk.has_errors() {
        walk.error(
            span,
            "situation",
            "a sequence case gives first_player, turn, active and event (HE-5)",
        );
    }
    let (turn, event) = read?;
    Some(CaseInput::Sequence { turn, event })
}

/// A `MovementSituation` from the `situation` table (cases and saves alike).
pub(crate) fn movement_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> MovementSituation {
    situation(walk, f, |w, mut t| MovementSituation {
        charge: opt_flag(w, &mut t, "charge", false),
        attack_points: opt_count(w, &mut t, "attack_points"),
        movement_point_reroll: opt_flag(w, &mut t, "movement_point_reroll", false),
        enemy_in_front_after: opt_flag(w, &mut t, "enemy_in_front_after", true),
    })
}

/// A `CombatSituation` from the `situation` table (cases and saves alike).
pub(crate) fn combat_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> CombatSituation {
    situation(walk, f, |w, mut t| CombatSituation {
        activation: opt_named::<Activation>(w, &mut t, "activation").unwrap_or_default(),
        charge_squares: t
            .as_deref_mut()
            .and_then(|t| w.int(t, "charge_squares", 0..=MAX))
            .map_or(1, |n| n as u32),
        flat_open: opt_flag(w, &mut t, "flat_open", true),
        devotio: opt_named::<DevotioOption>(w, &mut t, "devotio"),
        enemy_in_front_after: opt_flag(w, &mut t, "enemy_in_front_after", true),
        chosen: opt_face(w, &mut t, "chosen"),
        attack_rerolls: opt_count(w, &mut t, "attack_rerolls"),
    })
}

/// A `PushBackSituation` from the `situation` table (cases and saves alike).
pub(crate) fn push_back_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> PushBackSituation {
    situation(walk, f, |w, mut t| PushBackSituation {
        squares: t
            .as_deref_mut()
            .and_then(|t| w.int(t, "squares", 0..=MAX))
            .map(|n| n as u32),
        free_squares: t
            .as_deref_mut()
            .and_then(|t| w.int(t, "free_squares", 0..=MAX))
            .map(|n| n as u32),
        blocked_by: opt_named::<Blocker>(w, &mut t, "blocked_by"),
        warband_supported: opt_flag(w, &mut t, "warband_supported", false),
        enters_rough: opt_flag(w, &mut t, "enters_rough", false),
    })
}

/// A `FollowUpSituation` from the `situation` table (cases and saves alike).
pub(crate) fn follow_up_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> FollowUpSituation {
    situation(walk, f, |w, mut t| FollowUpSituation {
        stay: opt_flag(w, &mut t, "stay", false),
        cover: opt_named::<Attachment>(w, &mut t, "cover"),
        enemy_in_frontal_square: opt_flag(w, &mut t, "enemy_in_frontal_square", false),
        oblique: opt_flag(w, &mut t, "oblique", false),
        squares_to_edge: t
            .and_then(|t| w.int(t, "squares_to_edge", 0..=MAX))
            .map(|n| n as u32),
    })
}

/// A `DisciplineSituation` from the `situation` table (cases and saves alike).
pub(crate) fn discipline_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> DisciplineSituation {
    situation(walk, f, |w, mut t| DisciplineSituation {
        purpose: opt_named::<Purpose>(w, &mut t, "purpose").unwrap_or_default(),
        devotio: opt_flag(w, &mut t, "devotio", false),
        unseen_setback: opt_value(w, &mut t, "unseen_setback"),
        rerolls: t.map_or(Vec::new(), |t| word_list::<TestReroll>(w, t, "rerolls")),
        defence_points: None,
        fear_stops_only: false,
    })
}

/// A `ReformSituation` from the `situation` table (cases and saves alike).
pub(crate) fn reform_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> ReformSituation {
    situation(walk, f, |w, mut t| ReformSituation {
        enemy_zocs: opt_count(w, &mut t, "enemy_zocs"),
        unseen_setback: opt_value(w, &mut t, "unseen_setback"),
        rerolls: t.map_or(Vec::new(), |t| word_list::<TestReroll>(w, t, "rerolls")),
    })
}

/// A `FailedSituation` from the `situation` table (cases and saves alike).
pub(crate) fn failed_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    reform: bool,
) -> FailedSituation {
    situation(walk, f, |w, mut t| {
        let mut s = FailedSituation {
            failed_by: opt_count(w, &mut t, "failed_by"),
            critical: opt_flag(w, &mut t, "critical", false),
            ..Default::default()
        };
        if !reform {
            s.cause = opt_named::<Cause>(w, &mut t, "cause").unwrap_or_default();
            s.cause_fear = opt_named::<FearSource>(w, &mut t, "cause_fear");
            s.small_cavalry_reserve = opt_flag(w, &mut t, "small_cavalry_reserve", false);
        }
        s
    })
}

/// A `ShootingSituation` from the `situation` table (cases and saves alike).
pub(crate) fn shooting_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> ShootingSituation {
    situation(walk, f, |w, mut t| ShootingSituation {
        supporting_shooters: opt_count(w, &mut t, "supporting_shooters"),
        flank_or_rear: opt_flag(w, &mut t, "flank_or_rear", false),
        target_in_cover: opt_flag(w, &mut t, "target_in_cover", false),
        defence_points: opt_count(w, &mut t, "defence_points"),
        chosen: opt_face(w, &mut t, "chosen"),
        ..Default::default()
    })
}

/// A `ManoeuvreSituation` from the `situation` table (cases and saves alike).
pub(crate) fn manoeuvre_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> ManoeuvreSituation {
    let span = f.span.clone();
    situation(walk, f, |w, mut t| {
        let m = opt_named::<Manoeuvre>(w, &mut t, "manoeuvre");
        if m.is_none() && !t.as_deref().is_some_and(|t| t.has("manoeuvre")) {
            w.error(
                span.clone(),
                "situation.manoeuvre",
                format!(
                    "'manoeuvre' is missing; one of: {} (MANOEUVRE TEST)",
                    Manoeuvre::accepted()
                ),
            );
        }
        let mut s = ManoeuvreSituation::of(m.unwrap_or(Manoeuvre::LeaveZoc));
        s.in_rough = opt_flag(w, &mut t, "in_rough", false);
        s.entering_rough = opt_flag(w, &mut t, "entering_rough", false);
        s.flat_open = opt_flag(w, &mut t, "flat_open", true);
        s.movement_points = t
            .as_deref_mut()
            .and_then(|t| w.int(t, "movement_points", 0..=MAX))
            .map(|n| n as u32);
        s.movement_point_reroll = opt_flag(w, &mut t, "movement_point_reroll", false);
        s
    })
}
