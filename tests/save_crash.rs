//! The crash test: a Herald process recording events is killed with SIGKILL
//! at random moments, 200 times; after each kill the save must load and
//! hold every event that was acknowledged (DESIGN.md: never lose an
//! acknowledged event, kill -9 at any moment). Each event is appended to the
//! save as a commit and flushed before it is acknowledged; a kill in the
//! middle of an append leaves a write cut short, which the next open drops.

#![cfg(unix)]

#[path = "support/battle.rs"]
mod support;

use herald::battle::warlords::Battle;
use herald::dice::SeededDice;
use herald::store::save::{self, SaveData, SaveFile};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const KILLS: usize = 200;

#[test]
fn a_save_written_by_a_killed_process_always_loads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.toml");
    let mut data = SaveData {
        name: "crash".to_string(),
        dice: SeededDice::new(17).position(),
        battle: Battle::new(support::setup()),
    };
    drop(SaveFile::create(&path, &mut data).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0ffee);
    let mut acknowledged = 0;
    let mut killed_while_writing = 0;
    for round in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["autoplay", path.to_str().unwrap(), "--events", "1000000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let last_ack = Arc::new(AtomicUsize::new(0));
        let first_ack = Arc::new(AtomicUsize::new(0));
        let reader = {
            let (last_ack, first_ack) = (last_ack.clone(), first_ack.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if let Some(n) = line.strip_prefix("ack ") {
                        let n: usize = n.parse().unwrap();
                        last_ack.store(n, Ordering::SeqCst);
                        let _ =
                            first_ack.compare_exchange(0, n, Ordering::SeqCst, Ordering::SeqCst);
                    }
                }
            })
        };
        // Half the kills land at any moment from start-up; half once it is writing.
        if round % 2 == 1 {
            while first_ack.load(Ordering::SeqCst) == 0 {
                if let Ok(Some(status)) = child.try_wait() {
                    let mut err = String::new();
                    let _ = std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err);
                    panic!("the writer stopped by itself ({status}): {err}");
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        std::thread::sleep(Duration::from_micros(rng.random_range(0..40_000)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        reader.join().unwrap();
        let acked = last_ack.load(Ordering::SeqCst);
        if acked > 0 {
            killed_while_writing += 1;
        }
        acknowledged = acknowledged.max(acked);
        let loaded = save::load::<herald::battle::warlords::Warlords>(&path)
            .unwrap_or_else(|e| panic!("round {round}: the save does not load after a kill:\n{e}"));
        let held = loaded.data.battle.events().len();
        assert!(
            held >= acknowledged,
            "round {round}: {acknowledged} events were acknowledged but the save holds {held}"
        );
    }
    eprintln!(
        "{KILLS} kills, {killed_while_writing} while writing; {acknowledged} events acknowledged"
    );
    assert!(
        killed_while_writing >= KILLS / 2,
        "only {killed_while_writing} kills landed while events were being written"
    );
    assert!(
        acknowledged >= KILLS,
        "only {acknowledged} events were written"
    );
}
