//! A parsed pattern file as one flat list of pairs (pest's `Pair` API in small, without
//! its reference counting): what the hand reader (`fast.rs`) writes, what pest's pairs are
//! copied into when the grammar reads the file, and what the builder reads.

use super::grammar::Rule;
use pest::iterators::Pairs;

/// One pair, in preorder: its rule, its byte span, and the index just past its subtree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Tok {
    pub rule: Rule,
    pub start: usize,
    pub end: usize,
    pub next: usize,
}

/// The pairs of a text, in preorder.
#[derive(Debug, PartialEq)]
pub(super) struct Tree<'i> {
    pub text: &'i str,
    pub toks: Vec<Tok>,
}

impl<'i> Tree<'i> {
    /// The pairs pest gave for `text`, copied.
    pub(super) fn from_pairs(text: &'i str, pairs: Pairs<'_, Rule>) -> Tree<'i> {
        fn copy(pairs: Pairs<'_, Rule>, toks: &mut Vec<Tok>) {
            for p in pairs {
                let k = toks.len();
                let (start, end) = (p.as_span().start(), p.as_span().end());
                toks.push(Tok {
                    rule: p.as_rule(),
                    start,
                    end,
                    next: k + 1,
                });
                copy(p.into_inner(), toks);
                toks[k].next = toks.len();
            }
        }
        let mut toks = Vec::new();
        copy(pairs, &mut toks);
        Tree { text, toks }
    }

    /// The pairs at the top.
    pub(super) fn pairs(&self) -> Nodes<'_> {
        Nodes {
            text: self.text,
            toks: &self.toks,
            k: 0,
            end: self.toks.len(),
        }
    }
}

/// One pair of a [`Tree`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Node<'a> {
    text: &'a str,
    toks: &'a [Tok],
    k: usize,
}

/// The byte range of a [`Node`].
pub(super) struct At(usize, usize);

impl At {
    pub(super) fn start(&self) -> usize {
        self.0
    }

    pub(super) fn end(&self) -> usize {
        self.1
    }
}

impl<'a> Node<'a> {
    pub(super) fn as_rule(&self) -> Rule {
        self.toks[self.k].rule
    }

    pub(super) fn as_span(&self) -> At {
        let t = &self.toks[self.k];
        At(t.start, t.end)
    }

    pub(super) fn as_str(&self) -> &'a str {
        let t = &self.toks[self.k];
        &self.text[t.start..t.end]
    }

    /// Its pairs.
    pub(super) fn into_inner(self) -> Nodes<'a> {
        Nodes {
            text: self.text,
            toks: self.toks,
            k: self.k + 1,
            end: self.toks[self.k].next,
        }
    }
}

/// Pairs side by side (the whole subtrees `toks[k..end]`).
#[derive(Debug, Clone)]
pub(super) struct Nodes<'a> {
    text: &'a str,
    toks: &'a [Tok],
    k: usize,
    end: usize,
}

impl<'a> Iterator for Nodes<'a> {
    type Item = Node<'a>;

    fn next(&mut self) -> Option<Node<'a>> {
        if self.k >= self.end {
            return None;
        }
        let n = Node {
            text: self.text,
            toks: self.toks,
            k: self.k,
        };
        self.k = self.toks[self.k].next;
        Some(n)
    }
}
