//! Unit tests of `ops::divide_rooms`.

use crate::engine::dir::Dir;
use crate::operator::testing::run_rules_seed;

const STEPS: &str = r#"DivideRooms(layer: "m", area: (x: "2", y: "2", w: "17", h: "17"), halls: "h",
        room_min: 4, room_max: 10, area_min: 2, standoff: 2, max_rooms: 80,
        wall: 1, floor: 2, corners: [5, 6, 7, 8])"#;

#[test]
fn rooms_are_closed_rectangles_with_corners_and_stay_inside_the_clamp() {
    for seed in 0..30 {
        let g = run_rules_seed(21, 21, STEPS, "m", seed);
        // border row/column 0 and 20 untouched (clamp 1..19)
        assert!(g[0].iter().all(|&v| v == 0) && g[20].iter().all(|&v| v == 0));
        // every floor cell has only floor/wall/corner neighbours (rooms are closed)
        for y in 1..20 {
            for x in 1..20 {
                if g[y][x] == 2 {
                    for d in Dir::ALL4 {
                        let v = g[(y as i32 + d.dy()) as usize][(x as i32 + d.dx()) as usize];
                        assert!(v != 0, "seed {seed}: open floor at ({x}, {y})");
                    }
                }
            }
        }
        assert!(g.iter().flatten().any(|&v| v == 5), "seed {seed}: no room");
    }
}

#[test]
fn one_fixed_room_when_the_area_is_tiny() {
    // area 3x3 corner distance: sizes are the area (no draw), position rnd(3) each
    let g = run_rules_seed(
        8,
        8,
        r#"DivideRooms(layer: "m", area: (x: "1", y: "1", w: "3", h: "3"), halls: "h",
                room_min: 4, room_max: 10, area_min: 2, standoff: 2, max_rooms: 80,
                wall: 1, floor: 2, corners: [5, 6, 7, 8])"#,
        "m",
        1,
    );
    // a 3x3-distance room is 4x4 cells: corners + walls + 2x2 floor, shifted to end at 4
    let want = crate::operator::testing::grid(
        "0 0 0 0 0 0 0 0
             0 5 1 1 6 0 0 0
             0 1 2 2 1 0 0 0
             0 1 2 2 1 0 0 0
             0 7 1 1 8 0 0 0
             0 0 0 0 0 0 0 0
             0 0 0 0 0 0 0 0
             0 0 0 0 0 0 0 0",
    );
    assert_eq!(g, want);
}
