//! Runs the scripts of `tests/tmux/`: the real binary in tmux, playing the
//! first turn's activations of Hastings from the keyboard; and the console
//! without a terminal, under signals, on a too-small screen and on a full
//! disk; the start screen picking, resuming and making battles, and the
//! log browser; and a whole Move of the Warlord I battle of Carrhae.
//! Skipped, with a note, where tmux is not installed. A script that runs
//! past its deadline is stopped and fails, so it can never hold CI up.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Each script takes 10 to 40 s here; three minutes means it is stuck.
const DEADLINE: Duration = Duration::from_secs(180);

/// Runs `tests/tmux/NAME` on the real binary; its output, or `None` with
/// a note where tmux is not installed. Fails if it fails or is stuck.
fn run(name: &str) -> Option<String> {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        println!("note: tmux is not installed; the tmux script {name} is skipped");
        return None;
    }
    let script = format!("{}/tests/tmux/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_herald"))
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs the script");
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > DEADLINE {
            // TERM lets the script's trap close its tmux session; then KILL.
            let group = format!("-{}", child.id());
            let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
            std::thread::sleep(Duration::from_secs(3));
            let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let text = format!("{}{}", out.join().unwrap(), err.join().unwrap());
    match status {
        None => panic!("{name} was stopped after {DEADLINE:?}: {text}"),
        Some(s) => assert!(s.success(), "{name}: {text}"),
    }
    Some(text)
}

#[test]
fn the_first_turn_of_hastings_plays_in_tmux() {
    let Some(text) = run("first_turn.sh") else {
        return;
    };
    assert!(text.contains("a follow-up played and saved"), "{text}");
}

#[test]
fn no_terminal_signals_a_small_screen_and_a_full_disk_in_tmux() {
    let Some(text) = run("terminal_and_disk.sh") else {
        return;
    };
    println!("{text}");
    assert!(text.contains("ok: no terminal"), "{text}");
}

#[test]
fn the_start_screen_picks_a_battle_and_plays_a_step_in_tmux() {
    let Some(text) = run("start_screen.sh") else {
        return;
    };
    assert!(text.contains("ok: a battle picked and resumed"), "{text}");
}

#[test]
fn a_move_of_warlord_i_plays_in_tmux() {
    let Some(text) = run("warlord_i_move.sh") else {
        return;
    };
    assert!(
        text.contains("ok: a Move of Carrhae played in the console and saved"),
        "{text}"
    );
}

#[test]
fn a_turn_of_homunculus_est_plays_in_tmux() {
    let Some(text) = run("homunculus_est_turn.sh") else {
        return;
    };
    assert!(
        text.contains("ok: a turn of Magnesia played in the console and saved"),
        "{text}"
    );
}

#[test]
fn a_half_turn_of_roberts_rules_plays_in_tmux() {
    let Some(text) = run("roberts_rules_half_turn.sh") else {
        return;
    };
    assert!(
        text.contains("ok: a half-turn of Robert's Rules played in the console and saved"),
        "{text}"
    );
}

#[test]
fn a_command_phase_of_parkers_warlord_plays_in_tmux() {
    let Some(text) = run("parkers_warlord_phase.sh") else {
        return;
    };
    assert!(
        text.contains("ok: a command phase of Lewes played in the console and saved"),
        "{text}"
    );
}

#[test]
fn a_console_clears_what_a_killed_one_left_on_the_screen_in_tmux() {
    let Some(text) = run("stale_screen.sh") else {
        return;
    };
    assert!(
        text.contains("ok: every console clears the terminal when it starts"),
        "{text}"
    );
}
