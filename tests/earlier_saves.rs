//! Battles saved by an earlier Herald open, report every event and go on
//! (DESIGN.md, Testing; `../shared/saves/README.md`). The battles are
//! copied in `tests/earlier_saves/` (never edited) so a fresh clone runs
//! them; `../shared/saves/` is read as well whenever it exists. An event
//! today's rules would refuse stands as recorded, and the report says so.

use herald::battle::homunculus_est::HomunculusEst;
use herald::battle::parkers_warlord::ParkersWarlord;
use herald::battle::roberts_rules::RobertsRules;
use herald::battle::warlord_i::WarlordI;
use herald::battle::warlords::Warlords;
use herald::battle::{Battle, RuleSystem};
use herald::rules::System;
use herald::store::save::{self, SaveCodec};
use std::path::{Path, PathBuf};
use std::process::Command;

fn herald() -> Command {
    Command::new(env!("CARGO_BIN_EXE_herald"))
}

/// Every earlier battle: the project's copies, then `../shared/saves/`,
/// each with its subfolders (one a commit: `1a0bdf5/`).
fn battles() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in ["tests/earlier_saves", "../shared/saves"] {
        found.extend(saves_under(Path::new(dir)));
    }
    found
}

/// The saves in a folder and its subfolders, sorted.
fn saves_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for p in read.filter_map(|e| e.ok().map(|e| e.path())) {
        if p.is_dir() {
            folders.push(p);
        } else if p.extension().is_some_and(|x| x == "toml") {
            files.push(p);
        }
    }
    files.sort();
    folders.sort();
    for folder in folders {
        files.extend(saves_under(&folder));
    }
    files
}

