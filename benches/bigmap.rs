//! The big-map cave workload of issue 48, the engine against a hand-written loop, in one run:
//! `cargo bench --bench bigmap` (about a minute). For each side (64, 256, 1024):
//! (a) `native`: benches/baseline/cave.rs (plain loops over a `Vec<u8>`);
//! (b) `rules`: the engine running benches/bigmap/cave{side}.ron, the same work (checked by
//!     tests/suite/cave_baseline.rs).
//! Both run on one thread, in alternating rounds (so a shared machine's changing load hits
//! both alike); the summary prints the time per map of each, their ratio, and the engine's
//! nanoseconds per cell (the issue asks that 1024x1024 stay within 1.2x of 64x64 per cell).

use std::hint::black_box;
use std::time::Instant;
use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

#[allow(dead_code)]
#[path = "baseline/cave.rs"]
mod baseline;

/// Seconds taken by `f`.
fn secs(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

fn main() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("side  seeds  native ms/map  engine ms/map  engine/native  engine ns/cell");
    for (n, seeds, rounds) in [(64usize, 200u64, 5u32), (256, 20, 5), (1024, 2, 5)] {
        if filter
            .as_deref()
            .is_some_and(|f| !format!("cave{n}").contains(f))
        {
            continue;
        }
        let rs = RuleSet::load(format!("{dir}/benches/bigmap/cave{n}.ron")).unwrap();
        let values = rs.resolve_params(&Params::new()).unwrap();
        let (mut ta, mut tb) = (0.0, 0.0);
        for _ in 0..rounds {
            ta += secs(|| {
                for s in 0..seeds {
                    black_box(baseline::cave(n, s));
                }
            });
            tb += secs(|| {
                for s in 0..seeds {
                    black_box(rs.run(s, &values, &mut NoTrace).unwrap());
                }
            });
        }
        let maps = (seeds * rounds as u64) as f64;
        let (a, b) = (ta * 1e3 / maps, tb * 1e3 / maps);
        println!(
            "{n:>4}  {seeds:>5}  {a:>13.3}  {b:>13.3}  {:>13.2}  {:>14.2}",
            b / a,
            b * 1e6 / (n * n) as f64
        );
    }
}
