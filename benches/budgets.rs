//! What a referee feels of a long battle, against the budgets of
//! `DESIGN.md` (Budgets): resuming a battle of 20,000 events (≤ 100 ms)
//! and the console's peak memory on it (≤ 20 MB resident), with the
//! system allocator. `cargo bench --bench budgets` prints both figures
//! with their budgets, `within` or `OVER` (on an idle machine: other
//! builds on the same cores slow resume down).
//!
//! The battle is built here (Hastings, four units off the table from the
//! start, then random play; `benches/support/long_battle.rs`) and written
//! as `herald new` writes one. Resume is read, parse and replay, the
//! median of 7 runs, judged by its time on the CPU (the clock, also
//! printed, counts the waits for a core on a busy machine). Memory is a fresh process of this bench opening the
//! save as the console does (lock, read, replay), drawing a 200×50 frame
//! and recording 20 more events, then reading its own peak resident size
//! (`VmHWM`, Linux).

#[path = "support/long_battle.rs"]
mod long_battle;
#[path = "../tests/support/battle.rs"]
mod support;

use herald::dice::SeededDice;
use herald::store::save::{self, SaveData, SaveFile};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::time::{Duration, Instant};

/// The battle's length (DESIGN.md's budgets are given at it).
const EVENTS: usize = 20_000;
/// Resuming it (DESIGN.md).
const RESUME_BUDGET: Duration = Duration::from_millis(100);
/// The console's peak resident memory on it, in kB (DESIGN.md: 20 MB).
const MEMORY_BUDGET_KB: u64 = 20 * 1000;
/// Set in the child that measures memory: the save to open.
const CHILD: &str = "HERALD_BUDGETS_MEMORY_OF";

fn main() {
    if let Ok(path) = std::env::var(CHILD) {
        console(Path::new(&path));
        println!("{}", peak_kb());
        return;
    }
    // `cargo test --benches` runs benches once as tests: nothing to measure.
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("budgets-20000.toml");
    let setup = herald::tui::run::hastings().expect("Hastings loads");
    let (battle, dice) = long_battle::long_battle(setup, EVENTS, 4, EVENTS as u64);
    let mut data = SaveData {
        name: "budgets".into(),
        dice: dice.position(),
        battle,
    };
    drop(SaveFile::create(&path, &mut data).expect("the save is written"));
    drop(data);

    let mut times: Vec<(Duration, Option<Duration>)> = (0..7)
        .map(|_| {
            let (t, cpu) = (Instant::now(), on_cpu());
            let loaded = save::load::<herald::battle::warlords::Warlords>(&path).expect("it loads");
            let took = (t.elapsed(), on_cpu().zip(cpu).map(|(b, a)| b - a));
            assert_eq!(loaded.data.battle.events().len(), EVENTS);
            took
        })
        .collect();
    times.sort();
    let (wall, cpu) = times[times.len() / 2];
    // On a busy machine the wall clock counts the waits for a core too;
    // the time on the CPU is what an idle laptop would take.
    let resume = cpu.unwrap_or(wall);

    let out = std::process::Command::new(std::env::current_exe().expect("this bench"))
        .env(CHILD, &path)
        .output()
        .expect("the memory child runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let peak: u64 = text.trim().parse().unwrap_or(0);

    let verdict = |ok: bool| if ok { "within" } else { "OVER" };
    println!(
        "resume a battle of {EVENTS} events: {:.1} ms on the CPU, {:.1} ms by the clock (median of 7; budget ≤ {} ms): {}",
        resume.as_secs_f64() * 1000.0,
        wall.as_secs_f64() * 1000.0,
        RESUME_BUDGET.as_millis(),
        verdict(resume <= RESUME_BUDGET)
    );
    println!(
        "console's peak memory at {EVENTS} events: {:.1} MB resident (budget ≤ {} MB): {}",
        peak as f64 / 1000.0,
        MEMORY_BUDGET_KB / 1000,
        verdict(peak > 0 && peak <= MEMORY_BUDGET_KB)
    );
    if peak == 0 {
        println!("(peak memory not read: VmHWM is Linux's)");
    }
}

/// Opens the save as the console does, draws a frame, records 20 events.
fn console(path: &Path) {
    let (mut file, data) =
        SaveFile::open::<herald::battle::warlords::Warlords>(path).expect("the save opens");
    let mut app = App::new(
        data.battle,
        SeededDice::restore(data.dice),
        Theme::coloured(),
        &data.name,
    );
    let mut term = Terminal::new(TestBackend::new(200, 50)).expect("a terminal");
    term.draw(|f| f.render_widget(&app, f.area()))
        .expect("draw");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
    for _ in 0..20 {
        long_battle::one_more(&mut app.battle, &mut app.dice, &mut rng);
        file.save(&mut app.battle, app.dice.position())
            .expect("saved");
        term.draw(|f| f.render_widget(&app, f.area()))
            .expect("draw");
    }
}

/// The time this thread has spent on a CPU (Linux's `schedstat`), to
/// tell the work from the waits on a loaded machine.
fn on_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// This process's peak resident memory in kB (Linux's `VmHWM`), 0 elsewhere.
fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}
