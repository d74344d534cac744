//! Generation off the UI thread. One thread waits for saves ([`FileWatch`]), one reloads
//! and generates; the UI sends [`Request`]s and receives [`Update`]s. Requests queued while
//! a generation runs are collapsed: the newest wins, the others are never generated.

use super::reload::{Live, Reload};
use super::watch::FileWatch;
use crate::dungeon::Dungeon;
use crate::engine::interpreter::{NoTrace, Stoppable};
use crate::engine::GenError;
use crate::ruleset::{Diagnostics, Params, RuleSet, Trace};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread;
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

enum Msg {
    Saved(Instant),
    Request(u64, Request),
}

/// Handle on the background threads; dropping it stops them.
pub struct Worker {
    tx: Sender<Msg>,
    /// Results, in the order they were made.
    pub updates: Receiver<Update>,
    next: u64,
    stop: Arc<AtomicBool>,
    sent: Arc<AtomicU64>,
}

impl Worker {
    /// Load `root`, watch its files (debounced by `quiet`) and answer `first`.
    ///
    /// # Errors
    /// When file watching cannot start.
    pub fn start(root: &Path, quiet: Duration, first: Request) -> notify::Result<Worker> {
        let watch = Arc::new(FileWatch::new(quiet)?);
        let (tx, rx) = channel::<Msg>();
        let (utx, updates) = channel::<Update>();
        let stop = Arc::new(AtomicBool::new(false));
        // Counts every message sent to the generator thread: a change while it generates
        // means newer work is waiting, and the running generation is cancelled.
        let sent = Arc::new(AtomicU64::new(0));
        {
            let (watch, tx, stop, sent) = (watch.clone(), tx.clone(), stop.clone(), sent.clone());
            thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if watch.next_batch(Duration::from_millis(100)).is_some() {
                        sent.fetch_add(1, Ordering::SeqCst);
                        if tx.send(Msg::Saved(Instant::now())).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        let seen_by_worker = sent.clone();
        let root = root.to_path_buf();
        thread::spawn(move || {
            let mut live = Live::open(&root);
            let _ = watch.set_files(&live.files());
            if let Some(d) = &live.diagnostics {
                let _ = utx.send(Update::Broken {
                    diagnostics: d.clone(),
                    saved: None,
                });
            }
            let mut current: Option<(u64, Request)> = None;
            let mut redo = false;
            while let Ok(first) = rx.recv() {
                // drain: the newest request wins, saves are merged
                let mut saved = None;
                let mut fresh = None;
                for m in std::iter::once(first).chain(rx.try_iter()) {
                    match m {
                        Msg::Saved(t) => saved = Some(t),
                        Msg::Request(id, r) => fresh = Some((id, r)),
                    }
                }
                let mut regenerate = fresh.is_some() || std::mem::take(&mut redo);
                if let Some(f) = fresh {
                    current = Some(f);
                }
                if saved.is_some() {
                    match live.reload() {
                        Reload::Unchanged => {}
                        Reload::Loaded(_) => regenerate = true,
                        Reload::Broken(d) => {
                            let _ = utx.send(Update::Broken {
                                diagnostics: d,
                                saved,
                            });
                        }
                    }
                    let _ = watch.set_files(&live.files());
                }
                let (Some(rules), Some((id, req)), true) = (&live.rules, &current, regenerate)
                else {
                    continue;
                };
                let mark = seen_by_worker.load(Ordering::SeqCst);
                let newer = || seen_by_worker.load(Ordering::SeqCst) != mark;
                match generate_until(rules, *id, req, saved, newer) {
                    // Newer work arrived: handle it, and generate again afterwards.
                    None => redo = true,
                    Some(update) => {
                        if utx.send(update).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut w = Worker {
            tx,
            updates,
            next: 0,
            stop,
            sent,
        };
        w.request(first);
        Ok(w)
    }

    /// Ask for a dungeon; returns the request's number. Earlier requests still queued are
    /// dropped.
    pub fn request(&mut self, r: Request) -> u64 {
        self.next += 1;
        self.sent.fetch_add(1, Ordering::SeqCst);
        let _ = self.tx.send(Msg::Request(self.next, r));
        self.next
    }

    /// The number of the newest request.
    pub fn newest(&self) -> u64 {
        self.next
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
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
