//! Save files (`docs/save-format.md`): one human-readable TOML file per
//! battle, a header (format, rule system, name, dice, armies) followed by
//! the log, each change appended at the end and flushed to disk (one
//! commit per step, its last table carrying the dice generator's position)
//! so recording an event costs the same at any length. A write cut short
//! by a crash is recognised and dropped (it was never acknowledged). The
//! whole file is rewritten atomically only at safe moments: creating it,
//! migrating an older format (the original kept as `NAME.vN.toml`), and
//! compacting a log of many undos; the version before is kept as
//! `NAME.toml.bak`. The save itself is locked, whatever path names it. A
//! save that fails to load is never written; one changed outside Herald
//! while open is left as it is, and the battle goes on in a new file.

pub mod codec;
pub mod read;
pub mod write;

pub use codec::SaveCodec;
pub use read::{Loaded, MAX_SAVE_BYTES, MAX_SAVE_TEXT, Torn, from_text, read_save};
pub use write::to_text;

use crate::battle::{Battle, LogChange, RuleSystem};
use crate::dice::SeedPosition;
use crate::rules::System;
use crate::store::toml_walk::Problem;
use fs4::{FileExt, TryLockError};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;
use write::Record;

/// The format version this Herald writes. Formats 1 and 2 are read and migrated.
pub const FORMAT: i64 = 3;

/// Everything a save holds: the battle's name, its dice and the battle.
#[derive(Debug)]
pub struct SaveData<S: RuleSystem> {
    /// The battle's name (the save is `saves/NAME.toml`).
    pub name: String,
    /// Where Herald's dice generator stands, so the next die after resume is the same.
    pub dice: SeedPosition,
    /// The battle: setup and events.
    pub battle: Battle<S>,
}

/// Why a save could not be read or written, in the referee's words.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The file system refused.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// What Herald was doing.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// Another Herald has the battle open.
    #[error("{} is open in another Herald (it holds the lock on the file); close the battle there first", path.display())]
    Locked {
        /// The save.
        path: PathBuf,
    },
    /// `herald new` (or a copy) would overwrite a file.
    #[error("{} already exists; choose another name, or open it with `herald play {}`", path.display(), path.display())]
    Exists {
        /// The save.
        path: PathBuf,
    },
    /// There is no file at the path.
    #[error("there is no save at {}; `herald new NAME --side A.toml --side B.toml` makes one", path.display())]
    Missing {
        /// The path given.
        path: PathBuf,
    },
    /// Not a regular file (a folder, a FIFO, a device).
    #[error("{}: {why}", path.display())]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is.
        why: String,
    },
    /// The save would pass [`MAX_SAVE_BYTES`], which Herald could not read back.
    #[error("{} would pass {MAX_SAVE_TEXT}, the largest save Herald reads back, so nothing more is written to it; {bytes} bytes are needed", path.display())]
    TooBig {
        /// The save.
        path: PathBuf,
        /// The bytes it would need.
        bytes: u64,
    },
    /// The save was changed outside Herald, and writing the battle to a new
    /// file beside it (where it would go on) failed.
    #[error("{} was changed outside Herald ({why}) and is left as it is; writing the battle to a new file beside it failed: {source}", path.display())]
    MovingAway {
        /// The save changed outside Herald.
        path: PathBuf,
        /// How it was changed.
        why: &'static str,
        /// Why the new file could not be written.
        source: Box<SaveError>,
    },
    /// The file is not a readable save; it is left untouched.
    #[error("{}", problems_text(.0, .1.as_deref()))]
    Problems(Vec<Problem>, Option<PathBuf>),
}

