use super::output::{small_rem, SMALL};
use super::*;

#[test]
fn same_seed_same_stream_different_seed_differs() {
    let mut a = Rng::new(&RngSpec::Pcg64, 7);
    let mut b = Rng::new(&RngSpec::Pcg64, 7);
    let mut c = Rng::new(&RngSpec::Pcg64, 8);
    let xa: Vec<i64> = (0..32).map(|_| a.below(1000)).collect();
    let xb: Vec<i64> = (0..32).map(|_| b.below(1000)).collect();
    let xc: Vec<i64> = (0..32).map(|_| c.below(1000)).collect();
    assert_eq!(xa, xb);
    assert_ne!(xa, xc);
}

#[test]
fn below_stays_in_range_and_empty_range_draws_nothing() {
    let mut a = Rng::new(&RngSpec::Pcg64, 1);
    let mut b = a.clone();
    assert_eq!(a.below(0), 0);
    assert_eq!(a.below(-5), 0);
    assert_eq!(
        a.below(10),
        b.below(10),
        "rnd(0) must not advance the stream"
    );
    for _ in 0..1000 {
        let v = a.below(7);
        assert!((0..7).contains(&v));
    }
}

#[test]
fn small_remainders_equal_the_division() {
    for d in 1..SMALL {
        for v in (0..2000u32)
            .chain(u32::MAX - 2000..=u32::MAX)
            .chain((0..64).map(|k| 1u32.rotate_left(k % 32).wrapping_mul(2654435761u32 ^ k)))
        {
            assert_eq!(small_rem(v, d), v % d as u32, "{v} % {d}");
        }
    }
}

#[test]
fn discarding_draws_leaves_the_stream_where_the_draws_would() {
    let high = RngSpec::Lcg32 {
        multiplier: 1103515245,
        increment: 12345,
        output: LcgOutput::High { shift: 16 },
    };
    for spec in [RngSpec::Pcg64, borland_lcg(), high] {
        for count in [0, 1, 7, 8, 9, 11, 38] {
            let (mut a, mut b) = (Rng::new(&spec, 9), Rng::new(&spec, 9));
            for _ in 0..count {
                a.below(5);
            }
            assert!(b.discard_below(5, count));
            assert_eq!(a.below(1000), b.below(1000), "{spec:?} {count}");
        }
    }
    // the state before -2^31: discarding over it refuses and draws nothing
    let mut l = Rng::new(&borland_lcg(), 0);
    let Rng::Lcg32(ref mut g) = l else {
        unreachable!()
    };
    let a = 22695477u32;
    let mut inv = a; // Newton's iteration for the inverse mod 2^32
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(inv)));
    }
    assert_eq!(a.wrapping_mul(inv), 1);
    g.state = (1u32 << 31).wrapping_sub(1).wrapping_mul(inv);
    // |-2^31| >> 16 = -32768, and -32768 % 5 truncates toward zero
    let negative = -(32768 % 5);
    assert_eq!(g.clone().below(5), negative);
    assert!(!l.discard_below(5, 3));
    assert_eq!(l.below(5), negative, "nothing was drawn");
    // ... also when it comes late in a long discard (the four-lane path)
    for back in [5, 10, 19] {
        let mut s = 1u32 << 31;
        for _ in 0..back {
            s = s.wrapping_sub(1).wrapping_mul(inv); // one step back
        }
        let mut l = Rng::new(&borland_lcg(), s as u64);
        assert!(!l.discard_below(5, 20), "{back}");
        assert!(l.discard_below(5, back - 1));
        assert_eq!(l.below(5), negative);
    }
}

#[test]
fn chance_is_roughly_fair() {
    let mut a = Rng::new(&RngSpec::Pcg64, 3);
    let hits = (0..20_000).filter(|_| a.chance(0.25)).count();
    assert!((4500..5500).contains(&hits), "{hits}");
}

fn borland_lcg() -> RngSpec {
    RngSpec::Lcg32 {
        multiplier: 22695477,
        increment: 1,
        output: LcgOutput::AbsShift {
            shift: 16,
            shift_max_bound: 32767,
        },
    }
}

/// shared/spec/diablo.md §1.2 sanity values (DevilutionX test/random_test.cpp).
#[test]
fn lcg_matches_the_spec_sanity_values() {
    let mut r = Rng::new(&borland_lcg(), 0);
    r.below(32768);
    assert_eq!(r.lcg_state(), Some(1));
    r.below(1);
    assert_eq!(r.lcg_state(), Some(22695478));
    let mut r = Rng::new(&borland_lcg(), 0);
    for _ in 0..10_000 {
        r.below(100_000);
    }
    assert_eq!(r.lcg_state(), Some(3495122800));
    r.below(7);
    assert_eq!(r.lcg_state(), Some(3007658545));
    // the once-in-2^32 negative value
    let mut r = Rng::new(&borland_lcg(), 1457187811);
    assert_eq!(r.below(5), -3);
    assert_eq!(r.lcg_state(), Some(0x8000_0000));
    // rnd(0) draws nothing
    let before = r.lcg_state();
    assert_eq!(r.below(0), 0);
    assert_eq!(r.lcg_state(), before);
}

