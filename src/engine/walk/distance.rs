//! Walking distances by breadth-first search (see [`super`]): one walk, [`bfs`], under two
//! stores of its result — [`DistanceField`], a `u32` distance per cell to read back, and
//! [`LayerDistances`], which writes each distance into a caller's `u16` layer as the walk
//! reaches the cell (a bit per cell marks it reached), for an operator whose output is that
//! layer.

use crate::engine::grid::Rect;

/// [`DistanceField::at`] of a cell no walk reaches.
pub const UNREACHED: u32 = u32::MAX;

/// Where a walk keeps which cells it reached and their distances.
trait Marks {
    /// Whether cell `i` is not reached yet.
    fn fresh(&self, i: usize) -> bool;
    /// Cell `i` is reached, `d` steps from the nearest source.
    fn mark(&mut self, i: usize, d: u32);
}

/// The breadth-first walk over the cells of `area` in a grid `w` cells wide (row-major
/// indexes; `area` already clipped to the grid) from the open cells among `sources` (those
/// outside `area` or not open ignored), over the open cells (`open(i)` of the row-major
/// index): every reached cell enters `queue` once, nearest first, and is marked with its
/// distance as it enters (distances are counted by levels of the queue, never read back). A
/// step never leaves `area`: the neighbour tests compare with its edges, so confining a walk
/// costs nothing. A neighbour is tested `fresh` before `open`. Returns the farthest reached
/// cell (the first in raster order among equals) with its distance.
fn bfs(
    w: i32,
    area: Rect,
    queue: &mut Vec<u32>,
    marks: &mut impl Marks,
    open: impl Fn(usize) -> bool,
    sources: impl IntoIterator<Item = (i32, i32)>,
) -> Option<((i32, i32), u32)> {
    queue.clear();
    queue.reserve((area.w.max(0) * area.h.max(0)) as usize);
    for (x, y) in sources {
        if !area.contains(x, y) {
            continue;
        }
        let i = (y * w + x) as usize;
        if marks.fresh(i) && open(i) {
            marks.mark(i, 0);
            queue.push(i as u32);
        }
    }
    let wu = w as usize;
    // the area's edges: a step right needs `x + 1 < x1`, left `x > x0`, and so on
    let (x0, y0) = (area.x as usize, area.y as usize);
    let (x1, y1) = (area.x1() as usize, area.y1() as usize);
    let (mut head, mut level_end, mut d) = (0, queue.len(), 0u32);
    let mut best = (usize::MAX, 0u32);
    while head < queue.len() {
        if head == level_end {
            // every cell `d` steps away has been taken: the rest are `d + 1` away
            d += 1;
            level_end = queue.len();
        }
        let i = queue[head] as usize;
        head += 1;
        // distances only grow along the queue: a cell is the farthest so far when it is
        // farther, or as far and earlier in raster order
        if d > best.1 || i < best.0 {
            best = (i, d);
        }
        let (x, y) = (i % wu, i / wu);
        for (j, inside) in [
            (i + 1, x + 1 < x1),
            (i.wrapping_sub(1), x > x0),
            (i + wu, y + 1 < y1),
            (i.wrapping_sub(wu), y > y0),
        ] {
            if inside && marks.fresh(j) && open(j) {
                marks.mark(j, d + 1);
                queue.push(j as u32);
            }
        }
    }
    (best.0 != usize::MAX).then(|| (((best.0 % wu) as i32, (best.0 / wu) as i32), best.1))
}

/// `Marks` of a [`DistanceField`]: its `u32` distances, [`UNREACHED`] where not reached.
struct Dist<'a>(&'a mut [u32]);

impl Marks for Dist<'_> {
    #[inline(always)]
    fn fresh(&self, i: usize) -> bool {
        self.0[i] == UNREACHED
    }
    #[inline(always)]
    fn mark(&mut self, i: usize, d: u32) {
        self.0[i] = d;
    }
}

/// `Marks` of [`LayerDistances`]: a bit per cell, and the caller's layer written as cells are
/// reached.
struct Written<'a> {
    seen: &'a mut [u64],
    out: &'a mut [u16],
    cap: u32,
}

