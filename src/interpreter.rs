//! The interpreter: compiled steps, run in order against a [`State`].
//!
//! Control flow is made of steps: `Let`, `Require`, `Retry`, `If`. A step returns a
//! [`Flow`]; a failed `Require` (or an operator's failure) unwinds to the innermost `Retry`,
//! which restores the state it started with (the random stream continues) and tries again,
//! at most `max` times. Every failure point is counted, so an exhausted `Retry` reports which
//! condition kept failing and how often.

use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{FailurePoint, Flow, GenError, StepLabel, MAX_RESTARTS};
use crate::lang::Program;
use crate::operator::Writes;
use crate::ops::CompiledOp;
use std::time::Instant;

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
        /// The slot of the attempt-number variable, if any.
        var: Option<u16>,
        /// With `give_up`: the failure point reported to the enclosing `Retry` when every
        /// attempt failed.
        give_up: Option<u32>,
        /// The steps retried.
        body: Vec<Step>,
        /// What a restart restores (see [`Restore::of`]).
        restore: Restore,
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
    /// `ForEach`: run `body` once per item of `source`, the item in variable `var`.
    ForEach {
        /// Its index in the step labels (one trace step per iteration).
        label: u32,
        /// The loop variable's slot.
        var: u16,
        /// What is looped over.
        source: Source,
        /// Most iterations.
        max: u32,
        /// The steps run per item.
        body: Vec<Step>,
    },
    /// An operator step.
    Op {
        /// Its index in the step labels.
        label: u32,
        /// The compiled operator.
        op: CompiledOp,
    },
}

/// What a `Retry` puts back before each new attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restore {
    /// The whole state (but the random stream).
    All,
    /// The lists and tallies, these variables and these tile layers only: the body's steps
    /// write nothing else (see [`Restore::of`]).
    Parts {
        /// The tile layers written, in increasing order.
        layers: Box<[u16]>,
        /// The variable slots written, in increasing order.
        vars: Box<[u16]>,
    },
}

impl Restore {
    /// What a restart of `body` must put back: [`Restore::Parts`] when every step of it
    /// (nested ones included) writes only lists (expressions may pop them), tallies, the
    /// variables it names (`Let`, a nested `Retry`'s attempt variable, a `ForEach`'s loop
    /// variable) and the tile layers and variables that [`CompiledOp::writes`] declares; else
    /// [`Restore::All`]. A state part no step can write still holds what it held when the
    /// Retry began.
    pub fn of(body: &[Step]) -> Restore {
        let (mut layers, mut vars) = (Vec::new(), Vec::new());
        if written(body, &mut layers, &mut vars) {
            for v in [&mut layers, &mut vars] {
                v.sort_unstable();
                v.dedup();
            }
            Restore::Parts {
                layers: layers.into_boxed_slice(),
                vars: vars.into_boxed_slice(),
            }
        } else {
            Restore::All
        }
    }
}

/// Add the layers and variables `steps` may write to `layers` and `vars`; false when a
/// step may write more than variables, lists, tallies and declared layers.
fn written(steps: &[Step], layers: &mut Vec<u16>, vars: &mut Vec<u16>) -> bool {
    steps.iter().all(|s| match s {
        Step::Let { slot, .. } => {
            vars.push(*slot);
            true
        }
        Step::Require { .. } => true,
        Step::If {
            then, otherwise, ..
        } => written(then, layers, vars) && written(otherwise, layers, vars),
        Step::Retry { body, var, .. } => {
            vars.extend(var);
            written(body, layers, vars)
        }
        Step::ForEach { body, var, .. } => {
            vars.push(*var);
            written(body, layers, vars)
        }
        Step::Op { op, .. } => match op.writes() {
            Writes::Only { layers: l, vars: v } => {
                layers.extend_from_slice(l);
                vars.extend_from_slice(v);
                true
            }
            Writes::Anything => false,
        },
    })
}

/// What a `ForEach` iterates over.
#[derive(Debug)]
pub enum Source {
    /// Every room for which the filter holds (evaluated with the loop variable bound).
    Rooms(Program),
    /// The rooms of a list (a copy taken when the loop starts).
    List(u16),
    /// Named points, bound as cells.
    Markers(Vec<u16>),
}

