//! The maze techniques of issue 45 on a 1024x1024 grid, each operator step against the
//! hand-written loop of benches/baseline/mazes.rs on the same input and random stream, in
//! one run: `cargo bench --bench mazes` (about a minute).
//!
//! One rule set ([`RULES`]) draws rooms, then runs the steps `maze` (GrowMaze), `connect`
//! (ConnectRegions), `dead_ends` (RemoveDeadEnds), `depth` (DistanceField) and `walk`
//! (RandomWalk, four walkers, on a layer of its own). An observer times each named step
//! (the clock read just before and just after it) and keeps the step's input layer and
//! random stream from the first run; each native loop then runs on copies of those inputs
//! (the copy is not timed), and its output is checked equal to the engine's.
//!
//! The engine runs as in a batch (`generate --count`, `stats`): each finished run gives its
//! scratch buffers back to the rule set ([`RuleSet::finish`]), so a step's time is that of a
//! warm run, not of first allocations (the first run's are not timed: it only keeps inputs).
//!
//! Criterion times each side. Then, so that a shared machine's changing load hits both
//! alike, a summary loop runs the engine and the native loops in turn for `ROUNDS` rounds
//! and prints the median ms of each step and the ratio engine / native.

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use std::time::{Duration, Instant};
use undercroft::engine::state::State;
use undercroft::engine::StepLabel;
use undercroft::interpreter::Observer;
use undercroft::operator::Writes;
use undercroft::rng::Rng;
use undercroft::{Params, RuleSet};

#[path = "baseline/mazes.rs"]
mod baseline;

const N: usize = 1024;
const ROUNDS: usize = 7;
const STEPS: [&str; 5] = ["maze", "connect", "dead_ends", "depth", "walk"];

/// The benchmark's rule set: rooms (the same 40 rectangles on every seed), then the steps.
fn rules() -> String {
    let mut rooms = String::new();
    for k in 0..40 {
        let (x, y) = (1 + 2 * ((k * 97) % 500), 1 + 2 * ((k * 61 + 13) % 500));
        let (w, h) = (3 + 2 * (k % 6), 3 + 2 * ((k * 5) % 7));
        rooms += &format!(r#"FillRect(layer: "t", value: "1", rect: "rect({x}, {y}, {w}, {h})"),"#);
    }
    format!(
        r#"Ruleset(name: "bench/mazes", rng: Pcg64, grid: Grid(width: {N}, height: {N}), steps: [
        {rooms}
        Named("maze", GrowMaze(layer: "t", value: "1", solid: [0], newest: "3", random: "1", straight: "0.2")),
        Named("connect", ConnectRegions(layer: "t", open: [1], value: "2", extra: "0.05")),
        Named("dead_ends", RemoveDeadEnds(layer: "t", open: [1, 2], value: "0")),
        Named("depth", DistanceField(layer: "d", on: "t", open: [1, 2], from: [Cell("cell(1, 27)")])),
        Named("walk", RandomWalk(layer: "c", value: "1", steps: "250000", turn: "0.2", walkers: "4")),
    ])"#
    )
}

/// Times the named steps; on the first run also keeps each one's inputs and output.
#[derive(Default)]
struct Timer {
    started: Option<Instant>,
    times: [Duration; 5],
    keep: bool,
    /// Per step: what it was given and made.
    kept: Vec<Kept>,
}

/// One step's layers (all of them) and random stream before it, and the layers after.
type Kept = (Vec<Vec<u16>>, Rng, Vec<Vec<u16>>);

/// Push the caches' contents out (a write pass over a buffer larger than the last-level
/// cache), so that a timed step, engine or native, starts with cold caches: the engine's
/// scratch buffers last touched a whole run earlier, the native loop's inputs just copied.
fn evict() {
    thread_local!(static JUNK: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; 8 << 20]));
    JUNK.with(|j| {
        for (k, v) in j.borrow_mut().iter_mut().enumerate() {
            *v = v.wrapping_add(k as u64);
        }
        black_box(&j);
    });
}

impl Observer for Timer {
    fn before_step(&mut self, label: &StepLabel, _w: Writes<'_>, st: &State) {
        if STEPS.contains(&label.name.as_str()) {
            if self.keep {
                self.kept
                    .push((st.layers().to_vec(), st.rng.clone(), Vec::new()));
            }
            evict();
            self.started = Some(Instant::now());
        }
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        if let Some(i) = STEPS.iter().position(|s| *s == label.name) {
            self.times[i] += self.started.take().unwrap().elapsed();
            if self.keep {
                self.kept.last_mut().unwrap().2 = st.layers().to_vec();
            }
        }
    }
}

