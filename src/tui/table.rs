//! Unit tables for every console: a system gives its columns (title and
//! width, or 0 for a column that shares what is left, such as a unit's
//! name) and each row's cells; the shell sizes the columns to the screen,
//! splits the height between the two sides, and keeps the selection in view.

use ratatui::buffer::Buffer;
use ratatui::text::Span;

/// One column of a system's unit table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Its title in the header row.
    pub title: &'static str,
    /// Its width in cells; 0 for a column that shares what is left.
    pub width: u16,
}

/// Where each column starts and how wide it is, for a table width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    /// Each column's start (from the table's left) and width.
    pub at: Vec<(u16, u16)>,
}

impl Columns {
    /// The columns of `spec` for a table `width` wide, the shared ones
    /// wanting `wants` cells (their longest cell, in order). The first
    /// shared column gets what it wants, or at least 2/3 of what is left
    /// when all cannot fit; the last takes the rest.
    pub fn new(spec: &[Column], width: u16, wants: &[u16]) -> Columns {
        let fixed: u16 = spec.iter().map(|c| c.width).sum::<u16>() + spec.len() as u16 - 1;
        let mut rest = width.saturating_sub(fixed);
        let shared = spec.iter().filter(|c| c.width == 0).count();
        let others: u16 = wants.iter().skip(1).sum();
        let mut wants = wants.iter().copied();
        let mut nth = 0;
        let mut at = Vec::with_capacity(spec.len());
        let mut x = 0;
        for c in spec {
            let w = if c.width > 0 {
                c.width
            } else {
                nth += 1;
                let want = wants.next().unwrap_or(0);
                let w = if nth == shared {
                    rest
                } else if nth == 1 {
                    want.min(rest.saturating_sub(others).max(rest * 2 / 3))
                } else {
                    want.min(rest)
                };
                rest -= w;
                w
            };
            at.push((x, w));
            x += w + 1;
        }
        Columns { at }
    }

    /// Writes a row's cells, each cut to its column.
    pub fn draw(&self, buf: &mut Buffer, x: u16, y: u16, cells: &[Span<'_>]) {
        let right = buf.area.right();
        for ((dx, w), c) in self.at.iter().zip(cells) {
            let cx = x + dx;
            if *w == 0 || cx >= right {
                continue;
            }
            let w = (*w).min(right - cx);
            buf.set_stringn(cx, y, &c.content, w as usize, c.style);
        }
    }
}

/// The first table's rows out of `height` when the tables need `a` and `b`
/// rows (units, title and column header): halves when both fit in them,
/// else each side whole when it can be (a side of 13 units is not cut to
/// 12 beside one of 12), else halves.
pub fn split(height: u16, a: u16, b: u16) -> u16 {
    let half = height / 2;
    if a <= half && b <= height - half {
        half
    } else if a <= half || u32::from(a) + u32::from(b) <= u32::from(height) {
        a
    } else if b <= height - half {
        height - b
    } else {
        half
    }
}

/// The first visible row for a selection in a window of `rows`.
pub fn offset(selected: usize, rows: usize) -> usize {
    if rows == 0 {
        0
    } else {
        selected.saturating_sub(rows - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::{Column, Columns, split};

    /// Warlords' twelve columns, its name (2) and personalities (10) shared.
    const SPEC: [Column; 12] = {
        const fn c(width: u16) -> Column {
            Column { title: "", width }
        }
        [
            c(1),
            c(3),
            c(0),
            c(5),
            c(4),
            c(6),
            c(4),
            c(9),
            c(2),
            c(3),
            c(0),
            c(3),
        ]
    };

    #[test]
    fn each_side_gets_rows_for_its_units() {
        // 12 and 13 units (14 and 15 rows) in 29: both whole.
        assert_eq!(split(29, 14, 15), 14);
        // In 16 rows neither fits: halves.
        assert_eq!(split(16, 14, 15), 8);
        // 200 units against 3: the small side keeps its 5 rows.
        assert_eq!(split(29, 202, 5), 24);
        assert_eq!(split(29, 5, 202), 5);
        assert_eq!(split(0, 5, 5), 0);
        // Small armies: halves, as before.
        assert_eq!(split(16, 4, 4), 8);
    }

    #[test]
    fn the_first_shared_column_takes_what_it_needs() {
        let widths = |w, name, people| {
            let c = Columns::new(&SPEC, w, &[name, people]);
            (c.at[2].1, c.at[10].1)
        };
        // 51 cells are fixed; at 120 there are 69 for names and personalities.
        assert_eq!(
            widths(120, 32, 31),
            (32, 37),
            "both fit: the rest to personalities"
        );
        // At 80 only 29: the name gets 2/3 unless the personalities are short.
        assert_eq!(widths(80, 32, 15), (19, 10));
        assert_eq!(widths(80, 32, 4), (25, 4));
        // Short names leave the room to the personalities.
        assert_eq!(widths(80, 10, 40), (10, 19));
    }
}
