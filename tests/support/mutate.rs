//! Mutated input files, read through the code the binary reads them with
//! (issue 36 item 2): every army file, save and case file of the project
//! is changed at random (lines deleted, duplicated, swapped or borrowed
//! from another file; numbers and strings replaced by evil ones; values
//! of another type; cut short; bytes that are not UTF-8) and read as
//! `herald check`, `herald log`, `herald play` (the save) and `herald
//! resolve`/`odds` read theirs. A file Herald accepts goes on through the
//! summary, the report, the charts and a write and read back; a file it
//! refuses must be refused with every problem located by line and column.
//! Never a panic, never a hang, never Rust's debug text in a message.

#![allow(dead_code)]

use herald::battle::Battle;
use herald::battle::homunculus_est::HomunculusEst;
use herald::battle::parkers_warlord::ParkersWarlord;
use herald::battle::roberts_rules::RobertsRules;
use herald::battle::warlord_i::WarlordI;
use herald::battle::warlords::Warlords;
use herald::rules::System;
use herald::store::army::{AnyArmyFile, read_any};
use herald::store::case::read_cases;
use herald::store::save::{SaveCodec, from_text, read_save, to_text};
use herald::store::toml_walk::{self, Problem};
use rand::{Rng, RngExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What kind of file an input is, and so which reader takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// An army file or roster (`herald check`, `herald new`).
    Army,
    /// A battle's save (`herald log`, `herald play`).
    Save,
    /// A conformance case file (`herald resolve`, `herald odds`).
    Case,
}

impl Kind {
    /// Its word, for file names.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Army => "army",
            Kind::Save => "save",
            Kind::Case => "case",
        }
    }
}

/// A file the mutations start from.
#[derive(Clone, Debug)]
pub struct Seed {
    /// Which reader takes it.
    pub kind: Kind,
    /// Where it is, from the project's root.
    pub path: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Longer than this for one file is a hang.
pub const HANG: Duration = Duration::from_secs(5);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut v: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    v.sort();
    for p in v {
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

/// Every army file, save and case file of the project: `armies/`, the
/// saves an earlier Herald wrote and the golden saves, the conformance
/// cases and Herald's own cases.
pub fn seeds() -> Vec<Seed> {
    let mut out = Vec::new();
    for (kind, dirs) in [
        (Kind::Army, &["armies"][..]),
        (Kind::Save, &["tests/earlier_saves", "tests/golden"][..]),
        (Kind::Case, &["tests/conformance", "tests/cases"][..]),
    ] {
        for d in dirs {
            let mut files = Vec::new();
            toml_files(&root().join(d), &mut files);
            for f in files {
                let bytes = std::fs::read(&f).expect("a seed file reads");
                let path = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
                out.push(Seed { kind, path, bytes });
            }
        }
    }
    out
}

/// Numbers a referee never types, and some they might.
const EVIL_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "-0",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "2147483647",
    "-2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "99999999999999999999999999",
    "1e308",
    "1e309",
    "-1e309",
    "nan",
    "inf",
    "-inf",
    "0.5",
    "-0.0",
    "1_000",
    "0x7fffffff",
    "0o777",
    "0b101",
    "1979-05-27",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456",
];

/// Strings no army list holds.
fn evil_string(rng: &mut impl Rng) -> String {
    match rng.random_range(0..14) {
        0 => String::new(),
        1 => " ".to_string(),
        2 => "x".repeat(rng.random_range(100..5000)),
        3 => "Æthelred \u{202E}Unready\u{200B}".to_string(),
        4 => "\\u0000".to_string(),
        5 => "\\n\\t\\r".to_string(),
        6 => "a1".to_string(),
        7 => "b99".to_string(),
        8 => "%s%n".to_string(),
        9 => "日本語の名前".to_string(),
        10 => "🐎🐎🐎".to_string(),
        11 => "snake_case_name".to_string(),
        12 => "-1".to_string(),
        _ => "\\\"".to_string(),
    }
}

/// A value of any TOML type, to put where another belongs.
fn evil_value(rng: &mut impl Rng) -> String {
    match rng.random_range(0..12) {
        0 => "true".to_string(),
        1 => "[]".to_string(),
        2 => "{}".to_string(),
        3 => format!("\"{}\"", evil_string(rng)),
        4 => "[1, \"a\", true]".to_string(),
        5 => "{ a = 1 }".to_string(),
        6 => "1979-05-27T07:32:00Z".to_string(),
        7 => "[[1, 2], [3]]".to_string(),
        8 => "'''\nmany\nlines'''".to_string(),
        9 => "\"\"\"\n\"\"\"".to_string(),
        _ => EVIL_NUMBERS[rng.random_range(0..EVIL_NUMBERS.len())].to_string(),
    }
}

fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|l| l.to_vec())
        .collect()
}

