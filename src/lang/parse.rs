//! Parsing expression text (grammar: `expr.pest`) into a spanned syntax tree.
//!
//! Spans are byte ranges inside the expression text; the loader adds the position of the RON
//! string the text came from, so errors point at the exact character in the rule file.

use pest::iterators::Pair;
use pest::Parser;

mod fast;
#[cfg(test)]
mod fast_tests;

/// The parser pest generates from `expr.pest`, with its `Rule` enum (one variant per
/// grammar rule, documented in the grammar file).
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "lang/expr.pest"]
    pub struct ExprParser;
}
use grammar::ExprParser;
pub use grammar::Rule;

pub use super::syntax::{BinOp, Node, NodeKind, Span, TileItem, UnOp};

/// A syntax error: where in the expression text, and what was expected there.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Byte range in the expression text.
    pub span: Span,
    /// What was expected.
    pub message: String,
}

/// Parse one expression.
///
/// # Errors
/// [`SyntaxError`] with the offending position and the list of things expected there
/// (e.g. "expected a number, a name, a function call or `(`").
pub fn parse(text: &str) -> Result<Node, SyntaxError> {
    if let Some(node) = fast::atom(text) {
        return Ok(node);
    }
    check_size(text)?;
    match fast::parse(text) {
        Some(node) => Ok(node),
        None => parse_with_grammar(text),
    }
}

/// [`parse`] through the grammar, for every text (atoms included).
fn parse_with_grammar(text: &str) -> Result<Node, SyntaxError> {
    check_size(text)?;
    let mut pairs = ExprParser::parse(Rule::expression, text).map_err(|e| convert(e, text))?;
    let expr = pairs.next().expect("grammar: expression");
    let inner = expr.into_inner().next().expect("grammar: ternary");
    Ok(build(inner))
}

/// Longest expression text, in bytes.
pub const MAX_LEN: usize = 4096;
/// Deepest nesting of parentheses and calls.
pub const MAX_NESTING: usize = 64;
/// Most operators in one expression (each adds a level to the syntax tree).
pub const MAX_OPERATORS: usize = 512;

