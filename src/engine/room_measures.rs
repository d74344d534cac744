//! Measures of a room's cells that requirements are written over (used by `AssignThemes`):
//! size, bounding box, the largest clear square inside, perimeter, openings, distance to
//! markers, flagged and avoided cells, door distance from a room. All in grid cells.

use crate::engine::dir::Dir;
use crate::engine::grid::{GridMut, Rect};
use crate::engine::point::Point;
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::value::RoomId;

/// The names of the measures, in [`Measures::values`] order, as requirements write them.
pub const NAMES: [&str; 10] = [
    "cells",
    "box_w",
    "box_h",
    "square",
    "perimeter",
    "open",
    "near",
    "flagged",
    "avoided",
    "depth",
];

/// What the measures read besides the room's cells.
#[derive(Debug)]
pub struct Sources {
    /// The tile layer read by `square`, `open` and `avoided`.
    pub layer: Option<u16>,
    /// Tiles that are clear for `square` (`None`: every room cell is clear).
    pub clear: Option<TileSet>,
    /// Tiles counted by `open` on the far side of the room's edges.
    pub open: TileSet,
    /// Tiles counted by `avoided` inside the room.
    pub avoid: TileSet,
    /// Markers `near` measures to.
    pub markers: Vec<u16>,
    /// Layers whose non-zero cells `flagged` counts.
    pub flags: Vec<u16>,
}

/// One room's measures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measures {
    /// The values, in [`NAMES`] order.
    pub values: [f64; 10],
}

/// Measure room `id`; `depths` are door distances from the origin room (`u32::MAX` where
/// unreachable), or `None` without an origin (then `depth` is -1). `side` is a scratch
/// buffer for the largest clear square (its contents do not matter; reused, it saves an
/// allocation per room).
pub fn measure(
    st: &State,
    id: RoomId,
    src: &Sources,
    depths: Option<&[u32]>,
    side: &mut Vec<u16>,
) -> Measures {
    let cells = st.cells_of(id);
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for &Point { x, y } in cells {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let (bw, bh) = if cells.is_empty() {
        (0, 0)
    } else {
        (x1 - x0 + 1, y1 - y0 + 1)
    };
    let layer = src.layer.map(|l| st.grid(l));
    let tile = |x: i32, y: i32| layer.as_ref().and_then(|g| g.get(x, y));
    let is_clear = |x: i32, y: i32| match (&src.clear, tile(x, y)) {
        (None, _) => true,
        (Some(c), Some(t)) => c.contains(t),
        (Some(_), None) => false,
    };
    // the largest square of clear room cells: side of the square ending at each cell
    side.clear();
    side.resize((bw * bh) as usize, 0);
    let mut sq = GridMut::new(side, bw, bh);
    for &Point { x, y } in cells {
        if is_clear(x, y) {
            sq.set(x - x0, y - y0, 1);
        }
    }
    let mut square = 0u16;
    for (lx, ly) in Rect::of_size(bw, bh).cells() {
        let here = sq.at(lx, ly);
        if here == 0 {
            continue;
        }
        let up = sq.get_or(lx, ly - 1, 0);
        let left = sq.get_or(lx - 1, ly, 0);
        let diag = sq.get_or(lx - 1, ly - 1, 0);
        let s = 1 + up.min(left).min(diag);
        sq.set(lx, ly, s);
        square = square.max(s);
    }
    let (mut perimeter, mut open, mut avoided, mut flagged) = (0u32, 0u32, 0u32, 0u32);
    for &Point { x, y } in cells {
        for d in Dir::ALL4 {
            let (nx, ny) = (x + d.dx(), y + d.dy());
            if st.room_at(nx, ny) != id {
                perimeter += 1;
                if tile(nx, ny).is_some_and(|t| src.open.contains(t)) {
                    open += 1;
                }
            }
        }
        if tile(x, y).is_some_and(|t| src.avoid.contains(t)) {
            avoided += 1;
        }
        if src.flags.iter().any(|&l| st.grid(l).at(x, y) != 0) {
            flagged += 1;
        }
    }
    // Chebyshev distance from the room to the nearest placed marker
    let mut nearest: Option<i32> = None;
    for m in src.markers.iter().filter_map(|&m| st.markers[m as usize]) {
        for &Point { x, y } in cells {
            let d = (m.x - x).abs().max((m.y - y).abs());
            nearest = Some(nearest.map_or(d, |n| n.min(d)));
        }
    }
    let near = nearest.unwrap_or(st.width + st.height) as f64;
    let depth = match depths.map(|d| d[id as usize]) {
        Some(d) if d != u32::MAX => d as f64,
        _ => -1.0,
    };
    Measures {
        values: [
            cells.len() as f64,
            bw as f64,
            bh as f64,
            square as f64,
            perimeter as f64,
            open as f64,
            near,
            flagged as f64,
            avoided as f64,
            depth,
        ],
    }
}
