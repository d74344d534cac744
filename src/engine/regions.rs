//! Part of the grid toolkit (see [`super::grid`]): connected regions of a layer, square
//! brushes and corridors (straight, L-shaped, wandering). Used by the cave and graph-to-tiles operators.
//!
//! Coordinates are tiles `(x, y)`, x right, y down. Everything is clipped to an area (a
//! [`Rect`] inside the grid): nothing here writes outside it. Region order is the raster
//! order of each region's first cell, so results never depend on hash order.

use super::grid::{Connectivity, Flood, GridMut, Rect, N4};
use crate::rng::RandomSource;

/// The connected regions of cells in `area` for which `open(value)` holds: each region's
/// cells (in the order the flood reached them), regions in raster order of their first cell.
pub fn regions(
    g: &GridMut<'_>,
    area: Rect,
    conn: Connectivity,
    open: impl Fn(u16) -> bool,
) -> Vec<Vec<(i32, i32)>> {
    let view = g.as_grid();
    let (w, h) = (view.width(), view.height());
    let mut flood = Flood::new();
    let mut seen = vec![false; (area.w.max(0) * area.h.max(0)) as usize];
    let local = |x: i32, y: i32| ((y - area.y) * area.w + (x - area.x)) as usize;
    let mut out = Vec::new();
    for (x, y) in area.cells() {
        if seen[local(x, y)] || !open(view.at(x, y)) {
            continue;
        }
        let mut cells = Vec::new();
        flood.fill(
            w,
            h,
            (x, y),
            conn,
            usize::MAX,
            |cx, cy| area.contains(cx, cy) && open(view.at(cx, cy)),
            |cx, cy| cells.push((cx, cy)),
        );
        for &(cx, cy) in &cells {
            seen[local(cx, cy)] = true;
        }
        out.push(cells);
    }
    out
}

/// Paint a `size × size` square brush whose top-left is `(x, y)` with `v`, inside `area`.
#[inline]
pub fn brush(g: &mut GridMut<'_>, area: Rect, x: i32, y: i32, size: i32, v: u16) {
    let r = Rect::new(x, y, size.max(1), size.max(1)).intersect(&area);
    g.fill(r, v);
}

/// Carve an L-shaped corridor of `width` tiles from `a` to `b` inside `area`: first along x
/// (at `a`'s row) then along y (at `b`'s column) when `x_first`, else the other way round.
/// A straight corridor when `a` and `b` share a row or column.
pub fn corridor(
    g: &mut GridMut<'_>,
    area: Rect,
    a: (i32, i32),
    b: (i32, i32),
    width: i32,
    x_first: bool,
    v: u16,
) {
    let corner = if x_first { (b.0, a.1) } else { (a.0, b.1) };
    segment(g, area, a, corner, width, v);
    segment(g, area, corner, b, width, v);
}

/// Carve the straight (row or column) segment from `a` to `b`, `width` tiles thick.
fn segment(g: &mut GridMut<'_>, area: Rect, a: (i32, i32), b: (i32, i32), width: i32, v: u16) {
    let w = width.max(1);
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    let r = Rect::from_corners(x0, y0, x1 + w, y1 + w).intersect(&area);
    g.fill(r, v);
}

/// Carve a wandering corridor from `a` to `b` inside `area` (both points inside it), `width`
/// tiles thick (a `width × width` brush whose top-left is the walker). Each move: with
/// probability `wander` (one `chance` draw) a step in a direction drawn by `below(4)` (E, W,
/// S, N), otherwise a step towards `b` along the axis where it is farther (x on ties); a
/// step that would leave `area` is not taken. After `4 × distance + 16` moves (distance =
/// the Manhattan distance from `a` to `b`) a walk that has not arrived finishes as an
/// L-shaped corridor, so it always ends at `b` and its tiles are 4-connected.
pub fn wandering_corridor(
    g: &mut GridMut<'_>,
    area: Rect,
    a: (i32, i32),
    b: (i32, i32),
    width: i32,
    wander: f64,
    rng: &mut impl RandomSource,
    v: u16,
) {
    let (mut x, mut y) = a;
    brush(g, area, x, y, width, v);
    let limit = 4 * ((b.0 - a.0).abs() + (b.1 - a.1).abs()) + 16;
    for _ in 0..limit {
        if (x, y) == b {
            return;
        }
        let (dx, dy) = if rng.chance(wander) {
            N4[rng.below(4) as usize]
        } else if (b.0 - x).abs() >= (b.1 - y).abs() {
            ((b.0 - x).signum(), 0)
        } else {
            (0, (b.1 - y).signum())
        };
        if area.contains(x + dx, y + dy) {
            x += dx;
            y += dy;
            brush(g, area, x, y, width, v);
        }
    }
    corridor(g, area, (x, y), b, width, true, v);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(d: &[u16], w: usize) -> Vec<Vec<u16>> {
        d.chunks(w).map(|r| r.to_vec()).collect()
    }

    #[test]
    fn regions_in_raster_order_inside_the_area() {
        let mut d = vec![
            1, 0, 1, 1, //
            1, 0, 0, 1, //
            0, 0, 1, 0, //
        ];
        let g = GridMut::new(&mut d, 4, 3);
        let r = regions(&g, Rect::new(0, 0, 4, 3), Connectivity::Four, |v| v == 1);
        let firsts: Vec<_> = r.iter().map(|c| (c[0], c.len())).collect();
        assert_eq!(firsts, vec![((0, 0), 2), ((2, 0), 3), ((2, 2), 1)]);
        // An area cuts regions.
        let r = regions(&g, Rect::new(3, 0, 1, 3), Connectivity::Four, |v| v == 1);
        assert_eq!(r, vec![vec![(3, 0), (3, 1)]]);
    }

    #[test]
    fn corridors_are_l_shaped_and_clipped() {
        let mut d = vec![0u16; 5 * 4];
        let mut g = GridMut::new(&mut d, 5, 4);
        corridor(&mut g, Rect::new(0, 0, 5, 3), (0, 0), (3, 3), 1, true, 7);
        assert_eq!(
            rows(&d, 5),
            vec![
                vec![7, 7, 7, 7, 0],
                vec![0, 0, 0, 7, 0],
                vec![0, 0, 0, 7, 0],
                vec![0, 0, 0, 0, 0],
            ]
        );
        let mut g = GridMut::new(&mut d, 5, 4);
        brush(&mut g, Rect::new(0, 0, 5, 4), 3, 2, 3, 2);
        assert_eq!(rows(&d, 5)[3], vec![0, 0, 0, 2, 2]);
    }
}
