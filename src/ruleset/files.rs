//! The files a rule set is read from: how they are read ([`Reader`]: from disk, or from
//! memory in tests and the preview) and what the loader keeps of each ([`LoadedFile`]).
//! Both stages of loading (`load`, `compile`) and the pool reader use these; this module
//! uses none of them.

use super::src::Literals;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads files (from disk, or from memory in tests and the preview).
pub trait Reader {
    /// The text of the file at `path`.
    fn read(&self, path: &Path) -> std::io::Result<String>;
}

/// Reads from the file system.
pub struct Disk;
impl Reader for Disk {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        std::fs::read_to_string(path)
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
