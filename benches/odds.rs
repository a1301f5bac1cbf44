//! Exact odds, per preview (budget: 10 µs each, DESIGN.md), and the three
//! questions `benches/icepool_compare.sh` also puts to icepool.
//!
//! `cargo bench --bench odds`; the comparison reads the `icepool/*` results.
//! No table is cached between previews, so every iteration computes its
//! tables as a first preview does (only the processor's caches are warm;
//! `benches/odds_first.rs` times first calls in fresh processes).

use criterion::{Criterion, criterion_group, criterion_main};
use herald::odds::tables;
use herald::odds::warlords as odds;
use herald::rules::Side;
use herald::rules::warlords::{
    Activation, ActivationSituation, Flee, Formation, Initiative, Melee, MeleeFacts, MeleeSide,
    Morale, RandomMove, Shooting, ShootingSituation, ShootingStyle, TroopType, Unit, UnitTrait,
    Weapon,
};
use std::hint::black_box;

/// Pike 6 stands in 3 ranks (5 dice, +2) against veteran Loose Foot with
/// light weapons (3 dice, -1): the melee of the icepool comparison.
fn melee_units() -> (Unit, Unit) {
    let mut pike = Unit::new("Pikemen", TroopType::Pike, 6);
    pike.files = 2;
    pike.weapons = vec![Weapon::Heavy];
    let mut foot = Unit::new("Levy", TroopType::LooseFoot, 3);
    foot.weapons = vec![Weapon::Light];
    foot.traits = vec![UnitTrait::Veteran];
    (pike, foot)
}

/// 15 files of massed longbows at 6 spans: 60 dice needing 4+.
fn shooting_units() -> (Unit, Unit) {
    let mut archers = Unit::new("Archers", TroopType::LooseFoot, 15);
    archers.weapons = vec![Weapon::HeavyMissiles, Weapon::Longbows];
    archers.shooting = vec![ShootingStyle::Massed];
    let mut target = Unit::new("Knights", TroopType::Cavalry, 6);
    target.armour = -1;
    target.shield = true;
    (archers, target)
}

/// Veteran Pike 8 ranks deep (2 + 8 + 1 dice) against a Shieldwall 7 deep
/// (2 + 1 + 7): with 3 enemy flanks each, 14 dice against 13, the most a
/// referee is likely to see.
fn deep_melee_units() -> (Unit, Unit) {
    let mut pike = Unit::new("Schiltron", TroopType::Pike, 16);
    pike.files = 2;
    pike.traits = vec![UnitTrait::Veteran];
    let mut wall = Unit::new("Housecarls", TroopType::CloseFoot, 14);
    wall.files = 2;
    wall.formation = Formation::Shieldwall;
    (pike, wall)
}

