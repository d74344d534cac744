//! The Cathedral's loop B (FirstRoom until the mask is big enough, spec/diablo.md
//! §2.1-§2.3), native (benches/baseline/cathedral.rs) against the engine
//! (benches/cathedral_layout.ron) and the whole level, at levels 1 and 4 (minimum areas
//! 533 and 761), in one run: `cargo bench --bench cathedral_baseline` (about a minute).
//! What is timed and printed: benches/loop_floor/mod.rs.

use criterion::{criterion_group, criterion_main, Criterion};

// the bench reads only the layouts tried
#[allow(dead_code)]
#[path = "baseline/cathedral.rs"]
mod baseline;
mod loop_floor;

fn bench(c: &mut Criterion) {
    loop_floor::run(
        c,
        &loop_floor::Floor {
            group: "cathedral_loop_b",
            layout: "benches/cathedral_layout.ron",
            full: "rules/diablo/cathedral.ron",
            levels: &[1, 4],
            native: &|level, seed| baseline::layout(level, seed).tried,
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
