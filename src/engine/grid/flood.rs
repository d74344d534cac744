//! [`Flood`]: flood fill with a cell limit and a choice of connectivity, part of the grid
//! toolkit ([`super`]).

use super::neighbours::Connectivity;

/// Flood fill over cells that pass a test, from one start cell.
///
/// Keeps its stack and visited marks between calls (marks are generation-stamped, so a new
/// fill costs no clearing); after the first fill of a grid size it does not allocate.
#[derive(Debug, Default, Clone)]
pub struct Flood {
    stack: Vec<(i32, i32)>,
    mark: Vec<u32>,
    stamp: u32,
}

/// How a flood fill ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloodEnd {
    /// Every reachable passing cell was visited; the count of visited cells.
    Complete(usize),
    /// The cell limit was reached first; the fill stopped with this many cells visited.
    Limit(usize),
}

impl FloodEnd {
    /// Cells visited.
    pub fn cells(self) -> usize {
        match self {
            FloodEnd::Complete(n) | FloodEnd::Limit(n) => n,
        }
    }
}

impl Flood {
    /// An empty flood-fill buffer.
    pub fn new() -> Flood {
        Flood::default()
    }

    /// Begin a fill of a `width × height` grid: forget every mark.
    fn begin(&mut self, width: i32, height: i32) {
        let n = (width.max(0) * height.max(0)) as usize;
        if self.mark.len() != n || self.stamp == u32::MAX {
            self.mark.clear();
            self.mark.resize(n, 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stack.clear();
    }

    /// Whether `(x, y)` was visited by the current fill (false outside the grid).
    #[inline]
    pub fn visited(&self, width: i32, height: i32, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < width
            && y < height
            && self.mark[(y * width + x) as usize] == self.stamp
    }

    /// Fill a `width × height` grid from `start` through neighbours (by `conn`) for which
    /// `pass(x, y)` holds, calling `visit(x, y)` once per cell in the order reached
    /// (depth-first, neighbours pushed in the order of [`Connectivity::offsets`]). The start
    /// cell is visited only when it is in the grid and passes. Stops after `limit` cells.
    #[allow(clippy::too_many_arguments)]
    pub fn fill(
        &mut self,
        width: i32,
        height: i32,
        start: (i32, i32),
        conn: Connectivity,
        limit: usize,
        pass: impl FnMut(i32, i32) -> bool,
        visit: impl FnMut(i32, i32),
    ) -> FloodEnd {
        self.begin(width, height);
        self.fill_more(width, height, start, conn, limit, pass, visit)
    }

    /// Forget every mark: the start of a labelling made of several
    /// [`Flood::fill_more`] fills of a `width × height` grid.
    pub fn begin_labels(&mut self, width: i32, height: i32) {
        self.begin(width, height);
    }

    /// [`Flood::fill`] keeping the marks of the fills since [`Flood::begin_labels`] (which
    /// must have been called for this grid size): cells visited by an earlier fill are
    /// neither passed through nor visited again (a visited start cell visits nothing), so
    /// successive fills label disjoint regions with no grid of their own.
    #[allow(clippy::too_many_arguments)]
    pub fn fill_more(
        &mut self,
        width: i32,
        height: i32,
        start: (i32, i32),
        conn: Connectivity,
        limit: usize,
        mut pass: impl FnMut(i32, i32) -> bool,
        mut visit: impl FnMut(i32, i32),
    ) -> FloodEnd {
        debug_assert_eq!(self.mark.len(), (width.max(0) * height.max(0)) as usize);
        self.stack.clear();
        let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < width && y < height;
        let (sx, sy) = start;
        let stamp = self.stamp;
        if !inside(sx, sy) || self.mark[(sy * width + sx) as usize] == stamp || !pass(sx, sy) {
            return FloodEnd::Complete(0);
        }
        self.mark[(sy * width + sx) as usize] = stamp;
        self.stack.push(start);
        let mut n = 0usize;
        // the neighbour steps as index offsets, for cells whose neighbours are all inside
        let steps = conn.offsets();
        let mut offs = [0isize; 8];
        for (o, &(dx, dy)) in offs.iter_mut().zip(steps) {
            *o = dy as isize * width as isize + dx as isize;
        }
        while let Some((x, y)) = self.stack.pop() {
            if n == limit {
                return FloodEnd::Limit(n);
            }
            visit(x, y);
            n += 1;
            if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
                let base = (y * width + x) as isize;
                for (&(dx, dy), &o) in steps.iter().zip(&offs) {
                    let i = (base + o) as usize;
                    if self.mark[i] != stamp && pass(x + dx, y + dy) {
                        self.mark[i] = stamp;
                        self.stack.push((x + dx, y + dy));
                    }
                }
                continue;
            }
            for &(dx, dy) in steps {
                let (nx, ny) = (x + dx, y + dy);
                if inside(nx, ny) {
                    let i = (ny * width + nx) as usize;
                    if self.mark[i] != stamp && pass(nx, ny) {
                        self.mark[i] = stamp;
                        self.stack.push((nx, ny));
                    }
                }
            }
        }
        FloodEnd::Complete(n)
    }
}
