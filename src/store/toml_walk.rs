//! Reading hand-written TOML field by field, keeping every problem with its
//! line, column and field path instead of stopping at the first. Army files,
//! conformance cases and saves are all read through this.

use crate::rules::named::{Named, closest};
use std::cell::{Cell, OnceCell};
use std::fmt;
use std::io::Read;
use std::ops::{Range, RangeInclusive};
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The largest file Herald reads (army files and cases are a few kilobytes;
/// an army of 1,000 units is about 400 KB).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// The most problems reported for one file; past this, a last line says how
/// many more there were (a file of binary garbage would give thousands).
pub const MAX_PROBLEMS: usize = 100;

/// The size limit in words, for messages and documents.
pub const MAX_FILE_TEXT: &str = "4 MiB (4,194,304 bytes)";

/// A text being read, with its name for messages: a whole file, or one
/// piece of a file read on its own (a span in the piece is located in the
/// file).
#[derive(Debug)]
pub struct Source<'s> {
    /// The file's path, as given.
    pub path: String,
    /// The text read: the whole file or a piece of it.
    pub text: &'s str,
    /// The whole file.
    file: &'s str,
    /// Where `text` starts in `file` (always the start of a line).
    start: usize,
    /// How many lines of the file come before `text`, counted when first
    /// needed.
    before: OnceCell<usize>,
    /// The last place located: its offset, line (in `text`, from 1) and the
    /// start of that line. Places are mostly asked for in the file's order,
    /// so each is counted on from the last.
    last: Cell<(usize, usize, usize)>,
    /// Where each line of `text` starts, for a place before the last one.
    line_starts: OnceCell<Vec<usize>>,
}

impl<'s> Source<'s> {
    /// A source named `path` holding `text`.
    pub fn new(path: impl Into<String>, text: &'s str) -> Self {
        Source {
            path: path.into(),
            text,
            file: text,
            start: 0,
            before: OnceCell::new(),
            last: Cell::new((0, 1, 0)),
            line_starts: OnceCell::new(),
        }
    }

    /// A source named `path` holding `text`, a part of a file read on its
    /// own that starts on the line after the file's first `lines_before`
    /// lines (a save's events are read one by one, never the whole file).
    pub fn at_line(path: impl Into<String>, text: &'s str, lines_before: usize) -> Self {
        let src = Source::new(path, text);
        let _ = src.before.set(lines_before);
        src
    }

    /// The piece `range` of this text, read on its own; `range` starts at
    /// the start of a line.
    pub fn piece(&self, range: Range<usize>) -> Source<'s> {
        Source {
            text: &self.text[range.clone()],
            start: self.start + range.start,
            ..Source::new(self.path.clone(), self.file)
        }
    }

    /// A span of this text as a span of the whole file.
    pub fn in_file(&self, span: Range<usize>) -> Range<usize> {
        self.start + span.start..self.start + span.end
    }

    /// 1-based line and column (in characters) in the file of a byte
    /// offset in this text.
    pub fn locate(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let newlines = |b: &[u8]| memchr::memchr_iter(b'\n', b).count();
        let (at, line, start) = self.last.get();
        let onward = if at <= offset {
            self.text.get(at..offset)
        } else {
            None
        };
        let (line, start) = if let Some(between) = onward {
            match between.rfind('\n') {
                None => (line, start),
                Some(i) => (line + newlines(between.as_bytes()), at + i + 1),
            }
        } else {
            let starts = self.line_starts.get_or_init(|| {
                let mut starts = vec![0];
                starts.extend(self.text.match_indices('\n').map(|(i, _)| i + 1));
                starts
            });
            let line = starts.partition_point(|&s| s <= offset).max(1);
            (line, starts[line - 1])
        };
        self.last.set((offset, line, start));
        let before = *self
            .before
            .get_or_init(|| newlines(&self.file.as_bytes()[..self.start]));
        let column = self
            .text
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (before + line, column)
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The field path (`units.3.type`), empty for the file as a whole.
    pub field: String,
    /// What is wrong and what would be accepted.
    pub message: String,
    /// A warning is shown but does not stop the file loading.
    pub warning: bool,
}

