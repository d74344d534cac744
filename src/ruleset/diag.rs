//! Diagnostics: what went wrong in which file, at which line and column, and a hint.
//!
//! Loaders produce plain [`Diagnostic`] data; this module alone turns them into text
//! (with `miette`'s graphical report: the source line, a caret, the hint).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One problem in a rule file.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// The file, as the user named it (or as found through `extends`).
    pub path: PathBuf,
    /// The file's text (empty when the file could not be read).
    pub source: Arc<str>,
    /// Byte range in `source` the problem is about.
    pub span: (usize, usize),
    /// 1-based line and column (in characters) of `span.0`; 0 when not tied to a position.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// What to do about it, e.g. "did you mean `boss`?".
    pub help: Option<String>,
}

impl Diagnostic {
    /// A problem at byte range `span` of `source`.
    pub fn at(
        path: &Path,
        source: &Arc<str>,
        span: (usize, usize),
        message: String,
        help: Option<String>,
    ) -> Diagnostic {
        let start = span.0.min(source.len());
        let end = span.1.clamp(start, source.len());
        let (line, column) = line_col(source, start);
        Diagnostic {
            path: path.to_path_buf(),
            source: source.clone(),
            span: (start, end),
            line,
            column,
            message: cut_quoted(&message),
            help: help.map(|h| cut_quoted(&h)),
        }
    }

    /// A problem with a whole file (unreadable, missing) or with no file at all.
    pub fn whole(path: &Path, message: String, help: Option<String>) -> Diagnostic {
        Diagnostic {
            path: path.to_path_buf(),
            source: Arc::from(""),
            span: (0, 0),
            line: 0,
            column: 0,
            message: cut_quoted(&message),
            help: help.map(|h| cut_quoted(&h)),
        }
    }

    /// `file:line:col: message` on one line.
    pub fn short(&self) -> String {
        if self.line > 0 {
            format!(
                "{}:{}:{}: {}",
                self.path.display(),
                self.line,
                self.column,
                self.message
            )
        } else {
            format!("{}: {}", self.path.display(), self.message)
        }
    }
}

/// 1-based line and character column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char(text, offset)];
    // counted in byte-sized sums over chunks, which the compiler vectorises: loading a rule
    // set asks for the line of every step, and a search per line cost much of the load
    let line = before
        .as_bytes()
        .chunks(255)
        .map(|c| c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n')) as usize)
        .sum::<usize>()
        + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// Byte offset of 1-based `line` and character `col` (as RON reports them).
pub fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let in_line: usize = l
                .chars()
                .take(col.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            return (off + in_line).min(text.len());
        }
        off += l.len();
    }
    text.len()
}

/// Most characters of a quoted piece of rule text (`` `...` ``) a message repeats.
pub const MAX_QUOTED: usize = 60;
/// Most characters of a source line a rendered report shows.
pub const MAX_LINE: usize = 120;

/// Cut every `` `quoted` `` piece longer than [`MAX_QUOTED`] characters to its start and
/// `…`, so that a huge name or expression is not echoed back whole.
pub fn cut_quoted(m: &str) -> String {
    let mut out = String::with_capacity(m.len().min(1024));
    for (i, piece) in m.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 && piece.chars().count() > MAX_QUOTED {
            out.extend(piece.chars().take(MAX_QUOTED));
            out.push('…');
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// `source` with every line longer than [`MAX_LINE`] characters cut (the line holding
/// `span.0` to a window around it, marked with `…`), and `span` moved to match.
fn excerpt(source: &str, span: (usize, usize)) -> (String, (usize, usize)) {
    if source.lines().all(|l| l.len() <= MAX_LINE) {
        return (source.to_string(), span);
    }
    let mut out = String::new();
    let mut new_span = (0, 0);
    let mut lo = 0;
    for line in source.split_inclusive('\n') {
        let hi = lo + line.len();
        let body = line.strip_suffix('\n').unwrap_or(line);
        let holds = span.0 >= lo && (span.0 < hi || (span.0 == hi && hi == source.len()));
        let n = body.chars().count();
        if n <= MAX_LINE {
            if holds {
                new_span = (out.len() + span.0 - lo, out.len() + span.1.min(hi) - lo);
            }
            out.push_str(line);
        } else {
            let at = body[..floor_char(body, (span.0 - lo.min(span.0)).min(body.len()))]
                .chars()
                .count();
            let first = if holds {
                at.saturating_sub(MAX_LINE / 2).min(n - MAX_LINE)
            } else {
                0
            };
            if first > 0 {
                out.push('…');
            }
            let mut byte = lo + body.char_indices().nth(first).map_or(body.len(), |c| c.0);
            for c in body.chars().skip(first).take(MAX_LINE) {
                if holds && byte == span.0 {
                    new_span.0 = out.len();
                }
                out.push(c);
                byte += c.len_utf8();
                if holds && byte <= span.1.max(span.0 + 1) {
                    new_span.1 = out.len();
                }
            }
            if first + MAX_LINE < n {
                out.push('…');
            }
            if line.ends_with('\n') {
                out.push('\n');
            }
        }
        lo = hi;
    }
    new_span.1 = new_span.1.max(new_span.0);
    (out, new_span)
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Every problem found while loading a rule set (all of them, not just the first).
#[derive(Debug, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.short())?;
            if let Some(h) = &d.help {
                write!(f, " (help: {h})")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

struct Report<'a>(
    &'a Diagnostic,
    miette::NamedSource<String>,
    (usize, usize),
    miette::Severity,
);

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}
impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.line > 0 {
            f.write_str(&self.0.message)?;
            if self.2 != self.0.span {
                // The excerpt's columns are not the file's: say where it really is.
                write!(
                    f,
                    " (at {}:{}:{}; long lines are shown cut)",
                    self.0.path.display(),
                    self.0.line,
                    self.0.column
                )?;
            }
            Ok(())
        } else {
            write!(f, "{}: {}", self.0.path.display(), self.0.message)
        }
    }
}
impl std::error::Error for Report<'_> {}
impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.3)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        if self.0.line > 0 {
            Some(&self.1)
        } else {
            None
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.0.line == 0 {
            return None;
        }
        let (s, e) = self.2;
        let len = self.1.inner().len();
        Some(Box::new(std::iter::once(miette::LabeledSpan::new(
            Some("here".into()),
            s,
            (e - s).max(if s < len { 1 } else { 0 }),
        ))))
    }
}

