//! A second form of a compiled expression, for the programs that compute a number or a truth
//! value from numbers, truth values and variables: a tree of typed nodes that returns an
//! `f64` or a `bool` without pushing tagged values on a stack. Built from the stack code
//! ([`Tree::of`]), so it is the same program: the same random draws in the same order (the
//! operands of an operator left to right, only the branch taken of `?:`, `&&` and `||`
//! short-circuiting), the same division-by-zero fault, the same value. Programs with
//! anything else (rooms, lists, cells, areas) keep only the stack code.
//!
//! Exactness: the stack machine keeps a variable's value as it is (a variable no step has
//! set yet holds `Nil`), and `&&`, `||` and `?:` pass an operand's value on unchanged, so
//! where a value is kept — the program's result and the operands of `==` and `!=` — a tree
//! is only built when the value there is always a number or a truth value computed by the
//! program (an operator, a constant), or a variable compared as it is
//! ([`Operand::Var`]). Elsewhere a variable is read as the stack machine reads it, by
//! `Value::num` or `Value::truthy`.

use super::code::{min_or_max, rnd, rnd_bound, Arith, Builtin, Op, Order, Unary};
use super::funcs::Func;
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::rng::RandomSource;

/// A tree program: its result is a number or a truth value.
#[derive(Debug, Clone, PartialEq)]
pub enum Tree {
    /// A number (`Value::Num`).
    Num(Num),
    /// A truth value (`Value::Bool`).
    Bool(Bool),
}

/// An operand of a number node: inline when a constant or a variable (no call).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A constant.
    Const(f64),
    /// A variable, read by `Value::num`.
    Var(u16),
    /// Any other number.
    Node(Box<Num>),
}

/// A number.
#[derive(Debug, Clone, PartialEq)]
pub enum Num {
    /// A constant, a variable or a nested node.
    Arg(Arg),
    /// A built-in value (`rooms`, `width`, `height`).
    Builtin(Builtin),
    /// `a op b`.
    Arith(Arith, Arg, Arg),
    /// `f(a)`.
    Unary(Unary, Arg),
    /// `rnd(n)`.
    Rnd(Arg),
    /// `rnd(n)` of a constant `n`, its floor taken once.
    RndConst(i64),
    /// `min(...)` (true) or `max(...)` (false) of the arguments, in order.
    MinMax(bool, Box<[Num]>),
    /// `c ? a : b`.
    Cond(Box<Bool>, Box<Num>, Box<Num>),
}

/// A truth value.
#[derive(Debug, Clone, PartialEq)]
pub enum Bool {
    /// A constant.
    Const(bool),
    /// A variable, read by `Value::truthy`.
    Var(u16),
    /// `!a`.
    Not(Box<Bool>),
    /// `a && b`.
    And(Box<Bool>, Box<Bool>),
    /// `a || b`.
    Or(Box<Bool>, Box<Bool>),
    /// `a < b` and the other orders.
    Order(Order, Arg, Arg),
    /// `a == b` (or `!=` when the flag is set), of values as the stack machine compares them.
    Eq(bool, Box<Operand>, Box<Operand>),
    /// `chance(p)`.
    Chance(Arg),
    /// `c ? a : b`.
    Cond(Box<Bool>, Box<Bool>, Box<Bool>),
}

/// An operand of `==` or `!=`, giving its value exactly.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// A variable's value, as it is.
    Var(u16),
    /// A number computed by the program.
    Num(Num),
    /// A truth value computed by the program.
    Bool(Bool),
}

/// A value while the tree is built from the stack code: `exact` when the stack machine's
/// value there is always the node's (see the module doc).
enum Item {
    Var(u16),
    Num(Num, bool),
    Bool(Bool, bool),
}

impl Item {
    fn num(self) -> Option<Num> {
        match self {
            Item::Var(s) => Some(Num::Arg(Arg::Var(s))),
            Item::Num(n, _) => Some(n),
            Item::Bool(..) => None,
        }
    }

    fn arg(self) -> Option<Arg> {
        Some(match self.num()? {
            Num::Arg(a) => a,
            n => Arg::Node(Box::new(n)),
        })
    }

    fn truth(self) -> Option<Bool> {
        match self {
            Item::Var(s) => Some(Bool::Var(s)),
            Item::Bool(b, _) => Some(b),
            Item::Num(..) => None,
        }
    }

    fn operand(self) -> Option<Operand> {
        match self {
            Item::Var(s) => Some(Operand::Var(s)),
            Item::Num(n, true) => Some(Operand::Num(n)),
            Item::Bool(b, true) => Some(Operand::Bool(b)),
            _ => None,
        }
    }

