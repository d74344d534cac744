//! The finishing fix-up passes (spec §2.8.2, §2.8.3, §2.8.5) as if-chains: `FixDirtTiles`,
//! `FixCornerTiles`, `ShadowPatterns` (heads and tests compared through `BaseTypes`) and
//! `ShadowFences` of rules/diablo/cathedral.pat, one `if` a rule in list order, written out
//! from the rule lists by a script (tests/suite/cathedral_level_baseline.rs fails when the
//! two drift apart). `unprotected` rules do not write protected cells.

// one `if` a rule, also where a head has a single rule
#![allow(clippy::collapsible_match)]

use super::fix_tiles::{is, not, set, set_free};
use super::{Map, N};

/// The base type of the tile at `(x, y)` is `v` (never outside the grid).
#[inline(always)]
fn cls_is(b: &[u8; 256], m: &Map, x: i32, y: i32, v: u8) -> bool {
    m.get(x, y).is_some_and(|t| b[t as usize] == v)
}

/// FixDirtTiles over x, y <= 38, then FixCornerTiles over x, y in 1..=38.
pub fn fix_dirt_and_corners(m: &mut Map) {
    for y in 0..N - 1 {
        for x in 0..N - 1 {
            fix_dirt(m, x, y);
        }
    }
    for y in 1..N - 1 {
        for x in 1..N - 1 {
            fix_corner(m, x, y);
        }
    }
}

/// ApplyShadowsPatterns over x, y in 1..=39 (base types `b`), then the fence pass.
pub fn shadows_and_fences(m: &mut Map, b: &[u8; 256]) {
    for y in 1..N {
        for x in 1..N {
            shadows(m, b, x, y);
        }
    }
    for y in 1..N {
        for x in 1..N {
            shadow_fences(m, x, y);
        }
    }
}

/// `FixDirtTiles`: every rule in list order, each re-reading the cell.
fn fix_dirt(m: &mut Map, x: i32, y: i32) {
    let i = (y * N + x) as usize;
    if m.t[i] == 21 && not(m, x + 1, y, 19) {
        set(m, x, y, 202);
    }
    if m.t[i] == 19 && not(m, x + 1, y, 19) {
        set(m, x, y, 200);
    }
    if m.t[i] == 24 && not(m, x + 1, y, 19) {
        set(m, x, y, 205);
    }
    if m.t[i] == 18 && not(m, x, y + 1, 18) {
        set(m, x, y, 199);
    }
    if m.t[i] == 21 && not(m, x, y + 1, 18) {
        set(m, x, y, 202);
    }
    if m.t[i] == 23 && not(m, x, y + 1, 18) {
        set(m, x, y, 204);
    }
}

/// `FixCornerTiles`: every rule in list order, each re-reading the cell.
fn fix_corner(m: &mut Map, x: i32, y: i32) {
    let i = (y * N + x) as usize;
    if m.t[i] == 17 && is(m, x - 1, y, 13) && is(m, x, y - 1, 1) {
        set_free(m, x, y, 16);
    }
    if m.t[i] == 202 && is(m, x + 1, y, 13) && is(m, x, y + 1, 1) {
        set(m, x, y, 8);
    }
    if m.t[i] == 202 && is(m, x, y + 1, 13) && is(m, x + 1, y, 2) {
        set(m, x, y, 9);
    }
}

