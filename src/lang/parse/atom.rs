//! The syntax tree of an expression that is a single atom — one number, `true`/`false` or one
//! name, with nothing but whitespace around it — built without running the grammar (part of
//! [`super`]).
//!
//! Most strings in rule files are such atoms (`"10"`, `"tiles"`, `"vertical"`), and the pest
//! parser spends tens of thousands of instructions on each; loading a rule set parses
//! hundreds. The tree is exactly the one [`super::parse`] gives through `expr.pest`: the
//! tests of `super` compare the two on every kind of atom.

/// Whitespace as `expr.pest`'s `WHITESPACE` rule has it.
const WHITESPACE: &[char] = &[' ', '\t', '\r', '\n'];

/// A lone atom: what it is, and its byte span in the text (whitespace around left out).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Atom<'a> {
    /// A number literal.
    Num(f64),
    /// `true` or `false`.
    Bool(bool),
    /// Any other name.
    Name(&'a str),
}

/// `text` when it is a lone atom, with its span; `None` otherwise (the grammar decides).
pub(super) fn atom(text: &str) -> Option<(Atom<'_>, (usize, usize))> {
    let body = text.trim_start_matches(WHITESPACE);
    let start = text.len() - body.len();
    let body = body.trim_end_matches(WHITESPACE);
    let span = (start, start + body.len());
    let kind = match body.as_bytes().first()? {
        b'0'..=b'9' if is_number(body) => Atom::Num(body.parse().ok()?),
        b'a'..=b'z' | b'A'..=b'Z' | b'_' if is_name(body) => match body {
            "true" => Atom::Bool(true),
            "false" => Atom::Bool(false),
            _ => Atom::Name(body),
        },
        _ => return None,
    };
    Some((kind, span))
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
    use super::*;

    #[test]
    fn near_atoms_are_left_to_the_grammar() {
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
        assert_eq!(atom("  12 "), Some((Atom::Num(12.0), (2, 4))));
        assert_eq!(atom("\n level\t"), Some((Atom::Name("level"), (2, 7))));
        assert_eq!(atom("false"), Some((Atom::Bool(false), (0, 5))));
    }
}
