//! The terminal loop: draws, reads keys, and hands them to the
//! [`Console`], which saves after every event. It refuses to start without
//! a terminal, or on one that cannot show it (`TERM=dumb`); restores the
//! terminal on a panic (`ratatui::init`), on every way out, and on SIGTERM
//! and SIGHUP; and suspends on Ctrl-Z or SIGTSTP, drawing again on `fg`.

use super::console::{Console, Flow};
use super::screen::Screen;
use super::start::{Mode, Request, Start};
use super::theme::Theme;
use super::warlords::app::App;
use crate::battle::warlords::{Battle, Setup};
use crate::dice::SeededDice;
use crate::rules::System;
use crate::store::library;
use crate::store::new_battle::{self, save_path};
use crate::store::save::{SaveData, SaveFile};
use crate::store::warlords::army::read_army;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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

/// How the console ended: every change saved, or why some were not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every recorded event is on disk.
    Saved,
    /// The referee quit with changes not on disk: how many, where, and why.
    NotSaved(String),
}

/// Whether this terminal can show the console; if not, why, in plain words.
pub fn terminal_problem() -> Option<String> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Some(
            "the console needs a terminal (its input and output are not one); the subcommands work without one: herald check, log, new, odds, resolve".to_string(),
        );
    }
    match std::env::var("TERM") {
        Ok(t) if t == "dumb" => Some(
            "TERM is 'dumb': this terminal cannot show the console (it needs colours and cursor movement); run it in a terminal emulator, or use the subcommands: herald check, log, new, odds, resolve".to_string(),
        ),
        _ => None,
    }
}

/// Signals the loop answers between keys.
struct Signals {
    /// SIGTERM, SIGHUP or SIGINT: restore the terminal and leave.
    stop: Arc<AtomicBool>,
    /// SIGTSTP from outside (Ctrl-Z itself comes as a key in raw mode).
    suspend: Arc<AtomicBool>,
    /// SIGCONT: the terminal may have been used meanwhile: draw it all.
    resumed: Arc<AtomicBool>,
}

impl Signals {
    /// Listens for signals on a thread of its own. SIGTERM, SIGHUP and
    /// SIGINT ask the loop to stop; if it has not within a second (a
    /// terminal that hung up leaves the keyboard reader waiting for ever),
    /// the thread restores the terminal and ends Herald itself: like a kill,
    /// that loses nothing acknowledged.
    fn register() -> Result<Signals, String> {
        let s = Signals {
            stop: Arc::new(AtomicBool::new(false)),
            suspend: Arc::new(AtomicBool::new(false)),
            resumed: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
            let mut signals =
                signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT])
                    .map_err(|e| format!("cannot listen for signals: {e}"))?;
            let (stop, suspend, resumed) = (s.stop.clone(), s.suspend.clone(), s.resumed.clone());
            std::thread::spawn(move || {
                for sig in signals.forever() {
                    match sig {
                        SIGTSTP => suspend.store(true, Ordering::SeqCst),
                        SIGCONT => resumed.store(true, Ordering::SeqCst),
                        _ => {
                            stop.store(true, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_secs(1));
                            restore();
                            std::process::exit(128 + sig);
                        }
                    }
                }
            });
        }
        Ok(s)
    }
}

/// What waiting for a key brought.
enum Wait {
    /// A key press.
    Key(KeyEvent),
    /// Nothing yet (or a resize): draw again.
    Nothing,
    /// A signal to stop.
    Stop,
}

/// Waits a little for a key, answering signals meanwhile.
fn wait(terminal: &mut DefaultTerminal, signals: &Signals) -> Result<Wait, String> {
    if signals.stop.load(Ordering::SeqCst) {
        return Ok(Wait::Stop);
    }
    if signals.suspend.swap(false, Ordering::SeqCst) {
        suspend(terminal)?;
    }
    if signals.resumed.swap(false, Ordering::SeqCst) {
        terminal.clear().map_err(|e| format!("cannot draw: {e}"))?;
    }
    let ready = event::poll(Duration::from_millis(200))
        .map_err(|e| format!("cannot read the keyboard: {e}"))?;
    if !ready {
        return Ok(Wait::Nothing);
    }
    match event::read().map_err(|e| format!("cannot read the keyboard: {e}"))? {
        Event::Key(k) if k.kind == KeyEventKind::Press => Ok(Wait::Key(k)),
        _ => Ok(Wait::Nothing),
    }
}

