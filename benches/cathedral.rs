//! Cathedral levels per second (issue 3): `cargo bench --bench cathedral`.
//! Each iteration generates one level (the whole pipeline, JSON-ready `Dungeon` included)
//! with the next seed; criterion's throughput line reads "elem/s" = levels per second.
//! Before timing, the mean number of restarts (FirstRoom redraws + stairs restarts) over
//! 500 seeds per level is printed.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use undercroft::{Params, RuleSet};

fn cathedral(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/cathedral.ron");
    let rs = RuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut g = c.benchmark_group("cathedral");
    g.throughput(Throughput::Elements(1));
    for level in 1..=4u32 {
        let p = Params::new().set("level", level);
        let restarts: u64 = (0..500u64)
            .map(|s| rs.generate(s, &p).unwrap().attempts as u64)
            .sum();
        println!(
            "level {level}: mean restarts {:.2} (500 seeds)",
            restarts as f64 / 500.0
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
    config = Criterion::default().sample_size(20);
    targets = cathedral
}
criterion_main!(benches);