impl Problem {
    /// An error about the file as a whole (it cannot be read, it is too big):
    /// line 0 means no place in the text.
    pub fn file_error(file: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            file: file.into(),
            line: 0,
            column: 0,
            field: String::new(),
            message: message.into(),
            warning: false,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.warning { "warning" } else { "error" };
        if self.line == 0 {
            write!(f, "{}: {kind}", self.file)?;
        } else {
            write!(f, "{}:{}:{}: {kind}", self.file, self.line, self.column)?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Reads a whole text as a TOML table, or gives its syntax errors located.
pub fn parse<'s>(src: &Source<'s>) -> Result<Spanned<DeTable<'s>>, Vec<Problem>> {
    if src.text.len() > MAX_FILE_BYTES {
        return Err(vec![too_big(&src.path, src.text.len())]);
    }
    parse_any(src)
}

/// [`parse`] without the size limit of army files, for a text whose size
/// the caller has checked (a save's header, one table of its log).
pub fn parse_any<'s>(src: &Source<'s>) -> Result<Spanned<DeTable<'s>>, Vec<Problem>> {
    // The plain parse is the faster; only a text with errors is parsed again
    // to find every error.
    if let Ok(table) = DeTable::parse(src.text) {
        return Ok(table);
    }
    let (table, errors) = DeTable::parse_recoverable(src.text);
    if errors.is_empty() {
        return Ok(table);
    }
    let mut problems: Vec<Problem> = errors
        .iter()
        .take(MAX_PROBLEMS)
        .map(|e| {
            let (line, column) = src.locate(e.span().map_or(0, |s| s.start));
            let mut message = e.message().trim().to_string();
            // The parser says "duplicate key" without naming it: its span does.
            if message.starts_with("duplicate key")
                && let Some(key) = e.span().and_then(|s| src.text.get(s))
            {
                message = format!(
                    "duplicate key {}: each key may be given once per table",
                    cut(key.trim())
                );
            }
            Problem {
                file: src.path.clone(),
                line,
                column,
                field: String::new(),
                message: format!("this is not valid TOML: {message}"),
                warning: false,
            }
        })
        .collect();
    if errors.len() > MAX_PROBLEMS {
        problems.push(Problem::file_error(
            &src.path,
            format!(
                "… and {} more syntax errors; is this a TOML file?",
                errors.len() - MAX_PROBLEMS
            ),
        ));
    }
    Err(problems)
}

/// Keeps the first [`MAX_PROBLEMS`] problems (errors first, then by place)
/// and says how many more there were.
pub fn cap(path: &str, mut problems: Vec<Problem>) -> Vec<Problem> {
    problems.sort_by_key(|p| (p.warning, p.line, p.column));
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(Problem::file_error(
            path,
            format!("… and {more} more problems not shown; fix these first"),
        ));
    }
    problems.sort_by_key(|p| (p.line == 0, p.line, p.column));
    problems
}

/// The problem of a file over [`MAX_FILE_BYTES`].
fn too_big(path: &str, bytes: usize) -> Problem {
    Problem::file_error(
        path,
        format!(
            "the file is {bytes} bytes; Herald reads files up to {MAX_FILE_TEXT}, and an army of 1,000 units needs about 400 KB"
        ),
    )
}

/// Checks raw bytes as a text Herald can read: at most [`MAX_FILE_BYTES`],
/// UTF-8 (the first bad byte located by line and column), a leading byte
/// order mark dropped.
pub fn decode<'b>(path: &str, bytes: &'b [u8]) -> Result<&'b str, Problem> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_big(path, bytes.len()));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    decode_at(path, bytes, 0)
}

/// Checks raw bytes as UTF-8 text, a part of a file that starts after its
/// first `lines_before` lines: the first bad byte is located by its line
/// and column in the file.
pub fn decode_at<'b>(path: &str, bytes: &'b [u8], lines_before: usize) -> Result<&'b str, Problem> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = e.valid_up_to();
        // The prefix before the bad byte is valid UTF-8 by definition.
        let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let (line, column) = Source::at_line(path, before, lines_before).locate(good);
        Problem {
            file: path.to_string(),
            line,
            column,
            field: String::new(),
            message: format!(
                "byte {good} (0x{:02X}) is not UTF-8 text; save the file as UTF-8",
                bytes[good]
            ),
            warning: false,
        }
    })
}

