//! The dice arithmetic under the odds: for n white dice, how often each
//! two-highest sum comes up (with and without doubles among all the dice),
//! each number of hits, and each number of sixes and ones.
//!
//! Nothing is cached: every table costs well under the 10 µs a preview may
//! take (`benches/odds_first.rs` times first calls in fresh processes).
//!
//! - Two highest: exact counts (`u128`, closed forms) while 6^n fits, for
//!   up to 49 dice, turned into probabilities at compile time; past that
//!   the same forms in floating point.
//! - Hits, sixes and ones: binomial terms in floating point, each from its
//!   neighbour by an exact ratio of whole numbers, starting at the most
//!   likely count. They agree with the exact counts ([`hits_counts`],
//!   [`sixes_ones_counts`]) to within 1e-15 wherever those fit
//!   (`tests/odds_tables.rs` checks every such pool).

/// Ways of rolling each two-highest sum `0..=12`: `[no doubles, doubles]`,
/// where doubles means any two of all the dice show the same face.
pub type TopTwoCounts = [[u128; 2]; 13];

/// Probabilities of each two-highest sum `0..=12`: `[no doubles, doubles]`.
pub type TopTwo = [[f64; 2]; 13];

/// `n` choose `k`, for the few faces [`top_two_counts`] asks about.
const fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let (mut c, mut i) = (1, 0);
    while i < k {
        // c is C(n, i), and C(n, i) (n - i) = C(n, i + 1) (i + 1).
        c = c * (n - i) / (i + 1);
        i += 1;
    }
    c
}

/// Ways `n` dice give each two-highest sum, exact, or `None` when the counts
/// do not fit in 128 bits.
///
/// With the highest die `a` and the second `b`: `a = b` in
/// `a^n - (a-1)^n - n (a-1)^(n-1)` rolls (all at most `a`, at least two `a`);
/// `a > b` in `n (b^(n-1) - (b-1)^(n-1))` rolls (one `a`, the rest at most
/// `b`, at least one `b`), of which `n! C(b-1, n-2)` show no doubles at all.
/// One die counts alone; no dice make 0.
pub const fn top_two_counts(n: u32) -> Option<TopTwoCounts> {
    // Every term counts some of the 6^n rolls, so once the total fits,
    // nothing below can overflow.
    if 6u128.checked_pow(n).is_none() {
        return None;
    }
    let mut t = [[0u128; 2]; 13];
    match n {
        0 => t[0][0] = 1,
        1 => {
            let mut v = 1;
            while v <= 6 {
                t[v][0] = 1;
                v += 1;
            }
        }
        _ => {
            let nn = n as u128;
            let mut a = 1u128;
            while a <= 6 {
                let both = a.pow(n) - (a - 1).pow(n) - nn * (a - 1).pow(n - 1);
                t[2 * a as usize][1] += both;
                let mut b = 1u128;
                while b < a {
                    let ways = nn * (b.pow(n - 1) - (b - 1).pow(n - 1));
                    let distinct = if n <= 6 {
                        let (mut fact, mut i) = (1u128, 2u128);
                        while i <= nn {
                            fact *= i;
                            i += 1;
                        }
                        fact * choose(b - 1, nn - 2)
                    } else {
                        0
                    };
                    let s = (a + b) as usize;
                    t[s][0] += distinct;
                    t[s][1] += ways - distinct;
                    b += 1;
                }
                a += 1;
            }
        }
    }
    Some(t)
}

/// Pools with exact two-highest counts: 6^49 fits in 128 bits, 6^50 does not.
const EXACT_TOP_TWO: usize = 50;
const _: () = assert!(top_two_counts(EXACT_TOP_TWO as u32).is_none());

