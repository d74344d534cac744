//! Number fields that take an expression: [`Int`] (an integer in a range) and [`Real`] (any
//! number), written in a rule file either as a literal (`iterations: 4`, `decay: 0.5`) or as
//! an expression string evaluated when the step runs (`iterations: "passes"`,
//! `percent: "10 + depth * 5"`). Not an operator.
//!
//! A step compiles its literal fields into its compiled form as before, so a rule set written
//! with literals runs exactly as it did. Each field written as an expression becomes a
//! [`Knob`]: the operator's compiled form is cloned when the step runs, the expressions are
//! evaluated in the order the fields were compiled, and their values are written into the
//! clone ([`Knobs::resolve`]), which then runs. An expression value of an [`Int`] must be a
//! whole number (never rounded); a value outside the field's range (or a fraction, for an
//! [`Int`]) ends the run, before the step, with a located error (the failure point of the
//! expression). [`bounded::Prob`] and [`bounded::Weight`] are numbers in a range (0..=1, 0 or
//! more).
//!
//! Errors at load: a literal outside the range (ron's position, as any malformed number), an
//! expression that does not parse or is not a number (located in the string).

use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

pub mod bounded;

/// An integer field, `LO..=HI`: a literal (checked when the file is read) or an expression
/// string (checked when the step runs).
#[derive(Debug, Clone)]
pub enum Int<const LO: i64, const HI: i64> {
    /// A literal.
    Lit(i64),
    /// An expression, evaluated when the step runs.
    Expr(Src),
}

/// A count or bound, `1..=1,000,000`.
pub type Count = Int<1, 1_000_000>;
/// Any whole number a cell coordinate, offset or score holds.
pub type I32 = Int<{ i32::MIN as i64 }, { i32::MAX as i64 }>;
/// A whole number 0 or more that a cell coordinate or size holds.
pub type NonNeg = Int<0, { i32::MAX as i64 }>;
/// A count that may be 0.
pub type Count0 = Int<0, 1_000_000>;

/// A number field (probability, weight, ratio): a literal or an expression string.
#[derive(Debug, Clone)]
pub enum Real {
    /// A literal.
    Lit(f64),
    /// An expression, evaluated when the step runs.
    Expr(Src),
}

impl<const LO: i64, const HI: i64> Int<LO, HI> {
    /// The value when written as a literal.
    pub fn literal(&self) -> Option<i64> {
        match self {
            Int::Lit(v) => Some(*v),
            Int::Expr(_) => None,
        }
    }

    /// The value to compile into `C`: the literal, or (for an expression) `LO` now and the
    /// expression's value written by `set` each time the step runs.
    pub fn get<C>(&self, cx: &mut Cx, k: &mut Knobs<C>, set: fn(&mut C, f64)) -> i64 {
        match self {
            Int::Lit(v) => *v,
            Int::Expr(s) => {
                k.add(cx, s, (LO as f64, HI as f64), true, set);
                LO.max(0).min(HI)
            }
        }
    }
}

/// 0, or the bound of the range nearest to it (`#[serde(default)]`).
impl<const LO: i64, const HI: i64> Default for Int<LO, HI> {
    fn default() -> Self {
        Int::Lit(0.clamp(LO, HI))
    }
}

/// 0 (`#[serde(default)]`).
impl Default for Real {
    fn default() -> Self {
        Real::Lit(0.0)
    }
}

/// The literal, or the expression's text.
impl<const LO: i64, const HI: i64> std::fmt::Display for Int<LO, HI> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Int::Lit(v) => write!(f, "{v}"),
            Int::Expr(s) => write!(f, "`{}`", s.text),
        }
    }
}

impl Real {
    /// The value when written as a literal.
    pub fn literal(&self) -> Option<f64> {
        match self {
            Real::Lit(v) => Some(*v),
            Real::Expr(_) => None,
        }
    }

    /// As [`Int::get`], for any number (not truncated).
    pub fn get<C>(&self, cx: &mut Cx, k: &mut Knobs<C>, set: fn(&mut C, f64)) -> f64 {
        match self {
            Real::Lit(v) => *v,
            Real::Expr(s) => {
                k.add(cx, s, (f64::MIN, f64::MAX), false, set);
                0.0
            }
        }
    }
}

/// A pair of integer fields `(a, b)` (a cell, an inclusive range): the literals now, the
/// expressions through `k` (`set[0]` for `a`, `set[1]` for `b`).
pub fn pair<C>(
    p: &(I32, I32),
    cx: &mut Cx,
    k: &mut Knobs<C>,
    set: [fn(&mut C, f64); 2],
) -> (i32, i32) {
    (p.0.get(cx, k, set[0]) as i32, p.1.get(cx, k, set[1]) as i32)
}

/// Whether both halves of a pair are literals (checked when the step compiles).
pub fn pair_literal(p: &(I32, I32)) -> bool {
    p.0.literal().is_some() && p.1.literal().is_some()
}

/// A condition between the fields of a compiled step `C` ([`Knobs::require`]).
pub type Check<C> = fn(&C, &State) -> bool;

/// One field written as an expression.
#[derive(Debug, Clone)]
pub struct Knob<C> {
    prog: Program,
    range: (f64, f64),
    whole: bool,
    fault: u32,
    set: fn(&mut C, f64),
}

