//! Bounded two-walker flood: find small enclosed regions (e.g. rock islands inside a cave)
//! by flooding from every cell of a start tile with two mutually recursive walkers and a
//! cell budget, and turn each enclosed region into something else (e.g. a lava pool) with a
//! probability. Reproduces Diablo's Caves `PlaceLavaPool` with `Spawn` / `SpawnEdge`
//! (shared/spec/diablo.md §4.5, §4.9.1, §7); the direction and substitution tables are data.
//!
//! Entering a cell, in this order: the count already exceeds `limit` → escaped; outside the
//! area → escaped; already visited → stop (not escaped); its tile is above `max_tile` →
//! escaped; otherwise it is marked visited and counted. The *rock walker* on a `spread` tile
//! continues right, left, down, up with itself; on another tile `t` it continues with the edge
//! walker on the sides given by `rock_sides[t]`. The *edge walker* on tile `t` continues on the
//! sides of `edge_sides[t]`: first its edge-walker sides, then its rock-walker sides. Side bits
//! (tables indexed by tile id, tiles past the end have none): edge walker up 8, down 4,
//! right 2, left 1; rock walker up 128, down 64, right 32, left 16; sides are taken in the
//! order up, down, right, left. A walker stops at the first escape.
//!
//! Scan: every cell of the area in raster order holding `start` *at that moment*: it is
//! marked and counted, then the rock walker is started right (needs `x + 1` inside), left
//! (needs `x − 1 > ` the area's left column — the original's quirk), down (`y + 1` inside),
//! up (`y − 1 >` the top row); a direction that is not allowed counts as an escape, and the
//! first escape ends the flood. Then **one** `rnd(roll)` is drawn (always; the flood draws
//! nothing, so it is drawn first here and the flood made only when it passes); when it is below
//! `below`, nothing escaped and at least `min_cells` cells were visited, every visited cell
//! holding tile `t` becomes `substitute[t]` (0 or past the end: unchanged). `result` becomes
//! whether any region was converted. Coordinates: cells `(x, y)`, x right, y down. With
//! `protected`, a flagged cell counts as an escape (a region touching it is never converted);
//! `when` false skips the step (no draw, `result` untouched).
//!
//! Not the toolkit's [`crate::engine::grid::Flood`]: the walk has two walkers whose next
//! sides depend on the walker *and* the tile, while a cell is marked once for both, so which
//! walker reaches a cell first decides where the walk goes on — the visiting order is part of
//! the result, and it is kept here as the original's recursion (its depth is bounded by
//! `limit`).

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, GridMut, Rect as GridRect};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::knobs::I32;
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `BoundedFlood(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Every cell holding this tile starts a flood.
        pub start: Tile,
        /// The tile on which the rock walker spreads in all four directions.
        pub spread: Tile,
        /// Tiles above this escape.
        pub max_tile: Tile,
        /// The flood escapes when entering a cell with more than this many cells counted.
        pub limit: Count,
        /// Fewest visited cells for a conversion.
        pub min_cells: Count,
        /// The conversion roll: `rnd(roll) < below`.
        pub roll: Count,
        /// See `roll`.
        pub below: I32,
        /// Table `"file.pat#name"`: per tile, the rock walker's edge-walker sides.
        pub rock_sides: Src,
        /// Table: per tile, the edge walker's sides (low nibble edge, high nibble rock).
        pub edge_sides: Src,
        /// Table: per tile, what a converted cell becomes (0 = unchanged).
        pub substitute: Src,
        /// A true/false variable: whether any region was converted.
        #[serde(default)]
        pub result: Option<Src>,
    }
}

/// Compiled `BoundedFlood`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    start: u16,
    spread: u16,
    max_tile: u16,
    limit: u32,
    min_cells: u32,
    roll: i64,
    below: i64,
    rock_sides: Vec<u16>,
    edge_sides: Vec<u16>,
    substitute: Vec<u16>,
    result: Option<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let head = TileHeader::compile(cx, self.header());
        let rock_sides = cx.tile_table(&self.rock_sides);
        let edge_sides = cx.tile_table(&self.edge_sides);
        let substitute = cx.tile_table(&self.substitute);
        let result = cx.optional_var(self.result.as_ref(), Type::Bool)?;
        Some(Compiled {
            head: head?,
            start: self.start.0,
            spread: self.spread.0,
            max_tile: self.max_tile.0,
            limit: self
                .limit
                .get(cx, &mut k, |c: &mut Compiled, v| c.limit = v as u32)
                as u32,
            min_cells: self
                .min_cells
                .get(cx, &mut k, |c: &mut Compiled, v| c.min_cells = v as u32)
                as u32,
            roll: self
                .roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.roll = v as i64),
            below: self
                .below
                .get(cx, &mut k, |c: &mut Compiled, v| c.below = v as i64),
            rock_sides: rock_sides?,
            edge_sides: edge_sides?,
            substitute: substitute?,
            result,
            knobs: k.done()?,
        })
    }
}

/// One flood: the grid, its marks and the visited cells.
struct Walk<'a> {
    op: &'a Compiled,
    st: &'a State,
    tiles: Grid<'a>,
    bounds: GridRect,
    /// Non-zero = visited by the current flood.
    mark: GridMut<'a>,
    visited: Vec<(i32, i32)>,
    count: u32,
}

enum Entry {
    Escaped,
    Stop,
    Tile(u16),
}

impl Walk<'_> {
    fn enter(&mut self, x: i32, y: i32) -> Entry {
        if self.count > self.op.limit || !self.bounds.contains(x, y) {
            return Entry::Escaped;
        }
        if self.mark.at(x, y) != 0 {
            return Entry::Stop;
        }
        let t = self.tiles.at(x, y);
        if t > self.op.max_tile || self.op.head.flagged(self.st, x, y) {
            return Entry::Escaped;
        }
        self.mark.set(x, y, 1);
        self.visited.push((x, y));
        self.count += 1;
        Entry::Tile(t)
    }

    /// The rock walker; true = escaped.
    fn rock(&mut self, x: i32, y: i32) -> bool {
        let t = match self.enter(x, y) {
            Entry::Escaped => return true,
            Entry::Stop => return false,
            Entry::Tile(t) => t,
        };
        if t == self.op.spread {
            return Dir::ALL4.iter().any(|d| self.rock(x + d.dx(), y + d.dy()));
        }
        let bits = self.op.rock_sides.get(t as usize).copied().unwrap_or(0);
        self.sides(x, y, bits, false)
    }

    /// The edge walker; true = escaped.
    fn edge(&mut self, x: i32, y: i32) -> bool {
        let t = match self.enter(x, y) {
            Entry::Escaped => return true,
            Entry::Stop => return false,
            Entry::Tile(t) => t,
        };
        let bits = self.op.edge_sides.get(t as usize).copied().unwrap_or(0);
        self.sides(x, y, bits, false) || self.sides(x, y, bits >> 4, true)
    }

    /// Continue on the sides of a 4-bit set (up 8, down 4, right 2, left 1).
    fn sides(&mut self, x: i32, y: i32, bits: u16, rock: bool) -> bool {
        Dir::NSEW.iter().enumerate().any(|(k, d)| {
            bits & (8 >> k) != 0
                && if rock {
                    self.rock(x + d.dx(), y + d.dy())
                } else {
                    self.edge(x + d.dx(), y + d.dy())
                }
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let bounds = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (width, height) = (st.width, st.height);
        let l = self.head.layer;
        let mut mark = vec![0u16; st.layer(l).len()];
        let mut visited = Vec::with_capacity(48);
        let mut any = false;
        for (x, y) in bounds.cells() {
            if st.grid(l).at(x, y) != self.start {
                continue;
            }
            // The flood draws nothing and changes nothing but its marks, which it clears:
            // only a region that is converted needs it, so the roll drawn after it in the
            // original is drawn first here, and a failed roll skips the flood.
            if st.rng.below(self.roll) >= self.below {
                continue;
            }
            let mut w = Walk {
                op: self,
                st,
                tiles: st.grid(l),
                bounds,
                mark: GridMut::new(&mut mark, width, height),
                visited: std::mem::take(&mut visited),
                count: 0,
            };
            w.enter(x, y);
            // escaped through a side whose neighbour is on the bounds' edge or beyond, or whose
            // rock walk escapes (the sides walked in this order, as far as the first escape)
            let escaped = x + 1 >= bounds.x1()
                || w.rock(x + 1, y)
                || x - 1 <= bounds.x
                || w.rock(x - 1, y)
                || y + 1 >= bounds.y1()
                || w.rock(x, y + 1)
                || y - 1 <= bounds.y
                || w.rock(x, y - 1);
            let count = w.count;
            visited = std::mem::take(&mut w.visited);
            let mut marks = GridMut::new(&mut mark, width, height);
            let mut g = st.grid_mut(l);
            for (vx, vy) in visited.drain(..) {
                marks.set(vx, vy, 0);
                if !escaped && count >= self.min_cells {
                    let t = g.at(vx, vy);
                    match self.substitute.get(t as usize) {
                        Some(&s) if s != 0 => g.set(vx, vy, s),
                        _ => {}
                    }
                    any = true;
                }
            }
        }
        if let Some(r) = self.result {
            st.vars[r as usize] = Value::Bool(any);
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_with};

    // tile 8 rock spreads; 1 = a wall shape whose rock walker looks right only (bit 2), whose
    // edge walker stops; 7 = floor, never spreads. Rock 8 -> 33, wall 1 -> 35.
    const PAT: &str = "table rs { 0 2 }\ntable es { 0 0 }\ntable sub { 0 35 0 0 0 0 0 7 33 }";

    fn run(fill: &str, below: i64) -> Vec<Vec<u16>> {
        run_rules_with(
            7,
            5,
            &format!(
                r#"FillRect(layer: "t", value: "20", rect: (x: "0", y: "0", w: "7", h: "5")),
                   {fill}
                   BoundedFlood(layer: "t", start: 8, spread: 8, max_tile: 15, limit: 40, min_cells: 5,
                       roll: 100, below: {below}, rock_sides: "p.pat#rs", edge_sides: "p.pat#es",
                       substitute: "p.pat#sub", result: "pool"),
                   FillRect(layer: "t", value: "pool ? 1 : 0", rect: (x: "6", y: "4", w: "1", h: "1"))"#
            ),
            "t",
            &[("p.pat", PAT)],
        )
    }

    #[test]
    fn an_enclosed_region_is_converted_and_an_escaping_one_is_not() {
        // a 3x2 rock island ringed by floor (7) inside the grid; the rest is tile 20 (> 15),
        // so floods reaching it escape
        let fill = r#"FillRect(layer: "t", value: "7", rect: (x: "1", y: "1", w: "5", h: "3")),
                      FillRect(layer: "t", value: "8", rect: (x: "2", y: "2", w: "3", h: "1")),
                      FillRect(layer: "t", value: "1", rect: (x: "2", y: "3", w: "1", h: "1")),"#;
        // (2,2) starts: 3 rock + the floor cells around them + the wall (2,3) = 5 or more
        let g = run(fill, 100);
        assert_eq!(
            g,
            grid("20 20 20 20 20 20 20\n20 7 7 7 7 7 20\n20 7 33 33 33 7 20\n20 7 35 7 7 7 20\n20 20 20 20 20 20 1")
        );
        // below 0: never converted
        let g = run(fill, 0);
        assert_eq!(g[2][2], 8);
        assert_eq!(g[4][6], 0);
        // a rock region touching tile 20 escapes
        let g = run(
            r#"FillRect(layer: "t", value: "8", rect: (x: "0", y: "0", w: "3", h: "3")),"#,
            100,
        );
        assert_eq!((g[1][1], g[4][6]), (8, 0));
    }
}
