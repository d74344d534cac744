//! The interpreter: compiled steps, run in order against a [`State`].
//!
//! Control flow is made of steps: `Let`, `Require`, `Retry`, `If`. A step returns a
//! [`Flow`]; a failed `Require` (or an operator's failure) unwinds to the innermost `Retry`,
//! which restores the state it started with (the random stream continues) and tries again,
//! at most `max` times. Every failure point is counted, so an exhausted `Retry` reports which
//! condition kept failing and how often.

use super::state::State;
use super::{FailurePoint, Flow, GenError, StepLabel, MAX_RESTARTS};
use crate::lang::Program;
use crate::ops::Op;

/// A compiled step.
#[derive(Debug)]
pub enum Step {
    /// `Let`: store an expression's value in a variable slot.
    Let {
        /// The variable slot written.
        slot: u16,
        /// The value.
        expr: Program,
    },
    /// `Require`/`Check`: fail failure point `id` when the condition is false.
    Require {
        /// The failure point.
        id: u32,
        /// The condition.
        expr: Program,
    },
    /// `Retry`: run `body` again until it runs without failing, at most `max` times.
    Retry {
        /// Most attempts.
        max: u32,
        /// `file:line:col` of the `Retry`, for messages.
        at: String,
        /// The steps retried.
        body: Vec<Step>,
    },
    /// `If`: run `then` or `otherwise`.
    If {
        /// The condition.
        cond: Program,
        /// Steps run when it holds.
        then: Vec<Step>,
        /// Steps run when it does not.
        otherwise: Vec<Step>,
    },
    /// An operator step.
    Op {
        /// Its index in the step labels.
        label: u32,
        /// The compiled operator.
        op: Op,
    },
}

/// Sees the state after every operator step (for traces and step-through). The default
/// methods do nothing and compile away.
pub trait Observer {
    /// Called after every operator step with its label and the state.
    fn after_step(&mut self, _label: &StepLabel, _st: &State) {}
    /// Called when a `Retry` restarts because failure point `_failure` did not hold.
    fn restarted(&mut self, _failure: u32) {}
    /// Polled between steps and between attempts; `true` ends the run with
    /// [`GenError::Cancelled`].
    fn cancelled(&mut self) -> bool {
        false
    }
}

/// An observer that also stops when `stop` returns true.
pub struct Stoppable<O, F: FnMut() -> bool> {
    /// The observer that sees the steps.
    pub inner: O,
    /// Polled between steps: `true` cancels the run.
    pub stop: F,
}

impl<O: Observer, F: FnMut() -> bool> Observer for Stoppable<O, F> {
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.inner.after_step(label, st)
    }
    fn restarted(&mut self, failure: u32) {
        self.inner.restarted(failure)
    }
    fn cancelled(&mut self) -> bool {
        (self.stop)() || self.inner.cancelled()
    }
}

/// The no-op observer.
pub struct NoTrace;
impl Observer for NoTrace {}

/// Counters of one run.
pub struct RunCx<'a, O: Observer> {
    /// Labels of the operator steps.
    pub labels: &'a [StepLabel],
    /// The failure points.
    pub failures: &'a [FailurePoint],
    /// How many attempts each failure point ended.
    pub fail_counts: Vec<u32>,
    /// Restarts of all `Retry` steps.
    pub attempts: u32,
    /// Who sees the steps.
    pub observer: &'a mut O,
}

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
            Step::Retry { max, at, body } => retry(*max, at, body, st, rc)?,
            Step::Op { label, op } => {
                if rc.observer.cancelled() {
                    return Err(GenError::Cancelled);
                }
                let flow = op.run(st);
                rc.observer.after_step(&rc.labels[*label as usize], st);
                flow
            }
        };
        if let Flow::Fail(_) | Flow::Abort(_) = flow {
            return Ok(flow);
        }
    }
    Ok(Flow::Continue)
}

fn retry<O: Observer>(
    max: u32,
    at: &str,
    body: &[Step],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let start = st.snapshot();
    let before = rc.fail_counts.clone();
    for attempt in 0..max {
        if attempt > 0 {
            st.restore_from(&start);
            rc.attempts += 1;
        }
        match run_steps(body, st, rc)? {
            Flow::Continue => return Ok(Flow::Continue),
            Flow::Abort(id) => return Ok(Flow::Abort(id)),
            Flow::Fail(id) => {
                rc.fail_counts[id as usize] += 1;
                rc.observer.restarted(id);
                if rc.attempts >= MAX_RESTARTS {
                    let zero = vec![0; rc.fail_counts.len()];
                    let failures = failure_list(rc, &zero);
                    return Err(GenError::TooManyRestarts { failures });
                }
                if rc.observer.cancelled() {
                    return Err(GenError::Cancelled);
                }
            }
        }
    }
    let failures = failure_list(rc, &before);
    Err(GenError::RetryExhausted {
        max,
        at: at.to_string(),
        failures,
    })
}

/// The failure points that failed since `before`, with their counts, most frequent first.
fn failure_list<O: Observer>(rc: &RunCx<O>, before: &[u32]) -> Vec<(String, u32)> {
    let mut failures: Vec<(String, u32)> = rc
        .fail_counts
        .iter()
        .zip(before)
        .enumerate()
        .filter(|(_, (now, was))| now > was)
        .map(|(i, (now, was))| {
            let f = &rc.failures[i];
            (format!("{} at {}", f.what, f.at), now - was)
        })
        .collect();
    failures.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    failures
}
