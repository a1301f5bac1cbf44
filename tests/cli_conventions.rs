//! The command line follows the conventions Rust users expect (issue 13):
//! `--version` and `-V`, shell completions from clap_complete, `--help`
//! with examples, and a plain message for a shell Herald does not know.

use clap::CommandFactory;
use herald::cli::Cli;
use std::path::Path;
use std::process::{Command, Output};

fn herald(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("herald runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 on stdout")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 on stderr")
}

/// The subcommands a referee is offered (the test-support one is hidden).
const VISIBLE: &[&str] = &[
    "play",
    "check",
    "odds",
    "new",
    "log",
    "resolve",
    "completions",
];

#[test]
fn the_arguments_are_well_formed() {
    // clap's own checks of the definitions (duplicate names, bad defaults …).
    Cli::command().debug_assert();
    herald::cli::completion_command().debug_assert();
}

#[test]
fn version_is_the_package_version() {
    for flag in ["--version", "-V"] {
        let out = herald(&[flag]);
        assert!(out.status.success(), "{flag}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            format!("herald {}\n", env!("CARGO_PKG_VERSION")),
            "{flag}"
        );
        assert!(stderr(&out).is_empty(), "{flag}: {}", stderr(&out));
    }
}

#[test]
fn completions_are_written_for_each_shell_naming_every_subcommand() {
    for (shell, marker) in [
        ("bash", "complete -F _herald"),
        ("zsh", "#compdef herald"),
        ("fish", "complete -c herald"),
    ] {
        let out = herald(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell} script lacks {marker:?}");
        for sub in VISIBLE {
            assert!(script.contains(sub), "{shell} script does not name {sub}");
        }
        // Options of the subcommands are completed too (fish writes `-l side`).
        for option in ["side", "seed", "json"] {
            assert!(
                script.contains(&format!("--{option}")) || script.contains(&format!("-l {option}")),
                "{shell} script lacks --{option}"
            );
        }
        // The hidden test-support subcommand is not offered.
        assert!(!script.contains("autoplay"), "{shell} offers autoplay");
    }
}

