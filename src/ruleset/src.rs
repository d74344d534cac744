//! Strings from rule files that remember where they were written.
//!
//! RON gives no positions to the values it deserializes, so every string of a rule file is
//! read as a [`Src`]: its text plus (file, ordinal), where the ordinal counts earlier strings
//! of the same file with the same text. serde reads a file in source order, so the n-th
//! `Src` with text `T` is the n-th string literal `"T"` in that file, whose position
//! [`Literals`] finds with a small scan. This is how an unknown name inside an expression is
//! reported at its exact line and column.

use serde::{Deserialize, Deserializer};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A string of a rule file, with where it came from.
#[derive(Debug, Clone)]
pub struct Src {
    /// The text as written.
    pub text: String,
    /// Index of the file in the loader's file table.
    pub file: u16,
    /// How many strings with the same text came before it in the same file.
    pub ordinal: u32,
}

impl Src {
    /// A string that was not read from a file (e.g. built by code or tests).
    pub fn synthetic(text: &str) -> Src {
        Src {
            text: text.to_string(),
            file: u16::MAX,
            ordinal: 0,
        }
    }
}

impl PartialEq for Src {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}
impl Eq for Src {}
impl PartialOrd for Src {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Src {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}
impl std::fmt::Display for Src {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

struct Reading {
    file: u16,
    seen: HashMap<String, u32, FxBuild>,
}

/// FxHash (rustc's hasher) over bytes: the strings of a rule file are short and not chosen
/// against the table, where std's SipHash cost more than the rest of recording them.
#[derive(Default)]
pub(crate) struct Fx(u64);

/// Hash maps keyed by the strings of rule files ([`Fx`]).
pub(crate) type FxBuild = BuildHasherDefault<Fx>;

/// FxHash's step: the hash so far `h` with one more word `w` mixed in.
#[inline(always)]
fn fx_step(h: u64, w: u64) -> u64 {
    (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = fx_step(self.0, b as u64);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

thread_local! {
    static READING: RefCell<Option<Reading>> = const { RefCell::new(None) };
}

/// Run `f` (a deserialization of file number `file`) with string positions recorded.
pub fn reading<T>(file: u16, f: impl FnOnce() -> T) -> T {
    READING.with(|r| {
        *r.borrow_mut() = Some(Reading {
            file,
            seen: HashMap::default(),
        })
    });
    let out = f();
    READING.with(|r| *r.borrow_mut() = None);
    out
}

impl<'de> Deserialize<'de> for Src {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let (file, ordinal) = READING.with(|r| match r.borrow_mut().as_mut() {
            Some(rd) => {
                let ord = match rd.seen.get_mut(&text) {
                    Some(n) => {
                        *n += 1;
                        *n - 1
                    }
                    None => {
                        rd.seen.insert(text.clone(), 1);
                        0
                    }
                };
                (rd.file, ord)
            }
            None => (u16::MAX, 0),
        });
        Ok(Src {
            text,
            file,
            ordinal,
        })
    }
}

/// The string literals of one RON file, to find where the `ordinal`-th literal with a text
/// was written, and where its lines start (for `line:column` of a byte offset).
///
/// Made once per loaded file and asked once per located step, so it stores no string of its
/// own: the (hash of the content, offset) of every literal, sorted, and the offset of every
/// newline; a lookup compares the literals of one hash with the text in the file itself.
#[derive(Debug, Default)]
pub struct Literals {
    text: Arc<str>,
    /// `(hash of the content, byte offset of the content)` of every literal, sorted (so the
    /// literals of one content follow one another in file order).
    by_hash: Vec<(u64, u32)>,
    /// Byte offsets of the newlines, in order.
    newlines: Vec<u32>,
}

/// Reads the content of the string literal that starts at byte `i` (after its opening
/// quote), unescaping as RON does for `\n`, `\t`, `\r`, `\0` (any other escaped char
/// stands for itself); stops at the closing quote, at the end of the text, or (never in a
/// text RON accepts) where a char cannot be read.
struct Content<'t> {
    text: &'t str,
    i: usize,
}

impl Iterator for Content<'_> {
    type Item = char;
    #[inline]
    fn next(&mut self) -> Option<char> {
        let b = self.text.as_bytes();
        let c = *b.get(self.i)?;
        if c == b'"' {
            return None;
        }
        if c < 0x80 && c != b'\\' {
            self.i += 1;
            return Some(c as char);
        }
        // `i` is on a char boundary here: it only moves over whole chars.
        let escaped = b[self.i] == b'\\' && self.i + 1 < b.len();
        if escaped {
            self.i += 1;
        }
        let ch = self.text.get(self.i..).and_then(|t| t.chars().next())?;
        self.i += ch.len_utf8();
        Some(match (escaped, ch) {
            (true, 'n') => '\n',
            (true, 't') => '\t',
            (true, 'r') => '\r',
            (true, '0') => '\0',
            (_, other) => other,
        })
    }
}

/// The hash of a literal's content: FxHash's step over its UTF-8 bytes, eight at a time,
/// then its length. (Equal hashes are only candidates: [`Literals::find`] compares.)
fn hash_bytes(b: &[u8]) -> u64 {
    let step = fx_step;
    let mut words = b.chunks_exact(8);
    let mut h = (&mut words).fold(0, |h, w| step(h, u64::from_le_bytes(w.try_into().unwrap())));
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = step(h, u64::from_le_bytes(w));
    }
    step(h, b.len() as u64)
}

