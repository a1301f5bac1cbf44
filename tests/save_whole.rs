//! A save written whole (a migration, a compaction, a move to a new file,
//! "write elsewhere") commits each event on its own (issue 36 item 5): a
//! tail cut off later loses only what follows the cut, never every event,
//! and is never called "never acknowledged"; opening such a file keeps the
//! events before the cut and writes it whole again. Every system, from
//! the battles an earlier Herald saved (`tests/earlier_saves/1a0bdf5`).

use herald::battle::homunculus_est::HomunculusEst;
use herald::battle::parkers_warlord::ParkersWarlord;
use herald::battle::roberts_rules::RobertsRules;
use herald::battle::warlord_i::WarlordI;
use herald::battle::warlords::Warlords;
use herald::rules::System;
use herald::store::save::{self, SaveCodec, SaveFile, from_text, to_text};
use std::path::{Path, PathBuf};

fn earlier_saves() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/earlier_saves/1a0bdf5");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

/// The byte offsets just after each commit line of a save's text.
fn commit_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        if line.starts_with("dice_position") {
            ends.push(at);
        }
    }
    ends
}

/// Cuts the whole-written text of a battle at points inside its log: the
/// events kept are those whose commit ended before the cut, the cut is
/// told as damage to what was saved, and opening keeps them and writes
/// the file whole again.
fn cuts_lose_only_the_tail<S: SaveCodec>(file: &Path) {
    let name = file.display().to_string();
    let loaded = save::load::<S>(file).unwrap_or_else(|e| panic!("{name}: {e}"));
    let live = loaded.data.battle.events().len();
    let undone = loaded.data.battle.undone().len();
    assert!(live > 3, "{name}: a battle with events");
    let whole = to_text(&loaded.data);
    let ends = commit_ends(&whole);
    assert_eq!(
        ends.len(),
        live + usize::from(undone > 0),
        "{name}: one commit per live event (and one for the undone ones)"
    );
    // Cuts inside the 1st, 2nd, middle and last events, and just after a commit.
    let table = |from: usize| from + whole[from..].find("[[events]]").unwrap();
    let starts: Vec<usize> = std::iter::once(table(0))
        .chain(ends[..live - 1].iter().map(|&e| table(e)))
        .collect();
    for k in [0, 1, live / 2, live - 1] {
        for cut in [starts[k] + 12, ends[k] - 3] {
            let text = &whole[..cut];
            let got = from_text::<S>(&name, text).unwrap_or_else(|ps| {
                panic!("{name} cut at {cut}: {}", ps[0]);
            });
            assert_eq!(
                got.data.battle.events().len(),
                k,
                "{name} cut inside event {}: the events before it stay",
                k + 1
            );
            let torn = got.torn.expect("a cut is seen");
            assert!(torn.saved, "{name}: the cut is inside what was saved whole");
            assert!(
                !torn.what().contains("never acknowledged"),
                "{name}: {}",
                torn.what()
            );
        }
    }
    // Opened for play: the events before the cut are kept, the file is
    // whole again, and a later append cut short is a write never acknowledged.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.toml");
    let k = live / 2;
    std::fs::write(&path, &whole[..starts[k] + 12]).unwrap();
    let (mut f, mut data) = SaveFile::open::<S>(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(data.battle.events().len(), k, "{name}");
    let notes = f.take_notes().join("\n");
    assert!(
        notes.contains("damage from outside Herald") && notes.contains("cut.toml.bak"),
        "{name}: {notes}"
    );
    assert!(!notes.contains("never acknowledged"), "{name}: {notes}");
    let reread = save::load::<S>(&path).unwrap();
    assert_eq!(reread.torn, None, "{name}: the file was cut back");
    assert_eq!(reread.data.battle.events().len(), k, "{name}");
    // Undo one event and save: appended; cut in that append, it was never acknowledged.
    data.battle.undo();
    let before = std::fs::metadata(&path).unwrap().len() as usize;
    f.save(&mut data.battle, data.dice).unwrap();
    drop(f);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.len() > before, "{name}: appended");
    let cut = before + text[before..].find("[[events]]").unwrap() + 12;
    let got = from_text::<S>(&name, &text[..cut]).unwrap();
    let torn = got.torn.expect("the append is cut");
    assert!(!torn.saved, "{name}: an append cut short");
    assert!(torn.what().contains("never acknowledged"), "{name}");
    assert_eq!(got.data.battle.events().len(), k, "{name}");
}

#[test]
fn a_save_written_whole_cut_short_loses_only_its_tail_in_every_system() {
    let mut seen = std::collections::BTreeSet::new();
    for file in earlier_saves() {
        let system = save::system_of(&file).unwrap();
        seen.insert(system.title());
        match system {
            System::Warlords => cuts_lose_only_the_tail::<Warlords>(&file),
            System::WarlordI => cuts_lose_only_the_tail::<WarlordI>(&file),
            System::HomunculusEst => cuts_lose_only_the_tail::<HomunculusEst>(&file),
            System::RobertsRules => cuts_lose_only_the_tail::<RobertsRules>(&file),
            System::ParkersWarlord => cuts_lose_only_the_tail::<ParkersWarlord>(&file),
        }
    }
    assert_eq!(seen.len(), 5, "every system: {seen:?}");
}
