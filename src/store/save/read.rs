//! Reading a save: every field checked and every problem located by line,
//! column and field; units read through the unit table exactly as army
//! files are; older formats migrated as they are read; the events replayed,
//! and an event that no longer applies located too.

use super::{FORMAT, SYSTEM, SaveData};
use crate::battle::warlords::event::{Correction, Event, Phase, UnitId};
use crate::battle::warlords::state::MAX_RANDOM_SPANS;
use crate::battle::warlords::{Battle, Setup};
use crate::dice::{Dice, SeedPosition};
use crate::rules::Side;
use crate::rules::named::Named;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::army::Army;
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::field_defences::Defence;
use crate::rules::warlords::melee::{MeleeDice, MeleeFacts};
use crate::rules::warlords::next::Choice;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::shooting::ShootingSituation;
use crate::rules::warlords::unit::{Formation, MissileWeapon, Morale};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};
use crate::store::warlords::case::{dice_lists, read_shooting_style, read_stands_shot_at};
use crate::store::warlords::unit_table::{MAX_FIGURES, MAX_STANDS};

/// The event kinds a save may hold.
pub const EVENT_KINDS: &[&str] = &[
    "initiative",
    "activation",
    "shooting",
    "melee",
    "flee",
    "break_off",
    "stand_loss",
    "random_move",
    "reaction",
    "engage",
    "disengage",
    "correct",
    "next_phase",
    "go_to",
    "choose",
    "contact",
    "follow_up",
    "fall_back",
    "defence",
    "trapped",
    "calm",
    "dismiss",
];

/// The largest save Herald reads, and so the largest it writes: about
/// 250,000 events, far beyond any battle (a long one has a few thousand).
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// The save size limit in words, for messages and documents.
pub const MAX_SAVE_TEXT: &str = "64 MiB (67,108,864 bytes)";

/// A save as read, with the format it was written in.
#[derive(Debug)]
pub struct Loaded {
    /// The battle, its name and dice.
    pub data: SaveData,
    /// The format version the file was written in (older ones were migrated).
    pub format: i64,
    /// Where the save's last complete write ends, in bytes.
    pub end: u64,
    /// An unfinished write after it (Herald stopped while appending), dropped.
    pub torn: Option<Torn>,
    /// The `[[events]]` tables of the log up to `end` (events, undos, redos).
    pub records: usize,
}

/// The end of a save that a write cut short: never acknowledged, so dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torn {
    /// Its first line.
    pub line: usize,
    /// How many bytes it holds.
    pub bytes: u64,
}

/// Reads a save's text; `path` names it in problems.
pub fn from_text(path: &str, text: &str) -> Result<Loaded, Vec<Problem>> {
    read_save(path, text.as_bytes(), text.len() as u64)
}

/// What one table of the log does.
#[derive(Debug)]
enum Op {
    /// Records an event.
    Record(Box<Event>),
    /// Takes back the last event (format 3).
    Undo,
    /// Applies the last undone event again (format 3).
    Redo,
}

/// Where a table of the log is: its first line and its place in its list.
#[derive(Clone, Copy, Debug)]
struct Place {
    line: usize,
    index: usize,
}

/// One table of the log as read.
#[derive(Debug, Default)]
struct RecordRead {
    op: Option<Op>,
    /// A commit's `dice_position`.
    position: Option<u128>,
    problems: Vec<Problem>,
}

/// Whether a line opens a table of the log (`[[events]]`, and in formats
/// 1 and 2 `[[undone]]`), and which: `Some(true)` for `[[undone]]`.
fn opens_record(line: &[u8]) -> Option<bool> {
    let line = line.trim_ascii();
    let inner = line.strip_prefix(b"[[")?;
    let end = inner.windows(2).position(|w| w == b"]]")?;
    let rest = inner[end + 2..].trim_ascii();
    if !(rest.is_empty() || rest.starts_with(b"#")) {
        return None;
    }
    match inner[..end].trim_ascii() {
        b"events" => Some(false),
        b"undone" => Some(true),
        _ => None,
    }
}

/// Whether a line is blank or a comment.
fn is_blank(line: &[u8]) -> bool {
    let line = line.trim_ascii_start();
    line.is_empty() || line.starts_with(b"#")
}

/// Whether a line gives a commit's `dice_position`.
fn is_commit(line: &[u8]) -> bool {
    line.trim_ascii_start()
        .strip_prefix(b"dice_position")
        .is_some_and(|r| r.trim_ascii_start().starts_with(b"="))
}

/// Keeps track of multi-line strings, so that a line inside one is never
/// taken for a table header or a commit.
#[derive(Default)]
struct Strings(Option<u8>);

