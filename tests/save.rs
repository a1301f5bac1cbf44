//! Save files: golden files of each format version, migration, located
//! errors, the lock, the .bak, exact resume, and `herald new` / `herald log`.

#[path = "support/battle.rs"]
mod support;

use herald::battle::UnitId;
use herald::battle::warlords::{Battle, Event};
use herald::dice::{Colour, DiceSource, SeededDice};
use herald::rules::Side;
use herald::store::save::{
    self, FORMAT, SaveData, SaveError, SaveFile, bak_path, from_text, original_path, to_text,
};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{random_battle, setup};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// The text without comment lines and blank lines (summaries may be reworded).
fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The battle the golden files hold: a random battle with two events undone.
fn golden_battle() -> SaveData<herald::battle::warlords::Warlords> {
    let (mut battle, dice) = random_battle(2024, 160);
    battle.undo();
    battle.undo();
    SaveData {
        name: "hastings".to_string(),
        dice: dice.position(),
        battle,
    }
}

/// Rewrites the golden files from the current code, by hand after a
/// deliberate format change: `HERALD_BLESS=1 cargo test --test suite save::bless -- --ignored`.
#[test]
#[ignore = "a tool, not a check: it rewrites tests/golden"]
fn bless_golden_files() {
    if std::env::var_os("HERALD_BLESS").is_none() {
        return;
    }
    // Formats 1 and 2 are no longer written: their golden files stay as they are.
    let v3 = to_text(&golden_battle());
    fs::create_dir_all(golden("")).unwrap();
    fs::write(golden("save-v3.toml"), &v3).unwrap();
}

#[test]
fn golden_format_3_loads_and_writes_back_the_same() {
    let text = fs::read_to_string(golden("save-v3.toml")).unwrap();
    let loaded = from_text::<herald::battle::warlords::Warlords>("save-v3.toml", &text).unwrap();
    assert_eq!(loaded.format, 3);
    assert_eq!(FORMAT, 3, "a new format needs its own golden file");
    assert_eq!(loaded.data.name, "hastings");
    assert_eq!(loaded.data.battle.undone().len(), 2);
    assert!(loaded.data.battle.events().len() > 60);
    assert_eq!(
        without_comments(&to_text(&loaded.data)),
        without_comments(&text)
    );
    // The battle it holds replays under the current rules (a save is history:
    // replay re-derives the state without judging again, Battle::record).
    let replayed = herald::battle::warlords::Battle::replay(
        loaded.data.battle.setup().clone(),
        loaded.data.battle.events().to_vec(),
        vec![],
    )
    .unwrap();
    assert_eq!(replayed.state(), loaded.data.battle.state());
}

#[test]
fn golden_formats_1_and_2_are_migrated_to_3_and_their_originals_kept() {
    let v3 = fs::read_to_string(golden("save-v3.toml")).unwrap();
    for format in [1, 2] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hastings.toml");
        let old = fs::read_to_string(golden(&format!("save-v{format}.toml"))).unwrap();
        fs::write(&path, &old).unwrap();
        let (_file, data) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
        let now = fs::read_to_string(&path).unwrap();
        assert!(
            now.contains("format = 3\nsystem = \"warlords\""),
            "{now:.200}"
        );
        assert_eq!(without_comments(&now), without_comments(&v3));
        assert_eq!(
            fs::read_to_string(original_path(&path, format)).unwrap(),
            old,
            "the original is kept"
        );
        let v3_data = from_text::<herald::battle::warlords::Warlords>("save-v3.toml", &v3)
            .unwrap()
            .data;
        assert_eq!(data.dice, v3_data.dice);
        assert_eq!(data.battle.undone().len(), 2);
    }
}

/// Line and column of the first occurrence of `needle` in `text`.
fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn problems(text: &str) -> Vec<herald::store::toml_walk::Problem> {
    from_text::<herald::battle::warlords::Warlords>("x.toml", text).unwrap_err()
}

