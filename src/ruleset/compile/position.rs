//! Where a rule file's string was written, and the diagnostics [`Cx`] records there
//! (part of [`super`]).

use super::*;

/// `file:line:col` of byte `off` of a loaded file (what `format!("{}:{l}:{c}",
/// path.display())` writes, without the formatting machinery: loading writes one per step).
fn file_line_col(file: &LoadedFile, off: usize) -> String {
    let (l, c) = file.literals.line_col(off);
    let path = file.path.to_string_lossy();
    let mut s = String::with_capacity(path.len() + 12);
    s.push_str(&path);
    for n in [l, c] {
        s.push(':');
        push_number(&mut s, n);
    }
    s
}

/// Append the decimal digits of `n`.
fn push_number(s: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.extend(digits[i..].iter().map(|&d| d as char));
}

impl Cx<'_> {
    /// Where `s` was written: `(file index, byte offset of its text)`.
    fn locate(&self, s: &Src) -> Option<(usize, usize)> {
        let f = self.files.get(s.file as usize)?;
        f.literals
            .find(&s.text, s.ordinal)
            .map(|off| (s.file as usize, off))
    }

    /// `file:line:col` of a string, for run-time messages.
    pub fn position(&self, s: &Src) -> String {
        match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                file_line_col(file, off)
            }
            None => "<built-in>".into(),
        }
    }

    /// `file:line:col` of the last `word` written before string `s` (e.g. the `Retry(` that
    /// encloses it), or of `s` itself when there is none.
    pub fn position_before(&self, s: &Src, word: &str) -> String {
        self.position_before_nth(s, word, 1)
    }

    /// `file:line:col` of the `n`th occurrence of `word` before `s` (counting backwards).
    pub fn position_before_nth(&self, s: &Src, word: &str, n: usize) -> String {
        match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                let mut at = off;
                for _ in 0..n {
                    match file.text[..at].rfind(word) {
                        Some(a) => at = a,
                        None => break,
                    }
                }
                file_line_col(file, at)
            }
            None => "<built-in>".into(),
        }
    }

    /// Report a problem with field `field` of the step whose string `near` is known: RON
    /// gives numbers and tuples no position, so the error points at the occurrence of
    /// `field:` closest to `near` (or at `near` itself when there is none).
    pub fn error_at_field(
        &mut self,
        near: &Src,
        field: &str,
        message: String,
        help: Option<String>,
    ) {
        let Some((f, off)) = self.locate(near) else {
            return self.error(near, message, help);
        };
        let file = &self.files[f];
        let pat = format!("{field}:");
        let text = &file.text;
        let before = text[..off].rfind(&pat);
        let after = text[off..].find(&pat).map(|i| off + i);
        let at = match (before, after) {
            (Some(b), Some(a)) => {
                if off - b <= a - off {
                    b
                } else {
                    a
                }
            }
            (Some(b), None) => b,
            (None, Some(a)) => a,
            (None, None) => return self.error(near, message, help),
        };
        let d = Diagnostic::at(
            &file.path,
            &file.text,
            (at, at + field.len()),
            message,
            help,
        );
        self.diags.push(d);
    }

    /// Report a problem at bytes `span` inside string `s`.
    pub fn error_in(
        &mut self,
        s: &Src,
        span: (usize, usize),
        message: String,
        help: Option<String>,
    ) {
        let d = match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                Diagnostic::at(
                    &file.path,
                    &file.text,
                    (off + span.0, off + span.1),
                    message,
                    help,
                )
            }
            None => {
                let path = self
                    .files
                    .get(s.file as usize)
                    .map_or_else(|| PathBuf::from("<rules>"), |f| f.path.clone());
                Diagnostic::whole(&path, format!("in `{}`: {message}", s.text), help)
            }
        };
        self.diags.push(d);
    }

    /// Report a problem with the whole string `s`.
    pub fn error(&mut self, s: &Src, message: String, help: Option<String>) {
        let len = s.text.len();
        self.error_in(s, (0, len), message, help);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-made `file:line:col` is what `format!` with `Path::display` writes.
    #[test]
    fn file_line_col_as_format_writes_it() {
        let text: Arc<str> = Arc::from("a\n\n  é \"x\"\n".repeat(40).as_str());
        let file = LoadedFile {
            path: PathBuf::from("rules/dir é/x.ron"),
            literals: crate::ruleset::src::Literals::scan(&text),
            text,
        };
        for off in 0..file.text.len() {
            let (l, c) = crate::ruleset::diag::line_col(&file.text, off);
            let want = format!("{}:{l}:{c}", file.path.display());
            assert_eq!(file_line_col(&file, off), want);
        }
        let mut s = String::new();
        push_number(&mut s, 0);
        push_number(&mut s, usize::MAX);
        assert_eq!(s, format!("0{}", usize::MAX));
    }
}