    fn exact(&self) -> bool {
        match self {
            Item::Var(_) => false,
            Item::Num(_, e) | Item::Bool(_, e) => *e,
        }
    }
}

impl Tree {
    /// The tree of stack code `code`; `None` when the code uses anything but numbers, truth
    /// values and variables, or its value is not always one of those (see the module doc).
    pub fn of(code: &[Op]) -> Option<Tree> {
        match build(code, 0, code.len())? {
            Item::Num(n, true) => Some(Tree::Num(n)),
            Item::Bool(b, true) => Some(Tree::Bool(b)),
            _ => None,
        }
    }

    /// Evaluate; `fault` is the failure point recorded when it divides by zero.
    #[inline]
    pub fn eval(&self, st: &mut State, fault: u32) -> Value {
        match self {
            Tree::Num(n) => Value::Num(n.eval(st, fault)),
            Tree::Bool(b) => Value::Bool(b.eval(st, fault)),
        }
    }
}

/// The one value the code `code[start..end]` leaves on an empty stack.
fn build(code: &[Op], start: usize, end: usize) -> Option<Item> {
    let mut stack: Vec<Item> = Vec::new();
    let mut pc = start;
    while pc < end {
        let op = code[pc];
        pc += 1;
        let item = match op {
            Op::Push(Value::Num(v)) => Item::Num(Num::Arg(Arg::Const(v)), true),
            Op::Push(Value::Bool(b)) => Item::Bool(Bool::Const(b), true),
            Op::Push(_) => return None,
            Op::Var(s) => Item::Var(s),
            Op::Builtin(b) => Item::Num(Num::Builtin(b), true),
            Op::Neg => Item::Num(Num::Unary(Unary::Neg, stack.pop()?.arg()?), true),
            Op::Not => Item::Bool(Bool::Not(Box::new(stack.pop()?.truth()?)), true),
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod => {
                let (b, a) = (stack.pop()?.arg()?, stack.pop()?.arg()?);
                Item::Num(Num::Arith(Arith::of(op)?, a, b), true)
            }
            Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                let (b, a) = (stack.pop()?.arg()?, stack.pop()?.arg()?);
                Item::Bool(Bool::Order(Order::of(op)?, a, b), true)
            }
            Op::Eq | Op::Ne => {
                let (b, a) = (stack.pop()?.operand()?, stack.pop()?.operand()?);
                Item::Bool(Bool::Eq(op == Op::Ne, Box::new(a), Box::new(b)), true)
            }
            Op::JumpIfFalseElsePop(t) | Op::JumpIfTrueElsePop(t) => {
                let t = t as usize;
                if t < pc || t > end {
                    return None;
                }
                let a = stack.pop()?;
                let b = build(code, pc, t)?;
                let exact = a.exact() && b.exact();
                let (a, b) = (Box::new(a.truth()?), Box::new(b.truth()?));
                pc = t;
                let node = match op {
                    Op::JumpIfFalseElsePop(_) => Bool::And(a, b),
                    _ => Bool::Or(a, b),
                };
                Item::Bool(node, exact)
            }
            Op::JumpIfFalse(else_at) => {
                // `c ? a : b`: c, JumpIfFalse(else), a, Jump(end), b
                let else_at = else_at as usize;
                if else_at <= pc || else_at > end {
                    return None;
                }
                let Op::Jump(to) = code[else_at - 1] else {
                    return None;
                };
                let to = to as usize;
                if to < else_at || to > end {
                    return None;
                }
                let c = Box::new(stack.pop()?.truth()?);
                let a = build(code, pc, else_at - 1)?;
                let b = build(code, else_at, to)?;
                pc = to;
                cond(c, a, b)?
            }
            Op::Jump(_) => return None,
            Op::Call(f) => call(f, &mut stack)?,
        };
        stack.push(item);
    }
    let item = stack.pop()?;
    stack.is_empty().then_some(item)
}

/// `c ? a : b` of two items of one type.
fn cond(c: Box<Bool>, a: Item, b: Item) -> Option<Item> {
    let exact = a.exact() && b.exact();
    Some(match (&a, &b) {
        (Item::Num(..), _) | (Item::Var(_), Item::Num(..)) => {
            Item::Num(Num::Cond(c, Box::new(a.num()?), Box::new(b.num()?)), exact)
        }
        (Item::Bool(..), _) | (Item::Var(_), Item::Bool(..)) => Item::Bool(
            Bool::Cond(c, Box::new(a.truth()?), Box::new(b.truth()?)),
            exact,
        ),
        (Item::Var(_), Item::Var(_)) => return None,
    })
}

