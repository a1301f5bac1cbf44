//! Every Warlord I modifier, one at a time: turning its condition on moves
//! the total by exactly the rule's amount, and the resolved explanation
//! carries its line with the rule and ruling it cites.

use herald::dice::Dice;
use herald::rules::explain::{Modifier, total};
use herald::rules::warlord_i::{
    Activity, Armour, Attrition, AttritionGains, CcpCost, CcpSituation, ChargeTarget, Class, Co,
    CoActivity, CoStatus, CommandSituation, CommandTest, Drill, EnterField, EnterSituation,
    Formation, FugitiveAttrition, FugitiveSituation, Ground, Leader, Melee, MeleeFacts,
    MeleeWeapon, Morale, MoraleClass, Order, Shooting, ShootingSituation, ShotFrom, SidesDice,
    Transfer, TroopType, Unit, WaverSituation, WaverTest, Weapon,
};

/// Checks one modifier: `changed` totals `delta` more than `base`, and has
/// a line saying `needle` citing `rule`, found in the resolved `text` too.
fn check(
    what: &str,
    base: &[Modifier],
    changed: &[Modifier],
    text: &str,
    delta: i32,
    needle: &str,
    rule: &str,
) {
    assert_eq!(total(changed) - total(base), delta, "{what}: {changed:#?}");
    let m = changed
        .iter()
        .find(|m| m.reason.contains(needle))
        .unwrap_or_else(|| panic!("{what}: no line says {needle:?} in {changed:#?}"));
    assert!(
        m.cite.0.contains(rule),
        "{what}: {} cites {}",
        m.reason,
        m.cite
    );
    assert!(
        text.contains(needle) && text.contains(rule),
        "{what}: the explanation lacks it:\n{text}"
    );
}

fn foot(name: &str) -> Unit {
    Unit::new(name, TroopType::Foot, 6).with_files(3)
}

#[test]
fn command_test_deductions_rule_29() {
    let base_co = Co::new("Ptolemy", 2);
    let run = |co: &Co, s: CommandSituation| {
        let p = CommandTest::plan(co, s).unwrap();
        let text = p
            .resolve(&Dice::white(&[6, 6]).unwrap())
            .unwrap()
            .explanation
            .to_string();
        (p.per_die, text)
    };
    let (base, _) = run(&base_co, CommandSituation::default());
    let mut cases: Vec<(&str, Co, CommandSituation, i32, &str)> = Vec::new();
    for (a, word) in [
        (CoActivity::Wavering, "wavering"),
        (CoActivity::Routed, "routed"),
        (CoActivity::InMelee, "in melee"),
        (CoActivity::Evading, "evading"),
        (CoActivity::Pursuing, "pursuing"),
        (CoActivity::Reckless, "reckless"),
    ] {
        let mut co = base_co.clone();
        co.activity = vec![a];
        cases.push(("activity", co, CommandSituation::default(), -1, word));
    }
    let mut co = base_co.clone();
    co.dispersed = true;
    cases.push((
        "dispersed",
        co,
        CommandSituation::default(),
        -1,
        "dispersed (once)",
    ));
    for (status, d, word) in [
        (CoStatus::Wounded, -1, "is wounded"),
        (CoStatus::BadlyWounded, -2, "badly wounded"),
        (CoStatus::Captured, -2, "captured"),
        (CoStatus::Killed, -2, "killed"),
    ] {
        let mut co = base_co.clone();
        co.status = status;
        cases.push(("status", co, CommandSituation::default(), d, word));
    }
    let lost = CommandSituation {
        units_lost: 3,
        ..Default::default()
    };
    cases.push((
        "units lost",
        base_co.clone(),
        lost,
        -3,
        "3 unit(s) lost by the division",
    ));
    let init = CommandSituation {
        initiative: true,
        ..Default::default()
    };
    cases.push((
        "initiative",
        base_co.clone(),
        init,
        -1,
        "using his initiative",
    ));
    for (what, co, s, d, needle) in cases {
        let (changed, text) = run(&co, s);
        check(what, &base, &changed, &text, d, needle, "Rule");
    }
    // The transfer is not per die: -1 per whole 10 cm once (WI-5).
    let t = CommandSituation {
        transfer: Some(Transfer {
            ccps: 4,
            distance_cm: 31,
        }),
        ..Default::default()
    };
    let (_, text) = run(&base_co, t);
    assert!(
        text.contains("-3 (1 per whole 10 cm), 1 received") && text.contains("WI-5"),
        "{text}"
    );
}