/// What is written, cut to a length a message can quote: at most 40
/// characters, then "…" (a 100,000-character value is not echoed whole).
pub fn cut(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        None => s.to_string(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

/// Opens a file to read, refusing at once anything that is not a regular
/// file: a folder, a FIFO (which would wait for a writer forever) or a
/// device such as `/dev/zero` (which never ends).
pub fn open_regular(path: &Path) -> Result<std::fs::File, String> {
    let kind = |m: &std::fs::Metadata| -> Option<&'static str> {
        let t = m.file_type();
        if t.is_file() {
            return None;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_fifo() {
                return Some("a FIFO (named pipe)");
            }
            if t.is_char_device() || t.is_block_device() {
                return Some("a device");
            }
            if t.is_socket() {
                return Some("a socket");
            }
        }
        Some(if t.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        })
    };
    let refuse = |what: &str| format!("it is {what}, not a file; Herald reads only regular files");
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if let Some(what) = kind(&meta) {
        return Err(refuse(what));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read the file: {e}"))?;
    // The name could have been pointed elsewhere in between: check what was opened.
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read the file: {e}"))?;
    match kind(&meta) {
        Some(what) => Err(refuse(what)),
        None => Ok(file),
    }
}

/// Reads a file as text, reading no more than [`MAX_FILE_BYTES`] (plus one
/// byte, to know it is too big) whatever its size.
pub fn read_file(path: &Path) -> Result<String, Problem> {
    let name = path.display().to_string();
    let file = open_regular(path).map_err(|e| Problem::file_error(&name, e))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Problem::file_error(&name, format!("cannot read the file: {e}")))?;
    if bytes.len() > MAX_FILE_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len(), |m| m.len() as usize);
        return Err(too_big(&name, size));
    }
    decode(&name, &bytes).map(str::to_string)
}

/// Collects problems while reading one source.
#[derive(Debug)]
pub struct Walk<'a, 's> {
    /// The source read.
    pub src: &'a Source<'s>,
    /// Problems found so far.
    pub problems: Vec<Problem>,
}

/// A table being read: marks each field read as it is asked for, so the
/// rest can be reported as unknown with a did-you-mean.
#[derive(Debug)]
pub struct Fields<'t, 's> {
    /// The table's fields (a handful: a short list is searched faster than
    /// the table's map).
    entries: Vec<Entry<'t, 's>>,
    /// Where the table is in the text.
    pub span: Range<usize>,
    /// Its field path (shared with the paths of its items, built lazily).
    pub path: TablePath,
    /// The keys asked for, present or not: the fields known here.
    asked: Vec<&'static str>,
}

/// One field of a table being read.
#[derive(Debug)]
struct Entry<'t, 's> {
    key: &'t Spanned<toml::de::DeString<'s>>,
    value: Value<'t, 's>,
    read: bool,
}

/// A value with its place.
pub type Value<'t, 's> = &'t Spanned<DeValue<'s>>;

/// The kind of a TOML value, as a referee would name it.
pub fn kind(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "text",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "true/false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// A value as a referee would recognise it in a message: its kind and,
/// for a single value, what is written (long texts cut short).
pub fn shown(v: &DeValue<'_>) -> String {
    match v {
        DeValue::String(s) => {
            let cut: String = s.chars().take(40).collect();
            let more = if cut.len() < s.len() { "…" } else { "" };
            format!("the text \"{}{more}\"", cut.escape_debug())
        }
        DeValue::Integer(i) => format!("the number {}", i.as_str()),
        DeValue::Float(x) => format!("the decimal number {}", x.as_str()),
        DeValue::Boolean(b) => format!("{b}"),
        DeValue::Datetime(d) => format!("the date {d}"),
        DeValue::Array(_) => "a list".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

/// A whole number's value, if it fits in an i64.
pub fn integer(v: &DeValue<'_>) -> Option<i64> {
    let i = v.as_integer()?;
    let written = i.as_str();
    if written.contains('_') {
        i64::from_str_radix(&written.replace('_', ""), i.radix()).ok()
    } else {
        i64::from_str_radix(written, i.radix()).ok()
    }
}

/// The path of a field inside `path`.
pub fn join(path: &str, key: impl fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The path of one item of a list (`units.3`), made into text only when a
/// problem is reported: reading a good file builds no paths.
#[derive(Clone, Debug)]
pub struct ItemPath {
    table: TablePath,
    key: &'static str,
    index: usize,
}

impl ItemPath {
    /// The item's place in its list, from 0.
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for ItemPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.table.is_empty() {
            write!(f, "{}.{}", self.key, self.index)
        } else {
            write!(f, "{}.{}.{}", self.table, self.key, self.index)
        }
    }
}

impl From<ItemPath> for String {
    fn from(p: ItemPath) -> String {
        p.to_string()
    }
}

/// Where a table is (`contingents.3.units.2`): a path given as text, or an
/// item of a list, written out only when a problem is reported.
#[derive(Clone, Debug)]
pub enum TablePath {
    /// A path given whole (`""` for the top of a file).
    Text(Arc<str>),
    /// An item of a list in another table.
    Item(Arc<ItemPath>),
}

impl TablePath {
    /// Whether this is the top of the file.
    pub fn is_empty(&self) -> bool {
        matches!(self, TablePath::Text(t) if t.is_empty())
    }
}

impl fmt::Display for TablePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablePath::Text(t) => f.write_str(t),
            TablePath::Item(i) => i.fmt(f),
        }
    }
}

