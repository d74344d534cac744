//! Miniset single placement: search for a spot where a miniset's search grid matches and
//! write its replace grid there, starting from a random cell and scanning on in raster
//! order with wrap-around. Draws random numbers as Diablo's `PlaceMiniSet`
//! (shared/spec/diablo.md §1.5 A, §2.7, §2.9.1).
//!
//! With `W × H` the grid and `w × h` the miniset: `x = rnd(W − w)`, then `y = rnd(H − h)`.
//! Then up to `tries` times (x advancing by 1 after each): if `x == W − w` then `x = 0`,
//! `y += 1`, and if `y == H − h` then `y = 0`; with `skip_low: (a, b)`, `x <= a` makes
//! `x += 1` and, separately, `y <= b` makes `y += 1`, and either fails the try (Diablo's
//! Cathedral quirk); otherwise the try succeeds when every search cell is 0 or equal to the
//! tile and no footprint cell is flagged in `protected`. A match writes every non-zero
//! replace cell.
//!
//! The step repeats `count` times (an expression, default 1). On success the top-left goes
//! to `marker` (if given). On failure: with `result`, the variable becomes false and the
//! step continues; without it the enclosing `Retry` restarts when `required` (default),
//! else the failure is ignored.

use super::args::{flag_layers, flagged, Count};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::pattern::Miniset;
use crate::lang::Program;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str =
    "place a miniset once where it matches, scanning from a random cell with wrap-around";

/// Rule-file parameters of `PlaceMiniset(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The miniset, `"file.pat#name"`.
    pub miniset: Src,
    /// Positions tried. Diablo Cathedral: 1600.
    pub tries: Count,
    /// `(a, b)`: tries with `x <= a` or `y <= b` bump the coordinate and fail. Default none.
    #[serde(default)]
    pub skip_low: Option<(i32, i32)>,
    /// Flag layers no footprint cell may be set in. Default none.
    #[serde(default)]
    pub protected: Vec<Src>,
    /// How many placements, an expression. Default "1".
    #[serde(default)]
    pub count: Option<Src>,
    /// Marker that receives the top-left of the (last) placement.
    #[serde(default)]
    pub marker: Option<Src>,
    /// A true/false variable set to whether every placement succeeded.
    #[serde(default)]
    pub result: Option<Src>,
    /// Without `result`: restart the enclosing Retry on failure. Default true.
    #[serde(default = "yes")]
    pub required: bool,
}

fn yes() -> bool {
    true
}

/// Compiled `PlaceMiniset`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    m: Miniset,
    tries: i64,
    skip_low: Option<(i32, i32)>,
    protected: Vec<u16>,
    count: Option<Program>,
    marker: Option<u16>,
    result: Option<u16>,
    fail: Option<u32>,
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
        if m.width >= cx.width() || m.height >= cx.height() {
            cx.error(
                &self.miniset,
                format!(
                    "the miniset is {}x{}; the grid is only {}x{}",
                    m.width,
                    m.height,
                    cx.width(),
                    cx.height()
                ),
                None,
            );
            return None;
        }
        let protected = flag_layers(cx, &self.protected);
        let count = match &self.count {
            Some(c) => Some(cx.expr(c, Type::Num)?),
            None => None,
        };
        let marker = self.marker.as_ref().map(|m| cx.declare_marker(m));
        let result = match &self.result {
            Some(r) => Some(cx.declare_var(r, Type::Bool)?),
            None => None,
        };
        let fail = (result.is_none() && self.required).then(|| {
            cx.failure_point(
                format!("PlaceMiniset `{}`", self.miniset.text),
                &self.miniset,
            )
        });
        Some(Op {
            layer,
            m,
            tries: self.tries.0,
            skip_low: self.skip_low,
            protected,
            count,
            marker,
            result,
            fail,
        })
    }
}

impl Op {
    fn matches(&self, st: &State, px: i32, py: i32) -> bool {
        let m = &self.m;
        let layer = &st.layers[self.layer as usize];
        for y in 0..m.height {
            for x in 0..m.width {
                let i = ((py + y) * st.width + px + x) as usize;
                let s = m.search[(y * m.width + x) as usize];
                if (s != 0 && layer[i] != s) || flagged(st, &self.protected, i) {
                    return false;
                }
            }
        }
        true
    }

    fn place_once(&self, st: &mut State) -> Option<(i32, i32)> {
        let (sw, sh) = (st.width - self.m.width, st.height - self.m.height);
        let mut x = st.rng.below(sw as i64) as i32;
        let mut y = st.rng.below(sh as i64) as i32;
        for _ in 0..self.tries {
            if x == sw {
                x = 0;
                y += 1;
                if y == sh {
                    y = 0;
                }
            }
            let mut valid = true;
            if let Some((a, b)) = self.skip_low {
                if x <= a {
                    x += 1;
                    valid = false;
                }
                if y <= b {
                    y += 1;
                    valid = false;
                }
            }
            // (a negative first draw, once in 2^32, would start off the grid: treat as invalid)
            if valid && x >= 0 && y >= 0 && x < sw && y < sh && self.matches(st, x, y) {
                let m = &self.m;
                for j in 0..m.height {
                    for i in 0..m.width {
                        let v = m.replace[(j * m.width + i) as usize];
                        if v != 0 {
                            let k = ((y + j) * st.width + x + i) as usize;
                            st.layers[self.layer as usize][k] = v;
                        }
                    }
                }
                return Some((x, y));
            }
            x += 1;
        }
        None
    }

    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let n = match &self.count {
            Some(c) => c.num(st) as i64,
            None => 1,
        };
        let mut all = true;
        for _ in 0..n {
            match self.place_once(st) {
                Some((x, y)) => {
                    if let Some(m) = self.marker {
                        st.markers[m as usize] = Some([x, y]);
                    }
                }
                None => all = false,
            }
        }
        if let Some(r) = self.result {
            st.vars[r as usize] = Value::Bool(all);
        } else if let (false, Some(id)) = (all, self.fail) {
            return Flow::Fail(id);
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::run_rules_with;

    const PAT: &str = "miniset m 2x2 { search 13 . | 13 13 replace 129 . | 130 128 }";

    #[test]
    fn places_where_it_matches_and_nowhere_else() {
        let g = run_rules_with(
            8,
            8,
            r#"FillRect(layer: "t", value: "13", rect: (x: "5", y: "5", w: "2", h: "2")),
               PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, marker: "lamp")"#,
            "t",
            &[("p.pat", PAT)],
        );
        assert_eq!(g[5][5], 129);
        assert_eq!(g[6][5], 130);
        assert_eq!(g[6][6], 128);
        assert_eq!(g[5][6], 13);
    }

    #[test]
    fn skip_low_keeps_the_top_left_away_from_low_coordinates() {
        let g = run_rules_with(
            8,
            8,
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "8", h: "8")),
               PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, skip_low: (3, 3), count: "3", required: false)"#,
            "t",
            &[("p.pat", PAT)],
        );
        for (y, row) in g.iter().enumerate() {
            for (x, &t) in row.iter().enumerate() {
                if t == 129 {
                    assert!(x > 3 && y > 3, "placed at ({x}, {y})");
                }
            }
        }
        assert!(g.iter().flatten().any(|&t| t == 129));
    }
}
