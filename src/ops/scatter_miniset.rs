//! Miniset random scatter: try every top-left position in raster order and, where the
//! miniset matches, place it with a probability — later positions see earlier placements.
//! Draws random numbers as Diablo's `PlaceMiniSetRandom` (shared/spec/diablo.md §1.5 B):
//! one `rnd(roll)` per matching position, placed when it is below `percent`.
//!
//! Positions: `0 <= y < H − h`, `0 <= x < W − w` (the last row and column of positions are
//! never tried, as in the original). A match needs every non-zero search cell equal to the
//! tile and no footprint cell flagged in `protected`. The level-type-specific extra checks
//! of Catacombs and Caves are not part of this operator.

use super::args::{flag_layers, flagged, Count};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::pattern::Miniset;
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
}

fn hundred() -> Count {
    Count(100)
}

/// Compiled `ScatterMiniset`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    m: Miniset,
    roll: i64,
    percent: i64,
    protected: Vec<u16>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.miniset)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
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
            layer,
            m,
            roll: self.roll.0,
            percent: self.percent,
            protected: flag_layers(cx, &self.protected),
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let m = &self.m;
        let l = self.layer as usize;
        let w = st.width;
        for sy in 0..st.height - m.height {
            for sx in 0..w - m.width {
                let matches = (0..m.height).all(|y| {
                    (0..m.width).all(|x| {
                        let i = ((sy + y) * w + sx + x) as usize;
                        let s = m.search[(y * m.width + x) as usize];
                        (s == 0 || st.layers[l][i] == s) && !flagged(st, &self.protected, i)
                    })
                });
                if !matches || st.rng.below(self.roll) >= self.percent {
                    continue;
                }
                for y in 0..m.height {
                    for x in 0..m.width {
                        let v = m.replace[(y * m.width + x) as usize];
                        if v != 0 {
                            st.layers[l][((sy + y) * w + sx + x) as usize] = v;
                        }
                    }
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::run_rules_with;

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
}