/// Byte ranges of runs of digits.
fn numbers(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let s = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of the insides of one-line basic strings.
fn strings(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, &b) in bytes.iter().enumerate() {
        match (b, open) {
            (b'"', None) => open = Some(i + 1),
            (b'"', Some(s)) if i > 0 && bytes[i - 1] != b'\\' => {
                out.push((s, i));
                open = None;
            }
            (b'\n', _) => open = None,
            _ => {}
        }
    }
    out
}

/// Byte ranges of values after `key = ` on a line.
fn values(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    for l in bytes.split_inclusive(|&b| b == b'\n') {
        if let Some(eq) = l.iter().position(|&b| b == b'=')
            && !l.starts_with(b"#")
        {
            let end = l.len() - usize::from(l.ends_with(b"\n"));
            if eq + 1 < end {
                out.push((at + eq + 1, at + end));
            }
        }
        at += l.len();
    }
    out
}

/// One change to a file's bytes, named for the report.
fn mutate_once(rng: &mut impl Rng, bytes: &mut Vec<u8>, donor: &[u8]) -> String {
    let mut ls = lines(bytes);
    let n = ls.len().max(1);
    let replace = |bytes: &mut Vec<u8>, (s, e): (usize, usize), with: &[u8]| {
        bytes.splice(s..e, with.iter().copied());
    };
    match rng.random_range(0..13) {
        0 if !ls.is_empty() => {
            let i = rng.random_range(0..ls.len());
            ls.remove(i);
            *bytes = ls.concat();
            format!("delete line {}", i + 1)
        }
        1 if !ls.is_empty() => {
            let i = rng.random_range(0..ls.len());
            let l = ls[i].clone();
            ls.insert(i, l);
            *bytes = ls.concat();
            format!("duplicate line {}", i + 1)
        }
        2 if ls.len() > 1 => {
            let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
            ls.swap(i, j);
            *bytes = ls.concat();
            format!("swap lines {} and {}", i + 1, j + 1)
        }
        3 => {
            let ns = numbers(bytes);
            if ns.is_empty() {
                return "no number".to_string();
            }
            let r = ns[rng.random_range(0..ns.len())];
            let evil = EVIL_NUMBERS[rng.random_range(0..EVIL_NUMBERS.len())];
            replace(bytes, r, evil.as_bytes());
            format!("number at byte {} -> {evil}", r.0)
        }
        4 => {
            let ss = strings(bytes);
            if ss.is_empty() {
                return "no string".to_string();
            }
            let r = ss[rng.random_range(0..ss.len())];
            let evil = evil_string(rng);
            replace(bytes, r, evil.as_bytes());
            format!("string at byte {} -> {:.20}", r.0, evil)
        }
        5 => {
            let vs = values(bytes);
            if vs.is_empty() {
                return "no value".to_string();
            }
            let r = vs[rng.random_range(0..vs.len())];
            let evil = format!(" {}", evil_value(rng));
            replace(bytes, r, evil.as_bytes());
            format!("value at byte {} -> {:.20}", r.0, evil)
        }
        6 if !bytes.is_empty() => {
            let at = rng.random_range(0..bytes.len());
            bytes.truncate(at);
            format!("cut at byte {at}")
        }
        7 => {
            let at = rng.random_range(0..=bytes.len());
            let bad: &[u8] = match rng.random_range(0..5) {
                0 => b"\xFF",
                1 => b"\xC3",
                2 => b"\xE2\x82",
                3 => b"\xED\xA0\x80",
                _ => b"\xC0\xAF",
            };
            bytes.splice(at..at, bad.iter().copied());
            format!("not UTF-8 at byte {at}")
        }
        8 => {
            let dl = lines(donor);
            if dl.is_empty() {
                return "no donor".to_string();
            }
            let l = dl[rng.random_range(0..dl.len())].clone();
            let i = rng.random_range(0..=ls.len());
            ls.insert(i, l);
            *bytes = ls.concat();
            format!("a line of another file at line {}", i + 1)
        }
        9 if !bytes.is_empty() => {
            let at = rng.random_range(0..bytes.len());
            let chars = b"[]{}=\"'#\n,.-_ 0aZ\\\t\r";
            let c = chars[rng.random_range(0..chars.len())];
            bytes[at] = c;
            format!("byte {at} -> {:?}", c as char)
        }
        10 => {
            // A table's block repeated: `[[x]]` to the next header.
            let heads: Vec<usize> = (0..ls.len()).filter(|&i| ls[i].starts_with(b"[")).collect();
            if heads.is_empty() {
                return "no table".to_string();
            }
            let h = heads[rng.random_range(0..heads.len())];
            let end = (h + 1..ls.len())
                .find(|&i| ls[i].starts_with(b"["))
                .unwrap_or(ls.len());
            let block: Vec<Vec<u8>> = ls[h..end].to_vec();
            let at = rng.random_range(h..=ls.len());
            for (k, l) in block.into_iter().enumerate() {
                ls.insert(at + k, l);
            }
            *bytes = ls.concat();
            format!("table at line {} repeated at line {}", h + 1, at + 1)
        }
        11 => {
            // A key renamed: a typo or another key of the file.
            let vs = values(bytes);
            if vs.is_empty() {
                return "no key".to_string();
            }
            let (eq, _) = vs[rng.random_range(0..vs.len())];
            let start = bytes[..eq]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let word: &[u8] = match rng.random_range(0..4) {
                0 => b"kind ",
                1 => b"unitt ",
                2 => b"system ",
                _ => b"x.y ",
            };
            replace(bytes, (start, eq), word);
            format!("key at byte {start} -> {}", String::from_utf8_lossy(word))
        }
        _ => {
            let at = rng.random_range(0..=bytes.len());
            let v = evil_value(rng);
            let line = format!("\nextra = {v}\n");
            bytes.splice(at..at, line.bytes());
            format!("a line inserted at byte {at}")
        }
    }
}

