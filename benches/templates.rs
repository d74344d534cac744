//! Template rooms (`FillTemplates`, issue 45) on a 1024x1024 grid, the engine against the
//! plain hand-written loop of benches/baseline/templates.rs, in one run: `cargo bench
//! --bench templates` (a few seconds).
//!
//! The rule set fills the grid with the 10x8 room templates of
//! `rules/examples/room_path.pat#rooms` (102 x 128 cells; chunk blocks in the path rooms):
//! every third cell in a diagonal pattern a side room (no exits, tag `side`), the others
//! path rooms opening east and west, and south on odd rows. An observer times the step alone
//! and keeps its random stream; the hand-written loop runs from a copy of that stream into
//! a fresh zeroed grid (as the engine's layer is) and must give the same tiles (checked on
//! every round). Rounds alternate engine and loop, one seed each, so a shared machine's load
//! hits both alike; the summary prints the medians and their ratio.

use std::time::Instant;
use undercroft::lang::pattern::{parse_patterns, ItemKind};
use undercroft::{Params, RuleSet};

#[path = "baseline/templates.rs"]
mod baseline;
mod step_timer;
use step_timer::{median, Timer};

const N: usize = 1024;
const ROUNDS: u64 = 9;

/// The kind bits of the tags, in the order `tags` lists them.
const TAGS: [&str; 4] = ["path", "side", "entrance", "exit"];
const PATH: u8 = 1;
const SIDE: u8 = 2;

/// The pool of room_path.pat#rooms as the hand-written loop takes it.
fn pool(root: &str) -> baseline::Pool {
    let text = std::fs::read_to_string(format!("{root}/rules/examples/room_path.pat")).unwrap();
    let file = parse_patterns(&text).unwrap_or_else(|_| panic!("room_path.pat parses"));
    let Some(ItemKind::Templates(t)) = file.get("rooms").map(|i| &i.kind) else {
        panic!("room_path.pat#rooms is a templates item");
    };
    baseline::pool_of(t, &TAGS)
}

/// A cell's exits and kind, as the rule set's `exits` and `tags` give them.
fn need(col: usize, row: usize) -> (u8, u8) {
    if (col + row).is_multiple_of(3) {
        (0, SIDE)
    } else {
        (10 + (row % 2) as u8 * 4, PATH)
    }
}

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = format!(
        r#"Ruleset(name: "templates bench", rng: Pcg64, grid: Grid(width: {N}, height: {N}), steps: [
            FillTemplates(layer: "t", templates: "room_path.pat#rooms",
                tags: [("(col + row) % 3 == 0", "side"), ("true", "path")],
                exits: "(col + row) % 3 == 0 ? 0 : 10 + (row % 2) * 4")])"#
    );
    let path = format!("{root}/rules/examples/templates_bench_{N}.ron");
    std::fs::write(&path, text).unwrap();
    let rs = RuleSet::load(&path);
    let _ = std::fs::remove_file(&path);
    let rs = rs.unwrap_or_else(|e| panic!("{e}"));
    let values = rs.resolve_params(&Params::new()).unwrap();
    let pool = pool(root);
    let (mut te, mut tn) = (Vec::new(), Vec::new());
    for seed in 1..=ROUNDS {
        let mut timer = Timer::default();
        let (st, attempts) = rs.run(seed, &values, &mut timer).unwrap();
        te.push(timer.time.as_secs_f64());
        let mut rng = timer.rng.unwrap();
        let mut tiles = vec![0u16; N * N];
        let t = Instant::now();
        let ok = baseline::fill_templates(&mut tiles, N, N, &pool, &mut rng, need);
        tn.push(t.elapsed().as_secs_f64());
        assert!(ok && tiles == st.layer(0), "seed {seed}: the tiles differ");
        // as a batch run does: the run's scratch goes back to the rule set
        std::hint::black_box(rs.finish(st, seed, &values, attempts));
    }
    let (e, n) = (median(te), median(tn));
    println!(
        "FillTemplates {N}x{N}: engine {:.3} ms, hand-written {:.3} ms (medians of {ROUNDS} \
         alternating rounds, seeds 1-{ROUNDS}), engine/hand-written {:.2}",
        e * 1e3,
        n * 1e3,
        e / n
    );
}