/// Refuse texts whose syntax tree would be too deep to parse, compile or drop safely
/// (the parser, the compiler and the tree are recursive).
fn check_size(text: &str) -> Result<(), SyntaxError> {
    let too = |at: usize, message: String| SyntaxError {
        span: (at, (at + 1).min(text.len()).max(at)),
        message,
    };
    if text.len() > MAX_LEN {
        return Err(too(
            MAX_LEN,
            format!(
            "expression too long ({} bytes, at most {MAX_LEN}): split it into several `Let` steps",
            text.len()
        ),
        ));
    }
    let (mut depth, mut ops) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(too(i, format!("expression nested too deeply (more than {MAX_NESTING} levels of parentheses)")));
                }
            }
            ')' => depth = depth.saturating_sub(1),
            '+' | '-' | '*' | '/' | '%' | '<' | '>' | '=' | '!' | '&' | '|' | '?' | ',' => {
                ops += 1;
                if ops > MAX_OPERATORS {
                    return Err(too(i, format!("expression has too many operators (more than {MAX_OPERATORS}): split it into several `Let` steps")));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn convert(e: pest::error::Error<Rule>, text: &str) -> SyntaxError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = positives.iter().map(|r| friendly(*r)).collect();
            names.sort();
            names.dedup();
            let found = text[pos..]
                .chars()
                .next()
                .map(|c| format!("`{c}`"))
                .unwrap_or_else(|| "the end of the expression".into());
            if names.is_empty() {
                format!("unexpected {found}")
            } else {
                format!("expected {}, found {found}", join_or(&names))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = (pos + 1).min(text.len()).max(pos);
    SyntaxError {
        span: (pos, end),
        message,
    }
}

fn join_or(items: &[&str]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].to_string(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// Names for grammar rules as a designer would say them.
fn friendly(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the expression",
        Rule::number => "a number",
        Rule::name | Rule::call | Rule::boolean => "a value (number, name or function call)",
        Rule::tile_set => "a set of tiles (`layer[1, 2]`)",
        Rule::tile_item => "a tile id or a tile class",
        Rule::primary
        | Rule::unary
        | Rule::product
        | Rule::sum
        | Rule::comparison
        | Rule::and_expr
        | Rule::or_expr
        | Rule::ternary
        | Rule::expression => "a value (number, name or function call)",
        Rule::prefix_op => "`!` or `-`",
        Rule::or_op => "`||`",
        Rule::and_op => "`&&`",
        Rule::cmp_op => "a comparison (`==`, `<`, ...)",
        Rule::add_op => "`+` or `-`",
        Rule::mul_op => "`*`, `/` or `%`",
        Rule::WHITESPACE => "a space",
    }
}

fn span_of(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    (s.start(), s.end())
}

fn build(pair: Pair<Rule>) -> Node {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::ternary => {
            let mut it = pair.into_inner();
            let cond = build(it.next().unwrap());
            match (it.next(), it.next()) {
                (Some(a), Some(b)) => Node {
                    kind: NodeKind::Ternary(Box::new(cond), Box::new(build(a)), Box::new(build(b))),
                    span,
                },
                _ => cond,
            }
        }
        Rule::or_expr | Rule::and_expr | Rule::comparison | Rule::sum | Rule::product => {
            let mut it = pair.into_inner();
            let mut left = build(it.next().unwrap());
            while let Some(op) = it.next() {
                let right = build(it.next().unwrap());
                let op = bin_op(op.as_str());
                let span = (left.span.0, right.span.1);
                left = Node {
                    kind: NodeKind::Binary(op, Box::new(left), Box::new(right)),
                    span,
                };
            }
            left
        }
        Rule::unary => {
            let parts: Vec<Pair<Rule>> = pair.into_inner().collect();
            let (ops, last) = parts.split_at(parts.len() - 1);
            let mut node = build(last[0].clone());
            for op in ops.iter().rev() {
                let op_kind = if op.as_str() == "!" {
                    UnOp::Not
                } else {
                    UnOp::Neg
                };
                node = Node {
                    span: (op.as_span().start(), node.span.1),
                    kind: NodeKind::Unary(op_kind, Box::new(node)),
                };
            }
            node
        }
        Rule::call => {
            let mut it = pair.into_inner();
            let name = it.next().unwrap();
            let name_span = span_of(&name);
            let args = it.map(build).collect();
            Node {
                kind: NodeKind::Call(name.as_str().to_string(), name_span, args),
                span,
            }
        }
        Rule::number => Node {
            kind: NodeKind::Num(pair.as_str().parse().unwrap_or(0.0)),
            span,
        },
        Rule::boolean => Node {
            kind: NodeKind::Bool(pair.as_str() == "true"),
            span,
        },
        Rule::name => Node {
            kind: NodeKind::Name(pair.as_str().to_string()),
            span,
        },
        Rule::tile_set => tile_set(pair, span),
        other => unreachable!("grammar rule {other:?} is not an expression node"),
    }
}

/// The binary operator written `op` (one the grammar accepts).
fn bin_op(op: &str) -> BinOp {
    match op {
        "||" => BinOp::Or,
        "&&" => BinOp::And,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        _ => BinOp::Mod,
    }
}

/// A tile set `layer[id, class, ...]`: the layer and each item with its span.
fn tile_set(pair: Pair<Rule>, span: Span) -> Node {
    let mut it = pair.into_inner();
    let layer = it.next().unwrap().as_str().to_string();
    let items = it
        .map(|p| {
            let item = match p.as_rule() {
                Rule::number => TileItem::Id(p.as_str().parse().unwrap_or(0.0)),
                _ => TileItem::Class(p.as_str().to_string()),
            };
            (item, span_of(&p))
        })
        .collect();
    Node {
        kind: NodeKind::TileSet(layer, items),
        span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(n: &Node) -> String {
        match &n.kind {
            NodeKind::Num(v) => format!("{v}"),
            NodeKind::Bool(b) => format!("{b}"),
            NodeKind::Name(s) => s.clone(),
            NodeKind::Call(f, _, a) => {
                format!("{f}({})", a.iter().map(show).collect::<Vec<_>>().join(","))
            }
            NodeKind::Unary(op, a) => format!("({op:?} {})", show(a)),
            NodeKind::Binary(op, a, b) => format!("({op:?} {} {})", show(a), show(b)),
            NodeKind::Ternary(c, a, b) => format!("({} ? {} : {})", show(c), show(a), show(b)),
            NodeKind::TileSet(l, items) => format!("{l}{items:?}"),
        }
    }

    /// Atoms skip the size check and the rest of the hand parser (`fast::atom`): every
    /// kind gives the grammar's tree, spans included.
    #[test]
    fn atoms_are_parsed_as_the_grammar_parses_them() {
        let atoms = [
            "0", "10", " 39 ", "2.6", "\t0.25\n", "007", "tiles", "_x", "has2", "true", "false",
            " true ", "truex", "true_", "false1", "Level", "x_1_y",
        ];
        for text in atoms {
            assert!(fast::atom(text).is_some(), "`{text}` is an atom");
            assert_eq!(parse(text), parse_with_grammar(text), "`{text}`");
        }
    }

    #[test]
    fn precedence_and_associativity() {
        let n = parse("1 + 2 * 3 - 4").unwrap();
        assert_eq!(show(&n), "(Sub (Add 1 (Mul 2 3)) 4)");
        let n = parse("a || b && !c").unwrap();
        assert_eq!(show(&n), "(Or a (And b (Not c)))");
        let n = parse("x == 1 ? 3 : 4").unwrap();
        assert_eq!(show(&n), "((Eq x 1) ? 3 : 4)");
        let n = parse("min(20, rnd(2) + 5 + level * 2.6)").unwrap();
        assert_eq!(show(&n), "min(20,(Add (Add rnd(2) 5) (Mul level 2.6)))");
        let n = parse("--x").unwrap();
        assert_eq!(show(&n), "(Neg (Neg x))");
        let n = parse("trueish && true").unwrap();
        assert_eq!(show(&n), "(And trueish true)");
        let n = parse("farthest(tiles[1, floor], a)").unwrap();
        assert_eq!(
            show(&n),
            r#"farthest(tiles[(Id(1.0), (15, 16)), (Class("floor"), (18, 23))],a)"#
        );
        let n = parse("regions(t[])").unwrap();
        assert_eq!(show(&n), "regions(t[])");
    }

    #[test]
    fn spans_point_into_the_text() {
        let n = parse("a + bcd").unwrap();
        match n.kind {
            NodeKind::Binary(_, _, r) => assert_eq!(r.span, (4, 7)),
            _ => panic!(),
        }
    }

    #[test]
    fn deep_or_huge_expressions_are_refused_not_overflowed() {
        let deep = format!("{}1{}", "(".repeat(2000), ")".repeat(2000));
        let e = parse(&deep).unwrap_err();
        assert!(e.message.contains("nested too deeply"), "{}", e.message);
        assert_eq!(e.span.0, MAX_NESTING);
        let long = vec!["1"; 15_000].join(" + ");
        assert!(parse(&long).unwrap_err().message.contains("too long"));
        let nots = format!("{}true", "!".repeat(1000));
        assert!(parse(&nots)
            .unwrap_err()
            .message
            .contains("too many operators"));
        // Within the limits, a long flat sum still parses.
        let ok = vec!["1"; 400].join("+");
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn errors_give_position_and_expectation() {
        let e = parse("1 + ").unwrap_err();
        assert_eq!(e.span.0, 4);
        assert!(e.message.contains("expected"), "{}", e.message);
        let e = parse("a < b < c").unwrap_err();
        assert_eq!(e.span.0, 6, "{e:?}");
        let e = parse("f(1,,2)").unwrap_err();
        assert_eq!(e.span.0, 4);
        let e = parse("").unwrap_err();
        assert_eq!(e.span.0, 0);
    }
}
