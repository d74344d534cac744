//! The pattern file format (grammar: `pattern.pest`): minisets (search/replace grids),
//! neighbour fix-rule lists and integer tables, parsed into [`PatternFile`].
//!
//! Every error carries the byte span of the text it is about; the loader turns it into a
//! `file:line:col` diagnostic. Tile ids are 0..=65535; `.` in a grid is 0 (any tile in a
//! search grid, "leave unchanged" in a replace grid).
// Undocumented items allowed until the `grid` branch's rewrite of this module lands
// (issue 8): document them then and remove this line.
#![allow(missing_docs)]

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;
use std::collections::HashMap;

use super::parse::Span;

#[derive(Parser)]
#[grammar = "lang/pattern.pest"]
struct PatParser;

/// A search/replace stamp: `width × height` cells, row-major (`y * width + x`).
#[derive(Debug, Clone, PartialEq)]
pub struct Miniset {
    pub width: i32,
    pub height: i32,
    /// 0 = any tile.
    pub search: Vec<u16>,
    /// 0 = leave the tile unchanged.
    pub replace: Vec<u16>,
}

/// One comparison of a fix rule: the tile at `(x + dx, y + dy)` `==`/`!=` `value`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    pub dx: i32,
    pub dy: i32,
    pub equal: bool,
    pub value: u16,
}

/// `heads [unprotected] if tests -> actions`.
#[derive(Debug, Clone, PartialEq)]
pub struct FixRule {
    /// Tiles the scanned cell may hold; empty = any tile.
    pub heads: Vec<u16>,
    /// Skip writing into protected cells.
    pub unprotected: bool,
    pub tests: Vec<Test>,
    /// `(dx, dy, tile)` writes, in order.
    pub actions: Vec<(i32, i32, u16)>,
}

/// What an item holds.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    Table(Vec<i64>),
    Miniset(Miniset),
    Rules(Vec<FixRule>),
}

impl ItemKind {
    /// "a table", "a miniset", "a rule list".
    pub fn describe(&self) -> &'static str {
        match self {
            ItemKind::Table(_) => "a table",
            ItemKind::Miniset(_) => "a miniset",
            ItemKind::Rules(_) => "a rule list",
        }
    }
}

/// A named item of a pattern file.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub name: String,
    pub span: Span,
    pub kind: ItemKind,
}

/// A parsed pattern file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatternFile {
    pub items: Vec<Item>,
}

impl PatternFile {
    /// The item called `name`.
    pub fn get(&self, name: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.name == name)
    }
}

/// A problem in a pattern file: byte span and message.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternError {
    pub span: Span,
    pub message: String,
}

/// Parse a pattern file.
///
/// # Errors
/// Every syntax error (the first one pest finds) or every semantic error (unknown tile
/// name, duplicate item, grid of the wrong size, tile id out of range), with spans.
pub fn parse_patterns(text: &str) -> Result<PatternFile, Vec<PatternError>> {
    let pairs = PatParser::parse(Rule::file, text).map_err(|e| vec![syntax_error(e)])?;
    let mut p = Builder {
        names: HashMap::new(),
        errors: Vec::new(),
    };
    let mut out = PatternFile::default();
    for item in pairs.into_iter().next().expect("file").into_inner() {
        let span = (item.as_span().start(), item.as_span().end());
        let which = item.as_rule();
        let mut inner = item.into_inner();
        let kind = match which {
            Rule::tiles => {
                for d in inner {
                    let mut it = d.into_inner();
                    let name = it.next().expect("name");
                    let v = p.int(it.next().expect("value"), 0, 65535);
                    p.names.insert(name.as_str().to_string(), v as u16);
                }
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
                    _ => unreachable!("grammar"),
                };
                if out.get(&name).is_some() {
                    p.err(nspan, format!("`{name}` is defined twice in this file"));
                }
                (name, kind)
            }
        };
        out.items.push(Item {
            name: kind.0,
            span,
            kind: kind.1,
        });
    }
    if p.errors.is_empty() {
        Ok(out)
    } else {
        Err(p.errors)
    }
}