#[test]
fn a_bad_die_is_located() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    let bad = good.replacen("dice = { white = [", "dice = { white = [7, ", 1);
    let (line, col) = place(&bad, "7, ");
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert_eq!((ps[0].line, ps[0].column), (line, col));
    assert!(ps[0].message.contains("1 to 6"), "{}", ps[0]);
    assert!(ps[0].field.starts_with("events."), "{}", ps[0]);
}

#[test]
fn an_unknown_event_kind_gets_a_did_you_mean() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    let bad = good.replacen("kind = \"activation\"", "kind = \"activaton\"", 1);
    let ps = problems(&bad);
    assert!(
        ps[0].message.contains("did you mean 'activation'"),
        "{}",
        ps[0]
    );
    assert_eq!(ps[0].line, place(&bad, "\"activaton\"").0);
}

#[test]
fn an_event_that_no_longer_applies_is_located() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    // Remove the first phase change: a later activation is then out of turn.
    let at = good.find("kind = \"next_phase\"").unwrap();
    let bad = format!(
        "{}kind = \"go_to\"\nturn = 1\nphase = \"initiative\"{}",
        &good[..at],
        &good[at + "kind = \"next_phase\"".len()..]
    );
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(ps[0].message.contains("cannot be replayed"), "{}", ps[0]);
    assert!(ps[0].message.contains("kept as it is"), "{}", ps[0]);
    let line_text = bad.lines().nth(ps[0].line - 1).unwrap();
    assert!(
        line_text.starts_with("[[events]]") || line_text.starts_with("kind"),
        "{line_text}"
    );
}

#[test]
fn syntax_errors_and_newer_formats_are_refused_with_a_place() {
    let ps = problems("format = 3\nname = \"x\"\n[dice\n");
    assert_eq!(ps[0].line, 3, "{}", ps[0]);
    let ps = problems("format = 9\nname = \"x\"\n");
    assert!(ps[0].message.contains("newer Herald"), "{}", ps[0]);
    let ps = problems("name = \"x\"\n");
    assert!(ps[0].message.contains("'format' is missing"), "{}", ps[0]);
}

#[test]
fn a_save_that_fails_to_load_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.toml");
    let text = "format = 3\nsystem = \"warlords\"\nname = \"broken\"\n[dice]\nseed = \"x\"\n";
    fs::write(&path, text).unwrap();
    let err = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("broken.toml:5:8"), "{message}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert!(!bak_path(&path).exists());
}

fn new_save(
    dir: &Path,
) -> (
    PathBuf,
    SaveFile,
    SaveData<herald::battle::warlords::Warlords>,
) {
    let path = dir.join("hastings.toml");
    let mut data = SaveData {
        name: "hastings".to_string(),
        dice: SeededDice::new(99).position(),
        battle: Battle::new(setup()),
    };
    let file = SaveFile::create(&path, &mut data).unwrap();
    (path, file, data)
}

#[test]
fn a_second_herald_is_refused_while_the_first_has_the_battle() {
    let dir = tempfile::tempdir().unwrap();
    let (path, file, _) = new_save(dir.path());
    let err = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap_err();
    assert!(matches!(err, SaveError::Locked { .. }), "{err}");
    assert!(err.to_string().contains("open in another Herald"), "{err}");
    drop(file);
    SaveFile::open::<herald::battle::warlords::Warlords>(&path)
        .expect("free again once the first has closed it");
}

#[test]
fn create_refuses_to_overwrite_a_battle() {
    let dir = tempfile::tempdir().unwrap();
    let (path, file, mut data) = new_save(dir.path());
    drop(file);
    let err = SaveFile::create(&path, &mut data).unwrap_err();
    assert!(matches!(err, SaveError::Exists { .. }), "{err}");
}

