//! Writing a Warlords save's armies, with the unit table's field names, and
//! its events.

use crate::battle::warlords::event::{Correction, Event, UnitId};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::army::Army;
use crate::rules::warlords::melee::MeleeFacts;
use crate::rules::warlords::personality::{Personality, PersonalityStatus};
use crate::rules::warlords::shooting::ShootingSituation;
use crate::rules::warlords::unit::{Morale, Unit};
use crate::store::save::write::{dice, inline, named, quote, words};
use std::fmt::Write;

pub(super) fn write_army(o: &mut String, side: Side, army: &Army) {
    let _ = writeln!(o, "\n[[armies]]\nplays = \"{}\"", side.name());
    let _ = writeln!(o, "name = {}", quote(&army.name));
    let _ = writeln!(o, "side = {}", quote(&army.side));
    if let Some(n) = &army.notes {
        let _ = writeln!(o, "notes = {}", quote(n));
    }
    for c in &army.contingents {
        let _ = writeln!(o, "\n[[armies.contingents]]\nname = {}", quote(&c.name));
        if let Some(g) = &c.general {
            let _ = writeln!(o, "general = {}", quote(g));
        }
        let _ = writeln!(o, "c_in_c = {}", c.c_in_c);
        if let Some(n) = &c.notes {
            let _ = writeln!(o, "notes = {}", quote(n));
        }
        for u in &c.units {
            write_unit(o, u);
        }
    }
}

/// A unit with the unit table's field names (conformance README).
fn write_unit(o: &mut String, u: &Unit) {
    o.push_str("\n[[armies.contingents.units]]\n");
    let _ = writeln!(o, "name = {}", quote(&u.name));
    let _ = writeln!(o, "type = \"{}\"", u.troop_type.name());
    let _ = writeln!(o, "training = \"{}\"", u.training.name());
    let _ = writeln!(o, "armour = {}", u.armour);
    let _ = writeln!(o, "shield = {}", u.shield);
    let _ = writeln!(o, "weapons = {}", named(&u.weapons));
    let _ = writeln!(o, "shooting = {}", named(&u.shooting));
    let _ = writeln!(o, "traits = {}", named(&u.traits));
    let _ = writeln!(o, "stands = {}", u.stands);
    let _ = writeln!(o, "files = {}", u.files);
    let _ = writeln!(o, "morale = \"{}\"", u.morale.name());
    let _ = writeln!(o, "champions = {}", u.champions);
    let _ = writeln!(o, "casualties = {}", u.casualties);
    let _ = writeln!(o, "formation = \"{}\"", u.formation.name());
    let _ = writeln!(o, "moving = {}", u.moving);
    if u.fleeing != (u.morale == Morale::Broken && u.moving) {
        let _ = writeln!(o, "fleeing = {}", u.fleeing); // only where not the default
    }
    let _ = writeln!(o, "pavises_deployed = {}", u.pavises_deployed);
    if u.pavises_lost {
        let _ = writeln!(o, "pavises_lost = true");
    }
    for p in &u.personalities {
        write_personality(o, p);
    }
}

fn write_personality(o: &mut String, p: &Personality) {
    o.push_str("[[armies.contingents.units.personalities]]\n");
    let _ = writeln!(o, "name = {}", quote(&p.name));
    let _ = writeln!(o, "charisma = {}", p.charisma);
    let _ = writeln!(o, "prowess = {}", p.prowess);
    let traits = p
        .traits
        .iter()
        .map(|t| t.name())
        .chain(p.other_traits.iter().map(String::as_str));
    let _ = writeln!(o, "traits = {}", words(traits));
    if !p.nemesis.is_empty() {
        let _ = writeln!(
            o,
            "nemesis = {}",
            words(p.nemesis.iter().map(String::as_str))
        );
    }
    if let Some(v) = &p.vendetta {
        let _ = writeln!(o, "vendetta = {}", quote(v));
    }
    if let Some(b) = &p.bounty {
        let _ = writeln!(o, "bounty = {}", quote(b));
    }
    let _ = writeln!(o, "commander = {}", p.commander);
    if p.status != PersonalityStatus::Active {
        let _ = writeln!(o, "status = \"{}\"", p.status.name());
    }
}

fn id(o: &mut String, key: &str, id: UnitId) {
    let _ = writeln!(o, "{key} = \"{id}\"");
}