fn problems_text(ps: &[Problem], bak: Option<&Path>) -> String {
    let mut lines: Vec<String> = ps.iter().map(|p| p.to_string()).collect();
    if let (Some(bak), Some(p)) = (bak, ps.first()) {
        lines.push(format!(
            "{}: note: the version before Herald last rewrote it whole is kept in {}; to go back to it, copy it over the save",
            p.file,
            bak.display()
        ));
    }
    lines.join("\n")
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> SaveError {
    let path = path.to_path_buf();
    move |source| SaveError::Io {
        action,
        path,
        source,
    }
}

/// `path` with `suffix` added to its file name (`x.toml` → `x.toml.bak`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// The previous version kept beside a save.
pub fn bak_path(path: &Path) -> PathBuf {
    with_suffix(path, ".bak")
}

/// Where the original of a migrated save is kept: `NAME.vN.toml` (or,
/// when that is taken by another file, `NAME.vN-2.toml`, …).
pub fn original_path(path: &Path, format: i64) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}.v{format}.toml"))
}

/// Whether a file name is the kept original of a migrated save
/// (`NAME.v2.toml`, `NAME.v2-3.toml`), not a battle of its own.
pub fn is_original(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".toml") else {
        return false;
    };
    let Some((_, version)) = stem.rsplit_once(".v") else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match version.split_once('-') {
        Some((v, n)) => digits(v) && digits(n),
        None => digits(version),
    }
}

/// The folder holding `path`.
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The first of `NAME-2.toml`, `NAME-3.toml`, … that does not exist.
pub fn free_sibling(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    (2..)
        .map(|n| path.with_file_name(format!("{stem}-{n}.toml")))
        .find(|p| fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| with_suffix(path, ".new"))
}

/// Refuses a path that is not a regular file, at once.
fn check_regular(path: &Path) -> Result<(), SaveError> {
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(SaveError::Missing {
            path: path.to_path_buf(),
        }),
        Err(e) => Err(SaveError::Io {
            action: "read",
            path: path.to_path_buf(),
            source: e,
        }),
        Ok(m) if m.is_file() && m.len() > MAX_SAVE_BYTES => Err(SaveError::Problems(
            vec![read::too_big(&path.display().to_string(), m.len())],
            None,
        )),
        Ok(_) => crate::store::toml_walk::open_regular(path)
            .map(drop)
            .map_err(|why| SaveError::NotAFile {
                path: path.to_path_buf(),
                why,
            }),
    }
}

/// The `.bak` beside a save, if there is one, for an error message.
fn bak_if_any(path: &Path) -> Option<PathBuf> {
    let bak = bak_path(path);
    bak.is_file().then_some(bak)
}

/// Reads a save without locking it (for `herald log`): never writes. An
/// unfinished write at its end is dropped, as on opening ([`Loaded::torn`]).
pub fn load<S: SaveCodec>(path: &Path) -> Result<Loaded<S>, SaveError> {
    check_regular(path)?;
    let file = crate::store::toml_walk::open_regular(path).map_err(|why| SaveError::NotAFile {
        path: path.to_path_buf(),
        why,
    })?;
    let size = file.metadata().map_or(0, |m| m.len());
    read_save(&path.display().to_string(), &file, size)
        .map_err(|ps| SaveError::Problems(ps, bak_if_any(path)))
}

/// The rule system a save is played under, read from the lines before its
/// first table (Warlords when it names none), so it can be opened by its
/// system's reader; a system this Herald does not know is refused here, in
/// one line at the key.
pub fn system_of(path: &Path) -> Result<System, SaveError> {
    use std::io::Read;
    check_regular(path)?;
    let file = crate::store::toml_walk::open_regular(path).map_err(|why| SaveError::NotAFile {
        path: path.to_path_buf(),
        why,
    })?;
    let mut head = Vec::with_capacity(4096);
    file.take(64 * 1024)
        .read_to_end(&mut head)
        .map_err(io_err("read", path))?;
    let text = String::from_utf8_lossy(&head);
    crate::store::system::of_text(&path.display().to_string(), &text)
        .map_err(|p| SaveError::Problems(vec![p], None))
}

