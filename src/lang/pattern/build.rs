//! Building a [`PatternFile`] from pest's parse of a pattern file: names, sets, grids,
//! rules and tables checked and converted, every semantic error collected with its span
//! (part of [`super`]).

use super::grammar::{PatParser, Rule};
use super::items::*;
use super::syntax_error::syntax_error;
use super::tree::{Node, Tree};
use crate::lang::parse::Span;
use pest::Parser;
use std::collections::BTreeMap;

mod shapes;

/// Parse a pattern file.
///
/// # Errors
/// Every syntax error (the first one pest finds) or every semantic error (unknown tile
/// name, duplicate item, grid of the wrong size, tile id out of range), with spans.
pub fn parse_patterns(text: &str) -> Result<PatternFile, Vec<PatternError>> {
    let tree = match super::fast::parse(text) {
        Some(tree) => tree,
        None => Tree::from_pairs(
            text,
            PatParser::parse(Rule::file, text).map_err(|e| vec![syntax_error(e, text)])?,
        ),
    };
    let mut p = Builder {
        names: BTreeMap::new(),
        glyphs: BTreeMap::new(),
        errors: Vec::new(),
        members: 0,
    };
    let mut out = PatternFile::default();
    for item in tree.pairs().next().expect("file").into_inner() {
        let which = item.as_rule();
        let mut inner = item.into_inner();
        let kind = match which {
            Rule::tiles => {
                for d in inner {
                    let mut it = d.into_inner();
                    let name = it.next().expect("name");
                    let v = p.int(it.next().expect("value"), 0, 65535);
                    p.define(&name, Name::Tile(v as u16));
                }
                continue;
            }
            Rule::set_def => {
                let name = inner.next().expect("name");
                let members = p.set(inner.next().expect("set"));
                p.define(&name, Name::Set(members));
                continue;
            }
            Rule::glyphs => {
                p.glyphs(inner);
                continue;
            }
            Rule::EOI => continue,
            _ => {
                let name = inner.next().expect("item name");
                let nspan = (name.as_span().start(), name.as_span().end());
                let name = name.as_str().to_string();
                let kind = match which {
                    Rule::table => ItemKind::Table(inner.map(|v| p.value(v, -65535)).collect()),
                    Rule::miniset => p.miniset(inner),
                    Rule::rules => ItemKind::Rules(inner.map(|r| p.rule(r)).collect()),
                    Rule::automaton => ItemKind::Automaton(inner.map(|r| p.ca_rule(r)).collect()),
                    Rule::tileset => p.tileset(nspan, inner),
                    Rule::example => p.example(nspan, inner),
                    Rule::templates => p.templates(inner),
                    _ => unreachable!("grammar"),
                };
                if out.get(&name).is_some() {
                    p.err(nspan, format!("`{name}` is defined twice in this file"));
                }
                (name, nspan, kind)
            }
        };
        out.items.push(Item {
            name: kind.0,
            span: kind.1,
            kind: kind.2,
        });
    }
    if p.errors.is_empty() {
        Ok(out)
    } else {
        Err(p.errors)
    }
}

/// What a name defined in the file stands for.
#[derive(Debug, Clone)]
pub(super) enum Name {
    Tile(u16),
    /// Members ascending, no repeats (empty only after an error was reported).
    Set(Box<[u16]>),
}

pub(super) struct Builder {
    /// Tile and set names, sorted (so suggestions never depend on hash order).
    pub(super) names: BTreeMap<String, Name>,
    /// The tile each glyph of ASCII grids stands for (`glyphs { }` items so far).
    pub(super) glyphs: BTreeMap<char, u16>,
    pub(super) errors: Vec<PatternError>,
    /// Set members stored so far (named sets and set cells), against [`MAX_SET_MEMBERS`].
    pub(super) members: usize,
}

/// The most set members one pattern file may hold in all (its named sets and every set
/// cell, a named set counted again where it is used): sets that include each other in a
/// long chain would otherwise grow with the square of the chain.
pub const MAX_SET_MEMBERS: usize = 1 << 20;

