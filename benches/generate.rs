//! Floors per second of the shipped Isaac rule sets, and the same work done by a
//! hand-written native implementation (benches/baseline/flash.rs) in the same run, so the
//! interpreter's overhead is a ratio. Run: `cargo bench --bench generate`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use undercroft::{Params, RuleSet};

// the bench reads only the floors, not their room counts or attempts
#[allow(dead_code)]
#[path = "baseline/flash.rs"]
mod baseline;

fn flash(c: &mut Criterion) {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let mut g = c.benchmark_group("isaac_flash");
    g.throughput(Throughput::Elements(1000));
    for level in [1u32, 4, 6] {
        let params = Params::new().set("level", level);
        let values = rs.resolve_params(&params).unwrap();
        g.bench_with_input(BenchmarkId::new("rules", level), &level, |b, _| {
            b.iter(|| {
                for s in 0..1000u64 {
                    black_box(
                        rs.run(s, &values, &mut undercroft::interpreter::NoTrace)
                            .unwrap(),
                    );
                }
            })
        });
        g.bench_with_input(BenchmarkId::new("native", level), &level, |b, &level| {
            b.iter(|| {
                for s in 0..1000u64 {
                    black_box(baseline::generate(s, level));
                }
            })
        });
    }
    g.finish();
    let demo = RuleSet::load("rules/isaac/demo.ron").unwrap();
    let values = demo.resolve_params(&Params::new()).unwrap();
    c.bench_function("isaac_demo/rules/1000", |b| {
        b.iter(|| {
            for s in 0..1000u64 {
                black_box(
                    demo.run(s, &values, &mut undercroft::interpreter::NoTrace)
                        .unwrap(),
                );
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(4));
    targets = flash
}
criterion_main!(benches);
