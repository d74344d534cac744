//! Hell's loop B (FirstRoom until the quadrant is big enough, spec/diablo.md §5.1, §5.2):
//! the hand-written native baseline (benches/baseline/hell.rs) against the engine running
//! the same loop from a rule file (benches/hell_layout.ron), and the engine's full level
//! (rules/diablo/hell.ron), in one run and over the same seeds, for levels 13 and 14.
//! Run: `cargo bench --bench hell_baseline` (about a minute). After criterion's lines it
//! prints ns per layout native and engine, their ratio, and the share of the full level's
//! time the engine spends in loop B (a full level runs loop B once per outer attempt: the
//! full run's restarts + 1 count every layout tried, FirstRoom and outer restarts alike),
//! and a bound of the whole-level ratio: a native full level costs at least its layouts at
//! the native loop B's rate, so the engine's full level runs at no less than
//! (native ns/layout x layouts) / (engine's full-level time) of a native full level's rate.

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use std::time::{Duration, Instant};
use undercroft::engine::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

// the bench reads only the layouts tried
#[allow(dead_code)]
#[path = "baseline/hell.rs"]
mod baseline;

/// Seeds per iteration: `0..SEEDS`.
const SEEDS: u32 = 200;

/// Total time and iterations measured by one benchmark.
#[derive(Default, Clone, Copy)]
struct Spent(Duration, u64);

impl Spent {
    fn per_iter_ns(&self) -> f64 {
        self.0.as_nanos() as f64 / self.1 as f64
    }
}

/// Times `f` (one batch of seeds) and adds the time to `spent`.
fn timed(b: &mut criterion::Bencher, spent: &mut Spent, mut f: impl FnMut()) {
    b.iter_custom(|iters| {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        let d = t.elapsed();
        spent.0 += d;
        spent.1 += iters;
        d
    });
}

fn bench(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let layout =
        RuleSet::load(root.join("benches/hell_layout.ron")).unwrap_or_else(|e| panic!("{e}"));
    let full = RuleSet::load(root.join("rules/diablo/hell.ron")).unwrap_or_else(|e| panic!("{e}"));
    let mut report = Vec::new();
    for level in [13u32, 14] {
        let p = Params::new().set("level", level);
        let (lv, fv) = (
            layout.resolve_params(&p).unwrap(),
            full.resolve_params(&p).unwrap(),
        );
        // layouts tried per batch, by each (the native and the layout file's must agree)
        let native_layouts: u64 = (0..SEEDS).map(|s| baseline::layout(s).tried as u64).sum();
        let engine_layouts: u64 = (0..SEEDS)
            .map(|s| layout.run(s as u64, &lv, &mut NoTrace).unwrap().1 as u64 + 1)
            .sum();
        assert_eq!(native_layouts, engine_layouts, "level {level}");
        let full_layouts: u64 = (0..SEEDS)
            .map(|s| full.run(s as u64, &fv, &mut NoTrace).unwrap().1 as u64 + 1)
            .sum();
        let mut g = c.benchmark_group(format!("hell_loop_b_level_{level}"));
        // the same number of iterations in every sample (one iteration is a whole batch)
        g.sampling_mode(SamplingMode::Flat);
        let (mut a, mut b_, mut c_) = (Spent::default(), Spent::default(), Spent::default());
        g.bench_function("a_native_loop_b", |b| {
            timed(b, &mut a, || {
                for s in 0..SEEDS {
                    black_box(baseline::layout(black_box(s)));
                }
            })
        });
        g.bench_function("b_engine_loop_b", |b| {
            timed(b, &mut b_, || {
                for s in 0..SEEDS {
                    black_box(layout.run(s as u64, &lv, &mut NoTrace).unwrap());
                }
            })
        });
        g.bench_function("c_engine_full_level", |b| {
            timed(b, &mut c_, || {
                for s in 0..SEEDS {
                    black_box(full.run(s as u64, &fv, &mut NoTrace).unwrap());
                }
            })
        });
        g.finish();
        report.push((level, native_layouts, full_layouts, a, b_, c_));
    }
    println!("\nHell loop B over seeds 0..{SEEDS} (mean of every timed iteration):");
    for (level, layouts, full_layouts, a, b, c) in report {
        let (na, nb) = (
            a.per_iter_ns() / layouts as f64,
            b.per_iter_ns() / layouts as f64,
        );
        let loop_b_in_full = nb * full_layouts as f64;
        println!(
            "level {level}: {layouts} layouts in loop B ({:.1}/seed), {full_layouts} in the full levels ({:.1}/seed)\n  \
             native {na:.0} ns/layout, engine {nb:.0} ns/layout: native/engine = {:.3}, engine/native = {:.3}\n  \
             full level {:.0} us/seed; loop B at the engine's rate = {:.1} % of it\n  \
             native loop B alone for every layout of the full levels = {:.0} us/seed: a native \
             full level is at least that, so the engine's full level runs at >= {:.1} % of its rate",
            layouts as f64 / SEEDS as f64,
            full_layouts as f64 / SEEDS as f64,
            na / nb,
            nb / na,
            c.per_iter_ns() / SEEDS as f64 / 1000.0,
            100.0 * loop_b_in_full / c.per_iter_ns(),
            na * full_layouts as f64 / SEEDS as f64 / 1000.0,
            100.0 * na * full_layouts as f64 / c.per_iter_ns(),
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
