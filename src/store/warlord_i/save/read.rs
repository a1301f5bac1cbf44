//! Reading a Warlord I save's armies and events: the armies exactly as
//! army files are read, each event's fields checked and placed (line,
//! column, field), with the accepted values named.

use crate::battle::RuleSystem;
use crate::battle::warlord_i::WarlordI;
use crate::battle::warlord_i::event::{
    Application, CoCorrection, CoId, CommandFacts, Correction, Disaster, EnterFacts, Event, Phase,
    RallyOutcome, RoutCause, TransferFacts, UnitId, WaverCause,
};
use crate::battle::warlord_i::state::{MAX_BASES, MAX_CCPS, MAX_POINTS};
use crate::dice::Dice;
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Activity, Army, AttritionGains, ChargeTarget, CoActivity, CoStatus, FugitiveSituation, Ground,
    Leader, MeleeFacts, Morale, Response, ShootingSituation, ShootingWeapon, ShotFrom, SidesDice,
    WaverSituation, WinnerMoves,
};
use crate::store::toml_walk::{self, Fields, Walk};

/// The event kinds a Warlord I save may hold.
pub const EVENT_KINDS: &[&str] = &[
    "order_of_play",
    "command_test",
    "command",
    "initiative",
    "recuperation",
    "enter_field",
    "shooting",
    "flag",
    "friends_within_10cm",
    "rout",
    "dismiss",
    "waver_test",
    "attrition",
    "fugitive_attrition",
    "engage",
    "disengage",
    "melee",
    "attach",
    "general_risk",
    "correct",
    "correct_co",
    "next_phase",
    "go_to",
];

/// The largest count or distance an event may give (a sanity limit, as for cases).
const MAX: i64 = 100_000;

/// Reads an army copied into a save, with every check of an army file.
pub fn read_army<'s>(walk: &mut Walk<'_, 's>, f: Fields<'_, 's>) -> Option<Army> {
    crate::store::warlord_i::army::read_army_table(walk, f)
}

/// A required id written `a1`, `b12`: a unit's or a CO's.
fn id_text<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    what: &str,
) -> Option<UnitId> {
    let text = walk.required_string(f, key)?;
    let id = UnitId::parse(&text);
    if id.is_none() {
        walk.error(
            f.span_of(key),
            f.at(key),
            format!(
                "'{}' is not {what}; write the side and the place from 1, e.g. \"a1\" or \"b12\"",
                toml_walk::cut(&text)
            ),
        );
    }
    id
}

/// A required unit id.
fn unit_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<UnitId> {
    id_text(walk, f, key, "a unit id")
}

/// A required CO id (his division's place in his side's list).
fn co_id<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<CoId> {
    id_text(walk, f, key, "a CO id (his division's place)").map(|u| CoId::new(u.side, u.index))
}

/// A unit id that may be left out: `Some(None)` when absent, `None` when wrong.
fn optional_unit<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<Option<UnitId>> {
    if f.has(key) {
        unit_id(walk, f, key).map(Some)
    } else {
        Some(None)
    }
}

/// A whole number from 0 to `max`, or 0 when absent.
fn count<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> u32 {
    walk.int(f, key, 0..=MAX).unwrap_or(0) as u32
}

/// A whole number that may be absent.
fn maybe<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<u32> {
    walk.int(f, key, 0..=MAX).map(|n| n as u32)
}

/// A true/false field, or false.
fn flag<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> bool {
    walk.bool(f, key).unwrap_or(false)
}

/// A word that must be given.
fn required_word<'s, T: Named + PartialEq>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    what: &str,
) -> Option<T> {
    if !f.has(key) {
        walk.error(
            f.span.clone(),
            f.at(key),
            format!("'{key}' is missing: {what}; one of: {}", T::accepted()),
        );
        return None;
    }
    walk.named::<T>(f, key)
}

/// `key = { white = [..] }`: plain d6, in the order rolled (absent: none yet).
fn dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Dice {
    let Some(mut t) = walk.table(f, key) else {
        return Dice::default();
    };
    // Warlord I throws plain d6: `white` is the only pool (anything else is reported).
    let d = crate::store::dice::pools(walk, &mut t, <WarlordI as RuleSystem>::DICE);
    walk.finish(t);
    d
}

