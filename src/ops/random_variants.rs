//! Random tile variants: every unflagged cell holding `tile` draws `r = rnd(len(variants))`
//! and becomes `variants[r]` (0 = unchanged; a negative draw leaves it). Raster order.
//! Diablo's Cathedral `FillFloor` (shared/spec/diablo.md §2.8.7). With `area`, only its cells
//! are visited (and drawn for); `when` false skips the step.

use super::args::{RectDef, Tile, TileHeader};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "replace each cell holding a tile by a randomly drawn variant";

/// Rule-file parameters of `RandomVariants(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The tile replaced.
    pub tile: Tile,
    /// Variants indexed by the draw; 0 = leave the tile.
    pub variants: Vec<Tile>,
    /// Flag layers of cells left alone.
    #[serde(default)]
    pub protected: Vec<Src>,
    /// Only the cells of this rectangle (clipped to the grid) are visited; nothing outside
    /// it is written. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Condition; the step does nothing when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Compiled `RandomVariants`.
#[derive(Debug)]
pub struct Op {
    head: TileHeader,
    tile: u16,
    variants: Vec<u16>,
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
        if self.variants.is_empty() {
            cx.error(&self.layer, "`variants` is empty".into(), None);
            return None;
        }
        Some(Op {
            head: head?,
            tile: self.tile.0,
            variants: self.variants.iter().map(|t| t.0).collect(),
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let l = self.head.layer;
        area.for_each(|x, y| {
            if st.grid(l).at(x, y) != self.tile || self.head.flagged(st, x, y) {
                return;
            }
            let r = st.rng.below(self.variants.len() as i64);
            if r >= 0 && self.variants[r as usize] != 0 {
                st.grid_mut(l).set(x, y, self.variants[r as usize]);
            }
        });
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::run_rules;

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
}