#[test]
fn ccp_cost_extras_rule_29() {
    let run = |u: &Unit, s: CcpSituation| {
        let p = CcpCost::plan(u, s).unwrap();
        let text = p.resolve(Some(20)).explanation.to_string();
        (p.extras, text)
    };
    let mut u = foot("Levy");
    u.order = Order::Oo;
    let (base, _) = run(&u, CcpSituation::default());
    let mut routed = u.clone();
    routed.morale = Morale::Routed;
    let rally = CcpSituation {
        rally: true,
        ..Default::default()
    };
    let (c, t) = run(&routed, rally);
    check(
        "rally",
        &run(&routed, CcpSituation::default()).0,
        &c,
        &t,
        1,
        "rallying a routed unit",
        "WI-6",
    );
    let both = CcpSituation {
        restrain_and_prompt: true,
        ..Default::default()
    };
    let (c, t) = run(&u, both);
    check(
        "restrain and prompt",
        &base,
        &c,
        &t,
        1,
        "restraining and prompting",
        "WI-6",
    );
    for (a, word) in [
        (Activity::InMelee, "in melee"),
        (Activity::Pursuing, "pursuing"),
        (Activity::Looting, "looting"),
    ] {
        let mut busy = u.clone();
        busy.activity = vec![a];
        let (c, t) = run(&busy, CcpSituation::default());
        check("busy bases", &base, &c, &t, 1, word, "WI-6");
    }
    let charge = CcpSituation {
        charge_target: Some(ChargeTarget::Other),
        ..Default::default()
    };
    let (c, t) = run(&u, charge);
    check(
        "OO charging close troops",
        &base,
        &c,
        &t,
        1,
        "OO troops prompted to charge",
        "WI-6",
    );
    let far = CcpSituation {
        distance_cm: 27,
        ..Default::default()
    };
    let (c, t) = run(&u, far);
    check("distance", &base, &c, &t, 2, "2 whole 10 cm", "WI-1, WI-6");
    let lost = CcpSituation {
        co_base_lost: true,
        ..Default::default()
    };
    let (c, t) = run(&u, lost);
    check(
        "CO base lost",
        &base,
        &c,
        &t,
        1,
        "CO base is lost",
        "WI-4, WI-6",
    );
}

#[test]
fn attrition_causes_rule_12() {
    let mut horse = Unit::new("Horse", TroopType::Cavalry, 8);
    horse.morale = Morale::Reckless;
    let run = |g: AttritionGains| {
        let p = Attrition::plan(&horse, g).unwrap();
        let text = p.resolve().explanation.to_string();
        (p.causes, text)
    };
    let (base, _) = run(AttritionGains::default());
    let g = AttritionGains::default;
    let cases: Vec<(AttritionGains, i32, &str)> = vec![
        (
            AttritionGains {
                flank_rear_charges: 1,
                ..g()
            },
            1,
            "from behind its flank or rear",
        ),
        (
            AttritionGains {
                friendly_disasters: 1,
                ..g()
            },
            1,
            "friendly disaster within 10 cm",
        ),
        (AttritionGains { disorder: 1, ..g() }, 1, "a DP is an AP"),
        (
            AttritionGains {
                shooting_hits: 1,
                ..g()
            },
            1,
            "shooting hit",
        ),
        (
            AttritionGains {
                shaken_no_recoil: 1,
                ..g()
            },
            1,
            "shaken without recoiling",
        ),
        (
            AttritionGains {
                charged_over_defences: 1,
                ..g()
            },
            2,
            "(& above)",
        ),
        (
            AttritionGains {
                crossed_chevaux_de_frise: 1,
                ..g()
            },
            1,
            "chevaux de frise",
        ),
        (
            AttritionGains {
                reckless_charge_facing_pikes: 1,
                ..g()
            },
            1,
            "facing pikes",
        ),
        (
            AttritionGains {
                melee_excess: 2,
                ..g()
            },
            2,
            "above 4",
        ),
    ];
    for (gains, d, needle) in cases {
        let (c, t) = run(gains);
        check(needle, &base, &c, &t, d, needle, "WI-8");
    }
}

