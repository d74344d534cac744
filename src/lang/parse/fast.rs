//! A hand-written parser for the expressions `expr.pest` accepts, giving exactly the tree
//! (spans included) that the grammar and [`super`]'s `build` give, in a few hundred
//! instructions where the pest parser takes tens of thousands. It gives up (`None`) at the
//! first thing it does not expect, and the grammar then parses the text (and words the
//! error): it never has to report a mistake itself, only to agree with the grammar on
//! what it accepts. The tests of `super` compare the two on every string of the shipped
//! rule files and on many generated and mutated expressions.
//!
//! [`atom`] reads a text that is one number, `true`/`false` or one name (most strings in
//! rule files), with the same readers.
//!
//! Where the grammar's rule spans reach: a rule `x ~ (op ~ y)*` takes the whitespace after
//! its first element even when no `op` follows, so a `?:` node (the only node whose span is
//! a rule's) ends after the whitespace that follows its last token.

use crate::lang::syntax::{BinOp, Node, NodeKind, Span, TileItem, UnOp};

/// Deepest nesting of `?:` branches and parentheses parsed here (deeper: the grammar).
const MAX_DEPTH: u32 = 48;

/// The tree of `text` as the grammar builds it, or `None` (the grammar decides).
pub(super) fn parse(text: &str) -> Option<Node> {
    whole(text, P::ternary)
}

/// The tree of `text` when it is a lone atom — one number, `true`/`false` or one name,
/// with nothing but whitespace around it — or `None`. Most strings in rule files are
/// atoms, and nothing in one nests: [`super::parse`] takes them before its size check.
pub(super) fn atom(text: &str) -> Option<Node> {
    whole(text, P::atom)
}

