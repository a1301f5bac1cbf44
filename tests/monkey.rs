//! Monkey battles (issue 36 item 1): every system's bundled battle, made
//! and opened as the binary does, is driven by a seeded monkey through the
//! shell's real update loop (`Console::key`), pressing the keys the screen
//! offers (the footer's hints, the `?` help, a panel's fact keys), digits
//! for typed dice, undo, redo and Esc, the terminal resized between 80x24
//! and 120x40. After every key: no panic; no snake_case identifier or Rust
//! debug text on screen; every claim of the open result (`Screen::claims`)
//! held by the events replayed from the start (`support/claims.rs`); a
//! panel offering a roll (`Screen::offered_roll`) never offers one the
//! battle's `check` refuses with what it knows (its dice unrolled); the
//! walker names the steps the battle owes (`Screen::walker_owes` against
//! `RuleSystem::owed`), and none is owed by a unit out of play
//! (`RuleSystem::in_play`); after an event is recorded, undo then redo
//! gives back the identical screen.
//! Every 100 keys the save is read back into the identical events and
//! state, then the console is killed and the save opened again: every
//! acknowledged event is there, and the screen is the one left.
//!
//! CI presses a fixed number of keys a system from seed 36;
//! `HERALD_MONKEY_KEYS=N` presses N, `HERALD_MONKEY_SEED=S` starts from
//! another seed. A fault is told with its system, seed and key number, and
//! becomes a fixed-seed test below before it is fixed.

#[path = "support/claims.rs"]
mod claims;
#[path = "support/consoles.rs"]
mod consoles;

use consoles::{each, key_event, open, screen, short};
use herald::battle::{Battle, BattleError, Owed, RuleSystem};
use herald::rules::System;
use herald::tui::console::{Console, Flow};
use herald::tui::screen::{Claim, Effect, Screen, Status};
use herald::tui::theme::Theme;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// Keys a system in CI: about 20 s on a loaded machine.
const CI_KEYS: usize = 1500;

/// Keys between two kills (the save read back, the console opened again).
const CHECKPOINT: usize = 100;

fn env_number(key: &str) -> Option<u64> {
    std::env::var(key)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
}

/// What the killed console left: its battle (setup, events, undone
/// events, state and earlier readings, as the rules core prints them).
struct Left {
    battle: String,
}

/// All that a save must keep of a battle: its whole save as Herald
/// writes it (setup, events with their log lines, undone events), and its
/// setup, state and earlier readings as the rules core prints them. (An
/// event's facts the battle works out itself, such as a Warlords unit
/// being in Melee, are not saved: the battle gives them again.)
fn whole<S: herald::store::save::SaveCodec>(b: &herald::battle::Battle<S>) -> String {
    let dice = herald::dice::SeedPosition {
        seed: 0,
        word_pos: 0,
    };
    let text = herald::store::save::write::full_text("monkey", dice, b);
    format!("{text}\n{:?}", (b.setup(), b.state(), b.earlier_readings()))
}

/// A monkey at the keyboard of one battle.
struct Monkey {
    system: System,
    seed: u64,
    rng: ChaCha8Rng,
    size: (u16, u16),
    /// Every key pressed, in order (`~WxH` a resize).
    pressed: Vec<String>,
    /// The claims last checked.
    claims: Vec<Claim>,
    path: PathBuf,
    /// Undo then redo leaves the cursor where it was.
    cursor: bool,
    /// Now and then the disk refuses saves (from its own generator, so
    /// the keys are those pressed without it until a save fails).
    disk: Option<ChaCha8Rng>,
    /// The battle when last every change was on disk (acknowledged).
    acked: String,
    /// What the new checks held to (told with the keys' time).
    checked: Checked,
    /// A fault planted in the console, to see the checks find it.
    plant: Option<Plant>,
}

/// How often the checks of panels and the walker had something to hold.
#[derive(Clone, Copy, Debug, Default)]
struct Checked {
    /// Keys after which a panel offered a roll, judged by `check`.
    offered: usize,
    /// Keys after which the battle owed a step.
    owed: usize,
}

