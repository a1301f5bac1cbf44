//! `herald`: the referee's console, and its subcommands.

use clap::{Parser, Subcommand};
use herald::cli::{battle, check, odds, resolve};
use herald::tui::run::Outcome;
use std::path::PathBuf;
use std::process::ExitCode;

/// Herald: a referee's console for Warlords battles.
#[derive(Parser)]
#[command(name = "herald", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Open the console on a saved battle.
    Play {
        /// The save file (saves/NAME.toml).
        save: PathBuf,
    },
    /// Check army files and print each army's contingents, units and personalities.
    Check {
        /// Army files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the exact odds of every case of a conformance-format file.
    Odds {
        /// The case file (TOML with [[case]] tables); any dice in it are ignored.
        file: PathBuf,
        /// One JSON object per case, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Create a new battle in saves/NAME.toml from two or more army files.
    New {
        /// The battle's name (its save file is saves/NAME.toml).
        name: String,
        /// An army file for a side; give --side once per side (first side a, then b).
        #[arg(long = "side", required = true)]
        sides: Vec<PathBuf>,
        /// Seed for Herald's dice (random if not given).
        #[arg(long)]
        seed: Option<u64>,
        /// The folder for saves.
        #[arg(long, default_value = "saves")]
        saves: PathBuf,
    },
    /// Print a saved battle's report in Markdown.
    Log {
        /// The save file.
        save: PathBuf,
    },
    /// Test support: records N suggested events in a save, acknowledging each durable write.
    #[command(hide = true)]
    Autoplay {
        /// The save file.
        save: PathBuf,
        /// How many events to record.
        #[arg(long, default_value_t = 1000)]
        events: usize,
    },
    /// Resolve every case of a conformance file (see conformance/README.md).
    Resolve {
        /// The case file (TOML with [[case]] tables).
        file: PathBuf,
        /// One JSON object per case, one per line.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    herald::tune_allocator();
    plain_panic_message();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Resolve { file, json }) => resolve::run(&file, json),
        Some(Command::Check { files }) => check::run(&files),
        Some(Command::Odds { file, json }) => odds::run(&file, json),
        Some(Command::New {
            name,
            sides,
            seed,
            saves,
        }) => battle::new(&name, &sides, seed, &saves),
        Some(Command::Log { save }) => battle::log(&save),
        Some(Command::Autoplay { save, events }) => battle::autoplay(&save, events),
        Some(Command::Play { save }) => console(Some(save)),
        None => console(None),
    }
}

/// Runs the console; any error is said plainly. Exit status 0: every
/// event saved; 1: the referee quit with events not saved; 2: it could not run.
fn console(save: Option<PathBuf>) -> ExitCode {
    match herald::tui::run(save) {
        Ok(Outcome::Saved) => ExitCode::SUCCESS,
        Ok(Outcome::NotSaved(why)) => {
            eprintln!("herald: {why}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("herald: {e}");
            ExitCode::from(2)
        }
    }
}

/// A bug must not show the referee a Rust dump: say it plainly, and that the
/// battle is safe (every acknowledged event is already on disk).
fn plain_panic_message() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!(
            "herald: an internal error stopped Herald{place}: {what}\n\
             Every event Herald acknowledged is saved; reopen the battle with `herald play saves/NAME.toml`.\n\
             Please report this message."
        );
    }));
}
