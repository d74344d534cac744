//! The [`Reader`] of [`super`]: a byte cursor over a pattern file with the pairs read so far,
//! and the PEG steps the grammar's rules are made of (the implicit skip, a literal, an
//! attempt taken back on failure, `*` and `+`, a pair around a rule or over a leaf), each
//! as pest's generated parser does it, so the spans come out the same.

use super::super::grammar::Rule;
use super::super::tree::Tok;

/// The text, the position in it and the pairs read so far.
pub(super) struct Reader<'a> {
    pub(super) s: &'a [u8],
    pub(super) i: usize,
    pub(super) toks: Vec<Tok>,
}

/// A step's outcome: `None` when it does not match.
pub(super) type R = Option<()>;

impl Reader<'_> {
    /// The implicit skip: whitespace and `//` comments (to the end of the line).
    pub(super) fn ws(&mut self) {
        loop {
            match self.s.get(self.i) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.i += 1,
                Some(b'/') if self.s.get(self.i + 1) == Some(&b'/') => {
                    self.i += (self.s[self.i..].iter().position(|&c| c == b'\n'))
                        .unwrap_or(self.s.len() - self.i);
                }
                _ => return,
            }
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// A literal (no word boundary, as in the grammar).
    pub(super) fn lit(&mut self, t: &[u8]) -> R {
        self.s[self.i..].starts_with(t).then(|| self.i += t.len())
    }

    /// `f`, or nothing read (position and pairs taken back) when it fails.
    pub(super) fn attempt(&mut self, f: impl FnOnce(&mut Self) -> R) -> bool {
        let (i, n) = (self.i, self.toks.len());
        if f(self).is_some() {
            return true;
        }
        self.i = i;
        self.toks.truncate(n);
        false
    }

    /// `f*`: as many as match, the skip between them.
    pub(super) fn star(&mut self, mut f: impl FnMut(&mut Self) -> R) {
        if self.attempt(&mut f) {
            while self.attempt(|p| {
                p.ws();
                f(p)
            }) {}
        }
    }

    /// `f+`, which pest reads as `f ~ f*` (the skip after the first always taken).
    pub(super) fn plus(&mut self, mut f: impl FnMut(&mut Self) -> R) -> R {
        f(self)?;
        self.ws();
        self.star(f);
        Some(())
    }

    /// A pair of `rule` around what `f` reads.
    pub(super) fn rule(&mut self, which: Rule, f: impl FnOnce(&mut Self) -> R) -> R {
        let k = self.toks.len();
        let start = self.i;
        self.toks.push(Tok {
            rule: which,
            start,
            end: start,
            next: k + 1,
        });
        f(self)?;
        let next = self.toks.len();
        let t = &mut self.toks[k];
        t.end = self.i;
        t.next = next;
        Some(())
    }

    /// A leaf pair of `rule` over the `n` bytes from here.
    pub(super) fn leaf(&mut self, which: Rule, n: usize) -> R {
        let k = self.toks.len();
        let start = self.i;
        self.i += n;
        let (end, next) = (self.i, k + 1);
        self.toks.push(Tok {
            rule: which,
            start,
            end,
            next,
        });
        Some(())
    }

    /// How many of `c` come from byte `j` on.
    pub(super) fn run(&self, j: usize, c: fn(u8) -> bool) -> usize {
        self.s[j..].iter().take_while(|&&b| c(b)).count()
    }
}
