//! Reading a big army file in pieces on every core: the file is cut before
//! `[[contingents]]` header lines, the pieces are parsed and checked on
//! rayon's threads, and joined in order.
//!
//! This is only a faster way to the same army. A piece is read only when it
//! is a complete TOML text holding nothing but its own contingents; anything
//! else (a syntax error, a header inside a multi-line string, any other key,
//! any error at all) gives `None`, and the caller reads the whole file as one,
//! which reports every problem in the file's own terms.

use super::{ArmyFile, ArmyReader, MAX_UNITS};
use crate::rules::warlords::army::{Army, Contingent};
use crate::store::toml_walk::{self, Fields, Problem, Source, Walk};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::OnceLock;
use std::thread;

/// Files smaller than this are read whole: starting a thread costs more
/// than it saves (an army of 170 units is about 64 KB).
pub const PIECES_FROM_BYTES: usize = 64 * 1024;

/// The most pieces one file is cut into.
const MAX_PIECES: usize = 16;

/// The header line a piece starts at.
const HEADER: &str = "[[contingents]]";

/// How many pieces to read a file of `bytes` in on this machine: two per
/// core (a core done early takes another piece), or 1 (read whole) for a
/// small file or a single core.
pub fn pieces_for(bytes: usize) -> usize {
    // Asking the system is slow (it reads the cgroup files): once is enough.
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| thread::available_parallelism().map_or(1, |n| n.get()));
    if bytes < PIECES_FROM_BYTES || cores < 2 {
        return 1;
    }
    (2 * cores).min(MAX_PIECES)
}

/// Reads `text` cut into at most `pieces` pieces; `None` when it cannot be
/// read that way or has any error.
pub fn read(path: &str, text: &str, pieces: usize) -> Option<ArmyFile> {
    if text.len() > toml_walk::MAX_FILE_BYTES {
        return None;
    }
    let heads = headers(text);
    let cuts = cuts(&heads, text.len(), pieces);
    if cuts.len() < 2 {
        return None;
    }
    let whole = Source::new(path, text);
    let mut problems = Vec::new();
    // The army's own fields: everything before the first contingent.
    let top_src = whole.piece(0..heads[0]);
    let top_table = toml_walk::parse(&top_src).ok()?;
    if top_table.get_ref().contains_key("contingents") {
        return None;
    }
    let mut walk = Walk::new(&top_src);
    let mut top = Fields::new(top_table.get_ref(), top_table.span(), "");
    let (name, side, notes) = ArmyReader::own_fields(&mut walk, &mut top);
    top.allow(&["contingents"]);
    walk.finish(top);
    if walk.has_errors() {
        return None;
    }
    problems.append(&mut walk.problems);

    // The contingents, piece by piece on every core.
    let read: Vec<Option<Piece>> = cuts
        .par_iter()
        .map(|cut| read_piece(path, text, cut))
        .collect();
    let mut reader = ArmyReader::default();
    let mut contingents = Vec::new();
    let mut units = 0;
    for piece in read {
        let mut piece = piece?;
        units += piece.units;
        contingents.append(&mut piece.contingents);
        reader.contingents.append(&mut piece.reader.contingents);
        reader.mentions.append(&mut piece.reader.mentions);
        problems.append(&mut piece.problems);
    }
    if units > MAX_UNITS {
        return None;
    }
    let mut walk = Walk::new(&whole);
    reader.check_names(&mut walk);
    if walk.has_errors() {
        return None;
    }
    problems.append(&mut walk.problems);
    Some(ArmyFile {
        army: Army {
            name: name?,
            side: side?,
            contingents,
            notes,
        },
        warnings: toml_walk::cap(path, problems),
        mentions: reader.mentions,
    })
}

/// Where the lines reading exactly `[[contingents]]` start (a comment may
/// follow): the places a file may be cut.
fn headers(text: &str) -> Vec<usize> {
    memchr::memmem::find_iter(text.as_bytes(), HEADER)
        .filter(|&at| {
            let line_start = at == 0 || text.as_bytes()[at - 1] == b'\n';
            let rest = &text[at + HEADER.len()..];
            let rest = rest.split('\n').next().unwrap_or_default().trim();
            line_start && (rest.is_empty() || rest.starts_with('#'))
        })
        .collect()
}

/// One piece of the contingents: its byte range, the index of its first
/// contingent in the army, and how many it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cut {
    range: Range<usize>,
    first: usize,
    count: usize,
}

