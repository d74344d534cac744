//! The interpreter: compiled steps ([`step`]), run in order against a [`State`].
//!
//! Control flow is made of steps: `Let`, `Require`, `Retry`, `If`, the loops `ForEach`,
//! `Repeat` and `While` ([`loops`]), `Push`, and `Call` of a procedure ([`call`]). A step
//! returns a [`Flow`]; a failed `Require` (or an operator's failure) unwinds to the innermost
//! `Retry`, which restores the state it started with (the random stream continues) and tries
//! again, at most `max` times ([`retry`]; what it restores: [`restore`]). Every failure point
//! is counted, so an exhausted `Retry` reports which condition kept failing and how often. A
//! loop's state carries over from one iteration to the next; a loop past its budget, or calls
//! nested past a procedure's depth limit, end the run with an error naming them.
//!
//! This module is the step loop; each control step runs in its own module, which gets the
//! loop as a function ([`observe::Run`]) to run the steps it holds.

pub mod call;
pub mod loops;
pub mod observe;
pub mod restore;
pub mod retry;
pub mod step;

pub use observe::{NoTrace, Observer, RunCx, Stoppable, Until};
pub use step::{Loop, Procedure, Restore, Retry, Source, Step};

use crate::engine::state::State;
use crate::engine::{Flow, GenError};
use crate::ops::CompiledOp;

/// Run `steps` in order.
pub fn run_steps<O: Observer>(
    steps: &[Step],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    for step in steps {
        let flow = match step {
            Step::Let { slot, expr } => {
                st.vars[*slot as usize] = expr.eval(st);
                Flow::Continue
            }
            Step::Require { id, expr } => {
                if expr.truth(st) {
                    Flow::Continue
                } else {
                    Flow::Fail(*id)
                }
            }
            Step::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if cond.truth(st) { then } else { otherwise };
                run_steps(branch, st, rc)?
            }
            Step::Push { list, expr } => {
                let v = expr.eval(st);
                st.push(*list, v);
                Flow::Continue
            }
            Step::Call { proc, args, label } => {
                call::call(run_steps, (*proc, *label), args, st, rc)?
            }
            Step::Retry(r) => retry::run(run_steps, r, st, rc)?,
            Step::ForEach(lp, source) => loops::for_each(run_steps, lp, source, st, rc)?,
            Step::Repeat(lp, count) => loops::repeat(run_steps, lp, count, st, rc)?,
            Step::While(lp, cond) => loops::while_loop(run_steps, lp, cond, st, rc)?,
            Step::Op { label, op } => operator(*label, op, st, rc)?,
        };
        // An expression of this step divided by zero: end the run there.
        if let Some(id) = st.fault.take() {
            return Ok(Flow::Abort(id));
        }
        if let Flow::Fail(_) | Flow::Abort(_) = flow {
            return Ok(flow);
        }
    }
    Ok(Flow::Continue)
}

/// Run an operator step, shown to the observer before and after.
fn operator<O: Observer>(
    label: u32,
    op: &CompiledOp,
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    if rc.observer.cancelled() {
        return Err(GenError::Cancelled);
    }
    let label = &rc.labels[label as usize];
    rc.observer.before_step(label, op.writes(), st);
    let flow = op.run(st);
    if st.budget.checkpoint() {
        return Err(observe::out_of_time(label));
    }
    rc.observer.after_step(label, st);
    Ok(flow)
}

#[cfg(test)]
mod tests;
