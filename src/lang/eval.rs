//! Evaluating a compiled [`Program`] against the run state. Never allocates: the value stack
//! is a fixed array (its depth was bounded at compile time).

use super::code::{Arith, Order, Unary};
use super::compile::{Op, Program, MAX_STACK};
use super::tree::{Arg, Num, Tree};
use crate::engine::state::State;
use crate::engine::value::Value;
use std::mem::MaybeUninit;

mod calls;
use calls::call;

impl Program {
    /// Evaluate, drawing random numbers from (and mutating lists of) `st`.
    #[inline]
    pub fn eval(&self, st: &mut State) -> Value {
        // One-instruction programs (constants and variables: most rectangle fields and
        // areas, evaluated on every attempt) skip the interpreter loop.
        match *self.code {
            [Op::Push(v)] => v,
            [Op::Var(slot)] => st.vars[slot as usize],
            _ => match &self.tree {
                Some(t) if trees_allowed() => t.eval(st, self.fault),
                _ => self.run(st),
            },
        }
    }

    /// The interpreter loop.
    #[inline(never)]
    fn run(&self, st: &mut State) -> Value {
        if let Some(v) = self.choice(st) {
            return v;
        }
        // Not initialised: the compiler bounded the depth (<= MAX_STACK) and a stack program
        // only reads slots it wrote, so every read below is of a written value.
        let mut stack = [MaybeUninit::<Value>::uninit(); MAX_STACK];
        let mut sp = 0usize;
        let mut pc = 0usize;
        let code = &self.code;
        macro_rules! pop {
            () => {{
                sp -= 1;
                // SAFETY: slot `sp` was written by the push that made the stack this deep.
                unsafe { stack[sp].assume_init() }
            }};
        }
        macro_rules! push {
            ($v:expr) => {{
                stack[sp] = MaybeUninit::new($v);
                sp += 1;
            }};
        }
        macro_rules! top {
            () => {
                // SAFETY: as for `pop`; `sp > 0` where a program reads its top.
                unsafe { stack[sp - 1].assume_init() }
            };
        }
        while pc < code.len() {
            let op = code[pc];
            pc += 1;
            match op {
                Op::Push(v) => push!(v),
                Op::Var(slot) => push!(st.vars[slot as usize]),
                Op::Builtin(b) => push!(Value::Num(b.value(st))),
                Op::Neg => {
                    let a = pop!().num();
                    push!(Value::Num(Unary::Neg.apply(a)))
                }
                Op::Not => {
                    let a = pop!().truthy();
                    push!(Value::Bool(!a))
                }
                Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod => {
                    let b = pop!().num();
                    let a = pop!().num();
                    // (the arm's instructions all have an operator)
                    let f = Arith::of(op).unwrap_or(Arith::Mod);
                    push!(Value::Num(f.apply(a, b, st, self.fault)))
                }
                Op::Eq | Op::Ne => {
                    let b = pop!();
                    let a = pop!();
                    let eq = a == b;
                    push!(Value::Bool(if op == Op::Eq { eq } else { !eq }))
                }
                Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                    let b = pop!().num();
                    let a = pop!().num();
                    // (the arm's instructions all have a comparison)
                    let o = Order::of(op).unwrap_or(Order::Ge);
                    push!(Value::Bool(o.holds(a, b)))
                }
                Op::JumpIfFalseElsePop(t) => {
                    if top!().truthy() {
                        sp -= 1;
                    } else {
                        pc = t as usize;
                    }
                }
                Op::JumpIfTrueElsePop(t) => {
                    if top!().truthy() {
                        pc = t as usize;
                    } else {
                        sp -= 1;
                    }
                }
                Op::JumpIfFalse(t) => {
                    if !pop!().truthy() {
                        pc = t as usize;
                    }
                }
                Op::Jump(t) => pc = t as usize,
                Op::Call(f) => {
                    let v = call(f, &mut stack, &mut sp, st, self.fault);
                    push!(v);
                }
            }
        }
        if sp == 0 {
            Value::Nil
        } else {
            top!()
        }
    }

    /// A choice between two one-instruction operands on a variable (`vertical ? 15 : x`,
    /// common in rectangle fields evaluated on every attempt) compiles to exactly one
    /// shape: its value without the interpreter loop; `None` for any other program.
    #[inline(always)]
    fn choice(&self, st: &State) -> Option<Value> {
        if let [Op::Var(c), Op::JumpIfFalse(4), a, Op::Jump(5), b] = *self.code {
            if let (Some(a), Some(b)) = (leaf(a, st), leaf(b, st)) {
                return Some(if st.vars[c as usize].truthy() { a } else { b });
            }
        }
        None
    }

    /// Evaluate as a number.
    #[inline]
    pub fn num(&self, st: &mut State) -> f64 {
        match &self.tree {
            // a constant or a variable without a call
            Some(Tree::Num(n)) if trees_allowed() => match n {
                Num::Arg(Arg::Const(v)) => *v,
                Num::Arg(Arg::Var(s)) => st.vars[*s as usize].num(),
                n => n.eval(st, self.fault),
            },
            _ => self.eval(st).num(),
        }
    }

    /// Evaluate as a condition.
    #[inline]
    pub fn truth(&self, st: &mut State) -> bool {
        match &self.tree {
            Some(Tree::Bool(b)) if trees_allowed() => b.eval(st, self.fault),
            _ => self.eval(st).truthy(),
        }
    }
}

/// Whether a program's tree may be evaluated instead of its stack code (unit tests turn it
/// off to compare both).
#[inline(always)]
fn trees_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::ExprTrees)
}

/// The value of a one-instruction operand (a constant or a variable); `None` for others.
#[inline(always)]
fn leaf(op: Op, st: &State) -> Option<Value> {
    match op {
        Op::Push(v) => Some(v),
        Op::Var(slot) => Some(st.vars[slot as usize]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules;

    /// The cell a FillRect at `x` (an expression) marks on a 4×1 grid.
    fn filled_at(lets: &str, x: &str) -> usize {
        let steps = format!(
            r#"{lets} FillRect(layer: "t", value: "1", rect: (x: "{x}", y: "0", w: "1", h: "1")),"#
        );
        let g = run_rules(4, 1, &steps, "t");
        g[0].iter().position(|&v| v == 1).expect("one cell filled")
    }

    #[test]
    fn choices_between_constants_and_variables_pick_by_the_condition() {
        // the one-step shape (a variable condition, operands of one instruction) and
        // longer ones that go through the loop give the same answers
        for (c, want_const, want_var) in [("true", 3, 3), ("false", 1, 2)] {
            let lets = format!(r#"Let("c", "{c}"), Let("x", "2"), Let("y", "3"),"#);
            assert_eq!(filled_at(&lets, "c ? 3 : 1"), want_const, "{c}");
            assert_eq!(filled_at(&lets, "c ? y : x"), want_var, "{c}");
            assert_eq!(filled_at(&lets, "c ? y : x + 0"), want_var, "{c}");
            assert_eq!(filled_at(&lets, "!c ? x : y"), want_var, "{c}");
            assert_eq!(filled_at(&lets, "c ? (c ? 3 : 0) : 1"), want_const, "{c}");
        }
    }
}
