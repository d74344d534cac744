//! A whole Cathedral level (rules/diablo/cathedral.ron, no quests) against the hand-written
//! whole level of benches/baseline/cathedral_level/, at levels 1 and 4, one thread, in one
//! run: `cargo bench --bench cathedral_level` (about a minute).
//!
//! The engine runs as `stats` runs it: the rule set compiled once, `RuleSet::run` then
//! `RuleSet::finish` (the run's output built, its scratch kept for the next run) per seed,
//! the dungeon given back with `RuleSet::recycle` once read.
//! The hand-written level reads its tables once (untimed) and runs from `SetRndSeed(seed)`.
//! Before timing, both sides must agree on every seed (tiles and the RNG state at the end;
//! tests/suite/cathedral_level_baseline.rs checks markers and themes too). Each round times
//! a batch of seeds on one side, then on the other, alternating which goes first, so a
//! shared machine's load hits both alike; the summary prints the medians per level and the
//! ratio engine / hand-written.
//!
//! For profiles: `CATHEDRAL_LEVEL_ONLY=engine` (or `native`) `CATHEDRAL_LEVEL=1` runs that
//! side alone for `CATHEDRAL_LEVEL_SECS` seconds (default 20; at least one batch), e.g. under
//! `perf record`, in batches of `CATHEDRAL_LEVEL_BATCH` seeds (default 100, seeds 0..N each
//! time), and prints the fastest and the median batch's time per level: on a loaded machine,
//! short batches (10 seeds) and the fastest of them compare two builds better than a mean;
//! `CATHEDRAL_LEVEL_ONLY=steps` prints the engine's mean time per level in each step (the
//! steps the operators run, every loop-A attempt counted; the clock reads add their own
//! cost, and on a loaded machine a preemption lands in whichever step runs: compare runs).

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;
use undercroft::engine::state::State;
use undercroft::engine::value::Value;
use undercroft::engine::StepLabel;
use undercroft::interpreter::{NoTrace, Observer};
use undercroft::operator::Writes;
use undercroft::{Params, RuleSet};

// the bench reads the tiles and the RNG state only
#[allow(dead_code)]
#[path = "baseline/cathedral_level/mod.rs"]
mod baseline;
mod step_timer;
use step_timer::median;

/// Rounds of the alternating loop.
const ROUNDS: usize = 11;

/// One level's batch: its seeds and the engine's parameter values.
struct Case {
    level: u32,
    seeds: std::ops::Range<u32>,
    values: Vec<Value>,
}

fn engine(rs: &RuleSet, c: &Case) {
    for s in c.seeds.clone() {
        let (st, restarts) = rs.run(s as u64, &c.values, &mut NoTrace).unwrap();
        // as `stats` does: the dungeon goes back to the rule set once read, and the next
        // output is written into its buffers
        rs.recycle(black_box(rs.finish(st, s as u64, &c.values, restarts)));
    }
}

fn native(tb: &baseline::Tables, c: &Case) {
    for s in c.seeds.clone() {
        black_box(baseline::generate(tb, c.level, black_box(s)));
    }
}

/// Time per step, by where the step is written (in first-run order), nested steps included.
#[derive(Default)]
struct Steps {
    open: Vec<Instant>,
    total: Vec<(String, String, f64)>,
}

impl Observer for Steps {
    fn before_step(&mut self, _: &StepLabel, _: Writes<'_>, _: &State) {
        self.open.push(Instant::now());
    }
    fn after_step(&mut self, l: &StepLabel, _: &State) {
        let t = self.open.pop().unwrap().elapsed().as_secs_f64();
        match self.total.iter_mut().find(|e| e.1 == l.at) {
            Some(e) => e.2 += t,
            None => self
                .total
                .push((format!("{} ({})", l.name, l.kind), l.at.clone(), t)),
        }
    }
}

