//! The facts of the table each Homunculus Est! procedure needs, on the
//! generic form (`tui::facts`): flanks, supports, terrain, squares free
//! behind, Command Points spent, the choices the sheet gives the players.
//! One function over the event lists them; the form draws the list and
//! changes the fact the referee touched. Facts a unit cannot use (a
//! Warband's support on a legion, a Devotio not attached) are not offered.

use crate::battle::UnitId;
use crate::battle::homunculus_est::event::CardKind;
use crate::battle::homunculus_est::{Event, State};
use crate::rules::Side;
use crate::rules::homunculus_est::combat::{Activation, DevotioOption};
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::discipline::Purpose;
use crate::rules::homunculus_est::failed::{Cause, FearSource};
use crate::rules::homunculus_est::push_back::Blocker;
use crate::rules::homunculus_est::tables::Manoeuvre;
use crate::rules::homunculus_est::tables::{EagleEvent, RiskEvent};
use crate::rules::homunculus_est::{
    Attachment, Characteristic, FIXED_CARD_VALUES, OPPONENT_CANCELS, Points, Pool, Unit,
};
use crate::rules::house::House;
use crate::rules::named::Named;
use crate::tui::facts::Form;

/// Words for a rules name: `table_edge` is "table edge".
pub fn words<T: Named + Copy + PartialEq>(v: T) -> String {
    v.name().replace('_', " ")
}

/// A unit in the referee's words: `Galatians (b8)`.
pub fn unit_name(state: &State, id: UnitId) -> String {
    state
        .unit(id)
        .map_or_else(|_| id.to_string(), |u| format!("{} ({id})", u.name))
}

/// The units of `side` still on the table, for a choice.
pub fn on_table(state: &State, side: Side) -> Vec<UnitId> {
    state.units[side as usize]
        .iter()
        .enumerate()
        .filter(|(_, u)| !u.removed && !u.off_table)
        .map(|(i, _)| UnitId::new(side, i))
        .collect()
}

fn unit(state: &State, id: UnitId) -> Unit {
    state.unit(id).cloned().unwrap_or_else(|_| {
        Unit::new(
            "?",
            crate::rules::homunculus_est::Class::FormedInfantry,
            0,
            0,
            0,
        )
    })
}

/// The units of `side` with a general in play (HE-8: a general converts).
pub fn generals(state: &State, side: Side) -> Vec<UnitId> {
    state.units[side as usize]
        .iter()
        .enumerate()
        .filter(|(_, u)| !u.removed && u.general.is_some())
        .map(|(i, _)| UnitId::new(side, i))
        .collect()
}

/// A player's revealed cards (HE-10, HE-12): each with its kind, its place
/// among his cards of that kind, and its value.
pub fn revealed_cards(state: &State, side: Side) -> Vec<(CardKind, usize, u32)> {
    let mut seen = [0usize; 2];
    let mut out = Vec::new();
    for c in &state.cards[side as usize] {
        let k = match c.kind {
            CardKind::Setback => 0,
            CardKind::Disaster => 1,
        };
        if c.revealed
            && let Some(v) = c.value
        {
            out.push((c.kind, seen[k], v));
        }
        seen[k] += 1;
    }
    out
}

/// A re-allocation's start: the four pools as they will stand once its
/// Strategy Point is spent (the total it must keep), Generalship aside
/// (the general's, never re-allocated: HE-8).
pub fn reallocation(now: Points) -> Points {
    Points {
        strategy: now.strategy.saturating_sub(1),
        generalship: 0,
        ..now
    }
}

