//! Marching-squares tiling: each output tile `(x, y)` with `x < width − 1`, `y < height − 1`
//! is `table[a·wa + b·wb + c·wc + d·wd]`, where `a, b, c, d` are 1 when the source layer
//! is non-zero at `(x, y)`, `(x+1, y)`, `(x, y+1)`, `(x+1, y+1)`. The last column and row
//! are left as they are. Draws no random numbers, except with `picks`: a block whose index
//! is listed takes instead a table index picked from its list (one `rnd(len)` each, in
//! raster order; a negative draw counts as 0). A pick naming a block index above the
//! weights' sum, an empty list or a table index past the table is an error at `table`.
//!
//! With `area` (a rectangle or an expression, in tiles, clipped to the grid) only the
//! blocks wholly inside it are tiled: tiles `(x, y)` with `x < area.x + area.w − 1` and
//! `y < area.y + area.h − 1`; the area's last column and row are left as they are.
//!
//! Diablo's Cathedral (`L5ConvTbl`, weights 1, 2, 4, 8) and Hell; Caves use weights
//! 8, 4, 2, 1 and picks 6 → {12, 5}, 9 → {13, 14} (shared/spec/diablo.md §1.7, §4.9.4).

use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `MarchingSquares(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The mask layer read (non-zero = set).
        pub from: Src,
        /// The table, `"file.pat#name"`: tile ids indexed by the weighted sum.
        pub table: Src,
        /// Weights of the cells (x, y), (x+1, y), (x, y+1), (x+1, y+1). Default (1, 2, 4, 8).
        #[serde(default = "default_weights")]
        pub weights: (u8, u8, u8, u8),
        /// `[(index, [i0, i1, ...])]`: a block of that index uses a randomly picked table index
        /// instead. Default none.
        #[serde(default)]
        pub picks: Vec<(u8, Vec<u8>)>,
    }
}

fn default_weights() -> (u8, u8, u8, u8) {
    (1, 2, 4, 8)
}

/// Compiled `MarchingSquares`.
#[derive(Debug)]
pub struct Compiled {
    from: u16,
    head: TileHeader,
    table: Vec<u16>,
    /// The corner weights (their sum is below the table's length).
    weights: [u16; 4],
    /// Per block index: the table indices to pick among (empty = no pick).
    picks: Vec<Vec<u16>>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let from = cx.layer(&self.from);
        let head = TileHeader::compile(cx, self.header());
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
        let mut picks = vec![Vec::new(); max + 1];
        for (k, among) in &self.picks {
            let k = *k as usize;
            if k > max || among.is_empty() || among.iter().any(|&i| i as usize >= table.len()) {
                cx.error(
                    &self.table,
                    format!(
                        "picks: ({k}, {among:?}) needs a block index 0..={max} and table indices below {}",
                        table.len()
                    ),
                    None,
                );
                return None;
            }
            picks[k] = among.iter().map(|&i| i as u16).collect();
        }
        Some(Compiled {
            from,
            head: head?,
            table,
            weights: [a as u16, b as u16, c as u16, d as u16],
            picks,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if area.w < 2 || area.h < 2 {
            return Flow::Continue;
        }
        let [wa, wb, wc, wd] = self.weights;
        // Every 2x2 block's top-left, a row at a time. `from` may be `to`: cell (x, y) is
        // read only by the blocks at (x - 1 ..= x, y - 1 ..= y), none after the block at
        // (x, y) that writes it, so a row of blocks is computed from `from` as it is before
        // the row is written.
        let (x0, n) = (area.x, (area.w - 1) as usize);
        let mut ks = vec![0u16; n];
        let picks = self.picks.iter().any(|p| !p.is_empty());
        for y in area.y..area.y1() - 1 {
            let m = st.grid(self.from);
            let (r0, r1) = (
                m.row(y, x0, x0 + n as i32 + 1),
                m.row(y + 1, x0, x0 + n as i32 + 1),
            );
            // the block at x: corners (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1), as
            // four shifted rows (a loop over 16-bit lanes, which compilers vectorise)
            let set = |v: u16| (v != 0) as u16;
            let corners = r0[..n]
                .iter()
                .zip(&r0[1..])
                .zip(r1[..n].iter().zip(&r1[1..]));
            for (k, ((&a, &b), (&c, &d))) in ks.iter_mut().zip(corners) {
                *k = set(a) * wa + set(b) * wb + set(c) * wc + set(d) * wd;
            }
            for k in ks.iter_mut().filter(|_| picks) {
                if let Some(among) = self.picks.get(*k as usize).filter(|p| !p.is_empty()) {
                    *k = among[st.rng.below(among.len() as i64).max(0) as usize];
                }
            }
            let mut g = st.grid_mut(self.head.layer);
            let i = g.index(x0, y);
            for (t, &k) in g.as_mut_slice()[i..i + n].iter_mut().zip(&ks) {
                *t = self.table[k as usize];
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_with};

    /// The same mask as below, tiled only inside the 2x2 area at (1, 1): one block, at
    /// (1, 1), whose index is a = 1; the rest of the layer keeps its 99s.
    #[test]
    fn area_tiles_only_the_blocks_inside_it() {
        let pat = "table id { 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 }";
        let g = run_rules_with(
            4,
            3,
            r#"FillRect(layer: "t", value: "99", rect: (x: "0", y: "0", w: "4", h: "3")),
               FillRect(layer: "m", value: "1", rect: (x: "1", y: "1", w: "1", h: "1")),
               MarchingSquares(from: "m", layer: "t", table: "p.pat#id", area: (x: "1", y: "1", w: "2", h: "2"))"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("99 99 99 99\n99 1 99 99\n99 99 99 99"));
    }

    #[test]
    fn two_by_two_blocks_index_the_table_and_the_last_row_and_column_stay() {
        // table value = the index itself, so the output shows a + 2b + 4c + 8d
        let pat = "table id { 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 }";
        let g = run_rules_with(
            4,
            3,
            r#"FillRect(layer: "t", value: "99", rect: (x: "0", y: "0", w: "4", h: "3")),
               FillRect(layer: "m", value: "1", rect: (x: "1", y: "1", w: "1", h: "1")),
               MarchingSquares(from: "m", layer: "t", table: "p.pat#id")"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("8 4 0 99\n2 1 0 99\n99 99 99 99"));
    }

    #[test]
    fn reversed_weights_and_picks() {
        // weights 8a + 4b + 2c + d; a diagonal pair (b, c) has index 6, picked among
        // table indices 12 and 5: seed 1 draws rnd(2) = 0 -> 12, seed 4 draws 1 -> 5
        let pat = "table id { 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 }";
        let steps = r#"FillRect(layer: "m", value: "1", rect: (x: "1", y: "0", w: "1", h: "1")),
               FillRect(layer: "m", value: "1", rect: (x: "0", y: "1", w: "1", h: "1")),
               MarchingSquares(from: "m", layer: "t", table: "p.pat#id", weights: (8, 4, 2, 1), picks: [(6, [12, 5])])"#;
        let g = run_rules_with(2, 2, steps, "t", &[("p.pat", pat)]);
        assert_eq!(g[0][0], 12);
        let g = crate::operator::testing::run_rules_full(2, 2, steps, "t", 4, &[("p.pat", pat)]);
        assert_eq!(g[0][0], 5);
    }
}
