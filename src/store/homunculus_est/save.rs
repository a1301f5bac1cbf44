//! Homunculus Est!'s part of a save (`docs/save-format.md`): its armies,
//! copied in with the army file's and the unit table's field names and read
//! back by the army file's own reader, and its events, each written with
//! the fields and `situation` and `dice` tables its conformance case kind
//! uses, and read back by the same readers.

use super::army::read_army_table;
use super::case::{
    combat_situation, dice, discipline_situation, failed_situation, follow_up_situation,
    manoeuvre_situation, movement_situation, push_back_situation, reform_situation,
    shooting_situation,
};
use super::unit_table::{count, flag, read_points};
use crate::battle::UnitId;
use crate::battle::homunculus_est::event::{CardKind, SideFacts};
use crate::battle::homunculus_est::{Event, HomunculusEst, Setup};
use crate::rules::Side;
use crate::rules::homunculus_est::combat::CombatDice;
use crate::rules::homunculus_est::command_points::PointsChange;
use crate::rules::homunculus_est::failed::FailedDice;
use crate::rules::homunculus_est::follow_up::FollowUpDice;
use crate::rules::homunculus_est::general::RiskDice;
use crate::rules::homunculus_est::shooting::ShootingDice;
use crate::rules::homunculus_est::tables::{EagleEvent, RiskEvent};
use crate::rules::homunculus_est::{Army, Points, Pool, Unit};
use crate::rules::named::Named;
use crate::store::save::SaveCodec;
use crate::store::save::write::{inline, named, quote};
use crate::store::toml_walk::{self, Fields, Walk};
use std::fmt::Write;

/// The event kinds a Homunculus Est! log may hold.
pub const EVENT_KINDS: &[&str] = &[
    "who_starts",
    "movement_activation",
    "combat",
    "push_back",
    "follow_up",
    "discipline_test",
    "reform_test",
    "failed_discipline",
    "draw_card",
    "rout_move",
    "homunculus_est_call",
    "discard",
    "command_points",
    "manoeuvre_test",
    "shooting",
    "failed_reform",
    "general_injury",
    "line_outcome",
    "lost_eagles",
    "end_phase",
    "immediate_homunculus_est",
];

impl SaveCodec for HomunculusEst {
    const EVENT_KINDS: &'static [&'static str] = EVENT_KINDS;

    fn write_setup(o: &mut String, setup: &Setup) {
        for side in [Side::A, Side::B] {
            write_army(o, side, &setup.sides[side as usize]);
        }
    }

    fn read_setup<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Setup> {
        let mut sides: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
        if !top.has("armies") {
            walk.error(0..0, "armies", "no [[armies]]: a save holds a copy of each side's army, each with plays = \"a\" or \"b\"");
        }
        for mut t in walk.tables(top, "armies") {
            let plays = walk.string(&mut t, "plays");
            let side = match plays.as_deref() {
                Some("a") => Some(Side::A),
                Some("b") => Some(Side::B),
                _ => {
                    walk.error(
                        t.span_of("plays"),
                        t.at("plays"),
                        "the side this army plays on; accepted: a, b",
                    );
                    None
                }
            };
            if let (Some(army), Some(side)) = (read_army_table(walk, t), side) {
                sides[side as usize].push(army);
            }
        }
        if walk.has_errors() {
            return None;
        }
        let [a, b] = sides;
        match Setup::new(a, b) {
            Ok(s) => Some(s),
            Err(e) => {
                walk.error(0..0, "armies", e.to_string());
                None
            }
        }
    }

    fn write_event(o: &mut String, event: &Event) {
        write_event(o, event);
    }

    fn read_event<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Event> {
        let kind = walk.string(&mut f, "kind").unwrap_or_default();
        let e = read_fields(walk, &mut f, &kind);
        walk.finish(f);
        e
    }
}

