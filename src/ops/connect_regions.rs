//! Connectors between regions (the third stage of Nystrom's "Rooms and Mazes", 2014): the
//! separate open regions of a layer (rooms, mazes) are joined by opening single wall tiles,
//! a spanning set of them chosen at random plus, for loops, a few more.
//!
//! The regions are the 4-connected regions of tiles holding one of the `open` values, inside
//! the area. A *connector* is a tile of the area that is not open, not protected, and whose
//! four neighbours (inside the area) touch at least two different regions: a one-tile wall
//! between them. The connectors are shuffled (Fisher–Yates from the last, `rnd(i + 1)` for
//! `i` from the count − 1 down to 1) and taken in that order: one that touches two regions not
//! yet joined is opened (written with `value`, evaluated for each tile opened, so `value`
//! may draw: `"chance(0.3) ? door : floor"`), joining them; one whose regions are already
//! joined is opened with probability `extra` (one `chance(extra)` draw, made only when
//! `extra` is above 0), unless one of its eight neighbours was opened already — so loops
//! never come as double-width gaps. This is Kruskal's algorithm on a random order: every
//! connected group of regions ends up joined with no loop but the extra ones.
//!
//! With `var`, the number of groups of regions left (1 when everything is joined; more when
//! some region has no connector to the others; 0 when there are no open tiles). Walls
//! thicker than one tile have no connector. Errors: an area wholly outside the grid.