/// `ShadowPatterns`: the rules of each head in list order (no rule writes the scanned
/// cell, so its head holds through the visit).
fn shadows(m: &mut Map, b: &[u8; 256], x: i32, y: i32) {
    match b[m.t[(y * N + x) as usize] as usize] {
        7 => {
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 144);
                set_free(m, x - 1, y, 142);
            }
        }
        16 => {
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 144);
                set_free(m, x - 1, y, 142);
            }
        }
        15 => {
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 145);
                set_free(m, x - 1, y, 142);
            }
        }
        5 => {
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 13)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 152);
                set_free(m, x, y - 1, 140);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 1)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 146);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 13)
                && cls_is(b, m, x - 1, y, 2)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 140);
                set_free(m, x - 1, y, 148);
            }
            if cls_is(b, m, x, y - 1, 1) && cls_is(b, m, x - 1, y, 2) {
                set_free(m, x, y - 1, 146);
                set_free(m, x - 1, y, 148);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 147);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 13)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 140);
                set_free(m, x - 1, y, 149);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 150);
                set_free(m, x, y - 1, 147);
                set_free(m, x - 1, y, 149);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 1)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 146);
                set_free(m, x - 1, y, 149);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 2)
            {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x, y - 1, 147);
                set_free(m, x - 1, y, 148);
            }
        }
        9 => {
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 13)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 144);
                set_free(m, x, y - 1, 140);
                set_free(m, x - 1, y, 142);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 1)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 144);
                set_free(m, x, y - 1, 146);
                set_free(m, x - 1, y, 142);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 13)
            {
                set_free(m, x - 1, y - 1, 151);
                set_free(m, x, y - 1, 147);
                set_free(m, x - 1, y, 142);
            }
        }
        8 => {
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 144);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 12) {
                set_free(m, x - 1, y - 1, 143);
                set_free(m, x - 1, y, 149);
            }
            if cls_is(b, m, x - 1, y, 2) {
                set_free(m, x - 1, y, 148);
            }
        }
        11 => {
            if cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 139);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 2) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 148);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 12) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 149);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 139);
                set_free(m, x - 1, y, 149);
            }
        }
        14 => {
            if cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 139);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 2) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 148);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 12) && cls_is(b, m, x - 1, y, 13) {
                set_free(m, x - 1, y - 1, 149);
                set_free(m, x - 1, y, 139);
            }
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 139);
                set_free(m, x - 1, y, 149);
            }
        }
        10 => {
            if cls_is(b, m, x, y - 1, 13) {
                set_free(m, x, y - 1, 140);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x, y - 1, 13) {
                set_free(m, x - 1, y - 1, 140);
                set_free(m, x, y - 1, 140);
            }
            if cls_is(b, m, x, y - 1, 1) {
                set_free(m, x, y - 1, 146);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x, y - 1, 11) {
                set_free(m, x - 1, y - 1, 140);
                set_free(m, x, y - 1, 147);
            }
        }
        12 => {
            if cls_is(b, m, x, y - 1, 13) {
                set_free(m, x, y - 1, 140);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x, y - 1, 13) {
                set_free(m, x - 1, y - 1, 140);
                set_free(m, x, y - 1, 140);
            }
            if cls_is(b, m, x, y - 1, 1) {
                set_free(m, x, y - 1, 146);
            }
            if cls_is(b, m, x - 1, y - 1, 13) && cls_is(b, m, x, y - 1, 11) {
                set_free(m, x - 1, y - 1, 140);
                set_free(m, x, y - 1, 147);
            }
        }
        3 => {
            if cls_is(b, m, x - 1, y - 1, 13)
                && cls_is(b, m, x, y - 1, 11)
                && cls_is(b, m, x - 1, y, 12)
            {
                set_free(m, x - 1, y - 1, 150);
            }
        }
        _ => {}
    }
}

/// `ShadowFences`: every rule in list order, each re-reading the cell.
fn shadow_fences(m: &mut Map, x: i32, y: i32) {
    let i = (y * N + x) as usize;
    if matches!(m.t[i], 29 | 32 | 35 | 37 | 38 | 39) && is(m, x - 1, y, 139) {
        set_free(m, x - 1, y, 141);
    }
    if matches!(m.t[i], 29 | 32 | 35 | 37 | 38 | 39) && is(m, x - 1, y, 149) {
        set_free(m, x - 1, y, 153);
    }
    if matches!(m.t[i], 29 | 32 | 35 | 37 | 38 | 39) && is(m, x - 1, y, 148) {
        set_free(m, x - 1, y, 154);
    }
}