pub(super) fn span_of(p: &Node<'_>) -> Span {
    (p.as_span().start(), p.as_span().end())
}

impl Builder {
    pub(super) fn err(&mut self, span: Span, message: String) {
        self.errors.push(PatternError { span, message });
    }

    /// Count `n` more stored set members; false (and one error, at `span`) past
    /// [`MAX_SET_MEMBERS`].
    pub(super) fn spend(&mut self, n: usize, span: Span) -> bool {
        let before = self.members;
        self.members = self.members.saturating_add(n);
        if self.members <= MAX_SET_MEMBERS {
            return true;
        }
        if before <= MAX_SET_MEMBERS {
            self.err(
                span,
                format!(
                    "the sets of this file hold more than {MAX_SET_MEMBERS} tiles in all (each \
                     set counted again where a set or cell includes it): use fewer or smaller \
                     sets"
                ),
            );
        }
        false
    }

    /// Define a tile or set name. A set may not reuse a name, nor a tile a set's name (a
    /// tile name defined again takes the new id, as it always has).
    pub(super) fn define(&mut self, name: &Node<'_>, what: Name) {
        let clash = !matches!(
            (self.names.get(name.as_str()), &what),
            (None, _) | (Some(Name::Tile(_)), Name::Tile(_))
        );
        if clash {
            self.err(
                span_of(name),
                format!("the name `{}` is defined twice in this file", name.as_str()),
            );
            return;
        }
        self.names.insert(name.as_str().to_string(), what);
    }

    /// The error for a name that is not defined: the nearest tile name (or, when `sets` is
    /// true, tile or set name), ties broken by name.
    pub(super) fn unknown(&mut self, p: &Node<'_>, sets: bool) {
        let what = if sets {
            "tile or set name"
        } else {
            "tile name"
        };
        let candidates = self
            .names
            .iter()
            .filter(|(_, v)| sets || matches!(v, Name::Tile(_)))
            .map(|(k, _)| k.as_str());
        let msg = match crate::lang::nearest(p.as_str(), candidates) {
            Some(n) => format!("unknown {what} `{}`; did you mean `{n}`?", p.as_str()),
            None if sets => format!(
                "unknown {what} `{}` (define it in a `tiles {{ }}` block or as a `set` first)",
                p.as_str()
            ),
            None => format!(
                "unknown {what} `{}` (define it in a `tiles {{ }}` block first)",
                p.as_str()
            ),
        };
        self.err(span_of(p), msg);
    }

    /// The members of a set cell `{...}` (ids, tile names, set names), ascending without
    /// repeats; an empty set is an error.
    pub(super) fn set(&mut self, p: Node<'_>) -> Box<[u16]> {
        let span = span_of(&p);
        let mut members = Vec::new();
        let mut written = 0;
        let mut over = false;
        for v in p.into_inner() {
            written += 1;
            match v.as_rule() {
                Rule::int => members.push(self.int(v, 0, 65535) as u16),
                Rule::glued => self.glued(&v),
                _ => match self.names.get(v.as_str()) {
                    Some(Name::Tile(t)) => members.push(*t),
                    Some(Name::Set(s)) => {
                        // past the limit, stop copying (the error is reported below)
                        over |= self.members + members.len() + s.len() > MAX_SET_MEMBERS;
                        if !over {
                            members.extend_from_slice(s)
                        }
                    }
                    None => self.unknown(&v, true),
                },
            }
        }
        if written == 0 {
            self.err(
                span,
                "an empty set matches no tile: give it at least one tile".into(),
            );
        }
        members.sort_unstable();
        members.dedup();
        if !self.spend(if over { usize::MAX } else { members.len() }, span) {
            return Box::default();
        }
        members.into_boxed_slice()
    }

