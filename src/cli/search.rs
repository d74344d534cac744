//! `undercroft search RULES --where EXPR`: the seeds whose dungeon satisfies a condition
//! over the measures, in seed order, generated in parallel blocks; stops after `--limit`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;

use super::run_args::Generation;
use undercroft::batch::Job;
use undercroft::engine::value::Type;
use undercroft::lang::CompileError;
use undercroft::stats::expr::holds;

/// `search`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The rule file.
    pub rules: PathBuf,
    /// The condition, e.g. 'boss_distance >= 7 && count(library) > 0'.
    #[arg(long = "where", value_name = "EXPR")]
    pub expr: String,
    /// Stop after this many seeds.
    #[arg(long, default_value_t = 10)]
    pub limit: u64,
    /// The first seed tried.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::run_args::parse_seed)]
    pub seed: u64,
    /// Try at most this many seeds (at least 1; default 1,000,000: a condition no seed meets
    /// still ends).
    #[arg(long, default_value_t = DEFAULT_COUNT, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    #[command(flatten)]
    pub generation: Generation,
    /// seeds (one a line) or json (each found dungeon's JSON line).
    #[arg(long, value_enum, default_value_t = SearchFormat::Seeds)]
    pub format: SearchFormat,
}

/// `--format` of `search`.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq)]
pub enum SearchFormat {
    /// One seed a line.
    Seeds,
    /// Each found dungeon's JSON line.
    Json,
}

/// `error: ...` with the expression and a caret line under the span.
pub(crate) fn show_errors(expr: &str, errs: &[CompileError]) {
    for e in errs {
        let start = expr[..e.span.0.min(expr.len())].chars().count();
        let len = expr[e.span.0.min(expr.len())..e.span.1.min(expr.len())]
            .chars()
            .count()
            .max(1);
        eprintln!("error: {} (--where, column {})", e.message, start + 1);
        eprintln!("  {expr}");
        eprintln!(
            "  {}{}{}",
            " ".repeat(start),
            "^".repeat(len),
            e.help.as_ref().map_or(String::new(), |h| format!(" {h}"))
        );
    }
}

/// Seeds tried without `--count`.
pub const DEFAULT_COUNT: u64 = 1_000_000;

/// Seeds per parallel block: big enough to keep both cores busy, small enough to stop soon
/// after the limit.
const BLOCK: u64 = 256;

pub(crate) fn run(req: Args) -> ExitCode {
    let json = req.format == SearchFormat::Json;
    let Some(rs) = super::common::load(&req.rules) else {
        return ExitCode::FAILURE;
    };
    let job = match Job::new(&rs, &req.generation.params, req.generation.timeout) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let scope = &job.extra.scope;
    let pred = match scope.compile(&req.expr, Type::Bool) {
        Ok(p) => p,
        Err(errs) => {
            show_errors(&req.expr, &errs);
            eprintln!(
                "the measures: {}; count(KIND) counts rooms of a kind",
                scope.names().join(", ")
            );
            return ExitCode::from(2);
        }
    };
    let end = req.seed.saturating_add(req.count);
    let mut found = 0u64;
    let mut failed = 0u64;
    let mut next = req.seed;
    let mut out = std::io::stdout().lock();
    while found < req.limit && next < end {
        let block: Vec<u64> = (next..end.min(next.saturating_add(BLOCK))).collect();
        next = next.saturating_add(BLOCK);
        let hits: Vec<(u64, Result<Option<String>, String>)> = block
            .par_iter()
            .map_init(
                || job.worker(),
                |w, &s| {
                    let r = job.run(s, w).and_then(|m| {
                        let yes = holds(scope, &mut w.st, &pred, &m.d, &m.sample)
                            .map_err(|e| format!("seed {s}: {e}"))?;
                        Ok(yes.then(|| if json { m.d.to_json() } else { s.to_string() }))
                    });
                    (s, r)
                },
            )
            .filter(|(_, r)| !matches!(r, Ok(None)))
            .collect();
        for (_, r) in hits {
            match r {
                Ok(Some(line)) if found < req.limit => {
                    found += 1;
                    if let Err(e) = writeln!(out, "{line}") {
                        // a closed pipe (`| head -1`) has what it wanted
                        let closed = e.kind() == std::io::ErrorKind::BrokenPipe;
                        super::output::stdout_failed(e);
                        return if closed {
                            ExitCode::SUCCESS
                        } else {
                            ExitCode::FAILURE
                        };
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    failed += 1;
                    eprintln!("error: {}", super::common::one_line(&e));
                }
            }
        }
        if let Err(e) = out.flush() {
            super::output::stdout_failed(e);
            return ExitCode::FAILURE;
        }
    }
    if found < req.limit {
        eprintln!(
            "{found} seed{} found in {}..{} (fewer than --limit {}; --count {} seeds were tried, \
             a larger --count tries more)",
            if found == 1 { "" } else { "s" },
            req.seed,
            end.min(next).saturating_sub(1),
            req.limit,
            req.count
        );
    }
    if failed > 0 || found == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
