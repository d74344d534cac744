//! The hand-written baseline of the Cathedral's loop B (benches/baseline/cathedral.rs, a
//! speed yardstick) does the same work as the engine running benches/cathedral_layout.ron
//! (the `FirstRoom` retry of rules/diablo/cathedral.ron): for every seed, the same number
//! of layouts tried, the same accepted 40x40 mask and the same RNG state after the loop.

use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

// the test reads neither the layout flags nor `layout_from`
#[allow(dead_code)]
#[path = "../../benches/baseline/cathedral.rs"]
mod baseline;

/// The engine's loop B: (layouts tried, mask row-major, RNG state).
fn engine(rs: &RuleSet, level: u32, seed: u32) -> (u32, Vec<u8>, u32) {
    let values = rs
        .resolve_params(&Params::new().set("level", level))
        .unwrap();
    let (st, restarts) = rs.run(seed as u64, &values, &mut NoTrace).unwrap();
    let l = rs.layers.iter().position(|n| n == "mask").unwrap();
    let layer = st.layer(l as u16);
    assert_eq!((st.width, st.height), (40, 40));
    let mask = layer.iter().map(|&v| v as u8).collect();
    (restarts + 1, mask, st.rng.lcg_state().unwrap())
}

/// Checks one seed; returns the layouts tried.
fn same(rs: &RuleSet, level: u32, seed: u32) -> u32 {
    let n = baseline::layout(level, seed);
    let (tried, mask, state) = engine(rs, level, seed);
    let what = format!("level {level} seed {seed}");
    assert_eq!(n.tried, tried, "{what}: layouts tried");
    assert_eq!(&n.mask[..], &mask[..], "{what}: accepted mask");
    assert_eq!(n.state, state, "{what}: RNG state after loop B");
    n.tried
}

/// Every level (their minimum areas differ): the first seeds, and seeds spread over the
/// 32-bit range. The mean layouts per seed are those the spec measured (§2.9 item 7:
/// 2.38 / 11.1 / 49.0 for levels 1 / 2 / 3-4), within the noise of these few seeds.
#[test]
fn baseline_does_the_engines_work() {
    let rs = crate::diablo_common::load("benches/cathedral_layout.ron");
    let spread = |n: u32| -> Vec<u32> {
        (0..n)
            .map(|i| i.wrapping_mul(14_316_557) ^ 0x5bd1_e995)
            .collect()
    };
    for (level, seeds, mean) in [
        (1, (0..400).collect::<Vec<u32>>(), 2.38),
        (2, spread(150), 11.1),
        (4, (0..60).chain(spread(40)).collect(), 49.0),
    ] {
        let layouts: u32 = seeds.iter().map(|&s| same(&rs, level, s)).sum();
        let per_seed = layouts as f64 / seeds.len() as f64;
        assert!(
            (mean * 0.7..mean * 1.3).contains(&per_seed),
            "level {level}: {per_seed} layouts per seed"
        );
    }
}