#[test]
fn lcg_chance_is_roughly_fair() {
    let mut a = Rng::new(&borland_lcg(), 3);
    let hits = (0..20_000).filter(|_| a.chance(0.25)).count();
    assert!((4500..5500).contains(&hits), "{hits}");
}

/// `chance` reads the top 15 bits of the state, so `chance(1/2)` is "bit 31 of the new
/// state is 0" and `chance(1/4)` is "bits 31 and 30 are 0". A version that used the low
/// 15 bits (period 2^15) fails this. Thresholds by hand: one step from 0 gives state 1
/// (top bits 0, so any p > 0 holds; the low bits are 1, which `p = 1e-9` would refuse);
/// from seed `2^32 − 1` the next state is `2^32 − 22695477 + 1 = 0xFEA5_B1CC`, top 15
/// bits `0x7F52 = 32594`, so `chance(p)` holds iff `32594 < p · 32768`.
#[test]
fn lcg_chance_uses_the_high_bits() {
    let mut r = Rng::new(&borland_lcg(), 0);
    assert!(r.chance(1e-9));
    assert_eq!(r.lcg_state(), Some(1), "one step per chance");
    let at = |seed: u64, p: f64| Rng::new(&borland_lcg(), seed).chance(p);
    assert!(at(0xFFFF_FFFF, 32595.0 / 32768.0));
    assert!(!at(0xFFFF_FFFF, 32594.0 / 32768.0));
    let mut r = Rng::new(&borland_lcg(), 12345);
    for i in 0..2 * CHANCE_STEPS {
        let half = r.chance(0.5);
        let s = r.lcg_state().unwrap();
        assert_eq!(half, s >> 31 == 0, "chance(1/2), step {i}, state {s:#x}");
        let quarter = r.chance(0.25);
        let s = r.lcg_state().unwrap();
        assert_eq!(quarter, s >> 30 == 0, "chance(1/4), step {i}, state {s:#x}");
    }
}

/// Bounds of every size: small ones, powers of two and their neighbours (where the zone
/// rejects most), large ones.
fn bounds() -> Vec<i64> {
    let mut b: Vec<i64> = (1..=70).collect();
    for k in 1..63 {
        let p = 1i64 << k;
        b.extend([p - 1, p, p + 1, p + p / 3]);
    }
    b.extend([i64::MAX, i64::MAX - 1, 1_000_003, 3_000_000_000]);
    b
}

/// The written-out generator and sampling are `rand_pcg::Pcg64` with `rand`'s
/// `gen_range(0..n)` and `gen::<f64>()`, draw for draw.
#[test]
fn pcg_matches_rand_pcg_and_gen_range() {
    use rand::Rng as _;
    use rand_core::RngCore;
    for seed in [0u64, 1, 2, 7, 12345, u64::MAX, 0xDEAD_BEEF_F00D] {
        let mut ours = Rng::new(&RngSpec::Pcg64, seed);
        let mut theirs = rand_pcg::Pcg64::seed_from_u64(seed);
        for (i, &n) in bounds().iter().enumerate() {
            for _ in 0..20 {
                assert_eq!(
                    ours.below(n),
                    theirs.gen_range(0..n),
                    "seed {seed}, bound {n}"
                );
                let prepared = ours.below_prepared(Below::new(n));
                assert_eq!(prepared, theirs.gen_range(0..n), "seed {seed}, bound {n}");
            }
            assert_eq!(ours.chance(0.5), theirs.gen::<f64>() < 0.5);
            if i % 7 == 0 {
                let Rng::Pcg64(p) = &mut ours else {
                    unreachable!()
                };
                assert_eq!(p.next_u64(), theirs.next_u64());
            }
        }
    }
}

#[test]
fn discarding_rounds_leaves_the_stream_where_the_draws_would() {
    let high = RngSpec::Lcg32 {
        multiplier: 1103515245,
        increment: 12345,
        output: LcgOutput::High { shift: 16 },
    };
    // every shape: powers of two (decided by one bit) and other bounds, alone and in pairs
    let sets: [&[i64]; 10] = [
        &[10, 8],
        &[8, 10],
        &[16, 4],
        &[3, 6],
        &[1, 1 << 62],
        &[7],
        &[32],
        &[0, 5, -3, 16],
        &[1 << 40, 3, 1],
        &[9; 11],
    ];
    for spec in [RngSpec::Pcg64, borland_lcg(), high] {
        for bounds in sets {
            let prepared: Vec<Below> = bounds.iter().map(|&n| Below::new(n)).collect();
            for rounds in [0, 1, 2, 5, 300] {
                let (mut a, mut b) = (Rng::new(&spec, 11), Rng::new(&spec, 11));
                for _ in 0..rounds {
                    for &n in bounds {
                        a.below(n);
                    }
                }
                assert!(b.discard_rounds(&prepared, rounds));
                let after: Vec<i64> = (0..8).map(|_| a.below(1000)).collect();
                let got: Vec<i64> = (0..8).map(|_| b.below(1000)).collect();
                assert_eq!(after, got, "{spec:?} {bounds:?} {rounds}");
            }
        }
    }
    // more LCG steps than a u32 counts: refused, nothing drawn
    let mut l = Rng::new(&borland_lcg(), 5);
    let before = l.lcg_state();
    assert!(!l.discard_rounds(&[Below::new(3), Below::new(4)], u32::MAX));
    assert_eq!(l.lcg_state(), before);
}

