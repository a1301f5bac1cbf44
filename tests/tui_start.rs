//! The start screen (issue 13): every battle in `saves/` newest first, a
//! broken one with its reason; Enter resumes the selected one and a step is
//! played and saved; a new battle from two armies picked and named; a name
//! already taken refused without touching the save; Hastings one key away,
//! one in progress offered first; the size it needs said below 80×24. Keys
//! go through the real update loop (`tui::run::start_key`) on real folders.

use herald::battle::warlords::Warlords;
use herald::store::save;
use herald::tui::console::Console;
use herald::tui::run::{Folders, Opened, StartFlow, start_key, start_screen};
use herald::tui::start::{Mode, Start};
use herald::tui::theme::Theme;
use herald::tui::warlords::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The time the screens are drawn at.
fn now() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000)
}

/// A working folder with `armies/` (both sides of Hastings, Bannockburn,
/// and Carrhae for Warlord I in `armies/warlord-i/`) and an empty `saves/`.
fn place() -> (tempfile::TempDir, Folders) {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders {
        saves: dir.path().join("saves"),
        armies: dir.path().join("armies"),
    };
    std::fs::create_dir_all(&folders.saves).unwrap();
    std::fs::create_dir_all(folders.armies.join("warlord-i")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in [
        "hastings-1066-anglo-saxon.toml",
        "hastings-1066-norman.toml",
    ] {
        std::fs::copy(
            root.join("tests/snapshots/armies").join(f),
            folders.armies.join(f),
        )
        .unwrap();
    }
    for f in [
        "bannockburn-1314-english.toml",
        "bannockburn-1314-scots.toml",
        "warlord-i/carrhae-53bc-parthian.toml",
        "warlord-i/carrhae-53bc-roman.toml",
    ] {
        std::fs::copy(root.join("armies").join(f), folders.armies.join(f)).unwrap();
    }
    (dir, folders)
}

/// A battle made in `saves/` from army files, last played `ago` seconds before [`now`].
fn battle(folders: &Folders, name: &str, sides: [&str; 2], ago: u64) -> PathBuf {
    let path = herald::store::new_battle::create(
        name,
        &[
            vec![folders.armies.join(sides[0])],
            vec![folders.armies.join(sides[1])],
        ],
        7,
        &folders.saves,
        &[],
    )
    .unwrap();
    played(&path, ago);
    path
}

/// Sets when a file was last written: `ago` seconds before [`now`].
fn played(path: &Path, ago: u64) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(now() - Duration::from_secs(ago))
        .unwrap();
}

/// The start screen on the folders, drawn at [`now`], its folders named as a referee sees them.
fn start(folders: &Folders) -> Start {
    let mut s = start_screen(folders, Theme::plain());
    s.now = now();
    s.folders = ["saves/".to_string(), "armies/".to_string()];
    s
}

/// Presses keys: `Enter`, `Esc`, `Tab`, `Up`, `Down`, `Backspace`, or text
/// as its characters; the flow of the last key.
fn press(s: &mut Start, folders: &Folders, keys: &[&str]) -> StartFlow {
    let mut flow = StartFlow::Stay;
    for k in keys {
        let codes: Vec<KeyCode> = match *k {
            "Enter" => vec![KeyCode::Enter],
            "Esc" => vec![KeyCode::Esc],
            "Tab" => vec![KeyCode::Tab],
            "Up" => vec![KeyCode::Up],
            "Down" => vec![KeyCode::Down],
            "Backspace" => vec![KeyCode::Backspace],
            text => text.chars().map(KeyCode::Char).collect(),
        };
        for code in codes {
            flow = start_key(s, KeyEvent::new(code, KeyModifiers::NONE), folders);
        }
    }
    flow
}

/// The Warlords console a flow opened.
fn opened(flow: StartFlow) -> Console<App> {
    match flow {
        StartFlow::Open(o) => match *o {
            Opened::Warlords(c) => c,
            #[allow(unreachable_patterns)]
            _ => panic!("not a Warlords battle"),
        },
        _ => panic!("no battle was opened"),
    }
}

