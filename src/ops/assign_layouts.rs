//! Giving rooms layouts (interiors) drawn from a room pool.
//!
//! For every room whose kind is in `kinds` (in room order), the candidates are the pool's
//! layouts that serve that kind, have the room's shape (`default_shape` for rooms without
//! one) and support every door slot the room uses (a layout may have more doors than needed:
//! they stay walls). Then:
//! * `window`: an ordered easy-to-hard list with a contiguous window per floor (the Flash
//!   room pools, spec/isaac.md §3): the layouts serving the kind are numbered in file order,
//!   `index` (evaluated per room) picks one of the `ranges`, and only positions inside it
//!   are candidates;
//! * `difficulty`: only layouts whose difficulty is within `(min, max)` (evaluated once);
//! * `weighted`: a pick by weight, else uniform; with `exact_bias` the layouts whose doors
//!   are exactly the needed ones are preferred: they are drawn from with probability
//!   `min(1, exact_bias × exact weight / total weight)` (spec/isaac-rebirth.md §6.5); after a
//!   pick, the layout's weight is multiplied by `decay` for the rest of the run (floor 1e-7).
//!
//! Load errors (at the pool file): with `all_doors`, a layout serving one of `kinds` whose
//! door mask lacks a slot of its shape. Writes `rooms[].layout`. Fails (restarting the
//! `Retry`) when a room has no candidate and `require` is set (the default).

pub mod no_layout;

use crate::engine::shape::{placed, Shape};
use crate::engine::state::State;
use crate::engine::value::RoomId;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Knobs, Real};
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use no_layout::NoLayout;
use serde::Deserialize;

mod compile;

/// Rule-file parameters of `AssignLayouts(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The pools (names from the rule file's `pools`), searched as one list in this order.
    pub pools: Vec<Src>,
    /// Room kinds that get a layout here.
    pub kinds: Vec<Src>,
    /// Shape assumed for rooms without one. Default: rooms without a shape get no layout.
    #[serde(default)]
    pub default_shape: Option<Src>,
    /// An easy-to-hard window per room (see the module docs).
    #[serde(default)]
    pub window: Option<Window>,
    /// `(min, max)` difficulty, expressions evaluated once per run.
    #[serde(default)]
    pub difficulty: Option<(Src, Src)>,
    /// Pick by weight (else uniformly). Default false.
    #[serde(default)]
    pub weighted: bool,
    /// Preference for layouts whose doors are exactly those needed. Default none.
    #[serde(default)]
    pub exact_bias: Option<Real>,
    /// Weight multiplier applied to a layout after it is picked. Default 1.
    #[serde(default = "one")]
    pub decay: Real,
    /// Every layout serving `kinds` must support every slot of its shape (load error). Default false.
    #[serde(default)]
    pub all_doors: bool,
    /// Restart the enclosing `Retry` when a room has no candidate. Default true.
    #[serde(default = "yes")]
    pub require: bool,
}

fn one() -> Real {
    Real::Lit(1.0)
}
fn yes() -> bool {
    true
}

/// `Window(index: "level % 2 == 1 ? 0 : 1", ranges: [(0, 23), (10, 33)])`: inclusive
/// positions among the layouts serving the room's kind, in file order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Window")]
pub struct Window {
    /// Which range a room uses (expression, evaluated per room; out of range is clamped).
    pub index: Src,
    /// Inclusive `(first, last)` positions, one range per window.
    pub ranges: Vec<(u32, u32)>,
}

#[derive(Debug, Clone, Copy)]
struct Cand {
    layout: u32,
    shape: u16,
    doors: u32,
    kinds: u64,
    difficulty: f64,
    weight: f64,
}

