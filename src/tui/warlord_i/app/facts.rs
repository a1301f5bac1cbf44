//! The facts of the table Herald cannot see, per procedure: Warlord I's
//! lists for the generic form (`tui::facts`), each fact with its key and
//! its words. The values are the referee's; what they mean is the battle's.

use crate::battle::UnitId;
use crate::battle::warlord_i::state::{MAX_BASES, MAX_CCPS, MAX_POINTS};
use crate::battle::warlord_i::{
    Application, Battle, CoCorrection, CoId, Correction, Event, Phase, RallyOutcome, WaverCause,
};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlord_i::{
    Activity, ChargeTarget, CoActivity, CoStatus, Ground, Leader, MeleeFacts, Morale,
    RALLY_OUTCOME, ShotFrom,
};
use crate::tui::facts::Form;

/// A unit's name for a fact, its id first so a cut name still says
/// which: `a6 Gallic horse of Publius`.
fn unit_name(b: &Battle, id: UnitId) -> String {
    b.unit(id)
        .map_or_else(|| id.to_string(), |u| format!("{id} {}", u.unit.name))
}

/// A CO's name, his id marked as a CO's (not a unit's): `Surena (CO b1)`;
/// a lost CO's successor acts for him (WI-4).
fn co_name(b: &Battle, id: CoId) -> String {
    b.co(id).map_or_else(
        || format!("CO {id}"),
        |c| format!("{} (CO {id})", c.co.acting_name()),
    )
}

/// The enemies of `side` on the table.
pub fn enemies(b: &Battle, side: Side) -> Vec<UnitId> {
    b.units(side.other())
        .filter(|(_, u)| !u.off_table())
        .map(|(id, _)| id)
        .collect()
}

/// The key of a choice of enemy units: their side's letter, so `b10`
/// picks b10 as the tables name it.
pub(crate) fn side_key(side: Side) -> char {
    match side {
        Side::A => 'a',
        Side::B => 'b',
    }
}

/// A choice of enemy units, picked by typing the unit's number.
fn enemy<'a>(
    f: &'a mut Form,
    b: &Battle,
    label: &str,
    v: &mut UnitId,
    side: Side,
) -> crate::tui::facts::Mark<'a> {
    let all = enemies(b, side);
    f.choice_numbered(
        side_key(side.other()),
        label,
        v,
        &all,
        |t| unit_name(b, t),
        |t| t.index as u32 + 1,
    )
}

