//! Miniset single placement: search for a spot where a miniset's search grid matches and
//! write its replace grid there, starting from a random cell and scanning on in raster
//! order with wrap-around. Draws random numbers as Diablo's `PlaceMiniSet`
//! (shared/spec/diablo.md §1.5 A, §2.7, §2.9.1).
//!
//! With `W × H` the grid and `w × h` the miniset: `x = rnd(W − w)`, then `y = rnd(H − h)`.
//! Then up to `tries` times (x advancing by 1 after each): if `x == W − w` then `x = 0`,
//! `y += 1`, and if `y == H − h` then `y = 0` ([`WrapScan`]); with `skip_low: (a, b)`,
//! `x <= a` makes `x += 1` and, separately, `y <= b` makes `y += 1`, and either fails the try
//! (Diablo's Cathedral quirk); otherwise the try succeeds when the search grid matches (the
//! one matcher, [`crate::lang::matcher`]: `.` any tile, a tile, or a set cell) and no
//! footprint cell is flagged in `protected`. A match writes every replace cell that is not
//! `.` (a tile cell writes its tile, tile 0 included; `.` leaves the tile).
//!
//! With `avoid` (a rectangle, evaluated when the step runs), a try whose top-left lies in
//! it is skipped (Diablo's set-piece room, §1.5 A step 2).
//!
//! With `area` (a rectangle or an expression, in tiles, clipped to the grid) the search
//! stays inside it: `W × H` above are the area's size, and a placement lies wholly inside
//! the area (an area smaller than the miniset places nothing and draws nothing). `skip_low`
//! and `avoid` stay in grid coordinates. Without `area` the area is the whole grid, which
//! gives the draws above exactly.
//!
//! The step repeats `count` times (an expression, default 1). On success the top-left goes
//! to `marker` (if given). On failure: with `result`, the variable becomes false and the
//! step continues; without it the enclosing `Retry` restarts when `required` (default),
//! else the failure is ignored.
//!
//! # Speed
//!
//! The pattern test is the shared [`Matcher`] (one flat index per probe). What stays here
//! (switch `FastPath::MinisetRuns`) is taking a run of tries along a row at once when no try
//! of the run can be skipped or wrap, because which tries form such a run follows from this
//! operator's search order (the original's raster walk from a random start, with `skip_low`
//! and `avoid`), not from the grid.

