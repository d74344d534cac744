//! Parsing room-pool files (grammar: `pool.pest`) into a spanned syntax tree. Checking the
//! layouts against shapes and the legend happens in `ruleset::pools`.

use pest::iterators::Pair;
use pest::Parser;

/// The parser pest generates from `pool.pest`, with its `Rule` enum (one variant per
/// grammar rule, documented in the grammar file).
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "lang/pool.pest"]
    pub struct PoolParser;
}
use grammar::PoolParser;
pub use grammar::Rule;

/// Byte range in the pool file.
pub type Span = (usize, usize);

/// A parsed pool file.
#[derive(Debug, Clone, Default)]
pub struct PoolSyntax {
    /// `pool "name"` and its span.
    pub name: (String, Span),
    /// Tiles per grid cell `(columns, rows)`.
    pub cell: (i64, i64, Span),
    /// The `legend` entries.
    pub legend: Vec<GlyphSyntax>,
    /// The layouts, in file order.
    pub layouts: Vec<LayoutSyntax>,
}

/// A legend entry.
#[derive(Debug, Clone)]
pub struct GlyphSyntax {
    /// The character.
    pub glyph: char,
    /// Its meaning.
    pub meaning: String,
    /// `solid`: may not cover a door tile.
    pub solid: bool,
    /// `outside`: the empty notch of a shape.
    pub outside: bool,
    /// Where it is written.
    pub span: Span,
}

/// A layout as written.
#[derive(Debug, Clone, Default)]
pub struct LayoutSyntax {
    /// `layout "name"` and its span.
    pub name: (String, Span),
    /// `shape "..."`.
    pub shape: Option<(String, Span)>,
    /// `doors [...]`: slot names.
    pub doors: Vec<(String, Span)>,
    /// Span of the `doors [...]` field (or of the name when absent).
    pub doors_span: Span,
    /// `kinds [...]`: room kinds.
    pub kinds: Vec<(String, Span)>,
    /// `difficulty N`.
    pub difficulty: Option<(i64, Span)>,
    /// `weight W`.
    pub weight: Option<(f64, Span)>,
    /// Each row's text between the bars, with the span of that text.
    pub rows: Vec<(String, Span)>,
    /// Where the `interior` block is.
    pub interior_span: Span,
}

/// A syntax error: where, what was expected, and the layout it is in (if any).
#[derive(Debug, Clone, PartialEq)]
pub struct PoolSyntaxError {
    /// Byte range in the pool file.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

fn span(p: &Pair<Rule>) -> Span {
    (p.as_span().start(), p.as_span().end())
}

fn friendly(r: &Rule) -> &'static str {
    match r {
        Rule::EOI => "the end of the file",
        Rule::pool_name => "`pool \"name\"`",
        Rule::cell_size => "`cell <columns> x <rows>`",
        Rule::legend => "`legend { ... }`",
        Rule::glyph_def | Rule::glyph => "a legend entry like `'#' rock solid`",
        Rule::flag => "`solid` or `outside`",
        Rule::layout => "`layout \"name\" { ... }`",
        Rule::shape_field
        | Rule::doors_field
        | Rule::kinds_field
        | Rule::difficulty_field
        | Rule::weight_field => "a layout field (shape, doors, kinds, difficulty, weight)",
        Rule::interior => "`interior { ... }`",
        Rule::row => "a row of tiles between bars, like `|..#..|`",
        Rule::string => "a quoted name",
        Rule::ident => "a name",
        Rule::int => "a whole number",
        Rule::number => "a number",
        _ => "something else",
    }
}

/// Parse a pool file.
///
/// # Errors
/// The first syntax error, with its byte span and what was expected there; the message names
/// the layout it is in, when there is one.
pub fn parse_pool(text: &str) -> Result<PoolSyntax, PoolSyntaxError> {
    let mut pairs = PoolParser::parse(Rule::file, text).map_err(|e| {
        let pos = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((a, _)) => a,
        };
        let expected = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut names: Vec<&str> = positives.iter().map(friendly).collect();
                names.dedup();
                names.join(" or ")
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        let within = layout_before(text, pos)
            .map(|n| format!(" in layout `{n}`"))
            .unwrap_or_default();
        let end = text[pos..]
            .chars()
            .next()
            .map_or(pos, |c| pos + c.len_utf8());
        PoolSyntaxError {
            span: (pos, end),
            message: format!("syntax error{within}: expected {expected}"),
        }
    })?;
    let file = pairs.next().expect("grammar: file");
    let mut out = PoolSyntax::default();
    for p in file.into_inner() {
        match p.as_rule() {
            Rule::pool_name => {
                let s = p.into_inner().next().expect("grammar: string");
                out.name = string(s);
            }
            Rule::cell_size => {
                let sp = span(&p);
                let mut it = p.into_inner();
                let w = int(it.next().expect("grammar: int"));
                let h = int(it.next().expect("grammar: int"));
                out.cell = (w, h, sp);
            }
            Rule::legend => {
                for g in p.into_inner() {
                    let sp = span(&g);
                    let mut it = g.into_inner();
                    let glyph = it
                        .next()
                        .and_then(|g| g.as_str().chars().nth(1))
                        .expect("grammar: glyph");
                    let meaning = it.next().expect("grammar: ident").as_str().to_string();
                    let (mut solid, mut outside) = (false, false);
                    for f in it {
                        match f.as_str() {
                            "solid" => solid = true,
                            _ => outside = true,
                        }
                    }
                    out.legend.push(GlyphSyntax {
                        glyph,
                        meaning,
                        solid,
                        outside,
                        span: sp,
                    });
                }
            }
            Rule::layout => out.layouts.push(layout(p)),
            _ => {}
        }
    }
    Ok(out)
}

