//! The dice arithmetic under the odds: for n white dice, how many of the 6^n
//! rolls give each two-highest sum (with and without doubles among all the
//! dice), each number of hits, and each number of sixes and ones.
//!
//! Counts are exact (`u128`) while they fit, by closed forms rather than by
//! listing rolls; past that (dozens of dice) the same forms are evaluated in
//! floating point. Probability tables are cached per number of dice, so a
//! preview after the first costs only the mapping through the rules.

use std::borrow::Cow;
use std::sync::OnceLock;

/// Dice counts whose tables are cached; larger pools are computed each time.
const CACHED: usize = 129;

/// Ways of rolling each two-highest sum `0..=12`: `[no doubles, doubles]`,
/// where doubles means any two of all the dice show the same face.
pub type TopTwoCounts = [[u128; 2]; 13];

/// Probabilities of each two-highest sum `0..=12`: `[no doubles, doubles]`.
pub type TopTwo = [[f64; 2]; 13];

/// `n` choose `k`, exact, or `None` if it does not fit.
fn choose(n: u128, k: u128) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c (n - i) / (i + 1) is a whole number; dividing first keeps it in range.
        let g = gcd(c, i + 1);
        c = (c / g).checked_mul((n - i) / ((i + 1) / g))?;
    }
    Some(c)
}

/// Ways `n` dice give each two-highest sum, exact, or `None` when the counts
/// do not fit in 128 bits.
///
/// With the highest die `a` and the second `b`: `a = b` in
/// `a^n - (a-1)^n - n (a-1)^(n-1)` rolls (all at most `a`, at least two `a`);
/// `a > b` in `n (b^(n-1) - (b-1)^(n-1))` rolls (one `a`, the rest at most
/// `b`, at least one `b`), of which `n! C(b-1, n-2)` show no doubles at all.
/// One die counts alone; no dice make 0.
pub fn top_two_counts(n: u32) -> Option<TopTwoCounts> {
    6u128.checked_pow(n)?; // the total must fit too
    let mut t = [[0u128; 2]; 13];
    match n {
        0 => t[0][0] = 1,
        1 => (1..=6).for_each(|v| t[v][0] = 1),
        _ => {
            let pow = |b: u128, e: u32| b.checked_pow(e);
            let nn = u128::from(n);
            for a in 1..=6u128 {
                let both = pow(a, n)? - pow(a - 1, n)? - nn.checked_mul(pow(a - 1, n - 1)?)?;
                t[2 * a as usize][1] += both;
                for b in 1..a {
                    let ways = nn.checked_mul(pow(b, n - 1)? - pow(b - 1, n - 1)?)?;
                    let distinct = if n <= 6 {
                        (1..=nn).product::<u128>() * choose(b - 1, nn - 2)?
                    } else {
                        0
                    };
                    let s = (a + b) as usize;
                    t[s][0] += distinct;
                    t[s][1] += ways - distinct;
                }
            }
        }
    }
    Some(t)
}

/// The same closed forms in floating point, for pools too big to count exactly.
fn top_two_float(n: u32) -> TopTwo {
    let mut t = [[0.0; 2]; 13];
    let nf = f64::from(n);
    let p = |face: u32, e: u32| (f64::from(face) / 6.0).powi(e as i32);
    for a in 1..=6u32 {
        let both = p(a, n) - p(a - 1, n) - nf / 6.0 * p(a - 1, n - 1);
        t[2 * a as usize][1] += both.max(0.0);
        for b in 1..a {
            let ways = nf / 6.0 * (p(b, n - 1) - p(b - 1, n - 1));
            // More than 6 dice always show doubles.
            t[(a + b) as usize][1] += ways.max(0.0);
        }
    }
    t
}

/// Probabilities of each two-highest sum (and doubles) for `n` dice.
pub fn top_two(n: u32) -> TopTwo {
    static CACHE: [OnceLock<TopTwo>; CACHED] = [const { OnceLock::new() }; CACHED];
    let make = || match top_two_counts(n) {
        Some(c) => {
            let total = c.iter().flatten().sum::<u128>() as f64;
            c.map(|row| row.map(|x| x as f64 / total))
        }
        None => top_two_float(n),
    };
    match CACHE.get(n as usize) {
        Some(cell) => *cell.get_or_init(make),
        None => make(),
    }
}

