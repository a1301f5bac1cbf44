//! `herald`: the referee's console, and its subcommands.

use clap::{Parser, Subcommand};
use herald::cli::{battle, check, odds, resolve};
use herald::store::case::read_cases;
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
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Resolve { file, json }) => run_resolve(&file, json),
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

/// Runs the console; any error is said plainly.
fn console(save: Option<PathBuf>) -> ExitCode {
    match herald::tui::run(save) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("herald: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads a file as text, or says why not in the referee's words.
fn read_text(path: &PathBuf) -> Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("herald: cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "herald: {} is not UTF-8 text (byte {} is not valid); save it as UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn run_resolve(path: &PathBuf, json: bool) -> ExitCode {
    let text = match read_text(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let cases = match read_cases(&path.display().to_string(), &text) {
        Ok(c) => c,
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            return ExitCode::from(2);
        }
    };
    for case in &cases {
        if json {
            println!("{}", resolve::case_json(case));
        } else {
            println!("{}", resolve::case_text(case));
        }
    }
    ExitCode::SUCCESS
}