fn activation_situation(s: &ActivationSituation) -> String {
    let mut p = Vec::new();
    for (k, v) in [
        ("charging", s.charging),
        ("enemy_in_charge_distance", s.enemy_in_charge_distance),
        ("enemy_visible_ahead", s.enemy_visible_ahead),
        ("tactician_in_sight", s.tactician_in_sight),
        ("fleeing", s.fleeing),
        ("changing_formation", s.changing_formation),
    ] {
        if v {
            p.push(format!("{k} = true"));
        }
    }
    if s.evading_spans > 0 {
        p.push(format!("evading_spans = {}", s.evading_spans));
    }
    inline(&p)
}

fn shooting_situation(s: &ShootingSituation) -> String {
    let mut p = vec![
        format!("style = \"{}\"", s.style.name()),
        format!("range_spans = {}", s.range_spans),
    ];
    if let Some(w) = s.weapon {
        p.push(format!("weapon = \"{}\"", w.name()));
    }
    if let Some(st) = s.stands_shot_at {
        p.push(format!(
            "stands_shot_at = {{ open = {}, light_cover = {}, heavy_cover = {} }}",
            st.open, st.light_cover, st.heavy_cover
        ));
    }
    if s.contact {
        p.push("contact = true".to_string());
    }
    inline(&p)
}

fn melee_facts(f: &MeleeFacts) -> String {
    let d = MeleeFacts::default();
    let mut p = Vec::new();
    for (k, v, dv) in [
        ("charging", f.charging, d.charging),
        ("rear_contacted", f.rear_contacted, d.rear_contacted),
        (
            "struck_by_charging_heavy",
            f.struck_by_charging_heavy,
            d.struck_by_charging_heavy,
        ),
        ("opponent_uphill", f.opponent_uphill, d.opponent_uphill),
        ("enemy_in_front", f.enemy_in_front, d.enemy_in_front),
        ("first_round", f.first_round, d.first_round),
    ] {
        if v != dv {
            p.push(format!("{k} = {v}"));
        }
    }
    if f.enemy_flanks > 0 {
        p.push(format!("enemy_flanks = {}", f.enemy_flanks));
    }
    if f.flanks_contacted > 0 {
        p.push(format!("flanks_contacted = {}", f.flanks_contacted));
    }
    if let Some(b) = f.personalities_fill_front {
        p.push(format!("personalities_fill_front = {b}"));
    }
    if let Some(names) = &f.personalities_in_hit_stands {
        p.push(format!(
            "personalities_in_hit_stands = {}",
            words(names.iter().map(String::as_str))
        ));
    }
    inline(&p)
}

