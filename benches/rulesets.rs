//! One criterion benchmark per shipped rule set and Diablo level type: whole generations
//! (the interpreter run and the JSON-ready `Dungeon`) of consecutive seeds, one thread.
//! `cargo bench --bench rulesets` (about two minutes); `cargo bench --bench rulesets -- caves`
//! runs the matching ones. Criterion's throughput line, "elem/s", is levels per second.
//!
//! The single-thread whole-run figures of the table in benches/README.md come from
//! `benches/levels_per_second.sh` (the `stats` command); the instruction counts that CI
//! guards come from `benches/instructions.sh`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use undercroft::{Params, RuleSet};

/// Rule file, `level` (or none), seeds per iteration.
const WORKLOADS: &[(&str, Option<u32>, u64)] = &[
    ("rules/isaac/flash.ron", Some(1), 200),
    ("rules/isaac/flash.ron", Some(6), 200),
    ("rules/isaac/demo.ron", None, 200),
    ("rules/isaac/flash-rooms.ron", Some(3), 100),
    ("rules/isaac/labyrinth.ron", Some(3), 100),
    ("rules/isaac/rebirth.ron", None, 100),
    ("rules/diablo/cathedral.ron", Some(1), 20),
    ("rules/diablo/cathedral.ron", Some(4), 20),
    ("rules/diablo/cathedral_worn.ron", Some(2), 20),
    ("rules/diablo/catacombs.ron", Some(5), 10),
    ("rules/diablo/catacombs.ron", Some(8), 10),
    ("rules/diablo/caves.ron", Some(9), 4),
    ("rules/diablo/caves.ron", Some(12), 10),
    ("rules/diablo/hell.ron", Some(13), 10),
    ("rules/diablo/hell.ron", Some(14), 10),
    ("rules/diablo/diablo.ron", Some(6), 10),
    ("rules/examples/arena.ron", None, 20),
    ("rules/examples/caverns.ron", None, 20),
    ("rules/examples/crypt.ron", None, 50),
    ("rules/examples/barrow.ron", None, 50),
    ("rules/examples/flash_deep.ron", None, 200),
    ("rules/examples/keep.ron", None, 20),
    ("rules/examples/lava_caverns.ron", None, 10),
    ("rules/examples/themed_halls.ron", None, 50),
    ("rules/examples/warren.ron", None, 50),
];

fn rulesets(c: &mut Criterion) {
    let mut g = c.benchmark_group("rulesets");
    for &(file, level, seeds) in WORKLOADS {
        let rs = RuleSet::load(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let params = match level {
            Some(l) => Params::new().set("level", l),
            None => Params::new(),
        };
        let values = rs.resolve_params(&params).unwrap();
        let name = file.trim_start_matches("rules/").trim_end_matches(".ron");
        let id = match level {
            Some(l) => BenchmarkId::new(name, format!("level={l}")),
            None => BenchmarkId::new(name, "defaults"),
        };
        g.throughput(Throughput::Elements(seeds));
        g.bench_function(id, |b| {
            b.iter(|| {
                for s in 1..=seeds {
                    let mut obs = undercroft::interpreter::NoTrace;
                    let (st, attempts) = rs.run(s, &values, &mut obs).unwrap();
                    black_box(rs.to_dungeon(&st, s, &values, attempts));
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = rulesets
}
criterion_main!(benches);
