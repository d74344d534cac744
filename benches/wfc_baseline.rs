//! Wave function collapse, the engine against a plain hand-written loop, in one run: `cargo
//! bench --bench wfc_baseline` (about 2 minutes). Both collapse the same tiled model
//! (`benches/wfc_bench.pat`: 3 tiles, weights 6, 1, 2, one that fits beside every tile, so
//! neither ever contradicts) on the same grid, 1024x1024 and 256x256:
//! (a) `native`: benches/baseline/wfc.rs (a `u64` per cell, a heap by entropy, a stack);
//! (b) `engine`: a rule set of one `WaveFunctionCollapse` step over the whole grid.
//! The draws differ (each has its own random stream), the work is the same algorithm on the
//! same model: every cell observed or decided by propagation once. Both outputs are checked
//! against the adjacency rules. Rounds alternate (a) and (b) so that a shared machine's load
//! hits both alike; the summary prints the median seconds of each and their ratio.

use std::time::Instant;
use undercroft::interpreter::NoTrace;
use undercroft::RuleSet;

#[path = "baseline/wfc.rs"]
mod baseline;
mod step_timer;
use step_timer::median;

const ROUNDS: usize = 5;

/// (left, right) and (above, below) pairs the model allows, tiles 0 rock, 1 wall, 2 floor.
const ACROSS: [(u16, u16); 6] = [(2, 2), (2, 1), (1, 2), (1, 1), (1, 0), (0, 1)];
const DOWN: [(u16, u16); 7] = [(2, 2), (2, 1), (1, 2), (1, 1), (1, 0), (0, 1), (0, 0)];

fn model() -> baseline::Model {
    let bits = |pairs: &[(u16, u16)], forward: bool, t: u16| -> u64 {
        pairs
            .iter()
            .filter(|p| if forward { p.0 == t } else { p.1 == t })
            .fold(0, |b, p| b | 1 << if forward { p.1 } else { p.0 })
    };
    let dir = |pairs: &[(u16, u16)], fwd| (0..3).map(|t| bits(pairs, fwd, t)).collect();
    baseline::Model {
        weights: vec![2.0, 1.0, 6.0],
        allowed: [
            dir(&ACROSS, true),
            dir(&DOWN, true),
            dir(&ACROSS, false),
            dir(&DOWN, false),
        ],
    }
}

fn check(tiles: &[u16], w: usize) {
    for (i, &t) in tiles.iter().enumerate() {
        if i % w + 1 < w {
            assert!(ACROSS.contains(&(t, tiles[i + 1])), "across at {i}");
        }
        if i + w < tiles.len() {
            assert!(DOWN.contains(&(t, tiles[i + w])), "down at {i}");
        }
    }
}

fn main() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let m = model();
    for size in [256, 1024] {
        let text = format!(
            "Ruleset(name: \"wfc bench\", rng: Pcg64, grid: Grid(width: {size}, height: {size}), \
             steps: [WaveFunctionCollapse(layer: \"t\", model: \"wfc_bench.pat#cave\")])"
        );
        let path = format!("{dir}/benches/wfc_bench_{size}.ron");
        std::fs::write(&path, text).unwrap();
        let rs = RuleSet::load(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let values = rs.resolve_params(&undercroft::Params::new()).unwrap();
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        for round in 0..ROUNDS {
            let seed = round as u64 + 1;
            let t = Instant::now();
            let a = baseline::collapse(&m, size, size, seed).expect("no contradiction");
            ta.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let (st, _) = rs.run(seed, &values, &mut NoTrace).unwrap();
            tb.push(t.elapsed().as_secs_f64());
            let a: Vec<u16> = a.iter().map(|&t| t as u16).collect();
            check(&a, size as usize);
            check(st.layer(0), size as usize);
        }
        let (a, b) = (median(ta), median(tb));
        println!(
            "{size}x{size}: native {a:.3} s, engine {b:.3} s (medians of {ROUNDS} alternating \
             rounds), engine/native {:.2}",
            b / a
        );
    }
}