#[test]
fn fugitive_modifiers_rule_13() {
    let mut u = Unit::new("Skirmishers", TroopType::Foot, 5);
    u.order = Order::Oo;
    u.morale = Morale::Routed;
    let run = |u: &Unit, s: FugitiveSituation| {
        let p = FugitiveAttrition::plan(u, s).unwrap();
        let text = p
            .resolve(&Dice::white(&[3]).unwrap())
            .unwrap()
            .explanation
            .to_string();
        (p.modifiers, text)
    };
    let f = FugitiveSituation::default;
    let (base, _) = run(&u, f());
    // Rule 13, WI-11: elephants bursting through count against NO troops,
    // chariots, elephants or artillery, never against OO skirmishers.
    let elephants = FugitiveSituation {
        elephants_burst_through: 2,
        ..f()
    };
    let (c, t) = run(&u, elephants);
    assert_eq!(c, base, "no elephant bonus against OO troops");
    assert!(t.contains("not OO troops"), "{t}");
    let mut close = u.clone();
    close.order = Order::Nc;
    let (close_base, _) = run(&close, f());
    let (c, t) = run(&close, elephants);
    check(
        "elephants",
        &close_base,
        &c,
        &t,
        2,
        "elephant(s) bursting through",
        "Rule 13",
    );
    for (s, d, needle) in [
        (
            FugitiveSituation {
                overriding_bases: 5,
                ..f()
            },
            2,
            "overriding bases pulled up on skirmishers",
        ),
        (
            FugitiveSituation {
                expendable_bases: 4,
                ..f()
            },
            2,
            "expendable-weapon bases",
        ),
        (
            FugitiveSituation {
                ridden_through: true,
                ..f()
            },
            -1,
            "ridden through (the largest",
        ),
        (
            FugitiveSituation {
                difficult_terrain: true,
                ..f()
            },
            -1,
            "skirmishing in difficult terrain",
        ),
    ] {
        let (c, t) = run(&u, s);
        check(needle, &base, &c, &t, d, needle, "Rule 13");
    }
    assert!(
        base.iter()
            .any(|m| m.reason.contains("5 routing bases") && m.value == 2)
    );
    assert!(
        base.iter()
            .any(|m| m.reason.contains("routed (the largest") && m.value == -2)
    );
    // Evaders by class, and the overridden.
    let mut ev = u.clone();
    ev.morale = Morale::Steady;
    ev.activity = vec![Activity::Evading];
    for (class, v, word) in [
        (Class::Raw, -2, "Raw evaders"),
        (Class::Seasoned, -3, "Seasoned evaders"),
        (Class::Veteran, -4, "Veteran evaders"),
    ] {
        ev.class = class;
        let (c, t) = run(&ev, f());
        assert!(
            c.iter().any(|m| m.reason.contains(word) && m.value == v),
            "{c:#?}"
        );
        assert!(t.contains(word) && t.contains("evading bases"));
    }
    let mut steady = u.clone();
    steady.morale = Morale::Steady;
    let (c, t) = run(
        &steady,
        FugitiveSituation {
            overridden: true,
            pursuers_in_contact: 1,
            ..f()
        },
    );
    assert!(
        c.iter()
            .any(|m| m.reason.contains("being overridden") && m.value == -2),
        "{c:#?}"
    );
    assert!(
        t.contains("pursuing base(s) in contact") && t.contains("Rule 13, WI-11"),
        "{t}"
    );
}