/// Lists the facts of `event` on the form (and changes the one touched);
/// `house` is the battle's house options (they change who may do what).
pub fn list(state: &State, house: &House, event: &mut Event, f: &mut Form) {
    let reform = matches!(event, Event::FailedReform { .. });
    match event {
        Event::Movement {
            unit: id,
            target,
            situation: s,
            ..
        } => {
            let attack = state.available(*id, Pool::Attack);
            // MOVEMENT ACTIVATION, CHARGE ACTIVATION (HE-13, HE-14)
            f.flag('c', "a Charge Activation", &mut s.charge);
            if s.charge {
                // the enemy it charges: the combat's defender (HE-14)
                let enemies = on_table(state, id.side.other());
                let last = state.last_enemy[id.side as usize]
                    .get(id.index)
                    .copied()
                    .flatten();
                let mut t = target
                    .filter(|t| enemies.contains(t))
                    .or(last.filter(|l| enemies.contains(l)))
                    .or(enemies.first().copied());
                if let Some(mut e) = t {
                    f.choice_numbered(
                        'e',
                        "the enemy it charges",
                        &mut e,
                        &enemies,
                        |id| unit_name(state, id),
                        |id| id.index as u32 + 1,
                    )
                    .from_record(Some(e) == last, "Herald's record");
                    t = Some(e);
                }
                *target = t;
            } else {
                *target = None;
            }
            if s.charge {
                let most = attack.max(s.attack_points);
                f.number(
                    'a',
                    "Attack Points added to the die (+1 each, HE-8)",
                    &mut s.attack_points,
                    (0, most),
                    1,
                );
                f.flag(
                    'f',
                    "an enemy unit to its front after the move (HE-14)",
                    &mut s.enemy_in_front_after,
                );
            }
            f.flag(
                'm',
                "re-roll the die with a Movement Point (HE-8)",
                &mut s.movement_point_reroll,
            );
        }
        Event::Combat {
            attacker,
            defender,
            facts,
            situation: s,
            ..
        } => {
            let a = unit(state, *attacker);
            let enemies = on_table(state, attacker.side.other());
            // Herald's record: the charge this combat follows (the unit charged, its squares)
            let charged = state
                .due
                .iter()
                .find(|d| {
                    d.step == crate::rules::homunculus_est::Next::Combat && d.unit == *attacker
                })
                .copied();
            let last = state.last_enemy[attacker.side as usize]
                .get(attacker.index)
                .copied()
                .flatten();
            let from = match (charged.and_then(|c| c.other), last) {
                (Some(c), _) if c == *defender => Some("Herald's record"),
                (_, Some(l)) if l == *defender => Some("Herald's record"),
                _ => None,
            };
            f.choice_numbered(
                'd',
                "the defender",
                defender,
                &enemies,
                |id| unit_name(state, id),
                |id| id.index as u32 + 1,
            )
            .from_record(from.is_some(), from.unwrap_or_default());
            let d = unit(state, *defender);
            f.choice(
                'g',
                "the activation",
                &mut s.activation,
                &[Activation::Combat, Activation::Charge],
                |x| {
                    format!(
                        "{} Activation",
                        if x == Activation::Charge {
                            "Charge"
                        } else {
                            "Combat"
                        }
                    )
                },
            )
            .from_record(
                s.activation == Activation::Charge && a.activated,
                "Herald's record: it charged",
            );
            // COMBAT ACTIVATION 1, the attacker's side (HE-16)
            f.flag(
                'f',
                "attacker: an enemy on its flank or rear",
                &mut facts[0].flank_or_rear,
            );
            f.number(
                's',
                "attacker: supporting units",
                &mut facts[0].supporting_units,
                (0, 4),
                1,
            );
            if a.has(Characteristic::Warband) {
                f.flag(
                    'w',
                    "attacker: supported by a Warband",
                    &mut facts[0].warband_support,
                );
            }
            f.flag('r', "attacker: in Rough Terrain", &mut facts[0].in_rough);
            f.flag(
                'o',
                "attacker: across a linear obstacle",
                &mut facts[0].linear_obstacle,
            );
            if s.activation == Activation::Charge {
                f.flag(
                    'h',
                    "attacker: charges downhill",
                    &mut facts[0].downhill_charge,
                );
                let rolled = charged.and_then(|c| c.squares).map(|n| n.clamp(1, 4));
                f.number(
                    'n',
                    "attacker: squares charged",
                    &mut s.charge_squares,
                    (1, 4),
                    1,
                )
                .from_record(rolled == Some(s.charge_squares), "Herald's record");
                if a.attached(Attachment::Devotio) {
                    let mut v = s.devotio;
                    f.choice(
                        'x',
                        "attacker: Devotio (once, HE-20)",
                        &mut v,
                        &[
                            None,
                            Some(DevotioOption::CombatRating),
                            Some(DevotioOption::Discipline),
                            Some(DevotioOption::Setback),
                        ],
                        |o| o.map_or("not used".to_string(), words),
                    );
                    s.devotio = v;
                }
            }
            if a.attached(Attachment::SmallCavalryReserve) {
                f.flag(
                    'v',
                    "attacker: uses its Small Cav. Reserve",
                    &mut facts[0].use_reserve,
                );
            }
            if a.attached(Attachment::PraetorianCohort) {
                f.flag(
                    'k',
                    "attacker: uses its Praetorian Cohort",
                    &mut facts[0].use_cohort,
                );
            }
            f.flag(
                'p',
                "attacker: a Defence Point to Stand",
                &mut facts[0].stand_point,
            );
            // the defender's side
            f.flag(
                'F',
                "defender: attacked in flank or rear",
                &mut facts[1].flank_or_rear,
            );
            f.number(
                'S',
                "defender: supporting units",
                &mut facts[1].supporting_units,
                (0, 4),
                1,
            );
            if d.has(Characteristic::Warband) {
                f.flag(
                    'W',
                    "defender: supported by a Warband",
                    &mut facts[1].warband_support,
                );
            }
            f.flag('R', "defender: in Rough Terrain", &mut facts[1].in_rough);
            if d.attached(Attachment::SmallCavalryReserve) {
                f.flag(
                    'V',
                    "defender: uses its Small Cav. Reserve",
                    &mut facts[1].use_reserve,
                );
            }
            if d.attached(Attachment::PraetorianCohort) {
                f.flag(
                    'K',
                    "defender: uses its Praetorian Cohort",
                    &mut facts[1].use_cohort,
                );
            }
            let pool = state.available(*defender, Pool::Defence);
            let most = pool.max(facts[1].defence_points);
            f.number(
                'D',
                "defender: Defence Points, a die each",
                &mut facts[1].defence_points,
                (0, most),
                1,
            );
            f.flag(
                'P',
                "defender: a Defence Point to Stand",
                &mut facts[1].stand_point,
            );
            f.flag('l', "on flat Open Ground (HE-19)", &mut s.flat_open);
            f.flag(
                'e',
                "an enemy to its front after (HE-20)",
                &mut s.enemy_in_front_after,
            );
        }
        Event::Shooting {
            shooter,
            target,
            situation: s,
            ..
        } => {
            let enemies = on_table(state, shooter.side.other());
            f.choice_numbered(
                'a',
                "the target",
                target,
                &enemies,
                |id| unit_name(state, id),
                |id| id.index as u32 + 1,
            );
            // SHOOTING ACTIVATION (HE-22)
            f.number(
                's',
                "adjacent friendly Ranged Attack units, not in a ZOC",
                &mut s.supporting_shooters,
                (0, 4),
                1,
            );
            f.flag('f', "shot in its flank or rear", &mut s.flank_or_rear);
            f.flag('c', "the target is in Cover", &mut s.target_in_cover);
            let pool = state.available(*target, Pool::Defence);
            let most = pool.max(s.defence_points);
            f.number(
                'D',
                "Defence Points for more Defence dice",
                &mut s.defence_points,
                (0, most),
                1,
            );
        }
        Event::PushBack {
            unit: id,
            situation: s,
            ..
        } => {
            let u = unit(state, *id);
            // PUSH BACK (HE-24): what lies behind is the table's
            let mut b = s.blocked_by;
            f.choice(
                'b',
                "what lies beyond the free squares",
                &mut b,
                &[
                    None,
                    Some(Blocker::FriendlyFormed),
                    Some(Blocker::FriendlySkirmisher),
                    Some(Blocker::Enemy),
                    Some(Blocker::Impassable),
                    Some(Blocker::TableEdge),
                ],
                |x| x.map_or("nothing in reach".to_string(), words),
            );
            s.blocked_by = b;
            if s.blocked_by.is_some() {
                let mut n = s.free_squares.unwrap_or(0);
                f.number('n', "free squares behind it", &mut n, (0, 6), 1);
                s.free_squares = Some(n);
            } else {
                s.free_squares = None;
            }
            if u.has(Characteristic::Warband) {
                f.flag(
                    'w',
                    "a Warband supported by a friendly Warband",
                    &mut s.warband_supported,
                );
            }
            if u.has(Characteristic::Phalanx) {
                f.flag('r', "the move enters Rough Terrain", &mut s.enters_rough);
            }
        }
        Event::FollowUp {
            unit: id,
            loser,
            situation: s,
            ..
        } => {
            let l = unit(state, *loser);
            // Elephants count as Cavalry for Follow Ups (UNIT CHARACTERISTICS (1), HE-2)
            let victor = unit(state, *id);
            let cavalry = victor.is_cavalry() || victor.has(Characteristic::Elephants);
            // FOLLOW UP (HE-25)
            f.flag(
                's',
                "its player does not wish to follow up (2D6 against DR)",
                &mut s.stay,
            );
            let mut covers = vec![None];
            for a in [
                Attachment::SmallCavalryReserve,
                Attachment::PraetorianCohort,
            ] {
                if l.attached(a) {
                    covers.push(Some(a));
                }
            }
            if covers.len() > 1 {
                let mut c = s.cover;
                f.choice(
                    'c',
                    "the loser covers the retreat with",
                    &mut c,
                    &covers,
                    |x| x.map_or("nothing".to_string(), words),
                );
                s.cover = c;
            }
            f.flag(
                'f',
                "an enemy in one of its two frontal squares",
                &mut s.enemy_in_frontal_square,
            );
            // FOLLOW UP: only Cavalry may carry out an Oblique Advance (HE-25)
            if !cavalry {
                s.oblique = false;
            }
            if s.enemy_in_frontal_square && cavalry {
                f.flag(
                    'o',
                    "Cavalry Oblique Advance (one square of the roll)",
                    &mut s.oblique,
                );
            }
            // PURSUIT OFF-TABLE: a follow up carried over the edge (HE-25, HE-33)
            let mut edge = s.squares_to_edge.is_some();
            f.flag('b', "the table edge is within its reach", &mut edge);
            if edge {
                let mut n = s.squares_to_edge.unwrap_or(0);
                f.number('n', "squares to the table edge ahead", &mut n, (0, 6), 1);
                s.squares_to_edge = Some(n);
            } else {
                s.squares_to_edge = None;
            }
        }
        Event::Discipline {
            unit: id,
            situation: s,
            ..
        } => {
            // Herald's record: the cause of a test due for this unit (HE-7),
            // "other" too (a rout or a Stampede entered its ZOC)
            let recorded = state.due.iter().any(|d| {
                d.unit == *id
                    && crate::battle::homunculus_est::due::family(d.step) == 3
                    && crate::battle::homunculus_est::due::purpose(d) == s.purpose
            });
            // PURSUIT OFF-TABLE: a unit off the table takes the test to come
            // back, and no other unit may (HE-26, HE-33)
            let off = unit(state, *id).off_table;
            if off {
                s.purpose = Purpose::ReturnFromPursuit;
                f.choice(
                    'p',
                    "what caused the test",
                    &mut s.purpose,
                    &[Purpose::ReturnFromPursuit],
                    words,
                )
                .from_record(true, "Herald's record: it is off the table");
            } else {
                if s.purpose == Purpose::ReturnFromPursuit {
                    s.purpose = Purpose::Other;
                }
                f.choice(
                    'p',
                    "what caused the test",
                    &mut s.purpose,
                    &[
                        Purpose::Combat,
                        Purpose::Shooting,
                        Purpose::Other,
                        Purpose::CauseFear,
                    ],
                    words,
                )
                .from_record(recorded, "Herald's record");
            }
            // ATTACHMENT CHARACTERISTICS Devotio: only where the record holds
            // it (the Legion's charge on this unit chose it), HE-20
            let devotio = state.due.iter().any(|d| {
                d.unit == *id
                    && crate::battle::homunculus_est::due::family(d.step) == 3
                    && d.devotio
            });
            s.devotio = devotio;
            if devotio {
                let mut v = true;
                f.flag(
                    'x',
                    "the enemy's Devotio: its Discipline Rating +2 (HE-20)",
                    &mut v,
                )
                .from_record(true, "Herald's record");
            }
        }
        Event::Reform { situation: s, .. } => {
            // REFORM TEST (HE-27)
            f.number(
                'z',
                "enemy ZOCs it is in (-1 each)",
                &mut s.enemy_zocs,
                (0, 8),
                1,
            );
        }
        Event::FailedDiscipline {
            unit: fid,
            situation: s,
            ..
        }
        | Event::FailedReform {
            unit: fid,
            situation: s,
            ..
        } => {
            // FAILED DISCIPLINE / REFORM OUTCOME (HE-28, HE-29)
            let known = s.failed_by > 0 || s.critical;
            f.number(
                'n',
                "points the test failed by",
                &mut s.failed_by,
                (0, 12),
                1,
            )
            .from_record(known, "Herald's record");
            f.flag('c', "a Critical Failure (a double)", &mut s.critical)
                .from_record(known, "Herald's record");
            if !reform {
                // Herald's record: the cause of the failed test this step follows (HE-7, HE-28)
                let caused = state.due.iter().any(|d| {
                    d.unit == *fid
                        && crate::battle::homunculus_est::due::family(d.step) == 4
                        && d.cause == s.cause
                });
                f.choice(
                    'k',
                    "what caused the test",
                    &mut s.cause,
                    &[Cause::Combat, Cause::Shooting, Cause::Other],
                    words,
                )
                .from_record(caused, "Herald's record");
                let mut fear = s.cause_fear;
                // Herald's record: a Cause Fear entry test's failure (HE-34)
                let feared = fear.is_some()
                    && state.due.iter().any(|d| {
                        d.unit == *fid
                            && d.fear == fear
                            && crate::battle::homunculus_est::due::family(d.step) == 4
                    });
                f.choice(
                    'e',
                    "caused by a Cause Fear unit",
                    &mut fear,
                    &[None, Some(FearSource::Unit), Some(FearSource::Lines)],
                    |x| x.map_or("no".to_string(), |x| format!("its {}", words(x))),
                )
                .from_record(feared, "Herald's record");
                s.cause_fear = fear;
                // ATTACHMENT CHARACTERISTICS: only an enemy in combat with one attached (HE-28)
                let reserve = s.cause == Cause::Combat
                    && state.last_enemy[fid.side as usize]
                        .get(fid.index)
                        .copied()
                        .flatten()
                        .is_some_and(|e| unit(state, e).attached(Attachment::SmallCavalryReserve));
                if reserve {
                    f.flag(
                        'v',
                        "the enemy uses its Small Cavalry Reserve (-2)",
                        &mut s.small_cavalry_reserve,
                    );
                } else {
                    s.small_cavalry_reserve = false;
                }
            }
        }
        Event::GeneralRisk { event: what, .. } => {
            f.choice(
                'e',
                "the most serious thing that happened to his unit (HE-30)",
                what,
                &[
                    RiskEvent::PushedBack,
                    RiskEvent::Disordered,
                    RiskEvent::Retiring,
                    RiskEvent::Routing,
                ],
                words,
            );
        }
        Event::Eagles { event: what, .. } => {
            f.choice(
                'e',
                "what happened to the Legion (HE-32)",
                what,
                &[
                    EagleEvent::RoutedCombat,
                    EagleEvent::RoutedOther,
                    EagleEvent::RetiringCombat,
                    EagleEvent::RetiringOther,
                ],
                words,
            );
        }
        Event::DrawCard { side, kind, value } => {
            // SETBACK AND DISASTER CARDS: the value as drawn, face down (HE-10)
            f.choice(
                's',
                "the player who drew it",
                side,
                &[Side::A, Side::B],
                |s| format!("player {}", s.name()),
            );
            f.choice(
                'k',
                "the card",
                kind,
                &[CardKind::Setback, CardKind::Disaster],
                |k| format!("{k} Card"),
            );
            f.number(
                'v',
                "its value as drawn (hidden from the opponent)",
                value,
                (0, 20),
                1,
            )
            .unsaid();
        }
        Event::Rout {
            unit: id, tests, ..
        } => {
            // FAILED DISCIPLINE OUTCOME Rout: friendly units whose ZOC it enters test (HE-28;
            // a Stampede: every unit in its ZOC, HE-26); the move is the referee's at the table
            let stampede = state.stampede(*id);
            let mut near = on_table(state, id.side);
            if stampede {
                near.extend(on_table(state, id.side.other()));
            }
            let keys = "abcdefghijklmnoprsvwxyz".chars();
            for (key, friend) in keys.zip(near.iter().filter(|f| *f != id)) {
                let mut on = tests.contains(friend);
                f.flag(
                    key,
                    if stampede {
                        format!("in its ZOC: {}", unit_name(state, *friend))
                    } else {
                        format!("its ZOC entered: {}", unit_name(state, *friend))
                    },
                    &mut on,
                );
                match (on, tests.iter().position(|t| t == friend)) {
                    (true, None) => tests.push(*friend),
                    (false, Some(i)) => {
                        tests.remove(i);
                    }
                    _ => {}
                }
            }
        }
        Event::Call { cancel } => {
            // HOMUNCULUS EST! (HE-12): the caller may cancel after the reveal;
            // house option *opponent cancels*: the called player, before it
            f.choice(
                'c',
                if house.is_on(&OPPONENT_CANCELS) {
                    "the called player cancels first with"
                } else {
                    "the caller cancels after the reveal with"
                },
                cancel,
                &[None, Some(Pool::Strategy), Some(Pool::Generalship)],
                |x| x.map_or("no cancel".to_string(), |p| format!("a {} Point", words(p))),
            );
        }
        Event::Manoeuvre {
            unit: id,
            situation: s,
            ..
        } => {
            // MANOEUVRE TEST (HE-15)
            f.choice(
                'k',
                "the manoeuvre",
                &mut s.manoeuvre,
                &[
                    Manoeuvre::ObliqueAdvance,
                    Manoeuvre::ForwardTurn,
                    Manoeuvre::Drifting,
                    Manoeuvre::AboutFace,
                    Manoeuvre::RoughForward,
                    Manoeuvre::LeaveZoc,
                ],
                words,
            );
            f.flag('r', "the unit is in Rough Terrain", &mut s.in_rough);
            f.flag('e', "it enters Rough Terrain", &mut s.entering_rough);
            // Drilled: "entirely in flat, open terrain" is not Rough Terrain (HE-15)
            if s.in_rough || s.entering_rough {
                s.flat_open = false;
            } else {
                f.flag('o', "on flat Open Ground", &mut s.flat_open);
            }
            // MANOEUVRE TEST: the points come from the unit's Movement roll, less
            // its manoeuvres (Herald's record); the squares it moved may leave fewer (HE-15)
            let record = (state.moving == Some(*id)).then_some(state.moving_points);
            let mut mp = s.movement_points.or(record).unwrap_or(0);
            f.number(
                'n',
                "Movement Points left",
                &mut mp,
                (0, record.unwrap_or(4)),
                1,
            )
            .from_record(
                record == Some(mp),
                "Herald's record: its Movement roll, less its manoeuvres",
            );
            s.movement_points = Some(mp);
            f.flag(
                'm',
                "a failure re-rolled with a Movement Point (HE-8)",
                &mut s.movement_point_reroll,
            );
        }
        Event::Discard { side, kind, index } => {
            // HOMUNCULUS EST!: the called player may discard one revealed card (HE-12)
            let called = state.may_discard == Some(*side);
            f.choice(
                's',
                "the player (the called one)",
                side,
                &[Side::A, Side::B],
                |s| format!("player {}", s.name()),
            )
            .from_record(called, "Herald's record: the player called");
            // "one revealed Setback or Disaster Card of his choice" (HE-12): one
            // choice per kind and value, cards alike being the same choice
            let all = revealed_cards(state, *side);
            let now = all
                .iter()
                .find(|c| c.0 == *kind && c.1 == *index)
                .map(|c| (c.0, c.2));
            let mut cards: Vec<(CardKind, usize, u32)> = Vec::new();
            for c in all {
                if !cards.iter().any(|d| d.0 == c.0 && d.2 == c.2) {
                    cards.push(c);
                }
            }
            if let Some(first) = cards.first() {
                let mut pick = now
                    .and_then(|(k, v)| cards.iter().find(|c| c.0 == k && c.2 == v))
                    .copied()
                    .unwrap_or(*first);
                f.choice(
                    'n',
                    "the revealed card he discards",
                    &mut pick,
                    &cards,
                    |(k, _, v)| {
                        format!(
                            "{} Card worth {}",
                            crate::battle::homunculus_est::state::card_word(k),
                            v
                        )
                    },
                );
                *kind = pick.0;
                *index = pick.1;
            }
        }
        Event::Points { side, change } => {
            // COMMAND POINTS (HE-8): exchange, re-allocation, a general's conversion
            f.choice('w', "the player", side, &[Side::A, Side::B], |s| {
                format!("player {}", s.name())
            });
            let kind = |c: &PointsChange| match c {
                PointsChange::Exchange { .. } => 0u8,
                PointsChange::Reallocate(_) => 1,
                PointsChange::Convert(_) | PointsChange::ConvertFor { .. } => 2,
                PointsChange::CancelSetback { .. } => 3,
            };
            let mut k = kind(change);
            f.choice('k', "the change", &mut k, &[0u8, 1, 2, 3], |k| {
                match k {
                    0 => "three points for one (exchange)",
                    1 => "re-allocate (one Strategy Point)",
                    2 => "a Generalship Point converted",
                    _ => "cancel one Setback Card (one Strategy Point)",
                }
                .to_string()
            });
            if k != kind(change) {
                *change = match k {
                    0 => PointsChange::Exchange {
                        give: Points::default(),
                        get: Pool::Strategy,
                    },
                    1 => {
                        PointsChange::Reallocate(reallocation(state.armies[*side as usize].points))
                    }
                    // COMMAND POINTS Generalship: a general converts, for his unit (HE-8)
                    2 => PointsChange::ConvertFor {
                        to: Pool::Attack,
                        general: generals(state, *side).first().map_or(0, |g| g.index),
                    },
                    // HE-10 fixed card values: every Setback is worth 1
                    _ => PointsChange::CancelSetback {
                        value: if house.is_on(&FIXED_CARD_VALUES) {
                            1
                        } else {
                            0
                        },
                    },
                };
            }
            let pools = [Pool::Attack, Pool::Movement, Pool::Defence, Pool::Strategy];
            match change {
                PointsChange::Exchange { give, get } => {
                    f.number('a', "Attack Points given", &mut give.attack, (0, 3), 1);
                    f.number('m', "Movement Points given", &mut give.movement, (0, 3), 1);
                    f.number('d', "Defence Points given", &mut give.defence, (0, 3), 1);
                    f.number('s', "Strategy Points given", &mut give.strategy, (0, 3), 1);
                    f.number(
                        'g',
                        "Generalship Points given",
                        &mut give.generalship,
                        (0, 3),
                        1,
                    );
                    f.choice('p', "the point received", get, &pools, |p| {
                        format!("{} Point", words(p))
                    });
                }
                PointsChange::Reallocate(to) => {
                    f.number('a', "Attack Points after", &mut to.attack, (0, 4), 1);
                    f.number('m', "Movement Points after", &mut to.movement, (0, 4), 1);
                    f.number('d', "Defence Points after", &mut to.defence, (0, 4), 1);
                    f.number('s', "Strategy Points after", &mut to.strategy, (0, 4), 1);
                }
                PointsChange::Convert(p) => {
                    f.choice('p', "into one", p, &pools, |p| {
                        format!("{} Point", words(p))
                    });
                }
                PointsChange::ConvertFor { to, general } => {
                    let all = generals(state, *side);
                    let mut g = UnitId::new(*side, *general);
                    f.choice_numbered(
                        'g',
                        "the general who converts (for his unit)",
                        &mut g,
                        &all,
                        |id| {
                            let u = unit(state, id);
                            u.general.as_ref().map_or_else(
                                || unit_name(state, id),
                                |gl| {
                                    format!("{} G{}, with {} ({id})", gl.name, gl.points(), u.name)
                                },
                            )
                        },
                        |id| id.index as u32 + 1,
                    );
                    *general = g.index;
                    f.choice('p', "into one", to, &pools, |p| {
                        if p == Pool::Strategy {
                            "Strategy Point (the army's)".to_string()
                        } else {
                            format!("{} Point for his unit alone", words(p))
                        }
                    });
                }
                PointsChange::CancelSetback { value } => {
                    // COMMAND POINTS Strategy: the card he gives up, named by the value on it (HE-10)
                    if !house.is_on(&FIXED_CARD_VALUES) {
                        f.number(
                            'v',
                            "the value of the Setback Card he gives up",
                            value,
                            (0, 20),
                            1,
                        )
                        .unsaid();
                    }
                }
            }
        }
        _ => {}
    }
}
