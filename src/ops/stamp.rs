//! Stamping a pattern: write a miniset's replace grid with its top-left at a point, without
//! searching (0 = leave the tile). Draws no random numbers.
//!
//! Diablo's Cathedral chamber pillars and connection openings are stamps
//! (shared/spec/diablo.md §2.4). Cells outside the grid are skipped.

use super::args::{holds, when, Point, PointDef};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::pattern::Miniset;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "write a pattern's replace grid at a point (no search)";

/// Rule-file parameters of `Stamp(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer written.
    pub layer: Src,
    /// The miniset, `"file.pat#name"` (its search grid is ignored).
    pub pattern: Src,
    /// Where its top-left cell goes.
    pub at: PointDef,
    /// Condition; nothing is written when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Compiled `Stamp`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    pattern: Miniset,
    at: Point,
    when: Option<Program>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
        let pattern = cx.miniset(&self.pattern);
        let at = self.at.compile(cx);
        let when = when(cx, &self.when);
        Some(Op {
            layer,
            pattern: pattern?,
            at: at?,
            when: when?,
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        if !holds(&self.when, st) {
            return Flow::Continue;
        }
        let (px, py) = self.at.eval(st);
        let p = &self.pattern;
        for y in 0..p.height {
            for x in 0..p.width {
                let v = p.replace[(y * p.width + x) as usize];
                if v != 0 && st.in_bounds(px + x, py + y) {
                    let i = ((py + y) * st.width + px + x) as usize;
                    st.layers[self.layer as usize][i] = v;
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_with};

    #[test]
    fn writes_non_zero_cells_and_clips() {
        let pat = "miniset m 2x2 { search . . | . . replace 5 . | . 6 }";
        let g = run_rules_with(
            3,
            2,
            r#"Stamp(layer: "t", pattern: "p.pat#m", at: (x: "0", y: "0")),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "2", y: "1")),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "1", y: "0"), when: "false")"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("5 0 0\n0 6 5"));
    }
}
