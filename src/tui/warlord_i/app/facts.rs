//! The facts of the table Herald cannot see, per procedure: one list of
//! toggles and counts over the event being prepared, walked once to show
//! it and once to change the selected fact, so the two never drift apart.
//! The values are the referee's; what they mean is the battle's.

use crate::battle::UnitId;
use crate::battle::warlord_i::state::{MAX_BASES, MAX_CCPS, MAX_POINTS};
use crate::battle::warlord_i::{
    Application, Battle, CoCorrection, CoId, Correction, Event, Phase, WaverCause,
};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Activity, ChargeTarget, CoActivity, CoStatus, Ground, Leader, MeleeFacts, Morale, ShotFrom,
    WinnerMoves,
};

/// One fact as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// What it is, in the rules' words.
    pub label: String,
    /// Its value now.
    pub value: String,
    /// A toggle that is on (for its style).
    pub on: bool,
}

/// Walks an event's facts: lists each, and changes the one at `target` by
/// a step (`+1` more or on/off, `-1` less).
struct Editor {
    at: usize,
    target: Option<(usize, i64)>,
    out: Vec<Fact>,
}

impl Editor {
    fn hit(&mut self) -> Option<i64> {
        let i = self.at;
        self.at += 1;
        match self.target {
            Some((t, d)) if t == i => Some(d),
            _ => None,
        }
    }

    fn push(&mut self, label: impl Into<String>, value: String, on: bool) {
        self.out.push(Fact {
            label: label.into(),
            value,
            on,
        });
    }

    fn flag(&mut self, label: &str, v: &mut bool) {
        if self.hit().is_some() {
            *v = !*v;
        }
        self.push(label, if *v { "yes" } else { "no" }.to_string(), *v);
    }

    fn count(&mut self, label: &str, v: &mut u32, max: u32, step: u32) {
        if let Some(d) = self.hit() {
            let n = i64::from(*v) + d * i64::from(step);
            *v = n.clamp(0, i64::from(max)) as u32;
        }
        self.push(label, v.to_string(), *v > 0);
    }

    /// A count the units give unless the referee says otherwise: shown as
    /// `4 (its files)` until changed; back at `default` it is unsaid again.
    fn count_or(
        &mut self,
        label: &str,
        v: &mut Option<u32>,
        default: u32,
        range: (u32, u32),
        whose: &str,
    ) {
        let mut n = v.unwrap_or(default);
        if let Some(d) = self.hit() {
            n = (i64::from(n) + d).clamp(i64::from(range.0), i64::from(range.1)) as u32;
            *v = (n != default).then_some(n);
        }
        let value = match v {
            Some(n) => n.to_string(),
            None => format!("{n} ({whose})"),
        };
        self.push(label, value, v.is_some());
    }

    fn choice<T: Copy + PartialEq>(
        &mut self,
        label: &str,
        v: &mut T,
        all: &[T],
        name: impl Fn(T) -> String,
    ) {
        if let Some(d) = self.hit()
            && !all.is_empty()
        {
            let i = all.iter().position(|x| x == v).unwrap_or(0) as i64;
            let n = all.len() as i64;
            *v = all[(i + d).rem_euclid(n) as usize];
        }
        let on = all.first() != Some(v);
        self.push(label, name(*v), on);
    }
}

/// A unit's short name for a fact: `Gallic horse (a6)`.
fn unit_name(b: &Battle, id: UnitId) -> String {
    b.unit(id)
        .map_or_else(|| id.to_string(), |u| format!("{} ({id})", u.unit.name))
}

/// A CO's short name: `Surena (b1)`.
fn co_name(b: &Battle, id: CoId) -> String {
    b.co(id)
        .map_or_else(|| id.to_string(), |c| format!("{} ({id})", c.co.name))
}

/// The enemies of `side` on the table.
pub fn enemies(b: &Battle, side: Side) -> Vec<UnitId> {
    b.units(side.other())
        .filter(|(_, u)| !u.off_table())
        .map(|(id, _)| id)
        .collect()
}

