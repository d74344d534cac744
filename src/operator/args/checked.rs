//! Number expressions checked against a range, never clamped: [`Whole`] (a whole number
//! `lo..=hi`: a tile value, a count) and [`Share`] (a number `lo..=hi`: a probability, a
//! density). A value out of range is an error naming the step, the field, the text and the
//! range: when the rule set loads for an expression made of literals only (`"70000"`,
//! `"1 / 0.5"`, reported by `check`), otherwise when the step runs (the run ends with the
//! located failure point).

use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// A tile value: a [`Whole`] number 0..=65535.
pub const TILE_VALUES: (i64, i64) = (0, u16::MAX as i64);

/// A probability or a share of tiles: a [`Share`] 0..=1.
pub const SHARES: (f64, f64) = (0.0, 1.0);

/// A number expression compiled with its range, and the failure point of a value outside it.
#[derive(Debug, Clone)]
struct Checked {
    prog: Program,
    lo: f64,
    hi: f64,
    whole: bool,
    fault: u32,
}

impl Checked {
    fn compile(
        cx: &mut Cx,
        s: &Src,
        what: String,
        (lo, hi): (f64, f64),
        whole: bool,
    ) -> Option<Checked> {
        let prog = cx.expr(s, Type::Num)?;
        let ok = |v: f64| v >= lo && v <= hi && (!whole || v.fract() == 0.0);
        if let Some(v) = constant_num(&prog) {
            if !ok(v) {
                cx.error(s, what, None);
                return None;
            }
        }
        let fault = cx.failure_point(what, s);
        Some(Checked {
            prog,
            lo,
            hi,
            whole,
            fault,
        })
    }

    #[inline]
    fn get(&self, st: &mut State) -> Result<f64, u32> {
        let v = self.prog.num(st);
        if v >= self.lo && v <= self.hi && (!self.whole || v.fract() == 0.0) {
            Ok(v)
        } else {
            Err(self.fault)
        }
    }
}

/// A number expression whose value must be a whole number in `lo..=hi` (a tile value, a step
/// count): any other value — 70000 or -1 for a tile, 2.7 — is an error naming the step, the
/// field and the allowed range (at load for literals, else when the step runs), never a value
/// silently clamped or rounded.
#[derive(Debug, Clone)]
pub struct Whole(Checked);

impl Whole {
    /// Compile `s`, the field `field` of step `step` (for the message), allowing `lo..=hi`;
    /// `None` (reported) when `s` does not compile or is a constant out of range.
    pub fn compile(
        cx: &mut Cx,
        s: &Src,
        step: &str,
        field: &str,
        (lo, hi): (i64, i64),
    ) -> Option<Whole> {
        let what = format!(
            "{step} `{field}: \"{}\"` is not a whole number {lo}..={hi}",
            s.text
        );
        Checked::compile(cx, s, what, (lo as f64, hi as f64), true).map(Whole)
    }

    /// The value, or the failure point to end the run with ([`Flow::Abort`](crate::engine::Flow::Abort)).
    #[inline]
    pub fn get(&self, st: &mut State) -> Result<i64, u32> {
        self.0.get(st).map(|v| v as i64)
    }
}

/// A number expression whose value must be in `lo..=hi` (a probability or a density, 0..=1):
/// any other value (or NaN) is an error naming the step, the field and the allowed range (at
/// load for literals, else when the step runs), never a value silently clamped.
#[derive(Debug, Clone)]
pub struct Share(Checked);

impl Share {
    /// Compile `s`, the field `field` of step `step` (for the message), allowing `lo..=hi`;
    /// `None` (reported) when `s` does not compile or is a constant out of range.
    pub fn compile(
        cx: &mut Cx,
        s: &Src,
        step: &str,
        field: &str,
        (lo, hi): (f64, f64),
    ) -> Option<Share> {
        let what = format!(
            "{step} `{field}: \"{}\"` is not a number {lo}..={hi}",
            s.text
        );
        Checked::compile(cx, s, what, (lo, hi), false).map(Share)
    }

    /// The value, or the failure point to end the run with ([`Flow::Abort`](crate::engine::Flow::Abort)).
    #[inline]
    pub fn get(&self, st: &mut State) -> Result<f64, u32> {
        self.0.get(st)
    }
}

/// The number a program always gives: one push of a number, or its negation (constants are
/// folded when expressions compile, so `"20"` and `"4 * 5"` both are one push, `"-1"` and
/// `"-(2 * 3)"` a push and a negation).
pub(crate) fn constant_num(p: &Program) -> Option<f64> {
    use crate::lang::compile::Op;
    match *p.code {
        [Op::Push(Value::Num(n))] => Some(n),
        [Op::Push(Value::Num(n)), Op::Neg] => Some(-n),
        _ => None,
    }
}
