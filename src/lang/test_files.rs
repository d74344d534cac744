//! The rule language tests' corpus, for the tests that check the hand-written readers
//! against the grammars: every file of one extension under some folders of the repository
//! (the shipped rule sets, the tests' rule files), the draws that generate texts, and one
//! random edit of a generated text.

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

/// `text` with one random edit at a random char boundary: a character taken out, replaced
/// by one of `pieces`, or one of `pieces` put in. `next(n)` draws a number below `n`.
pub fn mutate(text: &str, pieces: &[&str], mut next: impl FnMut(usize) -> usize) -> String {
    let mut m = text.to_string();
    let at = next(m.len() + 1);
    let at = (0..=at).rev().find(|&i| m.is_char_boundary(i)).unwrap_or(0);
    match next(3) {
        0 if at < m.len() => {
            m.remove(at);
        }
        1 if at < m.len() => {
            m.remove(at);
            m.insert_str(at, pieces[next(pieces.len())]);
        }
        _ => m.insert_str(at, pieces[next(pieces.len())]),
    }
    m
}

/// The generated texts' draws: a xorshift generator (shifts 13, 7, 17) on a fixed seed, so
/// every run tests the same texts.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next number below `n` (`n >= 1`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
