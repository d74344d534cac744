//! Tests of [`super`]: rivers on a small corridor, and the start lookup against the scan.

use crate::engine::fast_path::{self, FastPath};
use crate::operator::testing::run_rules_seed;

/// Probes find their start in the list of start cells as the cell scan finds it: noisy
/// layers of floor, rock, end walls and the four start tiles (some rivers made, some
/// probes off the area), in an area and on the whole grid.
#[test]
fn listed_starts_equal_the_scan() {
    let walk = |area: &str| {
        format!(
            r#"RiverWalk(layer: "t", rivers: 4, attempts: 200, probes: 100, max_pieces: 100,{area}
               starts: [(25, 2, 40), (26, 1, 38), (27, 0, 41), (28, 3, 39)], floor: 7,
               vertical: [17, 18], horizontal: [15, 16],
               corners: [[0, 0, 19, 20], [0, 0, 21, 22], [22, 20, 0, 0], [21, 19, 0, 0]],
               ends: [(10, 24), (2, 42), (4, 43), (9, 23)], behind: 8, min_length: 3,
               bridge_tries: 30, bridge_vertical: 45, bridge_horizontal: 44)"#
        )
    };
    let steps = |density: &str, area: &str| {
        format!(
            r#"FillRect(layer: "t", value: "8", rect: (x: "0", y: "0", w: "30", h: "20")),
               NoiseFill(layer: "t", value: "7", density: "0.6"),
               NoiseFill(layer: "t", value: "4", density: "0.05"),
               NoiseFill(layer: "t", value: "2", density: "0.05"),
               NoiseFill(layer: "t", value: "25", density: "{density}"),
               NoiseFill(layer: "t", value: "28", density: "{density}"),
               NoiseFill(layer: "t", value: "26", density: "0.002"),
               {}"#,
            walk(area)
        )
    };
    let mut rivers = 0;
    for seed in 1..40 {
        for (density, area) in [
            ("0.004", ""),
            ("0.02", ""),
            ("0.01", r#" area: (x: "3", y: "2", w: "24", h: "15"),"#),
        ] {
            let text = steps(density, area);
            let run = |plain: bool| {
                let off: &[FastPath] = if plain { &[FastPath::StartList] } else { &[] };
                fast_path::run_with(off, || run_rules_seed(30, 20, &text, "t", seed))
            };
            let fast = run(false);
            assert_eq!(fast, run(true), "seed {seed}, {density}, {area}");
            rivers += fast
                .iter()
                .flatten()
                .filter(|&&t| t == 44 || t == 45)
                .count();
        }
    }
    assert!(rivers > 5, "{rivers} bridges");
}

/// A 1-wide corridor of floor 7 (y = 2, x = 1..10) in rock 8, widened at x = 5 (a place
/// for the bridge), a source 28 (forbids left) at its left end and a wall 4 (the end wall
/// of a river going right) with rock behind at its right end.
fn river(seed: u64) -> Vec<Vec<u16>> {
    run_rules_seed(
        14,
        5,
        r#"FillRect(layer: "t", value: "8", rect: (x: "0", y: "0", w: "14", h: "5")),
           FillRect(layer: "t", value: "7", rect: (x: "1", y: "2", w: "10", h: "1")),
           FillRect(layer: "t", value: "7", rect: (x: "5", y: "1", w: "1", h: "3")),
           FillRect(layer: "t", value: "28", rect: (x: "0", y: "2", w: "1", h: "1")),
           FillRect(layer: "t", value: "4", rect: (x: "11", y: "2", w: "1", h: "1")),
           RiverWalk(layer: "t", rivers: 1, attempts: 200, probes: 100, max_pieces: 100,
               starts: [(28, 3, 39)], floor: 7, vertical: [17, 18], horizontal: [15, 16],
               corners: [[0, 0, 19, 20], [0, 0, 21, 22], [22, 20, 0, 0], [21, 19, 0, 0]],
               ends: [(10, 24), (2, 42), (4, 43), (9, 23)], behind: 8, min_length: 7,
               bridge_tries: 30, bridge_vertical: 45, bridge_horizontal: 44)"#,
        "t",
        seed,
    )
}

#[test]
fn rivers_run_from_the_source_to_the_end_wall_with_one_bridge() {
    let mut made = 0;
    for seed in 1..40 {
        let g = river(seed);
        if g[2][11] != 43 {
            // no river: nothing written
            assert_eq!(g[2][0], 28, "seed {seed}");
            continue;
        }
        made += 1;
        assert_eq!(g[2][0], 39, "seed {seed}: the start piece");
        let cells: Vec<u16> = g.iter().flatten().copied().collect();
        assert_eq!(
            cells.iter().filter(|&&t| t == 44 || t == 45).count(),
            1,
            "seed {seed}"
        );
        // the bridge crosses the horizontal flow where there is floor above and below
        assert_eq!(g[2][5], 44, "seed {seed}");
        // every river piece lies on the former floor or the end wall
        for (y, row) in g.iter().enumerate() {
            for (x, &t) in row.iter().enumerate() {
                if (15..=24).contains(&t) || t == 44 || t == 45 {
                    assert!((1..=11).contains(&x) && y == 2, "({x}, {y})");
                }
            }
        }
    }
    assert!(made > 5, "{made} rivers in 39 seeds");
}
