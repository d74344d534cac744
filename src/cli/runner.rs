//! Generating and measuring many seeds in parallel (rayon), shared by `stats`, `lint` and
//! `search`: the rule set chosen for the parameters, its measure spec and extra measures,
//! the restart causes of each run, and a progress bar (indicatif) that appears once a run
//! has taken a second and standard error is a terminal.
//!
//! Each worker thread keeps its own summary, measure state and buffers; nothing is locked
//! per dungeon (the progress bar's counter is one atomic add), and summaries merge at the
//! end in a fixed way, so the result does not depend on the number of threads.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use undercroft::engine::state::State;
use undercroft::ruleset::Resolved;
use undercroft::stats::expr::Extra;
use undercroft::stats::{measure, Aggregate, Sample, StatsSpec};
use undercroft::{Dungeon, RuleSet};

/// One rule set with one parameter set, ready to measure seeds.
pub(crate) struct Job<'a> {
    pub rs: &'a RuleSet,
    pub params: Resolved,
    pub raw: Vec<String>,
    pub timeout: Option<f64>,
    pub spec: StatsSpec,
    pub extra: Extra,
    /// `Require ... at file:line:col` per failure point of the rule set that runs.
    pub causes: Vec<String>,
}

impl<'a> Job<'a> {
    /// Check `raw` parameters for `rs` and prepare (the message on failure).
    pub(crate) fn new(
        rs: &'a RuleSet,
        raw: &[String],
        timeout: Option<f64>,
    ) -> Result<Job<'a>, String> {
        let given = super::common::parse_params(raw)?;
        let params = rs.resolve(&given).map_err(|e| e.to_string())?;
        let (chosen, _) = rs.pick(&given).map_err(|e| e.to_string())?;
        let extra = chosen.measures()?;
        let causes = chosen
            .failure_points()
            .iter()
            .map(|f| format!("{} at {}", f.what, f.at))
            .collect();
        Ok(Job {
            rs,
            params,
            raw: raw.to_vec(),
            timeout,
            spec: chosen.stats.clone(),
            extra,
            causes,
        })
    }

    /// An empty summary for this job.
    pub(crate) fn aggregate(&self) -> Aggregate {
        let params = self
            .raw
            .iter()
            .filter_map(|r| r.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        Aggregate::new(&self.rs.name, params)
    }

    /// A worker's state for measure expressions.
    pub(crate) fn state(&self) -> State {
        self.extra.scope.state()
    }

    /// Generate and measure seed `s`: the dungeon, its measures, its restart causes
    /// `(label, count)`, its tallies and the generation time in seconds.
    pub(crate) fn run(&self, s: u64, st: &mut State) -> Result<Measured, String> {
        let t = Instant::now();
        let mut causes = RestartCauses(Vec::new());
        let d = super::budget::generate_with(self.rs, s, &self.params, self.timeout, &mut causes)?;
        let secs = t.elapsed().as_secs_f64();
        let mut sample = measure(&d, &self.spec);
        if !self.extra.is_empty() {
            self.extra
                .add(st, &d, &mut sample)
                .map_err(|e| format!("seed {s}: {e}"))?;
        }
        let restarts = causes
            .0
            .iter()
            .enumerate()
            .filter(|c| *c.1 > 0)
            .map(|(i, &n)| {
                let label = self
                    .causes
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("failure point {i} of the chosen rule set"));
                (label, n as u64)
            })
            .collect();
        let tallies = d
            .tallies
            .iter()
            .map(|t| (format!("{}: {}", t.kind, t.reason), t.count as u64))
            .collect();
        Ok(Measured {
            d,
            sample,
            restarts,
            tallies,
            secs,
        })
    }

    /// The summary of seeds `first..first + count`, in parallel.
    pub(crate) fn summary(&self, first: u64, count: u64) -> Aggregate {
        let started = Instant::now();
        let progress = Progress::new(count);
        // the seeds are streamed, never collected (`--count` may be 10^9)
        let mut total = (0..count)
            .into_par_iter()
            .filter_map(|i| first.checked_add(i))
            .fold(
                || (self.aggregate(), self.state()),
                |(mut agg, mut st), s| {
                    match self.run(s, &mut st) {
                        Ok(m) => agg.add(&m.sample, &m.restarts, &m.tallies, m.secs),
                        Err(e) => agg.fail(s, super::common::one_line(&e)),
                    }
                    progress.tick();
                    (agg, st)
                },
            )
            .map(|(agg, _)| agg)
            .reduce(
                || self.aggregate(),
                |mut a, b| {
                    a.merge(&b);
                    a
                },
            );
        progress.finish();
        total.wall_s = started.elapsed().as_secs_f64();
        total
    }
}

/// Seeds `first..first + count` (fewer if `u64::MAX` is reached) in blocks of at most
/// `block`, in order: a long run is handled a block at a time, never collected whole.
pub(crate) fn blocks(first: u64, count: u64, block: u64) -> impl Iterator<Item = Vec<u64>> {
    (0..count.div_ceil(block.max(1)))
        .map(move |b| {
            let from = b * block;
            (from..count.min(from + block))
                .map_while(|i| first.checked_add(i))
                .collect::<Vec<u64>>()
        })
        .take_while(|b| !b.is_empty())
}

/// One generated and measured dungeon.
pub(crate) struct Measured {
    pub d: Dungeon,
    pub sample: Sample,
    pub restarts: Vec<(String, u64)>,
    pub tallies: Vec<(String, u64)>,
    pub secs: f64,
}

/// A progress bar on standard error, shown once the run has taken a second.
pub(crate) struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
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
            terminal: std::io::stderr().is_terminal(),
        }
    }

    pub(crate) fn tick(&self) {
        self.bar.inc(1);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Counts the restarts of one generation per failure point (growing as needed: a selecting
/// rule set reports the failure points of the rule set it chose).
pub(crate) struct RestartCauses(pub Vec<u32>);

impl undercroft::engine::interpreter::Observer for RestartCauses {
    fn restarted(&mut self, failure: u32) {
        let i = failure as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += 1;
    }
}
