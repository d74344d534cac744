//! Unit tests of `ops::carve_doors`.

use crate::operator::testing::{dungeon_cells, grid, run_rules_cells};

#[test]
fn a_straight_door_between_two_rooms() {
    let g = run_rules_cells(
        (2, 1),
        (4, 3),
        r#"GROW(1), DrawRooms(layer: "t", value: "1", margin: "1"),
               CarveDoors(layer: "t", value: "2", floor: [1])"#,
        "t",
    );
    assert_eq!(g, grid("0 0 0 0 0 0 0 0\n0 1 1 2 2 1 1 0\n0 0 0 0 0 0 0 0"));
}

/// Issue 45: on cells of 2x2 tiles a one-tile room sits at the top-left of its cell and
/// reaches the shared edge; each door is one door tile, and no room's floor is turned
/// into a corridor or door tile.
#[test]
fn on_2x2_cells_each_door_is_one_tile_and_floors_stay() {
    let steps = |carve: &str| {
        run_rules_cells(
            (2, 2),
            (2, 2),
            &format!(r#"GROW(3), DrawRooms(layer: "t", value: "1", margin: "1"), {carve}"#),
            "t",
        )
    };
    // Doors (0,0)-(1,0), (0,0)-(0,1) and (1,0)-(1,1): three door tiles.
    assert_eq!(
        steps(r#"CarveDoors(layer: "t", value: "2", floor: [1], door_value: "3")"#),
        grid("1 3 1 0\n3 0 3 0\n1 0 1 0\n0 0 0 0")
    );
    assert_eq!(
        steps(r#"CarveDoors(layer: "t", value: "2", floor: [1])"#),
        grid("1 2 1 0\n2 0 2 0\n1 0 1 0\n0 0 0 0")
    );
}

#[test]
fn on_3x3_cells_the_two_door_tiles_are_the_gap() {
    let g = run_rules_cells(
        (2, 1),
        (3, 3),
        r#"GROW(1), DrawRooms(layer: "t", value: "1", margin: "1"),
               CarveDoors(layer: "t", value: "2", floor: [1], door_value: "3")"#,
        "t",
    );
    assert_eq!(g, grid("0 0 0 0 0 0\n0 1 3 3 1 0\n0 0 0 0 0 0"));
}

#[test]
fn on_4x4_cells_a_vertical_door_at_the_first_shared_column() {
    let g = run_rules_cells(
        (1, 2),
        (4, 4),
        r#"GROW(1), DrawRooms(layer: "t", value: "1", margin: "1"),
               CarveDoors(layer: "t", value: "2", floor: [1], door_value: "3")"#,
        "t",
    );
    assert_eq!(
        g,
        grid(
            "0 0 0 0
                 0 1 1 0
                 0 1 1 0
                 0 3 0 0
                 0 3 0 0
                 0 1 1 0
                 0 1 1 0
                 0 0 0 0"
        )
    );
}

#[test]
fn an_elbow_when_the_floors_share_no_row() {
    // Room 0's floor is the top row of its 4x4 block, room 1's the bottom row.
    let g = run_rules_cells(
        (2, 1),
        (4, 4),
        r#"GROW(1),
               FillRect(layer: "t", value: "1", rect: (x: "1", y: "0", w: "2", h: "1")),
               FillRect(layer: "t", value: "1", rect: (x: "5", y: "3", w: "2", h: "1")),
               CarveDoors(layer: "t", value: "2", floor: [1])"#,
        "t",
    );
    assert_eq!(
        g,
        grid("0 1 1 2 2 0 0 0\n0 0 0 0 2 0 0 0\n0 0 0 0 2 0 0 0\n0 0 0 0 2 1 1 0")
    );
}

#[test]
fn a_wandering_corridor_that_never_wanders_runs_centre_to_centre() {
    // Floors are (1,1)-(4,3) and (7,1)-(10,3); the walk runs along row 2 from A's centre
    // (3,2) to A's rim (4,2), the opening is the two tiles (5,2) (6,2), then on from (7,2)
    // to B's centre (9,2).
    let g = run_rules_cells(
        (2, 1),
        (6, 5),
        r#"GROW(2), DrawRooms(layer: "t", value: "1", margin: "1"),
               CarveDoors(layer: "t", value: "2", floor: [1], wander: "0", door_value: "3")"#,
        "t",
    );
    let row = "0 1 1 1 1 0 0 1 1 1 1 0";
    let zero = "0 0 0 0 0 0 0 0 0 0 0 0";
    assert_eq!(
        g,
        grid(&format!(
            "{zero}\n{row}\n0 1 1 2 2 3 3 2 2 2 1 0\n{row}\n{zero}"
        ))
    );
}

#[test]
fn wandering_corridors_stay_inside_their_blocks_and_join_the_floors() {
    // Four rooms in a 2x2 block of 9x7 cells, always wandering: every corridor tile is
    // inside a block less its rim or in an opening, and all floor is 4-connected.
    for seed in 1..40 {
        let d = dungeon_cells(
            (2, 2),
            (9, 7),
            r#"GROW(4), DrawRooms(layer: "t", value: "1", margin: "2"),
                   CarveDoors(layer: "t", value: "1", floor: [1], wander: "1", door_value: "2")"#,
            seed,
        );
        let crate::dungeon::Layer::Ids(g) = &d.layers["t"] else {
            panic!("not a tile layer")
        };
        let open: Vec<(i32, i32)> = (0..14)
            .flat_map(|y| (0..18).map(move |x| (x, y)))
            .filter(|&(x, y)| g[y as usize][x as usize] != 0)
            .collect();
        for &(x, y) in &open {
            let rim = x % 9 == 0 || x % 9 == 8 || y % 7 == 0 || y % 7 == 6;
            let door = g[y as usize][x as usize] == 2;
            assert!(!rim || door, "seed {seed}: corridor on a rim at ({x}, {y})");
        }
        let mut seen = vec![open[0]];
        let mut i = 0;
        while i < seen.len() {
            let (x, y) = seen[i];
            for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if open.contains(&n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(seen.len(), open.len(), "seed {seed}: floor not connected");
    }
}
