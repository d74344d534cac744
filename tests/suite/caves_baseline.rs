//! The hand-written Caves layout loop of benches/baseline/caves.rs (the speed yardstick of
//! benches/caves_baseline.rs) does the same work as the engine running
//! benches/caves_layout.ron: for every seed, the same number of layouts tried, the same
//! accepted 40x40 mask and the same RNG state after it.
//!
//! The loop does not depend on the level without the Anvil of Fury (spec §4.1), so "levels 9
//! and 12" are two sets of 300 seeds: 0..300 and 300 seeds spread over the 32-bit range.
//! Plus the 64 seeds whose k-th draw (k = 1..=64) meets the state 0x80000000, the rare
//! negative `rnd(n)` of spec §1.2 (the first draws go to the seed room's position, its border
//! and the first blocks' sizes and offsets).

use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/caves.rs"]
mod baseline;

/// Seeds `s` such that `k` steps of the LCG from `s` reach 0x80000000, for `k = 1..=n`.
fn negative_draw_seeds(n: usize) -> Vec<u64> {
    const A: u32 = 22695477;
    // the inverse of A mod 2^32 (Newton's iteration doubles the correct low bits)
    let mut inv = A;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(A.wrapping_mul(inv)));
    }
    assert_eq!(A.wrapping_mul(inv), 1);
    let mut s = 0x8000_0000u32;
    (0..n)
        .map(|_| {
            s = s.wrapping_sub(1).wrapping_mul(inv);
            s as u64
        })
        .collect()
}

#[test]
fn baseline_matches_the_layout_rule_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/caves_layout.ron");
    let rs = RuleSet::load(path).unwrap_or_else(|e| panic!("{e}"));
    let values = rs.resolve_params(&Params::new()).unwrap();
    let mask = rs.layers.iter().position(|l| l == "mask").unwrap();
    let spread = (0..300u64).map(|i| (i * 14_316_557 + 12_345) % (1 << 32));
    let seeds: Vec<u64> = (0..300u64)
        .chain(spread)
        .chain(negative_draw_seeds(64))
        .collect();
    let mut tries = 0u64;
    for &seed in &seeds {
        let (st, restarts) = rs.run(seed, &values, &mut NoTrace).unwrap();
        let native = baseline::layout(seed as u32);
        assert_eq!(native.tries, restarts + 1, "seed {seed}: layouts tried");
        let engine = st.layer(mask as u16);
        let ours: Vec<u16> = native.mask.iter().flatten().map(|&c| c as u16).collect();
        if ours != *engine {
            let i = ours.iter().zip(engine).position(|(a, b)| a != b).unwrap();
            panic!(
                "seed {seed}: masks differ first at ({}, {})",
                i % 40,
                i / 40
            );
        }
        assert_eq!(
            Some(native.state),
            st.rng.lcg_state(),
            "seed {seed}: RNG state"
        );
        tries += native.tries as u64;
    }
    println!(
        "{} seeds, {tries} layouts ({:.1} per seed)",
        seeds.len(),
        tries as f64 / seeds.len() as f64
    );
}