#[test]
fn every_save_appends_one_commit_and_leaves_what_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut file, mut data) = new_save(dir.path());
    let mut dice = SeededDice::restore(data.dice);
    let mut before = fs::read(&path).unwrap();
    for _ in 0..20 {
        data.battle.play_suggested(&mut dice).unwrap();
        file.save(&mut data.battle, dice.position()).unwrap();
        let now = fs::read(&path).unwrap();
        assert!(
            now.starts_with(&before),
            "the bytes written before are left as they were"
        );
        let added = String::from_utf8(now[before.len()..].to_vec()).unwrap();
        assert_eq!(added.matches("[[events]]").count(), 1, "{added}");
        assert!(
            added.ends_with(&format!(
                "dice_position = \"{}\"\n",
                dice.position().word_pos
            )),
            "{added}"
        );
        before = now;
    }
    assert!(data.battle.unsaved().is_empty());
    assert!(
        !bak_path(&path).exists(),
        "appending rewrites nothing, so keeps no .bak"
    );
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn resume_restores_the_turn_the_units_the_log_and_the_next_die() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut file, mut data) = new_save(dir.path());
    let mut dice = SeededDice::restore(data.dice);
    for _ in 0..40 {
        data.battle.play_suggested(&mut dice).unwrap();
    }
    data.dice = dice.position();
    file.save(&mut data.battle, data.dice).unwrap();
    drop(file);
    let (_file, resumed) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(resumed.battle.turn(), data.battle.turn());
    assert_eq!(resumed.battle.phase(), data.battle.phase());
    assert_eq!(resumed.battle.state(), data.battle.state());
    for i in 0..data.battle.events().len() {
        assert_eq!(resumed.battle.entry(i), data.battle.entry(i));
    }
    let mut again = SeededDice::restore(resumed.dice);
    assert_eq!(
        again.roll(Colour::White, 12).unwrap(),
        dice.roll(Colour::White, 12).unwrap(),
        "the same next dice"
    );
}

#[test]
fn units_read_back_exactly_with_their_personalities() {
    let (mut battle, dice) = random_battle(5, 50);
    // A personality's fate and an unknown trait survive the round trip.
    let mut s = setup();
    s.sides[0][0].contingents[0].units[0].personalities[1]
        .other_traits
        .push("pious".to_string());
    battle = Battle::replay(s, battle.events().to_vec(), vec![]).unwrap();
    let data = SaveData {
        name: "x".to_string(),
        dice: dice.position(),
        battle,
    };
    let back = from_text::<herald::battle::warlords::Warlords>("x.toml", &to_text(&data))
        .unwrap()
        .data;
    assert_eq!(back.battle.setup(), data.battle.setup());
    assert_eq!(back.battle.state(), data.battle.state());
    let id = UnitId::new(Side::A, 0);
    assert_eq!(
        back.battle.unit(id).unwrap().unit.personalities[1].other_traits,
        vec!["pious".to_string()]
    );
}

fn herald() -> Command {
    Command::new(env!("CARGO_BIN_EXE_herald"))
}

fn army(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/battle_data")
        .join(name)
}

#[test]
fn herald_new_and_log() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    let run = |args: &[&str]| {
        herald()
            .args(args)
            .arg("--saves")
            .arg(&saves)
            .output()
            .unwrap()
    };
    let a = army("normans.toml");
    let b = army("saxons.toml");
    let args = [
        "new",
        "hastings",
        "--side",
        a.to_str().unwrap(),
        "--side",
        b.to_str().unwrap(),
        "--seed",
        "18446744073709551615",
    ];
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = saves.join("hastings.toml");
    let loaded = save::load::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(loaded.data.dice.seed, u64::MAX);
    assert_eq!(loaded.data.battle.setup().label(Side::B), "English");
    // Later edits of the army files change nothing: the armies are copied in.
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("name = \"Household knights\""));
    let out = run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    // The log of a battle with events.
    let status = herald()
        .args(["autoplay", path.to_str().unwrap(), "--events", "25"])
        .output()
        .unwrap();
    assert!(status.status.success());
    let out = herald()
        .args(["log", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.starts_with("# Battle report: hastings"), "{report}");
    assert!(report.contains("25. "), "{report}");
    assert!(report.contains("| a (Normans) |"), "{report}");
}

