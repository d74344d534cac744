//! Random walk (the "drunkard's walk" cave technique): walkers start at a point and take
//! `steps` steps of one tile each, painting a `brush × brush` square (top-left at the walker)
//! at every position. Before each step a walker turns with probability `turn` to one of the
//! four directions (uniformly, possibly the same). Walkers stay inside the area: a step that
//! would leave it is not taken (the walker turns instead on a later step).
//!
//! **Several walkers** (`walkers`) start at the same point and move in turn, one step each,
//! `steps` rounds. **Continuing**: with `positions` (cell variables, one per walker), walker
//! `i` starts where `positions[i]` says when it holds a cell and leaves its last tile there,
//! so a later `RandomWalk` (or the same one in a loop) carries on where it stopped.
//! **Stopping on a share**: with `share`, the walk stops as soon as that share of the area's
//! tiles holds `value` (checked after the start tiles are painted and after every round);
//! when the step budget runs out first the step fails ("floor share not reached"), which
//! restarts the enclosing `Retry` or, outside one, ends the run with that message — an
//! unreachable share costs a bounded number of steps, never a hang. **Bias**: with `toward` (a
//! cell), before its turn roll a walker steps towards that tile with probability `bias`
//! (along the axis where it is farther, x on ties; no move once there).
//!
//! Draws: per walker in order, `rnd(4)` for its first direction; per step, `chance(bias)`
//! when `toward` is given, then (unless it moved towards the target) `chance(turn)` and
//! `rnd(4)` when it turns. Directions are indexed E, W, S, N. Every field is an expression
//! evaluated once when the step runs; the start point then too (default: the centre of the
//! area). Errors: an area wholly outside the tile grid; the share not reached.