/// One to four changes to a seed; what they were.
pub fn mutate(rng: &mut impl Rng, seed: &Seed, donor: &Seed) -> (Vec<u8>, Vec<String>) {
    let mut bytes = seed.bytes.clone();
    let mut ops = Vec::new();
    for _ in 0..rng.random_range(1..=4) {
        ops.push(mutate_once(rng, &mut bytes, &donor.bytes));
    }
    (bytes, ops)
}

/// Rust's debug text, which no message a referee reads may hold.
fn debug_text(s: &str) -> Option<&'static str> {
    [
        "Some(",
        "None)",
        "Ok(",
        "Err(",
        "panicked",
        "::",
        "Problem {",
    ]
    .into_iter()
    .find(|d| s.contains(d))
}

/// Every problem is in `name`, located by line and column within `text`,
/// says something, and holds no debug text.
pub fn located(name: &str, text: &str, problems: &[Problem]) -> Result<(), String> {
    if problems.is_empty() {
        return Err("a refusal with no problem in it".to_string());
    }
    let last = text.split('\n').count();
    for p in problems {
        if p.file != name {
            return Err(format!("a problem names another file: {p}"));
        }
        // A count of problems left out ("… and 348 more") needs no place.
        let tally = p.message.starts_with('…') && problems.iter().any(|q| q.line > 0);
        // Nor does a file with nothing in it but comments.
        let blank = text.lines().all(|l| {
            let t = l.trim();
            t.is_empty() || t.starts_with('#')
        });
        if (p.line == 0 || p.column == 0) && !tally && !blank {
            return Err(format!("a problem without line and column: {p}"));
        }
        if p.line > last {
            return Err(format!("line {} of a {last}-line file: {p}", p.line));
        }
        if p.message.trim().is_empty() {
            return Err(format!("a problem that says nothing: {p}"));
        }
        if let Some(d) = debug_text(&p.message) {
            return Err(format!("Rust's debug text ({d}) in a message: {p}"));
        }
    }
    Ok(())
}

