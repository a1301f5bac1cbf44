//! What a rule system gives the save: its armies in the header, its events
//! in the log, each read with every problem placed (file, line, column,
//! field). The save itself (the header's format, name and dice, the log's
//! commits, undos and redos, the lock, crash recovery) is written once for
//! every system in `store::save`.

use crate::battle::RuleSystem;
use crate::store::toml_walk::{Fields, Walk};

/// A rule system's part of a save (`docs/save-format.md`).
pub trait SaveCodec: RuleSystem {
    /// The event kinds its log may hold, for messages.
    const EVENT_KINDS: &'static [&'static str];

    /// Writes the setup's `[[armies]]` tables, after the header's `[dice]`.
    fn write_setup(o: &mut String, setup: &Self::Setup);

    /// Reads the header's armies into a setup (`top` is the header); the
    /// problems go to `walk`. `None` when they could not be read.
    fn read_setup<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Self::Setup>;

    /// Writes an event's fields under its `[[events]]` line, `kind` first.
    fn write_event(o: &mut String, event: &Self::Event);

    /// Reads an event's fields (`kind` among them); `None` with the
    /// problems in `walk` when it is not a valid event.
    fn read_event<'s>(walk: &mut Walk<'_, 's>, f: Fields<'_, 's>) -> Option<Self::Event>;
}
