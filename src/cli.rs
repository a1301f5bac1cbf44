//! The command line: subcommands that print to the terminal. Each turns
//! rules outcomes into text or JSON; no rules arithmetic happens here.

pub mod battle;
pub mod check;
pub mod odds;
pub mod resolve;
pub mod warlord_i;
pub mod warlords;

use crate::store::case::{AnyCases, load_cases};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

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
