//! A time budget for each generation (`--timeout SECONDS` of `generate`, `stats`, `lint`
//! and `search`, `timeout=` in Python), and the one place a generation's error becomes its
//! message (`seed N: ...`, unless the error names its seed itself).
//!
//! The deadline goes into the run's state ([`crate::engine::budget`]): the interpreter reads
//! the clock after every operator step and at every `Retry` restart, and long operator loops
//! (automaton iterations, walks, tries) consult it as they go, so a run stops soon after its
//! budget ends, even inside one long step. The error says which step it was in, how many
//! restarts there were, and the most frequent reason for them.

use crate::dungeon::Dungeon;
use crate::engine::{GenError, State, StepLabel};
use crate::interpreter::Observer;
use crate::operator::Writes;
use crate::ruleset::{Resolved, RuleSet};
use std::time::{Duration, Instant};

/// An observer that gives the run its deadline, counts restarts by cause, and passes
/// everything on to `inner`.
struct Budget<'a, O> {
    inner: &'a mut O,
    until: Instant,
    restarts: u64,
    causes: Vec<u32>,
}

impl<O: Observer> Observer for Budget<'_, O> {
    fn before_step(&mut self, label: &StepLabel, writes: Writes<'_>, st: &State) {
        self.inner.before_step(label, writes, st);
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.inner.after_step(label, st);
    }
    fn restarted(&mut self, failure: u32) {
        self.inner.restarted(failure);
        self.restarts += 1;
        let i = failure as usize;
        if i >= self.causes.len() {
            self.causes.resize(i + 1, 0);
        }
        self.causes[i] += 1;
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

/// The message of a failed generation of seed `s`.
pub fn message(s: u64, e: &GenError) -> String {
    match e {
        // it names its seed (and parameters) itself
        GenError::Stuck { .. } => e.to_string(),
        _ => format!("seed {s}: {e}"),
    }
}

/// Generate seed `s` (showing the run to `inner`), within `timeout` seconds when given.
///
/// # Errors
/// The message of a failed generation ([`message`]), or of one stopped by its time budget
/// (the step it was in, how many restarts there were and the most frequent cause).
pub fn generate_with<O: Observer>(
    rs: &RuleSet,
    s: u64,
    params: &Resolved,
    timeout: Option<f64>,
    inner: &mut O,
) -> Result<Dungeon, String> {
    let Some(limit) = timeout else {
        return rs
            .generate_resolved_with(s, params, inner)
            .map_err(|e| message(s, &e));
    };
    let start = Instant::now();
    let mut b = Budget {
        inner,
        until: start + Duration::from_secs_f64(limit),
        restarts: 0,
        causes: Vec::new(),
    };
    match rs.generate_resolved_with(s, params, &mut b) {
        Err(GenError::TimedOut { at }) => {
            let mut m = format!(
                "seed {s}: stopped by --timeout {limit} s after {:.2} s, {at}, with {} \
                 restart{} so far",
                start.elapsed().as_secs_f64(),
                b.restarts,
                if b.restarts == 1 { "" } else { "s" }
            );
            let top = b.causes.iter().enumerate().max_by_key(|&(i, n)| (*n, !i));
            if let (Some((i, &n)), false) = (top, rs.selects()) {
                if let Some(f) = rs.failure_points().get(i).filter(|_| n > 0) {
                    m += &format!(" (most often: {} at {}, {n} times)", f.what, f.at);
                }
            }
            Err(m)
        }
        r => r.map_err(|e| message(s, &e)),
    }
}

/// [`generate_with`] without an observer.
///
/// # Errors
/// As [`generate_with`].
pub fn generate(
    rs: &RuleSet,
    s: u64,
    params: &Resolved,
    timeout: Option<f64>,
) -> Result<Dungeon, String> {
    generate_with(rs, s, params, timeout, &mut crate::interpreter::NoTrace)
}

/// An error message on one line (the failure lists of a Retry go after `;`).
pub fn one_line(e: &str) -> String {
    e.lines().map(str::trim).collect::<Vec<_>>().join("; ")
}
