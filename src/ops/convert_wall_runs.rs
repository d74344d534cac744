//! Wall-run conversion: turn straight runs of a wall tile (rightwards or downwards) into a
//! run of other pieces — a start piece, randomly picked middle pieces, an end piece — each run
//! with a probability; a corner tile where a rightward and a downward run meet can start both.
//! Reproduces the first loop of Diablo's Caves `Fence` (shared/spec/diablo.md §4.8, §4.9.3,
//! §7): wooden fences along cave walls.
//!
//! Raster scan over `area` (default the grid). At each cell, in this order and re-reading the
//! cell each time:
//! 1. it holds `horizontal.wall`: one `rnd(skip_roll)`; when not 0, the run of that wall
//!    tile from the cell rightwards (at least 2 cells) becomes `start`, `pick{middle}` per
//!    inner cell (in order), `end`;
//! 2. the same downwards with `vertical`;
//! 3. it holds `corner.0` with `horizontal.wall` to its right and `vertical.wall` below: one
//!    `rnd(skip_roll)`; when not 0 it becomes `corner.1`, and both runs after it become
//!    middle pieces and an end piece (no start piece).
//!
//! Runs are measured over the whole grid. Each pick draws one `rnd(len)` (negative → 0).
//! Writes into cells flagged in a `protected` layer are skipped (the draws still happen);
//! `when` false skips the step. An empty `middle` is an error at `layer`.

use crate::engine::dir::Dir;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// The pieces of one direction.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunDef {
    /// The wall tile whose runs are converted.
    pub wall: Tile,
    /// The first piece.
    pub start: Tile,
    /// Inner pieces, one picked per cell.
    pub middle: Vec<Tile>,
    /// The last piece.
    pub end: Tile,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `ConvertWallRuns(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Runs going right.
        pub horizontal: RunDef,
        /// Runs going down.
        pub vertical: RunDef,
        /// `(tile, piece)`: a corner tile starting both runs. Default none.
        #[serde(default)]
        pub corner: Option<(Tile, Tile)>,
        /// A candidate is converted when `rnd(skip_roll) != 0` (required; Diablo's Caves: 2).
        pub skip_roll: Count,
    }
}

#[derive(Debug, Clone)]
struct Run {
    wall: u16,
    start: u16,
    middle: Vec<u16>,
    end: u16,
}

/// Compiled `ConvertWallRuns`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    layer: u16,
    runs: [Run; 2],
    corner: Option<(u16, u16)>,
    skip_roll: i64,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl RunDef {
    fn compile(&self, cx: &mut Cx, at: &Src) -> Option<Run> {
        if self.middle.is_empty() {
            cx.error(at, "`middle` needs at least one piece".into(), None);
            return None;
        }
        Some(Run {
            wall: self.wall.0,
            start: self.start.0,
            middle: self.middle.iter().map(|t| t.0).collect(),
            end: self.end.0,
        })
    }
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let head = TileHeader::compile(cx, self.header());
        let h = self.horizontal.compile(cx, &self.layer);
        let v = self.vertical.compile(cx, &self.layer);
        let head = head?;
        Some(Compiled {
            layer: head.layer,
            head,
            runs: [h?, v?],
            corner: self.corner.map(|(a, b)| (a.0, b.0)),
            skip_roll: self
                .skip_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.skip_roll = v as i64),
            knobs: k.done()?,
        })
    }
}

/// The two run directions, indexed like `runs`: along a row, down a column.
const STEP: [Dir; 2] = [Dir::E, Dir::S];

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        for y in area.y..area.y1() {
            for x in area.x..area.x1() {
                for d in 0..2 {
                    if st.grid(self.layer).at(x, y) != self.runs[d].wall
                        || st.rng.below(self.skip_roll) == 0
                    {
                        continue;
                    }
                    let k = self.run_end(st, d, x, y);
                    if k > 0 {
                        self.put(st, x, y, self.runs[d].start);
                        self.write(st, d, x, y, k);
                    }
                }
                let Some((tile, piece)) = self.corner else {
                    continue;
                };
                let g = st.grid(self.layer);
                if g.at(x, y) != tile
                    || g.get(x + 1, y) != Some(self.runs[0].wall)
                    || g.get(x, y + 1) != Some(self.runs[1].wall)
                    || st.rng.below(self.skip_roll) == 0
                {
                    continue;
                }
                self.put(st, x, y, piece);
                for d in 0..2 {
                    let k = self.run_end(st, d, x, y);
                    self.write(st, d, x, y, k);
                }
            }
        }
        Flow::Continue
    }
}

impl Compiled {
    /// The last cell of the run of `r.wall` from `(x, y)` along direction `d`.
    fn run_end(&self, st: &State, d: usize, x: i32, y: i32) -> i32 {
        let g = st.grid(self.layer);
        let (dx, dy) = (STEP[d].dx(), STEP[d].dy());
        let mut k = 0;
        while g.get(x + (k + 1) * dx, y + (k + 1) * dy) == Some(self.runs[d].wall) {
            k += 1;
        }
        k
    }

    /// Set `(x, y)` unless it is flagged.
    fn put(&self, st: &mut State, x: i32, y: i32, v: u16) {
        if !self.head.flagged(st, x, y) {
            st.grid_mut(self.layer).set(x, y, v);
        }
    }

    /// Write middle pieces on cells `1..k` and the end piece on cell `k` from `(x, y)`.
    fn write(&self, st: &mut State, d: usize, x: i32, y: i32, k: i32) {
        let r = &self.runs[d];
        let (dx, dy) = (STEP[d].dx(), STEP[d].dy());
        for i in 1..k {
            let p = r.middle[st.rng.below(r.middle.len() as i64).max(0) as usize];
            self.put(st, x + i * dx, y + i * dy, p);
        }
        self.put(st, x + k * dx, y + k * dy, r.end);
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    #[test]
    fn runs_become_pieces_and_the_corner_starts_both() {
        // skip_roll 1: rnd(1) is always 0, so nothing converts; a huge skip_roll converts
        // (the draws of seed 1 are not 0). Middle pieces: one choice, so the result is exact.
        let steps = |roll: u32| {
            format!(
                r#"FillRect(layer: "t", value: "10", rect: (x: "1", y: "0", w: "4", h: "1")),
                   FillRect(layer: "t", value: "9", rect: (x: "0", y: "1", w: "1", h: "3")),
                   FillRect(layer: "t", value: "11", rect: (x: "0", y: "0", w: "1", h: "1")),
                   FillRect(layer: "t", value: "10", rect: (x: "2", y: "3", w: "1", h: "1")),
                   ConvertWallRuns(layer: "t", skip_roll: {roll}, corner: (11, 125),
                       horizontal: (wall: 10, start: 127, middle: [129], end: 128),
                       vertical: (wall: 9, start: 123, middle: [124], end: 122))"#
            )
        };
        let g = run_rules(6, 4, &steps(30000), "t");
        // the scan meets the corner (0,0) first: its runs get middle and end pieces. The
        // single 10 at (2,3) draws but is too short to convert.
        assert_eq!(
            g,
            grid("125 129 129 129 128 0\n124 0 0 0 0 0\n124 0 0 0 0 0\n122 0 10 0 0 0")
        );
        let g = run_rules(6, 4, &steps(1), "t");
        assert_eq!(g[0][0], 11);
        assert_eq!(g[0][1], 10);
    }
}
