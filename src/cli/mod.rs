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

mod common;
mod editors;
mod lint;
mod ops;
pub(crate) mod output;
mod pcg;
mod progress;
mod report;
mod run_args;
mod search;
mod serve;
mod stats;

use clap::{Parser, Subcommand, ValueEnum};
use common::{load, one_line, parse_params, seeds};
use output::{ascii, png_path, png_zoom, render_saved, sink, use_colour, write_png, Picture, When};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::export::Scale;
use undercroft::ruleset::diag::render_warnings;
use undercroft::ruleset::Resolved;
use undercroft::RuleSet;

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
    Generate {
        /// The rule file, e.g. rules/isaac/flash.ron.
        rules: PathBuf,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many dungeons (seeds N, N+1, ...; at least 1).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// Set a parameter of the rule set: --param level=3 (repeatable). `undercroft check`
        /// lists the parameters.
        #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Output format: ascii (a picture with a legend), json (one Dungeon object a line),
        /// png (a picture; needs -o FILE, and with --count K each seed gets FILE-SEED.png),
        /// or for level editors (need -o FILE; a tileset picture FILE-tiles.png goes beside):
        /// tmx / tmj (Tiled XML / JSON maps, one per seed, FILE-SEED.tmx with --count K,
        /// sharing the tileset FILE.tsx / FILE.tsj) or ldtk (one LDtk project, a level per
        /// seed). docs/authoring.md describes the layers.
        #[arg(long, value_enum, default_value_t = Format::Ascii)]
        format: Format,
        /// png: zoom, N pixels per pixel of the default picture (1..=16; default 1: 8 px a
        /// tile). tmx, tmj, ldtk: tiles per dungeon cell, N or WxH (default: the style's own,
        /// e.g. its room pools' tiles per cell; one tile per cell for tile styles).
        #[arg(long, value_name = "N|WxH", value_parser = Scale::parse)]
        scale: Option<Scale>,
        /// Write to FILE instead of standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        /// Colour: auto (on a terminal), always, never.
        #[arg(long, value_enum, default_value_t = When::Auto)]
        color: When,
        /// ASCII: draw the whole floor with every room's interior from its layout.
        #[arg(long)]
        interiors: bool,
        /// Stop a generation that runs longer than SECONDS (checked after every operator
        /// step, at every Retry restart and inside long loops); the error says where it
        /// was, and the exit status is non-zero.
        #[arg(long, value_name = "SECONDS", value_parser = run_args::parse_timeout)]
        timeout: Option<f64>,
    },
    /// Draw saved dungeons without their rule files: Dungeon JSON, one object a line, as
    /// `generate --format json` writes it. Gives the same pictures as `generate` for the same
    /// seed.
    Render {
        /// The JSON file; `-` reads standard input.
        input: PathBuf,
        /// Output format: ascii (a picture with a legend), png (needs -o FILE; with several
        /// dungeons each gets FILE-SEED.png), or tmx / tmj / ldtk for the Tiled and LDtk
        /// editors (need -o FILE; see `generate --help`).
        #[arg(long, value_enum, default_value_t = Picture::Ascii)]
        format: Picture,
        /// png: zoom, N pixels per pixel of the default picture (1..=16). tmx, tmj, ldtk:
        /// tiles per dungeon cell, N or WxH (default: the style's own).
        #[arg(long, value_name = "N|WxH", value_parser = Scale::parse)]
        scale: Option<Scale>,
        /// Write to FILE instead of standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        /// Colour: auto (on a terminal), always, never.
        #[arg(long, value_enum, default_value_t = When::Auto)]
        color: When,
        /// ASCII: draw the whole floor with every room's interior from its layout.
        #[arg(long)]
        interiors: bool,
    },
    /// Check rule files and list their parameters; exits non-zero on any problem.
    Check {
        /// Rule files to check.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
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
    Preview {
        /// The rule file, e.g. rules/isaac/flash.ron.
        rules: PathBuf,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// --param NAME=VALUE (repeatable); change them live with tab and +/-.
        #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Also rewrite this PNG on every new dungeon (for an image viewer kept open).
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Milliseconds a save must be quiet before it is reloaded.
        #[arg(long, default_value_t = 15)]
        debounce_ms: u64,
    },
    /// Browser preview: a local web page with a gallery of seeds that redraws on every
    /// save, hover details, parameter controls, the trace stepper and the diagnostics of a
    /// broken save. Listens on 127.0.0.1 only, unless --host and --allow-remote say otherwise.
    Serve(serve::Args),
    /// List the operators and expression functions rule files can use; with a NAME, one
    /// operator's parameters, their docs and an example (`undercroft ops FillRect`).
    Ops {
        /// An operator or control step (e.g. ScatterMiniset, Retry).
        name: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq)]
enum Format {
    Ascii,
    Json,
    Png,
    Tmx,
    Tmj,
    Ldtk,
}

impl Format {
    /// The level-editor format this is, if it is one.
    fn editor(self) -> Option<editors::Editor> {
        match self {
            Format::Tmx => Some(editors::Editor::Tmx),
            Format::Tmj => Some(editors::Editor::Tmj),
            Format::Ldtk => Some(editors::Editor::Ldtk),
            _ => None,
        }
    }
}

