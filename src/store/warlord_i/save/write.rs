//! Writing a Warlord I save's armies, with the army file's and the unit
//! table's field names, and its events, each field under the name the
//! conformance cases give it.

use crate::battle::warlord_i::event::{
    CoCorrection, CoId, CommandFacts, Correction, EnterFacts, Event, UnitId,
};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Army, AttritionGains, Co, FugitiveSituation, MeleeFacts, ShootingSituation, Unit,
    WaverSituation,
};
use crate::store::save::write::{dice, inline, named, quote};
use std::fmt::Write;

/// An army, copied in as `[[armies]]` with the side it plays on.
pub(super) fn write_army(o: &mut String, side: Side, army: &Army) {
    let _ = writeln!(o, "\n[[armies]]\nplays = \"{}\"", side.name());
    let _ = writeln!(o, "name = {}", quote(&army.name));
    let _ = writeln!(o, "side = {}", quote(&army.side));
    if let Some(n) = &army.notes {
        let _ = writeln!(o, "notes = {}", quote(n));
    }
    for d in &army.divisions {
        let _ = writeln!(o, "\n[[armies.divisions]]\nname = {}", quote(&d.name));
        if let Some(n) = &d.notes {
            let _ = writeln!(o, "notes = {}", quote(n));
        }
        write_co(o, &d.co);
        for u in &d.units {
            write_unit(o, u);
        }
    }
}

/// A CO with the CO table's field names.
fn write_co(o: &mut String, c: &Co) {
    o.push_str("[armies.divisions.co]\n");
    let _ = writeln!(o, "name = {}", quote(&c.name));
    let _ = writeln!(o, "stars = {}", c.stars);
    let _ = writeln!(o, "c_in_c = {}", c.c_in_c);
    let _ = writeln!(o, "status = \"{}\"", c.status.name());
    let _ = writeln!(o, "dispersed = {}", c.dispersed);
    let _ = writeln!(o, "activity = {}", named(&c.activity));
}

/// A unit with the unit table's field names: every field, so it reads
/// back the same (fields its type ignores are read with a warning, which
/// a save drops).
fn write_unit(o: &mut String, u: &Unit) {
    o.push_str("\n[[armies.divisions.units]]\n");
    let _ = writeln!(o, "name = {}", quote(&u.name));
    let _ = writeln!(o, "type = \"{}\"", u.troop_type.name());
    let _ = writeln!(o, "order = \"{}\"", u.order.name());
    let _ = writeln!(o, "armour = \"{}\"", u.armour.name());
    let _ = writeln!(o, "drill = \"{}\"", u.drill.name());
    let _ = writeln!(o, "class = \"{}\"", u.class.name());
    let _ = writeln!(o, "morale_class = \"{}\"", u.morale_class.name());
    let _ = writeln!(o, "weapons = {}", named(&u.weapons));
    if let Some(w) = u.melee_weapon {
        let _ = writeln!(o, "melee_weapon = \"{}\"", w.name());
    }
    let _ = writeln!(o, "special = {}", u.special);
    let _ = writeln!(o, "co_stars = {}", u.co_stars);
    let _ = writeln!(o, "bases = {}", u.bases);
    let _ = writeln!(o, "bases_lost = {}", u.bases_lost);
    let _ = writeln!(o, "files = {}", u.files);
    let _ = writeln!(o, "ranks = {}", u.ranks);
    let _ = writeln!(o, "aps = {}", u.aps);
    let _ = writeln!(o, "dps = {}", u.dps);
    let _ = writeln!(o, "morale = \"{}\"", u.morale.name());
    let _ = writeln!(o, "activity = {}", named(&u.activity));
    let _ = writeln!(o, "formation = \"{}\"", u.formation.name());
    let _ = writeln!(o, "waver_tested = {}", u.waver_tested);
}

fn id(o: &mut String, key: &str, id: UnitId) {
    let _ = writeln!(o, "{key} = \"{id}\"");
}

