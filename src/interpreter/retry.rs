//! `Retry`: run steps until they run without failing, restoring the state between attempts.

use super::observe::{Observer, Run, RunCx};
use super::step::{Restore, Retry};
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{Flow, GenError, MAX_RESTARTS};

/// Run a `Retry`.
pub(super) fn run<O: Observer>(
    run: Run<O>,
    spec: &Retry,
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let start = snapshot(st);
    let r = attempts(run, spec, st, rc, &start);
    // the snapshot's buffers go back to the run's pool for the next Retry
    let mut pool: Vec<State> = st.scratch.take();
    pool.push(start);
    st.scratch.put(pool);
    r
}

/// A copy of `st` to restore attempts from: one from the run's pool of earlier Retries'
/// copies when there is one (its buffers reused: [`State::restore_from`] copies every part
/// a restore reads), else a new [`State::snapshot`].
fn snapshot(st: &mut State) -> State {
    let mut pool: Vec<State> = st.scratch.take();
    let start = match pool.pop() {
        Some(mut s) => {
            s.restore_from(st);
            s
        }
        None => st.snapshot(),
    };
    st.scratch.put(pool);
    start
}

/// The attempts of a `Retry` from `start`.
fn attempts<O: Observer>(
    run: Run<O>,
    spec: &Retry,
    st: &mut State,
    rc: &mut RunCx<O>,
    start: &State,
) -> Result<Flow, GenError> {
    let max = spec.max;
    let before = rc.fail_counts.clone();
    for attempt in 0..max {
        if attempt > 0 {
            match &spec.restore {
                Restore::All => st.restore_from(start),
                Restore::Parts { layers, vars } => st.restore_parts_from(start, layers, vars),
            }
            rc.attempts += 1;
        }
        if let Some(v) = spec.var {
            st.vars[v as usize] = Value::Num(f64::from(attempt + 1));
        }
        match run(&spec.body, st, rc)? {
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
                if st.budget.checkpoint() {
                    return Err(GenError::TimedOut {
                        at: format!("at a restart of the Retry at {}", spec.at),
                    });
                }
            }
        }
    }
    if let Some(id) = spec.give_up {
        return Ok(Flow::Fail(id));
    }
    let failures = failure_list(rc, &before);
    Err(GenError::RetryExhausted {
        max,
        at: spec.at.clone(),
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
