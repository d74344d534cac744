//! Tests of `GrowRoomGraph`.

use crate::operator::testing::{lines, rooms};

/// `GrowRoomGraph` on a 5x3 grid from (2, 1), directions E W S N, with probability 1.
fn grow(frontier: &str, target: &str, chance: &str, extra: &str) -> String {
    format!(
        r#"GrowRoomGraph(start: (2, 1), start_kind: "start", start_var: "start",
              room_kind: "normal", target: "{target}", directions: [E, W, S, N],
              chance: "{chance}", columns: (0, 4), rows: (0, 2), frontier: {frontier},
              dead_ends: "dead_ends", {extra}),"#
    )
}

/// The queue: S grows E (3, 1), W (1, 1), S (2, 2), N (2, 0). (3, 1) grows E to (4, 1)
/// only — (3, 2) and (3, 0) would touch two rooms; (1, 1) likewise grows W to (0, 1);
/// (2, 2) and (2, 0) grow nothing (dead ends). (4, 1) grows S and N, (0, 1) grows S and
/// N; those four are dead ends. Every new room has a door to its parent only.
#[test]
fn queue_grows_a_tree_of_rooms_touching_only_their_parent() {
    let r = rooms(5, 3, "", &grow("Queue", "100", "1", ""), &[]);
    assert_eq!(
        r.plan,
        lines(
            "o.o.o
             ooSoo
             o.o.o"
        )
    );
    assert_eq!(
        r.lists["dead_ends"],
        [[2, 2], [2, 0], [4, 2], [4, 0], [0, 2], [0, 0]]
    );
    assert_eq!(
        r.doors,
        [
            [[0, 0], [0, 1]],
            [[0, 1], [0, 2]],
            [[0, 1], [1, 1]],
            [[1, 1], [2, 1]],
            [[2, 0], [2, 1]],
            [[2, 1], [2, 2]],
            [[2, 1], [3, 1]],
            [[3, 1], [4, 1]],
            [[4, 0], [4, 1]],
            [[4, 1], [4, 2]],
        ]
    );
}

/// Passes with a target of 2.5: rooms are added while fewer than 2.5 were grown, so the
/// start grows E, W and S and stops before N; in the second pass the three grow nothing
/// and become the dead ends, in frontier order. The start is not a dead end: it grew.
#[test]
fn passes_stop_at_the_unrounded_target() {
    let r = rooms(5, 3, "", &grow("Passes(count: 10)", "2.5", "1", ""), &[]);
    assert_eq!(
        r.plan,
        lines(
            ".....
             .oSo.
             ..o.."
        )
    );
    assert_eq!(r.lists["dead_ends"], [[3, 1], [1, 1], [2, 2]]);
}

/// With probability 0 nothing grows; the start is a dead end only when allowed.
#[test]
fn nothing_grows_with_chance_zero() {
    for (allowed, dead) in [("false", vec![]), ("true", vec![[2, 1]])] {
        let extra = format!("start_can_be_dead_end: {allowed}");
        let r = rooms(5, 3, "", &grow("Queue", "100", "0", &extra), &[]);
        assert_eq!(
            r.plan,
            lines(
                ".....
                 ..S..
                 ....."
            )
        );
        assert_eq!(
            r.lists["dead_ends"], dead,
            "start_can_be_dead_end: {allowed}"
        );
    }
}

/// Forced growth with probability 0: in pass 0 `pass >= 1` is false and nothing grows
/// (the start, re-added, stays); in pass 1 every open direction is forced, E, W, S, until
/// the target 3; pass 2 grows nothing and records the three. With a queue, `grown < 1`
/// forces only the first direction (E): (3, 1) then grows nothing and is the dead end.
#[test]
fn force_takes_failed_directions_by_pass_and_grown() {
    let extra = r#"reseed_when: "true", force: "pass >= 1""#;
    let r = rooms(5, 3, "", &grow("Passes(count: 10)", "3", "0", extra), &[]);
    assert_eq!(
        r.plan,
        lines(
            ".....
             .oSo.
             ..o.."
        )
    );
    assert_eq!(r.lists["dead_ends"], [[3, 1], [1, 1], [2, 2]]);
    let r = rooms(
        5,
        3,
        "",
        &grow("Queue", "100", "0", r#"force: "grown < 1""#),
        &[],
    );
    assert_eq!(
        r.plan,
        lines(
            ".....
             ..So.
             ....."
        )
    );
    assert_eq!(r.lists["dead_ends"], [[3, 1]]);
}

/// A forced-growth condition behind a switch (`sw && ...`, the shape the growth skips
/// whole when `sw` is false at the start of a run) grows the same rooms and leaves the
/// stream where the same condition evaluated at every failed roll leaves it (`!!sw && ...`
/// is not recognised, so it is evaluated): for both values of the switch, several grids;
/// the random pick after the growth shows the stream. Off, both equal no condition at all.
#[test]
fn a_switched_off_force_is_skipped_without_changing_anything() {
    let grow_with = |w: i32, force: &str| {
        format!(
            r#"GrowRoomGraph(start: ({}, 2), start_kind: "start", room_kind: "normal",
                  target: "9", directions: [E, W, S, N], chance: "1/2",
                  columns: (0, {}), rows: (0, 4), frontier: Passes(count: 20),
                  dead_ends: "dead_ends", {force}),
               PickRoom(from: "dead_ends", how: Random, kind: "boss", var: "boss"),"#,
            w / 2,
            w - 1
        )
    };
    let mut forced_differs = false;
    for on in [false, true] {
        let head = format!(r#"params: {{"sw": Bool(default: {on})}},"#);
        for w in [5, 7, 9, 11] {
            let run = |force: &str| rooms(w, 5, &head, &grow_with(w, force), &[]);
            let gated = run(r#"force: "sw && rnd(3) < 1 && grown < 6""#);
            let evaluated = run(r#"force: "!!sw && rnd(3) < 1 && grown < 6""#);
            let none = run("");
            assert_eq!(gated.plan, evaluated.plan, "sw {on}, width {w}");
            assert_eq!(gated.lists, evaluated.lists, "sw {on}, width {w}");
            assert_eq!(gated.doors, evaluated.doors, "sw {on}, width {w}");
            if on {
                forced_differs |= gated.plan != none.plan;
            } else {
                assert_eq!(gated.plan, none.plan, "sw off, width {w}");
                assert_eq!(gated.lists, none.lists, "sw off, width {w}");
            }
        }
    }
    assert!(
        forced_differs,
        "the switched-on condition never forced a room"
    );
}