/// Refuses an output a referee reads when it holds debug text.
fn clean(what: &str, s: &str) -> Result<(), String> {
    match debug_text(s) {
        Some(d) => Err(format!(
            "Rust's debug text ({d}) in {what}: {}",
            s.chars().take(300).collect::<String>()
        )),
        None => Ok(()),
    }
}

/// Every string and key of a JSON answer is clean.
fn clean_json(what: &str, v: &serde_json::Value) -> Result<(), String> {
    use serde_json::Value as J;
    match v {
        J::String(s) => clean(what, s),
        J::Array(a) => a.iter().try_for_each(|x| clean_json(what, x)),
        J::Object(o) => o.iter().try_for_each(|(k, x)| {
            clean(what, k)?;
            clean_json(what, x)
        }),
        _ => Ok(()),
    }
}

/// The text of bytes as the readers decode them, or the refusal checked.
fn text_of<'b>(name: &str, bytes: &'b [u8]) -> Result<Option<&'b str>, String> {
    match toml_walk::decode(name, bytes) {
        Ok(t) => Ok(Some(t)),
        Err(p) => located(name, &String::from_utf8_lossy(bytes), &[p]).map(|()| None),
    }
}

/// An army file as `herald check` reads it: refused with located
/// problems, or summarised.
fn army(name: &str, bytes: &[u8]) -> Result<(), String> {
    let Some(text) = text_of(name, bytes)? else {
        return Ok(());
    };
    match read_any(name, text) {
        Err(ps) => located(name, text, &ps),
        Ok(file) => {
            located_warnings(name, text, file.warnings())?;
            let summary = match &file {
                AnyArmyFile::Warlords(f) => herald::cli::warlords::check::summary(name, &f.army),
                AnyArmyFile::WarlordI(f) => herald::cli::warlord_i::check::summary(name, &f.army),
                AnyArmyFile::RobertsRules(f) => {
                    herald::cli::roberts_rules::check::summary(name, &f.army)
                }
                AnyArmyFile::ParkersWarlord(f) => {
                    herald::cli::parkers_warlord::check::summary(name, &f.army)
                }
                AnyArmyFile::HomunculusEst(f) => {
                    herald::cli::homunculus_est::check::summary(name, &f.army)
                }
            };
            clean("the army's summary", &summary)
        }
    }
}

fn located_warnings(name: &str, text: &str, ws: &[Problem]) -> Result<(), String> {
    if ws.is_empty() {
        Ok(())
    } else {
        located(name, text, ws)
    }
}