/// Compiled `AssignLayouts`.
#[derive(Debug, Clone)]
pub struct Compiled {
    shapes: Vec<Shape>,
    layouts: Vec<Cand>,
    kinds: u64,
    default_shape: Option<u16>,
    window: Option<(Program, Vec<(u32, u32)>)>,
    difficulty: Option<(Program, Program)>,
    weighted: bool,
    exact_bias: Option<f64>,
    decay: f64,
    fail_none: Option<NoLayout>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let (dmin, dmax) = match &self.difficulty {
            Some((a, b)) => (a.num(st), b.num(st)),
            None => (f64::MIN, f64::MAX),
        };
        let mut weight: Vec<f64> = self.layouts.iter().map(|c| c.weight).collect();
        for r in 0..st.rooms.len() as RoomId {
            let kind = st.rooms[r as usize].kind;
            if self.kinds >> kind & 1 == 0 {
                continue;
            }
            let Some((shape, need)) = self.needs(st, r) else {
                match &self.fail_none {
                    Some(f) => return Flow::Fail(f.unplaced),
                    None => continue,
                }
            };
            let (lo, hi) = match &self.window {
                Some((index, ranges)) => {
                    let i = index.num(st).max(0.0) as usize;
                    ranges[i.min(ranges.len() - 1)]
                }
                None => (0, u32::MAX),
            };
            // Candidate filter; `pos` numbers the layouts serving this kind in file order.
            let ok = |c: &Cand, pos: u32| {
                pos >= lo
                    && pos <= hi
                    && c.shape == shape
                    && c.doors & need == need
                    && c.difficulty >= dmin
                    && c.difficulty <= dmax
            };
            let (mut n, mut total, mut exact) = (0u32, 0.0, 0.0);
            let mut pos = 0u32;
            for (i, c) in self.layouts.iter().enumerate() {
                if c.kinds >> kind & 1 == 0 {
                    continue;
                }
                if ok(c, pos) {
                    n += 1;
                    total += weight[i];
                    if c.doors == need {
                        exact += weight[i];
                    }
                }
                pos += 1;
            }
            if n == 0 {
                match &self.fail_none {
                    Some(f) => return Flow::Fail(f.failure(kind, shape, need)),
                    None => continue,
                }
            }
            let u = st.rng.below(1 << 30) as f64 / (1u64 << 30) as f64;
            let only_exact = match self.exact_bias {
                Some(b) if self.weighted && exact > 0.0 => {
                    st.rng.chance((b * exact / total).min(1.0))
                }
                _ => false,
            };
            let target = if self.weighted {
                u * if only_exact { exact } else { total }
            } else {
                (u * n as f64).floor()
            };
            let mut acc = 0.0;
            let mut pos = 0u32;
            let mut pick = None;
            for (i, c) in self.layouts.iter().enumerate() {
                if c.kinds >> kind & 1 == 0 {
                    continue;
                }
                let here = pos;
                pos += 1;
                if !ok(c, here) || (only_exact && c.doors != need) {
                    continue;
                }
                pick = Some(i);
                acc += if self.weighted { weight[i] } else { 1.0 };
                if acc > target {
                    break;
                }
            }
            let i = pick.expect("n > 0");
            st.rooms[r as usize].layout = Some(self.layouts[i].layout);
            weight[i] = (weight[i] * self.decay).max(1e-7);
        }
        Flow::Continue
    }
}

impl Compiled {
    /// The room's shape and the mask of door slots it uses; `None` if a door is on no slot.
    fn needs(&self, st: &State, r: RoomId) -> Option<(u16, u32)> {
        let (shape, origin) = match placed(st, &self.shapes, r) {
            Some((_, o)) => (st.rooms[r as usize].shape?, o),
            None => (self.default_shape?, *st.cells_of(r).first()?),
        };
        let sh = &self.shapes[shape as usize];
        let mut need = 0u32;
        for d in &st.doors {
            let (c, p) = if d.rooms[0] == r {
                (d.cells[0], d.cells[1])
            } else if d.rooms[1] == r {
                (d.cells[1], d.cells[0])
            } else {
                continue;
            };
            let k = sh.slot_at(c - origin, c.dir_to(p)?)?;
            need |= 1 << k;
        }
        Some((shape, need))
    }
}

#[cfg(test)]
mod tests;
