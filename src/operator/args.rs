//! Parameter shapes shared by the tile-grid operators: rectangles and points written as
//! expressions, optional `when` conditions and flag layers (the tile header that combines them
//! is [`super::header`]). Not an operator.
//!
//! Coordinates are cells `(x, y)`, x to the right, y down, 0-based.

use crate::engine::grid::{self, Grid};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// A rectangle of cells, the one way a rule file says an area or a rectangle. Either
/// `(x: "expr", y: "expr", w: "expr", h: "expr")` (top-left `(x, y)`, `w × h` cells, four
/// number expressions) or one area expression as a string: `"room(r)"`,
/// `"inset(room(r), 1)"`, `"rect(x, y, w, h)"`, `"grid()"`. Expressions are evaluated when
/// the step runs.
#[derive(Debug, Clone)]
pub enum RectDef {
    /// `(x: .., y: .., w: .., h: ..)`.
    Fields {
        /// Left column.
        x: Src,
        /// Top row.
        y: Src,
        /// Width in cells.
        w: Src,
        /// Height in cells.
        h: Src,
    },
    /// An area expression (`"room(r)"`, ...).
    Expr(Src),
}

impl<'de> Deserialize<'de> for RectDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{self, MapAccess, Visitor};
        struct V;
        const FIELDS: &[&str] = &["x", "y", "w", "h"];
        impl<'de> Visitor<'de> for V {
            type Value = RectDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a rectangle `(x: \"..\", y: \"..\", w: \"..\", h: \"..\")` or an area \
                     expression such as \"room(r)\"",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RectDef, E> {
                Src::deserialize(de::value::StrDeserializer::<E>::new(v)).map(RectDef::Expr)
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<RectDef, E> {
                self.visit_str(&v)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RectDef, A::Error> {
                let mut f: [Option<Src>; 4] = [None, None, None, None];
                while let Some(Field(i)) = m.next_key::<Field>()? {
                    if f[i].is_some() {
                        return Err(de::Error::duplicate_field(FIELDS[i]));
                    }
                    f[i] = Some(m.next_value()?);
                }
                let [x, y, w, h] = f;
                let need = |v: Option<Src>, n| v.ok_or_else(|| de::Error::missing_field(n));
                Ok(RectDef::Fields {
                    x: need(x, "x")?,
                    y: need(y, "y")?,
                    w: need(w, "w")?,
                    h: need(h, "h")?,
                })
            }
        }
        /// A field name, read as an identifier (RON writes `x:`, not `"x":`).
        struct Field(usize);
        impl<'de> Deserialize<'de> for Field {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct FV;
                impl Visitor<'_> for FV {
                    type Value = Field;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("`x`, `y`, `w` or `h`")
                    }
                    fn visit_str<E: de::Error>(self, k: &str) -> Result<Field, E> {
                        match FIELDS.iter().position(|n| *n == k) {
                            Some(i) => Ok(Field(i)),
                            None => Err(de::Error::unknown_field(k, FIELDS)),
                        }
                    }
                }
                d.deserialize_identifier(FV)
            }
        }
        d.deserialize_any(V)
    }
}

/// A compiled [`RectDef`].
#[derive(Debug, Clone)]
pub enum Rect {
    /// Four number expressions: left column, top row, width, height (boxed: most areas
    /// are one expression or constant, and a compiled operator holds its area inline).
    Fields(Box<[Program; 4]>),
    /// An area expression.
    Expr(Program),
    /// Four constant fields, evaluated once when compiled (a rectangle such as
    /// `(x: "0", y: "0", w: "20", h: "20")`, stamped on every attempt of a retry loop).
    Const(grid::Rect),
}

impl RectDef {
    /// Compile the expressions.
    pub fn compile(&self, cx: &mut Cx) -> Option<Rect> {
        match self {
            RectDef::Fields { x, y, w, h } => {
                let x = cx.expr(x, Type::Num);
                let y = cx.expr(y, Type::Num);
                let w = cx.expr(w, Type::Num);
                let h = cx.expr(h, Type::Num);
                let (x, y, w, h) = (x?, y?, w?, h?);
                Some(match [&x, &y, &w, &h].map(constant_num) {
                    // the conversion `eval` makes, made once
                    [Some(x), Some(y), Some(w), Some(h)] => {
                        Rect::Const(grid::Rect::new(x as i32, y as i32, w as i32, h as i32))
                    }
                    _ => Rect::Fields(Box::new([x, y, w, h])),
                })
            }
            RectDef::Expr(e) => cx.expr(e, Type::Area).map(Rect::Expr),
        }
    }

    /// The first located string of the rectangle (where messages about it point).
    pub fn anchor(&self) -> &Src {
        match self {
            RectDef::Fields { x, .. } => x,
            RectDef::Expr(e) => e,
        }
    }
}

impl Rect {
    /// The rectangle now (numbers truncated toward zero; `x`, `y`, `w`, `h` evaluated in
    /// that order).
    #[inline]
    pub fn eval(&self, st: &mut State) -> grid::Rect {
        match self {
            Rect::Fields(f) => {
                let [x, y, w, h] = &**f;
                let x = x.num(st) as i32;
                let y = y.num(st) as i32;
                let w = w.num(st) as i32;
                let h = h.num(st) as i32;
                grid::Rect::new(x, y, w, h)
            }
            Rect::Expr(e) => {
                let [x, y, w, h] = e.eval(st).as_area().unwrap_or([0; 4]);
                grid::Rect::new(x, y, w, h)
            }
            Rect::Const(r) => *r,
        }
    }

