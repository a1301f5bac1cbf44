//! Which rule system a file is written for: its top-level `system` key,
//! read before anything else, so that a file of a system this Herald does
//! not know is refused in one line naming it, and every other file goes to
//! its own system's reader. A file that names no system is a Warlords file.

use super::toml_walk::{Problem, Source, cut};
use crate::rules::System;
use crate::rules::named::Named;

/// The system a file's text names at its top level (`system = "…"` before
/// its first table), Warlords when it names none; a name Herald does not
/// know is refused with its place. Only the lines before the first table
/// are looked at; the system's own reader checks the key again in full.
pub fn of_text(path: &str, text: &str) -> Result<System, Problem> {
    let src = Source::new(path, text);
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let trimmed = line.trim_start_matches([' ', '\t', '\u{feff}']);
        if trimmed.starts_with('[') {
            break;
        }
        let Some(rest) = trimmed.strip_prefix("system") else {
            continue;
        };
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let value = value.trim();
        let value = value.split('#').next().unwrap_or("").trim();
        let word = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(value);
        if let Some(system) = System::parse(word) {
            return Ok(system);
        }
        let column_at = start + (line.len() - trimmed.len());
        let (line_no, column) = src.locate(column_at);
        let hint =
            System::did_you_mean(word).map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
        return Err(Problem {
            file: path.to_string(),
            line: line_no,
            column,
            field: "system".to_string(),
            message: format!(
                "this file is for the rules '{}', which this Herald does not know{hint}; it knows: {}",
                cut(word),
                System::accepted()
            ),
            warning: false,
        });
    }
    Ok(System::Warlords)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_key_decides_and_warlords_is_the_default() {
        assert_eq!(of_text("a", "name = \"x\"\n"), Ok(System::Warlords));
        assert_eq!(
            of_text(
                "a",
                "# an army\nsystem = \"warlord_i\" # the playsheet\nname = \"x\"\n"
            ),
            Ok(System::WarlordI)
        );
        assert_eq!(
            of_text(
                "a",
                "name = \"x\"\n[[contingents]]\nsystem = \"nonesuch\"\n"
            ),
            Ok(System::Warlords),
            "a key inside a table is not the file's system"
        );
        let p = of_text("f.toml", "name = \"x\"\n  system = \"nonesuch\"\n").unwrap_err();
        assert_eq!((p.line, p.column, p.field.as_str()), (2, 3, "system"));
        assert!(
            p.message.contains("'nonesuch'") && p.message.contains("warlords, warlord_i"),
            "{}",
            p.message
        );
        let p = of_text("f.toml", "system = 'warlord-i'\n").unwrap_err();
        assert!(
            p.message.contains("did you mean 'warlord_i'"),
            "{}",
            p.message
        );
    }
}