/// A save as `herald log` reads it: refused with located problems, or
/// reported, charted, and written whole and read back to the same battle.
fn save_of<S: SaveCodec>(
    name: &str,
    bytes: &[u8],
    report: fn(&Battle<S>, &str) -> String,
) -> Result<(), String> {
    if opened_for_play() {
        open_for_play::<S>(bytes)?;
    }
    match read_save::<S>(name, bytes, bytes.len() as u64) {
        Err(ps) => {
            let text = String::from_utf8_lossy(bytes);
            located(name, &text, &ps)
        }
        Ok(loaded) => {
            let battle = &loaded.data.battle;
            let md = report(battle, &loaded.data.name);
            clean("the report", &md)?;
            let course = battle.course();
            herald::cli::charts::strength_svg(&course)?;
            herald::cli::charts::morale_svg(&course)?;
            let text = to_text(&loaded.data);
            let again = from_text::<S>(name, &text).map_err(|ps| {
                format!(
                    "Herald wrote a save it cannot read back: {}",
                    ps.iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            })?;
            let b = &again.data.battle;
            if b.events() != battle.events()
                || b.undone() != battle.undone()
                || again.data.name != loaded.data.name
                || again.data.dice != loaded.data.dice
                || b.setup() != battle.setup()
            {
                return Err("written whole and read back, the battle is not the same".to_string());
            }
            Ok(())
        }
    }
}

thread_local! {
    static OPENED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// One save in ten is also opened as `herald play` opens it, from a file.
fn opened_for_play() -> bool {
    OPENED.with(|n| {
        n.set(n.get() + 1);
        n.get() % 10 == 0
    })
}

/// A folder in memory where there is one (opening a save flushes it to disk).
fn scratch() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        tempfile::tempdir_in(shm).expect("a folder in /dev/shm")
    } else {
        tempfile::tempdir().expect("a temporary folder")
    }
}

/// Opens the save from a file as `herald play` does: refused, the file is
/// left byte for byte as it was; opened, what is on disk then reads back
/// to the battle opened.
fn open_for_play<S: SaveCodec>(bytes: &[u8]) -> Result<(), String> {
    let dir = scratch();
    let path = dir.path().join("m.toml");
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    match herald::store::save::SaveFile::open::<S>(&path) {
        Err(_) => {
            let after = std::fs::read(&path).map_err(|e| e.to_string())?;
            if after != bytes {
                return Err("a save that did not open was changed on disk".to_string());
            }
        }
        Ok((file, data)) => {
            drop(file);
            let again = herald::store::save::load::<S>(&path)
                .map_err(|e| format!("opened, then the file on disk does not load: {e}"))?;
            if again.data.battle.events() != data.battle.events()
                || again.data.battle.undone() != data.battle.undone()
            {
                return Err("opened, the file on disk holds another battle".to_string());
            }
        }
    }
    Ok(())
}

fn warlords_report(b: &Battle<Warlords>, name: &str) -> String {
    herald::battle::warlords::report::markdown(b, name)
}
fn warlord_i_report(b: &Battle<WarlordI>, name: &str) -> String {
    herald::battle::warlord_i::report::markdown(b, name)
}
fn homunculus_est_report(b: &Battle<HomunculusEst>, name: &str) -> String {
    herald::battle::homunculus_est::report::markdown(b, name)
}
fn roberts_rules_report(b: &Battle<RobertsRules>, name: &str) -> String {
    herald::battle::roberts_rules::report::markdown(b, name)
}
fn parkers_warlord_report(b: &Battle<ParkersWarlord>, name: &str) -> String {
    herald::battle::parkers_warlord::report::markdown(b, name)
}

/// A save by its rule system, as `herald log` and `herald play` pick it.
fn save(name: &str, bytes: &[u8]) -> Result<(), String> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
    let system = match herald::store::system::of_text(name, &head) {
        Ok(s) => s,
        Err(p) => return located(name, &head, &[p]),
    };
    match system {
        System::Warlords => save_of::<Warlords>(name, bytes, warlords_report),
        System::WarlordI => save_of::<WarlordI>(name, bytes, warlord_i_report),
        System::HomunculusEst => save_of::<HomunculusEst>(name, bytes, homunculus_est_report),
        System::RobertsRules => save_of::<RobertsRules>(name, bytes, roberts_rules_report),
        System::ParkersWarlord => save_of::<ParkersWarlord>(name, bytes, parkers_warlord_report),
    }
}

/// A case file as `herald resolve` and `herald odds` read it: refused with
/// located problems, or every case resolved and its odds worked out.
fn case(name: &str, bytes: &[u8]) -> Result<(), String> {
    let Some(text) = text_of(name, bytes)? else {
        return Ok(());
    };
    match read_cases(name, text) {
        Err(ps) => located(name, text, &ps),
        Ok(cases) => {
            for i in 0..cases.len() {
                clean_json(
                    "a resolved case",
                    &herald::cli::resolve::case_json(&cases, i),
                )?;
                clean(
                    "a resolved case",
                    &herald::cli::resolve::case_text(&cases, i),
                )?;
                clean_json("a case's odds", &herald::cli::odds::case_json(&cases, i))?;
                clean("a case's odds", &herald::cli::odds::case_text(&cases, i))?;
            }
            Ok(())
        }
    }
}