/// Probabilities where the threshold of [`Chance`] could be off by one: exact multiples of
/// 2^-53 and 2^-15 and their float neighbours, the clamps, NaN, tiny and huge values.
fn probabilities() -> Vec<f64> {
    let mut ps = vec![
        0.0,
        -0.0,
        -1.0,
        1.0,
        1.5,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        5e-324,
        1e-300,
        1.0 / 3.0,
        0.1,
        0.999_999_999,
    ];
    for k in [1, 2, 3, 7, 15, 16, 30, 52, 53, 54] {
        let p = 0.5f64.powi(k);
        ps.extend([
            p,
            p * 3.0,
            f64::from_bits(p.to_bits() + 1),
            f64::from_bits(p.to_bits() - 1),
        ]);
    }
    ps.push(f64::from_bits(1.0f64.to_bits() - 1));
    ps
}

/// `chance_prepared(Chance::new(p))` is `chance(p)`: the same results and the same stream,
/// for both generators; and PCG's `chance` is `rand`'s `gen::<f64>() < p`.
#[test]
fn prepared_chance_is_chance() {
    use rand::Rng as _;
    for spec in [RngSpec::Pcg64, borland_lcg()] {
        for seed in [1u64, 99, 4_000_000_000] {
            let (mut a, mut b) = (Rng::new(&spec, seed), Rng::new(&spec, seed));
            for p in probabilities() {
                let c = Chance::new(p);
                for i in 0..400 {
                    assert_eq!(
                        a.chance(p),
                        b.chance_prepared(c),
                        "{spec:?} p {p:e} draw {i}"
                    );
                }
            }
            assert_eq!(
                a.below(1 << 40),
                b.below(1 << 40),
                "{spec:?}: streams apart"
            );
        }
    }
    // exact thresholds: draws whose 53-bit value sits right at the threshold
    for (p, t) in [
        (0.5, 1u64 << 52),
        (0.25, 1 << 51),
        (1.0, 1 << 53),
        (0.0, 0),
        (5e-324, 1),
    ] {
        assert_eq!(Chance::new(p).pcg, t, "{p:e}");
    }
    let mut ours = Rng::new(&RngSpec::Pcg64, 3);
    let mut theirs = rand_pcg::Pcg64::seed_from_u64(3);
    for p in probabilities() {
        for _ in 0..200 {
            assert_eq!(ours.chance(p), theirs.gen::<f64>() < p, "p {p:e}");
        }
    }
}

/// The two-steps-at-once discard of one or two bounds ends where the draws one by one end,
/// for many seeds, every bound shape (powers of two reject up to half the outputs) and odd
/// and even round counts (the last draw taken by the first or the second of a pair of steps).
#[test]
fn alternating_discard_matches_the_draws_for_many_seeds() {
    let pairs: Vec<[i64; 2]> = bounds()
        .chunks(3)
        .map(|c| [c[0], *c.last().unwrap()])
        .collect();
    for seed in 0..40u64 {
        for (i, &[x, y]) in pairs.iter().enumerate() {
            let rounds = (seed as u32 * 7 + i as u32) % 23;
            let (mut a, mut b) = (
                Rng::new(&RngSpec::Pcg64, seed),
                Rng::new(&RngSpec::Pcg64, seed),
            );
            let (mut c, mut d) = (a.clone(), a.clone());
            for _ in 0..rounds {
                a.below(x);
                a.below(y);
                c.below(x);
            }
            assert!(b.discard_rounds(&[Below::new(x), Below::new(y)], rounds));
            assert!(d.discard_below(x, rounds));
            assert_eq!(
                a.below(1 << 50),
                b.below(1 << 50),
                "seed {seed}, {x} {y} x{rounds}"
            );
            assert_eq!(
                c.below(1 << 50),
                d.below(1 << 50),
                "seed {seed}, {x} x{rounds}"
            );
        }
    }
}

#[test]
fn an_lcg_discarding_changing_counts_follows_its_draws() {
    // the prepared jump is kept while the count repeats and replaced when it changes
    for spec in [
        borland_lcg(),
        RngSpec::Lcg32 {
            multiplier: 1103515245,
            increment: 12345,
            output: LcgOutput::High { shift: 16 },
        },
    ] {
        let (mut a, mut b) = (Rng::new(&spec, 77), Rng::new(&spec, 77));
        for count in [36, 36, 12, 36, 300, 8, 8, 255, 36] {
            for _ in 0..count {
                a.below(5);
            }
            assert!(b.discard_below(5, count), "{spec:?} {count}");
            assert_eq!(a.below(1000), b.below(1000), "{spec:?} {count}");
        }
    }
}
