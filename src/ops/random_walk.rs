//! Random walk (the "drunkard's walk" cave technique): a walker starts at a point and takes
//! `steps` steps of one tile, painting a `brush × brush` square (top-left at the walker) at
//! every position. Before each step it turns with probability `turn` to one of the four
//! directions (uniformly, possibly the same). The walker stays inside the area: a step that
//! would leave it is not taken (the walker turns instead on the next step).
//!
//! Draws per step: `chance(turn)`, then `rnd(4)` when it turns. The first direction is
//! `rnd(4)`. Directions are indexed E, W, S, N. `steps`, `turn` and `brush` are expressions
//! evaluated once when the step runs; the start point is evaluated then too (default: the
//! centre of the area). Errors: an area wholly outside the tile grid.

use crate::engine::grid::{Rect, N4};
use crate::engine::regions::brush;
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{Point, PointDef, Whole, TILE_VALUES};
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
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
        /// Number of steps, an expression: a whole number 0..=10,000,000 ([`MAX_STEPS`]; any
        /// other value is an error of the step).
        pub steps: Src,
        /// Probability of turning before a step, an expression (0..1). Default "0.2".
        #[serde(default)]
        pub turn: Option<Src>,
        /// Brush side in tiles, an expression (1..=64). Default "1".
        #[serde(default)]
        pub brush: Option<Src>,
        /// The start tile. Default: the centre of the area.
        #[serde(default)]
        pub start: Option<PointDef>,
    }
}

/// Compiled `RandomWalk`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    value: Whole,
    steps: Whole,
    turn: Option<Program>,
    brush: Option<Program>,
    start: Option<Point>,
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
        let turn = self.turn.as_ref().map(|t| cx.expr(t, Type::Num));
        let brush = self.brush.as_ref().map(|b| cx.expr(b, Type::Num));
        let start = self.start.as_ref().map(|p| p.compile(cx));
        Some(Compiled {
            head: head?,
            value: value?,
            steps: steps?,
            turn: turn.map_or(Some(None), |t| t.map(Some))?,
            brush: brush.map_or(Some(None), |b| b.map(Some))?,
            start: start.map_or(Some(None), |p| p.map(Some))?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, r| {
            if r.is_empty() {
                return Flow::Continue;
            }
            self.paint(st, r)
        })
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let (v, steps) = match (self.value.get(st), self.steps.get(st)) {
            (Ok(v), Ok(s)) => (v as u16, s as u64),
            (Err(fault), _) | (_, Err(fault)) => return Flow::Abort(fault),
        };
        let turn = self
            .turn
            .as_ref()
            .map_or(0.2, |t| t.num(st).clamp(0.0, 1.0));
        let size = self
            .brush
            .as_ref()
            .map_or(1, |b| b.num(st).clamp(1.0, 64.0) as i32);
        let (mut x, mut y) = match &self.start {
            Some(p) => p.eval(st),
            None => (r.x + r.w / 2, r.y + r.h / 2),
        };
        x = x.clamp(r.x, r.x1() - 1);
        y = y.clamp(r.y, r.y1() - 1);
        let mut dir = st.rng.below(4) as usize;
        let layer = self.head.layer;
        brush(&mut st.grid_mut(layer), r, x, y, size, v);
        for _ in 0..steps {
            if st.budget.spend((size * size) as u64) {
                break;
            }
            if st.rng.chance(turn) {
                dir = st.rng.below(4) as usize;
            }
            let (dx, dy) = N4[dir];
            if r.contains(x + dx, y + dy) {
                x += dx;
                y += dy;
                brush(&mut st.grid_mut(layer), r, x, y, size, v);
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    #[test]
    fn a_walk_without_turns_is_a_straight_line_to_the_edge() {
        // No turns: one direction, drawn by the first rnd(4) of seed 1, to the area's edge.
        let g = run_rules(
            5,
            5,
            r#"RandomWalk(layer: "t", value: "1", steps: "10", turn: "0", start: (x: "2", y: "2"), area: "rect(1, 1, 3, 3)")"#,
            "t",
        );
        let lines = [
            grid("0 0 0 0 0\n0 0 0 0 0\n0 0 1 1 0\n0 0 0 0 0\n0 0 0 0 0"),
            grid("0 0 0 0 0\n0 0 0 0 0\n0 1 1 0 0\n0 0 0 0 0\n0 0 0 0 0"),
            grid("0 0 0 0 0\n0 0 0 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 0 0 0"),
            grid("0 0 0 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 0 0 0\n0 0 0 0 0"),
        ];
        assert!(lines.contains(&g), "{g:?}");
    }

    #[test]
    fn a_long_walk_stays_inside_its_area() {
        let g = run_rules(
            6,
            6,
            r#"RandomWalk(layer: "t", value: "1", steps: "500", turn: "0.5", brush: "2", area: "rect(1, 1, 4, 4)")"#,
            "t",
        );
        for (y, row) in g.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                let inside = (1..5).contains(&x) && (1..5).contains(&y);
                assert!(inside || v == 0, "painted outside at ({x}, {y})");
            }
        }
        assert_eq!(g.iter().flatten().filter(|&&v| v == 1).count(), 16);
    }
}