impl Strings {
    /// Notes a line; whether it started inside a multi-line string.
    fn inside(&mut self, line: &[u8]) -> bool {
        let was = self.0.is_some();
        if !line.contains(&b'"') && !line.contains(&b'\'') {
            return was;
        }
        let mut i = 0;
        while i + 3 <= line.len() {
            let q = line[i];
            let three = line[i..i + 3].iter().all(|&b| b == q);
            match self.0 {
                Some(d) if q == d && three => {
                    self.0 = None;
                    i += 3;
                }
                None if (q == b'"' || q == b'\'') && three => {
                    self.0 = Some(q);
                    i += 3;
                }
                None if q == b'#' => break,
                _ => i += 1,
            }
        }
        was
    }
}

/// Reads a save from `input` as a stream: the header (format, system,
/// name, dice, armies) parsed as one TOML document, then each table of the
/// log parsed on its own, so no tree of the whole file is ever built. In
/// format 3 the log is a journal of commits; anything after the last
/// commit was cut short by a crash and is dropped (see [`Torn`]). `size`,
/// the file's size if known (else 0), lets the list of events be made
/// large enough at once: a long log is never copied as it grows.
pub fn read_save(path: &str, input: impl std::io::Read, size: u64) -> Result<Loaded, Vec<Problem>> {
    let mut lines = Lines::new(path, input);
    let mut strings = Strings::default();
    // The header: every line up to the first table of the log.
    let mut header: Vec<u8> = Vec::with_capacity(64 * 1024);
    let mut header_end = 0u64;
    let mut first: Option<bool> = None;
    while lines.next()? {
        let inside = strings.inside(&lines.line);
        if !inside && let Some(undone) = opens_record(&lines.line) {
            first = Some(undone);
            break;
        }
        lines.pass();
        if !is_blank(&lines.line) {
            header_end = lines.offset;
        }
        header.extend_from_slice(&lines.line);
    }
    let mut head = Head::read(path, &header)?;
    drop(header);
    let format = head.format;
    let setup = std::mem::replace(
        &mut head.setup,
        Setup {
            sides: [Vec::new(), Vec::new()],
        },
    );
    let mut log = Log::new(path, format, header_end, setup);
    // A table of the log takes at least 40 bytes; what is reserved and
    // never used is never touched, so takes no memory.
    let most = (size.min(MAX_SAVE_BYTES) / 40) as usize;
    log.battle.reserve(most);
    log.places.reserve_exact(most);
    // The tables of the log, each from its header line to the next one's,
    // or in format 3 to its commit line.
    let mut text: Vec<u8> = Vec::with_capacity(1024);
    // The table being read: [[undone]] or not, and its first line.
    let mut current: Option<(bool, usize)> = None;
    // The first line after a commit that is not blank (format 3).
    let mut loose: Option<usize> = None;
    let mut opens = first;
    let mut more = first.is_some();
    let mut inside = false;
    loop {
        if opens.is_some() || !more {
            if let Some((undone, first_line)) = current.take() {
                log.table(&text, undone, first_line, lines.offset);
            } else if let Some(line) = loose.take() {
                log.loose(line, !more);
            }
            text.clear();
            if !more {
                break;
            }
            current = opens.map(|u| (u, lines.number + 1));
        }
        let commit = format >= 3 && current.is_some() && is_commit(&lines.line);
        if current.is_some() && !inside && is_blank(&lines.line) {
            // A comment (an event's summary) means nothing to the reader:
            // only its line is kept, so places stay right.
            text.push(b'\n');
        } else if current.is_some() {
            text.extend_from_slice(&lines.line);
        } else if !is_blank(&lines.line) && loose.is_none() {
            loose = Some(lines.number + 1);
        }
        lines.pass();
        if commit && let Some((undone, first_line)) = current.take() {
            // A commit ends its table: what follows belongs to the next write.
            log.table(&text, undone, first_line, lines.offset);
            text.clear();
        }
        more = lines.next()?;
        inside = more && strings.inside(&lines.line);
        opens = if more && !inside {
            opens_record(&lines.line)
        } else {
            None
        };
    }
    log.finish(head, lines.offset)
}

/// A save read line by line, with the place of the current line.
struct Lines<'p, R> {
    path: &'p str,
    reader: std::io::BufReader<std::io::Take<R>>,
    /// The current line, with its newline.
    line: Vec<u8>,
    /// Bytes before the current line, once passed: after it.
    offset: u64,
    /// Lines before the current one, once passed: up to it.
    number: usize,
}

impl<'p, R: std::io::Read> Lines<'p, R> {
    fn new(path: &'p str, input: R) -> Self {
        Lines {
            path,
            reader: std::io::BufReader::with_capacity(64 * 1024, input.take(MAX_SAVE_BYTES + 1)),
            line: Vec::with_capacity(256),
            offset: 0,
            number: 0,
        }
    }

