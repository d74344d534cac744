//! Part of the grid toolkit (see [`super::grid`]): connected regions of a layer, square
//! brushes and corridors (straight, L-shaped, wandering). Used by the cave and graph-to-tiles operators.
//!
//! Coordinates are tiles `(x, y)`, x right, y down. Everything is clipped to an area (a
//! [`Rect`] inside the grid): nothing here writes outside it. Region order is the raster
//! order of each region's first cell, so results never depend on hash order.

use super::bit_rows::BitRows;
use super::dir::Dir;
use super::grid::{Connectivity, GridMut, Rect};
use super::tile_set::TileSet;
use crate::rng::RandomSource;

/// The connected regions of cells in `area` holding a tile of `open`: each region's cells
/// in the order a depth-first flood reached them (neighbours pushed in the order of
/// [`Connectivity::offsets`], as [`super::grid::Flood`] does), regions in raster order of
/// their first cell. The open cells are a [`BitRows`] plane, cleared as the floods reach
/// them, so finding the next region skips 64 cells per word; any grid width.
pub fn regions(
    g: &GridMut<'_>,
    area: Rect,
    conn: Connectivity,
    open: &TileSet,
) -> Vec<Vec<(i32, i32)>> {
    let view = g.as_grid();
    let area = area.clip(view.width(), view.height());
    let mut left = BitRows::new();
    left.set_plane(&view, open, false, 0);
    left.keep_only(area);
    let mut stack = Vec::new();
    let mut out = Vec::new();
    if area.is_empty() {
        return out;
    }
    let steps = conn.offsets();
    for y in area.y..area.y1() {
        for i in (area.x / 64) as usize..=((area.x1() - 1) / 64) as usize {
            loop {
                let word = left.row(y)[i];
                if word == 0 {
                    break;
                }
                let start = (64 * i as i32 + word.trailing_zeros() as i32, y);
                left.take(start.0, start.1);
                stack.push(start);
                let mut cells = Vec::new();
                while let Some((x, y)) = stack.pop() {
                    cells.push((x, y));
                    for &(dx, dy) in steps {
                        if left.take(x + dx, y + dy) {
                            stack.push((x + dx, y + dy));
                        }
                    }
                }
                out.push(cells);
            }
        }
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

/// Carve a wandering corridor from `a` to `b` (`ends`) inside `area` (both points inside it), `width`
/// tiles thick (a `width × width` brush whose top-left is the walker). Each move: with
/// probability `wander` (one `chance` draw) a step in a direction drawn by `below(4)` (E, W,
/// S, N), otherwise a step towards `b` along the axis where it is farther (x on ties); a
/// step that would leave `area` is not taken. After `4 × distance + 16` moves (distance =
/// the Manhattan distance from `a` to `b`) a walk that has not arrived finishes as an
/// L-shaped corridor, so it always ends at `b` and its tiles are 4-connected.
pub fn wandering_corridor(
    g: &mut GridMut<'_>,
    area: Rect,
    (a, b): ((i32, i32), (i32, i32)),
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
            let d = Dir::ALL4[rng.below(4) as usize];
            (d.dx(), d.dy())
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
        let r = regions(
            &g,
            Rect::new(0, 0, 4, 3),
            Connectivity::Four,
            &TileSet::new([1]),
        );
        let firsts: Vec<_> = r.iter().map(|c| (c[0], c.len())).collect();
        assert_eq!(firsts, vec![((0, 0), 2), ((2, 0), 3), ((2, 2), 1)]);
        // An area cuts regions.
        let r = regions(
            &g,
            Rect::new(3, 0, 1, 3),
            Connectivity::Four,
            &TileSet::new([1]),
        );
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