#[test]
fn entering_modifiers_rule_47() {
    let mut u = Unit::new("Horse", TroopType::Cavalry, 4);
    let run = |u: &Unit, s: EnterSituation| {
        let p = EnterField::plan(u, s).unwrap();
        let text = p
            .resolve(&Dice::white(&[3, 3]).unwrap())
            .unwrap()
            .explanation
            .to_string();
        (p.modifiers, text)
    };
    let e = EnterSituation::default;
    let (base, _) = run(&u, e());
    for stars in 1..=3u8 {
        let mut led = u.clone();
        led.co_stars = stars;
        let (c, t) = run(&led, e());
        check(
            "stars",
            &base,
            &c,
            &t,
            i32::from(stars),
            &format!("{stars}-star CO"),
            "Rule 47",
        );
    }
    for (s, d, needle) in [
        (
            EnterSituation {
                previous_failures: 5,
                ..e()
            },
            2,
            "earlier failed attempts",
        ),
        (
            EnterSituation {
                flank_march_cm: Some(65),
                ..e()
            },
            -2,
            "flank march",
        ),
        (
            EnterSituation {
                pursuers_not_returned: true,
                ..e()
            },
            -1,
            "pursuers have not yet returned",
        ),
        (
            EnterSituation {
                opposing_bases: 7,
                ..e()
            },
            -1,
            "less than twice",
        ),
        (
            EnterSituation {
                opposing_bases: 8,
                ..e()
            },
            -2,
            "twice as many",
        ),
        (
            EnterSituation {
                opposing_bases: 12,
                ..e()
            },
            -3,
            "3 times",
        ),
        (
            EnterSituation {
                opposing_bases: 16,
                ..e()
            },
            -4,
            "4 times or more",
        ),
    ] {
        let (c, t) = run(&u, s);
        check(needle, &base, &c, &t, d, needle, "Rule 47");
    }
    let back = EnterSituation {
        returning: true,
        ..e()
    };
    for (class, mc, d, needle) in [
        (Class::Veteran, MoraleClass::C, 1, "returning Veterans"),
        (Class::Raw, MoraleClass::C, -1, "returning Raw troops"),
        (
            Class::Seasoned,
            MoraleClass::D,
            -1,
            "returning D class troops",
        ),
    ] {
        u.class = class;
        u.morale_class = mc;
        let (c, t) = run(&u, back);
        check(needle, &base, &c, &t, d, needle, "Rule 47");
    }
}

