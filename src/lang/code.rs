//! The instruction set of compiled expressions: a stack machine's operations, the names with
//! a built-in meaning, and the deepest stack a program may need. [`super::compile`] emits
//! it, [`super::eval`] runs it and [`super::tree`] decompiles it into typed nodes.

use super::funcs::Func;
use crate::engine::value::Value;

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