impl Monkey {
    /// Plays `keys` keys, opening the save again after every 100.
    fn play(&mut self, keys: usize) -> Result<(), String> {
        let mut left = None;
        let mut done = 0;
        while done < keys {
            let n = CHECKPOINT.min(keys - done);
            let copy = match left.is_some() {
                true => {
                    let opened =
                        catch_unwind(AssertUnwindSafe(|| open(&self.copy()))).map_err(|p| {
                            self.fault(format!(
                                "the battle written whole does not open: {}",
                                panic_text(&*p)
                            ))
                        })?;
                    Some(each!(opened, c => self.shown(&c)?))
                }
                false => None,
            };
            let opened = catch_unwind(AssertUnwindSafe(|| open(&self.path))).map_err(|p| {
                self.fault(format!("the save does not open again: {}", panic_text(&*p)))
            })?;
            left = Some(each!(opened, c => match self.plant {
                Some(plant) => {
                    let planted = Planted { inner: c.app, plant };
                    self.chunk(Console::new(planted, c.file), n, left.take(), copy)?
                }
                None => self.chunk(c, n, left.take(), copy)?,
            }));
            done += n;
        }
        Ok(())
    }

    /// Where the battle is written whole at each kill.
    fn copy(&self) -> PathBuf {
        self.path.with_file_name("monkey-whole.toml")
    }

    fn fault(&self, what: String) -> String {
        let from = self.pressed.len().saturating_sub(40);
        format!(
            "{} seed {} after key {}: {what}\nlast keys: {}",
            self.system.title(),
            self.seed,
            self.pressed.len(),
            self.pressed[from..].join(" ")
        )
    }

    /// The next key: mostly one the screen offers, else a digit, undo,
    /// redo, Esc or `?`.
    fn choose(&mut self, shown: &str, asked: bool) -> String {
        let mut offered = offered(shown);
        // Writing elsewhere goes on in another file: not while saves fail.
        offered.retain(|k| !(asked && k == "w"));
        let r: f64 = self.rng.random();
        if r < 0.7 && !offered.is_empty() {
            return offered[self.rng.random_range(0..offered.len())].clone();
        }
        let extra = [
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "Enter",
            "Enter",
            "Esc",
            "u",
            "U",
            "?",
            "Up",
            "Down",
            "Tab",
            "Backspace",
        ];
        extra[self.rng.random_range(0..extra.len())].to_string()
    }

    /// Presses one key through the shell; a panic is a fault.
    fn press<S: Screen>(&mut self, c: &mut Console<S>, key: &str) -> Result<Flow, String> {
        self.pressed.push(key.to_string());
        let size = self.size;
        let ev = key_event(key);
        catch_unwind(AssertUnwindSafe(|| {
            c.app.resized(size.0, size.1);
            c.key(ev)
        }))
        .map_err(|p| self.fault(format!("a panic: {}", panic_text(&*p))))
    }

    /// Draws the screen; a panic is a fault.
    fn shown<S: Screen>(&self, c: &Console<S>) -> Result<String, String> {
        let size = self.size;
        catch_unwind(AssertUnwindSafe(|| screen(c, size.0, size.1)))
            .map_err(|p| self.fault(format!("a panic drawing: {}", panic_text(&*p))))
    }

    /// What every screen must hold to: no identifier, no debug text, every
    /// claim held by the record.
    fn check<S: Screen>(&mut self, c: &Console<S>, shown: &str) -> Result<(), String> {
        if let Some(bad) = code_text(shown) {
            return Err(self.fault(format!("'{bad}' on screen:\n{shown}")));
        }
        let said = c.app.claims();
        if said != self.claims {
            let battle = c.app.battle();
            for claim in &said {
                if let Some(why) = claims::unheld(claim, battle, battle.turn()) {
                    return Err(
                        self.fault(format!("the screen claims {claim:?}, but {why}:\n{shown}"))
                    );
                }
            }
            self.claims = said;
        }
        self.offered(c, shown)?;
        self.owed(c, shown)
    }

