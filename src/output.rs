//! Writing output files: the one way the crate writes a file the user named (`-o FILE`,
//! the preview's `--png`), so that no output replaces what it should not and no failed
//! write goes unnoticed.
//!
//! - A missing file or a regular file is written whole to a temporary file beside it, then
//!   renamed over it: a reader (an image viewer) never sees half a file, and a failed write
//!   leaves the old file as it was.
//! - A symbolic link is written *through*: its target is written (created when missing), the
//!   link stays.
//! - A character device (`/dev/null`, a terminal) is written into, never replaced.
//! - Anything else — a directory, a named pipe (FIFO), a socket, a block device — is refused
//!   with a message saying what it is; it is never replaced.
//! - Every write and the final flush are checked: the error says why (`No space left on
//!   device`; [`plain`] drops the standard library's "(os error N)").

use std::fs::File;
use std::io::{BufWriter, Error, ErrorKind, Write};
use std::path::{Path, PathBuf};

/// An output file being written; [`Out::finish`] completes it (dropping it unfinished
/// leaves the destination as it was).
pub struct Out {
    w: BufWriter<File>,
    /// The temporary file and the file it is renamed over; `None` when writing straight
    /// into a device.
    rename: Option<(PathBuf, PathBuf)>,
}

/// Where writing `path` goes: the file itself, or a symbolic link's target (followed to
/// the end, a missing last target included).
fn destination(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(Error::other("too many levels of symbolic links"))
}

/// What a non-regular file is, for messages.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
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

fn is_char_device(t: std::fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        t.is_char_device()
    }
    #[cfg(not(unix))]
    {
        let _ = t;
        false
    }
}

/// Start writing `path` (module doc).
///
/// # Errors
/// `path` is something that must not be replaced (the message says what), or the file (or
/// its temporary file) cannot be created.
pub fn create(path: &Path) -> std::io::Result<Out> {
    create_plain(path).map_err(plain)
}

fn create_plain(path: &Path) -> std::io::Result<Out> {
    let dest = destination(path)?;
    match std::fs::metadata(&dest) {
        Ok(m) if is_char_device(m.file_type()) => {
            let f = std::fs::OpenOptions::new().write(true).open(&dest)?;
            return Ok(Out {
                w: BufWriter::new(f),
                rename: None,
            });
        }
        Ok(m) if !m.is_file() => {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "{}, not a regular file: not replaced",
                    kind_of(m.file_type())
                ),
            ))
        }
        _ => {}
    }
    let name = dest
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    let tmp = dest.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)?;
    Ok(Out {
        w: BufWriter::new(f),
        rename: Some((tmp, dest)),
    })
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.w.write(buf).map_err(plain)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.w.flush().map_err(plain)
    }
}

impl Out {
    /// Flush and complete the file (rename the temporary file over the destination).
    ///
    /// # Errors
    /// The last writes or the rename failed; the destination is left as it was.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.w.flush().map_err(plain)?;
        if let Some((tmp, dest)) = self.rename.take() {
            if let Err(e) = std::fs::rename(&tmp, &dest) {
                let _ = std::fs::remove_file(&tmp);
                return Err(plain(e));
            }
        }
        Ok(())
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        if let Some((tmp, _)) = self.rename.take() {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// `e` without the " (os error N)" the standard library adds to its text.
pub fn plain(e: Error) -> Error {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => Error::new(e.kind(), &text[..i]),
        _ => e,
    }
}

/// Write `bytes` to `path` (module doc).
///
/// # Errors
/// As [`create`], and a failed write.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut o = create(path)?;
    o.write_all(bytes).map_err(plain)?;
    o.finish()
}
