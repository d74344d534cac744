//! Region clean-up: connectivity without retrying. The connected regions of `open` tiles in
//! an area (4- or 8-connected) are found; then, in this order,
//! 1. regions of fewer than `min_size` tiles are filled with `fill`,
//! 2. with `keep: Largest`, every region but the largest (the first in raster order among
//!    equals) is filled with `fill`,
//! 3. with `keep: Joined`, every other region is joined to the largest by an L-shaped
//!    corridor of `corridor` tiles, `width` wide, between the closest pair of their tiles
//!    (Manhattan distance; ties go to the first pair in raster order), regions taken in
//!    raster order of their first tile, each joining the growing main region.
//!
//! Nothing outside the area is read as a region or written. Draws no random numbers.
//! Errors: an empty `open` set, an area wholly outside the grid.

use crate::engine::grid::{Connectivity, Rect};
use crate::engine::regions::{corridor, regions};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// What happens to the regions other than the largest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
pub enum Keep {
    /// Keep them (only `min_size` applies).
    #[default]
    All,
    /// Fill them.
    Largest,
    /// Join them to the largest with corridors.
    Joined,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `CleanRegions(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Tile values that make up regions (e.g. floor).
        pub open: Vec<Tile>,
        /// The value written over removed regions (e.g. wall).
        pub fill: Tile,
        /// Regions smaller than this many tiles are filled, an expression. Default "0".
        #[serde(default)]
        pub min_size: Option<Src>,
        /// `All`, `Largest` or `Joined`. Default `All`.
        #[serde(default)]
        pub keep: Keep,
        /// The value of joining corridors. Default: the first `open` value.
        #[serde(default)]
        pub corridor: Option<Tile>,
        /// Corridor width in tiles, an expression (1..=16). Default "1".
        #[serde(default)]
        pub width: Option<Src>,
        /// `Four` (default) or `Eight`.
        #[serde(default)]
        pub connectivity: Option<Connectivity>,
    }
}

/// Compiled `CleanRegions`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    open: TileSet,
    fill: u16,
    min_size: Option<Program>,
    keep: Keep,
    corridor: u16,
    width: Option<Program>,
    conn: Connectivity,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        if self.open.is_empty() {
            cx.error(
                &self.layer,
                "`open: []` names no tile: no region can form".into(),
                Some("e.g. open: [1]".into()),
            );
        }
        let min_size = self.min_size.as_ref().map(|m| cx.expr(m, Type::Num));
        let width = self.width.as_ref().map(|m| cx.expr(m, Type::Num));
        Some(Compiled {
            head: head?,
            open: TileSet::new(self.open.iter().map(|t| t.0)),
            fill: self.fill.0,
            min_size: min_size.map_or(Some(None), |m| m.map(Some))?,
            keep: self.keep,
            corridor: self.corridor.or(self.open.first().copied())?.0,
            width: width.map_or(Some(None), |m| m.map(Some))?,
            conn: self.connectivity.unwrap_or(Connectivity::Four),
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, r| self.paint(st, r))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let min = self.min_size.as_ref().map_or(0.0, |m| m.num(st)).max(0.0) as usize;
        let width = self
            .width
            .as_ref()
            .map_or(1, |w| w.num(st).clamp(1.0, 16.0) as i32);
        let open = &self.open;
        let mut g = st.grid_mut(self.head.layer);
        let mut regs = regions(&g, r, self.conn, open);
        regs.retain(|cells| {
            if cells.len() < min {
                cells.iter().for_each(|&(x, y)| g.set(x, y, self.fill));
                false
            } else {
                true
            }
        });
        if regs.len() < 2 || self.keep == Keep::All {
            return Flow::Continue;
        }
        // The largest; the first in raster order among equals.
        let big = (0..regs.len())
            .max_by(|&a, &b| regs[a].len().cmp(&regs[b].len()).then(b.cmp(&a)))
            .unwrap_or(0);
        let mut main = regs.swap_remove(big);
        // swap_remove moved the last region into `big`: restore raster order.
        regs.sort_by_key(|c| (c[0].1, c[0].0));
        for cells in regs {
            match self.keep {
                Keep::Largest => cells.iter().for_each(|&(x, y)| g.set(x, y, self.fill)),
                _ => {
                    let (a, b) = closest(&main, &cells);
                    corridor(&mut g, r, a, b, width, true, self.corridor);
                    main.extend(cells);
                }
            }
        }
        Flow::Continue
    }
}

/// The closest pair (Manhattan) of a tile of `a` and a tile of `b`; ties: first in `a`'s
/// then `b`'s order.
fn closest(a: &[(i32, i32)], b: &[(i32, i32)]) -> ((i32, i32), (i32, i32)) {
    let mut best = (i32::MAX, a[0], b[0]);
    for &p in a {
        for &q in b {
            let d = (p.0 - q.0).abs() + (p.1 - q.1).abs();
            if d < best.0 {
                best = (d, p, q);
            }
        }
    }
    (best.1, best.2)
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    const MAP: &str = r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "2", h: "2")),
        FillRect(layer: "t", value: "1", rect: (x: "4", y: "0", w: "1", h: "1")),
        FillRect(layer: "t", value: "1", rect: (x: "4", y: "3", w: "1", h: "1")),"#;

    #[test]
    fn fills_small_regions() {
        let g = run_rules(
            5,
            4,
            &format!(r#"{MAP} CleanRegions(layer: "t", open: [1], fill: 2, min_size: "2")"#),
            "t",
        );
        assert_eq!(g, grid("1 1 0 0 2\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 2"));
    }

    #[test]
    fn keeps_the_largest() {
        let g = run_rules(
            5,
            4,
            &format!(r#"{MAP} CleanRegions(layer: "t", open: [1], fill: 0, keep: Largest)"#),
            "t",
        );
        assert_eq!(g, grid("1 1 0 0 0\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 0"));
    }

    #[test]
    fn joins_with_l_corridors() {
        let g = run_rules(
            5,
            4,
            &format!(
                r#"{MAP} CleanRegions(layer: "t", open: [1], fill: 0, keep: Joined, corridor: 3)"#
            ),
            "t",
        );
        // (4,0) joins from (1,0) (the corridor covers both ends); then (4,3) joins from the
        // closest tile of the grown main region, (4,0).
        assert_eq!(g, grid("1 3 3 3 3\n1 1 0 0 3\n0 0 0 0 3\n0 0 0 0 3"));
    }
}