    /// Reads the next line; false at the end.
    fn next(&mut self) -> Result<bool, Vec<Problem>> {
        use std::io::BufRead;
        self.line.clear();
        match self.reader.read_until(b'\n', &mut self.line) {
            Ok(0) => Ok(false),
            Ok(_) if self.offset + self.line.len() as u64 > MAX_SAVE_BYTES => {
                Err(vec![too_big(self.path, MAX_SAVE_BYTES + 1)])
            }
            Ok(_) => Ok(true),
            Err(e) => Err(vec![Problem::file_error(
                self.path,
                format!("cannot read the file: {e}"),
            )]),
        }
    }

    /// Counts the current line as read.
    fn pass(&mut self) {
        self.offset += self.line.len() as u64;
        self.number += 1;
    }
}

/// The problem of a save over [`MAX_SAVE_BYTES`].
pub fn too_big(path: &str, bytes: u64) -> Problem {
    Problem::file_error(
        path,
        format!(
            "the save is {bytes} bytes; Herald reads and writes saves up to {MAX_SAVE_TEXT}, about 250,000 events"
        ),
    )
}

/// A save's header as read.
struct Head {
    format: i64,
    name: String,
    dice: SeedPosition,
    setup: Setup,
}

impl Head {
    /// Reads the header: the rule system first (a battle of another system
    /// is refused before anything else is read), then the format, name,
    /// dice and armies.
    fn read(path: &str, bytes: &[u8]) -> Result<Head, Vec<Problem>> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = toml_walk::decode_at(path, bytes, 0).map_err(|p| vec![p])?;
        let src = Source::new(path, text);
        let table = toml_walk::parse_any(&src)?;
        let mut walk = Walk::new(&src);
        let mut top = Fields::new(table.get_ref(), table.span(), "");
        let system = top.peek("system").and_then(|v| v.get_ref().as_str());
        if let Some(system) = system
            && system != SYSTEM
        {
            let (line, column) = src.locate(top.span_of("system").start);
            return Err(vec![Problem {
                file: path.to_string(),
                line,
                column,
                field: "system".to_string(),
                message: format!(
                    "this battle is played under the rules '{}', which this Herald does not know; it plays: {SYSTEM}",
                    toml_walk::cut(system)
                ),
                warning: false,
            }]);
        }
        let format = walk.int(&mut top, "format", 1..=i64::MAX);
        if !top.has("format") {
            walk.error(
                0..0,
                "format",
                format!(
                    "'format' is missing: this does not look like a Herald save (format {FORMAT})"
                ),
            );
        }
        let format = match format {
            Some(f) if f > FORMAT => {
                walk.error(
                    top.span_of("format"),
                    "format",
                    format!("this save is format {f}, written by a newer Herald; this Herald reads formats 1 to {FORMAT}"),
                );
                return Err(errors(walk));
            }
            Some(f) => f,
            None => return Err(errors(walk)),
        };
        if format >= 3 {
            if walk.string(&mut top, "system").is_none() && !top.has("system") {
                walk.error(
                    0..0,
                    "system",
                    format!("'system' is missing: the rules this battle is played under; accepted: \"{SYSTEM}\""),
                );
            }
        } else if top.has("system") {
            top.allow(&["system"]);
        }
        let name = walk.required_string(&mut top, "name").unwrap_or_default();
        // Format 1 kept the dice at the top level; later ones keep them in [dice].
        let dice = if format == 1 {
            seed_position(&mut walk, &mut top)
        } else {
            match walk.required_table(&mut top, "dice") {
                Some(mut t) => {
                    let d = seed_position(&mut walk, &mut t);
                    walk.finish(t);
                    d
                }
                None => None,
            }
        };
        let mut sides: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
        for t in walk.tables(&mut top, "armies") {
            let mut t = t;
            let plays = walk.string(&mut t, "plays");
            let side = match plays.as_deref() {
                Some("a") => Some(Side::A),
                Some("b") => Some(Side::B),
                other => {
                    walk.error(
                        t.span_of("plays"),
                        t.at("plays"),
                        format!(
                            "{}: the side this army plays on; accepted: a, b",
                            other.map_or("'plays' is missing".to_string(), |o| format!(
                                "'{}' is not a side",
                                toml_walk::cut(o)
                            ))
                        ),
                    );
                    None
                }
            };
            if let (Some(army), Some(side)) = (read_army(&mut walk, t), side) {
                sides[side as usize].push(army);
            }
        }
        walk.finish(top);
        if walk.has_errors() {
            return Err(errors(walk));
        }
        let [a, b] = sides;
        match (Setup::new(a, b), dice) {
            (Ok(setup), Some(dice)) => Ok(Head {
                format,
                name,
                dice,
                setup,
            }),
            (Err(e), _) => {
                walk.error(0..0, "armies", e.to_string());
                Err(errors(walk))
            }
            (_, None) => Err(errors(walk)),
        }
    }
}

