//! Unit tests of `ops::reshape_room`.

use crate::operator::testing::{lines, rooms};

/// The queue growth of `grow_room_graph`'s tests on 5x3 from (2, 1): dead ends, in order,
/// (2, 2), (2, 0) (door distance 1), (4, 2), (4, 0), (0, 2), (0, 0) (distance 3).
const QUEUE: &str = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", start_var: "start",
        room_kind: "normal", target: "100", directions: [E, W, S, N], chance: "1",
        columns: (0, 4), rows: (0, 2), frontier: Queue, dead_ends: "dead_ends"),"#;

/// On 4x3, passes with a target of 2.5 from (2, 1) give the dead ends (3, 1), (1, 1),
/// (2, 2). The `2x1` must keep the door to the start through a slot facing it: for
/// (3, 1) that is L0 at its left cell, which puts its right cell at (4, 1), off the
/// grid; `All` goes on to (1, 1), whose door faces E: R0 at the right cell puts the
/// room on (0, 1) (1, 1). The reshaped room is re-joined to the start and leaves the list.
#[test]
fn all_tries_the_next_room_when_the_shape_does_not_fit() {
    let steps = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "2.5", directions: [E, W, S, N], chance: "1", columns: (0, 3),
                rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),
            ReshapeRoom(from: "dead_ends", shapes: [("2x1", 1)], fallback: All, kind: "boss",
                var: "boss"),
            Require("exists(boss)"),"#;
    let r = rooms(4, 3, "", steps, &[]);
    assert_eq!(
        r.plan,
        lines(
            "....
                 BBSo
                 ..o."
        )
    );
    assert_eq!(r.cells[2], [[0, 1], [1, 1]]);
    assert_eq!(r.lists["dead_ends"], [[3, 1], [2, 2]]);
    assert_eq!(
        r.doors,
        [[[1, 1], [2, 1]], [[2, 1], [2, 2]], [[2, 1], [3, 1]]]
    );
}

/// `Farthest` tries the rooms at the first one's distance: (2, 2) and (2, 0). A `2x1`
/// on either would touch two or three rooms; with `max_neighbours` 1 none fits and the
/// plain choice (2, 2) takes `otherwise` (`1x1`, in place). With `max_neighbours` 3
/// (2, 2) becomes (2, 2) (3, 2) through U0, touching the start, (3, 1) and (4, 2), with
/// a door to each.
#[test]
fn farthest_and_max_neighbours() {
    let reshape = |max: u32| {
        format!(
            r#"{QUEUE}
                ReshapeRoom(from: "dead_ends", shapes: [("2x1", 1)], otherwise: "1x1",
                    origin: "start", max_neighbours: {max}, kind: "boss"),"#
        )
    };
    let r = rooms(5, 3, "", &reshape(1), &[]);
    assert_eq!(
        r.plan,
        lines(
            "o.o.o
                 ooSoo
                 o.B.o"
        )
    );
    assert_eq!(
        r.lists["dead_ends"],
        [[2, 0], [4, 2], [4, 0], [0, 2], [0, 0]]
    );
    let r = rooms(5, 3, "", &reshape(3), &[]);
    assert_eq!(
        r.plan,
        lines(
            "o.o.o
                 ooSoo
                 o.BBo"
        )
    );
    let to_c: Vec<_> = r
        .doors
        .iter()
        .filter(|d| d.contains(&[2, 2]) || d.contains(&[3, 2]))
        .collect();
    assert_eq!(
        to_c,
        [&[[2, 1], [2, 2]], &[[3, 1], [3, 2]], &[[3, 2], [4, 2]]]
    );
}

/// `when` passes over the rooms next to the start; with `chance` 0 no shape is wanted
/// and the first qualifying room, (4, 2), only changes kind.
#[test]
fn when_and_chance_zero() {
    let steps = format!(
        r#"{QUEUE}
            ReshapeRoom(from: "dead_ends", when: "!adjacent(room, start)", chance: "0",
                shapes: [("2x1", 1)], fallback: All, kind: "boss"),"#
    );
    let r = rooms(5, 3, "", &steps, &[]);
    assert_eq!(
        r.plan,
        lines(
            "o.o.o
                 ooSoo
                 o.o.B"
        )
    );
    assert_eq!(
        r.lists["dead_ends"],
        [[2, 2], [2, 0], [4, 0], [0, 2], [0, 0]]
    );
}

/// `keep` false: the first dead end (2, 2) keeps its kind and goes to the end of the
/// list, `b` stays empty; the next step (kept) takes (2, 0). With the list empty,
/// `optional` does nothing where a plain ReshapeRoom would fail.
#[test]
fn a_room_not_kept_goes_to_the_end_of_the_list() {
    let steps = format!(
        r#"{QUEUE}
            ReshapeRoom(from: "dead_ends", shapes: [("1x1", 1)], fallback: All, kind: "boss",
                keep: "false", var: "b"),
            ReshapeRoom(from: "dead_ends", shapes: [("1x1", 1)], fallback: All, kind: "shop",
                keep: "is(room, normal)", var: "s"),
            Require("!exists(b) && is(s, shop)"),
            TrimList(list: "dead_ends", keep: "0", end: First),
            ReshapeRoom(from: "dead_ends", shapes: [("1x1", 1)], fallback: All, kind: "boss",
                optional: true, var: "b"),
            Require("!exists(b)"),"#
    );
    let r = rooms(5, 3, "", &steps, &[]);
    assert_eq!(
        r.plan,
        lines(
            "o.$.o
                 ooSoo
                 o.o.o"
        )
    );
    let steps = format!(
        r#"{QUEUE}
            ReshapeRoom(from: "dead_ends", shapes: [("1x1", 1)], fallback: All, kind: "boss",
                keep: "false"),"#
    );
    let r = rooms(5, 3, "", &steps, &[]);
    assert_eq!(
        r.lists["dead_ends"],
        [[2, 0], [4, 2], [4, 0], [0, 2], [0, 0], [2, 2]]
    );
}