/// The time this thread has spent on a core: a hang is judged by it, not
/// by the clock, which on a loaded machine (or at `nice 19`) counts the
/// waits for a core too. The clock where the kernel does not say.
fn on_core() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| START.with(|t| t.elapsed()), Duration::from_nanos)
}

thread_local! {
    static START: Instant = Instant::now();
}

/// Reads one input as the binary reads its kind; why it failed, if it did
/// (a panic is caught and told).
pub fn check(kind: Kind, name: &str, bytes: &[u8]) -> Result<(), String> {
    let started = on_core();
    CHECKING.with(|c| c.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match kind {
        Kind::Army => army(name, bytes),
        Kind::Save => save(name, bytes),
        Kind::Case => case(name, bytes),
    }));
    CHECKING.with(|c| c.set(false));
    let took = on_core().saturating_sub(started);
    let result = match result {
        Ok(r) => r,
        Err(payload) => {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("PANIC: {why} {}", last_panic()))
        }
    };
    if took > HANG {
        return Err(format!("took {took:?} on a core: a hang"));
    }
    result
}

static PANIC_AT: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Where the last panic was, as the hook saw it.
fn last_panic() -> String {
    PANIC_AT.lock().map(|s| s.clone()).unwrap_or_default()
}

thread_local! {
    /// Whether a panic now is one [`check`] catches.
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the panics [`check`] catches quiet (they are told with their
/// input), noting where each was; any other panic is told as usual.
pub fn quiet_panics() {
    let usual = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if CHECKING.with(|c| c.get()) {
            if let Ok(mut s) = PANIC_AT.lock() {
                *s = info
                    .location()
                    .map(|l| format!("at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
            }
        } else {
            usual(info);
        }
    }));
}

/// A fault found: the input, kept to reproduce it.
#[derive(Debug)]
pub struct Fault {
    /// The seed file it came from.
    pub seed: String,
    /// The run's random seed and the input's number in it.
    pub run: u64,
    pub number: usize,
    /// The changes made.
    pub ops: Vec<String>,
    /// What went wrong.
    pub why: String,
    /// Where its bytes are kept.
    pub kept: PathBuf,
}

/// Mutates `count` inputs from `seeds` with the generator seeded by `run`,
/// checking each; the faults found (each input kept in `keep`).
pub fn run(seeds: &[Seed], run: u64, count: usize, keep: &Path) -> Vec<Fault> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(run);
    let mut faults: Vec<Fault> = Vec::new();
    for number in 0..count {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let same: Vec<&Seed> = seeds.iter().filter(|s| s.kind == seed.kind).collect();
        let donor = same[rng.random_range(0..same.len())];
        let (bytes, ops) = mutate(&mut rng, seed, donor);
        let name = format!("mutated-{}.toml", seed.kind.word());
        match check(seed.kind, &name, &bytes) {
            Ok(()) => {}
            Err(why) => {
                // One fault of each kind of message is enough to keep.
                let key: String = why.chars().take(60).collect();
                if faults
                    .iter()
                    .any(|f| f.why.chars().take(60).collect::<String>() == key)
                {
                    continue;
                }
                let _ = std::fs::create_dir_all(keep);
                let kept = keep.join(format!("{}-{run}-{number}.toml", seed.kind.word()));
                let _ = std::fs::write(&kept, &bytes);
                eprintln!(
                    "FAULT seed {} run {run} file {number} ({}): {why}\n  kept in {}",
                    seed.path,
                    ops.join("; "),
                    kept.display()
                );
                faults.push(Fault {
                    seed: seed.path.clone(),
                    run,
                    number,
                    ops,
                    why,
                    kept,
                });
            }
        }
    }
    faults
}
