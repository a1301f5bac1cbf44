//! The first preview of a pool size, each in a fresh process: what a referee
//! waits for the first time the console shows a pool of that size.
//!
//! Criterion's loop (`benches/odds.rs`) times a preview again and again, so
//! any table cached by an earlier iteration is warm. Here every sample is a
//! child process that previews the same procedure at another pool size first
//! (so the code and the allocator are warm, as in a console that has been
//! running), then times one preview of the measured size (nothing cached for
//! it: the first call), then 201 more one by one (warm; their median).
//!
//! `cargo bench --bench odds_first [-- FILTER]` prints the medians over the
//! samples. With `HERALD_ODDS_BASE` set to another build of this file (say,
//! of the previous `main`: `benches/odds_first.sh` builds it), both binaries
//! run alternately, sample by sample, and the ratios new / base are printed,
//! which holds up on a noisy machine. `HERALD_ODDS_SAMPLES` sets the number
//! of processes per case and binary (default 41).
//!
//! Only the public odds API is used, so this file builds on older trees too.

use herald::odds::warlords as odds;
use herald::rules::warlords::{
    Activation, ActivationSituation, Flee, Formation, Melee, MeleeFacts, MeleeSide, Morale,
    RandomMove, Shooting, ShootingSituation, ShootingStyle, TroopType, Unit, UnitTrait, Weapon,
};
use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

/// Nanoseconds of the first call of `preview`, then the median of 201 more.
fn time<T>(mut preview: impl FnMut() -> T) -> (u64, u64) {
    let t = Instant::now();
    black_box(preview());
    let first = t.elapsed().as_nanos() as u64;
    let mut warm: Vec<u64> = (0..201)
        .map(|_| {
            let t = Instant::now();
            black_box(preview());
            t.elapsed().as_nanos() as u64
        })
        .collect();
    warm.sort_unstable();
    (first, warm[warm.len() / 2])
}

/// A massed shot of heavy missiles by `files` stands in one rank, 2 dice each.
fn shot(files: u32) -> (u64, u64) {
    let mut archers = Unit::new("Archers", TroopType::LooseFoot, files);
    archers.files = files;
    archers.weapons = vec![Weapon::HeavyMissiles];
    archers.shooting = vec![ShootingStyle::Massed];
    let target = Unit::new("Spears", TroopType::CloseFoot, 8);
    let sit = ShootingSituation {
        style: ShootingStyle::Massed,
        range_spans: 4,
        weapon: None,
        stands_shot_at: None,
        contact: false,
    };
    let plan = Shooting::plan(&archers, &target, sit).unwrap();
    assert_eq!(plan.dice, 2 * files);
    time(|| odds::shooting(black_box(&plan)))
}

/// An activation of a Ready unit with `champions` champions (2 + champions dice).
fn activation(champions: u32) -> (u64, u64) {
    let mut u = Unit::new("Huscarls", TroopType::CloseFoot, 8);
    u.files = 4;
    u.champions = champions;
    let s = ActivationSituation {
        enemy_in_charge_distance: true,
        enemy_visible_ahead: true,
        ..ActivationSituation::default()
    };
    let plan = Activation::plan(&u, s).unwrap();
    assert_eq!(plan.needs().white as u32, 2 + champions);
    time(|| odds::activation(black_box(&plan)))
}

/// Veteran Pike `ranks` deep against a Shieldwall one rank shallower, each
/// with 3 enemy flanks: `ranks + 6` dice against `ranks + 5`.
fn melee(ranks: u32) -> (u64, u64) {
    let mut pike = Unit::new("Schiltron", TroopType::Pike, 2 * ranks);
    pike.files = 2;
    pike.traits = vec![UnitTrait::Veteran];
    let mut wall = Unit::new("Housecarls", TroopType::CloseFoot, 2 * (ranks - 1));
    wall.files = 2;
    wall.formation = Formation::Shieldwall;
    let facts = MeleeFacts {
        enemy_flanks: 3,
        ..MeleeFacts::default()
    };
    let a = MeleeSide {
        unit: &pike,
        facts: facts.clone(),
    };
    let b = MeleeSide { unit: &wall, facts };
    let plan = Melee::plan(
        a,
        b,
        false,
        &herald::rules::house::House::defaults(herald::rules::warlords::HOUSE),
    )
    .unwrap();
    assert_eq!((plan.a.dice, plan.b.dice), (ranks + 6, ranks + 5));
    time(|| odds::melee(black_box(&plan)))
}

/// A random move of `spans` dice.
fn random_move(spans: u32) -> (u64, u64) {
    let plan = RandomMove { spans };
    time(|| odds::random_move(black_box(&plan)))
}

