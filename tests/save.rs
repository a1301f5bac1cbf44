//! Save files: golden files of each format version, migration, located
//! errors, the lock, the .bak, exact resume, and `herald new` / `herald log`.

#[path = "support/battle.rs"]
mod support;

use herald::battle::{Battle, Event, UnitId};
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
fn golden_battle() -> SaveData {
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
/// deliberate format change: `HERALD_BLESS=1 cargo test --test save bless -- --ignored`.
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
    let loaded = from_text("save-v3.toml", &text).unwrap();
    assert_eq!(loaded.format, 3);
    assert_eq!(FORMAT, 3, "a new format needs its own golden file");
    assert_eq!(loaded.data.name, "hastings");
    assert_eq!(loaded.data.battle.undone().len(), 2);
    assert!(loaded.data.battle.events().len() > 60);
    assert_eq!(
        without_comments(&to_text(&loaded.data)),
        without_comments(&text)
    );
    // The battle it holds is the one the current rules play from the same seed.
    let expected = golden_battle();
    assert_eq!(loaded.data.battle.events(), expected.battle.events());
    assert_eq!(loaded.data.battle.state(), expected.battle.state());
    assert_eq!(loaded.data.dice, expected.dice);
}

#[test]
fn golden_formats_1_and_2_are_migrated_to_3_and_their_originals_kept() {
    let v3 = fs::read_to_string(golden("save-v3.toml")).unwrap();
    for format in [1, 2] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hastings.toml");
        let old = fs::read_to_string(golden(&format!("save-v{format}.toml"))).unwrap();
        fs::write(&path, &old).unwrap();
        let (_file, data) = SaveFile::open(&path).unwrap();
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
        assert_eq!(data.dice, golden_battle().dice);
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
    from_text("x.toml", text).unwrap_err()
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
    let err = SaveFile::open(&path).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("broken.toml:5:8"), "{message}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert!(!bak_path(&path).exists());
}

fn new_save(dir: &Path) -> (PathBuf, SaveFile, SaveData) {
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
    let err = SaveFile::open(&path).unwrap_err();
    assert!(matches!(err, SaveError::Locked { .. }), "{err}");
    assert!(err.to_string().contains("open in another Herald"), "{err}");
    drop(file);
    SaveFile::open(&path).expect("free again once the first has closed it");
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
    let (_file, resumed) = SaveFile::open(&path).unwrap();
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
    let back = from_text("x.toml", &to_text(&data)).unwrap().data;
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
    let loaded = save::load(&path).unwrap();
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