/// Prints the engine's mean time per level in each step over the seeds of `c`.
fn steps(rs: &RuleSet, c: &Case) {
    let mut o = Steps::default();
    for s in c.seeds.clone() {
        let (st, restarts) = rs.run(s as u64, &c.values, &mut o).unwrap();
        rs.recycle(black_box(rs.finish(st, s as u64, &c.values, restarts)));
    }
    let n = c.seeds.len() as f64;
    println!(
        "L{}: engine µs per level by step ({} seeds)",
        c.level, c.seeds.end
    );
    for (name, at, t) in o.total {
        let at = at.rsplit('/').next().unwrap_or("");
        println!("{:>9.2}  {name}  {at}", t * 1e6 / n);
    }
}

fn secs(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rs =
        RuleSet::load(root.join("rules/diablo/cathedral.ron")).unwrap_or_else(|e| panic!("{e}"));
    let tb = baseline::Tables::load(root);
    let case = |level: u32, seeds: u32| Case {
        level,
        seeds: 0..seeds,
        values: rs
            .resolve_params(&Params::new().set("level", level))
            .unwrap(),
    };
    let env = |k: &str| std::env::var(k).ok();
    if let Some(side) = env("CATHEDRAL_LEVEL_ONLY") {
        let level = env("CATHEDRAL_LEVEL").map_or(1, |l| l.parse().unwrap());
        let secs_max: f64 = env("CATHEDRAL_LEVEL_SECS").map_or(20.0, |s| s.parse().unwrap());
        let per_batch: u32 = env("CATHEDRAL_LEVEL_BATCH").map_or(100, |s| s.parse().unwrap());
        let c = case(level, per_batch);
        if side == "steps" {
            return steps(&rs, &case(level, 400));
        }
        let t = Instant::now();
        let mut batch_secs = Vec::new();
        // at least one batch (under valgrind: `CATHEDRAL_LEVEL_SECS=0` runs one)
        loop {
            batch_secs.push(secs(|| match side.as_str() {
                "engine" => engine(&rs, &c),
                _ => native(&tb, &c),
            }));
            if t.elapsed().as_secs_f64() >= secs_max {
                break;
            }
        }
        // the fastest batch: on a loaded machine, the one least disturbed
        let per_level = |s: f64| s * 1e6 / per_batch as f64;
        let fastest = batch_secs.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "{side} L{level}: {} batches of {per_batch} seeds; µs per level: fastest batch {:.1}, median batch {:.1}",
            batch_secs.len(),
            per_level(fastest),
            per_level(median(batch_secs)),
        );
        return;
    }
    let cases = [case(1, 400), case(4, 100)];
    for c in &cases {
        for s in c.seeds.clone() {
            let n = baseline::generate(&tb, c.level, s);
            let (st, _) = rs.run(s as u64, &c.values, &mut NoTrace).unwrap();
            let tiles: Vec<u16> = n.tiles.iter().map(|&t| t as u16).collect();
            assert!(
                st.layer(rs.layers.iter().position(|l| l == "tiles").unwrap() as u16) == tiles
                    && st.rng.lcg_state() == Some(n.state),
                "level {} seed {s}: the two sides differ",
                c.level
            );
        }
    }
    let mut times = vec![(Vec::new(), Vec::new()); cases.len()];
    for round in 0..ROUNDS {
        for (c, (te, tn)) in cases.iter().zip(&mut times) {
            let n = c.seeds.len() as f64;
            if round % 2 == 0 {
                te.push(secs(|| engine(&rs, c)) / n);
                tn.push(secs(|| native(&tb, c)) / n);
            } else {
                tn.push(secs(|| native(&tb, c)) / n);
                te.push(secs(|| engine(&rs, c)) / n);
            }
        }
    }
    println!("cathedral_level: medians of {ROUNDS} alternating rounds, one thread");
    for (c, (te, tn)) in cases.iter().zip(times) {
        let (e, n) = (median(te), median(tn));
        println!(
            "L{}: seeds 0..{}: engine {:.1} µs/level, hand-written {:.1} µs/level, \
             engine / hand-written {:.3}",
            c.level,
            c.seeds.end,
            e * 1e6,
            n * 1e6,
            e / n
        );
    }
}
