//! The shared harness of the layout-loop baselines (benches/cathedral_baseline.rs,
//! benches/catacombs_baseline.rs): a Diablo level type's dominant loop written plainly
//! (benches/baseline/) against the engine running the same loop from a rule file, and the
//! engine's whole level, in one run.
//!
//! For each level, every batch handles the same seeds `0..SEEDS`:
//! (a) `native L*`: the hand-written loop;
//! (b) `engine L*`: the engine running the layout rule file, the same work (checked by the
//!     tests in tests/suite/*_baseline.rs);
//! (c) `full L*`: the engine running the whole shipped rule set.
//!
//! Criterion times each. Then, so that a shared machine's changing load hits all alike, a
//! summary loop runs (a), (b), (c) of each level in turn for `ROUNDS` rounds and prints ns
//! per layout of (a) and (b), their ratio, and per level: the share of (c) spent in the loop
//! (the full run's restarts + 1 count every layout tried, inner and outer restarts alike,
//! times (b)'s ns per layout), and the whole-level ratio's floor: a native full level costs
//! at least its layouts at (a)'s rate, so the engine's full level runs at no less than
//! (a's ns per layout x layouts) / (c's time) of a native full level's rate.

use criterion::{black_box, Criterion, SamplingMode};
use std::time::{Duration, Instant};
use undercroft::engine::value::Value;
use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

/// Seeds per batch: `0..SEEDS`.
const SEEDS: u32 = 200;
/// Rounds of the alternating summary loop.
const ROUNDS: u32 = 5;

/// What one bench compares: its name, the two rule files, the levels, and the native loop
/// (`native(level, seed)` returns the layouts it tried).
pub struct Floor<'a> {
    pub group: &'a str,
    pub layout: &'a str,
    pub full: &'a str,
    pub levels: &'a [u32],
    pub native: &'a dyn Fn(u32, u32) -> u32,
}

/// Seconds taken by `f`.
fn secs(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

/// One level's values and layout counts.
struct Level {
    level: u32,
    layout_values: Vec<Value>,
    full_values: Vec<Value>,
    /// Layouts tried over the batch: by the loop alone, and by the full levels.
    layouts: u64,
    full_layouts: u64,
}

/// Runs the comparison of `f` and prints its summary.
pub fn run(c: &mut Criterion, f: &Floor) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let load = |p: &str| RuleSet::load(root.join(p)).unwrap_or_else(|e| panic!("{e}"));
    let (layout, full) = (load(f.layout), load(f.full));
    let values = |rs: &RuleSet, level: u32| {
        let mut p = Params::new();
        if rs.params.iter().any(|p| p.name == "level") {
            p = p.set("level", level);
        }
        rs.resolve_params(&p).unwrap()
    };
    let runs = |rs: &RuleSet, v: &[Value]| -> u64 {
        (0..SEEDS)
            .map(|s| rs.run(s as u64, v, &mut NoTrace).unwrap().1 as u64 + 1)
            .sum()
    };
    let levels: Vec<Level> = f
        .levels
        .iter()
        .map(|&level| {
            let (layout_values, full_values) = (values(&layout, level), values(&full, level));
            let layouts: u64 = (0..SEEDS).map(|s| (f.native)(level, s) as u64).sum();
            // the native loop and the layout file's must agree
            assert_eq!(layouts, runs(&layout, &layout_values));
            let full_layouts = runs(&full, &full_values);
            Level {
                level,
                layout_values,
                full_values,
                layouts,
                full_layouts,
            }
        })
        .collect();
    let native = |level: u32| {
        for s in 0..SEEDS {
            black_box((f.native)(level, black_box(s)));
        }
    };
    let batch = |rs: &RuleSet, v: &[Value]| {
        for s in 0..SEEDS {
            black_box(rs.run(s as u64, v, &mut NoTrace).unwrap());
        }
    };

    let mut g = c.benchmark_group(f.group);
    // the same number of iterations in every sample (one iteration is a whole batch)
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    for l in &levels {
        g.bench_function(format!("native L{}", l.level), |b| {
            b.iter(|| native(l.level))
        });
        g.bench_function(format!("engine L{}", l.level), |b| {
            b.iter(|| batch(&layout, &l.layout_values))
        });
        g.bench_function(format!("full L{}", l.level), |b| {
            b.iter(|| batch(&full, &l.full_values))
        });
    }
    g.finish();

    let mut t = vec![[0.0f64; 3]; levels.len()];
    for _ in 0..ROUNDS {
        for (i, l) in levels.iter().enumerate() {
            t[i][0] += secs(|| native(l.level));
            t[i][1] += secs(|| batch(&layout, &l.layout_values));
            t[i][2] += secs(|| batch(&full, &l.full_values));
        }
    }
    let per = |t: f64, k: f64| t * 1e9 / ROUNDS as f64 / k;
    let n = SEEDS as f64;
    println!(
        "\n{}: summary, {ROUNDS} alternating rounds of seeds 0..{SEEDS}:",
        f.group
    );
    for (i, l) in levels.iter().enumerate() {
        let k = l.layouts as f64;
        let (a, b) = (per(t[i][0], k), per(t[i][1], k));
        let us = per(t[i][2], n) / 1000.0;
        let kf = l.full_layouts as f64 / n;
        println!(
            "L{}: loop {:.1} layouts per seed; native {a:.0} ns/layout, engine {b:.0} \
             ns/layout: native/engine time {:.3}\n  full level: {kf:.1} layouts per level, \
             {us:.0} µs/level; the loop at the engine's rate {:.1} % of it; the native loop \
             alone for those layouts {:.0} µs: the engine's full level runs at >= {:.1} % of \
             a native full level's rate",
            l.level,
            k / n,
            a / b,
            100.0 * kf * b / 1000.0 / us,
            kf * a / 1000.0,
            100.0 * kf * a / 1000.0 / us,
        );
    }
}
