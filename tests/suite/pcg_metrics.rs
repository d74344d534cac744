//! `stats --metrics pcg`: the PCG benchmark's room-map measures (shared/spec/isaac.md §7) on
//! hand-built maps whose scores are worked out by hand here, and the converter from a
//! 9 x 8 Flash floor (§7.8) on a hand-built floor.

use undercroft::dungeon::Dungeon;
use undercroft::metrics::pcg::{self, Content};
use undercroft::metrics::pcg_map::PcgMaps;

const EPS: f64 = 1e-12;

/// Map A, 4 x 4: the top row of rooms (x 0..3) joined west to east, then the last column
/// down to (3, 3). Start (0, 0), shop (1, 0), treasure (2, 0), boss (3, 3).
///
/// ```text
///   S-$-T-o
///         |
///         o
///         |
///         B
/// ```
fn map_a() -> Content {
    #[rustfmt::skip]
    let layout = vec![
        4, 5, 5, 9,   // E; W+E; W+E; W+S
        0, 0, 0, 10,  // N+S
        0, 0, 0, 10,
        0, 0, 0, 2,   // N
    ];
    Content {
        w: 4,
        h: 4,
        layout,
        start: 0,
        boss: 15,
        shop: 1,
        treasure: 2,
    }
}

/// Map B, 4 x 4: three lone rooms with doors into nothing: (0, 0) east, (3, 0) east (the
/// maze border), (2, 2) north.
fn map_b() -> Content {
    let mut layout = vec![0; 16];
    layout[0] = 4;
    layout[3] = 4;
    layout[10] = 2;
    Content {
        w: 4,
        h: 4,
        layout,
        start: 0,
        boss: 10,
        shop: 3,
        treasure: 3,
    }
}

/// Map A by hand: 7 rooms, one region, one maze region, no loose door, 4 locations. With
/// the markers at the room centres the start (maze (1, 1)) reaches the boss (maze (10, 10))
/// along maze row 1 (9 steps) and column 10 (9 steps): 18 >= w + h = 8. As implemented the
/// start marker sits at maze (0, 0), an empty corner whose two neighbours (0, 1) and (1, 0)
/// are the missing north and west doors of room (0, 0): unreachable, -1.
/// Quality as implemented: S1 = S2 = 1, S3 = (1 + 0) / 2, S4 not reached:
/// 0.9 (1 + 1 + 0.5) / 3 = 0.75. Corrected: S3 = 1, S4 = 1 (no loose door): 1.0.
#[test]
fn map_a_scores_by_hand() {
    let a = map_a();
    assert!(a.valid());
    let i = a.info();
    assert_eq!(
        (
            i.map_size,
            i.num_regions,
            i.connect_regions,
            i.loose,
            i.locations
        ),
        (7, 1, 1, 0, 4)
    );
    assert_eq!(i.distance_corrected, 18);
    assert_eq!(i.distance_as_implemented, -1);
    // Boss (one door N), treasure (W+E), shop (W+E): one dead end.
    assert_eq!(i.dead_end, 1);
    assert!((pcg::quality(&i, 4, 4, 6.0, false) - 0.75).abs() < EPS);
    assert!((pcg::quality(&i, 4, 4, 6.0, true) - 1.0).abs() < EPS);
    // Target 8 > 7 rooms: S1 = r(7, 0, 8, 16) = 7/8, nothing after it: 0.9 * 7/8 / 3.
    assert!((pcg::quality(&i, 4, 4, 8.0, true) - 0.2625).abs() < EPS);
    // Controllability, e = 0.2 * 16 = 3.2. As implemented r(7, c - e, c + e, 16): c = 6
    // ramps from 2.8 to 9.2: 4.2 / 6.4; c = 3 gives [6.2, 16]: 1. Corrected, c = 6: the
    // ramp down from 6 to 9.2: 2.2 / 3.2; c = 7: 1.
    assert!((pcg::control_as_implemented(&i, 4, 4, 6.0) - 4.2 / 6.4).abs() < EPS);
    assert!((pcg::control_as_implemented(&i, 4, 4, 3.0) - 1.0).abs() < EPS);
    assert!((pcg::control_corrected(&i, 4, 4, 6.0) - 2.2 / 3.2).abs() < EPS);
    assert!((pcg::control_corrected(&i, 4, 4, 7.0) - 1.0).abs() < EPS);
}