fn write_army(o: &mut String, side: Side, a: &Army) {
    let _ = writeln!(o, "\n[[armies]]\nplays = \"{}\"", side.name());
    let _ = writeln!(o, "name = {}", quote(&a.name));
    let _ = writeln!(o, "side = {}", quote(&a.side));
    if let Some(n) = &a.notes {
        let _ = writeln!(o, "notes = {}", quote(n));
    }
    let _ = writeln!(o, "break_point = {}", a.break_point);
    let p = a.command_points;
    let _ = writeln!(
        o,
        "command_points = {{ attack = {}, movement = {}, defence = {}, strategy = {} }}",
        p.attack, p.movement, p.defence, p.strategy
    );
    for u in &a.units {
        write_unit(o, u);
    }
}

fn write_unit(o: &mut String, u: &Unit) {
    o.push_str("\n[[armies.units]]\n");
    let _ = writeln!(o, "name = {}", quote(&u.name));
    let _ = writeln!(o, "class = \"{}\"", u.class.name());
    let _ = writeln!(o, "combat_rating = {}", u.combat_rating);
    let _ = writeln!(o, "ranged_combat_rating = {}", u.ranged_combat_rating);
    let _ = writeln!(o, "manoeuvre_rating = {}", u.manoeuvre_rating);
    let _ = writeln!(o, "discipline_rating = {}", u.discipline_rating);
    let _ = writeln!(o, "characteristics = {}", named(&u.characteristics));
    let _ = writeln!(o, "lines = {}", named(&u.lines));
    let _ = writeln!(o, "attachments = {}", named(&u.attachments));
    if let Some(g) = &u.general {
        let _ = writeln!(
            o,
            "general = {{ name = {}, generalship = {}, status = \"{}\" }}",
            quote(&g.name),
            g.generalship,
            g.status.name()
        );
    }
}

