//! FixTilesPatterns (spec §2.5) as if-chains, the original's style: at each cell, the rules of
//! the three lists `FixTilesPatterns_1..3` of rules/diablo/cathedral.pat whose head is the
//! cell's tile, in list order, one `if` a rule. (Written out from the rule lists by a script;
//! tests/suite/cathedral_level_baseline.rs fails when the two drift apart.) Also the cell
//! reads and writes the if-chains of finish.rs share.

// one `if` a rule, also where a head has a single rule
#![allow(clippy::collapsible_match)]

use super::{Map, N};

/// The tile at `(x, y)` is `v` (never outside the grid).
#[inline(always)]
pub fn is(m: &Map, x: i32, y: i32, v: u8) -> bool {
    m.get(x, y) == Some(v)
}

/// The tile at `(x, y)` is in the grid and not `v`.
#[inline(always)]
pub fn not(m: &Map, x: i32, y: i32, v: u8) -> bool {
    m.get(x, y).is_some_and(|t| t != v)
}

/// Writes `v` at `(x, y)` when it lies in the grid.
#[inline(always)]
pub fn set(m: &mut Map, x: i32, y: i32, v: u8) {
    if (0..N).contains(&x) && (0..N).contains(&y) {
        m.t[(y * N + x) as usize] = v;
    }
}

/// Writes `v` at `(x, y)` when it lies in the grid and is not protected.
#[inline(always)]
pub fn set_free(m: &mut Map, x: i32, y: i32, v: u8) {
    if (0..N).contains(&x) && (0..N).contains(&y) && m.prot[(y * N + x) as usize] == 0 {
        m.t[(y * N + x) as usize] = v;
    }
}

/// The three raster passes over the whole grid.
pub fn fix_tiles_patterns(m: &mut Map) {
    for y in 0..N {
        for x in 0..N {
            fix_tiles_1(m, x, y);
        }
    }
    for y in 0..N {
        for x in 0..N {
            fix_tiles_2(m, x, y);
        }
    }
    for y in 0..N {
        for x in 0..N {
            fix_tiles_3(m, x, y);
        }
    }
}

/// `FixTilesPatterns_1`: the rules of each head in list order (no rule writes the scanned
/// cell, so its head holds through the visit).
fn fix_tiles_1(m: &mut Map, x: i32, y: i32) {
    match m.t[(y * N + x) as usize] {
        2 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 23);
            }
        }
        13 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 18);
            }
            if is(m, x + 1, y, 2) {
                set(m, x + 1, y, 7);
            }
            if is(m, x, y + 1, 1) {
                set(m, x, y + 1, 6);
            }
            if is(m, x, y + 1, 22) {
                set(m, x, y + 1, 19);
            }
        }
        6 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 24);
            }
        }
        1 => {
            if is(m, x, y + 1, 22) {
                set(m, x, y + 1, 24);
            }
        }
        _ => {}
    }
}

/// `FixTilesPatterns_2`: the rules of each head in list order (no rule writes the scanned
/// cell, so its head holds through the visit).
fn fix_tiles_2(m: &mut Map, x: i32, y: i32) {
    match m.t[(y * N + x) as usize] {
        13 => {
            if is(m, x + 1, y, 19) {
                set(m, x + 1, y, 21);
            }
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 20);
            }
            if is(m, x + 1, y, 24) {
                set(m, x + 1, y, 21);
            }
            if is(m, x, y + 1, 16) {
                set(m, x, y + 1, 17);
            }
        }
        7 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 23);
            }
            if is(m, x + 1, y, 19) {
                set(m, x + 1, y, 21);
            }
            if is(m, x + 1, y, 1) {
                set(m, x + 1, y, 6);
            }
            if is(m, x + 1, y, 24) {
                set(m, x + 1, y, 21);
            }
            if is(m, x + 1, y, 13) {
                set(m, x + 1, y, 17);
            }
            if is(m, x, y - 1, 24) {
                set(m, x, y - 1, 21);
            }
        }
        19 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 20);
            }
            if is(m, x + 1, y, 1) {
                set(m, x + 1, y, 6);
            }
            if is(m, x - 1, y, 23) {
                set(m, x - 1, y, 21);
            }
        }
        2 => {
            if is(m, x + 1, y, 19) {
                set(m, x + 1, y, 21);
            }
            if is(m, x + 1, y, 1) {
                set(m, x + 1, y, 6);
            }
            if is(m, x + 1, y, 24) {
                set(m, x + 1, y, 21);
            }
            if is(m, x + 1, y, 13) {
                set(m, x + 1, y, 17);
            }
        }
        3 => {
            if is(m, x + 1, y, 22) {
                set(m, x + 1, y, 24);
            }
        }
        21 => {
            if is(m, x + 1, y, 1) {
                set(m, x + 1, y, 6);
            }
            if is(m, x, y + 1, 2) {
                set(m, x, y + 1, 7);
            }
        }
        4 => {
            if is(m, x + 1, y, 16) {
                set(m, x + 1, y, 17);
            }
        }
        23 => {
            if is(m, x - 1, y, 22) {
                set(m, x - 1, y, 19);
            }
        }
        6 => {
            if is(m, x - 1, y, 22) {
                set(m, x - 1, y, 24);
            }
            if is(m, x - 1, y, 23) {
                set(m, x - 1, y, 21);
            }
            if is(m, x, y + 1, 18) {
                set(m, x, y + 1, 21);
            }
            if is(m, x, y + 1, 2) {
                set(m, x, y + 1, 7);
            }
            if is(m, x, y + 1, 22) {
                set(m, x, y + 1, 24);
            }
            if is(m, x, y + 1, 13) {
                set(m, x, y + 1, 16);
            }
            if is(m, x, y - 1, 22) {
                set(m, x, y - 1, 7);
            }
            if is(m, x, y - 1, 22) {
                set(m, x, y - 1, 24);
            }
        }
        1 => {
            if is(m, x, y + 1, 2) {
                set(m, x, y + 1, 7);
            }
            if is(m, x, y + 1, 13) {
                set(m, x, y + 1, 16);
            }
        }
        18 => {
            if is(m, x, y + 1, 2) {
                set(m, x, y + 1, 7);
            }
            if is(m, x, y - 1, 24) {
                set(m, x, y - 1, 21);
            }
        }
        _ => {}
    }
}

/// `FixTilesPatterns_3`: the rules of each head in list order (no rule writes the scanned
/// cell, so its head holds through the visit).
fn fix_tiles_3(m: &mut Map, x: i32, y: i32) {
    match m.t[(y * N + x) as usize] {
        4 => {
            if is(m, x, y + 1, 2) {
                set(m, x, y + 1, 7);
            }
        }
        2 => {
            if is(m, x + 1, y, 19) {
                set(m, x + 1, y, 21);
            }
        }
        18 => {
            if is(m, x, y + 1, 22) {
                set(m, x, y + 1, 20);
            }
        }
        _ => {}
    }
}
