//! The background loop shared by every live front end (the terminal preview's [`Worker`],
//! the browser preview's server): one thread waits for saves ([`FileWatch`]), one reloads
//! ([`Live`]: last good rule set kept) and runs jobs. Jobs queued while one runs are
//! collapsed: the newest wins, the others are never run; a job still running when newer work
//! arrives is told so (`newer()`) and may stop, to be run again afterwards.
//!
//! What a job is and what is done with its result belong to the front end: the loop only
//! calls its handler with [`Event`]s.
//!
//! [`Worker`]: super::worker::Worker

use super::reload::{Live, Reload};
use super::watch::FileWatch;
use crate::ruleset::{Diagnostics, RuleSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// What the loop asks its handler to do.
pub enum Event<'a, J> {
    /// The rule set does not load (at start, or after a save); the last good one stays.
    Broken {
        /// The problems of the current files.
        diagnostics: Diagnostics,
        /// When the save's debounced batch was released (`None` at start).
        saved: Option<Instant>,
    },
    /// Run job number `id` with the current rule set.
    Run {
        /// The job's number (from [`Runner::request`]).
        id: u64,
        /// The current (last good) rule set.
        rules: &'a Arc<RuleSet>,
        /// The job to run.
        job: &'a J,
        /// Set when a save caused this run.
        saved: Option<Instant>,
        /// True as soon as newer work waits (poll it between steps to stop early).
        newer: &'a (dyn Fn() -> bool + Sync),
    },
}

/// What the handler did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    /// Handled.
    Finished,
    /// Stopped early for newer work: run the current job again after it.
    Cancelled,
    /// Nobody listens any more: end the loop.
    Stop,
}

enum Msg<J> {
    Saved(Instant),
    Job(u64, J),
}

/// Handle on the background threads; dropping it stops them.
pub struct Runner<J> {
    tx: Sender<Msg<J>>,
    next: u64,
    stop: Arc<AtomicBool>,
    /// Counts every message sent to the job thread: a change while a job runs means newer
    /// work is waiting.
    sent: Arc<AtomicU64>,
}

impl<J: Send + 'static> Runner<J> {
    /// Load `root`, watch its files (a save is released `quiet` after its last event), and
    /// run `first`, calling `handler` for every [`Event`] on the job thread.
    ///
    /// # Errors
    /// When file watching cannot start.
    pub fn start(
        root: &Path,
        quiet: Duration,
        first: J,
        mut handler: impl FnMut(Event<'_, J>) -> Done + Send + 'static,
    ) -> notify::Result<Runner<J>> {
        let watch = Arc::new(FileWatch::new(quiet)?);
        let (tx, rx) = channel::<Msg<J>>();
        let stop = Arc::new(AtomicBool::new(false));
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
        let seen = sent.clone();
        let root = root.to_path_buf();
        thread::spawn(move || {
            let mut live = Live::open(&root);
            let _ = watch.set_files(&live.files());
            if let Some(d) = &live.diagnostics {
                let ev = Event::Broken {
                    diagnostics: d.clone(),
                    saved: None,
                };
                if handler(ev) == Done::Stop {
                    return;
                }
            }
            let mut current: Option<(u64, J)> = None;
            let mut redo = false;
            while let Ok(first) = rx.recv() {
                // drain: the newest job wins, saves are merged
                let mut saved = None;
                let mut fresh = None;
                for m in std::iter::once(first).chain(rx.try_iter()) {
                    match m {
                        Msg::Saved(t) => saved = Some(t),
                        Msg::Job(id, j) => fresh = Some((id, j)),
                    }
                }
                let mut again = fresh.is_some() || std::mem::take(&mut redo);
                if let Some(f) = fresh {
                    current = Some(f);
                }
                if saved.is_some() {
                    match live.reload() {
                        Reload::Unchanged => {}
                        Reload::Loaded(_) => again = true,
                        Reload::Broken(diagnostics) => {
                            if handler(Event::Broken { diagnostics, saved }) == Done::Stop {
                                return;
                            }
                        }
                    }
                    let _ = watch.set_files(&live.files());
                }
                let (Some(rules), Some((id, job)), true) = (&live.rules, &current, again) else {
                    continue;
                };
                let mark = seen.load(Ordering::SeqCst);
                let newer = || seen.load(Ordering::SeqCst) != mark;
                let ev = Event::Run {
                    id: *id,
                    rules,
                    job,
                    saved,
                    newer: &newer,
                };
                match handler(ev) {
                    Done::Finished => {}
                    Done::Cancelled => redo = true,
                    Done::Stop => return,
                }
            }
        });
        let mut r = Runner {
            tx,
            next: 0,
            stop,
            sent,
        };
        r.request(first);
        Ok(r)
    }

    /// Queue a job; returns its number. Earlier jobs still queued are dropped.
    pub fn request(&mut self, job: J) -> u64 {
        self.next += 1;
        self.sent.fetch_add(1, Ordering::SeqCst);
        let _ = self.tx.send(Msg::Job(self.next, job));
        self.next
    }

    /// The number of the newest job.
    pub fn newest(&self) -> u64 {
        self.next
    }
}

impl<J> Drop for Runner<J> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
