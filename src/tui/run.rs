//! The terminal loop: draws, reads keys, and performs the effects the app
//! asks for (autosave after every event, quit). `ratatui::init` restores the
//! terminal on a panic; `ratatui::restore` on every way out.

use super::action::Action;
use super::app::{App, Effect, Status};
use super::start::Start;
use super::theme::Theme;
use crate::battle::{Battle, Setup};
use crate::dice::SeededDice;
use crate::store::army::read_army;
use crate::store::save::{SaveData, SaveFile};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use std::path::{Path, PathBuf};

/// Hastings, built in, used when `armies/` is not beside the binary's working folder.
const HASTINGS: [(&str, &str); 2] = [
    (
        "armies/hastings-1066-anglo-saxon.toml",
        include_str!("../../armies/hastings-1066-anglo-saxon.toml"),
    ),
    (
        "armies/hastings-1066-norman.toml",
        include_str!("../../armies/hastings-1066-norman.toml"),
    ),
];

/// The folder for saves.
const SAVES: &str = "saves";

/// An open battle: its save file (locked) and name.
struct Session {
    file: SaveFile,
    name: String,
}

/// Runs the console until the referee quits.
pub fn run(save: Option<PathBuf>) -> Result<(), String> {
    // A named save is opened before the terminal changes, so errors print plainly.
    let opened = match save {
        Some(p) => Some(open(&p)?),
        None => None,
    };
    let mut terminal = ratatui::init();
    let result = run_in(&mut terminal, opened);
    ratatui::restore();
    result
}

fn run_in(terminal: &mut DefaultTerminal, opened: Option<(Session, App)>) -> Result<(), String> {
    let (mut session, mut app) = match opened {
        Some(x) => x,
        None => match start_screen(terminal)? {
            Some(x) => x,
            None => return Ok(()),
        },
    };
    loop {
        terminal
            .draw(|f| f.render_widget(&app, f.area()))
            .map_err(|e| format!("cannot draw: {e}"))?;
        let ev = event::read().map_err(|e| format!("cannot read the keyboard: {e}"))?;
        let Event::Key(key) = ev else {
            continue; // a resize: draw again
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        for effect in app.key(key) {
            match effect {
                Effect::Save => {
                    if let Err(e) = persist(&mut session, &mut app) {
                        app.status = Some(Status {
                            text: format!("NOT SAVED: {e}"),
                            error: true,
                        });
                    }
                }
                Effect::Quit => return Ok(()),
            }
        }
    }
}

/// Writes the battle to its save (atomically; the file keeps a `.bak`).
fn persist(session: &mut Session, app: &mut App) -> Result<(), String> {
    let placeholder = Battle::new(app.battle.setup().clone());
    let battle = std::mem::replace(&mut app.battle, placeholder);
    let data = SaveData {
        name: session.name.clone(),
        dice: app.dice.position(),
        battle,
    };
    let result = session.file.save(&data).map_err(|e| e.to_string());
    app.battle = data.battle;
    result
}

/// Opens a save and makes its console.
fn open(path: &Path) -> Result<(Session, App), String> {
    let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
    let app = App::new(
        data.battle,
        SeededDice::restore(data.dice),
        Theme::from_env(),
        &data.name,
    );
    Ok((
        Session {
            file,
            name: data.name,
        },
        app,
    ))
}

/// The two sides of Hastings: from `armies/` when there, else the built-in copy.
pub fn hastings() -> Result<Setup, String> {
    let mut sides = Vec::new();
    for (path, built_in) in HASTINGS {
        let text = std::fs::read_to_string(path).unwrap_or_else(|_| built_in.to_string());
        let army = read_army(path, &text).map_err(|ps| {
            ps.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        sides.push(army.army);
    }
    let b = sides.pop().ok_or("no Norman army")?;
    let a = sides.pop().ok_or("no English army")?;
    Setup::new(vec![a], vec![b]).map_err(|e| e.to_string())
}

/// Creates a new battle of Hastings in `saves/`, under the first free name.
fn new_hastings() -> Result<(Session, App), String> {
    let setup = hastings()?;
    let seed = std::env::var("HERALD_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random);
    let name = (1..)
        .map(|n| {
            if n == 1 {
                "hastings".to_string()
            } else {
                format!("hastings-{n}")
            }
        })
        .find(|n| !Path::new(SAVES).join(format!("{n}.toml")).exists())
        .unwrap_or_else(|| "hastings".to_string());
    let dice = SeededDice::new(seed);
    let data = SaveData {
        name: name.clone(),
        dice: dice.position(),
        battle: Battle::new(setup),
    };
    let path = Path::new(SAVES).join(format!("{name}.toml"));
    let file = SaveFile::create(&path, &data).map_err(|e| e.to_string())?;
    let app = App::new(data.battle, dice, Theme::from_env(), &name);
    Ok((Session { file, name }, app))
}

/// The most recently written save in `saves/`.
fn most_recent() -> Option<PathBuf> {
    std::fs::read_dir(SAVES)
        .ok()?
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.ends_with(".toml") && !n.starts_with('.') && !n.contains(".v")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, p)| p)
}

/// The start screen: a new Hastings on Enter, or the latest save.
fn start_screen(terminal: &mut DefaultTerminal) -> Result<Option<(Session, App)>, String> {
    let mut start = Start {
        recent: most_recent(),
        error: None,
        theme: Some(Theme::from_env()),
    };
    loop {
        terminal
            .draw(|f| f.render_widget(&start, f.area()))
            .map_err(|e| format!("cannot draw: {e}"))?;
        let Event::Key(key) =
            event::read().map_err(|e| format!("cannot read the keyboard: {e}"))?
        else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let tried = match start.key(key) {
            Some(Action::NewBattle) => new_hastings(),
            Some(Action::Resume) => match &start.recent {
                Some(p) => open(p),
                None => continue,
            },
            Some(Action::Quit | Action::ForceQuit) => return Ok(None),
            _ => continue,
        };
        match tried {
            Ok(x) => return Ok(Some(x)),
            Err(e) => start.error = Some(e),
        }
    }
}
