//! A battle of any length (issue 14): each bench builds its own long
//! battle (Hastings, four units off the table from the start; for the frame,
//! 200 units with a dozen fled early) and measures what the referee feels:
//! recording an event with its fsync at 10 to 20,000 events (O(1): the same
//! cost at any length, ≤ 1 ms beyond the disk's own flush), resuming 1,000
//! to 20,000 events (≤ 100 ms at 20,000, DESIGN.md; `benches/budgets.rs`
//! judges it and the memory), and a keypress
//! frame at 50,000 events (≤ 1 ms). `cargo bench --bench long_battle`.

#[path = "support/long_battle.rs"]
mod long_battle;
#[path = "../tests/support/battle.rs"]
mod support;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use herald::battle::warlords::Battle;
use herald::dice::SeededDice;
use herald::store::save::{self, SaveData, SaveFile};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use rand::SeedableRng;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// A Hastings battle of `events` events, as the console plays it.
fn hastings(events: usize) -> (Battle, SeededDice) {
    let setup = herald::tui::run::hastings().expect("Hastings loads");
    long_battle::long_battle(setup, events, 4, events as u64)
}

/// Writes a battle whole to `path` (as `herald new` or a migration does).
fn write(path: &Path, battle: Battle, dice: &SeededDice) -> SaveFile {
    let _ = std::fs::remove_file(path);
    let mut data = SaveData {
        name: "bench".to_string(),
        dice: dice.position(),
        battle,
    };
    SaveFile::create(path, &mut data).expect("the save is written")
}

fn record(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(".").expect("a folder on the project's disk");
    let mut group = c.benchmark_group("record an event with its fsync");
    group.measurement_time(Duration::from_secs(4));
    for n in [10, 1_000, 5_000, 20_000] {
        let (mut battle, mut dice) = hastings(n);
        let path = dir.path().join(format!("record-{n}.toml"));
        let mut file = write(&path, battle.clone(), &dice);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| {
                long_battle::one_more(&mut battle, &mut dice, &mut rng);
                file.save(&mut battle, dice.position()).expect("saved");
            })
        });
    }
    group.finish();
}

fn resume(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a folder");
    let mut group = c.benchmark_group("resume a battle (read, parse, replay)");
    group.sample_size(20);
    for n in [1_000, 5_000, 20_000] {
        let (battle, dice) = hastings(n);
        let path = dir.path().join(format!("resume-{n}.toml"));
        drop(write(&path, battle, &dice));
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| {
                let loaded = save::load::<herald::battle::warlords::Warlords>(black_box(&path))
                    .expect("it loads");
                assert_eq!(loaded.data.battle.events().len(), n);
                loaded
            })
        });
    }
    group.finish();
}

fn frame(c: &mut Criterion) {
    let (battle, dice) = long_battle::long_battle(long_battle::big_setup(100), 50_000, 12, 50);
    let mut app = App::new(battle, dice, Theme::coloured(), "bench");
    assert!(app.battle.off_table().len() >= 6, "units fled early");
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).expect("terminal");
    terminal
        .draw(|f| f.render_widget(&app, f.area()))
        .expect("draw");
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let mut n = 0u32;
    c.bench_function(
        "keypress frame at 50,000 events, 200 units, fled list, 200x50",
        |b| {
            b.iter(|| {
                n += 1;
                app.key(key(if (n / 40).is_multiple_of(2) {
                    KeyCode::Down
                } else {
                    KeyCode::Up
                }));
                terminal
                    .draw(|f| f.render_widget(&app, f.area()))
                    .expect("draw");
                black_box(terminal.backend().buffer().area);
            })
        },
    );
}

criterion_group!(benches, record, resume, frame);
criterion_main!(benches);