#[test]
fn herald_new_and_log_explain_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    fs::write(
        &bad,
        "name = \"x\"\n[[contingents]]\nname = \"c\"\n[[contingents.units]]\nname = \"u\"\ntype = \"close_fot\"\nstands = 4\n",
    )
    .unwrap();
    let out = herald()
        .args(["new", "x", "--side"])
        .arg(&bad)
        .arg("--side")
        .arg(army("saxons.toml"))
        .arg("--saves")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml:6:8"), "{err}");
    assert!(err.contains("did you mean 'close_foot'"), "{err}");
    let out = herald().args(["log"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'format' is missing"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_event_recorded_is_an_event_saved() {
    // The summary comment and the event table sit together in the file.
    let (battle, dice) = random_battle(8, 30);
    let data = SaveData {
        name: "x".to_string(),
        dice: dice.position(),
        battle,
    };
    let text = to_text(&data);
    assert_eq!(
        text.matches("[[events]]").count(),
        data.battle.events().len()
    );
    let first = &data.battle.entry(0).unwrap().summary;
    assert!(text.contains(&format!("# 1 · turn 1, initiative · {first}")));
    assert!(matches!(data.battle.events()[0], Event::Initiative { .. }));
}

/// A save with a battle of `tries` random ideas, saved one commit per event.
fn played(
    dir: &Path,
    tries: usize,
) -> (
    PathBuf,
    SaveFile,
    SaveData<herald::battle::warlords::Warlords>,
) {
    let (path, mut file, mut data) = new_save(dir);
    let mut dice = SeededDice::restore(data.dice);
    for _ in 0..tries {
        data.battle.play_suggested(&mut dice).unwrap();
        data.dice = dice.position();
        file.save(&mut data.battle, data.dice).unwrap();
    }
    (path, file, data)
}

#[test]
fn undo_and_redo_are_recorded_and_resume_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut file, mut data) = played(dir.path(), 30);
    data.battle.undo();
    data.battle.undo();
    data.battle.undo();
    data.battle.redo().unwrap();
    file.save(&mut data.battle, data.dice).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("kind = \"undo\"").count(), 3);
    assert_eq!(text.matches("kind = \"redo\"").count(), 1);
    drop(file);
    let (_file, back) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(back.battle.events(), data.battle.events());
    assert_eq!(back.battle.undone(), data.battle.undone());
    assert_eq!(back.battle.state(), data.battle.state());
    assert_eq!(back.dice, data.dice);
}

