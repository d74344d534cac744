//! `undercroft preview`: the live terminal preview (`undercroft::preview`) of a rule file.

use super::common::parse_params;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// `preview`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The rule file, e.g. rules/isaac/flash.ron.
    pub rules: PathBuf,
    /// The first seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::run_args::parse_seed)]
    pub seed: u64,
    /// --param NAME=VALUE (repeatable); change them live with tab and +/-.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Also rewrite this PNG on every new dungeon (for an image viewer kept open).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Milliseconds a save must be quiet before it is reloaded.
    #[arg(long, default_value_t = 15)]
    pub debounce_ms: u64,
}

/// Run the preview until the user quits. Exit status 2 for bad parameters or when
/// standard output is not a terminal, failure when the rule file cannot be read or the
/// terminal fails.
pub fn run(args: Args) -> ExitCode {
    let params = match parse_params(&args.params) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if !std::io::stdout().is_terminal() {
        eprintln!("error: the preview draws on a terminal, and standard output is not one (use `generate`, or run it in a terminal or tmux)");
        return ExitCode::from(2);
    }
    if !args.rules.is_file() {
        eprintln!("error: cannot read rule file {}", args.rules.display());
        return ExitCode::FAILURE;
    }
    let opts = undercroft::preview::ui::Options {
        rules: args.rules,
        first: undercroft::preview::app::initial_request(args.seed, params),
        png: args.png,
        quiet: std::time::Duration::from_millis(args.debounce_ms),
    };
    match undercroft::preview::ui::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
