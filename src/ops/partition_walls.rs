//! Partition walls across open floor: a raster scan that, at cells holding trigger tiles,
//! tries to run a wall to the right (horizontal) or downward (vertical) across open floor
//! until it meets a wall, then picks a wall kind and a door position at random. Draws random
//! numbers in the order of Diablo's Cathedral `AddWall` (shared/spec/diablo.md §2.6).
//!
//! At each cell not flagged in a `protected` layer, every trigger `(tile, dir, start)` is checked in
//! order against the cell's current tile. A matching trigger first draws and discards
//! `discard` values, then walks from offset 1 along `dir` while the tile is `open`, the two
//! side neighbours are `open`, and the cell is not flagged in a `protected` layer. The walk of length
//! `len` (the offset where it stopped) is accepted when `len >= min_length` and the tile
//! there is one of `stops`. Then:
//! 1. `k = rnd(len of kinds)` chooses a kind (a negative draw takes kind 0; with one kind
//!    nothing is drawn): its wall tile, door tile and start replacements `(from, to)`
//!    applied to `start`;
//! 2. with `open_door`, `rnd(open_door.0) == open_door.1` turns the door into `open_door.2`;
//! 3. the start tile goes at the origin, the wall tile at offsets `1..len`; the tile where
//!    the walk stopped is replaced through the direction's `ends` `(from, to)` (default none);
//! 4. the door goes at offset `rnd(len − 1) + 1`; a door listed in `flag_doors` is
//!    flagged in the `flag` layer. With a direction's `doorway` of `n` tiles instead,
//!    they go at offsets `k .. k + n − 1`, `k = rnd(len − n) + 1`, and each `(i, tile)` of
//!    `doorway_side` turns the `open` cell beside offset `k + i` (above a horizontal wall,
//!    left of a vertical one) into `tile`.
//!
//! A direction's `stops` replace the common list for walls of that direction. Walks read
//! outside the grid as "not open". With `area`, only its cells are scanned and cells
//! outside it read as outside the grid, so every wall (its end tile and doorway sides
//! included) lies inside it; an area wholly outside the grid fails the step (the shared
//! [`TileHeader`]).
//!
//! Diablo's Hell `AddWall` (§5.4): one kind, no open-door roll, a 3-tile doorway with side
//! tiles, end conversions, `min_length: 4`.

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Count0, Knobs, I32};
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use serde::Deserialize;

mod compile;

/// Which way a wall runs from its origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum WallDir {
    /// Toward x + 1.
    Horizontal,
    /// Toward y + 1.
    Vertical,
}

/// `(tile: 3, dir: Horizontal, start: 2)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// The tile the scanned cell must hold.
    pub tile: Tile,
    /// Which way the wall runs from the scanned cell.
    pub dir: WallDir,
    /// The tile written at the origin (before the kind's replacements).
    pub start: Tile,
}

/// A wall kind: `(wall: 2, door: 26, starts: [(2, 12)])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindDef {
    /// Tile of the wall body.
    pub wall: Tile,
    /// Tile of the door.
    pub door: Tile,
    /// Replacements of the start tile, `(from, to)`. Default none.
    #[serde(default)]
    pub starts: Vec<(Tile, Tile)>,
}