fn co(o: &mut String, key: &str, id: CoId) {
    let _ = writeln!(o, "{key} = \"{id}\"");
}

/// Fields that differ from their defaults, as `key = value` parts.
struct Parts(Vec<String>);

impl Parts {
    fn flag(&mut self, key: &str, v: bool) -> &mut Self {
        if v {
            self.0.push(format!("{key} = true"));
        }
        self
    }

    fn count(&mut self, key: &str, v: u32) -> &mut Self {
        if v > 0 {
            self.0.push(format!("{key} = {v}"));
        }
        self
    }

    fn some(&mut self, key: &str, v: Option<impl std::fmt::Display>) -> &mut Self {
        if let Some(v) = v {
            self.0.push(format!("{key} = {v}"));
        }
        self
    }

    fn word<T: Named + PartialEq>(&mut self, key: &str, v: Option<T>) -> &mut Self {
        if let Some(v) = v {
            self.0.push(format!("{key} = \"{}\"", v.name()));
        }
        self
    }

    /// Writes `key = { … }` when any part was given.
    fn line(&self, o: &mut String, key: &str) {
        if !self.0.is_empty() {
            let _ = writeln!(o, "{key} = {}", inline(&self.0));
        }
    }
}

fn parts() -> Parts {
    Parts(Vec::new())
}

fn command_facts(o: &mut String, f: &CommandFacts) {
    parts()
        .flag("restrain_and_prompt", f.restrain_and_prompt)
        .count("distance_cm", f.distance_cm)
        .word("charge_target", f.charge_target)
        .word("rallied", f.rallied)
        .line(o, "facts");
}

fn enter_facts(o: &mut String, f: &EnterFacts) {
    parts()
        .some("led_by", f.led_by.map(|c| format!("\"{c}\"")))
        .some("flank_march_cm", f.flank_march_cm)
        .flag("returning", f.returning)
        .flag("pursuers_not_returned", f.pursuers_not_returned)
        .count("opposing_bases", f.opposing_bases)
        .line(o, "facts");
}

fn shooting_situation(o: &mut String, s: &ShootingSituation) {
    let mut p = Parts(vec![format!("range_cm = {}", s.range_cm)]);
    p.word("weapon", s.weapon)
        .some("shooting_bases", s.shooting_bases)
        .some("target_front_bases", s.target_front_bases)
        .some("target_depth", s.target_depth);
    if s.shot_from != Default::default() {
        p.word("shot_from", Some(s.shot_from));
    }
    p.flag("target_in_cover", s.target_in_cover)
        .flag("screened_by_oo", s.screened_by_oo)
        .some("ranks_in_line_of_fire", s.ranks_in_line_of_fire)
        .line(o, "situation");
}

fn waver_situation(o: &mut String, s: &WaverSituation) {
    parts()
        .flag(
            "friendly_disaster_within_10cm",
            s.friendly_disaster_within_10cm,
        )
        .flag("charged_by_elephants", s.charged_by_elephants)
        .flag(
            "hostile_elephants_within_10cm",
            s.hostile_elephants_within_10cm,
        )
        .flag("enemy_behind_flank", s.enemy_behind_flank)
        .flag("religious_party_lost", s.religious_party_lost)
        .flag("rear_support", s.rear_support)
        .flag("hostile_routers_within_10cm", s.hostile_routers_within_10cm)
        .flag("in_cover", s.in_cover)
        .flag("near_camp", s.near_camp)
        .flag("charging_home", s.charging_home)
        .flag("charging_pikes", s.charging_pikes)
        .flag("charging_flank_or_rear", s.charging_flank_or_rear)
        .flag(
            "charging_oo_or_artillery_in_open",
            s.charging_oo_or_artillery_in_open,
        )
        .flag("religious_party_in_sight", s.religious_party_in_sight)
        .count("secure_flanks", s.secure_flanks)
        .word("led_by", s.led_by)
        .flag("leader_bonus_off", s.leader_bonus_off)
        .line(o, "situation");
}