/// The fields of a compiled step `C` written as expressions (none for a step written with
/// literals only).
#[derive(Debug, Clone)]
pub struct Knobs<C> {
    list: Vec<Knob<C>>,
    checks: Vec<(Check<C>, u32)>,
    broken: bool,
}

impl<C> Default for Knobs<C> {
    fn default() -> Self {
        Knobs {
            list: Vec::new(),
            checks: Vec::new(),
            broken: false,
        }
    }
}

impl<C> Knobs<C> {
    fn add(&mut self, cx: &mut Cx, s: &Src, range: (f64, f64), whole: bool, set: fn(&mut C, f64)) {
        let Some(prog) = cx.expr(s, Type::Num) else {
            self.broken = true;
            return;
        };
        let what = match (whole, range) {
            (true, (lo, hi)) => format!(
                "`{}` gave a value that is not a whole number {}..={}",
                s.text, lo as i64, hi as i64
            ),
            (false, (f64::MIN, f64::MAX)) => {
                format!("`{}` gave a value that is not a number", s.text)
            }
            (false, (lo, f64::MAX)) => {
                format!(
                    "`{}` gave a value that is not a number {lo} or more",
                    s.text
                )
            }
            (false, (lo, hi)) => {
                format!("`{}` gave a value that is not a number {lo}..={hi}", s.text)
            }
        };
        let fault = cx.failure_point(what, s);
        self.list.push(Knob {
            prog,
            range,
            whole,
            fault,
            set,
        });
    }

    /// The knobs, or `None` when an expression did not compile (already reported).
    pub fn done(self) -> Option<Self> {
        (!self.broken).then_some(self)
    }

    /// Whether every field was a literal.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl<C: HasKnobs> Knobs<C> {
    /// A condition between fields that the values written as expressions must meet when
    /// the step runs (literal values are checked when the step compiles): `what` is the
    /// message, at `at`. Nothing when every field is a literal.
    pub fn require(&mut self, cx: &mut Cx, at: &Src, what: String, test: Check<C>) {
        if !self.list.is_empty() {
            let fault = cx.failure_point(what, at);
            self.checks.push((test, fault));
        }
    }

    /// `None` when every field was a literal (run `op` as it is); otherwise a copy of `op`
    /// with every expression field's value written in, in compile order, to run instead, or
    /// [`Flow::Abort`] at the expression whose value is outside its field's range (or at a
    /// [`Knobs::require`] condition that fails): the run ends with that located error.
    pub fn resolve(&self, op: &C, st: &mut State) -> Option<Result<C, Flow>> {
        if self.list.is_empty() {
            return None;
        }
        let mut c = op.clone();
        *c.knobs_mut() = Knobs::default();
        for k in &self.list {
            let v = k.prog.num(st);
            if !(v >= k.range.0 && v <= k.range.1) || (k.whole && v.fract() != 0.0) {
                return Some(Err(Flow::Abort(k.fault)));
            }
            (k.set)(&mut c, v);
        }
        for (test, fault) in &self.checks {
            if !test(&c, st) {
                return Some(Err(Flow::Abort(*fault)));
            }
        }
        Some(Ok(c))
    }
}

/// At the top of `Runnable::run`: when fields of the step are written as expressions, run
/// the copy with their values instead (see [`Knobs::resolve`]).
#[macro_export]
macro_rules! resolve_knobs {
    ($self:ident, $st:ident) => {
        match $self.knobs.resolve($self, $st) {
            Some(Ok(op)) => return op.run($st),
            Some(Err(flow)) => return flow,
            None => {}
        }
    };
}

/// A compiled step that holds [`Knobs`].
pub trait HasKnobs: Clone {
    /// Its knobs (cleared in the copy that runs).
    fn knobs_mut(&mut self) -> &mut Knobs<Self>;
}

/// `impl HasKnobs for Compiled` over its `knobs` field.
#[macro_export]
macro_rules! has_knobs {
    ($t:ty) => {
        impl $crate::operator::knobs::HasKnobs for $t {
            fn knobs_mut(&mut self) -> &mut $crate::operator::knobs::Knobs<Self> {
                &mut self.knobs
            }
        }
    };
}

fn expr_src<E: de::Error>(v: &str) -> Result<Src, E> {
    Src::deserialize(de::value::StrDeserializer::<E>::new(v))
}

impl<'de, const LO: i64, const HI: i64> Deserialize<'de> for Int<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<const LO: i64, const HI: i64>;
        impl<const LO: i64, const HI: i64> Visitor<'_> for V<LO, HI> {
            type Value = Int<LO, HI>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "an integer {LO}..={HI} or an expression string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                if (LO..=HI).contains(&v) {
                    Ok(Int::Lit(v))
                } else {
                    Err(E::custom(format!("expected {LO}..={HI}, found {v}")))
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                match i64::try_from(v) {
                    Ok(v) => self.visit_i64(v),
                    Err(_) => Err(E::custom(format!("expected {LO}..={HI}, found {v}"))),
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                expr_src(v).map(Int::Expr)
            }
        }
        d.deserialize_any(V::<LO, HI>)
    }
}

impl<'de> Deserialize<'de> for Real {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Real;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number or an expression string")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Real, E> {
                Ok(Real::Lit(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Real, E> {
                Ok(Real::Lit(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Real, E> {
                Ok(Real::Lit(v as f64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Real, E> {
                expr_src(v).map(Real::Expr)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests;
