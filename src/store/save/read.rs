//! Reading a save: every field checked and every problem located by line,
//! column and field; units read through the unit table exactly as army
//! files are; older formats migrated as they are read; the events replayed,
//! and an event that no longer applies located too.

use super::{FORMAT, SaveCodec, SaveData};
use crate::battle::{Battle, RuleSystem};
use crate::dice::SeedPosition;
use crate::rules::named::Named;
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};

/// The largest save Herald reads, and so the largest it writes: about
/// 250,000 events, far beyond any battle (a long one has a few thousand).
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// The save size limit in words, for messages and documents.
pub const MAX_SAVE_TEXT: &str = "64 MiB (67,108,864 bytes)";

/// A save as read, with the format it was written in.
#[derive(Debug)]
pub struct Loaded<S: RuleSystem> {
    /// The battle, its name and dice.
    pub data: SaveData<S>,
    /// The format version the file was written in (older ones were migrated).
    pub format: i64,
    /// Where the save's last complete write ends, in bytes.
    pub end: u64,
    /// An unfinished write after it (Herald stopped while appending), dropped.
    pub torn: Option<Torn>,
    /// The `[[events]]` tables of the log up to `end` (events, undos, redos).
    pub records: usize,
}

/// The end of a save after its last complete commit, dropped: a write cut
/// short (never acknowledged), or, inside the part Herald wrote whole, a
/// file damaged after it was saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torn {
    /// Its first line.
    pub line: usize,
    /// How many bytes it holds.
    pub bytes: u64,
    /// Whether it cuts into the tables Herald wrote whole (`written_whole`):
    /// they were saved and acknowledged, so the file was damaged later.
    pub saved: bool,
}

impl Torn {
    /// What was dropped, in the referee's words.
    pub fn what(&self) -> String {
        if self.saved {
            format!(
                "a cut at line {} inside what Herald had saved whole (damage from outside Herald): the {} bytes after it, events saved before, are lost",
                self.line, self.bytes
            )
        } else {
            format!(
                "a write cut short at line {} ({} bytes, never acknowledged)",
                self.line, self.bytes
            )
        }
    }
}

/// Reads a save's text; `path` names it in problems.
pub fn from_text<S: SaveCodec>(path: &str, text: &str) -> Result<Loaded<S>, Vec<Problem>> {
    read_save(path, text.as_bytes(), text.len() as u64)
}

/// What one table of the log does.
#[derive(Debug)]
enum Op<E> {
    /// Records an event.
    Record(Box<E>),
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
#[derive(Debug)]
struct RecordRead<E> {
    op: Option<Op<E>>,
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
pub fn read_save<S: SaveCodec>(
    path: &str,
    input: impl std::io::Read,
    size: u64,
) -> Result<Loaded<S>, Vec<Problem>> {
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
    let (head, setup) = Head::read::<S>(path, &header)?;
    drop(header);
    let format = head.format;
    let mut log = Log::<S>::new(path, format, header_end, setup);
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

/// A save's header as read (its setup is returned beside it).
struct Head {
    format: i64,
    name: String,
    dice: SeedPosition,
    /// The tables of the log written whole with the header.
    written_whole: usize,
}

impl Head {
    /// Reads the header: the rule system first (a battle of another system
    /// is refused before anything else is read), then the format, name,
    /// dice and armies.
    fn read<S: SaveCodec>(path: &str, bytes: &[u8]) -> Result<(Head, S::Setup), Vec<Problem>> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = toml_walk::decode_at(path, bytes, 0).map_err(|p| vec![p])?;
        let src = Source::new(path, text);
        let table = toml_walk::parse_any(&src)?;
        let mut walk = Walk::new(&src);
        let mut top = Fields::new(table.get_ref(), table.span(), "");
        let ours = S::SYSTEM.name();
        let system = top.peek("system").and_then(|v| v.get_ref().as_str());
        if let Some(system) = system
            && system != ours
        {
            let (line, column) = src.locate(top.span_of("system").start);
            let message = match crate::rules::System::parse(system) {
                Some(other) => format!(
                    "this is a {} battle, not a {} one",
                    other.title(),
                    S::SYSTEM.title()
                ),
                None => format!(
                    "this battle is played under the rules '{}', which this Herald does not know; it plays: {}",
                    toml_walk::cut(system),
                    crate::rules::System::accepted()
                ),
            };
            return Err(vec![Problem {
                file: path.to_string(),
                line,
                column,
                field: "system".to_string(),
                message,
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
                    format!("'system' is missing: the rules this battle is played under; accepted: \"{ours}\""),
                );
            }
        } else if top.has("system") {
            top.allow(&["system"]);
        }
        let name = walk.required_string(&mut top, "name").unwrap_or_default();
        let written_whole = if format >= 3 {
            walk.int(&mut top, "written_whole", 0..=i64::MAX)
                .map_or(0, |n| n as usize)
        } else {
            0
        };
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
        let house = crate::store::house::read_house(&mut walk, &mut top, S::SYSTEM);
        let setup = S::read_setup(&mut walk, &mut top).map(|mut setup| {
            *S::house_mut(&mut setup) = house;
            setup
        });
        walk.finish(top);
        match (setup, dice) {
            (Some(setup), Some(dice)) if !walk.has_errors() => Ok((
                Head {
                    format,
                    name,
                    dice,
                    written_whole,
                },
                setup,
            )),
            _ => Err(errors(walk)),
        }
    }
}

/// The log as it is read: the tables since the last commit, not yet
/// applied; the events and undone events so far; the problems found.
struct Log<'p, S: SaveCodec> {
    path: &'p str,
    format: i64,
    /// The battle, replayed commit by commit as the log is read.
    battle: Battle<S>,
    /// Where each live event and each undone one was recorded.
    places: Vec<Place>,
    undone_places: Vec<Place>,
    /// Formats 1 and 2: the `[[undone]]` events, as listed.
    old_undone: Vec<(S::Event, Place)>,
    /// The first event that no longer applies: replay stops there.
    replay_error: Option<Problem>,
    /// Tables read since the last commit.
    pending: Vec<(Op<S::Event>, Place)>,
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

impl<'p, S: SaveCodec> Log<'p, S> {
    fn new(path: &'p str, format: i64, end: u64, setup: S::Setup) -> Self {
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
        let read = read_record::<S>(self.path, bytes, place, undone, self.format);
        self.accept(read, undone, place, end);
    }

    /// Applies one table as read.
    fn accept(&mut self, read: RecordRead<S::Event>, undone: bool, place: Place, end: u64) {
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
                    let kind = S::kind(&e);
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
    fn finish(mut self, head: Head, size: u64) -> Result<Loaded<S>, Vec<Problem>> {
        let torn = self.pending_line.map(|line| Torn {
            line,
            bytes: size - self.end,
            saved: self.committed < head.written_whole,
        });
        if self.format < 3 && self.replay_error.is_none() {
            // The undone events, listed the next to redo first: applied, then undone.
            let old = std::mem::take(&mut self.old_undone);
            let n = old.len();
            for (e, place) in old {
                let kind = S::kind(&e);
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
fn read_record<S: SaveCodec>(
    path: &str,
    bytes: &[u8],
    place: Place,
    undone: bool,
    format: i64,
) -> RecordRead<S::Event> {
    let mut out = RecordRead {
        op: None,
        position: None,
        problems: Vec::new(),
    };
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
        out.op = S::read_event(&mut walk, f).map(|e| Op::Record(Box::new(e)));
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