/// A call of one of the functions of numbers.
fn call(f: Func, stack: &mut Vec<Item>) -> Option<Item> {
    fn unary(u: Unary, stack: &mut Vec<Item>) -> Option<Item> {
        Some(Item::Num(Num::Unary(u, stack.pop()?.arg()?), true))
    }
    match f {
        Func::Rnd => Some(Item::Num(
            match stack.pop()?.arg()? {
                Arg::Const(n) => Num::RndConst(rnd_bound(n)),
                n => Num::Rnd(n),
            },
            true,
        )),
        Func::Chance => Some(Item::Bool(Bool::Chance(stack.pop()?.arg()?), true)),
        Func::Floor => unary(Unary::Floor, stack),
        Func::Ceil => unary(Unary::Ceil, stack),
        Func::Round => unary(Unary::Round, stack),
        Func::Abs => unary(Unary::Abs, stack),
        Func::Min(n) | Func::Max(n) => {
            let n = n as usize;
            if n == 0 || n > stack.len() {
                return None;
            }
            let args = stack
                .split_off(stack.len() - n)
                .into_iter()
                .map(Item::num)
                .collect::<Option<Box<[Num]>>>()?;
            Some(Item::Num(
                Num::MinMax(matches!(f, Func::Min(_)), args),
                true,
            ))
        }
        _ => None,
    }
}

impl Arg {
    #[inline(always)]
    fn eval(&self, st: &mut State, fault: u32) -> f64 {
        match self {
            Arg::Const(v) => *v,
            Arg::Var(s) => st.vars[*s as usize].num(),
            Arg::Node(n) => n.eval(st, fault),
        }
    }
}

impl Num {
    /// The number, as the stack machine computes it.
    pub fn eval(&self, st: &mut State, fault: u32) -> f64 {
        match self {
            Num::Arg(a) => a.eval(st, fault),
            Num::Builtin(b) => b.value(st),
            Num::Arith(op, a, b) => {
                let (a, b) = (a.eval(st, fault), b.eval(st, fault));
                op.apply(a, b, st, fault)
            }
            Num::Unary(u, a) => u.apply(a.eval(st, fault)),
            Num::Rnd(n) => {
                let n = n.eval(st, fault);
                rnd(rnd_bound(n), st)
            }
            Num::RndConst(n) => rnd(*n, st),
            Num::MinMax(is_min, args) => min_max(*is_min, args, st, fault),
            Num::Cond(c, a, b) => {
                if c.eval(st, fault) {
                    a.eval(st, fault)
                } else {
                    b.eval(st, fault)
                }
            }
        }
    }
}

/// `min(...)` (`is_min`) or `max(...)` of `args`: every argument in order, then folded
/// from the last as the stack pops them. Out of line: its array would make every
/// [`Num::eval`] call set up a large frame.
#[inline(never)]
fn min_max(is_min: bool, args: &[Num], st: &mut State, fault: u32) -> f64 {
    let mut vals = [0.0; super::code::MAX_STACK];
    for (v, a) in vals.iter_mut().zip(args.iter()) {
        *v = a.eval(st, fault);
    }
    let vals = &vals[..args.len()];
    let mut acc = vals[vals.len() - 1];
    for &v in vals[..vals.len() - 1].iter().rev() {
        acc = min_or_max(is_min, acc, v);
    }
    acc
}

impl Bool {
    /// The truth value, as the stack machine computes it.
    pub fn eval(&self, st: &mut State, fault: u32) -> bool {
        match self {
            Bool::Const(b) => *b,
            Bool::Var(s) => st.vars[*s as usize].truthy(),
            Bool::Not(a) => !a.eval(st, fault),
            Bool::And(a, b) => a.eval(st, fault) && b.eval(st, fault),
            Bool::Or(a, b) => a.eval(st, fault) || b.eval(st, fault),
            Bool::Order(op, a, b) => {
                let (a, b) = (a.eval(st, fault), b.eval(st, fault));
                op.holds(a, b)
            }
            Bool::Eq(ne, a, b) => {
                let (a, b) = (a.eval(st, fault), b.eval(st, fault));
                (a == b) != *ne
            }
            Bool::Chance(p) => {
                let p = p.eval(st, fault);
                st.rng.chance(p)
            }
            Bool::Cond(c, a, b) => {
                if c.eval(st, fault) {
                    a.eval(st, fault)
                } else {
                    b.eval(st, fault)
                }
            }
        }
    }
}

impl Operand {
    #[inline(always)]
    fn eval(&self, st: &mut State, fault: u32) -> Value {
        match self {
            Operand::Var(s) => st.vars[*s as usize],
            Operand::Num(n) => Value::Num(n.eval(st, fault)),
            Operand::Bool(b) => Value::Bool(b.eval(st, fault)),
        }
    }
}

#[cfg(test)]
mod tests;