/// The log as it is read: the tables since the last commit, not yet
/// applied; the events and undone events so far; the problems found.
struct Log<'p> {
    path: &'p str,
    format: i64,
    /// The battle, replayed commit by commit as the log is read.
    battle: Battle,
    /// Where each live event and each undone one was recorded.
    places: Vec<Place>,
    undone_places: Vec<Place>,
    /// Formats 1 and 2: the `[[undone]]` events, as listed.
    old_undone: Vec<(Event, Place)>,
    /// The first event that no longer applies: replay stops there.
    replay_error: Option<Problem>,
    /// Tables read since the last commit.
    pending: Vec<(Op, Place)>,
    pending_problems: Vec<Problem>,
    /// The first line written since the last commit.
    pending_line: Option<usize>,
    problems: Vec<Problem>,
    /// Tables in each list so far: `events`, `undone`.
    counts: [usize; 2],
    /// The tables up to the last commit.
    committed: usize,
    /// Where the last commit ends.
    end: u64,
    /// Where Herald's dice stood at the last commit.
    position: Option<u128>,
}

impl<'p> Log<'p> {
    fn new(path: &'p str, format: i64, end: u64, setup: Setup) -> Self {
        Log {
            path,
            format,
            battle: Battle::new(setup),
            places: Vec::new(),
            undone_places: Vec::new(),
            old_undone: Vec::new(),
            replay_error: None,
            pending: Vec::new(),
            pending_problems: Vec::new(),
            pending_line: None,
            problems: Vec::new(),
            counts: [0, 0],
            committed: 0,
            end,
            position: None,
        }
    }

    /// Reads one table of the log, its text from `first_line`, ending at
    /// byte `end` of the file, and applies it.
    fn table(&mut self, bytes: &[u8], undone: bool, first_line: usize, end: u64) {
        let list = usize::from(undone);
        let place = Place {
            line: first_line,
            index: self.counts[list],
        };
        self.counts[list] += 1;
        let read = read_record(self.path, bytes, place, undone, self.format);
        self.accept(read, undone, place, end);
    }

    /// Applies one table as read.
    fn accept(&mut self, read: RecordRead, undone: bool, place: Place, end: u64) {
        let first_line = place.line;
        if undone {
            // Formats 1 and 2: the undone events, listed after the events.
            self.problems.extend(read.problems);
            if let Some(Op::Record(e)) = read.op {
                self.old_undone.push((*e, place));
            }
            self.end = end;
            return;
        }
        self.pending_line.get_or_insert(first_line);
        self.pending_problems.extend(read.problems);
        if let Some(op) = read.op {
            self.pending.push((op, place));
        }
        // Formats 1 and 2 were written whole: every table is committed.
        if read.position.is_some() || self.format < 3 {
            if read.position.is_some() {
                self.position = read.position;
            }
            self.commit(end);
        }
    }

    /// A line outside any table of the log, taken in its turn.
    fn loose(&mut self, line: usize, at_end: bool) {
        if at_end && self.format >= 3 {
            // The start of a write that never reached its table: torn.
            self.pending_line.get_or_insert(line);
            return;
        }
        self.problems.push(Problem {
            file: self.path.to_string(),
            line,
            column: 1,
            field: String::new(),
            message: "this line is outside any [[events]] table; after the armies, a save holds only [[events]] tables".to_string(),
            warning: false,
        });
    }

    /// Applies the tables read since the last commit.
    fn commit(&mut self, end: u64) {
        self.problems.append(&mut self.pending_problems);
        for (op, place) in std::mem::take(&mut self.pending) {
            if self.replay_error.is_some() {
                break;
            }
            match op {
                Op::Record(e) => {
                    let kind = e.kind();
                    match self.battle.replay_record(*e) {
                        Ok(()) => {
                            self.places.push(place);
                            self.undone_places.clear();
                        }
                        Err(error) => self.replay_failed(place, kind, error),
                    }
                }
                Op::Undo => match self.battle.undo() {
                    Some(_) => {
                        let p = self.places.pop().unwrap_or(place);
                        self.undone_places.push(p);
                    }
                    None => self.problems.push(self.problem(
                        place,
                        "an undo with no event before it to take back".to_string(),
                    )),
                },
                Op::Redo => match self.battle.redo() {
                    Ok(Some(_)) => {
                        let p = self.undone_places.pop().unwrap_or(place);
                        self.places.push(p);
                    }
                    Ok(None) => self.problems.push(self.problem(
                        place,
                        "a redo with no undone event to apply again".to_string(),
                    )),
                    Err(error) => self.replay_failed(place, "redo", error),
                },
            }
        }
        self.pending_line = None;
        self.committed = self.counts[0] + self.counts[1];
        self.end = end;
    }