/// Gives the terminal back as it was: cooked mode, the main screen, the
/// cursor shown.
fn restore() {
    ratatui::restore();
    let _ = ratatui::crossterm::execute!(std::io::stdout(), ratatui::crossterm::cursor::Show);
}

/// Gives the terminal back to the shell and stops Herald until `fg`; then
/// takes the terminal again and draws everything.
fn suspend(terminal: &mut DefaultTerminal) -> Result<(), String> {
    restore();
    #[cfg(unix)]
    {
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
    }
    // Resumed by fg (SIGCONT).
    use ratatui::crossterm::{execute, terminal};
    terminal::enable_raw_mode().map_err(|e| format!("cannot take the terminal again: {e}"))?;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen)
        .map_err(|e| format!("cannot take the terminal again: {e}"))?;
    terminal.clear().map_err(|e| format!("cannot draw: {e}"))
}

/// Runs the console until the referee quits.
pub fn run(save: Option<PathBuf>) -> Result<Outcome, String> {
    if let Some(why) = terminal_problem() {
        return Err(why);
    }
    // A named save is opened before the terminal changes, so errors print plainly.
    let opened = match save {
        Some(p) => Some(open(&p)?),
        None => None,
    };
    let signals = Signals::register()?;
    let mut terminal = ratatui::init();
    // A console killed in this terminal left its screen behind: nothing of
    // it may show through what this one draws. (The backend's clear, not
    // the terminal's: that one first asks where the cursor is, and a
    // terminal that does not answer stopped Herald with "cannot draw".)
    ratatui::backend::Backend::clear(terminal.backend_mut())
        .map_err(|e| format!("cannot draw: {e}"))?;
    let result = run_in(&mut terminal, opened, &signals);
    restore();
    result
}

/// A console opened on a save, of the save's rule system (made once, moved
/// once: the size of its variants does not matter).
#[allow(clippy::large_enum_variant)]
pub enum Opened {
    /// A Warlords battle.
    Warlords(Console<App>),
    /// A Warlord I battle.
    WarlordI(Console<super::warlord_i::app::App>),
    /// A Homunculus Est! battle.
    HomunculusEst(Console<super::homunculus_est::App>),
    /// A Robert's Rules battle.
    RobertsRules(Console<super::roberts_rules::App>),
    /// A Parker's Warlord battle.
    ParkersWarlord(Console<super::parkers_warlord::App>),
}

fn run_in(
    terminal: &mut DefaultTerminal,
    opened: Option<Opened>,
    signals: &Signals,
) -> Result<Outcome, String> {
    let opened = match opened {
        Some(x) => x,
        None => match run_start(terminal, signals)? {
            Some(x) => x,
            None => return Ok(Outcome::Saved),
        },
    };
    match opened {
        Opened::Warlords(console) => run_console(terminal, console, signals),
        Opened::WarlordI(console) => run_console(terminal, console, signals),
        Opened::HomunculusEst(console) => run_console(terminal, console, signals),
        Opened::RobertsRules(console) => run_console(terminal, console, signals),
        Opened::ParkersWarlord(console) => run_console(terminal, console, signals),
    }
}

