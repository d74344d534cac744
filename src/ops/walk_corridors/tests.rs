//! Unit tests of `ops::walk_corridors`.

use crate::operator::testing::run_rules_seed;

/// Two rooms side by side joined by one hall: the corridor connects them.
#[test]
fn digs_a_corridor_with_doors_between_two_rooms() {
    let steps = r#"DivideRooms(layer: "m", area: (x: "2", y: "2", w: "27", h: "9"), halls: "h",
                room_min: 4, room_max: 10, area_min: 2, standoff: 2, max_rooms: 2, clamp: (1, 30),
                wall: 1, floor: 2, corners: [5, 6, 7, 8]),
            WalkCorridors(layer: "m", halls: "h", empty: 0, wall: 1, door: 3, hall: 4,
                corners: [5, 6, 7, 8], widen_roll: 100, widen_percent: 50, turn_roll: 100,
                steer_x: (per_cell: 2, max: 30), steer_y: (per_cell: 5, max: 80), align_within: 10, margin: 1)"#;
    let mut with_hall = 0;
    for seed in 0..20 {
        let g = run_rules_seed(32, 14, steps, "m", seed);
        let halls = g.iter().flatten().filter(|&&v| v == 4).count();
        let doors = g.iter().flatten().filter(|&&v| v == 3).count();
        if halls > 0 {
            with_hall += 1;
            assert!(doors >= 1, "seed {seed}: corridor without a door");
        }
    }
    assert!(with_hall > 5, "{with_hall}");
}
