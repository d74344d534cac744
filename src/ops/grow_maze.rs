//! Maze by growing tree (Buck 2011; the maze of Nystrom's "Rooms and Mazes", 2014): a
//! perfect maze (one way between any two of its cells) carved into the solid parts of a
//! layer.
//!
//! **Lattice.** The area is cut into square maze cells of `cell` tiles separated by walls of
//! `wall` tiles, starting one wall in from the area's top-left: cell `(i, j)` covers the
//! tiles from `(x + wall + i·(cell + wall), y + wall + j·(cell + wall))`, `cell × cell`
//! tiles. With `cell: "1", wall: "1"` on the whole grid the cells are the tiles at odd
//! coordinates (the classic one-tile walls). A cell is *free* when every one of its tiles
//! holds one of the `solid` values and is not protected; the passage between two cells (the
//! `wall × cell` tiles between them) must be free likewise to be carved. Cells that are not
//! free (rooms drawn before, say) are never entered.
//!
//! **Growing tree.** A tree starts at a cell (its tiles written with `value`) and keeps a
//! list of active cells. Each turn picks an active cell by the policy — the newest
//! (depth-first: long winding corridors), a random one (Prim-like: short branches) or the
//! oldest (straight, radial) — carves the passage to one of its free, unvisited neighbours
//! and adds that neighbour to the list; an active cell with no such neighbour leaves the
//! list. The tree is done when the list is empty. The first tree starts at `start` (the
//! cell holding that tile; it must be free) or at a random free cell; with `fill` (the
//! default), further trees then start at every free cell still unvisited, in raster order,
//! so the maze fills every free part of the area.
//!
//! **Draws**, in this order: the random start `rnd(free cells)`; per turn, with more than one
//! policy weighted, `chance(newest / total)` and, when it fails and both others are weighted,
//! `chance(random / (random + oldest))`; `rnd(active cells)` for the random policy; with
//! `straight` above 0 and the last carved direction open, `chance(straight)`; otherwise
//! `rnd(k)` among the `k` open directions (in the order east, west, south, north).
//!
//! **Errors**: an area with no room for one cell between walls (narrower or lower than
//! `cell + 2·wall` tiles) is a failure point ("no maze cell fits"), restarting the enclosing
//! `Retry` or, outside one, ending the run with that message; so is a given `start` that is
//! not in a free cell. An area wholly outside the grid likewise.

