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
use crate::engine::value::{RoomId, Type};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Knobs, Real};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use no_layout::{NoLayout, Offer};
use serde::Deserialize;

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

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        self.pools.first().or(self.kinds.first())
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let anchor = self.anchor().cloned()?;
        let pools: Vec<Option<u16>> = self.pools.iter().map(|p| cx.pool(p)).collect();
        if self.pools.is_empty() {
            cx.error(&anchor, "`pools` is empty".into(), None);
        }
        let kinds = self.kind_mask(cx);
        let default_shape = match &self.default_shape {
            Some(s) => Some(cx.shape(s)?),
            None => None,
        };
        let window = match &self.window {
            Some(w) => Some(w.compile(cx)?),
            None => None,
        };
        let difficulty = match &self.difficulty {
            Some((a, b)) => Some((cx.expr(a, Type::Num)?, cx.expr(b, Type::Num)?)),
            None => None,
        };
        let mut k: Knobs<Compiled> = Knobs::default();
        let decay = self
            .decay
            .get(cx, &mut k, |c: &mut Compiled, v| c.decay = v);
        let exact_bias = self
            .exact_bias
            .as_ref()
            .map(|b| b.get(cx, &mut k, |c: &mut Compiled, v| c.exact_bias = Some(v)));
        let literal = self.decay.literal().is_some()
            && self
                .exact_bias
                .as_ref()
                .is_none_or(|b| b.literal().is_some());
        if literal && bad_weights(decay, exact_bias) {
            cx.error(
                &anchor,
                "`decay` must be in (0, 1] and `exact_bias` at least 0".into(),
                None,
            );
        }
        let pools: Vec<u16> = pools.into_iter().collect::<Option<_>>()?;
        let layouts = candidates(cx, &pools);
        if self.all_doors {
            check_all_doors(cx, &layouts, kinds, &anchor);
        }
        let fail_none = self.require.then(|| {
            let offers: Vec<Offer> = layouts
                .iter()
                .map(|c| Offer {
                    shape: c.shape,
                    doors: c.doors,
                    kinds: c.kinds,
                })
                .collect();
            NoLayout::new(cx, &self.pools, kinds, &offers, &anchor)
        });
        Some(Compiled {
            shapes: cx.shapes().to_vec(),
            layouts,
            kinds,
            default_shape,
            window,
            difficulty,
            weighted: self.weighted,
            exact_bias,
            decay,
            fail_none,
            knobs: {
                let what = "AssignLayouts: `decay` must be in (0, 1] and `exact_bias` at least 0"
                    .to_string();
                k.require(cx, &anchor, what, |c, _| {
                    !bad_weights(c.decay, c.exact_bias)
                });
                k.done()?
            },
        })
    }
}

impl Params {
    /// The bit of each room kind of `kinds` (an error for a kind past the 64th).
    fn kind_mask(&self, cx: &mut Cx) -> u64 {
        let mut kinds = 0u64;
        for k in &self.kinds {
            match cx.kind(k) {
                Some(i) if i < 64 => kinds |= 1 << i,
                Some(_) => cx.error(
                    k,
                    "only the first 64 room kinds can have layouts".into(),
                    None,
                ),
                None => {}
            }
        }
        kinds
    }
}

impl Window {
    /// The index expression and the ranges (an error, `None`, without a range or with one
    /// whose first is past its last).
    fn compile(&self, cx: &mut Cx) -> Option<(Program, Vec<(u32, u32)>)> {
        if self.ranges.is_empty() || self.ranges.iter().any(|r| r.0 > r.1) {
            cx.error(
                &self.index,
                "`ranges` needs at least one (first, last) with first <= last".into(),
                None,
            );
            return None;
        }
        Some((cx.expr(&self.index, Type::Num)?, self.ranges.clone()))
    }
}

/// Whether `decay` is outside (0, 1] or `exact_bias` below 0 (or not a number).
fn bad_weights(decay: f64, exact_bias: Option<f64>) -> bool {
    !(decay > 0.0 && decay <= 1.0) || exact_bias.is_some_and(|b| b.is_nan() || b < 0.0)
}

/// The layouts of `pools`, in pool order and each pool's file order.
fn candidates(cx: &Cx, pools: &[u16]) -> Vec<Cand> {
    pools
        .iter()
        .flat_map(|&p| {
            let p = &cx.pools()[p as usize];
            p.first..p.first + p.count
        })
        .map(|i| {
            let l = &cx.layouts()[i as usize];
            Cand {
                layout: i,
                shape: l.shape,
                doors: l.doors,
                kinds: l.kinds,
                difficulty: l.difficulty as f64,
                weight: l.weight,
            }
        })
        .collect()
}

/// `all_doors`: an error at the pool file for each layout serving one of `kinds` whose
/// door mask lacks a slot of its shape.
fn check_all_doors(cx: &mut Cx, layouts: &[Cand], kinds: u64, anchor: &Src) {
    for c in layouts {
        if c.kinds & kinds == 0 {
            continue;
        }
        let sh = &cx.shapes()[c.shape as usize];
        let missing: Vec<String> = sh
            .slots
            .iter()
            .enumerate()
            .filter(|(k, _)| c.doors >> k & 1 == 0)
            .map(|(_, s)| s.name.clone())
            .collect();
        let Some(first) = missing.first() else {
            continue;
        };
        let shape = sh.name.clone();
        let l = cx.layouts()[c.layout as usize].clone();
        let (pool_name, short) = l.name.split_once('/').unwrap_or(("", &l.name));
        cx.error_in_file(
            l.file,
            l.doors_span,
            format!(
                "pool `{pool_name}`, layout `{short}`: the door mask lacks slot `{first}` that its shape `{shape}` needs here (missing: {})",
                missing.join(" ")
            ),
            Some(format!("`all_doors: true` at {} requires every layout to have all doors of its shape", cx.position(anchor))),
        );
    }
}

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
