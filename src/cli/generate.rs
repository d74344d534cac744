//! `undercroft generate`: dungeons from a rule set, one seed after the other, written as
//! `--format` asks ([`super::format`]).

use super::common::{load, parse_params, seeds};
use super::format::OutputArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use undercroft::export::Provenance;
use undercroft::ruleset::Resolved;
use undercroft::RuleSet;

/// `generate`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The rule file, e.g. rules/isaac/flash.ron.
    pub rules: PathBuf,
    /// The first seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::run_args::parse_seed)]
    pub seed: u64,
    /// How many dungeons (seeds N, N+1, ...; at least 1).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Set a parameter of the rule set: --param level=3 (repeatable). `undercroft check`
    /// lists the parameters.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Stop a generation that runs longer than SECONDS (checked after every operator
    /// step, at every Retry restart and inside long loops); the error says where it
    /// was, and the exit status is non-zero.
    #[arg(long, value_name = "SECONDS", value_parser = super::run_args::parse_timeout)]
    pub timeout: Option<f64>,
}

/// Generate seeds `seed..seed + count` and write them. Exit status 2 for bad arguments
/// (parameters, output options), failure when the rules do not load or a seed fails (each
/// failing seed says why on one line; the others are still written).
pub fn run(args: Args) -> ExitCode {
    if let Err(code) = super::run_args::check_seed_range(args.seed, args.count) {
        return code;
    }
    let Some(rs) = load(&args.rules) else {
        return ExitCode::FAILURE;
    };
    let params = match resolve(&rs, &args.params) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(code) = args.output.check() {
        return code;
    }
    if let Err(code) = args
        .output
        .refuse_inputs(&rs.files, "a file of the rule set")
    {
        return code;
    }
    let dungeons = seeds(args.seed, args.count)
        .map(|s| undercroft::batch::generate(&rs, s, &params, args.timeout));
    // the editor files name the rule files they came from
    let provenance = if args.output.format.is_editor() {
        Provenance::of_files(&rs.files)
    } else {
        Provenance::default()
    };
    match args.output.write(dungeons, args.count > 1, &provenance) {
        Err(code) => code,
        Ok(0) => ExitCode::SUCCESS,
        Ok(failed) => {
            if args.count > 1 {
                eprintln!("error: {failed} of {} seeds failed", args.count);
            }
            ExitCode::FAILURE
        }
    }
}

/// The `--param` pairs checked against the rule set, `File` parameters read (once for
/// every seed).
fn resolve(rs: &RuleSet, raw: &[String]) -> Result<Resolved, String> {
    let params = parse_params(raw)?;
    rs.resolve(&params).map_err(|e| e.to_string())
}
