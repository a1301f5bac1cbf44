//! A Warlords army's summary for `herald check`: its contingents, units,
//! stands, move and charge distances and personalities.

use crate::rules::named::Named;
use crate::rules::warlords::army::{Army, Contingent};
use crate::rules::warlords::personality::Personality;
use crate::rules::warlords::unit::{Formation, Unit};
use std::fmt::Write as _;

/// An army's summary: its contingents, units with their stands, move and
/// charge distances, and personalities.
pub fn summary(path: &str, army: &Army) -> String {
    let units = army.units().count();
    let stands: u32 = army.units().map(|u| u.stands).sum();
    let personalities = army.units().map(|u| u.personalities.len()).sum::<usize>();
    let mut out = String::new();
    let _ = writeln!(out, "{path}: {} (side: {})", army.name, army.side);
    let _ = writeln!(
        out,
        "  {} contingents, {units} units, {stands} stands, {personalities} personalities",
        army.contingents.len()
    );
    let width = army
        .units()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(0);
    let c_in_c = army.c_in_c().map(|c| c.name.as_str());
    for c in &army.contingents {
        out.push('\n');
        contingent(&mut out, c, c_in_c == Some(c.name.as_str()), width);
    }
    out.push('\n');
    out
}

/// One contingent's lines.
fn contingent(out: &mut String, c: &Contingent, c_in_c: bool, width: usize) {
    let stands: u32 = c.units.iter().map(|u| u.stands).sum();
    let mut head = c.name.clone();
    let mut roles = Vec::new();
    if c_in_c {
        roles.push("C-in-C".to_string());
    }
    if let Some(g) = &c.general {
        roles.push(format!("general {g}"));
    }
    if !roles.is_empty() {
        let _ = write!(head, " ({})", roles.join(", "));
    }
    let _ = writeln!(out, "  {head}: {} units, {stands} stands", c.units.len());
    for u in &c.units {
        unit(out, u, width);
    }
}

/// One unit's line and its personalities' lines.
fn unit(out: &mut String, u: &Unit, width: usize) {
    let mut kind = format!("{}, {}", u.troop_type.title(), u.training);
    if u.formation != Formation::Line {
        let _ = write!(kind, ", in {}", u.formation.name());
    }
    let pad = width.saturating_sub(u.name.chars().count());
    let _ = writeln!(
        out,
        "    {}{}  {kind:<34} {:>3} stands  move {}  charge {}",
        u.name,
        " ".repeat(pad),
        u.stands,
        u.move_distance(),
        u.charge_distance(),
    );
    for p in &u.personalities {
        let _ = writeln!(out, "        {}", personality(p));
    }
}

/// A personality's ratings and traits on one line.
pub fn personality(p: &Personality) -> String {
    let mut parts = vec![
        format!("Charisma {}", signed(p.charisma)),
        format!("Prowess {}", signed(p.prowess)),
    ];
    if p.commander {
        parts.push("commander".into());
    }
    parts.extend(p.traits.iter().map(|t| t.name().replace('_', " ")));
    parts.extend(p.other_traits.iter().cloned());
    if !p.nemesis.is_empty() {
        parts.push(format!("nemesis {}", p.nemesis.join(", ")));
    }
    if let Some(v) = &p.vendetta {
        parts.push(format!("vendetta against {v}"));
    }
    if let Some(b) = &p.bounty {
        parts.push(format!("bounty: {b}"));
    }
    if !p.is_active() {
        parts.push(p.status.name().to_string());
    }
    format!("{}: {}", p.name, parts.join(", "))
}

/// A rating as the rules write it: +1, 0, -1.
fn signed(n: i8) -> String {
    if n == 0 {
        "0".to_string()
    } else {
        format!("{n:+}")
    }
}
