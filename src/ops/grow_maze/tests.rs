//! Unit tests of `ops::grow_maze`.

use crate::operator::testing::{grid, run_rules, run_rules_seed};

/// A 7x5 grid: maze cells at (1,1) (3,1) (5,1) / (1,3) (3,3) (5,3) — numbered 0..5 —
/// and the first tree from (1,1). Seed 1 draws rnd(2) = 0, 1, 1, 0, ...
fn maze(fields: &str) -> Vec<Vec<u16>> {
    run_rules(
        7,
        5,
        &format!(
            r#"GrowMaze(layer: "t", value: "1", solid: [0], start: (x: "1", y: "1"), {fields})"#
        ),
        "t",
    )
}

#[test]
fn newest_first_winds_depth_first() {
    // 0: E or S, rnd(2) = 0: E to 1. 1: E or S, rnd(2) = 1: S to 4. 4: E or W, rnd(2) =
    // 1: W to 3. 3 has no way on and leaves; 4: E to 5 (rnd(1)); 5: N to 2 (rnd(1)).
    assert_eq!(
        maze(r#"newest: "1""#),
        grid(
            "0 0 0 0 0 0 0
                 0 1 1 1 0 1 0
                 0 0 0 1 0 1 0
                 0 1 1 1 1 1 0
                 0 0 0 0 0 0 0"
        )
    );
}

#[test]
fn oldest_first_grows_from_the_start_outwards() {
    // 0: E to 1 (rnd(2) = 0); 0 again: S to 3 (rnd(1)); 0 is done. 1: E or S, rnd(2) = 1:
    // S to 4; 1: E to 2 (rnd(1)); 1 done, 3 done, 4: E to 5.
    assert_eq!(
        maze(r#"oldest: "1""#),
        grid(
            "0 0 0 0 0 0 0
                 0 1 1 1 1 1 0
                 0 1 0 1 0 0 0
                 0 1 0 1 1 1 0
                 0 0 0 0 0 0 0"
        )
    );
}

#[test]
fn straight_carries_on_in_the_last_direction() {
    // 0: E to 1 (rnd(2) = 0); 1: E again (chance(1)); 2: only S; 5: only W; 4: W again.
    assert_eq!(
        maze(r#"straight: "1""#),
        grid(
            "0 0 0 0 0 0 0
                 0 1 1 1 1 1 0
                 0 0 0 0 0 1 0
                 0 1 1 1 1 1 0
                 0 0 0 0 0 0 0"
        )
    );
}

#[test]
fn cells_of_two_tiles_go_around_a_room_and_fill_starts_new_trees() {
    // 10x4 tiles, cells of 2x2 tiles one tile apart: cells at x 1-2, 4-5, 7-8, rows 1-2.
    // A room (5) over the middle cell splits the free cells in two: the random start
    // (rnd(2) = 0) is the left one, and `fill` starts a second tree at the right one.
    let room = r#"FillRect(layer: "t", value: "5", rect: "rect(3, 0, 4, 4)"),"#;
    let run = |fill: &str| {
        run_rules(
            10,
            4,
            &format!(
                r#"{room} GrowMaze(layer: "t", value: "1", solid: [0], cell: "2", wall: "1", fill: "{fill}")"#
            ),
            "t",
        )
    };
    let edge = "0 0 0 5 5 5 5 0 0 0";
    let both = "0 1 1 5 5 5 5 1 1 0";
    assert_eq!(
        run("true"),
        grid(&format!("{edge}\n{both}\n{both}\n{edge}"))
    );
    let left = "0 1 1 5 5 5 5 0 0 0";
    assert_eq!(
        run("false"),
        grid(&format!("{edge}\n{left}\n{left}\n{edge}"))
    );
}

#[test]
fn every_policy_mix_gives_a_spanning_tree() {
    // 21x15 tiles, 10x7 cells: any mix carves every cell and 69 passages (a tree), and
    // nothing on the even rows and columns but passages.
    for (seed, fields) in [
        (1, r#"random: "1""#),
        (2, r#"newest: "1", random: "1", oldest: "1""#),
        (3, r#"newest: "3", oldest: "1", straight: "0.5""#),
    ] {
        let g = run_rules_seed(
            21,
            15,
            &format!(r#"GrowMaze(layer: "t", value: "1", solid: [0], {fields})"#),
            "t",
            seed,
        );
        let open = g.iter().flatten().filter(|&&v| v == 1).count();
        assert_eq!(open, 70 + 69, "{fields}");
        for (y, row) in g.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                assert!(
                    !(x % 2 == 0 && y % 2 == 0) || v == 0,
                    "{fields}: ({x}, {y})"
                );
            }
        }
    }
}