#[test]
fn shooting_modifiers_rule_56() {
    let mut archers = Unit::new("Archers", TroopType::Foot, 4).with_files(4);
    archers.order = Order::Oo;
    archers.weapons = vec![Weapon::Bow, Weapon::Crossbow, Weapon::Mixed];
    let target = Unit::new("Foot", TroopType::Foot, 4).with_files(4);
    let run = |s: &Unit, t: &Unit, sit: ShootingSituation| {
        let p = Shooting::plan(s, t, sit).unwrap();
        let faces: Vec<u8> = vec![4; p.dice as usize];
        let text = p
            .resolve(&Dice::white(&faces).unwrap())
            .unwrap()
            .explanation
            .to_string();
        (p.modifiers, text)
    };
    let long = ShootingSituation {
        range_cm: 15,
        ..Default::default()
    };
    let (base, _) = run(&archers, &target, long);
    let s = |sit: ShootingSituation| sit;
    for (sit, d, needle) in [
        (
            s(ShootingSituation {
                shooting_bases: Some(4),
                target_front_bases: Some(2),
                ..long
            }),
            1,
            "shooting bases against 2 target bases",
        ),
        (
            s(ShootingSituation {
                target_depth: Some(3),
                ..long
            }),
            -2,
            "2 extra close-order rank",
        ),
        (
            s(ShootingSituation {
                target_depth: Some(5),
                shot_from: ShotFrom::Rear,
                ..long
            }),
            -2,
            "2 count as 1 from behind",
        ),
        (
            s(ShootingSituation {
                range_cm: 12,
                ..long
            }),
            2,
            "bows at short range",
        ),
        (
            s(ShootingSituation {
                range_cm: 12,
                weapon: Some(herald::rules::warlord_i::ShootingWeapon::Crossbow),
                ..long
            }),
            2,
            "crossbows at short range",
        ),
        (
            s(ShootingSituation {
                range_cm: 12,
                weapon: Some(herald::rules::warlord_i::ShootingWeapon::Mixed),
                ..long
            }),
            1,
            "mixed weapons at short range",
        ),
        (
            s(ShootingSituation {
                screened_by_oo: true,
                ..long
            }),
            -1,
            "screened by OO troops",
        ),
        (
            s(ShootingSituation {
                target_in_cover: true,
                ..long
            }),
            -2,
            "target in cover",
        ),
    ] {
        let (c, t) = run(&archers, &target, sit);
        check(needle, &base, &c, &t, d, needle, "Rule");
    }
    for (a, word) in [
        (Activity::Charging, "charging"),
        (Activity::Evading, "evading"),
    ] {
        let mut s = archers.clone();
        s.activity = vec![a];
        let (c, t) = run(&s, &target, long);
        check(
            "shooters",
            &base,
            &c,
            &t,
            -1,
            &format!("shooters {word}"),
            "Rule 56",
        );
    }
    for (m, word) in [
        (Morale::Dispersed, "dispersed"),
        (Morale::Shaken, "shaken"),
        (Morale::Wavering, "wavering"),
    ] {
        let mut s = archers.clone();
        s.morale = m;
        let (c, t) = run(&s, &target, long);
        check(
            "shooters",
            &base,
            &c,
            &t,
            -1,
            &format!("shooters {word}"),
            "Rule 56",
        );
    }
    let mut disordered = archers.clone();
    (disordered.aps, disordered.dps) = (1, 1);
    let (c, t) = run(&disordered, &target, long);
    check(
        "disordered",
        &base,
        &c,
        &t,
        -1,
        "shooters disordered",
        "Rule 56",
    );
    for (a, word) in [
        (Activity::Charging, "target charging"),
        (Activity::Pursuing, "target pursuing"),
    ] {
        let mut tg = target.clone();
        tg.activity = vec![a];
        let (c, t) = run(&archers, &tg, long);
        check("target", &base, &c, &t, -1, word, "Rule 56");
    }
    let mut oo = target.clone();
    oo.order = Order::Oo;
    let (c, t) = run(&archers, &oo, long);
    check(
        "OO target",
        &base,
        &c,
        &t,
        -1,
        "target is OO troops in the open",
        "Rule 56",
    );
    // Artillery: ranks in the line of fire, a flank in the open, cover spared.
    let cat = Unit::new("Catapult", TroopType::LightCatapult, 1);
    let far = ShootingSituation {
        range_cm: 40,
        target_front_bases: Some(1),
        ranks_in_line_of_fire: Some(0),
        ..Default::default()
    };
    let (abase, _) = run(&cat, &target, far);
    let (c, t) = run(
        &cat,
        &target,
        ShootingSituation {
            ranks_in_line_of_fire: Some(2),
            ..far
        },
    );
    check(
        "line of fire",
        &abase,
        &c,
        &t,
        2,
        "in the artillery's line of fire",
        "Rule 56",
    );
    let (c, t) = run(
        &cat,
        &target,
        ShootingSituation {
            shot_from: ShotFrom::Flank,
            ..far
        },
    );
    check(
        "flank",
        &abase,
        &c,
        &t,
        2,
        "close-order flank in the open from the flank",
        "Rule 56",
    );
    let (c, t) = run(
        &cat,
        &target,
        ShootingSituation {
            target_in_cover: true,
            ..far
        },
    );
    assert_eq!(total(&c), total(&abase));
    assert!(t.contains("loses nothing for it"), "{t}");
}

