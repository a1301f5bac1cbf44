//! Reading a Warlords save's armies and events: the armies exactly as army
//! files are read, each event's fields checked and placed.

use crate::battle::warlords::event::{Correction, Event, Phase, UnitId, note_problem};
use crate::battle::warlords::state::MAX_RANDOM_SPANS;
use crate::dice::Dice;
use crate::rules::named::Named;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::army::Army;
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::field_defences::Defence;
use crate::rules::warlords::melee::{MeleeDice, MeleeFacts};
use crate::rules::warlords::next::Choice;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::shooting::ShootingSituation;
use crate::rules::warlords::supporting::Edge;
use crate::rules::warlords::unit::{Formation, MissileWeapon, Morale};
use crate::store::toml_walk::{self, Fields, Walk};
use crate::store::warlords::case::{dice_lists, read_shooting_style, read_stands_shot_at};
use crate::store::warlords::unit_table::{MAX_FIGURES, MAX_STANDS};

/// The event kinds a save may hold.
pub const EVENT_KINDS: &[&str] = &[
    "initiative",
    "activation",
    "shooting",
    "melee",
    "flee",
    "break_off",
    "stand_loss",
    "random_move",
    "reaction",
    "engage",
    "disengage",
    "support",
    "correct",
    "next_phase",
    "go_to",
    "choose",
    "contact",
    "follow_up",
    "fall_back",
    "defence",
    "trapped",
    "calm",
    "dismiss",
    "note",
];

/// Reads an army copied into a save, with every check of an army file
/// (`store::army`): a save's armies read exactly like army files.
pub fn read_army<'s>(walk: &mut Walk<'_, 's>, f: Fields<'_, 's>) -> Option<Army> {
    crate::store::warlords::army::read_army_table(walk, f)
}

/// A required unit id such as `a1`.
fn unit_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<UnitId> {
    let text = walk.required_string(f, key)?;
    let id = UnitId::parse(&text);
    if id.is_none() {
        walk.error(
            f.span_of(key),
            f.at(key),
            format!("'{}' is not a unit id; write the side and the unit's place from 1, e.g. \"a1\" or \"b12\"", toml_walk::cut(&text)),
        );
    }
    id
}

/// A unit id that may be left out: `Some(None)` when absent, `None` when wrong.
fn optional_id<'s>(
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

/// A `dice` inline table (absent: no dice).
fn dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Dice {
    match walk.table(f, key) {
        Some(mut t) => {
            let d = dice_lists(walk, &mut t);
            walk.finish(t);
            d
        }
        None => Dice::default(),
    }
}

fn count<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    max: i64,
) -> Option<u32> {
    walk.int(f, key, 0..=max).map(|n| n as u32)
}

fn activation_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> ActivationSituation {
    let mut s = ActivationSituation::default();
    if let Some(mut t) = walk.table(f, "situation") {
        let mut flag = |walk: &mut Walk<'_, 's>, k| walk.bool(&mut t, k).unwrap_or(false);
        s.charging = flag(walk, "charging");
        s.enemy_in_charge_distance = flag(walk, "enemy_in_charge_distance");
        s.enemy_visible_ahead = flag(walk, "enemy_visible_ahead");
        s.tactician_in_sight = flag(walk, "tactician_in_sight");
        s.fleeing = flag(walk, "fleeing");
        s.changing_formation = flag(walk, "changing_formation");
        s.evading_spans = count(walk, &mut t, "evading_spans", 100).unwrap_or(0);
        walk.finish(t);
    }
    s
}

fn shooting_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> Option<ShootingSituation> {
    let mut t = walk.required_table(f, "situation")?;
    let style = read_shooting_style(walk, &mut t);
    let range_spans = count(walk, &mut t, "range_spans", 1000).unwrap_or(0);
    let weapon = walk.named::<MissileWeapon>(&mut t, "weapon");
    let stands_shot_at = read_stands_shot_at(walk, &mut t);
    let contact = walk.bool(&mut t, "contact").unwrap_or(false);
    walk.finish(t);
    Some(ShootingSituation {
        style: style?,
        range_spans,
        weapon,
        stands_shot_at,
        contact,
    })
}

fn melee_facts<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> MeleeFacts {
    let Some(mut t) = walk.table(f, key) else {
        return MeleeFacts::default();
    };
    let facts = crate::store::warlords::case::read_melee_facts(walk, &mut t);
    walk.finish(t);
    facts
}