#[test]
fn a_write_cut_short_anywhere_is_dropped_and_the_acknowledged_battle_loads() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut file, mut data) = played(dir.path(), 20);
    let acknowledged = fs::read(&path).unwrap();
    let events = data.battle.events().to_vec();
    // One step of several events: undo three, record four (as adding a
    // champion to an earlier activation does).
    for _ in 0..3 {
        data.battle.undo();
    }
    let mut dice = SeededDice::restore(data.dice);
    for _ in 0..4 {
        data.battle.play_suggested(&mut dice).unwrap();
    }
    file.save(&mut data.battle, dice.position()).unwrap();
    drop(file);
    let whole = fs::read(&path).unwrap();
    let commit = &whole[acknowledged.len()..];
    for cut in (1..commit.len()).step_by(7) {
        let mut torn = acknowledged.clone();
        torn.extend_from_slice(&commit[..cut]);
        let text = String::from_utf8_lossy(&torn);
        let loaded = from_text::<herald::battle::warlords::Warlords>("x.toml", &text)
            .unwrap_or_else(|e| panic!("cut at {cut}: {}", e[0]));
        assert_eq!(loaded.data.battle.events(), &events[..], "cut at {cut}");
        // Torn once the write reached more than blank lines and comments.
        let started = String::from_utf8_lossy(&commit[..cut])
            .lines()
            .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        assert_eq!(loaded.torn.is_some(), started, "cut at {cut}");
        assert_eq!(loaded.end, acknowledged.len() as u64);
    }
    // A power cut can leave zeros where the write was to go.
    let mut zeros = acknowledged.clone();
    zeros.extend_from_slice(&[0u8; 300]);
    fs::write(&path, &zeros).unwrap();
    let (mut file, mut back) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(back.battle.events(), &events[..]);
    assert_eq!(
        fs::read(&path).unwrap(),
        acknowledged,
        "the unfinished write is cut off"
    );
    assert_eq!(
        fs::read(bak_path(&path)).unwrap(),
        zeros,
        "the file as it was is kept"
    );
    let notes = file.take_notes();
    assert!(notes[0].contains("cut short"), "{notes:?}");
    // And the battle goes on.
    let mut dice = SeededDice::restore(back.dice);
    back.battle.play_suggested(&mut dice).unwrap();
    file.save(&mut back.battle, dice.position()).unwrap();
    assert_eq!(
        save::load::<herald::battle::warlords::Warlords>(&path)
            .unwrap()
            .data
            .battle
            .events()
            .len(),
        events.len() + 1
    );
}

#[test]
fn a_battle_of_another_system_is_refused_in_one_line_before_anything_else() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    let other = good
        .replace("system = \"warlords\"", "system = \"nonesuch\"")
        .replace("type = \"cavalry\"", "type = \"elephants\"");
    let ps = problems(&other);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(ps[0].message.contains("'nonesuch'"), "{}", ps[0]);
    assert!(ps[0].message.contains("warlords"), "{}", ps[0]);
    assert_eq!(ps[0].line, place(&other, "system").0);
    // Formats 1 and 2 have no system: they are Warlords.
    let v2 = fs::read_to_string(golden("save-v2.toml")).unwrap();
    assert!(!v2.contains("system"));
    assert!(from_text::<herald::battle::warlords::Warlords>("v2.toml", &v2).is_ok());
}

/// A save is opened by its own system's reader, picked from its header: a
/// save of an unknown system is refused in one line (`herald log`; `herald
/// play` opens saves the same way), and a Warlords battle relabelled as
/// Warlord I is read by the Warlord I reader, whose problems are located;
/// either is left as it is.
#[test]
fn saves_are_opened_by_their_system() {
    let dir = tempfile::tempdir().unwrap();
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    for (word, expect) in [
        ("nonesuch", "'nonesuch', which this Herald does not know"),
        (
            "warlord_i",
            "armies.0.contingents: unknown field 'contingents'; the fields here are: divisions",
        ),
    ] {
        let text = good.replace("system = \"warlords\"", &format!("system = \"{word}\""));
        let path = dir.path().join(format!("{word}.toml"));
        fs::write(&path, &text).unwrap();
        assert_eq!(
            save::system_of(&path).map(|s| s.to_string()).ok(),
            (word == "warlord_i").then(|| word.to_string())
        );
        let out = herald().arg("log").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{word}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect), "{word}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "left as it is");
    }
}

#[test]
fn migrating_never_loses_an_original() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hastings.toml");
    let v2 = fs::read_to_string(golden("save-v2.toml")).unwrap();
    fs::write(&path, &v2).unwrap();
    let someone_elses = "# another file that happens to have this name\n";
    fs::write(original_path(&path, 2), someone_elses).unwrap();
    let (mut file, _) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(
        fs::read_to_string(original_path(&path, 2)).unwrap(),
        someone_elses
    );
    let kept = dir.path().join("hastings.v2-2.toml");
    assert_eq!(fs::read_to_string(&kept).unwrap(), v2);
    assert!(file.take_notes()[0].contains("hastings.v2-2.toml"));
    assert!(save::is_original("hastings.v2-2.toml"));
    assert!(save::is_original("hastings.v1.toml"));
    assert!(
        !save::is_original("my.very.own.toml"),
        "a battle with .v in its name is a battle"
    );
    assert!(!save::is_original("hastings.vx.toml"));
}