impl Marks for Written<'_> {
    #[inline(always)]
    fn fresh(&self, i: usize) -> bool {
        self.seen[i / 64] & 1 << (i % 64) == 0
    }
    #[inline(always)]
    fn mark(&mut self, i: usize, d: u32) {
        self.seen[i / 64] |= 1 << (i % 64);
        self.out[i] = d.min(self.cap) as u16;
    }
}

/// Walking distances (orthogonal steps over open cells) from a set of source cells to every
/// cell of a grid, by breadth-first search.
#[derive(Debug, Default, Clone)]
pub struct DistanceField {
    width: i32,
    height: i32,
    /// Steps from the nearest source per cell, row-major; [`UNREACHED`] where no walk goes.
    dist: Vec<u32>,
    /// The breadth-first queue: each cell enters it at most once.
    queue: Vec<u32>,
    /// The farthest reached cell (the first in raster order among equals) and its distance.
    farthest: Option<((i32, i32), u32)>,
}

impl DistanceField {
    /// An empty field (no cell reached).
    pub fn new() -> DistanceField {
        DistanceField::default()
    }

    /// Compute the distances over a `width × height` grid whose open cells are those whose
    /// row-major index `i` passes `open(i)`, from the open cells among `sources` (cells
    /// outside the grid or not open are ignored). With no open source nothing is reached.
    pub fn compute(
        &mut self,
        width: i32,
        height: i32,
        open: impl Fn(usize) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
    ) {
        self.compute_in(width, height, Rect::of_size(width, height), open, sources);
    }

    /// Every cell unreached, on a `w × h` grid (`w`, `h` ≥ 0).
    fn reset(&mut self, w: i32, h: i32) {
        let n = (w * h) as usize;
        self.width = w;
        self.height = h;
        if self.dist.len() == n && self.queue.len() < n / 8 {
            // every cell but the last walk's (its queue) is unreached already: reset those
            // rather than the whole grid
            for &i in &self.queue {
                self.dist[i as usize] = UNREACHED;
            }
        } else {
            self.dist.clear();
            self.dist.resize(n, UNREACHED);
        }
    }

    /// [`compute`](Self::compute) confined to `area` (clipped to the grid): cells outside
    /// it are not open, so walks stay inside it.
    pub fn compute_in(
        &mut self,
        width: i32,
        height: i32,
        area: Rect,
        open: impl Fn(usize) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
    ) {
        let (w, h) = (width.max(0), height.max(0));
        self.reset(w, h);
        let (queue, dist) = (&mut self.queue, &mut Dist(&mut self.dist));
        self.farthest = bfs(w, area.clip(w, h), queue, dist, open, sources);
    }

    /// Steps from the nearest source to `(x, y)`; [`UNREACHED`] outside the grid or where
    /// no walk reaches.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> u32 {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return UNREACHED;
        }
        self.dist[(y * self.width + x) as usize]
    }

    /// Every reached cell, as its row-major index and its distance, in the order the walk
    /// reached them (nearest first; sources in the order given): for writing a field out
    /// without visiting the cells no walk reached.
    pub fn reached(&self) -> impl ExactSizeIterator<Item = (usize, u32)> + '_ {
        self.queue
            .iter()
            .map(|&i| (i as usize, self.dist[i as usize]))
    }

    /// The reached cell farthest from the sources, the first in raster order among cells as
    /// far, with its distance; `None` when nothing was reached.
    pub fn farthest(&self) -> Option<((i32, i32), u32)> {
        self.farthest
    }
}

/// Walking distances (orthogonal steps over open cells) from a set of source cells, written
/// into a caller's `u16` layer as the breadth-first walk reaches each cell — the walk of
/// [`DistanceField`] without its `u32` distance array, for an operator whose output is the
/// layer. Only reached cells are written; the caller sets the others (walls, cells no source
/// reaches) as it likes, before or after.
#[derive(Debug, Default, Clone)]
pub struct LayerDistances {
    /// A bit per cell, row-major, 64 to a word: set for a cell the last walk reached.
    seen: Vec<u64>,
    /// The last walk's queue: the cells it reached, in the order it reached them.
    queue: Vec<u32>,
    farthest: Option<((i32, i32), u32)>,
}

