//! Dice as files write them, for every system: one list of faces per pool
//! the system declares (`dice = { white = [6, 3], red = [2] }`), each face
//! checked against its pool's faces and placed when wrong. A pool the
//! system does not roll is refused as a field it does not know.

use super::toml_walk::{self, Fields, Walk};
use crate::dice::{Dice, Die, Pool};

/// The faces of one list, each 1 to `faces`.
pub fn faces<'s>(
    walk: &mut Walk<'_, 's>,
    f: &mut Fields<'_, 's>,
    key: &'static str,
    faces: u8,
) -> Vec<Die> {
    let mut out = Vec::new();
    for (path, item) in walk.list(f, key) {
        match toml_walk::integer(item.get_ref()) {
            Some(v) if (1..=i64::from(faces)).contains(&v) => out.extend(Die::of(v as u8, faces)),
            Some(v) => walk.error(
                item.span(),
                path,
                format!("a die shows 1 to {faces}; {v} is not a die face"),
            ),
            None => walk.error(
                item.span(),
                path,
                format!(
                    "a die is a whole number 1 to {faces}, not {}",
                    toml_walk::kind(item.get_ref())
                ),
            ),
        }
    }
    out
}

/// The dice of a table holding one list per pool of `pools`; other keys
/// are left for the caller's `finish` to report as unknown.
pub fn pools<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, pools: &[Pool]) -> Dice {
    let mut d = Dice::default();
    for pool in pools {
        *d.of_mut(pool.colour) = faces(walk, f, pool.colour.name(), pool.faces);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Colour;
    use crate::store::toml_walk::{Source, parse};

    /// Reads `text`'s top table with `read`; its problems as messages.
    fn read(text: &str, pools_of: &[Pool]) -> (Dice, Vec<String>) {
        let src = Source::new("t.toml", text);
        let table = parse(&src).unwrap();
        let mut walk = Walk::new(&src);
        let mut f = Fields::new(table.get_ref(), table.span(), "dice");
        let d = pools(&mut walk, &mut f, pools_of);
        walk.finish(f);
        (d, walk.problems.iter().map(|p| p.to_string()).collect())
    }

    #[test]
    fn each_declared_pool_is_read_and_others_refused() {
        let all = [
            Pool::d6(Colour::White),
            Pool::d6(Colour::Red),
            Pool::d6(Colour::Yellow),
        ];
        let (d, ps) = read("white = [6, 1]\nred = [3]\nyellow = [2]\n", &all);
        assert!(ps.is_empty(), "{ps:?}");
        assert_eq!((d.white.len(), d.red.len(), d.yellow.len()), (2, 1, 1));
        let (d, ps) = read("white = [6]\nred = [3]\n", &[Pool::d6(Colour::White)]);
        assert_eq!(d.white.len(), 1);
        assert!(d.red.is_empty());
        assert_eq!(ps.len(), 1, "{ps:?}");
        assert!(ps[0].contains("unknown field 'red'"), "{ps:?}");
        let (_, ps) = read("white = [7, \"x\"]\n", &[Pool::d6(Colour::White)]);
        assert!(
            ps[0].contains("a die shows 1 to 6; 7 is not a die face"),
            "{ps:?}"
        );
        assert!(ps[1].contains("a die is a whole number 1 to 6"), "{ps:?}");
        let (d, ps) = read("d20 = [20, 1]\n", &[Pool::d20()]);
        assert!(ps.is_empty(), "{ps:?}");
        assert_eq!(d.d20.iter().map(|d| d.value()).collect::<Vec<_>>(), [20, 1]);
        let (_, ps) = read("d20 = [21]\n", &[Pool::d20()]);
        assert!(ps[0].contains("a die shows 1 to 20"), "{ps:?}");
    }
}