fn friendly(r: &Rule) -> String {
    match r {
        Rule::EOI => "end of file",
        Rule::file | Rule::tiles | Rule::table | Rule::miniset | Rule::rules => {
            "an item (`tiles`, `table`, `miniset` or `rules`)"
        }
        Rule::tile_def => "a tile name definition `Name = 13`",
        Rule::size => "a size `WxH`",
        Rule::grid | Rule::row_end | Rule::any_cell => "a grid cell (tile id, name or `.`)",
        Rule::rule | Rule::heads | Rule::any_tile => "a rule `tile if (dx,dy) == t -> (dx,dy) = t`",
        Rule::unprotected => "`unprotected`",
        Rule::test => "a test `(dx,dy) == tile`",
        Rule::cmp => "`==` or `!=`",
        Rule::action => "a write `(dx,dy) = tile`",
        Rule::offset => "an offset `(dx,dy)`",
        Rule::name_ref | Rule::int => "a tile id or name",
        Rule::ident => "a name",
        other => return format!("{other:?}"),
    }
    .to_string()
}

fn syntax_error(e: pest::error::Error<Rule>) -> PatternError {
    let span = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p + 1),
        pest::error::InputLocation::Span(s) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut v: Vec<String> = positives.iter().map(friendly).collect();
            v.dedup();
            format!("expected {}", v.join(" or "))
        }
        _ => "syntax error".to_string(),
    };
    PatternError { span, message }
}

struct Builder {
    names: HashMap<String, u16>,
    errors: Vec<PatternError>,
}

impl Builder {
    fn err(&mut self, span: Span, message: String) {
        self.errors.push(PatternError { span, message });
    }

