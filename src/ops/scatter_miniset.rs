//! Miniset random scatter: try every top-left position in raster order and, where the
//! miniset matches, place it with a probability — later positions see earlier placements.
//! Draws random numbers as Diablo's `PlaceMiniSetRandom` (shared/spec/diablo.md §1.5 B):
//! one `rnd(roll)` per matching position, placed when it is below `percent`.
//!
//! Positions: `0 <= y < H − h`, `0 <= x < W − w` (the last row and column of positions are
//! never tried, as in the original); with `area` `(ax, ay, aw, ah)` (clipped to the grid),
//! `ay <= y < ay + ah − h`, `ax <= x < ax + aw − w`, so every write stays inside it. `when`
//! false skips the step. A match needs the search grid to match (the one
//! matcher, [`crate::lang::matcher`]: `.` any tile, a tile, or a set cell) and no footprint
//! cell flagged in `protected`. The level-type-specific extra checks of Catacombs and Caves
//! are not part of this operator.

use super::args::{Count, RectDef, TileHeader};
use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::matcher::Matcher;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "place a miniset at random wherever it matches, in raster order";

/// Rule-file parameters of `ScatterMiniset(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The miniset, `"file.pat#name"`.
    pub miniset: Src,
    /// Placed when `rnd(roll) < percent`. Default roll 100.
    #[serde(default = "hundred")]
    pub roll: Count,
    /// See `roll`.
    pub percent: i64,
    /// Flag layers no footprint cell may be set in.
    #[serde(default)]
    pub protected: Vec<Src>,
    /// Only the cells of this rectangle (clipped to the grid) are searched; nothing outside
    /// it is written. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Condition; the step does nothing when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

fn hundred() -> Count {
    Count(100)
}

/// Compiled `ScatterMiniset`.
#[derive(Debug)]
pub struct Op {
    head: TileHeader,
    m: Matcher,
    roll: i64,
    percent: i64,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.miniset)
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
        let m = cx.miniset(&self.miniset)?;
        if m.width > cx.width() || m.height > cx.height() {
            cx.error(
                &self.miniset,
                "the miniset is larger than the grid".into(),
                None,
            );
            return None;
        }
        Some(Op {
            head: head?,
            m: Matcher::miniset(&m),
            roll: self.roll.0,
            percent: self.percent,
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
        let m = &self.m;
        let l = self.head.layer;
        let positions = Rect::new(area.x, area.y, area.w - m.width(), area.h - m.height());
        positions.for_each(|x, y| {
            let fits = m.fits(&st.grid(l), x, y, |cx, cy| self.head.flagged(st, cx, cy));
            if fits && st.rng.below(self.roll) < self.percent {
                m.write(&mut st.grid_mut(l), x, y);
            }
        });
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_with};

    #[test]
    fn scatters_where_it_matches_with_the_given_odds() {
        let pat = "miniset m 1x1 { search 13 replace 7 }";
        let run = |percent: i64| {
            run_rules_with(
                21,
                21,
                &format!(
                    r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "21", h: "21")),
                       ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: {percent})"#
                ),
                "t",
                &[("p.pat", pat)],
            )
        };
        let all = run(100);
        // the last row and column of positions are never tried
        assert!(all[..20].iter().all(|r| r[..20].iter().all(|&t| t == 7)));
        assert!(all[20].iter().all(|&t| t == 13));
        assert_eq!(run(0).iter().flatten().filter(|&&t| t == 7).count(), 0);
        let some = run(25).iter().flatten().filter(|&&t| t == 7).count();
        assert!((50..150).contains(&some), "{some} of 400");
    }

    #[test]
    fn set_cells_match_any_member() {
        let pat = "set ab = {1 2}\n\
            miniset m 2x1 { search ab {3 4} replace 9 . }\n\
            miniset input 5x2 { search . . . . . | . . . . . replace 1 3 2 4 . | 2 2 1 5 . }";
        let g = run_rules_with(
            5,
            3,
            r#"Stamp(layer: "t", pattern: "p.pat#input", at: (x: "0", y: "0")),
               ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: 100)"#,
            "t",
            &[("p.pat", pat)],
        );
        // (0,0): 1 in ab, 3 in {3 4}; (2,0): 2, 4. Row 1 has no 3 or 4 right of an a/b.
        assert_eq!(g, grid("9 3 9 4 0\n2 2 1 5 0\n0 0 0 0 0"));
    }
}
