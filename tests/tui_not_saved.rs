//! Never hide that an event is unsaved, in every system (issue 36 item 5):
//! the NOT SAVED warning stays on screen until a save succeeds, also after
//! "carry on" or Esc and whatever step follows; a battle moved to a new
//! file says which, within 80 columns, and why when that write fails too;
//! the undo line names the event as the log does.

#[path = "support/consoles.rs"]
mod consoles;

use consoles::{FIRST_STEPS, SYSTEMS, each, new_battle, open, press, record_one, screen, short};
use herald::tui::console::{Console, Prompt};
use herald::tui::screen::Screen;

/// Plays on with saves failing: the first failure asks, `answer` (`c` or
/// `Esc`) carries on, then more events are recorded; after each, at 80x24
/// and 120x40, the screen still says NOT SAVED; once the disk takes the
/// save, it no longer does.
fn warning_stays<S: Screen>(mut c: Console<S>, name: &str, answer: &str) {
    c.file.fail_next_writes(1000);
    assert!(record_one(&mut c, &FIRST_STEPS), "{name}: no first event");
    assert_eq!(
        c.prompt,
        Some(Prompt::Choose),
        "{name}: the question is asked"
    );
    press(&mut c, (120, 40), &[answer]);
    assert_eq!(c.prompt, None, "{name}: {answer} carries on");
    for size in [(80, 24), (120, 40)] {
        let s = screen(&c, size.0, size.1);
        assert!(
            s.contains("NOT SAVED"),
            "{name} {size:?}: after {answer} the warning is gone:\n{s}"
        );
    }
    // Another step, its status line, a panel opened and closed: still said.
    let mut recorded = 0;
    let more = [
        "1", "Enter", "2", "Enter", "Esc", "e", "Esc", "e", "Esc", "u", "U", "Esc", "Enter", "Esc",
    ];
    for k in FIRST_STEPS.iter().chain(more.iter()) {
        let before = c.app.battle().events().len();
        press(&mut c, (120, 40), &[k]);
        recorded += usize::from(c.app.battle().events().len() != before);
        for size in [(80, 24), (120, 40)] {
            let s = screen(&c, size.0, size.1);
            assert!(
                s.contains("NOT SAVED"),
                "{name} {size:?}: after {answer} then {k} the warning is gone:\n{s}"
            );
        }
    }
    assert!(recorded > 0, "{name}: nothing more was recorded");
    let unsaved = c.app.battle().unsaved().len();
    assert!(unsaved > 1, "{name}: {unsaved} change(s) unsaved");
    // The disk takes it: every change is saved and the warning goes.
    c.file.fail_next_writes(0);
    c.save();
    assert_eq!(c.unsaved(), None, "{name}: saved");
    assert!(!screen(&c, 120, 40).contains("NOT SAVED"), "{name}");
}

#[test]
fn the_not_saved_warning_stays_after_carry_on_and_after_esc_in_every_system() {
    for system in SYSTEMS {
        for answer in ["c", "Esc"] {
            let dir = tempfile::tempdir().unwrap();
            let name = format!(
                "{}-{}",
                short(system),
                if answer == "c" { "c" } else { "esc" }
            );
            let path = new_battle(dir.path(), system, 7, &name);
            each!(open(&path), c => warning_stays(c, system.title(), answer));
        }
    }
}

/// The undo line names the undone event by its summary in the log.
fn undo_names<S: Screen>(mut c: Console<S>, name: &str) {
    assert!(record_one(&mut c, &FIRST_STEPS), "{name}: no first event");
    let summary = c
        .app
        .battle()
        .last_entry()
        .map(|e| e.summary.clone())
        .unwrap_or_default();
    press(&mut c, (120, 40), &["Esc", "Esc", "u"]);
    let s = screen(&c, 200, 40);
    assert!(
        s.contains(&format!("undone: {summary}")),
        "{name}: the undo line does not name '{summary}':\n{s}"
    );
}

#[test]
fn the_undo_line_names_the_event_as_the_log_does_in_every_system() {
    for system in SYSTEMS {
        let dir = tempfile::tempdir().unwrap();
        let path = new_battle(dir.path(), system, 7, short(system));
        each!(open(&path), c => undo_names(c, system.title()));
    }
}

/// The save is changed outside Herald: the next step goes on in a new
/// file, whose name the status line shows within 80 columns; when that
/// file cannot be written either, the NOT SAVED box says why Herald was
/// writing to it.
fn moved_file_said<S: Screen>(mut c: Console<S>, name: &str, fail: bool) {
    let path = c.file.path().to_path_buf();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("# a note added outside Herald\n");
    std::fs::write(&path, text).unwrap();
    if fail {
        c.file.fail_next_writes(1);
    }
    assert!(record_one(&mut c, &FIRST_STEPS), "{name}: no event");
    let new = path.with_file_name(format!(
        "{}-2.toml",
        path.file_stem().unwrap().to_string_lossy()
    ));
    let s = screen(&c, 80, 24);
    if fail {
        assert_eq!(c.prompt, Some(Prompt::Choose), "{name}");
        let s = screen(&c, 120, 40)
            .replace(['│', '\n'], "")
            .replace("  ", " ");
        assert!(
            s.contains("changed outside Herald"),
            "{name}: the box does not say why a new file:\n{s}"
        );
    } else {
        // The new file's name, whole, on one row at 80 columns.
        let shown = new.display().to_string();
        let short_name = new.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            s.lines()
                .any(|l| l.contains(&short_name) && l.contains("goes on in")),
            "{name}: {shown} not on screen at 80x24:\n{s}"
        );
        assert_eq!(c.file.path(), new, "{name}");
    }
}

#[test]
fn a_battle_moved_to_a_new_file_says_which_and_why_in_every_system() {
    for system in SYSTEMS {
        for fail in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            let path = new_battle(dir.path(), system, 7, short(system));
            each!(open(&path), c => moved_file_said(c, system.title(), fail));
        }
    }
}