    /// A panel offering a roll (its odds and a roll key, nothing said
    /// against it) offers a choice the battle's `check` takes with what it
    /// knows now, the dice not yet rolled (issue 21: a refusal is said
    /// first).
    fn offered<S: Screen>(&mut self, c: &Console<S>, shown: &str) -> Result<(), String> {
        let Some(event) = c.app.offered_roll() else {
            return Ok(());
        };
        self.checked.offered += 1;
        let b = c.app.battle();
        if let Err(why) = S::System::check(b.state(), b.setup(), &event) {
            return Err(self.fault(format!(
                "a panel offers a roll on {event:?}, which the battle refuses now: {why}\n{shown}"
            )));
        }
        // The fold's turn sequence too (on a copy): a refusal out of turn
        // is known before any die (other refusals may be about its dice,
        // not rolled yet).
        match S::System::apply(&mut b.state().clone(), b.setup(), &event) {
            Err(why @ BattleError::OutOfTurn(_)) => Err(self.fault(format!(
                "a panel offers a roll on {event:?}, which the battle refuses now: {why}\n{shown}"
            ))),
            _ => Ok(()),
        }
    }

    /// The walker names the steps the battle owes (`RuleSystem::owed`):
    /// its first is the battle's first, each is one the battle owes, and it
    /// names one whenever the battle owes one; no step is owed by a unit
    /// out of play.
    fn owed<S: Screen>(&mut self, c: &Console<S>, shown: &str) -> Result<(), String> {
        let b = c.app.battle();
        let owed = S::System::owed(b.state(), b.setup());
        self.checked.owed += usize::from(!owed.is_empty());
        let walker = c.app.walker_owes();
        let fault = |what: String| Err(self.fault(format!("{what}\n{shown}")));
        for o in &owed {
            if let Some(u) = o.units.iter().find(|u| !S::System::in_play(b.state(), **u)) {
                return fault(format!("the battle owes {o:?}, but {u} is out of play"));
            }
        }
        let first = |v: &[Owed]| v.first().cloned();
        match (first(&walker), first(&owed)) {
            (None, None) => {}
            (Some(w), None) => {
                return fault(format!("the walker names {w:?}; the battle owes nothing"));
            }
            (None, Some(o)) => {
                return fault(format!("the battle owes {o:?}; the walker names nothing"));
            }
            (Some(w), Some(o)) if !w.names(&o) => {
                return fault(format!(
                    "the walker names {w:?}; the battle owes {o:?} first"
                ));
            }
            _ => {}
        }
        if let Some(w) = walker.iter().find(|w| !owed.iter().any(|o| w.names(o))) {
            return fault(format!(
                "the walker names {w:?}, which the battle does not owe: {owed:?}"
            ));
        }
        Ok(())
    }

    /// Presses up to `n` keys on an opened console, then reads the save
    /// back and kills it; what it left. `left` is what the last one left.
    fn chunk<S: Screen>(
        &mut self,
        mut c: Console<S>,
        n: usize,
        left: Option<Left>,
        copy: Option<String>,
    ) -> Result<Left, String> {
        if let Some(left) = left {
            // Killed and opened again: every acknowledged event is there,
            // the battle is the one left; its screen is the one the same
            // battle written whole to another file opens on.
            if whole(c.app.battle()) != left.battle {
                return Err(self.fault(format!(
                    "opened again after a kill, the battle is not the one left:\n{}\nagainst\n{}",
                    left.battle,
                    whole(c.app.battle())
                )));
            }
            self.acked = left.battle;
            let now = self.shown(&c)?;
            if let Some(d) = copy.as_deref().and_then(|copy| differ(copy, &now)) {
                return Err(self.fault(format!(
                    "the save opened again draws another screen than the battle written whole ({d}):\n{now}\nagainst\n{}",
                    copy.unwrap_or_default()
                )));
            }
        }
        if self.acked.is_empty() {
            self.acked = whole(c.app.battle()); // a new battle, on disk
        }
        let mut shown = self.shown(&c)?;
        for _ in 0..n {
            if self.rng.random_bool(0.03) {
                self.size = (
                    self.rng.random_range(80..=120),
                    self.rng.random_range(24..=40),
                );
                self.pressed
                    .push(format!("~{}x{}", self.size.0, self.size.1));
            }
            // Now and then the disk refuses the next saves.
            if let Some(disk) = self.disk.as_mut().filter(|_| c.prompt.is_none())
                && disk.random_bool(0.01)
            {
                let k = disk.random_range(1..=3);
                c.file.fail_next_writes(k);
                self.pressed.push(format!("!{k}-saves-fail"));
            }
            let key = self.choose(&shown, c.prompt.is_some());
            let before = c.app.battle().events().len();
            let flow = self.press(&mut c, &key)?;
            if flow == Flow::Quit {
                break;
            }
            shown = self.shown(&c)?;
            self.check(&c, &shown)?;
            self.acknowledged(&c, &shown)?;
            let recorded = c.app.battle().events().len() > before;
            let saving = c.prompt.is_none() && c.app.unsaved().is_none();
            if recorded && saving && self.rng.random_bool(0.3) {
                self.undo_redo(&mut c, &shown)?;
                shown = self.shown(&c)?;
                self.check(&c, &shown)?;
            }
        }
        // The save read back holds the battle as last acknowledged (the
        // battle itself when every change is on disk).
        let mut read = herald::store::save::load::<S::System>(c.file.path())
            .map_err(|e| self.fault(format!("the save does not read back: {e}")))?;
        if whole(&read.data.battle) != self.acked {
            return Err(self.fault(format!(
                "the save read back is not the battle acknowledged:\n{}\nagainst\n{}",
                whole(&read.data.battle),
                self.acked
            )));
        }
        // That battle written whole to another file, as "write elsewhere"
        // and compaction write it, to be opened beside the save.
        let _ = std::fs::remove_file(self.copy());
        herald::store::save::SaveFile::create_from(
            &self.copy(),
            "monkey",
            &mut read.data.battle,
            c.app.dice_position(),
        )
        .map_err(|e| self.fault(format!("the battle cannot be written whole: {e}")))?;
        let left = Left {
            battle: whole(&read.data.battle),
        };
        self.path = c.file.path().to_path_buf();
        drop(c); // killed: nothing more is written
        Ok(left)
    }

