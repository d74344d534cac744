//! `undercroft stats`: many seeds in parallel, every measure's distribution; `--vs` two
//! settings side by side; `--merge` summaries of shards into one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::progress::Progress;
use super::run_args::{Generation, SeedRange};
use undercroft::batch::Job;
use undercroft::stats::Aggregate;

/// `stats`' arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The rule file, e.g. rules/isaac/flash.ron (not with --merge).
    #[arg(required_unless_present = "merge")]
    pub rules: Option<PathBuf>,
    #[command(flatten)]
    pub seeds: SeedRange,
    #[command(flatten)]
    pub generation: Generation,
    /// text (a table with sparklines) or json (one mergeable summary object; with --vs
    /// {"a": ..., "b": ...}).
    #[arg(long, value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,
    /// Also draw measure NAME as a bar chart (repeatable; e.g. rooms, kind.boss,
    /// time_us).
    #[arg(long, value_name = "NAME")]
    pub hist: Vec<String>,
    /// Compare with this rule file over the same seeds (B; A is RULES).
    #[arg(long, value_name = "RULES")]
    pub vs: Option<PathBuf>,
    /// Compare with these parameters (B = A's --param, then these; repeatable).
    #[arg(long = "vs-param", value_name = "NAME=VALUE")]
    pub vs_params: Vec<String>,
    /// Merge summaries written by `stats --format json` (shards of one rule set and
    /// parameter set) and report them as one run.
    #[arg(long, value_name = "SUMMARY.json", num_args = 1.., conflicts_with_all = ["vs", "vs_params"])]
    pub merge: Vec<PathBuf>,
    /// Instead of the measures: `pcg`, the PCG benchmark's room-map measures (quality,
    /// diversity, controllability, as implemented there and corrected), each floor converted
    /// by `pcg.maps` beside the rule file.
    #[arg(long, value_parser = ["pcg"], conflicts_with_all = ["vs", "vs_params", "merge"])]
    pub metrics: Option<String>,
}

/// `--format` of `stats`.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq)]
pub enum StatsFormat {
    /// A table with sparklines.
    Text,
    /// One mergeable summary object.
    Json,
}

fn summary_of(rules: &Path, req: &Args, params: &[String]) -> Result<Aggregate, ExitCode> {
    let Some(rs) = super::common::load(&rules.to_path_buf()) else {
        return Err(ExitCode::FAILURE);
    };
    // Never freed: the process ends soon after (this runs at most twice), and giving the
    // rule set's many small allocations back one by one cost a few percent of a short run.
    let rs = std::mem::ManuallyDrop::new(rs);
    let job = Job::new(&rs, params, req.generation.timeout).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    let progress = Progress::new(req.seeds.count);
    // a block at a time: `--count` may be 10^9, and the seeds are never collected whole
    let mut summary = job.aggregate();
    for seeds in undercroft::batch::blocks(req.seeds.seed, req.seeds.count, 1 << 16) {
        summary.merge(&job.summary(&seeds, &|| progress.tick()));
    }
    progress.finish();
    Ok(summary)
}

fn read_summary(p: &Path) -> Result<Aggregate, ExitCode> {
    let text =
        undercroft::input::read_text(p, undercroft::input::Kind::StatsShard).map_err(|e| {
            eprintln!("error: cannot read {}: {e}", p.display());
            ExitCode::FAILURE
        })?;
    Aggregate::from_json(text.trim()).map_err(|e| {
        eprintln!(
            "error: {} is not a summary written by `stats --format json`: {e}",
            p.display()
        );
        ExitCode::FAILURE
    })
}

/// Run `stats`: the PCG metrics with `--metrics pcg` ([`super::pcg`]), the merge of
/// summaries with `--merge`, else the measures of one run or of two compared.
pub(crate) fn run(req: Args) -> ExitCode {
    if let Err(code) = req.seeds.check() {
        return code;
    }
    if req.metrics.is_some() {
        let Some(rules) = req.rules.as_ref() else {
            eprintln!("error: --metrics pcg needs a rule file");
            return ExitCode::from(2);
        };
        let seeds = (req.seeds.count, req.seeds.seed);
        return super::pcg::run(rules, seeds, &req.generation.params);
    }
    match run_inner(&req) {
        Ok(code) | Err(code) => code,
    }
}

fn run_inner(req: &Args) -> Result<ExitCode, ExitCode> {
    if !req.merge.is_empty() {
        let mut all: Option<Aggregate> = None;
        for p in &req.merge {
            let a = read_summary(p)?;
            match &mut all {
                None => all = Some(a),
                Some(m) => {
                    if let Err(e) = m.merge_shard(&a) {
                        eprintln!("error: {} {e}", p.display());
                        return Err(ExitCode::from(2));
                    }
                }
            }
        }
        let all = all.expect("--merge has at least one file");
        return Ok(print(&all, req));
    }
    let Some(rules) = req.rules.as_deref() else {
        eprintln!("error: stats needs a rule file (or --merge SUMMARY.json ...)");
        return Err(ExitCode::from(2));
    };
    let a = summary_of(rules, req, &req.generation.params)?;
    if req.vs.is_none() && req.vs_params.is_empty() {
        return Ok(print(&a, req));
    }
    let mut b_params = req.generation.params.to_vec();
    for p in &req.vs_params {
        let key = p.split_once('=').map_or(p.as_str(), |x| x.0).trim();
        b_params.retain(|q| q.split_once('=').map_or(q.as_str(), |x| x.0).trim() != key);
        b_params.push(p.clone());
    }
    let b = summary_of(req.vs.as_deref().unwrap_or(rules), req, &b_params)?;
    if req.format == StatsFormat::Json {
        let j = serde_json::json!({"a": a, "b": b});
        outln!("{j}");
    } else {
        outln!("{}", super::report::vs(&a, &b).trim_end());
    }
    Ok(exit(&a).max_failure(exit(&b)))
}

fn print(a: &Aggregate, req: &Args) -> ExitCode {
    if req.format == StatsFormat::Json {
        outln!("{}", a.to_json());
    } else {
        outln!("{}", super::report::one(a, &req.hist).trim_end());
    }
    exit(a)
}

fn exit(a: &Aggregate) -> ExitCode {
    if a.generated == 0 || !a.failures.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

trait Worst {
    fn max_failure(self, other: ExitCode) -> ExitCode;
}

impl Worst for ExitCode {
    fn max_failure(self, other: ExitCode) -> ExitCode {
        if self == ExitCode::SUCCESS {
            other
        } else {
            self
        }
    }
}
