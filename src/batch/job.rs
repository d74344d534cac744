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
use crate::stats::{Adder, Aggregate, Measurer, Sample, StatsSpec};
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
    /// The rule set that runs (`rs`, or the one a selecting `rs` chose): the dungeons a
    /// summary drops go back to it ([`RuleSet::recycle`]).
    chosen: &'a RuleSet,
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
            chosen,
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

    /// A worker's state: for measure expressions, and the measuring buffers it keeps from
    /// one seed to the next.
    pub fn worker(&self) -> Worker {
        Worker {
            st: self.extra.scope.state(),
            measurer: Measurer::new(),
            spare: Buffers::default(),
        }
    }

    /// Generate and measure seed `s`: the dungeon, its measures, its restarts per failure
    /// point, its tallies and the generation time in seconds (the names of its measures
    /// and tallies interned in `w`'s [`Worker::names`]). The buffers of the result come
    /// from `w` (given back with [`Worker::recycle`], the next seed reuses them).
    pub fn run(&self, s: u64, w: &mut Worker) -> Result<Measured, String> {
        let t = Instant::now();
        let mut spare = std::mem::take(&mut w.spare);
        spare.causes.0.clear();
        let d = super::budget::generate_with(
            self.rs,
            s,
            &self.params,
            self.timeout,
            &mut spare.causes,
        )?;
        let secs = t.elapsed().as_secs_f64();
        let mut sample = spare.sample;
        w.measurer.measure_into(&d, &self.spec, &mut sample);
        if !self.extra.is_empty() {
            self.extra
                .add(&mut w.st, &d, &mut sample)
                .map_err(|e| format!("seed {s}: {e}"))?;
            w.measurer.add_ids(&sample);
        }
        let mut tallies = spare.tallies;
        tallies.clear();
        for x in &d.tallies {
            let id = w.measurer.intern(&[&x.kind, ": ", &x.reason]);
            tallies.push((id, x.count as u64));
        }
        Ok(Measured {
            causes: spare.causes,
            d,
            sample,
            tallies,
            secs,
        })
    }

    /// The summary of `seeds`, in parallel (on the current rayon pool), calling `tick`
    /// after each seed. The same whatever the number of threads, except the times.
    /// Each dungeon goes back to the rule set once measured ([`RuleSet::recycle`]).
    pub fn summary(&self, seeds: &[u64], tick: &(dyn Fn() + Sync)) -> Aggregate {
        let recycle = |_, r: Result<Dungeon, String>| {
            if let Ok(d) = r {
                self.chosen.recycle(d);
            }
        };
        self.summary_keeping(seeds, tick, recycle).0
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
        // the state boxed: a fold moves it from seed to seed, a pointer instead of kilobytes
        type Acc<T> = Box<(Adder, Worker, Vec<(usize, T)>)>;
        let start = || Box::new((Adder::new(self.aggregate()), self.worker(), Vec::new()));
        let step = |mut acc: Acc<T>, (i, &s): (usize, &u64)| {
            let (agg, w, kept) = &mut *acc;
            let r = match self.run(s, w) {
                Ok(m) => {
                    let ids = w.measurer.ids();
                    agg.add(&m.sample, ids, m.restarts(), &m.tallies, m.secs);
                    Ok(w.recycle(m))
                }
                Err(e) => {
                    agg.fail(s, super::budget::one_line(&e));
                    Err(e)
                }
            };
            kept.push((i, keep(s, r)));
            tick();
            acc
        };
        // one thread: on the calling thread, with no pool to hand the work to and back
        let (mut total, mut kept) = if one_thread() {
            let (agg, w, kept) = *seeds.iter().enumerate().fold(start(), step);
            (agg.finish(w.names(), &self.causes), kept)
        } else {
            seeds
                .par_iter()
                .enumerate()
                .fold(start, step)
                .map(|acc| {
                    let (agg, w, kept) = *acc;
                    (agg.finish(w.names(), &self.causes), kept)
                })
                .reduce(
                    || (self.aggregate(), Vec::new()),
                    |(mut a, mut ka), (b, mut kb)| {
                        a.merge(&b);
                        ka.append(&mut kb);
                        (a, ka)
                    },
                )
        };
        total.wall_s = started.elapsed().as_secs_f64();
        kept.sort_unstable_by_key(|k| k.0);
        (total, kept.into_iter().map(|k| k.1).collect())
    }
}

/// Whether rayon would run work handed to it here on one thread: the size of the pool this
/// runs in, or, outside any pool, `RAYON_NUM_THREADS=1` (read as rayon reads it), found
/// without building the global pool (a thread started and stopped for nothing).
fn one_thread() -> bool {
    if rayon::current_thread_index().is_none() {
        let env = std::env::var("RAYON_NUM_THREADS").ok();
        if env.and_then(|s| s.parse::<usize>().ok()) == Some(1) {
            return true;
        }
    }
    rayon::current_num_threads() == 1
}

/// One generated and measured dungeon.
pub struct Measured {
    /// The dungeon.
    pub d: Dungeon,
    /// Its measures and lint problems.
    pub sample: Sample,
    /// Its tallies `(id, count)`, by the id of `kind: reason` in the worker's
    /// [`Worker::names`].
    pub tallies: Vec<(u32, u64)>,
    /// Its generation time, seconds.
    pub secs: f64,
    /// Its restarts per failure point (the buffer [`Worker::recycle`] keeps).
    causes: RestartCauses,
}

impl Measured {
    /// Its restarts per failure point (labelled by [`Job::causes`]; past its end, failure
    /// points it does not name).
    pub fn restarts(&self) -> &[u32] {
        &self.causes.0
    }
}

/// A worker thread's state for [`Job::run`]: the measure expressions' state and the
/// buffers kept from one seed to the next.
pub struct Worker {
    /// The state measure expressions run in.
    pub st: State,
    measurer: Measurer,
    /// The buffers of the last result given back.
    spare: Buffers,
}

/// The buffers of a [`Measured`] besides its dungeon.
#[derive(Default)]
struct Buffers {
    sample: Sample,
    tallies: Vec<(u32, u64)>,
    causes: RestartCauses,
}

impl Worker {
    /// Every measure and tally name of the results so far, by id.
    pub fn names(&self) -> &crate::stats::Names {
        self.measurer.names()
    }

    /// Keep a result's buffers (its sample, restarts and tallies) for the next seed, and
    /// give its dungeon back.
    pub fn recycle(&mut self, m: Measured) -> Dungeon {
        self.spare = Buffers {
            sample: m.sample,
            tallies: m.tallies,
            causes: m.causes,
        };
        m.d
    }
}

/// Counts the restarts of one generation per failure point (growing as needed: a selecting
/// rule set reports the failure points of the rule set it chose).
#[derive(Default)]
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
