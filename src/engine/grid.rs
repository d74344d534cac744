//! The grid toolkit: everything tile operators need to read and write a grid, in one place.
//!
//! * [`Rect`] — a rectangle of cells (contains, clip, inset, raster iteration).
//! * [`Grid`] / [`GridMut`] — a read or write view of one layer: `width × height` values,
//!   row-major (`y` outer, `x` inner), with bounds-checked and unchecked access. No operator
//!   computes a cell index itself; [`Grid::index`] is the one place that does.
//! * [`N4`] / [`N8`] and [`Connectivity`] — neighbour offsets (directions themselves are
//!   [`Dir`], cells [`Point`]).
//! * [`Flood`] — flood fill with a cell limit and a choice of connectivity, reusing its
//!   buffers across calls (no allocation once warm).
//! * [`WrapScan`] — the scan with wrap-around that miniset placement uses.
//!
//! Coordinates are cells `(x, y)`: x to the right, y down, 0-based. Everything here is a
//! plain native loop: small `#[inline]` functions the optimiser folds into the caller.

pub use super::dir::Dir;
pub use super::point::Point;

mod flood;
mod neighbours;
mod rect;
mod wrap_scan;
pub use flood::{Flood, FloodEnd};
pub use neighbours::{Connectivity, N4, N8};
pub use rect::Rect;
pub use wrap_scan::WrapScan;

/// The size of a row-major array of per-cell values that is not a tile layer (a solver's
/// wave, a pattern's pixels): its indexing in one place, as [`Grid`] does for tile layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dims {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl Dims {
    /// A `width × height` array's dimensions.
    pub fn new(width: i32, height: i32) -> Dims {
        Dims { width, height }
    }

    /// Cells, `width · height` (0 when either is not positive).
    pub fn len(&self) -> usize {
        (self.width.max(0) as usize) * (self.height.max(0) as usize)
    }

    /// Whether there is no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row-major index of `(x, y)`, which must be in bounds (checked in debug builds).
    #[inline(always)]
    pub fn index(&self, x: i32, y: i32) -> usize {
        debug_assert!(self.in_bounds(x, y), "({x}, {y}) outside {self:?}");
        (y * self.width + x) as usize
    }

    /// The index of `(x, y)`, or `None` outside.
    #[inline(always)]
    pub fn get(&self, x: i32, y: i32) -> Option<usize> {
        self.in_bounds(x, y).then(|| (y * self.width + x) as usize)
    }

    /// Whether `(x, y)` is a cell.
    #[inline(always)]
    pub fn in_bounds(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// The cell `(x, y)` of a row-major index.
    #[inline(always)]
    pub fn point(&self, i: usize) -> (i32, i32) {
        ((i as i32) % self.width, (i as i32) / self.width)
    }

    /// The index of the cell `(x, y)` of a grid that wraps around at its edges (a torus).
    #[inline(always)]
    pub fn wrapped(&self, x: i32, y: i32) -> usize {
        self.index(x.rem_euclid(self.width), y.rem_euclid(self.height))
    }
}

/// A read view of one layer: `width × height` values, row-major.
#[derive(Debug, Clone, Copy)]
pub struct Grid<'a> {
    data: &'a [u16],
    width: i32,
    height: i32,
}

/// A write view of one layer: `width × height` values, row-major.
#[derive(Debug)]
pub struct GridMut<'a> {
    data: &'a mut [u16],
    width: i32,
    height: i32,
}

