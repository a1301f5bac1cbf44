//! The start screen's new-battle form for a Homunculus Est! battle: its
//! house options (one per gap-filling ruling, HE-5, HE-10, HE-12, HE-22,
//! HE-23, HE-34) are listed and chosen there, and the battle is made with them.

use herald::rules::homunculus_est::{FEAR_STOPS_ONLY, OPPONENT_CANCELS};
use herald::tui::run::{Folders, Opened, StartFlow, start_key, start_screen};
use herald::tui::start::Start;
use herald::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// A working folder with the two Magnesia armies and an empty `saves/`.
fn place() -> (tempfile::TempDir, Folders) {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders {
        saves: dir.path().join("saves"),
        armies: dir.path().join("armies"),
    };
    std::fs::create_dir_all(&folders.saves).unwrap();
    std::fs::create_dir_all(folders.armies.join("homunculus-est")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    for f in ["magnesia-190bc-roman.toml", "magnesia-190bc-seleucid.toml"] {
        std::fs::copy(root.join(f), folders.armies.join("homunculus-est").join(f)).unwrap();
    }
    (dir, folders)
}

fn press(s: &mut Start, folders: &Folders, keys: &[&str]) -> StartFlow {
    let mut flow = StartFlow::Stay;
    for k in keys {
        let codes: Vec<KeyCode> = match *k {
            "Enter" => vec![KeyCode::Enter],
            "Tab" => vec![KeyCode::Tab],
            "Down" => vec![KeyCode::Down],
            text => text.chars().map(KeyCode::Char).collect(),
        };
        for code in codes {
            flow = start_key(s, KeyEvent::new(code, KeyModifiers::NONE), folders);
        }
    }
    flow
}

fn screen(s: &Start, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    s.resized(width, height);
    terminal.draw(|f| f.render_widget(s, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            let line: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_string() + "\n"
        })
        .collect()
}

#[test]
fn every_house_option_is_listed_on_the_new_battle_form() {
    let (_dir, folders) = place();
    let mut s = start_screen(&folders, Theme::plain());
    press(&mut s, &folders, &["n", "a", "Down", "b", "o"]);
    let text = screen(&s, 120, 40);
    for (words, ruling) in [
        ("fixed card values", "HE-10"),
        ("repeat activations", "HE-5"),
        ("stacking", "HE-22"),
        ("natural 1 only", "HE-23"),
        ("opponent cancels", "HE-12"),
        ("fear stops only", "HE-34"),
    ] {
        assert!(
            text.contains(words) && text.contains(ruling),
            "{words} ({ruling}):\n{text}"
        );
    }
    // the fifth and sixth: opponent cancels, fear stops only
    press(
        &mut s,
        &folders,
        &["Down", "Down", "Down", "Down", " ", "Down", " "],
    );
    let flow = press(&mut s, &folders, &["Tab", "fear", "Enter"]);
    assert!(matches!(flow, StartFlow::Open(o) if matches!(*o, Opened::HomunculusEst(_))));
    let text = std::fs::read_to_string(folders.saves.join("fear.toml")).unwrap();
    assert!(
        text.contains("opponent_cancels = true") && text.contains("fear_stops_only = true"),
        "{text}"
    );
    let loaded = herald::store::save::load::<herald::battle::homunculus_est::HomunculusEst>(
        &folders.saves.join("fear.toml"),
    )
    .unwrap();
    let house = &loaded.data.battle.setup().house;
    assert!(house.is_on(&OPPONENT_CANCELS) && house.is_on(&FEAR_STOPS_ONLY));
}