/// Sees the state after every operator step (for traces and step-through). The default
/// methods do nothing and compile away.
pub trait Observer {
    /// Called before every operator step with its label, what it declares it writes
    /// ([`crate::operator::Runnable::writes`]) and the state.
    fn before_step(&mut self, _label: &StepLabel, _writes: Writes<'_>, _st: &State) {}
    /// Called after every operator step with its label and the state.
    fn after_step(&mut self, _label: &StepLabel, _st: &State) {}
    /// Called when a `Retry` restarts because failure point `_failure` did not hold.
    fn restarted(&mut self, _failure: u32) {}
    /// Polled between steps and between attempts; `true` ends the run with
    /// [`GenError::Cancelled`].
    fn cancelled(&mut self) -> bool {
        false
    }
    /// When the run must end: read once when it starts and put into the state's
    /// [`crate::engine::budget::Budget`], which the interpreter checks after every step and
    /// restart and long loops consult; a run past it ends with [`GenError::TimedOut`].
    fn deadline(&self) -> Option<Instant> {
        None
    }
}

/// An observer that also gives the run a deadline (see [`Observer::deadline`]).
pub struct Until<O> {
    /// The observer that sees the steps.
    pub inner: O,
    /// When the run must end.
    pub until: Instant,
}

impl<O: Observer> Observer for Until<O> {
    fn before_step(&mut self, label: &StepLabel, writes: Writes<'_>, st: &State) {
        self.inner.before_step(label, writes, st)
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.inner.after_step(label, st)
    }
    fn restarted(&mut self, failure: u32) {
        self.inner.restarted(failure)
    }
    fn cancelled(&mut self) -> bool {
        self.inner.cancelled()
    }
    fn deadline(&self) -> Option<Instant> {
        Some(
            self.inner
                .deadline()
                .map_or(self.until, |d| d.min(self.until)),
        )
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
    fn before_step(&mut self, label: &StepLabel, writes: Writes<'_>, st: &State) {
        self.inner.before_step(label, writes, st)
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.inner.after_step(label, st)
    }
    fn restarted(&mut self, failure: u32) {
        self.inner.restarted(failure)
    }
    fn cancelled(&mut self) -> bool {
        (self.stop)() || self.inner.cancelled()
    }
    fn deadline(&self) -> Option<Instant> {
        self.inner.deadline()
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
            Step::Retry {
                max,
                at,
                var,
                give_up,
                body,
                restore,
            } => retry(
                &RetrySpec {
                    max: *max,
                    at,
                    var: *var,
                    give_up: *give_up,
                    restore,
                },
                body,
                st,
                rc,
            )?,
            Step::ForEach {
                label,
                var,
                source,
                max,
                body,
            } => for_each(*label, *var, source, *max, body, st, rc)?,
            Step::Op { label, op } => {
                if rc.observer.cancelled() {
                    return Err(GenError::Cancelled);
                }
                let label = &rc.labels[*label as usize];
                rc.observer.before_step(label, op.writes(), st);
                let flow = op.run(st);
                if st.budget.checkpoint() {
                    return Err(out_of_time(label));
                }
                rc.observer.after_step(label, st);
                flow
            }
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

fn for_each<O: Observer>(
    label: u32,
    var: u16,
    source: &Source,
    max: u32,
    body: &[Step],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let items: Vec<Value> = match source {
        Source::Rooms(filter) => {
            let mut v = Vec::new();
            for r in 0..st.rooms.len() as u32 {
                st.vars[var as usize] = Value::Room(r);
                if filter.truth(st) {
                    v.push(Value::Room(r));
                }
            }
            v
        }
        Source::List(l) => st.lists[*l as usize]
            .iter()
            .map(|&r| Value::Room(r))
            .collect(),
        Source::Markers(ms) => ms
            .iter()
            .filter_map(|&m| st.markers[m as usize].map(|[x, y]| Value::Cell(x, y)))
            .collect(),
    };
    for item in items.into_iter().take(max as usize) {
        if rc.observer.cancelled() {
            return Err(GenError::Cancelled);
        }
        st.vars[var as usize] = item;
        let flow = run_steps(body, st, rc)?;
        let l = &rc.labels[label as usize];
        if st.budget.checkpoint() {
            return Err(out_of_time(l));
        }
        rc.observer.after_step(l, st);
        if let Flow::Fail(_) | Flow::Abort(_) = flow {
            return Ok(flow);
        }
    }
    Ok(Flow::Continue)
}

/// The run ran out of time in (or right after) step `l`.
fn out_of_time(l: &StepLabel) -> GenError {
    let name = if l.name == l.kind {
        String::new()
    } else {
        format!(" `{}`", l.name)
    };
    GenError::TimedOut {
        at: format!("in the step {}{name} at {}", l.kind, l.at),
    }
}

/// The fixed parts of a `Retry` step.
struct RetrySpec<'a> {
    max: u32,
    at: &'a str,
    var: Option<u16>,
    give_up: Option<u32>,
    restore: &'a Restore,
}

fn retry<O: Observer>(
    spec: &RetrySpec,
    body: &[Step],
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let RetrySpec { max, at, .. } = *spec;
    let start = st.snapshot();
    let before = rc.fail_counts.clone();
    for attempt in 0..max {
        if attempt > 0 {
            match spec.restore {
                Restore::All => st.restore_from(&start),
                Restore::Parts { layers, vars } => st.restore_parts_from(&start, layers, vars),
            }
            rc.attempts += 1;
        }
        if let Some(v) = spec.var {
            st.vars[v as usize] = Value::Num(f64::from(attempt + 1));
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
                if st.budget.checkpoint() {
                    return Err(GenError::TimedOut {
                        at: format!("at a restart of the Retry at {at}"),
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

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules;

    /// A restart puts back every variable the body writes (by `Let` and by an operator)
    /// and leaves the others: the third attempt reads `n` and `c` as they were before the
    /// Retry, not as the second attempt left them.
    #[test]
    fn a_restart_restores_the_variables_the_body_writes() {
        let g = run_rules(
            4,
            3,
            r#"Let("n", "0"), Let("c", "7"), Let("k", "5"),
               Retry(max: 10, var: "attempt", steps: [
                   FillRect(layer: "out", value: "c", rect: (x: "attempt - 1", y: "1", w: "1", h: "1")),
                   Let("n", "n + 1"),
                   FillRect(layer: "out", value: "n", rect: (x: "attempt - 1", y: "0", w: "1", h: "1")),
                   FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "attempt", h: "1")),
                   CountCells(layer: "m", values: [1], var: "c"),
                   Require("attempt >= 3"),
               ]),
               FillRect(layer: "out", value: "c", rect: (x: "3", y: "2", w: "1", h: "1")),
               FillRect(layer: "out", value: "k", rect: (x: "0", y: "2", w: "1", h: "1"))"#,
            "out",
        );
        // attempts 1 and 2 were undone (their writes to `out` too); attempt 3 counted 3
        assert_eq!(
            g,
            vec![vec![0, 0, 1, 0], vec![0, 0, 7, 0], vec![5, 0, 0, 3]]
        );
    }
}
