//! `undercroft lint`: generate seeds and report every dungeon that fails a check
//! (`undercroft::stats::lint`), with its seed; the dungeons themselves are not changed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rayon::prelude::*;

use super::progress::Progress;
use super::run_args::{Generation, SeedRange};
use undercroft::batch::Job;
use undercroft::stats::lint::CHECKS;

/// `lint`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The rule file.
    pub rules: PathBuf,
    #[command(flatten)]
    pub seeds: SeedRange,
    #[command(flatten)]
    pub generation: Generation,
}

pub(crate) fn run(args: Args) -> ExitCode {
    if let Err(code) = args.seeds.check() {
        return code;
    }
    let Args {
        rules,
        seeds: SeedRange { count, seed },
        generation: Generation { params, timeout },
    } = args;
    let raw = &params[..];
    let Some(rs) = super::common::load(&rules) else {
        return ExitCode::FAILURE;
    };
    let job = match Job::new(&rs, raw, timeout) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let progress = Progress::new(count);
    let mut by_check = vec![0u64; CHECKS.len()];
    let mut bad = 0u64;
    let mut failed = 0u64;
    // a block of seeds at a time (`--count` may be 10^9), printed in seed order
    for seeds in undercroft::batch::blocks(seed, count, 4096) {
        let found = check_block(&job, &seeds, &progress);
        let look = |s| look(&rules, raw, s);
        report(&found, &look, &mut by_check, &mut bad, &mut failed);
    }
    progress.finish();
    summarise(&rs.name, count, &by_check, bad, failed)
}

/// Per seed of `seeds` with a problem or an error: its problems, or its generation error.
type Found = Vec<(u64, Result<Vec<(String, String)>, String>)>;

fn check_block(job: &Job, seeds: &[u64], progress: &Progress) -> Found {
    seeds
        .par_iter()
        .map_init(
            || job.worker(),
            |w, &s| {
                let r = job.run(s, w).map(|m| -> Vec<(String, String)> {
                    m.sample
                        .problems
                        .into_iter()
                        .map(|p| (p.check, p.detail))
                        .collect()
                });
                progress.tick();
                (s, r)
            },
        )
        .filter(|(_, r)| !matches!(r, Ok(p) if p.is_empty()))
        .collect()
}

/// A command that shows seed `s`, with the parameters it ran with.
fn look(rules: &Path, raw: &[String], s: u64) -> String {
    let mut c = format!("undercroft preview {} --seed {s}", rules.display());
    for p in raw {
        match p.contains(|ch: char| ch.is_whitespace() || "'\"$`\\;&|<>()*?".contains(ch)) {
            true => c += &format!(" --param '{}'", p.replace('\'', "'\\''")),
            false => c += &format!(" --param {p}"),
        }
    }
    c
}

/// Print the problems and errors of one block (each listed seed with the command that shows
/// it), counting them.
fn report(
    found: &Found,
    look: &dyn Fn(u64) -> String,
    by_check: &mut [u64],
    bad: &mut u64,
    failed: &mut u64,
) {
    for (s, r) in found {
        match r {
            Ok(problems) => {
                *bad += 1;
                for (check, detail) in problems {
                    outln!("seed {s}: {check}: {detail}");
                    if let Some(i) = CHECKS.iter().position(|c| c == check) {
                        by_check[i] += 1;
                    }
                }
                outln!("  view it: {}", look(*s));
            }
            Err(e) => {
                *failed += 1;
                eprintln!("error: {}", super::common::one_line(e));
            }
        }
    }
}

/// The last line, and the exit status.
fn summarise(name: &str, count: u64, by_check: &[u64], bad: u64, failed: u64) -> ExitCode {
    let mut summary: Vec<String> = CHECKS
        .iter()
        .zip(by_check)
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    if summary.is_empty() {
        summary.push("no problems".into());
    }
    eprintln!(
        "{}: {bad} of {count} dungeons with problems ({}){}",
        name,
        summary.join(", "),
        if failed > 0 {
            format!(", {failed} failed to generate")
        } else {
            String::new()
        }
    );
    if bad > 0 || failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
