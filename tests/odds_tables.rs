//! The dice arithmetic of `herald::odds::tables` against brute-force
//! enumeration of every roll, exactly, and against published reference values.

use herald::dice::faces;
use herald::odds::tables::{
    hits, hits_counts, sixes_ones, sixes_ones_counts, top_two, top_two_counts,
};
use herald::rules::warlords::counted::TwoHighest;

/// Every roll of `n` dice, each as its faces.
fn rolls(n: u32) -> impl Iterator<Item = Vec<u8>> {
    (0..6usize.pow(n)).map(move |mut i| {
        (0..n)
            .map(|_| {
                let f = (i % 6) as u8 + 1;
                i /= 6;
                f
            })
            .collect()
    })
}

#[test]
fn top_two_sums_of_3d6_and_4d6_match_the_reference_counts() {
    let sums = |n| -> Vec<u128> {
        let t = top_two_counts(n).unwrap();
        (2..=12).map(|s| t[s][0] + t[s][1]).collect()
    };
    assert_eq!(sums(3), [1, 3, 7, 12, 19, 27, 34, 36, 34, 27, 16]);
    assert_eq!(sums(3).iter().sum::<u128>(), 216);
    assert_eq!(sums(4), [1, 4, 15, 32, 65, 108, 171, 224, 261, 244, 171]);
    assert_eq!(sums(4).iter().sum::<u128>(), 1296);
}

#[test]
fn top_two_counts_equal_enumeration_for_up_to_6_dice() {
    for n in 0..=6 {
        let mut brute = [[0u128; 2]; 13];
        for roll in rolls(n) {
            let read = TwoHighest::of(&faces(&roll).unwrap());
            brute[read.sum as usize][usize::from(read.any_doubles)] += 1;
        }
        assert_eq!(top_two_counts(n).unwrap(), brute, "{n} dice");
    }
}

#[test]
fn hit_counts_equal_enumeration_for_up_to_6_dice() {
    for n in 0..=6u32 {
        for h in 0..=6u32 {
            let mut brute = vec![0u128; n as usize + 1];
            for roll in rolls(n) {
                // Any h faces will do: take the highest h.
                let k = roll.iter().filter(|&&f| u32::from(f) > 6 - h).count();
                brute[k] += 1;
            }
            let counts = hits_counts(n, h).unwrap();
            // counts are out of d^n with d = 6 / gcd(h, 6); brute out of 6^n.
            let d = [1u128, 6, 3, 2, 3, 6, 1][h as usize];
            for k in 0..=n as usize {
                assert_eq!(
                    brute[k] * d.pow(n),
                    counts[k] * 6u128.pow(n),
                    "{n} dice, {h} faces hit, {k} hits"
                );
            }
        }
    }
}

#[test]
fn sixes_and_ones_counts_equal_enumeration_for_up_to_6_dice() {
    for n in 0..=6u32 {
        let w = n as usize + 1;
        let mut brute = vec![0u128; w * w];
        for roll in rolls(n) {
            let s = roll.iter().filter(|&&f| f == 6).count();
            let o = roll.iter().filter(|&&f| f == 1).count();
            brute[s * w + o] += 1;
        }
        assert_eq!(sixes_ones_counts(n).unwrap(), brute, "{n} dice");
    }
}

#[test]
fn every_table_sums_to_1_small_and_large() {
    for n in [0, 1, 2, 5, 12, 48, 49, 50, 60, 128, 129, 300] {
        let t: f64 = top_two(n).iter().flatten().sum();
        assert!((t - 1.0).abs() < 1e-12, "top two of {n}: {t}");
        for h in [1, 2, 3, 6] {
            let t: f64 = hits(n, h).iter().sum();
            assert!((t - 1.0).abs() < 1e-12, "hits of {n} on {h} faces: {t}");
        }
        if n <= 130 {
            let t: f64 = sixes_ones(n).iter().sum();
            assert!((t - 1.0).abs() < 1e-12, "sixes and ones of {n}: {t}");
        }
    }
}

#[test]
fn sixty_dice_needing_4_are_binomial_exactly() {
    let h = hits(60, 3);
    let c = hits_counts(60, 3).unwrap();
    assert_eq!(c[30], 118_264_581_564_861_424, "C(60, 30)");
    assert!((h[30] - 118_264_581_564_861_424.0 / 2f64.powi(60)).abs() < 1e-15);
}

/// The largest difference between probabilities and exact counts over their
/// total: absolute, and relative to the exact value where it is not 0.
fn worst(probabilities: &[f64], counts: &[u128]) -> (f64, f64) {
    let total = counts.iter().sum::<u128>() as f64;
    let mut worst = (0.0f64, 0.0f64);
    for (&p, &c) in probabilities.iter().zip(counts) {
        let exact = c as f64 / total;
        let off = (p - exact).abs();
        worst.0 = worst.0.max(off);
        if c > 0 {
            worst.1 = worst.1.max(off / exact);
        }
    }
    worst
}

#[test]
fn probabilities_agree_with_exact_counts_wherever_they_fit() {
    // Two highest: the counts over the total themselves, to the last bit.
    for n in 0..=49 {
        let c = top_two_counts(n).unwrap();
        let total = 6u128.pow(n) as f64;
        let t = top_two(n);
        for s in 0..13 {
            for d in 0..2 {
                assert_eq!(t[s][d], c[s][d] as f64 / total, "top two of {n}: {s} {d}");
            }
        }
    }
    // Hits on any number of faces, sixes and ones: every pool whose counts fit.
    let check = |what: String, p: &[f64], c: &[u128]| {
        assert_eq!(p.len(), c.len(), "{what}");
        let (absolute, relative) = worst(p, c);
        assert!(absolute < 1e-15, "{what}: off by {absolute}");
        assert!(
            relative < 1e-13,
            "{what}: off by {relative} of the exact value"
        );
    };
    let mut pools = 0;
    for h in 0..=6 {
        for n in 0.. {
            let Some(c) = hits_counts(n, h) else { break };
            check(format!("hits of {n} on {h} faces"), &hits(n, h), &c);
            pools += 1;
        }
    }
    assert_eq!(hits_counts(127, 3).map(|c| c.len()), Some(128));
    for n in 0.. {
        let Some(c) = sixes_ones_counts(n) else { break };
        check(format!("sixes and ones of {n}"), &sixes_ones(n), &c);
        pools += 1;
    }
    assert!(pools > 600, "{pools} pools checked");
}