/// The kinds of one direction and its open-door tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirDef {
    /// Kinds, chosen by `rnd(kinds.len())` (no draw with one kind).
    pub kinds: Vec<KindDef>,
    /// `(roll, hit, tile)`: when `rnd(roll) == hit` the door becomes `tile`. Default: no roll.
    #[serde(default)]
    pub open_door: Option<(Count, I32, Tile)>,
    /// Tiles a wall of this direction may end on. Default: the common `stops`.
    #[serde(default)]
    pub stops: Option<Vec<Tile>>,
    /// Replacements `(from, to)` of the tile where the wall ends. Default none.
    #[serde(default)]
    pub ends: Vec<(Tile, Tile)>,
    /// A doorway of several tiles replacing the kind's door. Default: the kind's door.
    #[serde(default)]
    pub doorway: Vec<Tile>,
    /// `(i, tile)`: the open cell beside doorway offset `k + i` becomes `tile`. Default none.
    #[serde(default)]
    pub doorway_side: Vec<(i32, Tile)>,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `PartitionWalls(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The flag layer that real doors are marked in (set to 1).
        pub flag: Src,
        /// Triggers, checked in order at each cell.
        pub triggers: Vec<TriggerDef>,
        /// Random values drawn and thrown away per matching trigger. Diablo: 1.
        #[serde(default)]
        pub discard: Count0,
        /// The open-floor tile walls cross.
        pub open: Tile,
        /// Tiles a wall may end on (unless a direction gives its own). Default none.
        #[serde(default)]
        pub stops: Vec<Tile>,
        /// Shortest accepted walk (origin included). Diablo: 2.
        pub min_length: Count,
        /// How walls running along rows are drawn (tiles, doorways, stops, ends).
        pub horizontal: DirDef,
        /// How walls running along columns are drawn.
        pub vertical: DirDef,
        /// Door tiles that get flagged in `flag`.
        #[serde(default)]
        pub flag_doors: Vec<Tile>,
    }
}

#[derive(Debug, Clone)]
struct Kind {
    wall: u16,
    door: u16,
    starts: Vec<(u16, u16)>,
}

#[derive(Debug, Clone)]
struct Dir {
    kinds: Vec<Kind>,
    open: Option<(i64, i64, u16)>,
    stops: Vec<u16>,
    ends: Vec<(u16, u16)>,
    doorway: Vec<u16>,
    doorway_side: Vec<(i32, u16)>,
}

/// Compiled `PartitionWalls`.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// Layer and area.
    head: TileHeader,
    /// The tiles some trigger starts on.
    is_trigger: TileSet,
    /// Per tile id, the triggers that start on it, a bit each; one entry more than the
    /// largest trigger tile, 0, which every larger id reads.
    of_tile: Box<[u64]>,
    skip: Vec<u16>,
    protect: u16,
    triggers: Vec<(u16, WallDir, u16)>,
    discard: u32,
    open: u16,
    min_length: i32,
    dirs: [Dir; 2],
    protect_doors: Vec<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        for y in area.y..area.y1() {
            let mut x = area.x;
            'row: while x < area.x1() {
                // the cells holding a trigger tile among the next 64 (the row as walls have
                // left it: read again after every wall, which may write to the right)
                let (base, end) = (x, area.x1().min(x + 64));
                let mut bits = self
                    .is_trigger
                    .row_bits(st.grid(self.head.layer).row(y, base, end));
                x = end;
                while bits != 0 {
                    let cell = base + bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    let i = st.grid(self.head.layer).index(cell, y);
                    if !self.skipped(st, i) && self.fire(st, &area, cell, y) {
                        x = cell + 1;
                        continue 'row;
                    }
                }
            }
        }
        Flow::Continue
    }
}

impl Compiled {
    /// Length of an acceptable wall from `(x, y)` along `(dx, dy)`, if any.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        st: &State,
        area: &Rect,
        x: i32,
        y: i32,
        dx: i32,
        dy: i32,
        stops: &[u16],
    ) -> Option<i32> {
        let g = st.grid(self.head.layer);
        // the tile at a cell, `None` outside the area (which lies in the grid)
        let tile = |cx: i32, cy: i32| area.contains(cx, cy).then(|| g.at(cx, cy));
        let open = Some(self.open);
        let mut n = 1;
        loop {
            let (cx, cy) = (x + n * dx, y + n * dy);
            if tile(cx, cy) != open {
                break;
            }
            // side neighbours: across the wall's direction
            if tile(cx - dy, cy - dx) != open
                || tile(cx + dy, cy + dx) != open
                || self.skipped(st, g.index(cx, cy))
            {
                break;
            }
            n += 1;
        }
        let end = tile(x + n * dx, y + n * dy)?;
        (n >= self.min_length && stops.contains(&end)).then_some(n)
    }

    #[allow(clippy::too_many_arguments)]
    fn build(&self, st: &mut State, area: &Rect, x: i32, y: i32, d: WallDir, start: u16, len: i32) {
        let (dx, dy, dd) = match d {
            WallDir::Horizontal => (1, 0, &self.dirs[0]),
            WallDir::Vertical => (0, 1, &self.dirs[1]),
        };
        let k = if dd.kinds.len() > 1 {
            st.rng.below(dd.kinds.len() as i64).max(0) as usize
        } else {
            0
        };
        let kind = &dd.kinds[k];
        let start = swap(&kind.starts, start);
        let door = match dd.open {
            Some((roll, hit, tile)) if st.rng.below(roll) == hit => tile,
            _ => kind.door,
        };
        let (open, layer) = (self.open, self.head.layer);
        let mut g = st.grid_mut(layer);
        g.set(x, y, start);
        for n in 1..len {
            g.set(x + n * dx, y + n * dy, kind.wall);
        }
        let (ex, ey) = (x + len * dx, y + len * dy);
        let end = g.as_grid().at(ex, ey);
        g.set(ex, ey, swap(&dd.ends, end));
        if dd.doorway.is_empty() {
            let n = st.rng.below((len - 1) as i64) as i32 + 1;
            let (px, py) = (x + n * dx, y + n * dy);
            st.grid_mut(layer).set(px, py, door);
            if self.protect_doors.contains(&door) {
                st.grid_mut(self.protect).set(px, py, 1);
            }
            return;
        }
        let n = dd.doorway.len() as i32;
        let k = st.rng.below((len - n) as i64) as i32 + 1;
        let mut g = st.grid_mut(layer);
        for (i, &t) in dd.doorway.iter().enumerate() {
            g.set_checked(x + (k + i as i32) * dx, y + (k + i as i32) * dy, t);
        }
        // beside the wall: above a horizontal one (dy = −1), left of a vertical one
        for &(i, t) in &dd.doorway_side {
            let (px, py) = (x + (k + i) * dx - dy, y + (k + i) * dy - dx);
            if area.contains(px, py) && g.as_grid().get(px, py) == Some(open) {
                g.set(px, py, t);
            }
        }
    }

    /// Every trigger, in order, against the current tile at `(x, y)` (a cell of the area,
    /// not flagged in a `protected` layer): whether a wall was built.
    fn fire(&self, st: &mut State, area: &Rect, x: i32, y: i32) -> bool {
        let (layer, i) = (
            self.head.layer as usize,
            st.grid(self.head.layer).index(x, y),
        );
        // the tile changes only when a wall is built (its start goes here)
        let mut here = st.layer(layer as u16)[i];
        let mut built = false;
        // the triggers after the last one tried that start on the current tile, in order
        let mut from = 0;
        loop {
            let m = self.starting_on(here) & u64::MAX.checked_shl(from).unwrap_or(0);
            if m == 0 {
                break;
            }
            from = m.trailing_zeros() + 1;
            let (_, d, start) = self.triggers[from as usize - 1];
            for _ in 0..self.discard {
                st.rng.below(2);
            }
            let (dx, dy, stops) = match d {
                WallDir::Horizontal => (1, 0, &self.dirs[0].stops),
                WallDir::Vertical => (0, 1, &self.dirs[1].stops),
            };
            if let Some(len) = self.walk(st, area, x, y, dx, dy, stops) {
                self.build(st, area, x, y, d, start, len);
                built = true;
                here = st.layer(layer as u16)[i];
            }
        }
        built
    }

    /// The triggers that start on tile `t`, a bit each (bit `j`: trigger `j`).
    #[inline(always)]
    fn starting_on(&self, t: u16) -> u64 {
        self.of_tile[(t as usize).min(self.of_tile.len() - 1)]
    }

    /// Whether cell `i` (row-major) is flagged in a `protected` layer.
    #[inline(always)]
    fn skipped(&self, st: &State, i: usize) -> bool {
        self.skip.iter().any(|&l| st.layer(l)[i] != 0)
    }
}

/// `t` replaced through the first matching `(from, to)` pair, else `t`.
#[inline]
fn swap(pairs: &[(u16, u16)], t: u16) -> u16 {
    pairs
        .iter()
        .find(|(from, _)| *from == t)
        .map_or(t, |&(_, to)| to)
}

#[cfg(test)]
mod tests;
