//! Traces: the state after every operator step of a run, for step-through and debugging.

use crate::engine::interpreter::Observer;
use crate::engine::{State, StepLabel};

/// The state after each operator step of one generation (including failed attempts).
#[derive(Debug, Default)]
pub struct Trace {
    /// One frame per operator step, in order.
    pub frames: Vec<Frame>,
}

/// One recorded step.
#[derive(Debug)]
pub struct Frame {
    /// The step.
    pub label: StepLabel,
    /// The state after it.
    pub state: State,
}

impl Observer for Trace {
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.frames.push(Frame {
            label: label.clone(),
            state: st.snapshot(),
        });
    }
}