/// The screen as text, trailing spaces trimmed.
fn screen(s: &Start, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    s.resized(width, height);
    terminal.draw(|f| f.render_widget(s, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Snapshots the screen at both sizes.
fn both(s: &Start, name: &str) {
    insta::assert_snapshot!(format!("{name}_80x24"), screen(s, 80, 24));
    insta::assert_snapshot!(format!("{name}_120x40"), screen(s, 120, 40));
    s.resized(120, 40);
}

/// Events in a save on disk.
fn on_disk(path: &Path) -> usize {
    save::load::<Warlords>(path)
        .unwrap()
        .data
        .battle
        .events()
        .len()
}

/// Presses keys on an opened console.
fn play(c: &mut Console<App>, keys: &[KeyCode]) {
    for k in keys {
        c.key(KeyEvent::new(*k, KeyModifiers::NONE));
    }
}

#[test]
fn every_save_is_listed_newest_first_and_a_broken_one_says_why() {
    let (_dir, folders) = place();
    battle(
        &folders,
        "bannockburn",
        [
            "bannockburn-1314-english.toml",
            "bannockburn-1314-scots.toml",
        ],
        3 * 86_400,
    );
    battle(
        &folders,
        "hastings",
        [
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
        ],
        600,
    );
    let broken = folders.saves.join("torn-page.toml");
    std::fs::write(&broken, "format = 3\nname = [\n").unwrap();
    played(&broken, 30 * 86_400);
    let s = start(&folders);
    let names: Vec<&str> = s.saves.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["hastings", "bannockburn", "torn-page"]);
    assert!(s.saves[2].battle.is_err());
    let text = screen(&s, 120, 40);
    assert!(
        text.contains("10 min ago") && text.contains("3 days ago"),
        "{text}"
    );
    assert!(
        text.contains("torn-page") && text.contains("cannot be read"),
        "{text}"
    );
    both(&s, "start_saves");
}

#[test]
fn enter_resumes_the_selected_battle_and_its_steps_are_saved() {
    let (_dir, folders) = place();
    let older = battle(
        &folders,
        "bannockburn",
        [
            "bannockburn-1314-english.toml",
            "bannockburn-1314-scots.toml",
        ],
        7200,
    );
    battle(
        &folders,
        "hastings",
        [
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
        ],
        60,
    );
    let mut s = start(&folders);
    assert!(matches!(
        press(&mut s, &folders, &["Down"]),
        StartFlow::Stay
    ));
    let mut c = opened(press(&mut s, &folders, &["Enter"]));
    assert_eq!(c.file.path(), older, "the selected battle, not the newest");
    // A step: open the initiative and roll it; it is on disk at once.
    play(&mut c, &[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(c.app.battle.events().len(), 1);
    assert_eq!(on_disk(&older), 1);
}

#[test]
fn a_broken_save_is_not_opened_and_the_screen_says_why() {
    let (_dir, folders) = place();
    std::fs::write(folders.saves.join("torn.toml"), "format = 3\nname = [\n").unwrap();
    let mut s = start(&folders);
    assert!(matches!(
        press(&mut s, &folders, &["Enter"]),
        StartFlow::Stay
    ));
    let e = s.error.clone().unwrap_or_default();
    assert!(e.contains("torn.toml"), "{e}");
    assert_eq!(
        std::fs::read_to_string(folders.saves.join("torn.toml")).unwrap(),
        "format = 3\nname = [\n"
    );
}

#[test]
fn a_new_battle_from_two_armies_is_picked_named_written_and_opened() {
    let (_dir, folders) = place();
    let mut s = start(&folders);
    press(&mut s, &folders, &["n"]);
    let files: Vec<&str> = s.armies.iter().map(|a| a.file.as_str()).collect();
    assert_eq!(
        files,
        [
            "bannockburn-1314-english.toml",
            "bannockburn-1314-scots.toml",
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
            "warlord-i/carrhae-53bc-parthian.toml",
            "warlord-i/carrhae-53bc-roman.toml",
        ]
    );
    // Enter before a side has an army says what is missing.
    press(&mut s, &folders, &["Enter"]);
    assert!(
        s.error.as_deref().unwrap_or("").contains("side a"),
        "{:?}",
        s.error
    );
    // The English on side a, the Scots on side b, then the name.
    press(&mut s, &folders, &["a", "Down", "b", "Enter"]);
    assert!(
        s.error.as_deref().unwrap_or("").contains("name the battle"),
        "{:?}",
        s.error
    );
    press(&mut s, &folders, &["bannockburn-2x", "Backspace"]);
    both(&s, "start_new_battle");
    let mut c = opened(press(&mut s, &folders, &["Enter"]));
    let path = folders.saves.join("bannockburn-2.toml");
    assert_eq!(c.file.path(), path);
    let loaded = save::load::<Warlords>(&path).unwrap();
    let sides = &loaded.data.battle.setup().sides;
    assert_eq!(loaded.data.name, "bannockburn-2");
    assert!(sides[0][0].name.contains("English"), "{}", sides[0][0].name);
    assert!(sides[1][0].name.contains("Scot"), "{}", sides[1][0].name);
    play(&mut c, &[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(on_disk(&path), 1);
}

#[test]
fn allies_go_on_one_side_and_systems_are_not_mixed() {
    let (_dir, folders) = place();
    let mut s = start(&folders);
    // Side a: the English and the Anglo-Saxons (allies); side b: the Scots.
    press(
        &mut s,
        &folders,
        &["n", "a", "Down", "b", "Down", "a", "Tab", "allies", "Enter"],
    );
    let path = folders.saves.join("allies.toml");
    let loaded = save::load::<Warlords>(&path).unwrap();
    assert_eq!(loaded.data.battle.setup().sides[0].len(), 2);
    assert_eq!(loaded.data.battle.setup().sides[1].len(), 1);
    // A Warlords army against a Warlord I one is refused, and no save is made.
    let mut s = start(&folders);
    press(
        &mut s,
        &folders,
        &[
            "n", "a", "Down", "Down", "Down", "Down", "b", "Tab", "mixed", "Enter",
        ],
    );
    let e = s.error.clone().unwrap_or_default();
    assert!(e.contains("one rule system"), "{e}");
    assert!(!folders.saves.join("mixed.toml").exists());
    assert!(
        matches!(s.mode, Mode::New(_)),
        "the picks stay to be mended"
    );
}

#[test]
fn a_name_already_taken_is_refused_and_the_save_is_left_as_it_was() {
    let (_dir, folders) = place();
    let taken = battle(
        &folders,
        "hastings",
        [
            "hastings-1066-anglo-saxon.toml",
            "hastings-1066-norman.toml",
        ],
        60,
    );
    let before = std::fs::read(&taken).unwrap();
    let mut s = start(&folders);
    let flow = press(
        &mut s,
        &folders,
        &["n", "a", "Down", "b", "Tab", "hastings", "Enter"],
    );
    assert!(matches!(flow, StartFlow::Stay));
    let e = s.error.clone().unwrap_or_default();
    assert!(
        e.contains("already exists") && e.contains("another name"),
        "{e}"
    );
    assert_eq!(std::fs::read(&taken).unwrap(), before);
    assert!(matches!(&s.mode, Mode::New(n) if n.naming && n.name == "hastings"));
    // Another name, and it is made.
    let flow = press(&mut s, &folders, &["-again", "Enter"]);
    assert!(matches!(flow, StartFlow::Open(_)));
    assert!(folders.saves.join("hastings-again.toml").is_file());
}

#[test]
fn hastings_in_progress_is_offered_before_a_second_is_started() {
    let (_dir, folders) = place();
    let mut s = start(&folders);
    // No battle yet: Enter starts Hastings, as before.
    let c = opened(press(&mut s, &folders, &["Enter"]));
    let first = c.file.path().to_path_buf();
    assert_eq!(first, folders.saves.join("hastings.toml"));
    drop(c);
    played(&first, 120);
    // Now h offers to resume it.
    let mut s = start(&folders);
    press(&mut s, &folders, &["h"]);
    assert_eq!(s.mode, Mode::Hastings(first.clone()));
    both(&s, "start_hastings_in_progress");
    let c = opened(press(&mut s, &folders, &["Enter"]));
    assert_eq!(c.file.path(), first);
    drop(c);
    // Esc goes back; n starts another, under the next free name.
    let mut s = start(&folders);
    press(&mut s, &folders, &["h", "Esc"]);
    assert_eq!(s.mode, Mode::Saves);
    let c = opened(press(&mut s, &folders, &["h", "n"]));
    assert_eq!(c.file.path(), folders.saves.join("hastings-2.toml"));
    assert_eq!(herald::store::library::saves(&folders.saves).len(), 2);
}

#[test]
fn below_80x24_the_start_screen_says_what_it_needs_and_makes_nothing() {
    let (_dir, folders) = place();
    let mut s = start(&folders);
    let text = screen(&s, 60, 20);
    assert!(
        text.contains("at least 80×24") && text.contains("60×20"),
        "{text}"
    );
    insta::assert_snapshot!("start_too_small_60x20", text);
    assert!(matches!(
        press(&mut s, &folders, &["Enter", "h", "n"]),
        StartFlow::Stay
    ));
    assert!(herald::store::library::saves(&folders.saves).is_empty());
    assert!(matches!(press(&mut s, &folders, &["q"]), StartFlow::Quit));
}

#[test]
fn a_warlord_i_battle_is_made_and_opened_by_its_system() {
    let (_dir, folders) = place();
    let mut s = start(&folders);
    press(&mut s, &folders, &["n"]);
    for _ in 0..4 {
        press(&mut s, &folders, &["Down"]);
    }
    let flow = press(
        &mut s,
        &folders,
        &["a", "Down", "b", "Tab", "carrhae", "Enter"],
    );
    let path = folders.saves.join("carrhae.toml");
    assert_eq!(
        save::system_of(&path).unwrap(),
        herald::rules::System::WarlordI
    );
    match flow {
        // The Warlord I console, once this build has it.
        StartFlow::Open(_) => {}
        _ => {
            let e = s.error.clone().unwrap_or_default();
            assert!(
                e.contains("the Warlord I console is not available in this build"),
                "{e}"
            );
            assert_eq!(s.mode, Mode::Saves);
            let listed = &s.saves[s.selected];
            assert_eq!(listed.path, path);
            let b = listed.battle.as_ref().unwrap();
            assert_eq!(b.system, herald::rules::System::WarlordI);
        }
    }
}

#[test]
fn house_options_are_chosen_on_the_new_battle_form_and_shown_in_the_header() {
    use herald::rules::warlords::COLUMN_PIKE;
    let (_dir, folders) = place();
    let mut s = start(&folders);
    // o before any army is picked: the options are those of its system.
    press(&mut s, &folders, &["n", "o"]);
    assert!(
        s.error
            .as_deref()
            .unwrap_or("")
            .contains("pick an army first"),
        "{:?}",
        s.error
    );
    press(&mut s, &folders, &["a", "Down", "b"]);
    let text = screen(&s, 120, 40);
    assert!(
        text.contains("house:  every ruling as written  (o: change)"),
        "{text}"
    );
    // o: the options with their rulings; Space changes the one selected.
    press(&mut s, &folders, &["o", " "]);
    both(&s, "start_house_options");
    let text = screen(&s, 120, 40);
    assert!(
        text.contains("pike in a column") && text.contains("yes") && text.contains("W-33"),
        "{text}"
    );
    // Tab to the name, then Enter makes the battle with the option.
    let mut c = opened(press(&mut s, &folders, &["Tab", "pikes", "Enter"]));
    let path = folders.saves.join("pikes.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[house]\ncolumn_pike = true # W-33"),
        "{text}"
    );
    let loaded = save::load::<Warlords>(&path).unwrap();
    assert!(loaded.data.battle.setup().house.is_on(&COLUMN_PIKE));
    // The console's header says so.
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| c.draw(f.area(), f.buffer_mut())).unwrap();
    let buf = terminal.backend().buffer();
    let head: String = (0..120).map(|x| buf[(x, 0)].symbol()).collect();
    assert!(head.contains("house: pike in a column"), "{head}");
    play(&mut c, &[KeyCode::Enter]);
    // Changing the armies to another system starts the options again:
    // Warlords' column pike chosen, the army taken off, a Warlord I one
    // picked instead (its own options: WI-H1, WI-H2).
    let mut s = start(&folders);
    press(&mut s, &folders, &["n", "a", "o", " ", "Esc", "a"]);
    assert!(
        matches!(&s.mode, Mode::New(n) if n.house.is_none()),
        "{:?}",
        s.mode
    );
    press(&mut s, &folders, &["Down", "Down", "Down", "Down", "a"]);
    assert!(
        matches!(&s.mode, Mode::New(n) if n.house.as_ref().is_some_and(|(sys, h)| *sys == herald::rules::System::WarlordI && h.is_default())),
        "{:?}",
        s.mode
    );
    press(&mut s, &folders, &["o"]);
    assert_eq!(s.error, None, "Warlord I has house options now");
}

#[test]
fn the_same_army_on_both_sides_is_said_before_the_battle_is_made() {
    // Issue 24 item 11: a battle with the same army on both sides is said
    // first; Enter again makes it (a mirror battle is allowed).
    let (_dir, folders) = place();
    let mut s = start(&folders);
    press(&mut s, &folders, &["n", "a", "b", "Tab", "mirror", "Enter"]);
    let e = s.error.clone().unwrap_or_default();
    assert!(e.contains("is on both sides"), "{e}");
    assert!(!folders.saves.join("mirror.toml").is_file());
    assert!(e.contains("would be on both sides"), "{e}");
    let flow = press(&mut s, &folders, &["Enter"]);
    assert!(matches!(flow, StartFlow::Open(_)));
    assert!(folders.saves.join("mirror.toml").is_file());
    // The walker names the sides so that they differ.
    let c = opened(flow);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal
        .draw(|f| f.render_widget(&c.app, f.area()))
        .unwrap();
    let buf = terminal.backend().buffer();
    let text: String = (0..2)
        .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    assert!(
        text.contains("English (a)") && text.contains("English (b)"),
        "{text}"
    );
}

#[test]
fn one_personality_on_both_sides_is_said_before_the_battle_is_made() {
    // Issue 24 item 11: two army files that name the same personality
    // (the Normans under another name): said first, Enter again makes it.
    let (_dir, folders) = place();
    let norman = std::fs::read_to_string(folders.armies.join("hastings-1066-norman.toml")).unwrap();
    let again = norman.replacen("name = \"", "name = \"Again: ", 1);
    assert_ne!(again, norman);
    std::fs::write(folders.armies.join("hastings-1066-zz-again.toml"), again).unwrap();
    let mut s = start(&folders);
    press(&mut s, &folders, &["n"]);
    let listed: Vec<String> = s.armies.iter().map(|a| a.file.clone()).collect();
    let at = |f: &str| listed.iter().position(|l| l == f).unwrap();
    let (first, second) = (
        at("hastings-1066-norman.toml"),
        at("hastings-1066-zz-again.toml"),
    );
    for _ in 0..first {
        press(&mut s, &folders, &["Down"]);
    }
    press(&mut s, &folders, &["a"]);
    for _ in first..second {
        press(&mut s, &folders, &["Down"]);
    }
    press(&mut s, &folders, &["b", "Tab", "twice", "Enter"]);
    let e = s.error.clone().unwrap_or_default();
    assert!(!e.contains("is on both sides"), "two files: {e}");
    assert!(
        e.contains("Duke William") && e.contains("would be on both sides"),
        "{e}"
    );
    assert!(!folders.saves.join("twice.toml").is_file());
    let flow = press(&mut s, &folders, &["Enter"]);
    assert!(matches!(flow, StartFlow::Open(_)));
}