use crate::engine::dir::Dir;
use crate::engine::grid::Rect;
use crate::engine::regions::brush;
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{PointDef, PointExpr, Whole, TILE_VALUES};
use crate::operator::header::TileHeader;
use crate::operator::knobs::bounded::Prob;
use crate::operator::knobs::{Int, Knobs, Real};
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::{RandomSource, Rng};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// The most steps one walk takes.
pub const MAX_STEPS: i64 = 10_000_000;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `RandomWalk(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The value painted, an expression: a whole number 0..=65535.
        pub value: Src,
        /// Number of steps of each walker, an expression: a whole number 0..=10,000,000
        /// ([`MAX_STEPS`]; any other value is an error of the step).
        pub steps: Src,
        /// Probability of turning before a step. Default 0.2.
        #[serde(default)]
        pub turn: Option<Prob>,
        /// Brush side in tiles. Default 1.
        #[serde(default)]
        pub brush: Option<Int<1, 64>>,
        /// The start tile. Default: the centre of the area.
        #[serde(default)]
        pub start: Option<PointDef>,
        /// Number of walkers. Default 1 (or the number of `positions`, when given).
        #[serde(default)]
        pub walkers: Option<Int<1, 1024>>,
        /// Cell variables keeping the walkers' tiles between steps: walker `i` starts at
        /// `positions[i]` when it holds a cell and leaves its last tile there. Default none.
        #[serde(default)]
        pub positions: Vec<Src>,
        /// Stop once this share of the area's tiles holds `value`; the step fails when the
        /// steps run out first. Default: no share, all the steps.
        #[serde(default)]
        pub share: Option<Prob>,
        /// A tile (a cell expression) the walkers lean towards. Default none.
        #[serde(default)]
        pub toward: Option<Src>,
        /// Probability of a step towards `toward`. Default 0.5.
        #[serde(default)]
        pub bias: Option<Prob>,
    }
}

/// Compiled `RandomWalk`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    value: Whole,
    steps: Whole,
    turn: f64,
    brush: i32,
    start: Option<PointExpr>,
    /// `None`: as many as `positions` (at least 1)
    walkers: Option<usize>,
    positions: Vec<u16>,
    /// The share and its failure point.
    share: Option<(f64, u32)>,
    toward: Option<Program>,
    bias: f64,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// Compile an optional expression of type `ty`: `Some(None)` when absent, `None` after an
/// error.
fn optional(cx: &mut Cx, s: &Option<Src>, ty: Type) -> Option<Option<Program>> {
    match s {
        None => Some(None),
        Some(s) => cx.expr(s, ty).map(Some),
    }
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let value = Whole::compile(cx, &self.value, "RandomWalk", "value", TILE_VALUES);
        let steps = Whole::compile(cx, &self.steps, "RandomWalk", "steps", (0, MAX_STEPS));
        let mut k: Knobs<Compiled> = Knobs::default();
        let turn = (self.turn.as_ref()).map_or(0.2, |p| p.get(cx, &mut k, |c, v| c.turn = v));
        let brush = (self.brush.as_ref())
            .map_or(1, |b| b.get(cx, &mut k, |c, v| c.brush = v as i32) as i32);
        let start = self.start.as_ref().map(|p| p.compile(cx));
        let walkers = (self.walkers.as_ref())
            .map(|n| n.get(cx, &mut k, |c, v| c.walkers = Some(v as usize)) as usize);
        let positions: Vec<_> = self
            .positions
            .iter()
            .map(|p| cx.declare_var(p, Type::Cell))
            .collect();
        let share = self.share.as_ref().map(|s| {
            let (text, at) = match &s.0 {
                Real::Lit(v) => (v.to_string(), &self.layer),
                Real::Expr(e) => (e.text.clone(), e),
            };
            let what = format!(
                "RandomWalk: floor share `{text}` not reached in `{}` steps",
                self.steps
            );
            let fail = cx.failure_point(what, at);
            let set = |c: &mut Compiled, v| {
                if let Some(s) = &mut c.share {
                    s.0 = v
                }
            };
            (s.get(cx, &mut k, set), fail)
        });
        let toward = optional(cx, &self.toward, Type::Cell);
        let bias = (self.bias.as_ref()).map_or(0.5, |p| p.get(cx, &mut k, |c, v| c.bias = v));
        Some(Compiled {
            head: head?,
            value: value?,
            steps: steps?,
            turn,
            brush,
            start: start.map_or(Some(None), |p| p.map(Some))?,
            walkers,
            positions: positions.into_iter().collect::<Option<_>>()?,
            share,
            toward: toward?,
            bias,
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        Writes::Only {
            layers: std::slice::from_ref(&self.head.layer),
            vars: &self.positions,
        }
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        self.head.guarded(st, |st, r| {
            if r.is_empty() {
                return Flow::Continue;
            }
            self.paint(st, r)
        })
    }
}

/// A walker: its tile and its direction.
#[derive(Debug, Clone, Copy)]
struct Walker {
    x: i32,
    y: i32,
    dir: Dir,
}

/// What the walkers do, evaluated when the step runs.
struct Walk {
    value: u16,
    turn: f64,
    size: i32,
    /// Tiles holding `value` wanted, with the failure point, when a share is given.
    want: Option<(i64, u32)>,
    /// The target and the chance of a step towards it.
    toward: Option<((i32, i32), f64)>,
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let (value, steps) = match (self.value.get(st), self.steps.get(st)) {
            (Ok(v), Ok(s)) => (v as u16, s as u64),
            (Err(fault), _) | (_, Err(fault)) => return Flow::Abort(fault),
        };
        let (turn, size) = (self.turn, self.brush);
        let start = match &self.start {
            Some(p) => p.eval(st),
            None => (r.x + r.w / 2, r.y + r.h / 2),
        };
        let count = self.walkers.unwrap_or(self.positions.len().max(1));
        let want = (self.share)
            .map(|(share, fail)| ((share * r.area() as f64).ceil().min(1e18) as i64, fail));
        let toward = self.toward.as_ref().and_then(|p| match p.eval(st) {
            Value::Cell(x, y) => Some((x, y)),
            _ => None,
        });
        let bias = self.bias;
        let walk = Walk {
            value,
            turn,
            size,
            want,
            toward: toward.map(|t| (t, bias)),
        };
        let mut walkers = Vec::with_capacity(count);
        for i in 0..count {
            let (x, y) = match self.positions.get(i).map(|&s| st.vars[s as usize]) {
                Some(Value::Cell(x, y)) => (x, y),
                _ => start,
            };
            let (x, y) = (x.clamp(r.x, r.x1() - 1), y.clamp(r.y, r.y1() - 1));
            let dir = Dir::ALL4[st.rng.below(4) as usize];
            walkers.push(Walker { x, y, dir });
            self.brush(st, r, &walk, x, y);
        }
        let flow = self.walk(st, r, &walk, &mut walkers, steps);
        for (w, &slot) in walkers.iter().zip(&self.positions) {
            st.vars[slot as usize] = Value::Cell(w.x, w.y);
        }
        flow
    }

    /// Paint the brush at `(x, y)`; the tiles that came to hold the value (unprotected).
    #[inline]
    fn brush(&self, st: &mut State, r: Rect, walk: &Walk, x: i32, y: i32) -> i64 {
        if walk.want.is_none() {
            brush(
                &mut st.grid_mut(self.head.layer),
                r,
                x,
                y,
                walk.size,
                walk.value,
            );
            return 0;
        }
        let b = Rect::new(x, y, walk.size, walk.size).intersect(&r);
        let mut new = 0;
        for (bx, by) in b.cells() {
            if st.grid(self.head.layer).at(bx, by) != walk.value && !self.head.flagged(st, bx, by) {
                st.grid_mut(self.head.layer).set(bx, by, walk.value);
                new += 1;
            }
        }
        new
    }

    /// `steps` rounds of one step per walker, or until the share is reached.
    fn walk(&self, st: &mut State, r: Rect, walk: &Walk, ws: &mut [Walker], steps: u64) -> Flow {
        let Some((want, fail)) = walk.want else {
            // All the steps, nothing counted: the grid and the stream borrowed apart, for
            // a chunk of rounds between two spendings of the time budget.
            let mut left = steps;
            while left > 0 {
                let n = left.min(ROUNDS_PER_CHECK);
                left -= n;
                if st.budget.spend(n * round_work(walk, ws)) {
                    break;
                }
                let (mut g, rng) = st.grid_mut_and_rng(self.head.layer);
                for _ in 0..n {
                    for wk in ws.iter_mut() {
                        if turn(wk, walk, rng) && step(wk, r) {
                            match walk.size {
                                1 => g.set(wk.x, wk.y, walk.value),
                                s => brush(&mut g, r, wk.x, wk.y, s, walk.value),
                            }
                        }
                    }
                }
            }
            return Flow::Continue;
        };
        let mut have = st.grid(self.head.layer).count_eq(r, walk.value) as i64;
        for round in 0..=steps {
            if have >= want {
                return Flow::Continue;
            }
            if round == steps || st.budget.spend(round_work(walk, ws)) {
                break;
            }
            for wk in ws.iter_mut() {
                if turn(wk, walk, &mut st.rng) && step(wk, r) {
                    have += self.brush(st, r, walk, wk.x, wk.y);
                }
            }
        }
        Flow::Fail(fail)
    }
}

/// Rounds of walking between two spendings of the run's time budget.
const ROUNDS_PER_CHECK: u64 = 1024;

/// The time-budget work of one round: a brush per walker.
#[inline]
fn round_work(walk: &Walk, ws: &[Walker]) -> u64 {
    ws.len() as u64 * (walk.size * walk.size) as u64
}

/// Draw the walker's direction for its next step (towards the target with the bias, else a
/// turn with the turn chance); false when it stays (at its target).
#[inline]
fn turn(w: &mut Walker, walk: &Walk, rng: &mut Rng) -> bool {
    if let Some(((tx, ty), bias)) = walk.toward {
        if rng.chance(bias) {
            let (dx, dy) = (tx - w.x, ty - w.y);
            let d = if dx.abs() >= dy.abs() {
                (dx.signum(), 0)
            } else {
                (0, dy.signum())
            };
            return match Dir::of_delta(d.0, d.1) {
                Some(dir) => {
                    w.dir = dir;
                    true
                }
                None => false,
            };
        }
    }
    if rng.chance(walk.turn) {
        w.dir = Dir::ALL4[rng.below(4) as usize];
    }
    true
}

/// Take the step in the walker's direction when it stays in the area; whether it moved.
#[inline]
fn step(w: &mut Walker, r: Rect) -> bool {
    let (dx, dy) = (w.dir.dx(), w.dir.dy());
    let moved = r.contains(w.x + dx, w.y + dy);
    if moved {
        w.x += dx;
        w.y += dy;
    }
    moved
}

#[cfg(test)]
mod tests;