#[cfg(unix)]
#[test]
fn the_lock_is_on_the_file_whatever_path_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let (path, file, _) = new_save(dir.path());
    let link = dir.path().join("symlink.toml");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let hard = dir.path().join("hardlink.toml");
    fs::hard_link(&path, &hard).unwrap();
    for p in [&path, &link, &hard] {
        let err = SaveFile::open::<herald::battle::warlords::Warlords>(p).unwrap_err();
        assert!(
            matches!(err, SaveError::Locked { .. }),
            "{}: {err}",
            p.display()
        );
    }
    drop(file);
    drop(SaveFile::open::<herald::battle::warlords::Warlords>(&link).unwrap());
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lock") || n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn an_edit_made_outside_herald_is_kept_and_the_battle_goes_on_beside_it() {
    for edit in ["in place", "replaced"] {
        let dir = tempfile::tempdir().unwrap();
        let (path, mut file, mut data) = played(dir.path(), 5);
        let mut text = fs::read_to_string(&path).unwrap();
        text.push_str("# the referee's note, written by hand\n");
        if edit == "in place" {
            fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .and_then(|mut f| {
                    std::io::Write::write_all(&mut f, b"# the referee's note, written by hand\n")
                })
                .unwrap();
        } else {
            let tmp = dir.path().join("edited");
            fs::write(&tmp, &text).unwrap();
            fs::rename(&tmp, &path).unwrap();
        }
        let mut dice = SeededDice::restore(data.dice);
        data.battle.play_suggested(&mut dice).unwrap();
        let note = file.save(&mut data.battle, dice.position()).unwrap();
        let note = note.unwrap_or_else(|| panic!("{edit}: the edit went unnoticed"));
        let moved = dir.path().join("hastings-2.toml");
        assert!(
            note.contains("changed outside Herald") && note.contains("hastings-2.toml"),
            "{note}"
        );
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            text,
            "{edit}: the edit is kept"
        );
        assert_eq!(file.path(), moved);
        let back = save::load::<herald::battle::warlords::Warlords>(&moved)
            .unwrap()
            .data
            .battle;
        assert_eq!(back.events(), data.battle.events());
    }
}

#[cfg(unix)]
#[test]
fn anything_but_a_regular_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.toml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    for p in [fifo.as_path(), Path::new("/dev/zero"), dir.path()] {
        let err = SaveFile::open::<herald::battle::warlords::Warlords>(p).unwrap_err();
        assert!(
            matches!(err, SaveError::NotAFile { .. }),
            "{}: {err}",
            p.display()
        );
        let err = save::load::<herald::battle::warlords::Warlords>(p).unwrap_err();
        assert!(
            err.to_string().contains("Herald reads only regular files"),
            "{err}"
        );
    }
    // The commands say so at once, and never wait on a FIFO or read a device.
    for args in [
        vec!["log", "/dev/zero"],
        vec!["log", fifo.to_str().unwrap()],
        vec!["check", "/dev/zero"],
        vec!["check", fifo.to_str().unwrap()],
    ] {
        let mut child = herald()
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if started.elapsed() > std::time::Duration::from_secs(10) {
                child.kill().unwrap();
                panic!("herald {args:?} did not return");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(!status.success(), "{args:?}");
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        assert!(err.contains("regular files"), "{args:?}: {err}");
    }
}