/// A melee side's facts against `foe` (Rules 76, 79, 80; WI-19): side
/// a's keys are small letters, side b's capitals. Only the facts that can
/// count this round are asked: charge and contact advantage in a first
/// round, overlaps from the second (WI-19); a general's wound when one
/// leads. The response is asked after the dice, never here (WI-20).
fn melee_side(
    f: &mut Form,
    b: &Battle,
    (unit, foe): (UnitId, UnitId),
    side: Side,
    facts: &mut MeleeFacts,
) {
    let key = |c: char| match side {
        Side::A => c,
        Side::B => c.to_ascii_uppercase(),
    };
    let who = unit.to_string();
    let held = b.melee_facts(unit, foe);
    let dispersed_general = b
        .general_with(unit)
        .and_then(|c| b.co(c))
        .is_some_and(|c| c.co.dispersed);
    let first = b.engagement(unit, foe).is_none_or(|e| e.rounds == 0);
    f.flag(
        key('a'),
        format!("{who}: advancing (charged, followed up)"),
        &mut facts.advancing,
    )
    .from_record(
        held.advancing == facts.advancing
            && (facts.advancing || b.not_advancing_why(unit, foe).is_some()),
        // WI-20, WI-H2 (wi5 F1): from the record of this pair only.
        if facts.advancing {
            b.advancing_why(unit, foe).unwrap_or("recorded")
        } else {
            b.not_advancing_why(unit, foe).unwrap_or("recorded")
        },
    );
    if first {
        // Rule 79: from the charges recorded (issue 33 item 5); the plan
        // names the line of Rule 79 that gives it.
        let (charge, contact) = b.advantages(unit, foe);
        let c = b.charges_between(unit, foe);
        let words = |yes: bool, given: &'static str| {
            if yes {
                given
            } else if c.charged || c.charged_by {
                "recorded: no Rule 79 line"
            } else {
                "recorded: nobody charged"
            }
        };
        f.flag(
            key('c'),
            format!("{who}: charge advantage (Rule 79)"),
            &mut facts.charge_advantage,
        )
        .from_record(
            facts.charge_advantage == charge.is_some(),
            words(charge.is_some(), "recorded: it charged"),
        );
        f.flag(
            key('n'),
            format!("{who}: contact advantage (Rule 79)"),
            &mut facts.contact_advantage,
        )
        .from_record(
            facts.contact_advantage == contact.is_some(),
            words(
                contact.is_some(),
                if c.charged {
                    "recorded: it charged"
                } else {
                    "recorded: pikes, charged"
                },
            ),
        );
    }
    f.number(
        key('s'),
        format!("{who}: supporting ranks (Rule 79)"),
        &mut facts.supporting_ranks,
        (0, 4),
        1,
    );
    if !first {
        f.number(
            key('o'),
            format!("{who}: flanks overlapped (Rule 79)"),
            &mut facts.overlapped_flanks,
            (0, 2),
            1,
        );
    }
    f.choice(
        key('g'),
        format!("{who}: ground in its favour (Rule 80)"),
        &mut facts.ground,
        &[None, Some(Ground::Minor), Some(Ground::Major)],
        |g| g.map_or("none".to_string(), |g| g.name().to_string()),
    );
    f.flag(
        key('l'),
        format!("{who}: a general leads it (Rule 76)"),
        &mut facts.general_leading,
    )
    .from_record(
        (held.general_leading && facts.general_leading)
            || (dispersed_general && !facts.general_leading),
        // Rule 99, 7 (wi4 F3, wi5 F3): a general with it whose command base
        // is dispersed is not in action, so he leads nobody; said so.
        if dispersed_general && !facts.general_leading {
            "recorded: his base dispersed"
        } else {
            "recorded: CO with it"
        },
    );
    if facts.general_leading {
        f.flag(
            key('w'),
            format!("{who}: that general is wounded (Rule 98)"),
            &mut facts.general_wounded,
        )
        .from_record(
            held.general_wounded && facts.general_wounded,
            "recorded: his wound",
        );
    }
    f.flag(
        key('x'),
        format!("{who}: superior troops (Rule 23)"),
        &mut facts.superior_troops,
    );
}