/// How many diagnostics [`render`] shows (it counts them all).
pub const MAX_RENDERED: usize = 100;

/// Render diagnostics for a terminal (`colour`) or for a log/test (plain).
pub fn render(diags: &[Diagnostic], colour: bool) -> String {
    render_as(diags, colour, miette::Severity::Error)
}

/// Render warnings (see [`crate::RuleSet::warnings`]) as [`render`] renders errors.
pub fn render_warnings(diags: &[Diagnostic], colour: bool) -> String {
    render_as(diags, colour, miette::Severity::Warning)
}

fn render_as(diags: &[Diagnostic], colour: bool, severity: miette::Severity) -> String {
    let theme = if colour {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut out = String::new();
    // Each report reads its source from the start: a bounded number of them keeps a file
    // with thousands of problems (e.g. fuzzed) from taking quadratic time.
    for d in diags.iter().take(MAX_RENDERED) {
        // Long lines (e.g. a whole rule set on one line) are cut around the problem.
        let (text, span) = excerpt(&d.source, d.span);
        let src = miette::NamedSource::new(d.path.display().to_string(), text);
        let _ = handler.render_report(&mut out, &Report(d, src, span, severity));
    }
    if diags.len() > MAX_RENDERED {
        out.push_str(&format!(
            "... and {} more not shown (the first {MAX_RENDERED} are above)\n",
            diags.len() - MAX_RENDERED
        ));
    }
    if diags.len() > 1 {
        let what = match severity {
            miette::Severity::Warning => "warnings",
            _ => "problems found",
        };
        out.push_str(&format!("{} {what}\n", diags.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_and_back() {
        let t = "ab\ncdé\nf";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 4), (2, 2));
        assert_eq!(line_col(t, 8), (3, 1));
        assert_eq!(offset_of(t, 2, 2), 4);
        assert_eq!(offset_of(t, 3, 1), 8);
    }

    /// Lines are counted in chunks of 255 bytes: a text of nothing but newlines across
    /// several chunks, then a line of multibyte characters.
    #[test]
    fn line_col_across_chunks() {
        let t = format!("{}éé x", "\n".repeat(600));
        assert_eq!(line_col(&t, 0), (1, 1));
        assert_eq!(line_col(&t, 255), (256, 1));
        assert_eq!(line_col(&t, 600), (601, 1));
        assert_eq!(line_col(&t, 605), (601, 4));
        assert_eq!(line_col(&t, t.len()), (601, 5));
    }

    /// A fuzzed rule file with 123 problems took seconds to render: at most MAX_RENDERED.
    #[test]
    fn many_problems_are_counted_but_not_all_shown() {
        let src: Arc<str> = Arc::from("x\n".repeat(150).as_str());
        let d: Vec<Diagnostic> = (0..150)
            .map(|i| {
                Diagnostic::at(
                    Path::new("x.ron"),
                    &src,
                    (2 * i, 2 * i + 1),
                    format!("p{i}"),
                    None,
                )
            })
            .collect();
        let text = render(&d, false);
        assert!(text.contains("p99") && !text.contains("p100"), "{text}");
        assert!(text.contains("... and 50 more not shown"), "{text}");
        assert!(text.ends_with("150 problems found\n"), "{text}");
    }

    #[test]
    fn rendered_report_names_file_line_and_column() {
        let src: Arc<str> = Arc::from("(\n  foo: 1,\n)");
        let d = Diagnostic::at(
            Path::new("x.ron"),
            &src,
            (4, 7),
            "unknown field `foo`".into(),
            Some("did you mean `for`?".into()),
        );
        let text = render(&[d], false);
        assert!(text.contains("x.ron:2:3"), "{text}");
        assert!(text.contains("unknown field `foo`"), "{text}");
        assert!(text.contains("did you mean `for`?"), "{text}");
    }
}