#[test]
fn the_bash_script_is_valid_bash() {
    let out = herald(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("herald.bash");
    std::fs::write(&file, &out.stdout).unwrap();
    match Command::new("bash").arg("-n").arg(&file).output() {
        Ok(check) => assert!(
            check.status.success(),
            "bash -n: {}",
            String::from_utf8_lossy(&check.stderr)
        ),
        Err(_) => eprintln!("bash is not installed: the syntax check is skipped"),
    }
}

#[test]
fn a_shell_herald_does_not_know_is_refused_naming_the_accepted_ones() {
    for bad in ["powershell", "tcsh", "BASH!", "bash zsh"] {
        let out = herald(&["completions", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stdout(&out).is_empty(), "{bad:?}: nothing on stdout");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("invalid value '{bad}'")),
            "{bad:?}: {err}"
        );
        assert!(
            err.contains("[possible values: bash, zsh, fish]"),
            "{bad:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // No shell, or an empty one, says which are wanted too.
    for args in [&["completions"][..], &["completions", ""]] {
        let out = herald(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("<SHELL>"), "{args:?}: {err}");
    }
    let err = stderr(&herald(&["completions", ""]));
    assert!(err.contains("[possible values: bash, zsh, fish]"), "{err}");
}

#[test]
fn help_has_examples_for_the_top_level_and_the_main_subcommands() {
    let top = herald(&["--help"]);
    assert!(top.status.success());
    let text = stdout(&top);
    assert!(text.contains("\nExamples:\n"), "{text}");
    for sub in VISIBLE {
        assert!(text.contains(&format!("  {sub} ")), "--help lists {sub}");
        assert!(
            text.contains(&format!("  herald {sub}")) || *sub == "resolve",
            "--help has an example of {sub}"
        );
    }
    assert!(!text.contains("autoplay"), "{text}");
    for sub in VISIBLE {
        for flag in ["-h", "--help"] {
            let out = herald(&[sub, flag]);
            assert!(out.status.success(), "{sub} {flag}");
            let text = stdout(&out);
            assert!(text.contains("\nExamples:\n"), "{sub} {flag}: {text}");
            assert!(
                text.contains(&format!("  herald {sub} ")),
                "{sub} {flag}: an example runs {sub}: {text}"
            );
        }
    }
    // `herald help new` is `herald new --help`.
    assert_eq!(
        stdout(&herald(&["help", "new"])),
        stdout(&herald(&["new", "--help"]))
    );
}

#[test]
fn the_examples_name_files_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    for args in [&["--help"][..], &["new", "--help"], &["check", "--help"]] {
        let text = stdout(&herald(args));
        for word in text.split_whitespace() {
            if (word.starts_with("armies/") || word.starts_with("tests/"))
                && word.ends_with(".toml")
            {
                named += 1;
                // A glob names at least one file.
                let (dir, file) = word.rsplit_once('/').unwrap();
                let (start, end) = file.split_once('*').unwrap_or((file, ""));
                let found = std::fs::read_dir(root.join(dir))
                    .unwrap()
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .any(|f| {
                        if file.contains('*') {
                            f.starts_with(start) && f.ends_with(end)
                        } else {
                            f == file
                        }
                    });
                assert!(found, "{args:?}: {word} names no file");
            }
        }
    }
    assert!(named >= 3, "the examples name real files");
}

#[test]
fn log_help_says_what_the_report_holds() {
    let text = stdout(&herald(&["log", "--help"]));
    for what in ["modifiers", "notes", "summary", "table"] {
        assert!(text.contains(what), "{what}: {text}");
    }
}

/// Every `.toml` case file under `dir`.
fn case_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            case_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

/// `next` in `herald resolve --json` is one contract in every system
/// (issue 36 item 3, the conformance READMEs): a list of words, `[]` when
/// nothing follows; Robert's Rules' Break Check always gives it.
#[test]
fn next_is_a_list_of_words_in_every_system() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    case_files(&root.join("tests/conformance"), &mut files);
    case_files(&root.join("tests/cases"), &mut files);
    let mut systems = std::collections::BTreeSet::new();
    let mut break_checks = 0;
    for f in files {
        let out = herald(&["resolve", f.to_str().unwrap(), "--json"]);
        for line in stdout(&out).lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            if let Some(next) = v.get("next") {
                let words = next
                    .as_array()
                    .is_some_and(|a| a.iter().all(|w| w.is_string()));
                assert!(
                    words,
                    "{}: next is not a list of words: {line}",
                    f.display()
                );
                systems.insert(f.parent().unwrap().display().to_string());
            }
            if f.to_string_lossy().contains("roberts-rules")
                && v.get("required").is_some()
                && v.get("error").is_none()
            {
                break_checks += 1;
                assert!(v.get("next").is_some(), "{}: {line}", f.display());
                if v["outcome"] == "broken" && v["after"]["unit"].is_object() {
                    assert_eq!(v["next"], serde_json::json!(["break_check"]), "{line}");
                }
            }
        }
    }
    assert!(break_checks >= 3, "{break_checks} Break Checks resolved");
    assert!(systems.len() >= 3, "{systems:?}");
}

/// `herald --help` names every rule system, `herald new --help` every
/// system's house options (issue 36 item 4, issue 33 item 6), and every
/// path the help texts name exists.
#[test]
fn the_help_names_every_system_and_its_house_options_and_its_paths_exist() {
    use herald::rules::named::Named;
    let top = stdout(&herald(&["--help"]));
    let new = stdout(&herald(&["new", "--help"]));
    for (word, system) in herald::rules::System::ALL {
        assert!(top.contains(word), "--help lacks {word}:\n{top}");
        assert!(
            top.contains(system.title()),
            "--help lacks {}:\n{top}",
            system.title()
        );
        assert!(
            new.contains(system.title()),
            "new --help lacks {}",
            system.title()
        );
        for h in system.house_options() {
            let name = h.name.replace('_', "-");
            assert!(new.contains(&name), "new --help lacks {name}:\n{new}");
        }
    }
    assert!(!top.lines().next().unwrap().contains("(Warlords rules)"));
    // Every project path the help texts name is there.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = vec![top];
    for sub in VISIBLE {
        texts.push(stdout(&herald(&[sub, "--help"])));
    }
    for text in texts {
        for word in text.split(|c: char| c.is_whitespace() || "()`,;".contains(c)) {
            let project = ["armies/", "tests/", "docs/"];
            if project.iter().any(|p| word.starts_with(p)) && !word.contains('*') {
                assert!(
                    root.join(word).exists(),
                    "the help names {word}, which is not there"
                );
            }
        }
    }
}

/// The README's first line says what `cargo run --release` does: Herald
/// with no arguments opens the console on its start screen.
#[test]
fn the_readmes_first_command_says_what_it_does() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let first = readme
        .lines()
        .find(|l| l.starts_with("cargo run --release"))
        .expect("the README's first command");
    assert!(first.contains("start screen"), "{first}");
    assert!(!first.contains("bundled default battle"), "{first}");
}
