//! `Retry(var: ..., give_up: ...)` (the attempt counter and the give-up to the enclosing
//! Retry) and the `clear_line(room, n)` expression function, on tiny hand-written rule sets
//! whose results are worked out by hand.

use crate::common;
use common::*;
use undercroft::Params;

/// A rule set on a `w × h` grid with one room kind and `steps`.
fn rules(w: u32, h: u32, steps: &str) -> String {
    format!(
        r#"Ruleset(name: "t", grid: Grid(width: {w}, height: {h}),
    room_kinds: [RoomKind(name: "start", glyph: 'S'), RoomKind(name: "normal", glyph: 'o')],
    steps: [{steps}])"#
    )
}

/// The inner Retry passes only on its 3rd attempt: 2 restarts, and `attempt` (1-based,
/// surviving the restore) is 3 afterwards; a counter kept in an ordinary variable is restored
/// with the rest of the state and never gets past 1.
#[test]
fn the_attempt_counter_counts_from_one() {
    let rs = load_text(&rules(
        3,
        3,
        r#"Let("seen", "0"),
        Retry(max: 10, var: "attempt", steps: [
            Let("seen", "seen + 1"),
            Require("attempt == 3"),
        ]),
        Check("attempt == 3 && seen == 1", "counter")"#,
    ))
    .unwrap_or_else(|e| panic!("{e:?}"));
    let d = rs
        .generate(1, &Params::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.attempts, 2);
}

/// The inner Retry (max 4) passes only when the outer one is in its 3rd attempt and the inner
/// in its 2nd: the first two outer attempts run the inner 4 times each and give up (3
/// restarts each, plus the outer restart): 3 + 1 + 3 + 1 + 1 = 9 restarts.
#[test]
fn give_up_restarts_the_enclosing_retry() {
    let rs = load_text(&rules(
        3,
        3,
        r#"Retry(max: 5, var: "outer", steps: [
            Retry(max: 4, var: "inner", give_up: true, steps: [
                Require("outer == 3 && inner == 2"),
            ]),
        ])"#,
    ))
    .unwrap_or_else(|e| panic!("{e:?}"));
    let d = rs
        .generate(1, &Params::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.attempts, 9);
    // Without `give_up` the inner Retry's exhaustion is the run's error.
    let rs = load_text(&rules(
        3,
        3,
        r#"Retry(max: 5, var: "outer", steps: [
            Retry(max: 4, var: "inner", steps: [Require("outer == 3 && inner == 2")]),
        ])"#,
    ))
    .unwrap();
    let e = rs.generate(1, &Params::new()).unwrap_err().to_string();
    assert!(e.contains("failed all 4 attempts"), "{e}");
    // An outer Retry that runs out after inner give-ups names the give-up.
    let rs = load_text(&rules(
        3,
        3,
        r#"Retry(max: 2, steps: [
            Retry(max: 4, give_up: true, steps: [Require("false")]),
        ])"#,
    ))
    .unwrap();
    let e = rs.generate(1, &Params::new()).unwrap_err().to_string();
    assert!(e.contains("Retry gave up after 4 attempts"), "{e}");
}

/// `clear_line` on a 5×3 grid: the start (0, 1) grows east to (1, 1) (chance 1, target 1).
/// Beyond (1, 1), straight on from the start, lie (2, 1), (3, 1), (4, 1): a line of 3 is
/// clear, one of 4 leaves the grid. A room at (4, 0) touches (4, 1): the line of 2 is still
/// clear, the line of 3 is not. The start's first door leads east, so its line runs west,
/// off the grid at once: not clear.
#[test]
fn clear_line_looks_straight_on_beyond_the_door() {
    let grow = r#"GrowRoomGraph(start: (0, 1), start_kind: "start", start_var: "s",
            room_kind: "normal", target: "1", directions: [E], chance: "1",
            columns: (0, 4), rows: (0, 2), frontier: Passes(count: 3), dead_ends: "ends"),
        Let("r", "first(ends)"),"#;
    let check = |extra: &str, cond: &str| {
        let rs = load_text(&rules(
            5,
            3,
            &format!("{grow} {extra} Check(\"{cond}\", \"line\")"),
        ))
        .unwrap_or_else(|e| panic!("{e:?}"));
        rs.generate(1, &Params::new())
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    check(
        "",
        "clear_line(r, 3) && !clear_line(r, 4) && !clear_line(s, 1)",
    )
    .unwrap();
    let blocker = r#"GrowRoomGraph(start: (4, 0), start_kind: "normal", room_kind: "normal",
            target: "0", directions: [E], chance: "0", columns: (0, 4), rows: (0, 2),
            frontier: Passes(count: 1), dead_ends: "other"),"#;
    check(blocker, "clear_line(r, 2) && !clear_line(r, 3)").unwrap();
    assert!(check("", "clear_line(r, 4)").is_err());
}
