//! The start probes of a try ([`Compiled::start`]): a probe scans on from a random cell, in raster
//! order over the area, to the next cell holding a tile of `starts`. Start tiles are few, and
//! a probe may scan most of the area to reach one (or run off it): the start cells are listed
//! once in that raster order ([`Compiled::start_cells`], again after each river is written, the
//! only change to the layer), and a probe finds its cell by a binary search. The same cells as
//! the scan, which tests keep for comparison.

use super::{Compiled, StartCell};
#[cfg(test)]
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::{Grid, Rect as GridRect};
use crate::engine::state::State;
use crate::rng::RandomSource;

impl Compiled {
    /// The index in `starts` of the first entry for tile `t`.
    #[inline]
    fn start_of(&self, t: u16) -> Option<usize> {
        self.starts.iter().position(|s| s.0 == t)
    }

    /// The start cells of area `b` (inside the grid) of layer `g`, in raster order, into
    /// `cells` (cleared first).
    pub(super) fn start_cells(&self, g: &Grid, b: GridRect, cells: &mut Vec<StartCell>) {
        cells.clear();
        let mut key = 0u64;
        for y in b.y..b.y1() {
            for &t in g.row(y, b.x, b.x1()) {
                if let Some(k) = self.start_of(t) {
                    cells.push((key, k));
                }
                key += 1;
            }
        }
    }

    /// The first start cell at or after `(x, y)` (inside `b`) in raster order: the cell and
    /// its `starts` index, `None` when the scan runs off the area.
    fn next_start(
        b: GridRect,
        cells: &[StartCell],
        (x, y): (i32, i32),
    ) -> Option<(i32, i32, usize)> {
        let w = b.w as u64;
        let from = (y - b.y) as u64 * w + (x - b.x) as u64;
        let &(key, k) = cells.get(cells.partition_point(|&(key, _)| key < from))?;
        Some((b.x + (key % w) as i32, b.y + (key / w) as i32, k))
    }

    /// [`Compiled::next_start`] a cell at a time.
    #[cfg(test)]
    fn scan_start(
        &self,
        g: &Grid,
        b: GridRect,
        (mut x, mut y): (i32, i32),
    ) -> Option<(i32, i32, usize)> {
        loop {
            if y >= b.y1() {
                return None;
            }
            if let Some(k) = self.start_of(g.at(x, y)) {
                return Some((x, y, k));
            }
            x += 1;
            if x >= b.x1() {
                x = b.x;
                y += 1;
            }
        }
    }

    /// The start of a try: up to `probes` probes, each drawing `x` then `y` in `b` (non-empty,
    /// inside the grid) and taking the next start cell of `cells` (those of the layer now).
    /// `None` when every probe runs off the area; `usize::MAX` as the index when the last
    /// probe found the start (the original then stops all rivers).
    pub(super) fn start(
        &self,
        st: &mut State,
        b: GridRect,
        cells: &[StartCell],
    ) -> Option<(i32, i32, usize)> {
        for probe in 1..=self.probes {
            let x = b.x + st.rng.below(b.w as i64).max(0) as i32;
            let y = b.y + st.rng.below(b.h as i64).max(0) as i32;
            let next = Self::next_start(b, cells, (x, y));
            // unit tests compare with the scan
            #[cfg(test)]
            let next = match fast_path::allowed(FastPath::StartList) {
                false => self.scan_start(&st.grid(self.layer), b, (x, y)),
                true => next,
            };
            if let Some((x, y, k)) = next {
                return Some((x, y, if probe == self.probes { usize::MAX } else { k }));
            }
        }
        None
    }
}
