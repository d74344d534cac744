//! A progress bar (indicatif) for the commands that generate many seeds: it appears once a
//! run has taken a second and standard error is a terminal. A tick is nothing when standard
//! error is not a terminal, else one atomic add (and, until the bar shows, a look at the
//! clock at ticks 1, 2, 4, ... and every [`CHECK_EVERY`]).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Ticks between two looks at the clock while the bar is not shown (past the first ones:
/// ticks 1, 2, 4, ..., so that a slow run's bar shows soon after a second all the same).
const CHECK_EVERY: u64 = 64;

/// A progress bar on standard error, shown once the run has taken a second.
pub(crate) struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
    /// Ticks before the bar was shown (it is told them when it shows).
    early: AtomicU64,
    terminal: bool,
}

impl Progress {
    pub(crate) fn new(count: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} dungeons, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            early: AtomicU64::new(0),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    pub(crate) fn tick(&self) {
        if !self.terminal {
            return;
        }
        if self.shown.load(Ordering::Relaxed) {
            self.bar.inc(1);
            return;
        }
        let n = self.early.fetch_add(1, Ordering::Relaxed) + 1;
        if (n.is_multiple_of(CHECK_EVERY) || n.is_power_of_two())
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            // the ticks so far (a tick of another thread in between may be left out)
            self.bar.inc(self.early.load(Ordering::Relaxed));
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
