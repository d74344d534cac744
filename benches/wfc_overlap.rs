//! Wave function collapse, the overlapping model, the engine against a plain hand-written
//! loop (benches/baseline/wfc_overlap.rs), in one run: `cargo bench --bench wfc_overlap`.
//!
//! For each case (a model of a pattern file and a grid size), a rule set of one
//! `WaveFunctionCollapse` step over the whole grid runs on a seed; an observer keeps the
//! step's random stream and times the step alone. The hand-written loop learns the same
//! example (untimed, as the engine learns it at load) and collapses the grid from a copy of
//! that random stream: it draws the same numbers in the same order, so its tiles and its
//! restarts must be the same as the engine's (checked on every round). Rounds alternate
//! engine and loop, so a shared machine's load hits both alike; the summary prints the
//! medians and their ratio. `WFC_CASES=small` runs only the first case.

use std::time::Instant;
use undercroft::lang::pattern::{parse_patterns, ItemKind};
use undercroft::{Params, RuleSet};

#[path = "baseline/wfc_overlap.rs"]
mod baseline;
mod step_timer;
use step_timer::{median, Timer};

const ROUNDS: u64 = 5;

/// (pattern file under the repository, example name, grid side, restarts)
const CASES: [(&str, &str, usize, u32); 2] = [
    ("rules/examples/wfc.pat", "dungeon", 96, 50),
    ("benches/wfc_bench.pat", "halls", 1024, 50),
];

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let only_small = std::env::var("WFC_CASES").is_ok_and(|v| v == "small");
    for &(file, name, size, restarts) in CASES.iter().take(if only_small { 1 } else { 2 }) {
        let pat = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        let patterns = parse_patterns(&pat).unwrap_or_else(|_| panic!("{file} parses"));
        let Some(ItemKind::Example(ex)) = patterns.get(name).map(|i| &i.kind) else {
            panic!("{file}#{name} is an example");
        };
        let model = baseline::learn(&baseline::Example::of(ex));
        let dir = std::path::Path::new(root).join(file);
        let dir = dir.parent().unwrap();
        let base = std::path::Path::new(file)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        let text = format!(
            "Ruleset(name: \"wfc overlap bench\", rng: Pcg64, grid: Grid(width: {size}, \
             height: {size}), steps: [WaveFunctionCollapse(layer: \"t\", \
             model: \"{base}#{name}\", restarts: \"{restarts}\")])"
        );
        let path = dir.join(format!("wfc_overlap_bench_{size}.ron"));
        std::fs::write(&path, text).unwrap();
        let rs = RuleSet::load(&path);
        let _ = std::fs::remove_file(&path);
        let rs = rs.unwrap_or_else(|e| panic!("{e}"));
        let values = rs.resolve_params(&Params::new()).unwrap();
        let (mut te, mut tn, mut restarted) = (Vec::new(), Vec::new(), 0);
        for seed in 1..=ROUNDS {
            let mut timer = Timer::default();
            let (st, _) = rs.run(seed, &values, &mut timer).unwrap();
            te.push(timer.time.as_secs_f64());
            let mut rng = timer.rng.unwrap();
            let t = Instant::now();
            let (tiles, contradictions) =
                baseline::collapse(&model, size, size, &mut rng, restarts);
            tn.push(t.elapsed().as_secs_f64());
            let tiles = tiles.expect("the loop finds a solution where the engine did");
            assert!(tiles == st.layer(0), "seed {seed}: the tiles differ");
            restarted += contradictions;
        }
        let (e, n) = (median(te), median(tn));
        println!(
            "{file}#{name} ({} patterns, {} words) {size}x{size}: engine {e:.3} s, \
             hand-written {n:.3} s (medians of {ROUNDS} alternating rounds, seeds 1-{ROUNDS}, \
             {restarted} restarts in all, the same on both), engine/hand-written {:.2}",
            model.patterns.len(),
            model.words,
            e / n
        );
    }
}