/// The live events of a save, and the numbers of those made under an
/// earlier reading of the rules.
fn read(path: &Path) -> (usize, Vec<usize>) {
    fn of<S: SaveCodec + RuleSystem>(path: &Path) -> (usize, Vec<usize>) {
        let loaded = save::load::<S>(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let battle: &Battle<S> = &loaded.data.battle;
        let earlier = battle
            .earlier_readings()
            .iter()
            .map(|e| e.event + 1)
            .collect();
        (battle.events().len(), earlier)
    }
    match save::system_of(path).unwrap() {
        System::Warlords => of::<Warlords>(path),
        System::WarlordI => of::<WarlordI>(path),
        System::HomunculusEst => of::<HomunculusEst>(path),
        System::RobertsRules => of::<RobertsRules>(path),
        System::ParkersWarlord => of::<ParkersWarlord>(path),
    }
}

/// `herald log`'s report of a save: the numbers of its entries, in order,
/// and how many say they were recorded under an earlier reading.
fn report(path: &Path) -> (Vec<usize>, usize) {
    let out = herald().arg("log").arg(path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "herald log {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let numbers = text
        .lines()
        .filter_map(|l| l.split_once(". ").and_then(|(n, _)| n.parse().ok()))
        .collect();
    let earlier = text.matches("recorded under an earlier reading").count();
    (numbers, earlier)
}

/// `herald autoplay SAVE --events N`: N suggested steps, each saved.
fn autoplay(path: &Path, events: usize) -> std::process::Output {
    herald()
        .arg("autoplay")
        .arg(path)
        .arg("--events")
        .arg(events.to_string())
        .output()
        .unwrap()
}

/// Takes back a save's last event and saves that, as the console's `u`
/// does (only a Homunculus Est! battle ends: its army broken, HE-12).
fn take_back_the_last_event(path: &Path) {
    assert_eq!(save::system_of(path).ok(), Some(System::HomunculusEst));
    let (mut file, mut data) = save::SaveFile::open::<HomunculusEst>(path).unwrap();
    assert!(data.battle.undo().is_some());
    file.save(&mut data.battle, data.dice).unwrap();
}

#[test]
fn every_earlier_battle_opens_reports_every_event_and_goes_on() {
    let files = battles();
    assert!(
        files.len() >= 11,
        "the battles of ../shared/saves and ../shared/saves/1a0bdf5 are copied in tests/earlier_saves: {files:?}"
    );
    for system in [
        System::Warlords,
        System::WarlordI,
        System::HomunculusEst,
        System::RobertsRules,
        System::ParkersWarlord,
    ] {
        assert!(
            files
                .iter()
                .any(|f| save::system_of(f).ok() == Some(system)),
            "an earlier battle of {} is among {files:?}",
            system.title()
        );
    }
    for file in files {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file.file_name().unwrap());
        std::fs::copy(&file, &path).unwrap();

        let (events, earlier) = read(&path);
        assert!(events > 40, "{}: {events} events", file.display());
        eprintln!(
            "{}: {events} events, {} recorded under an earlier reading {earlier:?}",
            file.display(),
            earlier.len()
        );
        let (numbers, said) = report(&path);
        assert_eq!(
            numbers,
            (1..=events).collect::<Vec<_>>(),
            "{}: the report numbers every event once, in order",
            file.display()
        );
        assert_eq!(said, earlier.len(), "{}", file.display());

        // The battle goes on: six more steps, each saved, then read back.
        let more = 6;
        let mut events = events;
        let mut out = autoplay(&path, more);
        if !out.status.success()
            && String::from_utf8_lossy(&out.stderr).contains("the battle is over")
        {
            // A battle that ended (an army broken, HE-12) goes no further:
            // autoplay says so and records nothing. It goes on from before
            // its last event, taken back as the console's `u` takes it back.
            assert_eq!(read(&path).0, events, "{}", file.display());
            take_back_the_last_event(&path);
            events -= 1;
            out = autoplay(&path, more);
        }
        assert!(
            out.status.success(),
            "{} does not go on: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let (after, _) = read(&path);
        assert_eq!(after, events + more, "{}", file.display());
        let (numbers, _) = report(&path);
        assert_eq!(numbers.last(), Some(&(events + more)), "{}", file.display());
    }
}

#[test]
fn the_copies_are_the_shared_battles_unedited() {
    let shared = Path::new("../shared/saves");
    if !shared.is_dir() {
        eprintln!("../shared/saves is not here: nothing to compare");
        return;
    }
    for p in saves_under(shared) {
        {
            let copy = Path::new("tests/earlier_saves").join(p.strip_prefix(shared).unwrap());
            assert_eq!(
                std::fs::read(&p).unwrap(),
                std::fs::read(&copy).unwrap_or_default(),
                "{} differs from its copy {}",
                p.display(),
                copy.display()
            );
        }
    }
}

#[test]
fn a_berserk_move_set_aside_in_melee_stands_under_an_earlier_reading() {
    // Issue 24 item 2: a Berserk unit in Melee owes no Berserk Move now
    // (2.4.10, 2.6.3), so Hastings' event 38, the referee setting aside the
    // Fyrd of Sussex's Berserk Move in Melee, stands as recorded under an
    // earlier reading; the battle opens and goes on (test above). Events 22
    // and 43 too: an activation after a charge move (events 21, 42) whose
    // "no contact" an earlier Herald recorded as nothing; today the charge
    // owes its answer first (2.4.4.1, W-25).
    let (_, earlier) = read(Path::new("tests/earlier_saves/hastings-turns-1-4.toml"));
    assert_eq!(earlier, vec![22, 38, 43]);
}

#[test]
fn stands_lost_each_turn_add_up_to_the_change_in_strength() {
    // Issue 24 item 13: the report is true to itself: over a whole battle,
    // the stands each turn's summary says were lost (less those given back)
    // equal the change in stands on the table the strength table shows; a
    // unit that leaves the table takes its stands with it (1.7.4).
    use herald::battle::warlords::summary;
    use herald::rules::Side;
    for name in [
        "hastings-turns-1-4.toml",
        "bannockburn-turns-1-3.toml",
        "agincourt-turns-1-2.toml",
    ] {
        let path = Path::new("tests/earlier_saves").join(name);
        let loaded = save::load::<Warlords>(&path).unwrap();
        let battle = &loaded.data.battle;
        for side in [Side::A, Side::B] {
            let start: u32 = battle.setup().units(side).map(|u| u.stands).sum();
            let now: u32 = battle
                .units(side)
                .filter(|(_, u)| !u.off_table())
                .map(|(_, u)| u.unit.stands)
                .sum();
            let mut net: i64 = 0;
            for turn in 1..=battle.turn() {
                if let Some(s) = summary::of_turn(battle, turn) {
                    let l = &s.losses[side as usize];
                    net += i64::from(l.stands_lost) - i64::from(l.stands_restored);
                }
            }
            assert_eq!(
                net,
                i64::from(start) - i64::from(now),
                "{name}, side {}: stands lost in the summaries against the strength table",
                side.name()
            );
        }
    }
}