impl From<&str> for TablePath {
    fn from(t: &str) -> Self {
        TablePath::Text(t.into())
    }
}

impl From<String> for TablePath {
    fn from(t: String) -> Self {
        TablePath::Text(t.into())
    }
}

impl From<ItemPath> for TablePath {
    fn from(i: ItemPath) -> Self {
        TablePath::Item(Arc::new(i))
    }
}

/// The path of a field of a table, made into text only when needed.
#[derive(Clone, Copy, Debug)]
pub struct FieldPath<'p> {
    table: &'p TablePath,
    key: &'p str,
}

impl From<FieldPath<'_>> for String {
    fn from(p: FieldPath<'_>) -> String {
        if p.table.is_empty() {
            p.key.to_string()
        } else {
            format!("{}.{}", p.table, p.key)
        }
    }
}

impl<'t, 's> Fields<'t, 's> {
    /// The path of `key` in this table, as a [`FieldPath`] (no text built yet).
    pub fn path_of<'p>(&'p self, key: &'p str) -> FieldPath<'p> {
        FieldPath {
            table: &self.path,
            key,
        }
    }

    /// Starts reading `table` found at `span` under `path`.
    pub fn new(table: &'t DeTable<'s>, span: Range<usize>, path: impl Into<TablePath>) -> Self {
        Fields {
            entries: table
                .iter()
                .map(|(key, value)| Entry {
                    key,
                    value,
                    read: false,
                })
                .collect(),
            span,
            path: path.into(),
            asked: Vec::with_capacity(24),
        }
    }

    /// The place of `key` among the entries.
    fn find(&self, key: &str) -> Option<usize> {
        // Keys are short: comparing bytes here is faster than calling memcmp.
        let same = |e: &Entry<'_, '_>| {
            let k: &str = e.key.get_ref();
            k.len() == key.len() && k.bytes().zip(key.bytes()).all(|(a, b)| a == b)
        };
        self.entries.iter().position(same)
    }

    /// Notes `key` as a field known here, and its entry (if any) as read.
    fn note(&mut self, key: &'static str) -> Option<Value<'t, 's>> {
        // Repeats are dropped when the list is shown (see `finish`).
        self.asked.push(key);
        let i = self.find(key)?;
        self.entries[i].read = true;
        Some(self.entries[i].value)
    }

    /// The value of `key`, if present (and notes the key as known).
    pub fn get(&mut self, key: &'static str) -> Option<Value<'t, 's>> {
        self.note(key)
    }

    /// The value of `key` without noting it as read.
    pub fn peek(&self, key: &str) -> Option<Value<'t, 's>> {
        self.find(key).map(|i| self.entries[i].value)
    }

