//! The rule language tests' corpus: every file of one extension under some folders of the
//! repository (the shipped rule sets, the tests' rule files), for the tests that check the
//! hand-written readers against the grammars on every shipped text.

use std::path::{Path, PathBuf};

/// Every file ending `.ext` under the folders `dirs` (relative to the crate root, where
/// `cargo test` runs), in sorted order.
pub fn files_with_extension(dirs: &[&str], ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for d in dirs {
        walk(Path::new(d), ext, &mut out);
    }
    out.sort();
    out
}