use crate::engine::grid::{Rect, N8};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::walk::Regions;
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::args::{Whole, TILE_VALUES};
use crate::operator::header::TileHeader;
use crate::operator::knobs::bounded::Prob;
use crate::operator::knobs::Knobs;
use crate::operator::num_var::NumVar;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `ConnectRegions(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The values of open tiles (the tiles regions are made of).
        pub open: Vec<Tile>,
        /// The value written at an opened connector, an expression evaluated for each one
        /// (a whole number 0..=65535; any other value is an error of the step).
        pub value: Src,
        /// Probability of opening a connector whose regions are already joined (a loop).
        /// Default 0: a tree, no loop.
        #[serde(default)]
        pub extra: Option<Prob>,
        /// A number variable receiving the number of groups of regions left unjoined (1 when
        /// all are joined). Default none.
        #[serde(default)]
        pub var: Option<Src>,
    }
}

/// Compiled `ConnectRegions`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    open: TileSet,
    value: Whole,
    extra: f64,
    var: NumVar,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let value = Whole::compile(cx, &self.value, "ConnectRegions", "value", TILE_VALUES);
        let mut k: Knobs<Compiled> = Knobs::default();
        let extra = (self.extra.as_ref()).map_or(0.0, |p| p.get(cx, &mut k, |c, v| c.extra = v));
        let var = NumVar::compile(cx, self.var.as_ref());
        Some(Compiled {
            head: head?,
            open: TileSet::new(self.open.iter().map(|t| t.0)),
            value: value?,
            extra,
            var: var?,
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_with(self.var.slots())
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        self.head.within(st, |st, area| self.connect(st, area))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid).
    fn connect(&self, st: &mut State, area: Rect) -> Flow {
        let extra = self.extra;
        let mut labels = std::mem::take(&mut st.scratch.regions);
        let (w, h) = (st.width, st.height);
        let cells = &st.layers()[self.head.layer as usize];
        labels.compute_in(w, h, area, |i| self.open.contains(cells[i]));
        let n = labels.count() as u32;
        let mut cands = self.connectors(st, area, &labels);
        st.scratch.regions = labels;
        for i in (1..cands.len()).rev() {
            let j = st.rng.below(i as i64 + 1) as usize;
            cands.swap(i, j);
        }
        let mut sets = Sets::new(n);
        let mut opened = vec![false; (w * h) as usize];
        for c in &cands {
            let regions = &c.regions[..c.count as usize];
            let joins = sets.join_all(regions);
            if !joins {
                if extra <= 0.0 || !st.rng.chance(extra) {
                    continue;
                }
                let g = st.grid(self.head.layer);
                let near = N8.iter().any(|&(dx, dy)| {
                    g.in_bounds(c.x + dx, c.y + dy) && opened[g.index(c.x + dx, c.y + dy)]
                });
                if near {
                    continue;
                }
            }
            let v = match self.value.get(st) {
                Ok(v) => v as u16,
                Err(fault) => return Flow::Abort(fault),
            };
            let mut g = st.grid_mut(self.head.layer);
            let i = g.as_grid().index(c.x, c.y);
            opened[i] = true;
            g.set(c.x, c.y, v);
        }
        self.var.set(st, sets.groups as f64);
        Flow::Continue
    }
}

/// A wall tile touching `count` different regions.
#[derive(Debug, Clone, Copy)]
struct Connector {
    x: i32,
    y: i32,
    regions: [u32; 4],
    count: u8,
}

impl Compiled {
    /// Every connector of the area, in raster order.
    fn connectors(&self, st: &State, area: Rect, labels: &Regions) -> Vec<Connector> {
        let mut out = Vec::new();
        labels.gaps(area, |x, y, near| {
            if near.len() >= 2 && !self.head.flagged(st, x, y) {
                let mut regions = [0; 4];
                regions[..near.len()].copy_from_slice(near);
                let count = near.len() as u8;
                out.push(Connector {
                    x,
                    y,
                    regions,
                    count,
                });
            }
        });
        out
    }
}

/// Disjoint sets of regions (union–find with path halving), counting the groups.
struct Sets {
    parent: Vec<u32>,
    groups: u32,
}

impl Sets {
    fn new(n: u32) -> Sets {
        Sets {
            parent: (0..n).collect(),
            groups: n,
        }
    }

    fn root(&mut self, mut a: u32) -> u32 {
        while self.parent[a as usize] != a {
            let p = self.parent[a as usize];
            self.parent[a as usize] = self.parent[p as usize];
            a = p;
        }
        a
    }

    /// Join the groups of `regions`; whether any two were apart.
    fn join_all(&mut self, regions: &[u32]) -> bool {
        let first = self.root(regions[0]);
        let mut joined = false;
        for &r in &regions[1..] {
            let r = self.root(r);
            if r != first {
                self.parent[r as usize] = first;
                self.groups -= 1;
                joined = true;
            }
        }
        joined
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    /// Three regions of 1: the left room (columns 0-1), a corridor (column 3) and the right
    /// room (columns 5-6); the connectors are the tiles of columns 2 and 4, (2,0) (4,0) (2,1)
    /// (4,1) (2,2) (4,2) in raster order. Seed 1 shuffles them with rnd(6) = 4, rnd(5) = 2,
    /// rnd(4) = 1, rnd(3) = 1, rnd(2) = 1 to (2,0) (4,2) (4,1) (4,0) (2,1) (2,2).
    const ROOMS: &str = r#"
        FillRect(layer: "t", value: "1", rect: "rect(0, 0, 2, 3)"),
        FillRect(layer: "t", value: "1", rect: "rect(3, 0, 1, 3)"),
        FillRect(layer: "t", value: "1", rect: "rect(5, 0, 2, 3)"),"#;

    #[test]
    fn a_spanning_set_opens_the_first_connector_joining_each_pair() {
        let steps = format!(
            r#"{ROOMS} ConnectRegions(layer: "t", open: [1], value: "2", var: "groups"),
               FillRect(layer: "g", value: "groups", rect: "rect(0, 0, 1, 1)")"#
        );
        // (2,0) joins the room and the corridor, (4,2) the corridor and the other room.
        assert_eq!(
            run_rules(7, 3, &steps, "t"),
            grid("1 1 2 1 0 1 1\n1 1 0 1 0 1 1\n1 1 0 1 2 1 1")
        );
        assert_eq!(run_rules(7, 3, &steps, "g")[0][0], 1);
    }

    #[test]
    fn extra_connectors_open_but_never_next_to_an_opened_one() {
        // With extra "1" every other connector opens unless one of its 8 neighbours did:
        // (4,1) touches (4,2), (2,1) touches (2,0); (4,0) and (2,2) open.
        let steps =
            format!(r#"{ROOMS} ConnectRegions(layer: "t", open: [1], value: "2", extra: "1")"#);
        assert_eq!(
            run_rules(7, 3, &steps, "t"),
            grid("1 1 2 1 2 1 1\n1 1 0 1 0 1 1\n1 1 2 1 2 1 1")
        );
    }

    #[test]
    fn a_region_with_no_connector_stays_apart() {
        // A two-tile wall between the rooms: no connector, two groups left.
        let steps = r#"
            FillRect(layer: "t", value: "1", rect: "rect(0, 0, 2, 2)"),
            FillRect(layer: "t", value: "1", rect: "rect(4, 0, 2, 2)"),
            ConnectRegions(layer: "t", open: [1], value: "2", var: "groups"),
            FillRect(layer: "t", value: "groups", rect: "rect(2, 0, 1, 1)")"#;
        assert_eq!(
            run_rules(6, 2, steps, "t"),
            grid("1 1 2 0 1 1\n1 1 0 0 1 1")
        );
    }
}
