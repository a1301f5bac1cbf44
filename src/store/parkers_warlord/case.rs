//! Parker's Warlord case files (`conformance/parkers-warlord/README.md`): a
//! top-level `system = "parkers_warlord"`, then `[[case]]` tables of eight
//! kinds. Each case is read on its own.

use super::tables::{read_personality, read_unit};
use crate::dice::{Die, Pool};
use crate::rules::System;
use crate::rules::house::House;
use crate::rules::named::closest;
use crate::rules::parkers_warlord::{
    Command, CostSituation, Mover, Named, Personality, Segment, Terrain, Transfer, Unit,
};
use crate::store::case::to_json;
use crate::store::roberts_rules::{named_values, number, read_system_word};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};
use toml::de::DeValue;

/// The case kinds, as written in `kind`.
pub const KINDS: &[&str] = &[
    "initiative_check",
    "card_transfer",
    "command_cost",
    "command_cards",
    "battle_line_command",
    "move_cost",
    "move_allowance",
    "pass_through",
];

/// One case of a file.
#[derive(Debug)]
pub struct Case {
    /// Its id (or `case N`).
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// The inputs, or every problem found in them.
    pub input: Result<CaseInput, Vec<Problem>>,
    /// Its house options.
    pub house: House,
    /// The `expect` table as JSON, if any.
    pub expect: Option<serde_json::Value>,
}

/// A case's inputs, checked.
#[derive(Debug, Clone)]
pub enum CaseInput {
    /// An initiative check (PW-4 to PW-7).
    InitiativeCheck {
        personality: Personality,
        dice: Vec<Die>,
    },
    /// Card transfers (PW-8).
    CardTransfer {
        warlord: Personality,
        to: Vec<Transfer>,
    },
    /// A command's cost (PW-9, PW-10).
    CommandCost {
        unit: Unit,
        command: Command,
        charge: bool,
        basic_cost: Option<i32>,
        situation: CostSituation,
        modifiers: Vec<Named>,
    },
    /// Paying commands with cards (PW-11).
    CommandCards {
        cards: Vec<u32>,
        commands: Vec<(Command, u32)>,
    },
    /// A battle-line command (PW-12).
    BattleLine {
        command: Command,
        attached_to_banner: bool,
        units: Vec<Unit>,
    },
    /// A move's cost (PW-13).
    MoveCost {
        allowance: Option<f64>,
        segments: Vec<Segment>,
    },
    /// A move's allowance (PW-14).
    MoveAllowance {
        move_inches: f64,
        mover: Mover,
        charging: bool,
        closest_enemy: Option<f64>,
        band_multiplier: Option<f64>,
    },
    /// Passing through friends (PW-15).
    PassThrough {
        began_within_3: bool,
        passing_disordered: bool,
        stationary_disordered: bool,
        stationary_maneuvered: bool,
    },
}