    /// While a change is not on disk the screen says NOT SAVED; once every
    /// change is, the battle is what the save holds.
    fn acknowledged<S: Screen>(&mut self, c: &Console<S>, shown: &str) -> Result<(), String> {
        if c.app.battle().unsaved().is_empty() {
            self.acked = whole(c.app.battle());
        } else if !shown.contains("NOT SAVED") {
            return Err(self.fault(format!(
                "{} change(s) not on disk, and the screen does not say so:\n{shown}",
                c.app.battle().unsaved().len()
            )));
        }
        Ok(())
    }

    /// Undo then redo: the battle and the screen are as they were.
    /// (From the tables: a result panel open on the event closes on undo,
    /// and redo gives the event back without opening it again.)
    fn undo_redo<S: Screen>(&mut self, c: &mut Console<S>, was: &str) -> Result<(), String> {
        // Back out to the tables: Esc until the screen stays as it is.
        let mut was = was.to_string();
        for _ in 0..4 {
            if self.press(c, "Esc")? == Flow::Quit {
                return Ok(());
            }
            let now = self.shown(c)?;
            if now == was {
                break;
            }
            was = now;
        }
        // What a status says is not the battle, and a long one takes rows
        // from the tables (Warlords wraps it since wl4 F5; seed 300): both
        // screens are compared with nothing said.
        let quiet = |c: &mut Console<S>| {
            c.app.tell(Status {
                text: String::new(),
                error: false,
            })
        };
        quiet(c);
        let was = self.shown(c)?;
        let was = was.as_str();
        let n = c.app.battle().events().len();
        self.press(c, "u")?;
        if c.app.battle().events().len() + 1 != n {
            return Ok(()); // u does something else here
        }
        self.press(c, "U")?;
        if c.app.battle().events().len() != n {
            return Err(self.fault("redo after undo did not give the event back".into()));
        }
        if c.app.unsaved().is_some() {
            return Ok(()); // the disk refused meanwhile: NOT SAVED is said
        }
        quiet(c);
        let now = self.shown(c)?;
        // Unless `cursor`, the cursor (`›`, `▸` where a row starts) may
        // follow the step the battle owes next after redo, as after any
        // step, and what it shows with it (Warlords, seed 300): then the
        // screens are not compared.
        // The rows marked, by what they show: a table that scrolls with
        // its cursor keeps the mark on the same screen row (Warlord I,
        // seed 37 key 122: a9 then a10, both on row 12).
        let marked = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| l.starts_with('›') || l.starts_with('▸'))
                .map(str::to_string)
                .collect()
        };
        if !self.cursor && marked(was) != marked(&now) {
            return Ok(());
        }
        if let Some(d) = differ(was, &now) {
            return Err(self.fault(format!(
                "undo then redo changed the screen ({d}):\n{was}\nagainst\n{now}"
            )));
        }
        Ok(())
    }
}