/// A melee side's facts (Rules 76, 79, 80; WI-19): the response is asked
/// after the dice, never here (WI-20).
fn melee_side(e: &mut Editor, who: &str, f: &mut MeleeFacts) {
    e.flag(
        &format!("{who}: charged, followed up or advanced into it"),
        &mut f.advancing,
    );
    e.flag(
        &format!("{who}: charge advantage, round 1 (Rule 79)"),
        &mut f.charge_advantage,
    );
    e.flag(
        &format!("{who}: contact advantage, round 1 (Rule 79)"),
        &mut f.contact_advantage,
    );
    e.count(
        &format!("{who}: supporting ranks (Rule 79)"),
        &mut f.supporting_ranks,
        4,
        1,
    );
    e.count(
        &format!("{who}: flanks overlapped, round 2 on"),
        &mut f.overlapped_flanks,
        2,
        1,
    );
    e.choice(
        &format!("{who}: ground in its favour (Rule 80)"),
        &mut f.ground,
        &[None, Some(Ground::Minor), Some(Ground::Major)],
        |g| g.map_or("none".to_string(), |g| g.name().to_string()),
    );
    e.flag(
        &format!("{who}: a general leads it (Rule 76)"),
        &mut f.general_leading,
    );
    e.flag(
        &format!("{who}: that general is wounded (Rule 98)"),
        &mut f.general_wounded,
    );
    e.flag(
        &format!("{who}: superior troops (Rule 23)"),
        &mut f.superior_troops,
    );
}

