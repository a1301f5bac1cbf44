//! The command line: its arguments, and subcommands that print to the
//! terminal. Each turns rules outcomes into text or JSON; no rules
//! arithmetic happens here.

pub mod battle;
pub mod charts;
pub mod check;
pub mod homunculus_est;
pub mod odds;
pub mod parkers_warlord;
pub mod resolve;
pub mod roberts_rules;
pub mod warlord_i;
pub mod warlords;

use crate::store::case::{AnyCases, load_cases};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The first line of the top level's help.
const ABOUT: &str = "A referee's console for medieval miniatures battles: Warlords, the Warlord I playsheet, Homunculus Est!, Robert's Rules of Warfare and Parker's Warlord";

/// Examples under the top level's help.
const EXAMPLES: &str = "\
Rule systems (an army file says which: system = \"…\"; none is Warlords):
  warlords         Warlords
  warlord_i        the Warlord I playsheet
  homunculus_est   Homunculus Est!
  roberts_rules    Robert's Rules of Warfare (as far as its description goes)
  parkers_warlord  Parker's Warlord (its command phase and movement)
  Each system's house options: herald new --help

Examples:
  herald                                    the console: pick a battle in saves/, n new, h Hastings
  herald new hastings --side armies/hastings-1066-norman.toml --side armies/hastings-1066-anglo-saxon.toml
  herald play saves/hastings.toml           go on with a saved battle
  herald log saves/hastings.toml > hastings.md
  herald check armies/hastings-1066-*.toml  check a battle's armies together
  herald new carrhae --side armies/warlord-i/carrhae-53bc-roman.toml --side armies/warlord-i/carrhae-53bc-parthian.toml
  herald odds tests/conformance/warlords.toml
  herald resolve tests/conformance/roberts-rules/roberts-rules.toml --json
  herald completions bash > ~/.local/share/bash-completion/completions/herald";

const PLAY_EXAMPLES: &str = "\
Examples:
  herald play saves/hastings.toml
  herald play /media/usb/hastings.toml      a copy on a USB stick";

const CHECK_EXAMPLES: &str = "\
Examples:
  herald check armies/hastings-1066-*.toml  both sides together (nemesis and vendetta names checked)
  herald check armies/agincourt-1415-french.toml";

const ODDS_EXAMPLES: &str = "\
Examples:
  herald odds tests/conformance/warlords.toml
  herald odds tests/conformance/warlords.toml --json | head -3";

const NEW_EXAMPLES: &str = "\
Examples:
  herald new hastings --side armies/hastings-1066-norman.toml --side armies/hastings-1066-anglo-saxon.toml
  herald new rerun --seed 7 --side a.toml --side b.toml         the same dice as another run with seed 7
  herald new allies --side a.toml,a-allies.toml --side b.toml   allies on side a
  herald new columns --house column-pike --side a.toml --side b.toml  a house option (W-33)
  herald new lewes --house hand-limit=keep --side armies/parkers-warlord/lewes-1264-baronial.toml --side armies/parkers-warlord/lewes-1264-royal.toml";

const LOG_EXAMPLES: &str = "\
Examples:
  herald log saves/hastings.toml
  herald log saves/hastings.toml > hastings.md
  herald log saves/hastings.toml --charts report/    # report/hastings.md + its two SVG charts
  herald log saves/hastings.toml --html hastings.html  # one file, charts inline, prints on A4";

const RESOLVE_EXAMPLES: &str = "\
Examples:
  herald resolve tests/conformance/warlords.toml
  herald resolve tests/conformance/warlords.toml --json";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  herald completions bash > ~/.local/share/bash-completion/completions/herald
  herald completions zsh > ~/.zfunc/_herald      (with fpath+=~/.zfunc before compinit in ~/.zshrc)
  herald completions fish > ~/.config/fish/completions/herald.fish";

/// Herald: a referee's console for miniatures battles of five rule systems.
#[derive(Parser, Debug)]
#[command(name = "herald", version, about = ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// What to do (none: the console, on its start screen).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Herald's subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the console on a saved battle.
    #[command(after_help = PLAY_EXAMPLES)]
    Play {
        /// The save file (saves/NAME.toml).
        save: PathBuf,
    },
    /// Check army files and print each army's contingents, units and personalities.
    #[command(after_help = CHECK_EXAMPLES)]
    Check {
        /// Army files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the exact odds of every case of a conformance-format file.
    #[command(after_help = ODDS_EXAMPLES)]
    Odds {
        /// The case file (TOML with [[case]] tables); any dice in it are ignored.
        file: PathBuf,
        /// One JSON object per case, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Create a new battle in saves/NAME.toml from two or more army files
    /// of one rule system (the files say which).
    #[command(after_help = NEW_EXAMPLES)]
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
        /// A house option: NAME (a yes/no option, on) or NAME=VALUE, dashes
        /// or underscores alike; once per option. Each replaces a ruling
        /// that fills a gap; every system's are listed below.
        #[arg(long = "house", value_name = "NAME[=VALUE]")]
        house: Vec<String>,
    },
    /// Print a saved battle's report in Markdown.
    ///
    /// Every event with its dice and the modifiers behind each score, the
    /// referee's notes where they were made, and after each turn its summary
    /// (casualties, morale, units broken, fled and dispersed, personalities
    /// lost) and a table of every unit's state.
    #[command(after_help = LOG_EXAMPLES)]
    Log {
        /// The save file.
        save: PathBuf,
        /// Write the report with the course of the battle into this folder
        /// instead: NAME.md linking NAME-strength.svg and NAME-morale.svg.
        #[arg(long, value_name = "DIR")]
        charts: Option<PathBuf>,
        /// Write a self-contained HTML report instead, the charts inline.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
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
    /// Resolve every case of a conformance file (see tests/conformance/README.md).
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve {
        /// The case file (TOML with [[case]] tables).
        file: PathBuf,
        /// One JSON object per case, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script for herald's commands and options.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell.
        shell: Shell,
    },
}

/// The shells Herald writes completions for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    // Plain comments, not doc comments: clap would list each with its doc
    // instead of one line of the accepted names.
    Bash,
    Zsh,
    Fish,
}