/// What `read` reads from `text`, when only whitespace is around it.
fn whole<'a>(text: &'a str, read: fn(&mut P<'a>) -> Option<Node>) -> Option<Node> {
    let mut p = P {
        s: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    p.ws();
    let n = read(&mut p)?;
    p.ws();
    (p.i == p.s.len()).then_some(n)
}

/// The text and the position in it.
struct P<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl<'a> P<'a> {
    /// Skip `WHITESPACE` (space, tab, CR, LF).
    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.i += 1;
        }
    }

    /// The position after the whitespace at the current one.
    fn after_ws(&self) -> usize {
        let mut j = self.i;
        while matches!(self.s.get(j), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            j += 1;
        }
        j
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Take `tok` if it comes next.
    fn eat(&mut self, tok: &[u8]) -> bool {
        if self.s[self.i..].starts_with(tok) {
            self.i += tok.len();
            true
        } else {
            false
        }
    }

    /// After whitespace, the operator of `ops` that comes next (first match wins, as in
    /// the grammar's ordered choice), taken with the whitespace; else nothing is taken.
    fn op<T: Copy>(&mut self, ops: &[(&[u8], T)]) -> Option<T> {
        let j = self.after_ws();
        let rest = &self.s[j..];
        let &(tok, v) = ops.iter().find(|(tok, _)| rest.starts_with(tok))?;
        self.i = j + tok.len();
        Some(v)
    }

    /// `ternary = { or_expr ~ ("?" ~ ternary ~ ":" ~ ternary)? }`, at its first token.
    fn ternary(&mut self) -> Option<Node> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let start = self.i;
        let cond = self.or_expr()?;
        let node = if self.op(&[(b"?", ())]).is_some() {
            self.ws();
            let a = self.ternary()?;
            self.op(&[(b":", ())])?;
            self.ws();
            let b = self.ternary()?;
            Node {
                kind: NodeKind::Ternary(Box::new(cond), Box::new(a), Box::new(b)),
                span: (start, self.after_ws()),
            }
        } else {
            cond
        };
        self.depth -= 1;
        Some(node)
    }

    /// A left-associated chain `next ~ (op ~ next)*`.
    fn chain(
        &mut self,
        ops: &[(&[u8], BinOp)],
        next: fn(&mut Self) -> Option<Node>,
    ) -> Option<Node> {
        let mut left = next(self)?;
        while let Some(op) = self.op(ops) {
            self.ws();
            let right = next(self)?;
            let span = (left.span.0, right.span.1);
            left = Node {
                kind: NodeKind::Binary(op, Box::new(left), Box::new(right)),
                span,
            };
        }
        Some(left)
    }

    fn or_expr(&mut self) -> Option<Node> {
        self.chain(&[(b"||", BinOp::Or)], Self::and_expr)
    }

    fn and_expr(&mut self) -> Option<Node> {
        self.chain(&[(b"&&", BinOp::And)], Self::comparison)
    }

    /// `comparison = { sum ~ (cmp_op ~ sum)? }`: comparisons do not chain.
    fn comparison(&mut self) -> Option<Node> {
        const CMP: [(&[u8], BinOp); 6] = [
            (b"==", BinOp::Eq),
            (b"!=", BinOp::Ne),
            (b"<=", BinOp::Le),
            (b">=", BinOp::Ge),
            (b"<", BinOp::Lt),
            (b">", BinOp::Gt),
        ];
        let left = self.sum()?;
        let Some(op) = self.op(&CMP) else {
            return Some(left);
        };
        self.ws();
        let right = self.sum()?;
        let span = (left.span.0, right.span.1);
        Some(Node {
            kind: NodeKind::Binary(op, Box::new(left), Box::new(right)),
            span,
        })
    }

    fn sum(&mut self) -> Option<Node> {
        self.chain(&[(b"+", BinOp::Add), (b"-", BinOp::Sub)], Self::product)
    }

    fn product(&mut self) -> Option<Node> {
        const MUL: [(&[u8], BinOp); 3] =
            [(b"*", BinOp::Mul), (b"/", BinOp::Div), (b"%", BinOp::Mod)];
        self.chain(&MUL, Self::unary)
    }

    /// `unary = { prefix_op* ~ primary }`: the innermost operator is the last written.
    fn unary(&mut self) -> Option<Node> {
        let mut ops: Vec<(UnOp, usize)> = Vec::new();
        loop {
            let op = match self.peek() {
                Some(b'!') => UnOp::Not,
                Some(b'-') => UnOp::Neg,
                _ => break,
            };
            ops.push((op, self.i));
            self.i += 1;
            self.ws();
        }
        let mut node = self.primary()?;
        for &(op, at) in ops.iter().rev() {
            node = Node {
                span: (at, node.span.1),
                kind: NodeKind::Unary(op, Box::new(node)),
            };
        }
        Some(node)
    }

    /// `number | tile_set | call | boolean | name | "(" ~ ternary ~ ")"`.
    fn primary(&mut self) -> Option<Node> {
        let start = self.i;
        match self.peek()? {
            b'0'..=b'9' => self.atom(),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let name = self.name()?;
                let name_span = (start, self.i);
                let j = self.after_ws();
                match self.s.get(j) {
                    Some(b'[') => {
                        self.i = j + 1;
                        self.tile_set(name, start)
                    }
                    Some(b'(') => {
                        self.i = j + 1;
                        self.call(name, name_span)
                    }
                    _ => Some(name_node(name, name_span)),
                }
            }
            b'(' => {
                self.i += 1;
                self.depth += 1;
                self.ws();
                let inner = self.ternary()?;
                self.op(&[(b")", ())])?;
                self.depth -= 1;
                Some(inner)
            }
            _ => None,
        }
    }

    /// `number | boolean | name`: a leaf of the tree (what follows it is not looked at).
    fn atom(&mut self) -> Option<Node> {
        let start = self.i;
        if self.peek()?.is_ascii_digit() {
            let (v, span) = self.number()?;
            return Some(Node {
                kind: NodeKind::Num(v),
                span,
            });
        }
        let name = self.name()?;
        Some(name_node(name, (start, self.i)))
    }

    /// `number = @{ ASCII_DIGIT+ ~ ("." ~ ASCII_DIGIT+)? }`: its value and span.
    fn number(&mut self) -> Option<(f64, Span)> {
        let start = self.i;
        let digits = |p: &mut Self| {
            let from = p.i;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.i += 1;
            }
            p.i > from
        };
        if !digits(self) {
            return None;
        }
        if self.peek() == Some(b'.') && self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
            digits(self);
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        Some((text.parse().unwrap_or(0.0), (start, self.i)))
    }

    /// `name = @{ (ASCII_ALPHA | "_") ~ (ASCII_ALPHANUMERIC | "_")* }`.
    fn name(&mut self) -> Option<&'a str> {
        let start = self.i;
        if !self.peek()?.is_ascii_alphabetic() && self.peek()? != b'_' {
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.i += 1;
        }
        let s: &'a [u8] = self.s;
        std::str::from_utf8(&s[start..self.i]).ok()
    }

    /// The rest of `name ~ "(" ~ (ternary ~ ("," ~ ternary)*)? ~ ")"`, after the `(`.
    fn call(&mut self, name: &str, name_span: Span) -> Option<Node> {
        let name = name.to_string();
        let args = self.list(b')', |p| p.ternary())?;
        Some(Node {
            kind: NodeKind::Call(name, name_span, args),
            span: (name_span.0, self.i),
        })
    }

    /// The rest of `name ~ "[" ~ (tile_item ~ ("," ~ tile_item)*)? ~ "]"`, after the `[`
    /// (`tile_item = _{ number | name }`).
    fn tile_set(&mut self, layer: &str, start: usize) -> Option<Node> {
        let layer = layer.to_string();
        let items = self.list(b']', |p| {
            let at = p.i;
            match p.peek()? {
                b'0'..=b'9' => {
                    let (v, span) = p.number()?;
                    Some((TileItem::Id(v), span))
                }
                _ => {
                    let name = p.name()?;
                    Some((TileItem::Class(name.to_string()), (at, p.i)))
                }
            }
        })?;
        Some(Node {
            kind: NodeKind::TileSet(layer, items),
            span: (start, self.i),
        })
    }

    /// The rest of `(item ~ ("," ~ item)*)? ~ close`, after the opening bracket: the items.
    fn list<T>(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        let mut items = Vec::new();
        self.ws();
        if self.peek() != Some(close) {
            loop {
                items.push(item(self)?);
                if self.op(&[(b",", ())]).is_none() {
                    break;
                }
                self.ws();
            }
            self.ws();
        }
        self.eat(&[close]).then_some(items)
    }
}

/// The leaf for the name `name` at `span`: `true` and `false` are booleans
/// (`boolean = @{ ("true" | "false") ~ !(ASCII_ALPHANUMERIC | "_") }`), any other is a name.
fn name_node(name: &str, span: Span) -> Node {
    let kind = match name {
        "true" => NodeKind::Bool(true),
        "false" => NodeKind::Bool(false),
        _ => NodeKind::Name(name.to_string()),
    };
    Node { kind, span }
}