#[test]
fn one_size_limit_for_saves_named_in_its_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.toml");
    let f = fs::File::create(&path).unwrap();
    f.set_len(save::MAX_SAVE_BYTES + 1).unwrap();
    for err in [
        save::load::<herald::battle::warlords::Warlords>(&path).unwrap_err(),
        SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap_err(),
    ] {
        let m = err.to_string();
        assert!(m.contains("saves up to 64 MiB"), "{m}");
        assert!(!m.contains("army"), "{m}");
    }
}

#[test]
fn bad_utf8_is_located_by_line_and_column() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    let at = good.rfind("kind = \"activation\"").unwrap() + "kind = \"acti".len();
    let mut bytes = good.as_bytes().to_vec();
    bytes[at] = 0xFF;
    let (line, column) = place(&good, &good[good.rfind("kind = \"activation\"").unwrap()..]);
    let err =
        save::read_save::<herald::battle::warlords::Warlords>("x.toml", &bytes[..], 0).unwrap_err();
    assert_eq!(
        (err[0].line, err[0].column),
        (line, column + "kind = \"acti".len()),
        "{}",
        err[0]
    );
    assert!(err[0].message.contains("not UTF-8"), "{}", err[0]);
}

#[test]
fn messages_quote_little_name_duplicate_keys_and_point_to_the_bak() {
    let good = fs::read_to_string(golden("save-v3.toml")).unwrap();
    // A 100,000-character value is not echoed whole.
    let long = "x".repeat(100_000);
    let bad = good.replacen("unit = \"", &format!("unit = \"{long}"), 1);
    let ps = problems(&bad);
    assert!(
        ps[0].to_string().len() < 400,
        "{} characters",
        ps[0].to_string().len()
    );
    // A duplicate key is named.
    let bad = good.replacen(
        "kind = \"initiative\"",
        "kind = \"initiative\"\nkind = \"melee\"",
        1,
    );
    let ps = problems(&bad);
    assert!(
        ps[0].message.contains("duplicate key `kind`")
            || ps[0].message.contains("duplicate key kind"),
        "{}",
        ps[0]
    );
    // An unknown kind does not also call its fields unknown.
    let bad = good.replacen("kind = \"shooting\"", "kind = \"shootin\"", 1);
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    // A save cut short in its header points to the .bak.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hastings.toml");
    fs::write(&path, fs::read_to_string(golden("save-v2.toml")).unwrap()).unwrap();
    drop(SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap()); // migrated: the version before is the .bak
    assert!(bak_path(&path).exists());
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, &text[..text.len() / 40]).unwrap();
    let m = SaveFile::open::<herald::battle::warlords::Warlords>(&path)
        .unwrap_err()
        .to_string();
    assert!(m.contains("hastings.toml.bak"), "{m}");
}

#[test]
fn opening_a_save_that_is_not_there_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let err = SaveFile::open::<herald::battle::warlords::Warlords>(&dir.path().join("typo.toml"))
        .unwrap_err();
    assert!(matches!(err, SaveError::Missing { .. }), "{err}");
    assert!(err.to_string().contains("herald new"), "{err}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_log_of_many_undos_is_written_short_at_a_safe_moment() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut file, mut data) = played(dir.path(), 10);
    for _ in 0..150 {
        data.battle.undo();
        file.save(&mut data.battle, data.dice).unwrap();
        data.battle.redo().unwrap();
        file.save(&mut data.battle, data.dice).unwrap();
    }
    data.battle.undo();
    file.save(&mut data.battle, data.dice).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    let tables = text.matches("[[events]]").count();
    assert!(
        tables < 100,
        "{tables} tables: the log was never written short"
    );
    assert!(bak_path(&path).exists(), "the version before is kept");
    drop(file);
    let (_file, back) = SaveFile::open::<herald::battle::warlords::Warlords>(&path).unwrap();
    assert_eq!(back.battle.events(), data.battle.events());
    assert_eq!(back.battle.undone(), data.battle.undone());
    assert_eq!(back.battle.state(), data.battle.state());
}
