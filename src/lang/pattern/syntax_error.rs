//! Pest's syntax errors in a pattern file, told in the file's words: what was expected, an
//! unclosed brace, where an item starts or ends (part of [`super`]).

use super::grammar::Rule;
use super::items::PatternError;

fn friendly(r: &Rule) -> String {
    match r {
        Rule::EOI => "end of file",
        Rule::file
        | Rule::tiles
        | Rule::table
        | Rule::miniset
        | Rule::rules
        | Rule::automaton
        | Rule::glyphs
        | Rule::tileset
        | Rule::example
        | Rule::templates => {
            "an item (`tiles`, `set`, `glyphs`, `table`, `miniset`, `rules`, `automaton`, \
             `tileset`, `example` or `templates`)"
        }
        Rule::glyph_def | Rule::glyph => "a glyph definition `'#' = 13`",
        Rule::ascii_row => "a row of glyphs between bars, `|#..#|`",
        Rule::weight | Rule::number => "`weight N` (a number above 0)",
        Rule::tile_weight => "`tile T` or `tile T weight N`",
        Rule::adjacency | Rule::adj_kind => {
            "an adjacency rule `right A B`, `below A B` or `next A B`"
        }
        Rule::example_flag => "`rotate`, `mirror`, `wrap` or `{`",
        Rule::chunk => "`chunk 'c' WxH { rows }`",
        Rule::template => "`template name exits [..] tags [..] weight N { rows }`",
        Rule::exits => "`exits [N E S W]`",
        Rule::tags => "`tags [word ...]`",
        Rule::ca_rule | Rule::ca_cond | Rule::condition => {
            "a condition `count8(tiles) >= N`, `count4(...)`, `is(...)` or `!is(...)`"
        }
        Rule::count_term | Rule::count_kind => "`count8(...)` or `count4(...)`",
        Rule::count_cmp => "a comparison (`>=`, `<=`, `>`, `<`, `==`, `!=`)",
        Rule::is_term | Rule::is_not => "`is(...)` or `!is(...)`",
        Rule::tile_def => "a tile name definition `Name = 13`",
        Rule::set_def => "a set definition `set name = {13 14}`",
        Rule::set_cell => "a set `{13 14}`",
        Rule::size => "a size `WxH`",
        Rule::grid | Rule::row_end | Rule::any_cell => "a grid cell (tile id, name or `.`)",
        Rule::rule | Rule::heads | Rule::any_tile => "a rule `tile if (dx,dy) == t -> (dx,dy) = t`",

        Rule::unprotected => "`unprotected`",
        Rule::test => "a test `(dx,dy) == tile`",
        Rule::cmp => "`==` or `!=`",
        Rule::action | Rule::alternative => "a write `(dx,dy) = tile`",
        Rule::pick => "`pick { writes | writes }`",
        Rule::offset => "an offset `(dx,dy)`",
        Rule::name_ref | Rule::int | Rule::glued => "a tile id or name",
        Rule::ident => "a name",
        other => return format!("{other:?}"),
    }
    .to_string()
}

/// Where an item starts (`miniset`, `tiles`, ... as a word) or the file ends: the places a
/// missing `}` shows up.
fn item_start_or_end(text: &str, at: usize) -> Option<String> {
    let rest = text.get(at..)?;
    if rest.trim().is_empty() {
        return Some("the end of the file".into());
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let line = text[..at].matches('\n').count() + 1;
    [
        "miniset",
        "tiles",
        "table",
        "rules",
        "set",
        "automaton",
        "glyphs",
        "tileset",
        "example",
        "templates",
    ]
    .contains(&word.as_str())
    .then(|| format!("the next item (`{word}`, line {line})"))
}

/// The innermost `{` before `at` that no `}` closes (comments skipped).
fn unclosed_brace(text: &str, at: usize) -> Option<usize> {
    open_braces(text, at).pop()
}

/// The `{`s before `at` that no `}` closes, outermost first (comments skipped).
fn open_braces(text: &str, at: usize) -> Vec<usize> {
    let mut open = Vec::new();
    let mut comment = false;
    let b = text.as_bytes();
    for i in 0..at.min(b.len()) {
        match b[i] {
            b'\n' => comment = false,
            _ if comment => {}
            b'/' if b.get(i + 1) == Some(&b'/') => comment = true,
            b'{' => open.push(i),
            b'}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}

pub(super) fn syntax_error(e: pest::error::Error<Rule>, text: &str) -> PatternError {
    let span = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p + 1),
        pest::error::InputLocation::Span(s) => s,
    };
    // A missing `}`: the parse goes on to the next item (or the end) and fails there;
    // point at the `{` that was never closed instead.
    if let (Some(before), Some(brace)) = (
        item_start_or_end(text, span.0),
        unclosed_brace(text, span.0),
    ) {
        return PatternError {
            span: (brace, brace + 1),
            message: format!("this `{{` is never closed: `}}` expected before {before}"),
        };
    }
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut v: Vec<String> = positives.iter().map(friendly).collect();
            v.dedup();
            format!("expected {}", v.join(" or "))
        }
        _ => "syntax error".to_string(),
    };
    // Inside an item, in a set cell `{...}` still open: it may be its `}` that is missing.
    let message = match open_braces(text, span.0).as_slice() {
        [_, .., set] => {
            let line = text[..*set].matches('\n').count() + 1;
            let col = text[..*set].rfind('\n').map_or(*set, |n| *set - n - 1) + 1;
            format!("{message}, or the `}}` of the set opened at line {line}, column {col}")
        }
        _ => message,
    };
    PatternError { span, message }
}
