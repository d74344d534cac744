//! Hell's loop B (FirstRoom until the quadrant is big enough, spec/diablo.md §5.1, §5.2),
//! native against the engine, in one run: `cargo bench --bench hell_baseline` (about a
//! minute). Every batch handles the same seeds `0..SEEDS`:
//! (a) `native_loop_b`: the hand-written loop of benches/baseline/hell.rs;
//! (b) `engine_loop_b`: the engine running benches/hell_layout.ron, the same work (checked
//!     by tests/suite/hell_baseline.rs);
//! (c) `full L13` / `full L14`: the engine running the whole rules/diablo/hell.ron.
//! (a) and (b) do not depend on the level (13 and 14 differ only after loop B), so they run
//! once.
//!
//! Criterion times each. Then, so that a shared machine's changing load hits all alike, a
//! summary loop runs (a), (b), (c) L13, (c) L14 in turn for `ROUNDS` rounds and prints ns
//! per layout of (a) and (b), their ratio, and per level: the share of (c) spent in loop B
//! (a full level runs loop B once per outer attempt; the full run's restarts + 1 count
//! every layout tried, FirstRoom and outer restarts alike, times (b)'s ns per layout), and
//! the whole-level ratio's floor: a native full level costs at least its layouts at (a)'s
//! rate, so the engine's full level runs at no less than (a's ns per layout x layouts) /
//! (c's time) of a native full level's rate.

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use std::time::{Duration, Instant};
use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

// the bench reads only the layouts tried
#[allow(dead_code)]
#[path = "baseline/hell.rs"]
mod baseline;

/// Seeds per batch: `0..SEEDS`.
const SEEDS: u32 = 200;
/// Rounds of the alternating summary loop.
const ROUNDS: u32 = 5;

/// Seconds taken by `f`.
fn secs(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

fn bench(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let layout =
        RuleSet::load(root.join("benches/hell_layout.ron")).unwrap_or_else(|e| panic!("{e}"));
    let full = RuleSet::load(root.join("rules/diablo/hell.ron")).unwrap_or_else(|e| panic!("{e}"));
    let lv = layout.resolve_params(&Params::new()).unwrap();
    let native = || {
        for s in 0..SEEDS {
            black_box(baseline::layout(black_box(s)));
        }
    };
    let engine = || {
        for s in 0..SEEDS {
            black_box(layout.run(s as u64, &lv, &mut NoTrace).unwrap());
        }
    };
    // layouts tried per batch, by each (the native and the layout file's must agree)
    let layouts: u64 = (0..SEEDS).map(|s| baseline::layout(s).tried as u64).sum();
    let engine_layouts: u64 = (0..SEEDS)
        .map(|s| layout.run(s as u64, &lv, &mut NoTrace).unwrap().1 as u64 + 1)
        .sum();
    assert_eq!(layouts, engine_layouts);
    let levels: Vec<(u32, Vec<_>, u64)> = [13u32, 14]
        .into_iter()
        .map(|l| {
            let fv = full.resolve_params(&Params::new().set("level", l)).unwrap();
            let n: u64 = (0..SEEDS)
                .map(|s| full.run(s as u64, &fv, &mut NoTrace).unwrap().1 as u64 + 1)
                .sum();
            (l, fv, n)
        })
        .collect();
    let full_batch = |fv: &[undercroft::engine::value::Value]| {
        for s in 0..SEEDS {
            black_box(full.run(s as u64, fv, &mut NoTrace).unwrap());
        }
    };

    let mut g = c.benchmark_group("hell_loop_b");
    // the same number of iterations in every sample (one iteration is a whole batch)
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    g.bench_function("native_loop_b", |b| b.iter(native));
    g.bench_function("engine_loop_b", |b| b.iter(engine));
    for (level, fv, _) in &levels {
        g.bench_function(format!("full L{level}"), |b| b.iter(|| full_batch(fv)));
    }
    g.finish();

    // the summary loop
    let (mut ta, mut tb) = (0.0, 0.0);
    let mut tc = vec![0.0; levels.len()];
    for _ in 0..ROUNDS {
        ta += secs(native);
        tb += secs(engine);
        for (i, (_, fv, _)) in levels.iter().enumerate() {
            tc[i] += secs(|| full_batch(fv));
        }
    }
    let per = |t: f64, k: f64| t * 1e9 / ROUNDS as f64 / k;
    let (a, b) = (per(ta, layouts as f64), per(tb, layouts as f64));
    let n = SEEDS as f64;
    println!("\nsummary, {ROUNDS} alternating rounds of seeds 0..{SEEDS}:");
    println!(
        "loop B: {layouts} layouts ({:.1} per seed)\n  \
         native {a:.0} ns/layout, engine {b:.0} ns/layout: native/engine time {:.3}",
        layouts as f64 / n,
        a / b
    );
    for (i, (level, _, k)) in levels.iter().enumerate() {
        let us = per(tc[i], n) / 1000.0;
        let k = *k as f64 / n;
        println!(
            "full L{level}: {k:.1} layouts per level, {us:.0} µs/level; loop B at the engine's \
             rate {:.1} % of it; the native loop B alone for those layouts {:.0} µs: the \
             engine's full level runs at >= {:.1} % of a native full level's rate",
            100.0 * k * b / 1000.0 / us,
            k * a / 1000.0,
            100.0 * k * a / 1000.0 / us,
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
