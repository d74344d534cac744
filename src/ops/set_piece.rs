//! Set pieces from files: copy a tile grid loaded from a `File` parameter (e.g. a Diablo
//! `.dun` quest room) into a tile layer with its top-left at a point. Non-zero tiles are
//! written and flagged in `protect`; zero tiles become `zero` when given, else stay.
//! Draws no random numbers. Diablo's `PlaceDunTiles` (shared/spec/diablo.md §1.6, §2.4).
//!
//! When the parameter was not given the step does nothing; rule files that need the file
//! check it with `Require("<param>")` outside any `Retry`. Cells off the grid are skipped.

use super::args::{holds, when, Point, PointDef, Tile};
use crate::engine::grid::Grid;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

pub const DESCRIPTION: &str = "copy a tile grid from a file parameter into a layer";

/// Rule-file parameters of `PlaceSetPiece(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer written.
    pub layer: Src,
    /// The `File` parameter holding the grid.
    pub file: Src,
    /// Where the grid's top-left cell goes.
    pub at: PointDef,
    /// Tile written for the grid's zero cells. Default: leave them.
    #[serde(default)]
    pub zero: Option<Tile>,
    /// Flag layer set under the non-zero cells. Default none.
    #[serde(default)]
    pub protect: Option<Src>,
    /// Condition. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Compiled `PlaceSetPiece`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    asset: u16,
    at: Point,
    zero: u16,
    protect: Option<u16>,
    when: Option<Program>,
}

impl Params {
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.file)
    }

    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
        let asset = cx.file_param(&self.file);
        let at = self.at.compile(cx);
        let protect = self.protect.as_ref().map(|p| cx.layer(p));
        let when = when(cx, &self.when);
        Some(Op {
            layer,
            asset: asset?,
            at: at?,
            zero: self.zero.map_or(0, |t| t.0),
            protect,
            when: when?,
        })
    }
}

impl Op {
    pub fn run(&self, st: &mut State) -> Flow {
        if !holds(&self.when, st) {
            return Flow::Continue;
        }
        let Some(g) = st.assets.get(self.asset as usize).cloned().flatten() else {
            return Flow::Continue;
        };
        let (px, py) = self.at.eval(st);
        let piece = Grid::new(&g.tiles, g.width, g.height);
        for (x, y) in piece.bounds().cells() {
            let (tx, ty) = (px + x, py + y);
            if !st.in_bounds(tx, ty) {
                continue;
            }
            let t = piece.at(x, y);
            if t != 0 {
                st.grid_mut(self.layer).set(tx, ty, t);
                if let Some(p) = self.protect {
                    st.grid_mut(p).set(tx, ty, 1);
                }
            } else if self.zero != 0 {
                st.grid_mut(self.layer).set(tx, ty, self.zero);
            }
        }
        Flow::Continue
    }
}