/// Walks `event`'s facts, changing the one at `target`; returns them all.
pub fn edit(b: &Battle, event: &mut Event, target: Option<(usize, i64)>) -> Vec<Fact> {
    let mut e = Editor {
        at: 0,
        target,
        out: Vec::new(),
    };
    match event {
        Event::OrderOfPlay { winner_moves, .. } => e.choice(
            "the winner moves (his choice, WI-3)",
            winner_moves,
            &[WinnerMoves::First, WinnerMoves::Second],
            |w| match w {
                WinnerMoves::First => "first".to_string(),
                WinnerMoves::Second => "second".to_string(),
            },
        ),
        // WI-5: the C-in-C gives CCPs to the others, not to himself.
        Event::CommandTest { co, transfer, .. } if b.c_in_c_of(*co) != Some(*co) => {
            let mut t = transfer.unwrap_or_default();
            e.count("CCPs given by the C-in-C (WI-5)", &mut t.ccps, 30, 1);
            e.count("cm between the command bases", &mut t.distance_cm, 200, 5);
            *transfer = (t.ccps > 0).then_some(t);
        }
        Event::Command {
            unit,
            co,
            application,
            target,
            facts,
        } => {
            let mut spenders = vec![b.division_of(*unit).unwrap_or(*co)];
            if let Some(c) = b.c_in_c_of(spenders[0])
                && c != spenders[0]
            {
                spenders.push(c);
            }
            e.choice("the CO who spends", co, &spenders, |c| co_name(b, c));
            e.choice(
                "for (E54)",
                application,
                &[
                    Application::Normal,
                    Application::Attack,
                    Application::Rally,
                    Application::Special,
                    Application::Response,
                    Application::Prompt,
                ],
                |a| a.title().to_string(),
            );
            let mut targets = vec![None];
            targets.extend(enemies(b, unit.side).into_iter().map(Some));
            e.choice("the enemy it charges or attacks", target, &targets, |t| {
                t.map_or("none".to_string(), |t| unit_name(b, t))
            });
            e.count(
                "cm from the CO base to the unit",
                &mut facts.distance_cm,
                200,
                5,
            );
            e.flag(
                "restrained and prompted together",
                &mut facts.restrain_and_prompt,
            );
            e.choice(
                "an OO unit prompted to charge",
                &mut facts.charge_target,
                &[
                    None,
                    Some(ChargeTarget::Oo),
                    Some(ChargeTarget::Artillery),
                    Some(ChargeTarget::Other),
                ],
                |c| match c {
                    None => "no".to_string(),
                    Some(ChargeTarget::Oo) => "OO troops".to_string(),
                    Some(ChargeTarget::Artillery) => "artillery".to_string(),
                    Some(ChargeTarget::Other) => "other enemy".to_string(),
                },
            );
        }
        Event::Initiative {
            co_activity, facts, ..
        } => {
            for (a, label) in [
                (CoActivity::Wavering, "its CO is wavering"),
                (CoActivity::Routed, "its CO is routed"),
                (CoActivity::InMelee, "its CO is in melee"),
                (CoActivity::Evading, "its CO is evading"),
                (CoActivity::Pursuing, "its CO is pursuing"),
                (CoActivity::Reckless, "its CO is reckless"),
            ] {
                let mut on = co_activity.contains(&a);
                e.flag(label, &mut on);
                co_activity.retain(|x| *x != a);
                if on {
                    co_activity.push(a);
                }
            }
            e.count(
                "cm from the CO base to the unit",
                &mut facts.distance_cm,
                200,
                5,
            );
            e.flag(
                "restrained and prompted together",
                &mut facts.restrain_and_prompt,
            );
        }
        Event::EnterField { unit, facts, .. } => {
            let mut leaders = vec![None];
            leaders.extend(b.cos(unit.side).map(|(id, _)| Some(id)));
            e.choice("led by another CO", &mut facts.led_by, &leaders, |c| {
                c.map_or("no".to_string(), |c| co_name(b, c))
            });
            let mut flank = facts.flank_march_cm.unwrap_or(0);
            e.count("flank march: cm to the baseline", &mut flank, 300, 10);
            facts.flank_march_cm = (flank > 0).then_some(flank);
            e.flag("returning to the field", &mut facts.returning);
            e.flag(
                "its pursuers have not returned",
                &mut facts.pursuers_not_returned,
            );
            e.count(
                "enemy bases opposing the entry",
                &mut facts.opposing_bases,
                40,
                1,
            );
        }
        Event::Shooting {
            shooter,
            target,
            situation: s,
            ..
        } => {
            let targets = enemies(b, shooter.side);
            e.choice("target", target, &targets, |t| unit_name(b, t));
            e.count("range, cm", &mut s.range_cm, 200, 1);
            e.choice(
                "shot from the target's",
                &mut s.shot_from,
                &[ShotFrom::Front, ShotFrom::Flank, ShotFrom::Rear],
                |f| f.name().to_string(),
            );
            e.flag("the target is in cover", &mut s.target_in_cover);
            e.flag("the target is screened by OO troops", &mut s.screened_by_oo);
            // Rule 56, WI-16, WI-17: what the units give unless the referee says.
            if let (Some(sh), Some(tg)) = (b.unit(*shooter), b.unit(*target)) {
                let (sh, tg) = (&sh.unit, &tg.unit);
                let assumed = s.assumed(sh, tg);
                if let [first, others @ ..] = assumed.weapons.as_slice()
                    && !others.is_empty()
                {
                    let mut all = vec![None];
                    all.extend(others.iter().copied().map(Some));
                    e.choice("weapon", &mut s.weapon, &all, |w| match w {
                        Some(w) => w.title().to_string(),
                        None => format!("{} (its first)", first.title()),
                    });
                }
                e.count_or(
                    "bases shooting",
                    &mut s.shooting_bases,
                    assumed.shooting_bases,
                    (1, sh.bases.max(1)),
                    "its files",
                );
                e.count_or(
                    "target bases facing the shooters",
                    &mut s.target_front_bases,
                    assumed.target_front_bases,
                    (1, tg.bases.max(1)),
                    "its files",
                );
                e.count_or(
                    "target ranks or files deep",
                    &mut s.target_depth,
                    assumed.target_depth,
                    (1, tg.bases.max(1)),
                    "its ranks",
                );
                if let Some(ranks) = assumed.ranks_in_line_of_fire {
                    e.count_or(
                        "close-order ranks in the line of fire",
                        &mut s.ranks_in_line_of_fire,
                        ranks,
                        (0, 2),
                        "in the open",
                    );
                }
            }
        }
        Event::Flag { cause, .. } => e.choice(
            "the cause (Rule 58)",
            cause,
            &[
                WaverCause::Disaster,
                WaverCause::PressHome,
                WaverCause::CounterChargeHome,
                WaverCause::StandToReceive,
                WaverCause::RetreatOrFollowUp,
                WaverCause::FakeRetreat,
                WaverCause::ReligiousParty,
                WaverCause::Shooting,
            ],
            |c| c.title().to_string(),
        ),
        Event::WaverTest { situation: s, .. } => {
            e.flag(
                "a friendly disaster within 10 cm",
                &mut s.friendly_disaster_within_10cm,
            );
            e.flag(
                "charged by elephants or chariots",
                &mut s.charged_by_elephants,
            );
            e.flag(
                "hostile elephants within 10 cm",
                &mut s.hostile_elephants_within_10cm,
            );
            e.flag("enemy behind a flank", &mut s.enemy_behind_flank);
            e.flag(
                "a religious party lost in sight",
                &mut s.religious_party_lost,
            );
            e.flag("rear support within 4 cm", &mut s.rear_support);
            e.flag(
                "hostile routers within 10 cm",
                &mut s.hostile_routers_within_10cm,
            );
            e.flag("taking cover", &mut s.in_cover);
            e.flag("within 20 cm of a camp", &mut s.near_camp);
            e.flag("trying to charge home", &mut s.charging_home);
            e.flag("the charge is against pikes", &mut s.charging_pikes);
            e.flag("charging a flank or rear", &mut s.charging_flank_or_rear);
            e.flag(
                "charging OO or artillery in the open",
                &mut s.charging_oo_or_artillery_in_open,
            );
            e.flag(
                "a religious party in sight",
                &mut s.religious_party_in_sight,
            );
            e.count("secure flanks", &mut s.secure_flanks, 2, 1);
            e.choice(
                "led by (Rule 59, WI-14)",
                &mut s.led_by,
                &[None, Some(Leader::DivisionalCo), Some(Leader::CInC)],
                |l| match l {
                    None => "nobody".to_string(),
                    Some(Leader::DivisionalCo) => "a divisional CO".to_string(),
                    Some(Leader::CInC) => "the C-in-C".to_string(),
                },
            );
            e.flag("no leader bonus (WI-14)", &mut s.leader_bonus_off);
        }
        Event::Attrition { gains: g, .. } => {
            e.count(
                "flank or rear charges declared on it",
                &mut g.flank_rear_charges,
                20,
                1,
            );
            e.count(
                "friendly disasters within 10 cm",
                &mut g.friendly_disasters,
                20,
                1,
            );
            e.count("disorder points (Rule 18)", &mut g.disorder, 20, 1);
            e.count("shooting hits", &mut g.shooting_hits, 20, 1);
            e.count(
                "shaken without recoil or retreat",
                &mut g.shaken_no_recoil,
                20,
                1,
            );
            e.count(
                "charges over defences or pits",
                &mut g.charged_over_defences,
                20,
                1,
            );
            e.count(
                "crossings of chevaux de frise",
                &mut g.crossed_chevaux_de_frise,
                20,
                1,
            );
            e.count(
                "reckless charges facing pikes",
                &mut g.reckless_charge_facing_pikes,
                20,
                1,
            );
            e.count("melee points above 4", &mut g.melee_excess, 20, 1);
        }
        Event::FugitiveAttrition { situation: s, .. } => {
            e.flag("overridden", &mut s.overridden);
            e.flag("ridden through", &mut s.ridden_through);
            e.flag("skirmishing in difficult terrain", &mut s.difficult_terrain);
            e.count(
                "elephants bursting through",
                &mut s.elephants_burst_through,
                20,
                1,
            );
            e.count("overriding bases pulled up", &mut s.overriding_bases, 20, 1);
            e.count(
                "expendable-weapon bases attacked",
                &mut s.expendable_bases,
                20,
                1,
            );
            e.count(
                "pursuing bases still in contact",
                &mut s.pursuers_in_contact,
                20,
                1,
            );
        }
        Event::Engage { a, b: other } => {
            let targets = enemies(b, a.side);
            e.choice("in melee with", other, &targets, |t| unit_name(b, t));
        }
        Event::Melee {
            a,
            b: other,
            facts_a,
            facts_b,
            ..
        } => {
            melee_side(&mut e, &a.to_string(), facts_a);
            melee_side(&mut e, &other.to_string(), facts_b);
        }
        Event::Correct { unit, correction } => correct(&mut e, b, *unit, correction),
        Event::CorrectCo { co, correction } => correct_co(&mut e, b, *co, correction),
        // Rule 25: any step of this Move or the next; not an earlier Move,
        // which the battle would conclude and start afresh (undo goes back).
        Event::GoTo { turn, phase } => {
            e.count("Move", turn, b.turn() + 1, 1);
            *turn = (*turn).max(b.turn());
            e.choice("step", phase, &steps(b), |p| format!("{} {p}", p.step()));
        }
        _ => {}
    }
    e.out
}

