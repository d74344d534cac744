//! Marching-squares tiling: each output tile `(x, y)` with `x < width − 1`, `y < height − 1`
//! is `table[a·wa + b·wb + c·wc + d·wd]`, where `a, b, c, d` are 1 when the source layer
//! is non-zero at `(x, y)`, `(x+1, y)`, `(x, y+1)`, `(x+1, y+1)`. The last column and row
//! are left as they are. Draws no random numbers.
//!
//! Diablo's Cathedral (`L5ConvTbl`, weights 1, 2, 4, 8) and Hell; Caves use weights
//! 8, 4, 2, 1 (shared/spec/diablo.md §1.7).

use crate::engine::state::State;
use crate::engine::Flow;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "tile a layer from the 2x2 blocks of a mask through a table";

/// Rule-file parameters of `MarchingSquares(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The mask layer read (non-zero = set).
    pub from: Src,
    /// The tile layer written.
    pub to: Src,
    /// The table, `"file.pat#name"`: tile ids indexed by the weighted sum.
    pub table: Src,
    /// Weights of the cells (x, y), (x+1, y), (x, y+1), (x+1, y+1). Default (1, 2, 4, 8).
    #[serde(default = "default_weights")]
    pub weights: (u8, u8, u8, u8),
}

fn default_weights() -> (u8, u8, u8, u8) {
    (1, 2, 4, 8)
}

/// Compiled `MarchingSquares`.
#[derive(Debug)]
pub struct Op {
    from: u16,
    to: u16,
    table: Vec<u16>,
    weights: [usize; 4],
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let from = cx.layer(&self.from);
        let to = cx.layer(&self.to);
        let table = cx.tile_table(&self.table)?;
        let (a, b, c, d) = self.weights;
        let weights = [a as usize, b as usize, c as usize, d as usize];
        let max: usize = weights.iter().sum();
        if table.len() <= max {
            cx.error(
                &self.table,
                format!(
                    "the table has {} entries; the weights need {}",
                    table.len(),
                    max + 1
                ),
                None,
            );
            return None;
        }
        Some(Op {
            from,
            to,
            table,
            weights,
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let w = st.width as usize;
        let h = st.height as usize;
        let [wa, wb, wc, wd] = self.weights;
        for y in 0..h.saturating_sub(1) {
            for x in 0..w.saturating_sub(1) {
                let m = &st.layers[self.from as usize];
                let set = |i: usize| (m[i] != 0) as usize;
                let i = y * w + x;
                let k = set(i) * wa + set(i + 1) * wb + set(i + w) * wc + set(i + w + 1) * wd;
                let t = self.table[k];
                st.layers[self.to as usize][i] = t;
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_with};

    #[test]
    fn two_by_two_blocks_index_the_table_and_the_last_row_and_column_stay() {
        // table value = the index itself, so the output shows a + 2b + 4c + 8d
        let pat = "table id { 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 }";
        let g = run_rules_with(
            4,
            3,
            r#"FillRect(layer: "t", value: "99", rect: (x: "0", y: "0", w: "4", h: "3")),
               FillRect(layer: "m", value: "1", rect: (x: "1", y: "1", w: "1", h: "1")),
               MarchingSquares(from: "m", to: "t", table: "p.pat#id")"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("8 4 0 99\n2 1 0 99\n99 99 99 99"));
    }
}