/// Cuts the contingents (from the first header to the end) into at most
/// `pieces` pieces of about equal size, each starting at a header.
fn cuts(heads: &[usize], len: usize, pieces: usize) -> Vec<Cut> {
    let Some(&start) = heads.first() else {
        return Vec::new();
    };
    let pieces = pieces.clamp(1, heads.len());
    let mut firsts = vec![0];
    for k in 1..pieces {
        let aim = start + (len - start) * k / pieces;
        // The first header at or past the aim, or the last one.
        let i = heads.partition_point(|&h| h < aim).min(heads.len() - 1);
        if i > *firsts.last().unwrap_or(&0) {
            firsts.push(i);
        }
    }
    firsts
        .iter()
        .enumerate()
        .map(|(k, &first)| {
            let next = firsts.get(k + 1).copied();
            let end = next.map_or(len, |n| heads[n]);
            Cut {
                range: heads[first]..end,
                first,
                count: next.unwrap_or(heads.len()) - first,
            }
        })
        .collect()
}

/// What one piece gives: its contingents, the names met, its warnings and
/// its number of units.
struct Piece {
    contingents: Vec<Contingent>,
    reader: ArmyReader,
    problems: Vec<Problem>,
    units: usize,
}

/// Parses and checks one piece; `None` if it is not exactly `count`
/// contingents or has any error.
fn read_piece(path: &str, text: &str, cut: &Cut) -> Option<Piece> {
    let whole = Source::new(path, text);
    let src = whole.piece(cut.range.clone());
    let table = toml_walk::parse(&src).ok()?;
    let t = table.get_ref();
    let listed = t.get("contingents")?.get_ref().as_array()?;
    if t.len() != 1 || listed.len() != cut.count {
        return None;
    }
    let units = listed
        .iter()
        .filter_map(|c| c.get_ref().as_table()?.get("units")?.get_ref().as_array())
        .map(|u| u.len())
        .sum();
    if units > MAX_UNITS {
        return None;
    }
    let mut walk = Walk::new(&src);
    let mut f = Fields::new(t, table.span(), "");
    let tables = walk.tables_from(&mut f, "contingents", cut.first);
    let mut reader = ArmyReader::default();
    let contingents = reader.contingents(&mut walk, tables)?;
    if walk.has_errors() {
        return None;
    }
    Some(Piece {
        contingents,
        reader,
        problems: walk.problems,
        units,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_whole_lines() {
        let text = "name = \"x\"\n[[contingents]]\na = 1\n  [[contingents]]\n[[contingents]] # the left\nb = \"[[contingents]]\"\n[[contingents]]x\n";
        let at: Vec<&str> = headers(text)
            .iter()
            .map(|&i| text[i..].lines().next().unwrap())
            .collect();
        assert_eq!(at, ["[[contingents]]", "[[contingents]] # the left"]);
    }

    const TWO: &str = "name = \"Host\"\nside = \"Host\"\nnotes = \"\"\"\n[[contingents]]\n\"\"\"\n\n[[contingents]]\nname = \"Left\"\n\n[[contingents.units]]\nname = \"Fyrd\"\ntype = \"close_foot\"\nstands = 4\n\n[[contingents]]\nname = \"Right\"\n\n[[contingents.units]]\nname = \"Thegns\"\ntype = \"close_foot\"\nstands = 4\n";

    #[test]
    fn a_header_inside_a_note_is_not_a_place_to_cut() {
        assert_eq!(headers(TWO).len(), 3, "the note's line looks like a header");
        assert!(read("two.toml", TWO, 2).is_none(), "its piece is not TOML");
        let whole = super::super::read_army_whole("two.toml", TWO).unwrap();
        assert_eq!(whole.army.contingents.len(), 2);
        // Without the note, the same army is read in pieces.
        let plain = TWO.replace("notes = \"\"\"\n[[contingents]]\n\"\"\"\n", "");
        let pieces = read("two.toml", &plain, 2).unwrap().army;
        assert_eq!(pieces.contingents, whole.army.contingents);
    }

    #[test]
    fn cuts_are_balanced_and_start_at_headers() {
        let heads = [10, 20, 30, 40, 50, 60, 70, 80, 90];
        let c = cuts(&heads, 100, 2);
        assert_eq!(
            c,
            [
                Cut {
                    range: 10..60,
                    first: 0,
                    count: 5
                },
                Cut {
                    range: 60..100,
                    first: 5,
                    count: 4
                }
            ]
        );
        assert_eq!(cuts(&heads, 100, 1).len(), 1);
        assert_eq!(cuts(&heads, 100, 50).len(), 9, "at most one per contingent");
        // A last contingent bigger than all the others still gets its piece.
        assert_eq!(cuts(&[10, 20], 1000, 2).len(), 2);
        assert!(cuts(&[], 100, 2).is_empty());
    }
}