    /// An event of the log that no longer applies: replay stops there.
    fn replay_failed(
        &mut self,
        place: Place,
        kind: &'static str,
        error: crate::battle::BattleError,
    ) {
        let e = crate::battle::ReplayError {
            number: self.battle.events().len() + 1,
            kind,
            error,
        };
        self.replay_error = Some(self.problem(place, format!("{e}; the file is kept as it is")));
    }

    fn problem(&self, place: Place, message: String) -> Problem {
        Problem {
            file: self.path.to_string(),
            line: place.line,
            column: 1,
            field: format!("events.{}", place.index),
            message,
            warning: false,
        }
    }

    /// The battle, once every table is read.
    fn finish(mut self, head: Head, size: u64) -> Result<Loaded, Vec<Problem>> {
        let torn = self.pending_line.map(|line| Torn {
            line,
            bytes: size - self.end,
        });
        if self.format < 3 && self.replay_error.is_none() {
            // The undone events, listed the next to redo first: applied, then undone.
            let old = std::mem::take(&mut self.old_undone);
            let n = old.len();
            for (e, place) in old {
                let kind = e.kind();
                if let Err(error) = self.battle.replay_record(e) {
                    self.replay_failed(place, kind, error);
                    break;
                }
            }
            for _ in 0..n {
                self.battle.undo();
            }
        }
        if !self.problems.is_empty() {
            return Err(toml_walk::cap(self.path, self.problems));
        }
        if let Some(p) = self.replay_error {
            return Err(vec![p]);
        }
        let mut battle = self.battle;
        battle.mark_saved(battle.unsaved().len());
        let dice = SeedPosition {
            seed: head.dice.seed,
            word_pos: self.position.unwrap_or(head.dice.word_pos),
        };
        Ok(Loaded {
            data: SaveData {
                name: head.name,
                dice,
                battle,
            },
            format: head.format,
            end: self.end,
            torn,
            records: self.committed,
        })
    }
}

/// Reads one table of the log from its own text.
fn read_record(path: &str, bytes: &[u8], place: Place, undone: bool, format: i64) -> RecordRead {
    let mut out = RecordRead::default();
    let before = place.line - 1;
    let text = match toml_walk::decode_at(path, bytes, before) {
        Ok(t) => t,
        Err(p) => {
            out.problems.push(p);
            return out;
        }
    };
    let src = Source::at_line(path, text, before);
    let table = match toml_walk::parse_any(&src) {
        Ok(t) => t,
        Err(ps) => {
            out.problems = ps;
            return out;
        }
    };
    let mut walk = Walk::new(&src);
    let mut top = Fields::new(table.get_ref(), table.span(), "");
    let key = if undone { "undone" } else { "events" };
    let tables = walk.tables_from(&mut top, key, place.index);
    walk.finish(top);
    if undone && format >= 3 {
        walk.error(
            0..0,
            "undone",
            "format 3 keeps undone events in its log, as [[events]] tables with kind = \"undo\"; [[undone]] belongs to formats 1 and 2",
        );
    }
    for mut f in tables {
        if format >= 3 && f.has("dice_position") {
            out.position = big_number(&mut walk, &mut f, "dice_position");
        }
        let kind = f.peek("kind").and_then(|v| v.get_ref().as_str());
        if format >= 3
            && !undone
            && let Some(k @ ("undo" | "redo")) = kind
        {
            out.op = Some(if k == "undo" { Op::Undo } else { Op::Redo });
            f.allow(&["kind"]);
            walk.finish(f);
            continue;
        }
        out.op = read_event(&mut walk, f).map(|e| Op::Record(Box::new(e)));
    }
    out.problems = errors(walk);
    out
}

/// The errors found (warnings, such as unknown personality traits, are dropped).
fn errors(walk: Walk<'_, '_>) -> Vec<Problem> {
    walk.problems.into_iter().filter(|p| !p.warning).collect()
}

/// The dice generator's `seed` and `position`, written as decimal text.
fn seed_position<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<SeedPosition> {
    let seed = big_number(walk, f, "seed").and_then(|n| match u64::try_from(n) {
        Ok(s) => Some(s),
        Err(_) => {
            walk.error(
                f.span_of("seed"),
                f.at("seed"),
                "the seed is a whole number from 0 to 18446744073709551615",
            );
            None
        }
    });
    let word_pos = big_number(walk, f, "position");
    Some(SeedPosition {
        seed: seed?,
        word_pos: word_pos?,
    })
}

/// A required whole number written as decimal text (too big for TOML integers).
fn big_number<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<u128> {
    let text = walk.required_string(f, key)?;
    match text.parse::<u128>() {
        Ok(n) => Some(n),
        Err(_) => {
            walk.error(
                f.span_of(key),
                f.at(key),
                format!(
                    "'{}' is not a whole number; {key} is written as digits in quotes, e.g. \"42\"",
                    toml_walk::cut(&text)
                ),
            );
            None
        }
    }
}

