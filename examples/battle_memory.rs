//! Peak memory and times of the console on a long battle, for
//! `/usr/bin/time -v` (README, Benchmarks):
//!
//! ```sh
//! cargo run --release --example battle_memory -- make 20000 /tmp/b20k.toml
//! /usr/bin/time -v target/release/examples/battle_memory console /tmp/b20k.toml 100
//! ```
//!
//! `make N PATH` writes a Hastings battle of N events (four units off the
//! table from the start); `console PATH K` opens it as the console does
//! (lock, read, replay), draws a 200×50 frame, then records K events, saving
//! and drawing after each.

#[path = "../benches/support/long_battle.rs"]
mod long_battle;
#[path = "../tests/support/battle.rs"]
mod support;

use herald::dice::SeededDice;
use herald::store::save::{SaveData, SaveFile};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("make") if args.len() == 3 => {
            let n: usize = args[1].parse().expect("a number of events");
            let path = Path::new(&args[2]);
            let setup = herald::tui::run::hastings().expect("Hastings loads");
            let (battle, dice) = long_battle::long_battle(setup, n, 4, n as u64);
            let mut data = SaveData {
                name: "memory".into(),
                dice: dice.position(),
                battle,
            };
            let _ = std::fs::remove_file(path);
            drop(SaveFile::create(path, &mut data).expect("the save is written"));
            let size = std::fs::metadata(path).map_or(0, |m| m.len());
            eprintln!("wrote {} ({size} bytes)", path.display());
        }
        Some("console") if args.len() == 3 => {
            let path = Path::new(&args[1]);
            let more: usize = args[2].parse().expect("a number of events");
            let t = Instant::now();
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
            eprintln!("opened and drawn in {:?}", t.elapsed());
            let t = Instant::now();
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
            for _ in 0..more {
                long_battle::one_more(&mut app.battle, &mut app.dice, &mut rng);
                file.save(&mut app.battle, app.dice.position())
                    .expect("saved");
                term.draw(|f| f.render_widget(&app, f.area()))
                    .expect("draw");
            }
            eprintln!(
                "{more} events recorded, saved and drawn in {:?}",
                t.elapsed()
            );
        }
        Some("rss") if args.len() == 2 => {
            rss("start");
            let loaded = herald::store::save::load::<herald::battle::warlords::Warlords>(
                Path::new(&args[1]),
            )
            .expect("it loads");
            rss("loaded");
            drop(loaded);
            rss("dropped");
        }
        Some("resume") if args.len() == 2 => {
            for _ in 0..5 {
                let t = Instant::now();
                let loaded = herald::store::save::load::<herald::battle::warlords::Warlords>(
                    Path::new(&args[1]),
                )
                .expect("it loads");
                eprintln!(
                    "{} events resumed in {:?}",
                    loaded.data.battle.events().len(),
                    t.elapsed()
                );
            }
        }
        _ => eprintln!("usage: battle_memory make N PATH | console PATH N | resume PATH"),
    }
}

/// Prints this process's resident memory now and at its peak (Linux).
fn rss(label: &str) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let pick = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .map_or(String::new(), |l| {
                l.split_whitespace().nth(1).unwrap_or("").to_string()
            })
    };
    eprintln!(
        "{label}: resident {} kB, peak {} kB",
        pick("VmRSS"),
        pick("VmHWM")
    );
}