/// What identifies a file's contents as Herald last left them: a change
/// means someone else wrote to it, or put another file in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl Stamp {
    fn of(m: &fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (m.dev(), m.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Stamp {
            dev,
            ino,
            len: m.len(),
            modified: m.modified().ok(),
        }
    }
}

/// An open save: the file itself, locked until dropped, and where its last
/// commit ends.
#[derive(Debug)]
pub struct SaveFile {
    path: PathBuf,
    name: String,
    file: File,
    /// Bytes up to the end of the last commit.
    len: u64,
    stamp: Stamp,
    /// Live and undone events as the file holds them.
    live: usize,
    undone: usize,
    /// Tables in the file's log.
    records: usize,
    /// What opening did that the referee should know.
    notes: Vec<String>,
    /// Test support: appends still to fail as on a full disk.
    fail_next: usize,
}

/// Takes the lock on an open file, or says another Herald holds it. A
/// lock is tried for a tenth of a second: a Herald that has just closed
/// the battle, or a program starting another (whose copy of the file lives
/// until it has started), holds it that long at most.
fn lock(file: &File, path: &Path) -> Result<(), SaveError> {
    for _ in 0..10 {
        // fs4's lock, named in full: std's inherent File::try_lock needs Rust 1.89.
        match FileExt::try_lock(file) {
            Err(TryLockError::WouldBlock) => {
                std::thread::sleep(std::time::Duration::from_millis(10))
            }
            other => return lock_result(other, path),
        }
    }
    lock_result(FileExt::try_lock(file), path)
}

fn lock_result(tried: Result<(), TryLockError>, path: &Path) -> Result<(), SaveError> {
    match tried {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(SaveError::Locked {
            path: path.to_path_buf(),
        }),
        Err(TryLockError::Error(e)) => Err(SaveError::Io {
            action: "lock",
            path: path.to_path_buf(),
            source: e,
        }),
    }
}

/// The temporary file a whole write goes through: `.NAME.toml.PID.tmp`.
fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    folder(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to a new temporary file beside `path` and flushes it to
/// disk; on any failure the temporary file is removed.
fn write_temp(path: &Path, bytes: &[u8]) -> Result<(PathBuf, File), SaveError> {
    let tmp = temp_path(path);
    let written = (|| {
        let mut f = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        Ok(f)
    })();
    match written {
        Ok(f) => Ok((tmp, f)),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(SaveError::Io {
                action: "write",
                path: path.to_path_buf(),
                source: e,
            })
        }
    }
}

/// Flushes a folder's entries (a rename, a new name) to disk.
fn sync_folder(dir: &Path) -> Result<(), SaveError> {
    #[cfg(unix)]
    {
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io_err("flush the folder", dir))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Gives `from` the new name `to` only if `to` does not exist (a hard
/// link, atomic; a copy where the file system has no hard links).
fn link_new(from: &Path, to: &Path) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            let mut out = OpenOptions::new().write(true).create_new(true).open(to)?;
            let copied = io::copy(&mut File::open(from)?, &mut out).and_then(|_| out.sync_all());
            if copied.is_err() {
                let _ = fs::remove_file(to);
            }
            copied
        }
    }
}

impl SaveFile {
    /// Creates a new save at `path` (its folder too), refusing to overwrite
    /// anything; the battle's changes are then all saved.
    pub fn create<S: SaveCodec>(
        path: &Path,
        data: &mut SaveData<S>,
    ) -> Result<SaveFile, SaveError> {
        Self::create_from(path, &data.name, &mut data.battle, data.dice)
    }