/// Runs one battle's console until the referee quits.
fn run_console<S: Screen>(
    terminal: &mut DefaultTerminal,
    mut console: Console<S>,
    signals: &Signals,
) -> Result<Outcome, String> {
    loop {
        terminal
            .draw(|f| {
                let area = f.area();
                console.draw(area, f.buffer_mut());
            })
            .map_err(|e| format!("cannot draw: {e}"))?;
        let flow = match wait(terminal, signals)? {
            Wait::Key(key) => {
                // Judged by the terminal's size now, not at the last draw.
                if let Ok(s) = terminal.size() {
                    console.app.resized(s.width, s.height);
                }
                console.key(key)
            }
            Wait::Nothing => console.tick(),
            Wait::Stop => {
                // A last try: every change the referee made, on disk if it can be.
                if console.unsaved().is_some() || !console.app.battle().unsaved().is_empty() {
                    console.save();
                }
                Flow::Quit
            }
        };
        match flow {
            Flow::Stay => {}
            Flow::Suspend => suspend(terminal)?,
            Flow::Quit => break,
        }
    }
    Ok(match console.unsaved() {
        None => Outcome::Saved,
        Some(why) => Outcome::NotSaved(format!(
            "{} change(s) to {} are NOT saved: {why}",
            console.app.battle().unsaved().len(),
            console.file.path().display()
        )),
    })
}

/// Where the start screen finds battles and armies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folders {
    /// The battles' saves (`saves/`).
    pub saves: PathBuf,
    /// The army files (`armies/`).
    pub armies: PathBuf,
}

impl Folders {
    /// `saves/` and `armies/` in the working folder.
    pub fn here() -> Folders {
        Folders {
            saves: PathBuf::from(SAVES),
            armies: PathBuf::from("armies"),
        }
    }
}

/// Opens a save in its rule system's console: the one place a system's
/// console is chosen.
pub fn open(path: &Path) -> Result<Opened, String> {
    match crate::store::save::system_of(path).map_err(|e| e.to_string())? {
        System::HomunculusEst => {
            let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
            let app = super::homunculus_est::App::new(
                data.battle,
                SeededDice::restore(data.dice),
                Theme::from_env(),
                &data.name,
            );
            Ok(Opened::HomunculusEst(Console::new(app, file)))
        }
        System::Warlords => {
            let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
            let app = App::new(
                data.battle,
                SeededDice::restore(data.dice),
                Theme::from_env(),
                &data.name,
            );
            Ok(Opened::Warlords(Console::new(app, file)))
        }
        System::WarlordI => {
            let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
            let app = super::warlord_i::app::App::new(
                data.battle,
                SeededDice::restore(data.dice),
                Theme::from_env(),
                &data.name,
            );
            Ok(Opened::WarlordI(Console::new(app, file)))
        }
        System::RobertsRules => {
            let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
            let app = super::roberts_rules::App::new(
                data.battle,
                SeededDice::restore(data.dice),
                Theme::from_env(),
                &data.name,
            );
            Ok(Opened::RobertsRules(Console::new(app, file)))
        }
        System::ParkersWarlord => {
            let (file, data) = SaveFile::open(path).map_err(|e| e.to_string())?;
            let app = super::parkers_warlord::App::new(
                data.battle,
                SeededDice::restore(data.dice),
                Theme::from_env(),
                &data.name,
            );
            Ok(Opened::ParkersWarlord(Console::new(app, file)))
        }
    }
}

/// The two sides of Hastings: from `armies/` when there, else the built-in copy.
pub fn hastings() -> Result<Setup, String> {
    hastings_from(Path::new("armies"))
}

