//! The syntax tree of an expression that is a single atom — one number, `true`/`false` or one
//! name, with nothing but whitespace around it — built without running the grammar (part of
//! [`super`]).
//!
//! Most strings in rule files are such atoms (`"10"`, `"tiles"`, `"vertical"`), and the pest
//! parser spends tens of thousands of instructions on each; loading a rule set parses
//! hundreds. The tree is exactly the one [`super::parse`] gives through `expr.pest`: the
//! tests below compare the two on every kind of atom and near-atom.

use super::{Node, NodeKind};

/// Whitespace as `expr.pest`'s `WHITESPACE` rule has it.
const WHITESPACE: &[char] = &[' ', '\t', '\r', '\n'];

/// The tree of `text` when it is a lone atom, `None` otherwise (the grammar decides then).
pub(super) fn atom(text: &str) -> Option<Node> {
    let body = text.trim_start_matches(WHITESPACE);
    let start = text.len() - body.len();
    let body = body.trim_end_matches(WHITESPACE);
    let span = (start, start + body.len());
    let kind = match body.as_bytes().first()? {
        b'0'..=b'9' if is_number(body) => NodeKind::Num(body.parse().ok()?),
        b'a'..=b'z' | b'A'..=b'Z' | b'_' if is_name(body) => match body {
            "true" => NodeKind::Bool(true),
            "false" => NodeKind::Bool(false),
            _ => NodeKind::Name(body.to_string()),
        },
        _ => return None,
    };
    Some(Node { kind, span })
}

/// `number = @{ ASCII_DIGIT+ ~ ("." ~ ASCII_DIGIT+)? }`, the whole of `s`.
fn is_number(s: &str) -> bool {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match s.split_once('.') {
        Some((int, frac)) => digits(int) && digits(frac),
        None => digits(s),
    }
}

/// `name = @{ (ASCII_ALPHA | "_") ~ (ASCII_ALPHANUMERIC | "_")* }`, the whole of `s`.
fn is_name(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::super::{parse_with_grammar, NodeKind};
    use super::*;

    /// Every atom gives the grammar's tree, spans included; every near-atom is left to it.
    #[test]
    fn atoms_are_parsed_as_the_grammar_parses_them() {
        let atoms = [
            "0", "10", " 39 ", "2.6", "\t0.25\n", "007", "tiles", "_x", "has2", "true", "false",
            " true ", "truex", "true_", "false1", "Level", "x_1_y",
        ];
        for text in atoms {
            let fast = atom(text).unwrap_or_else(|| panic!("`{text}` is an atom"));
            assert_eq!(Ok(fast), parse_with_grammar(text), "`{text}`");
        }
        let not_atoms = [
            "", "  ", "1.", ".5", "1.2.3", "1e5", "-1", "!x", "a b", "a.b", "1x", "x-1", "f()",
            "é", "tiles[1]", "(1)", "a # b",
        ];
        for text in not_atoms {
            assert_eq!(atom(text), None, "`{text}` is not an atom");
        }
    }

    #[test]
    fn spans_leave_out_the_whitespace_around() {
        let n = atom("  12 ").unwrap();
        assert_eq!((n.kind, n.span), (NodeKind::Num(12.0), (2, 4)));
        let n = atom("\n level\t").unwrap();
        assert_eq!((n.kind, n.span), (NodeKind::Name("level".into()), (2, 7)));
    }
}
