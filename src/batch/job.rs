//! Generating and measuring many seeds in parallel (rayon), shared by `stats`, `lint` and
//! `search` and the Python package: the rule set chosen for the parameters, its measure
//! spec and extra measures, the restart causes of each run, and the summary of a seed list.
//!
//! Each worker thread keeps its own summary, measure state and buffers; nothing is locked
//! per dungeon (the caller's `tick` is called once per seed, e.g. one atomic add of a
//! progress bar), and summaries merge at the end in a fixed way, so the result does not
//! depend on the number of threads.

use std::time::Instant;

use crate::dungeon::Dungeon;
use crate::engine::state::State;
use crate::ruleset::{Params, Resolved, RuleSet};
use crate::stats::expr::Extra;
use crate::stats::{measure, Aggregate, Sample, StatsSpec};
use rayon::prelude::*;

/// Seeds `first`, `first + 1`, ... (`count` of them, fewer if `u64::MAX` is reached).
pub fn seeds(first: u64, count: u64) -> impl Iterator<Item = u64> {
    (0..count).map_while(move |i| first.checked_add(i))
}

/// [`seeds`] in blocks of at most `block`, in order: a long run (`--count 1000000000`) is
/// handled a block at a time, never collected whole.
pub fn blocks(first: u64, count: u64, block: u64) -> impl Iterator<Item = Vec<u64>> {
    let block = block.max(1);
    (0..count.div_ceil(block))
        .map(move |b| {
            let from = b * block;
            (from..count.min(from + block))
                .map_while(|i| first.checked_add(i))
                .collect::<Vec<u64>>()
        })
        .take_while(|b| !b.is_empty())
}

/// One rule set with one parameter set, ready to measure seeds.
pub struct Job<'a> {
    /// The rule set.
    pub rs: &'a RuleSet,
    /// Its parameters, checked.
    pub params: Resolved,
    /// The parameters as given (`NAME=VALUE`), as the summary names them.
    pub raw: Vec<String>,
    /// The time budget of each generation, seconds.
    pub timeout: Option<f64>,
    /// The measures declared by the rule set that runs (a selecting rule set's choice).
    pub spec: StatsSpec,
    /// Its extra measures (measure expressions).
    pub extra: Extra,
    /// `Require ... at file:line:col` per failure point of the rule set that runs.
    pub causes: Vec<String>,
}

impl<'a> Job<'a> {
    /// Check `raw` parameters (`NAME=VALUE`) for `rs` and prepare.
    ///
    /// # Errors
    /// A malformed pair, an unknown or out-of-range parameter, or a measure expression that
    /// does not compile (the message).
    pub fn new(rs: &'a RuleSet, raw: &[String], timeout: Option<f64>) -> Result<Job<'a>, String> {
        let given = Params::from_pairs(raw)?;
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
    pub fn aggregate(&self) -> Aggregate {
        let params = self
            .raw
            .iter()
            .filter_map(|r| r.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        Aggregate::new(&self.rs.name, params)
    }

    /// A worker's state for measure expressions.
    pub fn state(&self) -> State {
        self.extra.scope.state()
    }

    /// Generate and measure seed `s`: the dungeon, its measures, its restart causes
    /// `(label, count)`, its tallies and the generation time in seconds.
    pub fn run(&self, s: u64, st: &mut State) -> Result<Measured, String> {
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

    /// The summary of `seeds`, in parallel (on the current rayon pool), calling `tick`
    /// after each seed. The same whatever the number of threads, except the times.
    pub fn summary(&self, seeds: &[u64], tick: &(dyn Fn() + Sync)) -> Aggregate {
        self.summary_keeping(seeds, tick, |_, _| ()).0
    }

    /// [`Job::summary`], also keeping `keep(seed, result)` of every seed (the dungeon, or
    /// its failure's message), in the order of `seeds`: one generation serves both.
    pub fn summary_keeping<T: Send>(
        &self,
        seeds: &[u64],
        tick: &(dyn Fn() + Sync),
        keep: impl Fn(u64, Result<Dungeon, String>) -> T + Sync,
    ) -> (Aggregate, Vec<T>) {
        let started = Instant::now();
        let (mut total, mut kept) = seeds
            .par_iter()
            .enumerate()
            .fold(
                || (self.aggregate(), self.state(), Vec::new()),
                |(mut agg, mut st, mut kept), (i, &s)| {
                    let r = match self.run(s, &mut st) {
                        Ok(m) => {
                            agg.add(&m.sample, &m.restarts, &m.tallies, m.secs);
                            Ok(m.d)
                        }
                        Err(e) => {
                            agg.fail(s, super::budget::one_line(&e));
                            Err(e)
                        }
                    };
                    kept.push((i, keep(s, r)));
                    tick();
                    (agg, st, kept)
                },
            )
            .map(|(agg, _, kept)| (agg, kept))
            .reduce(
                || (self.aggregate(), Vec::new()),
                |(mut a, mut ka), (b, mut kb)| {
                    a.merge(&b);
                    ka.append(&mut kb);
                    (a, ka)
                },
            );
        total.wall_s = started.elapsed().as_secs_f64();
        kept.sort_unstable_by_key(|k| k.0);
        (total, kept.into_iter().map(|k| k.1).collect())
    }
}

/// One generated and measured dungeon.
pub struct Measured {
    /// The dungeon.
    pub d: Dungeon,
    /// Its measures and lint problems.
    pub sample: Sample,
    /// Its restart causes `(label, count)`, those that restarted.
    pub restarts: Vec<(String, u64)>,
    /// Its tallies `("kind: reason", count)`.
    pub tallies: Vec<(String, u64)>,
    /// Its generation time, seconds.
    pub secs: f64,
}

/// Counts the restarts of one generation per failure point (growing as needed: a selecting
/// rule set reports the failure points of the rule set it chose).
pub struct RestartCauses(pub Vec<u32>);

impl crate::interpreter::Observer for RestartCauses {
    fn restarted(&mut self, failure: u32) {
        let i = failure as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += 1;
    }
}