    fn int(&mut self, p: Pair<Rule>, lo: i64, hi: i64) -> i64 {
        let span = (p.as_span().start(), p.as_span().end());
        match p.as_str().parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => {
                self.err(span, format!("expected a number in {lo}..={hi}"));
                0
            }
        }
    }

    /// A tile id or name (or any integer >= lo in tables).
    fn value(&mut self, p: Pair<Rule>, lo: i64) -> i64 {
        match p.as_rule() {
            Rule::int => self.int(p, lo, 65535),
            Rule::any_cell => 0,
            _ => {
                let span = (p.as_span().start(), p.as_span().end());
                match self.names.get(p.as_str()) {
                    Some(&v) => v as i64,
                    None => {
                        let msg =
                            match super::nearest(p.as_str(), self.names.keys().map(|k| k.as_str()))
                            {
                                Some(n) => {
                                    format!(
                                        "unknown tile name `{}`; did you mean `{n}`?",
                                        p.as_str()
                                    )
                                }
                                None => format!(
                                "unknown tile name `{}` (define it in a `tiles {{ }}` block first)",
                                p.as_str()
                            ),
                            };
                        self.err(span, msg);
                        0
                    }
                }
            }
        }
    }

    fn tile(&mut self, p: Pair<Rule>) -> u16 {
        self.value(p, 0) as u16
    }

    fn miniset(&mut self, mut inner: pest::iterators::Pairs<Rule>) -> ItemKind {
        let size = inner.next().expect("size");
        let mut s = size.into_inner();
        let w = self.int(s.next().expect("w"), 1, 64) as i32;
        let h = self.int(s.next().expect("h"), 1, 64) as i32;
        let search = self.grid(inner.next().expect("search"), w, h);
        let replace = self.grid(inner.next().expect("replace"), w, h);
        ItemKind::Miniset(Miniset {
            width: w,
            height: h,
            search,
            replace,
        })
    }

    fn grid(&mut self, g: Pair<Rule>, w: i32, h: i32) -> Vec<u16> {
        let span = (g.as_span().start(), g.as_span().end());
        let mut cells = Vec::new();
        let mut row_len = 0;
        let mut used_bars = false;
        for c in g.into_inner() {
            if c.as_rule() == Rule::row_end {
                used_bars = true;
                if row_len != w {
                    let sp = (c.as_span().start(), c.as_span().end());
                    self.err(
                        sp,
                        format!("this row has {row_len} cells; the miniset is {w} wide"),
                    );
                }
                row_len = 0;
                continue;
            }
            row_len += 1;
            cells.push(self.tile(c));
        }
        if used_bars && row_len != 0 && row_len != w {
            self.err(
                span,
                format!("the last row has {row_len} cells; the miniset is {w} wide"),
            );
        }
        if cells.len() != (w * h) as usize {
            self.err(
                span,
                format!("expected {} cells ({w}x{h}), found {}", w * h, cells.len()),
            );
            cells.resize((w * h) as usize, 0);
        }
        cells
    }

    fn offset(&mut self, p: Pair<Rule>) -> (i32, i32) {
        let mut it = p.into_inner();
        let dx = self.int(it.next().expect("dx"), -64, 64) as i32;
        let dy = self.int(it.next().expect("dy"), -64, 64) as i32;
        (dx, dy)
    }

    fn rule(&mut self, r: Pair<Rule>) -> FixRule {
        let mut out = FixRule {
            heads: Vec::new(),
            unprotected: false,
            tests: Vec::new(),
            actions: Vec::new(),
        };
        for part in r.into_inner() {
            match part.as_rule() {
                Rule::heads => {
                    for h in part.into_inner() {
                        if h.as_rule() != Rule::any_tile {
                            let t = self.tile(h);
                            out.heads.push(t);
                        }
                    }
                }
                Rule::unprotected => out.unprotected = true,
                Rule::test => {
                    let mut it = part.into_inner();
                    let (dx, dy) = self.offset(it.next().expect("offset"));
                    let equal = it.next().expect("cmp").as_str() == "==";
                    let value = self.tile(it.next().expect("value"));
                    out.tests.push(Test {
                        dx,
                        dy,
                        equal,
                        value,
                    });
                }
                Rule::action => {
                    let mut it = part.into_inner();
                    let (dx, dy) = self.offset(it.next().expect("offset"));
                    let value = self.tile(it.next().expect("value"));
                    out.actions.push((dx, dy, value));
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, String) {
        let e = parse_patterns(text).unwrap_err();
        (e[0].span.0, e[0].message.clone())
    }

    #[test]
    fn parses_every_item_kind() {
        let f = parse_patterns(
            "// c\ntiles { Floor = 13 Dirt = 22 }\ntable t { 1 -2 Floor }\n\
             miniset m 2x2 { search Floor . | 13 13 replace 129 . 130 128 }\n\
             rules r { 2 if (1,0) == Dirt -> (1,0) = 23\n * unprotected -> (0,0) = 1, (1,1) = 2\n\
             29|32 if (-1,0) != 139 -> (-1,0) = 141 }",
        )
        .unwrap();
        assert_eq!(f.get("t").unwrap().kind, ItemKind::Table(vec![1, -2, 13]));
        let ItemKind::Miniset(m) = &f.get("m").unwrap().kind else {
            panic!()
        };
        assert_eq!((m.width, m.height), (2, 2));
        assert_eq!(m.search, vec![13, 0, 13, 13]);
        assert_eq!(m.replace, vec![129, 0, 130, 128]);
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].heads, vec![2]);
        assert_eq!(
            r[0].tests,
            vec![Test {
                dx: 1,
                dy: 0,
                equal: true,
                value: 22
            }]
        );
        assert_eq!(r[0].actions, vec![(1, 0, 23)]);
        assert!(r[1].heads.is_empty() && r[1].unprotected && r[1].actions.len() == 2);
        assert_eq!(r[2].heads, vec![29, 32]);
        assert!(!r[2].tests[0].equal);
    }

    #[test]
    fn syntax_errors_point_at_the_spot() {
        let (at, msg) = err("table t { 1 2 }\nrules r { 2 if (1,0) = 3 -> (0,0) = 1 }");
        assert_eq!(at, 37, "{msg}");
        assert!(msg.contains("`==` or `!=`"), "{msg}");
        let (at, msg) = err("wibble x { }");
        assert_eq!(at, 0);
        assert!(msg.contains("an item"), "{msg}");
    }

    #[test]
    fn semantic_errors_are_all_reported() {
        let e = parse_patterns(
            "tiles { Floor = 13 }\nminiset m 2x2 { search 1 2 3 | 4 replace . . . . }\n\
             table t { Flor 70000 }\ntable t { }",
        )
        .unwrap_err();
        let msgs: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert!(
            msgs.iter().any(|m| m.contains("row has 3 cells")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter().any(|m| m.contains("did you mean `Floor`")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("0..=65535") || m.contains("-65535..=65535")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.contains("defined twice")), "{msgs:?}");
    }
}