/// One event's fields, after its `[[events]]` header.
pub(super) fn write_event(o: &mut String, e: &Event) {
    let _ = writeln!(o, "kind = \"{}\"", e.kind());
    match e {
        Event::Initiative { a, b } => {
            let _ = writeln!(o, "dice_a = {}", dice(a));
            let _ = writeln!(o, "dice_b = {}", dice(b));
        }
        Event::Activation {
            unit,
            situation,
            dice: d,
            add_champion,
        } => {
            id(o, "unit", *unit);
            if *situation != ActivationSituation::default() {
                let _ = writeln!(o, "situation = {}", activation_situation(situation));
            }
            let _ = writeln!(o, "dice = {}", dice(d));
            if *add_champion {
                o.push_str("add_champion = true\n");
            }
        }
        Event::Shooting {
            shooter,
            target,
            situation,
            dice: d,
        } => {
            id(o, "shooter", *shooter);
            id(o, "target", *target);
            let _ = writeln!(o, "situation = {}", shooting_situation(situation));
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Melee {
            a,
            b,
            facts_a,
            facts_b,
            rough_ground,
            dice: d,
            before_w24,
        } => {
            id(o, "a", *a);
            id(o, "b", *b);
            for (k, f) in [("facts_a", facts_a), ("facts_b", facts_b)] {
                if *f != MeleeFacts::default() {
                    let _ = writeln!(o, "{k} = {}", melee_facts(f));
                }
            }
            if *rough_ground {
                o.push_str("rough_ground = true\n");
            }
            let _ = writeln!(o, "dice_a = {}", dice(&d.a));
            let _ = writeln!(o, "dice_b = {}", dice(&d.b));
            // W-24: only where a flank was contacted do the readings differ.
            if !before_w24 && (facts_a.flanks_contacted > 0 || facts_b.flanks_contacted > 0) {
                o.push_str("w24 = true\n");
            }
        }
        Event::Flee {
            unit,
            obstacle_stands,
            dice: d,
        } => {
            id(o, "unit", *unit);
            if *obstacle_stands > 0 {
                let _ = writeln!(o, "obstacle_stands = {obstacle_stands}");
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::BreakOff {
            unit,
            opponent,
            supporting,
            tactician_in_sight,
            dice: d,
        } => {
            id(o, "unit", *unit);
            id(o, "opponent", *opponent);
            if *supporting {
                o.push_str("supporting = true\n");
            }
            if *tactician_in_sight {
                o.push_str("tactician_in_sight = true\n");
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::StandLoss {
            unit,
            personality,
            enemy,
            dice: d,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "personality = {}", quote(personality));
            if let Some(e) = enemy {
                id(o, "enemy", *e);
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Choose {
            unit,
            choice,
            target,
            formation,
            files,
            pavises,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "choice = \"{}\"", choice.name());
            if let Some(p) = pavises {
                let _ = writeln!(o, "pavises_deployed = {p}");
            }
            if let Some(t) = target {
                id(o, "target", *t);
            }
            if let Some(f) = formation {
                let _ = writeln!(o, "formation = \"{}\"", f.name());
            }
            if let Some(n) = files {
                let _ = writeln!(o, "files = {n}");
            }
        }
        Event::Contact { charger, target } => {
            id(o, "charger", *charger);
            id(o, "target", *target);
        }
        Event::FollowUp {
            unit,
            loser,
            follows,
        } => {
            id(o, "unit", *unit);
            id(o, "loser", *loser);
            let _ = writeln!(o, "follows = {follows}");
        }
        Event::FallBack {
            unit,
            into,
            other,
            other_front,
            rear_stands,
            before_w35,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "into = \"{}\"", into.name());
            if let Some(x) = other {
                id(o, "other", *x);
            }
            if *other_front {
                o.push_str("other_front = true\n");
            }
            if let Some(n) = rear_stands {
                let _ = writeln!(o, "rear_stands = {n}");
            }
            if !before_w35 {
                o.push_str("w35 = true\n");
            }
        }
        Event::Defence {
            unit,
            defence,
            charging,
            dice: d,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "defence = \"{}\"", defence.name());
            if *charging {
                o.push_str("charging = true\n");
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Trapped { unit } | Event::Calm { unit } => id(o, "unit", *unit),
        Event::Dismiss { unit, due } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "due = {}", quote(due));
        }
        Event::RandomMove {
            unit,
            spans,
            toward,
            dice: d,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "spans = {spans}");
            if let Some(t) = toward {
                id(o, "toward", *t);
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Reaction {
            unit,
            cause,
            situation,
            dice: d,
        } => {
            id(o, "unit", *unit);
            id(o, "cause", *cause);
            if *situation != ActivationSituation::default() {
                let _ = writeln!(o, "situation = {}", activation_situation(situation));
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Support {
            unit,
            opponent,
            enemy,
            edge,
        } => {
            id(o, "unit", *unit);
            id(o, "opponent", *opponent);
            id(o, "enemy", *enemy);
            let _ = writeln!(o, "edge = \"{}\"", edge.code());
        }
        Event::Engage { a, b } | Event::Disengage { a, b } => {
            id(o, "a", *a);
            id(o, "b", *b);
        }
        Event::Correct { unit, correction } => {
            id(o, "unit", *unit);
            let _ = match correction {
                Correction::Morale(m) => writeln!(o, "morale = \"{}\"", m.name()),
                Correction::Champions(n) => writeln!(o, "champions = {n}"),
                Correction::Casualties(n) => writeln!(o, "casualties = {n}"),
                Correction::Stands(n) => writeln!(o, "stands = {n}"),
                Correction::Files(n) => writeln!(o, "files = {n}"),
                Correction::Formation(f) => writeln!(o, "formation = \"{}\"", f.name()),
                Correction::Moving(m) => writeln!(o, "moving = {m}"),
                Correction::Pavises(p) => writeln!(o, "pavises_deployed = {p}"),
                Correction::PavisesLost(p) => writeln!(o, "pavises_lost = {p}"),
                Correction::Personality { name, status } => writeln!(
                    o,
                    "personality = {}\nstatus = \"{}\"",
                    quote(name),
                    status.name()
                ),
                Correction::PersonalityOrder(names) => writeln!(
                    o,
                    "personalities_from_right = {}",
                    words(names.iter().map(String::as_str))
                ),
                Correction::Removed(r) => writeln!(o, "removed = {r}"),
                Correction::Activated(a) => writeln!(o, "activated = {a}"),
            };
        }
        Event::NextPhase => {}
        Event::GoTo { turn, phase } => {
            let _ = writeln!(o, "turn = {turn}\nphase = \"{}\"", phase.code());
        }
        Event::Note { unit, text } => {
            if let Some(u) = unit {
                id(o, "unit", *u);
            }
            let _ = writeln!(o, "text = {}", quote(text));
        }
    }
}
