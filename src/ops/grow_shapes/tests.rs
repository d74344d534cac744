//! Unit tests of `ops::grow_shapes`.

use crate::operator::testing::{lines, rooms};

/// `GrowShapes` of `1x1` rooms from `start`, at most 4 children for the start and 1
/// for the others, `attach` offers, big shapes always removed from the pool.
fn grow(start: &str, target: &str, attach: &str) -> String {
    format!(
        r#"GrowShapes(start: {start}, start_shape: "1x1", start_kind: "start",
                room_kind: "normal", target: "{target}", base_shape: "1x1", attach: [{attach}],
                remove_chance: "1", start_children: "4", children: "1",
                push_back_chance: "0", dead_ends: "dead_ends",
                big_placed_var: "big", big_removed_var: "removed"),"#
    )
}

/// From the centre of a 3x3 grid the start offers the `1x1` at each of its four door
/// slots; each offered cell touches only the start, so all four are placed (in a
/// shuffled order, which the plan does not show), joined by a door each. All four are
/// dead ends at door distance 1.
#[test]
fn the_start_grows_on_every_free_slot() {
    let r = rooms(3, 3, "", &grow("(1, 1)", "4", ""), &[]);
    assert_eq!(
        r.plan,
        lines(
            ".o.
                 oSo
                 .o."
        )
    );
    assert_eq!(
        r.doors,
        [
            [[0, 1], [1, 1]],
            [[1, 0], [1, 1]],
            [[1, 1], [1, 2]],
            [[1, 1], [2, 1]],
        ]
    );
    let mut dead = r.lists["dead_ends"].clone();
    dead.sort();
    assert_eq!(dead, [[0, 1], [1, 0], [1, 2], [2, 1]]);
}

/// On a 4x1 corridor the start's only free slot is R0, behind which is (1, 0): it
/// offers the `1x1` there (no draw) and then the `2x1` attached through its L0 (draw
/// `rnd(1)`, always 0). The two offers are shuffled with one draw `j = rnd(2)`, swapping
/// offers 1 and j. From seed 1 the LCG states are 22695478, 2156045615, 2867233980,
/// 71484141, ... (`s = 22695477 s + 1`), `rnd(2) = (|s| >> 16) % 2`:
/// * with no draw before, the shuffle is draw 2: `32637 % 2 = 1`, no swap, the `1x1`
///   is placed;
/// * after two draws (`Let`), it is draw 4: `1090 % 2 = 0`, a swap: the `2x1` is placed
///   and, `remove_chance` being 1, leaves the pool.
///
/// The target of 1 room ends the growth. The grown room is the one dead end.
#[test]
fn the_shuffled_offers_decide_the_shape() {
    let attach = r#"("2x1", "L0", 1)"#;
    let r = rooms(
        4,
        1,
        "",
        &format!(
            "{} Require(\"big == 0 && removed == 0\"),",
            grow("(0, 0)", "1", attach)
        ),
        &[],
    );
    assert_eq!(r.plan, "So..");
    assert_eq!(r.lists["dead_ends"], [[1, 0]]);
    let r = rooms(
        4,
        1,
        "",
        &format!(
            "Let(\"burn\", \"rnd(2) + rnd(2)\"), {} Require(\"big == 1 && removed == 1\"),",
            grow("(0, 0)", "1", attach)
        ),
        &[],
    );
    assert_eq!(r.plan, "Soo.");
    assert_eq!(r.cells[1], [[1, 0], [2, 0]]);
    assert_eq!(r.lists["dead_ends"], [[1, 0]]);
    assert_eq!(r.doors, [[[0, 0], [1, 0]]]);
}

/// On 2x2 from (0, 0) the start grows (1, 0) and (0, 1); the last cell (1, 1) touches
/// both, more than `max_neighbours` 1: refused, unless `crowd_chance` is 1, which lets it
/// in, joined to both (a loop of four doors).
#[test]
fn crowd_chance_lets_a_crowded_cell_in() {
    let r = rooms(2, 2, "", &grow("(0, 0)", "3", ""), &[]);
    assert_eq!(r.plan, lines("So\n o."));
    let crowded =
        grow("(0, 0)", "3", "").replace("dead_ends: ", "crowd_chance: \"1\", dead_ends: ");
    let r = rooms(2, 2, "", &crowded, &[]);
    assert_eq!(r.plan, lines("So\n oo"));
    assert_eq!(
        r.doors,
        [
            [[0, 0], [0, 1]],
            [[0, 0], [1, 0]],
            [[0, 1], [1, 1]],
            [[1, 0], [1, 1]],
        ]
    );
}
