//! Where output goes and how pictures are made: standard output (a failed write kept and
//! reported at the end) or a file, ASCII and PNG pictures, and saved Dungeon JSON read back
//! for `render` (the same renderers, so the same pictures as `generate`).

use clap::ValueEnum;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::export::Scale;
use undercroft::Dungeon;

/// `--color`: when ASCII pictures are coloured.
#[derive(Clone, Copy, ValueEnum, PartialEq)]
pub enum When {
    Auto,
    Always,
    Never,
}

/// Where the PNG of seed `seed` goes: `out`, or `out`'s name with `-SEED` when there are
/// `many` pictures.
pub fn png_path(out: &Path, seed: u64, many: bool) -> PathBuf {
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

/// The PNG zoom `--scale` asks for: one whole factor 1..=16 (`3`, or `3x3`); none = 1.
pub fn png_zoom(scale: Option<Scale>) -> Result<u32, ExitCode> {
    match scale {
        None => Ok(1),
        Some(Scale { x, y }) if x == y && (1..=16).contains(&x) => Ok(x),
        Some(Scale { x, y }) => {
            eprintln!(
                "error: --scale {x}x{y}: for png, --scale is one zoom factor 1..=16 (pixels per \
                 pixel of the default picture), e.g. --scale 3"
            );
            Err(ExitCode::from(2))
        }
    }
}

/// Write `d` as a PNG at `zoom`, saying why on failure.
pub fn write_png(d: &Dungeon, path: &Path, zoom: u32) -> Result<(), ExitCode> {
    let written = undercroft::render::png::encode(d, zoom)
        .and_then(|b| undercroft::output::write(path, &b).map_err(|e| e.to_string()));
    written.map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// The ASCII picture of `d` (with room interiors when `interiors`), one blank line after it.
pub fn ascii(d: &Dungeon, interiors: bool, colour: bool) -> String {
    if interiors {
        undercroft::render::interiors::floor_with_interiors(d) + "\n"
    } else {
        undercroft::render::ascii::floor_plan(d, colour) + "\n"
    }
}

/// The first failed write to standard output that is not a closed pipe.
static STDOUT_ERROR: std::sync::Mutex<Option<std::io::Error>> = std::sync::Mutex::new(None);

/// Remember a failed write to standard output (the first one; a closed pipe, as after
/// `| head`, is not a failure).
pub fn stdout_failed(e: std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return;
    }
    let e = undercroft::output::plain(e);
    let mut first = STDOUT_ERROR.lock().unwrap_or_else(|p| p.into_inner());
    if first.is_none() {
        *first = Some(e);
    }
}

/// The program's exit status: `code`, unless a write to standard output failed (then an
/// error naming it and the reason, and failure).
pub fn finish_stdout(code: ExitCode) -> ExitCode {
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
    let failed = STDOUT_ERROR
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take();
    match failed {
        Some(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            ExitCode::FAILURE
        }
        None => code,
    }
}

/// Where a command's text goes: standard output, or a file written safely
/// ([`undercroft::output`]).
pub enum Sink {
    /// Standard output.
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
    /// `-o FILE`.
    File(undercroft::output::Out, PathBuf),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(w, _) => w.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::File(w, _) => w.flush(),
        }
    }
}

impl Sink {
    /// The exit status after write error `e`, said on standard error (a closed standard
    /// output ends the command quietly).
    pub fn failed(&self, e: std::io::Error) -> ExitCode {
        match self {
            Sink::Stdout(_) => stdout_failed(e),
            Sink::File(_, p) => eprintln!(
                "error: cannot write {}: {}",
                p.display(),
                undercroft::output::plain(e)
            ),
        }
        ExitCode::FAILURE
    }

    /// Complete the output (flush; a file is renamed into place).
    pub fn finish(self) -> Result<(), ExitCode> {
        match self {
            Sink::Stdout(mut w) => w.flush().map_err(|e| {
                stdout_failed(e);
                ExitCode::FAILURE
            }),
            Sink::File(w, p) => w.finish().map_err(|e| {
                eprintln!("error: cannot write {}: {e}", p.display());
                ExitCode::FAILURE
            }),
        }
    }
}

/// Standard output, or `output` when given.
pub fn sink(output: Option<&Path>) -> Result<Sink, ExitCode> {
    Ok(match output {
        Some(f) => match undercroft::output::create(f) {
            Ok(o) => Sink::File(o, f.to_path_buf()),
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", f.display());
                return Err(ExitCode::FAILURE);
            }
        },
        None => Sink::Stdout(std::io::BufWriter::new(std::io::stdout().lock())),
    })
}

/// Whether to colour ASCII output.
pub fn use_colour(color: When, output: Option<&Path>, ascii: bool) -> bool {
    match color {
        When::Always => true,
        When::Never => false,
        When::Auto => output.is_none() && std::io::stdout().is_terminal() && ascii,
    }
}

/// The dungeons of a JSON-lines file (`-`: standard input); blank lines are skipped.
pub fn read_dungeons(input: &Path) -> Result<Vec<Dungeon>, ExitCode> {
    let name = input.display().to_string();
    let kind = undercroft::input::Kind::Dungeons;
    let text = if name == "-" {
        undercroft::input::read_stdin(kind)
    } else {
        undercroft::input::read_text(input, kind)
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
            Ok(d) => {
                if let Err(e) = d.check() {
                    eprintln!(
                        "error: {name}:{}: not a Dungeon this version draws: {e}",
                        i + 1
                    );
                    return Err(ExitCode::FAILURE);
                }
                out.push(d)
            }
            Err(e) => {
                eprintln!(
                    "error: {name}:{}:{}: not a Dungeon JSON object: {}",
                    i + 1,
                    e.column(),
                    undercroft::dungeon::check::json_words(&e.to_string())
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
