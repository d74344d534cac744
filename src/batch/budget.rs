//! A time budget for each generation (`--timeout SECONDS` of `generate` and `stats`,
//! `timeout=` in Python), and the one place a generation's error becomes its message
//! (`seed N: ...`, unless the error names its seed itself).
//!
//! The clock is read after every operator step and at every `Retry` restart (the points
//! where the interpreter polls its observer), so a run stops at most one operator step
//! after its budget ends; the error says which step ran last and how many restarts there
//! were, and the most frequent reason for them.

use crate::dungeon::Dungeon;
use crate::engine::{GenError, State, StepLabel};
use crate::interpreter::Observer;
use crate::operator::Writes;
use crate::ruleset::{Resolved, RuleSet};
use std::time::{Duration, Instant};

/// An observer that ends the run once `limit` has passed (and passes everything on to
/// `inner`).
struct Budget<'a, O> {
    inner: &'a mut O,
    limit: Duration,
    start: Instant,
    /// Where the run was when the budget ended.
    at: Option<String>,
    restarts: u64,
    causes: Vec<u32>,
}

impl<O: Observer> Budget<'_, O> {
    fn over(&self) -> bool {
        self.at.is_none() && self.start.elapsed() > self.limit
    }
}

impl<O: Observer> Observer for Budget<'_, O> {
    fn before_step(&mut self, label: &StepLabel, writes: Writes<'_>, st: &State) {
        self.inner.before_step(label, writes, st);
    }
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.inner.after_step(label, st);
        if self.over() {
            let name = if label.name == label.kind {
                String::new()
            } else {
                format!(" `{}`", label.name)
            };
            self.at = Some(format!(
                "after the step {}{name} at {}",
                label.kind, label.at
            ));
        }
    }
    fn restarted(&mut self, failure: u32) {
        self.inner.restarted(failure);
        self.restarts += 1;
        let i = failure as usize;
        if i >= self.causes.len() {
            self.causes.resize(i + 1, 0);
        }
        self.causes[i] += 1;
        if self.over() {
            self.at = Some("at a Retry restart".into());
        }
    }
    fn cancelled(&mut self) -> bool {
        self.at.is_some() || self.inner.cancelled()
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
/// (which step ran last, how many restarts there were and the most frequent cause).
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
    let mut b = Budget {
        inner,
        limit: Duration::from_secs_f64(limit),
        start: Instant::now(),
        at: None,
        restarts: 0,
        causes: Vec::new(),
    };
    let r = rs.generate_resolved_with(s, params, &mut b);
    match (r, b.at.take()) {
        (Err(GenError::Cancelled), Some(at)) => {
            let mut m = format!(
                "seed {s}: stopped by --timeout {limit} s after {:.2} s, {at}, with {} \
                 restart{} so far",
                b.start.elapsed().as_secs_f64(),
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
        (r, _) => r.map_err(|e| message(s, &e)),
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