/// An inline table read by `read`, or its defaults when absent.
fn sub<'s, T: Default>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    read: impl FnOnce(&mut Walk<'_, 's>, &mut Fields<'_, 's>) -> T,
) -> T {
    match walk.table(f, key) {
        Some(mut t) => {
            let v = read(walk, &mut t);
            walk.finish(t);
            v
        }
        None => T::default(),
    }
}

fn command_facts<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> CommandFacts {
    sub(walk, f, "facts", |walk, t| CommandFacts {
        restrain_and_prompt: flag(walk, t, "restrain_and_prompt"),
        distance_cm: count(walk, t, "distance_cm"),
        charge_target: walk.named::<ChargeTarget>(t, "charge_target"),
        rallied: walk.named::<RallyOutcome>(t, "rallied"),
    })
}

fn enter_facts<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<EnterFacts> {
    let mut ok = true;
    let facts = sub(walk, f, "facts", |walk, t| {
        let led_by = if t.has("led_by") {
            let c = co_id(walk, t, "led_by");
            ok &= c.is_some();
            c
        } else {
            None
        };
        EnterFacts {
            led_by,
            flank_march_cm: maybe(walk, t, "flank_march_cm"),
            returning: flag(walk, t, "returning"),
            pursuers_not_returned: flag(walk, t, "pursuers_not_returned"),
            opposing_bases: count(walk, t, "opposing_bases"),
        }
    });
    ok.then_some(facts)
}

fn shooting_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> Option<ShootingSituation> {
    let mut t = walk.required_table(f, "situation")?;
    let t_ = &mut t;
    let range = maybe(walk, t_, "range_cm");
    if !t_.has("range_cm") {
        walk.error(
            t_.span.clone(),
            t_.at("range_cm"),
            "'range_cm' is missing: the range in cm, the table's (Rule 55)",
        );
    }
    let s = ShootingSituation {
        range_cm: range.unwrap_or(0),
        weapon: walk.named::<ShootingWeapon>(t_, "weapon"),
        shooting_bases: maybe(walk, t_, "shooting_bases"),
        target_front_bases: maybe(walk, t_, "target_front_bases"),
        target_depth: maybe(walk, t_, "target_depth"),
        shot_from: walk.named::<ShotFrom>(t_, "shot_from").unwrap_or_default(),
        target_in_cover: flag(walk, t_, "target_in_cover"),
        screened_by_oo: flag(walk, t_, "screened_by_oo"),
        ranks_in_line_of_fire: maybe(walk, t_, "ranks_in_line_of_fire"),
    };
    walk.finish(t);
    range.map(|_| s)
}

fn waver_situation<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> WaverSituation {
    sub(walk, f, "situation", |walk, t| WaverSituation {
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
    })
}

fn gains<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> AttritionGains {
    sub(walk, f, "gains", |walk, t| AttritionGains {
        flank_rear_charges: count(walk, t, "flank_rear_charges"),
        friendly_disasters: count(walk, t, "friendly_disasters"),
        disorder: count(walk, t, "disorder"),
        shooting_hits: count(walk, t, "shooting_hits"),
        shaken_no_recoil: count(walk, t, "shaken_no_recoil"),
        charged_over_defences: count(walk, t, "charged_over_defences"),
        crossed_chevaux_de_frise: count(walk, t, "crossed_chevaux_de_frise"),
        reckless_charge_facing_pikes: count(walk, t, "reckless_charge_facing_pikes"),
        melee_excess: count(walk, t, "melee_excess"),
    })
}

fn fugitive_situation<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> FugitiveSituation {
    sub(walk, f, "situation", |walk, t| FugitiveSituation {
        elephants_burst_through: count(walk, t, "elephants_burst_through"),
        overriding_bases: count(walk, t, "overriding_bases"),
        expendable_bases: count(walk, t, "expendable_bases"),
        overridden: flag(walk, t, "overridden"),
        ridden_through: flag(walk, t, "ridden_through"),
        difficult_terrain: flag(walk, t, "difficult_terrain"),
        pursuers_in_contact: count(walk, t, "pursuers_in_contact"),
    })
}