fn gains(o: &mut String, g: &AttritionGains) {
    parts()
        .count("flank_rear_charges", g.flank_rear_charges)
        .count("friendly_disasters", g.friendly_disasters)
        .count("disorder", g.disorder)
        .count("shooting_hits", g.shooting_hits)
        .count("shaken_no_recoil", g.shaken_no_recoil)
        .count("charged_over_defences", g.charged_over_defences)
        .count("crossed_chevaux_de_frise", g.crossed_chevaux_de_frise)
        .count(
            "reckless_charge_facing_pikes",
            g.reckless_charge_facing_pikes,
        )
        .count("melee_excess", g.melee_excess)
        .line(o, "gains");
}

fn fugitive_situation(o: &mut String, s: &FugitiveSituation) {
    parts()
        .count("elephants_burst_through", s.elephants_burst_through)
        .count("overriding_bases", s.overriding_bases)
        .count("expendable_bases", s.expendable_bases)
        .flag("overridden", s.overridden)
        .flag("ridden_through", s.ridden_through)
        .flag("difficult_terrain", s.difficult_terrain)
        .count("pursuers_in_contact", s.pursuers_in_contact)
        .line(o, "situation");
}

fn melee_facts(o: &mut String, key: &str, f: &MeleeFacts) {
    let mut p = parts();
    p.flag("advancing", f.advancing)
        .flag("charge_advantage", f.charge_advantage)
        .flag("contact_advantage", f.contact_advantage)
        .count("supporting_ranks", f.supporting_ranks)
        .count("overlapped_flanks", f.overlapped_flanks)
        .word("ground", f.ground)
        .flag("general_leading", f.general_leading)
        .flag("general_wounded", f.general_wounded)
        .flag("superior_troops", f.superior_troops);
    if f.response != Default::default() {
        p.word("response", Some(f.response));
    }
    p.line(o, key);
}