/// Map B by hand: 3 rooms in 3 regions (and 3 maze regions); loose doors: (0, 0)'s east
/// door faces no west door (1), (2, 2)'s north door faces no south door (1), (3, 0)'s east
/// door lies on the maze border (1): 3. S1 = r(3, 0, 6, 16) = 1/2 and nothing after:
/// 0.9 * 0.5 / 3 = 0.15. Shop and treasure share a cell: 3 locations.
#[test]
fn map_b_scores_by_hand() {
    let i = map_b().info();
    assert_eq!(
        (
            i.map_size,
            i.num_regions,
            i.connect_regions,
            i.loose,
            i.locations
        ),
        (3, 3, 3, 3, 3)
    );
    assert!((pcg::quality(&i, 4, 4, 6.0, false) - 0.15).abs() < EPS);
    assert!((pcg::quality(&i, 4, 4, 6.0, true) - 0.15).abs() < EPS);
}

/// A boss on the start cell writes its marker over the start's: -1 both ways.
#[test]
fn boss_on_the_start_loses_the_start_marker() {
    let mut a = map_a();
    a.boss = a.start;
    let i = a.info();
    assert_eq!((i.distance_as_implemented, i.distance_corrected), (-1, -1));
    assert_eq!(i.locations, 3);
}

/// Diversity by hand. A against itself: nothing differs, pair diversity 0; the set {A, A}
/// removes one copy (row sum 2) and keeps the other: 1/2. A against B: room centres differ
/// at 5 (A only) + 1 (B only) = 6 cells, door cells at 11 (A only: all of A's 12 but the
/// shared east door of (0, 0)) + 2 (B only) = 13; c = 0.25 * 6/16 + 0.75 * 13/16 =
/// 0.703125 >= 0.6: pair diversity 1, the set {A, B} keeps both: 1.
#[test]
fn diversity_by_hand() {
    let (a, b) = (map_a().info(), map_b().info());
    assert!((pcg::pair_diversity(&a, &a, 4, 4)).abs() < EPS);
    assert!((pcg::pair_diversity(&a, &b, 4, 4) - 1.0).abs() < EPS);
    assert!((pcg::set_diversity(&[a.clone(), a.clone()], 4, 4) - 0.5).abs() < EPS);
    assert!((pcg::set_diversity(&[a.clone(), b.clone()], 4, 4) - 1.0).abs() < EPS);
    assert!((pcg::set_diversity(std::slice::from_ref(&a), 4, 4) - 1.0).abs() < EPS);
    // {A, A, B}: rows 2, 2, 1: the first A goes, then rows 1, 1: 2 of 3 kept.
    assert!((pcg::set_diversity(&[a.clone(), a, b], 4, 4) - 2.0 / 3.0).abs() < EPS);
    // A against a single-room map C at (0, 0) with an east door: centres 6, doors 11:
    // c = 0.25 * 6/16 + 0.75 * 11/16 = 0.609375 >= 0.6: 1.
    let mut c = map_a();
    c.layout = vec![0; 16];
    c.layout[0] = 4;
    let ci = c.info();
    let d = pcg::pair_diversity(&map_a().info(), &ci, 4, 4);
    assert!((d - 1.0).abs() < EPS, "{d}");
    // A with only (0, 0) and (1, 0) left (2 centres, doors E of (0,0), W of (1,0)) against
    // C: centres 1, doors 1: c = 0.25/16 + 0.75/16 = 1/16; diversity (1/16) / 0.6.
    let mut e = map_a();
    e.layout = vec![0; 16];
    e.layout[0] = 4;
    e.layout[1] = 1;
    let d = pcg::pair_diversity(&e.info(), &ci, 4, 4);
    assert!((d - (1.0 / 16.0) / 0.6).abs() < EPS, "{d}");
}

/// The reward trapezoid: 1 on [pl, ph], ramps, 0 outside.
#[test]
fn reward_is_the_trapezoid() {
    assert_eq!(pcg::reward(5.0, 0.0, 4.0, 6.0, 10.0), 1.0);
    assert_eq!(pcg::reward(2.0, 0.0, 4.0, 6.0, 10.0), 0.5);
    assert_eq!(pcg::reward(8.0, 0.0, 4.0, 6.0, 10.0), 0.5);
    assert_eq!(pcg::reward(0.0, 0.0, 4.0, 6.0, 10.0), 0.0);
    assert_eq!(pcg::reward(11.0, 0.0, 4.0, 6.0, 10.0), 0.0);
    assert_eq!(pcg::reward(0.0, 0.0, 0.0, 0.0, 16.0), 1.0);
}

fn dungeon(rooms: &str, doors: &str) -> Dungeon {
    let json = format!(
        r#"{{"format": "undercroft-dungeon/1", "ruleset": "isaac/flash", "seed": 7, "params": {{}},
            "attempts": 0, "width": 10, "height": 8, "symbols": {{}}, "layers": {{}},
            "rooms": [{rooms}], "doors": [{doors}], "markers": {{}}}}"#
    );
    serde_json::from_str(&json).unwrap()
}

