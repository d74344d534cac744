//! `undercroft stats`: many seeds in parallel, distributions and timing.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

pub fn run(
    rules: &PathBuf,
    (count, seed): (u64, u64),
    raw: &[String],
    timeout: Option<f64>,
) -> ExitCode {
    let Some(rs) = super::common::load(rules) else {
        return ExitCode::FAILURE;
    };
    let params = match super::common::parse_params(raw) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // Parameters are checked and `File` parameters read once for every seed.
    let params = match rs.resolve(&params) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let done = AtomicU64::new(0);
    let progress = std::io::stderr().is_terminal();
    let started = Instant::now();
    let n_fail = rs.failure_points().len();
    type Row = (
        usize,
        BTreeMap<String, usize>,
        u32,
        f64,
        Vec<u32>,
        Vec<(String, String, u32)>,
    );
    let results: Vec<Result<Row, String>> = super::common::seeds(seed, count)
        .collect::<Vec<u64>>()
        .into_par_iter()
        .map(|s| {
            let t = Instant::now();
            let mut causes = RestartCauses(vec![0; n_fail]);
            let r = super::budget::generate_with(&rs, s, &params, timeout, &mut causes);
            let secs = t.elapsed().as_secs_f64();
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if progress && n % 1000 == 0 {
                eprint!("\r{n}/{count} dungeons");
            }
            r.map(|d| {
                let mut kinds = BTreeMap::new();
                for room in &d.rooms {
                    *kinds.entry(room.kind.clone()).or_insert(0) += 1;
                }
                let tallies = d
                    .tallies
                    .into_iter()
                    .map(|t| (t.kind, t.reason, t.count))
                    .collect();
                (d.rooms.len(), kinds, d.attempts, secs, causes.0, tallies)
            })
        })
        .collect();
    if progress {
        eprintln!();
    }
    let wall = started.elapsed().as_secs_f64();
    let mut failures = 0;
    let mut failed: Vec<&str> = Vec::new();
    let mut rooms: BTreeMap<usize, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut attempts: Vec<u32> = Vec::new();
    let mut times: Vec<f64> = Vec::new();
    let mut causes = vec![0u64; n_fail];
    let mut tallies: BTreeMap<(String, String), u64> = BTreeMap::new();
    for r in &results {
        match r {
            Ok((n, k, a, t, c, ts)) => {
                for (kind, reason, c) in ts {
                    *tallies.entry((kind.clone(), reason.clone())).or_insert(0) += *c as u64;
                }
                if causes.len() < c.len() {
                    causes.resize(c.len(), 0);
                }
                for (sum, n) in causes.iter_mut().zip(c) {
                    *sum += *n as u64;
                }
                *rooms.entry(*n).or_insert(0) += 1;
                for (name, c) in k {
                    let e = kinds.entry(name.clone()).or_insert((0, 0));
                    e.0 += 1;
                    e.1 += c;
                }
                attempts.push(*a);
                times.push(*t);
            }
            Err(e) => {
                failed.push(e.as_str());
                failures += 1;
            }
        }
    }
    let ok = attempts.len();
    outln!(
        "{}: {count} seed{} from {seed}, {ok} generated, {failures} failed, {wall:.2} s wall",
        rs.name,
        if count == 1 { "" } else { "s" }
    );
    if !failed.is_empty() {
        // every failed seed with its error, in seed order (at most MAX_LISTED lines)
        const MAX_LISTED: usize = 100;
        outln!("failed seeds:");
        for e in failed.iter().take(MAX_LISTED) {
            outln!("  {}", super::common::one_line(e));
        }
        if failed.len() > MAX_LISTED {
            outln!("  ... and {} more", failed.len() - MAX_LISTED);
        }
    }
    if ok == 0 {
        return ExitCode::FAILURE;
    }
    outln!("rooms per dungeon:");
    for (n, c) in &rooms {
        outln!("  {n:>4}  {:>6.2}%", 100.0 * *c as f64 / ok as f64);
    }
    outln!("room kinds (share of dungeons with one, mean count):");
    for (k, (with, total)) in &kinds {
        outln!(
            "  {k:<14} {:>6.2}%  {:>6.2}",
            100.0 * *with as f64 / ok as f64,
            *total as f64 / ok as f64
        );
    }
    let never: Vec<&str> = rs
        .kinds
        .iter()
        .filter(|k| k.theme && !kinds.contains_key(&k.name))
        .map(|k| k.name.as_str())
        .collect();
    if !never.is_empty() {
        outln!("themes never given (requirements that turned them down, times over all dungeons):");
        for name in never {
            let why: Vec<String> = rs
                .tallies
                .iter()
                .filter(|(k, _)| k == name)
                .filter_map(|key| {
                    let n = tallies.get(key).copied().unwrap_or(0);
                    (n > 0).then(|| format!("`{}` {n}", key.1))
                })
                .collect();
            if why.is_empty() {
                outln!("  {name:<14} never drawn");
            } else {
                outln!("  {name:<14} {}", why.join(", "));
            }
        }
    }
    attempts.sort_unstable();
    let mean_a = attempts.iter().map(|&a| a as f64).sum::<f64>() / ok as f64;
    outln!(
        "attempts (restarts): mean {mean_a:.2}, median {}, max {}",
        attempts[ok / 2],
        attempts[ok - 1]
    );
    let restarts: u64 = causes.iter().sum();
    if restarts > 0 {
        outln!("restart causes (share of {restarts} restarts):");
        let mut by: Vec<(usize, u64)> = causes
            .iter()
            .copied()
            .enumerate()
            .filter(|c| c.1 > 0)
            .collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (i, n) in by {
            let share = 100.0 * n as f64 / restarts as f64;
            match rs.failure_points().get(i) {
                Some(f) => outln!("  {share:>6.2}%  {} at {}", f.what, f.at),
                // a selecting rule set: the chosen rule set's failure point number
                None => outln!("  {share:>6.2}%  failure point {i} of the chosen rule set"),
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let mean_t = times.iter().sum::<f64>() / ok as f64;
    outln!(
        "time per dungeon: mean {:.1} µs, median {:.1} µs, p99 {:.1} µs",
        mean_t * 1e6,
        times[ok / 2] * 1e6,
        times[(ok * 99 / 100).min(ok - 1)] * 1e6
    );
    if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Counts the restarts of one generation per failure point (growing as needed: a selecting
/// rule set reports the failure points of the rule set it chose).
struct RestartCauses(Vec<u32>);

impl undercroft::engine::interpreter::Observer for RestartCauses {
    fn restarted(&mut self, failure: u32) {
        let i = failure as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += 1;
    }
}