use crate::engine::grid::{Rect as GridRect, WrapScan};
use crate::engine::point::Point;
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::matcher::Matcher;
use crate::lang::Program;
use crate::operator::args::{flagged, Count, Rect, RectDef};
use crate::operator::header::TileHeader;
use crate::operator::knobs::{pair, Knobs, I32};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `PlaceMiniset(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The miniset, `"file.pat#name"`.
        pub miniset: Src,
        /// Positions tried. Diablo Cathedral: 1600.
        pub tries: Count,
        /// `(a, b)`: tries with `x <= a` or `y <= b` bump the coordinate and fail. Default none.
        #[serde(default)]
        pub skip_low: Option<(I32, I32)>,
        /// How many placements, an expression. Default "1".
        #[serde(default)]
        pub count: Option<Src>,
        /// Marker that receives the top-left of the (last) placement.
        #[serde(default)]
        pub marker: Option<Src>,
        /// `("x", "y")`: number variables receiving the top-left of the (last) placement (to
        /// stamp something on the same spot later). Default none.
        #[serde(default)]
        pub position: Option<(Src, Src)>,
        /// A true/false variable set to whether every placement succeeded.
        #[serde(default)]
        pub result: Option<Src>,
        /// Without `result`: restart the enclosing Retry on failure. Default true.
        #[serde(default = "yes")]
        pub required: bool,
        /// Tries whose top-left lies in this rectangle are skipped. Default none.
        #[serde(default)]
        pub avoid: Option<RectDef>,
    }
}

fn yes() -> bool {
    true
}

/// Compiled `PlaceMiniset`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    m: Matcher,
    tries: i64,
    skip_low: Option<(i32, i32)>,
    count: Option<Program>,
    marker: Option<u16>,
    position: Option<(u16, u16)>,
    result: Option<u16>,
    fail: Option<u32>,
    avoid: Option<Rect>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.miniset)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let head = TileHeader::compile(cx, self.header());
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
        let avoid = match &self.avoid {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        let count = match &self.count {
            Some(c) => Some(cx.expr(c, Type::Num)?),
            None => None,
        };
        let marker = self.marker.as_ref().map(|m| cx.declare_marker(m));
        let position = match &self.position {
            Some((x, y)) => {
                let x = cx.declare_var(x, Type::Num);
                let y = cx.declare_var(y, Type::Num);
                Some((x?, y?))
            }
            None => None,
        };
        let result = match &self.result {
            Some(r) => Some(cx.declare_var(r, Type::Bool)?),
            None => None,
        };
        if let Some(r) = result {
            cx.explain_flag(
                r,
                &format!("when it finds no place in {} tries", self.tries),
            );
        }
        let fail = (result.is_none() && self.required).then(|| {
            cx.failure_point(
                format!("PlaceMiniset `{}`", self.miniset.text),
                &self.miniset,
            )
        });
        Some(Compiled {
            head: head?,
            m: Matcher::miniset(&m).for_grid(cx.width()),
            tries: self
                .tries
                .get(cx, &mut k, |c: &mut Compiled, v| c.tries = v as i64),
            skip_low: self.skip_low.as_ref().map(|p| {
                let set: [fn(&mut Compiled, f64); 2] = [
                    |c, v| c.skip_low.get_or_insert((0, 0)).0 = v as i32,
                    |c, v| c.skip_low.get_or_insert((0, 0)).1 = v as i32,
                ];
                pair(p, cx, &mut k, set)
            }),
            count,
            marker,
            position,
            result,
            fail,
            avoid,
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let n = match &self.count {
            Some(c) => c.num(st) as i64,
            None => 1,
        };
        let mut all = true;
        for _ in 0..n {
            // a huge `count` whose placements fail at once (an area smaller than the
            // miniset) or after the budget ran out still ends on time
            if st.budget.spend(1) {
                all = false;
                break;
            }
            match self.place_once(st, area) {
                Some((x, y)) => {
                    if let Some(m) = self.marker {
                        st.markers[m as usize] = Some(Point::new(x, y));
                    }
                    if let Some((vx, vy)) = self.position {
                        st.vars[vx as usize] = Value::Num(x as f64);
                        st.vars[vy as usize] = Value::Num(y as f64);
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

impl Compiled {
    /// One placement inside `area` (clipped to the grid): its top-left, in grid cells.
    fn place_once(&self, st: &mut State, area: GridRect) -> Option<(i32, i32)> {
        let (sw, sh) = (area.w - self.m.width(), area.h - self.m.height());
        if area != GridRect::of_size(st.width, st.height) && (sw <= 0 || sh <= 0) {
            return None;
        }
        let x = st.rng.below(sw as i64) as i32;
        let y = st.rng.below(sh as i64) as i32;
        let mut s = WrapScan::new(x, y, sw, sh);
        let avoid = self.avoid.as_ref().map(|a| a.eval(st));
        let layer = self.head.layer;
        let first = self.m.first();
        // the matcher's index offsets hold on this grid (every position of the scan puts
        // the footprint inside the grid)
        let indexed = self.m.stride() == st.width && !plain();
        let mut t = 0;
        while t < self.tries {
            if st.budget.spend(16) {
                break;
            }
            s.wrap();
            let (px, py) = (area.x + s.x, area.y + s.y);
            let plain = self.skip_low.is_some_and(|(a, b)| px <= a || py <= b);
            if indexed && avoid.is_none() && !plain && s.valid() {
                // A run of tries along the row: none is skipped (x only grows) or wraps, so
                // each is one position; those whose first probe fails are passed over.
                let n = (s.left_in_row() as i64).min(self.tries - t) as i32;
                let g = st.grid(layer);
                let base = g.flat_index(px, py);
                let hit = (0..n).find(|&k| {
                    first.holds(&g, base + k as isize, |v| v)
                        && self.m.fits(&g, px + k, py, |x, y| {
                            flagged(st, &self.head.protected, x, y)
                        })
                });
                if let Some(k) = hit {
                    self.m.write(&mut st.grid_mut(layer), px + k, py);
                    return Some((px + k, py));
                }
                s.x += n;
                t += n as i64;
                continue;
            }
            t += 1;
            let mut valid = true;
            if let Some((a, b)) = self.skip_low {
                if area.x + s.x <= a {
                    s.x += 1;
                    valid = false;
                }
                if area.y + s.y <= b {
                    s.y += 1;
                    valid = false;
                }
            }
            let (px, py) = (area.x + s.x, area.y + s.y);
            if avoid.is_some_and(|r| r.contains(px, py)) {
                valid = false;
            }
            // (a negative first draw, once in 2^32, would start off the grid: treat as invalid)
            if valid
                && s.valid()
                && self.m.fits(&st.grid(layer), px, py, |x, y| {
                    flagged(st, &self.head.protected, x, y)
                })
            {
                self.m.write(&mut st.grid_mut(layer), px, py);
                return Some((px, py));
            }
            s.advance();
        }
        None
    }
}

/// Whether tries are made one by one only (unit tests compare both ways).
#[inline(always)]
fn plain() -> bool {
    !crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::MinisetRuns)
}

#[cfg(test)]
mod tests;