/// Shared by both views: size, bounds and the one cell-index computation.
macro_rules! view_common {
    () => {
        /// Columns.
        #[inline(always)]
        pub fn width(&self) -> i32 {
            self.width
        }

        /// Rows.
        #[inline(always)]
        pub fn height(&self) -> i32 {
            self.height
        }

        /// The whole grid as a rectangle.
        #[inline]
        pub fn bounds(&self) -> Rect {
            Rect::of_size(self.width, self.height)
        }

        /// Whether `(x, y)` is a cell of the grid.
        #[inline(always)]
        pub fn in_bounds(&self, x: i32, y: i32) -> bool {
            x >= 0 && y >= 0 && x < self.width && y < self.height
        }

        /// The row-major index of `(x, y)`, which must be in bounds (checked in debug builds).
        #[inline(always)]
        pub fn index(&self, x: i32, y: i32) -> usize {
            debug_assert!(
                self.in_bounds(x, y),
                "({x}, {y}) outside {}x{}",
                self.width,
                self.height
            );
            (y * self.width + x) as usize
        }

        /// The row-major index of `(x, y)` as a signed number, also for cells outside the
        /// grid: a base that in-grid cells are reached from by adding index offsets
        /// `dy · width + dx` (as compiled matchers do).
        #[inline(always)]
        pub fn flat_index(&self, x: i32, y: i32) -> isize {
            y as isize * self.width as isize + x as isize
        }

        /// The cell `(x, y)` of a row-major index.
        #[inline(always)]
        pub fn point(&self, i: usize) -> (i32, i32) {
            ((i as i32) % self.width, (i as i32) / self.width)
        }

        /// The value at `(x, y)`, which must be in bounds.
        #[inline(always)]
        pub fn at(&self, x: i32, y: i32) -> u16 {
            self.data[self.index(x, y)]
        }

        /// The value at `(x, y)`, or `None` outside the grid.
        #[inline(always)]
        pub fn get(&self, x: i32, y: i32) -> Option<u16> {
            if self.in_bounds(x, y) {
                Some(self.data[(y * self.width + x) as usize])
            } else {
                None
            }
        }

        /// The cell that `(x, y)` reaches when the grid is addressed as one column-major
        /// array (`x · height + y`) without bounds checks, as `map[x][y]` in C does:
        /// `(x, height)` is `(x + 1, 0)`, `(x, −1)` is `(x − 1, height − 1)`; `None` before
        /// or past the array. Cells of the grid are themselves.
        #[inline]
        pub fn column_major(&self, x: i32, y: i32) -> Option<(i32, i32)> {
            if self.in_bounds(x, y) {
                return Some((x, y));
            }
            let (w, h) = (self.width as i64, self.height as i64);
            let f = x as i64 * h + y as i64;
            (f >= 0 && f < w * h).then(|| ((f / h) as i32, (f % h) as i32))
        }

        /// The value at `(x, y)`, or `outside` outside the grid.
        #[inline(always)]
        pub fn get_or(&self, x: i32, y: i32, outside: u16) -> u16 {
            self.get(x, y).unwrap_or(outside)
        }

        /// The values, row-major.
        #[inline(always)]
        pub fn as_slice(&self) -> &[u16] {
            self.data
        }

        /// The values of row `y` from column `x0` to `x1` (exclusive), which must be in the
        /// grid.
        #[inline(always)]
        pub fn row(&self, y: i32, x0: i32, x1: i32) -> &[u16] {
            let i = self.index(x0, y);
            &self.data[i..i + (x1 - x0) as usize]
        }

        /// Whether every cell of `r` (clipped to the grid) satisfies `f(value)`.
        #[inline]
        pub fn all_in(&self, r: Rect, mut f: impl FnMut(u16) -> bool) -> bool {
            let r = r.clip(self.width, self.height);
            if r.is_empty() {
                return true;
            }
            (r.y..r.y1()).all(|y| self.row(y, r.x, r.x1()).iter().all(|&v| f(v)))
        }

        /// Whether some cell of `r` (clipped to the grid) satisfies `f(value)`.
        #[inline]
        pub fn any_in(&self, r: Rect, mut f: impl FnMut(u16) -> bool) -> bool {
            let r = r.clip(self.width, self.height);
            !r.is_empty() && (r.y..r.y1()).any(|y| self.row(y, r.x, r.x1()).iter().any(|&v| f(v)))
        }

        /// How many cells of `r` (clipped to the grid) satisfy `f(value)`.
        #[inline]
        pub fn count_in(&self, r: Rect, mut f: impl FnMut(u16) -> bool) -> usize {
            let r = r.clip(self.width, self.height);
            if r.is_empty() {
                return 0;
            }
            if r.w == self.width {
                // whole rows: one contiguous run
                let i = self.index(0, r.y);
                let n = r.area() as usize;
                return count_run(&self.data[i..i + n], f);
            }
            (r.y..r.y1())
                .map(|y| count_run(self.row(y, r.x, r.x1()), &mut f))
                .sum()
        }

        /// How many cells of `r` (clipped to the grid) hold `v`: [`Self::count_in`] of
        /// `t == v`, counted by [`super::short_rows::count_eq`] when `r` is narrower than
        /// the grid.
        #[inline]
        pub fn count_eq(&self, r: Rect, v: u16) -> usize {
            let r = r.clip(self.width, self.height);
            if r.is_empty() || r.w == self.width {
                return self.count_in(r, |t| t == v);
            }
            let (w, h) = (r.w as usize, r.h as usize);
            super::short_rows::count_eq(
                self.data,
                self.index(r.x, r.y),
                w,
                self.width as usize,
                h,
                v,
            )
        }

        /// How many neighbours of `(x, y)` (by `conn`) satisfy `f(value)`; cells outside the
        /// grid read as `outside`.
        #[inline]
        pub fn count_neighbours(
            &self,
            x: i32,
            y: i32,
            conn: Connectivity,
            outside: u16,
            mut f: impl FnMut(u16) -> bool,
        ) -> u32 {
            conn.offsets()
                .iter()
                .filter(|&&(dx, dy)| f(self.get_or(x + dx, y + dy, outside)))
                .count() as u32
        }
    };
}