fn string(p: Pair<Rule>) -> (String, Span) {
    let body = p.into_inner().next().expect("grammar: string body");
    (body.as_str().to_string(), span(&body))
}

fn int(p: Pair<Rule>) -> i64 {
    // The grammar admits only digits; absurdly long numbers saturate (and fail the checks).
    p.as_str().parse().unwrap_or(i64::MAX)
}

fn idents(p: Pair<Rule>) -> Vec<(String, Span)> {
    p.into_inner()
        .map(|i| (i.as_str().to_string(), span(&i)))
        .collect()
}

fn layout(p: Pair<Rule>) -> LayoutSyntax {
    let mut it = p.into_inner();
    let mut l = LayoutSyntax {
        name: string(it.next().expect("grammar: layout name")),
        ..LayoutSyntax::default()
    };
    l.doors_span = l.name.1;
    for f in it {
        let sp = span(&f);
        match f.as_rule() {
            Rule::shape_field => {
                l.shape = Some(string(f.into_inner().next().expect("grammar: string")))
            }
            Rule::doors_field => {
                l.doors_span = sp;
                l.doors = idents(f);
            }
            Rule::kinds_field => l.kinds = idents(f),
            Rule::difficulty_field => {
                l.difficulty = Some((int(f.into_inner().next().expect("grammar: int")), sp))
            }
            Rule::weight_field => {
                let n = f.into_inner().next().expect("grammar: number");
                l.weight = Some((n.as_str().parse().unwrap_or(f64::MAX), sp))
            }
            Rule::interior => {
                l.interior_span = sp;
                for r in f.into_inner() {
                    let body = r.into_inner().next().expect("grammar: row body");
                    l.rows.push((body.as_str().to_string(), span(&body)));
                }
            }
            _ => {}
        }
    }
    l
}

/// The name of the last `layout "..."` that starts before byte `pos`.
fn layout_before(text: &str, pos: usize) -> Option<String> {
    let head = &text[..pos.min(text.len())];
    let mut at = head.len();
    while let Some(i) = head[..at].rfind("layout") {
        let rest = head[i + "layout".len()..].trim_start();
        let line_start = head[..i].rfind('\n').map_or(0, |n| n + 1);
        let is_comment = head[line_start..i].contains("//");
        if !is_comment {
            if let Some(r) = rest.strip_prefix('"') {
                if let Some(end) = r.find('"') {
                    return Some(r[..end].to_string());
                }
            }
        }
        at = i;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        "pool \"p\"\ncell 3 x 2\nlegend { '.' floor '#' rock solid ' ' void outside }\n\
        layout \"a\" { shape \"1x1\" doors [L0 R0] kinds [normal] difficulty 2 weight 0.5\n\
        interior {\n  |...|\n  |.#.|\n} }\n";

    #[test]
    fn parses_fields_rows_and_legend() {
        let p = parse_pool(GOOD).unwrap();
        assert_eq!(p.name.0, "p");
        assert_eq!((p.cell.0, p.cell.1), (3, 2));
        assert_eq!(p.legend.len(), 3);
        assert!(p.legend[1].solid && p.legend[2].outside && p.legend[2].glyph == ' ');
        let l = &p.layouts[0];
        assert_eq!(l.shape.as_ref().unwrap().0, "1x1");
        assert_eq!(l.doors.len(), 2);
        assert_eq!(l.difficulty.unwrap().0, 2);
        assert_eq!(l.weight.unwrap().0, 0.5);
        assert_eq!(l.rows[1].0, ".#.");
        assert_eq!(&GOOD[l.rows[1].1 .0..l.rows[1].1 .1], ".#.");
    }

    #[test]
    fn syntax_error_names_the_layout() {
        let bad = GOOD.replace("|.#.|", "|.#.");
        let e = parse_pool(&bad).unwrap_err();
        assert!(e.message.contains("layout `a`"), "{}", e.message);
    }
}