impl LayerDistances {
    /// Nothing reached.
    pub fn new() -> LayerDistances {
        LayerDistances::default()
    }

    /// Walk a `width × height` grid over its cells inside `area` whose row-major index `i`
    /// passes `open(i)`, from the open cells of `area` among `sources` (others ignored), and
    /// write each reached cell's distance, capped at `cap`, at its row-major index in `out`
    /// (`width * height` values; other values are left alone). With no open source nothing
    /// is reached or written.
    ///
    /// # Panics
    ///
    /// When `out` is shorter than `width * height`.
    #[allow(clippy::too_many_arguments)]
    pub fn compute_in(
        &mut self,
        width: i32,
        height: i32,
        area: Rect,
        open: impl Fn(usize) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
        out: &mut [u16],
        cap: u16,
    ) {
        let (w, h) = (width.max(0), height.max(0));
        let n = (w * h) as usize;
        let out = &mut out[..n];
        let words = n.div_ceil(64);
        if self.seen.len() == words && self.queue.len() < words {
            // the last walk's cells (its queue) are the only bits set: clear those rather
            // than every word
            for &i in &self.queue {
                self.seen[i as usize / 64] = 0;
            }
        } else {
            self.seen.clear();
            self.seen.resize(words, 0);
        }
        let mut marks = Written {
            seen: &mut self.seen,
            out,
            cap: cap as u32,
        };
        let (queue, area) = (&mut self.queue, area.clip(w, h));
        self.farthest = bfs(w, area, queue, &mut marks, open, sources);
    }

    /// The reached cell farthest from the sources, the first in raster order among cells as
    /// far, with its distance (uncapped); `None` when nothing was reached.
    pub fn farthest(&self) -> Option<((i32, i32), u32)> {
        self.farthest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_gets_the_distances_of_its_reached_cells_only() {
        // `#` closed; (0, 0) reaches (4, 0) the long way round, through row 2 (8 steps)
        //   . . # . .
        //   . # # . .
        //   . . . . .
        let rows = ["..#..", ".##..", "....."];
        let open: Vec<bool> = rows.concat().chars().map(|c| c != '#').collect();
        let mut f = LayerDistances::new();
        let mut out = vec![7u16; 15];
        f.compute_in(
            5,
            3,
            Rect::new(0, 0, 5, 3),
            |i| open[i],
            [(0, 0)],
            &mut out,
            6,
        );
        // distances 7 and 8 are capped at 6; walls keep the 7 they had
        assert_eq!(out, [0, 1, 7, 6, 6, 1, 7, 7, 6, 6, 2, 3, 4, 5, 6]);
        assert_eq!(f.farthest(), Some(((4, 0), 8)));
        // a second walk, in an area without row 2 and from (3, 1): the first walk's marks
        // are gone (its cells are reached again), nothing outside the area is written
        let mut out = vec![9u16; 15];
        f.compute_in(
            5,
            3,
            Rect::new(0, 0, 5, 2),
            |i| open[i],
            [(3, 1)],
            &mut out,
            100,
        );
        assert_eq!(out, [9, 9, 9, 1, 2, 9, 9, 9, 0, 1, 9, 9, 9, 9, 9]);
        // (4, 0) is the only cell 2 steps away
        assert_eq!(f.farthest(), Some(((4, 0), 2)));
        // no open source: nothing written, nothing reached
        f.compute_in(
            5,
            3,
            Rect::new(0, 0, 5, 3),
            |i| open[i],
            [(2, 0), (-1, 0)],
            &mut out,
            100,
        );
        assert_eq!(out, [9, 9, 9, 1, 2, 9, 9, 9, 0, 1, 9, 9, 9, 9, 9]);
        assert_eq!(f.farthest(), None);
    }
}