/// How many values of `run` satisfy `f`: a branch-free sum the optimiser vectorises.
#[inline(always)]
fn count_run(run: &[u16], mut f: impl FnMut(u16) -> bool) -> usize {
    // u16 lanes (eight per SSE2 register) over chunks too short to overflow them
    run.chunks(u16::MAX as usize)
        .map(|c| c.iter().fold(0u16, |n, &v| n + f(v) as u16) as usize)
        .sum()
}

impl<'a> Grid<'a> {
    /// A view of `data`, which must hold `width * height` values.
    #[inline]
    pub fn new(data: &'a [u16], width: i32, height: i32) -> Grid<'a> {
        debug_assert_eq!(data.len(), (width.max(0) * height.max(0)) as usize);
        Grid {
            data,
            width,
            height,
        }
    }

    view_common!();
}

impl<'a> GridMut<'a> {
    /// A view of `data`, which must hold `width * height` values.
    #[inline]
    pub fn new(data: &'a mut [u16], width: i32, height: i32) -> GridMut<'a> {
        debug_assert_eq!(data.len(), (width.max(0) * height.max(0)) as usize);
        GridMut {
            data,
            width,
            height,
        }
    }

    view_common!();

    /// A read view of the same layer.
    #[inline]
    pub fn as_grid(&self) -> Grid<'_> {
        Grid::new(self.data, self.width, self.height)
    }

    /// Set `(x, y)`, which must be in bounds.
    #[inline(always)]
    pub fn set(&mut self, x: i32, y: i32, v: u16) {
        let i = self.index(x, y);
        self.data[i] = v;
    }

    /// Set `(x, y)` when it is in the grid; returns whether it was.
    #[inline(always)]
    pub fn set_checked(&mut self, x: i32, y: i32, v: u16) -> bool {
        let inside = self.in_bounds(x, y);
        if inside {
            self.set(x, y, v);
        }
        inside
    }

    /// The values of row `y` from column `x0` to `x1` (exclusive), which must be in the
    /// grid, for writing: [`Self::set`] a row at a time.
    #[inline(always)]
    pub fn row_mut(&mut self, y: i32, x0: i32, x1: i32) -> &mut [u16] {
        let i = self.index(x0, y);
        &mut self.data[i..i + (x1 - x0) as usize]
    }

    /// The values, row-major, for writing.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [u16] {
        self.data
    }

    /// Set every cell of `r` (clipped to the grid) to `v`.
    #[inline]
    pub fn fill(&mut self, r: Rect, v: u16) {
        let r = r.clip(self.width, self.height);
        // a rectangle wholly beside the grid clips to a negative width or height: nothing
        // to fill
        if r.is_empty() {
            return;
        }
        if r.w == self.width {
            // whole rows: one contiguous run
            let i = self.index(0, r.y);
            self.data[i..i + r.area() as usize].fill(v);
            return;
        }
        for y in r.y..r.y1() {
            let row = self.index(r.x, y);
            super::short_rows::fill(&mut self.data[row..row + r.w as usize], v);
        }
    }

    /// Write a block of values, row-major, `w` columns wide (`tiles.len() / w` rows), with
    /// its top-left at `(x, y)`: a row at a time, the part inside the grid only.
    pub fn paste(&mut self, x: i32, y: i32, w: i32, tiles: &[u16]) {
        if w <= 0 {
            return;
        }
        let h = (tiles.len() / w as usize) as i32;
        let r = Rect::new(x, y, w, h).clip(self.width, self.height);
        if r.is_empty() {
            return;
        }
        for yy in r.y..r.y1() {
            let from = ((yy - y) * w + (r.x - x)) as usize;
            let row = self.index(r.x, yy);
            self.data[row..row + r.w as usize].copy_from_slice(&tiles[from..from + r.w as usize]);
        }
    }

    /// Replace every value `v` of `r` (clipped) by `f(x, y, v)`.
    #[inline]
    pub fn map_in(&mut self, r: Rect, mut f: impl FnMut(i32, i32, u16) -> u16) {
        let r = r.clip(self.width, self.height);
        if r.is_empty() {
            return;
        }
        for y in r.y..r.y1() {
            for (x, v) in (r.x..).zip(self.row_mut(y, r.x, r.x1())) {
                *v = f(x, y, *v);
            }
        }
    }
}

#[cfg(test)]
mod tests;