/// Rule 25's steps in the order this Move plays them (player 1's command
/// first once the order of play is known, side a's before).
fn steps(b: &Battle) -> Vec<Phase> {
    let first = b.player_1().unwrap_or(Side::A);
    vec![
        Phase::OrderOfPlay,
        Phase::Command(first),
        Phase::Command(first.other()),
        Phase::Shooting,
        Phase::WaverTests,
        Phase::Charges,
        Phase::Melees,
        Phase::Conclude,
    ]
}

/// A correction that sets its field to the value it has now: nothing to
/// record.
pub fn unchanged(b: &Battle, event: &Event) -> bool {
    match event {
        Event::Correct { unit, correction } => {
            corrections(b, *unit).get(field_of(correction)) == Some(correction)
        }
        Event::CorrectCo { co, correction } => {
            co_corrections(b, *co).get(co_field_of(correction)) == Some(correction)
        }
        Event::GoTo { turn, phase } => *turn == b.turn() && *phase == b.phase(),
        _ => false,
    }
}

/// The unit's fields a referee may correct, each at its value now.
fn corrections(b: &Battle, unit: UnitId) -> Vec<Correction> {
    let Some(u) = b.unit(unit) else {
        return Vec::new();
    };
    let x = &u.unit;
    vec![
        Correction::Morale(x.morale),
        Correction::Aps(x.aps),
        Correction::Dps(x.dps),
        Correction::Bases(x.bases),
        Correction::BasesLost(x.bases_lost),
        Correction::Files(x.files),
        Correction::Ranks(x.ranks),
        Correction::WaverTested(x.waver_tested),
        Correction::Activity(x.activity.clone()),
        Correction::Removed(u.removed),
    ]
}