/// Reads an army copied into a save, with every check of an army file
/// (`store::army`): a save's armies read exactly like army files.
pub fn read_army<'s>(walk: &mut Walk<'_, 's>, f: Fields<'_, 's>) -> Option<Army> {
    crate::store::warlords::army::read_army_table(walk, f)
}

/// A required unit id such as `a1`.
fn unit_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<UnitId> {
    let text = walk.required_string(f, key)?;
    let id = UnitId::parse(&text);
    if id.is_none() {
        walk.error(
            f.span_of(key),
            f.at(key),
            format!("'{}' is not a unit id; write the side and the unit's place from 1, e.g. \"a1\" or \"b12\"", toml_walk::cut(&text)),
        );
    }
    id
}

/// A unit id that may be left out: `Some(None)` when absent, `None` when wrong.
fn optional_id<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> Option<Option<UnitId>> {
    if f.has(key) {
        unit_id(walk, f, key).map(Some)
    } else {
        Some(None)
    }
}

/// A `dice` inline table (absent: no dice).
fn dice<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, key: &'static str) -> Dice {
    match walk.table(f, key) {
        Some(mut t) => {
            let d = dice_lists(walk, &mut t);
            walk.finish(t);
            d
        }
        None => Dice::default(),
    }
}

fn count<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    max: i64,
) -> Option<u32> {
    walk.int(f, key, 0..=max).map(|n| n as u32)
}

fn activation_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> ActivationSituation {
    let mut s = ActivationSituation::default();
    if let Some(mut t) = walk.table(f, "situation") {
        let mut flag = |walk: &mut Walk<'_, 's>, k| walk.bool(&mut t, k).unwrap_or(false);
        s.charging = flag(walk, "charging");
        s.enemy_in_charge_distance = flag(walk, "enemy_in_charge_distance");
        s.enemy_visible_ahead = flag(walk, "enemy_visible_ahead");
        s.tactician_in_sight = flag(walk, "tactician_in_sight");
        s.fleeing = flag(walk, "fleeing");
        s.changing_formation = flag(walk, "changing_formation");
        s.evading_spans = count(walk, &mut t, "evading_spans", 100).unwrap_or(0);
        walk.finish(t);
    }
    s
}

fn shooting_situation<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
) -> Option<ShootingSituation> {
    let mut t = walk.required_table(f, "situation")?;
    let style = read_shooting_style(walk, &mut t);
    let range_spans = count(walk, &mut t, "range_spans", 1000).unwrap_or(0);
    let weapon = walk.named::<MissileWeapon>(&mut t, "weapon");
    let stands_shot_at = read_stands_shot_at(walk, &mut t);
    let contact = walk.bool(&mut t, "contact").unwrap_or(false);
    walk.finish(t);
    Some(ShootingSituation {
        style: style?,
        range_spans,
        weapon,
        stands_shot_at,
        contact,
    })
}

fn melee_facts<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
) -> MeleeFacts {
    let Some(mut t) = walk.table(f, key) else {
        return MeleeFacts::default();
    };
    let facts = crate::store::warlords::case::read_melee_facts(walk, &mut t);
    walk.finish(t);
    facts
}

/// The one correction a `correct` event makes.
fn correction<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>) -> Option<Correction> {
    const KEYS: &str = "morale, champions, casualties, stands, files, formation, moving, pavises_deployed, pavises_lost, personality (with status), removed, activated";
    let mut found = Vec::new();
    if f.has("morale") {
        found.push(walk.named::<Morale>(f, "morale").map(Correction::Morale));
    }
    if f.has("champions") {
        found.push(count(walk, f, "champions", MAX_FIGURES).map(Correction::Champions));
    }
    if f.has("casualties") {
        found.push(count(walk, f, "casualties", MAX_FIGURES).map(Correction::Casualties));
    }
    if f.has("stands") {
        found.push(count(walk, f, "stands", MAX_STANDS).map(Correction::Stands));
    }
    if f.has("files") {
        found.push(count(walk, f, "files", MAX_STANDS).map(Correction::Files));
    }
    if f.has("formation") {
        found.push(
            walk.named::<Formation>(f, "formation")
                .map(Correction::Formation),
        );
    }
    if f.has("moving") {
        found.push(walk.bool(f, "moving").map(Correction::Moving));
    }
    if f.has("pavises_deployed") {
        found.push(walk.bool(f, "pavises_deployed").map(Correction::Pavises));
    }
    if f.has("pavises_lost") {
        found.push(walk.bool(f, "pavises_lost").map(Correction::PavisesLost));
    }
    if f.has("personality") {
        let name = walk.required_string(f, "personality");
        let status = walk.named::<PersonalityStatus>(f, "status");
        if !f.has("status") {
            walk.error(
                f.span.clone(),
                f.at("status"),
                format!(
                    "'status' is missing; one of: {}",
                    PersonalityStatus::accepted()
                ),
            );
        }
        found.push(match (name, status) {
            (Some(name), Some(status)) => Some(Correction::Personality { name, status }),
            _ => None,
        });
    }
    if f.has("removed") {
        found.push(walk.bool(f, "removed").map(Correction::Removed));
    }
    if f.has("activated") {
        found.push(walk.bool(f, "activated").map(Correction::Activated));
    }
    if found.len() != 1 {
        walk.error(
            f.span.clone(),
            f.path.to_string(),
            format!(
                "a correction changes exactly one thing, but {} were given; one of: {KEYS}",
                found.len()
            ),
        );
        return None;
    }
    found.pop().flatten()
}

