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
    seen: HashMap<String, u32>,
}

thread_local! {
    static READING: RefCell<Option<Reading>> = const { RefCell::new(None) };
}

/// Run `f` (a deserialization of file number `file`) with string positions recorded.
pub fn reading<T>(file: u16, f: impl FnOnce() -> T) -> T {
    READING.with(|r| {
        *r.borrow_mut() = Some(Reading {
            file,
            seen: HashMap::new(),
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
                let n = rd.seen.entry(text.clone()).or_insert(0);
                let ord = *n;
                *n += 1;
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

/// The string literals of one RON file: content → byte offsets of the content (after the
/// opening quote), in file order.
#[derive(Debug, Default)]
pub struct Literals {
    map: HashMap<String, Vec<usize>>,
}

impl Literals {
    /// Scan `text` for string literals, skipping comments and char literals.
    pub fn scan(text: &str) -> Literals {
        let b = text.as_bytes();
        let mut map: HashMap<String, Vec<usize>> = HashMap::new();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i += 2;
                    while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                        i += 1;
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
                    let mut s = String::new();
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        // `i` is on a char boundary here: it only moves over whole chars.
                        let escaped = b[i] == b'\\' && i + 1 < b.len();
                        if escaped {
                            i += 1;
                        }
                        let Some(ch) = text.get(i..).and_then(|t| t.chars().next()) else {
                            break;
                        };
                        s.push(match (escaped, ch) {
                            (true, 'n') => '\n',
                            (true, 't') => '\t',
                            (true, 'r') => '\r',
                            (true, '0') => '\0',
                            (_, other) => other,
                        });
                        i += ch.len_utf8();
                    }
                    i += 1;
                    map.entry(s).or_default().push(start);
                }
                _ => i += 1,
            }
        }
        Literals { map }
    }

    /// Byte offset of the content of the `ordinal`-th literal with this text.
    pub fn find(&self, text: &str, ordinal: u32) -> Option<usize> {
        self.map
            .get(text)
            .and_then(|v| v.get(ordinal as usize))
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nth_literal_skipping_comments_and_chars() {
        let t = r#"( // "a" in a comment
  a: "x", b: '"', c: "x", /* "x" */ d: "y\"z" )"#;
        let l = Literals::scan(t);
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
        let l = Literals::scan("( a: \"x\\§y\", b: '§', c: \"é\" )");
        assert!(l.find("x§y", 0).is_some());
        assert!(l.find("é", 0).is_some());
        // Every cut of a text full of multibyte chars, quotes and escapes scans without panic.
        let t = "\"§\\§'é'\\\"ü\" '\\§' \"\\é";
        for (cut, _) in t.char_indices() {
            Literals::scan(&t[..cut]);
            Literals::scan(&t[cut..]);
        }
    }
}
