//! Connectivity requirement: count the connected regions formed by the cells of a layer that
//! hold given values (4- or 8-connected) into a variable, for a `Require` to test — e.g.
//! Diablo's Caves `Lockout`, which restarts a level whose floor is not one 4-connected region
//! (shared/spec/diablo.md §4.3: the original floods from the last floor cell in raster order
//! and checks that it reaches every floor cell, which is "exactly one region").
//! Draws no random numbers. Within `area` only (cells outside are ignored); no matching cell
//! gives 0 regions. Cells flagged in a `protected` layer belong to no region; `when` false
//! skips the step (the variable keeps its value). Regions are found with the toolkit's
//! [`Flood`].

mod rows;

use crate::engine::grid::{Connectivity, Flood};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `CountRegions(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The values that form regions.
        pub values: Vec<Tile>,
        /// `Four` (default) or `Eight`.
        #[serde(default = "four")]
        pub connectivity: Connectivity,
        /// The variable (a number) that receives the count.
        pub var: Src,
    }
}

fn four() -> Connectivity {
    Connectivity::Four
}

/// Compiled `CountRegions`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    values: Vec<u16>,
    conn: Connectivity,
    var: u16,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let var = cx.declare_var(&self.var, Type::Num)?;
        Some(Compiled {
            head: head?,
            values: self.values.iter().map(|t| t.0).collect(),
            conn: self.connectivity,
            var,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let r = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if self.fits_rows(st.width) && !r.is_empty() {
            let n = self.count_rows(st, r);
            st.vars[self.var as usize] = Value::Num(n as f64);
            return Flow::Continue;
        }
        let g = st.grid(self.head.layer);
        let member = |x: i32, y: i32| {
            r.contains(x, y) && self.values.contains(&g.at(x, y)) && !self.head.flagged(st, x, y)
        };
        let mut flood = Flood::new();
        let mut seen = vec![false; g.as_slice().len()];
        let mut regions = 0u32;
        for (x, y) in r.cells() {
            if seen[g.index(x, y)] || !member(x, y) {
                continue;
            }
            regions += 1;
            flood.fill(
                g.width(),
                g.height(),
                (x, y),
                self.conn,
                usize::MAX,
                member,
                |fx, fy| seen[g.index(fx, fy)] = true,
            );
        }
        st.vars[self.var as usize] = Value::Num(regions as f64);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::fast_path::{run_with, FastPath};
    use crate::operator::testing::{run_rules, run_rules_seed};

    /// The row masks (grids at most 64 wide) count the regions of the cell flood: noisy
    /// layouts of two member values, both connectivities, an area and a protected layer.
    #[test]
    fn row_masks_count_the_regions_of_the_cell_flood() {
        let steps = r#"NoiseFill(layer: "m", value: "1", density: "0.45"),
            NoiseFill(layer: "m", value: "2", density: "0.1"),
            NoiseFill(layer: "p", value: "1", density: "0.1"),
            CountRegions(layer: "m", values: [1, 2], connectivity: Four, var: "a"),
            CountRegions(layer: "m", values: [1], connectivity: Eight, var: "b"),
            CountRegions(layer: "m", values: [1], connectivity: Four, var: "c",
                area: (x: "3", y: "2", w: "30", h: "11"), protected: ["p"]),
            FillRect(layer: "out", value: "a", rect: (x: "0", y: "0", w: "1", h: "1")),
            FillRect(layer: "out", value: "b", rect: (x: "1", y: "0", w: "1", h: "1")),
            FillRect(layer: "out", value: "c", rect: (x: "2", y: "0", w: "1", h: "1"))"#;
        for seed in 1..8 {
            let run = |plain: bool| {
                let off: &[FastPath] = if plain { &[FastPath::RegionRows] } else { &[] };
                run_with(off, || run_rules_seed(64, 17, steps, "out", seed))[0][..3].to_vec()
            };
            let fast = run(false);
            assert_eq!(fast, run(true), "seed {seed}");
            assert!(fast.iter().all(|&n| n > 1), "seed {seed}: {fast:?}");
        }
    }

    fn regions(conn: &str) -> u16 {
        // two cells touching at a corner, and a third apart
        let g = run_rules(
            5,
            3,
            &format!(
                r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "1", h: "1")),
                   FillRect(layer: "m", value: "1", rect: (x: "1", y: "1", w: "1", h: "1")),
                   FillRect(layer: "m", value: "1", rect: (x: "4", y: "0", w: "1", h: "3")),
                   CountRegions(layer: "m", values: [1], connectivity: {conn}, var: "n"),
                   FillRect(layer: "out", value: "n", rect: (x: "0", y: "0", w: "1", h: "1"))"#
            ),
            "out",
        );
        g[0][0]
    }

    #[test]
    fn counts_regions_by_connectivity() {
        assert_eq!(regions("Four"), 3);
        assert_eq!(regions("Eight"), 2);
    }
}