fn melee_facts<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> MeleeFacts {
    sub(walk, f, key, |walk, t| MeleeFacts {
        advancing: flag(walk, t, "advancing"),
        charge_advantage: flag(walk, t, "charge_advantage"),
        contact_advantage: flag(walk, t, "contact_advantage"),
        supporting_ranks: count(walk, t, "supporting_ranks"),
        overlapped_flanks: walk
            .int_because(t, "overlapped_flanks", 0..=2, Some("a unit has 2 flanks"))
            .unwrap_or(0) as u32,
        ground: walk.named::<Ground>(t, "ground"),
        general_leading: flag(walk, t, "general_leading"),
        general_wounded: flag(walk, t, "general_wounded"),
        superior_troops: flag(walk, t, "superior_troops"),
        response: walk.named::<Response>(t, "response").unwrap_or_default(),
    })
}

/// The one correction a `correct` event makes.
fn correction<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Correction> {
    const KEYS: &str =
        "morale, aps, dps, bases, bases_lost, files, ranks, activity, waver_tested, removed";
    let bases = i64::from(MAX_BASES);
    let points = i64::from(MAX_POINTS);
    let mut found = Vec::new();
    let number = |walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key, max| {
        walk.int(f, key, 0..=max).map(|n| n as u32)
    };
    if f.has("morale") {
        found.push(walk.named::<Morale>(f, "morale").map(Correction::Morale));
    }
    if f.has("aps") {
        found.push(number(walk, f, "aps", points).map(Correction::Aps));
    }
    if f.has("dps") {
        found.push(number(walk, f, "dps", points).map(Correction::Dps));
    }
    if f.has("bases") {
        found.push(number(walk, f, "bases", bases).map(Correction::Bases));
    }
    if f.has("bases_lost") {
        found.push(number(walk, f, "bases_lost", bases).map(Correction::BasesLost));
    }
    if f.has("files") {
        found.push(number(walk, f, "files", bases).map(Correction::Files));
    }
    if f.has("ranks") {
        found.push(number(walk, f, "ranks", bases).map(Correction::Ranks));
    }
    if f.has("activity") {
        found.push(Some(Correction::Activity(
            walk.named_list::<Activity>(f, "activity"),
        )));
    }
    if f.has("waver_tested") {
        found.push(walk.bool(f, "waver_tested").map(Correction::WaverTested));
    }
    if f.has("removed") {
        found.push(walk.bool(f, "removed").map(Correction::Removed));
    }
    if found.len() != 1 {
        walk.error(
            f.span.clone(),
            f.path.to_string(),
            format!(
                "a correction changes exactly one thing, but {} were given; one of: {KEYS}",
                found.len()
            ),
        );
        return None;
    }
    found.pop().flatten()
}

/// The one correction a `correct_co` event makes.
fn co_correction<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CoCorrection> {
    const KEYS: &str = "status, dispersed, activity, ccps";
    let mut found = Vec::new();
    if f.has("status") {
        found.push(
            walk.named::<CoStatus>(f, "status")
                .map(CoCorrection::Status),
        );
    }
    if f.has("dispersed") {
        found.push(walk.bool(f, "dispersed").map(CoCorrection::Dispersed));
    }
    if f.has("activity") {
        found.push(Some(CoCorrection::Activity(
            walk.named_list::<CoActivity>(f, "activity"),
        )));
    }
    if f.has("ccps") {
        found.push(
            walk.int(f, "ccps", 0..=i64::from(MAX_CCPS))
                .map(|n| CoCorrection::Ccps(n as u32)),
        );
    }
    if found.len() != 1 {
        walk.error(
            f.span.clone(),
            f.path.to_string(),
            format!(
                "a CO's correction changes exactly one thing, but {} were given; one of: {KEYS}",
                found.len()
            ),
        );
        return None;
    }
    found.pop().flatten()
}

/// Reads one event table.
pub(super) fn read_event<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Event> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let kind = walk.required_string(&mut f, "kind").unwrap_or_default();
    if !EVENT_KINDS.contains(&kind.as_str()) {
        if !kind.is_empty() {
            let hint = crate::rules::named::closest(&kind, EVENT_KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not a Warlord I event kind{hint}; accepted: {}",
                    toml_walk::cut(&kind),
                    EVENT_KINDS.join(", ")
                ),
            );
        }
        // Its fields are not known without its kind: not reported as unknown.
        return None;
    }
    let event = fields(walk, &mut f, &kind);
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    event.filter(|_| after == before)
}