impl Literals {
    /// Scan `text` for string literals, skipping comments and char literals.
    pub fn scan(text: &Arc<str>) -> Literals {
        let b = text.as_bytes();
        let mut by_hash = Vec::new();
        let mut i = 0;
        // (only these three bytes start something to skip or record)
        while let Some(next) = memchr::memchr3(b'/', b'\'', b'"', &b[i.min(b.len())..]) {
            i += next;
            match b[i] {
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i += 2;
                    loop {
                        match memchr::memchr(b'*', &b[i.min(b.len())..]) {
                            Some(n) if i + n + 1 < b.len() => {
                                i += n;
                                if b[i + 1] == b'/' {
                                    break;
                                }
                                i += 1;
                            }
                            _ => {
                                i = b.len().saturating_sub(1).max(i);
                                break;
                            }
                        }
                    }
                    i += 2;
                }
                b'\'' => {
                    // char literal: 'x', '\'', '\\' ... (the escape or the char may be
                    // several bytes; only ASCII bytes are compared, so any stop is a boundary)
                    i += 1;
                    if b.get(i) == Some(&b'\\') {
                        i += 1;
                    }
                    i += 1;
                    while i < b.len() && b[i] != b'\'' && b[i] != b'\n' {
                        i += 1;
                    }
                    i += 1;
                }
                b'"' => {
                    let start = i + 1;
                    match memchr::memchr2(b'"', b'\\', &b[start..]) {
                        // no escape: the content is the bytes up to the closing quote
                        Some(n) if b[start + n] == b'"' => {
                            by_hash.push((hash_bytes(&b[start..start + n]), start as u32));
                            i = start + n + 1;
                        }
                        _ => {
                            let mut content = Content { text, i: start };
                            let unescaped: String = (&mut content).collect();
                            by_hash.push((hash_bytes(unescaped.as_bytes()), start as u32));
                            i = content.i + 1;
                        }
                    }
                }
                _ => i += 1,
            }
        }
        by_hash.sort_unstable();
        let newlines = memchr::memchr_iter(b'\n', b).map(|i| i as u32).collect();
        Literals {
            text: text.clone(),
            by_hash,
            newlines,
        }
    }

    /// Byte offset of the content of the `ordinal`-th literal with this text.
    pub fn find(&self, text: &str, ordinal: u32) -> Option<usize> {
        let hash = hash_bytes(text.as_bytes());
        let first = self.by_hash.partition_point(|&(h, _)| h < hash);
        (self.by_hash[first..].iter())
            .take_while(|&&(h, _)| h == hash)
            .map(|&(_, off)| off as usize)
            .filter(|&off| self.is(off, text))
            .nth(ordinal as usize)
    }

    /// Whether the literal whose content starts at byte `off` holds `text`.
    fn is(&self, off: usize, text: &str) -> bool {
        let b = self.text.as_bytes();
        let raw = &b[off..(off + text.len()).min(b.len())];
        if !raw.contains(&b'\\') {
            // no escape in the first `text.len()` bytes: the content is `text` exactly when
            // those bytes are `text` and the literal ends there (an escape right after them
            // would add a char)
            return raw == text.as_bytes() && b.get(off + text.len()) == Some(&b'"');
        }
        let content = Content {
            text: &self.text,
            i: off,
        };
        content.eq(text.chars())
    }

    /// 1-based line and column (in characters) of byte `offset` of the scanned text, as
    /// [`super::diag::line_col`] gives them (an offset inside a char counts as that char's
    /// start), by a search among the newlines.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = &*self.text;
        let mut at = offset.min(text.len());
        while at > 0 && !text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.newlines.partition_point(|&n| (n as usize) < at);
        let line_start = match line {
            0 => 0,
            l => self.newlines[l - 1] as usize + 1,
        };
        (line + 1, text[line_start..at].chars().count() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nth_literal_skipping_comments_and_chars() {
        let t = r#"( // "a" in a comment
  a: "x", b: '"', c: "x", /* "x" */ d: "y\"z" )"#;
        let l = Literals::scan(&Arc::from(t));
        let first = l.find("x", 0).unwrap();
        let second = l.find("x", 1).unwrap();
        assert_eq!(&t[first - 1..first + 2], "\"x\"");
        assert!(second > first);
        assert_eq!(l.find("x", 2), None);
        assert!(l.find("y\"z", 0).is_some());
        assert_eq!(l.find("a", 0), None);
    }

    #[test]
    fn multibyte_chars_after_escapes_and_quotes_never_split() {
        // Found by tests/suite/bad_input.rs: `\` before `§` used to step into the middle of it.
        let l = Literals::scan(&Arc::from("( a: \"x\\§y\", b: '§', c: \"é\" )"));
        assert!(l.find("x§y", 0).is_some());
        assert!(l.find("é", 0).is_some());
        // Every cut of a text full of multibyte chars, quotes and escapes scans without panic.
        let t = "\"§\\§'é'\\\"ü\" '\\§' \"\\é";
        for (cut, _) in t.char_indices() {
            Literals::scan(&Arc::from(&t[..cut]));
            Literals::scan(&Arc::from(&t[cut..]));
        }
    }

    /// Lines and columns by the newline search are those of `diag::line_col`, at every
    /// offset (inside chars too) of a text of multibyte chars, empty lines and a last line
    /// without a newline.
    #[test]
    fn line_col_is_diag_line_col() {
        let t: Arc<str> = Arc::from("\n( a: \"é\",\n\n  b: \"§x\" // ü\n)é");
        let l = Literals::scan(&t);
        for off in 0..=t.len() + 2 {
            assert_eq!(
                l.line_col(off),
                crate::ruleset::diag::line_col(&t, off),
                "{off}"
            );
        }
    }

    /// Each ordinal counts only the literals of its own text, unescaped: `"a\nb"` (a
    /// newline) and `"a\\nb"` (a backslash and `n`) are different texts.
    #[test]
    fn find_counts_only_equal_contents() {
        let t: Arc<str> = Arc::from(r#"("a\nb", "x", "a\nb", "a\\nb", "x")"#);
        let l = Literals::scan(&t);
        assert_eq!(l.find("a\nb", 0), Some(2));
        assert_eq!(l.find("a\nb", 1), Some(15));
        assert_eq!(l.find("a\nb", 2), None);
        assert_eq!(l.find("a\\nb", 0), Some(23));
        assert_eq!(l.find("a\\nb", 1), None);
        assert_eq!(l.find("x", 0), Some(10));
        assert_eq!(l.find("x", 1), Some(32));
        assert_eq!(l.find("", 0), None);
    }

    /// A literal written with an escape and one written with the char itself hold the same
    /// text: their ordinals count together, in file order.
    #[test]
    fn escaped_and_plain_literals_of_one_text_count_together() {
        let t: Arc<str> = Arc::from("(\"a\\tb\", \"a\tb\", \"a long text, past eight bytes\")");
        let l = Literals::scan(&t);
        assert_eq!(l.find("a\tb", 0), Some(2));
        assert_eq!(l.find("a\tb", 1), Some(10));
        assert_eq!(l.find("a long text, past eight bytes", 0), Some(17));
        assert_eq!(l.find("a long text, past eight byte", 0), None);
    }
}
