//! What watches a run ([`Observer`]: traces, step-through, cancelling) and what a run
//! counts ([`RunCx`]).

use super::step::{Procedure, Step};
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{FailurePoint, Flow, GenError, StepLabel};
use crate::operator::Writes;
use std::time::Instant;

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
    /// The procedures `Call` steps run, by index.
    pub procedures: &'a [Procedure],
    /// Calls in progress.
    pub depth: u32,
    /// The arguments and saved variables of the calls in progress (see `call`).
    pub frames: Vec<Value>,
}

/// The run ran out of time in (or right after) step `l`.
pub(super) fn out_of_time(l: &StepLabel) -> GenError {
    let name = if l.name == l.kind {
        String::new()
    } else {
        format!(" `{}`", l.name)
    };
    GenError::TimedOut {
        at: format!("in the step {}{name} at {}", l.kind, l.at),
    }
}

/// How a control step runs the steps it holds: [`super::run_steps`], passed down so that the
/// control steps' modules need not import the module that calls them.
pub type Run<O> = fn(&[Step], &mut State, &mut RunCx<O>) -> Result<Flow, GenError>;