    /// The rectangle now, clipped to the grid (possibly empty).
    #[inline]
    pub fn clipped(&self, st: &mut State) -> grid::Rect {
        self.eval(st).clip(st.width, st.height)
    }
}

/// The number a program always gives: one push of a number (constants are folded when
/// expressions compile, so `"20"` and `"4 * 5"` both are one).
fn constant_num(p: &Program) -> Option<f64> {
    match *p.code {
        [crate::lang::compile::Op::Push(Value::Num(n))] => Some(n),
        _ => None,
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

/// A compiled [`PointDef`]: the two expressions that give a cell when evaluated (the cell
/// itself is an [`engine::point::Point`](crate::engine::point::Point)).
#[derive(Debug, Clone)]
pub struct PointExpr {
    x: Program,
    y: Program,
}

impl PointDef {
    /// Compile the two expressions.
    pub fn compile(&self, cx: &mut Cx) -> Option<PointExpr> {
        let x = cx.expr(&self.x, Type::Num);
        let y = cx.expr(&self.y, Type::Num);
        Some(PointExpr { x: x?, y: y? })
    }
}

impl PointExpr {
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

/// A number expression whose value must be a whole number in `lo..=hi` when the step runs
/// (a tile value, a step count): any other value — 70000 or -1 for a tile, 2.7 — ends the
/// run with an error naming the step, the field and the allowed range, never a value
/// silently clamped or rounded.
#[derive(Debug, Clone)]
pub struct Whole {
    prog: Program,
    lo: f64,
    hi: f64,
    fault: u32,
}

impl Whole {
    /// Compile `s`, the field `field` of step `step` (for the message), allowing `lo..=hi`.
    pub fn compile(
        cx: &mut Cx,
        s: &Src,
        step: &str,
        field: &str,
        (lo, hi): (i64, i64),
    ) -> Option<Whole> {
        let prog = cx.expr(s, Type::Num)?;
        let fault = cx.failure_point(
            format!(
                "{step} `{field}: \"{}\"` is not a whole number {lo}..={hi}",
                s.text
            ),
            s,
        );
        Some(Whole {
            prog,
            lo: lo as f64,
            hi: hi as f64,
            fault,
        })
    }

    /// The value, or the failure point to end the run with ([`Flow::Abort`](crate::engine::Flow::Abort)).
    #[inline]
    pub fn get(&self, st: &mut State) -> Result<i64, u32> {
        let v = self.prog.num(st);
        if v.fract() == 0.0 && v >= self.lo && v <= self.hi {
            Ok(v as i64)
        } else {
            Err(self.fault)
        }
    }
}

/// A tile value: a [`Whole`] number 0..=65535.
pub const TILE_VALUES: (i64, i64) = (0, u16::MAX as i64);

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

/// Whether any of the layers `flags` is non-zero at `(x, y)`, which must be in the grid.
#[inline]
pub fn flagged(st: &State, flags: &[u16], x: i32, y: i32) -> bool {
    flags.iter().any(|&l| st.grid(l).at(x, y) != 0)
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

pub use super::knobs::{Count, Count0, Int, NonNeg, Real, I32};

/// How cells past the grid's edge are read by operators that look at neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum Edges {
    /// Cells outside the grid do not exist: tests on them fail, writes are skipped.
    #[default]
    Outside,
    /// The grid is read as one column-major array (index `x · height + y`), as an original
    /// that indexes `map[x][y]` without bounds checks does: `(x, height)` is `(x + 1, 0)`,
    /// `(x, −1)` is `(x − 1, height − 1)`; indices before or past the array read as 0 and
    /// are not written.
    ColumnMajor,
}

impl Edges {
    /// The cell that `(x, y)` addresses on `g`, if any (see [`Grid::column_major`]).
    #[inline]
    pub fn cell(self, g: &Grid, x: i32, y: i32) -> Option<(i32, i32)> {
        match self {
            Edges::Outside => g.in_bounds(x, y).then_some((x, y)),
            Edges::ColumnMajor => g.column_major(x, y),
        }
    }

    /// The tile that `(x, y)` reads on `g`: `None` outside the grid with `Outside`, 0 before
    /// or past the array with `ColumnMajor`.
    #[inline]
    pub fn read(self, g: &Grid, x: i32, y: i32) -> Option<u16> {
        match self {
            Edges::Outside => g.get(x, y),
            Edges::ColumnMajor => Some(g.column_major(x, y).map_or(0, |(cx, cy)| g.at(cx, cy))),
        }
    }
}

/// Four tile ids from a list (corners: top-left, top-right, bottom-left, bottom-right);
/// reports an error at `at` for another length.
pub fn four(cx: &mut Cx, at: &Src, v: &[Tile], what: &str) -> Option<[u16; 4]> {
    if v.len() != 4 {
        cx.error(
            at,
            format!(
                "`{what}` lists 4 tiles (top-left, top-right, bottom-left, bottom-right), not {}",
                v.len()
            ),
            None,
        );
        return None;
    }
    Some([v[0].0, v[1].0, v[2].0, v[3].0])
}

#[cfg(test)]
mod tests;