/// Layer indices of `t`, `d`, `c`.
fn layers(rs: &RuleSet) -> [usize; 3] {
    ["t", "d", "c"].map(|n| rs.layers.iter().position(|l| l == n).unwrap())
}

/// Run native loop `i` on copies of its kept inputs; the time and the layer it wrote.
fn native(i: usize, kept: &Kept, [t, d, c]: [usize; 3]) -> (Duration, Vec<u16>, usize) {
    let (before, rng, _) = kept;
    let mut rng = rng.clone();
    let (mut tiles, mut out) = (before[t].clone(), before[d].clone());
    let mut cave = before[c].clone();
    evict();
    let start = Instant::now();
    let layer = match i {
        0 => {
            baseline::grow_maze(&mut tiles, N, N, &mut rng, 0.75, 0.2);
            t
        }
        1 => {
            baseline::connect_regions(&mut tiles, N, N, &mut rng, 0.05);
            t
        }
        2 => {
            baseline::remove_dead_ends(&mut tiles, N, N);
            t
        }
        3 => {
            baseline::distance_field(&tiles, N, N, (1, 27), &mut out);
            d
        }
        _ => {
            let walk = baseline::Walk {
                start: (N / 2, N / 2),
                n: 4,
                steps: 250_000,
                turn: 0.2,
            };
            baseline::walkers(&mut cave, N, N, &mut rng, &walk);
            c
        }
    };
    let time = start.elapsed();
    let result = [(t, tiles), (d, out), (c, cave)]
        .into_iter()
        .find(|x| x.0 == layer)
        .unwrap()
        .1;
    (black_box(time), result, layer)
}

fn engine_run(rs: &RuleSet, keep: bool) -> Timer {
    let values = rs.resolve_params(&Params::new()).unwrap();
    let mut timer = Timer {
        keep,
        ..Timer::default()
    };
    let (st, attempts) = rs.run(7, &values, &mut timer).unwrap();
    // as every batch run does (`generate --count`, `stats`): the run's scratch buffers go
    // back to the rule set for the next run
    black_box(rs.finish(st, 7, &values, attempts));
    timer
}

fn mazes(c: &mut Criterion) {
    let rs = RuleSet::load_with(std::path::Path::new("bench.ron"), &Text(rules())).unwrap();
    let ids = layers(&rs);
    let first = engine_run(&rs, true);
    for (i, kept) in first.kept.iter().enumerate() {
        let (_, out, layer) = native(i, kept, ids);
        assert!(
            out == kept.2[layer],
            "step {}: the native loop's output differs",
            STEPS[i]
        );
    }
    let mut g = c.benchmark_group("mazes_1024");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200));
    for (i, name) in STEPS.iter().enumerate() {
        g.bench_function(format!("{name}/engine"), |b| {
            b.iter_custom(|n| (0..n).map(|_| engine_run(&rs, false).times[i]).sum())
        });
        g.bench_function(format!("{name}/native"), |b| {
            b.iter_custom(|n| (0..n).map(|_| native(i, &first.kept[i], ids).0).sum())
        });
    }
    g.finish();
    // Alternating rounds: medians per step.
    let mut eng = vec![Vec::new(); 5];
    let mut nat = vec![Vec::new(); 5];
    for _ in 0..ROUNDS {
        let t = engine_run(&rs, false);
        for i in 0..5 {
            eng[i].push(t.times[i].as_secs_f64() * 1e3);
            nat[i].push(native(i, &first.kept[i], ids).0.as_secs_f64() * 1e3);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "\nstep       engine ms  native ms  engine/native ({ROUNDS} alternating rounds, medians)"
    );
    for i in 0..5 {
        let (e, n) = (median(&mut eng[i]), median(&mut nat[i]));
        println!("{:<10} {e:>9.2}  {n:>9.2}  {:>5.2}", STEPS[i], e / n);
    }
}

/// The rule text as the only file.
struct Text(String);
impl undercroft::ruleset::load::Reader for Text {
    fn read(&self, _path: &std::path::Path) -> std::io::Result<String> {
        Ok(self.0.clone())
    }
}

criterion_group!(benches, mazes);
criterion_main!(benches);
