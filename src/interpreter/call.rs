//! Procedures: named step blocks with parameters, run by `Call`. A procedure's parameters and
//! the variables its steps set first are its own: each call saves their values, binds the
//! parameters to the arguments (evaluated before anything is bound, so an argument may read
//! the caller's own), runs the body, and puts the saved values back. So a procedure may call
//! itself — a partition tree is "split this area, then do the same to both halves" — down to
//! a depth limit, past which the run ends with an error naming the procedure.
//!
//! The depth limit bounds how deep calls go, not how many there are: a procedure that calls
//! itself twice runs 2^depth calls. So every call counts as work against the run's time
//! budget (`--timeout`, the preview's limit) and looks whether the run was cancelled, as a
//! loop's iteration does; a body of control steps alone (`Let`, `If`, `Call`) then still
//! stops on time.

use super::observe::{Observer, Run, RunCx};
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{Flow, GenError};
use crate::lang::Program;

/// Run `Call` of procedure `proc` with arguments `args` (`label`: the call's step label).
///
/// # Errors
/// [`GenError::Cancelled`] when the observer cancelled the run, [`GenError::TimedOut`]
/// (naming this call) when the time budget has run out, and the errors of the body.
pub(super) fn call<O: Observer>(
    run: Run<O>,
    (proc, label): (u16, u32),
    args: &[Program],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    if rc.observer.cancelled() {
        return Err(GenError::Cancelled);
    }
    if st.budget.spend(1) {
        return Err(super::observe::out_of_time(&rc.labels[label as usize]));
    }
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
