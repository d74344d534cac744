//! Unit tests of `ops::random_walk`.

use crate::operator::testing::{grid, run_rules};

#[test]
fn a_walk_without_turns_is_a_straight_line_to_the_edge() {
    // No turns: one direction, drawn by the first rnd(4) of seed 1, to the area's edge.
    let g = run_rules(
        5,
        5,
        r#"RandomWalk(layer: "t", value: "1", steps: "10", turn: "0", start: (x: "2", y: "2"), area: "rect(1, 1, 3, 3)")"#,
        "t",
    );
    let lines = [
        grid("0 0 0 0 0\n0 0 0 0 0\n0 0 1 1 0\n0 0 0 0 0\n0 0 0 0 0"),
        grid("0 0 0 0 0\n0 0 0 0 0\n0 1 1 0 0\n0 0 0 0 0\n0 0 0 0 0"),
        grid("0 0 0 0 0\n0 0 0 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 0 0 0"),
        grid("0 0 0 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 0 0 0\n0 0 0 0 0"),
    ];
    assert!(lines.contains(&g), "{g:?}");
}

#[test]
fn a_long_walk_stays_inside_its_area() {
    let g = run_rules(
        6,
        6,
        r#"RandomWalk(layer: "t", value: "1", steps: "500", turn: "0.5", brush: "2", area: "rect(1, 1, 4, 4)")"#,
        "t",
    );
    for (y, row) in g.iter().enumerate() {
        for (x, &v) in row.iter().enumerate() {
            let inside = (1..5).contains(&x) && (1..5).contains(&y);
            assert!(inside || v == 0, "painted outside at ({x}, {y})");
        }
    }
    assert_eq!(g.iter().flatten().filter(|&&v| v == 1).count(), 16);
}

#[test]
fn a_walker_leaning_on_its_target_continues_where_it_stopped() {
    // With bias 1 every step goes towards (5, 0): two steps paint (0..=2, 0) with 1; the
    // second walk starts from the cell `w` kept, (2, 0), and paints (2..=4, 0) with 2.
    let steps = r#"
            RandomWalk(layer: "t", value: "1", steps: "2", start: (x: "0", y: "0"),
                       toward: "cell(5, 0)", bias: "1", positions: ["w"]),
            RandomWalk(layer: "t", value: "2", steps: "2", start: (x: "0", y: "0"),
                       toward: "cell(5, 0)", bias: "1", positions: ["w"])"#;
    assert_eq!(run_rules(6, 1, steps, "t"), grid("1 1 2 2 2 0"));
}

#[test]
fn walkers_stop_once_the_share_is_reached() {
    // Four walkers from (0, 0) leaning on (3, 0) with bias 1 paint the whole 4x1 row
    // after three rounds (share 1); the 1,000,000-step budget is never used up, and the
    // walkers' last tiles, kept in `a`..`d`, are all (3, 0).
    let steps = r#"
            RandomWalk(layer: "t", value: "1", steps: "1000000", start: (x: "0", y: "0"),
                       toward: "cell(3, 0)", bias: "1", share: "1", positions: ["a", "b", "c", "d"]),
            FillRect(layer: "u", value: "x(a) + x(b) + x(c) + x(d)", rect: "rect(0, 0, 1, 1)")"#;
    assert_eq!(run_rules(4, 1, steps, "t"), grid("1 1 1 1"));
    assert_eq!(run_rules(4, 1, steps, "u")[0][0], 12);
}