/// Which field a correction sets: its place in [`corrections`].
fn field_of(c: &Correction) -> usize {
    match c {
        Correction::Morale(_) => 0,
        Correction::Aps(_) => 1,
        Correction::Dps(_) => 2,
        Correction::Bases(_) => 3,
        Correction::BasesLost(_) => 4,
        Correction::Files(_) => 5,
        Correction::Ranks(_) => 6,
        Correction::WaverTested(_) => 7,
        Correction::Activity(_) => 8,
        Correction::Removed(_) => 9,
    }
}

/// A correction of one unit (the table is the truth): which field, then its value.
fn correct(e: &mut Editor, b: &Battle, unit: UnitId, c: &mut Correction) {
    let all = corrections(b, unit);
    if all.is_empty() {
        return;
    }
    let mut which = field_of(c);
    e.choice(
        "the field to correct",
        &mut which,
        &(0..all.len()).collect::<Vec<_>>(),
        |i| {
            [
                "morale",
                "APs",
                "DPs",
                "bases",
                "bases lost",
                "files",
                "ranks",
                "waver-tested this Move",
                "what it is doing",
                "off the table",
            ][i]
                .to_string()
        },
    );
    if which != field_of(c) {
        *c = all[which].clone();
    }
    match c {
        Correction::Morale(m) => e.choice(
            "morale",
            m,
            &[
                Morale::Reckless,
                Morale::Steady,
                Morale::Shaken,
                Morale::Dispersed,
                Morale::Wavering,
                Morale::Routed,
            ],
            |m| m.name().to_string(),
        ),
        Correction::Aps(n) => e.count("APs (DPs included)", n, MAX_POINTS, 1),
        Correction::Dps(n) => e.count("DPs", n, MAX_POINTS, 1),
        Correction::Bases(n) => e.count("bases (0: destroyed)", n, MAX_BASES, 1),
        Correction::BasesLost(n) => e.count("bases lost so far", n, MAX_BASES, 1),
        Correction::Files(n) => e.count("files", n, MAX_BASES, 1),
        Correction::Ranks(n) => e.count("ranks", n, MAX_BASES, 1),
        Correction::WaverTested(v) => e.flag("waver-tested this Move", v),
        Correction::Removed(v) => e.flag("off the table (evaded off, not arrived)", v),
        // WI-23: charges, evasions and pursuits are the table's; in melee
        // follows its engagements (the battle keeps it so).
        Correction::Activity(list) => toggles(
            e,
            list,
            &[
                (Activity::Charging, "charging"),
                (Activity::CounterCharging, "counter-charging"),
                (Activity::BeingCharged, "being charged"),
                (Activity::Advancing, "advancing"),
                (Activity::Evading, "evading"),
                (Activity::Pursuing, "pursuing"),
                (Activity::Looting, "looting"),
                (Activity::InMelee, "in melee (follows its engagements)"),
            ],
        ),
    }
}

