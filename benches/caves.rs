//! Caves levels per second (issue 11): `cargo bench --bench caves`.
//! Each iteration generates one level (the whole pipeline, JSON-ready `Dungeon` included)
//! with the next seed; criterion's throughput line reads "elem/s" = levels per second.
//! Before timing, the mean number of attempts over 200 seeds per level is printed
//! (spec/diablo.md §4.9.7: level 9 about 138, levels 10-12 about 47).
//!
//! Yardstick (issue 11): the issue quotes a hand-written implementation at about 900
//! levels/s (level 9) and 2,100/s (level 12). `cargo bench --bench caves_baseline` measures
//! a hand-written native layout loop (benches/baseline/caves.rs) against the engine in the
//! same run, which is the ratio to report.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use undercroft::{Params, RuleSet};

fn caves(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/caves.ron");
    let rs = RuleSet::load(&path).unwrap();
    let mut g = c.benchmark_group("caves");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    for level in [9u32, 12] {
        let p = Params::new().set("level", level);
        let attempts: u64 = (0..200u64)
            .map(|s| rs.generate(s, &p).unwrap().attempts as u64 + 1)
            .sum();
        println!(
            "level {level}: mean attempts {:.1} over 200 seeds",
            attempts as f64 / 200.0
        );
        let mut seed = 0u64;
        g.bench_function(format!("level {level}"), |b| {
            b.iter(|| {
                seed += 1;
                rs.generate(seed, &p).unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, caves);
criterion_main!(benches);
