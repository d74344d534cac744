//! Procedures: named step blocks with parameters, run by `Call`. A procedure's parameters and
//! the variables its steps set first are its own: each call saves their values, binds the
//! parameters to the arguments (evaluated before anything is bound, so an argument may read
//! the caller's own), runs the body, and puts the saved values back. So a procedure may call
//! itself — a partition tree is "split this area, then do the same to both halves" — down to
//! a depth limit, past which the run ends with an error naming the procedure.

use super::observe::{Observer, Run, RunCx};
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{Flow, GenError};
use crate::lang::Program;

/// Run `Call` of procedure `proc` with arguments `args`.
pub(super) fn call<O: Observer>(
    run: Run<O>,
    proc: u16,
    args: &[Program],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let procedures = rc.procedures;
    let p = &procedures[proc as usize];
    if rc.depth >= p.max_depth {
        return Ok(Flow::Abort(p.too_deep));
    }
    // [base, base + args): the arguments; then the caller's values of the frame's slots
    let base = rc.frames.len();
    for a in args {
        let v = a.eval(st);
        rc.frames.push(v);
    }
    if let Some(id) = st.fault.take() {
        rc.frames.truncate(base);
        return Ok(Flow::Abort(id));
    }
    let saved = rc.frames.len();
    for (i, &slot) in p.frame.iter().enumerate() {
        rc.frames.push(st.vars[slot as usize]);
        st.vars[slot as usize] = if i < p.params {
            rc.frames[base + i]
        } else {
            Value::Nil
        };
    }
    rc.depth += 1;
    let flow = run(&p.body, st, rc);
    rc.depth -= 1;
    for (i, &slot) in p.frame.iter().enumerate() {
        st.vars[slot as usize] = rc.frames[saved + i];
    }
    rc.frames.truncate(base);
    flow
}