/// Ways `n` dice give each number `k` of dice on the `hit_faces` faces (of
/// 6): `C(n, k) h^k (6-h)^(n-k)`, reduced by the common factor so that the
/// counts are out of `d^n` with `d = 6 / gcd(h, 6)`. `None` if they do not fit.
pub fn hits_counts(n: u32, hit_faces: u32) -> Option<Vec<u128>> {
    let h = u128::from(hit_faces.min(6));
    let g = gcd(h, 6);
    let (yes, no) = (h / g, (6 - h) / g);
    (6 / g).checked_pow(n)?; // the total must fit too
    let row = pascal_row(n)?;
    let (yes, no) = (powers(yes, n)?, powers(no, n)?);
    let n = n as usize;
    (0..=n)
        .map(|k| row[k].checked_mul(yes[k])?.checked_mul(no[n - k]))
        .collect()
}

/// Pascal's triangle to row `n`, exact, by additions only; `None` if it does not fit.
fn pascal(n: u32) -> Option<Vec<Vec<u128>>> {
    let mut rows: Vec<Vec<u128>> = vec![vec![1]];
    for m in 1..=n as usize {
        let prev = &rows[m - 1];
        let mut row = Vec::with_capacity(m + 1);
        row.push(1);
        for k in 1..m {
            row.push(prev[k - 1].checked_add(prev[k])?);
        }
        row.push(1);
        rows.push(row);
    }
    Some(rows)
}

/// Row `n` of Pascal's triangle, built in place; `None` if it does not fit.
fn pascal_row(n: u32) -> Option<Vec<u128>> {
    let n = n as usize;
    let mut row = vec![0u128; n + 1];
    row[0] = 1;
    for m in 1..=n {
        for k in (1..=m).rev() {
            row[k] = row[k].checked_add(row[k - 1])?;
        }
    }
    Some(row)
}

/// `base^0 ..= base^n`, exact; `None` if they do not fit.
fn powers(base: u128, n: u32) -> Option<Vec<u128>> {
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut x: u128 = 1;
    out.push(x);
    for _ in 0..n {
        x = x.checked_mul(base)?;
        out.push(x);
    }
    Some(out)
}

/// Greatest common divisor (of 0 and x it is x).
fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `ln(k!)` for every `k` up to `n`.
fn ln_factorials(n: u32) -> Vec<f64> {
    let mut out = Vec::with_capacity(n as usize + 1);
    let mut acc = 0.0;
    out.push(0.0);
    for k in 1..=n {
        acc += f64::from(k).ln();
        out.push(acc);
    }
    out
}

/// `q^e` in log form, with `0^0 = 1`.
fn ln_pow(q: f64, e: u32) -> f64 {
    if e == 0 { 0.0 } else { f64::from(e) * q.ln() }
}

/// Binomial probabilities in floating point (log form), for big pools.
fn hits_float(n: u32, hit_faces: u32) -> Vec<f64> {
    let p = f64::from(hit_faces.min(6)) / 6.0;
    let lf = ln_factorials(n);
    let t = (0..=n)
        .map(|k| {
            let ln = lf[n as usize] - lf[k as usize] - lf[(n - k) as usize]
                + ln_pow(p, k)
                + ln_pow(1.0 - p, n - k);
            ln.exp()
        })
        .collect::<Vec<_>>();
    normalised(t)
}

/// Divides by the sum, so that rounding in the logs cannot leave the total off 1.
fn normalised(mut t: Vec<f64>) -> Vec<f64> {
    let total: f64 = t.iter().sum();
    t.iter_mut().for_each(|p| *p /= total);
    t
}

