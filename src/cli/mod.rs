//! Command-line front end: parses arguments with clap and calls the library.

/// `println!` that ignores a closed standard output (e.g. `undercroft ... | head`) instead
/// of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

mod stats;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::ruleset::diag::render;
use undercroft::{Dungeon, Params, RuleSet};

/// undercroft — a data-driven dungeon generator. Rule files (RON) describe a dungeon style;
/// this program runs them.
///
/// Start with:
///   undercroft generate rules/isaac/flash.ron --seed 1 --param level=3
///   undercroft check rules/isaac/flash.ron
///   undercroft stats rules/isaac/flash.ron --count 10000
///   undercroft preview rules/diablo/cathedral.ron
///   undercroft render saved.json --format png -o saved.png
///
/// Shipped rule sets: rules/isaac/{flash,demo,flash-rooms,labyrinth,rebirth}.ron,
/// rules/diablo/cathedral.ron, rules/examples/*.ron. docs/authoring.md teaches writing your own.
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
        /// Output format: ascii (a picture with a legend), json (one Dungeon object a line) or
        /// png (a picture; needs -o FILE, and with --count K each seed gets FILE-SEED.png).
        #[arg(long, value_enum, default_value_t = Format::Ascii)]
        format: Format,
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
    /// Draw saved dungeons without their rule files: Dungeon JSON, one object a line, as
    /// `generate --format json` writes it. Gives the same pictures as `generate` for the same
    /// seed.
    Render {
        /// The JSON file; `-` reads standard input.
        input: PathBuf,
        /// Output format: ascii (a picture with a legend) or png (needs -o FILE; with several
        /// dungeons each gets FILE-SEED.png).
        #[arg(long, value_enum, default_value_t = Picture::Ascii)]
        format: Picture,
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
    /// Generate many seeds in parallel and report distributions (rooms, kinds, attempts,
    /// time per dungeon).
    Stats {
        /// The rule file, e.g. rules/isaac/flash.ron.
        rules: PathBuf,
        /// How many seeds (at least 1).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// --param NAME=VALUE (repeatable).
        #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
        params: Vec<String>,
    },
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
        #[arg(long, default_value_t = 30)]
        debounce_ms: u64,
    },
    /// List the operators and expression functions rule files can use.
    Ops,
}

#[derive(Clone, Copy, ValueEnum, PartialEq)]
enum Format {
    Ascii,
    Json,
    Png,
}

/// What `render` draws.
#[derive(Clone, Copy, ValueEnum, PartialEq)]
enum Picture {
    Ascii,
    Png,
}

#[derive(Clone, Copy, ValueEnum, PartialEq)]
enum When {
    Auto,
    Always,
    Never,
}

/// Seeds `first`, `first + 1`, ... (`count` of them, fewer if `u64::MAX` is reached).
pub(crate) fn seeds(first: u64, count: u64) -> impl Iterator<Item = u64> {
    (0..count).map_while(move |i| first.checked_add(i))
}

/// Parse `NAME=VALUE` pairs.
pub(crate) fn parse_params(raw: &[String]) -> Result<Params, String> {
    let mut p = Params::new();
    for r in raw {
        let Some((k, v)) = r.split_once('=') else {
            return Err(format!("--param takes NAME=VALUE, found `{r}`"));
        };
        p = p.set(k.trim(), v.trim());
    }
    Ok(p)
}

/// Load a rule set, printing diagnostics on failure.
pub(crate) fn load(path: &PathBuf) -> Option<RuleSet> {
    match RuleSet::load(path) {
        Ok(r) => Some(r),
        Err(d) => {
            eprint!("{}", render(&d.0, std::io::stderr().is_terminal()));
            None
        }
    }
}

/// Where the PNG of seed `seed` goes: `out`, or `out`'s name with `-SEED` when there are
/// `many` pictures.
fn png_path(out: &Path, seed: u64, many: bool) -> PathBuf {
    if !many {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or("dungeon".into(), |x| x.to_string_lossy());
    let ext = out
        .extension()
        .map_or("png".into(), |x| x.to_string_lossy());
    out.with_file_name(format!("{stem}-{s}.{ext}", s = seed))
}

/// Write `d` as a PNG, saying why on failure.
fn write_png(d: &Dungeon, path: &Path) -> Result<(), ExitCode> {
    undercroft::render::png::write(d, path).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// The ASCII picture of `d` (with room interiors when `interiors`), one blank line after it.
fn ascii(d: &Dungeon, interiors: bool, colour: bool) -> String {
    if interiors {
        undercroft::render::interiors::floor_with_interiors(d) + "\n"
    } else {
        undercroft::render::ascii::floor_plan(d, colour) + "\n"
    }
}

/// Standard output, or `output` when given.
fn sink(output: Option<&Path>) -> Result<Box<dyn Write>, ExitCode> {
    Ok(match output {
        Some(f) => match std::fs::File::create(f) {
            Ok(f) => Box::new(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", f.display());
                return Err(ExitCode::FAILURE);
            }
        },
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    })
}

/// Whether to colour ASCII output.
fn use_colour(color: When, output: Option<&Path>, ascii: bool) -> bool {
    match color {
        When::Always => true,
        When::Never => false,
        When::Auto => output.is_none() && std::io::stdout().is_terminal() && ascii,
    }
}

/// `generate --format png`: one file per seed.
fn png_files(
    rs: &RuleSet,
    params: &Params,
    seed: u64,
    count: u64,
    output: Option<&Path>,
) -> ExitCode {
    let Some(out) = output else {
        eprintln!("error: --format png needs -o FILE.png");
        return ExitCode::from(2);
    };
    for s in seeds(seed, count) {
        let d = match rs.generate(s, params) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: seed {s}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(code) = write_png(&d, &png_path(out, s, count > 1)) {
            return code;
        }
    }
    ExitCode::SUCCESS
}

/// The dungeons of a JSON-lines file (`-`: standard input); blank lines are skipped.
fn read_dungeons(input: &Path) -> Result<Vec<Dungeon>, ExitCode> {
    let name = input.display().to_string();
    let text = if name == "-" {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t).map(|_| t)
    } else {
        std::fs::read_to_string(input)
    };
    let text = text.map_err(|e| {
        eprintln!("error: cannot read {name}: {e}");
        ExitCode::FAILURE
    })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match Dungeon::from_json(line) {
            Ok(d) => out.push(d),
            Err(e) => {
                eprintln!(
                    "error: {name}:{}:{}: not a Dungeon JSON object: {e}",
                    i + 1,
                    e.column()
                );
                return Err(ExitCode::FAILURE);
            }
        }
    }
    if out.is_empty() {
        eprintln!("error: {name} holds no dungeon (expected one Dungeon JSON object a line, as `generate --format json` writes)");
        return Err(ExitCode::FAILURE);
    }
    Ok(out)
}

