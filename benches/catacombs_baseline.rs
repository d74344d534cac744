//! The Catacombs' layout loop (recursive division, drunken corridors, void filling, until
//! FillVoids leaves at most 700 empty cells; spec/diablo.md §3.1-§3.4), native
//! (benches/baseline/catacombs.rs) against the engine (benches/catacombs_layout.ron) and
//! the whole level at level 5, in one run: `cargo bench --bench catacombs_baseline` (about
//! a minute). What is timed and printed: benches/loop_floor/mod.rs.

use criterion::{criterion_group, criterion_main, Criterion};

// the bench reads only the layouts tried
#[allow(dead_code)]
#[path = "baseline/catacombs.rs"]
mod baseline;
mod loop_floor;

fn bench(c: &mut Criterion) {
    loop_floor::run(
        c,
        &loop_floor::Floor {
            group: "catacombs_layout",
            layout: "benches/catacombs_layout.ron",
            full: "rules/diablo/catacombs.ron",
            levels: &[5],
            native: &|_, seed| baseline::layout(seed).tried,
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
