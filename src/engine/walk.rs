//! Part of the grid toolkit (see [`super::grid`]): walking over the open cells of a grid in
//! orthogonal steps — distance fields by breadth-first search from a set of cells, and the
//! connected regions of the open cells.
//!
//! A grid here is `width × height` cells, row-major ([`Grid::index`](super::grid::Grid)'s
//! order); which cells are open is a test of a cell's row-major index. Both structures keep
//! their buffers between computations: after the first computation of a grid size they do
//! not allocate (a labelling may grow its list of region sizes when a grid has more regions
//! than any before).

use super::grid::Rect;

/// [`DistanceField::at`] of a cell no walk reaches.
pub const UNREACHED: u32 = u32::MAX;

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
        self.start(width, height, &open, sources);
        self.spread(&open, usize::MAX);
        // the queue holds the cells in walk order, their distances never falling: the
        // farthest are its tail, and the first of them in raster order is the smallest index
        let w = self.width as usize;
        self.farthest = self.queue.last().map(|&last| {
            let d = self.dist[last as usize];
            let tail = self.queue.iter().rev();
            let i = tail.take_while(|&&i| self.dist[i as usize] == d).min();
            let i = *i.unwrap_or(&last) as usize;
            (((i % w) as i32, (i / w) as i32), d)
        });
    }

    /// Steps from `from` to `to` over the open cells (as [`compute`](Self::compute) from
    /// the one source `from`), or [`UNREACHED`]; the walk stops as soon as it reaches `to`,
    /// so the field then holds only the cells as near as `to` or nearer (some of those at
    /// its distance may be missing), and [`farthest`](Self::farthest) is `None`.
    pub fn steps(
        &mut self,
        width: i32,
        height: i32,
        open: impl Fn(usize) -> bool,
        from: (i32, i32),
        to: (i32, i32),
    ) -> u32 {
        self.start(width, height, &open, [from]);
        let (w, h) = (self.width, self.height);
        if to.0 < 0 || to.1 < 0 || to.0 >= w || to.1 >= h {
            return UNREACHED;
        }
        let stop = (to.1 * w + to.0) as usize;
        self.spread(&open, stop);
        self.farthest = None;
        self.dist[stop]
    }

    /// Reset the field for a `width × height` grid and queue the open `sources` at 0.
    fn start(
        &mut self,
        width: i32,
        height: i32,
        open: &impl Fn(usize) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
    ) {
        let (w, h) = (width.max(0), height.max(0));
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
        self.queue.clear();
        self.queue.reserve(n);
        self.farthest = None;
        for (x, y) in sources {
            if x < 0 || y < 0 || x >= w || y >= h {
                continue;
            }
            let i = (y * w + x) as usize;
            if self.dist[i] == UNREACHED && open(i) {
                self.dist[i] = 0;
                self.queue.push(i as u32);
            }
        }
    }

    /// Walk breadth-first from the queued cells until no cell is left or cell `stop` is
    /// reached (`usize::MAX`: never). Every cell given a distance is in the queue.
    fn spread(&mut self, open: &impl Fn(usize) -> bool, stop: usize) {
        let (w, h) = (self.width as usize, self.height as usize);
        if stop != usize::MAX && self.queue.iter().any(|&i| i as usize == stop) {
            return;
        }
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            let d = self.dist[i] + 1;
            let (x, y) = (i % w, i / w);
            for (j, inside) in [
                (i + 1, x + 1 < w),
                (i.wrapping_sub(1), x > 0),
                (i + w, y + 1 < h),
                (i.wrapping_sub(w), y > 0),
            ] {
                if inside && self.dist[j] == UNREACHED && open(j) {
                    self.dist[j] = d;
                    self.queue.push(j as u32);
                    if j == stop {
                        return;
                    }
                }
            }
        }
    }

    /// [`compute`](Self::compute) confined to `area` (a rectangle inside the grid): cells
    /// outside it are not open, so walks stay inside it.
    pub fn compute_in(
        &mut self,
        width: i32,
        height: i32,
        area: Rect,
        open: impl Fn(usize) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
    ) {
        if covers(area, width, height) {
            self.compute(width, height, open, sources);
        } else {
            let w = width.max(1) as usize;
            let inside = |i: usize| area.contains((i % w) as i32, (i / w) as i32);
            self.compute(width, height, |i| inside(i) && open(i), sources);
        }
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

/// No region: [`Regions::at`] of a cell that is not open.
pub const NO_REGION: u32 = u32::MAX;

/// The 4-connected regions of the open cells of a grid: a label per cell, regions numbered
/// from 0 in raster order of their first cell, and each region's size.
#[derive(Debug, Default, Clone)]
pub struct Regions {
    width: i32,
    height: i32,
    /// Region per cell, row-major; [`NO_REGION`] where not open.
    label: Vec<u32>,
    /// Cells per region, by label.
    sizes: Vec<u32>,
    /// The fill's stack of cells (row-major indices).
    stack: Vec<u32>,
}

impl Regions {
    /// No regions.
    pub fn new() -> Regions {
        Regions::default()
    }

    /// Label the regions of a `width × height` grid whose open cells are those whose
    /// row-major index passes `open(i)`.
    pub fn compute(&mut self, width: i32, height: i32, open: impl Fn(usize) -> bool) {
        self.reset(width, height);
        for start in 0..self.label.len() {
            if open(start) && self.label[start] == NO_REGION {
                self.fill(start, &open);
            }
        }
    }

    /// [`compute`](Self::compute) with the open cells given as a row-major byte mask of the
    /// grid's cells (non-zero: open; cells past its end are not open): the same labels,
    /// found faster when most cells are closed (eight cells tested at a time).
    pub fn compute_mask(&mut self, width: i32, height: i32, open: &[u8]) {
        self.reset(width, height);
        let n = self.label.len().min(open.len());
        let open = &open[..n];
        let is_open = |i: usize| open.get(i).is_some_and(|&o| o != 0);
        let mut start = 0;
        while start < n {
            if let Some(eight) = open.get(start..start + 8) {
                let word = u64::from_ne_bytes(eight.try_into().expect("eight bytes"));
                if word == 0 {
                    start += 8;
                    continue;
                }
            }
            if open[start] != 0 && self.label[start] == NO_REGION {
                self.fill(start, &is_open);
            }
            start += 1;
        }
    }

    /// No regions yet on a `width × height` grid.
    fn reset(&mut self, width: i32, height: i32) {
        let (w, h) = (width.max(0), height.max(0));
        self.width = w;
        self.height = h;
        self.label.clear();
        self.label.resize((w * h) as usize, NO_REGION);
        self.sizes.clear();
    }

    /// Label the region of open cell `start` (not labelled yet) as the next region: a
    /// depth-first fill, the labels its visited marks.
    fn fill(&mut self, start: usize, open: &impl Fn(usize) -> bool) {
        let (w, h) = (self.width as usize, self.height as usize);
        let id = self.sizes.len() as u32;
        let mut n = 1u32;
        self.label[start] = id;
        self.stack.clear();
        self.stack.push(start as u32);
        while let Some(i) = self.stack.pop() {
            let i = i as usize;
            let (x, y) = (i % w, i / w);
            for (j, inside) in [
                (i + 1, x + 1 < w),
                (i.wrapping_sub(1), x > 0),
                (i + w, y + 1 < h),
                (i.wrapping_sub(w), y > 0),
            ] {
                if inside && self.label[j] == NO_REGION && open(j) {
                    self.label[j] = id;
                    self.stack.push(j as u32);
                    n += 1;
                }
            }
        }
        self.sizes.push(n);
    }

    /// [`compute`](Self::compute) confined to `area` (a rectangle inside the grid): cells
    /// outside it are not open, so regions stop at its edge.
    pub fn compute_in(
        &mut self,
        width: i32,
        height: i32,
        area: Rect,
        open: impl Fn(usize) -> bool,
    ) {
        if covers(area, width, height) {
            self.compute(width, height, open);
        } else {
            let w = width.max(1) as usize;
            let inside = |i: usize| area.contains((i % w) as i32, (i / w) as i32);
            self.compute(width, height, |i| inside(i) && open(i));
        }
    }

    /// The region of `(x, y)`, or [`NO_REGION`] outside the grid or where not open.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> u32 {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return NO_REGION;
        }
        self.label[(y * self.width + x) as usize]
    }

    /// Every cell of `area` (clipped to the grid) in no region, in raster order, with the
    /// distinct regions among its four neighbours inside `area` (0 to 4 of them, in the
    /// order of [`Dir::ALL4`](super::dir::Dir::ALL4)): the walls between regions, for
    /// connectors.
    pub fn gaps(&self, area: Rect, mut f: impl FnMut(i32, i32, &[u32])) {
        let a = area.clip(self.width, self.height);
        if a.is_empty() {
            return;
        }
        let w = self.width as usize;
        for y in a.y..a.y1() {
            let row = y as usize * w;
            for x in a.x..a.x1() {
                let i = row + x as usize;
                if self.label[i] != NO_REGION {
                    continue;
                }
                let mut near = [NO_REGION; 4];
                let mut k = 0;
                for (j, inside) in [
                    (i + 1, x + 1 < a.x1()),
                    (i.wrapping_sub(1), x > a.x),
                    (i + w, y + 1 < a.y1()),
                    (i.wrapping_sub(w), y > a.y),
                ] {
                    let r = if inside { self.label[j] } else { NO_REGION };
                    if r != NO_REGION && !near[..k].contains(&r) {
                        near[k] = r;
                        k += 1;
                    }
                }
                f(x, y, &near[..k]);
            }
        }
    }

    /// How many regions.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// Cells of region `r`.
    pub fn size(&self, r: u32) -> u32 {
        self.sizes.get(r as usize).copied().unwrap_or(0)
    }

    /// Cells of every region, by number.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// Cells of the largest region (0 when there is none).
    pub fn largest(&self) -> u32 {
        self.sizes.iter().copied().max().unwrap_or(0)
    }
}

/// Whether `area` holds every cell of a `width × height` grid.
fn covers(area: Rect, width: i32, height: i32) -> bool {
    area.x <= 0 && area.y <= 0 && area.x1() >= width && area.y1() >= height
}

#[cfg(test)]
mod tests;
