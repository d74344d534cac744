//! The hand-written big-map cave of benches/baseline/cave.rs (the speed yardstick of
//! benches/bigmap.rs, issue 48) does the same work as the engine running
//! benches/bigmap/cave{64,256}.ron: the same tiles on every seed tried, hence the same floor.

use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/cave.rs"]
mod baseline;

fn same_work(n: usize, seeds: std::ops::Range<u64>) {
    let path = format!("{}/benches/bigmap/cave{n}.ron", env!("CARGO_MANIFEST_DIR"));
    let rs = RuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let values = rs.resolve_params(&Params::new()).unwrap();
    let tiles = rs.layers.iter().position(|l| l == "tiles").unwrap();
    for seed in seeds {
        let (st, restarts) = rs.run(seed, &values, &mut NoTrace).unwrap();
        assert_eq!(restarts, 0);
        let native = baseline::cave(n, seed);
        assert_eq!(native.n, n);
        let engine = st.layer(tiles as u16);
        let ours: Vec<u16> = native.tiles.iter().map(|&c| c as u16).collect();
        if ours != *engine {
            let i = ours.iter().zip(engine).position(|(a, b)| a != b).unwrap();
            panic!(
                "{n}x{n} seed {seed}: tiles differ first at ({}, {})",
                i % n,
                i / n
            );
        }
        // a sanity check of the yardstick itself: a cave, not a solid or empty map
        let share = native.floor as f64 / (n * n) as f64;
        assert!(
            (0.05..0.8).contains(&share),
            "seed {seed}: floor share {share}"
        );
    }
}

#[test]
fn baseline_matches_the_cave_rule_files() {
    same_work(64, 0..40);
    same_work(256, 0..4);
}