/// One toggle per item of `all`, each on while `list` holds it; the list
/// keeps the order the items were turned on.
fn toggles<T: Copy + PartialEq>(e: &mut Editor, list: &mut Vec<T>, all: &[(T, &str)]) {
    for (a, label) in all {
        let mut on = list.contains(a);
        e.flag(label, &mut on);
        list.retain(|x| x != a);
        if on {
            list.push(*a);
        }
    }
}

/// The CO's fields a referee may correct, each at its value now.
fn co_corrections(b: &Battle, co: CoId) -> Vec<CoCorrection> {
    let Some(c) = b.co(co) else {
        return Vec::new();
    };
    vec![
        CoCorrection::Status(c.co.status),
        CoCorrection::Dispersed(c.co.dispersed),
        CoCorrection::Ccps(c.ccps),
        CoCorrection::Activity(c.co.activity.clone()),
    ]
}

/// Which field a CO correction sets: its place in [`co_corrections`].
fn co_field_of(c: &CoCorrection) -> usize {
    match c {
        CoCorrection::Status(_) => 0,
        CoCorrection::Dispersed(_) => 1,
        CoCorrection::Ccps(_) => 2,
        CoCorrection::Activity(_) => 3,
    }
}

/// A correction of one CO (the table is the truth): which field, then its value.
fn correct_co(e: &mut Editor, b: &Battle, co: CoId, c: &mut CoCorrection) {
    let all = co_corrections(b, co);
    if all.is_empty() {
        return;
    }
    let mut which = co_field_of(c);
    e.choice(
        "the field to correct",
        &mut which,
        &(0..all.len()).collect::<Vec<_>>(),
        |i| {
            [
                "wounds",
                "command base dispersed",
                "CCPs left this Move",
                "what he is doing",
            ][i]
                .to_string()
        },
    );
    if which != co_field_of(c) {
        *c = all[which].clone();
    }
    match c {
        // Rule 99, WI-21: his wounds.
        CoCorrection::Status(s) => e.choice(
            "wounds (Rule 99)",
            s,
            &[
                CoStatus::Well,
                CoStatus::Wounded,
                CoStatus::BadlyWounded,
                CoStatus::Captured,
                CoStatus::Killed,
            ],
            |s| s.title().to_string(),
        ),
        // Rule 99: a dispersed command base.
        CoCorrection::Dispersed(v) => e.flag("command base dispersed (Rule 99)", v),
        // Rule 29, WI-4: CCPs are spent this Move or lapse.
        CoCorrection::Ccps(n) => e.count("CCPs left this Move (Rule 29)", n, MAX_CCPS, 1),
        // Rule 29: what he does himself costs his command dice.
        CoCorrection::Activity(list) => toggles(
            e,
            list,
            &[
                (CoActivity::Wavering, "wavering"),
                (CoActivity::Routed, "routed"),
                (CoActivity::InMelee, "in melee"),
                (CoActivity::Evading, "evading"),
                (CoActivity::Pursuing, "pursuing"),
                (CoActivity::Reckless, "reckless"),
            ],
        ),
    }
}