/// `generate --format png`: one file per seed.
fn png_files(
    rs: &RuleSet,
    params: &Resolved,
    (seed, count): (u64, u64),
    timeout: Option<f64>,
    output: Option<&Path>,
    scale: Option<Scale>,
) -> ExitCode {
    let Some(out) = output else {
        eprintln!("error: --format png needs -o FILE.png");
        return ExitCode::from(2);
    };
    let zoom = match png_zoom(scale) {
        Ok(z) => z,
        Err(code) => return code,
    };
    let mut failed = false;
    for s in seeds(seed, count) {
        let d = match undercroft::batch::generate(rs, s, params, timeout) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {}", one_line(&e));
                failed = true;
                continue;
            }
        };
        if let Err(code) = write_png(&d, &png_path(out, s, count > 1), zoom) {
            return code;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
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

fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Generate {
            rules,
            seed,
            count,
            params,
            format,
            scale,
            output,
            color,
            interiors,
            timeout,
        } => {
            let Some(rs) = load(&rules) else {
                return ExitCode::FAILURE;
            };
            let params = match parse_params(&params) {
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
            let colour = use_colour(color, output.as_deref(), format == Format::Ascii);
            if format == Format::Png {
                return png_files(
                    &rs,
                    &params,
                    (seed, count),
                    timeout,
                    output.as_deref(),
                    scale,
                );
            }
            if let Some(editor) = format.editor() {
                let mut ds = Vec::new();
                for s in seeds(seed, count) {
                    match undercroft::batch::generate(&rs, s, &params, timeout) {
                        Ok(d) => ds.push(d),
                        Err(e) => {
                            eprintln!("error: {e}");
                            return ExitCode::FAILURE;
                        }
                    }
                }
                let p = undercroft::export::Provenance::of_files(&rs.files);
                return editors::write(&ds, editor, output.as_deref(), scale, &p);
            }
            let mut out = match sink(output.as_deref()) {
                Ok(o) => o,
                Err(code) => return code,
            };
            let mut failed = 0u64;
            for s in seeds(seed, count) {
                match undercroft::batch::generate(&rs, s, &params, timeout) {
                    Ok(d) => {
                        let text = match format {
                            // Written by png_files and editors::write, above.
                            Format::Png | Format::Tmx | Format::Tmj | Format::Ldtk => continue,
                            Format::Json => d.to_json() + "\n",
                            Format::Ascii => ascii(&d, interiors, colour),
                        };
                        if let Err(e) = out.write_all(text.as_bytes()) {
                            return out.failed(e);
                        }
                    }
                    Err(e) => {
                        // one line per failing seed; the other seeds are still generated
                        if let Err(e) = out.flush() {
                            return out.failed(e);
                        }
                        eprintln!("error: {}", one_line(&e));
                        failed += 1;
                    }
                }
            }
            if let Err(code) = out.finish() {
                return code;
            }
            if failed > 0 {
                if count > 1 {
                    eprintln!("error: {failed} of {count} seeds failed");
                }
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Command::Render {
            input,
            format,
            scale,
            output,
            color,
            interiors,
        } => render_saved(&input, format, scale, output.as_deref(), color, interiors),
        Command::Check { rules } => {
            let mut ok = true;
            for r in &rules {
                let loaded = load(r);
                match &loaded {
                    Some(rs) if rs.selects() => {
                        outln!(
                            "{}: ok — {} (selects among {})",
                            r.display(),
                            rs.name,
                            rs.choice_names().join(", ")
                        );
                        for p in &rs.params {
                            outln!("  --param {}=…  {}: {}", p.name, p.describe(), p.doc);
                        }
                        outln!("  and the parameters of the rule set chosen");
                    }
                    Some(rs) => {
                        outln!(
                            "{}: ok — {} ({} operator step{}, grid {}x{})",
                            r.display(),
                            rs.name,
                            rs.step_labels().len(),
                            if rs.step_labels().len() == 1 { "" } else { "s" },
                            rs.width,
                            rs.height
                        );
                        for p in &rs.params {
                            outln!(
                                "  --param {}=…  {}{}",
                                p.name,
                                p.describe(),
                                if p.doc.is_empty() {
                                    String::new()
                                } else {
                                    format!(": {}", p.doc)
                                }
                            );
                        }
                    }
                    None => ok = false,
                }
                if let Some(rs) = &loaded {
                    if !rs.warnings.is_empty() {
                        let colour = std::io::stderr().is_terminal();
                        eprint!("{}", render_warnings(&rs.warnings, colour));
                    }
                }
            }
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Command::Stats(args) if args.metrics.is_some() => match args.rules.as_ref() {
            Some(rules) => pcg::run(
                rules,
                (args.seeds.count, args.seeds.seed),
                &args.generation.params,
            ),
            None => {
                eprintln!("error: --metrics pcg needs a rule file");
                ExitCode::from(2)
            }
        },
        Command::Stats(args) => stats::run(args),
        Command::Lint(args) => lint::run(args),
        Command::Search(args) => search::run(args),
        Command::Preview {
            rules,
            seed,
            params,
            png,
            debounce_ms,
        } => {
            let params = match parse_params(&params) {
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
            if !rules.is_file() {
                eprintln!("error: cannot read rule file {}", rules.display());
                return ExitCode::FAILURE;
            }
            let opts = undercroft::preview::ui::Options {
                rules,
                first: undercroft::preview::app::initial_request(seed, params),
                png,
                quiet: std::time::Duration::from_millis(debounce_ms),
            };
            match undercroft::preview::ui::run(opts) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve(args) => serve::run(args),
        Command::Ops { name } => ops::run(name.as_deref()),
    }
}