fn previews(c: &mut Criterion) {
    let mut g = c.benchmark_group("preview");
    let mut fyrd = Unit::new("Fyrd", TroopType::CloseFoot, 12);
    fyrd.files = 6;
    fyrd.traits = vec![UnitTrait::Impetuous];
    let s = ActivationSituation {
        enemy_in_charge_distance: true,
        enemy_visible_ahead: true,
        ..ActivationSituation::default()
    };
    let act = Activation::plan(&fyrd, s).unwrap();
    g.bench_function("activation_2_dice", |b| {
        b.iter(|| odds::activation(black_box(&act)))
    });
    let mut heroes = fyrd.clone();
    heroes.champions = 4;
    let act6 = Activation::plan(&heroes, s).unwrap();
    g.bench_function("activation_6_dice", |b| {
        b.iter(|| odds::activation(black_box(&act6)))
    });
    let mut host = fyrd.clone();
    host.champions = 58;
    let act60 = Activation::plan(&host, s).unwrap();
    g.bench_function("activation_60_dice", |b| {
        b.iter(|| odds::activation(black_box(&act60)))
    });

    let mut champions = fyrd.clone();
    champions.champions = 6;
    let act8 = Activation::plan(&champions, s).unwrap();
    g.bench_function("activation_8_dice", |b| {
        b.iter(|| odds::activation(black_box(&act8)))
    });

    let (archers, target) = shooting_units();
    let sit = ShootingSituation {
        style: ShootingStyle::Massed,
        range_spans: 6,
        weapon: None,
        stands_shot_at: None,
        contact: false,
    };
    let shot = Shooting::plan(&archers, &target, sit).unwrap();
    assert_eq!(shot.dice, 60);
    g.bench_function("shooting_60_dice", |b| {
        b.iter(|| odds::shooting(black_box(&shot)))
    });
    // 50 files of massed heavy missiles, 2 dice a stand.
    let mut host = Unit::new("Archers", TroopType::LooseFoot, 50);
    host.files = 50;
    host.weapons = vec![Weapon::HeavyMissiles];
    host.shooting = vec![ShootingStyle::Massed];
    let sit = ShootingSituation {
        range_spans: 4,
        ..sit
    };
    let shot100 = Shooting::plan(&host, &target, sit).unwrap();
    assert_eq!(shot100.dice, 100);
    g.bench_function("shooting_100_dice", |b| {
        b.iter(|| odds::shooting(black_box(&shot100)))
    });

    let (pike, foot) = melee_units();
    let melee = Melee::plan(
        MeleeSide::new(&pike),
        MeleeSide::new(&foot),
        false,
        &herald::rules::house::House::defaults(herald::rules::warlords::HOUSE),
    )
    .unwrap();
    g.bench_function("melee_5_vs_3_dice", |b| {
        b.iter(|| odds::melee(black_box(&melee)))
    });
    let (schiltron, wall) = deep_melee_units();
    let flanked = MeleeFacts {
        enemy_flanks: 3,
        ..MeleeFacts::default()
    };
    let deep = Melee::plan(
        MeleeSide {
            unit: &schiltron,
            facts: flanked.clone(),
        },
        MeleeSide {
            unit: &wall,
            facts: flanked,
        },
        false,
        &herald::rules::house::House::defaults(herald::rules::warlords::HOUSE),
    )
    .unwrap();
    assert_eq!((deep.a.dice, deep.b.dice), (14, 13));
    g.bench_function("melee_14_vs_13_dice", |b| {
        b.iter(|| odds::melee(black_box(&deep)))
    });

    let rm = RandomMove { spans: 5 };
    g.bench_function("random_move_5_dice", |b| {
        b.iter(|| odds::random_move(black_box(&rm)))
    });
    let rm30 = RandomMove { spans: 30 };
    g.bench_function("random_move_30_dice", |b| {
        b.iter(|| odds::random_move(black_box(&rm30)))
    });
    let mut knights = Unit::new("Knights", TroopType::Cavalry, 4);
    knights.morale = Morale::Broken;
    let flee = Flee::new(&knights);
    g.bench_function("flee_7_dice", |b| b.iter(|| odds::flee(black_box(&flee))));
    // The longest charge distance: Fast Horse Skirmishers, 5 + 1 + 3.
    let mut hobelars = Unit::new("Hobelars", TroopType::HorseSkirmishers, 4);
    hobelars.morale = Morale::Broken;
    hobelars.traits = vec![UnitTrait::Fast];
    let flee9 = Flee::new(&hobelars);
    assert_eq!(flee9.needs().white, 9);
    g.bench_function("flee_9_dice", |b| b.iter(|| odds::flee(black_box(&flee9))));
    let ini = Initiative {
        last_holder: Some(Side::A),
    };
    g.bench_function("initiative", |b| {
        b.iter(|| odds::initiative(black_box(&ini)))
    });
    g.finish();
}

/// The tables alone, for the largest pools of the previews above.
fn table_costs(c: &mut Criterion) {
    let mut g = c.benchmark_group("tables");
    g.bench_function("top_two_60", |b| b.iter(|| tables::top_two(black_box(60))));
    g.bench_function("hits_100", |b| {
        b.iter(|| tables::hits(black_box(100), black_box(3)))
    });
    g.bench_function("sixes_ones_30", |b| {
        b.iter(|| tables::sixes_ones(black_box(30)))
    });
    g.finish();
}

/// The three questions of the icepool comparison.
fn icepool(c: &mut Criterion) {
    let mut g = c.benchmark_group("icepool");
    g.bench_function("top_two_sums_2_to_7_d6", |b| {
        b.iter(|| {
            for n in 2..=7 {
                black_box(tables::top_two(black_box(n)));
            }
        })
    });
    let (pike, foot) = melee_units();
    let melee = Melee::plan(
        MeleeSide::new(&pike),
        MeleeSide::new(&foot),
        false,
        &herald::rules::house::House::defaults(herald::rules::warlords::HOUSE),
    )
    .unwrap();
    assert_eq!((melee.a.dice, melee.b.dice), (5, 3));
    assert_eq!(melee.score(Side::A, 7), 9, "+2");
    assert_eq!(melee.score(Side::B, 7), 6, "-1");
    g.bench_function("melee_5d_plus_2_vs_3d_minus_1", |b| {
        b.iter(|| odds::melee(black_box(&melee)))
    });
    let (archers, target) = shooting_units();
    let sit = ShootingSituation {
        style: ShootingStyle::Massed,
        range_spans: 6,
        weapon: None,
        stands_shot_at: None,
        contact: false,
    };
    let shot = Shooting::plan(&archers, &target, sit).unwrap();
    g.bench_function("hits_of_60_dice_needing_4", |b| {
        b.iter(|| odds::shooting(black_box(&shot)))
    });
    g.finish();
}

criterion_group!(benches, previews, table_costs, icepool);
criterion_main!(benches);
