//! Hell levels per second (issue 12): `cargo bench --bench hell`.
//! Each iteration generates one level 13 or 14 (the whole pipeline, JSON-ready `Dungeon`
//! included) with the next seed; criterion's throughput line reads "elem/s" = levels per
//! second. Before timing, the mean number of restarts over 200 seeds per level is printed
//! (FirstRoom redraws, about 370 per outer attempt, dominate: spec/diablo.md §5.7 item 8).
//!
//! Yardstick (issue 12): the issue quotes a hand-written implementation at about 920
//! levels/s (level 13) and 1,140/s (level 14). `cargo bench --bench hell_baseline` measures
//! a hand-written native loop B (benches/baseline/hell.rs) against the engine in the same
//! run, which is the ratio to report.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use undercroft::{Params, RuleSet};

fn bench(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/hell.ron");
    let rs = RuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut g = c.benchmark_group("hell");
    g.throughput(Throughput::Elements(1));
    for level in [13u32, 14] {
        let p = Params::new().set("level", level);
        let restarts: u64 = (0..200u64)
            .map(|s| rs.generate(s, &p).unwrap().attempts as u64)
            .sum();
        println!(
            "level {level}: mean restarts {:.1} over 200 seeds",
            restarts as f64 / 200.0
        );
        let mut seed = 0u64;
        g.bench_function(format!("level_{level}"), |b| {
            b.iter(|| {
                seed += 1;
                rs.generate(seed, &p).unwrap()
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(8));
    targets = bench
}
criterion_main!(benches);
