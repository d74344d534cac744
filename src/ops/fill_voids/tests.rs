//! Unit tests of `FillVoids`: exact small results, and the one-loop probes against a
//! probe at a time on random maps.

use crate::engine::fast_path::{run_with, FastPath};
use crate::operator::testing::{grid, run_rules, run_rules_seed};

/// Random rooms (wall rim, floor inside, a door) on an empty layer, then `fill`, in a
/// `Retry` (a failed fill restarts, the stream going on), then a cell drawn at random:
/// the layer shows the stream where the fill left it.
fn random_rooms_then(cols: i32, fill: &str) -> String {
    let mut steps = String::from(
        r#"Retry(max: 10000, steps: [FillRect(layer: "m", value: "0", rect: (x: "0", y: "0", w: "W", h: "24")),"#,
    )
    .replace('W', &cols.to_string());
    for _ in 0..5 * (cols / 30) {
        steps += &r#"Let("rw", "rnd(8) + 4"), Let("rh", "rnd(8) + 4"), Let("rx", "rnd(X) + 1"), Let("ry", "rnd(18) + 1"),
            FillRect(layer: "m", value: "1", rect: (x: "rx", y: "ry", w: "rw", h: "rh")),
            FillRect(layer: "m", value: "2", rect: (x: "rx + 1", y: "ry + 1", w: "rw - 2", h: "rh - 2")),
            FillRect(layer: "m", value: "3", rect: (x: "rx", y: "ry + rnd(rh - 2) + 1", w: "1", h: "1")),"#
            .replace('X', &(cols - 6).to_string());
    }
    steps
        + fill
        + &r#"]), FillRect(layer: "m", value: "9", rect: (x: "rnd(W)", y: "rnd(24)", w: "1", h: "1"))"#
            .replace('W', &cols.to_string())
}

/// The probes drawn in one loop give what a probe at a time gives: the same layers and
/// the same stream after, over many random maps, with and without an area, with margins
/// 1 and 0, on grids 30 and 100 wide.
#[test]
fn probes_in_one_loop_agree_with_a_probe_at_a_time() {
    let fills = [
        r#"FillVoids(layer: "m", empty: 0, wall: 1, floor: 2, door: 3, empty_limit: 300,
            attempts: 100, margin: 1, span_max: 14, depth_max: 12, min_size: 5, back_off: 2)"#,
        r#"FillVoids(layer: "m", empty: 0, wall: 1, floor: 2, door: 3, empty_limit: 250,
            attempts: 60, margin: 0, span_max: 10, depth_max: 8, min_size: 3, back_off: 1,
            area: (x: "2", y: "1", w: "27", h: "22"))"#,
    ];
    let mut rooms_grown = 0;
    // 30 wide: rows of one word; 100 wide: two words, rooms on both sides of the edge
    for cols in [30, 100] {
        for (k, fill) in fills.iter().enumerate() {
            // the same share of the map left empty at every width
            let fill = ["300", "250"].iter().fold(fill.to_string(), |f, n| {
                let scaled = n.parse::<i32>().unwrap() * cols / 30;
                f.replace(
                    &format!("empty_limit: {n}"),
                    &format!("empty_limit: {scaled}"),
                )
            });
            let steps = random_rooms_then(cols, &fill);
            let plain = random_rooms_then(cols, "");
            for seed in 0..40 {
                let fast = run_rules_seed(cols, 24, &steps, "m", seed);
                let slow = run_with(&[FastPath::VoidProbes], || {
                    run_rules_seed(cols, 24, &steps, "m", seed)
                });
                assert_eq!(fast, slow, "{cols} wide, fill {k}, seed {seed}");
                rooms_grown += (fast != run_rules_seed(cols, 24, &plain, "m", seed)) as usize;
            }
        }
    }
    assert!(rooms_grown > 100, "{rooms_grown} of 160 runs grew a room");
}

/// A 3-row room at the left whose east wall faces a void: one room grows east.
#[test]
fn grows_a_room_east_from_a_straight_wall() {
    // 20 x 12: room rim at columns 0..=3, rows 0..=11; inside floor columns 1..=2
    let steps = r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "4", h: "12")),
        FillRect(layer: "m", value: "2", rect: (x: "1", y: "1", w: "2", h: "10")),
        FillVoids(layer: "m", empty: 0, wall: 1, floor: 2, door: 3, empty_limit: 150,
            attempts: 100, margin: 1, span_max: 14, depth_max: 12, min_size: 5, back_off: 2)"#;
    let g = run_rules(20, 12, steps, "m");
    // span: rows grow from 4..6 to 0..11 (edges), back off 2 -> 2..9 (7 > 5);
    // depth: columns 4.. while empty, up to depth 12 -> 15, back off -> 13 (10 > 5)
    let want = grid(
        "1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 2 2 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 2 2 1 1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0
         1 2 2 1 1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0
         1 2 2 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(g, want);
}

/// The same map inside an area 14 columns wide: the room grows east only to the
/// area's edge (column 13, depth 10, back off -> 8), and nothing outside is written.
#[test]
fn an_area_is_the_grid_of_the_growth() {
    let steps = r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "4", h: "12")),
        FillRect(layer: "m", value: "2", rect: (x: "1", y: "1", w: "2", h: "10")),
        FillVoids(layer: "m", empty: 0, wall: 1, floor: 2, door: 3, empty_limit: 60,
            attempts: 100, margin: 1, span_max: 14, depth_max: 12, min_size: 5, back_off: 2,
            area: (x: "0", y: "0", w: "14", h: "12"))"#;
    let g = run_rules(20, 12, steps, "m");
    let want = grid(
        "1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 2 2 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 2 2 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 2 2 2 2 2 2 2 2 1 0 0 0 0 0 0 0 0
         1 2 2 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0
         1 2 2 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(g, want);
}