/// The one correction a `correct` event makes.
fn correction<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Correction> {
    const KEYS: &str = "morale, champions, casualties, stands, files, formation, moving, pavises_deployed, pavises_lost, personality (with status), personalities_from_right, removed, activated";
    let mut found = Vec::new();
    if f.has("morale") {
        found.push(walk.named::<Morale>(f, "morale").map(Correction::Morale));
    }
    if f.has("champions") {
        found.push(count(walk, f, "champions", MAX_FIGURES).map(Correction::Champions));
    }
    if f.has("casualties") {
        found.push(count(walk, f, "casualties", MAX_FIGURES).map(Correction::Casualties));
    }
    if f.has("stands") {
        found.push(count(walk, f, "stands", MAX_STANDS).map(Correction::Stands));
    }
    if f.has("files") {
        found.push(count(walk, f, "files", MAX_STANDS).map(Correction::Files));
    }
    if f.has("formation") {
        found.push(
            walk.named::<Formation>(f, "formation")
                .map(Correction::Formation),
        );
    }
    if f.has("moving") {
        found.push(walk.bool(f, "moving").map(Correction::Moving));
    }
    if f.has("pavises_deployed") {
        found.push(walk.bool(f, "pavises_deployed").map(Correction::Pavises));
    }
    if f.has("pavises_lost") {
        found.push(walk.bool(f, "pavises_lost").map(Correction::PavisesLost));
    }
    if f.has("personality") {
        let name = walk.required_string(f, "personality");
        let status = walk.named::<PersonalityStatus>(f, "status");
        if !f.has("status") {
            walk.error(
                f.span.clone(),
                f.at("status"),
                format!(
                    "'status' is missing; one of: {}",
                    PersonalityStatus::accepted()
                ),
            );
        }
        found.push(match (name, status) {
            (Some(name), Some(status)) => Some(Correction::Personality { name, status }),
            _ => None,
        });
    }
    if f.has("personalities_from_right") {
        let names = walk.string_list(f, "personalities_from_right");
        found.push(Some(Correction::PersonalityOrder(names)));
    }
    if f.has("removed") {
        found.push(walk.bool(f, "removed").map(Correction::Removed));
    }
    if f.has("activated") {
        found.push(walk.bool(f, "activated").map(Correction::Activated));
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

/// Reads one event table.
pub(super) fn read_event<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Event> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let kind = walk.required_string(&mut f, "kind").unwrap_or_default();
    let event = match kind.as_str() {
        "initiative" => Some(Event::Initiative {
            a: dice(walk, &mut f, "dice_a"),
            b: dice(walk, &mut f, "dice_b"),
        }),
        "activation" => {
            let unit = unit_id(walk, &mut f, "unit");
            let situation = activation_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            let add_champion = walk.bool(&mut f, "add_champion").unwrap_or(false);
            unit.map(|unit| Event::Activation {
                unit,
                situation,
                dice: d,
                add_champion,
            })
        }
        "shooting" => {
            let shooter = unit_id(walk, &mut f, "shooter");
            let target = unit_id(walk, &mut f, "target");
            let situation = shooting_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Shooting {
                shooter: shooter?,
                target: target?,
                situation: situation?,
                dice: d,
            })
        }
        "melee" => {
            let a = unit_id(walk, &mut f, "a");
            let b = unit_id(walk, &mut f, "b");
            let facts_a = melee_facts(walk, &mut f, "facts_a");
            let facts_b = melee_facts(walk, &mut f, "facts_b");
            let rough_ground = walk.bool(&mut f, "rough_ground").unwrap_or(false);
            let d = MeleeDice {
                a: dice(walk, &mut f, "dice_a"),
                b: dice(walk, &mut f, "dice_b"),
            };
            // W-24: a melee with a flank contacted that an earlier Herald
            // saved has no `w24`; the loser's width after its flank stands
            // were lost stands as recorded. With no flank contacted the
            // readings agree, and no key is written.
            let w24 = walk.bool(&mut f, "w24").unwrap_or(false);
            let flanks = facts_a.flanks_contacted > 0 || facts_b.flanks_contacted > 0;
            Some(Event::Melee {
                a: a?,
                b: b?,
                facts_a,
                facts_b,
                rough_ground,
                dice: d,
                before_w24: flanks && !w24,
            })
        }
        "flee" => {
            let unit = unit_id(walk, &mut f, "unit");
            let obstacle_stands = count(walk, &mut f, "obstacle_stands", MAX_STANDS).unwrap_or(0);
            let d = dice(walk, &mut f, "dice");
            unit.map(|unit| Event::Flee {
                unit,
                obstacle_stands,
                dice: d,
            })
        }
        "break_off" => {
            let unit = unit_id(walk, &mut f, "unit");
            let opponent = unit_id(walk, &mut f, "opponent");
            let supporting = walk.bool(&mut f, "supporting").unwrap_or(false);
            // 3.1.2, W-4: absent in saves made before the break-off asked it.
            let tactician_in_sight = walk.bool(&mut f, "tactician_in_sight").unwrap_or(false);
            let d = dice(walk, &mut f, "dice");
            Some(Event::BreakOff {
                unit: unit?,
                opponent: opponent?,
                supporting,
                tactician_in_sight,
                dice: d,
            })
        }
        "stand_loss" => {
            let unit = unit_id(walk, &mut f, "unit");
            let personality = walk.required_string(&mut f, "personality");
            let enemy = optional_id(walk, &mut f, "enemy");
            let d = dice(walk, &mut f, "dice");
            Some(Event::StandLoss {
                unit: unit?,
                personality: personality?,
                enemy: enemy?,
                dice: d,
            })
        }
        "choose" => {
            let unit = unit_id(walk, &mut f, "unit");
            let choice = walk.named::<Choice>(&mut f, "choice");
            if !f.has("choice") {
                walk.error(
                    f.span.clone(),
                    f.at("choice"),
                    format!("'choice' is missing; one of: {}", Choice::accepted()),
                );
            }
            let target = optional_id(walk, &mut f, "target");
            let formation = walk.named::<Formation>(&mut f, "formation");
            let files = count(walk, &mut f, "files", MAX_STANDS);
            let pavises = walk.bool(&mut f, "pavises_deployed");
            Some(Event::Choose {
                unit: unit?,
                choice: choice?,
                target: target?,
                formation,
                files,
                pavises,
            })
        }
        "contact" => {
            let charger = unit_id(walk, &mut f, "charger");
            let target = unit_id(walk, &mut f, "target");
            Some(Event::Contact {
                charger: charger?,
                target: target?,
            })
        }
        "follow_up" => {
            let unit = unit_id(walk, &mut f, "unit");
            let loser = unit_id(walk, &mut f, "loser");
            let follows = walk.bool(&mut f, "follows").unwrap_or(false);
            Some(Event::FollowUp {
                unit: unit?,
                loser: loser?,
                follows,
            })
        }
        "fall_back" => {
            let unit = unit_id(walk, &mut f, "unit");
            let into = walk.named::<FellInto>(&mut f, "into");
            if !f.has("into") {
                walk.error(
                    f.span.clone(),
                    f.at("into"),
                    format!("'into' is missing; one of: {}", FellInto::accepted()),
                );
            }
            let other = optional_id(walk, &mut f, "other");
            let other_front = walk.bool(&mut f, "other_front").unwrap_or(false);
            let rear_stands = count(walk, &mut f, "rear_stands", MAX_STANDS);
            // W-35: a save of an earlier Herald has no `w35`; its fall back
            // stands as it was recorded.
            let w35 = walk.bool(&mut f, "w35").unwrap_or(false);
            Some(Event::FallBack {
                unit: unit?,
                into: into?,
                other: other?,
                other_front,
                rear_stands,
                before_w35: !w35,
            })
        }
        "defence" => {
            let unit = unit_id(walk, &mut f, "unit");
            let defence = walk.named::<Defence>(&mut f, "defence");
            if !f.has("defence") {
                walk.error(
                    f.span.clone(),
                    f.at("defence"),
                    format!("'defence' is missing; one of: {}", Defence::accepted()),
                );
            }
            let charging = walk.bool(&mut f, "charging").unwrap_or(false);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Defence {
                unit: unit?,
                defence: defence?,
                charging,
                dice: d,
            })
        }
        "trapped" => unit_id(walk, &mut f, "unit").map(|unit| Event::Trapped { unit }),
        "calm" => unit_id(walk, &mut f, "unit").map(|unit| Event::Calm { unit }),
        "dismiss" => {
            let unit = unit_id(walk, &mut f, "unit");
            let due = walk.required_string(&mut f, "due");
            Some(Event::Dismiss {
                unit: unit?,
                due: due?,
            })
        }
        "random_move" => {
            let unit = unit_id(walk, &mut f, "unit");
            let spans = walk.int(&mut f, "spans", 1..=i64::from(MAX_RANDOM_SPANS));
            if !f.has("spans") {
                walk.error(
                    f.span.clone(),
                    f.at("spans"),
                    format!(
                        "'spans' is missing: the spans of the random move, 1 to {MAX_RANDOM_SPANS}"
                    ),
                );
            }
            let toward = if f.has("toward") {
                Some(unit_id(walk, &mut f, "toward"))
            } else {
                None
            };
            let d = dice(walk, &mut f, "dice");
            Some(Event::RandomMove {
                unit: unit?,
                spans: spans? as u32,
                toward: match toward {
                    Some(t) => Some(t?),
                    None => None,
                },
                dice: d,
            })
        }
        "reaction" => {
            let unit = unit_id(walk, &mut f, "unit");
            let cause = unit_id(walk, &mut f, "cause");
            let situation = activation_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Reaction {
                unit: unit?,
                cause: cause?,
                situation,
                dice: d,
            })
        }
        "support" => {
            let unit = unit_id(walk, &mut f, "unit");
            let opponent = unit_id(walk, &mut f, "opponent");
            let enemy = unit_id(walk, &mut f, "enemy");
            let edge_text = walk.required_string(&mut f, "edge");
            let edge = edge_text.as_deref().and_then(Edge::parse);
            if let (Some(t), None) = (&edge_text, edge) {
                walk.error(
                    f.span.clone(),
                    f.at("edge"),
                    format!("edge '{t}' is not known; one of: {}", Edge::CODES),
                );
            }
            Some(Event::Support {
                unit: unit?,
                opponent: opponent?,
                enemy: enemy?,
                edge: edge?,
            })
        }
        "engage" | "disengage" => {
            let a = unit_id(walk, &mut f, "a");
            let b = unit_id(walk, &mut f, "b");
            let (a, b) = (a?, b?);
            Some(if kind == "engage" {
                Event::Engage { a, b }
            } else {
                Event::Disengage { a, b }
            })
        }
        "correct" => {
            let unit = unit_id(walk, &mut f, "unit");
            let c = correction(walk, &mut f);
            Some(Event::Correct {
                unit: unit?,
                correction: c?,
            })
        }
        "next_phase" => Some(Event::NextPhase),
        "go_to" => {
            let turn = walk.int(&mut f, "turn", 1..=u32::MAX as i64);
            let phase_text = walk.required_string(&mut f, "phase");
            let phase = phase_text.as_deref().and_then(Phase::parse);
            if let (Some(t), None) = (&phase_text, phase) {
                walk.error(
                    f.span_of("phase"),
                    f.at("phase"),
                    format!(
                        "'{}' is not a phase; accepted: {}",
                        toml_walk::cut(t),
                        Phase::CODES
                    ),
                );
            }
            if !f.has("turn") {
                walk.error(
                    f.span.clone(),
                    f.at("turn"),
                    "'turn' is missing: the turn, from 1",
                );
            }
            Some(Event::GoTo {
                turn: turn? as u32,
                phase: phase?,
            })
        }
        "note" => {
            let unit = optional_id(walk, &mut f, "unit");
            let text = walk.required_string(&mut f, "text");
            if let Some(why) = text.as_deref().and_then(note_problem) {
                walk.error(f.span_of("text"), f.at("text"), why);
            }
            // Both read before either is judged, so every problem is told.
            match (unit, text) {
                (Some(unit), Some(text)) => Some(Event::Note { unit, text }),
                _ => None,
            }
        }
        "" => None,
        other => {
            let hint = crate::rules::named::closest(other, EVENT_KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not an event kind{hint}; accepted: {}",
                    toml_walk::cut(other),
                    EVENT_KINDS.join(", ")
                ),
            );
            // Its fields are not known without its kind: not reported as unknown.
            return None;
        }
    };
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    event.filter(|_| after == before)
}