use crate::engine::dir::Dir;
use crate::engine::grid::{GridMut, Rect};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{PointDef, PointExpr, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::bounded::{Prob, Weight};
use crate::operator::knobs::{Int, Knobs};
use crate::operator::{Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use serde::Deserialize;
use std::collections::VecDeque;

mod compile;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `GrowMaze(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The value of carved tiles (cells and passages).
        pub value: Int<0, 65535>,
        /// The tile values the maze may carve into (rock).
        pub solid: Vec<Tile>,
        /// Side of a maze cell in tiles. Default 1.
        #[serde(default)]
        pub cell: Option<Int<1, 64>>,
        /// Thickness of the walls between cells in tiles. Default 1.
        #[serde(default)]
        pub wall: Option<Int<1, 64>>,
        /// Weight of the newest-cell policy (depth-first, winding). Default 1 when no policy
        /// is weighted, else 0.
        #[serde(default)]
        pub newest: Option<Weight>,
        /// Weight of the random-cell policy (Prim-like). Default 0.
        #[serde(default)]
        pub random: Option<Weight>,
        /// Weight of the oldest-cell policy (breadth-first, straight). Default 0.
        #[serde(default)]
        pub oldest: Option<Weight>,
        /// Probability of carrying on in the direction last carved when it is open
        /// (straighter corridors). Default 0: every direction drawn at random.
        #[serde(default)]
        pub straight: Option<Prob>,
        /// The tile the first tree starts from (its cell must be free). Default: a random free
        /// cell.
        #[serde(default)]
        pub start: Option<PointDef>,
        /// Whether further trees start at every free cell left, so the maze fills the area,
        /// a true/false expression. Default "true".
        #[serde(default)]
        pub fill: Option<Src>,
    }
}

/// Compiled `GrowMaze`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    value: u16,
    solid: TileSet,
    cell: i32,
    wall: i32,
    /// newest, random, oldest (`None` when not given)
    weights: [Option<f64>; 3],
    straight: f64,
    start: Option<PointExpr>,
    fill: Option<Program>,
    too_small: u32,
    bad_start: u32,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        Writes::layers(std::slice::from_ref(&self.head.layer))
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        self.head.within(st, |st, area| self.maze(st, area))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid).
    fn maze(&self, st: &mut State, area: Rect) -> Flow {
        let (v, cell, wall, straight) = (self.value, self.cell, self.wall, self.straight);
        let none = self.weights.iter().all(Option::is_none);
        let mut w = [0.0; 3];
        for (k, p) in self.weights.iter().enumerate() {
            w[k] = p.unwrap_or(if none && k == 0 { 1.0 } else { 0.0 });
        }
        let start = self.start.as_ref().map(|p| p.eval(st));
        let fill = self.fill.as_ref().is_none_or(|p| p.truth(st));
        let lattice = Lattice::new(area, cell, wall);
        if lattice.cols < 1 || lattice.rows < 1 {
            return Flow::Fail(self.too_small);
        }
        let mut maze = Maze {
            lattice,
            free: lattice.free_cells(st, &self.head, &self.solid),
            active: VecDeque::new(),
            policy: Policy::new(w),
            straight,
            last: None,
            value: v,
        };
        let first = match start {
            Some((x, y)) => match lattice.cell_of(x, y) {
                Some(c) if maze.free[c] => c,
                _ => return Flow::Fail(self.bad_start),
            },
            None => {
                let n = maze.free.iter().filter(|&&f| f).count();
                if n == 0 {
                    return Flow::Continue;
                }
                let k = st.rng.below(n as i64) as usize;
                maze.free
                    .iter()
                    .enumerate()
                    .filter(|c| *c.1)
                    .nth(k)
                    .unwrap()
                    .0
            }
        };
        maze.grow(st, &self.head, &self.solid, first);
        if fill {
            for c in 0..maze.free.len() {
                if maze.free[c] {
                    maze.grow(st, &self.head, &self.solid, c);
                }
            }
        }
        Flow::Continue
    }
}

/// The maze cells of an area: `cols × rows` cells of `cell` tiles, `wall` tiles apart,
/// numbered row by row.
#[derive(Debug, Clone, Copy)]
struct Lattice {
    area: Rect,
    cell: i32,
    wall: i32,
    cols: i32,
    rows: i32,
}

impl Lattice {
    fn new(area: Rect, cell: i32, wall: i32) -> Lattice {
        let pitch = cell + wall;
        Lattice {
            area,
            cell,
            wall,
            cols: (area.w - wall) / pitch,
            rows: (area.h - wall) / pitch,
        }
    }

    /// The tiles of cell `c`.
    #[inline]
    fn block(&self, c: usize) -> Rect {
        let (i, j) = (c as i32 % self.cols, c as i32 / self.cols);
        let pitch = self.cell + self.wall;
        let x = self.area.x + self.wall + i * pitch;
        let y = self.area.y + self.wall + j * pitch;
        Rect::new(x, y, self.cell, self.cell)
    }

    /// The neighbour of cell `c` in direction `d` (E, W, S, N), if in the lattice.
    #[inline]
    fn step(&self, c: usize, d: usize) -> Option<usize> {
        let d = Dir::ALL4[d];
        let (i, j) = (c as i32 % self.cols + d.dx(), c as i32 / self.cols + d.dy());
        (i >= 0 && j >= 0 && i < self.cols && j < self.rows).then(|| (j * self.cols + i) as usize)
    }

    /// The wall tiles between cell `c` and its neighbour in direction `d`.
    #[inline]
    fn passage(&self, c: usize, d: usize) -> Rect {
        let b = self.block(c);
        match d {
            0 => Rect::new(b.x1(), b.y, self.wall, self.cell),
            1 => Rect::new(b.x - self.wall, b.y, self.wall, self.cell),
            2 => Rect::new(b.x, b.y1(), self.cell, self.wall),
            _ => Rect::new(b.x, b.y - self.wall, self.cell, self.wall),
        }
    }

    /// The cell holding tile `(x, y)`, if any.
    fn cell_of(&self, x: i32, y: i32) -> Option<usize> {
        let pitch = self.cell + self.wall;
        let (dx, dy) = (x - self.area.x - self.wall, y - self.area.y - self.wall);
        let (i, j) = (dx.div_euclid(pitch), dy.div_euclid(pitch));
        let inside = dx.rem_euclid(pitch) < self.cell && dy.rem_euclid(pitch) < self.cell;
        (inside && i >= 0 && j >= 0 && i < self.cols && j < self.rows)
            .then(|| (j * self.cols + i) as usize)
    }

    /// Which cells are free (every tile solid and unprotected).
    fn free_cells(&self, st: &State, head: &TileHeader, solid: &TileSet) -> Vec<bool> {
        (0..(self.cols * self.rows) as usize)
            .map(|c| free(st, head, solid, self.block(c)))
            .collect()
    }
}

/// Whether every tile of `r` holds a solid value and is not protected.
#[inline]
fn free(st: &State, head: &TileHeader, solid: &TileSet, r: Rect) -> bool {
    let g = st.grid(head.layer);
    let rock = if r.w == 1 && r.h == 1 {
        solid.contains(g.at(r.x, r.y))
    } else {
        g.all_in(r, |t| solid.contains(t))
    };
    rock && (head.protected.is_empty() || r.all_cells(|x, y| !head.flagged(st, x, y)))
}

/// The choice of active cell: one policy, or a weighted mix.
#[derive(Debug, Clone, Copy)]
enum Policy {
    Newest,
    Random,
    Oldest,
    /// Chance of newest, then of random (against oldest).
    Mix(f64, f64),
}

impl Policy {
    fn new([n, r, o]: [f64; 3]) -> Policy {
        match (n > 0.0, r > 0.0, o > 0.0) {
            (_, false, false) => Policy::Newest,
            (false, true, false) => Policy::Random,
            (false, false, true) => Policy::Oldest,
            _ => Policy::Mix(n / (n + r + o), if r + o > 0.0 { r / (r + o) } else { 0.0 }),
        }
    }
}

/// One maze being grown.
struct Maze {
    lattice: Lattice,
    /// Free and not yet visited.
    free: Vec<bool>,
    active: VecDeque<u32>,
    policy: Policy,
    straight: f64,
    last: Option<usize>,
    value: u16,
}

impl Maze {
    /// Grow one tree from cell `first`.
    fn grow(&mut self, st: &mut State, head: &TileHeader, solid: &TileSet, first: usize) {
        let lat = self.lattice;
        self.free[first] = false;
        st.grid_mut(head.layer).fill(lat.block(first), self.value);
        self.active.push_back(first as u32);
        let work = (lat.cell * (lat.cell + lat.wall)) as u64;
        while !self.active.is_empty() {
            // the run's time budget, once a turn (the run ends after the step when over)
            if st.budget.spend(work) {
                return;
            }
            let n = self.active.len();
            let policy = match self.policy {
                Policy::Mix(pn, pr) => {
                    if st.rng.chance(pn) {
                        Policy::Newest
                    } else if pr > 0.0 && pr < 1.0 {
                        if st.rng.chance(pr) {
                            Policy::Random
                        } else {
                            Policy::Oldest
                        }
                    } else if pr > 0.0 {
                        Policy::Random
                    } else {
                        Policy::Oldest
                    }
                }
                p => p,
            };
            let k = match policy {
                Policy::Oldest => 0,
                Policy::Random => st.rng.below(n as i64) as usize,
                _ => n - 1,
            };
            let c = self.active[k] as usize;
            let mut open = [0usize; 4];
            let mut m = 0;
            for d in 0..4 {
                if let Some(nb) = lat.step(c, d) {
                    if self.free[nb] && free(st, head, solid, lat.passage(c, d)) {
                        open[m] = d;
                        m += 1;
                    }
                }
            }
            if m == 0 {
                self.active.remove(k);
                continue;
            }
            let d = match self.last {
                Some(l)
                    if self.straight > 0.0
                        && open[..m].contains(&l)
                        && st.rng.chance(self.straight) =>
                {
                    l
                }
                _ => open[st.rng.below(m as i64) as usize],
            };
            let nb = lat.step(c, d).unwrap();
            let mut g: GridMut = st.grid_mut(head.layer);
            g.fill(lat.passage(c, d), self.value);
            g.fill(lat.block(nb), self.value);
            self.free[nb] = false;
            self.active.push_back(nb as u32);
            self.last = Some(d);
        }
    }
}

#[cfg(test)]
mod tests;
