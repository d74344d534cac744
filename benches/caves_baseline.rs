//! Diablo's Caves layout loop, native against the engine, in one run: `cargo bench --bench
//! caves_baseline` (about 45 s). Every batch handles the same 100 consecutive seeds:
//! (a) `native`: the hand-written loop of benches/baseline/caves.rs;
//! (b) `rules`: the engine running benches/caves_layout.ron, the same work (checked by
//!     tests/suite/caves_baseline.rs);
//! (c) `full L9` / `full L12`: the engine running the whole rules/diablo/caves.ron.
//! (a) and (b) do not depend on the level (no Anvil of Fury: spec §4.1), so they run once.
//!
//! Criterion times each. Then, so that a shared machine's changing load hits all alike, a
//! summary loop runs (a), (b), (c) L9, (c) L12 in turn for `ROUNDS` rounds and prints µs per
//! layout of (a) and (b), their ratio, and per level the share of (c) spent in the layout
//! loop, two ways: the full run's layout attempts (every restart, also those after the
//! layout passed: stairs, lava pool) times (b)'s µs per layout, over (c)'s time; and as
//! measured inside (c) by an observer that stamps the clock after every operator step (each
//! attempt up to step `Lockout`, restores included; the stamps add about 1 %).

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use std::time::{Duration, Instant};
use undercroft::engine::state::State;
use undercroft::engine::StepLabel;
use undercroft::interpreter::{NoTrace, Observer};
use undercroft::{Params, RuleSet};

// The mask and RNG state are read by the test, not here.
#[allow(dead_code)]
#[path = "baseline/caves.rs"]
mod baseline;

const SEEDS: std::ops::Range<u64> = 1..101;
const ROUNDS: u32 = 10;

/// Splits run time into the layout loop (each attempt up to step `Lockout`) and the rest.
struct Split {
    last: Instant,
    in_layout: bool,
    layout: Duration,
    rest: Duration,
}

impl Split {
    fn lap(&mut self) {
        let now = Instant::now();
        let d = now - self.last;
        self.last = now;
        if self.in_layout {
            self.layout += d;
        } else {
            self.rest += d;
        }
    }
}

impl Observer for Split {
    fn after_step(&mut self, label: &StepLabel, _st: &State) {
        self.lap();
        if label.name == "Lockout" {
            self.in_layout = false;
        }
    }
    fn restarted(&mut self, _failure: u32) {
        self.lap();
        self.in_layout = true;
    }
}

/// Seconds taken by `f`.
fn secs(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

fn caves_baseline(c: &mut Criterion) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let layout = RuleSet::load(format!("{dir}/benches/caves_layout.ron")).unwrap();
    let full = RuleSet::load(format!("{dir}/rules/diablo/caves.ron")).unwrap();
    let lv = layout.resolve_params(&Params::new()).unwrap();
    let native = || {
        for s in SEEDS {
            black_box(baseline::layout(s as u32));
        }
    };
    let rules = || {
        for s in SEEDS {
            black_box(layout.run(s, &lv, &mut NoTrace).unwrap());
        }
    };
    let mut g = c.benchmark_group("caves_layout");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sampling_mode(SamplingMode::Flat);
    g.bench_function("native", |b| b.iter(native));
    g.bench_function("rules", |b| b.iter(rules));
    let levels: Vec<(u32, Vec<_>)> = [9u32, 12]
        .into_iter()
        .map(|l| {
            (
                l,
                full.resolve_params(&Params::new().set("level", l)).unwrap(),
            )
        })
        .collect();
    for (level, fv) in &levels {
        g.bench_function(format!("full L{level}"), |b| {
            b.iter(|| {
                for s in SEEDS {
                    black_box(full.run(s, fv, &mut NoTrace).unwrap());
                }
            })
        });
    }
    g.finish();

    // the summary loop
    let n = (SEEDS.end - SEEDS.start) as f64;
    let layouts: u64 = SEEDS.map(|s| baseline::layout(s as u32).tries as u64).sum();
    let (mut ta, mut tb) = (0.0, 0.0);
    let mut tc = vec![0.0; levels.len()];
    let mut split: Vec<_> = levels
        .iter()
        .map(|_| Split {
            last: Instant::now(),
            in_layout: true,
            layout: Duration::ZERO,
            rest: Duration::ZERO,
        })
        .collect();
    let mut attempts = vec![0u64; levels.len()];
    for round in 0..ROUNDS {
        ta += secs(native);
        tb += secs(rules);
        for (i, (_, fv)) in levels.iter().enumerate() {
            let sp = &mut split[i];
            tc[i] += secs(|| {
                for s in SEEDS {
                    sp.in_layout = true;
                    sp.last = Instant::now();
                    let restarts = full.run(s, fv, &mut *sp).unwrap().1;
                    sp.lap();
                    if round == 0 {
                        attempts[i] += restarts as u64 + 1;
                    }
                }
            });
        }
    }
    let per = |t: f64, k: f64| t * 1e6 / ROUNDS as f64 / k;
    let (a, b) = (per(ta, layouts as f64), per(tb, layouts as f64));
    println!("\nsummary, {ROUNDS} alternating rounds of seeds {SEEDS:?}:");
    println!(
        "layout loop: {layouts} layouts ({:.2} per seed)",
        layouts as f64 / n
    );
    println!(
        "  native {a:.2} µs/layout, engine {b:.2} µs/layout, native/engine time {:.2}",
        a / b
    );
    for (i, (level, _)) in levels.iter().enumerate() {
        let us = per(tc[i], n);
        let k = attempts[i] as f64 / n;
        let observed =
            split[i].layout.as_secs_f64() / (split[i].layout + split[i].rest).as_secs_f64();
        println!(
            "full L{level}: {k:.2} layout attempts per level, {us:.1} µs/level (observer on); \
             layout loop {:.0} % of it by attempts x engine µs/layout, {:.0} % by the observer; \
             the native loop's time for those attempts {:.0} % of it",
            100.0 * k * b / us,
            100.0 * observed,
            100.0 * k * a / us,
        );
    }
}

criterion_group!(benches, caves_baseline);
criterion_main!(benches);