/// Why two screens differ (the first row that does), or `None`. The
/// status line saying what undo, redo or opening did is not the battle,
/// nor the line naming the last event (`last:`); a long status may take
/// the rows around it (Parker's Warlord at 80x24, seed 36 key 142), so the
/// rows are compared down to the first such line of either screen.
fn differ(a: &str, b: &str) -> Option<String> {
    let said = |l: &str| {
        l.contains("undone")
            || l.contains("redone")
            || l.contains("opened")
            || l.contains("undo")
            || l.trim_start().starts_with("last:")
    };
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    if la.len() != lb.len() {
        return Some(format!("{} rows against {}", la.len(), lb.len()));
    }
    let first = |rows: &[&str]| rows.iter().position(|l| said(l)).unwrap_or(rows.len());
    let cut = first(&la).min(first(&lb));
    la[..cut]
        .iter()
        .zip(&lb[..cut])
        .enumerate()
        .find(|(_, (x, y))| x != y)
        .map(|(i, (x, y))| format!("row {}: '{x}' against '{y}'", i + 1))
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// A key's name from how a screen writes it (`Enter`, `t`, `↑`, `Ctrl-r`).
fn key_name(label: &str) -> Option<&'static str> {
    Some(match label {
        "Enter" => "Enter",
        "Esc" => "Esc",
        "Tab" => "Tab",
        "Shift-Tab" => "BackTab",
        "Space" => " ",
        "↑" | "↑↓" => "Up",
        "↓" => "Down",
        "←" | "←→" => "Left",
        "→" => "Right",
        "PgUp" => "PgUp",
        "PgDn" => "PgDn",
        "Home" => "Home",
        "End" => "End",
        "Backspace" => "Backspace",
        "Ctrl-r" => "C-r",
        _ => return None,
    })
}