/// Probabilities of each number of dice (0 to `n`) on `hit_faces` of the 6 faces.
pub fn hits(n: u32, hit_faces: u32) -> Cow<'static, [f64]> {
    static CACHE: [[OnceLock<Box<[f64]>>; CACHED]; 7] =
        [const { [const { OnceLock::new() }; CACHED] }; 7];
    let make = || -> Box<[f64]> {
        match hits_counts(n, hit_faces) {
            Some(c) => {
                let total = c.iter().sum::<u128>() as f64;
                c.iter().map(|&x| x as f64 / total).collect()
            }
            None => hits_float(n, hit_faces).into(),
        }
    };
    match CACHE
        .get(hit_faces as usize)
        .and_then(|row| row.get(n as usize))
    {
        Some(cell) => Cow::Borrowed(cell.get_or_init(make)),
        None => Cow::Owned(make().into_vec()),
    }
}

/// Ways `n` dice show `s` sixes and `o` ones, out of 6^n, at index
/// `s * (n + 1) + o`: `n! / (s! o! r!) 4^r` with `r = n - s - o` the other
/// dice. `None` if the counts do not fit.
pub fn sixes_ones_counts(n: u32) -> Option<Vec<u128>> {
    6u128.checked_pow(n)?; // the total must fit too
    let n = n as usize;
    let w = n + 1;
    let c = pascal(n as u32)?;
    let fours = powers(4, n as u32)?;
    let mut t = vec![0u128; w * w];
    for s in 0..=n {
        for o in 0..=(n - s) {
            t[s * w + o] = c[n][s]
                .checked_mul(c[n - s][o])?
                .checked_mul(fours[n - s - o])?;
        }
    }
    Some(t)
}

/// The multinomial in floating point (log form), for big pools.
fn sixes_ones_float(n: u32) -> Vec<f64> {
    let w = n as usize + 1;
    let lf = ln_factorials(n);
    let mut t = vec![0.0; w * w];
    for s in 0..=n {
        for o in 0..=(n - s) {
            let r = n - s - o;
            let ln = lf[n as usize] - lf[s as usize] - lf[o as usize] - lf[r as usize]
                + ln_pow(1.0 / 6.0, s + o)
                + ln_pow(4.0 / 6.0, r);
            t[s as usize * w + o as usize] = ln.exp();
        }
    }
    normalised(t)
}

/// Probabilities of `s` sixes and `o` ones among `n` dice, at `s * (n + 1) + o`.
pub fn sixes_ones(n: u32) -> Cow<'static, [f64]> {
    static CACHE: [OnceLock<Box<[f64]>>; CACHED] = [const { OnceLock::new() }; CACHED];
    let make = || -> Box<[f64]> {
        match sixes_ones_counts(n) {
            Some(c) => {
                let total = c.iter().sum::<u128>() as f64;
                c.iter().map(|&x| x as f64 / total).collect()
            }
            None => sixes_ones_float(n).into(),
        }
    };
    match CACHE.get(n as usize) {
        Some(cell) => Cow::Borrowed(cell.get_or_init(make)),
        None => Cow::Owned(make().into_vec()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_forms_agree_with_exact_counts() {
        for n in [2, 7, 20, 40] {
            if n > 6 {
                let exact = top_two(n);
                let float = top_two_float(n);
                for s in 0..13 {
                    for d in 0..2 {
                        assert!((exact[s][d] - float[s][d]).abs() < 1e-12, "n {n} sum {s}");
                    }
                }
            }
            let e = hits(n, 3);
            let f = hits_float(n, 3);
            assert!(e.iter().zip(&f).all(|(a, b)| (a - b).abs() < 1e-12));
            let e = sixes_ones(n);
            let f = sixes_ones_float(n);
            assert!(e.iter().zip(&f).all(|(a, b)| (a - b).abs() < 1e-12));
        }
    }

    #[test]
    fn exact_counts_stop_where_128_bits_end() {
        assert!(top_two_counts(49).is_some());
        assert!(top_two_counts(50).is_none());
        assert!(hits_counts(127, 3).is_some(), "out of 2^127");
        assert!(hits_counts(128, 3).is_none(), "2^128 does not fit");
        let big = top_two(200);
        let sum: f64 = big.iter().flatten().sum();
        assert!((sum - 1.0).abs() < 1e-12);
        assert!(big[12][1] > 0.99, "200 dice nearly always show two sixes");
    }
}