/// The fields of an event of a known kind.
fn fields<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, kind: &str) -> Option<Event> {
    Some(match kind {
        "order_of_play" => {
            let winner_moves = walk
                .named::<WinnerMoves>(f, "winner_moves")
                .unwrap_or_default();
            let dice = SidesDice {
                a: dice(walk, f, "dice_a"),
                b: dice(walk, f, "dice_b"),
            };
            Event::OrderOfPlay { winner_moves, dice }
        }
        "command_test" => {
            let co = co_id(walk, f, "co");
            let mut ok = true;
            let transfer = walk.table(f, "transfer").map(|mut t| {
                let ccps = walk.int(&mut t, "ccps", 0..=MAX);
                let distance_cm = walk.int(&mut t, "distance_cm", 0..=MAX);
                for (key, v) in [("ccps", ccps), ("distance_cm", distance_cm)] {
                    if v.is_none() {
                        ok = false;
                        if !t.has(key) {
                            walk.error(
                                t.span.clone(),
                                t.at(key),
                                format!("'{key}' is missing: a transfer gives ccps and distance_cm (Rule 29, WI-5)"),
                            );
                        }
                    }
                }
                walk.finish(t);
                TransferFacts {
                    ccps: ccps.unwrap_or(0) as u32,
                    distance_cm: distance_cm.unwrap_or(0) as u32,
                }
            });
            let d = dice(walk, f, "dice");
            if !ok {
                return None;
            }
            Event::CommandTest {
                co: co?,
                transfer,
                dice: d,
            }
        }
        "command" => {
            let unit = unit_id(walk, f, "unit");
            let co = co_id(walk, f, "co");
            let application = required_word::<Application>(
                walk,
                f,
                "application",
                "what the CCPs are spent on (E54)",
            );
            let target = optional_unit(walk, f, "target");
            let facts = command_facts(walk, f);
            Event::Command {
                unit: unit?,
                co: co?,
                application: application?,
                target: target?,
                facts,
            }
        }
        "initiative" => {
            let unit = unit_id(walk, f, "unit");
            let co_activity = walk.named_list::<CoActivity>(f, "co_activity");
            let facts = command_facts(walk, f);
            let d = dice(walk, f, "dice");
            Event::Initiative {
                unit: unit?,
                co_activity,
                facts,
                dice: d,
            }
        }
        "recuperation" => {
            let side = walk.string(f, "side");
            let side = match side.as_deref() {
                Some("a") => Side::A,
                Some("b") => Side::B,
                other => {
                    walk.error(
                        f.span_of("side"),
                        f.at("side"),
                        format!(
                            "{}: the side that recuperates; accepted: a, b",
                            other.map_or("'side' is missing".to_string(), |o| format!(
                                "'{}' is not a side",
                                toml_walk::cut(o)
                            ))
                        ),
                    );
                    return None;
                }
            };
            Event::Recuperation { side }
        }
        "enter_field" => {
            let unit = unit_id(walk, f, "unit");
            let facts = enter_facts(walk, f);
            let d = dice(walk, f, "dice");
            Event::EnterField {
                unit: unit?,
                facts: facts?,
                dice: d,
            }
        }
        "shooting" => {
            let shooter = unit_id(walk, f, "shooter");
            let target = unit_id(walk, f, "target");
            let situation = shooting_situation(walk, f);
            let d = dice(walk, f, "dice");
            Event::Shooting {
                shooter: shooter?,
                target: target?,
                situation: situation?,
                dice: d,
            }
        }
        "flag" => {
            let unit = unit_id(walk, f, "unit");
            let cause = required_word::<WaverCause>(
                walk,
                f,
                "cause",
                "the cause of the waver test (Rule 58)",
            );
            Event::Flag {
                unit: unit?,
                cause: cause?,
            }
        }
        "friends_within_10cm" => {
            let of = id_text(walk, f, "of", "a unit's or a CO's id");
            let code = walk.required_string(f, "disaster");
            let disaster = match (code, of) {
                (Some(code), Some(of)) => {
                    let d = Disaster::parse(&code, of);
                    if d.is_none() {
                        walk.error(
                            f.span_of("disaster"),
                            f.at("disaster"),
                            format!(
                                "'{}' is not a disaster; accepted: {}",
                                toml_walk::cut(&code),
                                Disaster::CODES
                            ),
                        );
                    }
                    d
                }
                _ => None,
            };
            let mut units = Vec::new();
            let mut ok = true;
            for (i, text) in walk.string_list(f, "units").into_iter().enumerate() {
                match UnitId::parse(&text) {
                    Some(u) => units.push(u),
                    None => {
                        ok = false;
                        walk.error(
                            f.span_of("units"),
                            f.item("units", i),
                            format!(
                                "'{}' is not a unit id; write the side and the place from 1, e.g. \"a1\"",
                                toml_walk::cut(&text)
                            ),
                        );
                    }
                }
            }
            if !ok {
                return None;
            }
            Event::FriendsWithin10cm {
                disaster: disaster?,
                units,
            }
        }
        "rout" => {
            let unit = unit_id(walk, f, "unit");
            let cause = required_word::<RoutCause>(walk, f, "cause", "why it routs (Rule 62)");
            // Rule 62: absent in saves from before (none destroyed then).
            let bases_in_contact = count(walk, f, "bases_in_contact");
            Event::Rout {
                unit: unit?,
                cause: cause?,
                bases_in_contact,
            }
        }
        "dismiss" => Event::Dismiss {
            unit: unit_id(walk, f, "unit")?,
        },
        "waver_test" => {
            let unit = unit_id(walk, f, "unit");
            let situation = waver_situation(walk, f);
            let d = dice(walk, f, "dice");
            Event::WaverTest {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "attrition" => {
            let unit = unit_id(walk, f, "unit");
            let g = gains(walk, f);
            Event::Attrition {
                unit: unit?,
                gains: g,
            }
        }
        "fugitive_attrition" => {
            let unit = unit_id(walk, f, "unit");
            let situation = fugitive_situation(walk, f);
            let d = dice(walk, f, "dice");
            Event::FugitiveAttrition {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "engage" | "disengage" => {
            let a = unit_id(walk, f, "a");
            let b = unit_id(walk, f, "b");
            let (a, b) = (a?, b?);
            if kind == "engage" {
                Event::Engage { a, b }
            } else {
                Event::Disengage { a, b }
            }
        }
        "melee" => {
            let a = unit_id(walk, f, "a");
            let b = unit_id(walk, f, "b");
            let facts_a = melee_facts(walk, f, "facts_a");
            let facts_b = melee_facts(walk, f, "facts_b");
            let d = SidesDice {
                a: dice(walk, f, "dice_a"),
                b: dice(walk, f, "dice_b"),
            };
            Event::Melee {
                a: a?,
                b: b?,
                facts_a,
                facts_b,
                // WI-H2: written by today's Herald; a save from before fought in turn.
                simultaneous: flag(walk, f, "simultaneous"),
                dice: d,
            }
        }
        "attach" => {
            let co = co_id(walk, f, "co");
            let unit = optional_unit(walk, f, "unit");
            Event::Attach {
                co: co?,
                unit: unit?,
            }
        }
        "general_risk" => {
            let co = co_id(walk, f, "co");
            let d = dice(walk, f, "dice");
            Event::GeneralRisk { co: co?, dice: d }
        }
        "correct" => {
            let unit = unit_id(walk, f, "unit");
            let c = correction(walk, f);
            Event::Correct {
                unit: unit?,
                correction: c?,
            }
        }
        "correct_co" => {
            let co = co_id(walk, f, "co");
            let c = co_correction(walk, f);
            Event::CorrectCo {
                co: co?,
                correction: c?,
            }
        }
        "next_phase" => Event::NextPhase,
        "go_to" => {
            let turn = walk.int(f, "turn", 1..=i64::from(u32::MAX));
            if !f.has("turn") {
                walk.error(
                    f.span.clone(),
                    f.at("turn"),
                    "'turn' is missing: the Move, from 1",
                );
            }
            let text = walk.required_string(f, "phase");
            let phase = text.as_deref().and_then(Phase::parse);
            if let (Some(t), None) = (&text, phase) {
                walk.error(
                    f.span_of("phase"),
                    f.at("phase"),
                    format!(
                        "'{}' is not a step of the Move; accepted: {}",
                        toml_walk::cut(t),
                        Phase::CODES
                    ),
                );
            }
            Event::GoTo {
                turn: turn? as u32,
                phase: phase?,
            }
        }
        _ => return None,
    })
}
