//! `undercroft lint`: generate seeds and report every dungeon that fails a check
//! (`undercroft::stats::lint`), with its seed; the dungeons themselves are not changed.

use std::path::PathBuf;
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
    let seeds: Vec<u64> = super::common::seeds(seed, count).collect();
    // per seed: its problems, or its generation error (small: collected in seed order)
    let found: Vec<(u64, Result<Vec<(String, String)>, String>)> = seeds
        .par_iter()
        .map_init(
            || job.state(),
            |st, &s| {
                let r = job.run(s, st).map(|m| -> Vec<(String, String)> {
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
        .collect();
    progress.finish();
    let mut by_check = vec![0u64; CHECKS.len()];
    let mut bad = 0u64;
    let mut failed = 0u64;
    // a command that shows a listed seed, with the parameters it ran with
    let look = |s: u64| {
        let mut c = format!("undercroft preview {} --seed {s}", rules.display());
        for p in raw {
            match p.contains(|ch: char| ch.is_whitespace() || "'\"$`\\;&|<>()*?".contains(ch)) {
                true => c += &format!(" --param '{}'", p.replace('\'', "'\\''")),
                false => c += &format!(" --param {p}"),
            }
        }
        c
    };
    for (s, r) in &found {
        match r {
            Ok(problems) => {
                bad += 1;
                for (check, detail) in problems {
                    outln!("seed {s}: {check}: {detail}");
                    if let Some(i) = CHECKS.iter().position(|c| c == check) {
                        by_check[i] += 1;
                    }
                }
                outln!("  view it: {}", look(*s));
            }
            Err(e) => {
                failed += 1;
                eprintln!("error: {}", super::common::one_line(e));
            }
        }
    }
    let mut summary: Vec<String> = CHECKS
        .iter()
        .zip(&by_check)
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    if summary.is_empty() {
        summary.push("no problems".into());
    }
    eprintln!(
        "{}: {bad} of {count} dungeons with problems ({}){}",
        rs.name,
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
