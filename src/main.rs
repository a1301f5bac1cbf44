//! `herald`: the referee's console, and its subcommands (`herald::cli`).

use clap::FromArgMatches;
use herald::cli::{self, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    plain_panic_message();
    let cli = Cli::from_arg_matches(&cli::command().get_matches()).unwrap_or_else(|e| e.exit());
    match cli.command {
        Some(command) => cli::run(command),
        None => cli::console(None),
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