/// The probabilities of every pool with exact counts, worked out by the
/// compiler: each count over the total, as `f64`.
static TOP_TWO: [TopTwo; EXACT_TOP_TWO] = {
    let mut out = [[[0.0; 2]; 13]; EXACT_TOP_TWO];
    let mut n = 0;
    while n < EXACT_TOP_TWO {
        let Some(c) = top_two_counts(n as u32) else {
            panic!("6^n fits below EXACT_TOP_TWO");
        };
        let total = 6u128.pow(n as u32) as f64;
        let mut s = 0;
        while s < 13 {
            out[n][s] = [c[s][0] as f64 / total, c[s][1] as f64 / total];
            s += 1;
        }
        n += 1;
    }
    out
};

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
    match TOP_TWO.get(n as usize) {
        Some(t) => *t,
        None => top_two_float(n),
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

/// Writes into `out` (`n + 1` long) the chance of each number `k` of
/// successes in `n` trials that each succeed `yes` times in `yes + no`,
/// scaled so that they sum to `mass`.
///
/// The most likely `k` starts at 1 and every other term is its neighbour
/// times `(n - k) yes / ((k + 1) no)` or the inverse: whole numbers, exact
/// in `f64`, so each step rounds twice and a term `j` steps from the start
/// is within about `2j` units in the last place. Going outward the terms
/// only shrink, so nothing overflows, and only terms below 1e-308 of the
/// largest underflow.
fn binomial(n: u32, yes: u32, no: u32, mass: f64, out: &mut [f64]) {
    let n = n as usize;
    debug_assert_eq!(out.len(), n + 1);
    if yes == 0 || no == 0 {
        out.fill(0.0);
        out[if yes == 0 { 0 } else { n }] = mass;
        return;
    }
    // floor((n + 1) p) is a most likely count, and below n + 1 as p < 1.
    let mode = (n as u64 + 1) * u64::from(yes) / u64::from(yes + no);
    let mode = mode as usize;
    let (yes, no) = (f64::from(yes), f64::from(no));
    out[mode] = 1.0;
    let mut sum = 1.0;
    let mut w = 1.0;
    for k in mode..n {
        w *= ((n - k) as f64 * yes) / ((k + 1) as f64 * no);
        out[k + 1] = w;
        sum += w;
    }
    w = 1.0;
    for k in (1..=mode).rev() {
        w *= (k as f64 * no) / ((n - k + 1) as f64 * yes);
        out[k - 1] = w;
        sum += w;
    }
    let scale = mass / sum;
    out.iter_mut().for_each(|p| *p *= scale);
}

/// Probabilities of each number of dice (0 to `n`) on `hit_faces` of the 6 faces.
pub fn hits(n: u32, hit_faces: u32) -> Vec<f64> {
    let h = hit_faces.min(6);
    let mut t = vec![0.0; n as usize + 1];
    binomial(n, h, 6 - h, 1.0, &mut t);
    t
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

/// Probabilities of `s` sixes and `o` ones among `n` dice, at `s * (n + 1) + o`
/// (0 where `s + o > n`).
///
/// The sixes are binomial (1 face in 6); given `s` of them, the ones among
/// the other `n - s` dice are binomial too (1 face in the 5 left).
pub fn sixes_ones(n: u32) -> Vec<f64> {
    let w = n as usize + 1;
    let mut t = vec![0.0; w * w];
    let mut sixes = vec![0.0; w];
    binomial(n, 1, 5, 1.0, &mut sixes);
    for (s, &p) in sixes.iter().enumerate() {
        binomial(n - s as u32, 1, 4, p, &mut t[s * w..s * w + w - s]);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Divides by the sum.
    fn normalised(mut t: Vec<f64>) -> Vec<f64> {
        let total: f64 = t.iter().sum();
        t.iter_mut().for_each(|p| *p /= total);
        t
    }

    /// Binomial probabilities in log form: another way to the same numbers.
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

    /// The multinomial in log form: another way to the same numbers.
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
    fn binomials_agree_with_the_log_form_past_exact_counts() {
        for n in [128, 200, 320, 500] {
            for h in 1..=5 {
                let (a, b) = (hits(n, h), hits_float(n, h));
                let off = a
                    .iter()
                    .zip(&b)
                    .map(|(x, y)| (x - y).abs())
                    .fold(0.0, f64::max);
                assert!(off < 1e-12, "{n} dice on {h} faces: off by {off}");
            }
        }
        for n in [50, 100, 140] {
            let (a, b) = (sixes_ones(n), sixes_ones_float(n));
            let off = a
                .iter()
                .zip(&b)
                .map(|(x, y)| (x - y).abs())
                .fold(0.0, f64::max);
            assert!(off < 1e-12, "sixes and ones of {n}: off by {off}");
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
