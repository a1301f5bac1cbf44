//! Parker's Warlord's part of a save (`docs/save-format.md`): each side's
//! roster, copied in with the roster file's field names and read back by
//! the roster's own reader, and its events, each with the fields its
//! conformance case kind uses where it has one (`dice = { d20 = [n] }`,
//! `command`, `charge`, `modifiers`, `cards`, `segments`).

use super::roster::read_body;
use crate::battle::UnitId;
use crate::battle::parkers_warlord::{Event, ParkersWarlord, Setup};
use crate::dice::Pool;
use crate::rules::Side;
use crate::rules::named::Named as _;
use crate::rules::parkers_warlord::{Command, Order, Roster, Segment, Terrain, shown};
use crate::store::roberts_rules::{named_values, number};
use crate::store::save::SaveCodec;
use crate::store::save::write::{inline, named, quote};
use crate::store::toml_walk::{self, Fields, Walk};
use std::fmt::Write;

/// The event kinds a Parker's Warlord log may hold.
pub const EVENT_KINDS: &[&str] = &[
    "initiative_check",
    "card_transfer",
    "unique_command",
    "battle_line_command",
    "discard",
    "attach",
    "personality",
    "unit_state",
    "move",
    "pass_through",
    "end_turn",
];

impl SaveCodec for ParkersWarlord {
    const EVENT_KINDS: &'static [&'static str] = EVENT_KINDS;

    fn write_setup(o: &mut String, setup: &Setup) {
        for side in [Side::A, Side::B] {
            write_roster(o, side, &setup.sides[side as usize]);
        }
    }

    fn read_setup<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Setup> {
        let mut sides: [Vec<Roster>; 2] = [Vec::new(), Vec::new()];
        if !top.has("armies") {
            walk.error(0..0, "armies", "no [[armies]]: a save holds a copy of each side's roster, each with plays = \"a\" or \"b\"");
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
                        "the side this roster plays on; accepted: a, b",
                    );
                    None
                }
            };
            let roster = read_body(walk, &mut t);
            walk.finish(t);
            if let (Some(r), Some(side)) = (roster, side) {
                sides[side as usize].push(r);
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

fn write_roster(o: &mut String, side: Side, r: &Roster) {
    let _ = writeln!(o, "\n[[armies]]\nplays = \"{}\"", side.name());
    let _ = writeln!(o, "name = {}", quote(&r.name));
    let _ = writeln!(o, "side = {}", quote(&r.side));
    if let Some(n) = &r.notes {
        let _ = writeln!(o, "notes = {}", quote(n));
    }
    if let Some((min, max)) = r.card_values {
        let _ = writeln!(o, "card_values = {{ min = {min}, max = {max} }}");
    }
    for p in &r.personalities {
        let q = &p.personality;
        o.push_str("\n[[armies.personalities]]\n");
        let _ = writeln!(o, "name = {}", quote(&q.name));
        let _ = writeln!(o, "type = \"{}\"", q.kind.name());
        if let Some(sr) = q.sr {
            let _ = writeln!(o, "sr = {sr}");
        }
        let _ = writeln!(o, "wounded = {}", q.wounded);
        let _ = writeln!(o, "uncontrolled_actions = {}", q.uncontrolled_actions);
        let _ = writeln!(o, "hand = {}", q.hand);
        if !p.commands.is_empty() {
            let list: Vec<String> = p.commands.iter().map(|c| quote(c)).collect();
            let _ = writeln!(o, "commands = [{}]", list.join(", "));
        }
        for l in &p.units {
            let u = &l.unit;
            o.push_str("\n[[armies.personalities.units]]\n");
            let _ = writeln!(o, "name = {}", quote(&u.name));
            if let Some(c) = &u.code {
                let _ = writeln!(o, "type = {}", quote(c));
            }
            let _ = writeln!(o, "trained = {}", u.trained);
            let _ = writeln!(o, "order = \"{}\"", u.order.name());
            let _ = writeln!(o, "in_battle_line = {}", u.in_battle_line);
            let _ = writeln!(o, "personality_attached = {}", u.personality_attached);
            let _ = writeln!(o, "warlord_attached = {}", u.warlord_attached);
            let _ = writeln!(o, "lost_maneuver = {}", u.lost_maneuver);
            if !u.done.is_empty() {
                let _ = writeln!(o, "done = {}", named(&u.done));
            }
            let _ = writeln!(o, "rallied_from_broken = {}", u.rallied_from_broken);
            if let Some(m) = u.move_inches {
                let _ = writeln!(o, "move = {}", shown(m));
            }
            let _ = writeln!(o, "banner = {}", l.banner);
            let costs: Vec<String> = ["maneuver", "shoot", "rally"]
                .iter()
                .zip(l.basic_costs)
                .filter_map(|(k, c)| c.map(|c| format!("{k} = {c}")))
                .collect();
            if !costs.is_empty() {
                let _ = writeln!(o, "basic_cost = {}", inline(&costs));
            }
        }
    }
}

fn cards(c: &[u32]) -> String {
    format!(
        "[{}]",
        c.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// An event's fields under its `[[events]]` line, `kind` first.
pub fn write_event(o: &mut String, e: &Event) {
    let _ = writeln!(o, "kind = \"{}\"", e.kind());
    let mut line = |k: &str, v: String| {
        let _ = writeln!(o, "{k} = {v}");
    };
    match e {
        Event::Initiative { personality, dice } => {
            line("personality", quote(&personality.to_string()));
            line(
                "dice",
                format!(
                    "{{ d20 = [{}] }}",
                    dice.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        Event::Transfer { warlord, to } => {
            line("warlord", quote(&warlord.to_string()));
            line("to", quote(&to.to_string()));
        }
        Event::Command {
            unit,
            command,
            charge,
            close_proximity,
            modifiers,
            cards: c,
        } => {
            line("unit", quote(&unit.to_string()));
            line("command", quote(command.name()));
            line("charge", charge.to_string());
            line("close_proximity", close_proximity.to_string());
            if !modifiers.is_empty() {
                let m: Vec<String> = modifiers
                    .iter()
                    .map(|m| format!("{{ name = {}, value = {} }}", quote(&m.name), m.value))
                    .collect();
                line("modifiers", format!("[{}]", m.join(", ")));
            }
            line("cards", cards(c));
        }
        Event::BattleLine {
            personality,
            command,
            cost,
            cards: c,
        } => {
            line("personality", quote(&personality.to_string()));
            line("command", quote(command.name()));
            line("cost", cost.to_string());
            line("cards", cards(c));
        }
        Event::Discard {
            personality,
            cards: n,
        } => {
            line("personality", quote(&personality.to_string()));
            line("cards", n.to_string());
        }
        Event::Attach { personality, unit } => {
            line("personality", quote(&personality.to_string()));
            if let Some(u) = unit {
                line("unit", quote(&u.to_string()));
            }
        }
        Event::Personality {
            personality,
            wounded,
            uncontrolled_actions,
        } => {
            line("personality", quote(&personality.to_string()));
            line("wounded", wounded.to_string());
            line("uncontrolled_actions", uncontrolled_actions.to_string());
        }
        Event::UnitState {
            unit,
            order,
            lost_maneuver,
        } => {
            line("unit", quote(&unit.to_string()));
            line("order", quote(order.name()));
            line("lost_maneuver", lost_maneuver.to_string());
        }
        Event::Move {
            unit,
            charging,
            closest_enemy,
            band_multiplier,
            segments,
        } => {
            line("unit", quote(&unit.to_string()));
            line("charging", charging.to_string());
            if let Some(d) = closest_enemy {
                line("closest_enemy", shown(*d));
            }
            if let Some(k) = band_multiplier {
                line("band_multiplier", shown(*k));
            }
            let s: Vec<String> = segments
                .iter()
                .map(|s| {
                    format!(
                        "{{ inches = {}, forward = {}, terrain = \"{}\" }}",
                        float(s.inches),
                        s.forward,
                        s.terrain.name()
                    )
                })
                .collect();
            line("segments", format!("[{}]", s.join(", ")));
        }
        Event::PassThrough {
            passing,
            stationary,
            began_within_3,
        } => {
            line("passing", quote(&passing.to_string()));
            line("stationary", quote(&stationary.to_string()));
            line("began_within_3", began_within_3.to_string());
        }
        Event::EndTurn => {}
    }
}

/// A number TOML reads back exactly (whole numbers without a point).
fn float(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

fn id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    what: &str,
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
                "'{}' is not a {what}: a side letter and a number, a1 or b12",
                toml_walk::cut(&text)
            ),
        );
    }
    id
}

fn card_values<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Vec<u32> {
    let mut out = Vec::new();
    for (path, item) in walk.list(f, "cards") {
        match toml_walk::integer(item.get_ref()) {
            Some(v) if (0..=100).contains(&v) => out.push(v as u32),
            _ => walk.error(
                item.span(),
                path,
                "a card's value is a whole number 0 to 100 (the referee's, PW-1)",
            ),
        }
    }
    out
}

fn command<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Command> {
    let c = walk.named::<Command>(f, "command");
    if c.is_none() && !f.has("command") {
        walk.error(
            f.span.clone(),
            f.at("command"),
            "'command' is missing: one of maneuver, shoot, rally, reorder",
        );
    }
    c
}

fn read_fields<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, kind: &str) -> Option<Event> {
    let flag = |walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, k: &'static str| {
        walk.bool(f, k).unwrap_or(false)
    };
    Some(match kind {
        "initiative_check" => {
            let p = id(walk, f, "personality", "personality");
            let mut dice = Vec::new();
            if let Some(mut t) = walk.required_table(f, "dice") {
                dice = crate::store::dice::pools(walk, &mut t, &[Pool::d20()])
                    .d20
                    .iter()
                    .map(|d| d.value())
                    .collect();
                walk.finish(t);
            }
            Event::Initiative {
                personality: p?,
                dice,
            }
        }
        "card_transfer" => {
            let w = id(walk, f, "warlord", "personality");
            let to = id(walk, f, "to", "personality");
            Event::Transfer {
                warlord: w?,
                to: to?,
            }
        }
        "unique_command" => {
            let unit = id(walk, f, "unit", "unit");
            let c = command(walk, f);
            let charge = flag(walk, f, "charge");
            let close_proximity = flag(walk, f, "close_proximity");
            let modifiers = named_values(walk, f, "modifiers");
            let cards = card_values(walk, f);
            Event::Command {
                unit: unit?,
                command: c?,
                charge,
                close_proximity,
                modifiers,
                cards,
            }
        }
        "battle_line_command" => {
            let p = id(walk, f, "personality", "personality");
            let c = command(walk, f);
            let cost = walk.int(f, "cost", 0..=100);
            let cards = card_values(walk, f);
            Event::BattleLine {
                personality: p?,
                command: c?,
                cost: cost? as u32,
                cards,
            }
        }
        "discard" => {
            let p = id(walk, f, "personality", "personality");
            let n = walk.int(f, "cards", 0..=100);
            Event::Discard {
                personality: p?,
                cards: n? as u32,
            }
        }
        "attach" => {
            let p = id(walk, f, "personality", "personality");
            let unit = if f.has("unit") {
                Some(id(walk, f, "unit", "unit")?)
            } else {
                None
            };
            Event::Attach {
                personality: p?,
                unit,
            }
        }
        "personality" => {
            let p = id(walk, f, "personality", "personality");
            let wounded = flag(walk, f, "wounded");
            let n = walk.int(f, "uncontrolled_actions", 0..=20).unwrap_or(0);
            Event::Personality {
                personality: p?,
                wounded,
                uncontrolled_actions: n as u32,
            }
        }
        "unit_state" => {
            let unit = id(walk, f, "unit", "unit");
            let order = walk.named::<Order>(f, "order").unwrap_or_default();
            let lost = flag(walk, f, "lost_maneuver");
            Event::UnitState {
                unit: unit?,
                order,
                lost_maneuver: lost,
            }
        }
        "move" => {
            let unit = id(walk, f, "unit", "unit");
            let charging = flag(walk, f, "charging");
            let closest_enemy = number(walk, f, "closest_enemy", 0.0);
            let band_multiplier = number(walk, f, "band_multiplier", 0.0);
            let mut segments = Vec::new();
            for mut t in walk.tables(f, "segments") {
                let inches = number(walk, &mut t, "inches", 0.0);
                let forward = walk.bool(&mut t, "forward").unwrap_or(true);
                let terrain = walk.named::<Terrain>(&mut t, "terrain").unwrap_or_default();
                walk.finish(t);
                if let Some(inches) = inches {
                    segments.push(Segment {
                        inches,
                        forward,
                        terrain,
                    });
                }
            }
            Event::Move {
                unit: unit?,
                charging,
                closest_enemy,
                band_multiplier,
                segments,
            }
        }
        "pass_through" => {
            let passing = id(walk, f, "passing", "unit");
            let stationary = id(walk, f, "stationary", "unit");
            let within = walk.bool(f, "began_within_3").unwrap_or(true);
            Event::PassThrough {
                passing: passing?,
                stationary: stationary?,
                began_within_3: within,
            }
        }
        "end_turn" => Event::EndTurn,
        other => {
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not a Parker's Warlord event; accepted: {}",
                    toml_walk::cut(other),
                    EVENT_KINDS.join(", ")
                ),
            );
            return None;
        }
    })
}