/// A Broken unit of Horse Skirmishers fleeing (charge distance 8, Fast 9).
fn flee(fast: bool) -> (u64, u64) {
    let mut u = Unit::new("Hobelars", TroopType::HorseSkirmishers, 4);
    u.morale = Morale::Broken;
    if fast {
        u.traits = vec![UnitTrait::Fast];
    }
    let plan = Flee::new(&u);
    assert_eq!(plan.needs().white, 8 + usize::from(fast));
    time(|| odds::flee(black_box(&plan)))
}

/// One measured case: its name, then the preview that warms the code (at
/// another pool size) and the one measured.
struct Case {
    name: &'static str,
    warm_up: fn() -> (u64, u64),
    measured: fn() -> (u64, u64),
}

const CASES: [Case; 7] = [
    Case {
        name: "shooting_100_dice",
        warm_up: || shot(49),
        measured: || shot(50),
    },
    Case {
        name: "activation_8_dice",
        warm_up: || activation(5),
        measured: || activation(6),
    },
    Case {
        name: "activation_60_dice",
        warm_up: || activation(57),
        measured: || activation(58),
    },
    Case {
        name: "melee_14_vs_13_dice",
        warm_up: || melee(6),
        measured: || melee(8),
    },
    Case {
        name: "random_move_30_dice",
        warm_up: || random_move(29),
        measured: || random_move(30),
    },
    Case {
        name: "flee_9_dice",
        warm_up: || flee(false),
        measured: || flee(true),
    },
    Case {
        name: "random_move_5_dice",
        warm_up: || random_move(4),
        measured: || random_move(5),
    },
];

/// Runs one case in a child process of `exe`: (first call, warm median) in ns.
fn sample(exe: &str, case: &str) -> (u64, u64) {
    let out = Command::new(exe)
        .args(["--child", case])
        .output()
        .expect("run the child");
    assert!(out.status.success(), "{exe} --child {case} failed");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace().map(|x| x.parse::<u64>().unwrap());
    (it.next().unwrap(), it.next().unwrap())
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_unstable_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        let case = CASES.iter().find(|c| c.name == args[i + 1]).unwrap();
        black_box((case.warm_up)());
        let (first, warm) = (case.measured)();
        println!("{first} {warm}");
        return;
    }
    let filter = args.iter().find(|a| !a.starts_with("--")).cloned();
    let me = std::env::current_exe().unwrap();
    let me = me.to_str().unwrap().to_string();
    let base = std::env::var("HERALD_ODDS_BASE").ok();
    let samples: usize = std::env::var("HERALD_ODDS_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(41);
    println!("medians of {samples} processes each, µs (first call of the size / warm)");
    match &base {
        Some(_) => println!(
            "{:<22} {:>9} {:>9} {:>7}   {:>9} {:>9} {:>7}",
            "case", "base 1st", "new 1st", "ratio", "base warm", "new warm", "ratio"
        ),
        None => println!("{:<22} {:>9} {:>9}", "case", "first", "warm"),
    }
    for case in CASES
        .iter()
        .filter(|c| filter.as_ref().is_none_or(|f| c.name.contains(f.as_str())))
    {
        let (mut new, mut old) = (Vec::new(), Vec::new());
        for i in 0..samples {
            // Alternate which binary goes first, so neither always follows the other.
            if let (Some(b), true) = (&base, i % 2 == 1) {
                old.push(sample(b, case.name));
            }
            new.push(sample(&me, case.name));
            if let (Some(b), true) = (&base, i % 2 == 0) {
                old.push(sample(b, case.name));
            }
        }
        let first = |v: &[(u64, u64)]| median(v.iter().map(|s| s.0 as f64).collect()) / 1e3;
        let warm = |v: &[(u64, u64)]| median(v.iter().map(|s| s.1 as f64).collect()) / 1e3;
        if base.is_some() {
            // The median of the ratios of neighbouring samples.
            let ratio = |f: fn(&(u64, u64)) -> u64| {
                median(
                    new.iter()
                        .zip(&old)
                        .map(|(n, o)| f(n) as f64 / f(o) as f64)
                        .collect(),
                )
            };
            println!(
                "{:<22} {:>9.2} {:>9.2} {:>7.2}   {:>9.2} {:>9.2} {:>7.2}",
                case.name,
                first(&old),
                first(&new),
                ratio(|s| s.0),
                warm(&old),
                warm(&new),
                ratio(|s| s.1),
            );
        } else {
            println!("{:<22} {:>9.2} {:>9.2}", case.name, first(&new), warm(&new));
        }
    }
}
