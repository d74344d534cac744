//! The switch in front of a forced-growth condition: `switch && ...`, where `switch` is a
//! variable that the growth itself never writes (a parameter such as `forced_growth`).
//! When it is false at the start of a run, the condition is false for the whole run
//! without a draw (`&&` stops at it), so the growth need not evaluate it at every failed
//! roll. Read off the compiled code: `Var(s)` followed by the `&&` jumps
//! (`JumpIfFalseElsePop`) that carry a false value to the end.

use crate::engine::state::State;
use crate::engine::value::Value;
use crate::lang::compile::Op as Code;
use crate::lang::Program;

/// The slot `s` of a condition `s && ...` whose value decides it when falsy: the first
/// instruction pushes `s` and every jump a falsy value takes from there leads, through
/// further `&&` jumps only, past the end. `None` for any other shape, or when `s` is one of
/// `written` (slots the growth sets during a run).
pub fn leading_switch(p: &Program, written: &[u16]) -> Option<u16> {
    let code = &p.code;
    let Some(&Code::Var(s)) = code.first() else {
        return None;
    };
    if written.contains(&s) {
        return None;
    }
    // a falsy value on top at pc: where does it go?
    let mut pc = 1;
    while pc < code.len() {
        match code[pc] {
            // forward only, so this ends
            Code::JumpIfFalseElsePop(t) if (t as usize) > pc => pc = t as usize,
            _ => return None,
        }
    }
    // reached the end with the falsy value on top
    Some(s)
}

/// Whether the forced-growth condition `force` (with the slots of its locals `pass`,
/// `grown`) holds now: false without one, or when `on` is false (its switch is off).
#[inline]
pub fn forced(
    force: &Option<(Program, [u16; 2])>,
    on: bool,
    (pass, grown): (f64, f64),
    st: &mut State,
) -> bool {
    let Some((cond, [s_pass, s_grown])) = force else {
        return false;
    };
    if !on {
        return false;
    }
    st.vars[*s_pass as usize] = Value::Num(pass);
    st.vars[*s_grown as usize] = Value::Num(grown);
    cond.truth(st)
}
