//! The hand-written baseline of the Catacombs' layout loop (benches/baseline/catacombs.rs, a
//! speed yardstick) does the same work as the engine running benches/catacombs_layout.ron
//! (the start of `GenerateLevel` in rules/diablo/catacombs.ron, up to FillVoids): for every
//! seed, the same number of layouts tried, the same accepted 40x40 map and the same RNG
//! state after the loop.

use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/catacombs.rs"]
mod baseline;

/// The engine's loop: (layouts tried, map row-major, RNG state).
fn engine(rs: &RuleSet, seed: u32) -> (u32, Vec<u8>, u32) {
    let values = rs.resolve_params(&Params::new()).unwrap();
    let (st, restarts) = rs.run(seed as u64, &values, &mut NoTrace).unwrap();
    let l = rs.layers.iter().position(|n| n == "pre").unwrap();
    assert_eq!((st.width, st.height), (40, 40));
    let map = st.layer(l as u16).iter().map(|&v| v as u8).collect();
    (restarts + 1, map, st.rng.lcg_state().unwrap())
}

/// The first 300 seeds and 100 spread over the 32-bit range. The mean layouts per seed is
/// the spec's (§3.1: about 15 attempts per level, almost all failures from FillVoids).
#[test]
fn baseline_does_the_engines_work() {
    let rs = crate::diablo_common::load("benches/catacombs_layout.ron");
    let seeds: Vec<u32> = (0..300)
        .chain((0..100u32).map(|i| i.wrapping_mul(14_316_557) ^ 0x5bd1_e995))
        .collect();
    let mut layouts = 0;
    for &seed in &seeds {
        let n = baseline::layout(seed);
        let (tried, map, state) = engine(&rs, seed);
        assert_eq!(n.tried, tried, "seed {seed}: layouts tried");
        assert_eq!(&n.map[..], &map[..], "seed {seed}: accepted map");
        assert_eq!(n.state, state, "seed {seed}: RNG state after the loop");
        layouts += tried;
    }
    let per_seed = layouts as f64 / seeds.len() as f64;
    assert!(
        (10.0..20.0).contains(&per_seed),
        "{per_seed} layouts per seed"
    );
}