fn faces(d: &[u8]) -> String {
    format!(
        "[{}]",
        d.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn pools(p: &[(&str, &[u8])]) -> String {
    inline(
        &p.iter()
            .filter(|(_, d)| !d.is_empty())
            .map(|(k, d)| format!("{k} = {}", faces(d)))
            .collect::<Vec<_>>(),
    )
}

fn kv(k: &str, v: impl std::fmt::Display) -> String {
    format!("{k} = {v}")
}

fn word(k: &str, v: &str) -> String {
    format!("{k} = \"{v}\"")
}

fn points(p: &Points) -> String {
    inline(
        &Pool::ORDER
            .iter()
            .map(|q| kv(q.name(), p.get(*q)))
            .collect::<Vec<_>>(),
    )
}

fn facts(f: &SideFacts) -> String {
    inline(&[
        kv("flank_or_rear", f.flank_or_rear),
        kv("supporting_units", f.supporting_units),
        kv("warband_support", f.warband_support),
        kv("in_rough", f.in_rough),
        kv("downhill_charge", f.downhill_charge),
        kv("linear_obstacle", f.linear_obstacle),
        kv("use_reserve", f.use_reserve),
        kv("use_cohort", f.use_cohort),
        kv("defence_points", f.defence_points),
        kv("stand_point", f.stand_point),
    ])
}

/// An event's fields under its `[[events]]` line, `kind` first.
pub fn write_event(o: &mut String, e: &Event) {
    let _ = writeln!(o, "kind = \"{}\"", e.kind());
    let mut line = |k: &str, v: String| {
        let _ = writeln!(o, "{k} = {v}");
    };
    match e {
        Event::WhoStarts { a, b, first } => {
            line("a", a.to_string());
            line("b", b.to_string());
            line("first", quote(first.name()));
        }
        Event::Movement {
            unit,
            target,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            if let Some(t) = target {
                line("target", quote(&t.to_string()));
            }
            line(
                "situation",
                inline(&[
                    kv("charge", s.charge),
                    kv("attack_points", s.attack_points),
                    kv("movement_point_reroll", s.movement_point_reroll),
                    kv("enemy_in_front_after", s.enemy_in_front_after),
                ]),
            );
            line("dice", pools(&[("movement", dice)]));
        }
        Event::Combat {
            attacker,
            defender,
            facts: f,
            situation: s,
            dice,
        } => {
            line("attacker", quote(&attacker.to_string()));
            line("defender", quote(&defender.to_string()));
            line("attacker_facts", facts(&f[0]));
            line("defender_facts", facts(&f[1]));
            let mut parts = vec![
                word("activation", s.activation.name()),
                kv("charge_squares", s.charge_squares),
                kv("flat_open", s.flat_open),
                kv("enemy_in_front_after", s.enemy_in_front_after),
            ];
            if let Some(d) = s.devotio {
                parts.push(word("devotio", d.name()));
            }
            if let Some(c) = s.chosen {
                parts.push(kv("chosen", c));
            }
            if s.attack_rerolls > 0 {
                parts.push(kv("attack_rerolls", s.attack_rerolls));
            }
            line("situation", inline(&parts));
            line(
                "dice",
                pools(&[
                    ("combat", &dice.combat),
                    ("defence", &dice.defence),
                    ("stubborn", &dice.stubborn),
                    ("cohort", &dice.cohort),
                ]),
            );
        }
        Event::PushBack {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            let mut parts = vec![
                kv("warband_supported", s.warband_supported),
                kv("enters_rough", s.enters_rough),
            ];
            if let Some(n) = s.squares {
                parts.push(kv("squares", n));
            }
            if let Some(n) = s.free_squares {
                parts.push(kv("free_squares", n));
            }
            if let Some(b) = s.blocked_by {
                parts.push(word("blocked_by", b.name()));
            }
            line("situation", inline(&parts));
            line("dice", pools(&[("push_back", dice)]));
        }
        Event::FollowUp {
            unit,
            loser,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            line("loser", quote(&loser.to_string()));
            let mut parts = vec![
                kv("stay", s.stay),
                kv("enemy_in_frontal_square", s.enemy_in_frontal_square),
                kv("oblique", s.oblique),
            ];
            if let Some(c) = s.cover {
                parts.push(word("cover", c.name()));
            }
            if let Some(n) = s.squares_to_edge {
                parts.push(kv("squares_to_edge", n));
            }
            line("situation", inline(&parts));
            line(
                "dice",
                pools(&[
                    ("stay", &dice.stay),
                    ("cover", &dice.cover),
                    ("follow_up", &dice.follow_up),
                ]),
            );
        }
        Event::Discipline {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            let mut parts = vec![
                word("purpose", s.purpose.name()),
                kv("devotio", s.devotio),
                kv("rerolls", named(&s.rerolls)),
            ];
            if let Some(v) = s.unseen_setback {
                parts.push(kv("unseen_setback", v));
            }
            line("situation", inline(&parts));
            line("dice", pools(&[("discipline", dice)]));
        }
        Event::Reform {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            let mut parts = vec![
                kv("enemy_zocs", s.enemy_zocs),
                kv("rerolls", named(&s.rerolls)),
            ];
            if let Some(v) = s.unseen_setback {
                parts.push(kv("unseen_setback", v));
            }
            line("situation", inline(&parts));
            line("dice", pools(&[("reform", dice)]));
        }
        Event::FailedDiscipline {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            let mut parts = vec![
                kv("failed_by", s.failed_by),
                kv("critical", s.critical),
                word("cause", s.cause.name()),
                kv("small_cavalry_reserve", s.small_cavalry_reserve),
            ];
            if let Some(c) = s.cause_fear {
                parts.push(word("cause_fear", c.name()));
            }
            line("situation", inline(&parts));
            line(
                "dice",
                pools(&[("outcome", &dice.outcome), ("rout", &dice.rout)]),
            );
        }
        Event::DrawCard { side, kind, value } => {
            line("side", quote(side.name()));
            line("card", quote(kind.name()));
            line("value", value.to_string());
        }
        Event::Call { cancel } => {
            if let Some(p) = cancel {
                line("cancel", quote(p.name()));
            }
        }
        Event::ImmediateCheck { side } => line("side", quote(side.name())),
        Event::Discard { side, kind, index } => {
            line("side", quote(side.name()));
            line("card", quote(kind.name()));
            line("index", index.to_string());
        }
        Event::Points { side, change } => {
            line("side", quote(side.name()));
            match change {
                PointsChange::Exchange { give, get } => line(
                    "exchange",
                    inline(&[format!("give = {}", points(give)), word("get", get.name())]),
                ),
                PointsChange::Reallocate(p) => line("reallocate", points(p)),
                PointsChange::Convert(to) => line("convert", inline(&[word("to", to.name())])),
                PointsChange::ConvertFor { to, general } => line(
                    "convert",
                    inline(&[
                        word("to", to.name()),
                        word("general", &UnitId::new(*side, *general).to_string()),
                    ]),
                ),
                PointsChange::CancelSetback { value } => {
                    line("cancel_setback", inline(&[kv("value", value)]))
                }
            }
        }
        Event::Manoeuvre {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            let mut parts = vec![
                word("manoeuvre", s.manoeuvre.name()),
                kv("in_rough", s.in_rough),
                kv("entering_rough", s.entering_rough),
                kv("flat_open", s.flat_open),
                kv("movement_point_reroll", s.movement_point_reroll),
            ];
            if let Some(n) = s.movement_points {
                parts.push(kv("movement_points", n));
            }
            line("situation", inline(&parts));
            line("dice", pools(&[("manoeuvre", dice)]));
        }
        Event::Shooting {
            shooter,
            target,
            situation: s,
            dice,
        } => {
            line("shooter", quote(&shooter.to_string()));
            line("target", quote(&target.to_string()));
            let mut parts = vec![
                kv("supporting_shooters", s.supporting_shooters),
                kv("flank_or_rear", s.flank_or_rear),
                kv("target_in_cover", s.target_in_cover),
                kv("defence_points", s.defence_points),
            ];
            if let Some(c) = s.chosen {
                parts.push(kv("chosen", c));
            }
            line("situation", inline(&parts));
            line(
                "dice",
                pools(&[
                    ("shooting", &dice.shooting),
                    ("defence", &dice.defence),
                    ("push_back", &dice.push_back),
                    ("stubborn", &dice.stubborn),
                ]),
            );
        }
        Event::FailedReform {
            unit,
            situation: s,
            dice,
        } => {
            line("unit", quote(&unit.to_string()));
            line(
                "situation",
                inline(&[kv("failed_by", s.failed_by), kv("critical", s.critical)]),
            );
            line(
                "dice",
                pools(&[("outcome", &dice.outcome), ("rout", &dice.rout)]),
            );
        }
        Event::GeneralRisk { unit, event, dice } => {
            line("unit", quote(&unit.to_string()));
            line("event", quote(event.name()));
            line(
                "dice",
                pools(&[
                    ("risk", &dice.risk),
                    ("injury", &dice.injury),
                    ("points", &dice.points),
                ]),
            );
        }
        Event::Rout { unit, tests, dice } => {
            line("unit", quote(&unit.to_string()));
            let named: Vec<String> = tests.iter().map(|t| quote(&t.to_string())).collect();
            line("tests", format!("[{}]", named.join(", ")));
            if let Some(dice) = dice {
                line("dice", pools(&[("rout", dice)]));
            }
        }
        Event::Lines { unit, dice } => {
            line("unit", quote(&unit.to_string()));
            line("dice", pools(&[("lines", dice)]));
        }
        Event::Eagles { unit, event, dice } => {
            line("unit", quote(&unit.to_string()));
            line("situation", inline(&[word("event", event.name())]));
            line("dice", pools(&[("eagles", dice)]));
        }
        Event::EndPhase => {}
    }
}

fn unit_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<UnitId> {
    let span = f.span_of(key);
    let at = f.at(key);
    let text = walk.required_string(f, key)?;
    let id = UnitId::parse(&text);
    if id.is_none() {
        walk.error(
            span,
            at,
            format!(
                "'{}' is not a unit: a side letter and a number, a1 or b12",
                toml_walk::cut(&text)
            ),
        );
    }
    id
}

fn side<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Option<Side> {
    let span = f.span_of(key);
    let at = f.at(key);
    match walk.required_string(f, key).as_deref() {
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        Some(_) => {
            walk.error(span, at, "a player is \"a\" or \"b\"");
            None
        }
        None => None,
    }
}

fn read_facts<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> SideFacts {
    let Some(mut t) = walk.table(f, key) else {
        return SideFacts::default();
    };
    let t_ = &mut t;
    let out = SideFacts {
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
    };
    walk.finish(t);
    out
}

fn read_fields<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, kind: &str) -> Option<Event> {
    Some(match kind {
        "who_starts" => {
            let a = walk.int(f, "a", 1..=6);
            let b = walk.int(f, "b", 1..=6);
            let first = side(walk, f, "first");
            Event::WhoStarts {
                a: a? as u8,
                b: b? as u8,
                first: first?,
            }
        }
        "movement_activation" => {
            let unit = unit_id(walk, f, "unit");
            // a charge's target (none in saves before it was asked)
            let target = if f.has("target") {
                unit_id(walk, f, "target")
            } else {
                None
            };
            let situation = movement_situation(walk, f);
            let [d] = dice(walk, f, ["movement"]);
            Event::Movement {
                unit: unit?,
                target,
                situation,
                dice: d,
            }
        }
        "combat" => {
            let attacker = unit_id(walk, f, "attacker");
            let defender = unit_id(walk, f, "defender");
            let facts = [
                read_facts(walk, f, "attacker_facts"),
                read_facts(walk, f, "defender_facts"),
            ];
            let situation = combat_situation(walk, f);
            let [combat, defence, stubborn, cohort] =
                dice(walk, f, ["combat", "defence", "stubborn", "cohort"]);
            Event::Combat {
                attacker: attacker?,
                defender: defender?,
                facts,
                situation,
                dice: CombatDice {
                    combat,
                    defence,
                    stubborn,
                    cohort,
                },
            }
        }
        "push_back" => {
            let unit = unit_id(walk, f, "unit");
            let situation = push_back_situation(walk, f);
            let [d] = dice(walk, f, ["push_back"]);
            Event::PushBack {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "follow_up" => {
            let unit = unit_id(walk, f, "unit");
            let loser = unit_id(walk, f, "loser");
            let situation = follow_up_situation(walk, f);
            let [stay, cover, follow_up] = dice(walk, f, ["stay", "cover", "follow_up"]);
            Event::FollowUp {
                unit: unit?,
                loser: loser?,
                situation,
                dice: FollowUpDice {
                    stay,
                    cover,
                    follow_up,
                },
            }
        }
        "discipline_test" => {
            let unit = unit_id(walk, f, "unit");
            let situation = discipline_situation(walk, f);
            let [d] = dice(walk, f, ["discipline"]);
            Event::Discipline {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "reform_test" => {
            let unit = unit_id(walk, f, "unit");
            let situation = reform_situation(walk, f);
            let [d] = dice(walk, f, ["reform"]);
            Event::Reform {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "failed_discipline" => {
            let unit = unit_id(walk, f, "unit");
            let situation = failed_situation(walk, f, false);
            let [outcome, rout] = dice(walk, f, ["outcome", "rout"]);
            Event::FailedDiscipline {
                unit: unit?,
                situation,
                dice: FailedDice { outcome, rout },
            }
        }
        "draw_card" | "discard" => {
            let s = side(walk, f, "side");
            let card = walk.named::<CardKind>(f, "card");
            if kind == "draw_card" {
                let value = walk.int(f, "value", 0..=1000);
                Event::DrawCard {
                    side: s?,
                    kind: card?,
                    value: value? as u32,
                }
            } else {
                let index = walk.int(f, "index", 0..=10_000);
                Event::Discard {
                    side: s?,
                    kind: card?,
                    index: index? as usize,
                }
            }
        }
        "homunculus_est_call" => Event::Call {
            cancel: walk.named::<Pool>(f, "cancel"),
        },
        "immediate_homunculus_est" => Event::ImmediateCheck {
            side: side(walk, f, "side")?,
        },
        "command_points" => {
            let s = side(walk, f, "side");
            let change = if let Some(mut x) = walk.table(f, "exchange") {
                let give = walk
                    .table(&mut x, "give")
                    .map(|g| read_points(walk, g))
                    .unwrap_or_default();
                let get = walk.named::<Pool>(&mut x, "get");
                walk.finish(x);
                get.map(|get| PointsChange::Exchange { give, get })
            } else if let Some(r) = walk.table(f, "reallocate") {
                Some(PointsChange::Reallocate(read_points(walk, r)))
            } else if let Some(mut c) = walk.table(f, "convert") {
                let to = walk.named::<Pool>(&mut c, "to");
                // the general who converts (HE-8); saves before it was asked have none
                let general = c.has("general").then(|| unit_id(walk, &mut c, "general"));
                walk.finish(c);
                match general {
                    Some(g) => to.zip(g).map(|(to, g)| PointsChange::ConvertFor {
                        to,
                        general: g.index,
                    }),
                    None => to.map(PointsChange::Convert),
                }
            } else if let Some(mut c) = walk.table(f, "cancel_setback") {
                let value = walk.int(&mut c, "value", 0..=1000);
                walk.finish(c);
                value.map(|v| PointsChange::CancelSetback { value: v as u32 })
            } else {
                walk.error(
                    f.span.clone(),
                    "command_points",
                    "one of exchange, reallocate, convert or cancel_setback (COMMAND POINTS)",
                );
                None
            };
            Event::Points {
                side: s?,
                change: change?,
            }
        }
        "manoeuvre_test" => {
            let unit = unit_id(walk, f, "unit");
            let situation = manoeuvre_situation(walk, f);
            let [d] = dice(walk, f, ["manoeuvre"]);
            Event::Manoeuvre {
                unit: unit?,
                situation,
                dice: d,
            }
        }
        "shooting" => {
            let shooter = unit_id(walk, f, "shooter");
            let target = unit_id(walk, f, "target");
            let situation = shooting_situation(walk, f);
            let [shooting, defence, push_back, stubborn] =
                dice(walk, f, ["shooting", "defence", "push_back", "stubborn"]);
            Event::Shooting {
                shooter: shooter?,
                target: target?,
                situation,
                dice: ShootingDice {
                    shooting,
                    defence,
                    push_back,
                    stubborn,
                },
            }
        }
        "failed_reform" => {
            let unit = unit_id(walk, f, "unit");
            let situation = failed_situation(walk, f, true);
            let [outcome, rout] = dice(walk, f, ["outcome", "rout"]);
            Event::FailedReform {
                unit: unit?,
                situation,
                dice: FailedDice { outcome, rout },
            }
        }
        "general_injury" => {
            let unit = unit_id(walk, f, "unit");
            let event = walk.named::<RiskEvent>(f, "event");
            let [risk, injury, points] = dice(walk, f, ["risk", "injury", "points"]);
            Event::GeneralRisk {
                unit: unit?,
                event: event?,
                dice: RiskDice {
                    risk,
                    injury,
                    points,
                },
            }
        }
        "rout_move" => {
            let unit = unit_id(walk, f, "unit");
            let span = f.span_of("tests");
            let at = f.at("tests");
            let mut tests = Vec::new();
            for text in walk.string_list(f, "tests") {
                match UnitId::parse(&text) {
                    Some(id) => tests.push(id),
                    None => walk.error(
                        span.clone(),
                        at.clone(),
                        format!(
                            "'{}' is not a unit: a side letter and a number, a1 or b12",
                            toml_walk::cut(&text)
                        ),
                    ),
                }
            }
            // the rout's own die, where it rolled one (absent in earlier saves)
            let rolled = f.has("dice");
            let [rout] = dice(walk, f, ["rout"]);
            Event::Rout {
                unit: unit?,
                tests,
                dice: rolled.then_some(rout),
            }
        }
        "line_outcome" => {
            let unit = unit_id(walk, f, "unit");
            let [d] = dice(walk, f, ["lines"]);
            Event::Lines {
                unit: unit?,
                dice: d,
            }
        }
        "lost_eagles" => {
            let unit = unit_id(walk, f, "unit");
            let event = walk.table(f, "situation").and_then(|mut t| {
                let e = walk.named::<EagleEvent>(&mut t, "event");
                walk.finish(t);
                e
            });
            let [d] = dice(walk, f, ["eagles"]);
            Event::Eagles {
                unit: unit?,
                event: event?,
                dice: d,
            }
        }
        "end_phase" => Event::EndPhase,
        other => {
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not a Homunculus Est! event; accepted: {}",
                    toml_walk::cut(other),
                    EVENT_KINDS.join(", ")
                ),
            );
            return None;
        }
    })
}