/// Reads a whole Parker's Warlord case file.
pub fn read_cases(path: &str, text: &str) -> Result<Vec<Case>, Vec<Problem>> {
    let src = Source::new(path, text);
    let table = toml_walk::parse(&src)?;
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    read_system_word(
        &mut walk,
        &mut top,
        super::SYSTEM,
        System::ParkersWarlord.title(),
        "case file",
    );
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
    let house = crate::store::house::read_house(&mut walk, &mut f, System::ParkersWarlord);
    let expect = f.get("expect").map(|v| to_json(v.get_ref()));
    let w = &mut walk;
    let input = match kind.as_str() {
        "initiative_check" => initiative_check(w, &mut f),
        "card_transfer" => card_transfer(w, &mut f),
        "command_cost" => command_cost(w, &mut f),
        "command_cards" => command_cards(w, &mut f),
        "battle_line_command" => battle_line_command(w, &mut f),
        "move_cost" => move_cost(w, &mut f),
        "move_allowance" => move_allowance(w, &mut f),
        "pass_through" => pass_through(w, &mut f),
        other => {
            let hint = closest(other, KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            let message = if f.has("kind") {
                format!(
                    "'{other}' is not a Parker's Warlord case kind{hint}; accepted: {}",
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

fn flag<'s>(
    walk: &mut Walk<'_, 's>,
    t: &mut Fields<'_, 's>,
    key: &'static str,
    default: bool,
) -> bool {
    walk.bool(t, key).unwrap_or(default)
}

fn required<T>(
    walk: &mut Walk<'_, '_>,
    f: &Fields<'_, '_>,
    key: &str,
    v: Option<T>,
    what: &str,
) -> Option<T> {
    if v.is_none() && !f.has(key) {
        walk.error(
            f.span.clone(),
            f.at(key),
            format!("'{key}' is missing: {what}"),
        );
    }
    v
}

fn command<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Command> {
    let c = walk.named::<Command>(f, "command");
    required(
        walk,
        f,
        "command",
        c,
        "one of maneuver, shoot, rally, reorder",
    )
}

fn initiative_check<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let personality = walk
        .required_table(f, "personality")
        .and_then(|t| read_personality(walk, t));
    let mut dice = Vec::new();
    if let Some(mut t) = walk.table(f, "dice") {
        dice = crate::store::dice::pools(walk, &mut t, &[Pool::d20()]).d20;
        walk.finish(t);
    }
    Some(CaseInput::InitiativeCheck {
        personality: personality?,
        dice,
    })
}

fn card_transfer<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let warlord = walk
        .required_table(f, "warlord")
        .and_then(|t| read_personality(walk, t));
    let mut to = Vec::new();
    let mut ok = true;
    for mut t in walk.tables(f, "to") {
        let p = walk
            .required_table(&mut t, "personality")
            .and_then(|x| read_personality(walk, x));
        let cards = walk.int(&mut t, "cards", 0..=100).unwrap_or(1) as u32;
        walk.finish(t);
        match p {
            Some(p) => to.push(Transfer { to: p, cards }),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    Some(CaseInput::CardTransfer {
        warlord: warlord?,
        to,
    })
}

fn command_cost<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let unit = walk
        .required_table(f, "unit")
        .and_then(|t| read_unit(walk, t));
    let command = command(walk, f);
    let charge = flag(walk, f, "charge", false);
    let basic_cost = walk
        .int_because(
            f,
            "basic_cost",
            0..=100,
            Some("the basic cost from the army list, PW-10"),
        )
        .map(|n| n as i32);
    let mut situation = CostSituation::default();
    if let Some(mut t) = walk.table(f, "situation") {
        situation = CostSituation {
            close_proximity: flag(walk, &mut t, "close_proximity", false),
            warlord_discount_used: flag(walk, &mut t, "warlord_discount_used", false),
        };
        walk.finish(t);
    }
    let modifiers = named_values(walk, f, "modifiers");
    Some(CaseInput::CommandCost {
        unit: unit?,
        command: command?,
        charge,
        basic_cost,
        situation,
        modifiers,
    })
}

fn command_cards<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let mut cards = Vec::new();
    for (path, item) in walk.list(f, "cards") {
        match toml_walk::integer(item.get_ref()) {
            Some(v) if (0..=100).contains(&v) => cards.push(v as u32),
            _ => walk.error(
                item.span(),
                path,
                "a card's value is a whole number 0 to 100 (the referee's, PW-1)",
            ),
        }
    }
    let mut commands = Vec::new();
    for mut t in walk.tables(f, "commands") {
        let c = command(walk, &mut t);
        let cost = walk.int(&mut t, "cost", 0..=100);
        let cost = required(walk, &t, "cost", cost, "the command's cost in CP");
        walk.finish(t);
        if let (Some(c), Some(cost)) = (c, cost) {
            commands.push((c, cost as u32));
        }
    }
    Some(CaseInput::CommandCards { cards, commands })
}

fn battle_line_command<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let command = command(walk, f);
    let attached_to_banner = flag(walk, f, "attached_to_banner", true);
    let mut units = Vec::new();
    for t in walk.tables(f, "units") {
        if let Some(u) = read_unit(walk, t) {
            units.push(u);
        }
    }
    Some(CaseInput::BattleLine {
        command: command?,
        attached_to_banner,
        units,
    })
}

fn move_cost<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let allowance = number(walk, f, "move", 0.0);
    let mut segments = Vec::new();
    for mut t in walk.tables(f, "segments") {
        let inches = number(walk, &mut t, "inches", 0.0);
        let inches = required(walk, &t, "inches", inches, "the inches moved");
        let forward = flag(walk, &mut t, "forward", true);
        let terrain = match t.get("terrain") {
            None => Terrain::Open,
            Some(v) => match v.get_ref() {
                DeValue::Boolean(true) => Terrain::Area,
                DeValue::Boolean(false) => Terrain::Open,
                _ => walk.word::<Terrain>(v, t.at("terrain")).unwrap_or_default(),
            },
        };
        walk.finish(t);
        if let Some(inches) = inches {
            segments.push(Segment {
                inches,
                forward,
                terrain,
            });
        }
    }
    Some(CaseInput::MoveCost {
        allowance,
        segments,
    })
}

fn move_allowance<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    let m = number(walk, f, "move", 0.0);
    let m = required(walk, f, "move", m, "the domain move in inches");
    let mover = walk.named::<Mover>(f, "mover").unwrap_or_default();
    let charging = flag(walk, f, "charging", false);
    let closest_enemy = number(walk, f, "closest_enemy", 0.0);
    let band_multiplier = number(walk, f, "band_multiplier", 0.0);
    Some(CaseInput::MoveAllowance {
        move_inches: m?,
        mover,
        charging,
        closest_enemy,
        band_multiplier,
    })
}

fn pass_through<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<CaseInput> {
    Some(CaseInput::PassThrough {
        began_within_3: flag(walk, f, "began_within_3", true),
        passing_disordered: flag(walk, f, "passing_disordered", false),
        stationary_disordered: flag(walk, f, "stationary_disordered", false),
        stationary_maneuvered: flag(walk, f, "stationary_maneuvered", false),
    })
}