fn room(id: u32, kind: &str, cells: &str) -> String {
    format!(r#"{{"id": {id}, "kind": "{kind}", "cells": [{cells}], "shape": "1x1"}}"#)
}

/// §7.8 on a hand-built Flash floor (grid x 1..9, y 0..7; map index y * 9 + x - 1):
///
/// ```text
///   row 2:    $ ?        shop (5, 2), secret (6, 2)
///   row 3:  T S o B      treasure (4, 3), start (5, 3), (6, 3), boss (7, 3)
///   row 4:    !          super secret (5, 4)
/// ```
///
/// With adjacency doors: start 15 (all four sides), (6, 3) W + E = 5 (its north door to
/// the dropped secret room is gone), boss W = 1, shop S = 8 (not E: the secret), treasure
/// E = 4, super secret N = 2. Indices: start 31, boss 33, shop 22, treasure 30.
#[test]
fn converts_a_flash_floor() {
    let rooms = [
        room(0, "start", "[5, 3]"),
        room(1, "normal", "[6, 3]"),
        room(2, "boss", "[7, 3]"),
        room(3, "shop", "[5, 2]"),
        room(4, "treasure", "[4, 3]"),
        room(5, "super_secret", "[5, 4]"),
        room(6, "secret", "[6, 2]"),
    ]
    .join(",");
    let d = dungeon(&rooms, "");
    let maps = PcgMaps::parse(&std::fs::read_to_string("rules/isaac/pcg.maps").unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    let map = maps.find("isaac/flash").unwrap();
    let c = map.convert(&d).unwrap();
    assert_eq!((c.w, c.h), (9, 8));
    assert_eq!((c.start, c.boss, c.shop, c.treasure), (31, 33, 22, 30));
    let mut want = vec![0u8; 72];
    want[31] = 15;
    want[32] = 5;
    want[33] = 1;
    want[22] = 8;
    want[30] = 4;
    want[40] = 2;
    assert_eq!(c.layout, want);
    let i = c.info();
    assert_eq!((i.map_size, i.loose, i.locations), (6, 0, 4));
    // Start centre maze (10, 13), boss centre (10, 19): 6 steps (< 17).
    assert_eq!(i.distance_corrected, 6);

    // Listed doors and a two-cell room: only the doors given, plus the room's own cells.
    let rooms = [
        room(0, "start", "[5, 3]"),
        room(1, "boss", "[6, 3], [7, 3]"),
        room(2, "shop", "[5, 2]"),
    ]
    .join(",");
    let doors = r#"{"rooms": [0, 1], "cells": [[5, 3], [6, 3]]}"#;
    let d = dungeon(&rooms, doors);
    let mut listed = map.clone();
    listed.doors = undercroft::metrics::pcg_map::Doors::Listed;
    let c = listed.convert(&d).unwrap();
    let mut want = vec![0u8; 72];
    want[31] = 4; // E to the boss; no door to the shop above
    want[32] = 1 | 4; // W door, E into its own second cell
    want[33] = 1;
    want[22] = 0; // a room without a door: the benchmark cannot show it
    assert_eq!(c.layout, want);
    // No treasure room: it points at the start; the doorless shop cell is 0 (no room):
    // start and boss are the only locations.
    assert_eq!(c.treasure, c.start);
    assert_eq!(c.info().locations, 2);

    // Labyrinth (a 10 x 8 map over columns 0..9, index y * 10 + x): the later boss room
    // (the outer one) at (7, 3) is the boss: 37.
    let rooms = [
        room(0, "start", "[5, 3]"),
        room(1, "boss", "[6, 3]"),
        room(2, "boss", "[7, 3]"),
    ]
    .join(",");
    let c = maps
        .find("isaac/labyrinth")
        .unwrap()
        .convert(&dungeon(&rooms, ""))
        .unwrap();
    assert_eq!((c.w, c.boss), (10, 37));

    // A room outside the window is an error naming it.
    let err = map
        .convert(&dungeon(&room(0, "start", "[0, 3]"), ""))
        .unwrap_err();
    assert!(err.contains("room 0 (start) at [0, 3]"), "{err}");
}

/// Every shipped Isaac rule set has a converter, and a bad converter file names the place.
#[test]
fn every_isaac_rule_set_has_a_converter() {
    let maps = PcgMaps::parse(&std::fs::read_to_string("rules/isaac/pcg.maps").unwrap()).unwrap();
    for name in [
        "isaac/flash",
        "isaac/flash-rooms",
        "isaac/labyrinth",
        "isaac/demo",
        "isaac/rebirth",
    ] {
        assert!(maps.find(name).is_some(), "{name}");
    }
    let err =
        PcgMaps::parse("PcgMaps(maps: [PcgMap(ruleset: \"x\", colums: (1, 9))])").unwrap_err();
    assert!(err.starts_with("1:"), "{err}");
    assert!(err.contains("colums"), "{err}");
}