/// The two sides of Hastings: from `armies` when there, else the built-in copy.
pub fn hastings_from(armies: &Path) -> Result<Setup, String> {
    let mut sides = Vec::new();
    for (path, built_in) in HASTINGS {
        let file = armies.join(Path::new(path).file_name().unwrap_or_default());
        let text = std::fs::read_to_string(&file).unwrap_or_else(|_| built_in.to_string());
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

/// Herald's dice seed for a new battle: `HERALD_SEED` when set (tests), else random.
fn new_seed() -> u64 {
    std::env::var("HERALD_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random)
}

/// Creates a new battle of Hastings in `saves/`, under the first free name,
/// and opens it.
fn new_hastings(folders: &Folders) -> Result<Opened, String> {
    let setup = hastings_from(&folders.armies)?;
    let name = (1..)
        .map(|n| {
            if n == 1 {
                "hastings".to_string()
            } else {
                format!("hastings-{n}")
            }
        })
        .find(|n| std::fs::symlink_metadata(save_path(&folders.saves, n)).is_err())
        .unwrap_or_else(|| "hastings".to_string());
    let mut data = SaveData {
        name: name.clone(),
        dice: SeededDice::new(new_seed()).position(),
        battle: Battle::new(setup),
    };
    let path = save_path(&folders.saves, &name);
    drop(SaveFile::create(&path, &mut data).map_err(|e| e.to_string())?);
    open(&path)
}

/// What the start screen did with a key.
pub enum StartFlow {
    /// Draw it again and read the next key.
    Stay,
    /// A battle is open: play it.
    Open(Box<Opened>),
    /// Leave Herald.
    Quit,
    /// Suspend Herald to the shell.
    Suspend,
}

/// The start screen on the battles and armies in `folders`.
pub fn start_screen(folders: &Folders, theme: Theme) -> Start {
    let mut start = Start::new(
        library::saves(&folders.saves),
        library::armies(&folders.armies),
        theme,
    );
    start.folders = [
        format!("{}/", folders.saves.display()),
        format!("{}/", folders.armies.display()),
    ];
    if let Ok(setup) = hastings_from(&folders.armies) {
        let names = |i: usize| setup.sides[i].iter().map(|a| a.name.clone()).collect();
        start.hastings = [names(0), names(1)];
    }
    start
}

/// Handles a key on the start screen: opens the battle picked, makes the
/// new one asked for, or says on the screen why not.
pub fn start_key(start: &mut Start, ev: KeyEvent, folders: &Folders) -> StartFlow {
    let Some(request) = start.key(ev) else {
        return StartFlow::Stay;
    };
    let mut made = None;
    let tried = match request {
        Request::Quit => return StartFlow::Quit,
        Request::Suspend => return StartFlow::Suspend,
        Request::Open(path) => open(&path),
        Request::Hastings => new_hastings(folders),
        Request::Create { name, sides, house } => {
            let path = save_path(&folders.saves, &name);
            if std::fs::symlink_metadata(&path).is_ok() {
                start.error = Some(format!(
                    "{} already exists: choose another name (that battle is on the list to resume)",
                    path.display()
                ));
                return StartFlow::Stay;
            }
            if let Err(e) = new_battle::create(&name, &sides, new_seed(), &folders.saves, &house) {
                start.error = Some(e.to_string());
                return StartFlow::Stay;
            }
            // Made: from here on it is a battle on the list.
            start.mode = Mode::Saves;
            made = Some(path.clone());
            open(&path)
        }
    };
    match tried {
        Ok(opened) => StartFlow::Open(Box::new(opened)),
        Err(e) => {
            let at = made.or_else(|| start.saves.get(start.selected).map(|s| s.path.clone()));
            start.saves = library::saves(&folders.saves);
            start.selected = at
                .and_then(|p| start.saves.iter().position(|s| s.path == p))
                .unwrap_or(0);
            start.error = Some(e);
            StartFlow::Stay
        }
    }
}

/// The start screen until a battle is picked (or the referee leaves).
fn run_start(terminal: &mut DefaultTerminal, signals: &Signals) -> Result<Option<Opened>, String> {
    let folders = Folders::here();
    let mut start = start_screen(&folders, Theme::from_env());
    loop {
        // "Last played" counted from now, however long the screen stays.
        start.now = std::time::SystemTime::now();
        terminal
            .draw(|f| f.render_widget(&start, f.area()))
            .map_err(|e| format!("cannot draw: {e}"))?;
        let key = match wait(terminal, signals)? {
            Wait::Key(k) => k,
            Wait::Nothing => continue,
            Wait::Stop => return Ok(None),
        };
        if let Ok(s) = terminal.size() {
            start.resized(s.width, s.height);
        }
        match start_key(&mut start, key, &folders) {
            StartFlow::Stay => {}
            StartFlow::Suspend => suspend(terminal)?,
            StartFlow::Open(opened) => return Ok(Some(*opened)),
            StartFlow::Quit => return Ok(None),
        }
    }
}