    /// Whether the table has `key`.
    pub fn has(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// Notes keys as known without reading them.
    pub fn allow(&mut self, keys: &[&'static str]) {
        for k in keys {
            self.note(k);
        }
    }

    /// The path of one of this table's fields.
    pub fn at(&self, key: &str) -> String {
        self.path_of(key).into()
    }

    /// The path of the `index`-th item of this table's list `key`.
    pub fn item(&self, key: &'static str, index: usize) -> ItemPath {
        ItemPath {
            table: self.path.clone(),
            key,
            index,
        }
    }

    /// Where `key` is written (its value), or the table itself when absent.
    pub fn span_of(&self, key: &str) -> Range<usize> {
        self.peek(key).map_or(self.span.clone(), |v| v.span())
    }

    /// Where a dotted path inside this table is written
    /// (`personalities.1.vendetta`): as deep as the path can be followed.
    pub fn span_of_path(&self, path: &str) -> Range<usize> {
        let mut parts = path.split('.');
        let Some(first) = parts.next() else {
            return self.span.clone();
        };
        let Some(mut at) = self.peek(first) else {
            return self.span.clone();
        };
        for part in parts {
            let next = match (at.get_ref(), part.parse::<usize>()) {
                (DeValue::Array(items), Ok(i)) => items.get(i),
                (DeValue::Table(t), _) => t.get(part),
                _ => None,
            };
            match next {
                Some(v) => at = v,
                None => break,
            }
        }
        at.span()
    }
}

impl<'a, 's> Walk<'a, 's> {
    /// Starts reading `src`.
    pub fn new(src: &'a Source<'s>) -> Self {
        Walk {
            src,
            problems: Vec::new(),
        }
    }

    /// Records an error at `span`.
    pub fn error(
        &mut self,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.push(span, field, message, false);
    }

    /// Records a warning at `span`.
    pub fn warn(
        &mut self,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.push(span, field, message, true);
    }

    fn push(
        &mut self,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
        warning: bool,
    ) {
        let (line, column) = self.src.locate(span.start);
        self.problems.push(Problem {
            file: self.src.path.clone(),
            line,
            column,
            field: field.into(),
            message: message.into(),
            warning,
        });
    }

    /// Whether any error (not warning) was found.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| !p.warning)
    }

    /// Reports every key of `f` that was never asked for, with a did-you-mean.
    pub fn finish(&mut self, f: Fields<'_, 's>) {
        if f.entries.iter().all(|e| e.read) {
            return;
        }
        let mut known = f.asked.clone();
        known.sort_unstable();
        known.dedup();
        for e in f.entries.iter().filter(|e| !e.read) {
            let name: &str = e.key.get_ref();
            let hint = match closest(name, known.iter().copied()) {
                Some(c) => format!(" (did you mean '{c}'?)"),
                None => String::new(),
            };
            self.error(
                e.key.span(),
                f.at(name),
                format!(
                    "unknown field '{}'{hint}; the fields here are: {}",
                    cut(name),
                    known.join(", ")
                ),
            );
        }
    }

    /// Reports a value of the wrong kind.
    fn wrong_kind(&mut self, v: Value<'_, 's>, path: impl Into<String>, wanted: &str) {
        let got = shown(v.get_ref());
        self.error(v.span(), path, format!("expected {wanted}, found {got}"));
    }

    /// A text field.
    pub fn string(&mut self, f: &mut Fields<'_, 's>, key: &'static str) -> Option<String> {
        let v = f.get(key)?;
        match v.get_ref().as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                self.wrong_kind(v, f.at(key), "text in quotes");
                None
            }
        }
    }

    /// A text field that must be there and not be blank.
    pub fn required_string(&mut self, f: &mut Fields<'_, 's>, key: &'static str) -> Option<String> {
        let present = f.has(key);
        let s = self.string(f, key);
        match s {
            Some(s) if s.trim().is_empty() => {
                self.error(
                    f.span_of(key),
                    f.at(key),
                    format!("'{key}' must not be blank"),
                );
                None
            }
            None if !present => {
                self.error(
                    f.span.clone(),
                    f.at(key),
                    format!("'{key}' is missing; it is required here"),
                );
                None
            }
            other => other,
        }
    }

    /// A whole number in `range`.
    pub fn int(
        &mut self,
        f: &mut Fields<'_, 's>,
        key: &'static str,
        range: RangeInclusive<i64>,
    ) -> Option<i64> {
        self.int_because(f, key, range, None)
    }

    /// A whole number in `range`; `rule` says why, when a value is outside
    /// it ("Charisma runs from -2 to +3 (3.1.2)").
    pub fn int_because(
        &mut self,
        f: &mut Fields<'_, 's>,
        key: &'static str,
        range: RangeInclusive<i64>,
        rule: Option<&str>,
    ) -> Option<i64> {
        let v = f.get(key)?;
        let why = || rule.map_or(String::new(), |r| format!(" ({r})"));
        let Some(n) = integer(v.get_ref()) else {
            if let Some(i) = v.get_ref().as_integer() {
                let digits: String = i.as_str().chars().take(40).collect();
                self.error(
                    v.span(),
                    f.at(key),
                    format!(
                        "{digits} is far too large; {} to {} accepted{}",
                        range.start(),
                        range.end(),
                        why()
                    ),
                );
            } else {
                self.wrong_kind(
                    v,
                    f.at(key),
                    &format!("a whole number from {} to {}", range.start(), range.end()),
                );
            }
            return None;
        };
        if !range.contains(&n) {
            self.error(
                v.span(),
                f.at(key),
                format!(
                    "{n} is out of range; {} to {} accepted{}",
                    range.start(),
                    range.end(),
                    why()
                ),
            );
            return None;
        }
        Some(n)
    }

    /// A true/false field.
    pub fn bool(&mut self, f: &mut Fields<'_, 's>, key: &'static str) -> Option<bool> {
        let v = f.get(key)?;
        match v.get_ref().as_bool() {
            Some(b) => Some(b),
            None => {
                self.wrong_kind(v, f.at(key), "true or false");
                None
            }
        }
    }

    /// One word from a closed vocabulary.
    pub fn named<T: Named>(&mut self, f: &mut Fields<'_, 's>, key: &'static str) -> Option<T> {
        let v = f.get(key)?;
        self.word(v, f.path_of(key))
    }

    /// Reads one value as a word of `T`; `path` is made text only for a problem.
    pub fn word<T: Named>(&mut self, v: Value<'_, 's>, path: impl Into<String>) -> Option<T> {
        let Some(s) = v.get_ref().as_str() else {
            self.wrong_kind(v, path, &format!("one of: {}", T::accepted()));
            return None;
        };
        if let Some(t) = T::parse(s) {
            return Some(t);
        }
        let hint = T::did_you_mean(s).map_or(String::new(), |c| format!("did you mean '{c}'? "));
        self.error(
            v.span(),
            path,
            format!(
                "'{}' is not known; {hint}accepted: {}",
                cut(s),
                T::accepted()
            ),
        );
        None
    }

    /// The items of a list field (empty if absent or not a list).
    pub fn list<'t>(
        &mut self,
        f: &mut Fields<'t, 's>,
        key: &'static str,
    ) -> Vec<(ItemPath, Value<'t, 's>)> {
        let items = self.items(f, key);
        let paths = (0..).map(|i| f.item(key, i));
        paths.zip(items).collect()
    }

    /// The items of a list field, without their paths (see
    /// [`Fields::item`]); empty if absent or not a list.
    pub fn items<'t>(
        &mut self,
        f: &mut Fields<'t, 's>,
        key: &'static str,
    ) -> &'t [Spanned<DeValue<'s>>] {
        let Some(v) = f.get(key) else {
            return &[];
        };
        match v.get_ref() {
            DeValue::Array(items) => items,
            _ => {
                self.wrong_kind(v, f.at(key), "a list in [brackets]");
                &[]
            }
        }
    }

    /// A list of words from a closed vocabulary; repeats are reported.
    pub fn named_list<T: Named + PartialEq>(
        &mut self,
        f: &mut Fields<'_, 's>,
        key: &'static str,
    ) -> Vec<T> {
        let mut out = Vec::new();
        for (i, item) in self.items(f, key).iter().enumerate() {
            if let Some(t) = self.word::<T>(item, f.item(key, i)) {
                if out.contains(&t) {
                    let listed = format!("'{}' is listed twice", t.name());
                    self.error(item.span(), f.item(key, i), listed);
                } else {
                    out.push(t);
                }
            }
        }
        out
    }

    /// A list of texts.
    pub fn string_list(&mut self, f: &mut Fields<'_, 's>, key: &'static str) -> Vec<String> {
        let mut out = Vec::new();
        for (i, item) in self.items(f, key).iter().enumerate() {
            match item.get_ref().as_str() {
                Some(s) => out.push(s.to_string()),
                None => self.wrong_kind(item, f.item(key, i), "text in quotes"),
            }
        }
        out
    }

    /// A sub-table, to read with its own [`Fields`].
    pub fn table<'t>(
        &mut self,
        f: &mut Fields<'t, 's>,
        key: &'static str,
    ) -> Option<Fields<'t, 's>> {
        let v = f.get(key)?;
        self.as_table(v, f.at(key))
    }

    /// A required sub-table.
    pub fn required_table<'t>(
        &mut self,
        f: &mut Fields<'t, 's>,
        key: &'static str,
    ) -> Option<Fields<'t, 's>> {
        if !f.has(key) {
            self.error(
                f.span.clone(),
                f.at(key),
                format!("the table '{key}' is missing; it is required here"),
            );
            return None;
        }
        self.table(f, key)
    }

    /// Reads a value as a table.
    pub fn as_table<'t>(
        &mut self,
        v: Value<'t, 's>,
        path: impl Into<TablePath>,
    ) -> Option<Fields<'t, 's>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(Fields::new(t, v.span(), path)),
            _ => {
                self.wrong_kind(v, path.into().to_string(), "a table");
                None
            }
        }
    }

    /// The tables of an array of tables (`[[units]]`).
    pub fn tables<'t>(&mut self, f: &mut Fields<'t, 's>, key: &'static str) -> Vec<Fields<'t, 's>> {
        self.tables_from(f, key, 0)
    }

    /// The tables of an array of tables numbered from `first` (the rest of
    /// a longer array, read in pieces).
    pub fn tables_from<'t>(
        &mut self,
        f: &mut Fields<'t, 's>,
        key: &'static str,
        first: usize,
    ) -> Vec<Fields<'t, 's>> {
        let mut out = Vec::new();
        for (i, item) in self.items(f, key).iter().enumerate() {
            if let Some(t) = self.as_table(item, f.item(key, first + i)) {
                out.push(t);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_lines_and_columns() {
        let src = Source::new("x.toml", "a = 1\nbé = 2\nc = 3");
        assert_eq!(src.locate(0), (1, 1));
        assert_eq!(src.locate(6), (2, 1));
        assert_eq!(
            src.locate(src.text.find("= 2").unwrap()),
            (2, 4),
            "columns count characters"
        );
        assert_eq!(src.locate(src.text.len()), (3, 6));
    }

    proptest::proptest! {
        /// Places asked for in any order, in a whole text or a piece of it,
        /// are where counting the lines and characters before them says.
        #[test]
        fn locating_in_any_order_agrees_with_counting(
            text in "[ab\u{e9}\n]{0,120}",
            offsets in proptest::collection::vec(0usize..130, 1..20),
            cut in 0usize..130,
        ) {
            let floor = |t: &str, mut i: usize| {
                i = i.min(t.len());
                while !t.is_char_boundary(i) {
                    i -= 1;
                }
                i
            };
            // A piece starts at the start of a line.
            let cut = text[..floor(&text, cut)].rfind('\n').map_or(0, |i| i + 1);
            let whole = Source::new("x", &text);
            let piece = whole.piece(cut..text.len());
            for o in offsets {
                let o = floor(piece.text, o);
                let at = cut + o;
                let line = text[..at].matches('\n').count() + 1;
                let column = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
                proptest::prop_assert_eq!(piece.locate(o), (line, column));
                proptest::prop_assert_eq!(whole.locate(at), (line, column));
            }
        }
    }

    #[test]
    fn unknown_fields_get_a_did_you_mean() {
        let src = Source::new("x.toml", "naem = \"Fyrd\"\nstands = 4\n");
        let t = parse(&src).unwrap();
        let mut w = Walk::new(&src);
        let mut f = Fields::new(t.get_ref(), t.span(), "");
        w.string(&mut f, "name");
        w.int(&mut f, "stands", 0..=100);
        w.finish(f);
        assert_eq!(w.problems.len(), 1);
        let p = &w.problems[0];
        assert_eq!((p.line, p.column), (1, 1));
        assert!(p.message.contains("did you mean 'name'"), "{}", p.message);
    }

    #[test]
    fn syntax_errors_are_located() {
        let src = Source::new("x.toml", "a = 1\nb = [1, 2\n");
        let errs = parse(&src).unwrap_err();
        assert!(!errs.is_empty());
        assert!(errs[0].line >= 2, "{:?}", errs[0]);
    }
}