    /// A search cell: `.` (any), a tile (itself, 0 included), or a set (inline or by name).
    pub(super) fn search_cell(&mut self, p: Node<'_>) -> Cell {
        match p.as_rule() {
            Rule::any_cell => Cell::Any,
            Rule::set_cell => Cell::Set(self.set(p)),
            Rule::int => match self.int(p, 0, 65535) {
                0 => {
                    self.bare_zero(&p, "write `.` for any tile", "match only tile 0");
                    Cell::Any
                }
                t => Cell::Tile(t as u16),
            },
            Rule::glued => {
                self.glued(&p);
                Cell::Any
            }
            _ => match self.names.get(p.as_str()) {
                Some(Name::Tile(t)) => Cell::Tile(*t),
                Some(Name::Set(s)) => {
                    let s = s.clone();
                    if self.spend(s.len(), span_of(&p)) {
                        Cell::Set(s)
                    } else {
                        Cell::Any
                    }
                }
                None => {
                    self.unknown(&p, true);
                    Cell::Any
                }
            },
        }
    }

    /// A replace cell: `.` (`None`: leave the tile) or the tile written (0 included).
    pub(super) fn replace_cell(&mut self, p: Node<'_>) -> Option<u16> {
        match p.as_rule() {
            Rule::any_cell => None,
            Rule::int if p.as_str().parse::<i64>() == Ok(0) => {
                self.bare_zero(&p, "write `.` to leave the tile", "write tile 0");
                None
            }
            _ => Some(self.tile(p)),
        }
    }

    /// The located error for a bare `0` in a grid (see [`BARE_ZERO`]): `dot` says what `.`
    /// does in this grid, `named` what a name for tile 0 does.
    pub(super) fn bare_zero(&mut self, p: &Node<'_>, dot: &str, named: &str) {
        self.err(
            span_of(p),
            format!(
                "{BARE_ZERO}: {dot}, or name tile 0 in `tiles {{ ... }}` \
                 (e.g. `Rock = 0`) and write the name to {named}"
            ),
        );
    }

    /// `1x`: a number glued to a name, one located error (not two cells and a miscount).
    pub(super) fn glued(&mut self, p: &Node<'_>) {
        let t = p.as_str();
        let digits = t.trim_start_matches('-');
        let n = t.len() - digits.len() + digits.chars().take_while(char::is_ascii_digit).count();
        self.err(
            span_of(p),
            format!(
                "`{t}` is neither a tile id nor a name: put a space between `{}` and `{}` if \
                 they are two cells",
                &t[..n],
                &t[n..]
            ),
        );
    }

    pub(super) fn int(&mut self, p: Node<'_>, lo: i64, hi: i64) -> i64 {
        let span = (p.as_span().start(), p.as_span().end());
        match p.as_str().parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => {
                self.err(span, format!("expected a number in {lo}..={hi}"));
                0
            }
        }
    }

    /// A tile id or name (or any integer >= lo in tables). A set here is an error.
    pub(super) fn value(&mut self, p: Node<'_>, lo: i64) -> i64 {
        match p.as_rule() {
            Rule::int => self.int(p, lo, 65535),
            Rule::glued => {
                self.glued(&p);
                0
            }
            Rule::any_cell => 0,
            Rule::set_cell => {
                self.err(
                    span_of(&p),
                    "a set cannot stand here: one tile is needed (sets match only in search \
                     grids and rule heads)"
                        .into(),
                );
                0
            }
            _ => match self.names.get(p.as_str()) {
                Some(Name::Tile(v)) => *v as i64,
                Some(Name::Set(_)) => {
                    self.err(
                        span_of(&p),
                        format!(
                            "`{}` is a set; one tile is needed here (sets match only in search \
                             grids and rule heads)",
                            p.as_str()
                        ),
                    );
                    0
                }
                None => {
                    self.unknown(&p, false);
                    0
                }
            },
        }
    }

    pub(super) fn tile(&mut self, p: Node<'_>) -> u16 {
        self.value(p, 0) as u16
    }
}
