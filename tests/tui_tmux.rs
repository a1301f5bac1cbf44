//! Runs the scripts of `tests/tmux/`: the real binary in tmux, playing the
//! first turn's activations of Hastings from the keyboard; and the console
//! without a terminal, under signals, on a too-small screen and on a full
//! disk; the start screen picking, resuming and making battles, and the
//! log browser; and a whole Move of the Warlord I battle of Carrhae.
//! Skipped, with a note, where tmux is not installed.

use std::process::Command;

#[test]
fn the_first_turn_of_hastings_plays_in_tmux() {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        println!("note: tmux is not installed; the tmux test of the console is skipped");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tmux/first_turn.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_herald"))
        .output()
        .expect("bash runs the script");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("a follow-up played and saved"), "{text}");
}

#[test]
fn no_terminal_signals_a_small_screen_and_a_full_disk_in_tmux() {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        println!("note: tmux is not installed; the tmux test of the console is skipped");
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/tmux/terminal_and_disk.sh"
    );
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_herald"))
        .output()
        .expect("bash runs the script");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    println!("{text}");
    assert!(text.contains("ok: no terminal"), "{text}");
}

#[test]
fn the_start_screen_picks_a_battle_and_plays_a_step_in_tmux() {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        println!("note: tmux is not installed; the tmux test of the start screen is skipped");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tmux/start_screen.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_herald"))
        .output()
        .expect("bash runs the script");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("ok: a battle picked and resumed"), "{text}");
}

#[test]
fn a_move_of_warlord_i_plays_in_tmux() {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        println!("note: tmux is not installed; the tmux test of the console is skipped");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tmux/warlord_i_move.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_herald"))
        .output()
        .expect("bash runs the script");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("ok: a Move of Carrhae played in the console and saved"),
        "{text}"
    );
}
