//! Random tile variants: every unflagged cell holding `tile` draws `r = rnd(len(variants))`
//! and becomes `variants[r]` (0 = unchanged; a negative draw leaves it). Raster order.
//! Diablo's Cathedral `FillFloor` (shared/spec/diablo.md §2.8.7). With `area`, only its cells
//! are visited (and drawn for); `when` false skips the step.

use crate::engine::grid::Rect;
use crate::engine::row_bits::eq_bits;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::{LayerPass, TileHeader};
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::draws::{DrawLoop, Draws};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `RandomVariants(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The tile replaced.
        pub tile: Tile,
        /// Variants indexed by the draw; 0 = leave the tile.
        pub variants: Vec<Tile>,
    }
}

/// Compiled `RandomVariants`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    tile: u16,
    variants: Vec<u16>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        if self.variants.is_empty() {
            cx.error(&self.layer, "`variants` is empty".into(), None);
            return None;
        }
        Some(Compiled {
            head: head?,
            tile: self.tile.0,
            variants: self.variants.iter().map(|t| t.0).collect(),
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
        // the layer out of the state, the draws specialised to the generator and the bound
        // once ([`crate::rng::Rng::draw_loop`])
        let n = self.variants.len() as i64;
        self.head
            .drawing_pass(st, |lp, rng| rng.draw_loop(n, Pass { op: self, lp, area }));
        Flow::Continue
    }
}

/// The raster pass of [`Compiled`] over its layer (taken out of the state).
struct Pass<'p, 'a> {
    op: &'p Compiled,
    lp: &'p mut LayerPass<'a>,
    area: Rect,
}

impl DrawLoop for Pass<'_, '_> {
    type Out = ();

    fn run(self, d: &mut impl Draws) {
        let (op, area, lp) = (self.op, self.area, self.lp);
        for y in area.y..area.y1() {
            // the row 64 cells at a time: the unflagged cells holding the tile (a write
            // changes only its own cell, so the row is read once)
            for x0 in (area.x..area.x1()).step_by(64) {
                let x1 = area.x1().min(x0 + 64);
                let mut bits =
                    eq_bits(lp.g.as_grid().row(y, x0, x1), op.tile) & lp.unflagged_bits(y, x0, x1);
                while bits != 0 {
                    let k = bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    let r = d.draw();
                    if r >= 0 && op.variants[r as usize] != 0 {
                        lp.set(x0 + k, y, op.variants[r as usize]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules;

    #[test]
    fn only_the_tile_changes_and_only_into_variants() {
        let g = run_rules(
            10,
            4,
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "10", h: "2")),
               FillRect(layer: "p", value: "1", rect: (x: "0", y: "0", w: "1", h: "1")),
               RandomVariants(layer: "t", tile: 13, variants: [0, 162, 163], protected: ["p"])"#,
            "t",
        );
        assert_eq!(g[0][0], 13);
        let top: Vec<u16> = g[..2].iter().flatten().copied().collect();
        assert!(top.iter().all(|t| [13, 162, 163].contains(t)));
        assert!(top.contains(&162) && top.contains(&163));
        assert!(g[2..].iter().flatten().all(|&t| t == 0));
    }

    /// The written layer as its own flag layer, read from the layer being written: its
    /// non-zero cells are protected, its 0 cells take the variant.
    #[test]
    fn own_layer_as_flags() {
        let g = run_rules(
            3,
            1,
            r#"FillRect(layer: "t", value: "7", rect: (x: "1", y: "0", w: "1", h: "1")),
               RandomVariants(layer: "t", tile: 0, variants: [5], protected: ["t"])"#,
            "t",
        );
        assert_eq!(g, vec![vec![5, 7, 5]]);
    }

    /// Rows are read 64 cells at a time: cells past column 64 get variants too, and a
    /// flagged cell there keeps its tile.
    #[test]
    fn wide_rows_past_64_cells() {
        let g = run_rules(
            70,
            2,
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "70", h: "2")),
               FillRect(layer: "p", value: "1", rect: (x: "66", y: "0", w: "1", h: "2")),
               RandomVariants(layer: "t", tile: 13, variants: [162, 163], protected: ["p"])"#,
            "t",
        );
        for row in &g {
            assert_eq!(row[66], 13);
            let rest = row.iter().enumerate().filter(|&(x, _)| x != 66);
            assert!(rest.clone().all(|(_, &t)| t == 162 || t == 163), "{row:?}");
            assert!(rest.filter(|&(x, _)| x >= 64).count() == 5);
        }
    }
}
