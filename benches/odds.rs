//! Exact odds, per preview (budget: 10 µs each, DESIGN.md), and the three
//! questions `benches/icepool_compare.sh` also puts to icepool.
//!
//! `cargo bench --bench odds`; the comparison reads the `icepool/*` results.

use criterion::{Criterion, criterion_group, criterion_main};
use herald::odds::{self, tables};
use herald::rules::Side;
use herald::rules::warlords::{
    Activation, ActivationSituation, Flee, Initiative, Melee, MeleeSide, Morale, RandomMove,
    Shooting, ShootingSituation, ShootingStyle, TroopType, Unit, UnitTrait, Weapon,
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

    let (pike, foot) = melee_units();
    let melee = Melee::plan(MeleeSide::new(&pike), MeleeSide::new(&foot), false).unwrap();
    g.bench_function("melee_5_vs_3_dice", |b| {
        b.iter(|| odds::melee(black_box(&melee)))
    });

    let rm = RandomMove { spans: 5 };
    g.bench_function("random_move_5_dice", |b| {
        b.iter(|| odds::random_move(black_box(&rm)))
    });
    let mut knights = Unit::new("Knights", TroopType::Cavalry, 4);
    knights.morale = Morale::Broken;
    let flee = Flee::new(&knights);
    g.bench_function("flee_7_dice", |b| b.iter(|| odds::flee(black_box(&flee))));
    let ini = Initiative {
        last_holder: Some(Side::A),
    };
    g.bench_function("initiative", |b| {
        b.iter(|| odds::initiative(black_box(&ini)))
    });
    g.finish();
}

/// The counting itself, without the per-pool cache: what a first preview pays.
fn uncached(c: &mut Criterion) {
    let mut g = c.benchmark_group("uncached");
    g.bench_function("top_two_counts_2_to_7", |b| {
        b.iter(|| {
            for n in 2..=7 {
                black_box(tables::top_two_counts(black_box(n)));
            }
        })
    });
    g.bench_function("hits_counts_60", |b| {
        b.iter(|| tables::hits_counts(black_box(60), black_box(3)))
    });
    g.bench_function("sixes_ones_counts_7", |b| {
        b.iter(|| tables::sixes_ones_counts(black_box(7)))
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
    let melee = Melee::plan(MeleeSide::new(&pike), MeleeSide::new(&foot), false).unwrap();
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

criterion_group!(benches, previews, uncached, icepool);
criterion_main!(benches);