#[test]
fn waver_modifiers_rule_59() {
    let u = foot("Hoplites");
    let run = |u: &Unit, s: WaverSituation| {
        let p = WaverTest::plan(u, s).unwrap();
        let text = p
            .resolve(&Dice::white(&[3, 4]).unwrap())
            .unwrap()
            .explanation
            .to_string();
        (p.modifiers, text)
    };
    let w = WaverSituation::default;
    let (base, _) = run(&u, w());
    assert!(
        base.iter()
            .any(|m| m.reason == "morale class C" && m.value == 3)
    );
    for (mc, v) in [
        (MoraleClass::A, 5),
        (MoraleClass::B, 4),
        (MoraleClass::D, 2),
        (MoraleClass::E, 1),
    ] {
        let mut x = u.clone();
        x.morale_class = mc;
        let (c, t) = run(&x, w());
        check(
            "morale class",
            &base,
            &c,
            &t,
            v - 3,
            &format!("morale class {}", mc.letter()),
            "Rule 59",
        );
    }
    for (s, d, needle) in [
        (
            WaverSituation {
                friendly_disaster_within_10cm: true,
                ..w()
            },
            -1,
            "a friendly disaster within 10 cm",
        ),
        (
            WaverSituation {
                charged_by_elephants: true,
                ..w()
            },
            -2,
            "charged by elephants",
        ),
        (
            WaverSituation {
                hostile_elephants_within_10cm: true,
                ..w()
            },
            -1,
            "hostile elephants within 10 cm",
        ),
        (
            WaverSituation {
                enemy_behind_flank: true,
                ..w()
            },
            -2,
            "behind a flank",
        ),
        (
            WaverSituation {
                religious_party_lost: true,
                ..w()
            },
            -1,
            "religious party destroyed",
        ),
        (
            WaverSituation {
                secure_flanks: 2,
                ..w()
            },
            2,
            "2 secure flank(s)",
        ),
        (
            WaverSituation {
                rear_support: true,
                ..w()
            },
            2,
            "rear support",
        ),
        (
            WaverSituation {
                hostile_routers_within_10cm: true,
                ..w()
            },
            2,
            "hostile routed bases",
        ),
        (
            WaverSituation {
                in_cover: true,
                ..w()
            },
            2,
            "taking cover",
        ),
        (
            WaverSituation {
                near_camp: true,
                ..w()
            },
            2,
            "within 20 cm of a camp",
        ),
        (
            WaverSituation {
                in_cover: true,
                near_camp: true,
                ..w()
            },
            2,
            "(once)",
        ),
        (
            WaverSituation {
                charging_home: true,
                ..w()
            },
            1,
            "trying to charge home",
        ),
        (
            WaverSituation {
                charging_flank_or_rear: true,
                ..w()
            },
            2,
            "charging a flank or rear",
        ),
        (
            WaverSituation {
                charging_oo_or_artillery_in_open: true,
                ..w()
            },
            2,
            "charging OO troops or artillery",
        ),
        (
            WaverSituation {
                religious_party_in_sight: true,
                ..w()
            },
            1,
            "not under threat in sight",
        ),
        (
            WaverSituation {
                led_by: Some(Leader::CInC),
                ..w()
            },
            2,
            "led by the C-in-C",
        ),
        (
            WaverSituation {
                led_by: Some(Leader::DivisionalCo),
                ..w()
            },
            1,
            "led by its divisional CO",
        ),
    ] {
        let (c, t) = run(&u, s);
        check(needle, &base, &c, &t, d, needle, "Rule 59");
    }
    let mut worn = u.clone();
    (worn.bases_lost, worn.aps) = (2, 3);
    let (c, t) = run(&worn, w());
    check("bases lost", &base, &c, &t, -7, "2 base(s) lost", "Rule 59");
    assert!(t.contains("3 AP(s) held"));
    let mut sq = u.clone();
    sq.formation = Formation::Square;
    let (c, t) = run(&sq, w());
    check("square", &base, &c, &t, 2, "in square", "Rule 59");
    let mut adv = u.clone();
    adv.activity = vec![Activity::Advancing];
    let (c, t) = run(&adv, w());
    check(
        "advancing",
        &base,
        &c,
        &t,
        1,
        "advancing close-order troops",
        "Rule 59",
    );
    let mut reckless = u.clone();
    reckless.morale = Morale::Reckless;
    let (c, t) = run(&reckless, w());
    check("reckless", &base, &c, &t, 2, "reckless troops", "Rule 59");
    // Charging home is lost by missile-armed troops and against pikes.
    let mut bows = u.clone();
    bows.weapons = vec![Weapon::Bow];
    let (c, t) = run(
        &bows,
        WaverSituation {
            charging_home: true,
            ..w()
        },
    );
    assert_eq!(total(&c), total(&base));
    assert!(t.contains("missile-armed troops lose the +1"), "{t}");
    let (c, t) = run(
        &u,
        WaverSituation {
            charging_home: true,
            charging_pikes: true,
            ..w()
        },
    );
    assert_eq!(total(&c), total(&base));
    assert!(t.contains("against pikes"), "{t}");
}

