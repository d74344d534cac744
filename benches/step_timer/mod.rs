//! What the technique benches share (benches/templates.rs, benches/wfc_overlap.rs,
//! benches/wfc_baseline.rs): an observer that times the one step of a rule set and keeps the
//! random stream it starts from (so a hand-written loop can draw the same numbers), and the
//! median of the rounds.

#![allow(dead_code)] // each bench uses part of it

use std::time::{Duration, Instant};
use undercroft::engine::state::State;
use undercroft::engine::StepLabel;
use undercroft::interpreter::Observer;
use undercroft::operator::Writes;
use undercroft::rng::Rng;

/// Times the step and keeps its random stream (of the last step run, when there are more).
#[derive(Default)]
pub struct Timer {
    started: Option<Instant>,
    /// How long the step took.
    pub time: Duration,
    /// The random stream as the step started.
    pub rng: Option<Rng>,
}

impl Observer for Timer {
    fn before_step(&mut self, _: &StepLabel, _w: Writes<'_>, st: &State) {
        self.rng = Some(st.rng.clone());
        self.started = Some(Instant::now());
    }
    fn after_step(&mut self, _: &StepLabel, _st: &State) {
        self.time = self.started.take().unwrap().elapsed();
    }
}

/// The median of `v` (the upper one of an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