    /// Writes a battle whole to a new file at `path` and opens it: for a new
    /// battle, and for writing an open one elsewhere.
    pub fn create_from<S: SaveCodec>(
        path: &Path,
        name: &str,
        battle: &mut Battle<S>,
        dice: SeedPosition,
    ) -> Result<SaveFile, SaveError> {
        let dir = folder(path);
        fs::create_dir_all(&dir).map_err(io_err("create the folder", &dir))?;
        if fs::symlink_metadata(path).is_ok() {
            return Err(SaveError::Exists {
                path: path.to_path_buf(),
            });
        }
        let text = write::full_text(name, dice, battle);
        Self::check_size(path, text.len() as u64)?;
        let (tmp, file) = write_temp(path, text.as_bytes())?;
        let placed = lock(&file, path).and_then(|()| {
            link_new(&tmp, path).map_err(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => SaveError::Exists {
                    path: path.to_path_buf(),
                },
                _ => SaveError::Io {
                    action: "write",
                    path: path.to_path_buf(),
                    source: e,
                },
            })
        });
        let _ = fs::remove_file(&tmp);
        placed?;
        sync_folder(&dir)?;
        let mut f = SaveFile {
            path: path.to_path_buf(),
            name: name.to_string(),
            stamp: Stamp::of(&file.metadata().map_err(io_err("read", path))?),
            file,
            len: text.len() as u64,
            live: 0,
            undone: 0,
            records: 0,
            notes: Vec::new(),
            fail_next: 0,
        };
        f.wrote_whole(battle);
        Ok(f)
    }

    /// Opens a save: takes the lock on the file, reads it, drops an
    /// unfinished write at its end (keeping the file as it was in `.bak`),
    /// migrates an older format (keeping the original), and compacts a log
    /// of many undos. A save that fails to load is left untouched.
    pub fn open<S: SaveCodec>(path: &Path) -> Result<(SaveFile, SaveData<S>), SaveError> {
        check_regular(path)?;
        let mut tries = 0;
        let file = loop {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .open(path)
                .map_err(|e| match e.kind() {
                    io::ErrorKind::NotFound => SaveError::Missing {
                        path: path.to_path_buf(),
                    },
                    _ => SaveError::Io {
                        action: "open for writing",
                        path: path.to_path_buf(),
                        source: e,
                    },
                })?;
            lock(&file, path)?;
            // Another Herald may have replaced the file between the open and
            // the lock: the lock must be on the file the path names now.
            let same = match (file.metadata(), fs::metadata(path)) {
                (Ok(a), Ok(b)) => {
                    let (a, b) = (Stamp::of(&a), Stamp::of(&b));
                    (a.dev, a.ino) == (b.dev, b.ino)
                }
                _ => false,
            };
            tries += 1;
            if same || tries > 5 {
                break file;
            }
        };
        let size = file.metadata().map_err(io_err("read", path))?.len();
        let loaded = read_save(&path.display().to_string(), &file, size)
            .map_err(|ps| SaveError::Problems(ps, bak_if_any(path)))?;
        let mut f = SaveFile {
            path: path.to_path_buf(),
            name: loaded.data.name.clone(),
            stamp: Stamp::of(&file.metadata().map_err(io_err("read", path))?),
            file,
            len: loaded.end,
            live: loaded.data.battle.events().len(),
            undone: loaded.data.battle.undone().len(),
            records: loaded.records,
            notes: Vec::new(),
            fail_next: 0,
        };
        f.clean_temporaries();
        let mut data = loaded.data;
        if loaded.format < FORMAT {
            let kept = f.keep_original(loaded.format)?;
            f.rewrite(&mut data.battle, data.dice)?;
            f.notes.push(format!(
                "{} was a format {} save: it is now format {FORMAT}, and the original is kept as {}",
                path.display(),
                loaded.format,
                kept.display()
            ));
        } else if size > loaded.end {
            f.cut_tail(loaded.torn, size)?;
            if loaded.torn.is_some_and(|t| t.saved) {
                // Written whole again, so its header counts only what it holds.
                f.rewrite(&mut data.battle, data.dice)?;
            }
        }
        if loaded.format == FORMAT && f.wasteful() {
            f.rewrite(&mut data.battle, data.dice)?;
        }
        Ok((f, data))
    }

    /// Test support: the next `count` saves fail as on a full disk, after
    /// half of what they write has reached the file.
    #[doc(hidden)]
    pub fn fail_next_writes(&mut self, count: usize) {
        self.fail_next = count;
    }

    /// The save's path (it changes when the battle moves to a new file).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What opening or saving did that the referee should be told, once.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Whether undos, redos and what they took back make up most of the
    /// log: it is then written again in its shortest form.
    fn wasteful(&self) -> bool {
        let kept = self.live + 2 * self.undone;
        let waste = self.records.saturating_sub(kept);
        waste >= 64 && waste >= kept / 2
    }

    /// Drops what follows the last commit: a write cut short (kept, with the
    /// file as it was, in `.bak`).
    fn cut_tail(&mut self, torn: Option<Torn>, size: u64) -> Result<(), SaveError> {
        let bak = bak_path(&self.path);
        let dir = folder(&self.path);
        let name = self.path.file_name().unwrap_or_default().to_string_lossy();
        let bak_tmp = dir.join(format!(".{name}.bak.{}.tmp", std::process::id()));
        let kept = fs::copy(&self.path, &bak_tmp)
            .and_then(|_| fs::rename(&bak_tmp, &bak))
            .map_err(io_err("keep the previous version", &bak));
        if kept.is_err() {
            let _ = fs::remove_file(&bak_tmp);
        }
        kept?;
        self.file
            .set_len(self.len)
            .and_then(|()| self.file.sync_all())
            .map_err(io_err("write", &self.path))?;
        self.restamp()?;
        if let Some(t) = torn {
            // The file names first: a status line cut at the screen's edge keeps them.
            self.notes.push(format!(
                "{} keeps {} as it was; it ended with {}, dropped here",
                bak.display(),
                self.path.display(),
                Torn {
                    bytes: size - self.len,
                    ..t
                }
                .what()
            ));
        }
        Ok(())
    }

    /// Keeps the file as it is under a name of its own before a migration
    /// rewrites it: `NAME.vN.toml`, or the first free `NAME.vN-K.toml`.
    fn keep_original(&self, format: i64) -> Result<PathBuf, SaveError> {
        let first = original_path(&self.path, format);
        let stem = first
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for k in 1..1000 {
            let candidate = if k == 1 {
                first.clone()
            } else {
                first.with_file_name(format!("{stem}-{k}.toml"))
            };
            match link_new(&self.path, &candidate) {
                Ok(()) => return Ok(candidate),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(SaveError::Io {
                        action: "keep the original",
                        path: candidate,
                        source: e,
                    });
                }
            }
        }
        Err(SaveError::Exists { path: first })
    }

    /// Removes temporary files a killed Herald left (the lock is ours, so none is in use).
    fn clean_temporaries(&self) {
        let dir = folder(&self.path);
        let name = self.path.file_name().unwrap_or_default().to_string_lossy();
        let prefix = format!(".{name}.");
        if let Ok(entries) = fs::read_dir(&dir) {
            for e in entries.flatten() {
                let n = e.file_name().to_string_lossy().into_owned();
                if n.starts_with(&prefix) && n.ends_with(".tmp") {
                    let _ = fs::remove_file(e.path());
                }
            }
        }
    }

    fn check_size(path: &Path, bytes: u64) -> Result<(), SaveError> {
        if bytes > MAX_SAVE_BYTES {
            Err(SaveError::TooBig {
                path: path.to_path_buf(),
                bytes,
            })
        } else {
            Ok(())
        }
    }

    /// Notes the file as Herald leaves it.
    fn restamp(&mut self) -> Result<(), SaveError> {
        self.stamp = Stamp::of(&self.file.metadata().map_err(io_err("read", &self.path))?);
        Ok(())
    }

    /// The battle was just written whole: all of it is saved.
    fn wrote_whole<S: RuleSystem>(&mut self, battle: &mut Battle<S>) {
        self.live = battle.events().len();
        self.undone = battle.undone().len();
        self.records = self.live + 2 * self.undone;
        battle.mark_saved(battle.unsaved().len());
    }

    /// Why the save is no longer as Herald left it, if it is not.
    fn changed_outside(&self) -> Option<&'static str> {
        match fs::metadata(&self.path) {
            Err(_) => Some("it was deleted or renamed"),
            Ok(m) => {
                let now = Stamp::of(&m);
                if (now.dev, now.ino) != (self.stamp.dev, self.stamp.ino) {
                    Some("another file was put in its place")
                } else if now != self.stamp {
                    Some("it was edited")
                } else {
                    None
                }
            }
        }
    }

    /// Writes the battle's changes since the last save as one commit at the
    /// end of the file, flushed to disk: when this returns `Ok`, they are
    /// there. `Ok(Some(note))` says something the referee must be told (the
    /// battle moved to a new file because this one was changed outside
    /// Herald). On an error nothing is acknowledged, the changes stay
    /// unsaved for the next try, and the file still ends at its last commit.
    pub fn save<S: SaveCodec>(
        &mut self,
        battle: &mut Battle<S>,
        dice: SeedPosition,
    ) -> Result<Option<String>, SaveError> {
        let changes = battle.unsaved().len();
        if changes == 0 {
            return Ok(None);
        }
        if let Some(why) = self.changed_outside() {
            return self.move_away(battle, dice, why).map(Some);
        }
        let Some((text, live, undone)) = self.commit_text(battle, dice) else {
            // The file's log and the battle's disagree: write it whole.
            return self.rewrite(battle, dice).map(|()| None);
        };
        let bytes = self.len + text.len() as u64;
        if bytes > MAX_SAVE_BYTES {
            return self.rewrite(battle, dice).map(|()| None);
        }
        self.append(text.as_bytes())?;
        self.records += changes;
        (self.live, self.undone) = (live, undone);
        battle.mark_saved(changes);
        if self.wasteful() && self.records > 4 * (self.live + 64) {
            // Many undos and redos: a safe moment to write the log short.
            let _ = self.rewrite(battle, dice);
        }
        Ok(None)
    }

    /// The tables of one commit for the battle's unsaved changes, and the
    /// live and undone events after it; `None` if they do not follow from
    /// what the file holds.
    fn commit_text<S: SaveCodec>(
        &self,
        battle: &Battle<S>,
        dice: SeedPosition,
    ) -> Option<(String, usize, usize)> {
        let mut text = String::with_capacity(512 * battle.unsaved().len());
        let (mut live, mut undone) = (self.live, self.undone);
        for change in battle.unsaved() {
            match change {
                LogChange::Recorded(event) => {
                    live += 1;
                    undone = 0;
                    let entry = battle
                        .events()
                        .get(live - 1)
                        .filter(|e| *e == &**event)
                        .and_then(|_| battle.entry(live - 1));
                    write::record::<S>(
                        &mut text,
                        &Record::Event {
                            number: live,
                            event,
                            entry: entry.as_deref(),
                        },
                    );
                }
                LogChange::Undone => {
                    write::record::<S>(&mut text, &Record::Undo { number: live });
                    live = live.checked_sub(1)?;
                    undone += 1;
                }
                LogChange::Redone => {
                    undone = undone.checked_sub(1)?;
                    live += 1;
                    write::record::<S>(&mut text, &Record::Redo { number: live });
                }
            }
        }
        if (live, undone) != (battle.events().len(), battle.undone().len()) {
            return None;
        }
        write::commit(&mut text, dice);
        Some((text, live, undone))
    }

    /// Appends `bytes` at the end of the last commit and flushes them to
    /// disk; on failure, cuts off whatever part was written.
    fn append(&mut self, bytes: &[u8]) -> Result<(), SaveError> {
        let fail = self.fail_next > 0;
        self.fail_next = self.fail_next.saturating_sub(1);
        let written = self
            .file
            .seek(SeekFrom::Start(self.len))
            .and_then(|_| {
                if fail {
                    // Half the commit reaches the file, then the disk is full.
                    self.file.write_all(&bytes[..bytes.len() / 2])?;
                    return Err(io::Error::new(
                        io::ErrorKind::StorageFull,
                        "No space left on device (injected by a test)",
                    ));
                }
                self.file.write_all(bytes)
            })
            .and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            let _ = self.file.set_len(self.len);
            let _ = self.file.sync_data();
            let _ = self.restamp();
            return Err(SaveError::Io {
                action: "write",
                path: self.path.clone(),
                source: e,
            });
        }
        self.len += bytes.len() as u64;
        self.restamp()
    }

    /// Writes the whole battle to the save atomically, in its shortest
    /// form: a temporary file, flushed, locked, the old version linked to
    /// `.bak`, the new one renamed into place, the folder flushed.
    fn rewrite<S: SaveCodec>(
        &mut self,
        battle: &mut Battle<S>,
        dice: SeedPosition,
    ) -> Result<(), SaveError> {
        let text = write::full_text(&self.name, dice, battle);
        Self::check_size(&self.path, text.len() as u64)?;
        let (tmp, file) = write_temp(&self.path, text.as_bytes())?;
        let placed = (|| {
            lock(&file, &self.path)?;
            let dir = folder(&self.path);
            let name = self.path.file_name().unwrap_or_default().to_string_lossy();
            let bak = bak_path(&self.path);
            let bak_tmp = dir.join(format!(".{name}.bak.{}.tmp", std::process::id()));
            let _ = fs::remove_file(&bak_tmp);
            if fs::hard_link(&self.path, &bak_tmp).is_err() {
                fs::copy(&self.path, &bak_tmp)
                    .map_err(io_err("keep the previous version", &bak_tmp))?;
            }
            fs::rename(&bak_tmp, &bak).map_err(io_err("keep the previous version", &bak))?;
            fs::rename(&tmp, &self.path).map_err(io_err("replace", &self.path))?;
            sync_folder(&dir)
        })();
        if let Err(e) = placed {
            let _ = fs::remove_file(&tmp);
            let dir = folder(&self.path);
            let name = self.path.file_name().unwrap_or_default().to_string_lossy();
            let _ = fs::remove_file(dir.join(format!(".{name}.bak.{}.tmp", std::process::id())));
            return Err(e);
        }
        self.file = file;
        self.len = text.len() as u64;
        self.restamp()?;
        self.wrote_whole(battle);
        Ok(())
    }

    /// The save was changed outside Herald: it is left as it is, and the
    /// battle is written whole to a new file beside it, where it goes on.
    fn move_away<S: SaveCodec>(
        &mut self,
        battle: &mut Battle<S>,
        dice: SeedPosition,
        why: &'static str,
    ) -> Result<String, SaveError> {
        let new = free_sibling(&self.path);
        let moved = if self.fail_next > 0 {
            self.fail_next -= 1;
            Err(SaveError::Io {
                action: "write",
                path: new.clone(),
                source: io::Error::new(
                    io::ErrorKind::StorageFull,
                    "No space left on device (injected by a test)",
                ),
            })
        } else {
            SaveFile::create_from(&new, &self.name, battle, dice)
        };
        let moved = moved.map_err(|e| SaveError::MovingAway {
            path: self.path.clone(),
            why,
            source: Box::new(e),
        })?;
        let old = std::mem::replace(self, moved);
        Ok(format!(
            "this battle now goes on in {}: {} was changed outside Herald ({why}) and is left as it is",
            new.display(),
            old.path.display()
        ))
    }

    /// Writes the battle whole to a new file at `path` (which must not
    /// exist) and goes on there: when the save cannot be written.
    pub fn write_elsewhere<S: SaveCodec>(
        &mut self,
        path: &Path,
        battle: &mut Battle<S>,
        dice: SeedPosition,
    ) -> Result<(), SaveError> {
        let moved = SaveFile::create_from(path, &self.name, battle, dice)?;
        *self = moved;
        Ok(())
    }
}