/// The keys a screen offers: each item (text between runs of two spaces)
/// that starts with a key and goes on with a word, as the footer, the
/// help and a panel's facts write them (`Enter rolls`, `c in cover`).
fn offered(shown: &str) -> Vec<String> {
    let mut out = Vec::new();
    for row in shown.lines() {
        for item in row.split("  ") {
            let mut words = item.split_whitespace();
            let (Some(k), Some(_)) = (words.next(), words.next()) else {
                continue;
            };
            let name = match key_name(k) {
                Some(n) => n.to_string(),
                None if k.chars().count() == 1 && k != "q" => k.to_string(),
                None => continue,
            };
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

/// A snake_case identifier or Rust debug text on screen, if any.
fn code_text(shown: &str) -> Option<String> {
    for debug in ["Some(", "None)", "Ok(", "Err(", "::", "\\\"", "{ .."] {
        if shown.contains(debug) {
            return Some(debug.to_string());
        }
    }
    shown
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| {
            let parts: Vec<&str> = w.split('_').collect();
            parts.len() > 1
                && parts.iter().all(|p| {
                    !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                })
        })
        .map(str::to_string)
}

/// A monkey battle of `system` from `seed`, `keys` keys long.
fn monkey(system: System, seed: u64, keys: usize) -> Result<Checked, String> {
    run(system, seed, keys, false, true)
}

/// A monkey battle; `cursor`: undo then redo must also leave the cursor
/// where it was; `disk`: the disk refuses saves now and then.
fn run(
    system: System,
    seed: u64,
    keys: usize,
    cursor: bool,
    disk: bool,
) -> Result<Checked, String> {
    run_planted(system, seed, keys, cursor, disk, None)
}

/// A monkey battle on a console with `plant` in it, if any.
fn run_planted(
    system: System,
    seed: u64,
    keys: usize,
    cursor: bool,
    disk: bool,
    plant: Option<Plant>,
) -> Result<Checked, String> {
    // In memory where there is room (a save is synced after every event);
    // one folder a run, as runs go on side by side.
    let shm = Path::new("/dev/shm");
    let base = match shm.is_dir() {
        true => shm.join("herald-monkey"),
        false => Path::new(env!("CARGO_TARGET_TMPDIR")).to_path_buf(),
    };
    let dir = base.join(format!(
        "{}-{seed}-{keys}-{}{}{}",
        short(system),
        u8::from(cursor),
        u8::from(disk),
        plant.map_or(String::new(), |p| format!("-{p:?}"))
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = consoles::new_battle(&dir, system, seed, "monkey");
    let mut m = Monkey {
        system,
        seed,
        rng: ChaCha8Rng::seed_from_u64(seed),
        size: (120, 40),
        pressed: Vec::new(),
        claims: Vec::new(),
        path,
        cursor,
        disk: disk.then(|| ChaCha8Rng::seed_from_u64(seed ^ 0xd15c)),
        acked: String::new(),
        checked: Checked::default(),
        plant,
    };
    let result = m.play(keys).map(|()| m.checked);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// The CI budget (or `HERALD_MONKEY_KEYS`) from seed 36 (or
/// `HERALD_MONKEY_SEED`), in runs of 10,000 keys from seeds that follow.
fn monkey_budget(system: System) {
    let keys = env_number("HERALD_MONKEY_KEYS").map_or(CI_KEYS, |n| n as usize);
    let mut seed = env_number("HERALD_MONKEY_SEED").unwrap_or(36);
    let started = std::time::Instant::now();
    let mut done = 0;
    let mut faults = Vec::new();
    let mut checked = Checked::default();
    while done < keys {
        let n = (keys - done).min(10_000);
        match monkey(system, seed, n) {
            Ok(c) => {
                checked.offered += c.offered;
                checked.owed += c.owed;
            }
            Err(f) => {
                eprintln!("{f}");
                faults.push(f);
            }
        }
        done += n;
        seed += 1;
        if keys > 10_000 {
            eprintln!(
                "monkey {}: {done} keys in {:.0?}, {} fault(s)",
                system.title(),
                started.elapsed(),
                faults.len()
            );
        }
    }
    println!(
        "monkey {}: {done} keys in {:.1?}; a roll offered after {} keys, a step owed after {}",
        system.title(),
        started.elapsed(),
        checked.offered,
        checked.owed
    );
    assert!(
        faults.is_empty(),
        "{} fault(s):\n{}",
        faults.len(),
        faults.join("\n\n")
    );
}

#[test]
fn monkey_warlords() {
    monkey_budget(System::Warlords);
}

#[test]
fn monkey_warlord_i() {
    monkey_budget(System::WarlordI);
}

#[test]
fn monkey_homunculus_est() {
    monkey_budget(System::HomunculusEst);
}

#[test]
fn monkey_roberts_rules() {
    monkey_budget(System::RobertsRules);
}

#[test]
fn monkey_parkers_warlord() {
    monkey_budget(System::ParkersWarlord);
}

// Faults the monkey found, each pressed again from its seed to the key
// that found it (and a little past), with the checks it had then (the
// disk refusing saves came later).

/// Warlord I, seed 36, key 2264: a shot refused for a unit with no
/// shooting weapon listed the army file's word `staff_sling` on screen.
#[test]
fn seed_36_warlord_i_a_refusal_lists_weapons_in_words() {
    run(System::WarlordI, 36, 2300, false, false).unwrap();
}

/// Warlord I, seed 102, key 1399: a correction of what a unit is doing
/// said it would set it to `in_melee`, the army file's word.
#[test]
fn seed_102_warlord_i_a_correction_says_what_a_unit_does_in_words() {
    run(System::WarlordI, 102, 1400, false, false).unwrap();
}

/// Homunculus Est!, seed 100, key 38: a combat's explanation said the
/// attacker chose `push_back`, the file's word.
#[test]
fn seed_100_homunculus_est_a_combat_result_is_said_in_words() {
    run(System::HomunculusEst, 100, 100, false, false).unwrap();
}

/// Warlords, seed 300, key 1186: undo then redo put the cursor on the
/// unit the walker owes next (`follow_walker`), not where the referee
/// left it. The console now keeps where the cursor stood before each
/// undo and puts it back on redo (src/tui/warlords/app/undo.rs).
#[test]
fn seed_300_warlords_undo_then_redo_keeps_the_cursor() {
    run(System::Warlords, 300, 1200, true, false).unwrap();
}

/// Warlord I, seed 37, key 122 (found by a run of 30,000 keys, not the CI
/// budget): after undo then redo of a CO's command test the cursor is on
/// a10, not a9, and the table has scrolled with it, so the marked row
/// stood on the same screen row and the monkey compared the screens as
/// if the cursor had stayed. The monkey now tells the rows marked by what
/// they show; the cursor following the step owed is read as in seed 300.
#[test]
fn seed_37_warlord_i_a_scrolled_cursor_is_a_cursor_moved() {
    run(System::WarlordI, 37, 150, false, true).unwrap();
}

/// Warlord I, seed 37, key 122: undo then redo moved the cursor from a9
/// to a10 (the unit table scrolled with it): both followed the walker's
/// unit. Redo now puts back the cursor the undo found, with the event.
#[test]
fn seed_37_warlord_i_undo_then_redo_keeps_the_cursor() {
    run(System::WarlordI, 37, 150, true, true).unwrap();
}

/// Warlords, seed 1007, key 2663 (found by the long run of 332bb0e, not
/// the CI budget): with a charge moved and its contact answer owed (2.4.4.1,
/// W-25), Esc from the charge panel and `a` on another unit opened that
/// unit's activation with its odds, though the battle refuses any activation
/// first. The activation now asks the battle's `check` before it opens.
#[test]
fn seed_1007_warlords_no_activation_opens_while_a_charge_is_owed() {
    run(System::Warlords, 1007, 2700, false, true).unwrap();
}

/// Warlords, seed 5001, key 6472 (found by a 100,000-key run of 419713a,
/// after this session's merges; seed 5001 passes on b6c0aa2): with the
/// disk refusing saves, `c` on a1's successful activation opens the charge
/// picker while 2 events are not on disk, and the screen no longer says
/// NOT SAVED (docs/save-format.md, Safety). Open: its cause is not yet
/// found.
#[test]
#[ignore = "open fault (issue 36): NOT SAVED not said after seed 5001's key 6472"]
fn seed_5001_warlords_not_saved_is_said_while_events_are_off_disk() {
    run(System::Warlords, 5001, 7000, false, true).unwrap();
}

/// Homunculus Est!, seed 5008, key 1261 (and seeds 5002, 5004, 5006;
/// a 100,000-key run of 419713a; seed 5008 passes on 332bb0e): the walker
/// owes a2's rout move (FOLLOW UP table) though a2 is out of play. Open.
#[test]
#[ignore = "open fault (issue 36): a rout move owed by a unit out of play, seed 5008"]
fn seed_5008_homunculus_est_no_rout_move_is_owed_by_a_unit_out_of_play() {
    run(System::HomunculusEst, 5008, 10_000, false, true).unwrap();
}

/// Homunculus Est!, seed 5005, key 9200 (the same run; passes on
/// 332bb0e): `P` opened the Points panel after an army broke and the
/// battle is over (HE-12); it is refused now, as every other panel.
#[test]
fn seed_5005_homunculus_est_nothing_is_offered_after_the_battle_is_over() {
    run(System::HomunculusEst, 5005, 10_000, false, true).unwrap();
}

// A check that cannot fail is no check: each check of the monkey, run on
// a console with one fault planted in it, finds that fault.

/// A fault planted in a console.
#[derive(Clone, Copy, Debug)]
enum Plant {
    /// A result panel claims a summary no event has.
    FalseClaim,
    /// While the battle owes a step, a panel offers to end the phase
    /// (or step, or turn): the battle refuses to skip the step it owes.
    EndWhileOwed,
    /// The walker names a step besides those it names.
    WalkerAddsStep,
    /// The walker names nothing.
    WalkerSilent,
}

/// A console with a fault planted in what it tells the checks; it draws
/// and takes keys as the console it wraps.
struct Planted<S> {
    inner: S,
    plant: Plant,
}

impl<S: Screen> Screen for Planted<S>
where
    S::System: Ending,
{
    type System = S::System;

    fn battle(&self) -> &Battle<S::System> {
        self.inner.battle()
    }
    fn battle_mut(&mut self) -> &mut Battle<S::System> {
        self.inner.battle_mut()
    }
    fn dice_position(&self) -> herald::dice::SeedPosition {
        self.inner.dice_position()
    }
    fn theme(&self) -> Theme {
        self.inner.theme()
    }
    fn key(&mut self, ev: KeyEvent) -> Vec<Effect> {
        self.inner.key(ev)
    }
    fn suspends(&self, ev: &KeyEvent) -> bool {
        self.inner.suspends(ev)
    }
    fn tell(&mut self, status: Status) {
        self.inner.tell(status)
    }
    fn unsaved(&self) -> Option<&str> {
        self.inner.unsaved()
    }
    fn set_unsaved(&mut self, why: Option<String>) {
        self.inner.set_unsaved(why)
    }
    fn hold_quit(&mut self) {
        self.inner.hold_quit()
    }
    fn resized(&self, width: u16, height: u16) {
        self.inner.resized(width, height)
    }
    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.inner.draw(area, buf)
    }
    fn claims(&self) -> Vec<Claim> {
        let mut said = self.inner.claims();
        if matches!(self.plant, Plant::FalseClaim) && !said.is_empty() {
            said.push(Claim::Summary("Nobody did this".into()));
        }
        said
    }
    fn offered_roll(&self) -> Option<<S::System as RuleSystem>::Event> {
        let b = self.inner.battle();
        let owed = !S::System::owed(b.state(), b.setup()).is_empty();
        match self.plant {
            Plant::EndWhileOwed if owed => Some(S::System::ending()),
            _ => self.inner.offered_roll(),
        }
    }
    fn walker_owes(&self) -> Vec<Owed> {
        let mut owes = self.inner.walker_owes();
        match self.plant {
            Plant::WalkerAddsStep => owes.push(Owed::of("a step nobody owes", [])),
            Plant::WalkerSilent => owes.clear(),
            _ => {}
        }
        owes
    }
}

/// The event that ends where the battle's sequence stands (a phase, a
/// step, a side's turn): the battle refuses it while it owes a step.
trait Ending: RuleSystem {
    fn ending() -> Self::Event;
}

impl Ending for herald::battle::warlords::Warlords {
    fn ending() -> Self::Event {
        herald::battle::warlords::Event::NextPhase
    }
}

impl Ending for herald::battle::warlord_i::WarlordI {
    fn ending() -> Self::Event {
        herald::battle::warlord_i::Event::NextPhase
    }
}

impl Ending for herald::battle::homunculus_est::HomunculusEst {
    fn ending() -> Self::Event {
        herald::battle::homunculus_est::Event::EndPhase
    }
}

impl Ending for herald::battle::roberts_rules::RobertsRules {
    fn ending() -> Self::Event {
        herald::battle::roberts_rules::Event::EndPhase
    }
}

impl Ending for herald::battle::parkers_warlord::ParkersWarlord {
    fn ending() -> Self::Event {
        herald::battle::parkers_warlord::Event::EndTurn
    }
}

/// Each system's monkey, with `plant` in its console, stops on a fault
/// saying `found` (within the CI budget of keys).
fn finds(plant: Plant, found: &str) {
    let mut missed = Vec::new();
    for system in consoles::SYSTEMS {
        match run_planted(system, 36, CI_KEYS, false, false, Some(plant)) {
            Ok(c) => missed.push(format!(
                "{}: not found in {CI_KEYS} keys (a roll offered after {} keys, a step owed after {})",
                system.title(),
                c.offered,
                c.owed
            )),
            Err(fault) if !fault.contains(found) => {
                missed.push(format!("{}: found as another fault:\n{fault}", system.title()))
            }
            Err(_) => {}
        }
    }
    assert!(missed.is_empty(), "{plant:?}:\n{}", missed.join("\n"));
}

#[test]
fn a_claim_no_event_holds_is_found() {
    finds(
        Plant::FalseClaim,
        "but no event of this turn or the last has this summary",
    );
}

#[test]
fn a_roll_offered_on_what_the_battle_refuses_is_found() {
    finds(Plant::EndWhileOwed, "which the battle refuses now");
}

#[test]
fn a_walker_naming_a_step_not_owed_is_found() {
    finds(Plant::WalkerAddsStep, "which the battle does not owe");
}

#[test]
fn a_walker_silent_on_an_owed_step_is_found() {
    finds(Plant::WalkerSilent, "the walker names nothing");
}

/// Robert's Rules, seed 36, key 968 (found by the fold's turn sequence
/// judging the offered roll): an Action panel offered player a's
/// Withdrawal with its odds in player b's Action Phase, refused only at
/// Enter (RR-4); the panel now says the refusal before any roll.
#[test]
fn seed_36_roberts_rules_a_panel_refused_whatever_its_dice_says_so_first() {
    run(System::RobertsRules, 36, 1000, false, true).unwrap();
}
