//! Connectivity requirement: count the connected regions formed by the cells of a layer that
//! hold given values (4- or 8-connected) into a variable, for a `Require` to test — e.g.
//! Diablo's Caves `Lockout`, which restarts a level whose floor is not one 4-connected region
//! (shared/spec/diablo.md §4.3: the original floods from the last floor cell in raster order
//! and checks that it reaches every floor cell, which is "exactly one region").
//! Draws no random numbers. Within `area` only (cells outside are ignored); no matching cell
//! gives 0 regions. Cells flagged in a `protected` layer belong to no region; `when` false
//! skips the step (the variable keeps its value). Regions are found with the toolkit's
//! row flood ([`crate::engine::row_flood`]), any grid width.

use crate::engine::grid::Connectivity;
use crate::engine::row_flood::{each_region, FloodScratch};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
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
    values: TileSet,
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
            values: TileSet::new(self.values.iter().map(|t| t.0)),
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
        let mut fs: FloodScratch = st.scratch.take();
        fs.open
            .set_plane(&st.grid(self.head.layer), &self.values, false, 0);
        fs.open.keep_only(r);
        for &f in &self.head.protected {
            fs.mask.set_plane(&st.grid(f), &TileSet::new([0]), false, 0);
            fs.open.and_with(&fs.mask);
        }
        let mut regions = 0u32;
        each_region(
            &mut fs.open,
            self.conn,
            &mut fs.stack,
            |_| regions += 1,
            |_, _, _| {},
        );
        st.scratch.put(fs);
        st.vars[self.var as usize] = Value::Num(regions as f64);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{run_rules, run_rules_seed};

    /// Regions of the cells `(x, y)` of a `w`-wide grid where `member` holds, counted by a
    /// plain breadth-first search (the test's own, not the engine's).
    fn oracle(w: i32, h: i32, eight: bool, member: impl Fn(i32, i32) -> bool) -> u16 {
        let mut seen = vec![false; (w * h) as usize];
        let mut n = 0;
        for y0 in 0..h {
            for x0 in 0..w {
                if seen[(y0 * w + x0) as usize] || !member(x0, y0) {
                    continue;
                }
                n += 1;
                let mut queue = std::collections::VecDeque::from([(x0, y0)]);
                seen[(y0 * w + x0) as usize] = true;
                while let Some((x, y)) = queue.pop_front() {
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let (nx, ny) = (x + dx, y + dy);
                            let step = (dx != 0 || dy != 0) && (eight || dx == 0 || dy == 0);
                            if step && nx >= 0 && ny >= 0 && nx < w && ny < h {
                                let i = (ny * w + nx) as usize;
                                if !seen[i] && member(nx, ny) {
                                    seen[i] = true;
                                    queue.push_back((nx, ny));
                                }
                            }
                        }
                    }
                }
            }
        }
        n
    }

    /// Noisy layouts of two member values, both connectivities, an area and a protected
    /// layer, on grids from 17 to 200 cells wide (rows of one to four words, regions across
    /// word edges): the counts of a plain breadth-first search.
    #[test]
    fn counts_the_regions_of_a_plain_search_at_any_width() {
        let steps = r#"NoiseFill(layer: "m", value: "1", density: "0.45"),
            NoiseFill(layer: "m", value: "2", density: "0.1"),
            NoiseFill(layer: "p", value: "1", density: "0.1"),
            CountRegions(layer: "m", values: [1, 2], connectivity: Four, var: "a"),
            CountRegions(layer: "m", values: [1], connectivity: Eight, var: "b"),
            CountRegions(layer: "m", values: [1], connectivity: Four, var: "c",
                area: (x: "3", y: "2", w: "70", h: "11"), protected: ["p"]),
            FillRect(layer: "out", value: "a", rect: (x: "0", y: "0", w: "1", h: "1")),
            FillRect(layer: "out", value: "b", rect: (x: "1", y: "0", w: "1", h: "1")),
            FillRect(layer: "out", value: "c", rect: (x: "2", y: "0", w: "1", h: "1"))"#;
        for (w, h) in [(17, 9), (64, 17), (65, 9), (130, 7), (200, 5)] {
            for seed in 1..5 {
                let m = run_rules_seed(w, h, steps, "m", seed);
                let p = run_rules_seed(w, h, steps, "p", seed);
                let out = run_rules_seed(w, h, steps, "out", seed);
                let at = |x: i32, y: i32| m[y as usize][x as usize];
                let want = [
                    oracle(w, h, false, |x, y| at(x, y) == 1 || at(x, y) == 2),
                    oracle(w, h, true, |x, y| at(x, y) == 1),
                    oracle(w, h, false, |x, y| {
                        (3..73).contains(&x)
                            && (2..13).contains(&y)
                            && at(x, y) == 1
                            && p[y as usize][x as usize] == 0
                    }),
                ];
                assert_eq!(out[0][..3], want, "{w}x{h} seed {seed}");
                assert!(want.iter().all(|&n| n > 1), "{w}x{h} seed {seed}: {want:?}");
            }
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
