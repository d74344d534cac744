//! Command-line front end: parses arguments with clap and calls the library.

/// `println!` that does not panic on a failed write: a closed standard output (e.g.
/// `undercroft ... | head`) is ignored, any other failure (a full disk) is kept and ends the
/// program with an error ([`output::stdout_failed`]).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($t)*) {
            crate::undercroft_cli::output::stdout_failed(e);
        }
    }};
}

mod check;
mod common;
mod editors;
mod format;
mod generate;
mod lint;
mod ops;
pub(crate) mod output;
mod pcg;
mod preview;
mod progress;
mod render;
mod report;
mod run_args;
mod search;
mod serve;
mod stats;
mod writer;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// undercroft — a data-driven dungeon generator. Rule files (RON) describe a dungeon style;
/// this program runs them.
///
/// Start with:
///   undercroft generate rules/isaac/flash.ron --seed 1 --param level=3
///   undercroft check rules/isaac/flash.ron
///   undercroft stats rules/isaac/flash.ron --count 10000
///   undercroft preview rules/diablo/cathedral.ron
///   undercroft serve rules/diablo/cathedral.ron --open
///   undercroft render saved.json --format png -o saved.png
///
/// Shipped rule sets: rules/isaac/{flash,demo,flash-rooms,labyrinth,rebirth}.ron,
/// rules/diablo/{diablo,cathedral,cathedral_worn,catacombs,caves,hell}.ron (diablo.ron runs
/// every level 1-16: --param level=N), rules/examples/*.ron. docs/authoring.md teaches
/// writing your own.
#[derive(Parser)]
#[command(name = "undercroft", version, verbatim_doc_comment)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate dungeons from a rule set and print them.
    ///
    /// Seeds N..N+K-1 are generated with --count K. The same rules, seed and parameters
    /// always give the same dungeon.
    Generate(generate::Args),
    /// Draw saved dungeons without their rule files: Dungeon JSON, one object a line, as
    /// `generate --format json` writes it. Gives the same pictures as `generate` for the same
    /// seed.
    Render(render::Args),
    /// Check rule files and list their parameters; exits non-zero on any problem.
    Check(check::Args),
    /// Generate many seeds in parallel and report every measure's distribution.
    ///
    /// Measures (docs/stats.md has the full list): rooms, doors, dead_ends, room_cells,
    /// boss_distance (doors from the `start` room to the `boss` room), stairs_distance
    /// (steps between the first two markers over walkable tiles), regions (connected
    /// walkable regions), walkable (tiles), markers, attempts, problems (lint findings),
    /// rooms by kind and by shape, floor area by tile class, the rule file's own measures
    /// (`stats: Stats(measures: [...])`); then the lint checks, every restart cause as a
    /// share of all restarts, and generation time percentiles.
    ///
    /// Compare two settings over the same seeds:
    ///   undercroft stats rules/isaac/rebirth.ron --vs-param big_removal=0
    ///   undercroft stats rules/isaac/flash.ron --vs rules/isaac/demo.ron
    /// A `*` marks a difference larger than its noise: Welch's t-test on the two means,
    /// |t| > 3.3 (two-sided p < 0.001).
    ///
    /// Shard a big run and merge the parts (docs/stats.md has GNU parallel, Slurm and
    /// Kubernetes recipes); the merge equals one run over all the seeds:
    ///   undercroft stats R.ron --seed 1 --count 5000 --format json > a.json
    ///   undercroft stats R.ron --seed 5001 --count 5000 --format json > b.json
    ///   undercroft stats --merge a.json b.json
    #[command(verbatim_doc_comment)]
    Stats(stats::Args),
    /// Check many seeds for broken levels: walkable floor in several regions, markers
    /// (stairs) unreachable from each other, rooms unreachable from the start, required
    /// markers missing. One line per problem, `seed N: CHECK: detail`; exits 1 if any.
    ///
    /// The checks read the generated dungeon and never change it. Which tiles are
    /// walkable and which markers are required is the rule file's
    /// `stats: Stats(walkable: ..., markers: [...])` (docs/stats.md).
    #[command(verbatim_doc_comment)]
    Lint(lint::Args),
    /// Print the seeds whose dungeon satisfies a condition over the measures, in seed
    /// order (generated in parallel), stopping after --limit.
    ///
    ///   undercroft search rules/isaac/flash.ron -p level=6 \
    ///       --where 'boss_distance >= 7 && count(library) > 0' --limit 5
    ///
    /// EXPR is the rule files' expression language over the measures of `stats`: rooms,
    /// doors, dead_ends, boss_distance, stairs_distance, regions, problems, ...; a family
    /// member is written with `_` (kind_boss, shape_2x2, area_floor); count(KIND) counts
    /// rooms of a kind. Every printed seed regenerates (same rules and parameters) to a
    /// dungeon that satisfies EXPR.
    #[command(verbatim_doc_comment)]
    Search(search::Args),
    /// Live preview in the terminal: redraws on every save of any file of the rule set,
    /// keeps the last good dungeon beside the diagnostics of a broken save, and steps
    /// through the trace. Keys are listed on the bottom line (q quits).
    Preview(preview::Args),
    /// Browser preview: a local web page with a gallery of seeds that redraws on every
    /// save, hover details, parameter controls, the trace stepper and the diagnostics of a
    /// broken save. Listens on 127.0.0.1 only, unless --host and --allow-remote say otherwise.
    Serve(serve::Args),
    /// List the operators and expression functions rule files can use; with a NAME, one
    /// operator's parameters, their docs and an example (`undercroft ops FillRect`).
    Ops(ops::Args),
}

/// Run the command, then check that everything written to standard output got there: a
/// failed write is an error naming it and the reason, whatever the command.
pub fn main() -> ExitCode {
    report_panics();
    // the tests' way to see the report (tests/bad_input_table.rs)
    if std::env::var_os("UNDERCROFT_TEST_PANIC").is_some() {
        panic!("a panic asked for by UNDERCROFT_TEST_PANIC");
    }
    let code = run();
    output::finish_stdout(code)
}

/// A panic is a bug: instead of Rust's message and backtrace, say so in a few lines — the
/// version, the command, what went wrong and where, and what to attach to a report.
/// `RUST_BACKTRACE=1` adds Rust's own report after it.
fn report_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown problem".into());
        let at = info
            .location()
            .filter(|l| !l.file().starts_with('/'))
            .map_or(String::new(), |l| format!(" ({}:{})", l.file(), l.line()));
        // the program by its name (not where it is installed), then the arguments
        let command: Vec<String> = std::env::args()
            .enumerate()
            .map(|(i, a)| if i == 0 { "undercroft".into() } else { a })
            .collect();
        eprintln!(
            "error: undercroft {} stopped on an internal error — a bug, not a problem with your \
             files: {what}{at}\n  command: {}\n  Please report it with this message and the \
             files the command names (rule files with the pattern, pool and theme files beside \
             them, or the JSON given to `render`).",
            env!("CARGO_PKG_VERSION"),
            command.join(" ")
        );
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            default(info);
        }
    }));
}

/// Parse the arguments and run the command.
fn run() -> ExitCode {
    match Cli::parse().command {
        Command::Generate(args) => generate::run(args),
        Command::Render(args) => render::run(args),
        Command::Check(args) => check::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Lint(args) => lint::run(args),
        Command::Search(args) => search::run(args),
        Command::Preview(args) => preview::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Ops(args) => ops::run(args),
    }
}
