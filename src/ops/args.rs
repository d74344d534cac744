//! Parameter shapes shared by the tile-grid operators: rectangles and points written as
//! expressions, optional `when` conditions, flag layers. Not an operator.
//!
//! Coordinates are cells `(x, y)`, x to the right, y down, 0-based.

use crate::engine::state::State;
use crate::engine::value::Type;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// `(x: "expr", y: "expr", w: "expr", h: "expr")`: a rectangle in cells, top-left `(x, y)`,
/// `w × h` cells. Expressions are evaluated when the step runs.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RectDef {
    /// Left column.
    pub x: Src,
    /// Top row.
    pub y: Src,
    /// Width in cells.
    pub w: Src,
    /// Height in cells.
    pub h: Src,
}

/// A compiled [`RectDef`].
#[derive(Debug)]
pub struct Rect {
    x: Program,
    y: Program,
    w: Program,
    h: Program,
}

impl RectDef {
    /// Compile the four expressions.
    pub fn compile(&self, cx: &mut Cx) -> Option<Rect> {
        let x = cx.expr(&self.x, Type::Num);
        let y = cx.expr(&self.y, Type::Num);
        let w = cx.expr(&self.w, Type::Num);
        let h = cx.expr(&self.h, Type::Num);
        Some(Rect {
            x: x?,
            y: y?,
            w: w?,
            h: h?,
        })
    }
}

impl Rect {
    /// `(x, y, w, h)` now (numbers truncated toward zero).
    #[inline]
    pub fn eval(&self, st: &mut State) -> (i32, i32, i32, i32) {
        (
            self.x.num(st) as i32,
            self.y.num(st) as i32,
            self.w.num(st) as i32,
            self.h.num(st) as i32,
        )
    }

    /// The rectangle clipped to the grid, as `(x0, y0, x1, y1)` with exclusive ends.
    #[inline]
    pub fn clipped(&self, st: &mut State) -> (i32, i32, i32, i32) {
        let (x, y, w, h) = self.eval(st);
        (
            x.max(0),
            y.max(0),
            (x.saturating_add(w)).min(st.width),
            (y.saturating_add(h)).min(st.height),
        )
    }
}

/// `(x: "expr", y: "expr")`: a cell.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointDef {
    /// Column of the cell (expression, in cells, truncated toward zero).
    pub x: Src,
    /// Row of the cell (expression, in cells, truncated toward zero).
    pub y: Src,
}

/// A compiled [`PointDef`].
#[derive(Debug)]
pub struct Point {
    x: Program,
    y: Program,
}

impl PointDef {
    /// Compile the two expressions.
    pub fn compile(&self, cx: &mut Cx) -> Option<Point> {
        let x = cx.expr(&self.x, Type::Num);
        let y = cx.expr(&self.y, Type::Num);
        Some(Point { x: x?, y: y? })
    }
}

impl Point {
    /// The cell `(x, y)`, truncated toward zero.
    #[inline]
    pub fn eval(&self, st: &mut State) -> (i32, i32) {
        (self.x.num(st) as i32, self.y.num(st) as i32)
    }
}

/// Compile an optional `when` condition (absent = always).
pub fn when(cx: &mut Cx, w: &Option<Src>) -> Option<Option<Program>> {
    match w {
        None => Some(None),
        Some(s) => cx.expr(s, Type::Bool).map(Some),
    }
}

/// Evaluate an optional condition.
#[inline]
pub fn holds(w: &Option<Program>, st: &mut State) -> bool {
    match w {
        None => true,
        Some(p) => p.truth(st),
    }
}

/// Layers whose non-zero cells block an operator (protected, chamber, ...).
pub fn flag_layers(cx: &mut Cx, names: &[Src]) -> Vec<u16> {
    names.iter().map(|n| cx.layer(n)).collect()
}

/// Whether any of `flags` is set at index `i`.
#[inline]
pub fn flagged(st: &State, flags: &[u16], i: usize) -> bool {
    flags.iter().any(|&l| st.layers[l as usize][i] != 0)
}

/// A tile id written in RON: 0..=65535 (checked by serde, with ron's position).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(try_from = "i64")]
pub struct Tile(pub u16);

impl TryFrom<i64> for Tile {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        u16::try_from(v)
            .map(Tile)
            .map_err(|_| format!("a tile id is 0..=65535, found {v}"))
    }
}

/// A positive count or bound written in RON: 1..=1,000,000.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(try_from = "i64")]
pub struct Count(pub i64);

impl TryFrom<i64> for Count {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        if (1..=1_000_000).contains(&v) {
            Ok(Count(v))
        } else {
            Err(format!("expected 1..=1000000, found {v}"))
        }
    }
}
