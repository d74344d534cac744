//! The files a rule set is read from: how they are read ([`Reader`]: from disk, or from
//! memory in tests and the preview) and what the loader keeps of each ([`LoadedFile`]).
//! Both stages of loading (`load`, `compile`) and the pool reader use these; this module
//! uses none of them.

use super::src::Literals;
pub use crate::input::Kind;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads files (from disk, or from memory in tests and the preview).
pub trait Reader {
    /// The text of the file at `path`.
    fn read(&self, path: &Path) -> std::io::Result<String>;
    /// The text of the file at `path`, read as a file of `kind` (on disk: a regular file
    /// within the kind's size limit, see [`crate::input`]). By default [`Reader::read`].
    fn read_as(&self, path: &Path, kind: Kind) -> std::io::Result<String> {
        let _ = kind;
        self.read(path)
    }
}

/// Reads from the file system, through [`crate::input`] (regular files only, each kind
/// within its size limit).
pub struct Disk;
impl Reader for Disk {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.read_as(path, Kind::Rules)
    }
    fn read_as(&self, path: &Path, kind: Kind) -> std::io::Result<String> {
        crate::input::read_text(path, kind)
    }
}

/// A file read by the loader.
#[derive(Debug)]
pub struct LoadedFile {
    /// The path it was read from.
    pub path: PathBuf,
    /// Its text.
    pub text: Arc<str>,
    /// The string literals of the text, to locate strings by their text.
    pub literals: Literals,
}
