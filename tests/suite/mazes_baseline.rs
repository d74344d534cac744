//! The hand-written maze loops of benches/baseline/mazes.rs (the speed yardsticks of
//! benches/mazes.rs, issue 45) do the same work as the engine's operators: on a small grid
//! (63 × 41, odd and not square) with rooms, each of the steps GrowMaze, ConnectRegions,
//! RemoveDeadEnds, DistanceField and RandomWalk is run by the engine and, on a copy of the
//! step's input layers and random stream, by its loop; the layer each writes must be equal,
//! tile for tile, on every seed tried.

use undercroft::engine::state::State;
use undercroft::engine::StepLabel;
use undercroft::interpreter::Observer;
use undercroft::operator::Writes;
use undercroft::rng::Rng;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/mazes.rs"]
mod baseline;

const W: usize = 63;
const H: usize = 41;
const STEPS: [&str; 5] = ["maze", "connect", "dead_ends", "depth", "walk"];
/// Where the distances start: inside the first room, which no step fills.
const SOURCE: (usize, usize) = (3, 3);

/// Rooms at odd coordinates with odd sizes (one-tile maze walls), then the steps, with the
/// arguments the baseline loops are written for.
fn rules() -> String {
    let rooms = [
        (1, 1, 5, 5),
        (21, 3, 7, 3),
        (41, 11, 9, 7),
        (9, 25, 3, 9),
        (31, 29, 11, 5),
    ];
    let mut text = String::new();
    for (x, y, w, h) in rooms {
        text += &format!(r#"FillRect(layer: "t", value: "1", rect: "rect({x}, {y}, {w}, {h})"),"#);
    }
    format!(
        r#"Ruleset(name: "test/mazes", rng: Pcg64, grid: Grid(width: {W}, height: {H}), steps: [
        {text}
        Named("maze", GrowMaze(layer: "t", value: "1", solid: [0], newest: "3", random: "1", straight: "0.2")),
        Named("connect", ConnectRegions(layer: "t", open: [1], value: "2", extra: "0.05")),
        Named("dead_ends", RemoveDeadEnds(layer: "t", open: [1, 2], value: "0")),
        Named("depth", DistanceField(layer: "d", on: "t", open: [1, 2], from: [Cell("cell({}, {})")])),
        Named("walk", RandomWalk(layer: "c", value: "1", steps: "400", turn: "0.2", walkers: "4")),
    ])"#,
        SOURCE.0, SOURCE.1
    )
}

/// One named step: every layer and the random stream before it, and every layer after.
type Kept = (Vec<Vec<u16>>, Rng, Vec<Vec<u16>>);

/// What each named step was given and made.
#[derive(Default)]
struct Keep(Vec<Kept>);

impl Observer for Keep {
    fn before_step(&mut self, label: &StepLabel, _w: Writes<'_>, st: &State) {
        if STEPS.contains(&label.name.as_str()) {
            (self.0).push((st.layers().to_vec(), st.rng.clone(), Vec::new()));
        }
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        if STEPS.contains(&label.name.as_str()) {
            self.0.last_mut().unwrap().2 = st.layers().to_vec();
        }
    }
}

struct Text(String);
impl undercroft::ruleset::load::Reader for Text {
    fn read(&self, _path: &std::path::Path) -> std::io::Result<String> {
        Ok(self.0.clone())
    }
}

/// Step `i`'s loop on copies of its inputs: the layer it writes, by index, and its tiles.
fn native(i: usize, before: &[Vec<u16>], rng: &Rng, [t, d, c]: [usize; 3]) -> (usize, Vec<u16>) {
    let mut rng = rng.clone();
    let mut tiles = before[t].clone();
    match i {
        0 => baseline::grow_maze(&mut tiles, W, H, &mut rng, 0.75, 0.2),
        1 => baseline::connect_regions(&mut tiles, W, H, &mut rng, 0.05),
        2 => baseline::remove_dead_ends(&mut tiles, W, H),
        3 => {
            let mut out = before[d].clone();
            baseline::distance_field(&tiles, W, H, SOURCE, &mut out);
            return (d, out);
        }
        _ => {
            let mut cave = before[c].clone();
            let walk = baseline::Walk {
                start: (W / 2, H / 2),
                n: 4,
                steps: 400,
                turn: 0.2,
            };
            baseline::walkers(&mut cave, W, H, &mut rng, &walk);
            return (c, cave);
        }
    }
    (t, tiles)
}

#[test]
fn baseline_loops_match_the_maze_operators() {
    let rs = RuleSet::load_with(std::path::Path::new("t.ron"), &Text(rules())).unwrap();
    let values = rs.resolve_params(&Params::new()).unwrap();
    let ids = ["t", "d", "c"].map(|n| rs.layers.iter().position(|l| l == n).unwrap());
    for seed in 0..12 {
        let mut keep = Keep::default();
        rs.run(seed, &values, &mut keep).unwrap();
        assert_eq!(keep.0.len(), STEPS.len());
        for (i, (before, rng, after)) in keep.0.iter().enumerate() {
            let (layer, ours) = native(i, before, rng, ids);
            // the step did something (the comparison is not of two untouched layers)
            assert_ne!(before[layer], after[layer], "seed {seed}: {}", STEPS[i]);
            if ours != after[layer] {
                let k = ours.iter().zip(&after[layer]).position(|(a, b)| a != b);
                let k = k.unwrap();
                panic!(
                    "seed {seed}, step {}: tiles differ first at ({}, {}): loop {}, engine {}",
                    STEPS[i],
                    k % W,
                    k / W,
                    ours[k],
                    after[layer][k]
                );
            }
        }
    }
}