/// Reads one event table.
fn read_event<'s>(walk: &mut Walk<'_, 's>, mut f: Fields<'_, 's>) -> Option<Event> {
    let before = walk.problems.iter().filter(|p| !p.warning).count();
    let kind = walk.required_string(&mut f, "kind").unwrap_or_default();
    let event = match kind.as_str() {
        "initiative" => Some(Event::Initiative {
            a: dice(walk, &mut f, "dice_a"),
            b: dice(walk, &mut f, "dice_b"),
        }),
        "activation" => {
            let unit = unit_id(walk, &mut f, "unit");
            let situation = activation_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            let add_champion = walk.bool(&mut f, "add_champion").unwrap_or(false);
            unit.map(|unit| Event::Activation {
                unit,
                situation,
                dice: d,
                add_champion,
            })
        }
        "shooting" => {
            let shooter = unit_id(walk, &mut f, "shooter");
            let target = unit_id(walk, &mut f, "target");
            let situation = shooting_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Shooting {
                shooter: shooter?,
                target: target?,
                situation: situation?,
                dice: d,
            })
        }
        "melee" => {
            let a = unit_id(walk, &mut f, "a");
            let b = unit_id(walk, &mut f, "b");
            let facts_a = melee_facts(walk, &mut f, "facts_a");
            let facts_b = melee_facts(walk, &mut f, "facts_b");
            let rough_ground = walk.bool(&mut f, "rough_ground").unwrap_or(false);
            let d = MeleeDice {
                a: dice(walk, &mut f, "dice_a"),
                b: dice(walk, &mut f, "dice_b"),
            };
            Some(Event::Melee {
                a: a?,
                b: b?,
                facts_a,
                facts_b,
                rough_ground,
                dice: d,
            })
        }
        "flee" => {
            let unit = unit_id(walk, &mut f, "unit");
            let obstacle_stands = count(walk, &mut f, "obstacle_stands", MAX_STANDS).unwrap_or(0);
            let d = dice(walk, &mut f, "dice");
            unit.map(|unit| Event::Flee {
                unit,
                obstacle_stands,
                dice: d,
            })
        }
        "break_off" => {
            let unit = unit_id(walk, &mut f, "unit");
            let opponent = unit_id(walk, &mut f, "opponent");
            let supporting = walk.bool(&mut f, "supporting").unwrap_or(false);
            let d = dice(walk, &mut f, "dice");
            Some(Event::BreakOff {
                unit: unit?,
                opponent: opponent?,
                supporting,
                dice: d,
            })
        }
        "stand_loss" => {
            let unit = unit_id(walk, &mut f, "unit");
            let personality = walk.required_string(&mut f, "personality");
            let enemy = optional_id(walk, &mut f, "enemy");
            let d = dice(walk, &mut f, "dice");
            Some(Event::StandLoss {
                unit: unit?,
                personality: personality?,
                enemy: enemy?,
                dice: d,
            })
        }
        "choose" => {
            let unit = unit_id(walk, &mut f, "unit");
            let choice = walk.named::<Choice>(&mut f, "choice");
            if !f.has("choice") {
                walk.error(
                    f.span.clone(),
                    f.at("choice"),
                    format!("'choice' is missing; one of: {}", Choice::accepted()),
                );
            }
            let target = optional_id(walk, &mut f, "target");
            let formation = walk.named::<Formation>(&mut f, "formation");
            let files = count(walk, &mut f, "files", MAX_STANDS);
            let pavises = walk.bool(&mut f, "pavises_deployed");
            Some(Event::Choose {
                unit: unit?,
                choice: choice?,
                target: target?,
                formation,
                files,
                pavises,
            })
        }
        "contact" => {
            let charger = unit_id(walk, &mut f, "charger");
            let target = unit_id(walk, &mut f, "target");
            Some(Event::Contact {
                charger: charger?,
                target: target?,
            })
        }
        "follow_up" => {
            let unit = unit_id(walk, &mut f, "unit");
            let loser = unit_id(walk, &mut f, "loser");
            let follows = walk.bool(&mut f, "follows").unwrap_or(false);
            Some(Event::FollowUp {
                unit: unit?,
                loser: loser?,
                follows,
            })
        }
        "fall_back" => {
            let unit = unit_id(walk, &mut f, "unit");
            let into = walk.named::<FellInto>(&mut f, "into");
            if !f.has("into") {
                walk.error(
                    f.span.clone(),
                    f.at("into"),
                    format!("'into' is missing; one of: {}", FellInto::accepted()),
                );
            }
            let other = optional_id(walk, &mut f, "other");
            let other_front = walk.bool(&mut f, "other_front").unwrap_or(false);
            let rear_stands = count(walk, &mut f, "rear_stands", MAX_STANDS);
            Some(Event::FallBack {
                unit: unit?,
                into: into?,
                other: other?,
                other_front,
                rear_stands,
            })
        }
        "defence" => {
            let unit = unit_id(walk, &mut f, "unit");
            let defence = walk.named::<Defence>(&mut f, "defence");
            if !f.has("defence") {
                walk.error(
                    f.span.clone(),
                    f.at("defence"),
                    format!("'defence' is missing; one of: {}", Defence::accepted()),
                );
            }
            let charging = walk.bool(&mut f, "charging").unwrap_or(false);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Defence {
                unit: unit?,
                defence: defence?,
                charging,
                dice: d,
            })
        }
        "trapped" => unit_id(walk, &mut f, "unit").map(|unit| Event::Trapped { unit }),
        "calm" => unit_id(walk, &mut f, "unit").map(|unit| Event::Calm { unit }),
        "dismiss" => {
            let unit = unit_id(walk, &mut f, "unit");
            let due = walk.required_string(&mut f, "due");
            Some(Event::Dismiss {
                unit: unit?,
                due: due?,
            })
        }
        "random_move" => {
            let unit = unit_id(walk, &mut f, "unit");
            let spans = walk.int(&mut f, "spans", 1..=i64::from(MAX_RANDOM_SPANS));
            if !f.has("spans") {
                walk.error(
                    f.span.clone(),
                    f.at("spans"),
                    format!(
                        "'spans' is missing: the spans of the random move, 1 to {MAX_RANDOM_SPANS}"
                    ),
                );
            }
            let toward = if f.has("toward") {
                Some(unit_id(walk, &mut f, "toward"))
            } else {
                None
            };
            let d = dice(walk, &mut f, "dice");
            Some(Event::RandomMove {
                unit: unit?,
                spans: spans? as u32,
                toward: match toward {
                    Some(t) => Some(t?),
                    None => None,
                },
                dice: d,
            })
        }
        "reaction" => {
            let unit = unit_id(walk, &mut f, "unit");
            let cause = unit_id(walk, &mut f, "cause");
            let situation = activation_situation(walk, &mut f);
            let d = dice(walk, &mut f, "dice");
            Some(Event::Reaction {
                unit: unit?,
                cause: cause?,
                situation,
                dice: d,
            })
        }
        "engage" | "disengage" => {
            let a = unit_id(walk, &mut f, "a");
            let b = unit_id(walk, &mut f, "b");
            let (a, b) = (a?, b?);
            Some(if kind == "engage" {
                Event::Engage { a, b }
            } else {
                Event::Disengage { a, b }
            })
        }
        "correct" => {
            let unit = unit_id(walk, &mut f, "unit");
            let c = correction(walk, &mut f);
            Some(Event::Correct {
                unit: unit?,
                correction: c?,
            })
        }
        "next_phase" => Some(Event::NextPhase),
        "go_to" => {
            let turn = walk.int(&mut f, "turn", 1..=u32::MAX as i64);
            let phase_text = walk.required_string(&mut f, "phase");
            let phase = phase_text.as_deref().and_then(Phase::parse);
            if let (Some(t), None) = (&phase_text, phase) {
                walk.error(
                    f.span_of("phase"),
                    f.at("phase"),
                    format!(
                        "'{}' is not a phase; accepted: {}",
                        toml_walk::cut(t),
                        Phase::CODES
                    ),
                );
            }
            if !f.has("turn") {
                walk.error(
                    f.span.clone(),
                    f.at("turn"),
                    "'turn' is missing: the turn, from 1",
                );
            }
            Some(Event::GoTo {
                turn: turn? as u32,
                phase: phase?,
            })
        }
        "" => None,
        other => {
            let hint = crate::rules::named::closest(other, EVENT_KINDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean '{c}'?)"));
            walk.error(
                f.span_of("kind"),
                f.at("kind"),
                format!(
                    "'{}' is not an event kind{hint}; accepted: {}",
                    toml_walk::cut(other),
                    EVENT_KINDS.join(", ")
                ),
            );
            // Its fields are not known without its kind: not reported as unknown.
            return None;
        }
    };
    walk.finish(f);
    let after = walk.problems.iter().filter(|p| !p.warning).count();
    event.filter(|_| after == before)
}
