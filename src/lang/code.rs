//! The instruction set of compiled expressions: a stack machine's operations, the names with
//! a built-in meaning, the deepest stack a program may need, and what the numeric
//! operations compute (one definition for both evaluators). [`mod@super::compile`] emits it,
//! [`super::eval`] runs it and [`super::tree`] decompiles it into typed nodes.

use super::funcs::Func;
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::rng::RandomSource;

/// Deepest value stack an expression may need.
pub const MAX_STACK: usize = 32;

/// One instruction of a compiled expression (a stack machine).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    /// Push a constant.
    Push(Value),
    /// Push a variable slot's value.
    Var(u16),
    /// Push a built-in value.
    Builtin(Builtin),
    /// Negate the top.
    Neg,
    /// Logical not of the top.
    Not,
    /// Pop b, a; push a + b.
    Add,
    /// Pop b, a; push a − b.
    Sub,
    /// Pop b, a; push a · b.
    Mul,
    /// Pop b, a; push a / b.
    Div,
    /// Pop b, a; push a mod b.
    Mod,
    /// Pop b, a; push a == b.
    Eq,
    /// Pop b, a; push a != b.
    Ne,
    /// Pop b, a; push a < b.
    Lt,
    /// Pop b, a; push a <= b.
    Le,
    /// Pop b, a; push a > b.
    Gt,
    /// Pop b, a; push a >= b.
    Ge,
    /// If the top is false jump (keeping it), else pop it. (`&&`)
    JumpIfFalseElsePop(u16),
    /// If the top is true jump (keeping it), else pop it. (`||`)
    JumpIfTrueElsePop(u16),
    /// Pop; jump if it was false. (`?:`)
    JumpIfFalse(u16),
    /// Jump to this instruction index.
    Jump(u16),
    /// Call a function on the values on top.
    Call(Func),
}

/// Names with a built-in meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// Number of rooms in the state.
    Rooms,
    /// The grid width.
    Width,
    /// The grid height.
    Height,
}

impl Builtin {
    /// The value of the name in state `st`.
    #[inline(always)]
    pub fn value(self, st: &State) -> f64 {
        match self {
            Builtin::Rooms => st.rooms.len() as f64,
            Builtin::Width => st.plan_width as f64,
            Builtin::Height => st.plan_height as f64,
        }
    }
}

/// An arithmetic operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arith {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b` (a right side of 0 faults).
    Div,
    /// `a % b` (a right side of 0 faults).
    Mod,
}

impl Arith {
    /// The operator of instruction `op` (`None` for other instructions).
    #[inline(always)]
    pub fn of(op: Op) -> Option<Arith> {
        Some(match op {
            Op::Add => Arith::Add,
            Op::Sub => Arith::Sub,
            Op::Mul => Arith::Mul,
            Op::Div => Arith::Div,
            Op::Mod => Arith::Mod,
            _ => return None,
        })
    }

    /// `a op b`. A right side of 0 for `/` or `%` records failure point `fault` in `st`
    /// (reported after the step, see `State::fault`) and divides by 1 meanwhile, which keeps
    /// the value finite.
    #[inline(always)]
    pub fn apply(self, a: f64, mut b: f64, st: &mut State, fault: u32) -> f64 {
        if b == 0.0 && matches!(self, Arith::Div | Arith::Mod) {
            st.fault.get_or_insert(fault);
            b = 1.0;
        }
        match self {
            Arith::Add => a + b,
            Arith::Sub => a - b,
            Arith::Mul => a * b,
            Arith::Div => a / b,
            Arith::Mod => a % b,
        }
    }
}

/// An order comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// `a < b`.
    Lt,
    /// `a <= b`.
    Le,
    /// `a > b`.
    Gt,
    /// `a >= b`.
    Ge,
}

impl Order {
    /// The comparison of instruction `op` (`None` for other instructions).
    #[inline(always)]
    pub fn of(op: Op) -> Option<Order> {
        Some(match op {
            Op::Lt => Order::Lt,
            Op::Le => Order::Le,
            Op::Gt => Order::Gt,
            Op::Ge => Order::Ge,
            _ => return None,
        })
    }

    /// Whether `a op b` holds.
    #[inline(always)]
    pub fn holds(self, a: f64, b: f64) -> bool {
        match self {
            Order::Lt => a < b,
            Order::Le => a <= b,
            Order::Gt => a > b,
            Order::Ge => a >= b,
        }
    }
}

/// A function of one number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unary {
    /// `-a`.
    Neg,
    /// `floor(a)`.
    Floor,
    /// `ceil(a)`.
    Ceil,
    /// `round(a)`, halves away from zero.
    Round,
    /// `abs(a)`.
    Abs,
}

impl Unary {
    /// `f(a)`.
    #[inline(always)]
    pub fn apply(self, a: f64) -> f64 {
        match self {
            Unary::Neg => -a,
            Unary::Floor => a.floor(),
            Unary::Ceil => a.ceil(),
            Unary::Round => a.round(),
            Unary::Abs => a.abs(),
        }
    }
}

/// The bound `rnd(n)` draws below: `n` rounded down (NaN gives 0, a bound of 0 or less
/// draws nothing and gives 0).
#[inline(always)]
pub fn rnd_bound(n: f64) -> i64 {
    n.floor() as i64
}

/// `rnd` of bound `n` ([`rnd_bound`]), drawn from the state's generator.
#[inline(always)]
pub fn rnd(n: i64, st: &mut State) -> f64 {
    st.rng.below(n) as f64
}

/// One step of `min(...)` (`is_min`) or `max(...)`: the arguments are folded from the last,
/// as the stack pops them, `acc` the fold so far.
#[inline(always)]
pub fn min_or_max(is_min: bool, acc: f64, v: f64) -> f64 {
    if is_min {
        acc.min(v)
    } else {
        acc.max(v)
    }
}
