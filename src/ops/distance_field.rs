//! Distance field: the walking distance from sources (cells, markers, areas such as rooms,
//! tiles of given values) to every tile, written into a layer — for gradients of difficulty
//! or decoration ("monsters get stronger away from the entrance"), or to find the farthest
//! tile from a point.
//!
//! The walk is the toolkit's breadth-first search (the one `walk_distance` in expressions
//! uses, here as [`crate::engine::walk::LayerDistances`], which writes the layer as it goes)
//! over the tiles of the `on` layer holding one of the `open` values, 4-connected, inside the
//! area. The sources are the open tiles among
//! those the `from` entries name (as for `walk_distance`: a room's walls are not sources);
//! each is at distance 0, and a tile `d` steps away gets `d` (at most 65534). Every other
//! tile of the area (walls, tiles no source reaches) gets `unreachable`. Sources outside the
//! area or not open (or an unset marker) are ignored; with none every tile of the area is
//! unreachable. With `var`, the largest distance written (−1 when nothing was reached).
//! Draws no random numbers (but the expressions may). Errors: an area wholly outside the
//! tile grid.

use crate::engine::grid::{GridMut, Rect};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Int, Knobs};
use crate::operator::num_var::NumVar;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Where distances start, as a rule file writes it.
#[derive(Debug, Clone, Deserialize)]
pub enum SourceDef {
    /// `Cell("cell(x, y)")`: one tile, a cell expression (or a cell variable).
    Cell(Src),
    /// `Marker("stairs_up")`: the tile a marker names (set by an earlier step).
    Marker(Src),
    /// `Area("room(r)")`: every tile of an area expression (a room, `rect(...)`).
    Area(Src),
    /// `Tiles([5, 6])`: every tile of the `on` layer holding one of these values.
    Tiles(Vec<Tile>),
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `DistanceField(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The tile layer walked on.
        pub on: Src,
        /// The values of `on` that can be walked through.
        pub open: Vec<Tile>,
        /// The sources, at distance 0 (one or more of `Cell`, `Marker`, `Area`, `Tiles`).
        pub from: Vec<SourceDef>,
        /// The value of tiles no source reaches (and of walls). Default 65535.
        #[serde(default)]
        pub unreachable: Option<Int<0, 65535>>,
        /// A number variable receiving the largest distance written (−1 when nothing was
        /// reached). Default none.
        #[serde(default)]
        pub var: Option<Src>,
    }
}

/// A compiled source.
#[derive(Debug, Clone)]
enum Source {
    Cell(Program),
    Marker(u16),
    Area(Program),
    Tiles(Vec<u16>),
}

/// Compiled `DistanceField`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    on: u16,
    open: TileSet,
    from: Vec<Source>,
    unreachable: u16,
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
        let on = cx.layer(&self.on);
        let mut ok = true;
        let mut from = Vec::new();
        for s in &self.from {
            let c = match s {
                SourceDef::Cell(e) => cx.expr(e, Type::Cell).map(Source::Cell),
                SourceDef::Marker(m) => cx.marker(m).map(Source::Marker),
                SourceDef::Area(e) => cx.expr(e, Type::Area).map(Source::Area),
                SourceDef::Tiles(v) => Some(Source::Tiles(v.iter().map(|t| t.0).collect())),
            };
            ok &= c.is_some();
            from.extend(c);
        }
        if self.from.is_empty() {
            let msg = "`from: []` names no source: every tile would be unreachable".into();
            cx.error(&self.layer, msg, None);
            ok = false;
        }
        let mut k: Knobs<Compiled> = Knobs::default();
        let unreachable = (self.unreachable.as_ref()).map_or(65535, |u| {
            u.get(cx, &mut k, |c, v| c.unreachable = v as u16) as u16
        });
        let var = NumVar::compile(cx, self.var.as_ref());
        Some(Compiled {
            head: head?,
            on,
            open: TileSet::new(self.open.iter().map(|t| t.0)),
            from: ok.then_some(from)?,
            unreachable,
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
        self.head.guarded(st, |st, area| self.paint(st, area))
    }
}

impl Compiled {
    /// The tiles the sources name now, in the order written.
    fn sources(&self, st: &mut State, area: Rect) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for s in &self.from {
            match s {
                Source::Cell(p) => {
                    if let Value::Cell(x, y) = p.eval(st) {
                        out.push((x, y));
                    }
                }
                Source::Marker(m) => out.extend(st.markers[*m as usize].map(|p| (p.x, p.y))),
                Source::Area(p) => {
                    if let Some([x, y, w, h]) = p.eval(st).as_area() {
                        out.extend(Rect::new(x, y, w, h).intersect(&area).cells());
                    }
                }
                Source::Tiles(v) => {
                    let g = st.grid(self.on);
                    out.extend(area.cells().filter(|&(x, y)| v.contains(&g.at(x, y))));
                }
            }
        }
        out
    }

    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, area: Rect) -> Flow {
        let unreachable = self.unreachable;
        let sources = self.sources(st, area);
        let mut walk = std::mem::take(&mut st.scratch.distances);
        let (w, h) = (st.width, st.height);
        // the output layer is taken out while the walk writes it; when it is also the walked
        // layer, the walk reads a copy of it as it was
        let layer = self.head.layer;
        let mut out = std::mem::take(st.layer_mut(layer));
        let mut copy: Vec<u16> = st.scratch.take();
        let cells = if self.on == layer {
            copy.clone_from(&out);
            &copy[..]
        } else {
            st.layer(self.on)
        };
        // every tile of the area unreachable, then the walk writes the reached ones
        GridMut::new(&mut out, w, h).fill(area, unreachable);
        let open = |i: usize| self.open.contains(cells[i]);
        walk.compute_in(w, h, area, open, sources, &mut out, 65534);
        *st.layer_mut(layer) = out;
        st.scratch.put(copy);
        let far = walk.farthest().map_or(-1.0, |(_, d)| d as f64);
        st.scratch.distances = walk;
        self.var.set(st, far);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    #[test]
    fn distances_from_a_cell_and_a_tile_value_around_walls() {
        // tiles: 1 floor, 0 wall, 5 a stair (walkable in `e`, not in `f`).
        //   1 1 1 0 1
        //   0 0 1 0 1
        //   5 1 1 1 0
        let steps = r#"
            FillRect(layer: "t", value: "1", rect: "grid()"),
            FillRect(layer: "t", value: "0", rect: "rect(3, 0, 1, 2)"),
            FillRect(layer: "t", value: "0", rect: "rect(0, 1, 2, 1)"),
            FillRect(layer: "t", value: "0", rect: "rect(4, 2, 1, 1)"),
            FillRect(layer: "t", value: "5", rect: "rect(0, 2, 1, 1)"),
            DistanceField(layer: "d", on: "t", open: [1], from: [Cell("cell(0, 0)")],
                          unreachable: "99", var: "far"),
            FillRect(layer: "d", value: "far", rect: "rect(4, 2, 1, 1)"),
            DistanceField(layer: "e", on: "t", open: [1, 5], from: [Tiles([5])], area: "rect(0, 0, 4, 3)"),
            DistanceField(layer: "f", on: "t", open: [1], from: [Tiles([5]), Cell("cell(3, 0)")],
                          unreachable: "9", var: "far_f"),
            FillRect(layer: "f", value: "far_f + 2", rect: "rect(4, 2, 1, 1)")"#;
        let d = run_rules(5, 3, steps, "d");
        assert_eq!(d, grid("0 1 2 99 99\n99 99 3 99 99\n99 5 4 5 5"));
        // From the tile holding 5: walls stay unreachable
        // (65535); column 4 is outside the area and keeps 0.
        let e = run_rules(5, 3, steps, "e");
        let u = 65535;
        assert_eq!(
            e,
            vec![
                vec![6, 5, 4, u, 0],
                vec![u, u, 3, u, 0],
                vec![0, 1, 2, 3, 0]
            ]
        );
        // Sources that are not open (the stair with `open: [1]`, a wall cell) are ignored:
        // nothing is reached, the largest distance is -1.
        let f = run_rules(5, 3, steps, "f");
        assert_eq!(f, grid("9 9 9 9 9\n9 9 9 9 9\n9 9 9 9 1"));
    }

    #[test]
    fn the_walked_layer_can_be_the_output() {
        // t: 1 1 0 1 1, walked from (0, 0) and overwritten with the distances, unreachable 1:
        // the walk reads the tiles as they were, not the unreachable 1s or distances written
        // over them (which would open the wall and the cells past it)
        let steps = r#"
            FillRect(layer: "t", value: "1", rect: "grid()"),
            FillRect(layer: "t", value: "0", rect: "rect(2, 0, 1, 1)"),
            DistanceField(layer: "t", on: "t", open: [1], from: [Cell("cell(0, 0)")],
                          unreachable: "1")"#;
        assert_eq!(run_rules(5, 1, steps, "t"), grid("0 1 1 1 1"));
    }
}
