//! Neighbour fix-rule passes: one raster pass (rows top to bottom, x left to right) over an
//! area of a tile layer; at each cell the rules of a pattern-file rule list are tried in
//! order, each re-reading the tiles, and a rule whose head and tests hold writes its
//! actions. Draws no random numbers.
//!
//! A rule `heads [unprotected] if (dx,dy) == t, ... -> (dx,dy) = t, ...` holds at `(x, y)`
//! when the cell holds one of `heads` (any tile if `*`; heads may be sets) and every tested
//! neighbour `(x+dx, y+dy)` is inside the grid and compares as written (the tests are
//! matched by the one matcher, [`crate::lang::matcher`]). Writes outside the grid are
//! skipped; with `unprotected`, so are writes into cells flagged in `protected`. With
//! `classes` (a table indexed by tile id), heads and tests compare the tiles' classes
//! (tiles past the end of the table have class 0) while writes are tile ids.
//!
//! The header (`layer`, `area`, `when`, `protected`) is the shared [`TileHeader`]. Unlike
//! the other tile operators, `area` is the set of *scanned* cells: a rule's writes at a
//! scanned cell may reach neighbours outside it (Diablo's `FixDirtTiles` scans 39x39 cells
//! and writes one to the right), so an area does not bound the writes.
//!
//! Diablo: Cathedral `FixTilesPatterns`, `FixDirtTiles`, `FixCornerTiles`, and
//! `ApplyShadowsPatterns` through `BaseTypes` (shared/spec/diablo.md §2.5, §2.8).

use super::args::{RectDef, TileHeader};
use crate::engine::grid::GridMut;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::matcher::Matcher;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "apply a list of neighbour fix rules in one raster pass";

/// Rule-file parameters of `FixRules(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer read and written.
    pub layer: Src,
    /// The rule list, `"file.pat#name"`.
    pub rules: Src,
    /// The scanned cells. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Flag layers that `unprotected` rules do not write into. Default none.
    #[serde(default)]
    pub protected: Vec<Src>,
    /// A class table, `"file.pat#name"`: compare classes instead of tiles.
    #[serde(default)]
    pub classes: Option<Src>,
    /// Condition; the step does nothing when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// A compiled rule: its tests, its writes `(dx, dy, tile)` in order, and whether writes
/// skip flagged cells.
#[derive(Debug)]
struct Rule {
    tests: Matcher,
    actions: Vec<(i32, i32, u16)>,
    unprotected: bool,
}

/// Compiled `FixRules`.
#[derive(Debug)]
pub struct Op {
    head: TileHeader,
    rules: Vec<Rule>,
    /// Per head value (tile or class): the indices of the rules that may fire on it, in
    /// list order (wildcard rules included). Values past the end use `any_head`.
    by_head: Vec<Vec<u16>>,
    any_head: Vec<u16>,
    classes: Option<Vec<u16>>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let head = TileHeader::compile(
            cx,
            &self.layer,
            self.area.as_ref(),
            self.when.as_ref(),
            &self.protected,
        );
        let rules = cx.rules(&self.rules);
        let classes = match &self.classes {
            Some(c) => Some(cx.tile_table(c)?),
            None => None,
        };
        let rules = rules?;
        let top = rules
            .iter()
            .flat_map(|r| r.heads.iter().copied())
            .max()
            .map_or(0, |m| m as usize + 1);
        let by_head = (0..top)
            .map(|t| {
                (0..rules.len() as u16)
                    .filter(|&i| {
                        let h = &rules[i as usize].heads;
                        h.is_empty() || h.contains(&(t as u16))
                    })
                    .collect()
            })
            .collect();
        let any_head = (0..rules.len() as u16)
            .filter(|&i| rules[i as usize].heads.is_empty())
            .collect();
        let rules = rules
            .iter()
            .map(|r| Rule {
                tests: Matcher::tests(&r.tests),
                actions: r.actions.clone(),
                unprotected: r.unprotected,
            })
            .collect();
        Some(Op {
            head: head?,
            by_head,
            any_head,
            rules,
            classes,
        })
    }
}

impl Op {
    #[inline]
    fn class(&self, t: u16) -> u16 {
        match &self.classes {
            None => t,
            Some(c) => c.get(t as usize).copied().unwrap_or(0),
        }
    }

    /// The rules that may fire on a cell holding `tile`, in list order.
    #[inline]
    fn candidates(&self, tile: u16) -> &[u16] {
        self.by_head
            .get(self.class(tile) as usize)
            .unwrap_or(&self.any_head)
    }

    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (w, h) = (st.width, st.height);
        let l = self.head.layer as usize;
        // Work on the layer taken out of the state (flag layers are read from the state).
        let mut tiles = std::mem::take(&mut st.layers[l]);
        let mut g = GridMut::new(&mut tiles, w, h);
        area.for_each(|x, y| {
            // Try the rules in list order, visiting only those whose head can match the
            // cell's current value; when a rule rewrites the cell itself, continue with
            // the rules after it that can match the new value.
            let mut cand = self.candidates(g.at(x, y));
            let mut pos = 0;
            while let Some(&ri) = cand.get(pos) {
                pos += 1;
                let r = &self.rules[ri as usize];
                if !r.tests.matches_by(&g.as_grid(), x, y, |t| self.class(t)) {
                    continue;
                }
                let before = g.at(x, y);
                for &(dx, dy, v) in &r.actions {
                    let (nx, ny) = (x + dx, y + dy);
                    if !g.in_bounds(nx, ny) || (r.unprotected && self.head.flagged(st, nx, ny)) {
                        continue;
                    }
                    g.set(nx, ny, v);
                }
                if g.at(x, y) != before {
                    cand = self.candidates(g.at(x, y));
                    pos = cand.partition_point(|&j| j <= ri);
                }
            }
        });
        st.layers[l] = tiles;
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_with};

    const PAT: &str = "tiles { Floor = 13 Dirt = 22 }\n\
        rules r { Floor if (1,0) == Dirt -> (1,0) = 18\n 18 if (0,1) != 5 -> (0,1) = 7 }\n\
        table cls { 0 0 0 0 0 13 }\n\
        rules c { 13 if (1,0) == 13 -> (0,0) = 99 }";

    #[test]
    fn rules_fire_in_raster_order_and_reread_tiles() {
        let g = run_rules_with(
            3,
            2,
            r#"FillRect(layer: "t", value: "22", rect: (x: "0", y: "0", w: "3", h: "2")),
               FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "1", h: "1")),
               FixRules(layer: "t", rules: "p.pat#r")"#,
            "t",
            &[("p.pat", PAT)],
        );
        // (0,0) floor turns (1,0) into 18; at (1,0) the second rule turns (1,1) into 7.
        assert_eq!(g, grid("13 18 22\n22 7 22"));
    }

    #[test]
    fn classes_and_areas() {
        let g = run_rules_with(
            3,
            1,
            r#"FillRect(layer: "t", value: "5", rect: (x: "0", y: "0", w: "3", h: "1")),
               FixRules(layer: "t", rules: "p.pat#c", classes: "p.pat#cls",
                        area: (x: "1", y: "0", w: "2", h: "1"))"#,
            "t",
            &[("p.pat", PAT)],
        );
        assert_eq!(g, grid("5 99 5"));
    }
}