#[test]
fn melee_modifiers_rules_76_79_80() {
    let mut a = foot("A");
    a.weapons = vec![Weapon::Spear];
    let b = a.clone();
    let run = |round: u32, a: &Unit, fa: MeleeFacts, b: &Unit, fb: MeleeFacts| {
        let p = Melee::plan(round, (a, fa), (b, fb)).unwrap();
        let d = SidesDice {
            a: Dice::white(&[3]).unwrap(),
            b: Dice::white(&[3]).unwrap(),
        };
        let text = p.resolve(&d).unwrap().explanation.to_string();
        (p.a.modifiers, text)
    };
    let f = MeleeFacts::default;
    let (base1, _) = run(1, &a, f(), &b, f());
    let (base2, _) = run(2, &a, f(), &b, f());
    assert!(base1.is_empty(), "equal units: {base1:#?}");
    for (fa, d, needle) in [
        (
            MeleeFacts {
                general_leading: true,
                ..f()
            },
            1,
            "general leading",
        ),
        (
            MeleeFacts {
                charge_advantage: true,
                ..f()
            },
            2,
            "charge advantage",
        ),
        (
            MeleeFacts {
                contact_advantage: true,
                ..f()
            },
            1,
            "contact advantage",
        ),
        (
            MeleeFacts {
                superior_troops: true,
                ..f()
            },
            1,
            "superior troops",
        ),
        (
            MeleeFacts {
                supporting_ranks: 1,
                ..f()
            },
            1,
            "1 supporting rank",
        ),
        (
            MeleeFacts {
                ground: Some(Ground::Minor),
                ..f()
            },
            1,
            "minor obstacle",
        ),
        (
            MeleeFacts {
                ground: Some(Ground::Major),
                ..f()
            },
            2,
            "major obstacle",
        ),
    ] {
        let (c, t) = run(1, &a, fa, &b, f());
        check(needle, &base1, &c, &t, d, needle, "Rule");
    }
    let (c, t) = run(
        2,
        &a,
        MeleeFacts {
            overlapped_flanks: 2,
            ..f()
        },
        &b,
        f(),
    );
    check(
        "overlaps",
        &base2,
        &c,
        &t,
        2,
        "2 flank(s) with a base overlap",
        "WI-19",
    );
    // Ratings: weapons in each round, armour.
    let mut cut = a.clone();
    cut.weapons = vec![Weapon::Sword];
    let (c, t) = run(2, &cut, f(), &b, f());
    check(
        "cutters in round 2",
        &base2,
        &c,
        &t,
        1,
        "weapons in round 2: sword (cutters) 3 v spear (thrusters) 2",
        "WI-18",
    );
    let (c, t) = run(1, &b, f(), &cut, f());
    check(
        "thrusters in round 1",
        &base1,
        &c,
        &t,
        1,
        "weapons in round 1: spear (thrusters) 3 v sword (cutters) 2",
        "WI-18",
    );
    let mut armoured = a.clone();
    armoured.armour = Armour::Fa;
    let (c, t) = run(1, &armoured, f(), &b, f());
    check("armour", &base1, &c, &t, 3, "armour: FA 4 v LA 1", "WI-18");
    let mut reckless = a.clone();
    reckless.morale = Morale::Reckless;
    let (c, t) = run(1, &reckless, f(), &b, f());
    check(
        "reckless",
        &base1,
        &c,
        &t,
        1,
        "reckless in the 1st round",
        "Rule 76",
    );
    let mut darts = a.clone();
    darts.weapons.push(Weapon::Darts);
    let (c, t) = run(1, &darts, f(), &b, f());
    check(
        "darts",
        &base1,
        &c,
        &t,
        1,
        "darts with thrusters or cutters",
        "Rule 76",
    );
    let mut pike = a.clone();
    pike.melee_weapon = Some(MeleeWeapon::LongSpear);
    let (c, t) = run(1, &pike, f(), &b, f());
    check(
        "superior weapon",
        &base1,
        &c,
        &t,
        1,
        "superior weapon: long spear over spear",
        "Rule 79",
    );
    let mut oo = b.clone();
    oo.order = Order::Oo;
    let (c, t) = run(1, &a, f(), &oo, f());
    check(
        "NO v OO",
        &base1,
        &c,
        &t,
        2,
        "close-order troops fighting OO troops",
        "Rule 76",
    );
    let crew = Unit::new("Crew", TroopType::LightCatapult, 1);
    let (c, t) = run(1, &a, f(), &crew, f());
    assert!(
        c.iter()
            .any(|m| m.reason.contains("fighting artillery crews") && m.value == 2),
        "{c:#?}"
    );
    assert!(t.contains("artillery crews"));
    let mut buck = oo.clone();
    buck.weapons.push(Weapon::Buckler);
    let (obase, _) = run(1, &oo, f(), &oo, f());
    let (c, t) = run(1, &buck, f(), &oo, f());
    check("buckler", &obase, &c, &t, 1, "with buckler", "Rule 76");
    let mut worn = b.clone();
    (worn.aps, worn.bases_lost) = (2, 1);
    let (c, t) = run(1, &a, f(), &worn, f());
    check(
        "opponents' APs",
        &base1,
        &c,
        &t,
        4,
        "opponents' 2 AP(s) and 1 casualty base(s)",
        "Rule 76",
    );
    let mut el = Unit::new("Elephants", TroopType::Elephants, 2);
    el.special = true;
    let mut plain = el.clone();
    plain.special = false;
    let (ebase, _) = run(1, &plain, f(), &b, f());
    let (c, t) = run(1, &el, f(), &b, f());
    check(
        "Sp status",
        &ebase,
        &c,
        &t,
        1,
        "Sp status elephants",
        "Rule",
    );
    // Round 2 matchups.
    let mut nl = b.clone();
    nl.order = Order::Nl;
    let (c, t) = run(2, &a, f(), &nl, f());
    check(
        "NC v NL foot",
        &base2,
        &c,
        &t,
        1,
        "NC foot fighting NL foot",
        "Rule 76",
    );
    let mut tribal = b.clone();
    tribal.drill = Drill::Tribal;
    let (c, t) = run(2, &a, f(), &tribal, f());
    check(
        "disciplined v tribal",
        &base2,
        &c,
        &t,
        1,
        "disciplined troops fighting tribal",
        "Rule 76",
    );
    let deep = Unit::new("Deep", TroopType::Foot, 12).with_files(3);
    let (dbase, _) = run(2, &deep, f(), &deep, f());
    let (c, t) = run(2, &deep, f(), &b, f());
    check("extra ranks", &dbase, &c, &t, 1, "1 per 2 extra", "Rule 76");
    let mut nc_cv = Unit::new("Kataphraktoi", TroopType::Cavalry, 4);
    nc_cv.weapons = vec![Weapon::Lance];
    let mut nl_cv = nc_cv.clone();
    nl_cv.order = Order::Nl;
    let (cbase, _) = run(2, &nc_cv, f(), &nc_cv, f());
    let (c, t) = run(2, &nc_cv, f(), &nl_cv, f());
    check(
        "Dis NC Cv v Dis NL Mt",
        &cbase,
        &c,
        &t,
        1,
        "disciplined NC cavalry fighting disciplined NL mounted",
        "Rule 76",
    );
    // Round-1-only advantages and a wounded general count for nothing.
    let (c, t) = run(
        2,
        &a,
        MeleeFacts {
            charge_advantage: true,
            contact_advantage: true,
            ..f()
        },
        &b,
        f(),
    );
    assert_eq!(total(&c), 0);
    assert!(t.contains("round 1 only, this is round 2"), "{t}");
    let (c, t) = run(
        1,
        &a,
        MeleeFacts {
            general_leading: true,
            general_wounded: true,
            ..f()
        },
        &b,
        f(),
    );
    assert_eq!(total(&c), 0);
    assert!(t.contains("is wounded: no +1"), "{t}");
}

#[test]
fn melee_disorder_points_rule_18() {
    let horse = Unit::new("Horse", TroopType::Cavalry, 4);
    let camels = Unit::new("Camels", TroopType::Camelry, 4);
    let el = Unit::new("Elephants", TroopType::Elephants, 2);
    let f = MeleeFacts::default;
    let text = |round, a: &Unit, b: &Unit, da, db| {
        Melee::plan(round, (a, f()), (b, f()))
            .unwrap()
            .resolve(&SidesDice {
                a: Dice::white(&[da]).unwrap(),
                b: Dice::white(&[db]).unwrap(),
            })
            .unwrap()
            .explanation
            .to_string()
    };
    assert!(text(1, &horse, &el, 6, 6).contains("meeting elephants in the 1st round"));
    assert!(text(2, &horse, &camels, 6, 6).contains("a 2nd round against camelry"));
    assert!(text(2, &horse, &horse, 6, 6).contains("a 2nd or later round with the same enemy"));
    let foot = foot("Foot");
    // Mounted against foot, a difference of 1: the horse recoils (+1 DP).
    let t = text(1, &horse, &foot, 4, 5);
    assert!(
        t.contains("recoils (IRMR)") && t.contains("for a recoil"),
        "{t}"
    );
}