/// `render`: draw saved dungeons.
fn render_saved(
    input: &Path,
    format: Picture,
    output: Option<&Path>,
    color: When,
    interiors: bool,
) -> ExitCode {
    if format == Picture::Png && output.is_none() {
        eprintln!("error: --format png needs -o FILE.png");
        return ExitCode::from(2);
    }
    let dungeons = match read_dungeons(input) {
        Ok(d) => d,
        Err(code) => return code,
    };
    if format == Picture::Png {
        let out = output.expect("checked above");
        for d in &dungeons {
            if let Err(code) = write_png(d, &png_path(out, d.seed, dungeons.len() > 1)) {
                return code;
            }
        }
        return ExitCode::SUCCESS;
    }
    let colour = use_colour(color, output, true);
    let mut out = match sink(output) {
        Ok(o) => o,
        Err(code) => return code,
    };
    for d in &dungeons {
        if out
            .write_all(ascii(d, interiors, colour).as_bytes())
            .is_err()
        {
            return ExitCode::FAILURE;
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Generate {
            rules,
            seed,
            count,
            params,
            format,
            output,
            color,
            interiors,
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
            if let Err(e) = rs.resolve_params(&params) {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
            let colour = use_colour(color, output.as_deref(), format == Format::Ascii);
            if format == Format::Png {
                return png_files(&rs, &params, seed, count, output.as_deref());
            }
            let mut out = match sink(output.as_deref()) {
                Ok(o) => o,
                Err(code) => return code,
            };
            for s in seeds(seed, count) {
                match rs.generate(s, &params) {
                    Ok(d) => {
                        let text = match format {
                            Format::Png => continue, // written by png_files, above
                            Format::Json => d.to_json() + "\n",
                            Format::Ascii => ascii(&d, interiors, colour),
                        };
                        if out.write_all(text.as_bytes()).is_err() {
                            return ExitCode::FAILURE;
                        }
                    }
                    Err(e) => {
                        let _ = out.flush();
                        eprintln!("error: seed {s}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Command::Render {
            input,
            format,
            output,
            color,
            interiors,
        } => render_saved(&input, format, output.as_deref(), color, interiors),
        Command::Check { rules } => {
            let mut ok = true;
            for r in &rules {
                match load(r) {
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
            }
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Command::Stats {
            rules,
            count,
            seed,
            params,
        } => stats::run(&rules, count, seed, &params),
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
        Command::Ops => {
            outln!("Operators (steps in rule files):");
            outln!(
                "  {:<22} {}",
                "Let",
                "Let(\"name\", \"expression\"): set a variable"
            );
            outln!(
                "  {:<22} {}",
                "Require",
                "Require(\"condition\"): restart the enclosing Retry when false"
            );
            outln!(
                "  {:<22} {}",
                "Check",
                "Check(\"condition\", \"message\"): a Require that explains itself"
            );
            outln!(
                "  {:<22} {}",
                "Retry",
                "Retry(max: N, steps: [...]): run steps until every Require holds"
            );
            outln!(
                "  {:<22} {}",
                "If",
                "If(cond: \"...\", then: [...], else: [...])"
            );
            outln!(
                "  {:<22} {}",
                "ForEach",
                "ForEach(rooms: \"filter\" | list: \"name\" | markers: [...], as: \"r\", steps: [...])"
            );
            outln!(
                "  {:<22} {}",
                "Named",
                "Named(\"name\", step): name a step for patch edits and traces"
            );
            for (name, doc) in undercroft::ops::OPERATORS {
                outln!("  {name:<22} {doc}");
            }
            outln!("\nExpression functions:");
            for doc in undercroft::lang::compile::function_docs() {
                outln!("  {doc}");
            }
            outln!("\nBuilt-in names: rooms (number of rooms), width, height (of the room grid), none (no room)");
            ExitCode::SUCCESS
        }
    }
}
