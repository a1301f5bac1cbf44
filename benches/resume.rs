//! Resuming a battle of 5,000 events (budget: 15 ms): reading the save from
//! disk, parsing it, and replaying every event through the rules. Also the
//! autosave's text and an undo at that depth.

#[path = "../tests/support/battle.rs"]
mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use herald::battle::warlords::Battle;
use herald::dice::SeededDice;
use herald::store::save::{self, SaveData, to_text};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

const EVENTS: usize = 5000;

/// A random battle of exactly 5,000 events.
fn battle() -> SaveData<herald::battle::warlords::Warlords> {
    let mut battle = Battle::new(support::setup());
    let mut dice = SeededDice::new(5000);
    let mut rng = ChaCha8Rng::seed_from_u64(5000);
    while battle.events().len() < EVENTS {
        support::drive(&mut battle, &mut dice, &mut rng, 1);
    }
    SaveData {
        name: "bench".to_string(),
        dice: dice.position(),
        battle,
    }
}

fn resume(c: &mut Criterion) {
    let data = battle();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.toml");
    std::fs::write(&path, to_text(&data)).unwrap();
    c.bench_function("resume a battle of 5,000 events", |b| {
        b.iter(|| {
            let loaded =
                save::load::<herald::battle::warlords::Warlords>(black_box(&path)).unwrap();
            assert_eq!(loaded.data.battle.events().len(), EVENTS);
            loaded
        })
    });
    let text = to_text(&data);
    c.bench_function("parse the TOML of 5,000 events", |b| {
        b.iter(|| {
            let src = herald::store::toml_walk::Source::new("x", black_box(&text));
            herald::store::toml_walk::parse(&src).map(|_| ()).unwrap()
        })
    });
    let (setup, events) = (data.battle.setup().clone(), data.battle.events().to_vec());
    c.bench_function("replay 5,000 events (no file)", |b| {
        b.iter(|| Battle::replay(setup.clone(), black_box(events.clone()), vec![]).unwrap())
    });
    c.bench_function("write the save text of 5,000 events", |b| {
        b.iter(|| to_text(black_box(&data)))
    });
    let mut battle = data.battle.clone();
    c.bench_function("undo and redo at 5,000 events", |b| {
        b.iter(|| {
            battle.undo();
            battle.redo().unwrap();
        })
    });
}

criterion_group!(benches, resume);
criterion_main!(benches);
