//! Generation off the UI thread, on the shared [`Runner`] loop (one thread waits for saves,
//! one reloads and generates): the UI sends [`Request`]s and receives [`Update`]s. Requests
//! queued while a generation runs are collapsed: the newest wins, the others are never
//! generated.

use super::runner::{Done, Event, Runner};
use crate::dungeon::Dungeon;
use crate::engine::GenError;
use crate::interpreter::{NoTrace, Stoppable};
use crate::ruleset::{Diagnostics, Params, RuleSet, Trace};
use std::path::Path;
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The seed.
    pub seed: u64,
    /// The parameters.
    pub params: Params,
    /// Record the state after every step.
    pub traced: bool,
}

/// What the worker produced.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // a few per second at most; boxing buys nothing
pub enum Update {
    /// A dungeon of the current rule set.
    Generated {
        /// The request it answers (the newest one when it started).
        request: u64,
        /// The rule set used.
        rules: Arc<RuleSet>,
        /// The dungeon.
        dungeon: Dungeon,
        /// Its step trace, when asked for.
        trace: Option<Trace>,
        /// Generation time.
        elapsed: Duration,
        /// Set when a save caused this: when the debounced batch was released.
        saved: Option<Instant>,
    },
    /// The rule set loaded but generation failed (bad parameter, Retry budget spent).
    Failed {
        /// The request it answers.
        request: u64,
        /// The rule set used.
        rules: Arc<RuleSet>,
        /// The error.
        message: String,
    },
    /// A save broke the rule set; the last good dungeon stays.
    Broken {
        /// What is wrong.
        diagnostics: Diagnostics,
        /// When the file was saved, if known.
        saved: Option<Instant>,
    },
}

/// Handle on the background threads ([`Runner`]); dropping it stops them.
pub struct Worker {
    runner: Runner<Request>,
    /// Results, in the order they were made.
    pub updates: Receiver<Update>,
}

impl Worker {
    /// Load `root`, watch its files (debounced by `quiet`) and answer `first`.
    ///
    /// # Errors
    /// When file watching cannot start.
    pub fn start(root: &Path, quiet: Duration, first: Request) -> notify::Result<Worker> {
        let (utx, updates) = channel::<Update>();
        let runner = Runner::start(root, quiet, first, move |ev| {
            let update = match ev {
                Event::Broken { diagnostics, saved } => Update::Broken { diagnostics, saved },
                Event::Run {
                    id,
                    rules,
                    job,
                    saved,
                    newer,
                } => match generate_until(rules, id, job, saved, newer) {
                    Some(u) => u,
                    None => return Done::Cancelled,
                },
            };
            match utx.send(update) {
                Ok(()) => Done::Finished,
                Err(_) => Done::Stop,
            }
        })?;
        Ok(Worker { runner, updates })
    }

    /// Ask for a dungeon; returns the request's number. Earlier requests still queued are
    /// dropped.
    pub fn request(&mut self, r: Request) -> u64 {
        self.runner.request(r)
    }

    /// The number of the newest request.
    pub fn newest(&self) -> u64 {
        self.runner.newest()
    }
}

/// Generate `req` with `rules`, timing it.
pub fn generate(rules: &Arc<RuleSet>, id: u64, req: &Request, saved: Option<Instant>) -> Update {
    generate_until(rules, id, req, saved, || false).expect("never cancelled")
}

/// [`generate`], cancelled (`None`) as soon as `newer()` returns true between two steps.
pub fn generate_until(
    rules: &Arc<RuleSet>,
    id: u64,
    req: &Request,
    saved: Option<Instant>,
    newer: impl FnMut() -> bool,
) -> Option<Update> {
    let t = Instant::now();
    let result = if req.traced {
        let mut obs = Stoppable {
            inner: Trace::default(),
            stop: newer,
        };
        rules
            .generate_with(req.seed, &req.params, &mut obs)
            .map(|d| (d, Some(obs.inner)))
    } else {
        let mut obs = Stoppable {
            inner: NoTrace,
            stop: newer,
        };
        rules
            .generate_with(req.seed, &req.params, &mut obs)
            .map(|d| (d, None))
    };
    let elapsed = t.elapsed();
    Some(match result {
        Err(GenError::Cancelled) => return None,
        Ok((dungeon, trace)) => Update::Generated {
            request: id,
            rules: rules.clone(),
            dungeon,
            trace,
            elapsed,
            saved,
        },
        Err(e) => Update::Failed {
            request: id,
            rules: rules.clone(),
            message: e.to_string(),
        },
    })
}
