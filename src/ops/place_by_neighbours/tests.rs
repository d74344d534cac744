//! Tests of `PlaceByNeighbours`.

use crate::operator::testing::{lines, plan, rooms, try_rooms};

/// Passes with a target of 2.5 on 5x3 from (2, 1): rooms (3, 1), (1, 1), (2, 2), all
/// dead ends.
const GROW: &str = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", start_var: "start",
    room_kind: "normal", target: "2.5", directions: [E, W, S, N], chance: "1",
    columns: (0, 4), rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),"#;

/// Every try samples the one cell (3, 2). Its neighbours are (3, 1) and (2, 2): two.
/// The walk E, W, S, N sees (4, 2) empty (not clean), then (2, 2), a dead end: the walk
/// stops, not ok. The new room has doors to both rooms it touches.
#[test]
fn the_walk_sets_ok_and_clean_and_the_room_joins_its_neighbours() {
    let steps = format!(
        r#"{GROW}
        PlaceByNeighbours(kind: "secret", var: "s", tries: 5, sample_x: (3, 3),
            sample_y: (2, 2), stop_at_lists: ["dead_ends"],
            accept: "neighbours == 2 && !ok && !clean && try == 0"),
        Require("exists(s)"),"#
    );
    let r = rooms(5, 3, "", &steps, &[]);
    assert_eq!(
        r.plan,
        lines(
            ".....
             .oSo.
             ..o?."
        )
    );
    assert_eq!(
        r.doors,
        [
            [[1, 1], [2, 1]],
            [[2, 1], [2, 2]],
            [[2, 1], [3, 1]],
            [[2, 2], [3, 2]],
            [[3, 1], [3, 2]],
        ]
    );
}

/// Verdicts worked out at compile time (an `accept` of locals only) and during the run
/// (the same condition, also reading `rooms`, which is never 0 here) give the same
/// rooms from the same draws; the last step's placement shows where the stream ended.
#[test]
fn precomputed_and_run_time_verdicts_agree() {
    let run = |accept: &str| {
        let steps = format!(
            r#"{GROW}
            PlaceByNeighbours(kind: "secret", tries: 400, sample_x: (0, 4),
                sample_y: (0, 2), accept: "{accept}", until: "rooms >= 7"),
            PlaceByNeighbours(kind: "normal", tries: 1, sample_x: (0, 4),
                sample_y: (0, 2), accept: "true"),"#
        );
        rooms(5, 3, "", &steps, &[]).plan
    };
    let locals = "try > 40 && neighbours >= 2 || try > 90 && clean || try > 200";
    let a = run(locals);
    assert_eq!(a, run(&format!("({locals}) && rooms > 0")));
    assert_eq!(a.matches('?').count(), 3, "{a}");
}

/// A kind in `stop_at_kinds` clears both `ok` and `clean`: at (2, 0) the walk S meets
/// the start. The cell has one neighbour.
#[test]
fn a_stop_kind_clears_ok_and_clean() {
    let steps = format!(
        r#"{GROW}
        PlaceByNeighbours(kind: "secret", tries: 1, sample_x: (2, 2), sample_y: (0, 0),
            order: [S], stop_at_kinds: ["start"], doors: false,
            accept: "neighbours == 1 && !ok && !clean"),"#
    );
    let r = rooms(5, 3, "", &steps, &[]);
    assert_eq!(
        r.plan,
        lines(
            "..?..
             .oSo.
             ..o.."
        )
    );
    assert_eq!(r.doors.len(), 3, "doors: false adds none");
}

/// Nothing placed: the cell is outside `columns`, or `accept` refuses it; `require`
/// then fails the run.
#[test]
fn nothing_placed_outside_columns_or_when_refused() {
    let steps = format!(
        r#"{GROW}
        PlaceByNeighbours(kind: "secret", var: "s", tries: 9, sample_x: (3, 3),
            sample_y: (2, 2), columns: (0, 2), accept: "true"),
        Require("!exists(s)"),"#
    );
    assert_eq!(
        plan(5, 3, &steps),
        lines(
            ".....
             .oSo.
             ..o.."
        )
    );
    let steps = format!(
        r#"{GROW}
        PlaceByNeighbours(kind: "secret", tries: 9, sample_x: (3, 3), sample_y: (2, 2),
            stop_at_lists: ["dead_ends"], accept: "ok", require: true),"#
    );
    let e = try_rooms(5, 3, "", &steps, &[]).unwrap_err().to_string();
    assert!(e.contains("no cell accepted for `secret`"), "{e}");
}