/// Lists `event`'s facts in the form, each with its key (`tui::facts`).
pub fn list(b: &Battle, event: &mut Event, f: &mut Form) {
    match event {
        // Rule 26, WI-3: the winner's choice is his, asked after the dice
        // (issue 33 item 5): nothing to tell before them.
        Event::OrderOfPlay { .. } => {}
        // WI-5: the C-in-C gives CCPs to the others, not to himself.
        Event::CommandTest { co, transfer, .. } if b.c_in_c_of(*co) != Some(*co) => {
            let mut t = transfer.unwrap_or_default();
            f.number(
                'c',
                "CCPs given by the C-in-C (WI-5)",
                &mut t.ccps,
                (0, 30),
                1,
            );
            let given = t.ccps > 0;
            let distance = f.number(
                'd',
                "cm between the command bases",
                &mut t.distance_cm,
                (0, 200),
                5,
            );
            // WI-5: what arrives depends on the distance; not assumed.
            if given {
                distance.unsaid();
            }
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
            // E54's six applications in its order, each by its number:
            // the first fact, so its number typed straight picks it.
            let e54 = [
                Application::Special,
                Application::Rally,
                Application::Attack,
                Application::Response,
                Application::Normal,
                Application::Prompt,
            ];
            f.choice('f', "for (E54)", application, &e54, |a| {
                let n = e54.iter().position(|x| *x == a).unwrap_or(0) + 1;
                format!("{n} {}", a.title())
            });
            // E54, WI-H1: a rally of a routed unit has an outcome, the referee's; never assumed.
            if *application == Application::Rally
                && b.unit(*unit)
                    .is_some_and(|u| u.unit.morale == Morale::Routed)
                && b.setup().house.word(&RALLY_OUTCOME) == "referee"
            {
                let mut rallied = facts.rallied.unwrap_or(RallyOutcome::NotRallied);
                f.choice(
                    'y',
                    "the rally (the referee's, WI-H1)",
                    &mut rallied,
                    &[
                        RallyOutcome::NotRallied,
                        RallyOutcome::Wavering,
                        RallyOutcome::Shaken,
                    ],
                    |r| r.title().to_string(),
                )
                .unsaid();
                facts.rallied = Some(rallied);
            } else {
                facts.rallied = None;
            }
            f.choice('o', "the CO who spends", co, &spenders, |c| co_name(b, c));
            // E54: only an attack or a prompt names an enemy.
            if matches!(application, Application::Attack | Application::Prompt) {
                let mut targets = vec![None];
                targets.extend(enemies(b, unit.side).into_iter().map(Some));
                let enemy = f.choice_numbered(
                    side_key(unit.side.other()),
                    "the enemy it charges or attacks",
                    target,
                    &targets,
                    |t| t.map_or("none".to_string(), |t| unit_name(b, t)),
                    |t| t.map_or(0, |t| t.index as u32 + 1),
                );
                // E54 application 3, README "nothing is silently assumed": a
                // charge names its enemy; it starts unsaid and Enter waits.
                if *application == Application::Attack && target.is_none() {
                    enemy.unsaid();
                }
            } else {
                *target = None;
            }
            // Rule 29, WI-6: his base with the unit is 0 cm by the record (wi3 R9)
            let with = b.general_with(*unit) == Some(*co) && facts.distance_cm == 0;
            let distance = f.number(
                'd',
                "cm from the CO base to the unit",
                &mut facts.distance_cm,
                (0, 200),
                5,
            );
            if with {
                distance.from_record(true, "recorded: CO with it");
            } else {
                distance.assumed(facts.distance_cm == 0);
            }
            f.flag(
                'r',
                "restrained and prompted together",
                &mut facts.restrain_and_prompt,
            );
            // Rule 29, WI-6: an OO unit prompted to charge an enemy not named
            // above; a named enemy gives it from the record (the plan says
            // its +1), so no toggle can disagree with it (issue 33 item 5).
            if target.is_none() && b.unit(*unit).is_some_and(|u| u.unit.is_oo()) {
                f.choice(
                    'p',
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
            } else {
                facts.charge_target = None;
            }
        }
        Event::Initiative {
            co_activity, facts, ..
        } => {
            f.toggles(
                co_activity,
                &[
                    ('w', CoActivity::Wavering, "its CO is wavering"),
                    ('o', CoActivity::Routed, "its CO is routed"),
                    ('m', CoActivity::InMelee, "its CO is in melee"),
                    ('e', CoActivity::Evading, "its CO is evading"),
                    ('p', CoActivity::Pursuing, "its CO is pursuing"),
                    ('k', CoActivity::Reckless, "its CO is reckless"),
                ],
            );
            f.number(
                'd',
                "cm from the CO base to the unit",
                &mut facts.distance_cm,
                (0, 200),
                5,
            )
            .assumed(facts.distance_cm == 0);
            f.flag(
                'r',
                "restrained and prompted together",
                &mut facts.restrain_and_prompt,
            );
        }
        Event::EnterField { unit, facts, .. } => {
            let mut leaders = vec![None];
            leaders.extend(b.cos(unit.side).map(|(id, _)| Some(id)));
            f.choice('l', "led by another CO", &mut facts.led_by, &leaders, |c| {
                c.map_or("no".to_string(), |c| co_name(b, c))
            });
            let mut flank = facts.flank_march_cm.unwrap_or(0);
            f.number(
                'f',
                "flank march: cm to the baseline",
                &mut flank,
                (0, 300),
                10,
            );
            facts.flank_march_cm = (flank > 0).then_some(flank);
            f.flag('r', "returning to the field", &mut facts.returning);
            f.flag(
                'p',
                "its pursuers have not returned",
                &mut facts.pursuers_not_returned,
            );
            f.number(
                'o',
                "enemy bases opposing the entry",
                &mut facts.opposing_bases,
                (0, 40),
                1,
            );
        }
        Event::Shooting {
            shooter,
            target,
            situation: s,
            ..
        } => {
            enemy(f, b, "target", target, shooter.side);
            // Rule 55: 0 cm would be short range; a range is never assumed.
            f.number('r', "range, cm", &mut s.range_cm, (0, 200), 1)
                .unsaid();
            f.choice(
                'f',
                "shot from the target's",
                &mut s.shot_from,
                &[ShotFrom::Front, ShotFrom::Flank, ShotFrom::Rear],
                |f| f.name().to_string(),
            );
            f.flag('c', "the target is in cover", &mut s.target_in_cover);
            f.flag(
                'o',
                "the target is screened by OO troops",
                &mut s.screened_by_oo,
            );
            // Rule 56, WI-16, WI-17: what the units give unless the referee says.
            if let (Some(sh), Some(tg)) = (b.unit(*shooter), b.unit(*target)) {
                let (sh, tg) = (&sh.unit, &tg.unit);
                let assumed = s.assumed(sh, tg);
                // Rule 56, WI-17: from the flank its ranks face the shooters.
                let (facing_whose, depth_whose) = if s.shot_from == ShotFrom::Flank {
                    ("its ranks", "its files")
                } else {
                    ("its files", "its ranks")
                };
                if let [first, others @ ..] = assumed.weapons.as_slice()
                    && !others.is_empty()
                {
                    let mut all = vec![None];
                    all.extend(others.iter().copied().map(Some));
                    f.choice('w', "weapon", &mut s.weapon, &all, |w| match w {
                        Some(w) => w.title().to_string(),
                        None => format!("{} (its first)", first.title()),
                    });
                }
                f.number_or(
                    's',
                    "bases shooting",
                    &mut s.shooting_bases,
                    assumed.shooting_bases,
                    (1, sh.bases.max(1)),
                    "its files",
                );
                f.number_or(
                    'n',
                    "target bases facing the shooters",
                    &mut s.target_front_bases,
                    assumed.target_front_bases,
                    (1, tg.bases.max(1)),
                    facing_whose,
                );
                f.number_or(
                    'd',
                    "target ranks or files deep",
                    &mut s.target_depth,
                    assumed.target_depth,
                    (1, tg.bases.max(1)),
                    depth_whose,
                );
                if let Some(ranks) = assumed.ranks_in_line_of_fire {
                    f.number_or(
                        'l',
                        "close-order ranks in the line of fire",
                        &mut s.ranks_in_line_of_fire,
                        ranks,
                        (0, 2),
                        "in the open",
                    );
                }
            }
        }
        // Rule 58: one cause, each on its key; none until the referee says
        // it (issue 33 item 5).
        Event::Flag { cause, .. } => {
            let all = [
                ('d', WaverCause::Disaster),
                ('p', WaverCause::PressHome),
                ('c', WaverCause::CounterChargeHome),
                ('s', WaverCause::StandToReceive),
                ('r', WaverCause::RetreatOrFollowUp),
                ('f', WaverCause::FakeRetreat),
                ('l', WaverCause::ReligiousParty),
                ('h', WaverCause::Shooting),
            ];
            one_of(f, cause, &all, |c| c.title());
        }
        // Rule 62: one cause, each on its key; none until said.
        Event::Rout {
            unit,
            cause,
            bases_in_contact,
        } => {
            use crate::battle::warlord_i::RoutCause;
            let all = [
                ('i', RoutCause::Interpenetrated),
                ('w', RoutCause::InterpenetratedWavering),
                ('s', RoutCause::ThroughShaken),
                ('v', RoutCause::ThroughShakenWavering),
                ('e', RoutCause::EvadersTrapped),
            ];
            one_of(f, cause, &all, |c| c.choice());
            // Rules 62, 70, 89 (wi4 F4): trapped evaders lose the bases in
            // direct contact; the table's count, the referee's to say.
            if *cause == RoutCause::EvadersTrapped {
                let most = b.unit(*unit).map_or(1, |u| u.unit.bases.max(1));
                f.number(
                    'b',
                    "its bases in direct contact (destroyed)",
                    bases_in_contact,
                    (1, most),
                    1,
                );
            } else {
                *bases_in_contact = 0;
            }
        }
        // WI-12: the referee names the friends within 10 cm, by number
        // (Herald has no map); none is an answer.
        Event::FriendsWithin10cm { disaster, units } => {
            let all = b.friends_of(*disaster);
            f.numbered_set(
                side_key(disaster.side()),
                "friendly units within 10 cm (their numbers)",
                units,
                &all,
                |u| u.to_string(),
                |u| u.index as u32 + 1,
            );
        }
        Event::WaverTest {
            unit, situation: s, ..
        } => {
            f.flag(
                'd',
                "a friendly disaster within 10 cm",
                &mut s.friendly_disaster_within_10cm,
            )
            .from_record(
                s.friendly_disaster_within_10cm && b.near_disaster(*unit),
                "recorded: near a disaster",
            );
            f.flag(
                'e',
                "charged by elephants or chariots",
                &mut s.charged_by_elephants,
            );
            f.flag(
                'h',
                "hostile elephants within 10 cm",
                &mut s.hostile_elephants_within_10cm,
            );
            f.flag('b', "enemy behind a flank", &mut s.enemy_behind_flank);
            f.flag(
                'l',
                "a religious party lost in sight",
                &mut s.religious_party_lost,
            );
            f.flag('r', "rear support within 4 cm", &mut s.rear_support);
            f.flag(
                'o',
                "hostile routers within 10 cm",
                &mut s.hostile_routers_within_10cm,
            );
            f.flag('c', "taking cover", &mut s.in_cover);
            f.flag('n', "within 20 cm of a camp", &mut s.near_camp);
            f.flag('k', "trying to charge home", &mut s.charging_home)
                .from_record(
                    s.charging_home && b.charging_home(*unit),
                    "recorded: pressing home",
                );
            f.flag('p', "the charge is against pikes", &mut s.charging_pikes);
            f.flag(
                'f',
                "charging a flank or rear",
                &mut s.charging_flank_or_rear,
            );
            f.flag(
                'a',
                "charging OO or artillery in the open",
                &mut s.charging_oo_or_artillery_in_open,
            );
            f.flag(
                'g',
                "a religious party in sight",
                &mut s.religious_party_in_sight,
            );
            f.number('s', "secure flanks", &mut s.secure_flanks, (0, 2), 1);
            let led = b.leader_of(*unit);
            let dispersed = b
                .general_with(*unit)
                .and_then(|c| b.co(c))
                .is_some_and(|c| c.co.dispersed);
            f.choice(
                'y',
                "led by (Rule 59, WI-14)",
                &mut s.led_by,
                &[None, Some(Leader::DivisionalCo), Some(Leader::CInC)],
                |l| match l {
                    None => "nobody".to_string(),
                    Some(Leader::DivisionalCo) => "a divisional CO".to_string(),
                    Some(Leader::CInC) => "the C-in-C".to_string(),
                },
            )
            .from_record(
                (s.led_by.is_some() && s.led_by == led) || (s.led_by.is_none() && dispersed),
                // Rule 99, 7 (wi4 F3): the general with it is dispersed.
                if dispersed && s.led_by.is_none() {
                    "recorded: dispersed"
                } else {
                    "recorded"
                },
            );
            f.flag('x', "no leader bonus (WI-14)", &mut s.leader_bonus_off);
        }
        Event::Attrition { gains: g, .. } => {
            for (key, label, v) in [
                (
                    'c',
                    "flank or rear charges declared on it",
                    &mut g.flank_rear_charges,
                ),
                (
                    'd',
                    "friendly disasters within 10 cm",
                    &mut g.friendly_disasters,
                ),
                ('p', "disorder points (Rule 18)", &mut g.disorder),
                ('s', "shooting hits", &mut g.shooting_hits),
                (
                    'k',
                    "shaken without recoil or retreat",
                    &mut g.shaken_no_recoil,
                ),
                (
                    'o',
                    "charges over defences or pits",
                    &mut g.charged_over_defences,
                ),
                (
                    'x',
                    "crossings of chevaux de frise",
                    &mut g.crossed_chevaux_de_frise,
                ),
                (
                    'r',
                    "reckless charges facing pikes",
                    &mut g.reckless_charge_facing_pikes,
                ),
                ('m', "melee points above 4", &mut g.melee_excess),
            ] {
                f.number(key, label, v, (0, 20), 1);
            }
        }
        Event::FugitiveAttrition { situation: s, .. } => {
            f.flag('o', "overridden", &mut s.overridden);
            f.flag('r', "ridden through", &mut s.ridden_through);
            f.flag(
                'd',
                "skirmishing in difficult terrain",
                &mut s.difficult_terrain,
            );
            f.number(
                'e',
                "elephants bursting through",
                &mut s.elephants_burst_through,
                (0, 20),
                1,
            );
            f.number(
                'b',
                "overriding bases pulled up",
                &mut s.overriding_bases,
                (0, 20),
                1,
            );
            f.number(
                'x',
                "expendable-weapon bases attacked",
                &mut s.expendable_bases,
                (0, 20),
                1,
            );
            f.number(
                'p',
                "pursuing bases still in contact",
                &mut s.pursuers_in_contact,
                (0, 20),
                1,
            );
        }
        Event::Engage { a, b: other } => {
            enemy(f, b, "in melee with", other, a.side);
        }
        Event::Melee {
            a,
            b: other,
            facts_a,
            facts_b,
            ..
        } => {
            melee_side(f, b, (*a, *other), Side::A, facts_a);
            melee_side(f, b, (*other, *a), Side::B, facts_b);
        }
        Event::Correct { unit, correction } => correct(f, b, *unit, correction),
        Event::CorrectCo { co, correction } => correct_co(f, b, *co, correction),
        // Rule 25: any step of this Move or the next; not an earlier Move,
        // which the battle would conclude and start afresh (undo goes back).
        Event::GoTo { turn, phase } => {
            f.number('m', "Move", turn, (b.turn(), b.turn() + 1), 1);
            f.choice('s', "step", phase, &steps(b), |p| {
                format!("{} {p}", p.step())
            });
        }
        _ => {}
    }
}

/// One of several causes, each on its key, unsaid until one is chosen:
/// the roll (or the record) waits for it.
fn one_of<T: Copy + PartialEq>(
    f: &mut Form,
    v: &mut T,
    all: &[(char, T)],
    title: impl Fn(T) -> &'static str,
) {
    let said = all.iter().any(|(k, _)| f.said(*k));
    for (key, c) in all {
        let mark = f.option(*key, title(*c), v, *c);
        if !said {
            mark.unsaid();
        }
    }
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

/// A correction of one unit (the table is the truth): which field (`f`,
/// or its number), then its value (`v`; the activities on their keys).
fn correct(f: &mut Form, b: &Battle, unit: UnitId, c: &mut Correction) {
    let all = corrections(b, unit);
    if all.is_empty() {
        return;
    }
    let mut which = field_of(c);
    f.choice(
        'f',
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
        Correction::Morale(m) => {
            f.choice(
                'v',
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
            );
        }
        Correction::Aps(n) => {
            f.number('v', "APs (DPs included)", n, (0, MAX_POINTS), 1);
        }
        Correction::Dps(n) => {
            f.number('v', "DPs", n, (0, MAX_POINTS), 1);
        }
        Correction::Bases(n) => {
            f.number('v', "bases (0: destroyed)", n, (0, MAX_BASES), 1);
        }
        Correction::BasesLost(n) => {
            f.number('v', "bases lost so far", n, (0, MAX_BASES), 1);
        }
        Correction::Files(n) => {
            f.number('v', "files", n, (0, MAX_BASES), 1);
        }
        Correction::Ranks(n) => {
            f.number('v', "ranks", n, (0, MAX_BASES), 1);
        }
        Correction::WaverTested(v) => {
            f.flag('v', "waver-tested this Move", v);
        }
        Correction::Removed(v) => {
            f.flag('v', "off the table (evaded off, not arrived)", v);
        }
        // WI-23: charges, evasions and pursuits are the table's; in melee
        // follows its engagements (the battle keeps it so).
        Correction::Activity(list) => f.toggles(
            list,
            &[
                ('c', Activity::Charging, "charging"),
                ('k', Activity::CounterCharging, "counter-charging"),
                ('b', Activity::BeingCharged, "being charged"),
                ('a', Activity::Advancing, "advancing"),
                ('e', Activity::Evading, "evading"),
                ('p', Activity::Pursuing, "pursuing"),
                ('l', Activity::Looting, "looting"),
                ('m', Activity::InMelee, "in melee (follows its engagements)"),
            ],
        ),
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

/// A correction of one CO (the table is the truth): which field (`f`),
/// then its value (`v`; his activities on their keys).
fn correct_co(f: &mut Form, b: &Battle, co: CoId, c: &mut CoCorrection) {
    let all = co_corrections(b, co);
    if all.is_empty() {
        return;
    }
    let mut which = co_field_of(c);
    f.choice(
        'f',
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
        CoCorrection::Status(s) => {
            f.choice(
                'v',
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
            );
        }
        // Rule 99: a dispersed command base.
        CoCorrection::Dispersed(v) => {
            f.flag('v', "command base dispersed (Rule 99)", v);
        }
        // Rule 29, WI-4: CCPs are spent this Move or lapse.
        CoCorrection::Ccps(n) => {
            f.number('v', "CCPs left this Move (Rule 29)", n, (0, MAX_CCPS), 1);
        }
        // Rule 29: what he does himself costs his command dice.
        CoCorrection::Activity(list) => f.toggles(
            list,
            &[
                ('w', CoActivity::Wavering, "wavering"),
                ('o', CoActivity::Routed, "routed"),
                ('m', CoActivity::InMelee, "in melee"),
                ('e', CoActivity::Evading, "evading"),
                ('p', CoActivity::Pursuing, "pursuing"),
                ('k', CoActivity::Reckless, "reckless"),
            ],
        ),
    }
}
