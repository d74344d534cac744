//! Reading input files: the one function every reader of the crate goes through, so that no
//! input can block the program or fill its memory.
//!
//! - Only regular files are read (symbolic links are followed to one). A directory, a named
//!   pipe (FIFO), a device (`/dev/zero`, `/dev/urandom`) or a socket is refused with a
//!   message saying what it is; a FIFO is opened without waiting for a writer.
//! - Each [`Kind`] of file has a size limit ([`Kind::limit`]); a bigger file is refused with
//!   a message naming the limit, without reading past it.
//! - Text must be UTF-8; an invalid byte is reported by line and column.
//!
//! Standard input (`-`) is read with the same limits ([`read_stdin`]); so is a tile grid
//! named [`STDIN`] (`--param piece=/dev/stdin` fed by a pipe: the user's explicit choice,
//! unlike a FIFO met where a file was expected).

use std::fs::File;
use std::io::{Error, ErrorKind, Read};
use std::path::Path;

/// What a file is read as; each has its own size limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A rule file (RON), also through `extends` and `select`.
    Rules,
    /// A pattern file (`.pat`).
    Pattern,
    /// A room-pool file (`.pool`).
    Pool,
    /// A theme table (`.themes`).
    Themes,
    /// A tile grid named by a `File` parameter (e.g. `setpiece=`).
    TileGrid,
    /// Saved Dungeon JSON (`render`'s input).
    Dungeons,
    /// A `stats --format json` shard (`stats --merge`).
    StatsShard,
    /// Measured maps for `stats --metrics pcg`.
    Maps,
    /// A file of the rule set's folder sent by `serve`.
    Served,
}

const MIB: u64 = 1 << 20;

impl Kind {
    /// The largest file of this kind read, in bytes: rule, pattern, pool and theme files
    /// 1 MiB (the largest shipped one is under 32 KiB), tile grids 64 MiB, Dungeon JSON
    /// 256 MiB, stats shards and measured maps 64 MiB, files sent by `serve` 8 MiB.
    pub fn limit(self) -> u64 {
        match self {
            Kind::Rules | Kind::Pattern | Kind::Pool | Kind::Themes => MIB,
            Kind::TileGrid | Kind::StatsShard | Kind::Maps => 64 * MIB,
            Kind::Dungeons => 256 * MIB,
            Kind::Served => 8 * MIB,
        }
    }

    /// What the file is, in a message ("rule file", ...).
    pub fn what(self) -> &'static str {
        match self {
            Kind::Rules => "rule file",
            Kind::Pattern => "pattern file",
            Kind::Pool => "pool file",
            Kind::Themes => "theme table",
            Kind::TileGrid => "tile grid",
            Kind::Dungeons => "Dungeon JSON file",
            Kind::StatsShard => "stats file",
            Kind::Maps => "maps file",
            Kind::Served => "served file",
        }
    }
}

/// What a non-regular file is, for messages.
fn not_regular(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Open `path` for reading without blocking on a FIFO.
fn open(path: &Path) -> std::io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK);
    }
    o.open(path)
}

/// Read at most `kind`'s limit from `r`; `Err` naming the limit when there is more.
fn read_bounded(r: impl Read, kind: Kind) -> std::io::Result<Vec<u8>> {
    let limit = kind.limit();
    let mut bytes = Vec::new();
    r.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, the limit for a {}",
                limit / MIB,
                kind.what()
            ),
        ));
    }
    Ok(bytes)
}

/// The bytes of the regular file `path` (module doc).
///
/// # Errors
/// The file cannot be opened, is not a regular file (the message says what it is), or is
/// larger than `kind`'s limit.
pub fn read(path: &Path, kind: Kind) -> std::io::Result<Vec<u8>> {
    read_plain(path, kind).map_err(crate::output::plain)
}

/// The path a tile grid ([`Kind::TileGrid`]) names to be read from standard input.
pub const STDIN: &str = "/dev/stdin";

fn read_plain(path: &Path, kind: Kind) -> std::io::Result<Vec<u8>> {
    if kind == Kind::TileGrid && path == Path::new(STDIN) {
        return read_bounded(std::io::stdin().lock(), kind);
    }
    let f = open(path)?;
    let t = f.metadata()?.file_type();
    if !t.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{}, not a regular file", not_regular(t)),
        ));
    }
    read_bounded(f, kind)
}

/// `bytes` as UTF-8 text; the error gives the line and column of the first invalid byte.
fn text(bytes: Vec<u8>) -> std::io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        Error::new(
            ErrorKind::InvalidData,
            format!("not UTF-8 text: an invalid byte at line {line}, column {column}"),
        )
    })
}

/// The text of the regular file `path` (module doc).
///
/// # Errors
/// As [`read`], and text that is not UTF-8 (with the line and column of the first invalid
/// byte).
pub fn read_text(path: &Path, kind: Kind) -> std::io::Result<String> {
    text(read(path, kind)?)
}

/// Standard input as text, within `kind`'s limit.
///
/// # Errors
/// As [`read_text`].
pub fn read_stdin(kind: Kind) -> std::io::Result<String> {
    text(read_bounded(std::io::stdin().lock(), kind)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("undercroft-input-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn regular_files_within_the_limit_only() {
        let d = scratch("kinds");
        let f = d.join("r.ron");
        std::fs::write(&f, "abc").unwrap();
        assert_eq!(read_text(&f, Kind::Rules).unwrap(), "abc");
        let e = read_text(&d, Kind::Rules).unwrap_err().to_string();
        assert_eq!(e, "a directory, not a regular file");
        let big = d.join("big.pat");
        std::fs::write(&big, vec![b'x'; (MIB + 1) as usize]).unwrap();
        let e = read_text(&big, Kind::Pattern).unwrap_err().to_string();
        assert_eq!(e, "larger than 1 MiB, the limit for a pattern file");
        std::fs::write(&big, vec![b'x'; MIB as usize]).unwrap();
        assert_eq!(read_text(&big, Kind::Pattern).unwrap().len(), MIB as usize);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let d = scratch("fifo");
        let p = d.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here
        }
        let e = read_text(&p, Kind::Rules).unwrap_err().to_string();
        assert_eq!(e, "a named pipe (FIFO), not a regular file");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_device_is_refused() {
        let e = read(Path::new("/dev/zero"), Kind::Rules)
            .unwrap_err()
            .to_string();
        assert_eq!(e, "a character device, not a regular file");
    }

    #[test]
    fn invalid_utf8_is_located() {
        let e = text(b"ab\ncd\xffe".to_vec()).unwrap_err().to_string();
        assert_eq!(e, "not UTF-8 text: an invalid byte at line 2, column 3");
    }
}