/// One event's fields, after its `[[events]]` header, `kind` first.
pub(super) fn write_event(o: &mut String, e: &Event) {
    let _ = writeln!(o, "kind = \"{}\"", e.kind());
    match e {
        Event::OrderOfPlay {
            winner_moves,
            dice: d,
        } => {
            let _ = writeln!(o, "winner_moves = \"{}\"", winner_moves.name());
            let _ = writeln!(o, "dice_a = {}", dice(&d.a));
            let _ = writeln!(o, "dice_b = {}", dice(&d.b));
        }
        Event::CommandTest {
            co: c,
            transfer,
            dice: d,
        } => {
            co(o, "co", *c);
            if let Some(t) = transfer {
                let _ = writeln!(
                    o,
                    "transfer = {{ ccps = {}, distance_cm = {} }}",
                    t.ccps, t.distance_cm
                );
            }
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Command {
            unit,
            co: c,
            application,
            target,
            facts,
        } => {
            id(o, "unit", *unit);
            co(o, "co", *c);
            let _ = writeln!(o, "application = \"{}\"", application.name());
            if let Some(t) = target {
                id(o, "target", *t);
            }
            command_facts(o, facts);
        }
        Event::Initiative {
            unit,
            co_activity,
            facts,
            dice: d,
        } => {
            id(o, "unit", *unit);
            if !co_activity.is_empty() {
                let _ = writeln!(o, "co_activity = {}", named(co_activity));
            }
            command_facts(o, facts);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Recuperation { side } => {
            let _ = writeln!(o, "side = \"{}\"", side.name());
        }
        Event::EnterField {
            unit,
            facts,
            dice: d,
        } => {
            id(o, "unit", *unit);
            enter_facts(o, facts);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Shooting {
            shooter,
            target,
            situation,
            dice: d,
        } => {
            id(o, "shooter", *shooter);
            id(o, "target", *target);
            shooting_situation(o, situation);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Flag { unit, cause } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "cause = \"{}\"", cause.name());
        }
        Event::FriendsWithin10cm { disaster, units } => {
            let _ = writeln!(o, "disaster = \"{}\"", disaster.code());
            let _ = writeln!(o, "of = \"{}\"", disaster.of());
            let list: Vec<String> = units.iter().map(|u| format!("\"{u}\"")).collect();
            let _ = writeln!(o, "units = [{}]", list.join(", "));
        }
        Event::Rout {
            unit,
            cause,
            bases_in_contact,
        } => {
            id(o, "unit", *unit);
            let _ = writeln!(o, "cause = \"{}\"", cause.name());
            if *bases_in_contact > 0 {
                let _ = writeln!(o, "bases_in_contact = {bases_in_contact}");
            }
        }
        Event::Dismiss { unit } => id(o, "unit", *unit),
        Event::WaverTest {
            unit,
            situation,
            dice: d,
        } => {
            id(o, "unit", *unit);
            waver_situation(o, situation);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Attrition { unit, gains: g } => {
            id(o, "unit", *unit);
            gains(o, g);
        }
        Event::FugitiveAttrition {
            unit,
            situation,
            dice: d,
        } => {
            id(o, "unit", *unit);
            fugitive_situation(o, situation);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Engage { a, b } | Event::Disengage { a, b } => {
            id(o, "a", *a);
            id(o, "b", *b);
        }
        Event::Melee {
            a,
            b,
            facts_a,
            facts_b,
            simultaneous,
            dice: d,
        } => {
            id(o, "a", *a);
            id(o, "b", *b);
            melee_facts(o, "facts_a", facts_a);
            melee_facts(o, "facts_b", facts_b);
            if *simultaneous {
                let _ = writeln!(o, "simultaneous = true");
            }
            let _ = writeln!(o, "dice_a = {}", dice(&d.a));
            let _ = writeln!(o, "dice_b = {}", dice(&d.b));
        }
        Event::Attach { co: c, unit } => {
            co(o, "co", *c);
            if let Some(u) = unit {
                id(o, "unit", *u);
            }
        }
        Event::GeneralRisk { co: c, dice: d } => {
            co(o, "co", *c);
            let _ = writeln!(o, "dice = {}", dice(d));
        }
        Event::Correct { unit, correction } => {
            id(o, "unit", *unit);
            let _ = match correction {
                Correction::Morale(m) => writeln!(o, "morale = \"{}\"", m.name()),
                Correction::Aps(n) => writeln!(o, "aps = {n}"),
                Correction::Dps(n) => writeln!(o, "dps = {n}"),
                Correction::Bases(n) => writeln!(o, "bases = {n}"),
                Correction::BasesLost(n) => writeln!(o, "bases_lost = {n}"),
                Correction::Files(n) => writeln!(o, "files = {n}"),
                Correction::Ranks(n) => writeln!(o, "ranks = {n}"),
                Correction::Activity(a) => writeln!(o, "activity = {}", named(a)),
                Correction::WaverTested(t) => writeln!(o, "waver_tested = {t}"),
                Correction::Removed(r) => writeln!(o, "removed = {r}"),
            };
        }
        Event::CorrectCo { co: c, correction } => {
            co(o, "co", *c);
            let _ = match correction {
                CoCorrection::Status(s) => writeln!(o, "status = \"{}\"", s.name()),
                CoCorrection::Dispersed(d) => writeln!(o, "dispersed = {d}"),
                CoCorrection::Activity(a) => writeln!(o, "activity = {}", named(a)),
                CoCorrection::Ccps(n) => writeln!(o, "ccps = {n}"),
            };
        }
        Event::NextPhase => {}
        Event::GoTo { turn, phase } => {
            let _ = writeln!(o, "turn = {turn}\nphase = \"{}\"", phase.code());
        }
    }
}
