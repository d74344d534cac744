//! Set pieces from files: copy a tile grid loaded from a `File` parameter (e.g. a Diablo
//! `.dun` quest room) into a tile layer with its top-left at a point. Non-zero tiles are
//! written and flagged in `flag`; zero tiles become `zero` when given, else stay.
//! Draws no random numbers. Diablo's `PlaceDunTiles` (shared/spec/diablo.md §1.6, §2.4).
//!
//! When the parameter was not given the step does nothing; rule files that need the file
//! check it with `Require("<param>")` outside any `Retry`. Cells off the grid are skipped.
//!
//! With `area` (a rectangle or an expression, in tiles, clipped to the grid), `at` is
//! relative to the area's top-left and the piece's cells outside the area are skipped (so
//! `ForEach` can put a piece in every room: `area: "room(r)"`). Without it the area is the
//! whole grid and `at` is in grid coordinates.

use crate::engine::grid::Grid;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{PointDef, PointExpr, Tile};
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `PlaceSetPiece(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The `File` parameter holding the grid.
        pub file: Src,
        /// Where the grid's top-left cell goes.
        pub at: PointDef,
        /// Tile written for the grid's zero cells. Default: leave them.
        #[serde(default)]
        pub zero: Option<Tile>,
        /// Flag layer set under the non-zero cells. Default none.
        #[serde(default)]
        pub flag: Option<Src>,
    }
}

/// Compiled `PlaceSetPiece`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    asset: u16,
    at: PointExpr,
    zero: u16,
    protect: Option<u16>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.file)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let asset = cx.file_param(&self.file);
        let at = self.at.compile(cx);
        let protect = self.flag.as_ref().map(|p| cx.layer(p));
        Some(Compiled {
            head: head?,
            asset: asset?,
            at: at?,
            zero: self.zero.map_or(0, |t| t.0),
            protect,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let Some(g) = st.assets.get(self.asset as usize).cloned().flatten() else {
            return Flow::Continue;
        };
        let (px, py) = self.at.eval(st);
        let (px, py) = (area.x + px, area.y + py);
        let piece = Grid::new(&g.tiles, g.width, g.height);
        let layer = self.head.layer;
        for (x, y) in piece.bounds().cells() {
            let (tx, ty) = (px + x, py + y);
            if !area.contains(tx, ty) {
                continue;
            }
            let t = piece.at(x, y);
            if t != 0 {
                st.grid_mut(layer).set(tx, ty, t);
                if let Some(p) = self.protect {
                    st.grid_mut(p).set(tx, ty, 1);
                }
            } else if self.zero != 0 {
                st.grid_mut(layer).set(tx, ty, self.zero);
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::tile_grid::TileGrid;
    use crate::operator::testing::{grid, run_rules_assets};

    const HEAD: &str = r#"params: { "piece": File(doc: "a tile grid") },"#;
    const FILL: &str =
        r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "5", h: "4")),"#;

    fn piece(width: i32, height: i32, tiles: &[u16]) -> Option<TileGrid> {
        Some(TileGrid {
            width,
            height,
            tiles: tiles.to_vec(),
        })
    }

    /// The 2x2 piece `3 0 / 0 4` at (2, 1): non-zero tiles written and flagged, zeros
    /// become `zero`.
    #[test]
    fn copies_the_piece_and_protects_its_tiles() {
        let steps = format!(
            r#"{FILL} PlaceSetPiece(layer: "t", file: "piece", at: (x: "2", y: "1"), zero: 9,
                   flag: "p"),"#
        );
        let out = run_rules_assets(
            5,
            4,
            HEAD,
            &steps,
            &["t", "p"],
            vec![piece(2, 2, &[3, 0, 0, 4])],
        );
        assert_eq!(
            out[0],
            grid(
                "1 1 1 1 1
                 1 1 3 9 1
                 1 1 9 4 1
                 1 1 1 1 1"
            )
        );
        assert_eq!(
            out[1],
            grid(
                "0 0 0 0 0
                 0 0 1 0 0
                 0 0 0 1 0
                 0 0 0 0 0"
            )
        );
    }

    /// Cells off the grid are skipped (at (4, 3) only the top-left cell lands, at (-1, -1)
    /// only the bottom-right); without `zero` the zero cells leave the layer as it was.
    #[test]
    fn clips_to_the_grid_and_keeps_under_zeros() {
        let steps = format!(
            r#"{FILL}
            PlaceSetPiece(layer: "t", file: "piece", at: (x: "4", y: "3")),
            PlaceSetPiece(layer: "t", file: "piece", at: (x: "-1", y: "-1")),
            PlaceSetPiece(layer: "t", file: "piece", at: (x: "1", y: "1")),"#
        );
        let out = run_rules_assets(5, 4, HEAD, &steps, &["t"], vec![piece(2, 2, &[3, 0, 0, 4])]);
        assert_eq!(
            out[0],
            grid(
                "4 1 1 1 1
                 1 3 1 1 1
                 1 1 4 1 1
                 1 1 1 1 3"
            )
        );
    }

    /// In the area (1, 1, 3, 1) (one row), `at` (1, 0) is the grid cell (2, 1): the piece's
    /// top row lands there; its bottom row, on row 2, is outside the area and skipped.
    #[test]
    fn at_is_relative_to_the_area_and_the_area_clips() {
        let steps = format!(
            r#"{FILL} PlaceSetPiece(layer: "t", file: "piece", at: (x: "1", y: "0"), zero: 9,
                   area: (x: "1", y: "1", w: "3", h: "1")),"#
        );
        let out = run_rules_assets(5, 4, HEAD, &steps, &["t"], vec![piece(2, 2, &[3, 0, 0, 4])]);
        assert_eq!(
            out[0],
            grid(
                "1 1 1 1 1
                 1 1 3 9 1
                 1 1 1 1 1
                 1 1 1 1 1"
            )
        );
    }

    /// Without the file, or when `when` is false, the step does nothing.
    #[test]
    fn nothing_without_the_file_or_when_false() {
        let steps = format!(
            r#"{FILL} PlaceSetPiece(layer: "t", file: "piece", at: (x: "0", y: "0"), zero: 9),"#
        );
        let all_ones = grid("1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1");
        let out = run_rules_assets(5, 4, HEAD, &steps, &["t"], vec![None]);
        assert_eq!(out[0], all_ones);
        let steps = format!(
            r#"{FILL} PlaceSetPiece(layer: "t", file: "piece", at: (x: "0", y: "0"), zero: 9,
                   when: "false"),"#
        );
        let out = run_rules_assets(5, 4, HEAD, &steps, &["t"], vec![piece(1, 1, &[5])]);
        assert_eq!(out[0], all_ones);
    }
}
