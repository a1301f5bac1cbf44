//! Save files (`docs/save-format.md`): one human-readable TOML file per
//! battle, rewritten atomically after every event (a temporary file in the
//! same folder, fsync, rename, fsync of the folder), with the previous
//! version kept as `NAME.toml.bak`, a lock so that a second Herald cannot
//! open the same battle, and older formats migrated on load (the original
//! kept as `NAME.vN.toml`). A save that fails to load is never written.

pub mod read;
pub mod write;

pub use read::{Loaded, from_text, read_army};
pub use write::to_text;

use crate::battle::Battle;
use crate::dice::SeedPosition;
use crate::store::toml_walk::Problem;
use fs4::{FileExt, TryLockError};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The format version this Herald writes. Formats 1 and 2 are read.
pub const FORMAT: i64 = 2;

/// Everything a save holds: the battle's name, its dice and the battle.
#[derive(Debug)]
pub struct SaveData {
    /// The battle's name (the save is `saves/NAME.toml`).
    pub name: String,
    /// Where Herald's dice generator stands, so the next die after resume is the same.
    pub dice: SeedPosition,
    /// The battle: setup and events.
    pub battle: Battle,
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
    #[error("{} is open in another Herald (it holds the lock {}); close the battle there first", path.display(), lock.display())]
    Locked {
        /// The save.
        path: PathBuf,
        /// Its lock file.
        lock: PathBuf,
    },
    /// `herald new` would overwrite a battle.
    #[error("{} already exists; choose another name, or open it with `herald play {}`", path.display(), path.display())]
    Exists {
        /// The save.
        path: PathBuf,
    },
    /// The file is not a readable save; it is left untouched.
    #[error("{}", problems_text(.0))]
    Problems(Vec<Problem>),
}

fn problems_text(ps: &[Problem]) -> String {
    let lines: Vec<String> = ps.iter().map(|p| p.to_string()).collect();
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

/// The lock file beside a save (never renamed, so the lock outlives rewrites).
pub fn lock_path(path: &Path) -> PathBuf {
    with_suffix(path, ".lock")
}

/// Where the original of a migrated save is kept: `NAME.vN.toml`.
pub fn original_path(path: &Path, format: i64) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}.v{format}.toml"))
}

/// The folder holding `path`.
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Reads a save without locking it (for `herald log`): never writes.
pub fn load(path: &Path) -> Result<Loaded, SaveError> {
    let bytes = fs::read(path).map_err(io_err("read", path))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        SaveError::Problems(vec![Problem {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            field: String::new(),
            message: format!(
                "the file is not UTF-8 text (byte {} is not valid)",
                e.utf8_error().valid_up_to()
            ),
            warning: false,
        }])
    })?;
    from_text(&path.display().to_string(), &text).map_err(SaveError::Problems)
}

/// An open save: its path and its lock, held until dropped.
#[derive(Debug)]
pub struct SaveFile {
    path: PathBuf,
    _lock: File,
}

impl SaveFile {
    /// Takes the lock beside `path`, or says another Herald holds it.
    fn lock(path: &Path) -> Result<File, SaveError> {
        let lock = lock_path(path);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
            .map_err(io_err("create the lock file", &lock))?;
        // fs4's lock, named in full: std's inherent File::try_lock needs Rust 1.89.
        match FileExt::try_lock(&file) {
            Ok(()) => Ok(file),
            Err(TryLockError::WouldBlock) => Err(SaveError::Locked {
                path: path.to_path_buf(),
                lock,
            }),
            Err(TryLockError::Error(e)) => Err(SaveError::Io {
                action: "lock",
                path: lock,
                source: e,
            }),
        }
    }

    /// Creates a new save at `path` (its folder too); refuses to overwrite one.
    pub fn create(path: &Path, data: &SaveData) -> Result<SaveFile, SaveError> {
        let dir = folder(path);
        fs::create_dir_all(&dir).map_err(io_err("create the folder", &dir))?;
        let lock = Self::lock(path)?;
        if path.exists() {
            return Err(SaveError::Exists {
                path: path.to_path_buf(),
            });
        }
        let mut file = SaveFile {
            path: path.to_path_buf(),
            _lock: lock,
        };
        file.save(data)?;
        Ok(file)
    }

    /// Opens a save: takes its lock, reads it, and migrates an older format
    /// (keeping the original). A save that fails to load is left untouched.
    pub fn open(path: &Path) -> Result<(SaveFile, SaveData), SaveError> {
        let lock = Self::lock(path)?;
        let loaded = load(path)?;
        let mut file = SaveFile {
            path: path.to_path_buf(),
            _lock: lock,
        };
        file.clean_temporaries();
        if loaded.format < FORMAT {
            let original = original_path(path, loaded.format);
            if !original.exists() {
                fs::copy(path, &original).map_err(io_err("keep the original", &original))?;
            }
            file.save(&loaded.data)?;
        }
        Ok((file, loaded.data))
    }

    /// The save's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes temporary files a killed Herald left (we hold the lock, so none is in use).
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

    /// Rewrites the save atomically, keeping the previous version as `.bak`.
    /// When this returns `Ok`, the new version is on disk.
    pub fn save(&mut self, data: &SaveData) -> Result<(), SaveError> {
        write_atomic(&self.path, to_text(data).as_bytes())
    }
}

/// Writes `bytes` to `path` so that a crash at any moment leaves either the
/// old file or the new one whole: temporary file, fsync, the old version
/// linked to `.bak`, rename, fsync of the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let dir = folder(path);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let pid = std::process::id();
    let tmp = dir.join(format!(".{name}.{pid}.tmp"));
    {
        let mut f = File::create(&tmp).map_err(io_err("write", &tmp))?;
        f.write_all(bytes).map_err(io_err("write", &tmp))?;
        f.sync_all().map_err(io_err("flush to disk", &tmp))?;
    }
    if path.exists() {
        let bak = bak_path(path);
        let bak_tmp = dir.join(format!(".{name}.bak.{pid}.tmp"));
        let _ = fs::remove_file(&bak_tmp);
        if fs::hard_link(path, &bak_tmp).is_err() {
            fs::copy(path, &bak_tmp).map_err(io_err("keep the previous version", &bak_tmp))?;
        }
        fs::rename(&bak_tmp, &bak).map_err(io_err("keep the previous version", &bak))?;
    }
    fs::rename(&tmp, path).map_err(io_err("replace", path))?;
    sync_folder(&dir)
}

/// Flushes a folder's entries (the rename) to disk.
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