impl Shell {
    fn generator(self) -> clap_complete::Shell {
        match self {
            Shell::Bash => clap_complete::Shell::Bash,
            Shell::Zsh => clap_complete::Shell::Zsh,
            Shell::Fish => clap_complete::Shell::Fish,
        }
    }
}

/// Herald's command line as `herald --help` shows it: `Cli`'s, with each
/// rule system's house options, as the systems declare them
/// (`System::house_options`), under `herald new --help`.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("new", |new| {
        new.after_help(format!("{}\n\n{NEW_EXAMPLES}", house_options_help()))
    })
}

/// Every system's house options, one line each: name, values, default
/// (its ruling), what it changes.
pub fn house_options_help() -> String {
    use crate::rules::house::Values;
    let mut o = String::from(
        "House options (--house NAME or NAME=VALUE), each system's, with the values it takes:",
    );
    use crate::rules::named::Named;
    for (_, system) in crate::rules::System::ALL {
        o.push_str(&format!("\n  {}:", system.title()));
        let options = system.house_options();
        if options.is_empty() {
            o.push_str(" none");
        }
        for h in options {
            let values = match h.values {
                Values::YesNo => "yes or no".to_string(),
                Values::Words(ws) => ws.join(", "),
                Values::Number { min, max } => format!("{min} to {max}"),
            };
            let default = match h.default {
                crate::rules::house::HouseValue::YesNo(b) => {
                    if b { "yes" } else { "no" }.to_string()
                }
                v => v.to_string(),
            };
            o.push_str(&format!(
                "\n    {}: {values}; the ruling {} reads {default}; otherwise {}",
                h.name.replace('_', "-"),
                h.ruling,
                h.changes
            ));
        }
    }
    o
}

/// Runs a subcommand; `None` is the console's (the binary runs it, as it
/// owns the terminal).
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Resolve { file, json } => resolve::run(&file, json),
        Command::Check { files } => check::run(&files),
        Command::Odds { file, json } => odds::run(&file, json),
        Command::New {
            name,
            sides,
            seed,
            saves,
            house,
        } => battle::new(&name, &sides, seed, &saves, &house),
        Command::Log { save, charts, html } => {
            battle::log(&save, charts.as_deref(), html.as_deref())
        }
        Command::Autoplay { save, events } => battle::autoplay(&save, events),
        Command::Completions { shell } => completions(shell),
        Command::Play { save } => console(Some(save)),
    }
}

/// Prints the completion script for `shell`. It is written whole at the end
/// so a closed pipe (`herald completions bash | head`) ends quietly.
fn completions(shell: Shell) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(
        shell.generator(),
        &mut completion_command(),
        "herald",
        &mut script,
    );
    out(&String::from_utf8_lossy(&script));
    ExitCode::SUCCESS
}

/// Herald's commands as the completion scripts offer them: without the
/// hidden test-support subcommand (clap_complete offers hidden subcommands,
/// and `clap::Command` cannot remove one, so the root is assembled again
/// from `Cli`'s own arguments and its visible subcommands).
pub fn completion_command() -> clap::Command {
    let full = command();
    let visible: Vec<clap::Command> = full
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let mut root = clap::Command::new("herald")
        .version(env!("CARGO_PKG_VERSION"))
        .args(full.get_arguments().cloned())
        .subcommands(visible);
    if let Some(about) = full.get_about() {
        root = root.about(about.clone());
    }
    root
}

/// Runs the console; any error is said plainly. Exit status 0: every
/// event saved; 1: the referee quit with events not saved; 2: it could not run.
pub fn console(save: Option<PathBuf>) -> ExitCode {
    use crate::tui::run::Outcome;
    match crate::tui::run(save) {
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

/// Writes to standard output; `false` once the reader has gone away (a
/// closed pipe, as in `herald log … | head`), so the caller can stop quietly.
pub fn out(text: &str) -> bool {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .is_ok()
}

/// Prints one line (or block) per case of a case file, each by its
/// system's `print`; a file that cannot be read (or of a system Herald does
/// not know) prints its problems and exits 2.
pub fn each_case(file: &Path, print: impl Fn(&AnyCases, usize) -> String) -> ExitCode {
    match load_cases(file) {
        Ok(cases) => {
            for i in 0..cases.len() {
                if !out(&format!("{}\n", print(&cases, i))) {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in problems {
                eprintln!("herald: {p}");
            }
            ExitCode::from(2)
        }
    }
}
